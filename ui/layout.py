"""Shared look of the bot's messages: embed colours, what may only be shown privately, fitting texts."""

import discord

GREEN = discord.Colour.from_rgb(76, 140, 74)
BROWN = discord.Colour.from_rgb(150, 98, 52)


def is_private(action_id: str) -> bool:
    """Actions whose label shows a gold token's value: only ever offered in ephemeral messages."""
    body = action_id.split(":", 1)[1]
    return body.startswith(("drop:gold:", "lose:gold:"))


def fit(text: str, n: int) -> str:
    return text if len(text) <= n else text[: n - 1] + "…"
