"""The game protocol (protocol.py), the registry of games (registry.py) and what every game's rules
share: the seeded generator (rng.py), replay from (config, seed, actions): rebuild(), the JSON codec, game
records (record.py) and the offline simulator (simulate.py)."""

import json
from collections.abc import Iterable, Mapping
from typing import Any

from .protocol import Action, Applied, Event, Game, Rejected, Rules, State

__all__ = ["Action", "Applied", "Event", "Game", "Rejected", "Rules", "State", "from_json", "rebuild",
           "to_json"]


def rebuild(rules: Rules, config: Mapping[str, Any], seed: int,
           actions: Iterable[str]) -> tuple[State, list[Event]]:
    """A game rebuilt from its config, seed and accepted actions (it equals the live state); raises
    ValueError if one is rejected."""
    state, events = rules.new_game(config, seed)
    for a in actions:
        r = rules.apply(state, a)
        if not r.ok:
            raise ValueError(f"replay: action {a!r} rejected at seq {state['seq']}: {r.reason}")
        state = r.state
        events.extend(r.events)
    return state, events


def to_json(state: Mapping[str, Any]) -> str:
    """The stored form of a state (compact, keys sorted: equal states give equal texts)."""
    return json.dumps(state, separators=(",", ":"), sort_keys=True)


def from_json(text: str) -> State:
    return json.loads(text)
