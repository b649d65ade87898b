"""Ridgeline's AIs and balance: seeded two-player games (games/ridgeline/BALANCE.md quotes its output).

    python bench/ridgeline_ai.py [--games 200] [--selfplay 2000] [--budget 240] [--workers 2] [--seed 1]
                                 [--hardself 100] [--only timing,show,levels,selfplay,hardself] [--beginner]
                                 [--rgb]

- levels: each level (random, easy, hard) against the easy AI, --games games each (deal g // 2, the level
  in seat g % 2): its mean stars and spread, the easy side's, the level's win share;
- hard-easy: hard's win share against easy with its 95 % Wilson interval (from the same games), the mean
  margin in stars;
- selfplay: --selfplay games of easy against easy ("greedy vs greedy"): the first player's win share (the
  first player is drawn: R5), each seat's mean stars, and each spirit's balance: how often it was met,
  its owners' mean stars against the mean of all the spirits' owners (a spirit more than 3 stars off is
  redesigned: issue 39), its own stars (the end spirits' and the Moth's), and the Raven's holders';
- hardself: --hardself games of hard against hard: the first player's win share (the seats, smaller);
- show: the bot's loop: a panel, a decision and each picture, built for every position of --show games (CPU
  times; --rgb: the pictures drawn as before the fixed palette, in RGB mapped onto a palette of their own);
- timing: the decision times of easy and hard alone on one core at the bot's budget (decisions with a
  choice only), against the target (hard's median <= 1 s).
--budget is hard's (the bot's: 240 rollouts; with a dot: seconds)."""

import argparse
import os
import statistics
import sys
import time
from multiprocessing import Pool

sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
os.environ.setdefault("ENGINE_BUILD", "auto")  # as run.sh runs the bot's AI workers: the compiled rules if built

from bench.ai import wilson  # noqa: E402  (one home for the interval)
from engine import native  # noqa: E402
from games.ridgeline.ai import choose  # noqa: E402
from games.ridgeline.play import RULES  # noqa: E402
from games.ridgeline.rules import scoring  # noqa: E402
from games.ridgeline.rules import spirits as S  # noqa: E402
from games.ridgeline.rules.constants import HEAD_START  # noqa: E402

BOT_BUDGET = 240   # the bot's hard budget (app/settings.py ai_hard_budget)
TARGET_MS = 1000   # hard's median decision time at the bot's budget
SPIRIT_LIMIT = 3.0  # a spirit whose owners' mean is more than this off the spirits' mean is redesigned


def play(job: tuple) -> dict:
    """One game between two levels (seat 0 plays levels[0]): the results, each seat's spirits and the
    Raven's holder, the first player, and the decision times by level (decisions with a choice)."""
    levels, seed, budget, beginner = job
    config = RULES.config({"beginner": "on" if beginner else "off"}, ["A", "B"])
    s, _ = RULES.new_game(config, seed)
    first = s["first"]
    times: dict[str, list[float]] = {lv: [] for lv in levels}
    steps: dict[tuple, int] = {}
    while not RULES.is_over(s):
        seat = RULES.deciders(s)[0]
        level = levels[seat]
        choice = len(RULES.legal_actions(s, seat)) > 1
        key = (s["game"], s["turn_no"])
        steps[key] = steps.get(key, 0) + (1 if choice else 0)
        t = time.process_time()
        a = choose(s, seat, level, seed * 7 + seat, budget if level == "hard" else None)
        if choice:
            times[level].append(time.process_time() - t)
        r = RULES.apply(s, a.id)
        assert r.ok, (a.id, r)
        s = r.state
    res = RULES.results(s)
    rec = s["history"][-1]
    own = []
    for seat in (0, 1):
        squares = [int(x["sq"]) for x in s["spirits"][seat]]
        own.append({str(x["key"]): S.end_stars(str(x["key"]), s["boards"][seat], squares) for x in s["spirits"][seat]
                    if S.kind(str(x["key"])) == "end" or S.rule(str(x["key"])) == "stars_now"})
    return {"own": own, "totals": [res[0].total, res[1].total], "winners": [r.winner for r in res], "first": first,
            "spirits": rec["spirits"], "raven": rec["raven"], "bonus": [rec["scores"][x]["bonus"] for x in (0, 1)],
            "times": times, "scores": [res[0].scores, res[1].scores], "steps": list(steps.values()),
            "rainbows": rec["rainbows"]}


def summary(xs: list[float]) -> str:
    if not xs:
        return "-"
    xs = sorted(xs)
    p90 = xs[min(len(xs) - 1, int(0.9 * len(xs)))]
    return (f"median {statistics.median(xs) * 1000:6.1f} ms  p90 {p90 * 1000:6.1f} ms  max {xs[-1] * 1000:6.1f} ms"
            f"  (n={len(xs)})")


def run(pool, jobs: list[tuple]) -> list[dict]:
    return pool.map(play, jobs, chunksize=1) if pool else [play(j) for j in jobs]


def versus(level: str, args, pool) -> dict:
    """`level` against easy: game g, the deal seed + g // 2, the level in seat g % 2."""
    jobs = []
    for g in range(args.games):
        levels = ["easy", "easy"]
        levels[g % 2] = level
        jobs.append((tuple(levels), args.seed * 100_000 + g // 2, args.budget, args.beginner))
    t0 = time.perf_counter()
    out = run(pool, jobs)
    mine = [o["totals"][g % 2] for g, o in enumerate(out)]
    theirs = [o["totals"][1 - g % 2] for g, o in enumerate(out)]
    wins = sum(1 for g, o in enumerate(out) if o["winners"][g % 2] and not o["winners"][1 - g % 2])
    draws = sum(1 for o in out if all(o["winners"]))
    times = [t for o in out for t in o["times"].get(level, [])]
    return {"level": level, "n": len(out), "mean": statistics.mean(mine), "sd": statistics.pstdev(mine),
            "other": statistics.mean(theirs), "other_sd": statistics.pstdev(theirs), "wins": wins, "draws": draws,
            "margin": statistics.mean(a - b for a, b in zip(mine, theirs, strict=True)),
            "secs": time.perf_counter() - t0, "times": times}


def levels_table(args, pool) -> None:
    print(f"\n## The levels against easy ({args.games} games each: {args.games // 2} deals, each with the level "
          "in either seat)\n")
    print("| level | games | its mean stars | sd | easy's mean | sd | mean margin | its wins | 95 % interval | "
          "draws |")
    print("|---|---:|---:|---:|---:|---:|---:|---:|---|---:|")
    rows = {}
    for level in ("random", "easy", "hard"):
        r = versus(level, args, pool)
        rows[level] = r
        lo, hi = wilson(r["wins"], r["n"])
        print(f"| {level} | {r['n']} | {r['mean']:.1f} | {r['sd']:.1f} | {r['other']:.1f} | {r['other_sd']:.1f} | "
              f"{r['margin']:+.1f} | {100 * r['wins'] / r['n']:.1f} % | {100 * lo:.1f}–{100 * hi:.1f} % | "
              f"{r['draws']} |")
        sys.stdout.flush()
    h = rows["hard"]
    lo, hi = wilson(h["wins"], h["n"])
    print(f"\nhard against easy: hard won {h['wins']} of {h['n']} = {100 * h['wins'] / h['n']:.1f} % "
          f"(95 % interval {100 * lo:.1f}–{100 * hi:.1f} %; the issue's target: >= 70 %), draws {h['draws']}, "
          f"mean margin {h['margin']:+.1f} stars; hard's decisions in these games (2 workers): "
          f"{summary(h['times'])}")


def selfplay(args, pool) -> None:
    jobs = [(("easy", "easy"), args.seed * 1_000_000 + g, None, args.beginner) for g in range(args.selfplay)]
    t0 = time.perf_counter()
    out = run(pool, jobs)
    n = len(out)
    first_wins = sum(1 for o in out if o["winners"][o["first"]] and not o["winners"][1 - o["first"]])
    second_wins = sum(1 for o in out if o["winners"][1 - o["first"]] and not o["winners"][o["first"]])
    draws = n - first_wins - second_wins
    lo, hi = wilson(first_wins, n)
    firsts = [o["totals"][o["first"]] for o in out]
    seconds = [o["totals"][1 - o["first"]] for o in out]
    print(f"\n## Seats: {n} games of easy against easy ({time.perf_counter() - t0:.0f} s)\n")
    print("| seat | wins | share | mean stars | sd |")
    print("|---|---:|---:|---:|---:|")
    print(f"| first player (drawn) | {first_wins} | {100 * first_wins / n:.1f} % "
          f"(95 % {100 * lo:.1f}–{100 * hi:.1f} %) | {statistics.mean(firsts):.1f} | {statistics.pstdev(firsts):.1f} |")
    print(f"| second player | {second_wins} | {100 * second_wins / n:.1f} % | {statistics.mean(seconds):.1f} | "
          f"{statistics.pstdev(seconds):.1f} |")
    print(f"| (shared) | {draws} | {100 * draws / n:.1f} % | | |")
    # the same games without the head start (R57): the easy AI's play does not depend on it (it adds the
    # same stars whatever it does), so these are the seats' shares under the rules without it
    plain = [[scoring.order_key(o["totals"][x] - o["scores"][x]["start"], o["scores"][x]["spirits"], o["rainbows"][x])
              for x in (0, 1)] for o in out]
    first_plain = sum(1 for o, k in zip(out, plain, strict=True) if k[o["first"]] > k[1 - o["first"]])
    second_plain = sum(1 for o, k in zip(out, plain, strict=True) if k[1 - o["first"]] > k[o["first"]])
    lo0, hi0 = wilson(first_plain, n)
    print(f"\nThe same games without the head start of {HEAD_START} stars (R57): the first player would have won "
          f"{first_plain} = {100 * first_plain / n:.1f} % (95 % {100 * lo0:.1f}–{100 * hi0:.1f} %), the second "
          f"{second_plain} = {100 * second_plain / n:.1f} %.")
    steps = [x for o in out for x in o["steps"]]
    share = {k: 100 * sum(1 for x in steps if x == k) / len(steps) for k in (1, 2, 3)}
    more = 100 * sum(1 for x in steps if x > 3) / len(steps)
    print(f"\nClicks per turn (a person's: Decide, then each step with a choice; forced steps play themselves): "
          f"mean {1 + statistics.mean(steps):.2f} clicks; turns with 1 step {share[1]:.1f} %, "
          f"2 steps {share[2]:.1f} %, 3 steps {share[3]:.1f} %, more {more:.1f} % ({len(steps)} turns)")
    seat0 = sum(1 for o in out if o["winners"][0] and not o["winners"][1])
    print(f"\nseat 0 (the lobby's first) won {seat0} ({100 * seat0 / n:.1f} %): the first player is drawn.")
    owners: dict[str, list[int]] = {k: [] for k in S.KEYS}
    own_stars: dict[str, list[int]] = {k: [] for k in S.KEYS}
    margins: dict[str, list[int]] = {k: [] for k in S.KEYS}
    for o in out:
        for seat in (0, 1):
            for k in o["spirits"][seat]:
                owners[k].append(o["totals"][seat])
                margins[k].append(o["totals"][seat] - o["totals"][1 - seat])
                if k in o["own"][seat]:
                    own_stars[k].append(o["own"][seat][k])
        if o["raven"] is not None:
            owners[S.CURSE].append(o["totals"][o["raven"]])
            margins[S.CURSE].append(o["totals"][o["raven"]] - o["totals"][1 - o["raven"]])
    everyone = statistics.mean(t for o in out for t in o["totals"])
    met = [k for k in S.KEYS if owners[k]]
    mean_spirit = statistics.mean(statistics.mean(owners[k]) for k in met)
    print(f"\n## Spirits: each spirit's owners in the same {n} games\n")
    print(f"Every player's mean: {everyone:.1f} stars; the mean of the spirits' owners' means: {mean_spirit:.1f}. "
          f"A spirit whose owners' mean is more than {SPIRIT_LIMIT:g} stars off that is redesigned.\n")
    print("| spirit | kind | games met (of a seat's) | owners' mean stars | off the spirits' mean "
          "| owners' mean margin | its own stars | verdict |")
    print("|---|---|---:|---:|---:|---:|---:|---|")
    for k in S.KEYS:
        if not owners[k]:
            print(f"| {k} | {S.kind(k)} | 0 | - | - | - | - | never met |")
            continue
        m = statistics.mean(owners[k])
        off = m - mean_spirit
        verdict = "ok" if abs(off) <= SPIRIT_LIMIT else "REDESIGN"
        own = f"{statistics.mean(own_stars[k]):.2f}" if own_stars[k] else \
            (f"{S.number(k, 'stars')}" if k == S.CURSE else "-")
        print(f"| {k} | {S.kind(k)} | {len(owners[k])} ({100 * len(owners[k]) / (2 * n):.1f} %) | {m:.1f} | "
              f"{off:+.1f} | {statistics.mean(margins[k]):+.1f} | {own} | {verdict} |")
    sys.stdout.flush()


def hard_seats(args, pool) -> None:
    """--hardself games of hard against hard at the budget: the first player's win share (the head start
    counted: hard plays knowing it)."""
    jobs = [(("hard", "hard"), args.seed * 3_000_000 + g, args.budget, args.beginner) for g in range(args.hardself)]
    out = run(pool, jobs)
    n = len(out)
    first = sum(1 for o in out if o["winners"][o["first"]] and not o["winners"][1 - o["first"]])
    second = sum(1 for o in out if o["winners"][1 - o["first"]] and not o["winners"][o["first"]])
    lo, hi = wilson(first, n)
    print(f"\n## Seats: {n} games of hard against hard (budget {args.budget})\n")
    print(f"first player won {first} = {100 * first / n:.1f} % (95 % {100 * lo:.1f}–{100 * hi:.1f} %), the second "
          f"{second} = {100 * second / n:.1f} %, shared {n - first - second}; mean stars: first "
          f"{statistics.mean(o['totals'][o['first']] for o in out):.1f}, second "
          f"{statistics.mean(o['totals'][1 - o['first']] for o in out):.1f} (its head start of {HEAD_START} "
          "included)")
    sys.stdout.flush()


def timing(args) -> None:
    """easy's and hard's decision times alone (one process), hard against easy, at the budget."""
    hard: list[float] = []
    easy: list[float] = []
    by_step: dict[str, list[float]] = {}
    for g in range(args.timing):
        config = RULES.config({}, ["A", "B"])
        s, _ = RULES.new_game(config, 999 + g)
        while not RULES.is_over(s):
            seat = RULES.deciders(s)[0]
            level = "hard" if seat == g % 2 else "easy"
            choice = len(RULES.legal_actions(s, seat)) > 1
            t = time.process_time()
            a = choose(s, seat, level, g, args.budget if level == "hard" else None)
            dt = time.process_time() - t
            if choice:
                (hard if level == "hard" else easy).append(dt)
                if level == "hard":
                    by_step.setdefault(s["step"]["kind"], []).append(dt)
            s = RULES.apply(s, a.id).state  # type: ignore[union-attr]
    med = statistics.median(hard) * 1000 if hard else float("nan")
    print(f"\n## Decision times alone on one core, CPU ({args.timing} games of hard against easy)\n")
    print(f"hard at budget {args.budget}: {summary(hard)}  target median <= {TARGET_MS} ms: "
          f"{'ok' if med <= TARGET_MS else 'MISSED'}")
    for st, xs in sorted(by_step.items()):
        print(f"    {st:10}: {summary(xs)}")
    print(f"easy: {summary(easy)}")
    sys.stdout.flush()


def show(args) -> None:
    """How long the bot's loop spends on a panel and a decision (built for every position of a few games),
    and a worker on each picture (every position's decision picture, a round picture, the results)."""
    from engine import views
    from engine.protocol import Table
    from games.ridgeline import GAME
    from render import named
    table = Table(id=1, names=["A", "B"], mentions=["@A", "@B"], ai=[False, False], options={}, recent=["x"])
    panel: list[float] = []
    decision: list[float] = []
    pictures: dict[str, list[float]] = {}
    sizes: dict[str, int] = {}

    from games.ridgeline import picture_parts
    picture_parts.ON_PALETTE = not args.rgb

    def draw(name: str, *a) -> None:
        t = time.process_time()
        png = named.draw(GAME.pictures, name, *a)
        pictures.setdefault(name, []).append(time.process_time() - t)
        sizes[name] = max(sizes.get(name, 0), len(png))

    for g in range(args.show):
        s, _ = RULES.new_game(RULES.config({}, ["A", "B"]), 500 + g)
        while not RULES.is_over(s):
            seat = RULES.deciders(s)[0]
            t = time.process_time()
            views.panel(GAME, table, s)
            panel.append(time.process_time() - t)
            t = time.process_time()
            d = views.decision(GAME, table, s, seat)
            decision.append(time.process_time() - t)
            assert d is not None and d.picture is not None
            draw(d.picture.name, *d.picture.args)
            if s["step"]["kind"] == "play" and s["turn_no"] % 4 == 0:
                draw("round", *views.round_args(GAME, s, ["A line of the story.", "Another line."]))
            s = RULES.apply(s, choose(s, seat, "easy", g).id).state  # type: ignore[union-attr]
        draw("results", *views.results_args(GAME, s))
    how = "drawn in RGB and mapped onto a palette of its own" if args.rgb else "drawn on the fixed palette"
    print(f"\n## The bot's loop and its pictures ({args.show} games of easy against easy, every position; the "
          f"pictures {how}; CPU times)\n")
    print(f"panel: {summary(panel)}")
    print(f"decision (its moves ranked by the easy AI): {summary(decision)}")
    for name, xs in sorted(pictures.items()):
        print(f"picture {name}: {summary(xs)}; largest {sizes[name] / 1000:.0f} KB")
    every = [x for xs in pictures.values() for x in xs]
    print(f"every picture: {summary(every)}; a whole game's pictures: {sum(every) / args.show:.2f} s of CPU "
          f"({len(every) / args.show:.0f} pictures)")
    sys.stdout.flush()


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--games", type=int, default=200)
    ap.add_argument("--selfplay", type=int, default=2000)
    ap.add_argument("--budget", default=str(BOT_BUDGET))
    ap.add_argument("--workers", type=int, default=2)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--timing", type=int, default=4, help="games of hard alone for its decision times")
    ap.add_argument("--show", type=int, default=3, help="games whose panels, decisions and pictures are timed")
    ap.add_argument("--hardself", type=int, default=100, help="games of hard against hard (the seats)")
    ap.add_argument("--only", default="timing,show,levels,selfplay,hardself")
    ap.add_argument("--beginner", action="store_true", help="beginner mode (no Raven)")
    ap.add_argument("--rgb", action="store_true", help="show: the pictures drawn in RGB and mapped onto a palette "
                    "of their own (as before the fixed palette)")
    args = ap.parse_args()
    args.budget = float(args.budget) if "." in args.budget else int(args.budget)
    only = args.only.split(",")
    build = "compiled" if "games.ridgeline.rules" in native.ACTIVE else "pure"
    print(f"Ridgeline AI and balance bench: {args.games} games a level, {args.selfplay} self-play games, hard budget "
          f"{args.budget}, {args.workers} workers, seed {args.seed}{', beginner mode' if args.beginner else ''}, "
          f"the {build} rules")
    if "timing" in only and args.timing:
        timing(args)
    if "show" in only and args.show:
        show(args)
    pool = Pool(args.workers) if args.workers > 1 else None
    try:
        if "levels" in only:
            levels_table(args, pool)
        if "selfplay" in only:
            selfplay(args, pool)
        if "hardself" in only and args.hardself:
            hard_seats(args, pool)
    finally:
        if pool:
            pool.close()


if __name__ == "__main__":
    main()

__all__ = ["scoring"]
