"""Who sees what (RULES.md R4, R61): the places a tile or a spirit may be hidden in, what a seat sees of a
state (view_for), of an event (public_event), and a state it cannot tell from the real one (resample).

Hidden from everyone: the deck's order (its count shows), the face-down queue tiles (that one lies there
shows), the spirits face down (their count shows) and the generator. Hidden from the other seat: a hand
(its count shows), the two spirits just drawn, the Mole's tiles. Everything else is face up: the queue's
face-up tiles, both panoramas, their spirits, the spirits' row, the rainbows, the discarded tiles.

In a view a hidden tile is UNSEEN (-1) and a hidden spirit SECRET ("?"), in its place, so the counts stay
and the rules' functions read a view as they read a state."""

from collections.abc import Mapping
from typing import Any

from engine import rng

from . import spirits as S
from .copying import clone, deep

UNSEEN = -1
SECRET = "?"
HIDDEN = ("rng",)
_TILE_LISTS = ("tiles", "back", "drew")


def view_for(state: Mapping[str, Any], seat: int | None) -> dict[str, Any]:
    v = clone({k: x for k, x in state.items() if k not in HIDDEN})
    v["deck"] = [UNSEEN] * len(state["deck"])
    for c in v["queue"]:
        if c[1] is not None:
            c[1] = UNSEEN
    for s in range(len(v["hands"])):
        if s != seat:
            v["hands"][s] = [UNSEEN] * len(v["hands"][s])
    v["pile"] = [SECRET] * len(state["pile"])
    if seat is None or seat != state["turn"]:
        v["drawn"] = [SECRET] * len(state["drawn"])
        v["look"] = [UNSEEN] * len(state["look"])
    v["viewer"] = seat
    return v


def public_event(event: Mapping[str, Any], seat: int | None) -> dict[str, Any]:
    """The event as `seat` may see it: an event with "to" shows its tiles and spirits only to those seats."""
    out: dict[str, Any] = deep(dict(event))
    if "to" in out and seat not in out["to"]:
        if "tile" in out:
            out["tile"] = UNSEEN
        for k in _TILE_LISTS:
            if k in out:
                out[k] = [UNSEEN] * len(out[k])
        if "spirits" in out:
            out["spirits"] = [SECRET] * len(out["spirits"])
    return out


def resample(state: Mapping[str, Any], viewer: int | None, seed: int) -> dict[str, Any]:
    """A state `viewer` cannot tell from this one: the tiles hidden from it dealt again among the places
    hidden from it, and so the spirits (none drawn for a choice is the curse: it never waits there)."""
    gen: rng.Rng = {"rng": rng.seed_state(seed)}
    s = clone(state)
    turn = state["turn"]
    tiles = list(s["deck"]) + [int(c[1]) for c in s["queue"] if c[1] is not None]
    hands = [h for h in range(len(s["hands"])) if h != viewer]
    for h in hands:
        tiles += s["hands"][h]
    see_turn = viewer is not None and viewer == turn
    if not see_turn:
        tiles += s["look"]
    rng.shuffle(gen, tiles)
    at = 0
    s["deck"] = tiles[at:at + len(s["deck"])]
    at += len(s["deck"])
    for c in s["queue"]:
        if c[1] is not None:
            c[1] = tiles[at]
            at += 1
    for h in hands:
        n = len(s["hands"][h])
        s["hands"][h] = sorted(tiles[at:at + n])
        at += n
    if not see_turn:
        s["look"] = tiles[at:at + len(s["look"])]
        at += len(s["look"])
    spirits = list(s["pile"]) + ([] if see_turn else list(s["drawn"]))
    rng.shuffle(gen, spirits)
    if not see_turn and s["drawn"]:
        plain = [k for k in spirits if k != S.CURSE][:len(s["drawn"])]
        for k in plain:
            spirits.remove(k)
        s["drawn"] = plain
    s["pile"] = spirits
    return s
