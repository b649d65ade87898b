"""Card images (townsfolk, equipment tiles, town cards), drawn once per size and cached."""

from PIL import Image, ImageDraw

from games.pioneer_days.rules import describe, words
from games.pioneer_days.rules.cards import EQUIPMENT, PIONEERS, TOWNS, TOWNSFOLK
from games.pioneer_days.rules.constants import STANDARD_PIONEER
from render import text as T

from ..lang import N_, _, n_
from .icons import paste
from .style import CARD, CARD_BAND, CREAM, INK, INK_SOFT, memo_text

TAGS = {"Now": (N_("NOW"), (46, 122, 62)), "Always": (N_("ALWAYS"), (40, 92, 152)),
        "Each town": (N_("EACH TOWN"), (122, 62, 132))}
FACE_TAG = {"wild": N_("ON WILD"), "mine": N_("ON MINE"), "equip": N_("ON EQUIP"), "cattle": N_("ON CATTLE"),
            "wood": N_("ON WOOD"), "medicine": N_("ON MEDICINE")}
ON_COLOUR = (164, 58, 30)
FOOTER = (64, 44, 24)  # (not 64, 42, 24: that would share WOOD_LINE's palette cell, see palette.py)
STEEL = (196, 206, 214)


WHEN_TAG = {"immediate": "Now", "ongoing": "Always", "end_of_week": "Each town"}


def split_effect(effect: str, e: dict | None) -> tuple:
    """The timing pill and the rest of an effect text (engine.describe, in any language), the
    timing read from the content data `e`: ('on', face) / ('tag', 'Now'|'Always'|'Each town') or
    None, and the text after its "Label: " ('On Wood: +1 wood' -> (('on', 'wood'), '+1 wood'))."""
    head, sep, body = effect.partition(": ")
    if e is None or not sep:
        return None, effect.rstrip(".")
    if e["when"] == "trigger":
        return ("on", e["face"]), body
    return ("tag", WHEN_TAG[e["when"]]), body


def effect_of(kind: str, cid: str) -> dict | None:
    """The content data of a card's effect (a pioneer's ability)."""
    if kind == "townsfolk":
        return TOWNSFOLK[cid]["effect"]
    if kind == "equipment":
        return EQUIPMENT[cid]["effect"]
    return (STANDARD_PIONEER if cid == "standard" else PIONEERS[cid])["ability"]


def tag_pill(d: ImageDraw.ImageDraw, img: Image.Image, x: int, y: int, tag, size: int = 13) -> int:
    """Draw the effect timing pill at (x, y); returns its width (0 if none)."""
    if tag is None:
        return 0
    h = size + 9
    if tag[0] == "on":
        label, colour = _(FACE_TAG.get(tag[1], tag[1].upper())), ON_COLOUR
        icon_w = h + 2
    else:
        label, colour = TAGS[tag[1]]
        label = _(label)
        icon_w = 0
    w = T.width(label, "condbold", size) + 14 + icon_w
    d.rounded_rectangle((x, y, x + w, y + h), radius=h // 2, fill=colour)
    if icon_w:
        d.ellipse((x + 2, y + 1, x + h, y + h - 1), fill=CREAM)
        paste(img, tag[1], h - 6, (x + 4, y + 3))
    T.draw(d, (x + 7 + icon_w, y + h / 2), label, "condbold", size, (255, 255, 255), anchor="lm")
    return w


def _frame(w: int, h: int, band_h: int, band_fill=CARD_BAND):
    img = Image.new("RGBA", (w, h), (0, 0, 0, 0))
    d = ImageDraw.Draw(img)
    d.rounded_rectangle((0, 0, w - 1, h - 1), radius=10, fill=CARD, outline=INK, width=2)
    d.rounded_rectangle((2, 2, w - 3, band_h), radius=8, fill=band_fill)
    d.rectangle((2, band_h - 8, w - 3, band_h), fill=band_fill)
    d.line((2, band_h, w - 3, band_h), fill=INK, width=1)
    return img, d


def _footer(img, d, w, h, vp: str, fh: int) -> None:
    d.rounded_rectangle((2, h - fh, w - 3, h - 3), radius=8, fill=FOOTER)
    d.rectangle((2, h - fh, w - 3, h - fh + 8), fill=FOOTER)
    paste(img, "vp", fh - 12, (7, h - fh + 4))
    x = fh - 2
    size, lines = T.fit(vp, "condbold", 16, 13, w - x - 8, 2)
    if T.width(lines[-1], "condbold", size) > w - x - 8 or lines[-1].endswith(T.ELLIPSIS):
        size, lines = T.fit(vp, "condbold", 13, 11, w - x - 8, 3)
    step = round(size * 1.12)
    y0 = h - fh / 2 - 2 - step * len(lines) / 2
    T.draw_lines(d, (x, y0 + 1), lines, "condbold", size, CREAM, spacing=1.12)


@memo_text
def townsfolk(cid: str, w: int, h: int) -> Image.Image:
    c = describe.card("townsfolk", cid)
    e = effect_of("townsfolk", cid)
    band = 50
    img, d = _frame(w, h, band)
    size, lines = T.fit(c["name"], "serifcond", 18, 13, w - 14, 2)
    T.draw_lines(d, (7, band / 2 - len(lines) * size * 0.6 + 1), lines, "serifcond", size, INK,
                 spacing=1.15, align_w=w - 14)
    tag, body = split_effect(c["effect"], e)
    y = band + 7
    if tag_pill(d, img, 7, y, tag):
        y += 28
    fh = 46 if c["vp"] else 0
    avail = h - fh - y - 6
    size, lines = T.fit(body, "cond", 21, 13, w - 14, 3)
    if len(lines) * size * 1.12 > avail:
        size, lines = T.fit(body, "cond", 15, 12, w - 14, max(1, avail // 16))
    T.draw_lines(d, (7, y), lines, "cond", size, INK, spacing=1.12)
    if c["vp"]:
        _footer(img, d, w, h, c["vp"], fh)
    T.draw(d, (w - 8, band - 4), cid[0], "condbold", 11, INK_SOFT, anchor="rs")
    return img


@memo_text
def equipment(cid: str, w: int, h: int) -> Image.Image:
    c = describe.card("equipment", cid)
    e = effect_of("equipment", cid)
    band = 32
    img, d = _frame(w, h, band, STEEL)
    paste(img, "equip", 24, (6, 4))
    name = T.ellipsize(c["name"], "serifcond", 17, w - 40)
    T.draw(d, (35, band / 2 + 1), name, "serifcond", 17, INK, anchor="lm")
    tag, body = split_effect(c["effect"], e)
    y = band + 6
    x = 7 + tag_pill(d, img, 7, y, tag, 12)
    vp_w = 0
    if c["vp"]:
        vp_w = T.width(c["vp"], "condbold", 14) + 12
        d.rounded_rectangle((w - vp_w - 6, h - 26, w - 6, h - 6), radius=6, fill=FOOTER)
        T.draw(d, (w - 6 - vp_w / 2, h - 16), c["vp"], "condbold", 14, CREAM, anchor="mm")
    y2 = y + 27
    avail_lines = max(1, (h - y2 - 4) // 17)
    size, lines = T.fit(body, "cond", 15, 12, w - 14 - vp_w, avail_lines)
    # a short text fits next to the pill
    if x > 7 and T.width(body, "cond", 15) <= w - x - 12 - (vp_w if h < 80 else 0):
        T.draw(d, (x + 6, y + 11), body, "cond", 15, INK, anchor="lm")
    else:
        T.draw_lines(d, (7, y2), lines, "cond", size, INK, spacing=1.12)
    return img


NEED_ICON = {"wood": "wood", "medicine": "medicine", "cattle": "cattle", "gold": "gold",
             "equipment": "equip", "silver": "silver"}


@memo_text
def town(cid: str, w: int, h: int) -> Image.Image:
    c = TOWNS[cid]
    band = 46
    img, d = _frame(w, h, band, (214, 186, 140))
    paste(img, "town", 30, (6, 8))
    size, lines = T.fit(words.name("town", cid), "serifcond", 18, 13, w - 46, 2)
    T.draw_lines(d, (40, band / 2 - len(lines) * size * 0.6 + 1), lines, "serifcond", size, INK,
                 spacing=1.15)
    T.draw(d, (8, band + 6), _("NEEDS"), "condbold", 12, INK_SOFT)
    # needs: icon with count, two per row
    ic, col_w = 26, (w - 12) // 2
    for i, (k, n) in enumerate(c["needs"].items()):
        x, y = 8 + (i % 2) * col_w, band + 22 + (i // 2) * (ic + 5)
        label = f"${n}" if k == "silver" else f"×{n}"
        paste(img, NEED_ICON[k], ic, (x, y))
        T.draw(d, (x + ic + 4, y + ic / 2 + 1), label, "bold", 17, INK, anchor="lm")
    # reward
    fh = 36
    d.rounded_rectangle((2, h - fh, w - 3, h - 3), radius=8, fill=FOOTER)
    d.rectangle((2, h - fh, w - 3, h - fh + 8), fill=FOOTER)
    fav = c["favors"]
    ic = 24
    label = n_("{n} favor", "{n} favors", fav)
    total = fav * (ic - 4) + 4 + T.width(label, "condbold", 16) + 6
    x = (w - total) / 2
    for i in range(fav):
        paste(img, "favor", ic, (x + i * (ic - 4), h - fh + 5))
    T.draw(d, (x + fav * (ic - 4) + 10, h - fh / 2 - 1), label, "condbold", 16, CREAM, anchor="lm")
    return img


@memo_text
def pioneer(cid: str, w: int, h: int) -> Image.Image:
    """A player board side: name, ability, starting resources."""
    c = describe.card("pioneer", cid)
    e = effect_of("pioneer", cid)
    band = 40
    img, d = _frame(w, h, band, (196, 222, 200))
    paste(img, "wagon", 28, (8, 6))
    name = _("{name} (standard side)", name=c["name"]) if cid == "standard" else c["name"]
    name = T.ellipsize(name, "serifcond", 18, w - 50)
    T.draw(d, (44, band / 2 + 1), name, "serifcond", 18, INK, anchor="lm")
    tag, body = split_effect(c["effect"], e)
    y = band + 8
    x = 8 + tag_pill(d, img, 8, y, tag, 13)
    size, lines = T.fit(body, "cond", 17, 12, w - x - 14, 2)
    T.draw_lines(d, (x + 6, y + 1), lines, "cond", size, INK, spacing=1.1)
    y += 8 + max(24, round(size * 1.1) * len(lines))
    size, lines = T.fit(c["vp"], "cond", 16, 12, w - 16, max(1, (h - y - 6) // 16))
    T.draw_lines(d, (8, y), lines, "cond", size, INK_SOFT, spacing=1.1)
    return img
