"""A line chart of every player's points over a game (the coach's review charts): a legend, a grid with
its values, the x axis in labelled groups of points (each chapter, or a few chapters together), one line
per player with the reviewed one thick and drawn last, and numbered pins on it. Each game gives its own
colours, words and title; every text goes through the Canvas, at `size` px at least."""

from collections.abc import Sequence
from typing import NamedTuple

from .canvas import Canvas
from .style import PLAYERS, shape


class Look(NamedTuple):
    ink: tuple        # the reviewed line's outline, markers' edges
    soft: tuple       # the values, the axis, the others' names
    grid: tuple       # the value lines
    pin: tuple        # a pin's disc
    pin_edge: tuple
    pin_text: tuple
    band: tuple | None = None  # every other group of points shaded in this colour (None: no shading)


class Group(NamedTuple):
    """Points first..last (indices into the curve) under one label on the x axis."""
    first: int
    last: int
    label: str


STEPS = (1, 2, 5, 10, 20, 25, 50)
DOTS = 12  # a dot on each point up to this many points (more: the lines alone, clearer)


def step_of(span: int) -> int:
    """A grid step that gives at most 6 value lines."""
    return next((s for s in STEPS if span / s <= 6), 100)


def legend(cv: Canvas, x: int, cy: int, w: int, players: Sequence[dict], seat: int, names: Sequence[str],
           look: Look, size: int) -> None:
    """Each player's shape (in the seat's colour) and name in a row, the reviewed player's in bold ink."""
    room = w // max(1, len(players))
    for p, name in zip(players, names, strict=True):
        marker(cv, p["seat"], x + 14, cy, 13, look)
        kind = "bold" if p["seat"] == seat else "cond"
        cv.put((x + 34, cy), name, kind, size, look.ink if p["seat"] == seat else look.soft, room - 42, size)
        x += room


def marker(cv: Canvas, seat: int, cx: float, cy: float, r: int, look: Look) -> None:
    """A seat's shape in its colour (colour-blind safe: the shape tells the seats apart too)."""
    spec = PLAYERS[seat % len(PLAYERS)]
    shape(cv.d, spec["shape"], (cx - r, cy - r, cx + r, cy + r), spec["fill"], outline=look.ink, width=2)


def draw(cv: Canvas, box: tuple[int, int, int, int], values: Sequence[Sequence[int]], seat: int,
         groups: Sequence[Group], unit: str, marks: Sequence[tuple[int, int]], look: Look, size: int,
         least_top: int = 10) -> None:
    """The plot inside box (x0, y0, x1, y1; its values left of x0, its groups' labels under y1).
    values[i][s]: seat s's points at point i (a seat may be missing from a point); marks: (point, number)
    pinned on `seat`'s line. Each line ends on its seat's shape; a few points are dots on the lines."""
    x0, y0, x1, y1 = box
    d = cv.d
    n = max(1, len(values))
    flat = [v for row in values for v in row]
    top, low = max(flat + [least_top]), min(flat + [0])
    step = step_of(top - low)
    top, low = -(-top // step) * step, (low // step) * step

    def px(i: float) -> float:
        return x0 + (x1 - x0) * (i + 0.5) / n

    def py(v: float) -> float:
        return y1 - (y1 - y0) * (v - low) / max(1, top - low)

    for k, g in enumerate(groups):
        a, b = px(g.first - 0.5), px(g.last + 0.5)
        if look.band is not None and k % 2:
            d.rectangle((a, y0, b, y1), fill=look.band)
        cv.put(((a + b) / 2, y1 + 24), g.label, "condbold", size, look.soft, round(b - a) - 4, size, anchor="mm")
    for v in range(low, top + 1, step):
        d.line((x0, py(v), x1, py(v)), fill=look.grid, width=2 if v == 0 and low < 0 else 1)
        cv.text((x0 - 10, py(v)), f"−{-v}" if v < 0 else str(v), "cond", size, look.soft, anchor="rm")
    cv.text((x0 - 10, y1 + 24), unit, "condbold", size, look.soft, anchor="rm")
    d.line((x0, y1, x1, y1), fill=look.soft, width=2)
    seats = sorted({s for row in values for s in range(len(row))})
    for s in [s for s in seats if s != seat] + ([seat] if seat in seats else []):
        pts = [(px(i), py(row[s])) for i, row in enumerate(values) if s < len(row)]
        colour = PLAYERS[s % len(PLAYERS)]["fill"]
        mine = s == seat
        if len(pts) > 1:
            if mine:
                d.line(pts, fill=look.ink, width=9, joint="curve")
            d.line(pts, fill=colour, width=5 if mine else 3, joint="curve")
        r = 7 if mine else 4
        for x, y in pts[:-1] if n <= DOTS else ():
            d.ellipse((x - r, y - r, x + r, y + r), fill=colour, outline=look.ink if mine else None,
                      width=2 if mine else 0)
        if pts:
            marker(cv, s, *pts[-1], 12 if mine else 10, look)
    for i, number in marks:
        if not 0 <= i < len(values) or seat >= len(values[i]):
            continue
        cx, cy = px(i), py(values[i][seat])
        pin_y = max(y0 + 6, cy - 34)
        d.line((cx, cy, cx, pin_y), fill=look.pin, width=3)
        d.ellipse((cx - 16, pin_y - 16, cx + 16, pin_y + 16), fill=look.pin, outline=look.pin_edge, width=2)
        cv.text((cx, pin_y), str(number), "bold", size, look.pin_text, anchor="mm")
