"""How the bot answers an interaction: a short private answer (tell), an edit of the component's message
(update), an acknowledgement first (acknowledge); and the answers to a click that is not for here."""

import logging

import discord

from i18n import N_

from . import unread

log = logging.getLogger("bot.table")  # (the Table cog's, where these were born)
UNKNOWN = N_("That button is out of date or isn't one of mine, so nothing happened. "
             "Use `/play board` for a fresh panel.")
ELSEWHERE = N_("That button doesn't belong on this message, so nothing happened.")
NOT_OFFERED = N_("That isn't a choice this menu offers, so nothing happened.")


async def tell(interaction: discord.Interaction, content: str | None = None, **kw) -> None:
    """A short private answer, whether or not the interaction was already acknowledged."""
    kw = {k: v for k, v in kw.items() if v is not None}  # a new message: nothing to clear
    if not interaction.response.is_done():
        await interaction.response.send_message(content, ephemeral=True, **kw)
    else:
        await interaction.followup.send(content, ephemeral=True, **kw)  # type: ignore[arg-type]  # None is accepted


async def update(interaction: discord.Interaction, **kw) -> None:
    """Edits the message the component belongs to (first response, or after a defer)."""
    if not interaction.response.is_done():
        await interaction.response.edit_message(**kw)
    else:
        await unread.edit_original(interaction, **kw)


async def acknowledge(interaction: discord.Interaction, **kw) -> bool:
    """Defers the interaction; False if Discord no longer takes an answer (then nothing may be applied)."""
    if interaction.response.is_done():
        return True
    try:
        await interaction.response.defer(**kw)
        return True
    except discord.HTTPException as e:
        log.warning("interaction %s could not be acknowledged (%s): nothing applied", interaction.id, e)
        return False

