"""What every part of the Table cog shares: the bot, its game service, and the answer to an accepted click."""

import logging
from typing import Any

import discord

from .. import desks
from ..replies import update

log = logging.getLogger("bot.table")


class TableBase:
    bot: Any
    service: Any  # the bot's GameService

    async def answer(self, interaction: discord.Interaction, **kw) -> bool:
        """The answer to an accepted action. The action is already committed, so a failure here (token
        expired, message deleted) must not stop the channel from being updated."""
        try:
            await update(interaction, **kw)
            return True
        except discord.HTTPException as e:
            log.warning("could not answer interaction %s (%s): the channel is updated instead",
                        interaction.id, e)
            return False

    async def private_kwargs(self, game, msg) -> dict:
        """A private message of the game's (send kwargs), its picture drawn first."""
        return await desks.private_kwargs(self.bot.courier, game, msg)

