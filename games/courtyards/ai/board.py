"""The AIs' light model of one seat's turn (what the seat sees: its own money, the table), its moves as the
engine's action ids, and the value of a position (evaluate).

A Board holds what a turn can change (the seat's money, the display, the market, its palace and reserve,
what it bought and must place) and what it cannot (the other palaces, their walls and counts, cached). A
step never refills: the turn's end is where the AIs value a position; what the refill brings is luck.

The value of a position to a seat (in points): its score, the points its palace would take at the scoring
rounds still to come if they came now (each kind's rank points with every palace as it is, the wall), the
later rounds discounted (the counts will change); its money at a value per coin; its reserve; less the same
of the others (the best of them and their mean)."""

from collections.abc import Mapping, Sequence
from typing import Any

from ..rules import cards as money
from ..rules import palace as geo
from ..rules.constants import KINDS, MARKET, POINTS, ROUNDS, WALL_POINT
from ..rules.scoring import rank_points

NK = len(KINDS)
# the weights (tuned by bench/courtyards_ai.py against the easy AI)
W: dict[str, Any] = {
    "coin": 0.42,          # a coin in hand, in points
    "reserve": 0.35,       # a reserve tile, as a share of what it would add in the palace (flexibility)
    "round": (1.0, 0.7, 0.5),  # the next scoring round, the one after, the last: how sure their standings are
    "open": 0.6,           # a spot beside the palace a tile could still come in through (up to OPEN_CAP)
    "closed": 6.0,         # a palace with no such spot (it cannot grow)
    "best": 0.6,           # the others' value: this share of the best of them, the rest of their mean
    "exact": 0.8,          # a market tile the hand could pay exactly after the turn (another action)
}
OPEN_CAP = 6
PAYMENTS = 8   # the payments the AIs weigh per slot: the first of money.payments' order (exact, least overpaid,
#                fewest cards); a big hand has hundreds, and the planner took a minute over them
COIN_CAP = 14  # coins of one currency worth holding (past that, money buys nothing more in that currency)


class Board:
    """One seat's turn as the AI sees it (a view of that seat: its own hand only)."""

    __slots__ = ("n", "me", "hand", "display", "market", "grid", "reserve", "bought", "extra", "stage",
                 "counts", "walls", "neutral", "score", "scored", "sizes", "done")

    def __init__(self, view: Mapping[str, Any], me: int):
        self.n = len(view["palaces"])
        self.me = me
        self.hand: list[int] = list(view["hands"][me] or [])
        self.display: list[int] = list(view["display"])
        self.market: list[int | None] = list(view["market"])
        grids = [geo.grid_of(p) for p in view["palaces"]]
        self.grid: geo.Grid = grids[me]
        self.reserve: list[int] = list(view["reserves"][me])
        stage = view["stage"]
        self.stage: str = stage
        if stage == "final":
            self.bought: list[int] = [int(q[1]) for q in view["queue"] if int(q[0]) == me][:1]
        else:
            self.bought = list(view["bought"])
        self.extra: bool = bool(view["extra"])
        self.counts: list[list[int]] = [kinds(g) for g in grids]
        self.walls: list[int] = [geo.wall_length(g) for g in grids]
        self.neutral: list[int] | None = None
        if self.n == 2:
            self.neutral = [0] * NK
            for t in view["neutral"]:
                self.neutral[geo.KIND[t]] += 1
        self.score: list[int] = list(view["score"])
        self.scored: int = int(view["scored"])
        self.sizes: list[int] = [len(h) if h is not None else int(view["hand_sizes"][s])
                                 for s, h in enumerate(view["hands"])]
        self.done = False

    def copy(self) -> "Board":
        b = Board.__new__(Board)
        b.n, b.me = self.n, self.me
        b.hand, b.display, b.market = list(self.hand), list(self.display), list(self.market)
        b.grid, b.reserve, b.bought = dict(self.grid), list(self.reserve), list(self.bought)
        b.extra, b.stage, b.done = self.extra, self.stage, self.done
        b.counts = [list(c) for c in self.counts]
        b.walls = list(self.walls)
        b.neutral, b.score, b.scored, b.sizes = self.neutral, self.score, self.scored, list(self.sizes)
        return b


def kinds(grid: geo.Grid) -> list[int]:
    out = [0] * NK
    for t in grid.values():
        if t >= 0:
            out[geo.KIND[t]] += 1
    return out


# ---- moves ---------------------------------------------------------------------------------------------------
def takes(b: Board) -> list[str]:
    return [f"{b.me}:take:" + "_".join(str(c) for c in t) for t in money.takes(b.display)]


def buys(b: Board, most: int = PAYMENTS) -> list[str]:
    """Each slot's first `most` payments (money.payments' order)."""
    out = []
    for slot in range(MARKET):
        tile = b.market[slot]
        if tile is None:
            continue
        for pay in money.payments(b.hand, slot, geo.PRICE[tile])[:most]:
            out.append(f"{b.me}:buy:{slot}:" + "_".join(str(v) for v in pay))
    return out


def redesigns(b: Board) -> list[str]:
    out = []
    me = b.me
    for t in sorted(set(b.reserve)):
        for x, y in geo.spots(b.grid, t):
            out.append(f"{me}:in:{t}:{geo.enc(x)}:{geo.enc(y)}")
    for x, y in geo.removables(b.grid):
        out.append(f"{me}:out:{geo.enc(x)}:{geo.enc(y)}")
    cells = sorted((c for c in b.grid if c != (0, 0)), key=lambda c: (c[1], c[0]))
    for t in sorted(set(b.reserve)):
        for x, y in cells:
            if geo.swappable(b.grid, t, x, y):
                out.append(f"{me}:swap:{t}:{geo.enc(x)}:{geo.enc(y)}")
    return out


def placements(b: Board) -> list[str]:
    tile = b.bought[0]
    out = [f"{b.me}:place:{tile}:{geo.enc(x)}:{geo.enc(y)}" for x, y in geo.spots(b.grid, tile)]
    out.append(f"{b.me}:keep:{tile}")
    return out


def actions(b: Board) -> list[str]:
    """The seat's moves now, as the engine's ids: its legal actions, but for the payments past PAYMENTS a slot."""
    if b.stage in ("place", "final"):
        return placements(b)
    out = takes(b) + buys(b) + redesigns(b)
    if b.extra:
        out.append(f"{b.me}:end")
    elif not out:
        out.append(f"{b.me}:pass")
    return out


def _set_tile(b: Board, x: int, y: int, tile: int | None) -> None:
    old = b.grid.get((x, y))
    if old is not None and old >= 0:
        b.counts[b.me][geo.KIND[old]] -= 1
    if tile is None:
        del b.grid[(x, y)]
    else:
        b.grid[(x, y)] = tile
        b.counts[b.me][geo.KIND[tile]] += 1
    b.walls[b.me] = geo.wall_length(b.grid)


def _end_actions(b: Board) -> None:
    b.extra = False
    if b.bought:
        b.stage = "place"
    else:
        b.done = True


def step(b: Board, aid: str) -> None:
    """Plays one of the seat's moves on the board (no refill: the turn's end is `done`)."""
    parts = aid.split(":")
    verb = parts[1]
    if verb == "take":
        for c in (int(x) for x in parts[2].split("_")):
            b.display.remove(c)
            b.hand.append(c)
        b.hand.sort()
        _end_actions(b)
    elif verb == "buy":
        slot = int(parts[2])
        values = [int(v) for v in parts[3].split("_")]
        for v in values:
            b.hand.remove(money.code(slot, v))
        tile = b.market[slot]
        assert tile is not None
        b.market[slot] = None
        b.bought.append(tile)
        if sum(values) == geo.PRICE[tile]:
            b.extra = True
        else:
            _end_actions(b)
    elif verb == "in":
        t, x, y = int(parts[2]), geo.dec(parts[3]), geo.dec(parts[4])
        b.reserve.remove(t)
        _set_tile(b, x, y, t)
        _end_actions(b)
    elif verb == "out":
        x, y = geo.dec(parts[2]), geo.dec(parts[3])
        b.reserve.append(b.grid[(x, y)])
        _set_tile(b, x, y, None)
        _end_actions(b)
    elif verb == "swap":
        t, x, y = int(parts[2]), geo.dec(parts[3]), geo.dec(parts[4])
        b.reserve.remove(t)
        b.reserve.append(b.grid[(x, y)])
        _set_tile(b, x, y, t)
        _end_actions(b)
    elif verb in ("end", "pass"):
        _end_actions(b)
    elif verb == "place":
        t, x, y = int(parts[2]), geo.dec(parts[3]), geo.dec(parts[4])
        b.bought.pop(0)
        _set_tile(b, x, y, t)
        if not b.bought:
            b.done = True
    elif verb == "keep":
        b.reserve.append(b.bought.pop(0))
        if not b.bought:
            b.done = True
    b.sizes[b.me] = len(b.hand)


# ---- the value of a position -------------------------------------------------------------------------------------
def shares(b: Board, counts: Sequence[Sequence[int]], rnd: int) -> list[float]:
    """Each seat's points from the kinds if round `rnd` scored these counts (the neutral player's included)."""
    out = [0.0] * b.n
    for k in range(NK):
        row = [counts[s][k] for s in range(b.n)]
        if b.neutral is not None:
            row.append(b.neutral[k])
        pts = rank_points(row, POINTS[k][rnd - 1])
        for s in range(b.n):
            out[s] += pts[s]
    return out


def openings(grid: geo.Grid) -> int:
    """The empty spots beside the palace that a tile could come in through (an open side faces them)."""
    seen = set()
    for (x, y), t in grid.items():
        m = geo.mask(t)
        for i in range(4):
            if m & geo.BITS[i]:
                continue
            dx, dy = geo.STEP[i]
            c = (x + dx, y + dy)
            if c not in grid:
                seen.add(c)
    return len(seen)


def future(b: Board, counts: Sequence[Sequence[int]], walls: Sequence[int]) -> list[float]:
    """Each seat's points from the rounds still to come, if they scored the palaces as they are."""
    out = [0.0] * b.n
    first = b.scored + 1
    for rnd in range(first, ROUNDS + 1):
        w = W["round"][rnd - first]
        got = shares(b, counts, rnd)
        for s in range(b.n):
            out[s] += w * (got[s] + WALL_POINT * walls[s])
    return out


def exact_chances(b: Board) -> int:
    """How many market tiles left could be paid exactly from the hand."""
    n = 0
    for slot in range(MARKET):
        tile = b.market[slot]
        if tile is not None and pays_exactly(b.hand, slot, geo.PRICE[tile]):
            n += 1
    return n


def pays_exactly(hand: Sequence[int], cur: int, price: int) -> bool:
    """Whether some cards of the currency add up to exactly the price (the sums reachable, as bits: listing
    the payments, as money.payments does, took a big hand thousands of steps per position valued)."""
    reach = 1
    for c in hand:
        if c // 10 == cur and c % 10:
            reach |= reach << (c % 10)
    return bool(reach >> price & 1)


def evaluate(b: Board) -> float:
    """The position's value to the board's seat, against the others (see the module's docstring)."""
    me = b.me
    fut = future(b, b.counts, b.walls)
    values = [b.score[s] + fut[s] for s in range(b.n)]
    held = sum(min(money.total(b.hand, cur), COIN_CAP) for cur in range(MARKET))
    values[me] += W["coin"] * held + W["exact"] * exact_chances(b)
    # the reserve: what each tile would add in the palace's counts, a share of it
    if b.reserve:
        plus = [list(c) for c in b.counts]
        for t in b.reserve:
            plus[me][geo.KIND[t]] += 1
        with_res = future(b, plus, b.walls)
        values[me] += W["reserve"] * (with_res[me] - fut[me])
    o = openings(b.grid)
    values[me] += W["open"] * min(o, OPEN_CAP) - (W["closed"] if o == 0 else 0.0)
    others = [values[s] for s in range(b.n) if s != me]
    return values[me] - W["best"] * max(others) - (1 - W["best"]) * sum(others) / len(others)
