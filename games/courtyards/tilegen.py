"""Our own tile set for Courtyards, made by a seeded generator within the budget of Alhambra's set
(rules/constants.py: per kind the tile count, the price range and sum, how many tiles have 0-3 walls; 20
walls on each side direction overall; more walls cheaper). The publisher's tile-by-tile prices and walls
are never used: only the budget. `generate(seed)` draws candidates and keeps the first that `problems`
finds nothing wrong with; the set the game plays is frozen in tiles.py with its seed, and a test makes it
again from that seed.

    python -m games.courtyards.tilegen [SEED]     prints the set as tiles.py holds it"""

import sys
from collections.abc import Sequence

from engine import rng

from .rules.constants import (
    EAST,
    KIND_TILES,
    KINDS,
    NORTH,
    PRICE_RANGE,
    PRICE_SUM,
    SIDES,
    SOUTH,
    WALL_COUNTS,
    WALLS_PER_SIDE,
    WEST,
)

Tile = tuple[int, int, int]  # (kind, price, wall mask)
CORNERS = (NORTH | EAST, EAST | SOUTH, SOUTH | WEST, WEST | NORTH)  # a 2-wall tile's walls: two adjacent sides
TRIES = 2_000


def walls(mask: int) -> int:
    return bin(mask).count("1")


def _prices(gen: rng.Rng, kind: int) -> list[int]:
    """A kind's prices, low to high: the cheapest at the range's bottom, the dearest at its top, the sum the
    budget's."""
    lo, hi = PRICE_RANGE[kind]
    n = KIND_TILES[kind]
    while True:
        inner = sorted(lo + rng.below(gen, hi - lo + 1) for _ in range(n - 2))
        prices = [lo, *inner, hi]
        if sum(prices) == PRICE_SUM[kind]:
            return prices


def _wall_counts(gen: rng.Rng, kind: int, prices: Sequence[int]) -> list[int]:
    """Each price's wall count: more walls on the cheaper tiles, with a neighbour or two out of strict order
    (a trend, not a staircase): the cheapest has the most walls, the dearest none."""
    n0, n1, n2, n3 = WALL_COUNTS[kind]
    counts = [3] * n3 + [2] * n2 + [1] * n1 + [0] * n0
    for _ in range(1 + rng.below(gen, 2)):
        i = 1 + rng.below(gen, len(counts) - 3)
        if abs(counts[i] - counts[i + 1]) == 1 and prices[i] != prices[i + 1]:
            counts[i], counts[i + 1] = counts[i + 1], counts[i]
    return counts


def _mask(gen: rng.Rng, count: int) -> int:
    if count == 0:
        return 0
    if count == 1:
        return SIDES[rng.below(gen, 4)]
    if count == 2:
        return CORNERS[rng.below(gen, 4)]
    return 15 & ~SIDES[rng.below(gen, 4)]


def _rotate(mask: int, turns: int) -> int:
    """The mask turned clockwise by `turns` quarter turns (N -> E -> S -> W)."""
    for _ in range(turns % 4):
        mask = ((mask << 1) | (mask >> 3)) & 15
    return mask


def _kind(gen: rng.Rng, kind: int) -> list[Tile]:
    """One kind's tiles, drawn until its own budget holds (its walls' sides drawn at random)."""
    while True:
        prices = _prices(gen, kind)
        counts = _wall_counts(gen, kind, prices)
        tiles = [(kind, p, _mask(gen, c)) for p, c in zip(prices, counts, strict=True)]
        if not kind_problems(tiles, kind):
            return tiles


def _balance(gen: rng.Rng, tiles: list[Tile]) -> bool:
    """Turns tiles, one at a time, a wall from the most walled side direction to the least, until every
    direction has WALLS_PER_SIDE (True) or too many turns were tried (False)."""
    for _ in range(400):
        per = [sum(1 for t in tiles if t[2] & bit) for bit in SIDES]
        if all(n == WALLS_PER_SIDE for n in per):
            return True
        high = max(range(4), key=lambda d: (per[d], rng.below(gen, 1000)))
        low = min(range(4), key=lambda d: (per[d], rng.below(gen, 1000)))
        movable = [i for i, t in enumerate(tiles) if t[2] & SIDES[high] and not t[2] & SIDES[low]
                   and 0 < walls(t[2]) < 4]
        if not movable:
            return False
        i = movable[rng.below(gen, len(movable))]
        k, p, m = tiles[i]
        turned = [_rotate(m, r) for r in (1, 2, 3)]
        good = [x for x in turned if x & SIDES[low] and not x & SIDES[high]]
        good = good or [x for x in turned if x & SIDES[low]]
        tiles[i] = (k, p, good[rng.below(gen, len(good))])
    return False


def candidate(gen: rng.Rng) -> list[Tile]:
    out: list[Tile] = []
    for kind in range(len(KINDS)):
        out += _kind(gen, kind)
    _balance(gen, out)
    return out


def kind_problems(mine: Sequence[Tile], kind: int) -> list[str]:
    """What breaks one kind's budget."""
    out = []
    name = KINDS[kind]
    prices = [t[1] for t in mine]
    lo, hi = PRICE_RANGE[kind]
    if len(mine) != KIND_TILES[kind]:
        return [f"{name}: {len(mine)} tiles, not {KIND_TILES[kind]}"]
    if min(prices) != lo or max(prices) != hi or sum(prices) != PRICE_SUM[kind]:
        out.append(f"{name}: prices {prices} leave the range {lo}-{hi} or the sum {PRICE_SUM[kind]}")
    counts = tuple(sum(1 for t in mine if walls(t[2]) == w) for w in range(4))
    if counts != WALL_COUNTS[kind]:
        out.append(f"{name}: tiles with 0/1/2/3 walls {counts}, not {WALL_COUNTS[kind]}")
    if any(walls(t[2]) == 2 and t[2] not in CORNERS for t in mine):
        out.append(f"{name}: a 2-wall tile whose walls are not on adjacent sides")
    means = [sum(t[1] for t in mine if walls(t[2]) == w) / c for w, c in enumerate(counts) if c]
    if any(a <= b for a, b in zip(means, means[1:], strict=False)):
        out.append(f"{name}: the mean price does not fall as the walls grow ({means})")
    if any(walls(t[2]) != 3 for t in mine if t[1] == lo):
        out.append(f"{name}: a cheapest tile without 3 walls")
    if any(walls(t[2]) != 0 for t in mine if t[1] == hi):
        out.append(f"{name}: a dearest tile with walls")
    if len(set(mine)) != len(mine):
        out.append(f"{name}: two tiles alike (price and walls)")
    if len(set(prices)) == len(prices) and max(prices) - min(prices) == len(prices) - 1:
        out.append(f"{name}: its prices are a plain staircase (each once, one apart): ours repeat some")
    if not any(walls(a[2]) < walls(b[2]) for a in mine for b in mine if a[1] < b[1]):
        out.append(f"{name}: the walls fall in strict step with the price (ours keep a trend, not a staircase)")
    return out


def problems(tiles: Sequence[Tile]) -> list[str]:
    """What breaks the budget (or makes the set dull), one sentence each; [] for a good set."""
    out = []
    if len(tiles) != sum(KIND_TILES):
        out.append(f"{len(tiles)} tiles, not {sum(KIND_TILES)}")
    for kind in range(len(KINDS)):
        out += kind_problems([t for t in tiles if t[0] == kind], kind)
    for side, bit in zip("NESW", SIDES, strict=True):
        n = sum(1 for t in tiles if t[2] & bit)
        if n != WALLS_PER_SIDE:
            out.append(f"{n} walls on the {side} sides, not {WALLS_PER_SIDE}")
    return out


def generate(seed: int) -> tuple[Tile, ...]:
    """The first candidate of the seed's stream with no problem."""
    gen: rng.Rng = {"rng": rng.seed_state(seed)}
    for _ in range(TRIES):
        tiles = candidate(gen)
        if not problems(tiles):
            return tuple(tiles)
    raise RuntimeError(f"no tile set within the budget in {TRIES} candidates of seed {seed}")


def main() -> None:
    seed = int(sys.argv[1]) if len(sys.argv) > 1 else 1
    tiles = generate(seed)
    print(f"SEED = {seed}")
    print("TILES: tuple[tuple[int, int, int], ...] = (")
    for kind in range(len(KINDS)):
        mine = [f"({k}, {p}, {m})" for k, p, m in tiles if k == kind]
        print(f"    # {KINDS[kind]}")
        for i in range(0, len(mine), 8):
            print("    " + ", ".join(mine[i:i + 8]) + ",")
    print(")")


if __name__ == "__main__":
    main()
