"""A city map as data (maps/*.json) and its geometry, worked out once per map: the potential sections (two
stations in one of the 8 directions with no station between), which of them cross each other or the
river, each station's district.

A map file:
    {"key": "larkhaven", "name": "Larkhaven", "size": 10,
     "stations": [[x, y, symbol, tourist], ...],     (symbol: circle|triangle|square|pentagon|any)
     "cuts": [3, 7],                                   (the 3 x 3 districts: columns and rows < 3, < 7, >= 7)
     "departures": {"blue": station, ...},             (station: its index in "stations")
     "river": [[x, y], ...]}                           (a polyline, between lattice points)
The districts: the four corner stations are a district each; the rest of the lattice is cut into 3 x 3
districts, the centre one holding the central station ("any"). A district is made of the lattice's cells
(one around each point), so a section passes through the districts of the lattice points it goes over,
its ends included: sections run along the lattice's rows, columns and diagonals, and a diagonal only
touches the cells beside it at their corner, which is not passing through (R25)."""

import functools
import json
from dataclasses import dataclass
from importlib import resources
from pathlib import Path

from .constants import ANY, COLOURS, SIZE, SYMBOLS

# (by the game package, not by __file__: a compiled build of this module lives elsewhere, engine/native.py)
MAPS = Path(str(resources.files("games.next_station"))).resolve() / "maps"
DIRECTIONS = ((1, 0), (0, 1), (1, 1), (1, -1), (-1, 0), (0, -1), (-1, -1), (-1, 1))


@dataclass(frozen=True)
class Map:
    key: str
    name: str
    xy: tuple[tuple[int, int], ...]          # by station
    symbol: tuple[str, ...]
    tourist: tuple[bool, ...]
    district: tuple[int, ...]                # 0..8 the 3 x 3 block (4 the centre), 9..12 the corners
    departures: dict[str, int]
    central: int
    river: tuple[tuple[float, float], ...]
    sections: tuple[tuple[int, int], ...]    # potential sections, (a, b) with a < b
    section_of: dict[tuple[int, int], int]   # (a, b) or (b, a) -> its index
    neighbours: tuple[tuple[tuple[int, int], ...], ...]  # by station: (other station, section index)
    crosses_river: tuple[bool, ...]          # by section
    conflicts: tuple[frozenset[int], ...]    # by section: the sections it crosses (never both drawn)
    passes: tuple[frozenset[int], ...]       # by section: the districts it passes through, its ends' included

    @property
    def stations(self) -> int:
        return len(self.xy)


def district_of(x: int, y: int, cuts: tuple[int, int], size: int = SIZE) -> int:
    last = size - 1
    corners = {(0, 0): 9, (last, 0): 10, (0, last): 11, (last, last): 12}
    if (x, y) in corners:
        return corners[(x, y)]
    col = 0 if x < cuts[0] else 1 if x < cuts[1] else 2
    row = 0 if y < cuts[0] else 1 if y < cuts[1] else 2
    return row * 3 + col


def passed(a: tuple[int, int], b: tuple[int, int], cuts: tuple[int, int], size: int = SIZE) -> frozenset[int]:
    """The districts of the lattice points from a to b (one of the 8 directions), both ends included."""
    steps = max(abs(b[0] - a[0]), abs(b[1] - a[1]))
    dx, dy = (b[0] - a[0]) // max(1, steps), (b[1] - a[1]) // max(1, steps)
    return frozenset(district_of(a[0] + dx * i, a[1] + dy * i, cuts, size) for i in range(steps + 1))


def _orient(a, b, c) -> float:
    return (b[0] - a[0]) * (c[1] - a[1]) - (b[1] - a[1]) * (c[0] - a[0])


def _on(a, b, c) -> bool:
    """c lies on the segment ab (collinear)."""
    return min(a[0], b[0]) <= c[0] <= max(a[0], b[0]) and min(a[1], b[1]) <= c[1] <= max(a[1], b[1])


def intersect(p1, p2, q1, q2) -> bool:
    """Whether segments p1p2 and q1q2 share a point."""
    d1, d2 = _orient(q1, q2, p1), _orient(q1, q2, p2)
    d3, d4 = _orient(p1, p2, q1), _orient(p1, p2, q2)
    if ((d1 > 0 > d2) or (d1 < 0 < d2)) and ((d3 > 0 > d4) or (d3 < 0 < d4)):
        return True
    return any(d == 0 and _on(s, e, c) for d, s, e, c in ((d1, q1, q2, p1), (d2, q1, q2, p2), (d3, p1, p2, q1),
                                                           (d4, p1, p2, q2)))


def build(data: dict) -> Map:
    stations = data["stations"]
    size = data.get("size", SIZE)
    xy = tuple((int(s[0]), int(s[1])) for s in stations)
    at = {p: i for i, p in enumerate(xy)}
    sections: list[tuple[int, int]] = []
    for i, (x, y) in enumerate(xy):
        for dx, dy in DIRECTIONS:
            cx, cy = x + dx, y + dy
            while 0 <= cx < size and 0 <= cy < size:
                j = at.get((cx, cy))
                if j is not None:
                    pair = (min(i, j), max(i, j))
                    if pair not in sections:
                        sections.append(pair)
                    break
                cx, cy = cx + dx, cy + dy
    sections.sort()
    section_of = {}
    for k, (a, b) in enumerate(sections):
        section_of[(a, b)] = section_of[(b, a)] = k
    neighbours: list[list[tuple[int, int]]] = [[] for _ in xy]
    for k, (a, b) in enumerate(sections):
        neighbours[a].append((b, k))
        neighbours[b].append((a, k))
    river = tuple((float(p[0]), float(p[1])) for p in data["river"])
    crosses = tuple(any(intersect(xy[a], xy[b], river[i], river[i + 1]) for i in range(len(river) - 1))
                    for a, b in sections)
    conflicts: list[set[int]] = [set() for _ in sections]
    for k, (a, b) in enumerate(sections):
        for m in range(k + 1, len(sections)):
            c, d = sections[m]
            if {a, b} & {c, d}:
                continue  # sections meeting at a station: allowed
            if intersect(xy[a], xy[b], xy[c], xy[d]):
                conflicts[k].add(m)
                conflicts[m].add(k)
    cuts = (int(data.get("cuts", (3, 7))[0]), int(data.get("cuts", (3, 7))[1]))
    symbol = tuple(s[2] for s in stations)
    return Map(key=data["key"], name=data["name"], xy=xy, symbol=symbol, tourist=tuple(bool(s[3]) for s in stations),
               district=tuple(district_of(x, y, cuts, size) for x, y in xy),
               departures={c: int(data["departures"][c]) for c in COLOURS}, central=symbol.index(ANY),
               river=river, sections=tuple(sections), section_of=section_of,
               neighbours=tuple(tuple(n) for n in neighbours), crosses_river=crosses,
               conflicts=tuple(frozenset(c) for c in conflicts),
               passes=tuple(passed(xy[a], xy[b], cuts, size) for a, b in sections))


@functools.cache
def load(key: str) -> Map:
    """A map of maps/ by its key (a generated map's key is "gen-<seed>": made from its seed)."""
    if key.startswith("gen-"):
        from ..mapgen import generate
        return build(generate(int(key[4:])))
    return build(json.loads((MAPS / f"{key}.json").read_text(encoding="utf-8")))


def problems(m: Map) -> list[str]:
    """What is wrong with a map (empty: it is a map we can play)."""
    out = []
    if len(set(m.xy)) != len(m.xy):
        out.append("two stations on one point")
    if m.symbol.count(ANY) != 1:
        out.append("exactly one central station")
    if any(s not in SYMBOLS and s != ANY for s in m.symbol):
        out.append("a symbol not of the game")
    if sum(m.tourist) != 5 or not m.tourist[m.central]:
        out.append("five tourist sites, the central station one of them")
    if m.district[m.central] != 4:
        out.append("the central station in the central district")
    if sorted(set(m.district)) != list(range(13)):
        out.append("a station in each of the 13 districts")
    if len(set(m.departures.values())) != 4 or m.central in m.departures.values():
        out.append("four departures, none the central station")
    # connected: every station reachable from every departure
    seen = {m.departures[COLOURS[0]]}
    todo = list(seen)
    while todo:
        s = todo.pop()
        for t, _k in m.neighbours[s]:
            if t not in seen:
                seen.add(t)
                todo.append(t)
    if len(seen) != m.stations:
        out.append(f"not connected: {m.stations - len(seen)} stations out of reach")
    for colour, d in m.departures.items():
        if len(m.neighbours[d]) < 2:
            out.append(f"the {colour} departure has fewer than two sections")
        if not any(m.symbol[t] in SYMBOLS or m.symbol[t] == ANY for t, _k in m.neighbours[d]):
            out.append(f"the {colour} departure can score nothing")
    share = sum(m.crosses_river) / max(1, len(m.sections))
    if not 0.15 <= share <= 0.25:
        out.append(f"the river crosses {share:.0%} of the sections (15-25 %)")
    for i, (x, y) in enumerate(m.xy):
        for a, b in zip(m.river, m.river[1:], strict=False):
            if intersect((x, y), (x, y), a, b):
                out.append(f"station {i} on the river")
    return out
