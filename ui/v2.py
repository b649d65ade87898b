"""Messages as Discord's Components V2 (a LayoutView): the game's picture inside the message, above its
buttons and menus, with alt text; texts in text displays (markdown: a heading, small print). What a V2
message may hold, as discord.py counts it: 40 components in all (a container, a text, a gallery, a button
or a select is 1; an action row is 1 and its items; a container 1 and its children) and 4,000 characters in
all its texts.

The bot's buttons and menus are the same persistent DynamicItems as in the older messages (ui/components.py):
a click on them is found by its custom_id whatever the layout. Views are sent finished (stop()ed), so
discord.py keeps none of them."""

import io
from dataclasses import dataclass

import discord
from discord import ui

from .layout import fit

TEXT_MAX = 4000       # characters in all the text displays of a message
COMPONENTS_MAX = 40   # components of a message, nested ones included
GALLERY_MAX = 10      # pictures in one gallery (and attachments of a message)
ROW_MAX = 5


@dataclass(frozen=True)
class Shown:
    """The picture a V2 message shows: a new upload (png) or the one the message already has (kept: its
    attachment id); the gallery points at it by its file name."""
    filename: str
    alt: str
    png: bytes | None = None
    kept: int | None = None


class Kept:
    """An attachment the message already has, kept by an edit (what discord.py sends for one: its id)."""

    def __init__(self, attachment_id: int, filename: str):
        self.id, self.filename = attachment_id, filename

    def to_dict(self) -> dict:
        return {"id": self.id, "filename": self.filename}


def files(shown: Shown | None) -> list:
    """The attachments an edit (or a send: only new ones) carries for this picture."""
    if shown is None:
        return []
    if shown.png is not None:
        return [discord.File(io.BytesIO(shown.png), shown.filename, description=fit(shown.alt, 1024) or None)]
    if shown.kept is not None:
        return [Kept(shown.kept, shown.filename)]
    return []


def rows_of(items: list) -> list[list]:
    """Our components in action rows: a select alone in its row; buttons five to a row, in the row the game
    asked for (an item's `row`), the rest flowing into the next row with room."""
    rows: dict[int, list] = {}
    flowing: list = []
    for it in items:
        row = getattr(it, "hint", None)
        if row is None:
            row = it.row if it.row is not None else getattr(getattr(it, "item", None), "row", None)
        if row is not None:
            rows.setdefault(row, []).append(it)
        else:
            flowing.append(it)
    out: list[list] = []
    for r in sorted(rows):
        out += _split(rows[r])
    for it in flowing:
        if _is_select(it) or not out or _is_select(out[-1][0]) or len(out[-1]) >= ROW_MAX:
            out.append([it])
        else:
            out[-1].append(it)
    return out


def _is_select(it) -> bool:
    return isinstance(getattr(it, "item", it), discord.ui.Select)


def _split(row: list) -> list[list]:
    out: list[list] = []
    for it in row:
        if _is_select(it) or not out or _is_select(out[-1][0]) or len(out[-1]) >= ROW_MAX:
            out.append([it])
        else:
            out[-1].append(it)
    return out


def count(texts: int, gallery: bool, rows: list[list], top: bool = False) -> int:
    """Components of a message laid out as `view` lays it out: a container with `texts` text displays, a
    gallery, these rows; a text above the container (top)."""
    return 1 + texts + int(gallery) + sum(1 + len(r) for r in rows) + int(top)


def view(*, top: str = "", head: str = "", fields: list[tuple[str, str]] | None = None, footer: str = "",
         colour: discord.Colour | None = None, items: list | None = None, shown: Shown | None = None,
         gallery: list[Shown] | None = None) -> ui.LayoutView:
    """A message: `top` above the container (a mention line), then in it the heading and body (`head`,
    markdown), the picture (or several: `gallery`), the seats' lines (`fields`), the buttons and menus, the
    small print (`footer`).
    Texts are cut to fit 4,000 characters, the body first."""
    layout = ui.LayoutView(timeout=None)
    seats = "\n".join(f"**{name}**\n{value}" for name, value in fields or [])
    small = f"-# {fit(footer, 300)}" if footer else ""
    room = TEXT_MAX - len(top) - len(seats) - len(small)
    head = fit(head, max(200, room)) if head else ""
    if len(top) + len(head) + len(seats) + len(small) > TEXT_MAX:  # (very long seats' lines: cut too)
        seats = fit(seats, max(1, TEXT_MAX - len(top) - len(head) - len(small)))
    if top:
        layout.add_item(ui.TextDisplay(top))
    box: ui.Container = ui.Container(accent_colour=colour)
    if head:
        box.add_item(ui.TextDisplay(head))
    pictures = ([shown] if shown is not None else []) + list(gallery or [])
    if pictures:
        box.add_item(ui.MediaGallery(*(discord.MediaGalleryItem(f"attachment://{p.filename}",
                                                                description=fit(p.alt, 1024) or None)
                                       for p in pictures[:GALLERY_MAX])))
    if seats:
        box.add_item(ui.TextDisplay(seats))
    used = 1 + len(box.children) + int(bool(top)) + int(bool(small))  # (the container, its texts, gallery)
    dropped = 0
    for row in rows_of(items or []):
        if used + 1 + len(row) > COMPONENTS_MAX:  # a game's message past what Discord holds: the rest is left
            dropped += len(row)                    # out (the conformance suite fails such a game)
            continue
        used += 1 + len(row)
        box.add_item(ui.ActionRow(*row))
    if small:
        box.add_item(ui.TextDisplay(small))
    layout.add_item(box)
    layout.stop()
    layout.dropped = dropped  # type: ignore[attr-defined]
    return layout


def limits(layout: ui.LayoutView) -> list[str]:
    """What of a V2 message would not fit Discord: over 40 components, over 4,000 characters of text (as
    discord.py counts them)."""
    out = []
    dropped = getattr(layout, "dropped", 0)
    if dropped:
        out.append(f"{dropped} controls left out: past the {COMPONENTS_MAX} components a V2 message holds")
    if layout.total_children_count > COMPONENTS_MAX:
        out.append(f"{layout.total_children_count} components (a V2 message holds {COMPONENTS_MAX})")
    if layout.content_length() > TEXT_MAX:
        out.append(f"{layout.content_length()} characters of text (a V2 message holds {TEXT_MAX})")
    return out


def components(message) -> list:
    """Every component of a message (discord.py's Message.components), nested ones included, flat."""
    out: list = []
    todo = list(getattr(message, "components", []) or [])
    while todo:
        c = todo.pop(0)
        out.append(c)
        todo[:0] = list(getattr(c, "children", None) or getattr(c, "components", None) or [])
        accessory = getattr(c, "accessory", None)
        if accessory is not None:
            todo.insert(0, accessory)
    return out


def text_of(message) -> str:
    """All the text a message shows: its content, its embeds' titles and descriptions, its text displays."""
    bits = [message.content or ""]
    for e in getattr(message, "embeds", []) or []:
        bits += [e.title or "", e.description or ""]
    bits += [getattr(c, "content", "") or "" for c in components(message) if c.type.value == 10]
    return "\n".join(b for b in bits if b)
