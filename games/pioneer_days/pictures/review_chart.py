"""The coach's chart: every player's VP at the end of each day, the reviewed player's line highlighted,
their costliest decisions marked with numbers (the kit's chart, render/chart.py). 800 px wide for a phone
(text at least 18 px)."""

from PIL import Image

from render import chart
from render import text as T
from render.canvas import Canvas

from ..lang import _
from .style import CREAM, HIGHLIGHT, INK, INK_SOFT, PARCHMENT, RULE, RUST, WOOD, WOOD_DARK, mix

W, H = 800, 560
M = 14
HEAD = 64
LEGEND = 46
PLOT = (78, HEAD + LEGEND + 30, W - M - 22, H - 56)  # x0, y0, x1, y1 of the plotting area
MIN_TEXT = 18
LOOK = chart.Look(ink=INK, soft=INK_SOFT, grid=mix(PARCHMENT, RULE, 0.5), pin=RUST, pin_edge=HIGHLIGHT,
                  pin_text=CREAM, band=mix(PARCHMENT, RULE, 0.18))


def render(players: list[dict], curve: list[dict], seat: int, marks: list[tuple[int, int]]) -> Image.Image:
    """players: [{"seat", "name"}]; curve: review.curve(); marks: [(index into curve, number)]."""
    cv = Canvas(Image.new("RGB", (W, H), WOOD))
    d = cv.d
    d.rectangle((0, 0, W, HEAD), fill=WOOD_DARK)
    cv.put((M + 4, HEAD / 2), _("Your game, day by day"), "serif", 30, CREAM, W - 2 * M, 22)
    d.rounded_rectangle((M, HEAD + 8, W - M, H - M), radius=14, fill=PARCHMENT, outline=INK, width=3)
    chart.legend(cv, M + 16, HEAD + 8 + LEGEND // 2 + 2, W - 2 * M - 32, players, seat,
                 [T.player_name(p) for p in players], LOOK, MIN_TEXT)
    weeks: dict[int, list[int]] = {}
    for i, c in enumerate(curve):
        weeks.setdefault(c["week"], []).append(i)
    groups = [chart.Group(idx[0], idx[-1], _("Week {n}", n=wk)) for wk, idx in sorted(weeks.items())]
    chart.draw(cv, PLOT, [c["vp"] for c in curve], seat, groups, _("VP"), marks, LOOK, MIN_TEXT)
    return cv.finish()
