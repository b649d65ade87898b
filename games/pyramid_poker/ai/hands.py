"""How good a seat's three hands are, one ply deep: each hand's expected final strength (its made class
and its draws to more of a rank, a flush or a straight, given the cards it may still get), the chance
that it beats the other seat's hand of the same number, and from the three chances what a position is
worth: the chance to win the game (basic) or the expected advanced points margin (RULES.md P16-P22).

Strength is a number on the class scale (RULES P17): the class (0 no pair .. 8 straight flush) plus a
fraction for the ranks, so that a finished hand's strength orders hands as rank() does. A card a hand
may still get is weighted by the chance the seat ends up with it (Odds: its own known blocks, and the
faces it has not seen, as likely as the blocks they may lie in)."""

from collections.abc import Iterable, Sequence
from math import exp

from ..rules.cards import rank
from ..rules.constants import HAND_SIZE, RANKS, SUITS

R = {r + s: i for i, r in enumerate(RANKS) for s in SUITS}   # rank index, 0 ("2") .. 12 (ace)
S = {r + s: j for r in RANKS for j, s in enumerate(SUITS)}   # suit index
WINDOWS = (((12, 0, 1, 2, 3), 3),) + tuple((tuple(range(i, i + 5)), i + 4) for i in range(9))
FRAC = 1 / 15
EMPTY = 1.3        # the strength an empty hand is expected to reach
HAND_SHARE = 0.8   # of a wanted card the seat gets, the part that goes to the hand that wants it
SPREAD, SPREAD_SLOT = 0.12, 0.22  # how uncertain a comparison is: per place still to fill in the two hands
NEW_PAIR = 0.25    # the chance of a new pair: 1 - exp(-NEW_PAIR * lam^2 * (slots - 1)), lam per rank
NEW_PAIR_MAX = 0.6
_exact: dict[tuple, float] = {}


def strength_of_key(key: Sequence[int]) -> float:
    v = float(key[0])
    f = FRAC
    for x in key[1:]:
        v += x * f
        f *= FRAC
    return v


def exact(hand: Sequence[str]) -> float:
    """A finished hand's strength (it orders hands as rank() does)."""
    k = tuple(sorted(hand))
    v = _exact.get(k)
    if v is None:
        if len(_exact) > 300_000:
            _exact.clear()
        v = _exact[k] = strength_of_key(rank(hand)) if len(hand) != HAND_SIZE else _five(hand)
    return v


def _five(hand: Sequence[str]) -> float:
    """strength_of_key(rank(hand)) for five cards, faster."""
    vals = sorted((R[c] + 2 for c in hand), reverse=True)
    counts: dict[int, int] = {}
    for x in vals:
        counts[x] = counts.get(x, 0) + 1
    if len(counts) == HAND_SIZE:
        flush = len({S[c] for c in hand}) == 1
        high = vals[0] if vals[0] - vals[4] == 4 else 5 if vals == [14, 5, 4, 3, 2] else 0
        if high:
            return (8.0 if flush else 4.0) + high * FRAC
        cls = 5.0 if flush else 0.0
        return cls + vals[0] * FRAC + vals[1] * FRAC ** 2 + vals[2] * FRAC ** 3 + vals[3] * FRAC ** 4 + \
            vals[4] * FRAC ** 5
    groups = sorted(counts.items(), key=lambda vn: (vn[1], vn[0]), reverse=True)
    cls = _class([n for _v, n in groups])
    v = float(cls)
    f = FRAC
    for x, _n in groups:
        v += x * f
        f *= FRAC
    return v


def _class(shape: list[int]) -> int:
    top = shape[0]
    if top >= 4:
        return 7
    if top == 3:
        return 6 if len(shape) > 1 and shape[1] >= 2 else 3
    if top == 2:
        return 2 if len(shape) > 1 and shape[1] == 2 else 1
    return 0


def _tail(lam: float, need: int) -> float:
    """P(a Poisson count of mean lam is at least need)."""
    if need <= 0:
        return 1.0
    term = exp(-lam)
    below = term
    for j in range(1, need):
        term *= lam / j
        below += term
    return max(0.0, 1.0 - below)


class Odds:
    """The chances a hand of the seat gets more cards: lam_r[rank], lam_s[suit] (how many cards of that
    rank / suit it may expect), and from them p1[rank] (at least one more of the rank), p2[rank] (two
    more), flush[suit][n] (n more of the suit) and new_pair[slots] (a pair of a rank it has none of)."""
    __slots__ = ("lam_r", "lam_s", "p1", "p2", "flush", "new_pair")

    def __init__(self, weighted: Iterable[tuple[str, float]]):
        lr = [0.0] * 13
        ls = [0.0] * 4
        for c, w in weighted:
            i = R.get(c)
            if i is None:
                continue  # a joker
            lr[i] += w
            ls[S[c]] += w
        self.lam_r = [x * HAND_SHARE for x in lr]
        self.lam_s = [x * HAND_SHARE for x in ls]
        self.p1 = [1.0 - exp(-x) for x in self.lam_r]
        self.p2 = [_tail(x, 2) for x in self.lam_r]
        self.flush = [[_tail(x, n) for n in range(HAND_SIZE)] for x in self.lam_s]
        mean = sum(self.lam_r) / 13.0
        self.new_pair = [min(NEW_PAIR_MAX, 1.0 - exp(-mean * mean * NEW_PAIR * (n - 1))) if n >= 2 else 0.0
                         for n in range(HAND_SIZE + 1)]


MASKS = tuple((sum(1 << m for m in w), w, high) for w, high in WINDOWS)
_WINS: dict[int, list[tuple[tuple[int, ...], int]]] = {}  # a hand's ranks -> [(missing ranks, high)]


def estimate(hand: Sequence[str], odds: Odds) -> float:
    """The hand's expected final strength: its made class, improved by the best draw that comes in
    (each draw's chance from the odds), on the class scale."""
    k = len(hand)
    if k >= HAND_SIZE:
        return exact(hand)
    if k == 0:
        return EMPTY
    slots = HAND_SIZE - k
    counts: dict[int, int] = {}
    for c in hand:
        i = R[c]
        counts[i] = counts.get(i, 0) + 1
    p1 = odds.p1
    draws: list[tuple[float, float]] = []  # (gain, chance)
    if len(counts) == k:  # no pair yet: a pair, two more of a rank, a new pair, a flush, a straight
        top = max(counts)
        base = (top + 2) * FRAC
        mask = 0
        for i in counts:
            mask |= 1 << i
            draws.append((1.0 + (i + 2) * FRAC - base, p1[i]))
        if slots >= 2:
            draws.append((3.0 + (top + 2) * FRAC - base, odds.p2[top]))
            draws.append((1.0, odds.new_pair[slots]))
        suit = S[hand[0]]
        if all(S[c] == suit for c in hand):
            p = odds.flush[suit][slots]
            if p > 0.0:
                draws.append((5.0 + (top + 2) * FRAC - base, p))
        best = 0.0
        best_high = 0
        wins = _WINS.get(mask)
        if wins is None:
            wins = _WINS[mask] = [(tuple(m for m in w if not (mask >> m) & 1), high)
                                  for wm, w, high in MASKS if wm & mask == mask]
        for missing, high in wins:
            p = 1.0
            for m in missing:
                p *= p1[m]
            if p > best:
                best, best_high = p, high
        if best > 0.0:
            draws.append((4.0 + (best_high + 2) * FRAC - base, best))
    else:
        groups = sorted(counts.items(), key=lambda x: (x[1], x[0]), reverse=True)
        shape = [n for _i, n in groups]
        main = groups[0][0]
        cls = _class(shape)
        base = cls + (main + 2) * FRAC
        for i, n in groups:
            if n >= 4:
                continue
            new = sorted([m + 1 if j == i else m for j, m in groups], reverse=True)
            v = _class(new) + (i + 2 if new[0] == n + 1 else main + 2) * FRAC
            if v > base:
                draws.append((v - base, p1[i]))
            if slots >= 2 and n <= 2:  # two more of the rank
                new2 = sorted([m + 2 if j == i else m for j, m in groups], reverse=True)
                v2 = _class(new2) + (i + 2) * FRAC
                if v2 > v:
                    draws.append((v2 - base, odds.p2[i]))
        if slots >= 2:  # a new pair from two cards of a rank not in the hand yet
            v = _class(sorted(shape + [2], reverse=True)) + (main + 2) * FRAC
            if v > base:
                draws.append((v - base, odds.new_pair[slots]))
    if not draws:
        return base
    draws.sort(reverse=True)
    v = base
    left = 1.0
    for gain, p in draws:
        v += left * p * gain
        left *= 1.0 - p
    return v


def beats(a: Sequence[str], sa: float, b: Sequence[str], sb: float) -> float:
    """The chance hand a (strength sa) ends above hand b (sb); exact when both are finished."""
    slots = 2 * HAND_SIZE - len(a) - len(b)
    if slots == 0:
        return 1.0 if sa > sb else 0.0 if sa < sb else 0.5
    z = (sa - sb) / (SPREAD + SPREAD_SLOT * slots)
    if z > 30:
        return 1.0
    if z < -30:
        return 0.0
    return 1.0 / (1.0 + exp(-z))


def win_game(p: Sequence[float]) -> float:
    """The chance to win at least two of three hands (each won with chance p[i], independently)."""
    a, b, c = p
    return a * b + a * c + b * c - 2 * a * b * c


def _chart(s: float, finished: bool) -> float:
    """A hand's advanced chart points from its strength (expected, when not finished)."""
    if finished:
        c = int(s)
        return -1.0 if c == 0 else 0.0 if c < 4 else 1.0 if c < 6 else float(c - 4) + (c == 8 and s >= 8.9)
    v = -1.0
    for edge, step in ((1.0, 1.0), (4.0, 1.0), (6.0, 1.0), (7.0, 1.0), (8.0, 1.0)):
        z = (s - edge) / 0.3
        v += step / (1.0 + exp(-max(-30.0, min(30.0, z))))
    return v


def points_margin(mine: Sequence[Sequence[str]], ms: Sequence[float], theirs: Sequence[Sequence[str]],
                  ts: Sequence[float], p: Sequence[float]) -> float:
    """The expected advanced points margin of a game (RULES P21, P22) with these hands, strengths and
    chances of winning each."""
    a, b, c = p
    three = a * b * c
    none = (1 - a) * (1 - b) * (1 - c)
    two = a * b + a * c + b * c - 3 * three
    one = 1.0 - three - none - two
    mine_pts = sum(_chart(s, len(h) == HAND_SIZE) for h, s in zip(mine, ms, strict=True)) + 3 * two + 4 * three
    their_pts = sum(_chart(s, len(h) == HAND_SIZE) for h, s in zip(theirs, ts, strict=True)) + 3 * one + 4 * none
    return mine_pts - their_pts
