"""The lobby's buttons and menus (join, leave, AI seats, the timer and options, start), and the rematch: a
new lobby with the same table after a game."""

import discord

from i18n import _, use
from ui import lobby as lobby_ui
from ui import messages
from ui.texts import language

from .. import origin, threads
from ..replies import ELSEWHERE, UNKNOWN, acknowledge, tell
from .base import TableBase
from .busy import BUSY, QUEUE_MAX


class LobbyClicks(TableBase):
    async def lobby(self, interaction: discord.Interaction, gid: int, ver: int, act: str) -> None:
        if ver != 0:  # the lobby's buttons and menus are made with version 0 (ui/lobby.py)
            await tell(interaction, _(UNKNOWN))
            return
        game = await self.service.game(gid)
        if game is None or not game.here(interaction.channel_id):
            await tell(interaction, _("This button does not belong to a game in this channel."))
            return
        if game.status != "lobby":
            await tell(interaction, _("This lobby is closed: the game has started or ended."))
            return
        if not origin.is_lobby(interaction.message, game):  # the answer is the lobby, in place of the message
            await tell(interaction, _(ELSEWHERE))
            return
        lock = self.service.lock(interaction.channel_id)
        if lock.queued >= QUEUE_MAX:
            await tell(interaction, _(BUSY))
            return
        if not await acknowledge(interaction):
            return
        user = interaction.user
        async with lock:
            if act == "join":
                out = await self.service.join(gid, user.id, user.display_name)
            elif act == "leave":
                out = await self.service.leave(gid, user.id)
            elif act.startswith("ai:"):
                out = await self.service.add_ai(gid, user.id, act[3:])
            elif act == "airemove":
                out = await self.service.remove_ai(gid, user.id)
            elif act.startswith("timer:"):
                seconds = act[6:]
                out = await self.service.set_timer(gid, user.id, int(seconds) if seconds.isdigit() and
                                                   len(seconds) < 9 else -1)
            elif act.startswith("opt:"):
                _verb, key, value = (act.split(":", 2) + ["", ""])[:3]
                out = await self.service.set_option(gid, user.id, key, value)
            else:
                out = await self.service.start(gid, user.id)
            if not out.ok:
                await tell(interaction, out.message)
                return
            with use(language(out.game)):
                note = _("**The game has started below.**") if act == "start" and out.game.home_id is None \
                    else None
            await self.answer(interaction, **messages.as_edit(lobby_ui.lobby(out.game, note=note)))
        if act == "join":
            await threads.add_player(self.bot, out.game, user.id)
        if act == "start":
            await self.bot.courier.after(gid, out.game.channel_id)

    async def rematch(self, interaction: discord.Interaction, gid: int) -> None:
        """A new lobby with the same table, hosted by whoever pressed; the lobby is the answer."""
        user = interaction.user
        async with self.service.lock(interaction.channel_id):
            out = await self.service.rematch(gid, interaction.channel_id, user.id, user.display_name)
            if not out.ok:
                await tell(interaction, out.message)
                return
            invite = ""
            if out.fresh:  # the rest of the table is asked, not seated: each joins when they want to
                with use(language(out.game)):
                    invite = _("{who}: {host} invites you to a rematch. Press **Join** to take your seat.",
                               who=" ".join(f"<@{u}>" for u in out.fresh), host=user.mention)
            shown = lobby_ui.lobby(out.game, top=invite)
            if out.fresh:
                shown["allowed_mentions"] = discord.AllowedMentions(users=[discord.Object(u) for u in out.fresh])
            resp = await interaction.response.send_message(**shown)
            msg = resp.resource
            if isinstance(msg, discord.InteractionMessage):
                await self.service.lobby_posted(out.game.id, msg.id)
            await threads.open_for(self.service, interaction, out.game, msg if isinstance(msg, discord.Message)
                                   else None, out.game.options.get("where", "channel"))

