""""What would you do?" for Pyramid Poker (engine/protocol.py Quiz): the pyramid as the player saw it, the
asked spots or blocks lettered on their picture (A, B, …) and in the choices; a card's hand or the card
kept after a joker as words, with their own picture."""

from collections.abc import Mapping, Sequence

from engine import quiz as asking
from engine import states_before
from engine.protocol import Message, Picture, Quiz, Table

from . import words
from .decide import _hands_line
from .lang import _
from .play import RULES
from .rules import knowledge
from .show import match_line, title

LETTERS = "ABCDEFGH"


def choices(worth: Mapping[str, float], played: str, best: str) -> dict[str, float]:
    """The choices a question asks about, with their worth (kept with the review)."""
    return {k: round(worth[k], 3) for k in asking.pick(worth, played, best)}


def _label(state: dict, view: dict, seat: int, names: Sequence[str], letter: str, aid: str) -> tuple[str, list | None]:
    """A choice's text and its badge on the pyramid ([spot, letter]), if it has one."""
    verb, *args = aid.split(":")[1:]
    if verb == "place":
        spot = int(args[-1])
        card = args[0] if len(args) == 2 else state["supply"][seat][0]
        return f"{letter} → " + _("{card} on spot {letter}", card=words.card(card), letter=letter), [spot, letter]
    if verb == "take":
        spot = int(args[0])
        block = view["pyramid"][spot]
        what = (_("your {card}", card=words.card(block["card"])) if block["owner"] == seat
                else _("a block of {name}'s (face unknown)", name=names[block["owner"]]))
        return f"{letter} → {what}", [spot, letter]
    if verb == "hand":
        h = int(args[0])
        now = state["hands"][seat][h - 1]
        after = words.made([*now, state["holding"]["card"]])
        text = _("Hand {n}: {cards}", n=h, cards=words.cards(now) if now else _("empty"))
        return f"{letter} → " + text + (f" → {after}" if after else ""), None
    if verb == "keep":
        return f"{letter} → " + _("keep {card}", card=words.card(state["look"][int(args[0])])), None
    return f"{letter} → {aid.split(':', 1)[1]}", None


def _situation(state: dict, seat: int) -> str:
    stage = state["stage"]
    if stage == "build" and state["config"]["blocks"] == "blind":
        return _("**Your block: {card}.** Where does it go?", card=words.card(state["supply"][seat][0]))
    if stage == "build":
        return _("**Which block do you place, and where?**")
    if stage == "take":
        return _("**Take a block** with nothing on it.")
    if stage == "hand":
        return _("**You took {card}.** Which hand does it go into?", card=words.card(state["holding"]["card"]))
    return _("🃏 **A joker!** Keep one of {cards} for a hand.", cards=words.cards(state["look"]))


def quiz(table: Table, config: Mapping, seed: int, actions: Sequence[str], seat: int, decision: Mapping) -> Quiz | None:
    asked = decision.get("asked") or {}
    at = decision["at"]
    if decision["played"] not in asked or decision["best"] not in asked or at >= len(actions):
        return None
    state = states_before(RULES, config, seed, actions[:at + 1])[at]
    view = knowledge.view_for(state, seat)
    keys = list(asked)
    keys = [keys[i] for i in asking.order(keys, f"{seed}:{at}")]
    labels, numbered = [], []
    for letter, aid in zip(LETTERS, keys, strict=False):
        text, badge = _label(state, view, seat, table.names, letter, aid)
        labels.append((text[:100], ""))
        if badge:
            numbered.append(badge)
    body = "\n".join([_situation(state, seat), match_line(state), _("Your hands: {hands}",
                                                                    hands=_hands_line(state, seat))])
    picture = (Picture("decision", (state, seat, numbered), "position.png") if numbered
               else Picture("mine", (state, seat), "position.png"))
    top = max(asked.values())
    return Quiz(position=Message(title=title(state), body=body, picture=picture), choices=labels,
                played=keys.index(decision["played"]), best=keys.index(decision["best"]),
                behind=[round(top - asked[k], 2) for k in keys])
