"""Slash command names, options, choices and descriptions in each user's language: discord.py asks this
Translator for every locale_str when the commands are synced, and Discord shows each user their own.
(Not a cog: the bot installs it on its command tree.)"""

import discord
from discord import app_commands

import i18n


class Translator(app_commands.Translator):
    async def translate(self, string: app_commands.locale_str, locale: discord.Locale,
                        context: app_commands.TranslationContext) -> str | None:
        lang = i18n.supported(locale.value)
        if lang == i18n.DEFAULT:
            return None  # English, or a language we don't have: Discord shows the default
        with i18n.use(lang):
            ctx = string.extras.get("context")
            if not i18n.has(string.message, context=ctx):
                return None  # not a text of ours (a set name like "A+C"): the same in every language
            out = i18n.p_(ctx, string.message) if ctx else i18n._(string.message)
        return None if out == string.message else out
