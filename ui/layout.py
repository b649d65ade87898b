"""Laying out a decision as Discord components: buttons in rows of five, select menus for long
lists, colours and emoji by kind of choice. Discord's limits: 5 rows, 5 buttons a row, labels <= 80,
select options <= 25."""

import discord

from app import narrate

from .components import GameButton, GameSelect, clip

GREEN = discord.Colour.from_rgb(76, 140, 74)
BROWN = discord.Colour.from_rgb(150, 98, 52)


def is_private(action_id: str) -> bool:
    """Actions whose label shows a gold token's value: only ever offered in ephemeral messages."""
    body = action_id.split(":", 1)[1]
    return body.startswith(("drop:gold:", "lose:gold:"))

def _style(body: str) -> discord.ButtonStyle:
    """Green for income, blue for using the die or deciding, red for losing something."""
    verb = body.split(":")[0]
    if verb == "income":
        return discord.ButtonStyle.success
    if verb in ("act", "recruit", "wild", "equip", "end", "town", "pioneer"):
        return discord.ButtonStyle.primary
    if verb == "lose" or body.startswith(("storm:damage", "disease:lose")):
        return discord.ButtonStyle.danger
    return discord.ButtonStyle.secondary

def _emoji(body: str):
    parts = body.split(":")
    if parts[0] == "take":
        return narrate.DIE.get(parts[1])
    return None

def pack(gid: int, ver: int, groups: list[tuple], fixed: list, rows: int = 5) -> list:
    """Lays out groups (name, actions[, "select"]) as rows of up to 5 buttons, turning the
    lowest-priority groups into select menus when they would not fit; `fixed` (utility buttons)
    share the last row."""
    budget = rows - (1 if fixed else 0)
    layout = [[g[0], g[1], g[2] if len(g) > 2 else "buttons"] for g in groups if g[1]]

    def need(g):
        return -(-len(g[1]) // (5 if g[2] == "buttons" else 25))
    for g in reversed(layout):
        if sum(need(x) for x in layout) <= budget:
            break
        if g[2] == "buttons" and len(g[1]) > 1:
            g[2] = "select"
    items, row, n = [], 0, 0
    for g in layout:
        name, acts, kind = g
        if kind == "buttons":
            for i, a in enumerate(acts):
                r = row + i // 5
                if r >= budget:
                    break
                body = a.id.split(":", 1)[1]
                items.append(GameButton(gid, ver, a.id, a.label, _style(body), _emoji(body), row=r))
        else:
            for k in range(0, len(acts), 25):
                if row + k // 25 >= budget:
                    break
                opts = [discord.SelectOption(label=clip(a.label, 100), value=a.id) for a in acts[k:k + 25]]
                items.append(GameSelect(gid, ver, n, opts, clip(f"{name}…", 150), row=row + k // 25))
                n += 1
        row += need(g)
        if row >= budget:
            break
    for it in fixed:
        it.row = min(row, rows - 1)
        items.append(it)
    return items

def fit(text: str, n: int) -> str:
    return text if len(text) <= n else text[: n - 1] + "…"
