"""The `easy` level: a one-ply evaluation of the position (hands.py) from what the seat knows (seen.py).

- A card into a hand: the hand where it makes the position best (the chance to win two hands of three in
  a basic match, the expected points margin in an advanced one).
- A take: the block whose card is worth most there. A block of mine I know; a block of the other seat's
  is worth the average of the faces I have not seen (a joker: the best of three of them); taking a
  block that uncovers one of the other seat's (it knows its face) gives it a choice, which costs a little.
- A kept stock block: the one worth most.
- Building: a block's worth before any hand exists (its rank, a joker, pairs and suits with my other
  known blocks); good blocks go where they will be uncovered early, poor ones deep in the pyramid (in
  the open variant the poor ones are placed first, into the foundation, and the good ones kept for the
  top).

`lite`: the rollouts' version (hard's search plays it thousands of times): a face not seen is valued
on a few of the unseen faces, not all of them."""

from collections.abc import Mapping, Sequence
from typing import Any

from engine import rng

from ..rules import pyramid as geo
from ..rules.cards import is_joker
from ..rules.constants import HAND_SIZE, HANDS, TARGETS
from .hands import beats, estimate, points_margin, win_game
from .seen import Seen

LITE_SAMPLE = 6     # unseen faces a lite take values an unknown block on
UNCOVER_OTHER = 0.02  # (in chances to win the game) a block of the other seat's that my take uncovers
SUM = False
UNKNOWN_BIAS = 0.0  # added to the worth of a block of the other seat's (taking it denies it them)
ADV_SCALE = 0.1     # advanced points margin -> the basic scale (about a game's chance per 10 points)


def _cone(s: int) -> int:
    seen: set[int] = set()
    todo = list(geo.ABOVE[s])
    while todo:
        t = todo.pop()
        if t not in seen:
            seen.add(t)
            todo.extend(geo.ABOVE[t])
    return len(seen)


CONE = tuple(_cone(s) for s in range(geo.SPOTS))
ACCESS = tuple(1.0 - c / max(CONE) for c in CONE)  # 1: uncovered at once; 0: the deepest spot


class Position:
    """The seat's hands against the other's: each hand's strength and its chance to win, and what a card
    adds in each hand that can still take it."""

    def __init__(self, state: Mapping[str, Any], seat: int, seen: Seen):
        self.advanced = state["config"]["match"] in TARGETS
        self.odds, their_odds = seen.odds()
        self.mine = state["hands"][seat]
        self.theirs = state["hands"][1 - seat]
        self.ms = [estimate(h, self.odds) for h in self.mine]
        self.ts = [estimate(h, their_odds) for h in self.theirs]
        self.p = [beats(a, sa, b, sb) for a, sa, b, sb in zip(self.mine, self.ms, self.theirs, self.ts, strict=True)]
        self.open = [h for h in range(HANDS) if len(self.mine[h]) < HAND_SIZE]

    def value(self, p: Sequence[float], ms: Sequence[float], mine: Sequence[Sequence[str]]) -> float:
        if self.advanced:
            return ADV_SCALE * points_margin(mine, ms, self.theirs, self.ts, p)
        if SUM:
            return sum(p) / 3
        return win_game(p)

    def now(self) -> float:
        return self.value(self.p, self.ms, self.mine)

    def put(self, card: str) -> tuple[float, int]:
        """(the position's value, the hand 0..2) for the best hand to put `card` into."""
        best, where = -1e9, self.open[0] if self.open else 0
        for h in self.open:
            hand = [*self.mine[h], card]
            s = estimate(hand, self.odds)
            p = list(self.p)
            p[h] = beats(hand, s, self.theirs[h], self.ts[h])
            ms = list(self.ms)
            ms[h] = s
            mine = list(self.mine)
            mine[h] = hand
            v = self.value(p, ms, mine)
            if v > best:
                best, where = v, h
        return best, where


def best_of_three(values: list[float]) -> float:
    """The expected best of three values drawn without replacement from `values`."""
    n = len(values)
    if n == 0:
        return 0.0
    if n < 3:
        return max(values)
    vs = sorted(values)
    total = n * (n - 1) * (n - 2) / 6
    return sum(v * (i * (i - 1) / 2) for i, v in enumerate(vs)) / total


def unknown_block(pos: Position, seen: Seen, gen: rng.Rng | None) -> float:
    """What a block of the other seat's is worth to me, on average over the faces I have not seen."""
    plain = [c for c in seen.unseen if not is_joker(c)]
    if gen is not None and len(plain) > LITE_SAMPLE:
        plain = [plain[rng.below(gen, len(plain))] for _ in range(LITE_SAMPLE)]
    if not plain:
        return pos.now()
    vals = [pos.put(c)[0] for c in plain]
    jokers = len(seen.unseen) - sum(1 for c in seen.unseen if not is_joker(c))
    pj = jokers / len(seen.unseen)
    return (1 - pj) * sum(vals) / len(vals) + pj * best_of_three(vals)


def joker_block(pos: Position, seen: Seen, gen: rng.Rng | None) -> float:
    plain = [c for c in seen.unseen if not is_joker(c)]
    if gen is not None and len(plain) > LITE_SAMPLE:
        plain = [plain[rng.below(gen, len(plain))] for _ in range(LITE_SAMPLE)]
    return best_of_three([pos.put(c)[0] for c in plain]) if plain else pos.now()


def take(state: Mapping[str, Any], seat: int, gen: rng.Rng | None = None) -> str:
    seen = Seen(state, seat)
    pos = Position(state, seat, seen)
    pyr = state["pyramid"]
    spots = geo.uncovered(pyr)
    unknown: float | None = None
    best, pick = -1e9, spots[0]
    for s in spots:
        card = seen.mine.get(s)
        if card is None:
            if unknown is None:
                unknown = unknown_block(pos, seen, gen) + UNKNOWN_BIAS
            v = unknown
        elif is_joker(card):
            v = joker_block(pos, seen, gen)
        else:
            v = pos.put(card)[0]
        for t in geo.SUPPORTS[s]:  # a block this take uncovers is the other seat's first
            if pyr[t]["owner"] != seat and not any(pyr[u] is not None for u in geo.ABOVE[t] if u != s):
                v -= UNCOVER_OTHER
        if v > best:
            best, pick = v, s
    return f"{seat}:take:{pick}"


def hand(state: Mapping[str, Any], seat: int) -> str:
    seen = Seen(state, seat)
    pos = Position(state, seat, seen)
    return f"{seat}:hand:{pos.put(state['holding']['card'])[1] + 1}"


def keep(state: Mapping[str, Any], seat: int) -> str:
    seen = Seen(state, seat)
    pos = Position(state, seat, seen)
    vals = [pos.put(c)[0] for c in state["look"]]
    return f"{seat}:keep:{max(range(len(vals)), key=lambda i: (vals[i], -i))}"


# ---- building -------------------------------------------------------------------------------------
CARD_MEAN = 0.45


def card_worth(card: str, others: Sequence[str]) -> float:
    """A block's worth to me before any hand exists: its rank, pairs and suits with my other known blocks."""
    if is_joker(card):
        return 1.0
    from .hands import R, S
    r, s = R[card], S[card]
    v = 0.1 + 0.5 * r / 12
    for o in others:
        if is_joker(o):
            continue
        if R[o] == r:
            v += 0.3
        elif abs(R[o] - r) == 1:
            v += 0.02
        if S[o] == s:
            v += 0.04
    return v


def build(state: Mapping[str, Any], seat: int) -> str:
    seen = Seen(state, seat)
    spots = geo.placeable(state["pyramid"])
    known = list(seen.mine.values())
    if state["config"]["blocks"] == "blind":
        card = seen.supply[0]
        w = card_worth(card, known) - CARD_MEAN
        s = max(spots, key=lambda p: (w * (2 * ACCESS[p] - 1), -p))
        return f"{seat}:place:{s}"
    best, pick = -1e9, ""
    for card in seen.supply:
        others = known + [c for c in seen.supply if c != card]
        w = card_worth(card, others) - CARD_MEAN
        for p in spots:
            v = w * (2 * ACCESS[p] - 1)
            if v > best:
                best, pick = v, f"{seat}:place:{card}:{p}"
    return pick


def choose_easy(state: Mapping[str, Any], seat: int, gen: rng.Rng | None = None) -> str:
    """The easy action id for `seat` (whose turn it is) in `state`; gen: lite (the rollouts' sampling)."""
    stage = state["stage"]
    if stage == "build":
        return build(state, seat)
    if stage == "take":
        return take(state, seat, gen)
    if stage == "hand":
        return hand(state, seat)
    return keep(state, seat)
