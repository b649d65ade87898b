"""Our cities (no piece of the published board is copied): a hexagon of side SIDE cut into six sectors, made
from a seed, checked, and kept as data: a string of one letter per cell (the state holds it, so a stored
game never depends on the generator's version).

    .  a plain cell          R C E  a residential, commercial or entertainment area
    P  the park              L      the lake
    S  a start space         X      an end space (both on the hexagon's edge)

The generator: on each side of the hexagon two start and two end spaces, alternating, on four of its edge
cells (the one left out is drawn); in each sector one area of each kind (AREAS_PER_SECTOR), never touching
another area, even at a corner; the park in one sector and the lake in the opposite one, three cells each.
It keeps a draw only if every start space reaches an end space it may end on (a far side) within a line's
TUNNELS on the empty city, going round areas, the park and the lake (a line needs a marker to enter an
area), and draws again otherwise (CITY_TRIES at most: never reached)."""

import functools
from collections import deque

from engine import rng

from .constants import AREAS_PER_SECTOR, CITY_TRIES, FAR, KINDS, PARK_CELLS, RIM, SIDE, TUNNELS
from .geometry import Grid, grid

PLAIN, PARK, LAKE, START, END = ".", "P", "L", "S", "X"
PASSABLE = frozenset((PLAIN,) + KINDS)  # a line may enter an area (with a marker of its kind)


class City:
    """A city's cells by kind, and what the rules look up about them, worked out once."""

    def __init__(self, text: str) -> None:
        n = 1
        while 6 * n * n < len(text):
            n += 1
        if 6 * n * n != len(text):
            raise ValueError(f"a city of {len(text)} cells is not a hexagon")
        self.text = text
        self.g: Grid = grid(n)
        self.kind: tuple[str, ...] = tuple(text)
        g = self.g
        self.starts: tuple[int, ...] = tuple(k for k in range(g.count) if text[k] == START)
        self.ends: tuple[int, ...] = tuple(k for k in range(g.count) if text[k] == END)
        self.park: tuple[int, ...] = tuple(k for k in range(g.count) if text[k] == PARK)
        self.lake: tuple[int, ...] = tuple(k for k in range(g.count) if text[k] == LAKE)
        self.areas: tuple[int, ...] = tuple(k for k in range(g.count) if text[k] in KINDS)
        self.area_set = frozenset(self.areas)
        # a station on side s touches these areas (its points when placed)
        self.side_areas: tuple[int, ...] = tuple(sum(1 for c in g.touch[s] if text[c] in KINDS)
                                                 for s in range(len(g.side_ends)))
        park, lake = set(self.park), set(self.lake)
        self.side_park: tuple[bool, ...] = tuple(bool(park & set(g.touch[s])) for s in range(len(g.side_ends)))
        self.side_lake: tuple[bool, ...] = tuple(bool(lake & set(g.touch[s])) for s in range(len(g.side_ends)))

    def may_end(self, start: int, end: int) -> bool:
        """Whether a line started at `start` may end at `end` when an end space on a far side is free."""
        return self.g.far(self.g.hex_side[start], self.g.hex_side[end]) >= FAR


@functools.lru_cache(maxsize=64)
def city(text: str) -> City:
    return City(text)


# ---- the generator ----------------------------------------------------------------------------------
def generate(seed: int, n: int = SIDE, rim: str = RIM, areas: int = AREAS_PER_SECTOR) -> str:
    """The city of `seed` (its text): the first draw of the seed's stream that passes check(). Another side,
    rim or count of areas: the bench's cities of other sizes (BALANCE.md, the city's size)."""
    gen: rng.Rng = {"rng": rng.seed_state(seed)}
    for _ in range(CITY_TRIES):
        text = _draw(gen, n, rim, areas)
        if text is not None and not problems(text):
            return text
    raise RuntimeError(f"no city for seed {seed}")  # pragma: no cover (never seen: BALANCE.md)


def _draw(gen: rng.Rng, n: int, rim: str, areas: int) -> str | None:
    g = grid(n)
    kind = [PLAIN] * g.count
    for k in range(g.count):
        if g.hex_side[k] >= 0:
            kind[k] = rim[g.along[k]] if g.along[k] < len(rim) else PLAIN
    inner = [k for k in range(g.count) if g.hex_side[k] < 0]
    park_sector = rng.below(gen, 6)
    for sector, mark in ((park_sector, PARK), ((park_sector + 3) % 6, LAKE)):
        blob = _blob(gen, g, [k for k in inner if g.sector[k] == sector and kind[k] == PLAIN])
        if blob is None:
            return None
        for k in blob:
            kind[k] = mark
    for sector in range(6):
        for kd in KINDS:
            for _ in range(areas):
                free = [k for k in range(g.count) if g.sector[k] == sector and kind[k] == PLAIN
                        and all(kind[x] not in KINDS for x in g.around[k])]
                if not free:
                    return None
                kind[free[rng.below(gen, len(free))]] = kd
    return "".join(kind)


def _blob(gen: rng.Rng, g: Grid, cells: list[int]) -> list[int] | None:
    """PARK_CELLS cells of `cells`, each a neighbour of an earlier one (a compact patch)."""
    if not cells:
        return None
    pool = set(cells)
    blob = [cells[rng.below(gen, len(cells))]]
    while len(blob) < PARK_CELLS:
        nxt = sorted({x for c in blob for x in g.neighbours[c] if x in pool and x not in blob})
        if not nxt:
            return None
        blob.append(nxt[rng.below(gen, len(nxt))])
    return blob


def problems(text: str) -> list[str]:
    """What is wrong with a city: the wrong counts, areas touching, a start that reaches no end it may
    end on within a line's tunnels (on the empty city, round areas, the park and the lake)."""
    c = city(text)
    g = c.g
    out = []
    if len(c.park) != PARK_CELLS or len(c.lake) != PARK_CELLS:
        out.append("the park and the lake are three cells each")
    for a in c.areas:
        if any(x in c.area_set for x in g.around[a]):
            out.append(f"area {a} touches another area")
    for k in c.starts + c.ends:
        if g.hex_side[k] < 0:
            out.append(f"arrow {k} is not on the edge")
    for h in range(6):
        if sum(1 for k in c.starts if g.hex_side[k] == h) != 2 or sum(1 for k in c.ends if g.hex_side[k] == h) != 2:
            out.append(f"side {h} has not two start and two end spaces")
    for s in c.starts:
        if reach(c, s) > TUNNELS:
            out.append(f"start {s} reaches no end within {TUNNELS} tunnels")
    return out


def reach(c: City, start: int) -> int:
    """The fewest tunnels of a line from `start` to an end space it may end on, on the empty city, going
    round areas, the park and the lake (99: none within TUNNELS). Lines never make an acute angle; the
    search keeps a line's last four cells (what the rule looks at)."""
    g = c.g
    queue: deque[tuple[tuple[int, ...], int]] = deque([((start,), 1)])
    seen: set[tuple[int, ...]] = set()
    while queue:
        path, length = queue.popleft()
        if length >= TUNNELS:
            continue
        for nb in g.neighbours[path[-1]]:
            if nb < 0 or nb in path:
                continue
            cand = path + (nb,)
            if len(cand) >= 5 and g.shared_corner(list(cand[-5:])) >= 0:
                continue
            kd = c.kind[nb]
            if kd == END and c.may_end(start, nb):
                return length + 1
            if kd not in PASSABLE or any(x in path and x != path[-1] for x in g.neighbours[nb]):
                continue
            key = cand[-4:]
            if key in seen:
                continue
            seen.add(key)
            queue.append((cand, length + 1))
    return 99
