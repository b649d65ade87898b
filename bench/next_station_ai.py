"""Next Station's AIs, strength and speed: solo scores of random, easy and hard, hard against easy at the
table, and decision times.

    python bench/next_station_ai.py [--games 200] [--budget 240] [--seed 1] [--workers 2] [--map larkhaven]
                                    [--table-games N] [--timing 40] [--only solo|modules|table|timing]

Solo: one player on the map, no modules, then with both (shared objectives and pencil powers); the same
seeds (seed .. seed + games - 1) for every level; each level's mean score with its standard deviation,
min and max (the modules' solo rating would take 20 off). Table: 2- and 4-player games, one hard seat
(rotating with the game number: seat = game % players) against easy ones; hard's share of the wins (a
shared victory counts for each winner) against a fair share of 1 / players, and its mean margin over the
best other seat. Decision times: easy and hard, alone on one core, on the non-trivial decisions of easy
solo games (every decision hard would search: more than one legal action), at the bot's budget (240
rollouts) and at hard's default, against the target (median <= 1 s at the bot's budget).
--budget is hard's budget in the games: an integer = rollouts per decision, a number with a dot or an
's' suffix = seconds (not reproducible). Published figures on the official map, for scale: random 95,
greedy 125, two-card look-ahead 138, MCTS 157."""

import argparse
import os
import statistics
import sys
import time
from multiprocessing import Pool

sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.abspath(__file__))))

from games.next_station import ai  # noqa: E402
from games.next_station.ai import search  # noqa: E402
from games.next_station.rules import engine as ns  # noqa: E402

BOT_ROLLOUTS = 240      # hard's budget in the bot (AI_HARD_BUDGET)
HARD_TARGET_MS = 1000   # hard's median decision time at the bot's budget
LEVELS = ("random", "easy", "hard")


def parse_budget(text: str):
    if text.endswith("s"):
        return float(text[:-1])
    return float(text) if "." in text else int(text)


def play(job: tuple) -> dict:
    """One game: levels by seat; the totals, the winners and the decision times per level."""
    levels, seed, map_key, modules, budget = job
    n = len(levels)
    config = ns.config_of(n, [f"p{i}" for i in range(n)], map_key, modules, modules)
    s, _ = ns.new_game(config, seed)
    times: dict[str, list[float]] = {lv: [] for lv in levels}
    while s["stage"] != "over":
        for seat in ns.deciders(s):
            if s["stage"] == "over" or s["players"][seat]["pending"] is None:
                continue
            level = levels[seat]
            t = time.perf_counter()
            a = ai.choose(s, seat, level, seed=seed * 7 + seat, budget=budget)
            times[level].append(time.perf_counter() - t)
            ns.advance(s, a.id, [])
            s["seq"] += 1
    return {"totals": [r["total"] for r in s["result"]], "winners": [r["seat"] for r in s["result"] if r["winner"]],
            "times": times}


def pct(xs: list[float], q: float) -> float:
    xs = sorted(xs)
    return xs[min(len(xs) - 1, int(q * len(xs)))] * 1000 if xs else float("nan")


def solo(pool, args, budget, modules: bool) -> dict[str, float]:
    label = "both modules (objectives + powers)" if modules else "no modules"
    print(f"\nSolo on {args.map}, {label}: seeds {args.seed}..{args.seed + args.games - 1}, hard at {args.budget}")
    means = {}
    for level in LEVELS:
        t0 = time.perf_counter()
        jobs = [((level,), args.seed + g, args.map, modules, budget) for g in range(args.games)]
        res = pool.map(play, jobs, chunksize=4)
        scores = [r["totals"][0] for r in res]
        means[level] = statistics.mean(scores)
        sd = statistics.pstdev(scores)
        print(f"  {level:6s} mean {means[level]:6.1f}  sd {sd:5.1f}  min {min(scores):3d}  max {max(scores):3d}  "
              f"(± {1.96 * sd / len(scores) ** 0.5:.1f} at 95 %; {len(scores)} games, "
              f"{time.perf_counter() - t0:.0f} s)")
    verdict = "met" if means["hard"] > means["easy"] else "NOT met"
    print(f"  target: hard's mean > easy's mean: {means['hard']:.1f} vs {means['easy']:.1f}: {verdict} "
          f"(+{means['hard'] - means['easy']:.1f})")
    return means


def table(pool, args, budget, players: int) -> None:
    games = args.table_games or args.games
    jobs = []
    for g in range(games):
        levels = ["easy"] * players
        levels[g % players] = "hard"
        jobs.append((tuple(levels), args.seed + g, args.map, False, budget))
    t0 = time.perf_counter()
    res = pool.map(play, jobs, chunksize=2)
    wins = margin = 0.0
    hard_scores, easy_scores = [], []
    for g, r in enumerate(res):
        me = g % players
        wins += me in r["winners"]
        others = [t for i, t in enumerate(r["totals"]) if i != me]
        margin += r["totals"][me] - max(others)
        hard_scores.append(r["totals"][me])
        easy_scores += others
    print(f"  {players} players, 1 hard vs {players - 1} easy, {games} games: hard wins {wins / games:.1%} "
          f"(fair share {1 / players:.0%}), mean margin over the best other {margin / games:+.1f}, "
          f"mean scores hard {statistics.mean(hard_scores):.1f} / easy {statistics.mean(easy_scores):.1f} "
          f"({time.perf_counter() - t0:.0f} s)")


def decision_times(level: str, n: int, seed: int, budget, modules: bool = False) -> list[float]:
    """The level's decision time on n non-trivial decisions of easy solo games (alone on one core)."""
    out: list[float] = []
    g = 0
    while len(out) < n:
        config = ns.config_of(1, ["p0"], "larkhaven", modules, modules)
        s, _ = ns.new_game(config, seed + 5000 + g)
        while s["stage"] != "over" and len(out) < n:
            if len(ns.legal_actions(s, 0)) > 1:
                t = time.perf_counter()
                ai.choose(s, 0, level, seed=seed, budget=budget)
                out.append(time.perf_counter() - t)
            a = ai.choose(s, 0, "easy", seed=seed)
            ns.advance(s, a.id, [])
            s["seq"] += 1
        g += 1
    return out


def timing(args) -> None:
    print(f"\nDecision times, alone on one core, on non-trivial decisions of easy solo games ({os.cpu_count()} cores)")
    ts = decision_times("easy", max(200, args.timing), args.seed, None)
    print(f"  easy: {len(ts)} decisions: median {pct(ts, 0.5):.2f} ms, p90 {pct(ts, 0.9):.2f} ms")
    for budget in (BOT_ROLLOUTS, None):
        ts = decision_times("hard", args.timing, args.seed, budget)
        med = pct(ts, 0.5)
        which = f"the bot's budget ({BOT_ROLLOUTS} rollouts)" if budget == BOT_ROLLOUTS \
            else f"its default ({search.DEFAULT_ROLLOUTS} rollouts)"
        target = ""
        if budget == BOT_ROLLOUTS:
            target = f"; target: median <= {HARD_TARGET_MS} ms: " + ("met" if med <= HARD_TARGET_MS else "NOT met")
        print(f"  hard at {which}: {len(ts)} decisions: median {med:.0f} ms, p90 {pct(ts, 0.9):.0f} ms, "
              f"max {max(ts) * 1000:.0f} ms{target}")
    ts = decision_times("hard", args.timing, args.seed, BOT_ROLLOUTS, modules=True)
    print(f"  hard at the bot's budget, both modules: {len(ts)} decisions: median {pct(ts, 0.5):.0f} ms, "
          f"p90 {pct(ts, 0.9):.0f} ms, max {max(ts) * 1000:.0f} ms")


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--games", type=int, default=200, help="solo games per level (and table games)")
    ap.add_argument("--table-games", type=int, default=0, help="games per table size (default: --games)")
    ap.add_argument("--budget", default=str(BOT_ROLLOUTS), help="hard's budget in the games (rollouts or seconds)")
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--workers", type=int, default=2)
    ap.add_argument("--map", default="larkhaven")
    ap.add_argument("--timing", type=int, default=40, help="hard's decisions timed at each budget")
    ap.add_argument("--only", choices=("solo", "modules", "table", "timing"), action="append")
    args = ap.parse_args()
    budget = parse_budget(args.budget)
    parts = args.only or ["solo", "modules", "table", "timing"]
    print(f"Next Station AI bench: hard's budget in games {args.budget} "
          f"({'rollouts' if isinstance(budget, int) else 'seconds'} per decision; default "
          f"{search.DEFAULT_ROLLOUTS} rollouts); {args.workers} workers")
    print("for scale, published figures on the official map: random 95, greedy 125, two-card look-ahead 138, "
          "MCTS 157")
    with Pool(args.workers) as pool:
        if "solo" in parts:
            solo(pool, args, budget, False)
        if "modules" in parts:
            solo(pool, args, budget, True)
        if "table" in parts:
            print(f"\nHard against easy, no modules, on {args.map}, hard at {args.budget}")
            for players in (2, 4):
                table(pool, args, budget, players)
    if "timing" in parts:
        timing(args)


if __name__ == "__main__":
    main()
