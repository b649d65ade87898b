"""Who knows which face (RULES.md P3, P7-P15, P25): the places a face may be hidden in, whether a
seat knows each, and from that what a seat sees (view_for, public_event), what it knows (known) and a
state it cannot tell from the real one (resample).

Face-down places: the pyramid's blocks (their owner knows them), the supplies (open: their owner knows
them all; blind: nobody, but the next block while its owner places it), the stock (nobody), the
blocks turned over for a joker (the taker) and the card a taker holds (the taker and the block's
owner). Hands and discards are face up; seed and rng are nobody's."""

from collections.abc import Mapping
from typing import Any

from engine import rng

from .cards import DECK, is_joker
from .copying import clone, deep

HIDDEN = ("rng", "seed")
Place = tuple  # ("pyramid", spot) | ("supply", seat, index) | ("stock", index) | ("look", index) | ("holding",)


def places(state: Mapping[str, Any]) -> list[Place]:
    """Every place holding a face that some seat may not know."""
    out: list[Place] = [("pyramid", i) for i, b in enumerate(state["pyramid"]) if b is not None]
    out += [("supply", s, j) for s, sup in enumerate(state["supply"]) for j in range(len(sup))]
    out += [("stock", j) for j in range(len(state["stock"]))]
    out += [("look", j) for j in range(len(state["look"]))]
    if state["holding"] is not None:
        out.append(("holding",))
    return out


def knows(state: Mapping[str, Any], seat: int | None, place: Place) -> bool:
    """Whether `seat` (None: a spectator) knows the face at `place`."""
    if seat is None:
        return False
    kind = place[0]
    if kind == "pyramid":
        return bool(state["pyramid"][place[1]]["owner"] == seat)
    if kind == "supply":
        if place[1] != seat:
            return False
        if state["config"]["blocks"] == "open":
            return True
        return place[2] == 0 and state["stage"] == "build" and state["turn"] == seat
    if kind == "look":
        return bool(state["turn"] == seat)
    if kind == "holding":
        return seat in (state["turn"], state["holding"]["owner"])
    return False  # the stock


def get(state: Mapping[str, Any], place: Place) -> str:
    kind = place[0]
    if kind == "pyramid":
        return str(state["pyramid"][place[1]]["card"])
    if kind == "supply":
        return str(state["supply"][place[1]][place[2]])
    if kind == "holding":
        return str(state["holding"]["card"])
    return str(state[kind][place[1]])


def put(state: dict, place: Place, card: str | None) -> None:
    kind = place[0]
    if kind == "pyramid":
        state["pyramid"][place[1]]["card"] = card
    elif kind == "supply":
        state["supply"][place[1]][place[2]] = card
    elif kind == "holding":
        state["holding"]["card"] = card
    else:
        state[kind][place[1]] = card


def hidden_places(state: Mapping[str, Any], seat: int | None) -> list[Place]:
    return [p for p in places(state) if not knows(state, seat, p)]


def view_for(state: Mapping[str, Any], seat: int | None) -> dict:
    """The state as `seat` sees it (None: a spectator): every face it may not know is None in its place
    (the counts stay), seed and rng are gone, and "viewer" says whose view it is."""
    v = clone({k: x for k, x in state.items() if k not in HIDDEN})
    for p in hidden_places(state, seat):
        put(v, p, None)
    v["viewer"] = seat
    return v


def public_event(event: Mapping[str, Any], seat: int | None) -> dict:
    """The event as `seat` may see it: an event with "to" shows its faces ("card", "cards") only to those
    seats; everyone else gets None in their place."""
    out: dict = deep(dict(event))
    if "to" in out and seat not in out["to"]:
        if "card" in out:
            out["card"] = None
        if "cards" in out:
            out["cards"] = [None] * len(out["cards"])
    return out


def resample(state: Mapping[str, Any], viewer: int | None, seed: int) -> dict:
    """A state `viewer` cannot tell from this one: the faces hidden from it dealt again among the places
    hidden from it (jokers only where a joker can be: not among the blocks turned over, nor held). The
    engine's rng stays, so what is still to be shuffled is shuffled the same."""
    gen: rng.Rng = {"rng": rng.seed_state(seed)}
    s = clone(state)
    hidden = hidden_places(state, viewer)
    faces = [get(state, p) for p in hidden]
    rng.shuffle(gen, faces)
    no_joker = [p for p in hidden if p[0] in ("look", "holding")]
    plain = [f for f in faces if not is_joker(f)][:len(no_joker)]
    rest = list(faces)
    for f in plain:
        rest.remove(f)
    for p, f in zip(no_joker, plain, strict=True):
        put(s, p, f)
    for p, f in zip([p for p in hidden if p[0] not in ("look", "holding")], rest, strict=True):
        put(s, p, f)
    if s["config"]["blocks"] == "open":  # (an open supply is kept sorted)
        s["supply"] = [sorted(sup, key=DECK.index) for sup in s["supply"]]
    return s


def known(state: Mapping[str, Any], seat: int) -> dict:
    """What `seat` knows of the faces (for an AI): its pyramid blocks {spot: card}, its supply {index: card},
    the blocks it turned over, the card it holds (or None), the face-up cards (hands and discards), and
    every other face of the 54, unseen (sorted)."""
    mine = [p for p in places(state) if knows(state, seat, p)]
    pyr = {p[1]: get(state, p) for p in mine if p[0] == "pyramid"}
    sup = {p[2]: get(state, p) for p in mine if p[0] == "supply"}
    look = [get(state, p) for p in mine if p[0] == "look"]
    holding = next((get(state, p) for p in mine if p[0] == "holding"), None)
    public = [c for hands in state["hands"] for h in hands for c in h] + list(state["discards"])
    seen = set(public) | set(pyr.values()) | set(sup.values()) | set(look) | ({holding} if holding else set())
    return {"pyramid": pyr, "supply": sup, "look": look, "holding": holding, "public": public,
            "unseen": [c for c in DECK if c not in seen]}
