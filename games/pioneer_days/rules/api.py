"""The engine's public contract: new_game, legal_actions, apply, advance, replay, view_for, JSON codec."""

import json
import sys
from collections.abc import Iterable, Mapping
from typing import Any, Final, Literal, NamedTuple, Protocol, cast, overload

from . import copying, decisions, dice, flow, turn
from .actions import Action  # noqa: F401  (engine.api.Action: re-exported)
from .constants import SIMULTANEOUS
from .shape import Event, Events, State, StateData

# The state comes in and goes out as plain JSON data (StateData: what the bot loads and stores); the
# rules inside (flow, turn, decisions) take it as a State, its shape (engine/shape.py). The rules'
# entry points re-typed below are that hand-over: no copy, no check (the caller's state is one of ours).


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


class _LegalActions(Protocol):
    def __call__(self, state: StateData, player: int | None = None) -> list[Action]: ...


# The rules' entry points as the API calls them: with the state as it comes (StateData), without a
# cast() call per action (see the note above; these are the hottest calls of a playout).
legal_actions: _LegalActions = turn.legal_actions  # type: ignore[assignment]
# (every legal action now, of one player if given, in a stable order: turn.legal_actions, the
# function itself, for it is asked at every step of every playout)


def _legal(state: StateData, action_id: str) -> bool:
    seat_s = action_id.partition(":")[0]
    if seat_s.isdigit():
        for a in legal_actions(state, int(seat_s)):
            if a.id == action_id:
                return True
    return False


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
    check: only for an Action just taken from legal_actions(state) (AI search: see advance)."""
    action_id = action if isinstance(action, str) else action.id
    if not trusted and not _legal(state, action_id):
        return Rejected(_reason(state, action_id))
    s = state if inplace else clone(state)
    events: list[Event] = []
    advance(s, action_id, events)
    return _new(Applied, (s, events, True))


def advance(state: StateData, action: Action | str, events: Events = None) -> None:
    """Plays an Action just taken from legal_actions(state) (not checked) on the state itself: the
    step of a playout (AI search, simulations). It makes no events unless given a list to append
    them to (a playout never reads them); the state is the same either way, the one apply returns."""
    # (Action.id: a tuple item, no attribute lookup; type(), which both builds read without one: `.__class__` is an
    # attribute lookup, isinstance a slower call in pure Python; the Action read as a plain tuple, whose items a
    # compiled build reads natively, where an Action's go through objects)
    if type(action) is str:
        action_id: str = action
    else:
        whole: tuple[Any, ...] = cast(tuple, action)
        action_id = whole[1]
    parsed = _PARSED.get(action_id)  # (a miss is a new id: get(), where a KeyError caught cost ~5,000 instructions)
    seat, parts, verb = _parse(action_id) if parsed is None else parsed
    s = cast(State, state)  # (typed: a compiled build reads its fields natively, where Any goes through objects)
    if verb >= 0:  # a turn's verb, its function (turn.MOVES) found once per action id (a legal one: stage "turn")
        turn_seat = s["turn"]
        if turn_seat is None:  # (no one's turn: stage "turn" is the only one with a seat playing)
            raise ValueError(f"{':'.join(parts)}: it is no one's turn")
        if _NATIVE:  # (a native call; in pure Python, one call fewer: the function by its number)
            turn.play(verb, s, s["players"][turn_seat], turn_seat, parts, events)
        else:
            _BY_VERB[verb](s, s["players"][turn_seat], turn_seat, parts, events)
    elif decisions.decide(s, seat, parts, events):
        flow.resume(s, events)
    s["seq"] = s["seq"] + 1  # (typed: a compiled build adds machine ints, where += goes through objects)


_NATIVE: Final = dice.COMPILED[0]  # (the hot modules are compiled together, or not at all)
_BY_VERB: Final = list(turn.MOVES.values())  # (turn.VERBS' order)
Parsed = tuple[int, tuple[str, ...], int]
_PARSED: Final[dict[str, Parsed]] = {}  # action id -> (seat, its parts, the turn verb's number in turn.VERBS, or -1):
# the one place an action id is taken apart. Ids are few (bounded by the content); any string apply is given
# is kept, so the table is emptied if it ever grows large. (Final: a compiled build reads it without looking
# the name up in the module.)


def _parse(action_id: str) -> Parsed:
    seat_s, _, body = action_id.partition(":")
    # (interned: a part is then the very str object of the rules' own names, colours and faces, so the dict lookups
    # it keys later, a die's colour or face, find it by identity instead of comparing characters)
    parts = tuple([sys.intern(x) for x in body.split(":")])
    parsed = int(seat_s), parts, turn.VERBS.get(parts[0], -1)
    if len(_PARSED) >= 100_000:
        _PARSED.clear()
    _PARSED[action_id] = parsed
    return parsed


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
