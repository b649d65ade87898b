"""A player's map for Next Station's pictures (pictures.py): the lattice, the districts, the river, the
stations, the departures and the lines drawn, each line in its pencil colour and with a pattern of its own
(colour is never the only cue); on request, the districts one line passes through, numbered (R25: a disc in
the line's colour where it has a station, a white one where it only crosses). Drawn at twice the size and
halved (smooth edges); the parts that depend only on the map are cached (render.style.memo: built under a
lock, only read afterwards)."""

import math
from collections.abc import Sequence

from PIL import Image, ImageDraw

from render import text as T
from render.canvas import Canvas
from render.style import memo

from .rules import scoring
from .rules.constants import ANY, COLOURS, SIZE
from .rules.maps import Map, district_of, load

SS = 2  # drawn at SS x the size, then reduced: anti-aliased edges

RGB = tuple[int, int, int]
PAPER: RGB = (247, 243, 234)
INK: RGB = (34, 34, 42)
INK_SOFT: RGB = (92, 90, 100)
WHITE: RGB = (255, 255, 255)
GOLD: RGB = (244, 184, 28)
GOLD_DARK: RGB = (146, 98, 0)
HALO: RGB = (255, 226, 110)
BADGE: RGB = (24, 24, 30)
TARGET: RGB = (255, 204, 0)
# districts: a checker of two tints, the centre and the four corners each their own
TINT_A: RGB = (236, 229, 208)
TINT_B: RGB = (246, 242, 230)
CENTRE: RGB = (251, 218, 190)
CORNER: RGB = (214, 222, 242)
BORDER: RGB = (168, 154, 124)
GRID: RGB = (216, 207, 186)
RIVER: RGB = (150, 198, 236)
RIVER_EDGE: RGB = (92, 156, 212)

# the pencils (Okabe-Ito colours, safe for colour-blind eyes), the ink readable on each, and a pattern each
LINE: dict[str, RGB] = {"blue": (0, 114, 178), "pink": (204, 121, 167), "green": (0, 158, 115),
                        "orange": (230, 159, 0)}
ON_LINE: dict[str, RGB] = {"blue": WHITE, "pink": INK, "green": WHITE, "orange": INK}
PATTERN = {"blue": "solid", "pink": "dash", "green": "stripe", "orange": "dots"}


def cuts_of(m: Map) -> tuple[int, int]:
    """The columns (and rows) where the 3 x 3 districts change, read back from the stations' districts."""
    found = []
    for axis in (0, 1):
        pair = []
        for edge in (0, 1):  # between block edge and edge + 1
            fits = []
            for c in range(1, SIZE):
                ok = True
                for (x, y), d in zip(m.xy, m.district, strict=True):
                    if d > 8:
                        continue
                    block = d % 3 if axis == 0 else d // 3
                    v = x if axis == 0 else y
                    if (block <= edge) != (v < c):
                        ok = False
                        break
                if ok:
                    fits.append(c)
            default = (3, 7)[edge]
            pair.append(default if default in fits or not fits else fits[0])
        found.append((pair[0], pair[1]))
    return found[0]


def centre(x: float, y: float, cell: float) -> tuple[float, float]:
    return (x + 0.5) * cell, (y + 0.5) * cell


def at(m: Map, station: int, cell: float) -> tuple[float, float]:
    """A station's centre on a map of that cell size."""
    x, y = m.xy[station]
    return centre(x, y, cell)


# ---- shapes ---------------------------------------------------------------------------------------
def _ngon(cx: float, cy: float, r: float, n: int, turn: float = -90.0) -> list[tuple[float, float]]:
    return [(cx + r * math.cos(math.radians(turn + i * 360 / n)), cy + r * math.sin(math.radians(turn + i * 360 / n)))
            for i in range(n)]


def _star(cx: float, cy: float, outer: float, inner: float, points: int = 5) -> list[tuple[float, float]]:
    out = []
    for i in range(2 * points):
        r = outer if i % 2 == 0 else inner
        a = math.radians(-90 + i * 180 / points)
        out.append((cx + r * math.cos(a), cy + r * math.sin(a)))
    return out


def symbol(d: ImageDraw.ImageDraw, kind: str, cx: float, cy: float, r: float, fill, outline, width: int) -> None:
    """A station's symbol centred on (cx, cy), about 2r across: circle, triangle, square, pentagon."""
    if kind == "circle":
        d.ellipse((cx - r, cy - r, cx + r, cy + r), fill=fill, outline=outline, width=width)
    elif kind == "square":
        h = r * 0.88
        d.rectangle((cx - h, cy - h, cx + h, cy + h), fill=fill, outline=outline, width=width)
    elif kind == "triangle":
        d.polygon(_ngon(cx, cy + r * 0.18, r * 1.28, 3), fill=fill, outline=outline, width=width)
    elif kind == "pentagon":
        d.polygon(_ngon(cx, cy + r * 0.04, r * 1.1, 5), fill=fill, outline=outline, width=width)
    else:
        raise ValueError(kind)


def joker(d: ImageDraw.ImageDraw, cx: float, cy: float, r: float, fill, outline, width: int) -> None:
    """The joker: the four symbols in a square (it matches every one)."""
    q = r * 0.5
    for kind, (dx, dy) in zip(("circle", "triangle", "square", "pentagon"), ((-1, -1), (1, -1), (-1, 1), (1, 1)),
                              strict=True):
        symbol(d, kind, cx + dx * q * 1.05, cy + dy * q * 1.05, q * 0.78, fill, outline, max(1, width // 2))


def switch(d: ImageDraw.ImageDraw, cx: float, cy: float, r: float, colour, width: int) -> None:
    """The railroad switch: a track that forks."""
    w = max(2, round(r * 0.22))
    d.line((cx, cy + r, cx, cy), fill=colour, width=w)
    d.line((cx, cy, cx - r * 0.7, cy - r), fill=colour, width=w)
    d.line((cx, cy, cx + r * 0.7, cy - r), fill=colour, width=w)
    d.ellipse((cx - w, cy - w, cx + w, cy + w), fill=colour)


def any_station(d: ImageDraw.ImageDraw, cx: float, cy: float, r: float, width: int) -> None:
    """The central station: a dark disc (its "?" is written over it by the caller)."""
    d.ellipse((cx - r, cy - r, cx + r, cy + r), fill=INK, outline=WHITE, width=width)


def question(d: ImageDraw.ImageDraw, cx: float, cy: float, r: float, fill=WHITE) -> None:
    size = max(6, round(r * 1.5))
    T.draw(d, (cx, cy + r * 0.04), "?", "bold", size, fill, anchor="mm")


# ---- lines ----------------------------------------------------------------------------------------
def _along(p, q, start: float, end: float, step: float):
    """Points at distance start, start + step ... < length - end along pq, with the unit direction."""
    (x0, y0), (x1, y1) = p, q
    length = math.hypot(x1 - x0, y1 - y0)
    if length == 0:
        return
    ux, uy = (x1 - x0) / length, (y1 - y0) / length
    t = start
    while t < length - end:
        yield x0 + ux * t, y0 + uy * t, ux, uy
        t += step


def pattern(d: ImageDraw.ImageDraw, colour: str, p, q, w: float, trim: float) -> None:
    """The pencil's pattern along a drawn segment p-q of width w (trim: left bare at each end)."""
    kind = PATTERN[colour]
    if kind == "stripe":
        (x0, y0), (x1, y1) = p, q
        length = math.hypot(x1 - x0, y1 - y0)
        if length > 2 * trim:
            ux, uy = (x1 - x0) / length, (y1 - y0) / length
            d.line((x0 + ux * trim, y0 + uy * trim, x1 - ux * trim, y1 - uy * trim), fill=WHITE,
                   width=max(2, round(w * 0.32)))
    elif kind == "dash":
        dash = w * 1.1
        for x, y, ux, uy in _along(p, q, trim, trim + dash, dash * 2.1):
            d.line((x, y, x + ux * dash, y + uy * dash), fill=WHITE, width=max(2, round(w * 0.42)))
    elif kind == "dots":
        r = w * 0.24
        for x, y, _ux, _uy in _along(p, q, trim, trim * 0.8, w * 1.6):
            d.ellipse((x - r, y - r, x + r, y + r), fill=INK)


@memo
def chip(colour: str, w: int, h: int) -> Image.Image:
    """A sample of a pencil's line, w x h (RGBA): its colour and pattern, in a dark casing."""
    img = Image.new("RGBA", (w * SS, h * SS), (0, 0, 0, 0))
    d = ImageDraw.Draw(img)
    d.rounded_rectangle((0, 0, w * SS - 1, h * SS - 1), radius=h * SS // 2, fill=LINE[colour], outline=INK,
                        width=2 * SS)
    lw = (h - 4) * SS
    pattern(d, colour, (h * SS / 2, h * SS / 2), (w * SS - h * SS / 2, h * SS / 2), lw * 0.8, lw * 0.2)
    return img.reduce(SS)


def departure_mark(d: ImageDraw.ImageDraw, colour: str, cx: float, cy: float, half: float, width: int) -> None:
    """A departure: a square in its pencil colour, its pattern along the inside of its rim."""
    d.rounded_rectangle((cx - half, cy - half, cx + half, cy + half), radius=half * 0.18, fill=LINE[colour],
                        outline=INK, width=width)
    inset = half * 0.62
    corners = [(cx - inset, cy - inset), (cx + inset, cy - inset), (cx + inset, cy + inset), (cx - inset, cy + inset)]
    for i in range(4):
        pattern(d, colour, corners[i], corners[(i + 1) % 4], half * 0.3, 0)


# ---- the map's own layers (cached) ----------------------------------------------------------------
@memo
def base(key: str, cell: int) -> Image.Image:
    """The paper: districts, lattice, river (RGB, SS x)."""
    m = load(key)
    c = cell * SS
    n = SIZE * c
    img = Image.new("RGB", (n, n), PAPER)
    d = ImageDraw.Draw(img)
    cuts = cuts_of(m)
    at = {(x, y): district_of(x, y, cuts) for x in range(SIZE) for y in range(SIZE)}
    for (x, y), k in at.items():
        tint = CORNER if k > 8 else CENTRE if k == 4 else TINT_A if (k // 3 + k % 3) % 2 else TINT_B
        d.rectangle((x * c, y * c, (x + 1) * c - 1, (y + 1) * c - 1), fill=tint)
    for i in range(SIZE):
        v = round((i + 0.5) * c)
        d.line((v, 0, v, n), fill=GRID, width=SS)
        d.line((0, v, n, v), fill=GRID, width=SS)
    bw = 2 * SS
    for (x, y), k in at.items():  # district borders
        if x + 1 < SIZE and at[(x + 1, y)] != k:
            d.line(((x + 1) * c, y * c - bw // 2, (x + 1) * c, (y + 1) * c + bw // 2), fill=BORDER, width=bw)
        if y + 1 < SIZE and at[(x, y + 1)] != k:
            d.line((x * c - bw // 2, (y + 1) * c, (x + 1) * c + bw // 2, (y + 1) * c), fill=BORDER, width=bw)
    pts = [centre(x, y, c) for x, y in m.river]
    rw = round(0.34 * c)
    d.line(pts, fill=RIVER_EDGE, width=rw + 2 * SS * 2, joint="curve")
    d.line(pts, fill=RIVER, width=rw, joint="curve")
    d.rectangle((0, 0, n - 1, n - 1), outline=BORDER, width=bw)
    return img


def station_r(cell: float) -> float:
    return 0.22 * cell


@memo
def stations(key: str, cell: int) -> Image.Image:
    """Every station over the lines: its symbol, a gold star under a tourist site, a coloured square under
    a departure, the central station's "?" (RGBA, SS x)."""
    m = load(key)
    c = cell * SS
    img = Image.new("RGBA", (SIZE * c, SIZE * c), (0, 0, 0, 0))
    d = ImageDraw.Draw(img)
    r = station_r(c)
    ow = max(2, round(0.05 * c))
    colour_at = {s: colour for colour, s in m.departures.items()}
    for s, (x, y) in enumerate(m.xy):
        cx, cy = centre(x, y, c)
        if m.tourist[s]:
            d.polygon(_star(cx, cy, 0.47 * c, 0.24 * c), fill=GOLD, outline=GOLD_DARK, width=max(2, ow * 2 // 3))
        if s in colour_at:
            departure_mark(d, colour_at[s], cx, cy, 0.34 * c, ow)
        if m.symbol[s] == ANY:
            any_station(d, cx, cy, 0.29 * c, ow)
            question(d, cx, cy, 0.29 * c)
        else:
            symbol(d, m.symbol[s], cx, cy, r, WHITE, INK, ow)
    return img


@memo
def station_pieces(key: str, cell: int) -> list[tuple[tuple[int, int], Image.Image]]:
    """The stations' layer cut along the grid into the squares that are not clear: pasting them blends far
    fewer pixels than pasting the whole layer, and gives the same picture (the squares do not overlap)."""
    layer = stations(key, cell)
    c = cell * SS
    out = []
    for y in range(SIZE):
        for x in range(SIZE):
            box = (x * c, y * c, (x + 1) * c, (y + 1) * c)
            piece = layer.crop(box)
            if piece.getbbox() is not None:
                out.append(((box[0], box[1]), piece))
    return out


# ---- a player's map -------------------------------------------------------------------------------
def line_widths(cell: float) -> tuple[float, float]:
    """A line's width: an earlier round's, this round's."""
    return 0.12 * cell, 0.16 * cell


def draw(cv: Canvas, xy: tuple[int, int], m: Map, player: dict, cell: int, current: str | None,
         numbered: Sequence[tuple[int, str]] = (), counted: tuple[str, int] | None = None) -> None:
    """A player's map at xy on the canvas (SIZE * cell px square): their lines (`current`, this round's
    colour, emphasised), their circled station, `numbered` [(station, label)] as badges, and the districts
    the line passes through numbered, `counted` (its colour, the game's edition: which it counts, R25)."""
    c = cell * SS
    img = base(m.key, cell).copy()
    d = ImageDraw.Draw(img)
    thin, thick = line_widths(c)
    casing = max(2, round(0.028 * c))
    lines = [(colour, player["lines"][colour]) for colour in COLOURS if colour in player["lines"]]
    segs = []
    for colour, line in lines:
        w = thick if colour == current else thin
        for k in line["sections"]:
            a, b = m.sections[k]
            segs.append((colour, at(m, a, c), at(m, b, c), w))
    if current is not None and current in player["lines"]:  # this round's line: a glow under it
        glow = thick + 0.16 * c
        for colour, p, q, _w in segs:
            if colour == current:
                d.line((*p, *q), fill=HALO, width=round(glow))
        for s in set(player["lines"][current]["stations"]):
            x, y = at(m, s, c)
            r = glow / 2
            d.ellipse((x - r, y - r, x + r, y + r), fill=HALO)
        x, y = at(m, m.departures[current], c)
        d.ellipse((x - 0.5 * c, y - 0.5 * c, x + 0.5 * c, y + 0.5 * c), fill=HALO)
    for _colour, p, q, w in segs:
        d.line((*p, *q), fill=INK, width=round(w + 2 * casing))
    for colour, p, q, w in segs:
        d.line((*p, *q), fill=LINE[colour], width=round(w))
    for colour, p, q, w in segs:
        pattern(d, colour, p, q, w, 0.3 * c)
    for box, piece in station_pieces(m.key, cell):  # (only where a station is: most of the layer is clear)
        img.paste(piece, box, piece)
    circled = player.get("circled")
    if circled is not None and current is not None:
        x, y = at(m, circled, c)
        for r, ink, width in ((0.52 * c, INK, round(0.1 * c)), (0.5 * c, LINE[current], round(0.055 * c))):
            d.ellipse((x - r, y - r, x + r, y + r), outline=ink, width=width)
    tags = _district_tags(d, m, cell, player["lines"].get(counted[0]), *counted) if counted else []
    badges = _badges(d, m, cell, numbered)
    cv.img.paste(img.reduce(SS), xy)
    for (bx, by), label, size, ink in tags:
        cv.text((xy[0] + bx, xy[1] + by), label, "bold", size, ink, anchor="mm")
    for (bx, by), label, size in badges:
        cv.text((xy[0] + bx, xy[1] + by), label, "bold", size, WHITE, anchor="mm")


TAG_PX = 22  # a district's number (11 px when the picture is shown 400 px wide)


@memo
def tag_spots(key: str) -> dict[int, tuple[int, int]]:
    """Each district's first cell in reading order (its tag goes in that cell's top-left corner, off the
    station at its centre)."""
    m = load(key)
    cuts = cuts_of(m)
    out: dict[int, tuple[int, int]] = {}
    for y in range(SIZE):
        for x in range(SIZE):
            out.setdefault(district_of(x, y, cuts), (x, y))
    return out


def _district_tags(d: ImageDraw.ImageDraw, m: Map, cell: int, line: dict | None, colour: str, ed: int):
    """Numbers the districts the line passes through (R25), in reading order: a disc of the line's colour
    where it has a station, a white one ringed in its colour where it only crosses (SS x); returns where
    each number goes (1 x), its text, size and ink."""
    if line is None:
        return []
    stopped, crossed = scoring.districts(m, line["stations"], line["sections"], ed=ed)
    spots = tag_spots(m.key)
    c = cell * SS
    out = []
    for n, k in enumerate(sorted(stopped | crossed, key=lambda k: (spots[k][1], spots[k][0])), start=1):
        x, y = spots[k]
        cx, cy = (x + 0.25) * c, (y + 0.25) * c
        label = str(n)
        h = round(TAG_PX * 1.3) * SS
        w = max(h, (T.width(label, "bold", TAG_PX) + 8) * SS)
        box = (cx - w / 2, cy - h / 2, cx + w / 2, cy + h / 2)
        if k in stopped:
            d.rounded_rectangle(box, radius=h / 2, fill=LINE[colour], outline=INK, width=2 * SS)
            ink = ON_LINE[colour]
        else:
            d.rounded_rectangle(box, radius=h / 2, fill=WHITE, outline=LINE[colour], width=3 * SS)
            ink = INK
        out.append(((cx / SS, cy / SS), label, TAG_PX, ink))
    return out


BADGE_PX = 28


def _badges(d: ImageDraw.ImageDraw, m: Map, cell: int, numbered: Sequence[tuple[int, str]]):
    """Rings the numbered stations and draws their badges' discs (SS x); returns where each label goes
    (1 x), its text and its size."""
    by_station: dict[int, list[str]] = {}
    for station, label in numbered:
        by_station.setdefault(int(station), []).append(str(label))
    out = []
    c = cell * SS
    size = max(18, min(BADGE_PX, round(cell * 0.36)))
    for station, labels in by_station.items():
        x, y = at(m, station, c)
        r = 0.42 * c
        d.ellipse((x - r, y - r, x + r, y + r), outline=BADGE, width=round(0.1 * c))
        d.ellipse((x - r + 0.03 * c, y - r + 0.03 * c, x + r - 0.03 * c, y + r - 0.03 * c), outline=TARGET,
                  width=round(0.05 * c))
        label = ",".join(labels)
        tw = T.width(label, "bold", size) * SS
        h = round(size * 1.5) * SS
        w = max(h, tw + size * SS)
        n = SIZE * c
        bx = min(n - w / 2 - SS, x + 0.32 * c)
        by = max(h / 2 + SS, y - 0.32 * c)
        d.rounded_rectangle((bx - w / 2, by - h / 2, bx + w / 2, by + h / 2), radius=h / 2, fill=BADGE,
                            outline=TARGET, width=round(0.03 * c) + SS)
        out.append(((bx / SS, by / SS), label, size))
    return out
