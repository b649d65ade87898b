"""A game's story cut into chapters (a day, a round, a hand of a match) from the one hook a game gives,
Show.chapter(event) -> Mark (engine/protocol.py): the records the channel keeps and /play log shows, what
one action crosses (the panel frozen, the chapter's picture and its caption), the picture's headlines.
Everything is derived from the same marks, so the records, the pictures and their captions agree."""

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from .protocol import Event, Mark, Show

NOTHING = Mark()


@dataclass
class Chapter:
    """One chapter: its facts (what Show.heading titles), its events, and where it ended."""
    facts: dict[str, Any] = field(default_factory=dict)
    events: list[Event] = field(default_factory=list)
    close_seq: int | None = None   # the log seq of the action that closed it (None: still open)
    ended: bool = False            # closed by an event that ends it (not by the next one beginning)
    beginnings: bool = True        # it holds only events that begin a chapter (the next one joins them)


@dataclass(frozen=True)
class Crossing:
    """What one action's events cross: the outbox's freeze, image, results and new panel."""
    ended: bool = False
    started: dict[str, Any] | None = None   # the facts of the chapter that begins (the last one begun)
    over: bool = False

    def __bool__(self) -> bool:
        return self.ended or self.started is not None or self.over


def mark(show: Show, event: Event) -> Mark:
    return show.chapter(event) or NOTHING


def cut(show: Show, stream: Iterable[tuple[int | None, Event]]) -> list[Chapter]:
    """The chapters of a story: (log seq, event) pairs, oldest first (seq None: the game's start)."""
    out: list[Chapter] = []
    cur = Chapter()

    def close(chapter: Chapter, seq: int | None) -> None:
        """Closed by the action at `seq`; what one action closes is one record (the one panel it froze)."""
        if out and seq is not None and out[-1].close_seq == seq:
            out[-1].events += chapter.events
        else:
            chapter.close_seq = seq
            out.append(chapter)

    for seq, e in stream:
        m = mark(show, e)
        if m.ends and m.begins is None and not cur.events and out and out[-1].ended:
            out[-1].events.append(e)  # an end right after an end (the round scored, the game over): one chapter
            out[-1].close_seq = seq
            out[-1].facts.update(m.sets or {})
            continue
        if m.begins is not None and not m.ends:
            if cur.events and not cur.beginnings and seq is not None:  # (the start's events: one chapter)
                close(cur, seq)
                cur = Chapter(facts=dict(m.begins))
            else:
                cur.facts = {**cur.facts, **m.begins} if cur.events else dict(m.begins)
        cur.events.append(e)
        if m.begins is None or m.ends:
            cur.beginnings = False
        if m.sets:
            cur.facts.update(m.sets)
        if m.ends:
            cur.ended = True
            close(cur, seq)
            cur = Chapter(facts=dict(m.begins)) if m.begins is not None \
                else Chapter(facts={**cur.facts, "after": True})
    if cur.events:
        out.append(cur)
    return out


def story(start_events: Sequence[Event], rows: Sequence[Mapping]) -> list[tuple[int | None, Event]]:
    """The (seq, event) stream of a game: its start's events, then each log row's ({"seq", "events"})."""
    return [(None, e) for e in start_events] + [(r["seq"], e) for r in rows for e in r["events"]]


def crossing(show: Show, events: Sequence[Event], started: bool = True) -> Crossing:
    """What one action's (public) events cross; started=False at the game's start (no chapter begins then:
    the first panel is the first chapter's)."""
    ended = over = False
    begun: dict[str, Any] | None = None
    for e in events:
        m = mark(show, e)
        ended = ended or (m.ends and not m.over)  # (the game's own end: its results show it, no chapter picture)
        over = over or m.over
        if m.begins is not None and started:
            begun = {**(begun or {}), **m.begins}
    return Crossing(ended, begun, over)


def closed_before(chapters: Sequence[Chapter], seq: int) -> Chapter | None:
    """The chapter closed last by an action before version `seq` (the panel that action froze)."""
    return next((c for c in reversed(chapters) if c.close_seq is not None and c.close_seq < seq), None)


def headlines(show: Show, events: Sequence[Event], names: Sequence[str]) -> list[str]:
    """The lines a chapter's picture says: those of the events marked headline, the last Show.headlines."""
    picked = [e for e in events if mark(show, e).headline]
    return show.lines(picked, names)[-show.headlines:] if picked else []
