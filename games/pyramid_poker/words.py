"""Pyramid Poker's words: cards, hand classes, hands, match kinds, in the current language."""

from collections import Counter
from collections.abc import Sequence

from .lang import _
from .rules.cards import class_name, is_joker, rank, value
from .rules.constants import HAND_SIZE

SUIT_MARK = {"S": "♠", "H": "♥", "D": "♦", "C": "♣"}
SEAT_MARK = ("🟦", "🟧")  # the backs of each player's blocks, as the pictures draw them


def card(code: str | None) -> str:
    """"Q♥", "10♠", "🃏" (a joker), "▢" (a face not known)."""
    if code is None:
        return "▢"
    if is_joker(code):
        return "🃏"
    rank_ = "10" if code[0] == "T" else code[0]
    return rank_ + SUIT_MARK[code[1]]


def cards(codes: Sequence[str]) -> str:
    return " ".join(card(c) for c in codes) if codes else "—"


def ordered(codes: Sequence[str]) -> list[str]:
    """A hand's cards as a player reads them: those that make its class first (the pair, the three), then
    the others, high to low."""
    counts = Counter(value(c) for c in codes if not is_joker(c))
    return sorted(codes, key=lambda c: (0, 0) if is_joker(c) else (counts[value(c)], value(c)), reverse=True)


def number(n: int) -> str:
    """A score: "7", "−5" (a minus sign, not a hyphen)."""
    return str(n) if n >= 0 else f"−{-n}"


def signed(n: int) -> str:
    """A score won or lost: "+3", "−2", "0"."""
    return f"+{n}" if n > 0 else number(n)


def hand_class(name: str) -> str:
    return {"no pair": _("no pair"), "pair": _("pair"), "two pair": _("two pair"),
            "three of a kind": _("three of a kind"), "straight": _("straight"), "flush": _("flush"),
            "full house": _("full house"), "four of a kind": _("four of a kind"),
            "straight flush": _("straight flush"), "royal flush": _("royal flush")}[name]


def made(codes: Sequence[str]) -> str | None:
    """What a hand makes, once it is complete or makes a pair or better (else None: nothing to say yet)."""
    name = class_name(rank(codes)) if codes else "no pair"
    return hand_class(name) if name != "no pair" or len(codes) >= HAND_SIZE else None


def hand(codes: Sequence[str]) -> str:
    """A hand's cards and what they make so far: "K♠ K♦ 4♣ (pair)", "7♣ 2♦"."""
    if not codes:
        return _("empty")
    what = made(codes)
    return f"{cards(codes)} ({what})" if what else cards(codes)


def match(kind: str) -> str:
    return {"basic": _("one game: win 2 of the 3 hands"), "to7": _("a match to 7 points"),
            "to11": _("a match to 11 points")}[kind]


def blocks(kind: str) -> str:
    return {"blind": _("blind (you see each block as you place it)"),
            "open": _("open (you see your 15 blocks and choose)")}[kind]


def category(key: str) -> str:
    return {"hands": _("Hands won"), "games": _("Games won"), "points": _("Points")}[key]
