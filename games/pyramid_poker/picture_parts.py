"""The common pieces of Pyramid Poker's pictures (pictures.py): the size and colours, fitted texts, the title
band, the story band, names and seat marks. Every text here is essential: at least MIN px (9 px when a phone
shows an 800 px picture 400 px wide)."""

import builtins
from collections.abc import Sequence

from PIL import Image

from render import text as T
from render.canvas import Canvas
from render.style import PLAYERS, shape

from .lang import _
from .rules.constants import TARGETS

W = 800            # every picture: a phone shows it about 400 px wide
M = 16             # outer margin
MIN = 18           # the smallest essential text
TITLE_H = 60
FELT = (28, 82, 60)            # the table
FELT_DARK = (20, 60, 44)
FELT_LINE = (58, 116, 90)      # an empty spot's outline on the felt
TITLE_BG = (16, 40, 30)
TITLE_INK = (246, 240, 224)
PANEL = (250, 247, 238)
PANEL_EDGE = (196, 186, 160)
INK = (30, 26, 22)
INK_SOFT = (104, 96, 84)
ON_FELT = (236, 230, 210)      # text on the felt
ON_FELT_SOFT = (178, 204, 188)
GOLD = (246, 196, 48)
GOLD_DARK = (150, 104, 0)
WIN = (255, 238, 176)          # a winner's panel
TIE = (226, 226, 226)
YOU = (255, 214, 64)
BADGE = (255, 214, 64)         # a numbered choice
rounded = builtins.round       # (pictures.round is the protocol's picture)


def canvas(h: int, w: int = W, bg=FELT) -> Canvas:
    return Canvas(Image.new("RGB", (w, h), bg))


def fitted(text: str, kind: str, size: int, w: int, min_size: int = MIN) -> tuple[str, int]:
    """text on one line in w px, never under this game's smallest size (render.text.fit_line)."""
    return T.fit_line(text, kind, size, w, min_size)


def put(cv: Canvas, xy, text: str, kind: str, size: int, fill, w: int, anchor: str = "lm") -> int:
    """A one-line text fitted into w px, never under this game's smallest size; returns its width."""
    return cv.put(xy, text, kind, size, fill, w, MIN, anchor)


def put_first(cv: Canvas, xy, texts: Sequence[str], kind: str, size: int, fill, w: int, anchor: str = "lm") -> int:
    """The first of `texts` (most detailed first) that fits in w px at MIN px or more; else the last, fitted."""
    for text in texts:
        s, sz = fitted(text, kind, size, w)
        if s == text:
            cv.text(xy, s, kind, sz, fill, anchor=anchor)
            return T.width(s, kind, sz)
    return put(cv, xy, texts[-1], kind, size, fill, w, anchor)


def seat_fill(seat: int | None):
    return PLAYERS[seat % len(PLAYERS)]["fill"] if seat is not None else (92, 92, 100)


def seat_mark(cv: Canvas, seat: int, cx: float, cy: float, r: float) -> None:
    """The seat's colour in its shape (colour-blind safe: seat 0 a circle, seat 1 a square)."""
    p = PLAYERS[seat % len(PLAYERS)]
    shape(cv.d, p["shape"], (cx - r, cy - r, cx + r, cy + r), p["fill"], outline=INK, width=2)


def names_of(state: dict) -> list[str]:
    """Each seat's name as the fonts can draw it ("Player N" if nothing of it is left)."""
    names = list(state["config"].get("names") or [])
    return [T.player_name({"name": names[s] if s < len(names) else "", "seat": s}) for s in range(2)]


def title_band(cv: Canvas, title: str, right: str = "") -> None:
    cv.title_band(title, right, TITLE_H, TITLE_BG, TITLE_INK, 28, 330, MIN, M)


def match_label(state: dict) -> str:
    """What the match is: "first to win 2 of 3 hands" (basic) or "game 2 · first to 7 points"."""
    kind = state["config"]["match"]
    if kind not in TARGETS:
        return _("first to win 2 of 3 hands")
    if state["stage"] == "over":
        return _("a match to {n} points", n=TARGETS[kind])
    return _("game {n} · first to {target} points", n=state["game"], target=TARGETS[kind])


def you_tag(cv: Canvas, x: float, cy: float) -> int:
    """The "you" mark with its left end at x (centred on cy); returns its width."""
    return cv.tag(x, cy, _("you"), YOU, INK, MIN)


def tag(cv: Canvas, x: float, cy: float, label: str, fill, ink=INK, right: bool = False) -> int:
    """A small rounded label starting at x (ending at x when right), centred on cy; returns its width."""
    w = T.width(label, "condbold", MIN) + 16
    x0 = x - w if right else x
    cv.d.rounded_rectangle((x0, cy - 14, x0 + w, cy + 14), radius=14, fill=fill, outline=INK, width=2)
    cv.text((x0 + w / 2, cy), label, "condbold", MIN, ink, anchor="mm")
    return w


def star(cv: Canvas, cx: float, cy: float, r: float, fill=GOLD, outline=GOLD_DARK) -> None:
    cv.d.polygon(star_points(cx, cy, r, r * 0.45), fill=fill, outline=outline, width=2)


def star_points(cx: float, cy: float, r: float, r_in: float) -> list[tuple[float, float]]:
    import math
    pts = []
    for k in range(10):
        a = -math.pi / 2 + k * math.pi / 5
        rr = r if k % 2 == 0 else r_in
        pts.append((cx + rr * math.cos(a), cy + rr * math.sin(a)))
    return pts


# ---- the story band ---------------------------------------------------------------------------------
def story(lines: Sequence[str], w: int = W - 2 * M) -> list[tuple[int, tuple[str, ...]]]:
    """What happened, as the fonts can draw it (emoji dropped): up to 3 texts, each in at most 2 lines."""
    out = []
    for raw in list(lines)[:3]:
        text = T.clean(str(raw), "cond")
        if text:
            out.append(T.fit(text, "cond", 22, MIN, w, 2))
    return out


def story_h(st) -> int:
    return sum(rounded(size * 1.22) * len(ls) for size, ls in st) + (20 if st else 0)


def draw_story(cv: Canvas, y: int, st) -> int:
    """The story band at y (a light band under the title); returns its height."""
    h = story_h(st)
    if not st:
        return 0
    cv.d.rectangle((0, y, cv.img.width, y + h), fill=PANEL)
    ty = y + 10
    for size, ls in st:
        for ln in ls:
            cv.text((M, ty), ln, "cond", size, INK, anchor="la")
            ty += rounded(size * 1.22)
    return h
