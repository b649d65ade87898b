"""Original city maps made from a seed (no map of the published game is copied): the official map's
budget, our own layout. A map is made, checked (rules/maps.py problems) and made again from the next
sub-seed until it passes; `generate(seed)` is the map, as map data (JSON-ready).

    python -m games.next_station.mapgen SEED [--write maps/KEY.json] [--name NAME]

The daily map is the map of the day's number (daily_seed: every server gets the same map, and the same
cards, that day)."""

import argparse
import datetime as dt
import json
import random
import sys
from pathlib import Path

from .rules.constants import ANY, COLOURS, SIZE, SYMBOLS
from .rules.maps import MAPS, build, district_of, problems

CUTS = (3, 7)
STATIONS = 53
# departures: one in each middle district next to the centre (north, west, east, south), fairly placed
DEPARTURE_DISTRICTS = (1, 3, 5, 7)
TRIES = 500


def daily_seed(day: dt.date) -> int:
    """The seed of a day's map and cards (the same for every server)."""
    return 20_000 + (day - dt.date(2026, 1, 1)).days


def _river(rnd: random.Random) -> list[list[float]]:
    """A river from the west edge to the east one, between lattice rows, wandering through the middle."""
    y = rnd.choice((3.5, 4.5, 5.5))
    pts = [[-0.5, y]]
    x = -0.5
    while x < SIZE - 0.5:
        step = rnd.choice((1, 2, 2))  # (a run of 3 sideways by 1 would pass through a lattice point)
        x = min(SIZE - 0.5, x + step)
        y = min(7.5, max(1.5, y + rnd.choice((-1, 0, 0, 1))))
        pts.append([x, y])
    return pts


def _candidate(rnd: random.Random) -> dict:
    last = SIZE - 1
    points = {(x, y) for x in range(SIZE) for y in range(SIZE)}
    taken: dict[tuple[int, int], str] = {}
    for p in ((0, 0), (last, 0), (0, last), (last, last)):
        taken[p] = ""
    centre = (rnd.choice((4, 5)), rnd.choice((4, 5)))
    taken[centre] = ANY
    departures = {}
    colours = list(COLOURS)
    rnd.shuffle(colours)
    for colour, d in zip(colours, DEPARTURE_DISTRICTS, strict=True):
        spots = [p for p in points if p not in taken and district_of(*p, CUTS) == d
                 and 2 <= p[0] <= 7 and 2 <= p[1] <= 7]
        spot = rnd.choice(sorted(spots))
        taken[spot] = ""
        departures[colour] = spot
    free = sorted(p for p in points if p not in taken
                  and not (district_of(*p, CUTS) >= 9))
    rnd.shuffle(free)
    # about half the lattice: denser in the centre, each district a fair share
    for p in free:
        if len(taken) >= STATIONS:
            break
        d = district_of(*p, CUTS)
        cap = 9 if d == 4 else 6
        if sum(1 for q in taken if district_of(*q, CUTS) == d) < cap:
            taken[p] = ""
    stations = sorted(taken)
    others = [p for p in stations if taken[p] != ANY]
    symbols = [SYMBOLS[i % 4] for i in range(len(others))]
    rnd.shuffle(symbols)
    for p, s in zip(others, symbols, strict=True):
        taken[p] = s
    # tourist sites: the central station and one in each quarter of the map, away from the departures
    tourist = {centre}
    for qx, qy in ((0, 0), (1, 0), (0, 1), (1, 1)):
        spots = [p for p in others if (p[0] >= SIZE // 2) == qx and (p[1] >= SIZE // 2) == qy
                 and p not in departures.values() and district_of(*p, CUTS) < 9]
        tourist.add(rnd.choice(spots))
    index = {p: i for i, p in enumerate(stations)}
    return {"stations": [[x, y, taken[(x, y)], (x, y) in tourist] for x, y in stations], "cuts": list(CUTS),
            "departures": {c: index[p] for c, p in departures.items()}, "river": _river(rnd), "size": SIZE}


def generate(seed: int, name: str | None = None) -> dict:
    """A valid map from `seed` (the same map for the same seed)."""
    for k in range(TRIES):
        rnd = random.Random(seed * 7919 + k)
        data = _candidate(rnd)
        data["key"] = f"gen-{seed}"
        data["name"] = name or f"Map {seed}"
        if not problems(build(data)):
            return data
    raise RuntimeError(f"no valid map from seed {seed} in {TRIES} tries")


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
