"""Taking back a move, from the log: which move is the last still in effect, whose it is, whether it may be
taken back. A committed move (one click: an action or a plan's actions) marks its first log row with a
host event {"type": MARK, "size": n, "undo": bool}; a logged undo ("{seat}:undo:{n}", engine.undo_id)
takes back the last n actions in effect. Nothing of a game's reads the marks: effective_rows drops them
with the undone rows before a game's records or story see the log."""

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from engine import undo_size

MARK = "_move"


def mark(events: list, size: int, undoable: bool) -> list:
    """A move's first row's events, with the host's mark."""
    return [*events, {"type": MARK, "size": size, "undo": undoable}]


def _mark_of(row: Mapping[str, Any]) -> Mapping[str, Any] | None:
    return next((e for e in row["events"] if e.get("type") == MARK), None)


def _in_effect(rows: Sequence[Mapping[str, Any]]) -> list[Mapping[str, Any]]:
    out: list[Mapping[str, Any]] = []
    for r in rows:
        n = undo_size(r["action_id"])
        if n:
            del out[-n:]
        else:
            out.append(r)
    return out


def effective_rows(rows: Sequence[Mapping[str, Any]]) -> list[dict]:
    """The log rows in effect (undone ones and undos dropped), without the host's marks."""
    return [{**r, "events": [e for e in r["events"] if e.get("type") != MARK]} for r in _in_effect(rows)]


@dataclass(frozen=True)
class LastMove:
    seat: int
    user_id: int
    size: int        # its actions (log rows)
    undoable: bool   # the game's Rules.undoable and the host's conditions, when it was made
    first_seq: int   # the version it was made at (the state to go back to)


def last_move(rows: Sequence[Mapping[str, Any]]) -> LastMove | None:
    """The last move still in effect (None: none, or it was logged before moves were marked)."""
    live = _in_effect(rows)
    for i in range(len(live) - 1, -1, -1):
        m = _mark_of(live[i])
        if m is not None:
            if len(live) - i != m["size"]:
                return None  # (a mark that does not close the log: not one move)
            r = live[i]
            return LastMove(r["seat"], r["user_id"], m["size"], bool(m["undo"]), r["seq"])
    return None
