"""A game's story cut into the records the channel keeps: one per panel (a day's turns, then that day's
disasters or the town visit), each holding only its own events, one narrated line per event.

A record closes after the event that ends a day (the leftover die moves the tracks) or the game, and
when the next day or week opens; the opening events begin the next record. All events of one action
that close records belong to one panel (the one that action froze)."""

from engine.protocol import Record
from games.pioneer_days.rules import words

from . import narrate
from .lang import _

OPENERS = ("week_started", "day_started")


def records(start_events: list, actions: list) -> list[Record]:
    """actions: the stored log rows ({"seq", "events"}), oldest first."""
    out: list[Record] = []
    cur = Record()
    week = day = 0

    def close(seq):
        nonlocal cur
        if cur.events:
            cur.close_seq = seq
            if out and out[-1].close_seq == seq and seq is not None:
                out[-1].events += cur.events  # one action, one panel
            else:
                out.append(cur)
        cur = Record()

    stream = [(None, e) for e in start_events] + [(a["seq"], e) for a in actions for e in a["events"]]
    for seq, e in stream:
        t = e["type"]
        if t in OPENERS and any(x["type"] not in OPENERS for x in cur.events):
            close(seq)
        if not cur.events:
            cur.heading = _heading(e, week, day)
        if t == "day_started":
            week, day = e["week"], e["day"]
            cur.heading = _("Week {week}, day {day}", week=week, day=day)
        cur.events.append(e)
        if t == "disaster_started":
            cur.heading = _("Week {week}, day {day}: {disaster}", week=week, day=day,
                            disaster=words.disaster(e["disaster"]))
        elif t == "town_visited":
            cur.heading = _("Week {week}: town visit", week=e["week"])
        if (t == "disaster_advanced" and e["why"] == "leftover") or t == "game_over":
            close(seq)
    if cur.events:
        out.append(cur)
    return out


def _heading(e: dict, week: int, day: int) -> str:
    t = e["type"]
    if t == "game_started":
        return _("The game begins")
    if t == "week_started":
        return _("Week {week}", week=e["week"])
    if week and day:
        return _("Week {week}, day {day}: evening", week=week, day=day)
    return ""


def lines(rec: Record, names: list[str]) -> list[str]:
    return narrate.lines(rec.events, names)


def closed_by(recs: list[Record], seq: int) -> Record | None:
    """The record the action at log seq `seq` closed (the panel it froze)."""
    return next((r for r in recs if r.close_seq == seq), None)
