"""Pyramid Poker's AIs, strength and speed: seeded two-player games, one level against another.

    python bench/pyramid_poker_ai.py [--games 200] [--advanced] [--blocks blind|open] [--budget 240]
                                     [--workers 2] [--seed 1] [--only hard-easy,easy-random]
                                     [--timing 2] [--timing-only]

Pairings: hard vs easy, hard vs random, easy vs random. Each deal is played twice, the seats swapped
(game g: the first level sits in seat g % 2, the deal is seed + g // 2). A game counts as a win of the
first level when it alone wins (a draw, a shared result, is counted apart); the win rate comes with a
95 % Wilson interval, with the mean hands won per game of each side. --advanced plays the same
pairings again as "to7" matches (advanced scoring, to 7 points; a "game" is then a match and the hands
are those won over the match). --budget is hard's budget (the bot's: 240 rollouts; an integer =
rollouts, with a dot = seconds). Decision times (only decisions with a choice) are measured inside the
games (--workers processes share the machine) and, for hard, alone on one core over --timing games
(every decision of hard against easy), at the budget."""

import argparse
import os
import statistics
import sys
import time
from multiprocessing import Pool

sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.abspath(__file__))))

from bench.ai import wilson  # noqa: E402  (one home for the interval)
from games.pyramid_poker.ai import choose  # noqa: E402
from games.pyramid_poker.play import RULES  # noqa: E402

BOT_BUDGET = 240  # the bot's hard budget (app/settings.py ai_hard_budget: rollouts per decision)
TARGET_MS = 1000  # hard's median decision time at the bot's budget
PAIRINGS = {"hard-easy": ("hard", "easy"), "hard-random": ("hard", "random"), "easy-random": ("easy", "random")}


def play(job: tuple) -> tuple:
    """One game (or match): (result of the first level: "win" | "draw" | "loss", its hands, the other's
    hands, {level: [decision seconds]})."""
    first, other, g, seed, match, blocks, budget = job
    me = g % 2
    levels = [other, other]
    levels[me] = first
    config = RULES.config({"blocks": blocks, "match": match}, ["A", "B"])
    s, _ = RULES.new_game(config, seed + g // 2)
    times: dict[str, list[float]] = {first: [], other: []}
    while not RULES.is_over(s):
        seat = RULES.deciders(s)[0]
        level = levels[seat]
        choice = len(RULES.legal_actions(s, seat)) > 1
        t = time.perf_counter()
        a = choose(s, seat, level, seed * 7 + g, budget if level == "hard" else None)
        if choice:
            times[level].append(time.perf_counter() - t)
        r = RULES.apply(s, a.id)
        assert r.ok, (a.id, r)
        s = r.state
    res = RULES.results(s)
    mine, theirs = res[me], res[1 - me]
    result = "draw" if mine.winner and theirs.winner else "win" if mine.winner else "loss"
    return result, mine.scores["hands"], theirs.scores["hands"], times


def summary(xs: list[float]) -> str:
    if not xs:
        return "-"
    xs = sorted(xs)
    p90 = xs[min(len(xs) - 1, int(0.9 * len(xs)))]
    return (f"median {statistics.median(xs) * 1000:7.1f} ms  p90 {p90 * 1000:7.1f} ms"
            f"  max {xs[-1] * 1000:7.1f} ms  (n={len(xs)})")


def run_pairing(name: str, args, match: str, pool) -> dict:
    first, other = PAIRINGS[name]
    jobs = [(first, other, g, args.seed * 100_000, match, args.blocks, args.budget) for g in range(args.games)]
    t0 = time.perf_counter()
    out = pool.map(play, jobs, chunksize=1) if pool else [play(j) for j in jobs]
    wins = sum(1 for r in out if r[0] == "win")
    draws = sum(1 for r in out if r[0] == "draw")
    losses = len(out) - wins - draws
    n = len(out)
    lo, hi = wilson(wins, n)
    times: dict[str, list[float]] = {}
    for r in out:
        for lv, ts in r[3].items():
            times.setdefault(lv, []).extend(ts)
    print(f"{name} [{match}, {args.blocks}]: {first} won {wins} of {n} = {100 * wins / n:.1f} % "
          f"(95 % CI {100 * lo:.1f}-{100 * hi:.1f} %), draws {draws}, lost {losses}; "
          f"score (draw = 1/2) {100 * (wins + draws / 2) / n:.1f} %")
    per = "match" if match != "basic" else "game"
    print(f"    hands won per {per}: {first} {statistics.mean(r[1] for r in out):.2f}, "
          f"{other} {statistics.mean(r[2] for r in out):.2f}   ({time.perf_counter() - t0:.0f} s)")
    for lv in (first, other):
        print(f"    {lv:6} decisions: {summary(times.get(lv, []))}")
    sys.stdout.flush()
    return {"wins": wins, "draws": draws, "n": n, "times": times}


def timing(args) -> None:
    """hard's decision times alone on one core (every decision of hard against easy) at the budget, and easy's."""
    ts: list[float] = []
    by_stage: dict[str, list[float]] = {}
    easy: list[float] = []
    for g in range(args.timing):
        config = RULES.config({"blocks": args.blocks, "match": "basic"}, ["A", "B"])
        s, _ = RULES.new_game(config, 999 + g)
        while not RULES.is_over(s):
            seat = RULES.deciders(s)[0]
            level = "hard" if seat == g % 2 else "easy"
            choice = len(RULES.legal_actions(s, seat)) > 1
            t = time.perf_counter()
            a = choose(s, seat, level, g, args.budget if level == "hard" else None)
            dt = time.perf_counter() - t
            if choice:
                (ts if level == "hard" else easy).append(dt)
                if level == "hard":
                    by_stage.setdefault(s["stage"], []).append(dt)
            s = RULES.apply(s, a.id).state  # type: ignore[union-attr]
    med = statistics.median(ts) * 1000 if ts else float("nan")
    print(f"hard alone at budget {args.budget}: {summary(ts)}  target median <= {TARGET_MS} ms: "
          f"{'ok' if med <= TARGET_MS else 'MISSED'}")
    for st, xs in by_stage.items():
        print(f"    {st:5}: {summary(xs)}")
    print(f"easy alone: {summary(easy)}")
    sys.stdout.flush()


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--games", type=int, default=200)
    ap.add_argument("--advanced", action="store_true", help="also play the pairings as to7 matches")
    ap.add_argument("--blocks", default="blind", choices=("blind", "open"))
    ap.add_argument("--budget", default=str(BOT_BUDGET))
    ap.add_argument("--workers", type=int, default=2)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--only", default=",".join(PAIRINGS))
    ap.add_argument("--timing", type=int, default=2, help="games of hard alone for its decision times")
    ap.add_argument("--timing-only", action="store_true")
    args = ap.parse_args()
    args.budget = float(args.budget) if "." in args.budget else int(args.budget)
    print(f"Pyramid Poker AI bench: {args.games} games per pairing, blocks {args.blocks}, hard budget {args.budget}, "
          f"{args.workers} workers, seed {args.seed}")
    if args.timing:
        timing(args)
    if args.timing_only:
        return
    matches = ["basic"] + (["to7"] if args.advanced else [])
    pool = Pool(args.workers) if args.workers > 1 else None
    try:
        for match in matches:
            for name in args.only.split(","):
                run_pairing(name.strip(), args, match, pool)
    finally:
        if pool:
            pool.close()


if __name__ == "__main__":
    main()
