"""The engine's public contract: new_game, legal_actions, apply, replay, view_for, JSON codec."""

import json
from collections.abc import Iterable, Mapping
from typing import Any, Literal, NamedTuple, cast, overload

from . import copying, decisions, flow, turn
from .actions import Action  # noqa: F401  (engine.api.Action: re-exported)
from .constants import SIMULTANEOUS
from .shape import Event, State, StateData

# The state comes in and goes out as plain JSON data (StateData: what the bot loads and stores); the
# rules inside (flow, turn, decisions) take it as a State, its shape (engine/shape.py). The
# cast(State, ...) below is that hand-over: no copy, no check (the caller's state is one of ours).


class Applied(NamedTuple):
    state: StateData
    events: list[Event]
    ok: Literal[True] = True  # (Literal: `if r.ok` tells the type checker which of the two r is)


_new = tuple.__new__  # Applied(s, events) without NamedTuple's argument parsing


class Rejected(NamedTuple):
    reason: str
    ok: Literal[False] = False


def new_game(config: Mapping[str, Any], seed: int) -> tuple[StateData, list[Event]]:
    """A new game from a config (players, sets, pioneers, names) and an integer seed."""
    state, events = flow.setup(config, seed)
    return cast(StateData, state), events


def deciders(state: Mapping[str, Any]) -> list[int]:
    """The seats that must decide now (several during simultaneous decisions)."""
    if state["stage"] == "turn":
        return [state["turn"]]
    if state["stage"] in SIMULTANEOUS:
        return [i for i, d in enumerate(state["pending"]) if d is not None]
    return []


def legal_actions(state: StateData, player: int | None = None) -> list[Action]:
    """Every legal action now (of one player, if given), in a stable order."""
    s = cast(State, state)
    if state["stage"] == "turn":
        seat = state["turn"]
        return turn.actions(s, seat) if player is None or player == seat else []
    out: list[Action] = []
    for seat in deciders(state):
        if player is None or seat == player:
            out += decisions.actions(s, seat)
    return out


def _reason(state: StateData, action_id: str) -> str:
    if state["stage"] == "over":
        return "The game is over."
    try:
        seat = int(action_id.split(":", 1)[0])
    except ValueError:
        return "That is not a Pioneer Days action."
    if not 0 <= seat < len(state["players"]):
        return "That seat is not in this game."
    if seat not in deciders(state):
        if state["stage"] == "turn":
            return f"It is {state['players'][state['turn']]['name']}'s turn."
        return "You have nothing to decide right now."
    return "That choice is not available any more."


@overload
def apply(state: StateData, action: Action | str, inplace: bool = ..., *, trusted: Literal[True]) -> Applied: ...
@overload
def apply(state: StateData, action: Action | str, inplace: bool = ..., trusted: bool = ...) -> Applied | Rejected: ...
def apply(state: StateData, action: Action | str, inplace: bool = False,
          trusted: bool = False) -> Applied | Rejected:
    """Applies an Action (or its id). Returns Applied(new_state, events) or Rejected(reason).

    The input state is left untouched unless inplace=True. trusted=True skips the legality
    check: only for an Action just taken from legal_actions(state) (fast playouts, AI search)."""
    action_id = action if isinstance(action, str) else action.id
    seat_s, _, body = action_id.partition(":")
    if not trusted:
        legal = legal_actions(state, int(seat_s)) if seat_s.isdigit() else []
        if not any(a.id == action_id for a in legal):
            return Rejected(_reason(state, action_id))
    s = cast(State, state if inplace else clone(state))
    seat = int(seat_s)
    parts = body.split(":")  # the only place an action id is taken apart
    events: list[Event] = []
    if s["stage"] == "turn":
        turn.play(s, parts, events)
    elif decisions.decide(s, seat, parts, events):
        flow.resume(s, events)
    s["seq"] += 1
    return _new(Applied, (s, events, True))


def replay(config: Mapping[str, Any], seed: int, action_ids: Iterable[Action | str]) -> tuple[StateData, list[Event]]:
    """Rebuilds a game from its seed and its accepted actions; raises if one is rejected."""
    s, events = new_game(config, seed)
    for a in action_ids:
        r = apply(s, a, inplace=True)
        if not r.ok:
            raise ValueError(f"replay: action {a!r} rejected at seq {s['seq']}: {r.reason}")
        events.extend(r.events)
    return s, events


def clone(state: StateData) -> StateData:
    """A deep copy of the state: equal to it, sharing nothing with it (see copying.py)."""
    return copying.clone(state)


def to_json(state: Mapping[str, Any]) -> str:
    return json.dumps(state, separators=(",", ":"), sort_keys=True)


def from_json(text: str) -> StateData:
    return json.loads(text)


def is_over(state: Mapping[str, Any]) -> bool:
    return state["stage"] == "over"
