"""The games' symbols as application emoji (engine/symbols.py), uploaded when the bot starts: the ones
Discord already has for this application (by name) are kept, the missing ones drawn by their game and
uploaded, and the whole set installed for the games' texts. Any failure (no permission, Discord's limit of
2,000, a network error) is logged and leaves those symbols in Unicode: nothing waits for this."""

import logging

import discord

from engine import registry, symbols

log = logging.getLogger("bot.emoji")


def wanted() -> dict[str, symbols.Emoji]:
    """Every game's emoji by its full name on Discord."""
    return {symbols.full_name(g.key, e.name): e for g in registry.games() for e in g.emoji}


async def install(bot) -> int:
    """Uploads what is missing and installs the set; the number of emoji installed."""
    want = wanted()
    if not want:
        return 0
    try:
        have = {e.name: e for e in await bot.fetch_application_emojis()}
    except discord.HTTPException as e:
        log.warning("application emoji could not be listed (%s): the games' symbols stay in Unicode", e)
        return 0
    shown: dict[str, str] = {}
    for name, emoji in want.items():
        got = have.get(name)
        if got is None:
            try:
                got = await bot.create_application_emoji(name=name, image=emoji.draw())
            except discord.HTTPException as e:
                log.warning("application emoji %s could not be uploaded (%s): it stays %s", name, e, emoji.fallback)
                continue
        shown[name] = str(got)
    symbols.install(shown)
    log.info("application emoji: %d of the games' %d symbols installed", len(shown), len(want))
    return len(shown)
