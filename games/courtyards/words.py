"""Courtyards' names of things, in the current language: the six kinds of buildings, the four currencies,
a money card, a tile, a spot of the palace."""

from collections.abc import Sequence

from .lang import N_, _, n_, p_
from .rules import palace as geo
from .rules.constants import WELL

KIND_NAMES = (N_("Kiosk"), N_("Bathhouse"), N_("Colonnade"), N_("Library"), N_("Orchard"), N_("Minaret"))
CURRENCY_NAMES = (N_("Amber"), N_("Jade"), N_("Coral"), N_("Slate"))
# the colours the pictures give them (kinds in the scoring table's order; currencies by slot)
KIND_COLOURS = ((236, 196, 92), (120, 170, 214), (214, 130, 96), (150, 110, 170), (112, 168, 92), (196, 84, 84))
CURRENCY_COLOURS = ((232, 160, 40), (60, 160, 110), (226, 104, 110), (110, 120, 140))


def kind(k: int) -> str:
    return _(KIND_NAMES[k])


def mark(k: int) -> str:
    """The letters on a tile of kind k: each language's own, so that no two kinds share them (Spanish
    Baños and Biblioteca, Polish Kiosk and Kolumnada would with first letters)."""
    return (p_("tile mark", "K"), p_("tile mark", "B"), p_("tile mark", "C"), p_("tile mark", "L"),
            p_("tile mark", "O"), p_("tile mark", "M"))[k]


def currency(c: int) -> str:
    return _(CURRENCY_NAMES[c])


def card(c: int) -> str:
    """A money card: "Amber 3"."""
    return f"{currency(c // 10)} {c % 10}"


def cards(cs: Sequence[int]) -> str:
    return " + ".join(card(c) for c in cs)


def hand(cs: Sequence[int]) -> str:
    """A hand by currency: "Amber 3, 5 · Jade 2" ("none" when empty)."""
    parts = []
    for cur in range(len(CURRENCY_NAMES)):
        vals = [str(c % 10) for c in cs if c // 10 == cur]
        if vals:
            parts.append(f"{currency(cur)} {', '.join(vals)}")
    return " · ".join(parts) if parts else _("no money")


def tile(t: int) -> str:
    """A building: "Library (7)"; the Well."""
    if t == WELL:
        return _("Well")
    return f"{kind(geo.KIND[t])} ({geo.PRICE[t]})"


def walls(t: int) -> str:
    """Its walls' sides: "walls N, E" or "no walls"."""
    m = geo.mask(t)
    sides = [s for bit, s in zip(geo.BITS, (_("N"), _("E"), _("S"), _("W")), strict=True) if m & bit]
    return _("walls {sides}", sides=", ".join(sides)) if sides else _("no walls")


def points(n: int) -> str:
    return n_("{n} point", "{n} points", n)


def holding(cards: int, reserve: int) -> str:
    """What a seat holds, as everyone sees it: "5 cards · 2 in reserve"."""
    return n_("{n} card", "{n} cards", cards) + " · " + _("{n} in reserve", n=reserve)
