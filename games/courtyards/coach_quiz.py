""""What would you do?" for Courtyards (engine/protocol.py Quiz): the position as the player saw it (your
money, the money shown, the market, your palace large) and a few of the choices the review compared, each
said as the decision's menus say it; a choice on the palace (a spot to build on, a building to move) has its
letter on the picture."""

from collections.abc import Mapping, Sequence

from engine import quiz as asking
from engine import states_before
from engine.protocol import Message, Picture, Quiz, Table

from . import show, words
from .lang import _
from .play import RULES
from .rules import engine as cy
from .rules import palace as geo

LETTERS = "ABCD"


def _spot(aid: str) -> tuple[int, int] | None:
    """The palace spot a choice is about (None: a take, a purchase, the turn's end)."""
    parts = aid.split(":")
    verb = parts[1]
    if verb in ("place", "in", "swap"):
        return geo.dec(parts[3]), geo.dec(parts[4])
    if verb == "out":
        return geo.dec(parts[2]), geo.dec(parts[3])
    return None


def choice(view: dict, seat: int, aid: str, letter: str) -> tuple[str, str]:
    """(label, description) of one choice, as the decision's menus and buttons say it."""
    parts = aid.split(":")
    verb = parts[1]
    if verb == "take":
        item = show._take_item(view, aid)
        return f"{letter}. {item.label}", item.description or ""
    if verb == "buy":  # (the menu's label starts with the slot's number: not beside a letter)
        item = show._buy_item(view, seat, aid)
        slot, values = int(parts[2]), parts[3].split("_")
        t = int(view["market"][slot])
        return f"{letter}. " + _("Buy the {tile} from slot {n}: pay {cur} {values}", tile=words.tile(t), n=slot + 1,
                                 cur=words.currency(slot), values="+".join(values)), item.description or ""
    g = geo.grid_of(view["palaces"][seat])
    if verb == "place":
        t = int(parts[2])
        return f"{letter}. " + _("Build the {tile} at {spot}", tile=words.tile(t), spot=letter), words.walls(t)
    if verb == "keep":
        return f"{letter}. " + _("Put the {tile} in the reserve", tile=words.tile(int(parts[2]))), ""
    if verb == "in":
        t = int(parts[2])
        return f"{letter}. " + _("Build the {tile} from the reserve at {spot}", tile=words.tile(t),
                                 spot=letter), words.walls(t)
    if verb == "swap":
        t = int(parts[2])
        old = g[(geo.dec(parts[3]), geo.dec(parts[4]))]
        return f"{letter}. " + _("Put the {tile} from the reserve in place of the {old} at {spot}",
                                 tile=words.tile(t), old=words.tile(old), spot=letter), ""
    if verb == "out":
        old = g[(geo.dec(parts[2]), geo.dec(parts[3]))]
        return f"{letter}. " + _("Move the {tile} at {spot} to the reserve", tile=words.tile(old), spot=letter), ""
    if verb == "end":
        return f"{letter}. " + _("End the turn"), ""
    return f"{letter}. " + _("Pass"), ""


def _situation(view: dict) -> str:
    pending = cy.pending(view)
    if pending is not None and view["stage"] == "final":
        return _("The {tile} is yours at the end: where does it go?", tile=words.tile(pending))
    if pending is not None:
        return _("You bought the {tile}: where does it go?", tile=words.tile(pending))
    if view["extra"]:
        return _("You paid exactly: you may act again, or end your turn.")
    return _("Your turn: take money, buy or redesign.")


def _position(view: dict, seat: int, marks: list[list], note: str) -> Message:
    lines = [_situation(view),
             _("**Your money**: {hand}", hand=words.hand(view["hands"][seat] or [])),
             _("**Money shown**: {cards}", cards=", ".join(words.card(c) for c in view["display"]) or "—"),
             _("**Market**:") + "\n" + show.market_line(view)]
    if marks:
        lines.append(_("A letter on your palace is the spot of the choice with that letter."))
    return Message(title=show.title(view), body="\n".join(lines),
                   picture=Picture("decision", (view, seat, marks, note), "position.png"))


def quiz(table: Table, config: Mapping, seed: int, actions: Sequence[str], seat: int,
         decision: Mapping) -> Quiz | None:
    asked = decision.get("asked") or {}
    at = decision["at"]
    played, best = decision["played"], decision["best"]
    if played not in asked or best not in asked or at >= len(actions) or actions[at] != played:
        return None
    view = RULES.view_for(states_before(RULES, config, seed, actions[:at + 1])[at], seat)
    keys = list(asked)
    keys = [keys[i] for i in asking.order(keys, f"{seed}:{at}")]
    choices, marks = [], []
    for letter, aid in zip(LETTERS, keys, strict=False):
        label, desc = choice(view, seat, aid, letter)
        choices.append((label[:100], desc[:100]))
        spot = _spot(aid)
        if spot is not None:
            marks.append([spot[0], spot[1], letter])
    pending = cy.pending(view)
    note = _("Placing: {tile}", tile=words.tile(pending)) if pending is not None else ""
    top = max(asked.values())
    return Quiz(position=_position(view, seat, marks, note), choices=choices, played=keys.index(played),
                best=keys.index(best), behind=[round(top - asked[k], 2) for k in keys])

