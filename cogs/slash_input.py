"""A slash command's options as a modified client may send them, checked before discord.py reads them.

Discord's own clients send each option as its declared type (and within its range); a modified one can
send anything. discord.py fails on some of it before any command runs (a user option that is no number)
and hands the rest on as it came (an unresolved user as a bare Object, a string for a yes/no), so the
tree's global check (bot.py GameTree) refuses those first, with a short private answer: any user,
channel, role or mentionable option, and the yes/no ones. Numbers and texts reach the command, which
refuses what it does not offer naming what it does (a game's choices, a count's range, a game's
number up to what Discord and the database hold: ui/commands.NUMBER_MAX)."""

from typing import Any

import discord

from i18n import N_, _

SNOWFLAKE_DIGITS = 20  # a Discord id: an unsigned 64-bit number
REFUSED = N_("That command came with an option I can't read, so nothing happened.")
_SUBCOMMANDS = (1, 2)  # a subcommand, a subcommand group: their options are further down
_RESOLVED = {6: ("users", "members"), 7: ("channels",), 8: ("roles",), 9: ("users", "members", "roles")}


CHECKED = (5, *_RESOLVED)  # the kinds checked here (AppCommandOptionType values): yes/no and Discord's entities


def _fits(kind: int, value: Any, resolved: dict) -> bool:
    """Whether one option's value is of its kind (one of CHECKED)."""
    if kind == 5:
        return isinstance(value, bool)
    if kind in _RESOLVED:
        text = str(value)
        return (isinstance(value, (str, int)) and not isinstance(value, bool) and text.isascii()
                and text.isdigit() and len(text) <= SNOWFLAKE_DIGITS
                and any(text in (resolved.get(part) or {}) for part in _RESOLVED[kind]))
    return True


def _leaves(options: list) -> list[dict]:
    out: list[dict] = []
    for opt in options or []:
        if not isinstance(opt, dict):
            out.append({})
        elif opt.get("type") in _SUBCOMMANDS:
            out += _leaves(opt.get("options") or [])
        else:
            out.append(opt)
    return out


def readable(interaction: discord.Interaction) -> bool:
    """Whether a slash command's yes/no and entity options are sent as the command declares them, each a
    value of that type (a user, channel or role Discord resolved)."""
    if interaction.type is not discord.InteractionType.application_command:
        return True
    data: Any = interaction.data or {}
    if data.get("type", 1) != 1:
        return True
    resolved = data.get("resolved") or {}
    command = interaction.command
    declared = {p.display_name: p.type.value for p in command.parameters} \
        if isinstance(command, discord.app_commands.Command) else {}
    for opt in _leaves(data.get("options") or []):
        kind, want = opt.get("type"), declared.get(str(opt.get("name")))
        if not isinstance(kind, int) or (want in CHECKED and kind != want) \
                or (kind in CHECKED and not _fits(kind, opt.get("value"), resolved)):
            return False
    return True


async def refuse(interaction: discord.Interaction) -> None:
    try:
        await interaction.response.send_message(_(REFUSED), ephemeral=True)
    except discord.HTTPException:
        pass
