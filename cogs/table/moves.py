"""Moves: a click that plays (acknowledged first, checked, then applied under the table's lock), its
refusal, and what replaces a player's private message after their choice."""

import discord

import i18n
from app.tables import game_of, names
from db import GameRow
from engine import views
from engine.moves import Move
from i18n import _
from ui import messages
from ui.texts import language, table_of

from .. import origin
from ..replies import ELSEWHERE, acknowledge, tell
from .base import TableBase
from .busy import BUSY, QUEUE_MAX


class Moves(TableBase):
    async def act(self, interaction: discord.Interaction, gid: int, ver: int, action: Move,
                  read: GameRow | None = None) -> None:
        """read: the game's row just read for this click (its first check then reads no other)."""
        # journaled from before the acknowledgement until saved or refused (app/clicks.py)
        with self.service.clicks.window(interaction.id, interaction.user.id, interaction.channel_id or 0, gid):
            await self._act(interaction, gid, ver, action, read)

    async def _act(self, interaction: discord.Interaction, gid: int, ver: int, action: Move,
                   read: GameRow | None) -> None:
        # acknowledged before anything else, even the read that checks the move: with a database
        # across the network (or many tables at once) that read can take longer than Discord waits
        if not await acknowledge(interaction):
            return
        cid = interaction.channel_id
        user = interaction.user.id
        lock = self.service.lock(cid)
        check = await self.service.act(gid, cid, user, ver, action, dry_run=True, read=read)
        if not check.ok:  # nothing to write: a private answer, and the lock is left to real moves
            await self.refused(interaction, check)
            return
        msg = interaction.message
        private = origin.is_private(interaction, check.game)
        if not private and not origin.is_panel(msg, check.game):
            await tell(interaction, _(ELSEWHERE))
            return
        if lock.queued >= QUEUE_MAX:
            await tell(interaction, _(BUSY))
            return
        async with lock, self.bot.courier.working:
            out = await self.service.act(gid, cid, user, ver, action, click=interaction.id)
        if not out.ok:  # outside the lock: the courier takes it to repair the panel
            await self.refused(interaction, out)
            return
        game = out.game
        if private:  # (the panel is edited by the courier, its picture drawn first)
            kw, showing = await self.private_followup(out)
            if await self.answer(interaction, **kw):  # the player's desk: their next decision shows there
                self.bot.courier.desks.keep(game, out.seat, interaction, showing)
        await self.bot.courier.after(gid, game.channel_id, via=None if private else interaction)

    async def refused(self, interaction: discord.Interaction, out) -> None:
        await tell(interaction, out.message)
        msg = interaction.message
        if out.code == "stale" and out.game is not None and msg is not None \
                and msg.id == out.game.panel_message_id:
            await self.bot.courier.after(out.game.id, out.game.channel_id)  # the panel itself is behind

    async def private_followup(self, out) -> tuple[dict, bool]:
        """What replaces a player's private message after their choice (an edit), and whether it shows a
        decision: their next step (or next decision) with its picture, or what happened (and who is still
        deciding), with Undo while it can be taken back."""
        game = out.game
        played = game_of(game)
        with i18n.at_table(language(game)):  # the reader's language (the channel's names beside)
            nxt = views.decision(played, table_of(game), game.live, out.seat)
            line = " ".join(played.show.lines(out.events, names(game)))
        if nxt is not None:
            return messages.as_edit(await self.private_kwargs(game, nxt)), True
        undo = await self.service.undo_seat(game) == out.seat
        return messages.done(game, line if not played.rules.simultaneous(game.live) else "", undo), False
