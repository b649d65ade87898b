"""The coach's chart (pictures.review): every player's points after each round, the reviewed player's line
thick, their costliest decisions pinned on it by number (the kit's chart, render/chart.py). 800 px wide;
text at least 18 px. Drawn after the game, when every value is public."""

from PIL import Image

from render import chart

from .lang import _
from .picture_parts import INK, INK_SOFT, MIN, PANEL, PANEL_EDGE, TITLE_H, YOU, M, W, canvas, name, title_band

H = 520
LEGEND = 44
PLOT = (78, TITLE_H + LEGEND + 34, W - M - 26, H - 60)  # x0, y0, x1, y1 of the plotting area
LOOK = chart.Look(ink=INK, soft=INK_SOFT, grid=PANEL_EDGE, pin=YOU, pin_edge=INK, pin_text=INK)


def image(players: list[dict], curve: list[dict], seat: int, marks: list) -> Image.Image:
    """players: [{"seat", "name"}]; curve: the coach's [{"round", "vp": [points by seat]}];
    marks: [(index into curve, number)]."""
    cv = canvas(H)
    title_band(cv, _("Your game, round by round"))
    cv.d.rounded_rectangle((M, TITLE_H + 8, W - M, H - M), radius=14, fill=PANEL, outline=PANEL_EDGE, width=2)
    chart.legend(cv, M + 16, TITLE_H + 8 + LEGEND // 2 + 2, W - 2 * M - 32, players, seat,
                 [name(p) for p in players], LOOK, MIN)
    groups = [chart.Group(i, i, _("Round {n}", n=c["round"])) for i, c in enumerate(curve)]
    chart.draw(cv, PLOT, [c["vp"] for c in curve], seat, groups, _("pts"), marks, LOOK, MIN)
    return cv.finish()
