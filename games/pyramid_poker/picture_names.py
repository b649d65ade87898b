"""What the pictures call a hand: its class with the ranks that make it ("pair of queens", "full house,
kings over fives"), and the class alone ("full house") where the longer name does not fit."""

from collections.abc import Sequence

from .lang import N_, _
from .rules.cards import class_name, rank

CLASS = {"no pair": N_("no pair"), "pair": N_("pair"), "two pair": N_("two pair"),
         "three of a kind": N_("three of a kind"), "straight": N_("straight"), "flush": N_("flush"),
         "full house": N_("full house"), "four of a kind": N_("four of a kind"),
         "straight flush": N_("straight flush"), "royal flush": N_("royal flush")}
ONE = {2: N_("two"), 3: N_("three"), 4: N_("four"), 5: N_("five"), 6: N_("six"), 7: N_("seven"), 8: N_("eight"),
       9: N_("nine"), 10: N_("ten"), 11: N_("jack"), 12: N_("queen"), 13: N_("king"), 14: N_("ace")}
MANY = {2: N_("twos"), 3: N_("threes"), 4: N_("fours"), 5: N_("fives"), 6: N_("sixes"), 7: N_("sevens"),
        8: N_("eights"), 9: N_("nines"), 10: N_("tens"), 11: N_("jacks"), 12: N_("queens"), 13: N_("kings"),
        14: N_("aces")}


def class_of(hand: Sequence[str]) -> str:
    """The class name (English key of CLASS) of a hand."""
    return class_name(rank(hand))


def names(hand: Sequence[str]) -> list[str]:
    """The hand's names, most detailed first, the class alone last; [] for an empty hand."""
    if not hand:
        return []
    key = rank(hand)
    cls = class_name(key)
    plain = _(CLASS[cls])
    a, b = key[1], key[2]
    if cls == "royal flush":
        return [plain]
    if cls == "straight flush":
        return [_("straight flush, {rank} high", rank=_(ONE[a])), plain]
    if cls == "four of a kind":
        return [_("four {ranks}", ranks=_(MANY[a])), plain]
    if cls == "full house":
        return [_("full house, {a} over {b}", a=_(MANY[a]), b=_(MANY[b])), plain]
    if cls == "flush":
        return [_("flush, {rank} high", rank=_(ONE[a])), plain]
    if cls == "straight":
        return [_("straight, {rank} high", rank=_(ONE[a])), plain]
    if cls == "three of a kind":
        return [_("three {ranks}", ranks=_(MANY[a])), plain]
    if cls == "two pair":
        return [_("two pair, {a} and {b}", a=_(MANY[a]), b=_(MANY[b])), plain]
    if cls == "pair":
        return [_("pair of {ranks}", ranks=_(MANY[a])), plain]
    return [_("no pair, {rank} high", rank=_(ONE[a])), plain]
