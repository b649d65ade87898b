"""Whole choices of a turn, for the decision's menu and the AIs: the mandatory build's settlements still to place
as one set (every order that reaches the same set leaves the same board, so each set is found once, through
one order the rules allow), and what each set (or a tile's use) gains: gold now, the tiles it takes.

Everything here reads a state (or a seat's view: the same keys) and never changes it."""

from collections.abc import Mapping
from typing import Any

from . import scoring
from .board import NEIGH, SEC, Board, board
from .constants import BUILDS
from .engine import build_targets, mandatory_open, move_targets, targets_on


class Scorer:
    """The seat's gold on a board changing in place (settlements added and taken away), counted fast."""

    def __init__(self, state: Mapping[str, Any], seat: int) -> None:
        self.b: Board = board(state["board"])
        self.owner: list[int] = list(state["owner"])
        self.goals: list[str] = list(state["goals"])
        self.seat = seat
        self.players = len(state["players"])
        self.mine: list[int] = scoring.settlements(self.owner, seat)
        self.counts: list[list[int]] = scoring.section_counts(self.owner, self.players)

    def put(self, h: int) -> None:
        self.owner[h] = self.seat
        self.mine.append(h)
        self.counts[self.seat][SEC[h]] += 1

    def take(self, h: int) -> None:
        self.owner[h] = -1
        self.mine.remove(h)
        self.counts[self.seat][SEC[h]] -= 1

    def total(self) -> int:
        return scoring.total(self.b, self.owner, self.goals, self.seat, self.players, self.mine, self.counts)


def _orders(owner: list[int], seat: int, pool: list[int], k: int, order: list[int], explored: set[tuple[int, ...]],
            out: list[list[int]]) -> None:
    cands = targets_on(owner, seat, pool, -1) if len(order) < k else []
    if not cands:
        if order:
            out.append(list(order))
        return
    for h in cands:
        key = tuple(sorted([*order, h]))
        if key in explored:  # (the same settlements in another order: the same board from here on)
            continue
        explored.add(key)
        owner[h] = seat
        order.append(h)
        _orders(owner, seat, pool, k, order, explored, out)
        order.pop()
        owner[h] = -1


def build_orders(state: Mapping[str, Any], seat: int) -> list[list[int]]:
    """Each set of hexes the rest of this turn's mandatory build can end with, as an order the rules allow."""
    if state["over"] or seat != state["turn"] or not mandatory_open(state):
        return []
    b = board(state["board"])
    k = min(BUILDS - int(state["built"]), int(state["players"][seat]["left"]))
    out: list[list[int]] = []
    _orders(list(state["owner"]), seat, b.of[state["card"]], k, [], set(), out)
    return out


def tiles_taken(state: Mapping[str, Any], seat: int, hexes: list[int]) -> list[int]:
    """The location hexes whose tile settlements placed on `hexes` would take (R13)."""
    taken = state["players"][seat]["taken"]
    out: list[int] = []
    for loc in state["locations"]:
        h = loc["hex"]
        if loc["left"] > 0 and h not in taken and h not in out and any(x in NEIGH[h] for x in hexes):
            out.append(h)
    return out


def kinds_of(state: Mapping[str, Any], hexes: list[int]) -> list[str]:
    kind = {loc["hex"]: loc["kind"] for loc in state["locations"]}
    return [kind[h] for h in hexes]


def ranked_builds(state: Mapping[str, Any], seat: int) -> list[tuple[list[int], int, list[int]]]:
    """(order, gold it adds now, location hexes whose tiles it takes) for every whole build, the easy AI's
    best first: the most gold, then the most tiles, then the hexes in order."""
    sc = Scorer(state, seat)
    before = sc.total()
    out = []
    for order in build_orders(state, seat):
        for h in order:
            sc.put(h)
        gain = sc.total() - before
        for h in order:
            sc.take(h)
        out.append((order, gain, tiles_taken(state, seat, order)))
    out.sort(key=lambda x: (-x[1], -len(x[2]), sorted(x[0])))
    return out


def tile_uses(state: Mapping[str, Any], seat: int, kind: str) -> list[tuple[str, int, list[int]]]:
    """(action body, gold it adds now, location hexes whose tiles it takes) for each use of a tile kind now,
    the most gold first (a move: the tiles lost count as none taken)."""
    from .constants import MOVE_TILES
    from .engine import tile_choices
    bodies = tile_choices(state, seat, kind)
    if not bodies:
        return []
    sc = Scorer(state, seat)
    before = sc.total()
    out = []
    if kind in MOVE_TILES:
        for f, t in move_targets(state, seat, kind):
            sc.take(f)
            sc.put(t)
            gain = sc.total() - before
            sc.take(t)
            sc.put(f)
            out.append((f"{kind}:{f}:{t}", gain, tiles_taken(state, seat, [t])))
    else:
        for h in build_targets(state, seat, kind):
            sc.put(h)
            gain = sc.total() - before
            sc.take(h)
            out.append((f"{kind}:{h}", gain, tiles_taken(state, seat, [h])))
    out.sort(key=lambda x: (-x[1], -len(x[2]), x[0]))
    return out
