"""The blocks (52 cards and 2 jokers, by code: rank + suit, "AS", "TD"; jokers "X1", "X2") and poker
hands: rank(hand) is a tuple that compares hands with < (RULES.md P17-P19)."""

from collections import Counter
from collections.abc import Sequence

from .constants import CHART, CLASSES, HAND_SIZE, JOKERS, MISSING, RANKS, ROYAL, SUITS

DECK = tuple(r + s for s in SUITS for r in RANKS) + JOKERS
KEY_LEN = 1 + HAND_SIZE  # a rank key: the class, then up to five ranks (padded with MISSING)
STRAIGHT, FLUSH, STRAIGHT_FLUSH = CLASSES.index("straight"), CLASSES.index("flush"), CLASSES.index("straight flush")
ACE = 14


def is_joker(card: str) -> bool:
    return card in JOKERS


def value(card: str) -> int:
    """2..14 (ace high)."""
    return RANKS.index(card[0]) + 2


def _straight_high(values: list[int]) -> int | None:
    """The top of a straight of these five different values (descending), 5 for A-2-3-4-5, or None."""
    if values[0] - values[4] == 4:
        return values[0]
    if values == [ACE, 5, 4, 3, 2]:
        return 5
    return None


def rank(hand: Sequence[str]) -> tuple[int, ...]:
    """The hand's key: (class, the ranks that make the class, then the kickers, high to low), padded
    with MISSING so that a short hand's missing card ranks below every card. Suits only make flushes."""
    values = sorted((value(c) for c in hand), reverse=True)
    groups = sorted(Counter(values).items(), key=lambda vn: (vn[1], vn[0]), reverse=True)
    ordered = [v for v, _n in groups]
    shape = [n for _v, n in groups]
    key: tuple[int, ...]
    if len(hand) == HAND_SIZE and len(groups) == HAND_SIZE:  # straights and flushes need five cards
        high = _straight_high(values)
        flush = len({c[1] for c in hand}) == 1
        if high is not None and flush:
            key = (STRAIGHT_FLUSH, high)
        elif flush:
            key = (FLUSH, *values)
        elif high is not None:
            key = (STRAIGHT, high)
        else:
            key = (0, *values)
    elif shape and shape[0] == 4:
        key = (CLASSES.index("four of a kind"), *ordered)
    elif shape[:2] == [3, 2]:
        key = (CLASSES.index("full house"), *ordered)
    elif shape and shape[0] == 3:
        key = (CLASSES.index("three of a kind"), *ordered)
    elif shape[:2] == [2, 2]:
        key = (CLASSES.index("two pair"), *ordered)
    elif shape and shape[0] == 2:
        key = (CLASSES.index("pair"), *ordered)
    else:
        key = (0, *values)
    return key + (MISSING,) * (KEY_LEN - len(key))


def class_name(key: Sequence[int]) -> str:
    """The class of a rank key: one of CLASSES, or "royal flush" (the ace-high straight flush)."""
    if key[0] == STRAIGHT_FLUSH and key[1] == ACE:
        return ROYAL
    return CLASSES[key[0]]


def chart_points(hand: Sequence[str]) -> int:
    """The hand's advanced chart points."""
    return CHART[class_name(rank(hand))]
