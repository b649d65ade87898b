""""What would you do?" for Next Station (engine/protocol.py Quiz): the map as the player saw it with the
card to answer, the asked sections lettered on it (A, B, …) and in the choices."""

from collections.abc import Mapping, Sequence

from engine import quiz as asking
from engine import states_before
from engine.protocol import Message, Picture, Quiz, Table

from . import words
from .lang import _
from .play import RULES
from .show import VERBS, _choice_text, card_line, sheet_line, title

LETTERS = "ABCDEFGH"


def choices(worth: Mapping[str, float], played: str, best: str) -> dict[str, float]:
    """The answers a question asks about, with their worth (kept with the review)."""
    return {k: round(worth[k], 3) for k in asking.pick(worth, played, best)}


def _label(state: dict, seat: int, letter: str, aid: str) -> tuple[str, list | None]:
    """A choice's text and its badge on the map ([station, letter]), if it has one."""
    verb, *args = aid.split(":")[1:]
    if verb in VERBS:
        a, b = int(args[0]), int(args[1])
        return _choice_text(state, seat, letter, a, b).replace("**", ""), [b, letter]
    if verb == "circle":
        return f"{letter} → " + _("circle station {letter}", letter=letter), [int(args[0]), letter]
    if verb == "pencil":
        return f"{letter} → " + words.colour(args[0]), None
    return f"{letter} → " + (_("Pass") if verb == "pass" else _("Done")), None


def quiz(table: Table, config: Mapping, seed: int, actions: Sequence[str], seat: int, decision: Mapping) -> Quiz | None:
    asked = decision.get("asked") or {}
    at = decision["at"]
    if decision["played"] not in asked or decision["best"] not in asked or at >= len(actions):
        return None
    state = RULES.view_for(states_before(RULES, config, seed, actions[:at + 1])[at], seat)
    keys = list(asked)
    keys = [keys[i] for i in asking.order(keys, f"{seed}:{at}")]
    labels, numbered = [], []
    for letter, aid in zip(LETTERS, keys, strict=False):
        text, badge = _label(state, seat, letter, aid)
        labels.append((text[:100], ""))
        if badge:
            numbered.append(badge)
    p = state["players"][seat]
    body = "\n".join(x for x in (card_line(state), sheet_line(state, p)) if x)
    position = Message(title=title(state), body=body,
                       picture=Picture("decision", (state, seat, numbered), "position.png"))
    top = max(asked.values())
    return Quiz(position=position, choices=labels, played=keys.index(decision["played"]),
                best=keys.index(decision["best"]), behind=[round(top - asked[k], 2) for k in keys])
