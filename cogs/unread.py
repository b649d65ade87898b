"""Edits whose answer the bot never reads, without the objects discord.py builds of it.

discord.py turns Discord's answer to every edit into a Message (components, embeds, author) that the bot
drops at once; on a busy process that was a tenth of a click's CPU on the event loop. These do what
PartialMessage.edit and Interaction.edit_original_response do (discord.py 2.7, pinned in pyproject),
up to the request, and stop there. Our views are sent finished (nothing for discord.py to keep), which is
what lets the answer go unread."""

import discord
from discord.http import handle_message_parameters
from discord.utils import MISSING
from discord.webhook.async_ import async_context

KEYS = {"content", "embed", "embeds", "attachments", "view", "allowed_mentions"}


def _args(kw: dict) -> dict:
    unknown = set(kw) - KEYS
    if unknown:
        raise TypeError(f"not an edit of ours: {sorted(unknown)}")
    return {k: kw.get(k, MISSING) for k in KEYS}


async def edit_message(channel, message_id: int, **kw) -> None:
    """channel.get_partial_message(message_id).edit(**kw), the answer unread."""
    state = channel._state
    previous = state.allowed_mentions if kw.get("content", MISSING) is not MISSING else None
    with handle_message_parameters(**_args(kw), previous_allowed_mentions=previous) as params:
        await state.http.edit_message(channel.id, message_id, params=params)


async def edit_original(interaction: discord.Interaction, **kw) -> None:
    """interaction.edit_original_response(**kw), the answer unread."""
    state = interaction._state
    with handle_message_parameters(**_args(kw), previous_allowed_mentions=state.allowed_mentions) as params:
        await async_context.get().edit_original_interaction_response(
            interaction.application_id, interaction.token, session=interaction._session, proxy=state.http.proxy,
            proxy_auth=state.http.proxy_auth, payload=params.payload, multipart=params.multipart,
            files=params.files)
