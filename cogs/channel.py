"""Posting to the channel: day images, the panel (posted, edited, frozen, re-posted), the results.

Rendering runs in a worker thread. Every Discord call here tolerates the expected failures: a
deleted panel is re-posted, a missing Attach Files permission degrades to text, a deleted channel
archives the game. Order: the per-channel post lock is taken before the action lock, never after.

Edited panels notify no one, so a short mention ("ping") is posted when people get a new decision;
the game's previous ping is deleted then, so only one stays in the channel."""

import asyncio
import io
import logging
from dataclasses import dataclass

import discord

import engine
from db import GameRow
from ui import panel

log = logging.getLogger("pioneer.present")
NO_FILES = "\n_(I need the **Attach Files** permission here to show the table image.)_"


@dataclass
class Marks:
    """Day boundaries crossed by one action (or at the start of a game)."""
    ended: str | None = None    # "End of week 1, day 3"
    started: str | None = None  # "Week 1, day 4 begins — Bob starts"
    over: bool = False

    @property
    def any(self) -> bool:
        return bool(self.ended or self.started or self.over)

    def caption(self) -> str:
        return " · ".join(f"**{x}**" for x in (self.ended, self.started) if x)


def marks(events: list, before: dict | None, names: list[str]) -> Marks:
    m = Marks()
    for e in events:
        if e["type"] == "disaster_advanced" and e["why"] == "leftover" and before:
            m.ended = f"End of week {before['week']}, day {before['day']}"
        elif e["type"] == "day_started":
            m.started = f"Week {e['week']}, day {e['day']} begins — {names[e['start']]} starts"
        elif e["type"] == "game_over":
            m.over = True
    return m


class Presenter:
    def __init__(self, bot):
        self.bot = bot
        self._post_locks: dict[int, asyncio.Lock] = {}

    def post_lock(self, channel_id: int) -> asyncio.Lock:
        lk = self._post_locks.get(channel_id)
        if lk is None:
            lk = self._post_locks[channel_id] = asyncio.Lock()
        return lk

    async def render(self, name: str, *args) -> bytes | None:
        """PNG bytes from the renderer, off the event loop; None (logged) if it fails."""
        try:
            fn = getattr(self.bot.renderer, name)
            return await asyncio.to_thread(fn, *args)
        except Exception:
            log.exception("renderer %s failed", name)
            return None

    async def channel(self, channel_id: int):
        ch = self.bot.get_channel(channel_id)
        if ch is not None:
            return ch
        try:
            return await self.bot.fetch_channel(channel_id)
        except (discord.NotFound, discord.Forbidden):
            return None

    async def archive(self, game_id: int, reason: str) -> None:
        log.info("archiving game %s: %s", game_id, reason)
        await self.bot.service.store.end_game(game_id, None, reason)

    async def send(self, channel, game_id: int, png: bytes | None, filename: str, **kw):
        """channel.send with an optional image; falls back to text without Attach Files.
        Returns the message, or None when the channel is gone (the game is then archived)."""
        try:
            if png is not None:
                try:
                    return await channel.send(file=discord.File(io.BytesIO(png), filename), **kw)
                except discord.Forbidden:
                    if "embed" in kw and kw["embed"] is not None:
                        kw["embed"].set_image(url=None)
                    kw["content"] = (kw.get("content") or "") + NO_FILES
            return await channel.send(**kw)
        except discord.NotFound:
            await self.archive(game_id, "channel deleted")
        except discord.Forbidden:
            log.warning("cannot post in channel %s (game %s)", getattr(channel, "id", "?"), game_id)
        return None

    # ---- the panel (callers hold the action lock) -------------------------------------------
    async def post_panel(self, game: GameRow, note: str | None = None) -> discord.Message | None:
        ch = await self.channel(game.channel_id)
        if ch is None:
            await self.archive(game.id, "channel deleted")
            return None
        msg = await self.send(ch, game.id, None, "", **panel.panel(game, note))
        if msg is not None:
            await self.bot.service.store.set_panel(game.id, msg.id)
            game.panel_message_id = msg.id
        return msg

    async def refresh_panel(self, game: GameRow) -> None:
        """Edits the panel in place; re-posts it if it was deleted. No-op while a new one is due."""
        if game.panel_message_id is None:
            return
        ch = await self.channel(game.channel_id)
        if ch is None:
            await self.archive(game.id, "channel deleted")
            return
        try:
            await ch.get_partial_message(game.panel_message_id).edit(**panel.panel(game))
        except discord.NotFound:
            await self.post_panel(game)

    async def freeze_panel(self, game: GameRow, before: dict, heading: str) -> None:
        """Turns the panel into the record of the day that ended; a new one comes with the image."""
        pid = game.panel_message_id
        await self.bot.service.store.set_panel(game.id, None)
        game.panel_message_id = None
        if pid is None:
            return
        ch = await self.channel(game.channel_id)
        if ch is None:
            return
        try:
            await ch.get_partial_message(pid).edit(**panel.frozen(game, before, heading))
        except (discord.NotFound, discord.Forbidden):
            pass

    # ---- after a day boundary (callers hold no lock) -----------------------------------------
    async def publish(self, game_id: int, channel_id: int, state: dict, m: Marks, ping: list | None = None):
        """Posts the table image (and the results at the end), then a fresh panel under them and the
        ping of `ping` (seats). A failed image post (Discord error) is logged and skipped: the panel
        must still come."""
        async with self.post_lock(channel_id):
            ch = await self.channel(channel_id)
            if ch is None:
                await self.archive(game_id, "channel deleted")
                return
            try:
                if m.ended or m.started:
                    png = await self.render("table_png", state, None)
                    await self.send(ch, game_id, png, "table.png", content=m.caption())
                if m.over:
                    game = await self.bot.service.game(game_id)
                    png = await self.render("results_png", state)
                    shown = panel.results(game, state, png is not None)
                    await self.send(ch, game_id, png, "results.png", **shown)
            except discord.HTTPException as e:
                log.warning("game %s: could not post the day's image: %s", game_id, e)
            async with self.bot.service.lock(channel_id):
                game = await self.bot.service.game(game_id)
                if game is not None and game.status == "active" and game.panel_message_id is None:
                    await self.post_panel(game)
                if game is not None:
                    await self.ping_fresh(game, ping or [])

    # ---- pings (callers hold the action lock) -------------------------------------------------
    async def ping(self, game: GameRow, text: str | None) -> None:
        """Posts `text` as the game's new ping (None: only removes the old one) and deletes the
        previous ping; an already deleted one is fine."""
        ch = await self.channel(game.channel_id)
        if ch is None:
            return
        old = game.ping_message_id
        msg = None
        if text:
            msg = await self.send(ch, game.id, None, "", content=text,
                                  allowed_mentions=discord.AllowedMentions(users=True, roles=False,
                                                                           everyone=False))
        if msg is None and old is None:
            return
        game.ping_message_id = msg.id if msg is not None else None
        await self.bot.service.store.set_ping(game.id, game.ping_message_id)
        if old is not None:
            try:
                await ch.get_partial_message(old).delete()
            except discord.HTTPException:
                pass

    async def ping_fresh(self, game: GameRow, seats: list[int]) -> None:
        if game.status != "active":
            await self.ping(game, None)  # the game is over: no one is waited for
            return
        people = [s for s in seats if not game.is_ai(s) and s in engine.deciders(game.state)]
        if people:
            await self.ping(game, panel.ping_text(game, people))

    async def show(self, out, m: Marks) -> None:
        """The channel after an action made without an interaction (AI seat, timeout): the panel
        edited and the ping posted, or the panel frozen when a day ends (publish then posts the
        new panel and the ping)."""
        game = out.game
        if m.any:
            await self.freeze_panel(game, out.before, panel.heading(out.before))
        else:
            await self.refresh_panel(game)
            await self.ping_fresh(game, out.fresh)

    async def ended(self, game: GameRow) -> None:
        """A game ended early (/pioneer end, everyone left): the panel or lobby closes, the standings
        are posted."""
        async with self.bot.service.lock(game.channel_id):
            if game.state is not None:
                await self.freeze_panel(game, game.state, "Game ended")
            elif game.lobby_message_id:
                ch = await self.channel(game.channel_id)
                try:
                    await ch.get_partial_message(game.lobby_message_id).edit(view=None)
                except discord.HTTPException:
                    pass
            await self.ping(game, None)
        ch = await self.channel(game.channel_id)
        if ch is not None:
            await self.send(ch, game.id, None, "", **panel.standings(game, game.end_reason))

    async def repost(self, game: GameRow) -> None:
        """/pioneer board: a new panel at the bottom; the old one is deleted (or marked as moved)."""
        async with self.bot.service.lock(game.channel_id):
            game = await self.bot.service.game(game.id)
            if game is None or game.status != "active":
                return
            old = game.panel_message_id
            await self.post_panel(game)
            if old is None or old == game.panel_message_id:
                return
            ch = await self.channel(game.channel_id)
            try:
                await ch.get_partial_message(old).delete()
            except discord.HTTPException:
                try:
                    await ch.get_partial_message(old).edit(content="The panel moved below.", embed=None,
                                                           view=None)
                except discord.HTTPException:
                    pass
