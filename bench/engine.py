"""Engine speed: full random 4-player games per second on one core.

    python bench/engine.py [--games 300] [--rounds 5] [--vs DIR]

Two figures: the playout path (advance(): in place, unchecked, no events, with actions straight
from legal_actions: what simulations and AI search use) and the checked path (apply() validating
the action, copying the state and making the events: what the bot does for each click), in games/s
and in microseconds per click, timed as the process's CPU time (time.process_time: on a shared machine the
time spent waiting for a core is not counted; alone on a core it is the wall time). Each is the median of
--rounds runs. The random players' picks are the numbers of rng.below() per pick, drawn more cheaply (with a
compiled build by its dice.Draws on machine words, else in blocks: BLOCK, below): the same games, with less of
the harness's own time in the figure. What start-up made (content, Action tables, modules) is frozen out of
the garbage collector's sight after the warm-up, as bot.py does (keep_start_up_objects).

Builds, all timed in one process, in turn, round after round, on the same games (the machine's
speed drifts less between two runs next to each other than between two commands), with the ratios:
- the compiled build (engine/native.py), when scripts/compile_engine.py has made one for these
  sources, and the pure Python modules beside it (ENGINE_BUILD=pure: the pure ones alone);
- --vs DIR: another version of the rules, DIR/games/pioneer_days/rules (or DIR/engine, where the
  rules were before), for instance `git archive <commit> games/pioneer_days/rules | tar -x -C DIR`."""

import argparse
import gc
import importlib.util
import os
import statistics
import sys
import time

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
sys.path.insert(0, ROOT)

os.environ.setdefault("ENGINE_BUILD", "auto")  # (the compiled build when there is one: engine/native.py)
import games.pioneer_days.rules as engine  # noqa: E402
from engine import native  # noqa: E402
from games.pioneer_days.rules import dice  # noqa: E402

TARGET = 1500  # random 4-player games/s on one core, compiled (issue 43; issue 31 asked 1,000, issue 14 300)


def load(folder: str, name: str):
    """The rules package in `folder` (its pure Python modules), imported under another name."""
    init = os.path.join(folder, "__init__.py")
    spec = importlib.util.spec_from_file_location(name, init, submodule_search_locations=[folder])
    mod = importlib.util.module_from_spec(spec)
    sys.modules[name] = mod
    spec.loader.exec_module(mod)
    return mod


def rules_in(path: str) -> str:
    for sub in (("games", "pioneer_days", "rules"), ("engine",)):
        if os.path.isfile(os.path.join(path, *sub, "__init__.py")):
            return os.path.join(path, *sub)
    raise SystemExit(f"--vs {path}: no games/pioneer_days/rules/ nor engine/ there")


# The random players' picks: the draws below(pick, len(actions)) would give, drawn BLOCK at a time
# with this engine's generator (rng.draws), for every engine timed: the same games as one below()
# per pick, for about half its cost (one below() was about a tenth of a playout step's instructions,
# and it is the harness's time, not the engine's).
BLOCK = 64
# With a compiled build, the playout path's picks come from its dice.Draws instead (the same numbers as
# rng.below, tests/pioneer_days/test_dice.py, so the same games again): one native call on machine words per
# pick, where a draw scaled in Python, (out * n) >> 64, multiplies and shifts ints of three and four digits
# (with the block's draws on big ints, about 7 % of a compiled game's instructions). The same picks for every
# engine timed in the process.
COMPILED_PICKS = dice.COMPILED[0]


def play(eng, seed: int, checked: bool) -> int:
    draws = engine.rng.draws
    advance = getattr(eng, "advance", None)  # (None: an engine from before advance(), whose playout
    apply = eng.apply                        # step was apply(..., inplace=True, trusted=True))
    legal = eng.legal_actions
    s, _ = eng.new_game({"players": 4}, seed)
    n = 0
    if advance is not None and not checked and COMPILED_PICKS:  # the playout path: the loop at its plainest
        below = dice.Draws(engine.rng.seed_state(seed + 1000)).below  # (the harness's time counts in the figure)
        while s["stage"] != "over":
            acts = legal(s)
            advance(s, acts[below(len(acts))])
            n += 1
        return n
    pick = {"rng": engine.rng.seed_state(seed + 1000)}
    outs, i = draws(pick, BLOCK), 0
    if advance is not None and not checked:
        while s["stage"] != "over":
            acts = legal(s)
            if i == BLOCK:
                outs, i = draws(pick, BLOCK), 0
            advance(s, acts[(outs[i] * len(acts)) >> 64])
            i += 1
            n += 1
        return n
    while s["stage"] != "over":
        acts = legal(s)
        if i == BLOCK:
            outs, i = draws(pick, BLOCK), 0
        a = acts[(outs[i] * len(acts)) >> 64]
        i += 1
        if checked:
            s = apply(s, a).state
        else:
            apply(s, a, inplace=True, trusted=True)
        n += 1
    return n


def measure(eng, games: int, checked: bool) -> tuple[float, float]:
    """(games/s, actions/s)"""
    t = time.process_time()
    actions = sum(play(eng, i, checked) for i in range(games))
    dt = time.process_time() - t
    return games / dt, actions / dt


def line(name: str, runs: list) -> str:
    g = statistics.median(r[0] for r in runs)
    a = statistics.median(r[1] for r in runs)
    return f"{name}: {g:.0f} games/s, {a:.0f} actions/s = {1e6 / a:.1f} µs per action"


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--games", type=int, default=300)
    ap.add_argument("--rounds", type=int, default=5)
    ap.add_argument("--vs", metavar="DIR", help="A/B against the engine package in DIR/engine")
    args = ap.parse_args()
    if engine.__name__ in native.ACTIVE:
        versions = [("compiled", engine), ("pure", load(os.path.dirname(engine.__file__), "rules_pure"))]
    else:
        versions = [("pure", engine)]
    if args.vs:
        versions.append((f"{args.vs}", load(rules_in(args.vs), "rules_vs")))
    for _, eng in versions:
        play(eng, 0, False)  # warm caches
    gc.collect()  # what start-up made kept out of the collector's sight, as bot.py does (keep_start_up_objects):
    gc.freeze()   # the content, the Action tables and the modules are not scanned again by each full collection
    checked_games = max(20, args.games // 5)
    runs: dict = {(name, c): [] for name, _ in versions for c in (False, True)}
    for r in range(args.rounds):
        for checked in (False, True):
            for name, eng in versions if r % 2 == 0 else versions[::-1]:  # (each goes first in turn)
                runs[name, checked].append(measure(eng, checked_games if checked else args.games, checked))
    print(f"4 players, sets A+B, random legal actions; median of {args.rounds} rounds "
          f"({args.games} games for the playout path, {checked_games} for the checked path)")
    for name, _ in versions:
        print(f"[{name}]")
        print("  " + line("playout path", runs[name, False]))
        print("  " + line("checked path (validated, copy-on-apply: one bot click)", runs[name, True]))
    g = statistics.median(r[0] for r in runs[versions[0][0], False])
    verdict = "met" if g >= TARGET else f"NOT met: {TARGET - g:.0f} games/s ({TARGET / g:.2f}x) short"
    print(f"target ({versions[0][0]}): >= {TARGET} games/s on the playout path: {g:.0f} games/s, {verdict}"
          + ("" if versions[0][0] == "compiled" else " (no compiled build: scripts/compile_engine.py makes one)"))
    for other, _ in versions[1:]:
        for checked, what in ((False, "playout"), (True, "checked")):
            pairs = zip(runs[versions[0][0], checked], runs[other, checked], strict=True)
            ratios = [a[0] / b[0] for a, b in pairs]
            print(f"A/B {what} path: {versions[0][0]} is {statistics.median(ratios):.2f}x as fast as {other} "
                  f"(median of {len(ratios)} paired rounds; min {min(ratios):.2f}, max {max(ratios):.2f})")

if __name__ == "__main__":
    main()
