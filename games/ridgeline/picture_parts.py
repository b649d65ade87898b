"""The pieces of Ridgeline's pictures: the size and colours, tiles (a row's colour, the value large, the row
as pips), backs, rainbows, beacons, spirit badges, a panorama, the queue, a strip of tiles, the spirits'
row, the title and story bands. Everything is drawn 800 px wide for a phone that shows it 400 px wide: no
essential text under MIN (18 px)."""

import builtins
import math
from collections.abc import Mapping, Sequence
from typing import Any

from PIL import Image

from render import text as T
from render.canvas import Canvas
from render.style import PLAYERS, mix, shape

from . import words
from .lang import _
from .rules import board as B
from .rules import scoring
from .rules import spirits as S

W = 800
M = 16
MIN = 18
TITLE_H = 60
PAPER = (238, 233, 220)
PAPER_DARK = (222, 214, 196)
INK = (34, 30, 26)
INK_SOFT = (100, 92, 82)
TITLE_BG = (28, 44, 62)
TITLE_INK = (244, 240, 228)
BADGE = (255, 214, 64)
GOLD = (246, 190, 40)
GOLD_DARK = (140, 96, 0)
UNLIT = (150, 146, 138)
BACK = (52, 66, 86)
BACK_LINE = (92, 110, 134)
# each row's colour (bottom to top: Shore, Dunes, Pines, Cliffs, Heath, Summit) and the ink on it
ROW_FILL = ((58, 132, 196), (232, 196, 104), (54, 128, 80), (146, 104, 76), (146, 92, 166), (234, 238, 244))
ROW_INK = ((255, 255, 255), (40, 32, 20), (255, 255, 255), (255, 255, 255), (255, 255, 255), (40, 40, 52))
RAINBOW = ((222, 64, 56), (240, 142, 40), (246, 210, 60), (80, 170, 80), (60, 120, 210), (130, 80, 180))
rounded = builtins.round  # (pictures.round is the protocol's picture)


# the pictures drawn straight onto the fixed palette (palette.py); False: drawn in RGB and mapped onto a
# palette chosen for each picture (as before: the calibration of the palette draws so)
ON_PALETTE = True


def canvas(h: int, w: int = W, bg=PAPER) -> Canvas:
    if ON_PALETTE:
        from .palette import blank
        return Canvas(blank(w, h, bg))
    return Canvas(Image.new("RGB", (w, h), bg))


def names_of(view: Mapping[str, Any]) -> list[str]:
    names = list(view["config"].get("names") or [])
    return [T.player_name({"name": names[s] if s < len(names) else "", "seat": s}) for s in range(2)]


def title_band(cv: Canvas, title: str, right: str = "") -> None:
    cv.title_band(title, right, TITLE_H, TITLE_BG, TITLE_INK, 28, 360, MIN, M)


def seat_mark(cv: Canvas, seat: int, cx: float, cy: float, r: float) -> None:
    p = PLAYERS[seat % len(PLAYERS)]
    shape(cv.d, p["shape"], (cx - r, cy - r, cx + r, cy + r), p["fill"], outline=INK, width=2)


def star_points(cx: float, cy: float, r: float, r_in: float) -> list[tuple[float, float]]:
    pts = []
    for k in range(10):
        a = -math.pi / 2 + k * math.pi / 5
        rr = r if k % 2 == 0 else r_in
        pts.append((cx + rr * math.cos(a), cy + rr * math.sin(a)))
    return pts


def star(cv: Canvas, cx: float, cy: float, r: float, fill=GOLD, outline=GOLD_DARK) -> None:
    cv.d.polygon(star_points(cx, cy, r, r * 0.45), fill=fill, outline=outline, width=2)


# ---- tiles --------------------------------------------------------------------------------------------
def tile(cv: Canvas, box: tuple[float, float, float, float], t: int, size: int = 30, pips: bool = True) -> None:
    """A tile: its row's colour, its value large, its row as pips (1-6) along the top (in a panorama its
    place says its row: no pips)."""
    x0, y0, x1, y1 = box
    row = B.ROW[t]
    fill, ink = ROW_FILL[row - 1], ROW_INK[row - 1]
    cv.d.rounded_rectangle(box, radius=7, fill=fill, outline=INK, width=2)
    w = x1 - x0
    cv.text(((x0 + x1) / 2, (y0 + y1) / 2 + (w * 0.08 if pips else 0)), str(B.COL[t]), "bold", size, ink,
            anchor="mm")
    if not pips:
        return
    pip = max(2.5, w / 26)
    step = pip * 2.6
    px = x0 + 6 + pip
    for _k in range(row):
        cv.d.ellipse((px - pip, y0 + 6, px + pip, y0 + 6 + 2 * pip), fill=ink)
        px += step


def back(cv: Canvas, box: tuple[float, float, float, float]) -> None:
    """A tile face down."""
    x0, y0, x1, y1 = box
    cv.d.rounded_rectangle(box, radius=7, fill=BACK, outline=INK, width=2)
    cv.d.line((x0 + 8, y1 - 8, x1 - 8, y0 + 8), fill=BACK_LINE, width=3)
    cv.d.line((x0 + 8, (y0 + y1) / 2 + 6, (x0 + x1) / 2 + 6, y0 + 8), fill=BACK_LINE, width=3)


def rainbow(cv: Canvas, box: tuple[float, float, float, float]) -> None:
    """A rainbow (a joker): arcs of colour."""
    x0, y0, x1, y1 = box
    cv.d.rounded_rectangle(box, radius=7, fill=(250, 250, 246), outline=INK, width=2)
    w = x1 - x0
    cx, cy = (x0 + x1) / 2, y1 - w * 0.18
    band = w * 0.06
    r = w * 0.42
    for colour in RAINBOW:
        cv.d.arc((cx - r, cy - r, cx + r, cy + r), 180, 360, fill=colour, width=max(2, rounded(band)))
        r -= band


def empty_spot(cv: Canvas, box: tuple[float, float, float, float], row: int) -> None:
    cv.d.rounded_rectangle(box, radius=7, fill=mix(PAPER, ROW_FILL[row - 1], 0.22), outline=mix(PAPER, INK, 0.3),
                           width=1)


def badge(cv: Canvas, cx: float, cy: float, label: str, r: float = 17, fill=BADGE) -> None:
    """A label on a picture (a choice's number or letter, as the buttons say it)."""
    size = 22 if r >= 16 else 20
    w = max(2 * r, T.width(label, "condbold", size) + 12)
    cv.d.rounded_rectangle((cx - w / 2, cy - r, cx + w / 2, cy + r), radius=rounded(r), fill=fill, outline=INK,
                           width=2)
    cv.text((cx, cy), label, "condbold", size, INK, anchor="mm")


def spirit_badge(cv: Canvas, cx: float, cy: float, key: str, r: float = 17) -> None:
    fill = (250, 246, 232) if S.kind(key) == "end" else (214, 236, 250) if S.kind(key) == "now" else (60, 56, 60)
    ink = INK if S.kind(key) != "curse" else (250, 250, 250)
    cv.d.ellipse((cx - r, cy - r, cx + r, cy + r), fill=fill, outline=INK, width=2)
    cv.text((cx, cy + 1), S.glyph(key), "condbold", 22, ink, anchor="mm")


# ---- a panorama ------------------------------------------------------------------------------------------
def panorama_h(cell: int) -> int:
    return B.ROWS * cell


def panorama(cv: Canvas, x: int, y: int, cell: int, board: Sequence[int], spirits: Sequence[Mapping[str, Any]],
             marks: Sequence[Sequence] = ()) -> None:
    """A seat's panorama with its top-left corner at (x, y): the spots (empty ones faint in their row's
    colour), tiles, rainbows, beacons (lit: gold; a beacon tile not lit: grey; a spot still empty: an
    outline), spirits on their squares, and the marks [("spot", spot, label)]."""
    lit = set(scoring.lit(list(board)))
    gap = 3
    for i in range(B.SPOTS):
        cx0 = x + (B.COL[i] - 1) * cell
        cy0 = y + (B.ROWS - B.ROW[i]) * cell
        box = (cx0 + gap / 2, cy0 + gap / 2, cx0 + cell - gap / 2, cy0 + cell - gap / 2)
        v = board[i]
        if v == B.TILE:
            tile(cv, box, i, max(MIN, cell * 30 // 64), pips=False)
        elif v == B.RAINBOW:
            rainbow(cv, box)
        else:
            empty_spot(cv, box, B.ROW[i])
    for b in B.BEACONS:
        sx = x + (B.COL[b] - 1) * cell + cell - 13
        sy = y + (B.ROWS - B.ROW[b]) * cell + 13
        if board[b] == B.TILE:
            star(cv, sx, sy, 10, GOLD if b in lit else UNLIT, GOLD_DARK if b in lit else INK_SOFT)
        else:
            cv.d.polygon(star_points(sx, sy, 10, 4.5), outline=INK_SOFT, width=2)
    for sp in spirits:
        r, c = B.SQUARE_AT[int(sp["sq"])]
        spirit_badge(cv, x + c * cell, y + (B.ROWS - r) * cell, str(sp["key"]))
    for m in marks:
        if m and m[0] == "spot":
            at = int(m[1])
            badge(cv, x + (B.COL[at] - 0.5) * cell, y + (B.ROWS - B.ROW[at] + 0.5) * cell, str(m[2]))


def panorama_block_h(cell: int) -> int:
    return 64 + panorama_h(cell) + 40


def panorama_block(cv: Canvas, y: int, view: Mapping[str, Any], seat: int, names: Sequence[str], cell: int,
                   marks: Sequence[Sequence] = (), you: bool = False) -> int:
    """A seat's header (its mark, name, stars so far by category) over its panorama, and its spirits' names
    under it; returns the height."""
    b = scoring.breakdown(dict(view), seat)
    total = scoring.total(b)
    d = cv.d
    d.rounded_rectangle((M, y, W - M, y + 56), radius=10, fill=PLAYERS[seat % len(PLAYERS)]["tint"], outline=INK,
                        width=2)
    seat_mark(cv, seat, M + 22, y + 28, 12)
    right = words.stars(total)
    rw = T.width(right, "bold", 24)
    name = names[seat] + (" · " + _("you") if you else "")
    cv.put((M + 44, y + 18), name, "bold", 24, INK, W - 2 * M - 70 - rw, MIN)
    # (the categories under the name and the total, the whole width: six of them fit in every language)
    cv.put((M + 44, y + 42), words.breakdown(b), "cond", MIN, INK_SOFT, W - 2 * M - 58, MIN)
    cv.text((W - M - 14, y + 18), right, "bold", 24, INK, anchor="rm")
    x = (W - B.COLS * cell) // 2
    panorama(cv, x, y + 64, cell, view["boards"][seat], view["spirits"][seat], marks)
    legend = [f"{S.glyph(str(sp['key']))} {words.spirit_name(str(sp['key']))}" for sp in view["spirits"][seat]]
    if view["raven"] == seat:
        legend.append(f"{S.glyph(S.CURSE)} {words.spirit_name(S.CURSE)}")
    ly = y + 64 + panorama_h(cell) + 20
    if legend:
        cv.put((M + 4, ly), "  ".join(legend), "cond", MIN, INK, W - 2 * M - 8, MIN)
    else:
        cv.put((M + 4, ly), _("no spirit yet"), "cond", MIN, INK_SOFT, W - 2 * M - 8, MIN)
    return panorama_block_h(cell)


# ---- the queue, a strip of tiles, the spirits' row ---------------------------------------------------------
QUEUE_H = 142


def queue(cv: Canvas, y: int, view: Mapping[str, Any], marks: Sequence[Sequence] = ()) -> int:
    """The queue's columns (lettered; a face-down tile under a face-up one peeks out below it), the deck and
    the rainbows left; returns the height."""
    d = cv.d
    d.rectangle((0, y, W, y + QUEUE_H), fill=PAPER_DARK)
    cv.put((M, y + 13), _("Queue"), "condbold", 20, INK, 200, MIN)
    side = 150
    cols = max(1, len(view["queue"]))
    room = W - 2 * M - side
    size = min(76, (room - 8 * (cols - 1)) // cols)
    x = M
    top = y + 44
    for i, (up, down) in enumerate(view["queue"]):
        if down is not None:
            back(cv, (x + 5, top + 12, x + size + 5, top + 12 + size))
        box = (x, top, x + size, top + size)
        if up is not None:
            tile(cv, box, int(up), max(MIN, size * 36 // 76))
        else:
            cv.d.rounded_rectangle(box, radius=7, outline=INK_SOFT, width=2)
        badge(cv, x + size - 2, top, words.column(i), 14)
        x += size + 8
    # the deck and the rainbows, at the right
    dx = W - M - side + 16
    for k in range(3):
        back(cv, (dx + 8 - 3 * k, top + 6 - 3 * k, dx + 58 - 3 * k, top + 56 - 3 * k))
    cv.put((dx + 70, top + 18), str(len(view["deck"])), "bold", 26, INK, 60, MIN)
    cv.put((dx + 70, top + 44), _("deck"), "cond", MIN, INK_SOFT, 64, MIN)
    rainbow(cv, (dx + 2, top + 66, dx + 38, top + 94))
    cv.put((dx + 46, top + 80), _("{n} left", n=view["rainbows"]), "cond", MIN, INK_SOFT, side - 50, MIN)
    return QUEUE_H


STRIP_H = 128


def strip(cv: Canvas, y: int, title: str, tiles: Sequence[int], numbered: bool = True) -> int:
    """A row of tiles under a title (a hand, the Mole's tiles), each numbered as the buttons say; a tile not
    seen is a back."""
    cv.put((M, y + 13), title, "condbold", 20, INK, W - 2 * M, MIN)
    x = M
    size = 76
    for i, t in enumerate(tiles):
        box = (x, y + 44, x + size, y + 44 + size)
        if t is None or t < 0:
            back(cv, box)
        else:
            tile(cv, box, int(t), 36)
        if numbered:
            badge(cv, x + size - 2, y + 44, str(i + 1), 14)
        x += size + 18
    if not tiles:
        cv.put((M, y + 60), _("empty"), "cond", MIN, INK_SOFT, 200, MIN)
    return STRIP_H


SPIRITS_H = 58


def spirit_chip(cv: Canvas, x: int, cy: int, key: str) -> int:
    name = words.spirit_name(key)
    w = T.width(name, "condbold", 20) + 56
    cv.d.rounded_rectangle((x, cy - 20, x + w, cy + 20), radius=20, fill=(250, 248, 240), outline=INK, width=2)
    spirit_badge(cv, x + 20, cy, key, 15)
    cv.text((x + 42, cy), name, "condbold", 20, INK, anchor="lm")
    return w


def spirit_row(cv: Canvas, y: int, view: Mapping[str, Any], keys: Sequence[str] | None = None,
               title: str | None = None) -> int:
    """The spirits face up (or `keys` under `title`), and how many lie face down."""
    keys = list(view["row"]) if keys is None else list(keys)
    cy = y + SPIRITS_H // 2
    label = title if title is not None else _("Spirits")
    lw = cv.put((M, cy), label, "condbold", 20, INK, 170, MIN)
    x = M + lw + 12
    right = _("{n} face down", n=len(view["pile"])) if title is None else ""
    rw = T.width(right, "cond", MIN) if right else 0
    for k in keys:
        if k == "?":
            continue
        w = T.width(words.spirit_name(k), "condbold", 20) + 56
        if x + w > W - M - rw - 10:
            cv.put((x, cy), "…", "condbold", 20, INK, 30, MIN)
            break
        x += spirit_chip(cv, x, cy, k) + 8
    if not keys:
        cv.put((x, cy), _("none face up"), "cond", MIN, INK_SOFT, 200, MIN)
    if right:
        cv.text((W - M, cy), right, "cond", MIN, INK_SOFT, anchor="rm")
    return SPIRITS_H


# ---- the story band -------------------------------------------------------------------------------------
def story(lines: Sequence[str], w: int = W - 2 * M) -> list[tuple[int, tuple[str, ...]]]:
    out = []
    for raw in list(lines)[:3]:
        text = T.clean(str(raw), "cond")
        if text:
            out.append(T.fit(text, "cond", 22, MIN, w, 2))
    return out


def story_h(st) -> int:
    return sum(rounded(size * 1.22) * len(ls) for size, ls in st) + (20 if st else 0)


def draw_story(cv: Canvas, y: int, st) -> int:
    h = story_h(st)
    if not st:
        return 0
    cv.d.rectangle((0, y, W, y + h), fill=(250, 247, 238))
    ty = y + 10
    for size, ls in st:
        for ln in ls:
            cv.text((M, ty), ln, "cond", size, INK, anchor="la")
            ty += rounded(size * 1.22)
    return h
