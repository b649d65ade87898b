"""Our own board sections, made from a seed (R2; no section of the published game is copied: its eight give
the budget only, FACTS.md). A section is 10 x 10 hexes in the board's geometry; it is drawn, checked
(`problems`) and drawn again from its next sub-seed until it passes, so a seed always gives the same section:

1. lakes: 3-30 hexes in 1-3 blobs, each grown from a hex of the section's edge;
2. peaks: 0-13 hexes in 1-3 ridges (walks that mostly go straight);
3. three special hexes: one keep and two location hexes (3 times in 4), else two keeps and one location;
   none on the section's edge, at least SPECIAL_GAP steps apart, each with at least SPECIAL_OPEN buildable
   neighbours;
4. the rest in the five terrains, each 11-18 hexes, grown as patches of 3-8 hexes from random seeds.

A section passes when each terrain has 11-18 hexes, the lakes and peaks are within their budget, the specials
are placed as said, and its buildable hexes are one region (through buildable and lake hexes: no pocket of
land walled in by peaks and specials). A board is four sections, each with one of four location kinds drawn
from the eight (R3)."""

from typing import Any

from engine import rng

from .constants import (
    GENERATOR_TRIES,
    KEEP,
    LAKE,
    LAKE_BLOBS,
    LAKE_MAX,
    LAKE_MIN,
    LOCATION_LETTER,
    LOCATIONS,
    LOCATIONS_DRAWN,
    ONE_KEEP_SHARE,
    PATCH,
    PEAK_RIDGES,
    PEAKS,
    PEAKS_MAX,
    PEAKS_MIN,
    SECTION,
    SECTIONS,
    SIDE,
    SPECIAL_GAP,
    SPECIAL_OPEN,
    SPECIALS,
    TERRAIN_MAX,
    TERRAIN_MIN,
    TERRAINS,
)

N = SECTION * SECTION
SPOT = "L"  # a location hex in a section's text (its kind is the board's choice for that section)
DIRS = ((1, 0), (-1, 0), (1, -1), (0, -1), (0, 1), (-1, 1))


def _axial(h: int) -> tuple[int, int]:
    r, c = divmod(h, SECTION)
    return c - (r - (r & 1)) // 2, r


def _at(q: int, r: int) -> int:
    if not 0 <= r < SECTION:
        return -1
    c = q + (r - (r & 1)) // 2
    return r * SECTION + c if 0 <= c < SECTION else -1


def _go(h: int, d: int) -> int:
    q, r = _axial(h)
    return _at(q + DIRS[d][0], r + DIRS[d][1])


NEAR: list[list[int]] = [[x for x in (_go(h, d) for d in range(6)) if x >= 0] for h in range(N)]
RIM: list[int] = [h for h in range(N) if h // SECTION in (0, SECTION - 1) or h % SECTION in (0, SECTION - 1)]
INNER: list[int] = [h for h in range(N) if h not in RIM]


def steps(a: int, b: int) -> int:
    qa, ra = _axial(a)
    qb, rb = _axial(b)
    return max(abs(qa - qb), abs(ra - rb), abs(qa - qb + ra - rb))


def _between(gen: Any, lo: int, hi: int) -> int:
    return lo + rng.below(gen, hi - lo + 1)


def _grow(gen: Any, cells: list[str], start: int, size: int, letter: str) -> int:
    """Grows a blob of `letter` from `start` over free cells ("."), to `size` at most; returns its size."""
    if cells[start] != ".":
        return 0
    cells[start] = letter
    blob, frontier = 1, [n for n in NEAR[start] if cells[n] == "."]
    while blob < size and frontier:
        h = frontier.pop(rng.below(gen, len(frontier)))
        if cells[h] != ".":
            continue
        cells[h] = letter
        blob += 1
        frontier += [n for n in NEAR[h] if cells[n] == "."]
    return blob


def _parts(gen: Any, total: int, k: int) -> list[int]:
    """total split into k random positive parts."""
    k = max(1, min(k, total))
    cuts = sorted(rng.below(gen, total - 1) + 1 for _ in range(k - 1)) if total > 1 else []
    out, last = [], 0
    for c in [*cuts, total]:
        out.append(c - last)
        last = c
    return [x for x in out if x > 0]


def _lakes(gen: Any, cells: list[str]) -> None:
    total = _between(gen, LAKE_MIN, LAKE_MAX)
    for size in _parts(gen, total, _between(gen, *LAKE_BLOBS)):
        free = [h for h in RIM if cells[h] == "."]
        if free:
            _grow(gen, cells, free[rng.below(gen, len(free))], size, LAKE)


def _peaks(gen: Any, cells: list[str]) -> None:
    total = _between(gen, PEAKS_MIN, PEAKS_MAX)
    if total == 0:
        return
    for size in _parts(gen, total, _between(gen, *PEAK_RIDGES)):
        free = [h for h in range(N) if cells[h] == "."]
        h = free[rng.below(gen, len(free))]
        d = rng.below(gen, 6)
        cells[h] = PEAKS
        for _ in range(size - 1):
            if rng.below(gen, 3) == 0:  # a ridge bends now and then
                d = (d + (1 if rng.below(gen, 2) else 5)) % 6
            nxt = _go(h, d)
            if nxt < 0 or cells[nxt] != ".":
                options = [n for n in NEAR[h] if cells[n] == "."]
                if not options:
                    break
                nxt = options[rng.below(gen, len(options))]
            cells[nxt] = PEAKS
            h = nxt


def _open(cells: list[str], h: int) -> int:
    """A special hex's neighbours that can be buildable (not lake, peaks or special)."""
    return sum(1 for n in NEAR[h] if cells[n] == ".")


def _specials(gen: Any, cells: list[str]) -> bool:
    keeps = 1 if rng.below(gen, 1000) < int(ONE_KEEP_SHARE * 1000) else 2
    letters = [KEEP] * keeps + [SPOT] * (SPECIALS - keeps)
    placed: list[int] = []
    for letter in letters:
        options = [h for h in INNER if cells[h] == "." and all(steps(h, p) >= SPECIAL_GAP for p in placed)
                   and _open(cells, h) >= SPECIAL_OPEN]
        if not options:
            return False
        h = options[rng.below(gen, len(options))]
        cells[h] = letter
        placed.append(h)
    return True


def _terrains(gen: Any, cells: list[str]) -> bool:
    free = [h for h in range(N) if cells[h] == "."]
    k = len(TERRAINS)
    if not k * TERRAIN_MIN <= len(free) <= k * TERRAIN_MAX:
        return False
    totals = [TERRAIN_MIN] * k
    for _ in range(len(free) - k * TERRAIN_MIN):
        room = [i for i in range(k) if totals[i] < TERRAIN_MAX]
        totals[room[rng.below(gen, len(room))]] += 1
    patches: list[tuple[int, int]] = []
    for i, total in enumerate(totals):
        left = total
        while left > 0:
            size = left if left <= PATCH[1] else _between(gen, PATCH[0], min(PATCH[1], left - PATCH[0]))
            patches.append((i, size))
            left -= size
    rng.shuffle(gen, patches)
    owed = [0] * k
    for i, size in patches:
        free = [h for h in range(N) if cells[h] == "."]
        if not free:
            owed[i] += size
            continue
        grown = _grow(gen, cells, free[rng.below(gen, len(free))], size, TERRAINS[i])
        owed[i] += size - grown
    rest = [h for h in range(N) if cells[h] == "."]
    rng.shuffle(gen, rest)
    for h in rest:  # a cell no patch reached: the terrain owed most among its neighbours', else owed most
        near = [TERRAINS.index(cells[n]) for n in NEAR[h] if cells[n] in TERRAINS]
        pool = near or list(range(k))
        i = max(pool, key=lambda j: (owed[j], -j))
        cells[h] = TERRAINS[i]
        owed[i] -= 1
    return True


def problems(text: str) -> list[str]:
    """What is wrong with a section (its 100 letters), by our budget (the module's rules); [] when it passes."""
    out = []
    if len(text) != N:
        return [f"a section is {N} hexes, not {len(text)}"]
    for t in TERRAINS:
        n = text.count(t)
        if not TERRAIN_MIN <= n <= TERRAIN_MAX:
            out.append(f"terrain {t}: {n} hexes")
    if not LAKE_MIN <= text.count(LAKE) <= LAKE_MAX:
        out.append(f"lakes: {text.count(LAKE)} hexes")
    if not PEAKS_MIN <= text.count(PEAKS) <= PEAKS_MAX:
        out.append(f"peaks: {text.count(PEAKS)} hexes")
    specials = [h for h in range(N) if text[h] in (KEEP, SPOT)]
    keeps = sum(1 for h in specials if text[h] == KEEP)
    if len(specials) != SPECIALS or keeps not in (1, 2):
        out.append(f"{len(specials)} special hexes, {keeps} keeps")
    for h in specials:
        if h in RIM:
            out.append(f"special hex {h} on the edge")
        if sum(1 for n in NEAR[h] if text[n] in TERRAINS) < SPECIAL_OPEN:
            out.append(f"special hex {h} has fewer than {SPECIAL_OPEN} buildable neighbours")
        if any(p != h and steps(p, h) < SPECIAL_GAP for p in specials):
            out.append(f"special hex {h} too close to another")
    land = [h for h in range(N) if text[h] in TERRAINS]
    if land:
        seen, todo = {land[0]}, [land[0]]
        while todo:
            h = todo.pop()
            for n in NEAR[h]:
                if n not in seen and (text[n] in TERRAINS or text[n] == LAKE):
                    seen.add(n)
                    todo.append(n)
        if any(h not in seen for h in land):
            out.append("the buildable hexes are not one region")
    return out


def section(seed: int) -> str:
    """The section of this seed: 100 letters (constants.py's terrains, KEEP, SPOT for a location hex)."""
    for attempt in range(GENERATOR_TRIES):
        gen: Any = {"rng": rng.seed_state(seed * 7919 + attempt)}
        cells = ["."] * N
        _lakes(gen, cells)
        _peaks(gen, cells)
        if not _specials(gen, cells) or not _terrains(gen, cells):
            continue
        text = "".join(cells)
        if not problems(text):
            return text
    raise RuntimeError(f"no section passed for seed {seed}")  # (never seen: tests/hexholm/test_sections.py)


def assemble(parts: list[str], kinds: list[str]) -> str:
    """A board's text from four sections (top left, top right, bottom left, bottom right) and each one's
    location kind."""
    rows = []
    for r in range(SIDE):
        half = r // SECTION
        for s in (2 * half, 2 * half + 1):
            line = parts[s][(r % SECTION) * SECTION:(r % SECTION + 1) * SECTION]
            rows.append(line.replace(SPOT, LOCATION_LETTER[kinds[s]]))
    return "".join(rows)


def make(seed: int) -> dict:
    """A board from a seed: its text, its sections' seeds and location kinds (4 of the 8, one per section)."""
    gen: Any = {"rng": rng.seed_state(seed)}
    kinds = list(LOCATIONS)
    rng.shuffle(gen, kinds)
    kinds = kinds[:LOCATIONS_DRAWN]
    seeds = [int(rng.below(gen, 1 << 30)) for _ in range(SECTIONS)]
    parts = [section(s) for s in seeds]
    return {"text": assemble(parts, kinds), "sections": [{"seed": s, "location": k} for s, k in zip(seeds, kinds,
                                                                                                     strict=True)]}
