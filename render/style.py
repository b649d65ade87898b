"""Palette, player and dice colours, and small drawing helpers shared by every image."""

import functools
import threading

from PIL import ImageDraw

from i18n import N_

# warm frontier palette: dark wood frame, parchment panels, ink text
WOOD = (74, 46, 27)
WOOD_DARK = (52, 32, 18)
WOOD_LINE = (64, 40, 23)
PARCHMENT = (244, 232, 204)
PARCHMENT_DARK = (229, 211, 172)
CARD = (255, 250, 236)
CARD_BAND = (232, 210, 163)
INK = (38, 25, 14)
INK_SOFT = (98, 74, 50)
RULE = (176, 146, 100)
CREAM = (250, 240, 215)
GOLD = (226, 172, 38)
GOLD_DARK = (128, 86, 8)
RUST = (160, 54, 28)
HIGHLIGHT = (255, 196, 40)
EMPTY = (236, 222, 190)
EMPTY_LINE = (190, 166, 124)

# the five dice colours, each with a letter for colour-blind players
DICE = {
    "blue": {"fill": (38, 98, 178), "text": (255, 255, 255), "letter": "B"},
    "red": {"fill": (190, 44, 36), "text": (255, 255, 255), "letter": "R"},
    "yellow": {"fill": (244, 196, 48), "text": (38, 25, 14), "letter": "Y"},
    "green": {"fill": (44, 132, 62), "text": (255, 255, 255), "letter": "G"},
    "black": {"fill": (36, 36, 38), "text": (255, 255, 255), "letter": "K"},
}

# seat colours (Okabe-Ito, colour-blind safe) plus a shape and the seat number
PLAYERS = (
    {"fill": (0, 114, 178), "text": (255, 255, 255), "shape": "circle", "tint": (214, 232, 244)},
    {"fill": (230, 159, 0), "text": (38, 25, 14), "shape": "square", "tint": (250, 234, 196)},
    {"fill": (0, 158, 115), "text": (255, 255, 255), "shape": "triangle", "tint": (206, 238, 226)},
    {"fill": (204, 121, 167), "text": (38, 25, 14), "shape": "diamond", "tint": (244, 222, 234)},
)

# one colour per results category (stacked bar), with the category label (translate with _())
CATEGORY = {
    "gold": (N_("Gold"), (226, 172, 38)),
    "favors": (N_("Favors"), (170, 44, 56)),
    "majority": (N_("Favor majority"), (222, 110, 120)),
    "townsfolk": (N_("Townsfolk"), (0, 114, 178)),
    "equipment": (N_("Equipment"), (110, 124, 140)),
    "game": (N_("During the game"), (0, 158, 115)),
    "damage": (N_("Damage"), (160, 54, 28)),
}


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
    wrapper.cache = cache
    return wrapper


def memo_text(fn):
    """memo for drawings that hold words: cached per language (i18n.current())."""
    from i18n import current

    cached = memo(lambda locale, *args: fn(*args))

    @functools.wraps(fn)
    def wrapper(*args):
        return cached(current(), *args)
    wrapper.cache = cached.cache
    return wrapper


def overlay(dst, src, xy) -> None:
    """Draw src (RGBA) over dst with its top-left corner at xy. On an RGBA dst (a cached layer)
    this is alpha compositing: Image.paste would blend the alpha channel too and leave
    see-through fringes around anti-aliased edges."""
    x, y = round(xy[0]), round(xy[1])
    if dst.mode == "RGBA" and x >= 0 and y >= 0:
        dst.alpha_composite(src, (x, y))
    else:
        dst.paste(src, (x, y), src)


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
