"""A finished match as an animated WebP (pictures.replay): rebuilt from its record (config, seed, actions),
a frame per chapter (the pyramid complete, each game's showdown), the results held longer. The spectators'
view only (at a showdown every hand is face up anyway)."""

from collections.abc import Mapping
from typing import Any

from render import animation

from . import picture_board, picture_showdown
from .lang import _
from .picture_parts import FELT
from .play import RULES

FRAME_W = 560
FRAME_MS = 2500
LAST_MS = 8000


def _named(state: dict, names) -> dict:
    """The state with the record's names (as Discord showed them), if it has one for each seat."""
    if not names or len(names) != 2:
        return state
    return {**state, "config": {**state["config"], "names": [str(n) for n in names]}}


def frames(record: Mapping[str, Any]):
    """(image, ms): the table once each pyramid is complete, each game's showdown, then the results."""
    state, _events = RULES.new_game(record["config"], record["seed"])
    names = record.get("names")
    for action in record["actions"]:
        out = RULES.apply(state, action)
        if not out.ok:
            raise ValueError(f"the record does not replay at {action!r}: {out.reason}")
        state = out.state
        types = [e["type"] for e in out.events]
        v = RULES.view_for(_named(state, names), None)
        if "match_over" in types:
            break
        if "showdown" in types:
            yield picture_showdown.image(v, len(v["history"]) - 1), FRAME_MS
        elif "taking_started" in types:
            game = v["game"]
            yield picture_board.image(v, None, lines=[_("Game {n}: the pyramid is complete.", n=game)]), FRAME_MS
    v = RULES.view_for(_named(state, names), None)
    yield picture_showdown.results_image(v), LAST_MS


def webp(record: Mapping[str, Any]) -> bytes:
    return animation.webp(frames(record), FRAME_W, FELT)
