"""Original city maps made from a seed (no map of the published game is copied): the official map's
budget, our own layout. A map is made, checked (rules/maps.py problems, and fair: R39) and made again from
the next sub-seed until it passes; `generate(seed)` is the map, as map data (JSON-ready).

    python -m games.next_station.mapgen SEED [--write maps/KEY.json] [--key KEY] [--name NAME]

The layout is fair by construction as far as it can be: the four departures are images of one another in
the two diagonals' mirrors and the half turn, and so are the stations within WINDOW of them, and their
symbols (the same in the mirror y = x, the paired symbol in the other two: each departure sees what the
others see, the symbols maybe renamed, and the cards treat the four symbols alike), an even mix near each
departure. The river runs along the diagonal from the south-west corner to the north-east one, on a strip
kept free of stations, so that a section crosses it exactly when it joins the two sides, for every
departure alike (or the whole map is seen in a mirror: the river from the north-west to the south-east).
What the layout cannot promise the simulation checks (R39): `colour_worth` is the mean points of one
round's line of each colour, drawn by the easy AI solo (the same cards and AI draws for every colour and
map), and `fair` asks that no colour be worth more than 10 % above another; generate() keeps a margin
below that (KEEP), so that its maps are fair whatever the number of rounds (BALANCE.md).

The daily map is the map of the day's number (daily_seed: every server gets the same map, and the same
cards, that day)."""

import argparse
import contextlib
import datetime as dt
import json
import random
import sys
import threading
from collections.abc import Iterator, Mapping
from pathlib import Path

from .ai import greedy
from .rules import engine
from .rules.constants import ANY, COLOURS, SIZE, SYMBOLS
from .rules.edition import CURRENT
from .rules.maps import DIRECTIONS, MAPS, Map, build, district_of, problems

Point = tuple[int, int]

CUTS = (3, 7)
STATIONS = 53
LAST = SIZE - 1
TRIES = 500
CENTRES = ((4, 4), (5, 5))  # the central station: in the centre, off the river's diagonal
ACROSS = (4, 5)  # the north departure's column (the others its mirrors; at 3 or 6 it would touch one of them)
WINDOW = 3     # the stations this close to a departure (in king steps) are placed alike around every departure
RINGS = 2      # ... and the symbols of the stations this many sections from it: an even mix, alike
LOW, HIGH = 4, 6  # stations in each district of the 3 x 3 block but the centre (corners: 1)
LOW_CENTRE, HIGH_CENTRE = 7, 10

# R39: no colour's line worth more than FAIR times another's. The estimate: SAMPLES rounds per colour,
# sample i with the cards of seed SAMPLE_SEED + i and easy-AI seed i, the same for every colour and map
# (common random numbers: the colours' means err together). generate() keeps a map only if its estimate
# is at most KEEP, far enough below FAIR that a kept map is fair with any number of samples (BALANCE.md).
FAIR = 1.10
KEEP = 1.06
SAMPLES = 150
SAMPLE_SEED = 1


def daily_seed(day: dt.date) -> int:
    """The seed of a day's map and cards (the same for every server)."""
    return 20_000 + (day - dt.date(2026, 1, 1)).days


# ---- layout ---------------------------------------------------------------------------------------
def _mirrors(p: Point) -> tuple[Point, ...]:
    """p and its images in the two diagonals and the half turn: the images of a departure are the others."""
    return tuple(sorted(set(_images(p))))


def _images(p: Point) -> tuple[Point, Point, Point, Point]:
    """p's images by the identity, the mirror in y = x, the mirror in the other diagonal, the half turn."""
    x, y = p
    return (x, y), (y, x), (LAST - y, LAST - x), (LAST - x, LAST - y)


def _neighbours(at: set[Point], p: Point) -> list[Point]:
    """The stations one potential section from p (the first station in each of the 8 directions)."""
    out = []
    for dx, dy in DIRECTIONS:
        x, y = p[0] + dx, p[1] + dy
        while 0 <= x < SIZE and 0 <= y < SIZE:
            if (x, y) in at:
                out.append((x, y))
                break
            x, y = x + dx, y + dy
    return out


def _river(rnd: random.Random) -> list[list[float]]:
    """A river from beyond the south-west corner to beyond the north-east one, wandering along the diagonal
    x + y = 9 but never reaching the rows x + y = 8 or 10: a point at t along the diagonal and w across it
    is (t + w/2, 9 - t + w/2), |w| <= 0.75. The lattice points of the diagonal hold no station (but the two
    corners, which the river passes beside)."""
    ws = []
    w = rnd.uniform(-0.6, 0.6)
    for _ in range(21):  # t = -0.5, 0, 0.5 ... 9.5
        ws.append(w)
        w = max(-0.75, min(0.75, w + rnd.uniform(-0.3, 0.3)))
    for k in (1, 19):  # t = 0 and 9: beside the corner station
        if abs(ws[k]) < 0.3:
            ws[k] = 0.3 if ws[k] >= 0 else -0.3
    return [[round(-0.5 + k / 2 + w / 2, 3), round(LAST + 0.5 - k / 2 + w / 2, 3)] for k, w in enumerate(ws)]


def _even(counts: dict[str, int], rnd: random.Random) -> str:
    """The symbol seen least so far (a random one of them)."""
    return min(SYMBOLS, key=lambda s: (counts[s], rnd.random()))


def _candidate(rnd: random.Random) -> dict | None:
    """A layout (None when this draw does not make one: the caller draws again)."""
    points = [(x, y) for x in range(SIZE) for y in range(SIZE)]
    river_row = {p for p in points if p[0] + p[1] == LAST}
    taken: dict[Point, str] = {p: "" for p in ((0, 0), (LAST, 0), (0, LAST), (LAST, LAST))}
    centre = rnd.choice(CENTRES)
    a = rnd.choice(ACROSS)
    # north, east, south, west: one district next to the centre each, and each the others' mirror
    departures = [(a, 2), (LAST - 2, LAST - a), (LAST - a, LAST - 2), (2, a)]
    for p in departures:
        taken[p] = ""
    taken[centre] = ANY
    count: dict[int, int] = {}
    for p in taken:
        count[district_of(*p, CUTS)] = count.get(district_of(*p, CUTS), 0) + 1
    near = {p for p in points if any(max(abs(p[0] - d[0]), abs(p[1] - d[1])) <= WINDOW for d in departures)}
    free = [p for p in points if p not in taken and p not in river_row and p not in _mirrors(centre)]
    groups = sorted({_mirrors(p) for p in free if p in near}) + [(p,) for p in free if p not in near]
    groups += [(p,) for p in _mirrors(centre) if p not in taken]
    rnd.shuffle(groups)
    for first in (True, False):  # every district its least, then on to the budget
        for group in groups:
            if any(p in taken for p in group) or len(taken) + len(group) > STATIONS:
                continue
            need: dict[int, int] = {}
            for p in group:
                need[district_of(*p, CUTS)] = need.get(district_of(*p, CUTS), 0) + 1
            if any(count.get(d, 0) + n > (HIGH_CENTRE if d == 4 else HIGH) for d, n in need.items()):
                continue
            if first and any(count.get(d, 0) >= (LOW_CENTRE if d == 4 else LOW) for d in need):
                continue
            for p in group:
                taken[p] = ""
            for d, n in need.items():
                count[d] = count.get(d, 0) + n
    if len(taken) != STATIONS or any(count.get(d, 0) < (LOW_CENTRE if d == 4 else LOW) for d in range(9)):
        return None
    at = set(taken)
    if any(centre in _neighbours(at, d) for d in departures):
        return None  # the central station (any card) next to a departure: too good a start for that colour
    # symbols. A station and its mirror in y = x have the same symbol; their images in the other diagonal
    # and the half turn the paired symbol (the symbols paired at random: numbers s and s ^ 1). So each
    # departure sees around it what the others see, the symbols maybe renamed (the cards treat the four
    # alike), and a set of mirrors shows two symbols. Near the north departure, ring by ring (one section
    # away, two), an even mix; then the other whole sets of mirrors; the stations left make the totals even.
    names = list(SYMBOLS)
    rnd.shuffle(names)
    seen: dict[str, int] = dict.fromkeys(SYMBOLS, 0)

    def put(p: Point, s: int) -> None:
        for k, q in enumerate(_images(p)):
            if q in at and not taken[q]:
                taken[q] = names[s ^ (k >> 1)]
                seen[taken[q]] += 1

    done = {departures[0], centre}
    ring = [p for p in _neighbours(at, departures[0]) if p != centre]
    for _ in range(RINGS):
        here = dict.fromkeys(SYMBOLS, 0)
        for p in ring:
            if taken[p]:
                here[taken[p]] += 1
        order = [p for p in ring if not taken[p]]
        rnd.shuffle(order)
        for p in order:
            if not taken[p]:
                s = min(range(4), key=lambda s: (here[names[s]], seen[names[s]], rnd.random()))
                here[names[s]] += 1
                put(p, s)
        done |= set(ring)
        ring = sorted({q for p in ring for q in _neighbours(at, p)} - done)
    rest = [p for p in sorted(at) if not taken[p]]
    rnd.shuffle(rest)
    for p in rest:
        if len(_mirrors(p)) == 4 and all(q in at and not taken[q] for q in _mirrors(p)):
            put(p, rnd.randrange(4))
    for p in rest:
        if not taken[p]:
            taken[p] = _even(seen, rnd)
            seen[taken[p]] += 1
    # tourist sites: the central station and four mirrors of one station, one in each quarter of the map,
    # out of the centre district, two steps or more from each other and from the departures
    corners = {(0, 0), (LAST, 0), (0, LAST), (LAST, LAST)}
    spots = [p for p in sorted(at) if p[0] < SIZE // 2 and p[1] < SIZE // 2 and district_of(*p, CUTS) != 4
             and abs(p[0] - p[1]) >= 2 and p[0] + p[1] <= LAST - 2 and all(q in at and q not in corners and all(
                 max(abs(q[0] - d[0]), abs(q[1] - d[1])) >= 2 for d in departures) for q in _mirrors(p))]
    if not spots:
        return None
    tourist = {centre, *_mirrors(rnd.choice(spots))}
    colours = list(COLOURS)
    rnd.shuffle(colours)
    river = _river(rnd)
    if rnd.random() < 0.5:  # or all of it seen in a mirror: the river from the north-west to the south-east
        def flip(p: Point) -> Point:
            return LAST - p[0], p[1]
        taken = {flip(p): v for p, v in taken.items()}
        at, tourist, departures = set(taken), {flip(p) for p in tourist}, [flip(p) for p in departures]
        river = [[round(LAST - x, 3), y] for x, y in river]
    stations = sorted(at)
    index = {p: i for i, p in enumerate(stations)}
    return {"stations": [[x, y, taken[(x, y)], (x, y) in tourist] for x, y in stations], "cuts": list(CUTS),
            "departures": {c: index[p] for c, p in zip(colours, departures, strict=True)}, "river": river,
            "size": SIZE}


# ---- fairness (R39) -------------------------------------------------------------------------------
TRIAL = "mapgen:trial"  # the key a map being judged goes by (no map of maps/ and no generated map has it)
_TRIAL_LOCK = threading.Lock()


@contextlib.contextmanager
def _trial(m: Map) -> Iterator[None]:
    """The engine and the easy AI find maps by key (rules.maps.load: the maps of maps/ and the generated
    ones, cached); while a map is judged they find it under TRIAL too, and nothing is cached."""
    with _TRIAL_LOCK:
        real = engine.load, greedy.load

        def look(key: str) -> Map:
            return m if key == TRIAL else real[0](key)

        setattr(engine, "load", look)  # noqa: B010 (a module's function swapped for a while)
        setattr(greedy, "load", look)  # noqa: B010
        try:
            yield
        finally:
            setattr(engine, "load", real[0])  # noqa: B010
            setattr(greedy, "load", real[1])  # noqa: B010


def _trial_map(map_data: Mapping) -> Map:
    return build({**map_data, "key": TRIAL, "name": str(map_data.get("name", TRIAL))})


def _points(m: Map, samples: range) -> dict[str, list[int]]:
    """Each colour's line points in one round per sample: the solo player takes that colour's pencil and
    the easy AI draws (the rules' engine, on plain states, as the host would play them)."""
    out: dict[str, list[int]] = {c: [] for c in COLOURS}
    config = {"players": 1, "names": ["solo"], "map": TRIAL, "objectives": False, "powers": False,
              "edition": CURRENT}  # (a map is made for the rules of new games)
    events: list[dict] = []
    with _trial(m):
        for i in samples:
            for colour in COLOURS:
                state, _ = engine.new_game(config, SAMPLE_SEED + i)
                for c in (colour, *[x for x in COLOURS if x != colour][:2]):  # (the order: R11; round 1's counts)
                    engine.advance(state, f"0:pencil:{c}", events)
                    state["seq"] += 1
                while state["round"] == 1:
                    engine.advance(state, greedy.choose_greedy(state, 0, i).id, events)
                    state["seq"] += 1
                    events.clear()
                out[colour].append(state["players"][0]["scored"][colour]["points"])
    return out


def colour_points(map_data: Mapping, samples: int = SAMPLES, first: int = 0) -> dict[str, list[int]]:
    """{colour: its line's points in each of the rounds first .. first + samples - 1} (see _points)."""
    return _points(_trial_map(map_data), range(first, first + samples))


def _means(points: Mapping[str, list[int]]) -> dict[str, float]:
    return {c: sum(v) / len(v) for c, v in points.items()}


def colour_worth(map_data: Mapping, samples: int = SAMPLES) -> dict[str, float]:
    """{colour: the mean points of one round's line of that colour} (R39), over `samples` rounds each."""
    return _means(colour_points(map_data, samples))


def spread(worth: Mapping[str, float]) -> float:
    """The best colour's worth over the worst's (1.0: all alike)."""
    return max(worth.values()) / max(1e-9, min(worth.values()))


def fair(map_data: Mapping, samples: int = SAMPLES) -> bool:
    """R39: no colour's line worth more than 10 % above another's."""
    return spread(colour_worth(map_data, samples)) <= FAIR


# ---- the generator --------------------------------------------------------------------------------
def _valid(seed: int) -> Iterator[tuple[dict, Map]]:
    for k in range(TRIES):
        data = _candidate(random.Random(seed * 7919 + k))
        if data is not None:
            m = _trial_map(data)
            if not problems(m):
                yield data, m


def candidates(seed: int) -> Iterator[dict]:
    """The valid layouts of a seed's sub-seeds, in order (before the fairness test)."""
    return (data for data, _m in _valid(seed))


def keep(map_data: Mapping) -> bool:
    """What generate() asks of a valid layout: its colours' worth at most KEEP apart (SAMPLES rounds each)."""
    return spread(colour_worth(map_data, SAMPLES)) <= KEEP


def generate(seed: int, name: str | None = None) -> dict:
    """A valid, fair map from `seed` (the same map for the same seed): the first of the seed's candidates
    that generate() keeps (see keep)."""
    for data, m in _valid(seed):
        if spread(_means(_points(m, range(SAMPLES)))) <= KEEP:
            data["key"] = f"gen-{seed}"
            data["name"] = name or f"Map {seed}"
            return data
    raise RuntimeError(f"no valid, fair map from seed {seed} in {TRIES} tries")


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(prog="python -m games.next_station.mapgen", description=__doc__.split("\n")[0])
    ap.add_argument("seed", type=int)
    ap.add_argument("--name")
    ap.add_argument("--key")
    ap.add_argument("--write", type=Path, help="write the map file (default: print it)")
    args = ap.parse_args(argv)
    data = generate(args.seed, args.name)
    if args.key:
        data["key"] = args.key
    worth = colour_worth(data)
    print("worth: " + ", ".join(f"{c} {v:.2f}" for c, v in worth.items()) + f"; spread {spread(worth):.3f}",
          file=sys.stderr)
    text = json.dumps(data, indent=None, separators=(",", ":"))
    if args.write:
        path = args.write if args.write.is_absolute() or args.write.parent != Path(".") else MAPS / args.write
        path.write_text(text + "\n", encoding="utf-8")
        print(f"wrote {path}")
    else:
        print(text)
    return 0


if __name__ == "__main__":
    sys.exit(main())
