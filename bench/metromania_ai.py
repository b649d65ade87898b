"""Undergrounders (Metromania's rules): the AIs' strength and speed, and the balance of our cities.

    python bench/metromania_ai.py [--games 200] [--seed 1] [--workers 2] [--only levels|table|balance|timing]
        [--side 5|6] [--players 2|3] [--log FILE]

Levels: 2-player games of one level at both seats over the same seeds: each level's mean score and spread.
Table: hard against easy: hard at one seat (rotating: seat = game % players) against two easy seats (the issue's
target: >= 60 % of the wins), and one to one (>= 75 %), each over --games games, with a Wilson 95 % interval
(--players: one of the two tables only, so each can run in its own process; --log: a line a game as it ends, with
hard's decision times, and the running share). Balance: easy seats only, 2, 3 and 4 players: the win share of each
seat (the starting player first: seats rotate so) and of each start-space position the first line chose (its place
along the hexagon's side), against a fair share (the issue: no seat or start position more than 10 points off), and
the games' length, lines completed and inquiry points; --side plays the balance on cities of another size.
Timing: easy and hard decision times (median, 90th percentile, max) alone on one core. A shared win
counts for each winner. Seeds seed .. seed + games - 1; each game's city is the seed's."""

import argparse
import math
import os
import statistics
import sys
import time
from multiprocessing import Pool

sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.abspath(__file__))))

from games.metromania.ai import AI  # noqa: E402
from games.metromania.play import RULES  # noqa: E402
from games.metromania.rules import engine as mm  # noqa: E402
from games.metromania.rules.city import city, generate  # noqa: E402
from games.metromania.rules.constants import SIDE  # noqa: E402

LEVELS = ("random", "easy", "hard")
# the rim of each side length tried (--side): 2 start and 2 end spaces a side, as RULES.md clause 2 says for 5
RIMS = {5: "XS.SX", 6: "XS..SX"}  # (side 7: no start reaches a far end within 18 tunnels, BALANCE.md)


def play(job: tuple) -> dict:
    """One game: the levels by seat; totals, winners (rank 1), decision times by level, the first line's
    start position (along its side) by seat."""
    levels, seed, side = job if len(job) == 3 else (*job, SIDE)
    n = len(levels)
    config = RULES.config({}, [f"p{i}" for i in range(n)])
    if side != SIDE:
        config["city"] = generate(seed, side, RIMS[side])
    state, _ = RULES.new_game(config, seed)
    times: dict[str, list[float]] = {lv: [] for lv in levels}
    while state["phase"] != "over":
        seat = state["turn"]
        t = time.process_time()  # (CPU time: the machine's other load does not inflate it much)
        a = AI.choose(RULES.view_for(state, seat), seat, levels[seat], seed * 7 + seat)
        times[levels[seat]].append(time.process_time() - t)
        mm.advance(state, a.id, [])
        state["seq"] += 1
    res = RULES.results(state)
    g = city(state["city"]).g
    starts = [g.along[state["lines"][s * 2]["cells"][0]] if state["lines"][s * 2]["cells"] else -1 for s in range(n)]
    order = [(s - state["first"]) % n for s in range(n)]  # 0: the starting player
    return {"totals": [r.total for r in res], "winners": [r.seat for r in res if r.winner], "times": times,
            "starts": starts, "order": order, "levels": list(levels), "rounds": state["turns"] / n,
            "done": sum(r.detail["lines"] for r in res) / n, "inquiry": sum(state["result"]["inquiry"]) / n}


def wilson(k: float, n: int) -> tuple[float, float]:
    if n == 0:
        return 0.0, 0.0
    z = 1.96
    p = k / n
    d = 1 + z * z / n
    c = (p + z * z / (2 * n)) / d
    h = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / d
    return c - h, c + h


def run(jobs: list, workers: int) -> list[dict]:
    if workers <= 1:
        return [play(j) for j in jobs]
    with Pool(workers) as pool:
        return pool.map(play, jobs, chunksize=4)


def levels_table(args) -> None:
    print(f"## Levels: 2 players of one level, {args.games} games each")
    print("| level | mean score | sd | min | max |")
    print("|---|---|---|---|---|")
    for lv in LEVELS:
        out = run([((lv,) * 2, args.seed + i) for i in range(args.games)], args.workers)
        xs = [x for o in out for x in o["totals"]]
        print(f"| {lv} | {statistics.mean(xs):.1f} | {statistics.pstdev(xs):.1f} | {min(xs)} | {max(xs)} |")


def logged(jobs: list, workers: int, path: str) -> list[dict]:
    """run, writing each game to `path` as it ends (a long run can be checked on, or stopped with its
    games so far)."""
    out: list[dict] = []
    with open(path, "a") as f, Pool(max(1, workers)) as pool:
        for job, o in zip(jobs, pool.imap(play, jobs), strict=True):
            out.append(o)
            hard = o["levels"].index("hard")
            wins = sum(1 for x in out if x["levels"].index("hard") in x["winners"])
            ms = sorted(x * 1000 for x in o["times"]["hard"])
            f.write(f"seed {job[1]} hard seat {hard} totals {o['totals']} won {int(hard in o['winners'])} "
                    f"| hard decisions {len(ms)} median {statistics.median(ms):.0f} ms max {ms[-1]:.0f} ms "
                    f"| {wins} of {len(out)} | ms {' '.join(f'{x:.0f}' for x in ms)}\n")
            f.flush()
    return out


def table(args) -> None:
    print(f"\n## Hard against easy, {args.games} games each (hard's seat rotates)")
    print("| table | hard's win share | 95 % interval | target | hard's mean | easy's mean |")
    print("|---|---|---|---|---|---|")
    for n, target in ((3, 0.60), (2, 0.75)):
        if args.players not in (None, n):
            continue
        jobs = []
        for i in range(args.games):
            lv = ["easy"] * n
            lv[i % n] = "hard"
            jobs.append((tuple(lv), args.seed + i))
        out = logged(jobs, args.workers, args.log) if args.log else run(jobs, args.workers)
        wins = sum(1 for o in out if o["levels"].index("hard") in o["winners"])
        lo, hi = wilson(wins, len(out))
        hm = statistics.mean(o["totals"][o["levels"].index("hard")] for o in out)
        em = statistics.mean(x for o in out for s, x in enumerate(o["totals"]) if o["levels"][s] == "easy")
        label = "hard vs 2 easy" if n == 3 else "hard vs easy"
        print(f"| {label} | {wins / len(out):.1%} | {lo:.1%}-{hi:.1%} | >= {target:.0%} | {hm:.1f} | {em:.1f} |")
        ms = sorted(x * 1000 for o in out for x in o["times"]["hard"])
        print(f"(hard's decisions at this table, CPU: {len(ms)}, median {statistics.median(ms):.0f} ms, "
              f"p90 {ms[int(len(ms) * 0.9)]:.0f}, max {ms[-1]:.0f})")


def balance(args) -> None:
    print(f"\n## Balance: easy seats only, {args.games} games per player count, cities of side {args.side}")
    print("| players | win share by turn order (1st .. last) | fair | worst gap | turns a player | lines completed "
          "a player | inquiry points a player |")
    print("|---|---|---|---|---|---|---|")
    pos_wins: dict[int, list[float]] = {}
    for n in (2, 3, 4):
        out = run([(("easy",) * n, args.seed + i, args.side) for i in range(args.games)], args.workers)
        share = [0.0] * n
        for o in out:
            for w in o["winners"]:
                share[o["order"][w]] += 1 / len(out)
            for s in range(n):
                if o["starts"][s] >= 0:
                    row = pos_wins.setdefault(o["starts"][s], [0.0, 0.0])
                    row[0] += 1
                    row[1] += (1 if s in o["winners"] else 0) * n  # (a win share against 1 / n: times n)
        gap = max(abs(x - 1 / n) for x in share)
        length = statistics.mean(o["rounds"] for o in out)
        done = statistics.mean(o["done"] for o in out)
        inquiry = statistics.mean(o["inquiry"] for o in out)
        print(f"| {n} | {' / '.join(f'{x:.1%}' for x in share)} | {1 / n:.1%} | {gap:.1%} | {length:.1f} | {done:.2f} "
              f"| {inquiry:.1f} |")
    print("\n| start position (along the side) | lines started | win share / fair share |")
    print("|---|---|---|")
    for p in sorted(pos_wins):
        cnt, w = pos_wins[p]
        print(f"| {p} | {int(cnt)} | {w / cnt:.2f} |")


def timing(args) -> None:
    print("\n## Decision times (one core), 3-player games easy and hard")
    out = [play((("hard", "easy", "easy"), args.seed + i)) for i in range(max(4, args.games // 20))]
    print("| level | decisions | median ms | p90 ms | max ms |")
    print("|---|---|---|---|---|")
    for lv in ("easy", "hard"):
        xs = sorted(x * 1000 for o in out for x in o["times"].get(lv, []))
        print(f"| {lv} | {len(xs)} | {statistics.median(xs):.0f} | {xs[int(len(xs) * 0.9)]:.0f} | {xs[-1]:.0f} |")


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--games", type=int, default=200)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--workers", type=int, default=2)
    ap.add_argument("--only", choices=("levels", "table", "balance", "timing"))
    ap.add_argument("--side", type=int, default=SIDE, choices=sorted(RIMS),
                    help="balance: the cities' side (the rules' is 5; 6 for BALANCE.md's comparison)")
    ap.add_argument("--players", type=int, choices=(2, 3), help="table: only the table of this many players")
    ap.add_argument("--log", help="table: a line a game to this file as each ends")
    args = ap.parse_args()
    for name, fn in (("levels", levels_table), ("table", table), ("balance", balance), ("timing", timing)):
        if args.only in (None, name):
            fn(args)
            sys.stdout.flush()


if __name__ == "__main__":
    main()
