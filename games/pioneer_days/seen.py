"""What Pioneer Days' Show works on: the host gives views only (engine/views.py), and the panel and the
private decisions play the offered plans on a copy of the game to say what each does and rank them. So a
view is made whole first: what its viewer cannot see (others' gold, the bags, the decks' order) is drawn by
the AI's sampler (ai/determinize.py) from a generator seeded by the view itself, so the same view gives the
same panel. Nothing shown depends on what was drawn: tokens drawn by a plan count at the bag's mean
(plans._rank), plans run on what is open; the conformance suite checks a panel against its twins."""

from engine import rng

from .ai.determinize import determinize

SALT = 0x5EE11  # (the panel's samples are not the AI's)


def playable(view: dict, seat: int | None = None) -> dict:
    """A whole state its viewer (`seat`, else the view's own viewer, else the public) cannot tell from the
    view. A whole state (it has the generator) is returned as it is."""
    if "rng" in view:
        return view
    anchor = seat if seat is not None else view.get("viewer")
    if anchor is None:
        anchor = view["turn"] if view.get("turn") is not None else 0
    return determinize(view, anchor, {"rng": rng.seed_state(view["seq"] * 7919 + anchor * 31 + SALT)})
