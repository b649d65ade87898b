"""Text drawing, measuring, wrapping and fitting, cached (the same texts come back every render).

`draw` puts a text on an image exactly as ImageDraw.text does (raqm layout: kerning and shaping),
but keeps the rendered bitmap of each (text, font, size, anchor, sub-pixel offset): the labels,
names and numbers of a game are drawn again at every render, and rendering them is most of the
cost of text. The caches are bounded LRU caches (player names and counts vary from game to game);
lru_cache is thread-safe, the cached bitmaps are only read, and these functions are pure."""

import math
import unicodedata
from functools import lru_cache

from .fonts import covers, font
from .glyphs import missing, note
from .paletted import PalettedImage

memo = lru_cache(maxsize=8192)

ELLIPSIS = "…"
# draw() from cached bitmaps; False: through ImageDraw.text every time, as before (for
# bench/render.py --compare; the pixels are the same)
CACHE = True


@memo
def width(text: str, kind: str, size: int) -> int:
    return round(font(kind, size).getlength(text))


def _break_word(word: str, kind: str, size: int, w: int) -> list[str]:
    parts, cur = [], ""
    for ch in word:
        if cur and width(cur + ch, kind, size) > w:
            parts.append(cur)
            cur = ch
        else:
            cur += ch
    return parts + [cur] if cur else parts


@memo
def wrap(text: str, kind: str, size: int, w: int) -> tuple[str, ...]:
    """Greedy word wrap to width w (a word longer than a line is broken)."""
    lines: list[str] = []
    cur = ""
    for word in text.split():
        cand = f"{cur} {word}" if cur else word
        if width(cand, kind, size) <= w:
            cur = cand
            continue
        if cur:
            lines.append(cur)
        if width(word, kind, size) <= w:
            cur = word
        else:
            *full, cur = _break_word(word, kind, size, w)
            lines.extend(full)
    if cur:
        lines.append(cur)
    return tuple(lines)


@memo
def ellipsize(text: str, kind: str, size: int, w: int) -> str:
    """text shortened with an ellipsis so it fits in w pixels."""
    if width(text, kind, size) <= w:
        return text
    lo, hi = 0, len(text)
    while lo < hi:
        mid = (lo + hi + 1) // 2
        if width(text[:mid].rstrip() + ELLIPSIS, kind, size) <= w:
            lo = mid
        else:
            hi = mid - 1
    return text[:lo].rstrip() + ELLIPSIS


@memo
def fit(text: str, kind: str, size: int, min_size: int, w: int, max_lines: int) -> tuple[int, tuple]:
    """The largest size in [min_size, size] at which text wraps into max_lines lines of width w;
    at min_size the last line is ellipsized. Returns (size, lines)."""
    lines: tuple[str, ...] | list[str]
    for sz in range(size, min_size - 1, -1):
        lines = wrap(text, kind, sz, w)
        if len(lines) <= max_lines:
            return sz, lines
    lines = list(wrap(text, kind, min_size, w))
    rest = " ".join(lines[max_lines - 1:])
    lines = lines[:max_lines - 1] + [ellipsize(rest + " " + ELLIPSIS, kind, min_size, w)]
    return min_size, tuple(lines)


@memo
def fit_line(text: str, kind: str, size: int, w: int, min_size: int) -> tuple[str, int]:
    """text on one line in w px: the largest size down to min_size, else shortened at min_size."""
    for sz in range(size, min_size - 1, -1):
        if width(text, kind, sz) <= w:
            return text, sz
    return ellipsize(text, kind, min_size, w), min_size


def fit_label(text: str, kind: str, size: int, min_size: int, w: int) -> tuple[int, tuple]:
    """A short label (a name) in width w: one line at the largest size in [min_size, size] that holds
    it, else two lines split between words (never inside one), else one line shortened at min_size.
    Returns (size, lines)."""
    sizes = range(size, min_size - 1, -1)
    for sz in sizes:
        if width(text, kind, sz) <= w:
            return sz, (text,)
    if len(text.split()) > 1:
        for sz in sizes:
            lines = wrap(text, kind, sz, w)
            if len(lines) == 2 and all(width(ln, kind, sz) <= w for ln in lines) and \
                    " ".join(lines).split() == text.split():
                return sz, lines
    return min_size, (ellipsize(text, kind, min_size, w),)


def draw_lines(d, xy, lines, kind: str, size: int, fill, spacing: float = 1.18, anchor: str = "la",
               align_w: int | None = None) -> int:
    """Draw lines from xy downwards (centred in align_w if given); returns the height used."""
    x, y = xy
    step = round(size * spacing)
    for i, ln in enumerate(lines):
        if align_w is not None:
            draw(d, (x + align_w / 2, y + i * step), ln, kind, size, fill, anchor="ma")
        else:
            draw(d, (x, y + i * step), ln, kind, size, fill, anchor=anchor)
    return step * len(lines)


@lru_cache(maxsize=8192)
def _bitmap(text: str, kind: str, size: int, anchor: str, stroke: int, start: tuple):
    """The text's coverage mask and its offset from the anchor point (FreeTypeFont.getmask2)."""
    return font(kind, size).getmask2(text, "L", None, None, None, stroke, anchor, 0, start,
                                     stroke_filled=True)


def draw(d, xy, text: str, kind: str, size: int, fill, anchor: str = "la", stroke_width: int = 0,
         stroke_fill=None) -> None:
    """d.text(xy, text, font=font(kind, size), fill=fill, anchor=anchor, stroke_width=...,
    stroke_fill=...) for one line of text, pixel for pixel, from cached bitmaps. The characters the
    font lacks (drawn as empty boxes) are noted on the image (render/glyphs.py)."""
    if not text:
        return
    note(d._image, missing(text, kind))
    x, y = xy
    start = (math.modf(x)[0], math.modf(y)[0])
    ix, iy = int(x), int(y)
    if isinstance(d._image, PalettedImage):  # (on a palette: blended in RGB by table, then mapped)
        img = d._image
        if stroke_width:
            mask, (ox, oy) = _bitmap(text, kind, size, anchor, stroke_width, start)
            img.text_mask((ix + ox, iy + oy), mask, stroke_fill if stroke_fill is not None else fill)
            if stroke_fill is None or stroke_fill == fill:
                return
        mask, (ox, oy) = _bitmap(text, kind, size, anchor, 0, start)
        img.text_mask((ix + ox, iy + oy), mask, fill)
        return
    if not CACHE:
        d.text(xy, text, font=font(kind, size), fill=fill, anchor=anchor, stroke_width=stroke_width,
               stroke_fill=stroke_fill)
        return
    ink = d._getink(fill)[0]
    if stroke_width:
        sink = d._getink(stroke_fill)[0] if stroke_fill is not None else ink
        mask, (ox, oy) = _bitmap(text, kind, size, anchor, stroke_width, start)
        d.draw.draw_bitmap((ix + ox, iy + oy), mask, sink)
        if ink == sink:
            return
    mask, (ox, oy) = _bitmap(text, kind, size, anchor, 0, start)
    d.draw.draw_bitmap((ix + ox, iy + oy), mask, ink)


def ink_box(xy, text: str, kind: str, size: int, anchor: str = "la") -> tuple:
    """The box the text's ink covers when drawn at xy with that anchor."""
    x0, y0, x1, y1 = font(kind, size).getbbox(text, anchor=anchor)
    return (xy[0] + x0, xy[1] + y0, xy[0] + x1, xy[1] + y1)


@lru_cache(maxsize=4096)
def clean(text: str, kind: str = "cond") -> str:
    """text without the characters font `kind` cannot draw (emoji, CJK... would show as boxes),
    spaces collapsed. May return "" (the caller then shows a stand-in)."""
    text = unicodedata.normalize("NFC", text)
    have = covers(kind)
    out = "".join(ch if ord(ch) in have or ch == " " else " " for ch in text if ch not in "\u200d\ufe0f")
    return " ".join(out.split())


def player_name(p: dict) -> str:
    """A player's name as the fonts can draw it (emoji and scripts they lack dropped), or
    "Player N" if nothing of it is left."""
    from i18n import _
    return clean(p["name"], "bold") or _("Player {n}", n=p["seat"] + 1)
