"""Confirmations: Yes or No under /play end and /play leave, and who may end a game."""

import discord

from i18n import _, use
from ui.texts import language

from .. import origin
from ..replies import ELSEWHERE, UNKNOWN, acknowledge, tell, update
from .base import TableBase


class Confirmations(TableBase):
    async def confirmation(self, interaction: discord.Interaction, gid: int, verb: str, asked: str = "") -> None:
        """Yes or No under /play end or /play leave: only on that command's own answer (the custom_id
        carries its interaction's id; a question asked before there was one is out of date)."""
        asked_id = origin.asked_in(asked)
        game = await self.service.game(gid)
        if asked_id is None:
            await tell(interaction, _(UNKNOWN))
            return
        if not origin.is_private(interaction, game, asked=asked_id):  # it replaces the message it is on
            await tell(interaction, _(ELSEWHERE))
            return
        if verb == "endok":
            await self.confirm_end(interaction, gid)
        elif verb == "quitok":
            await self.confirm_leave(interaction, gid)
        else:
            await self.cancel(interaction, gid, _("Cancelled: the game goes on.") if verb == "endno"
                              else _("Good: you stay in the game."))

    async def cancel(self, interaction: discord.Interaction, gid: int, text: str) -> None:
        game = await self.service.game(gid)
        if game is None or not game.here(interaction.channel_id):
            text = _("This button belongs to a game in another channel.")
        elif game.status in ("over", "ended"):
            text = _("This game is already over.")
        await update(interaction, content=text, view=None)

    def may_end(self, interaction: discord.Interaction, game) -> bool:
        perms = interaction.permissions
        return interaction.user.id == game.host_id or bool(perms and perms.manage_channels)

    async def confirm_end(self, interaction: discord.Interaction, gid: int) -> None:
        game = await self.service.game(gid)
        if game is None or not game.here(interaction.channel_id):
            await tell(interaction, _("This button belongs to a game in another channel."))
            return
        if game.status not in ("lobby", "active"):
            await tell(interaction, _("This game is already over."))
            return
        if not self.may_end(interaction, game):
            await tell(interaction, _("Only the host or a member with **Manage Channels** can end this game."))
            return
        if not await acknowledge(interaction):
            return
        async with self.service.lock(game.channel_id):
            who = interaction.user
            with use(language(game)):  # shown in the channel: the game's language
                reason = _("Ended by {who}.", who=who.display_name)
            out = await self.service.end(gid, who.id, reason)
            if not out.ok:
                await tell(interaction, out.message)
                return
            await self.answer(interaction, content=_("The game has been ended."), view=None)
        await self.bot.courier.after(gid, game.channel_id)

    async def confirm_leave(self, interaction: discord.Interaction, gid: int) -> None:
        game = await self.service.game(gid)
        if game is None or not game.here(interaction.channel_id):
            await tell(interaction, _("This button belongs to a game in another channel."))
            return
        if not await acknowledge(interaction):
            return
        async with self.service.lock(game.channel_id):
            out = await self.service.leave_game(gid, interaction.user.id)
            if not out.ok:
                await tell(interaction, out.message)
                return
            await self.answer(interaction, content=_("You left the game."), view=None)
        await self.bot.courier.after(gid, game.channel_id)  # the AI makes the seat's decision, if it was one


