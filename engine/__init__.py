"""The game protocol (protocol.py), the registry of games (registry.py) and what every game's rules
share: the seeded generator (rng.py), replay from (config, seed, actions): rebuild(), the JSON codec, game
records (record.py) and the offline simulator (simulate.py)."""

import json
import re
from collections.abc import Iterable, Mapping
from typing import Any

try:  # (discord.py's "speed" extra: it writes and reads JSON several times faster)
    import orjson
except ImportError:  # pragma: no cover - the standard library's, the same texts
    orjson = None  # type: ignore[assignment]

from .protocol import Action, Applied, Event, Game, Rejected, Rules, State

__all__ = ["UNDO", "Action", "Applied", "Event", "Game", "Rejected", "Rules", "State", "effective", "from_json",
           "json_text", "rebuild", "states_before", "to_json", "undo_id", "undo_size"]


# a number orjson writes with an exponent (1e-5 where the standard library writes 1e-05): the one place their
# texts differ for what states hold; such a state (or one with a text like "e1") is written by the standard library
_EXPONENT = re.compile(r"e[-+]?\d")

UNDO = "undo"  # the host's verb in the log: "{seat}:undo:{n}" takes back the last n actions still in effect


def undo_id(seat: int, n: int) -> str:
    return f"{seat}:{UNDO}:{n}"


def undo_size(action_id: str) -> int:
    """How many actions a logged undo takes back (0: the id is not an undo)."""
    parts = action_id.split(":")
    if len(parts) == 3 and parts[1] == UNDO and parts[2].isdigit():
        return int(parts[2])
    return 0


def effective(actions: Iterable[str]) -> list[str]:
    """The log without its undos and the actions they took back: the game as it was played (what a
    game's coach and replay pictures read)."""
    out: list[str] = []
    for a in actions:
        n = undo_size(a)
        if n:
            del out[-n:]
        else:
            out.append(a)
    return out


def rebuild(rules: Rules, config: Mapping[str, Any], seed: int,
            actions: Iterable[str]) -> tuple[State, list[Event]]:
    """A game rebuilt from its config, seed and logged actions (it equals the live state); raises
    ValueError if one is rejected. An undo in the log brings back the state before the actions it takes
    back, with the version counting on (seq + 1: buttons made before it are stale)."""
    state, events = rules.new_game(config, seed)
    before: list[State] = []  # the state before each action still in effect
    for a in actions:
        n = undo_size(a)
        if n:
            if n > len(before):
                raise ValueError(f"replay: {a!r} takes back more than was played")
            state = {**before[-n], "seq": state["seq"] + 1}
            del before[-n:]
            continue
        r = rules.apply(state, a)
        if not r.ok:
            raise ValueError(f"replay: action {a!r} rejected at seq {state['seq']}: {r.reason}")
        before.append(state)
        state = r.state
        events.extend(r.events)
    return state, events


def states_before(rules: Rules, config: Mapping[str, Any], seed: int, actions: Iterable[str]) -> list[State]:
    """The state before each of the actions (a coach's positions); the actions must all apply."""
    state, _events = rules.new_game(config, seed)
    out = []
    for a in actions:
        out.append(state)
        r = rules.apply(state, a)
        if not r.ok:
            raise ValueError(f"states_before: action {a!r} rejected at seq {state['seq']}: {r.reason}")
        state = r.state
    return out


def to_json(state: Mapping[str, Any]) -> str:
    """The stored form of a state (compact, keys sorted: equal states give equal texts). orjson writes it
    several times faster, the same text as the standard library's for what states hold (ASCII, string keys,
    no float written with an exponent: tests/test_json_text.py); anything else is left to the standard library."""
    if orjson is not None:
        try:
            text = orjson.dumps(state, option=orjson.OPT_SORT_KEYS).decode()
        except TypeError:  # (a key that is not a string, an integer past 64 bits)
            pass
        else:
            if text.isascii() and not _EXPONENT.search(text):
                return text
    return json.dumps(state, separators=(",", ":"), sort_keys=True)


def json_text(value: Any) -> str:
    """A compact JSON text of a value the store keeps beside a state (options, events, outbox items)."""
    if orjson is not None:
        try:
            return orjson.dumps(value, option=orjson.OPT_NON_STR_KEYS).decode()
        except TypeError:
            pass
    return json.dumps(value, separators=(",", ":"))


def from_json(text: str | bytes) -> Any:
    """A stored JSON text read back (a state, a row's options, events)."""
    return orjson.loads(text) if orjson is not None else json.loads(text)
