"""Taking back a move, from the log: which move is the last still in effect, whose it is, whether it may be
taken back. A committed move (one click: an action or a plan's actions) marks its first log row with a
host event {"type": MARK, "size": n, "undo": bool, "timed_out": true if a timer made it}; a logged undo
("{seat}:undo:{n}", engine.undo_id) takes back the last n actions in effect. Nothing of a game's reads the
marks: effective_rows drops them with the undone rows before a game's records or story see the log."""

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from engine import undo_size

MARK = "_move"
UNDO_MAX = 3  # undos a person may make in a row before another seat acts (a move-undo loop would ping the
#               next player each time)


TIMED_OUT = "timed_out"  # the event the log in effect shows where a move was made for a person out of time


def mark(events: list, size: int, undoable: bool, timed_out: bool = False, due: list | None = None,
         click: int | None = None) -> list:
    """A move's first row's events, with the host's mark (due: the mover's turn timer before the move,
    [due_at, remind_at], so an undo gives back the time that was left, not a fresh turn; click: the id of
    the interaction that made it, so a restart can tell a saved click from a lost one: app/clicks.py)."""
    extra = ({"timed_out": True} if timed_out else {}) | ({"due": due} if due else {}) | \
        ({"click": click} if click is not None else {})
    return [*events, {"type": MARK, "size": size, "undo": undoable, **extra}]


def clicked_by(click: int | None) -> list:
    """An undo row's events: only the mark of the click that made it, if any (undo rows are never in
    effect, so no other reader sees it)."""
    return [{"type": MARK, "click": click}] if click is not None else []


def clicked(rows: Sequence[Mapping[str, Any]], click: int) -> bool:
    """Whether the log has the move (or undo) that interaction `click` made."""
    return any(e.get("type") == MARK and e.get("click") == click for r in reversed(rows) for e in r["events"])


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
    """The log rows in effect (undone ones and undos dropped), without the host's marks; a move made for
    a person whose time ran out begins with a {"type": TIMED_OUT, "seat"} event (games tell nothing of
    it: the host's story does, app/service/reading.py)."""
    out = []
    for r in _in_effect(rows):
        m = _mark_of(r)
        first = [{"type": TIMED_OUT, "seat": r["seat"]}] if m is not None and m.get("timed_out") else []
        out.append({**r, "events": first + [e for e in r["events"] if e.get("type") != MARK]})
    return out


@dataclass(frozen=True)
class LastMove:
    seat: int
    user_id: int
    size: int        # its actions (log rows)
    undoable: bool   # the game's Rules.undoable and the host's conditions, when it was made
    first_seq: int   # the version it was made at (the state to go back to)
    due: tuple | None = None  # the mover's timer then (due_at, remind_at), if one ran


def last_move(rows: Sequence[Mapping[str, Any]]) -> LastMove | None:
    """The last move still in effect (None: none, or it was logged before moves were marked)."""
    live = _in_effect(rows)
    for i in range(len(live) - 1, -1, -1):
        m = _mark_of(live[i])
        if m is not None:
            if len(live) - i != m["size"]:
                return None  # (a mark that does not close the log: not one move)
            r = live[i]
            due = tuple(m["due"]) if m.get("due") else None
            return LastMove(r["seat"], r["user_id"], m["size"], bool(m["undo"]), r["seq"], due)
    return None


def undos_in_a_row(rows: Sequence[Mapping[str, Any]], seat: int) -> int:
    """How many undos `seat` made since another seat last acted (rows: the last ones of the log)."""
    n = 0
    for r in reversed(rows):
        if r["seat"] != seat:
            break
        n += bool(undo_size(r["action_id"]))
    return n
