"""One player's board: name, colour, score and goods, townsfolk, and the wagons with their spaces.

The public board hides gold values (until the game is over); the private one (k > 1,
private=True) shows them and the full texts of the player's townsfolk and equipment."""

from functools import lru_cache

from PIL import Image, ImageDraw

from games.pioneer_days.rules import describe
from games.pioneer_days.rules.constants import DAMAGE_SPACES, DAMAGE_VP, WAGONS
from games.pioneer_days.rules.scoring import breakdown
from i18n import current
from render import text as T

from ..lang import N_, _, n_
from . import cards
from .icons import damage_block, paste
from .style import (
    CARD,
    CREAM,
    EMPTY,
    EMPTY_LINE,
    HIGHLIGHT,
    INK,
    INK_SOFT,
    PARCHMENT,
    PLAYERS,
    RUST,
    mix,
    overlay,
    shape,
)

BED = (150, 92, 48)
BONNET = (248, 240, 220)
WHEEL = (104, 66, 34)
TILE = (206, 214, 222)
PENDING = {"storm": N_("DECIDING: STORM"), "raid": N_("DECIDING: RAID"), "famine": N_("DECIDING: FAMINE"),
           "disease": N_("DECIDING: DISEASE"), "overflow": N_("DECIDING: WAGON FULL"),
           "town": N_("DECIDING: TOWN"), "pioneer": N_("DECIDING: PIONEER")}
SIZE_NAME = {"small": N_("SMALL"), "large": N_("LARGE")}


def player_text(seat: int) -> tuple:
    spec = PLAYERS[seat % len(PLAYERS)]
    return spec["fill"], spec["text"]


def marker(img: Image.Image, seat: int, box) -> None:
    """Seat marker: the seat's shape in its colour with the seat number (colour-blind safe)."""
    spec = PLAYERS[seat % len(PLAYERS)]
    d = ImageDraw.Draw(img)
    x0, y0, x1, y1 = box
    shape(d, spec["shape"], box, spec["fill"], outline=CREAM if spec["text"] != INK else INK,
          width=max(2, (x1 - x0) // 14))
    cy = (y0 + y1) / 2 + ((y1 - y0) * 0.12 if spec["shape"] == "triangle" else 0)
    T.draw(d, ((x0 + x1) / 2, cy), str(seat + 1), "bold", round((y1 - y0) * 0.5), spec["text"], anchor="mm")


def chip_label_w(size: int) -> int:
    """The width of the labels in front of a board's chips (the wider of the two)."""
    return max(T.width(_("TOWNSFOLK"), "condbold", size), T.width(_("EQUIPMENT"), "condbold", size))


# ---- wagon contents -------------------------------------------------------------------------
def contents(p: dict, reveal: bool) -> list:
    """The goods as wagon spaces, packed in wagon order: ('gold', v), ('equip', i), ('wood', n),
    ('medicine', n)."""
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


def wagon_size(n: int, sp: int, k: float) -> tuple[int, int]:
    gap, pad = max(3, round(4 * k)), round(8 * k)
    return n * sp + (n - 1) * gap + 2 * pad, sp + round(46 * k)


def draw_space(img, d, x, y, sp, item, p, k) -> None:
    if item is None:
        d.rounded_rectangle((x, y, x + sp, y + sp), radius=round(4 * k), fill=EMPTY, outline=EMPTY_LINE)
        return
    d.rounded_rectangle((x, y, x + sp, y + sp), radius=round(4 * k), fill=CARD, outline=INK)
    kind, n = item
    if kind == "gold":
        paste(img, f"gold{n}" if n else "gold", sp - 4, (x + 2, y + 2))
    elif kind == "equip":
        d.rounded_rectangle((x, y, x + sp, y + sp), radius=round(4 * k), fill=TILE, outline=INK)
        ic = round(sp * 0.72)
        paste(img, "equip", ic, (x + 2, y + 2))
        fs = max(10, round(sp * 0.36))
        T.draw(d, (x + sp - 3, y + sp - 1), str(n + 1), "bold", fs, INK, anchor="rd", stroke_width=2, stroke_fill=TILE)
    else:
        ic = round(sp * 0.56)
        paste(img, kind, ic, (x + 2, y + 2))
        if n == 2:
            paste(img, kind, ic, (x + sp - ic - 2, y + sp - ic - 2))
        else:
            r = ic // 2
            cx, cy = x + sp - 2 - r, y + sp - 2 - r
            d.ellipse((cx - r + 3, cy - r + 3, cx + r - 3, cy + r - 3), outline=EMPTY_LINE, width=2)


def draw_wagon(img, x, y, w_spec, spaces, sp, k, p) -> None:
    """A wagon with its spaces at (x, y): drawn once per look and language, then pasted."""
    layer = wagon_layer(w_spec["size"], tuple(spaces), sp, k, current())
    img.paste(layer, (x, y), layer)


@lru_cache(maxsize=512)
def wagon_layer(size: str, spaces: tuple, sp: int, k: float, locale: str) -> Image.Image:
    """One wagon (RGBA; its wheels reach a little below wagon_size). Bounded cache: the contents
    vary from game to game. Shared: do not modify the result."""
    ww, wh = wagon_size(len(spaces), sp, k)
    img = Image.new("RGBA", (ww + 1, wh + round(6 * k)), (0, 0, 0, 0))
    _draw_wagon(img, 0, 0, {"size": size}, list(spaces), sp, k, None)
    return img


def _draw_wagon(img, x, y, w_spec, spaces, sp, k, p) -> None:
    d = ImageDraw.Draw(img)
    n = len(spaces)
    gap, pad = max(3, round(4 * k)), round(8 * k)
    ww, wh = wagon_size(n, sp, k)
    bon = round(20 * k)
    bed_y = y + bon
    bed_h = sp + 2 * round(6 * k)
    # canvas bonnet with hoops
    d.rounded_rectangle((x + pad // 2, y, x + ww - pad // 2, bed_y + 6), radius=round(10 * k), fill=BONNET,
                        outline=INK, width=2)
    free = sum(1 for s in spaces if s is None)
    state = n_("{n} free", "{n} free", free) if free else _("full")
    fs = max(10, round(14 * k))
    label = f"{_(SIZE_NAME[w_spec['size']])} · {state}"
    if T.width(label, "condbold", fs) > ww - pad * 2:
        label = state
    T.draw(d, (x + ww / 2, y + bon / 2 + 1), T.ellipsize(label, "condbold", fs, ww - pad * 2), "condbold", fs,
           INK, anchor="mm")
    # wheels behind the bed
    r = round(13 * k)
    for cx in (x + ww * 0.22, x + ww * 0.78):
        cy = bed_y + bed_h + r * 0.2
        d.ellipse((cx - r, cy - r, cx + r, cy + r), fill=WHEEL, outline=INK, width=2)
        for dx, dy in ((1, 0), (0, 1), (0.7, 0.7), (0.7, -0.7)):
            d.line((cx - dx * r, cy - dy * r, cx + dx * r, cy + dy * r), fill=(196, 160, 110), width=1)
        d.ellipse((cx - 3, cy - 3, cx + 3, cy + 3), fill=INK)
    d.rounded_rectangle((x, bed_y, x + ww, bed_y + bed_h), radius=round(5 * k), fill=BED, outline=INK,
                        width=2)
    sx, sy = x + pad, bed_y + round(6 * k)
    i = 0
    while i < n:
        item = spaces[i]
        if item == "damage":
            bw = 2 * sp + gap if i + 1 < n else sp
            blk = damage_block(bw, sp, n_("{n} VP", "{n} VP", DAMAGE_VP) if bw > sp * 1.5 else str(DAMAGE_VP))
            overlay(img, blk, (sx, sy))
            sx += bw + gap
            i += 2
            continue
        draw_space(img, d, sx, sy, sp, item, p, k)
        sx += sp + gap
        i += 1


def _overflow_shown(items, sp, k, avail) -> tuple[int, int]:
    """How many overflow items fit in one box of width avail, and how many are left for '+N'."""
    gap = max(3, round(4 * k))
    fit = max(1, (avail - round(16 * k) + gap) // (sp + gap))
    if len(items) <= fit:
        return len(items), 0
    return fit - 1, len(items) - (fit - 1)


def _overflow_size(items, sp, k, avail):
    gap = max(3, round(4 * k))
    shown, more = _overflow_shown(items, sp, k, avail)
    return (shown + (1 if more else 0)) * (sp + gap) - gap + round(16 * k), sp + round(46 * k)


def draw_overflow(img, x, y, items, sp, k, p, avail) -> None:
    d = ImageDraw.Draw(img)
    w, h = _overflow_size(items, sp, k, avail)
    d.rounded_rectangle((x, y, x + w, y + h - round(8 * k)), radius=round(6 * k), outline=RUST, width=3,
                        fill=(248, 222, 206))
    fs = max(10, round(13 * k))
    T.draw(d, (x + w / 2, y + round(11 * k)), T.ellipsize(_("NO ROOM"), "condbold", fs, w - 6), "condbold", fs,
           RUST, anchor="mm")
    gap = max(3, round(4 * k))
    shown, more = _overflow_shown(items, sp, k, avail)
    sx, sy = x + round(8 * k), y + round(24 * k)
    for i, item in enumerate(items[:shown]):
        draw_space(img, d, sx + i * (sp + gap), sy, sp, item, p, k)
    if more:
        mx = sx + shown * (sp + gap)
        d.rounded_rectangle((mx, sy, mx + sp, sy + sp), radius=round(4 * k), fill=RUST)
        T.draw(d, (mx + sp / 2, sy + sp / 2), f"+{more}", "condbold", max(10, sp // 3), CREAM, anchor="mm")


def wagon_rows(p: dict, reveal: bool, avail: int, k: float, max_rows: int = 2):
    """Choose the space size and place the wagons (and any overflow) in rows: full-size spaces
    if possible; shrink a little to fit one row, or more to stay within max_rows."""
    wagons, overflow = fill_wagons(p, reveal)
    gap = round(16 * k)

    def place(sp: int) -> list:
        row: list[tuple[int, int, int]]  # (wagon index, x, width)
        rows, row, x = [], [], 0
        boxes = [wagon_size(len(s), sp, k) for s in wagons]
        if overflow:
            boxes.append(_overflow_size(overflow, sp, k, avail))
        for i, (bw, _h) in enumerate(boxes):
            if row and x + bw > avail:
                rows.append(row)
                row, x = [], 0
            row.append((i, x, bw))
            x += bw + gap
        return rows + [row] if row else rows

    big, mid, small = round(40 * k), round(32 * k), round(22 * k)
    for sp in range(big, mid - 1, -2):
        rows = place(sp)
        if len(rows) == 1:
            return sp, rows, wagons, overflow
    for sp in range(big, small - 1, -2):
        rows = place(sp)
        if len(rows) <= max_rows:
            return sp, rows, wagons, overflow
    return small, place(small), wagons, overflow


# ---- layout ---------------------------------------------------------------------------------
class Layout:
    def __init__(self, state: dict, seat: int, w: int, k: float, private: bool):
        self.p = p = state["players"][seat]
        self.seat, self.w, self.k, self.private = seat, w, k, private
        # gold values: the owner sees them; everyone sees them once the game is over
        self.reveal = private or state["stage"] == "over"
        S = self.S
        self.pad = S(12)
        self.head = S(50)
        self.stats = S(50)
        self.sp, self.rows, self.wagons, self.overflow = wagon_rows(
            p, self.reveal, w - 2 * self.pad, k, 2 if not private else 3)
        self.row_h = self.sp + S(46) + S(8)
        self.wagons_h = S(24) + (len(self.rows) * self.row_h if p["wagons"] else S(26))
        if private:
            self.tf_w, self.tf_h = 150, 200
            self.eq_w, self.eq_h = 200, 92
            self.pio_h = 104
            self.tf_rows = self._grid_rows(len(p["townsfolk"]), self.tf_w)
            self.eq_rows = self._grid_rows(len(p["equipment"]), self.eq_w)
            self.extra_h = (S(26) + (self.tf_rows * (self.tf_h + 8) or S(30))
                            + S(26) + (self.eq_rows * (self.eq_h + 8) or S(30)) + S(48))
            self.choices = []
            if state["stage"] == "pioneer" and p.get("boards"):
                self.choices = ["standard", *p["boards"]]
                self.extra_h += S(30) + len(self.choices) * (self.pio_h + 8)
        else:
            self.chip_fs = 15
            self.chips = self._chips()
            self.extra_h = S(8) + len(self.chips) * S(28)
        self.h = self.head + self.stats + self.wagons_h + self.extra_h + self.pad

    def S(self, v: float) -> int:
        return round(v * self.k)

    def _grid_rows(self, n: int, cw: int) -> int:
        per = max(1, (self.w - 2 * self.pad + 8) // (cw + 8))
        return -(-n // per)

    def _chips(self) -> list:
        """Rows of chips: (label, [(text, kind)])."""
        p, S = self.p, self.S
        rows = []
        for label, kind, names in (
                (_("TOWNSFOLK"), "townsfolk", [describe.card("townsfolk", t)["name"] for t in p["townsfolk"]]),
                (_("EQUIPMENT"), "equip",
                 [f"{i + 1} {describe.card('equipment', e)['name']}" for i, e in enumerate(p["equipment"])])):
            x0 = S(12) + chip_label_w(S(13)) + S(8)
            right = self.w - self.pad
            if not names:
                rows.append((label, [(_("none"), "none")]))
                continue
            row: list[tuple[str, str]]  # (text, kind)
            row, x, first = [], x0, True
            for nm in names:
                cw = min(T.width(nm, "cond", S(self.chip_fs)) + S(14), right - x0)
                if row and x + cw > right:
                    rows.append((label if first else "", row))
                    first, row, x = False, [], x0
                row.append((nm, kind))
                x += cw + S(6)
            rows.append((label if first else "", row))
        return rows


def draw(img: Image.Image, x: int, y: int, state: dict, seat: int, w: int, h: int | None = None,
         k: float = 1.0, private: bool = False, badges=(), turn: bool = False) -> int:
    """Draw the board of `seat` at (x, y), width w (height h or its own); returns the height."""
    L = Layout(state, seat, w, k, private)
    S = L.S
    p = L.p
    h = h or L.h
    d = ImageDraw.Draw(img)
    fill, txt = player_text(seat)
    tint = PLAYERS[seat % len(PLAYERS)]["tint"]
    # frame: the active player gets a thick highlight border
    if turn:
        g = S(7)
        d.rounded_rectangle((x - g, y - g, x + w + g, y + h + g), radius=S(18), fill=HIGHLIGHT, outline=INK,
                            width=2)
    d.rounded_rectangle((x, y, x + w, y + h), radius=S(12), fill=PARCHMENT, outline=INK, width=2)
    d.rounded_rectangle((x + 2, y + 2, x + w - 2, y + L.head), radius=S(10), fill=fill)
    d.rectangle((x + 2, y + L.head - S(10), x + w - 2, y + L.head), fill=fill)
    d.line((x + 2, y + L.head, x + w - 2, y + L.head), fill=INK, width=2)
    # header: marker, name, pioneer, badges
    m = S(36)
    marker(img, seat, (x + S(10), y + (L.head - m) // 2, x + S(10) + m, y + (L.head - m) // 2 + m))
    bx = x + w - S(10)
    for b in reversed(list(badges)):
        bx = _badge(img, d, bx, y + L.head // 2, b, S, fill)
    pioneer = p.get("pioneer")
    choosing = state["stage"] == "pioneer" and (state.get("pending") or [None] * (seat + 1))[seat]
    pname = describe.card("pioneer", pioneer)["name"] if pioneer and not choosing else _("choosing a pioneer…")
    name_x = x + S(56)
    room = bx - name_x - S(10)
    name = T.ellipsize(T.player_name(p), "bold", S(24), max(40, room * 2 // 3))
    T.draw(d, (name_x, y + L.head // 2), name, "bold", S(24), txt, anchor="lm")
    nx = name_x + T.width(name, "bold", S(24)) + S(10)
    if bx - nx > S(60):
        T.draw(d, (nx, y + L.head // 2 + S(2)), T.ellipsize(pname, "cond", S(17), bx - nx - S(8)), "cond",
               S(17), txt, anchor="lm")
    # stats row
    yy = y + L.head
    d.rectangle((x + 2, yy + 1, x + w - 2, yy + L.stats), fill=tint)
    d.line((x + 2, yy + L.stats, x + w - 2, yy + L.stats), fill=mix(tint, INK, 0.3), width=1)
    _stats(img, d, x + L.pad, yy + L.stats // 2, w - 2 * L.pad, state, p, S, L.reveal)
    # wagons
    yy += L.stats + S(6)
    T.draw(d, (x + L.pad, yy + S(2)), _("WAGONS"), "condbold", S(13), INK_SOFT)
    yy += S(20)
    if not p["wagons"]:
        T.draw(d, (x + L.pad, yy + S(4)), _("no wagons yet"), "cond", S(15), INK_SOFT)
        yy += S(24)
    for row in L.rows:
        for i, ox, _bw in row:
            if i < len(L.wagons):
                draw_wagon(img, x + L.pad + ox, yy, p["wagons"][i], L.wagons[i], L.sp, k, p)
            else:
                draw_overflow(img, x + L.pad + ox, yy, L.overflow, L.sp, k, p, w - 2 * L.pad)
        yy += L.row_h
    if private:
        _private_cards(img, d, x, yy, L)
    else:
        _draw_chips(img, d, x, yy + S(4), L)
    return h


def _badge(img, d, right: int, cy: int, badge: str, S, bg) -> int:
    """Header badges: 'turn', 'start', 'you', or 'pending:<kind>'. Drawn right-aligned; returns
    the new right edge."""
    if badge == "start":
        sz = S(34)
        d.ellipse((right - sz, cy - sz / 2, right, cy + sz / 2), fill=CREAM, outline=INK, width=2)
        paste(img, "horseshoe", sz - S(8), (right - sz + S(4), cy - sz / 2 + S(4)))
        return right - sz - S(8)
    if badge in ("turn", "yourturn"):
        label, fill, fg = (_("THEIR TURN") if badge == "turn" else _("YOUR TURN")), HIGHLIGHT, INK
    elif badge == "you":
        label, fill, fg = _("YOU"), CREAM, INK
    else:
        what = badge.split(":")[1]
        label = _(PENDING[what]) if what in PENDING else _("DECIDING: CHOICE")
        fill, fg = (255, 255, 255), RUST
    fs = S(15)
    tw = T.width(label, "condbold", fs)
    arrow = badge in ("turn", "yourturn")
    bw = tw + S(18) + (S(14) if arrow else 0)
    bh = S(28)
    d.rounded_rectangle((right - bw, cy - bh / 2, right, cy + bh / 2), radius=bh // 2, fill=fill,
                        outline=INK, width=2)
    tx = right - bw + S(9)
    if arrow:
        t = S(10)
        d.polygon([(tx, cy - t / 2 - 1), (tx + t * 0.9, cy), (tx, cy + t / 2 + 1)], fill=INK)
        tx += S(14)
    T.draw(d, (tx, cy + 1), label, "condbold", fs, fg, anchor="lm")
    return right - bw - S(8)


def _stats(img, d, x, cy, avail, state, p, S, reveal) -> None:
    b = breakdown(state, p["seat"])
    vp = b["total"] - (0 if reveal else b["gold"])
    used_gold = len(p["gold"])
    total_sp = sum(WAGONS[w["size"]]["spaces"] - DAMAGE_SPACES * w["damage"] for w in p["wagons"])
    used = used_gold + len(p["equipment"]) + (p["wood"] + 1) // 2 + (p["medicine"] + 1) // 2
    gold_label = f"×{used_gold}" if not reveal else f"{sum(p['gold'])}"
    items = [("vp", str(vp), _("VP now") if reveal else _("VP excl. gold")),
             ("silver", str(p["silver"]), _("silver")), ("favor", str(p["favors"]), _("favors")),
             ("cattle", str(p["cattle"]), _("cattle")), ("wood", str(p["wood"]), _("wood")),
             ("medicine", str(p["medicine"]), _("medicine")),
             ("goldplain" if reveal else "gold", gold_label, _("nuggets") if reveal else _("gold tokens")),
             ("wagon", f"{max(0, total_sp - used)}/{total_sp}", _("space free"))]
    ic = S(30)
    fs, cs = S(22), S(12)
    widths = [ic + S(4) + max(T.width(v, "bold", fs), T.width(c, "cond", cs)) for _n, v, c in items]
    gap = max(S(4), (avail - sum(widths)) // (len(items) - 1))
    for (name, val, cap), iw in zip(items, widths, strict=True):
        paste(img, name, ic, (x, cy - ic / 2))
        tx = x + ic + S(4)
        T.draw(d, (tx, cy - S(5)), val, "bold", fs, INK, anchor="ls")
        T.draw(d, (tx, cy + S(2)), cap, "cond", cs, INK_SOFT, anchor="lt")
        x += iw + gap


def _draw_chips(img, d, x, y, L) -> None:
    S = L.S
    fs = S(L.chip_fs)
    for label, row in L.chips:
        if label:
            T.draw(d, (x + S(12), y + S(12)), label, "condbold", S(13), INK_SOFT, anchor="lm")
        cx = x + S(12) + chip_label_w(S(13)) + S(8)
        for nm, kind in row:
            if kind == "none":
                T.draw(d, (cx, y + S(12)), nm, "cond", fs, INK_SOFT, anchor="lm")
                continue
            room = x + L.w - L.pad - cx
            t = T.ellipsize(nm, "cond", fs, room - S(14))
            cw = T.width(t, "cond", fs) + S(14)
            fill = (206, 214, 222) if kind == "equip" else CARD
            d.rounded_rectangle((cx, y + S(1), cx + cw, y + S(23)), radius=S(6), fill=fill, outline=INK)
            T.draw(d, (cx + S(7), y + S(12)), t, "cond", fs, INK, anchor="lm")
            cx += cw + S(6)
        y += S(28)


def _private_cards(img, d, x, y, L) -> None:
    S, p = L.S, L.p
    pad = L.pad
    if L.choices:
        T.draw(d, (x + pad, y + S(4)), T.ellipsize(_("CHOOSE YOUR PIONEER (one board, either side)"), "condbold",
                                                   S(15), L.w - 2 * pad), "condbold", S(15), RUST)
        y += S(30)
        for cid in L.choices:
            im = cards.pioneer(cid, L.w - 2 * pad, L.pio_h)
            img.paste(im, (x + pad, y), im)
            y += L.pio_h + 8
    for label, ids, maker, cw, ch in ((_("TOWNSFOLK"), p["townsfolk"], cards.townsfolk, L.tf_w, L.tf_h),
                                      (_("EQUIPMENT (numbers as in the wagons)"), p["equipment"],
                                       cards.equipment, L.eq_w, L.eq_h)):
        T.draw(d, (x + pad, y + S(4)), label, "condbold", S(15), INK_SOFT)
        y += S(26)
        if not ids:
            T.draw(d, (x + pad, y + S(2)), _("none"), "cond", S(16), INK_SOFT)
            y += S(30)
            continue
        cx = x + pad
        for i, cid in enumerate(ids):
            if cx + cw > x + L.w - pad:
                cx, y = x + pad, y + ch + 8
            im = maker(cid, cw, ch)
            img.paste(im, (cx, y), im)
            if maker is cards.equipment:
                d.ellipse((cx + 4, y + 3, cx + 30, y + 29), fill=INK, outline=CREAM, width=2)
                T.draw(d, (cx + 17, y + 16), str(i + 1), "bold", 15, CREAM, anchor="mm")
            cx += cw + 8
        y += ch + 8
    pioneer = p.get("pioneer") or "standard"
    c = describe.card("pioneer", pioneer)
    line = _("Pioneer: {name} — {effect}", name=c["name"], effect=c["effect"])
    if L.choices:
        line = _("Pioneer: not chosen yet")
    T.draw(d, (x + pad, y + S(10)), T.ellipsize(line, "cond", S(17), L.w - 2 * pad), "cond", S(17), INK)

