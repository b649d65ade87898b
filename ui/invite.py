"""The permissions the bot needs in a channel: one definition for the invite link, the set-up text,
the check before a game opens and the message when one is missing."""

import discord

from i18n import N_, _

NEEDED = discord.Permissions(view_channel=True, send_messages=True, embed_links=True, attach_files=True,
                             read_message_history=True)
# a game's thread of its own (without them a game is played in the channel: cogs/threads.py)
THREADS = discord.Permissions(create_public_threads=True, send_messages_in_threads=True)
THREADS_PRIVATE = discord.Permissions(create_private_threads=True, send_messages_in_threads=True)
INVITE = discord.Permissions(NEEDED.value | THREADS.value | THREADS_PRIVATE.value)


# as Discord's settings name them (discord.py iterates View Channel under its old name, read_messages)
SHOWN = {"read_messages": N_("View Channel"), "send_messages": N_("Send Messages"), "embed_links": N_("Embed Links"),
         "attach_files": N_("Attach Files"), "read_message_history": N_("Read Message History"),
         "create_public_threads": N_("Create Public Threads"), "create_private_threads": N_("Create Private Threads"),
         "send_messages_in_threads": N_("Send Messages in Threads")}


def names(perms: discord.Permissions = NEEDED) -> list[str]:
    """["View Channel", ...] in the current language, in Discord's order."""
    return [_(SHOWN[flag]) if flag in SHOWN else flag.replace("_", " ").title() for flag, on in perms if on]


def missing(have: discord.Permissions, needed: discord.Permissions = NEEDED) -> list[str]:
    """The needed permissions `have` lacks."""
    return names(discord.Permissions(needed.value & ~have.value))


def invite_url(application_id: int | str) -> str:
    scopes = ("bot", "applications.commands")
    return discord.utils.oauth_url(application_id, permissions=INVITE, scopes=scopes)
