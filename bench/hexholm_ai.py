"""Hexholm's AIs, strength and speed, and the clicks a turn takes on Discord.

    python bench/hexholm_ai.py [--games 200] [--budget 240] [--seed 1] [--workers 2]
                               [--only levels|table|timing|clicks] [--players 2,3] [--log games.jsonl]

Levels: each level (random, easy, hard) in 2-player games against an easy seat (the seats alternate with the
game number), the same seeds for every level: its mean gold, spread, min and max, and the easy seats' mean.
Table: hard against easy, one to one and against two easy seats (hard's seat rotating with the seed), 200
games each: hard's share of the wins (a shared victory counts for each winner) with its 95 % interval
(Wilson), against the issue's targets (>= 75 % one to one, >= 60 % against two), its mean margin over the
best other seat, the gold each goal gave hard and an easy seat, and how often hard ended the game; --log keeps
each game (hard's seat follows the seed, seed 1 the first seat: runs from later seeds add up to a longer run's
games). Decision times: easy and hard, one at a time on one core, at the bot's budget (240), against the target
(median <= 1 s); hard's main decision of a turn (its playouts) apart. A decision's time is the CPU time of
its process (time.process_time): one core's time, whatever else the machine runs. Clicks per turn: a person who plays
what the easy AI plays, the quickest way the decision offers it (Decide; the whole build from the menu when it is
there, else a letter a settlement; a tile: its menu after the build, else its button, then its use; End turn when
the turn waits for it)."""

import argparse
import json
import math
import os
import statistics
import sys
import time
from multiprocessing import Pool

sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.abspath(__file__))))

from engine.protocol import Button, Menu  # noqa: E402
from games.hexholm import decide  # noqa: E402
from games.hexholm.ai import AI  # noqa: E402
from games.hexholm.play import RULES  # noqa: E402
from games.hexholm.rules import engine as kb  # noqa: E402

BOT_BUDGET = 240       # AI_HARD_BUDGET
HARD_TARGET_MS = 1000
TARGETS = {2: 0.75, 3: 0.60}


def wilson(wins: float, n: int, z: float = 1.96) -> tuple[float, float]:
    p = wins / n
    d = 1 + z * z / n
    c = (p + z * z / (2 * n)) / d
    h = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / d
    return max(0.0, c - h), min(1.0, c + h)


def pct(xs: list[float], q: float) -> float:
    xs = sorted(xs)
    return xs[min(len(xs) - 1, int(q * len(xs)))] * 1000 if xs else float("nan")


def seat_of(seed: int, players: int) -> int:
    """Hard's seat in the table's game of this seed (by the seed, so a run from a later --seed plays the same
    games as those seeds in a longer run: runs cut short add up)."""
    return (seed - 1) % players


def play(job: tuple) -> dict:
    """One game: levels by seat; the totals, the winners, the decision times per level (hard's main decisions
    apart: a turn's first, with its playouts)."""
    levels, seed, budget = job
    n = len(levels)
    s, _ = RULES.new_game(RULES.config({}, [f"p{i}" for i in range(n)]), seed)
    times: dict[str, list[float]] = {lv: [] for lv in (*levels, "main")}
    while not s["over"]:
        seat = s["turn"]
        level = levels[seat]
        main = level == "hard" and kb.mandatory_open(s) and s["built"] == 0
        view = RULES.view_for(s, seat)
        t = time.process_time()
        a = AI.choose(view, seat, level, seed, budget if level == "hard" else None)
        times["main" if main else level].append(time.process_time() - t)
        r = RULES.apply(s, a.id)
        assert r.ok, a.id
        s = r.state
    return {"totals": [x["total"] for x in s["result"]], "winners": [x["seat"] for x in s["result"] if x["winner"]],
            "times": times, "hard": levels.index("hard") if "hard" in levels else -1,
            "scores": [x["scores"] for x in s["result"]], "left": [p["left"] for p in s["players"]]}


def levels(pool, args, hard: list[dict] | None) -> None:
    print(f"\nLevels: each against one easy seat (seats alternating), seeds {args.seed}..{args.seed + args.games - 1}")
    for level in ("random", "easy", "hard"):
        if level == "hard" and hard is not None:  # (the one-to-one table's games: the same seeds and seats)
            mine = [r["totals"][r["hard"]] for r in hard]
            other = [r["totals"][1 - r["hard"]] for r in hard]
            print(f"  {level:6s} mean {statistics.mean(mine):5.1f} gold  sd {statistics.pstdev(mine):4.1f}  "
                  f"min {min(mine):3d}  max {max(mine):3d}  (the easy seat: {statistics.mean(other):5.1f}; "
                  f"{len(hard)} games: the table's)")
            continue
        if level == "hard":
            print("  hard   (its games are the one-to-one table's: its mean gold and spread are said there)")
            continue
        t0 = time.perf_counter()
        jobs = [((level, "easy") if g % 2 == 0 else ("easy", level), args.seed + g, args.budget)
                for g in range(args.games)]
        res = pool.map(play, jobs, chunksize=2)
        mine = [r["totals"][g % 2] for g, r in enumerate(res)]
        other = [r["totals"][1 - g % 2] for g, r in enumerate(res)]
        sd = statistics.pstdev(mine)
        print(f"  {level:6s} mean {statistics.mean(mine):5.1f} gold  sd {sd:4.1f}  min {min(mine):3d}  "
              f"max {max(mine):3d}  (the easy seat: {statistics.mean(other):5.1f}; {len(res)} games, "
              f"{time.perf_counter() - t0:.0f} s)")


def tables(pool, args, sizes: list[int]) -> dict[int, list[dict]]:
    """Hard against easy at each table size, the sizes' games interleaved (the same seeds for each size), the
    summary said every `--every` games of each size as it goes (on a busy machine a run cut short still says
    where it stood) and at the end."""
    jobs = []
    for g in range(args.games):
        for players in sizes:
            lv = ["easy"] * players
            lv[seat_of(args.seed + g, players)] = "hard"
            jobs.append((players, (tuple(lv), args.seed + g, args.budget)))
    t0 = time.perf_counter()
    res: dict[int, list[dict]] = {p: [] for p in sizes}
    for (players, _job), r in zip(jobs, pool.imap(play, [j for _p, j in jobs], chunksize=1), strict=False):
        res[players].append(r)
        if args.log:
            with open(args.log, "a") as f:
                f.write(json.dumps({"players": players, "seed": _job[1], "hard": r["hard"], "totals": r["totals"],
                                    "winners": r["winners"], "scores": r["scores"], "left": r["left"]}) + "\n")
        n = len(res[players])
        if n % args.every == 0 or n == args.games:
            report(res[players], players, args.games, time.perf_counter() - t0)
    return res


def report(res: list[dict], players: int, planned: int, seconds: float) -> None:
    wins = margin = 0.0
    hard, easy = [], []
    times: dict[str, list[float]] = {"hard": [], "main": [], "easy": []}
    gold: dict[str, list[list[float]]] = {}  # a goal's gold: [hard's, the easy seats' mean] a game that drew it
    ended = 0  # games that hard ended (it placed its last settlement)
    for r in res:
        me = r["hard"]
        ended += r["left"][me] == 0
        for goal, v in r["scores"][me].items():
            easy_v = statistics.mean(x[goal] for i, x in enumerate(r["scores"]) if i != me)
            gold.setdefault(goal, []).append([v, easy_v])
        if me in r["winners"]:
            wins += 1
        others = [t for i, t in enumerate(r["totals"]) if i != me]
        margin += r["totals"][me] - max(others)
        hard.append(r["totals"][me])
        easy += others
        for k in times:
            times[k] += r["times"].get(k, [])
    n = len(res)
    lo, hi = wilson(wins, n)
    share = wins / n
    target = TARGETS[players]
    done = "" if n == planned else f" (so far: {n} of {planned})"
    print(f"  {players} players, 1 hard vs {players - 1} easy, {n} games{done}: hard wins {share:.1%} "
          f"[{lo:.1%}, {hi:.1%}] (fair {1 / players:.0%}; target >= {target:.0%}: "
          f"{'met' if share >= target else 'NOT met'}{', its interval above it' if lo >= target else ''}), mean "
          f"margin over the best other {margin / n:+.1f}, mean gold hard {statistics.mean(hard):.1f} (sd "
          f"{statistics.pstdev(hard):.1f}) / easy {statistics.mean(easy):.1f} (sd {statistics.pstdev(easy):.1f}) "
          f"({seconds:.0f} s)", flush=True)
    every = times["hard"] + times["main"]
    print(f"    hard's decisions in these games: {len(every)}, median {pct(every, 0.5):.0f} ms, p90 "
          f"{pct(every, 0.9):.0f} ms; its turns' main decisions (playouts): {len(times['main'])}, median "
          f"{pct(times['main'], 0.5):.0f} ms, p90 {pct(times['main'], 0.9):.0f} ms, "
          f"max {max(times['main']) * 1000:.0f} ms", flush=True)
    rows = sorted(gold.items(), key=lambda kv: -len(kv[1]))
    print("    gold by goal, hard / an easy seat (games drawing it): " + "; ".join(
        f"{k} {statistics.mean(x[0] for x in v):.1f}/{statistics.mean(x[1] for x in v):.1f} ({len(v)})"
        for k, v in rows) + f"; hard placed its last settlement in {ended} of {n}", flush=True)


def timing(args) -> None:
    print(f"\nDecision times, one at a time on one core ({os.cpu_count()} cores), 2-player games hard vs easy")
    res = [play((("hard", "easy") if g % 2 == 0 else ("easy", "hard"), args.seed + 900 + g, BOT_BUDGET))
           for g in range(args.timing)]
    every = {k: [t for r in res for t in r["times"].get(k, [])] for k in ("easy", "hard", "main")}
    print(f"  easy: {len(every['easy'])} decisions: median {pct(every['easy'], 0.5):.2f} ms, p90 "
          f"{pct(every['easy'], 0.9):.2f} ms")
    hard = every["hard"] + every["main"]
    med = pct(hard, 0.5)
    print(f"  hard at the bot's budget ({BOT_BUDGET}): {len(hard)} decisions: median {med:.0f} ms, p90 "
          f"{pct(hard, 0.9):.0f} ms, max {max(hard) * 1000:.0f} ms; target median <= {HARD_TARGET_MS} ms: "
          f"{'met' if med <= HARD_TARGET_MS else 'NOT met'}")
    print(f"    of which a turn's main decision (the playouts): {len(every['main'])}, median "
          f"{pct(every['main'], 0.5):.0f} ms, p90 {pct(every['main'], 0.9):.0f} ms")


def applied(s: dict, action_id: str) -> dict:
    r = RULES.apply(s, action_id)
    assert r.ok, action_id
    return r.state


def clicks_of_turn(s: dict, seat: int, seed: int) -> tuple[int, dict, bool]:
    """Plays the seat's turn as the easy AI would, counting a person's clicks on the decision; returns (clicks,
    the state after, whether the whole build was in the menu)."""
    clicks = 1  # Decide
    turn = s["turn_no"]
    in_menu = True
    first = True
    while not s["over"] and s["turn_no"] == turn:
        view = RULES.view_for(s, seat)
        a = AI.choose(view, seat, "easy", seed)
        body = a.id.split(":", 1)[1]
        if body.startswith("build:"):
            msg = decide.decision(view, seat)
            assert msg is not None
            plans = [i.act for c in msg.controls if isinstance(c, Menu) for i in c.items if "@b/" in i.act]
            # what the easy AI builds this turn (the rest of its build): the menu's item that starts with it
            want = next((p for p in plans if p.split("/")[1] == body.split(":")[1]), None)
            if want is not None and first:
                ids = RULES.expand(s, seat, want.split("@", 1)[1])
                for x in ids:
                    s = applied(s, x)
                clicks += 1
                first = False
                continue
            if first:
                in_menu = False
            sections = not any(isinstance(c, Button) and c.act == a.id for c in msg.controls)
            clicks += 2 if sections else 1
        elif body == "end":
            clicks += 1
        else:  # a tile: one choice from its menu after the build, else its button, then its use
            msg = decide.decision(view, seat)
            assert msg is not None
            offered = {i.act for c in msg.controls if isinstance(c, Menu) for i in c.items}
            clicks += 1 if a.id in offered else 2
        first = False
        s = applied(s, a.id)
    return clicks, s, in_menu


def clicks(args) -> None:
    print(f"\nClicks per turn: a person playing what the easy AI plays, {args.clicks} games of 3 players")
    per_turn: list[int] = []
    menu = 0
    for g in range(args.clicks):
        s, _ = RULES.new_game(RULES.config({}, ["a", "b", "c"]), args.seed + 500 + g)
        while not s["over"]:
            n, s, in_menu = clicks_of_turn(s, s["turn"], args.seed + g)
            per_turn.append(n)
            menu += in_menu
    xs = sorted(per_turn)
    print(f"  {len(xs)} turns: median {xs[len(xs) // 2]}, mean {statistics.mean(xs):.2f}, p90 "
          f"{xs[int(0.9 * len(xs))]}, max {xs[-1]}; the easy AI's build was in the menu in {menu / len(xs):.0%} of "
          f"the turns (then the build is one click after Decide)")
    counts = {k: sum(1 for x in xs if x == k) for k in sorted(set(xs))}
    print("  turns by clicks: " + ", ".join(f"{k}: {v}" for k, v in counts.items()))


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--games", type=int, default=200)
    ap.add_argument("--budget", type=int, default=BOT_BUDGET)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--workers", type=int, default=2)
    ap.add_argument("--timing", type=int, default=6, help="2-player games timed one at a time")
    ap.add_argument("--clicks", type=int, default=20, help="3-player games of clicks counted")
    ap.add_argument("--only", choices=("levels", "table", "timing", "clicks"), action="append")
    ap.add_argument("--players", default="2,3", help="the table's sizes (hard against one easy seat, two)")
    ap.add_argument("--every", type=int, default=20, help="the table's summary every so many games of a size")
    ap.add_argument("--log", help="the table's games, a JSON line each (seed, seats, gold), to add runs up")
    args = ap.parse_args()
    parts = args.only or ["levels", "table", "timing", "clicks"]
    print(f"Hexholm AI bench: hard's budget {args.budget}; {args.workers} workers; seeds from {args.seed}", flush=True)
    with Pool(args.workers) as pool:
        one_to_one = None
        if "table" in parts:
            print("\nHard against easy", flush=True)
            done = tables(pool, args, [int(x) for x in args.players.split(",")])
            one_to_one = done.get(2) if len(done.get(2, [])) == args.games else None
        if "levels" in parts:
            levels(pool, args, one_to_one)
    if "timing" in parts:
        timing(args)
    if "clicks" in parts:
        clicks(args)


if __name__ == "__main__":
    main()
