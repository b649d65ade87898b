"""A thread of its own for each game (issue 38): /play new (and a rematch) posts the lobby in the channel and
opens a thread on it, where the panel, the records, the pictures and the pings go; the results come back to
the channel, one message. A private table is an invite-only thread opened in the channel, its people added
as they join. Where the bot may not open threads (the permissions, or a channel that is itself a thread),
the game is played in the channel and its host is told so once."""

import logging
from typing import Literal

import discord

from i18n import _
from ui import invite

log = logging.getLogger("bot.threads")
WHERE = ("thread", "private", "channel")  # /play new where: (the default first)
ARCHIVE_MINUTES: Literal[10080] = 10080  # a week: a long turn timer's game stays in the list (a reminder posts)


async def open_for(service, interaction: discord.Interaction, game, lobby: discord.Message | None,
                   where: str) -> None:
    """Opens the game's thread (public on its lobby message, or private in the channel) and moves the game
    there; otherwise the game stays in the channel, the host told why."""
    channel = interaction.channel
    if where == "channel" or lobby is None:
        return
    if not isinstance(channel, discord.TextChannel):  # (a thread, a voice channel's chat: it is played there)
        return
    missing = invite.missing(interaction.app_permissions, invite.THREADS_PRIVATE if where == "private"
                             else invite.THREADS)
    thread = None
    if not missing:
        name = f"{lobby_title(game)} · {interaction.user.display_name}"[:100]
        try:
            if where == "private":
                thread = await channel.create_thread(name=name, type=discord.ChannelType.private_thread,
                                                     invitable=False, auto_archive_duration=ARCHIVE_MINUTES)
                await thread.add_user(interaction.user)
            else:
                thread = await lobby.create_thread(name=name, auto_archive_duration=ARCHIVE_MINUTES)
        except discord.HTTPException as e:
            log.warning("game %s: no thread could be opened in channel %s: %s", game.id, channel.id, e)
            missing = [str(e.text or e)[:100]]
    if thread is None or not await service.store.move_to_thread(game.id, thread.id, channel.id):
        await interaction.followup.send(_("I can't open a thread for this game here ({why}), so it is played in "
                                          "this channel.", why=", ".join(missing) or "—"), ephemeral=True)
        return


def lobby_title(game) -> str:
    from app.tables import game_of
    from i18n import use
    from ui.texts import game_name, language
    with use(language(game)):
        return game_name(game_of(game))


async def add_player(bot, game, user_id: int) -> None:
    """A person who joined a private table's lobby is added to its thread (they could not see it)."""
    if game.home_id is None or game.options.get("where") != "private":
        return
    thread = await bot.courier.channel(game.channel_id)
    if isinstance(thread, discord.Thread):
        try:
            await thread.add_user(discord.Object(user_id))
        except discord.HTTPException as e:
            log.warning("game %s: could not add %s to its thread: %s", game.id, user_id, e)
