""""What would you do?" for Pioneer Days (engine/protocol.py Quiz): the position as the player saw it (a
turn: the dice, tonight's disasters, your goods and the day picture; a disaster or a town visit: the
situation as the private decision said it, and your wagon), and a few of the lines the review compared,
each said step by step with what it does by itself."""

from collections.abc import Mapping, Sequence

from engine import quiz as asking
from engine.protocol import Message, Picture, Quiz, Table, clip

from . import coach_effects, panel, plans
from .ai.review import states_before
from .rules import view_for
from .rules.api import apply, clone

LETTERS = "ABCDEFGH"


def _line_text(state: dict, seat: int, line: list[str]) -> tuple[str, str]:
    """A line of action ids said step by step ("Take 🟨 Y Wood · Turn it to Medicine ($3) · Take 1 medicine"),
    and what it does by itself ("-$3, +1 medicine": the flow held at its end, as coach_effects does)."""
    s = clone(state)
    coach_effects.hold(s, seat)
    steps = []
    for i, aid in enumerate(line):
        body = aid.split(":", 1)[1]
        later = i + 1 < len(line) and line[i + 1].split(":")[1] != "end"
        if not (body in ("act", "wild:equip") and later):  # "Use it as any action": the next step says which
            steps.append(plans.action_label(s, seat, body))
        if not apply(s, aid, inplace=True).ok:
            break
    if len(steps) > 1 and line[-1].split(":", 1)[1] == "end":
        steps.pop()  # "End turn": every turn ends
    return " · ".join(steps), plans.goods_text(state["players"][seat], s["players"][seat])


def _position(table: Table, state: dict, seat: int) -> Message:
    p = state["players"][seat]
    if state["stage"] == "turn":
        lines = ["🎲 " + panel.dice_line(state)]
        for extra in (panel.forecast_line(state), panel.tonight_line(state, p)):
            if extra:
                lines.append(extra)
        lines.append(panel.player_line(p, panel.public_vp(state)[seat]))
        return Message(title=panel.title(state), body="\n".join(lines),
                       picture=Picture("round", (view_for(state, None), ()), "position.png"))
    d = plans.decision(state, seat)
    lines = [f"**{d.title}**", *d.lines] if d else []
    lines.append(panel.player_line(p, panel.public_vp(state)[seat]))
    return Message(title=panel.title(state), body="\n".join(lines),
                   picture=Picture("mine", (state, seat), "position.png"))


def quiz(table: Table, config: Mapping, seed: int, actions: Sequence[str], seat: int, decision: Mapping) -> Quiz | None:
    lines, scores = decision.get("lines") or [], decision.get("scores") or []
    at = decision["at"]
    if len(lines) != len(scores) or list(decision["played"]) not in lines or list(decision["best"]) not in lines:
        return None
    worth = {" ".join(x): v for x, v in zip(lines, scores, strict=True)}
    keys = asking.pick(worth, " ".join(decision["played"]), " ".join(decision["best"]))
    keys = [keys[i] for i in asking.order(keys, f"{seed}:{at}")]
    state = states_before(dict(config), seed, list(actions), {at})[at]
    choices = []
    for letter, key in zip(LETTERS, keys, strict=False):
        text, detail = _line_text(state, seat, key.split(" "))
        choices.append((clip(f"{letter} → {text}"), clip(detail)))
    top = max(worth[k] for k in keys)
    return Quiz(position=_position(table, state, seat), choices=choices,
                played=keys.index(" ".join(decision["played"])), best=keys.index(" ".join(decision["best"])),
                behind=[round(top - worth[k], 2) for k in keys])
