"""Persistent components. Every custom_id names the game and the state version it was made for:

    pd:{game_id}:{version}:{verb}      a button of the bot's own (join, start, decide, mine, board, ...; a
                                       confirmation "endok:{id}": the id of the command it answers)
    pm:{game_id}:{version}:{move}      a button that makes a move (app/moves.py: "2@turn/blue/wood/income")
    pds:{game_id}:{version}:{n}        a select; each value says what it is: "m:{move}", "v:{verb}",
                                       or "k:{item}" (an item picked in a multi-select)

Older buttons (pd:{game}:{version}:{engine action id}, select values that are bare action ids or
"timer:{seconds}") keep working. They are DynamicItems: nothing is kept in memory, so they work after
a restart. A click is routed to the bot's table cog, which checks the version against the database, and
the message it came from (cogs/origin.py). An id of ours on a component of another type, or one that does
not parse, makes an item that only answers (a modified client's; nothing is left unanswered)."""

import re
from collections.abc import Collection, Sequence
from dataclasses import dataclass
from typing import Any, Protocol, cast

import discord

from engine.moves import BadMove, Move, parsed
from engine.protocol import Button, Menu
from engine.protocol import clip as cut


class Clicks(Protocol):
    """What a click of ours is handed to: the bot's Table cog (cogs/table/), as `client.table`."""
    async def on_component(self, interaction: Any, gid: int, ver: int, act: Any, values: Any) -> None: ...
    async def unknown(self, interaction: Any) -> None:
        """The answer to a component of ours that is malformed (a forged id, a button's id sent as a select)."""


class HasTable(Protocol):
    table: Clicks


BUTTON = r"pd:(?P<gid>[0-9]{1,15}):(?P<ver>[0-9]{1,9}):(?P<act>\S{1,80})"
MOVE = r"pm:(?P<gid>[0-9]{1,15}):(?P<ver>[0-9]{1,9}):(?P<move>\S{1,80})"
SELECT = r"pds:(?P<gid>[0-9]{1,15}):(?P<ver>[0-9]{1,9}):(?P<n>[0-9]{1,2})"
LABEL_MAX = 80
MENU_MAX = 25  # options in a select (Discord's limit)


@dataclass(frozen=True)
class Chosen:
    """What a select click carried, with what the select it came from offered (as the message shows it)."""
    n: int
    values: tuple[str, ...]
    offered: frozenset[str]
    low: int
    high: int


def well_formed(values: Sequence[str], offered: Collection[str], low: int, high: int) -> bool:
    """Whether a select's values are ones its options allow: distinct, each one of them, as many as it takes."""
    return (len(set(values)) == len(values) and low <= len(values) <= min(high, MENU_MAX)
            and all(isinstance(v, str) and v in offered for v in values))


def clip(text: str, n: int = LABEL_MAX) -> str:
    return cut(text, n)


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
        self.malformed = False

    @classmethod
    async def from_custom_id(cls, interaction, item, match):
        if not isinstance(item, discord.ui.Button) or item.disabled:  # (our id on another kind: answered, not run)
            return malformed(cls(int(match["gid"]), int(match["ver"]), match["act"]))
        return cls(int(match["gid"]), int(match["ver"]), match["act"], label=item.label or "…",
                   style=item.style, emoji=item.emoji)

    async def callback(self, interaction: discord.Interaction):
        if self.malformed:
            await cast(HasTable, interaction.client).table.unknown(interaction)
            return
        act: str | Move  # the verb, or the Move of an engine action id
        act = self.act
        if act[:1].isdigit():  # an engine action id on an older panel
            try:
                act = Move.parse(act)
            except BadMove:
                pass
        await cast(HasTable, interaction.client).table.on_component(interaction, self.gid, self.ver, act, None)


class MoveButton(discord.ui.DynamicItem[discord.ui.Button], template=MOVE):
    def __init__(self, gid: int, ver: int, move: Move, label: str = "…",
                 style: discord.ButtonStyle = discord.ButtonStyle.primary, emoji=None, row: int | None = None,
                 disabled: bool = False):
        cid = f"pm:{gid}:{ver}:{move.text()}"
        assert len(cid) <= 100 and re.fullmatch(MOVE, cid), cid
        super().__init__(discord.ui.Button(label=clip(label), style=style, emoji=emoji, custom_id=cid,
                                           disabled=disabled), row=row)
        self.gid, self.ver, self.move = gid, ver, move
        self.malformed = False

    @classmethod
    async def from_custom_id(cls, interaction, item, match):
        try:
            move = Move.parse(match["move"])
        except BadMove:
            move = None
        if move is None or not isinstance(item, discord.ui.Button) or item.disabled:  # answered, not run
            return malformed(cls(int(match["gid"]), int(match["ver"]), move or Move(0, "action", "?")))
        return cls(int(match["gid"]), int(match["ver"]), move, label=item.label or "…", style=item.style,
                   emoji=item.emoji)

    async def callback(self, interaction: discord.Interaction):
        if self.malformed:
            await cast(HasTable, interaction.client).table.unknown(interaction)
            return
        await cast(HasTable, interaction.client).table.on_component(interaction, self.gid, self.ver, self.move, None)


class GameSelect(discord.ui.DynamicItem[discord.ui.Select], template=SELECT):
    def __init__(self, gid: int, ver: int, n: int, options: list[discord.SelectOption] | None = None,
                 placeholder: str | None = None, row: int | None = None, low: int = 1, high: int = 1):
        super().__init__(discord.ui.Select(custom_id=f"pds:{gid}:{ver}:{n}", placeholder=placeholder,
                                           options=options or [discord.SelectOption(label="…")],
                                           min_values=low, max_values=high), row=row)
        self.gid, self.ver, self.n = gid, ver, n
        self.malformed = False

    @classmethod
    async def from_custom_id(cls, interaction, item, match):
        gid, ver, n = int(match["gid"]), int(match["ver"]), int(match["n"])
        if not isinstance(item, discord.ui.Select) or not item.options or item.disabled:  # answered, not run
            return malformed(cls(gid, ver, n))
        return cls(gid, ver, n, list(item.options), item.placeholder, low=item.min_values, high=item.max_values)

    async def callback(self, interaction: discord.Interaction):
        table = cast(HasTable, interaction.client).table
        if self.malformed:
            await table.unknown(interaction)
            return
        sel = self.item
        data: Any = interaction.data or {}
        values = data.get("values")  # as sent (discord.py's own list may have been tidied)
        values = tuple(values) if isinstance(values, list) else (None,)
        chosen = Chosen(self.n, values, frozenset(o.value for o in sel.options), sel.min_values, sel.max_values)
        await table.on_component(interaction, self.gid, self.ver, "select", chosen)


def malformed(item):
    """An item made from a component that does not fit its template's kind (or is disabled: no client of
    Discord's sends a click on it): its callback only answers."""
    item.malformed = True
    return item


def option(label: str, value: str, description: str | None = None, emoji=None,
           default: bool = False) -> discord.SelectOption:
    return discord.SelectOption(label=clip(label, 100), value=value[:100],
                                description=clip(description, 100) if description else None, emoji=emoji,
                                default=default)


STYLES = {"primary": discord.ButtonStyle.primary, "secondary": discord.ButtonStyle.secondary,
          "success": discord.ButtonStyle.success, "danger": discord.ButtonStyle.danger}


def is_move(act: str) -> bool:
    return isinstance(act, str) and parsed(act) is not None


def value_of(act: str) -> str:
    """A select option's value for a control's act: "m:{move}", "k:{item}" (a pick) or "v:{verb}"."""
    if act.startswith("k:"):
        return act
    return ("m:" if is_move(act) else "v:") + act


def items_of(controls: list, gid: int, ver: int) -> list:
    """A game's controls (engine/protocol.py Button, Menu) as our persistent components, with the custom
    ids of this game and version."""
    out: list = []
    selects = 0
    for c in controls:
        if isinstance(c, Button):
            style = STYLES[c.style]
            if is_move(c.act):
                item: Any = MoveButton(gid, ver, Move.parse(c.act), c.label, style, c.emoji, disabled=c.disabled)
            else:
                item = GameButton(gid, ver, c.act, c.label, style, c.emoji, disabled=c.disabled)
        elif isinstance(c, Menu):
            opts = [option(i.label, value_of(i.act), i.description, i.emoji, i.default) for i in c.items]
            item = GameSelect(gid, ver, selects, opts, c.placeholder, low=c.low, high=c.high)
            selects += 1
        else:
            raise TypeError(f"not a control: {c!r}")
        item.hint = c.row  # (the row the game asked for: a V2 message lays out its rows itself, ui/v2.py)
        out.append(item)
    return out


def problems(controls: list, gid: int = 10 ** 14, ver: int = 10 ** 8, rows_of_five: bool = True) -> list[str]:
    """What in these controls would not fit Discord (the conformance suite asks it of every decision):
    more than 25 options in a menu, a text past its limit, a custom_id or value past 100 characters, two
    components with one custom_id; in an older message (rows_of_five), more than 5 rows or 5 buttons in a
    row (a V2 message lays its buttons out in rows of its own: ui/v2.py counts its components)."""
    out = []
    rows: dict[int, int] = {}
    ids: set[str] = set()
    for c in controls:
        if isinstance(c, Button):
            if len(c.label) > LABEL_MAX:
                out.append(f"button label over {LABEL_MAX}: {c.label!r}")
            cid = (f"pm:{gid}:{ver}:{c.act}" if is_move(c.act) else f"pd:{gid}:{ver}:{c.act}")
            width = 1
        else:
            if not 1 <= len(c.items) <= 25:
                out.append(f"a menu with {len(c.items)} options: {c.placeholder!r}")
            for i in c.items:
                if len(i.label) > 100 or (i.description and len(i.description) > 100):
                    out.append(f"option text over 100: {i.label!r}")
                if len(value_of(i.act)) > 100:
                    out.append(f"option value over 100: {i.act!r}")
            if len({value_of(i.act) for i in c.items}) != len(c.items):
                out.append(f"two options with one value: {c.placeholder!r}")
            if len(c.placeholder) > 150:
                out.append(f"placeholder over 150: {c.placeholder!r}")
            cid = f"pds:{gid}:{ver}:{len(ids)}"
            width = 5
        if len(cid) > 100:
            out.append(f"custom_id over 100: {cid!r}")
        if cid in ids:
            out.append(f"two components with custom_id {cid!r}")
        ids.add(cid)
        if not rows_of_five:
            continue
        row = c.row if c.row is not None else next((r for r in range(6) if rows.get(r, 0) + width <= 5), 5)
        if not 0 <= row <= 4:
            out.append(f"row {row} (Discord has 5)")
        rows[row] = rows.get(row, 0) + width
        if rows[row] > 5:
            out.append(f"row {row} overfull")
    return out


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


def menu_of(view: discord.ui.View | discord.ui.LayoutView, custom_id: str) -> tuple[frozenset[str], int, int] | None:
    """The values, fewest and most picks of the select `custom_id` of a view the bot builds, wherever it sits
    (None: none)."""
    for it in view.walk_children():
        sel = getattr(it, "item", it)
        if isinstance(sel, discord.ui.Select) and sel.custom_id == custom_id:
            return frozenset(o.value for o in sel.options), sel.min_values, sel.max_values
    return None


def menus_of(controls: list, n: int) -> list[tuple[frozenset[str], int, int]]:
    """The values, fewest and most picks of a game's menu `n` among these controls, as items_of makes its
    select (none: [])."""
    menus = [c for c in controls if isinstance(c, Menu)]
    if not 0 <= n < len(menus):
        return []
    return [(frozenset(value_of(i.act) for i in menus[n].items), menus[n].low, menus[n].high)]
