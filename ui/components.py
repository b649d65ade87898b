"""Persistent components. Every custom_id names the game and the state version it was made for:

    pd:{game_id}:{version}:{verb}      a button of the bot's own (join, start, decide, wagon, board, ...)
    pm:{game_id}:{version}:{move}      a button that makes a move (app/moves.py: "2@turn/blue/wood/income")
    pds:{game_id}:{version}:{n}        a select; each value says what it is: "m:{move}", "v:{verb}",
                                       or "k:{item}" (an item picked in a multi-select)

Older buttons (pd:{game}:{version}:{engine action id}, select values that are bare action ids or
"timer:{seconds}") keep working. They are DynamicItems: nothing is kept in memory, so they work after
a restart. A click is routed to the bot's table cog, which checks the version against the database."""

import re

import discord

from engine.moves import BadMove, Move

BUTTON = r"pd:(?P<gid>[0-9]{1,15}):(?P<ver>[0-9]{1,9}):(?P<act>\S{1,80})"
MOVE = r"pm:(?P<gid>[0-9]{1,15}):(?P<ver>[0-9]{1,9}):(?P<move>\S{1,80})"
SELECT = r"pds:(?P<gid>[0-9]{1,15}):(?P<ver>[0-9]{1,9}):(?P<n>[0-9]{1,2})"
LABEL_MAX = 80


def clip(text: str, n: int = LABEL_MAX) -> str:
    return text if len(text) <= n else text[:n - 1] + "…"


def parse_value(value: str):
    """A select value as what it asks for: a Move, ("verb", name), or ("pick", item)."""
    kind, _, rest = value.partition(":")
    if kind == "m":
        return Move.parse(rest)
    if kind == "v":
        return ("verb", rest)
    if kind == "k":
        return ("pick", rest)
    if kind == "timer":  # lobby selects made before the value prefixes
        return ("verb", value)
    return Move.parse(value)  # a bare engine action id (older panels)


class GameButton(discord.ui.DynamicItem[discord.ui.Button], template=BUTTON):
    """A verb of the bot's own; `act` may also be an engine action id (buttons of older panels)."""

    def __init__(self, gid: int, ver: int, act: str, label: str = "…",
                 style: discord.ButtonStyle = discord.ButtonStyle.secondary, emoji=None,
                 row: int | None = None, disabled: bool = False):
        cid = f"pd:{gid}:{ver}:{act}"
        assert len(cid) <= 100 and re.fullmatch(BUTTON, cid), cid
        super().__init__(discord.ui.Button(label=clip(label), style=style, emoji=emoji, custom_id=cid,
                                           disabled=disabled), row=row)
        self.gid, self.ver, self.act = gid, ver, act

    @classmethod
    async def from_custom_id(cls, interaction, item, match):
        return cls(int(match["gid"]), int(match["ver"]), match["act"], label=item.label or "…",
                   style=item.style, emoji=item.emoji)

    async def callback(self, interaction: discord.Interaction):
        act = self.act
        if act[:1].isdigit():  # an engine action id on an older panel
            try:
                act = Move.parse(act)
            except BadMove:
                pass
        await interaction.client.table.on_component(interaction, self.gid, self.ver, act, None)


class MoveButton(discord.ui.DynamicItem[discord.ui.Button], template=MOVE):
    def __init__(self, gid: int, ver: int, move: Move, label: str = "…",
                 style: discord.ButtonStyle = discord.ButtonStyle.primary, emoji=None, row: int | None = None):
        cid = f"pm:{gid}:{ver}:{move.text()}"
        assert len(cid) <= 100 and re.fullmatch(MOVE, cid), cid
        super().__init__(discord.ui.Button(label=clip(label), style=style, emoji=emoji, custom_id=cid), row=row)
        self.gid, self.ver, self.move = gid, ver, move

    @classmethod
    async def from_custom_id(cls, interaction, item, match):
        return cls(int(match["gid"]), int(match["ver"]), Move.parse(match["move"]), label=item.label or "…",
                   style=item.style, emoji=item.emoji)

    async def callback(self, interaction: discord.Interaction):
        await interaction.client.table.on_component(interaction, self.gid, self.ver, self.move, None)


class GameSelect(discord.ui.DynamicItem[discord.ui.Select], template=SELECT):
    def __init__(self, gid: int, ver: int, n: int, options: list[discord.SelectOption] | None = None,
                 placeholder: str | None = None, row: int | None = None, low: int = 1, high: int = 1):
        super().__init__(discord.ui.Select(custom_id=f"pds:{gid}:{ver}:{n}", placeholder=placeholder,
                                           options=options or [discord.SelectOption(label="…")],
                                           min_values=low, max_values=high), row=row)
        self.gid, self.ver = gid, ver

    @classmethod
    async def from_custom_id(cls, interaction, item, match):
        return cls(int(match["gid"]), int(match["ver"]), int(match["n"]), list(item.options),
                   item.placeholder, low=item.min_values, high=item.max_values)

    async def callback(self, interaction: discord.Interaction):
        values = self.item.values
        await interaction.client.table.on_component(interaction, self.gid, self.ver, "select", values)


def option(label: str, value: str, description: str | None = None, emoji=None,
           default: bool = False) -> discord.SelectOption:
    return discord.SelectOption(label=clip(label, 100), value=value[:100],
                                description=clip(description, 100) if description else None, emoji=emoji,
                                default=default)


def view_of(items: list) -> discord.ui.View:
    """The components of a message, as a view discord.py does not keep. Our items are DynamicItems,
    found by their custom_id (registered in setup_hook), so the view object is not needed after it is
    sent; discord.py would otherwise keep each view sent ephemerally for 15 minutes, with a timeout
    task of its own (thousands in a busy bot). A view that is finished is sent but never stored."""
    view = discord.ui.View(timeout=None)
    for it in items:
        view.add_item(it)
    view.stop()
    return view
