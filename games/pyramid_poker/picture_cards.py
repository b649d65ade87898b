"""Pyramid Poker's cards, drawn (our own drawing): a face (big rank and suit, red hearts and diamonds, black
spades and clubs), the jokers (a star, red for X1, black for X2), a back in its owner's seat colour (with the
seat's shape: colour-blind safe), a one-line chip ("Q♥") for rows of many cards, an empty place."""

from render import text as T
from render.canvas import Canvas
from render.style import PLAYERS, mix, shape

from .picture_parts import INK, rounded, star_points
from .rules.cards import is_joker

SUIT = {"S": "♠", "H": "♥", "D": "♦", "C": "♣"}
RED = (198, 28, 44)
BLACK = (24, 24, 28)
FACE = (255, 255, 252)
FACE_EDGE = (120, 112, 100)
STOCK = (88, 84, 110)          # a back that is nobody's (the stock)


def rank_text(code: str) -> str:
    return "10" if code[0] == "T" else code[0]


def suit_ink(code: str):
    return RED if code[1] in "HD" else BLACK


def label(code: str) -> str:
    """"Q♥", "10♠"; a joker "★"."""
    return "★" if is_joker(code) else rank_text(code) + SUIT[code[1]]


def _rank_kind(code: str) -> str:
    return "condbold" if code[0] == "T" else "bold"


def _radius(w: float) -> int:
    return max(4, round(w * 0.1))


def face(cv: Canvas, box, code: str, edge=None, edge_w: int = 0) -> None:
    """A card face up in box; `edge`: a coloured frame (its owner's colour) of edge_w px."""
    x0, y0, x1, y1 = box
    w, h = x1 - x0, y1 - y0
    d = cv.d
    if edge is not None and edge_w:
        d.rounded_rectangle(box, radius=_radius(w), fill=edge, outline=INK, width=1)
        inner = (x0 + edge_w, y0 + edge_w, x1 - edge_w, y1 - edge_w)
        d.rounded_rectangle(inner, radius=max(3, _radius(w) - edge_w // 2), fill=FACE)
        x0, y0, x1, y1 = inner
        w, h = x1 - x0, y1 - y0
    else:
        d.rounded_rectangle(box, radius=_radius(w), fill=FACE, outline=FACE_EDGE, width=2)
    if is_joker(code):
        _joker(cv, (x0, y0, x1, y1), code)
        return
    ink = suit_ink(code)
    rk, kind, suit = rank_text(code), _rank_kind(code), SUIT[code[1]]
    if w >= 66:  # a corner index (rank over a small suit) and a big suit
        rs = max(18, rounded(w * 0.4))
        pad = max(5, rounded(w * 0.07))
        cv.text((x0 + pad, y0 + pad - 2), rk, kind, rs, ink, anchor="la")
        rw = T.width(rk, kind, rs)
        ss = max(18, rounded(w * 0.27))
        cv.text((x0 + pad + rw / 2, y0 + pad + rs), suit, "bold", ss, ink, anchor="ma")
        big = max(18, rounded(min(w * 0.62, h * 0.5)))
        cv.text((x1 - w * 0.34, y1 - h * 0.3), suit, "bold", big, ink, anchor="mm")
    else:  # a small card: rank above suit, both as big as the card allows
        rs = max(18, rounded(min(w * 0.54, h * 0.36)))
        cv.text(((x0 + x1) / 2, y0 + h * 0.3), rk, kind, rs, ink, anchor="mm")
        ss = max(18, rounded(min(w * 0.52, h * 0.34)))
        cv.text(((x0 + x1) / 2, y0 + h * 0.72), suit, "bold", ss, ink, anchor="mm")


def _joker(cv: Canvas, box, code: str) -> None:
    x0, y0, x1, y1 = box
    w, h = x1 - x0, y1 - y0
    ink = RED if code == "X1" else BLACK
    d = cv.d
    d.rounded_rectangle((x0 + 3, y0 + 3, x1 - 3, y1 - 3), radius=max(3, _radius(w) - 2), outline=mix(ink, FACE, 0.6),
                        width=2)
    word = w >= 66 and h >= 80
    cy = y0 + h * (0.42 if word else 0.5)
    r = min(w, h) * (0.34 if word else 0.38)
    d.polygon(star_points((x0 + x1) / 2, cy, r, r * 0.45), fill=ink)
    d.ellipse(((x0 + x1) / 2 - r * 0.16, cy - r * 0.16, (x0 + x1) / 2 + r * 0.16, cy + r * 0.16), fill=FACE)
    if word:
        size = max(18, min(22, rounded(w * 0.24)))
        cv.text(((x0 + x1) / 2, y1 - 6), "JOKER", "condbold", size, ink, anchor="md")


def back(cv: Canvas, box, owner: int | None) -> None:
    """A card face down: its owner's colour (the stock's: a neutral one), a lattice and the seat's shape."""
    x0, y0, x1, y1 = box
    w, h = x1 - x0, y1 - y0
    fill = PLAYERS[owner % len(PLAYERS)]["fill"] if owner is not None else STOCK
    light = mix(fill, (255, 255, 255), 0.28)
    d = cv.d
    d.rounded_rectangle(box, radius=_radius(w), fill=fill, outline=INK, width=2)
    m = max(3, rounded(w * 0.09))
    ix0, iy0, ix1, iy1 = x0 + m, y0 + m, x1 - m, y1 - m
    step = max(7, rounded(w * 0.16))
    k = -int(iy1 - iy0)
    while k < ix1 - ix0:  # a lattice of diagonals, clipped to the inner frame
        for sign in (1, -1):
            pts = []
            for t in (0.0, 1.0):
                yy = iy0 + t * (iy1 - iy0)
                xx = ix0 + k + (yy - iy0) if sign == 1 else ix1 - k - (yy - iy0)
                pts.append((xx, yy))
            (ax, ay), (bx, by) = pts
            # clip the segment to [ix0, ix1]
            seg = _clip(ax, ay, bx, by, ix0, ix1)
            if seg:
                d.line(seg, fill=light, width=1)
        k += step
    d.rounded_rectangle((ix0, iy0, ix1, iy1), radius=max(2, _radius(w) - m // 2), outline=light, width=2)
    if owner is not None:
        r = min(w, h) * 0.2
        cx, cy = (x0 + x1) / 2, (y0 + y1) / 2
        p = PLAYERS[owner % len(PLAYERS)]
        d.ellipse((cx - r * 1.45, cy - r * 1.45, cx + r * 1.45, cy + r * 1.45), fill=fill)
        shape(d, p["shape"], (cx - r, cy - r, cx + r, cy + r), (255, 255, 255), outline=INK, width=2)


def _clip(ax, ay, bx, by, lo, hi):
    """The segment a-b cut to lo <= x <= hi (None when outside)."""
    if ax == bx:
        return (ax, ay, bx, by) if lo <= ax <= hi else None
    t0, t1 = 0.0, 1.0
    for edge, inside_low in ((lo, True), (hi, False)):
        ta = (edge - ax) / (bx - ax)
        if (bx > ax) == inside_low:
            t0 = max(t0, ta)
        else:
            t1 = min(t1, ta)
    if t0 >= t1:
        return None
    return (ax + t0 * (bx - ax), ay + t0 * (by - ay), ax + t1 * (bx - ax), ay + t1 * (by - ay))


def card(cv: Canvas, box, code: str | None, owner: int | None = None, edge=None, edge_w: int = 0) -> None:
    """A face (code known) or a back (None) in box."""
    if code is None:
        back(cv, box, owner)
    else:
        face(cv, box, code, edge, edge_w)


def slot(cv: Canvas, box, outline, fill=None) -> None:
    """An empty place for a card."""
    x0, _y0, x1, _y1 = box
    cv.d.rounded_rectangle(box, radius=_radius(x1 - x0), fill=fill, outline=outline, width=2)


CHIP_W, CHIP_H = 50, 32


def chip(cv: Canvas, x: float, y: float, code: str | None, owner: int | None = None, w: int = CHIP_W,
         h: int = CHIP_H) -> None:
    """A card as a one-line token at (x, y) (top left): "Q♥" on white, a joker's star, or a small back."""
    box = (x, y, x + w, y + h)
    if code is None:
        back(cv, box, owner)
        return
    d = cv.d
    d.rounded_rectangle(box, radius=6, fill=FACE, outline=FACE_EDGE, width=2)
    if is_joker(code):
        ink = RED if code == "X1" else BLACK
        r = h * 0.36
        d.polygon(star_points(x + w / 2, y + h / 2 + 1, r, r * 0.45), fill=ink)
        return
    text = label(code)
    kind = _rank_kind(code)
    size = 22
    while size > 18 and T.width(text, kind, size) > w - 6:
        size -= 1
    cv.text((x + w / 2, y + h / 2 + 1), text, kind, size, suit_ink(code), anchor="mm")
