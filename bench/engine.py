"""Engine speed: full random 4-player games per second on one core.

    python bench/engine.py [--games 300]

Two figures: the playout path (apply(..., inplace=True, trusted=True) with actions straight from
legal_actions: what simulations and AI search use) and the checked path (apply() validating the
action and copying the state: what the bot uses for each click)."""

import argparse
import os
import sys
import time

sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.abspath(__file__))))

import engine  # noqa: E402
from engine import rng  # noqa: E402


def play(seed: int, checked: bool) -> int:
    s, _ = engine.new_game({"players": 4}, seed)
    pick = {"rng": rng.seed_state(seed + 1000)}
    n = 0
    while s["stage"] != "over":
        acts = engine.legal_actions(s)
        a = acts[rng.below(pick, len(acts))]
        if checked:
            s = engine.apply(s, a).state
        else:
            engine.apply(s, a, inplace=True, trusted=True)
        n += 1
    return n


def measure(games: int, checked: bool) -> tuple[float, float]:
    t = time.perf_counter()
    actions = sum(play(i, checked) for i in range(games))
    dt = time.perf_counter() - t
    return games / dt, actions / dt


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--games", type=int, default=300)
    args = ap.parse_args()
    play(0, False)  # warm caches
    g, a = measure(args.games, False)
    print(f"playout path: {g:.0f} games/s, {a:.0f} actions/s (4 players, {args.games} games)")
    g, a = measure(max(20, args.games // 5), True)
    print(f"checked path: {g:.0f} games/s, {a:.0f} actions/s (validated, copy-on-apply)")


if __name__ == "__main__":
    main()
