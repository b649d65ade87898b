"""Drawing helpers every game's pictures share: memoised layers (per language for words), alpha
compositing, colour blends, and the seat colours and shapes (colour-blind safe: a shape and a number
go with each colour)."""

import functools
import threading
from typing import TypedDict

from PIL import ImageDraw

from .glyphs import carry

INK = (38, 25, 14)


class Seat(TypedDict):
    """One entry of PLAYERS: RGB colours and the name of a shape()."""
    fill: tuple[int, int, int]
    text: tuple[int, int, int]
    shape: str
    tint: tuple[int, int, int]


# seat colours (Okabe-Ito, colour-blind safe) plus a shape and the seat number
PLAYERS: tuple[Seat, ...] = (
    {"fill": (0, 114, 178), "text": (255, 255, 255), "shape": "circle", "tint": (214, 232, 244)},
    {"fill": (230, 159, 0), "text": (38, 25, 14), "shape": "square", "tint": (250, 234, 196)},
    {"fill": (0, 158, 115), "text": (255, 255, 255), "shape": "triangle", "tint": (206, 238, 226)},
    {"fill": (204, 121, 167), "text": (38, 25, 14), "shape": "diamond", "tint": (244, 222, 234)},
)


def memo(fn):
    """Memoise a pure function of hashable arguments; creation is guarded by a lock, the cached
    values (images, layouts) are only read afterwards, so callers never modify them."""
    cache: dict = {}
    lock = threading.RLock()

    @functools.wraps(fn)
    def wrapper(*args):
        try:
            return cache[args]
        except KeyError:
            pass
        with lock:
            if args not in cache:
                cache[args] = fn(*args)
            return cache[args]
    wrapper.cache = cache  # type: ignore[attr-defined]
    return wrapper


def memo_text(fn):
    """memo for drawings that hold words: cached per language (i18n.current())."""
    from i18n import current

    cached = memo(lambda locale, *args: fn(*args))

    @functools.wraps(fn)
    def wrapper(*args):
        return cached(current(), *args)
    wrapper.cache = cached.cache  # type: ignore[attr-defined]
    return wrapper


def overlay(dst, src, xy) -> None:
    """Draw src (RGBA) over dst with its top-left corner at xy. On an RGBA dst (a cached layer)
    this is alpha compositing: Image.paste would blend the alpha channel too and leave
    see-through fringes around anti-aliased edges. What src's texts lacked glyphs for, dst shows
    (render/glyphs.py)."""
    x, y = round(xy[0]), round(xy[1])
    if dst.mode == "RGBA" and x >= 0 and y >= 0:
        dst.alpha_composite(src, (x, y))
    else:
        dst.paste(src, (x, y), src)
    carry(dst, src)


def mix(a, b, t: float):
    """Blend colour a toward b by t (0..1)."""
    return tuple(round(x + (y - x) * t) for x, y in zip(a, b, strict=False))


def shape(d: ImageDraw.ImageDraw, kind: str, box, fill, outline=INK, width: int = 2) -> None:
    """Seat marker shapes: circle, square, triangle, diamond (inside box)."""
    x0, y0, x1, y1 = box
    cx, cy = (x0 + x1) / 2, (y0 + y1) / 2
    if kind == "circle":
        d.ellipse(box, fill=fill, outline=outline, width=width)
    elif kind == "square":
        d.rounded_rectangle(box, radius=max(2, (x1 - x0) // 8), fill=fill, outline=outline, width=width)
    elif kind == "triangle":
        d.polygon([(cx, y0), (x1, y1), (x0, y1)], fill=fill, outline=outline, width=width)
    else:
        d.polygon([(cx, y0), (x1, cy), (cx, y1), (x0, cy)], fill=fill, outline=outline, width=width)
