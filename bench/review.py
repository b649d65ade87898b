"""The coach's figures: how long a review takes, and whether its accuracy tells players apart.

    .venv/bin/python bench/review.py                 # 24 games, 3 players: hard, easy, random (seats rotate)
    .venv/bin/python bench/review.py --games 6 --jobs 2 --hard-budget 60

Prints the CPU time of one player's review in a 4-player game (target: <= 60 s of one worker's CPU at the
default budget, review.ROUNDS) and the mean accuracy and VP lost per decision the review gives each AI level
(they must come out hard > easy > random, with clear gaps: hard >= 85 %, random <= 50 %)."""

import argparse
import os
import statistics
import sys
import time
from multiprocessing import Pool

sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.abspath(__file__))))

import games.pioneer_days.rules as engine  # noqa: E402
from games.pioneer_days import ai  # noqa: E402
from games.pioneer_days.ai import review  # noqa: E402

LEVELS = ("hard", "easy", "random")


def play(levels: list[str], seed: int, hard_budget: int) -> tuple[dict, list[str]]:
    config = {"players": len(levels), "sets": "AB", "pioneers": "standard", "names": list(levels)}
    s, _ = engine.new_game(config, seed)
    actions = []
    while s["stage"] != "over":
        seat = engine.deciders(s)[0]
        a = ai.choose(s, seat, levels[seat], seed=seed, budget=hard_budget)
        actions.append(a.id)
        engine.apply(s, a, inplace=True)
    return config, actions


def accuracy_game(args) -> list[tuple[str, float, float, int, float]]:
    """One game of hard, easy and random (seats rotated by the seed); every seat reviewed."""
    seed, hard_budget, rounds = args
    k = seed % 3
    levels = list(LEVELS[k:] + LEVELS[:k])
    config, actions = play(levels, seed, hard_budget)
    out = []
    for seat, level in enumerate(levels):
        t = time.process_time()
        r = review.review(config, seed, actions, seat, rounds)
        out.append((level, r["accuracy"], r["mean_loss"], r["count"], time.process_time() - t))
    return out


def timing_game(args) -> list[tuple[int, float]]:
    """A 4-player game (hard, easy, easy, random): each seat's review, (decisions, CPU seconds)."""
    seed, hard_budget, rounds = args
    config, actions = play(["hard", "easy", "easy", "random"], seed, hard_budget)
    out = []
    for seat in range(4):
        t = time.process_time()
        r = review.review(config, seed, actions, seat, rounds)
        out.append((r["count"], time.process_time() - t))
    return out


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--games", type=int, default=24, help="games for the accuracy figures (default 24)")
    ap.add_argument("--timing-games", type=int, default=2, help="4-player games timed (default 2)")
    ap.add_argument("--jobs", type=int, default=os.cpu_count() or 1)
    ap.add_argument("--hard-budget", type=int, default=60, help="rollouts of the hard players (default 60)")
    ap.add_argument("--rounds", type=int, default=review.ROUNDS, help="samples per decision (default: the bot's)")
    a = ap.parse_args()
    print(f"review: margin {review.MARGIN_VP} VP, {a.rounds} samples per decision; "
          f"{a.jobs} processes, load {os.getloadavg()[0]:.1f}")
    with Pool(a.jobs) as pool:
        timed = [x for g in pool.map(timing_game, [(1000 + i, a.hard_budget, a.rounds) for i in range(a.timing_games)])
                 for x in g]
        cpu = [t for _, t in timed]
        per = [t / n for n, t in timed if n]
        print(f"one player's review of a 4-player game: median {statistics.median(cpu):.1f} s CPU, "
              f"max {max(cpu):.1f} s (target <= 60 s); {statistics.median(n for n, _ in timed):.0f} decisions, "
              f"{1000 * statistics.median(per):.0f} ms each")
        jobs = [(i, a.hard_budget, a.rounds) for i in range(1, a.games + 1)]
        rows = [x for g in pool.map(accuracy_game, jobs) for x in g]
    print(f"accuracy over {a.games} 3-player games (hard at {a.hard_budget} rollouts):")
    for level in LEVELS:
        mine = [r for r in rows if r[0] == level]
        acc = [r[1] for r in mine]
        print(f"  {level:6s} accuracy mean {100 * statistics.mean(acc):5.1f} % (min {100 * min(acc):.0f}, "
              f"max {100 * max(acc):.0f}); VP lost per decision {statistics.mean(r[2] for r in mine):.2f}; "
              f"{statistics.mean(r[3] for r in mine):.0f} decisions")
    means = {lv: statistics.mean(r[1] for r in rows if r[0] == lv) for lv in LEVELS}
    ok = means["hard"] > means["easy"] > means["random"] and means["hard"] >= 0.85 and means["random"] <= 0.5
    print("order hard > easy > random with hard >= 85 % and random <= 50 %:", "yes" if ok else "NO")


if __name__ == "__main__":
    main()
