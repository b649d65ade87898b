"""Hexholm's board drawn (the pictures' biggest part): pointy hexes in rows, odd rows shifted half a hex right,
each terrain a flat colour (the legend names them), keeps as towers, locations as a two-letter mark with a pip
per tile left, settlements as each seat's colour and shape (render.style.PLAYERS: colour-blind safe). The
whole board (`board`) or a window of it (`window`: a decision's crop), with hexes labelled (the decision's
letters) and outlined (this turn's settlements). The terrain layer of a board is drawn once per size and kept."""

import math
import threading
from collections import OrderedDict
from collections.abc import Sequence

from PIL import Image, ImageDraw

from render import style
from render import text as T
from render.canvas import Canvas

from .lang import p_
from .rules.board import COL, ROW
from .rules.constants import HEXES, KEEP, LAKE, LETTER_LOCATION, PEAKS, SIDE

SQRT3 = math.sqrt(3)
INK = (38, 32, 26)
INK_SOFT = (96, 86, 74)
EDGE = (70, 60, 50)
PAPER = (244, 239, 228)
GOLD = (236, 190, 60)
GOLD_DARK = (150, 106, 20)
LABEL_BG = (255, 255, 255)
LABEL_EDGE = (20, 20, 20)
FILL = {"g": (164, 206, 110), "c": (205, 140, 96), "d": (240, 214, 128), "f": (216, 160, 214), "t": (66, 128, 76),
        "w": (96, 164, 222), "m": (140, 140, 146), "k": (214, 206, 190)}
LOCATION_FILL = (250, 244, 226)
MARK_INK = {"g": INK, "c": INK, "d": INK, "f": INK, "t": (250, 250, 250), "w": INK, "m": INK}


def location_mark(kind: str) -> str:
    """A location's two-letter mark on the board (the legend says which is which)."""
    return {"shrine": p_("location mark", "Sh"), "granary": p_("location mark", "Gr"),
            "well": p_("location mark", "We"), "watchtower": p_("location mark", "Wt"),
            "inn": p_("location mark", "In"), "stable": p_("location mark", "St"),
            "jetty": p_("location mark", "Je"), "corral": p_("location mark", "Co")}[kind]


class Grid:
    """Where each hex of a window of the board is drawn: `w` the hex's width (flat side to flat side)."""

    def __init__(self, r0: int, r1: int, c0: int, c1: int, w: float, x0: float, y0: float):
        self.r0, self.r1, self.c0, self.c1 = r0, r1, c0, c1
        self.w = w
        self.size = w / SQRT3          # centre to corner
        self.x0, self.y0 = x0, y0

    def hexes(self) -> list[int]:
        return [r * SIDE + c for r in range(self.r0, self.r1 + 1) for c in range(self.c0, self.c1 + 1)]

    def centre(self, h: int) -> tuple[float, float]:
        r, c = ROW[h], COL[h]
        x = self.x0 + (c - self.c0) * self.w + self.w / 2 + (self.w / 2 if r % 2 else 0)
        y = self.y0 + self.size + (r - self.r0) * 1.5 * self.size
        return x, y

    def corners(self, h: int, shrink: float = 0.0) -> list[tuple[float, float]]:
        cx, cy = self.centre(h)
        s = self.size - shrink
        return [(cx + s * math.cos(math.radians(60 * i - 30)), cy + s * math.sin(math.radians(60 * i - 30)))
                for i in range(6)]

    @property
    def width(self) -> int:
        return int(math.ceil((self.c1 - self.c0 + 1.5) * self.w))

    @property
    def height(self) -> int:
        return int(math.ceil((self.r1 - self.r0) * 1.5 * self.size + 2 * self.size))


def whole(w: float) -> Grid:
    return Grid(0, SIDE - 1, 0, SIDE - 1, w, 0, 0)


def lru(size: int):
    """Memoise a pure function of hashable arguments, keeping the `size` last used (a worker draws many games'
    boards over its life: each layer is a megabyte or two)."""
    def wrap(fn):
        cache: OrderedDict = OrderedDict()
        lock = threading.Lock()

        def cached(*args):
            with lock:
                if args in cache:
                    cache.move_to_end(args)
                    return cache[args]
            value = fn(*args)
            with lock:
                cache[args] = value
                while len(cache) > size:
                    cache.popitem(last=False)
            return value
        return cached
    return wrap


@lru(48)
def _terrain_layer(text: str, r0: int, r1: int, c0: int, c1: int, w: float, lang: str,
                   bg: tuple[int, int, int]) -> tuple[Image.Image, int]:
    """The window's hexes in their terrain's colour, keeps and location marks on `bg` (RGB: pasted whole), and
    the smallest text."""
    g = Grid(r0, r1, c0, c1, w, 0, 0)
    img = Image.new("RGB", (g.width, g.height), bg)
    cv = Canvas(img)
    d = ImageDraw.Draw(img)
    mark_size = max(18, int(g.w * 0.46))
    for h in g.hexes():
        ch = text[h]
        kind = LETTER_LOCATION.get(ch)
        fill = LOCATION_FILL if kind else FILL[ch]
        d.polygon(g.corners(h), fill=fill, outline=EDGE)
        cx, cy = g.centre(h)
        s = g.size
        if ch == PEAKS:
            d.polygon([(cx - s * 0.55, cy + s * 0.4), (cx, cy - s * 0.5), (cx + s * 0.55, cy + s * 0.4)],
                      fill=(96, 96, 104), outline=(60, 60, 66))
            d.polygon([(cx - s * 0.16, cy - s * 0.22), (cx, cy - s * 0.5), (cx + s * 0.16, cy - s * 0.22)],
                      fill=(245, 245, 245))
        elif ch == LAKE:
            for k in (-1, 1):
                y = cy + k * s * 0.22
                d.arc((cx - s * 0.5, y - s * 0.16, cx, y + s * 0.16), 200, 340, fill=(235, 245, 255), width=2)
                d.arc((cx, y - s * 0.16, cx + s * 0.5, y + s * 0.16), 200, 340, fill=(235, 245, 255), width=2)
        elif ch == KEEP:
            tower(d, cx, cy, s)
        elif kind is not None:
            cv.text((cx, cy - s * 0.12), location_mark(kind), "condbold", mark_size, INK, anchor="mm")
    return img, cv.min_px or 0


def tower(d: ImageDraw.ImageDraw, cx: float, cy: float, s: float) -> None:
    """A keep: a crenellated tower."""
    w, h = s * 0.9, s * 0.95
    x0, y0 = cx - w / 2, cy - h / 2
    d.rectangle((x0, y0 + h * 0.22, x0 + w, y0 + h), fill=(110, 100, 92), outline=(50, 44, 40), width=2)
    for i in range(3):
        bx = x0 + i * w * 0.4
        d.rectangle((bx, y0, bx + w * 0.2, y0 + h * 0.25), fill=(110, 100, 92), outline=(50, 44, 40), width=2)
    d.rectangle((cx - w * 0.12, y0 + h * 0.6, cx + w * 0.12, y0 + h), fill=(40, 34, 30))


def _shape(kind: str, cx: float, cy: float, r: float) -> list[tuple[float, float]]:
    if kind == "triangle":
        return [(cx, cy - r), (cx + r, cy + r), (cx - r, cy + r)]
    return [(cx, cy - r), (cx + r, cy), (cx, cy + r), (cx - r, cy)]


def settlement(d: ImageDraw.ImageDraw, seat: int, cx: float, cy: float, s: float) -> None:
    """A seat's settlement: its colour and shape (render.style.PLAYERS), white-edged. Polygons are filled twice
    (the edge, then the inside) rather than stroked: a wide stroke makes Pillow draw a mask of the whole
    picture each time."""
    p = style.PLAYERS[seat % len(style.PLAYERS)]
    r = s * 0.5
    w = max(2, int(s / 9))
    if p["shape"] in ("circle", "square"):
        style.shape(d, p["shape"], (cx - r, cy - r, cx + r, cy + r), p["fill"], (255, 255, 255), w)
        return
    d.polygon(_shape(p["shape"], cx, cy, r + w * 0.8), fill=(255, 255, 255))
    d.polygon(_shape(p["shape"], cx, cy, r - w * 0.6), fill=p["fill"])


def outline(d: ImageDraw.ImageDraw, points: list[tuple[float, float]], fill, width: int) -> None:
    """A closed outline as lines (a polygon's wide stroke draws a mask of the whole picture)."""
    d.line([*points, points[0], points[1]], fill=fill, width=width, joint="curve")


def draw(cv: Canvas, g: Grid, view: dict, labels: Sequence[Sequence] = (), ring: Sequence[int] = (),
         lang: str = "", bg: tuple[int, int, int] = PAPER) -> None:
    """The window `g` of the board of `view` on the canvas (whose colour there is `bg`): terrains, keeps,
    locations with their tiles left, settlements; `labels`: [hex, text] drawn as badges; `ring`: hexes outlined
    (this turn's)."""
    layer, px = _terrain_layer(view["board"], g.r0, g.r1, g.c0, g.c1, g.w, lang, bg)
    cv.img.paste(layer, (int(g.x0), int(g.y0)))
    cv.record(px)
    d = cv.d
    inside = set(g.hexes())
    left = {loc["hex"]: loc["left"] for loc in view["locations"]}
    for h, n in left.items():
        if h in inside:
            cx, cy = g.centre(h)
            s = g.size
            pr = max(3.0, s * 0.14)
            for i in range(2):
                px_ = cx + (i - 0.5) * pr * 2.8
                fill = GOLD if i < n else (210, 204, 190)
                d.ellipse((px_ - pr, cy + s * 0.42 - pr, px_ + pr, cy + s * 0.42 + pr), fill=fill,
                          outline=GOLD_DARK if i < n else (160, 150, 140))
    owner = view["owner"]
    for h in inside:
        if owner[h] >= 0:
            cx, cy = g.centre(h)
            settlement(d, owner[h], cx, cy, g.size)
    for h in ring:
        if h in inside:
            outline(d, g.corners(h, g.size * 0.08), (255, 255, 255), max(2, int(g.w / 10)))
            outline(d, g.corners(h, g.size * 0.2), INK, max(1, int(g.w / 22)))
    size = max(18, int(g.w * 0.42))
    for h, text in labels:
        if h not in inside:
            continue
        cx, cy = g.centre(h)
        tw = T.width(str(text), "bold", size) + size * 0.5
        th = size * 1.15
        edge, ew = LABEL_EDGE, 2
        if owner[h] >= 0:  # a settlement's label: up on its hex, edged in its colour, the settlement seen below
            cy -= g.size * 0.5
            edge, ew = style.PLAYERS[owner[h] % len(style.PLAYERS)]["fill"], 4
        d.rounded_rectangle((cx - tw / 2, cy - th / 2, cx + tw / 2, cy + th / 2), radius=int(th / 3),
                            fill=LABEL_BG, outline=edge, width=ew)
        cv.text((cx, cy), str(text), "bold", size, INK, anchor="mm")


def window(labelled: Sequence[int], width: int, max_w: float, min_rows: int = 7) -> Grid:
    """A window of the board around `labelled` hexes (2 hexes of room around them), as wide as `width` px allows
    with hexes at most max_w wide: narrower crops show more of the board beside them."""
    rows = [ROW[h] for h in labelled] or [0, SIDE - 1]
    cols = [COL[h] for h in labelled] or [0, SIDE - 1]
    r0, r1 = max(0, min(rows) - 2), min(SIDE - 1, max(rows) + 2)
    c0, c1 = max(0, min(cols) - 2), min(SIDE - 1, max(cols) + 2)
    w = min(max_w, width / (c1 - c0 + 1.5))
    want = int(width / w - 1.5) + 1  # columns the width holds at this hex size
    while c1 - c0 + 1 < min(want, SIDE):
        if c0 > 0 and (c1 == SIDE - 1 or (c1 - c0) % 2 == 0):
            c0 -= 1
        else:
            c1 += 1
    while r1 - r0 + 1 < min(min_rows, SIDE):
        if r0 > 0 and (r1 == SIDE - 1 or (r1 - r0) % 2 == 0):
            r0 -= 1
        else:
            r1 += 1
    w = width / (c1 - c0 + 1.5)
    return Grid(r0, r1, c0, c1, w, 0, 0)


def every_hex() -> range:
    return range(HEXES)
