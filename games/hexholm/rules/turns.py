"""Whole choices of a turn, for the decision's menu and the AIs: the mandatory build's settlements still to place
as one set (every order that reaches the same set leaves the same board, so each set is found once, through
one order the rules allow), and what each set (or a tile's use) gains: gold now, the tiles it takes.

Everything here reads a state (or a seat's view: the same keys) and never changes it."""

from collections.abc import Mapping
from typing import Any

from . import scoring
from .board import NEIGH, ROW, SEC, Board, board
from .constants import BUILDS, HEXES, KEEP_GOLD, LAKE, MOVE_TILES, SIDE, WARDEN_FACTOR
from .engine import build_targets, mandatory_open, move_targets, targets_on, tile_choices

GROUP_GOALS = ("recluses", "burghers", "traderoad")
EXACT_MOVES = 25  # a tile's moves counted exactly, the likeliest first (the rest: away + onto, apart)


_LOCAL: dict[tuple[str, tuple[str, ...]], list[int]] = {}


def local_values(b: Board, goals: list[str]) -> list[int]:
    """Each hex's gold of the goals that count a settlement by what is beside it (Anglers, Quarrymen,
    Guildfolk), for a settlement there (kept per board and goals)."""
    key = (b.text, tuple(goals))
    out = _LOCAL.get(key)
    if out is None:
        if len(_LOCAL) > 256:
            _LOCAL.clear()
        out = [0] * HEXES
        for h in range(HEXES):
            v = 0
            if "anglers" in goals and b.near_lake[h] and b.text[h] != LAKE:
                v += 1
            if "quarrymen" in goals and b.near_peaks[h]:
                v += 1
            if "guildfolk" in goals and b.near_special[h]:
                v += 1
            out[h] = v
        _LOCAL[key] = out
    return out


class Scorer:
    """The seat's gold on a board changing in place (settlements put and taken away), counted fast: what
    depends on one hex, a row or a section is kept up to date; groups are counted when asked (its total()
    equals scoring.gold's, tests/hexholm/test_turns.py)."""

    def __init__(self, state: Mapping[str, Any], seat: int, shared: bool = False,
                 counts: list[list[int]] | None = None) -> None:
        """shared: the state's own list of owners is read and changed (a playout's scorers follow its board,
        record() telling them of each settlement placed), and `counts` shared between the seats' scorers."""
        self.b: Board = board(state["board"])
        self.owner: list[int] = state["owner"] if shared else list(state["owner"])
        self.goals: list[str] = list(state["goals"])
        self.seat = seat
        self.players = len(state["players"])
        self.mine: list[int] = scoring.settlements(self.owner, seat)
        self.counts: list[list[int]] = counts if counts is not None else \
            scoring.section_counts(self.owner, self.players)
        self.local = local_values(self.b, self.goals)
        self.local_sum = sum(self.local[h] for h in self.mine)
        self.keep_index = {k: i for i, k in enumerate(self.b.keeps)}
        self.near_keep: list[int] = [0] * len(self.b.keeps)
        self.rows: list[int] = [0] * SIDE
        for h in self.mine:
            self.rows[ROW[h]] += 1
            for n in NEIGH[h]:
                if n in self.keep_index:
                    self.near_keep[self.keep_index[n]] += 1
        self.groups = any(g in GROUP_GOALS for g in self.goals)

    def put(self, h: int) -> None:
        self.owner[h] = self.seat
        self.mine.append(h)
        self.counts[self.seat][SEC[h]] += 1
        self.local_sum += self.local[h]
        self.rows[ROW[h]] += 1
        for n in self.b.near_special[h]:
            i = self.keep_index.get(n, -1)
            if i >= 0:
                self.near_keep[i] += 1

    def record(self, h: int) -> None:
        """The seat's settlement placed on h (the owners already say so, the shared counts not yet)."""
        self.owner[h] = self.seat
        self.put(h)

    def take(self, h: int) -> None:
        self.owner[h] = -1
        self.mine.remove(h)
        self.counts[self.seat][SEC[h]] -= 1
        self.local_sum -= self.local[h]
        self.rows[ROW[h]] -= 1
        for n in self.b.near_special[h]:
            i = self.keep_index.get(n, -1)
            if i >= 0:
                self.near_keep[i] -= 1

    def total(self) -> int:
        gold = self.local_sum + KEEP_GOLD * sum(1 for c in self.near_keep if c > 0)
        for g in self.goals:
            if g == "surveyors":
                gold += sum(1 for r in self.rows if r > 0)
            elif g == "wardens":
                gold += WARDEN_FACTOR * max(self.rows)
            elif g == "barons":
                gold += scoring.barons(self.counts, self.seat)
            elif g == "homesteaders":
                gold += scoring.homesteaders(self.counts, self.seat)
        if self.groups:
            gold += group_gold(self.b, self.owner, self.seat, self.mine, self.goals)
        return gold


def group_gold(b: Board, owner: list[int], seat: int, mine: list[int], goals: list[str]) -> int:
    """Recluses, Burghers and Trade Road (those of them in play) in one pass over the seat's groups."""
    recl = "recluses" in goals
    burg = "burghers" in goals
    trade = "traderoad" in goals
    seen: set[int] = set()
    count = 0
    largest = 0
    gold = 0
    for start in mine:
        if start in seen:
            continue
        seen.add(start)
        todo = [start]
        size = 0
        while todo:
            h = todo.pop()
            size += 1
            for n in NEIGH[h]:
                if n not in seen and owner[n] == seat:
                    seen.add(n)
                    todo.append(n)
        count += 1
        largest = max(largest, size)
    if trade:
        gold += scoring.traderoad(b, owner, seat, mine)
    if recl:
        gold += count
    if burg:
        gold += largest // 2
    return gold


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
    the most gold first (a move: the tiles lost count as none taken; past the EXACT_MOVES likeliest, a move's
    gold is the sum of what leaving its hex and reaching the other add apart)."""
    bodies = tile_choices(state, seat, kind)
    if not bodies:
        return []
    sc = Scorer(state, seat)
    before = sc.total()
    out = []
    if kind in MOVE_TILES:
        # each settlement taken away and each hex moved onto counted apart, then the likeliest moves exactly
        pairs = move_targets(state, seat, kind)
        away: dict[int, int] = {}
        onto: dict[int, int] = {}
        for f, t in pairs:
            if f not in away:
                sc.take(f)
                away[f] = sc.total() - before
                sc.put(f)
            if t not in onto:
                sc.put(t)
                onto[t] = sc.total() - before
                sc.take(t)
        guess = sorted(pairs, key=lambda p: (-(away[p[0]] + onto[p[1]]), p))
        for f, t in guess[:EXACT_MOVES]:
            sc.take(f)
            sc.put(t)
            gain = sc.total() - before
            sc.take(t)
            sc.put(f)
            out.append((f"{kind}:{f}:{t}", gain, tiles_taken(state, seat, [t])))
        for f, t in guess[EXACT_MOVES:]:
            out.append((f"{kind}:{f}:{t}", away[f] + onto[t], tiles_taken(state, seat, [t])))
    else:
        for h in build_targets(state, seat, kind):
            sc.put(h)
            gain = sc.total() - before
            sc.take(h)
            out.append((f"{kind}:{h}", gain, tiles_taken(state, seat, [h])))
    out.sort(key=lambda x: (-x[1], -len(x[2]), x[0]))
    return out
