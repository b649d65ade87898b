"""Who knows what (RULES.md S2, T10, E2): each player's money is their own (the others see how many cards),
until the game's end shows every hand; the money deck's order (and where its scoring cards lie within
their public windows) and the bag's order are nobody's. Everything else is on the table. From that: what a
seat sees (view_for), what an event shows (public_event: our events carry nothing secret) and a state it
cannot tell from the real one (resample)."""

from collections.abc import Mapping
from typing import Any, cast

from engine import rng

from .constants import SCORING
from .copying import clone, deep

HIDDEN = ("rng", "deck", "bag")


def shown_hands(state: Mapping[str, Any]) -> bool:
    """Whether every hand is public (the game has ended: the awards show the money)."""
    return state["stage"] in ("final", "over")


def view_for(state: Mapping[str, Any], seat: int | None) -> dict:
    """The state as `seat` sees it (None: a spectator): the deck and the bag as their sizes, the other
    hands as None (hand_sizes says how many cards each holds), and "viewer"."""
    v = clone({k: x for k, x in state.items() if k not in HIDDEN})
    v["deck"] = None
    v["bag"] = None
    v["deck_size"] = len(state["deck"])
    v["bag_size"] = len(state["bag"])
    v["hand_sizes"] = [len(h) for h in state["hands"]]
    if not shown_hands(state):
        v["hands"] = [list(h) if s == seat else None for s, h in enumerate(state["hands"])]
    v["viewer"] = seat
    return v


def public_event(event: Mapping[str, Any], seat: int | None) -> dict:
    """Our events carry nothing secret (a take is from the face-up display, a payment goes face up to the
    discards, the hands shown at the end are public then)."""
    return dict(deep(dict(event)))


def resample(state: Mapping[str, Any], viewer: int | None, seed: int) -> dict:
    """A state `viewer` cannot tell from this one: the money it cannot see (the other hands, the deck) dealt
    again, each hand keeping its size; the scoring cards still in the deck put again anywhere in what is
    left of their windows; the bag shuffled."""
    gen: rng.Rng = {"rng": rng.seed_state(seed)}
    s = clone(state)
    rng.shuffle(gen, s["bag"])
    if shown_hands(state):
        money = [c for c in s["deck"] if c != SCORING]
        rng.shuffle(gen, money)
        s["deck"] = _insert_scoring(gen, state, money)
        return s
    hidden = [x for x in range(len(s["hands"])) if x != viewer]
    pool = [c for x in hidden for c in s["hands"][x]] + [c for c in s["deck"] if c != SCORING]
    rng.shuffle(gen, pool)
    for x in hidden:
        k = len(s["hands"][x])
        s["hands"][x] = sorted(pool[:k])
        pool = pool[k:]
    s["deck"] = _insert_scoring(gen, state, pool)
    return s


def scoring_left(state: Mapping[str, Any]) -> list[list[int]]:
    """The windows of the scoring cards still in the deck, each as [lo, hi] money cards still to be drawn
    before it (from now), as everyone may know them."""
    out = []
    drawn = int(state["drawn"])
    for i, (lo, hi) in enumerate(state["windows"]):
        if i < int(state["scored"]):
            continue
        out.append([max(0, lo - drawn), max(0, hi - drawn)])
    return out


def _insert_scoring(gen: rng.Rng, state: Mapping[str, Any], money: list[int]) -> list[int]:
    """The deck (top last) of these money cards, with the scoring cards still to come each after a number of
    money cards drawn uniformly in what is left of its window."""
    inside = sum(1 for c in state["deck"] if c == SCORING)
    order = money[::-1]
    spots = []
    for lo, hi in scoring_left(state)[:inside]:
        hi = min(hi, len(order))
        lo = min(lo, hi)
        spots.append(lo + rng.below(gen, hi - lo + 1))
    for j in sorted(spots, reverse=True):
        order.insert(j, SCORING)
    return cast(list[int], order[::-1])
