"""Shared look of the bot's messages: embed colours, fitting texts."""

import discord

GREEN = discord.Colour.from_rgb(76, 140, 74)
BROWN = discord.Colour.from_rgb(150, 98, 52)


def fit(text: str, n: int) -> str:
    return text if len(text) <= n else text[: n - 1] + "…"
