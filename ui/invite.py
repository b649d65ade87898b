"""The permissions the bot needs in a channel: one definition for the invite link, the set-up text,
the check before a game opens and the message when one is missing."""

import discord

NEEDED = discord.Permissions(view_channel=True, send_messages=True, embed_links=True, attach_files=True,
                             read_message_history=True)


SHOWN = {"read_messages": "View Channel"}  # discord.py iterates the old name of View Channel


def names(perms: discord.Permissions = NEEDED) -> list[str]:
    """["View Channel", ...] as Discord's settings name them, in Discord's order."""
    return [SHOWN.get(flag, flag.replace("_", " ").title()) for flag, on in perms if on]


def missing(have: discord.Permissions) -> list[str]:
    """The needed permissions `have` lacks."""
    return names(discord.Permissions(NEEDED.value & ~have.value))


def invite_url(application_id: int | str) -> str:
    scopes = ("bot", "applications.commands")
    return discord.utils.oauth_url(application_id, permissions=NEEDED, scopes=scopes)
