"""Edits whose answer the bot never reads, without the objects discord.py builds of it.

discord.py turns Discord's answer to every edit into a Message (components, embeds, author) that the bot
drops at once; on a busy process that was a tenth of a click's CPU on the event loop. These do what
PartialMessage.edit and Interaction.edit_original_response do (discord.py 2.7, pinned in pyproject),
up to the request, and stop there. Our views are sent finished (nothing for discord.py to keep), which is
what lets the answer go unread."""

from typing import Any

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


async def edit_message(channel, message_id: int, **kw) -> dict:
    """channel.get_partial_message(message_id).edit(**kw), the answer unread: only its raw data is returned
    (a caller may look up an attachment's id there), no Message is built."""
    state = channel._state
    previous = state.allowed_mentions if kw.get("content", MISSING) is not MISSING else None
    with handle_message_parameters(**_args(kw), previous_allowed_mentions=previous) as params:
        return await state.http.edit_message(channel.id, message_id, params=params) or {"id": message_id}


async def edit_original(interaction: discord.Interaction, **kw) -> dict:
    """interaction.edit_original_response(**kw), the answer unread (its raw data returned)."""
    state = interaction._state
    with handle_message_parameters(**_args(kw), previous_allowed_mentions=state.allowed_mentions) as params:
        answer: Any = await async_context.get().edit_original_interaction_response(
            interaction.application_id, interaction.token, session=interaction._session, proxy=state.http.proxy,
            proxy_auth=state.http.proxy_auth, payload=params.payload, multipart=params.multipart,
            files=params.files)
        return answer if isinstance(answer, dict) else {}
