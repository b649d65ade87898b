"""Reading a game: its row (by id, or the channel's), its log rows in effect, its records and story, the lines
of a chapter, the state at any version, the state replayed from the log."""

import json

import engine
from db import GameRow
from engine import chapters
from i18n import _, use

from .. import undo
from ..tables import game_of, names
from .core import ServiceCore


class Reading(ServiceCore):
    async def game(self, game_id: int) -> GameRow | None:
        return await self.store.game(game_id)

    async def in_channel(self, channel_id: int) -> GameRow | None:
        return await self.store.open_game_in_channel(channel_id)

    async def last_in_channel(self, channel_id: int) -> GameRow | None:
        """The channel's open game, or else its most recent one. (The open one first: it is found through its
        index, without reading the other games' rows, so that a damaged one elsewhere does not stop it.)"""
        game = await self.store.open_game_in_channel(channel_id)
        if game is not None:
            return game
        ids = await self.store.game_ids_in_channel(channel_id)
        return await self.store.game(ids[-1]) if ids else None

    async def rows(self, game: GameRow) -> list[dict]:
        """The log rows in effect (undone moves and the host's marks left out: app/undo.py)."""
        return undo.effective_rows(await self.store.actions(game.id))

    async def records(self, game: GameRow) -> list[chapters.Chapter]:
        """The game's story cut into chapters (engine/chapters.py)."""
        return chapters.cut(game_of(game).show, chapters.story(await self.store.start_events(game.id),
                                                                 await self.rows(game)))

    async def log_lines(self, game: GameRow, count: int) -> list[str]:
        """The last `count` events, one line each, under the heading of the record they belong to: the game's
        story, so in the game's language (as on the panel), whoever asks."""
        with use(game.options.get("language")):
            return await self._log_lines(game, count)

    async def _log_lines(self, game: GameRow, count: int) -> list[str]:
        nm = names(game)
        show = game_of(game).show
        out: list[str] = []
        for rec in reversed(await self.records(game)):
            lines = story(show, rec.events, nm)
            room = count - sum(1 for x in out if not x.startswith("**"))
            if room <= 0:
                break
            out = [f"**{show.heading(rec.facts)}**"] + [f"• {x}" for x in lines[-room:]] + out
        return out

    async def day_record(self, game: GameRow, seq: int, ended_early: bool = False) -> tuple[str | None, list[str]]:
        """(heading, lines) of the record that the move ending at version `seq` closed (a frozen panel), or
        (ended_early) of the record still open when the game was ended (heading None)."""
        recs = await self.records(game)
        show = game_of(game).show
        rec = recs[-1] if ended_early and recs and recs[-1].close_seq is None else chapters.closed_before(recs, seq)
        if rec is None:
            return None, []
        kept = show.record(rec.events, names(game))
        return (None if ended_early else show.heading(rec.facts)), \
            kept if kept is not None else story(show, rec.events, names(game))

    async def chapter_ended(self, game: GameRow, seq: int) -> dict | None:
        """The facts of the chapter that the move ending at version `seq` ended (its picture's caption)."""
        rec = chapters.closed_before(await self.records(game), seq)
        return rec.facts if rec is not None and rec.ended else None

    async def headlines(self, game: GameRow, since: int | None, seq: int) -> list[str]:
        """What happened between versions `since` (None: the start) and `seq`, for the chapter's picture."""
        events = list(await self.store.start_events(game.id)) if since is None else []
        for r in await self.rows(game):
            if (since is None or r["seq"] >= since) and r["seq"] < seq:
                events += r["events"]
        return chapters.headlines(game_of(game).show, events, names(game))

    async def state_at(self, game: GameRow, seq: int) -> dict:
        """The game's state at version `seq` (the stored one, one saved lately, or rebuilt from the log)."""
        if seq == game.seq:
            return game.live
        if (saved := self._saved.get((game.id, seq))) is not None:
            return json.loads(saved)
        state, _events = engine.rebuild(game_of(game).rules, game.config or {}, game.seed,
                                       await self.store.action_ids(game.id, before=seq))
        return state

    async def replayed(self, game: GameRow) -> dict:
        """The state rebuilt from config + seed + the logged actions (for checks and recovery)."""
        state, _events = engine.rebuild(game_of(game).rules, game.config or {}, game.seed,
                                       await self.store.action_ids(game.id))
        return state


def story(show, events: list, nm: list[str]) -> list[str]:
    """A record's lines: the game's, and the host's where a move was made for a person whose time ran out."""
    out: list[str] = []
    run: list = []
    for e in events:
        if e.get("type") == undo.TIMED_OUT:
            out += show.lines(run, nm)
            run = []
            out.append(_("⏱ {who} ran out of time: the AI played for them.", who=nm[e["seat"]]))
        else:
            run.append(e)
    return out + show.lines(run, nm)

