"""Next Station's maps by simulation (RULES.md R38-R39): how the house maps and generated maps play.

    python bench/next_station_maps.py [--maps 10] [--seeds 20000] [--games 200] [--rounds 1000]
                                      [--levels random,easy,hard] [--hard-budget 240] [--procs 2]
                                      [--write games/next_station/BALANCE.md]
                                      [--agreement 30 [--big 3000]]

For each house map (maps/*.json) and the generated maps of seeds --seeds .. --seeds + --maps - 1 (the daily
maps of the first days of 2026: daily_seed):
- whole solo games, game g with seed g (its cards and the AI's draws), for each AI level: the mean total and
  its spread (std, min, max). The hard AI (ai/search.py, imported only when asked for, skipped with a note
  when it is not there) plays at --hard-budget rollouts a decision (the bot's budget: 240).
- R39, each colour's departure: one round's line of that colour, the solo pencil forced to it and the easy
  AI drawing, round i with the cards of seed mapgen.SAMPLE_SEED + i (mapgen.colour_points), --rounds rounds
  each: mean, std, min, max; then the best colour's mean over the worst's, "fair" when at most
  mapgen.FAIR (1.10).

--agreement N (also): for the candidates generate() judges for N seeds (from --seeds), the decision with its
SAMPLES rounds a colour against the decision with --big rounds (and with SAMPLES + 50): how often they agree,
for keep (<= KEEP, generate's margin) and for fair (<= FAIR); and the same for fair() on the first valid
layouts of the old generator's kind (a plain random layout, much less fair: a harder test of the estimate).

Games and rounds are split among --procs processes; the numbers do not depend on it."""

import argparse
import functools
import importlib.util
import json
import os
import random
import statistics
import sys
import time
from multiprocessing import Pool

sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.abspath(__file__))))

from games.next_station import ai, mapgen  # noqa: E402
from games.next_station.rules import engine as ns  # noqa: E402
from games.next_station.rules.constants import ANY, COLOURS, SIZE, SYMBOLS  # noqa: E402
from games.next_station.rules.maps import MAPS, build, district_of, problems  # noqa: E402

BOT_BUDGET = 240  # the hard AI's rollouts a decision in the bot (app/settings.py ai_hard_budget)
CHUNK = 25


def house_maps() -> list[str]:
    return sorted(p.stem for p in MAPS.glob("*.json"))


@functools.cache
def map_data(ref: str) -> dict:
    """A map's data by its key: a house map's file, or a generated one (gen-SEED) made again."""
    if ref.startswith("gen-"):
        return mapgen.generate(int(ref[4:]))
    return json.loads((MAPS / f"{ref}.json").read_text(encoding="utf-8"))


def hard_missing() -> str | None:
    """Why the hard AI cannot play (None: it can). Imported here only when asked for."""
    if importlib.util.find_spec("games.next_station.ai.search") is None:
        return "games/next_station/ai/search.py is not there"
    try:
        importlib.import_module("games.next_station.ai.search")
    except Exception as e:  # (someone's work in progress: the rest of the report still runs)
        return f"games/next_station/ai/search.py does not import ({e!r})"
    return None


# ---- the jobs (in the worker processes) -----------------------------------------------------------
def solo_game(ref: str, level: str, seed: int, budget: int) -> int:
    """A whole solo game's total (no modules): game `seed`, the AI at `level` for every decision."""
    config = {"players": 1, "names": ["solo"], "map": ref, "objectives": False, "powers": False}
    state, _ = ns.new_game(config, seed)
    events: list[dict] = []
    while state["stage"] != "over":
        action = ai.choose(state, 0, level, seed, budget if level == "hard" else None)
        ns.advance(state, action.id, events)
        state["seq"] += 1
        events.clear()
    return state["result"][0]["total"]


def job(task: tuple) -> tuple:
    kind, ref, what, lo, hi, budget = task
    if kind == "game":
        return task, [solo_game(ref, what, g, budget) for g in range(lo, hi)]
    return task, mapgen.colour_points(map_data(ref), hi - lo, lo)


def agreement_job(task: tuple) -> tuple:
    kind, seed, big = task
    if kind == "new":
        out = []
        for data in mapgen.candidates(seed):
            points = mapgen.colour_points(data, big)
            out.append(points)
            if mapgen.spread(worth_of(points, mapgen.SAMPLES)) <= mapgen.KEEP:
                break  # the map generate() keeps
        return task, out
    return task, [mapgen.colour_points(plain_layout(seed), big)]


def worth_of(points: dict[str, list[int]], n: int) -> dict[str, float]:
    return {c: statistics.fmean(v[:n]) for c, v in points.items()}


def plain_layout(seed: int) -> dict:
    """The first valid layout of the generator's first kind (the placeholder map's): stations, symbols,
    departures and a west-east river all drawn at random, no symmetry (for the agreement test only)."""
    for k in range(500):
        rnd = random.Random(seed * 7919 + k)
        points = {(x, y) for x in range(SIZE) for y in range(SIZE)}
        taken = {p: "" for p in ((0, 0), (SIZE - 1, 0), (0, SIZE - 1), (SIZE - 1, SIZE - 1))}
        centre = (rnd.choice((4, 5)), rnd.choice((4, 5)))
        taken[centre] = ANY
        departures = {}
        colours = list(COLOURS)
        rnd.shuffle(colours)
        for colour, d in zip(colours, (1, 3, 5, 7), strict=True):
            spot = rnd.choice(sorted(p for p in points if p not in taken and district_of(*p, mapgen.CUTS) == d
                                     and 2 <= p[0] <= 7 and 2 <= p[1] <= 7))
            taken[spot] = ""
            departures[colour] = spot
        free = sorted(p for p in points if p not in taken and district_of(*p, mapgen.CUTS) < 9)
        rnd.shuffle(free)
        for p in free:
            d = district_of(*p, mapgen.CUTS)
            if len(taken) < mapgen.STATIONS and sum(1 for q in taken if district_of(*q, mapgen.CUTS) == d) < (
                    9 if d == 4 else 6):
                taken[p] = ""
        others = [p for p in sorted(taken) if taken[p] != ANY]
        symbols = [SYMBOLS[i % 4] for i in range(len(others))]
        rnd.shuffle(symbols)
        taken.update(zip(others, symbols, strict=True))
        tourist = {centre}
        for qx, qy in ((0, 0), (1, 0), (0, 1), (1, 1)):
            tourist.add(rnd.choice([p for p in others if (p[0] >= 5) == qx and (p[1] >= 5) == qy
                                    and p not in departures.values() and district_of(*p, mapgen.CUTS) < 9]))
        y = rnd.choice((3.5, 4.5, 5.5))
        river, x = [[-0.5, y]], -0.5
        while x < SIZE - 0.5:
            x = min(SIZE - 0.5, x + rnd.choice((1, 2, 2)))
            y = min(7.5, max(1.5, y + rnd.choice((-1, 0, 0, 1))))
            river.append([x, y])
        stations = sorted(taken)
        index = {p: i for i, p in enumerate(stations)}
        data = {"key": "plain", "name": "plain", "stations": [[x, y, taken[(x, y)], (x, y) in tourist]
                                                             for x, y in stations],
                "cuts": list(mapgen.CUTS), "departures": {c: index[p] for c, p in departures.items()},
                "river": river, "size": SIZE}
        if not problems(build(data)):
            return data
    raise RuntimeError(seed)


# ---- the report -----------------------------------------------------------------------------------
def spread_row(values: list[int]) -> str:
    return (f"{statistics.fmean(values):.1f} | {statistics.pstdev(values):.1f} | {min(values)} | {max(values)}")


def describe(ref: str) -> str:
    m = build(map_data(ref))
    share = sum(m.crosses_river) / len(m.sections)
    tourists = [m.xy[i] for i in range(m.stations) if m.tourist[i]]
    return (f"{m.stations} stations, {len(m.sections)} potential sections, river crossings {share:.1%}, "
            f"tourist sites at {', '.join(f'({x},{y})' for x, y in tourists)}")


def balance(args) -> str:
    refs = house_maps() + [f"gen-{s}" for s in range(args.seeds, args.seeds + args.maps)]
    levels = [lv for lv in args.levels.split(",") if lv]
    notes = []
    missing = hard_missing() if "hard" in levels else None
    if missing:
        levels.remove("hard")
        notes.append(f"No hard games: {missing}.")
    timing = []
    for ref in refs:  # generate()'s time (here, alone: as the bot makes a daily map), each map made once
        t, t_cpu = time.perf_counter(), time.process_time()
        map_data(ref)
        timing.append((time.perf_counter() - t, time.process_time() - t_cpu))
    tasks = []
    for ref in refs:
        for lo in range(0, args.games, CHUNK):
            hi = min(args.games, lo + CHUNK)
            tasks += [("game", ref, level, lo, hi, args.hard_budget) for level in levels]
        for lo in range(0, args.rounds, CHUNK * 4):
            tasks.append(("colours", ref, "easy", lo, min(args.rounds, lo + CHUNK * 4), 0))
    # the slow jobs first, so that the processes end together
    tasks.sort(key=lambda t: (t[2] != "hard", t[0] != "game"))
    games: dict[tuple[str, str], list[int]] = {}
    rounds: dict[str, dict[str, list[int]]] = {ref: {c: [] for c in COLOURS} for ref in refs}
    parts: dict[tuple, object] = {}
    started = time.perf_counter()
    with Pool(args.procs) as pool:
        for task, out in pool.imap_unordered(job, tasks):
            parts[task] = out
    for task in sorted(parts, key=lambda t: t[3]):  # in game order, whatever the processes did
        kind, ref, level = task[:3]
        out = parts[task]
        if kind == "game":
            games.setdefault((ref, level), []).extend(out)  # type: ignore[arg-type]
        else:
            for c in COLOURS:
                rounds[ref][c].extend(out[c])  # type: ignore[index]
    seconds = time.perf_counter() - started
    lines = []
    for ref in refs:
        m = build(map_data(ref))
        title = m.name if not ref.startswith("gen-") else f"{ref} (generated, seed {ref[4:]})"
        lines += [f"### {title}", "", describe(ref), ""]
        lines += ["| AI | games | mean total | std | min | max |", "|---|---:|---:|---:|---:|---:|"]
        for level in levels:
            budget = f" ({args.hard_budget} rollouts)" if level == "hard" else ""
            lines.append(f"| {level}{budget} | {len(games[(ref, level)])} | {spread_row(games[(ref, level)])} |")
        lines += ["", "| colour | departure | rounds | mean line | std | min | max |",
                  "|---|---|---:|---:|---:|---:|---:|"]
        for c in COLOURS:
            x, y = m.xy[m.departures[c]]
            lines.append(f"| {c} | ({x},{y}) | {len(rounds[ref][c])} | {spread_row(rounds[ref][c])} |")
        worth = {c: statistics.fmean(v) for c, v in rounds[ref].items()}
        ratio = mapgen.spread(worth)
        verdict = "fair" if ratio <= mapgen.FAIR else "unfair"
        lines += ["", f"max/min {ratio:.3f}: **{verdict}** (limit {mapgen.FAIR:.2f})", ""]
    summary = ["| map | random | easy | hard | colours' max/min | R39 |", "|---|---:|---:|---:|---:|---|"]
    for ref in refs:
        worth = {c: statistics.fmean(v) for c, v in rounds[ref].items()}
        cells = [f"{statistics.fmean(games[(ref, lv)]):.1f}" if (ref, lv) in games else "-"
                 for lv in ("random", "easy", "hard")]
        ratio = mapgen.spread(worth)
        verdict = "fair" if ratio <= mapgen.FAIR else "unfair"
        summary.append(f"| {ref} | {' | '.join(cells)} | {ratio:.3f} | {verdict} |")
    head = [f"Maps: {', '.join(refs)}. Whole solo games: {args.games} a level, game g with seed g; colours: "
            f"{args.rounds} rounds each. {seconds:.0f} s with {args.procs} processes.", *notes, ""]
    made = timing[len(house_maps()):]
    if made:
        wall, cpu = [w for w, _c in made], [c for _w, c in made]
        head += [f"generate() for each generated map, alone: mean {statistics.fmean(wall):.2f} s, max "
                 f"{max(wall):.2f} s (CPU time: mean {statistics.fmean(cpu):.2f} s, max {max(cpu):.2f} s; "
                 f"{len(made)} seeds, {mapgen.SAMPLES} rounds a colour for each layout judged).", ""]
    return "\n".join(head + ["Mean solo totals, and each map's colours:", ""] + summary + [""] + lines)


def agreement(args) -> str:
    seeds = range(args.seeds, args.seeds + args.agreement)
    tasks = [(kind, s, args.big) for kind in ("new", "plain") for s in seeds]
    with Pool(args.procs) as pool:
        results = pool.map(agreement_job, tasks)
    n, n2 = mapgen.SAMPLES, mapgen.SAMPLES + 50
    out = [f"Agreement of the decisions made with {n} rounds a colour (and {n2}) with {args.big} rounds, "
           f"seeds {seeds.start}..{seeds.stop - 1}:", ""]
    for kind, label in (("new", "candidates generate() judged"), ("plain", "plain random layouts")):
        rows = [p for (k, _s, _b), ps in results if k == kind for p in ps]
        big = [mapgen.spread(worth_of(p, args.big)) for p in rows]
        small = [mapgen.spread(worth_of(p, n)) for p in rows]
        near = [mapgen.spread(worth_of(p, n2)) for p in rows]
        for limit, name in ((mapgen.KEEP, "keep"), (mapgen.FAIR, "fair")):
            same = sum((a <= limit) == (b <= limit) for a, b in zip(small, big, strict=True))
            same2 = sum((a <= limit) == (b <= limit) for a, b in zip(small, near, strict=True))
            out.append(f"- {label}: {len(rows)}; {name} (<= {limit:.2f}): {n} vs {args.big} agree {same}/{len(rows)}, "
                       f"{n} vs {n2} agree {same2}/{len(rows)}")
        out.append(f"  max/min with {args.big}: " + " ".join(f"{b:.3f}" for b in big))
        out.append(f"  max/min with {n}: " + " ".join(f"{a:.3f}" for a in small))
    kept = [ps[-1] for (k, _s, _b), ps in results if k == "new"]
    ok = sum(mapgen.spread(worth_of(p, args.big)) <= mapgen.FAIR for p in kept)
    out.append(f"- the maps generate() returned: {ok}/{len(kept)} fair with {args.big} rounds a colour")
    return "\n".join(out)


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--maps", type=int, default=10, help="generated maps besides the house maps")
    ap.add_argument("--seeds", type=int, default=20000, help="the first generated map's seed")
    ap.add_argument("--games", type=int, default=200, help="games a level")
    ap.add_argument("--rounds", type=int, default=1000, help="rounds a colour (R39)")
    ap.add_argument("--levels", default="random,easy,hard")
    ap.add_argument("--hard-budget", type=int, default=BOT_BUDGET, help="the hard AI's rollouts a decision")
    ap.add_argument("--procs", type=int, default=os.cpu_count() or 2)
    ap.add_argument("--write", help="also write the report to this file (markdown)")
    ap.add_argument("--agreement", type=int, default=0, help="check the fairness decision on this many seeds")
    ap.add_argument("--big", type=int, default=3000, help="rounds a colour of the agreement's reference")
    args = ap.parse_args(argv)
    text = balance(args) if args.maps or house_maps() else ""
    if args.agreement:
        text += "\n\n## Agreement\n\n" + agreement(args)
    print(text)
    if args.write:
        command = "python bench/next_station_maps.py " + " ".join(argv if argv is not None else sys.argv[1:])
        with open(args.write, "w", encoding="utf-8") as f:
            f.write(HEADER.format(command=command.strip(), limit=mapgen.FAIR, keep=mapgen.KEEP,
                                  samples=mapgen.SAMPLES) + text + "\n")
    return 0


HEADER = """# Next Station: the maps' balance

Made by `{command}` (bench/next_station_maps.py: how to read it is in its docstring). R39: a map is kept
only if no colour's line is worth more than {limit:.2f} times another's, by one round's line of each colour
drawn by the easy AI solo. `mapgen.generate()` judges a layout with {samples} rounds a colour and keeps it
only at most {keep:.2f} apart (a margin for the estimate's noise); the tables below use more rounds.

"""


if __name__ == "__main__":
    sys.exit(main())
