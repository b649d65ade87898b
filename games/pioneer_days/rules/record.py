"""A finished game as a record anyone can replay: config, seed, the accepted actions, names, results.

    {"format": "pioneer-days-record", "version": 1, "config": {...}, "seed": 123,
     "actions": ["2:take:blue:wood", ...], "names": ["Ann", ...], "results": [{"seat", "total", "rank",
     "winner", "vp": {...}}, ...], "meta": {...}}

`check(record)` replays it and says whether it reproduces the recorded results (python -m engine.replay)."""

from .api import replay

FORMAT = "pioneer-days-record"
VERSION = 1


class RecordError(ValueError):
    pass


def make(config: dict, seed: int, actions: list[str], names: list[str], state: dict, meta: dict | None = None) -> dict:
    """The record of a finished game (state: its final state)."""
    if state.get("stage") != "over":
        raise RecordError("only a finished game has a record")
    return {"format": FORMAT, "version": VERSION, "config": config, "seed": seed, "actions": list(actions),
            "names": list(names), "results": state["result"], "meta": dict(meta or {})}


def check(record: dict) -> dict:
    """Replays the record; returns the final state. Raises RecordError when it is not a record of ours, an
    action is refused, or the replay does not reproduce the recorded results."""
    if not isinstance(record, dict) or record.get("format") != FORMAT:
        raise RecordError("this is not a Pioneer Days game record")
    if record.get("version") != VERSION:
        raise RecordError(f"record version {record.get('version')!r} is not one this engine reads ({VERSION})")
    try:
        state, _events = replay(record["config"], record["seed"], record["actions"])
    except (KeyError, TypeError, ValueError) as e:
        raise RecordError(f"the record does not replay: {e}") from None
    if state["stage"] != "over":
        raise RecordError(f"the record stops before the end of the game (week {state['week']}, day {state['day']})")
    if state["result"] != record["results"]:
        raise RecordError("the replay does not reproduce the recorded results")
    return state
