"""Persistent components. Every custom_id names the game and the state version it was made for:

    pd:{game_id}:{version}:{verb or engine action id}      (buttons)
    pds:{game_id}:{version}:{n}                            (selects; the chosen value is the action id)

They are DynamicItems: nothing is kept in memory, so they keep working after a restart. The click
is routed to the bot's `play` controller, which checks the version against the database."""

import re

import discord

BUTTON = r"pd:(?P<gid>[0-9]{1,15}):(?P<ver>[0-9]{1,9}):(?P<act>\S{1,80})"
SELECT = r"pds:(?P<gid>[0-9]{1,15}):(?P<ver>[0-9]{1,9}):(?P<n>[0-9]{1,2})"
LABEL_MAX = 80


def button_id(gid: int, ver: int, act: str) -> str:
    cid = f"pd:{gid}:{ver}:{act}"
    assert len(cid) <= 100 and re.fullmatch(BUTTON, cid), cid
    return cid


def clip(text: str, n: int = LABEL_MAX) -> str:
    return text if len(text) <= n else text[:n - 1] + "…"


class GameButton(discord.ui.DynamicItem[discord.ui.Button], template=BUTTON):
    def __init__(self, gid: int, ver: int, act: str, label: str = "…",
                 style: discord.ButtonStyle = discord.ButtonStyle.secondary, emoji=None,
                 row: int | None = None):
        super().__init__(discord.ui.Button(label=clip(label), style=style, emoji=emoji,
                                           custom_id=button_id(gid, ver, act)), row=row)
        self.gid, self.ver, self.act = gid, ver, act

    @classmethod
    async def from_custom_id(cls, interaction, item, match):
        return cls(int(match["gid"]), int(match["ver"]), match["act"], label=item.label or "…",
                   style=item.style, emoji=item.emoji)

    async def callback(self, interaction: discord.Interaction):
        await interaction.client.table.on_component(interaction, self.gid, self.ver, self.act, None)


class GameSelect(discord.ui.DynamicItem[discord.ui.Select], template=SELECT):
    def __init__(self, gid: int, ver: int, n: int, options: list[discord.SelectOption] | None = None,
                 placeholder: str | None = None, row: int | None = None):
        super().__init__(discord.ui.Select(custom_id=f"pds:{gid}:{ver}:{n}", placeholder=placeholder,
                                           options=options or [discord.SelectOption(label="…")]), row=row)
        self.gid, self.ver = gid, ver

    @classmethod
    async def from_custom_id(cls, interaction, item, match):
        return cls(int(match["gid"]), int(match["ver"]), int(match["n"]), list(item.options),
                   item.placeholder)

    async def callback(self, interaction: discord.Interaction):
        values = self.item.values
        await interaction.client.table.on_component(interaction, self.gid, self.ver, "select", values)


def view_of(items: list) -> discord.ui.View:
    view = discord.ui.View(timeout=None)
    for it in items:
        view.add_item(it)
    return view
