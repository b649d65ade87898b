"""Undo: the clicker's last move taken back (app/service/takeback.py); a private message shows their
decision again."""

import discord

from app.tables import game_of
from i18n import _

from .. import origin
from ..replies import ELSEWHERE, acknowledge, tell
from .moves import Moves


class TakeBack(Moves):
    """(On Moves: an undo is refused, and answered privately, as a move is.)"""

    async def undo(self, interaction: discord.Interaction, gid: int, ver: int) -> None:
        """Undo: the clicker's last move taken back; a private message shows their decision again."""
        with self.service.clicks.window(interaction.id, interaction.user.id, interaction.channel_id or 0, gid):
            await self._undo(interaction, gid, ver)

    async def _undo(self, interaction: discord.Interaction, gid: int, ver: int) -> None:
        cid = interaction.channel_id
        if not await acknowledge(interaction):  # before the read, as a move is (Discord waits 3 s at most)
            return
        game = await self.service.game(gid)
        private = game is not None and origin.is_private(interaction, game)
        if game is not None and not private and not origin.is_panel(interaction.message, game):
            await tell(interaction, _(ELSEWHERE))
            return
        async with self.service.lock(cid):
            out = await self.service.undo(gid, cid, interaction.user.id, ver, click=interaction.id)
            if out.ok and private:
                kw, showing = await self.private_followup(out)
                if await self.answer(interaction, **kw):
                    self.bot.courier.desks.keep(out.game, out.seat, interaction, showing)
        if not out.ok:
            await self.refused(interaction, out)
            return
        game = out.game
        if game.ping_message_id is not None and game_of(game).rules.deciders(game.live) == [out.seat]:
            ch = await self.bot.courier.channel(game.channel_id)  # the ping was for whoever came next
            if ch is not None:
                await self.bot.courier.clear_ping(game, ch)
        await self.bot.courier.after(gid, game.channel_id, refresh=True)

