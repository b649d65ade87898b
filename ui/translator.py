"""Slash command names, options, choices and descriptions in each user's language: discord.py asks this
Translator for every locale_str when the commands are synced, and Discord shows each user their own.
A text is the host's (i18n/) or a game's (its own catalogue: a game's options and their choices)."""

import discord
from discord import app_commands

import i18n
from engine import registry


def catalogues() -> list:
    return [i18n.HOST] + [g.texts for g in registry.games()]


class Translator(app_commands.Translator):
    async def translate(self, string: app_commands.locale_str, locale: discord.Locale,
                        context: app_commands.TranslationContext) -> str | None:
        lang = i18n.supported(locale.value)
        if lang == i18n.DEFAULT:
            return None  # English, or a language we don't have: Discord shows the default
        with i18n.use(lang):
            ctx = string.extras.get("context")
            for cat in catalogues():
                if cat.has(string.message, context=ctx):
                    out = cat.p_(ctx, string.message) if ctx else cat._(string.message)
                    return None if out == string.message else out
        return None  # not a text of ours (a set name like "A+C"): the same in every language
