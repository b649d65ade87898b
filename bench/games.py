"""Every installed game's engine: random games per second on one core, pure Python and compiled.

    python bench/games.py [--seconds 2] [--rounds 3] [--game KEY]

For each game of the registry, at its most seats: whole games of random legal choices through the
protocol (rules.new_game, legal_actions, apply: validated, copy-on-apply, events: what the bot does
for each click), and, where the rules package has a playout step (advance: in place, unchecked, no
events, what AI search uses), on that too. Each build (engine/native.py: ENGINE_BUILD=pure, and
compiled when scripts/compile_engine.py has made one for these sources) is timed in a process of its
own, the builds in turn, round after round (each goes first in turn), and the median of the rounds
is printed with the ratio of the paired rounds."""

import argparse
import json
import os
import statistics
import subprocess
import sys
import time

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
sys.path.insert(0, ROOT)

from engine import native, registry, rng  # noqa: E402

PLAYOUT = ("new_game", "legal_actions", "advance", "is_over")


def _config(game) -> dict:
    options = {o.key: o.default for o in game.options}
    return game.rules.config(options, [f"Player {i + 1}" for i in range(game.players[1])])


def _protocol_game(rules, config: dict, seed: int) -> int:
    state, _ = rules.new_game(config, seed)
    pick: rng.Rng = {"rng": rng.seed_state(seed + 1000)}
    n = 0
    while not rules.is_over(state):
        acts = rules.legal_actions(state)
        state = rules.apply(state, acts[rng.below(pick, len(acts))].id).state
        n += 1
    return n


def _playout_game(package, config: dict, seed: int) -> int:
    state, _ = package.new_game(config, seed)
    pick: rng.Rng = {"rng": rng.seed_state(seed + 1000)}
    advance, legal, over = package.advance, package.legal_actions, package.is_over
    n = 0
    while not over(state):
        acts = legal(state)
        advance(state, acts[rng.below(pick, len(acts))])
        n += 1
    return n


def _timed(play, seconds: float) -> float:
    for seed in range(2):  # (caches warm)
        play(10_000 + seed)
    t, games = time.perf_counter(), 0
    while (dt := time.perf_counter() - t) < seconds or games < 3:
        play(games)
        games += 1
    return games / dt


def child(key: str, seconds: float) -> None:
    """One build's figures for one game, as JSON: {path: games/s}."""
    game = registry.game(key)
    config = _config(game)
    home = type(game.rules).__module__.rpartition(".")[0]
    out = {"protocol": _timed(lambda seed: _protocol_game(game.rules, config, seed), seconds)}
    for name in sorted(native.PACKAGES):
        package = sys.modules[name]
        if name.startswith(home + ".") and all(hasattr(package, f) for f in PLAYOUT):
            out["playout"] = _timed(lambda seed, package=package: _playout_game(package, config, seed), seconds)
    out["compiled"] = sorted(p for p in native.ACTIVE if p.startswith(home + "."))
    print(json.dumps(out))


def _run(build: str, key: str, seconds: float) -> dict:
    # "auto" for the compiled run: this game's build is there (_built), another game's may not be
    env = {**os.environ, native.ENV: "auto" if build == "compiled" else build}
    got = subprocess.run([sys.executable, __file__, "--child", key, "--seconds", str(seconds)], env=env,
                         check=True, capture_output=True, text=True)
    return json.loads(got.stdout)


def _built(key: str) -> bool:
    home = type(registry.game(key).rules).__module__.rpartition(".")[0]
    mine = [p for p in native.PACKAGES if p.startswith(home + ".")]
    return bool(mine) and all(os.path.isfile(os.path.join(native.build_dir(p, native.PACKAGES[p][0]), "built"))
                              for p in mine)


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--seconds", type=float, default=2.0, help="timed per game, build, path and round")
    ap.add_argument("--rounds", type=int, default=3)
    ap.add_argument("--game", help="one game's key (default: every installed game)")
    ap.add_argument("--child", help=argparse.SUPPRESS)
    args = ap.parse_args()
    if args.child:
        child(args.child, args.seconds)
        return
    keys = [args.game] if args.game else [g.key for g in registry.games()]
    print(f"random legal choices, the most seats of each game; median of {args.rounds} rounds of "
          f"{args.seconds:g} s per build and path")
    for key in keys:
        game = registry.game(key)
        builds = ["pure", "compiled"] if _built(key) else ["pure"]
        runs: dict[str, list[dict]] = {b: [] for b in builds}
        for r in range(args.rounds):
            for b in builds if r % 2 == 0 else builds[::-1]:
                runs[b].append(_run(b, key, args.seconds))
        print(f"{game.name} ({game.players[1]} players)"
              + ("" if len(builds) > 1 else ": no compiled build for these sources (scripts/compile_engine.py)"))
        for path in ("playout", "protocol"):
            if path not in runs["pure"][0]:
                continue
            line = "  " + f"{path} path:".ljust(16) + ", ".join(
                f"{b} {statistics.median(r[path] for r in runs[b]):.0f} games/s" for b in builds)
            if len(builds) > 1:
                ratios = [c[path] / p[path] for c, p in zip(runs["compiled"], runs["pure"], strict=True)]
                line += f"; compiled {statistics.median(ratios):.2f}x as fast (min {min(ratios):.2f}, " \
                        f"max {max(ratios):.2f})"
            print(line)


if __name__ == "__main__":
    main()
