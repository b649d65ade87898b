"""A finished game as a record anyone can replay: its game, config, seed, accepted actions, names, results.

    {"format": "game-record", "version": 1, "game": "<its key>", "config": {...}, "seed": 123,
     "actions": ["2:show:3", ...], "names": ["Ann", ...],
     "results": [{"seat", "rank", "winner", "total", "scores": {...}, "detail": {...}}, ...], "meta": {...}}

`check(record)` replays it with its game's rules and says whether it reproduces the recorded results
(python -m engine.replay). A game may read records of an older format of its own (Game.legacy.record_formats:
those kept the final state's own results)."""

import dataclasses
from collections.abc import Mapping, Sequence
from typing import Any

from . import rebuild, registry
from .protocol import Game, State

FORMAT = "game-record"
VERSION = 1


class RecordError(ValueError):
    pass


def results(game: Game, state: State) -> list[dict]:
    return [dataclasses.asdict(r) for r in game.rules.results(state)]


def make(game: Game, config: Mapping[str, Any], seed: int, actions: Sequence[str], names: Sequence[str],
         state: State, meta: Mapping[str, Any] | None = None) -> dict:
    """The record of a finished game (state: its final state)."""
    if not game.rules.is_over(state):
        raise RecordError("only a finished game has a record")
    return {"format": FORMAT, "version": VERSION, "game": game.key, "config": dict(config), "seed": seed,
            "actions": list(actions), "names": list(names), "results": results(game, state), "meta": dict(meta or {})}


def game_of(record: Mapping[str, Any]) -> Game:
    """The game a record is of; RecordError when it is not a record of ours."""
    if not isinstance(record, Mapping):
        raise RecordError("this is not a game record")
    fmt = record.get("format")
    if fmt == FORMAT:
        game = registry.find(str(record.get("game")))
        if game is None:
            raise RecordError(f"this record is of a game this bot does not have ({record.get('game')!r})")
        return game
    for game in registry.games():
        if fmt in game.legacy.record_formats:
            return game
    raise RecordError("this is not a game record")


def check(record: Mapping[str, Any]) -> State:
    """Replays the record; returns the final state. Raises RecordError when it is not a record of ours, an
    action is refused, or the replay does not reproduce the recorded results."""
    game = game_of(record)
    if record.get("version") != VERSION:
        raise RecordError(f"record version {record.get('version')!r} is not one this bot reads ({VERSION})")
    try:
        state, _events = rebuild(game.rules, record["config"], record["seed"], record["actions"])
    except (KeyError, TypeError, ValueError) as e:
        raise RecordError(f"the record does not replay: {e}") from None
    if not game.rules.is_over(state):
        raise RecordError("the record stops before the end of the game")
    if record["results"] not in (results(game, state), state.get("result")):
        raise RecordError("the replay does not reproduce the recorded results")
    return state
