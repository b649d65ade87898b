"""One player's board on the phone pictures (the Full board, the private wagon picture), W px wide:
the seat's band (marker, name, pioneer, what they are doing), their score and goods, their wagons with
every space, and their townsfolk and equipment: by name on the public board, in full on the private one
(owned.py). Every text at least MIN_PX (18 px in a picture 800 px wide: 9 px on a phone).

The public board hides gold values (until the game is over); the private one (private=True) shows them.
Its type: NORMAL (the private picture), or LARGE (the Full board, read on a phone among four boards:
every text at least 24 px, 12 px on a phone, and each stat said under its value rather than in a key)."""

from typing import NamedTuple

from games.pioneer_days.rules import describe
from games.pioneer_days.rules.constants import DAMAGE_SPACES, WAGONS
from games.pioneer_days.rules.scoring import breakdown
from render import text as T
from render.canvas import Canvas

from ..lang import N_, _, n_
from . import owned, wagons
from .day import fit1
from .icons import paste
from .seats import marker, player_text
from .style import CARD, CREAM, HIGHLIGHT, INK, INK_SOFT, PARCHMENT, PLAYERS, RUST, mix

W = 772           # a board: the picture's 800 px less its margins
PAD = 14
INNER = W - 2 * PAD
MIN_PX = 18
HEAD = 56
STAT_H = 50       # the private board: two rows of four stats (icon, value, what it is under the value)
STATS_PER_ROW = 4
STAT_ROW = 46     # the public board: the eight in one row, icons and values (the key says what each is)
LABEL = 30        # a section's label line ("WAGONS")
CHIP_H, CHIP_STEP = 30, 36
TILE = (206, 214, 222)
PENDING = {"storm": N_("DECIDING: STORM"), "raid": N_("DECIDING: RAID"), "famine": N_("DECIDING: FAMINE"),
           "disease": N_("DECIDING: DISEASE"), "overflow": N_("DECIDING: WAGON FULL"),
           "town": N_("DECIDING: TOWN"), "pioneer": N_("DECIDING: PIONEER")}


class Type(NamedTuple):
    """A board's type: its smallest text and the heights that hold it."""
    px: int           # the smallest text
    head: int         # the seat's band
    names: tuple      # the player's name: sizes, largest first
    pioneer: int      # the pioneer's name
    label: int        # a section's label line ("WAGONS")
    chip_h: int       # a name chip (townsfolk, equipment) and the step between rows of them
    chip_step: int
    stat_h: int       # a row of four stats with captions
    stat_row: int     # the eight stats in one row (no captions)
    icon: int         # a stat's icon
    value: int        # a stat's value
    wagons_label: bool = True  # the "WAGONS" line over the wagons (the drawings say it: the larger type has none)


NORMAL = Type(MIN_PX, HEAD, (26, 24, 22, 20, 18), 20, LABEL, CHIP_H, CHIP_STEP, STAT_H, STAT_ROW, 32, 24)
LARGE = Type(24, 64, (32, 30, 28, 26, 24), 26, 38, 40, 46, 66, 56, 38, 30, False)


class Board(NamedTuple):
    reveal: bool      # gold values shown (the owner; everyone once the game is over)
    sp: int           # a wagon space's side
    rows: list        # the wagons placed in rows (wagons.rows)
    wagons: list
    overflow: list
    chips: list       # the public board: [(label, [(text, kind)])] rows of name chips
    owned: owned.Owned | None  # the private board: everything owned, in full
    h: int
    z: Type = NORMAL  # its type
    captions: bool = False  # each stat's caption under its value (two rows of four)


def layout(s: dict, seat: int, private: bool, z: Type = NORMAL) -> Board:
    """A board's layout; z=LARGE: the Full board's larger type, its stats with their captions."""
    p = s["players"][seat]
    reveal = private or s["stage"] == "over"
    captions = private or z is not NORMAL
    sp, rows, wg, overflow = wagons.rows(p, reveal, INNER, 3, z.px)
    wagons_h = (z.label if z.wagons_label else 0) + (len(rows) * wagons.row_h(sp, z.px) if p["wagons"] else z.label)
    chips, mine = [], None
    if private:
        mine = owned.layout(s, p, INNER)
        extra = mine.h
    else:
        chips = _chips(p, z)
        extra = len(chips) * z.chip_step + 6
    return Board(reveal, sp, rows, wg, overflow, chips, mine,
                 z.head + stats_h(captions, z) + 6 + wagons_h + extra + PAD, z, captions)


def stats_h(captions: bool, z: Type = NORMAL) -> int:
    return 2 * z.stat_h + 10 if captions else z.stat_row


def _chips(p: dict, z: Type = NORMAL) -> list:
    """Rows of name chips after their label: the townsfolk, then the equipment (numbered as in the wagons)."""
    out = []
    x0 = _label_w(z.px) + 10
    for label, kind, names in (
            (_("TOWNSFOLK"), "townsfolk", [describe.card("townsfolk", t)["name"] for t in p["townsfolk"]]),
            (_("EQUIPMENT"), "equip",
             [f"{i + 1} {describe.card('equipment', e)['name']}" for i, e in enumerate(p["equipment"])])):
        if not names:
            out.append((label, [(_("none"), "none")]))
            continue
        row: list[tuple[str, str]] = []
        x, first = x0, True
        for nm in names:
            cw = min(T.width(nm, "cond", z.px) + 16, INNER - x0)
            if row and x + cw > INNER:
                out.append((label if first else "", row))
                first, row, x = False, [], x0
            row.append((nm, kind))
            x += cw + 6
        out.append((label if first else "", row))
    return out


def _label_w(px: int = MIN_PX) -> int:
    return max(T.width(_("TOWNSFOLK"), "condbold", px), T.width(_("EQUIPMENT"), "condbold", px))


def draw(cv: Canvas, x: int, y: int, s: dict, seat: int, L: Board, badges=(), turn: bool = False) -> None:
    """The board of `seat` at (x, y), W wide and L.h tall (layout())."""
    p = s["players"][seat]
    d = cv.d
    z = L.z
    fill, txt = player_text(seat)
    tint = PLAYERS[seat % len(PLAYERS)]["tint"]
    h = L.h
    cv.frame = (x, y, x + W, y + h)
    if turn:  # the player to play: a thick highlight around the board
        d.rounded_rectangle((x - 6, y - 6, x + W + 6, y + h + 6), radius=18, fill=HIGHLIGHT, outline=INK, width=2)
    d.rounded_rectangle((x, y, x + W, y + h), radius=12, fill=PARCHMENT, outline=INK, width=2)
    d.rounded_rectangle((x + 2, y + 2, x + W - 2, y + z.head), radius=10, fill=fill)
    d.rectangle((x + 2, y + z.head - 10, x + W - 2, y + z.head), fill=fill)
    d.line((x + 2, y + z.head, x + W - 2, y + z.head), fill=INK, width=2)
    _head(cv, x, y, s, seat, badges, fill, txt, z)
    yy = y + z.head
    sh = stats_h(L.captions, z)
    d.rectangle((x + 2, yy + 1, x + W - 2, yy + sh), fill=tint)
    d.line((x + 2, yy + sh, x + W - 2, yy + sh), fill=mix(tint, INK, 0.3), width=1)
    _stats(cv, x + PAD, yy + 5, s, p, L.reveal, L.captions, z)
    yy += sh + 6
    if z.wagons_label:
        cv.text((x + PAD, yy + z.label // 2), _("WAGONS"), "condbold", z.px, INK_SOFT, anchor="lm")
        yy += z.label
    if not p["wagons"]:
        cv.text((x + PAD, yy + z.label // 2 - 4), _("no wagons yet"), "cond", z.px, INK_SOFT, anchor="lm")
        yy += z.label
    for row in L.rows:
        wagons.draw_row(cv, x + PAD, yy, row, L.sp, p, L.wagons, L.overflow, INNER, z.px)
        yy += wagons.row_h(L.sp, z.px)
    if L.owned is not None:
        owned.draw(cv, x + PAD, yy, INNER, p, L.owned)
    else:
        _draw_chips(cv, x + PAD, yy + 4, L.chips, z)


def _head(cv: Canvas, x: int, y: int, s: dict, seat: int, badges, fill, txt, z: Type = NORMAL) -> None:
    p = s["players"][seat]
    cy = y + z.head // 2 + 1
    r = (z.head + 1) // 3
    marker(cv.img, seat, (x + 12, cy - r, x + 12 + 2 * r, cy + r))
    right = x + W - 10
    for b in reversed(list(badges)):
        right = _badge(cv, right, cy, b, z.px)
    pioneer = p.get("pioneer")
    choosing = s["stage"] == "pioneer" and (s.get("pending") or [None] * (seat + 1))[seat]
    pname = describe.card("pioneer", pioneer)["name"] if pioneer and not choosing else _("choosing a pioneer…")
    nx = x + 22 + 2 * r
    room = right - nx - 10
    name, kind, size = fit1(T.player_name(p), max(60, room * 2 // 3), ("bold", "condbold"), z.names)
    cv.text((nx, cy), name, kind, size, txt, anchor="lm")
    px = nx + T.width(name, kind, size) + 12
    if right - px - 8 >= 60:  # the pioneer's name where there is room (the private picture says it in full)
        cv.put((px, cy + 1), pname, "cond", z.pioneer, txt, right - px - 8, z.px)


def _badge(cv: Canvas, right: int, cy: int, badge: str, px: int = MIN_PX) -> int:
    """Header badges: 'turn', 'yourturn', 'start', 'you', or 'pending:<kind>', right-aligned; returns the
    new right edge."""
    d = cv.d
    if badge == "start":
        sz = 36
        d.ellipse((right - sz, cy - sz / 2, right, cy + sz / 2), fill=CREAM, outline=INK, width=2)
        paste(cv.img, "horseshoe", sz - 8, (right - sz + 4, cy - sz / 2 + 4))
        return right - sz - 8
    if badge in ("turn", "yourturn"):
        label, fill, fg = (_("THEIR TURN") if badge == "turn" else _("YOUR TURN")), HIGHLIGHT, INK
    elif badge == "you":
        label, fill, fg = _("YOU"), CREAM, INK
    else:
        what = badge.split(":")[1]
        label = _(PENDING[what]) if what in PENDING else _("DECIDING: CHOICE")
        fill, fg = (255, 255, 255), RUST
    arrow = badge in ("turn", "yourturn")
    bw = T.width(label, "condbold", px) + 20 + (14 if arrow else 0)
    bh = px + 14
    d.rounded_rectangle((right - bw, cy - bh / 2, right, cy + bh / 2), radius=bh // 2, fill=fill, outline=INK, width=2)
    tx = right - bw + 10
    if arrow:
        d.polygon([(tx, cy - 6), (tx + 9, cy), (tx, cy + 6)], fill=INK)
        tx += 14
    cv.text((tx, cy + 1), label, "condbold", px, fg, anchor="lm")
    return right - bw - 8


def stat_items(s: dict, p: dict, reveal: bool) -> list[tuple[str, str, str]]:
    """(icon, value, what it is): score (without gold values unless shown), silver, favors, cattle, wood,
    medicine, gold tokens, free wagon space / all."""
    b = breakdown(s, p["seat"])
    vp = b["total"] - (0 if reveal else b["gold"])
    gold = len(p["gold"])
    total = sum(WAGONS[w["size"]]["spaces"] - DAMAGE_SPACES * w["damage"] for w in p["wagons"])
    used = gold + len(p["equipment"]) + (p["wood"] + 1) // 2 + (p["medicine"] + 1) // 2
    return [("vp", str(vp), _("VP now") if reveal else _("VP excl. gold")),
            ("silver", str(p["silver"]), _("silver")), ("favor", str(p["favors"]), _("favors")),
            ("cattle", str(p["cattle"]), _("cattle")), ("wood", str(p["wood"]), _("wood")),
            ("medicine", str(p["medicine"]), _("medicine")),
            ("goldplain" if reveal else "gold", str(sum(p["gold"])) if reveal else f"×{gold}",
             n_("nugget", "nuggets", sum(p["gold"])) if reveal else _("gold tokens")),
            ("wagon", f"{max(0, total - used)}/{total}", n_("space free", "spaces free", max(0, total - used)))]


def _stats(cv: Canvas, x: int, y: int, s: dict, p: dict, reveal: bool, captions: bool, z: Type = NORMAL) -> None:
    items = stat_items(s, p, reveal)
    if captions:  # two rows of four, each value over what it is
        ic = z.icon + 2
        widths = _columns(items, ic, z)
        for i, (icon, value, caption) in enumerate(items):
            col = i % STATS_PER_ROW
            cx, cy = x + sum(widths[:col]), y + (i // STATS_PER_ROW) * z.stat_h
            cw = widths[col]
            paste(cv.img, icon, ic, (cx, cy + 6))
            top = cy + 1 + z.value // 2
            cv.put((cx + ic + 8, top), value, "bold", z.value, INK, cw - ic - 14, z.px)
            cv.put((cx + ic + 8, top + (z.value + z.px) // 2 + 2), caption, "cond", z.px, INK_SOFT, cw - ic - 14,
                   z.px)
        return
    # one row: each icon and value, spread over the width
    ic, size = z.icon, z.value
    while size > z.px and sum(ic + 4 + T.width(v, "bold", size) for _i, v, _c in items) + 7 * 8 > INNER:
        size -= 1
    widths = [ic + 4 + T.width(v, "bold", size) for _i, v, _c in items]
    gap = (INNER - sum(widths)) / (len(items) - 1)
    cy = y + (z.stat_row - 10) // 2
    at = float(x)
    for (icon, value, _c), iw in zip(items, widths, strict=True):
        paste(cv.img, icon, ic, (round(at), cy - ic // 2))
        cv.text((round(at) + ic + 4, cy + 1), value, "bold", size, INK, anchor="lm")
        at += iw + gap


def _columns(items: list, ic: int, z: Type) -> list[int]:
    """The widths of the four columns of captioned stats: equal; in the larger type each as wide as its
    widest value or caption needs, the room left shared (a long caption, "VP excl. gold", keeps its words)."""
    even = [INNER // STATS_PER_ROW] * STATS_PER_ROW
    if z is NORMAL:
        return even
    need = [ic + 14 + max(max(T.width(v, "bold", z.value), T.width(c, "cond", z.px))
                          for _i, v, c in items[col::STATS_PER_ROW]) for col in range(STATS_PER_ROW)]
    if sum(need) > INNER:
        return even
    spare = (INNER - sum(need)) // STATS_PER_ROW
    return [n + spare for n in need]


def _draw_chips(cv: Canvas, x: int, y: int, chips: list, z: Type = NORMAL) -> None:
    d = cv.d
    x0 = x + _label_w(z.px) + 10
    for label, row in chips:
        cy = y + z.chip_h // 2
        if label:
            cv.text((x, cy), label, "condbold", z.px, INK_SOFT, anchor="lm")
        cx = x0
        for nm, kind in row:
            if kind == "none":
                cv.text((cx, cy), nm, "cond", z.px, INK_SOFT, anchor="lm")
                continue
            room = x + INNER - cx
            text = T.ellipsize(nm, "cond", z.px, room - 16)
            cw = T.width(text, "cond", z.px) + 16
            d.rounded_rectangle((cx, y, cx + cw, y + z.chip_h), radius=7, fill=TILE if kind == "equip" else CARD,
                                outline=INK)
            cv.text((cx + 8, cy + 1), text, "cond", z.px, INK, anchor="lm")
            cx += cw + 6
        y += z.chip_step
