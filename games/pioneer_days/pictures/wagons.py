"""A player's wagons as drawn on their board: each wagon with its spaces (the goods packed in wagon
order, damage tokens over two spaces), the goods that do not fit in a "no room" box, in rows.

Sized for a phone picture 800 px wide: every text at least MIN_PX (18 px, 9 px when shown 400 px
wide), spaces SPACE_MAX px down to SPACE_MIN when the wagons would need too many rows; `px` larger
(the Full board's larger type): the texts, the bonnet and the spaces grow with it."""

import math
from functools import lru_cache

from PIL import Image

from games.pioneer_days.rules.constants import DAMAGE_SPACES, DAMAGE_VP, WAGONS
from i18n import current
from render import text as T
from render.canvas import Canvas, Layer

from ..lang import N_, _, n_
from .icons import damage_block, paste
from .style import CARD, CREAM, EMPTY, EMPTY_LINE, INK, RUST, overlay

MIN_PX = 18
BED = (150, 92, 48)
BONNET = (248, 240, 220)
WHEEL = (104, 66, 34)
TILE = (206, 214, 222)
SIZE_NAME = {"small": N_("SMALL"), "large": N_("LARGE")}
SPACE_MAX, SPACE_MIN = 44, 38  # a space's side (the gold value in it is 0.62 of the icon: >= MIN_PX)
GAP = 5                         # between spaces
PAD = 10                        # a wagon's bed around its spaces
TOP = 28                        # the bonnet, with the wagon's label
ROW_GAP = 16                    # between wagons in a row
GOLD_TEXT = 0.62                # the gold token icon's value, as a share of its size (icons.py)


def contents(p: dict, reveal: bool) -> list:
    """The goods as wagon spaces, packed in wagon order: ('gold', v), ('equip', i), ('wood', n),
    ('medicine', n) (v = 0: a gold token's value not shown)."""
    items = [("gold", v if reveal else 0) for v in p["gold"]]
    items += [("equip", i) for i in range(len(p["equipment"]))]
    for good in ("wood", "medicine"):
        n = p[good]
        items += [(good, 2)] * (n // 2) + [(good, 1)] * (n % 2)
    return items


def fill_wagons(p: dict, reveal: bool) -> tuple[list, list]:
    """Per wagon, the list of its spaces (an item, None = free, 'damage' = covered);
    plus the items that do not fit (overflow)."""
    items = contents(p, reveal)
    wagons = []
    for w in p["wagons"]:
        n = WAGONS[w["size"]]["spaces"]
        covered = min(n, DAMAGE_SPACES * w["damage"])
        spaces = []
        for _k in range(n - covered):
            spaces.append(items.pop(0) if items else None)
        spaces += ["damage"] * covered
        wagons.append(spaces)
    return wagons, items


def wagon_w(n: int, sp: int) -> int:
    return n * sp + (n - 1) * GAP + 2 * PAD


def top(px: int) -> int:
    """The bonnet, with the wagon's label of px."""
    return TOP + px - MIN_PX


def row_h(sp: int, px: int = MIN_PX) -> int:
    """A row of wagons: bonnet, bed and the wheels under it."""
    return top(px) + sp + 14 + 22


def space_sizes(px: int) -> range:
    """A space's sides, largest first, for texts of px (a gold token's value is GOLD_TEXT of its icon)."""
    low = max(SPACE_MIN, math.ceil(px / GOLD_TEXT) + 4)
    return range(SPACE_MAX + 2 * (px - MIN_PX), low - 1, -2)


def _overflow_shown(items, sp: int, avail: int) -> tuple[int, int]:
    """How many overflow items fit in one box of width avail, and how many are left for '+N'."""
    fit = max(1, (avail - 2 * PAD + GAP) // (sp + GAP))
    if len(items) <= fit:
        return len(items), 0
    return fit - 1, len(items) - (fit - 1)


def overflow_w(items, sp: int, avail: int, px: int = MIN_PX) -> int:
    shown, more = _overflow_shown(items, sp, avail)
    label = T.width(_("NO ROOM"), "condbold", px) + 2 * PAD
    return max(label, (shown + (1 if more else 0)) * (sp + GAP) - GAP + 2 * PAD)


def rows(p: dict, reveal: bool, avail: int, max_rows: int, px: int = MIN_PX) -> tuple[int, list, list, list]:
    """The space size and the wagons (and any overflow) placed in rows of width avail: the fewest rows
    (up to max_rows), with the largest spaces that fit them. Returns (sp, rows, wagons, overflow); a row
    is [(index, x, width)] (index len(wagons): the overflow box)."""
    wagons, overflow = fill_wagons(p, reveal)

    def place(sp: int) -> list:
        out: list[list[tuple[int, int, int]]] = []
        row: list[tuple[int, int, int]] = []
        x = 0
        widths = [wagon_w(len(s), sp) for s in wagons] + ([overflow_w(overflow, sp, avail, px)] if overflow else [])
        for i, bw in enumerate(widths):
            if row and x + bw > avail:
                out.append(row)
                row, x = [], 0
            row.append((i, x, bw))
            x += bw + ROW_GAP
        return out + [row] if row else out

    sizes = space_sizes(px)
    for limit in range(1, max_rows + 1):
        for sp in sizes:
            placed = place(sp)
            if len(placed) <= limit:
                return sp, placed, wagons, overflow
    return sizes[-1], place(sizes[-1]), wagons, overflow


def draw_row(cv: Canvas, x: int, y: int, row: list, sp: int, p: dict, wagons: list, overflow: list,
             avail: int, px: int = MIN_PX) -> None:
    for i, ox, _bw in row:
        if i < len(wagons):
            number = i + 1 if len(p["wagons"]) > 1 else 0  # (as decisions name them: "wagon 2")
            cv.paste(wagon_layer(p["wagons"][i]["size"], tuple(wagons[i]), sp, current(), px, number), (x + ox, y))
        else:
            _overflow(cv, x + ox, y, overflow, sp, avail, px)


@lru_cache(maxsize=512)
def wagon_layer(size: str, spaces: tuple, sp: int, locale: str, px: int = MIN_PX, number: int = 0) -> Layer:
    """One wagon (RGBA) with its texts' sizes, headed by its number (0: none) as decisions name it. Bounded
    cache: the contents vary from game to game. Shared: do not modify the result."""
    n = len(spaces)
    ww = wagon_w(n, sp)
    cv = Canvas(Image.new("RGBA", (ww + 1, row_h(sp, px)), (0, 0, 0, 0)), track=True)
    d = cv.d
    tp = top(px)
    bed_y, bed_h = tp - 4, sp + 14
    d.rounded_rectangle((PAD // 2, 0, ww - PAD // 2, bed_y + 8), radius=12, fill=BONNET, outline=INK, width=2)
    free = sum(1 for s in spaces if s is None)
    state = n_("{n} free", "{n} free", free) if free else _("full")
    first = f"{number} · " if number else ""
    label = f"{first}{_(SIZE_NAME[size])} · {state}"
    if T.width(label, "condbold", px) > ww - 2 * PAD:
        label = first + state
    cv.put((ww / 2, tp / 2 - 1), label, "condbold", px, INK, ww - 2 * PAD, px, anchor="mm")
    r = 14
    for cx in (ww * 0.22, ww * 0.78):  # the wheels, behind the bed
        cy = bed_y + bed_h + 3
        d.ellipse((cx - r, cy - r, cx + r, cy + r), fill=WHEEL, outline=INK, width=2)
        for dx, dy in ((1, 0), (0, 1), (0.7, 0.7), (0.7, -0.7)):
            d.line((cx - dx * r, cy - dy * r, cx + dx * r, cy + dy * r), fill=(196, 160, 110), width=1)
        d.ellipse((cx - 3, cy - 3, cx + 3, cy + 3), fill=INK)
    d.rounded_rectangle((0, bed_y, ww, bed_y + bed_h), radius=6, fill=BED, outline=INK, width=2)
    sx, sy = PAD, bed_y + 7
    i = 0
    while i < n:
        if spaces[i] == "damage":
            bw = 2 * sp + GAP if i + 1 < n else sp
            overlay(cv.img, damage_block(bw, sp, ""), (sx, sy))
            label = n_("{n} VP", "{n} VP", DAMAGE_VP) if bw > sp * 1.5 else str(DAMAGE_VP)
            cv.text((sx + bw / 2, sy + sp / 2), label, "condbold", px, (255, 236, 210), anchor="mm")
            sx += bw + GAP
            i += 2
            continue
        space(cv, sx, sy, sp, spaces[i], px)
        sx += sp + GAP
        i += 1
    assert cv.boxes is not None  # (track=True)
    return Layer(cv.img, cv.min_px, tuple(cv.boxes))


def space(cv: Canvas, x: int, y: int, sp: int, item, px: int = MIN_PX) -> None:
    """One wagon space: free, or a good in it (a gold token with its value, or "?" when hidden)."""
    d = cv.d
    if item is None:
        d.rounded_rectangle((x, y, x + sp, y + sp), radius=5, fill=EMPTY, outline=EMPTY_LINE)
        return
    kind, n = item
    d.rounded_rectangle((x, y, x + sp, y + sp), radius=5, fill=TILE if kind == "equip" else CARD, outline=INK)
    if kind == "gold":
        paste(cv.img, f"gold{n}" if n else "gold", sp - 4, (x + 2, y + 2))
        cv.record(round((sp - 4) * GOLD_TEXT))  # the value (or "?") drawn in the icon
    elif kind == "equip":
        paste(cv.img, "equip", round(sp * 0.62), (x + 2, y + 2))
        cv.text((x + sp - 3, y + sp - 1), str(n + 1), "bold", px + 2, INK, anchor="rd", stroke_width=2,
                stroke_fill=TILE)
    else:
        ic = round(sp * 0.56)
        paste(cv.img, kind, ic, (x + 2, y + 2))
        if n == 2:
            paste(cv.img, kind, ic, (x + sp - ic - 2, y + sp - ic - 2))
        else:
            r = ic // 2
            cx, cy = x + sp - 2 - r, y + sp - 2 - r
            d.ellipse((cx - r + 3, cy - r + 3, cx + r - 3, cy + r - 3), outline=EMPTY_LINE, width=2)


def _overflow(cv: Canvas, x: int, y: int, items: list, sp: int, avail: int, px: int = MIN_PX) -> None:
    """The goods that do not fit: a rust box of them ("+N" for the rest)."""
    d = cv.d
    w = overflow_w(items, sp, avail, px)
    tp = top(px)
    d.rounded_rectangle((x, y, x + w, y + row_h(sp, px) - 12), radius=8, outline=RUST, width=3, fill=(248, 222, 206))
    cv.put((x + w / 2, y + tp / 2 - 1), _("NO ROOM"), "condbold", px, RUST, w - 8, px, anchor="mm")
    shown, more = _overflow_shown(items, sp, avail)
    sx, sy = x + PAD, y + tp + 3
    for i, item in enumerate(items[:shown]):
        space(cv, sx + i * (sp + GAP), sy, sp, item, px)
    if more:
        mx = sx + shown * (sp + GAP)
        d.rounded_rectangle((mx, sy, mx + sp, sy + sp), radius=5, fill=RUST)
        cv.text((mx + sp / 2, sy + sp / 2), f"+{more}", "condbold", px, CREAM, anchor="mm")
