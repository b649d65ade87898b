"""Courtyards' AI table and balance, over fixed seeds.

    python bench/courtyards_ai.py [--games 200] [--jobs 2] [--budget 240] [--part ai|seats|tiles|all|show]

ai: the mean score and spread of random and easy in all-same-level games (3 players); hard against easy
one-to-one (seats alternate) and hard against three easy (the hard seat in turn), each with hard's win
share and its 95 % (Wilson) interval and both levels' mean scores and spreads; the decision times (median,
90th percentile, max) of each level at the bot's budget, in CPU time of the process (time.process_time: what
other work on the machine does not inflate). seats: the win share of each seat for 2-6
players, easy AIs at every seat (a seat's fair share is 1/n; shared wins count as a share). tiles: what
each kind of building is worth: the points each kind paid per tile in the palace, and the wins of the
players who held the most of each kind, against its place in the scoring table. show (all: one game): what the
bot's loop spends on a panel and a decision at every position of --games games of 3 easy AIs, and a worker
on each picture (every position's decision picture and a seat's own, the table after each turn, each scoring
round, the results), in CPU time, with the largest PNG of each and its smallest text at 400 px wide."""

import argparse
import math
import os
import statistics
import sys
import time
from multiprocessing import Pool

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
sys.path.insert(0, ROOT)
os.environ.setdefault("ENGINE_BUILD", "auto")  # the rules' compiled build when there is one, as the bot runs

from games.courtyards.ai import choose  # noqa: E402
from games.courtyards.play import RULES  # noqa: E402
from games.courtyards.rules import engine as cy  # noqa: E402
from games.courtyards.rules import palace as geo  # noqa: E402
from games.courtyards.rules.constants import KINDS  # noqa: E402

BUDGET = 240  # the bot's (app/settings.py ai_hard_budget)


def play(levels: tuple[str, ...], seed: int, budget: float | int | None = BUDGET) -> dict:
    """One game, a level per seat: totals, winners, each level's decision times, the kinds' points."""
    n = len(levels)
    state, _ = RULES.new_game(cy.config_of([f"P{i + 1}" for i in range(n)]), seed)
    times: dict[str, list[float]] = {}
    while state["stage"] != "over":
        s = RULES.deciders(state)[0]
        acts = RULES.legal_actions(state, s)
        t = time.process_time()
        a = choose(RULES.view_for(state, s), s, levels[s], seed, budget)
        if len(acts) > 1:
            times.setdefault(levels[s], []).append(time.process_time() - t)
        state = RULES.apply(state, a.id).state
    totals = list(state["score"])
    best = max(totals)
    winners = [s for s in range(n) if totals[s] == best]
    tiles = [[0] * len(KINDS) for _ in range(n)]
    for s in range(n):
        for c in state["palaces"][s]:
            if c[2] >= 0:
                tiles[s][geo.KIND[c[2]]] += 1
    return {"levels": levels, "totals": totals, "winners": winners, "times": times,
            "kinds": [list(c["kinds"]) for c in state["cats"]], "walls": [c["walls"] for c in state["cats"]],
            "tiles": tiles}


def _run(job: tuple) -> dict:
    return play(*job)


def wilson(wins: float, n: int) -> tuple[float, float]:
    if n == 0:
        return (0.0, 1.0)
    p, z = wins / n, 1.96
    d = 1 + z * z / n
    c = (p + z * z / (2 * n)) / d
    h = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / d
    return (max(0.0, c - h), min(1.0, c + h))


def share(r: dict, seat: int) -> float:
    return 1 / len(r["winners"]) if seat in r["winners"] else 0.0


def pool_map(jobs: list, n: int) -> list[dict]:
    if n <= 1:
        return [_run(j) for j in jobs]
    with Pool(n) as p:
        return p.map(_run, jobs, chunksize=1)


def times_line(results: list[dict], level: str) -> str:
    ts = sorted(t for r in results for t in r["times"].get(level, []))
    if not ts:
        return f"{level}: no decisions"
    return (f"{level}: {len(ts)} decisions, median {1000 * statistics.median(ts):.0f} ms, "
            f"90th {1000 * ts[int(0.9 * len(ts))]:.0f} ms, max {1000 * ts[-1]:.0f} ms")


def part_ai(games: int, jobs: int, budget: float | int | None) -> None:
    print("## AI levels: random and easy, all seats the same level, 3 players")
    every: list[dict] = []
    for level in ("random", "easy"):
        res = pool_map([((level,) * 3, 1000 + i, budget) for i in range(games)], jobs)
        every += res
        scores = [t for r in res for t in r["totals"]]
        print(f"{level:6s}: mean {statistics.mean(scores):6.1f}  sd {statistics.pstdev(scores):5.1f}  "
              f"({len(res)} games)")
    print()
    hard_scores: list[int] = []
    for title, n in (("hard vs easy one-to-one", 2), ("hard vs three easy", 4)):
        jobs_ = []
        for i in range(games):
            seat = i % n
            levels = tuple("hard" if s == seat else "easy" for s in range(n))
            jobs_.append((levels, 5000 + i, budget))
        res = pool_map(jobs_, jobs)
        every += res
        wins = sum(share(r, r["levels"].index("hard")) for r in res)
        lo, hi = wilson(wins, len(res))
        hard = [r["totals"][r["levels"].index("hard")] for r in res]
        hard_scores += hard
        easy = [t for r in res for s, t in enumerate(r["totals"]) if r["levels"][s] == "easy"]
        print(f"## {title}: hard wins {100 * wins / len(res):.1f} % (95 % interval {100 * lo:.1f}-{100 * hi:.1f} %, "
              f"fair {100 / n:.0f} %) over {len(res)} games (the hard seat in turn); mean score hard "
              f"{statistics.mean(hard):.1f} (sd {statistics.pstdev(hard):.1f}), easy {statistics.mean(easy):.1f} "
              f"(sd {statistics.pstdev(easy):.1f})")
    print()
    print(f"## Decision times (budget {budget}, one core; decisions with a choice)")
    for level in ("random", "easy", "hard"):
        print(times_line(every, level))


def part_seats(games: int, jobs: int, budget: float | int | None) -> None:
    print("## Win share per seat, easy AI at every seat (fair = 1/n)")
    for n in range(2, 7):
        res = pool_map([(("easy",) * n, 9000 + 100 * n + i, budget) for i in range(games)], jobs)
        shares = [sum(share(r, s) for r in res) / len(res) for s in range(n)]
        worst = max(abs(x - 1 / n) for x in shares)
        print(f"{n} players: " + "  ".join(f"seat {s + 1} {100 * x:4.1f} %" for s, x in enumerate(shares))
              + f"   (fair {100 / n:.1f} %, furthest {100 * worst:.1f} points off)")


def part_tiles(games: int, jobs: int, budget: float | int | None) -> None:
    print("## The kinds, easy AI at every seat, 4 players")
    res = pool_map([(("easy",) * 4, 20000 + i, budget) for i in range(games)], jobs)
    print("kind        points/game  tiles built/game  points per tile  top holder's win share")
    for k, name in enumerate(KINDS):
        pts = sum(r["kinds"][s][k] for r in res for s in range(4)) / len(res)
        tl = sum(r["tiles"][s][k] for r in res for s in range(4)) / len(res)
        tops, wins = 0, 0.0
        for r in res:
            most = max(r["tiles"][s][k] for s in range(4))
            if most == 0:
                continue
            top = [s for s in range(4) if r["tiles"][s][k] == most]
            tops += 1
            wins += sum(share(r, s) for s in top) / len(top)
        print(f"{name:10s}  {pts:10.1f}  {tl:16.1f}  {pts / max(tl, 1e-9):15.2f}  {100 * wins / max(tops, 1):6.1f} %")
    walls = sum(w for r in res for w in r["walls"]) / len(res)
    print(f"walls       {walls:10.1f}")


def part_log(kind: str, games: int, budget: float | int | None, out: str, start: int = 0) -> None:
    """One table's games, one process, each game's result appended to `out` as a JSON line as it ends (a
    long run can be read while it goes on: --part report)."""
    import json
    for i in range(start, games):
        if kind == "1v1":
            levels, seed = tuple("hard" if s == i % 2 else "easy" for s in range(2)), 5000 + i
        elif kind == "1v3":
            levels, seed = tuple("hard" if s == i % 4 else "easy" for s in range(4)), 5000 + i
        else:
            levels, seed = (kind,) * 3, 1000 + i
        r = play(levels, seed, budget)
        with open(out, "a") as f:
            f.write(json.dumps({**r, "levels": list(levels), "seed": seed}) + "\n")


def part_report(files: list[str]) -> None:
    """The tables of the games logged by --part log."""
    import json
    every = []
    for path in files:
        res = [json.loads(line) for line in open(path)]
        every += res
        levels = set(res[0]["levels"])
        if levels == {"hard", "easy"}:
            n = len(res[0]["levels"])
            wins = sum(share(r, r["levels"].index("hard")) for r in res)
            lo, hi = wilson(wins, len(res))
            hard = [r["totals"][r["levels"].index("hard")] for r in res]
            easy = [t for r in res for s, t in enumerate(r["totals"]) if r["levels"][s] == "easy"]
            print(f"hard vs {n - 1} easy: hard wins {100 * wins / len(res):.1f} % (95 % interval {100 * lo:.1f}-"
                  f"{100 * hi:.1f} %, fair {100 / n:.0f} %) over {len(res)} games (seeds {res[0]['seed']}-"
                  f"{res[-1]['seed']}, the hard seat in turn); mean score hard {statistics.mean(hard):.1f} "
                  f"(sd {statistics.pstdev(hard):.1f}), easy {statistics.mean(easy):.1f} "
                  f"(sd {statistics.pstdev(easy):.1f})")
        else:
            scores = [t for r in res for t in r["totals"]]
            print(f"{res[0]['levels'][0]} x3: mean {statistics.mean(scores):.1f} sd {statistics.pstdev(scores):.1f} "
                  f"over {len(res)} games")
    for level in ("random", "easy", "medium", "hard"):
        if any(level in r["times"] for r in every):
            print(times_line(every, level))


def summary(xs: list[float]) -> str:
    if not xs:
        return "-"
    xs = sorted(xs)
    p90 = xs[min(len(xs) - 1, int(0.9 * len(xs)))]
    return (f"median {1000 * statistics.median(xs):5.1f} ms  p90 {1000 * p90:5.1f} ms  max {1000 * xs[-1]:5.1f} ms"
            f"  (n={len(xs)})")


def part_show(games: int) -> None:
    import render
    from engine import views
    from engine.protocol import Table
    from games.courtyards import GAME
    from render import named
    names = ["Ann", "Bob", "Cy"]
    table = Table(id=1, names=names, mentions=[f"@{x}" for x in names], ai=[False] * 3, options={},
                  recent=["A line of the story.", "Another line."])
    loop: dict[str, list[float]] = {"panel": [], "decision": [], "mine": []}
    pictures: dict[str, list[float]] = {}
    sizes: dict[str, int] = {}

    def timed(what: dict, key: str, f, *a):
        t = time.process_time()
        out = f(*a)
        what.setdefault(key, []).append(time.process_time() - t)
        return out

    smallest: dict[str, float] = {}

    def draw(name: str, *a) -> None:
        png = timed(pictures, name, named.draw, GAME.pictures, name, *a)
        sizes[name] = max(sizes.get(name, 0), len(png))
        px, width = render.min_text_px(png), int.from_bytes(png[16:20], "big")  # (the PNG header's width)
        if px is not None:
            smallest[name] = min(smallest.get(name, math.inf), px * 400 / width)

    for g in range(games):
        state, _ = RULES.new_game(cy.config_of(names), 700 + g)
        while state["stage"] != "over":
            s = RULES.deciders(state)[0]
            panel = timed(loop, "panel", views.panel, GAME, table, state)
            d = timed(loop, "decision", views.decision, GAME, table, state, s)
            m = timed(loop, "mine", views.mine, GAME, table, state, s)
            for msg in (panel, d, m):
                if msg is not None and msg.picture is not None:
                    draw(msg.picture.name, *msg.picture.args)
            r = RULES.apply(state, choose(RULES.view_for(state, s), s, "easy", g).id)
            if any(e["type"] == "scoring" for e in r.events):
                draw("round", *views.round_args(GAME, r.state, ["A line of the story.", "Another line."]))
            state = r.state
        draw("results", *views.results_args(GAME, state))
    print(f"## The bot's loop and its pictures ({games} games of 3 easy AIs, every position; CPU time)")
    for key, xs in loop.items():
        print(f"{key:9s}: {summary(xs)}")
    for name, xs in sorted(pictures.items()):
        print(f"picture {name:9s}: {summary(xs)}; largest {sizes[name] / 1000:.0f} KB, smallest text "
              f"{smallest.get(name, math.nan):.1f} px at 400 px wide")


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--games", type=int, default=200)
    ap.add_argument("--jobs", type=int, default=2)
    ap.add_argument("--budget", type=int, default=BUDGET)
    ap.add_argument("--part", default="all", choices=("ai", "seats", "tiles", "all", "log", "report", "show"))
    ap.add_argument("--table", default="1v1", help="--part log: 1v1, 1v3, random or easy")
    ap.add_argument("--out", default="courtyards_games.jsonl", help="--part log: where; report: files, ','")
    ap.add_argument("--start", type=int, default=0)
    a = ap.parse_args()
    if a.part == "log":
        part_log(a.table, a.games, a.budget, a.out, a.start)
        return
    if a.part == "report":
        part_report(a.out.split(","))
        return
    if a.part == "show":
        part_show(a.games)
        return
    if a.part in ("ai", "all"):
        part_ai(a.games, a.jobs, a.budget)
    if a.part in ("seats", "all"):
        part_seats(a.games, a.jobs, a.budget)
    if a.part in ("tiles", "all"):
        part_tiles(a.games, a.jobs, a.budget)
    if a.part == "all":
        part_show(1)


if __name__ == "__main__":
    main()
