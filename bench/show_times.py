"""What a game costs the bot per click and per picture: every installed game's panel, decisions and
pictures timed on random games (a complete game's bar: a panel or a decision built in about 20 ms, each
picture drawn in about 50 ms).

    .venv/bin/python bench/show_times.py [--games 2] [--every 3] [--game KEY]

For each game, --games random games at its most seats (the conformance suite's games: its option sets in
turn), every --every-th step: the public panel and each deciding seat's decision (engine/views.py, what the
render worker builds for the courier), and the pictures those messages carry; after each chapter the round
picture and one seat's table; at the end the results and the scoring pictures. Figures are each call's CPU
time on this thread (time.thread_time: other processes on the machine do not inflate it much), median, p90
and max in ms, with how many calls; the first call of each kind is left out (it fills the caches: fonts,
icons, static layers). Prints "ok" or "over" per line against the targets. Not a test: the figures depend on
the machine."""

import argparse
import os
import statistics
import sys
import time
from collections import defaultdict
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
os.environ.setdefault("ENGINE_BUILD", "auto")  # as the bot runs: the compiled rules when there are
sys.path[:0] = [str(ROOT), str(ROOT / "tests"), str(ROOT / "bench")]

from conformance.games import specs, table_for, walk  # noqa: E402
from figures import pct  # noqa: E402

from engine import chapters, registry, views  # noqa: E402
from render import named  # noqa: E402

TARGET_MS = {"panel": 20.0, "decision": 20.0, "picture": 50.0}


def timed(out: dict, kind: str, fn, *args):
    t = time.thread_time()
    value = fn(*args)
    out[kind].append((time.thread_time() - t) * 1000)
    return value


def measure(game, n_games: int, every: int) -> dict[str, list[float]]:
    times: dict[str, list[float]] = defaultdict(list)
    high = game.players[1]
    chosen = [s for s in specs(game) if s.players == high][:n_games] or specs(game)[:n_games]
    for spec in chosen:
        table = table_for(spec.players)
        state = None
        chapter = 0
        for step in walk(game, spec):
            state = step.after
            if step.index % every == 0:
                s = step.before
                shown = [timed(times, "panel", views.panel, game, table, s)]
                for seat in game.rules.deciders(s):
                    shown.append(timed(times, "decision", views.decision, game, table, s, seat))
                for msg in shown:
                    if msg is not None and msg.picture is not None:
                        timed(times, f"picture: {msg.picture.name}", named.draw, game.pictures,
                              msg.picture.name, *msg.picture.args)
            if chapters.crossing(game.show, step.events):
                chapter += 1
                timed(times, "picture: round", named.draw, game.pictures, "round",
                      *views.round_args(game, state, ["Who did what."]))
                timed(times, "picture: table", named.draw, game.pictures, "table",
                      *views.table_args(game, state, chapter % spec.players))
        assert state is not None
        timed(times, "picture: results", named.draw, game.pictures, "results", *views.results_args(game, state))
        if "scoring" in named.OPTIONAL:  # (the scoring phase's pictures, where a game draws them)
            t = time.thread_time()
            pngs = named.draw(game.pictures, "scoring", *views.results_args(game, state))
            if pngs:  # (each of the list's pictures: the bar is a picture's)
                times["picture: scoring (each)"].append((time.thread_time() - t) * 1000 / len(pngs))
    return times


def line(kind: str, xs: list[float]) -> str:
    xs = xs[1:] or xs  # (the first call fills the caches)
    target = TARGET_MS["picture" if kind.startswith("picture") else kind]
    verdict = "ok" if statistics.median(xs) <= target else "over"
    return (f"  {kind:<32} {len(xs):5d} calls | median {statistics.median(xs):7.1f} p90 {pct(xs, 90):7.1f} max "
            f"{max(xs):7.1f} ms | target {target:.0f} ms: {verdict}")


def main() -> None:
    p = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    p.add_argument("--games", type=int, default=2)
    p.add_argument("--every", type=int, default=3, help="time the messages of every n-th step")
    p.add_argument("--game", help="one game's key")
    args = p.parse_args()
    every_game = [g for g in registry.games() if args.game in (None, g.key)]
    if not every_game:
        raise SystemExit(f"no installed game {args.game!r}: {', '.join(g.key for g in registry.games())}")
    print(f"Panels, decisions and pictures, CPU ms per call ({args.games} random games per game at its most seats, "
          f"every {args.every}th step's messages; targets: panel/decision {TARGET_MS['panel']:.0f} ms, picture "
          f"{TARGET_MS['picture']:.0f} ms, by the median)")
    for game in every_game:
        t = time.perf_counter()
        times = measure(game, args.games, args.every)
        print(f"{game.key} ({time.perf_counter() - t:.0f} s)")
        for kind in sorted(times, key=lambda k: (k.startswith("picture"), k)):
            print(line(kind, times[kind]))


if __name__ == "__main__":
    main()
