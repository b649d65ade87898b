"""AI strength and speed: seeded 4-player games, one AI seat against three weaker players.

    python bench/ai.py [--games 120] [--budget 20] [--workers 2] [--seed 1] [--only hard-easy] [--log FILE]

Matchups: easy vs 3 random, hard vs 3 random, hard vs 3 easy. The AI's seat rotates with the
game number (seat = game % 4); a game counts as a win when the AI seat is among the winners, so a
shared victory counts for each winner. The win rate comes with a 95% Wilson interval.
--budget is hard's budget in these games: an integer = rollouts per decision, a number with a
dot or an 's' suffix = seconds (not reproducible). Decision times are measured inside the games
(with --workers processes sharing the machine); hard's time at its default budget is measured
separately on a handful of decisions, at its default budget and at the bot's (240 rollouts),
against the target (median <= 1 s), and easy's on every decision of one game (--timing-only:
only these). --log FILE appends one JSON line a game (matchup, game seed, AI seat, won, VP margin):
two versions of an AI compared game by game on the same seeds (the games only one of them won)."""

import argparse
import json
import math
import os
import statistics
import sys
import time
from multiprocessing import Pool

sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
os.environ.setdefault("ENGINE_BUILD", "auto")  # as run.sh runs the bot's AI workers: the compiled rules if built

import games.pioneer_days.rules as engine  # noqa: E402
from games.pioneer_days import ai  # noqa: E402
from games.pioneer_days.ai import search  # noqa: E402

BOT_ROLLOUTS = 240  # hard's budget in the bot
HARD_TARGET_MS = 500  # hard's median decision time at the bot's budget (issue 31; issue 14 asked 1 s)
WIN_TARGET, WIN_GAMES = 0.75, 200  # hard vs 3 easy at the bot's budget: >= 75 % over >= 200 games (issues 31, 43)
MATCHUPS = {"easy-random": ("easy", "random"), "hard-random": ("hard", "random"),
            "hard-easy": ("hard", "easy")}


def play(job: tuple) -> tuple:
    """One game: (AI seat among the winners, decision times in seconds per level, the AI seat's
    VP margin over the best other seat)."""
    ai_level, other, game, seed, budget = job
    me = game % 4
    levels = [other] * 4
    levels[me] = ai_level
    s, _ = engine.new_game({"players": 4}, seed + game)
    times: dict = {ai_level: [], other: []}
    while not engine.is_over(s):
        seat = engine.deciders(s)[0]
        level = levels[seat]
        t = time.perf_counter()
        a = ai.choose(s, seat, level, seed=seed * 7 + game, budget=budget)
        if len(engine.legal_actions(s, seat)) > 1:
            times[level].append(time.perf_counter() - t)
        engine.advance(s, a)
    winners = [r["seat"] for r in s["result"] if r["winner"]]
    totals = [r["total"] for r in s["result"]]
    return me in winners, times, totals[me] - max(t for i, t in enumerate(totals) if i != me)


def wilson(k: int, n: int, z: float = 1.96) -> tuple[float, float]:
    if n == 0:
        return 0.0, 1.0
    p = k / n
    d = 1 + z * z / n
    c = p + z * z / (2 * n)
    h = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n))
    return (c - h) / d, (c + h) / d


def pct(xs: list, q: float) -> float:
    xs = sorted(xs)
    return xs[min(len(xs) - 1, int(q * len(xs)))] * 1000 if xs else float("nan")


def default_budget_times(n: int, seed: int, budget=None, cpu: list | None = None) -> list:
    """hard's decision time at a budget (None: its default) on n non-trivial decisions of one game."""
    return decision_times(n, seed, "hard", budget, cpu=cpu)


def decision_times(n: int, seed: int, level: str, budget=None, every: int = 5, cpu: list | None = None) -> list:
    """The level's decision time on n non-trivial decisions of one easy-AI game (every `every`-th
    step), alone on one core; cpu: a list given gets each decision's CPU time (the process's own:
    what the wall time would be on a machine nobody else loads)."""
    s, _ = engine.new_game({"players": 4}, seed + 999)
    out = []
    step = 0
    while not engine.is_over(s) and len(out) < n:
        seat = engine.deciders(s)[0]
        if step % every == 0 and len(engine.legal_actions(s, seat)) > 1:
            t, c = time.perf_counter(), time.process_time()
            ai.choose(s, seat, level, seed=seed, budget=budget)
            out.append(time.perf_counter() - t)
            if cpu is not None:
                cpu.append(time.process_time() - c)
        a = ai.choose(s, seat, "easy", seed=seed)
        engine.advance(s, a)
        step += 1
    return out


def parse_budget(text: str):
    if text.endswith("s"):
        return float(text[:-1])
    return float(text) if "." in text else int(text)


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--games", type=int, default=120, help="games per matchup")
    ap.add_argument("--budget", default="20", help="hard's budget in the games (rollouts or seconds)")
    ap.add_argument("--workers", type=int, default=2)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--only", choices=sorted(MATCHUPS), action="append")
    ap.add_argument("--timing", type=int, default=12, help="decisions timed at hard's default budget")
    ap.add_argument("--timing-budget", type=int, action="append",
                    help="time hard at this many rollouts (default: 240, the bot's budget), repeatable")
    ap.add_argument("--timing-only", action="store_true", help="no games: only the decision times")
    ap.add_argument("--log", help="append one JSON line a game to this file")
    args = ap.parse_args()
    budget = parse_budget(args.budget)
    last = args.seed + args.games - 1
    if not args.timing_only:
        print(f"Pioneer Days AI bench: 4-player games, sets A+B, seeds {args.seed}..{last}, "
              f"AI seat = game % 4; hard budget in games: {args.budget} "
              f"({'rollouts' if isinstance(budget, int) else 'seconds'} per decision); "
              f"default budget = {search.DEFAULT_ROLLOUTS} rollouts")
        print("win = the AI seat is among the winners (a shared victory counts for each winner)")
        with Pool(args.workers) as pool:
            for name in args.only or list(MATCHUPS):
                matchup(pool, name, args, budget)
    if not args.timing:
        return
    ts = decision_times(max(args.timing, 60), args.seed, "easy", every=1)
    print(f"easy, {len(ts)} decisions alone on one core: median {pct(ts, 0.5):.2f} ms, "
          f"p90 {pct(ts, 0.9):.2f} ms, max {max(ts) * 1000:.1f} ms")
    for budget in [None] + (args.timing_budget or [BOT_ROLLOUTS]):
        cpu: list = []
        ts = default_budget_times(args.timing, args.seed, budget, cpu)
        which = f"its default budget ({search.DEFAULT_ROLLOUTS} rollouts)" if budget is None \
            else f"{budget} rollouts"
        med = pct(ts, 0.5)
        target = ""
        if budget == BOT_ROLLOUTS:
            target = f"; target: median <= {HARD_TARGET_MS} ms at the bot's budget: " + \
                ("met" if med <= HARD_TARGET_MS else f"NOT met ({med - HARD_TARGET_MS:.0f} ms over)")
        print(f"hard at {which}, {len(ts)} decisions alone on one core: median {med:.0f} ms, "
              f"p90 {pct(ts, 0.9):.0f} ms, max {max(ts) * 1000:.0f} ms{target}")
        print(f"    CPU time of the same decisions (the figure on a machine nobody else loads): median "
              f"{pct(cpu, 0.5):.0f} ms, p90 {pct(cpu, 0.9):.0f} ms")


def matchup(pool, name: str, args, budget) -> None:
    lvl, other = MATCHUPS[name]
    t0 = time.perf_counter()
    jobs = [(lvl, other, g, args.seed, budget) for g in range(args.games)]
    res = []
    for job, r in zip(jobs, pool.imap(play, jobs, chunksize=1), strict=True):  # (in order: the same figures as a map)
        res.append(r)
        if args.log:
            with open(args.log, "a") as f:
                f.write(json.dumps({"matchup": name, "game_seed": args.seed + job[2], "seat": job[2] % 4,
                                    "won": r[0], "margin": r[2]}) + "\n")
        if len(res) % 20 == 0:  # progress, for runs of an hour
            print(f"    ... {len(res)}/{len(jobs)} games, {sum(1 for w, _, _ in res if w)} won, "
                  f"{time.perf_counter() - t0:.0f} s", file=sys.stderr, flush=True)
    k = sum(1 for won, _, _ in res if won)
    lo, hi = wilson(k, len(res))
    ts = {x: [v for _, t, _ in res for v in t[x]] for x in (lvl, other)}
    margin = statistics.mean(m for _, _, m in res)
    print(f"{lvl} vs 3 {other}: won {k}/{len(res)} = {k / len(res):.1%} "
          f"(95% CI {lo:.1%}-{hi:.1%}); mean VP margin over the best opponent {margin:+.1f}; "
          f"{time.perf_counter() - t0:.0f} s")
    if name == "hard-easy":
        short = [] if k / len(res) >= WIN_TARGET else [f"{WIN_TARGET - k / len(res):.1%} short"]
        if len(res) < WIN_GAMES:
            short.append(f"only {len(res)} games of the {WIN_GAMES} asked")
        if budget != BOT_ROLLOUTS:
            short.append(f"at {budget}, not the bot's {BOT_ROLLOUTS} rollouts")
        print(f"    target: hard >= {WIN_TARGET:.0%} against 3 easy over >= {WIN_GAMES} games at the bot's "
              f"budget: {'met' if not short else 'NOT met (' + '; '.join(short) + ')'}")
    for level in (lvl, other):
        if level != "random":
            print(f"    {level}: {len(ts[level])} decisions, median {pct(ts[level], 0.5):.1f} ms, "
                  f"p90 {pct(ts[level], 0.9):.1f} ms")


if __name__ == "__main__":
    main()
