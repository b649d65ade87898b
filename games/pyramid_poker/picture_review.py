"""The coach's chart (pictures.review): each player's points (advanced scoring) or hands won after each
game, the reviewed player's line thick, their costliest decisions pinned on it by number (the kit's chart,
render/chart.py). 800 px wide; text at least 18 px. Drawn after the match, when every value is public."""

from PIL import Image

from render import chart
from render import text as T

from .lang import _
from .picture_parts import INK, INK_SOFT, MIN, PANEL, PANEL_EDGE, TITLE_H, YOU, M, W, canvas, title_band

H = 520
LEGEND = 44
PLOT = (78, TITLE_H + LEGEND + 34, W - M - 26, H - 60)  # x0, y0, x1, y1 of the plotting area
BG = (240, 236, 224)
LOOK = chart.Look(ink=INK, soft=INK_SOFT, grid=PANEL_EDGE, pin=YOU, pin_edge=INK, pin_text=INK)


def image(players: list[dict], curve: list[dict], seat: int, marks: list) -> Image.Image:
    """players: [{"seat", "name"}]; curve: the coach's [{"chapter", "game", "vp": [points by seat]}];
    marks: [(index into curve, number)]."""
    cv = canvas(H, bg=BG)
    title_band(cv, _("Your match, game by game"))
    cv.d.rounded_rectangle((M, TITLE_H + 8, W - M, H - M), radius=14, fill=PANEL, outline=PANEL_EDGE, width=2)
    chart.legend(cv, M + 16, TITLE_H + 8 + LEGEND // 2 + 2, W - 2 * M - 32, players, seat,
                 [T.player_name(p) for p in players], LOOK, MIN)
    x0, _y0, x1, _y1 = PLOT
    n = max(1, len(curve))
    wide = (x1 - x0) / n >= T.width(_("Game {n}", n=99), "condbold", MIN) + 8  # else the numbers only
    groups = [chart.Group(i, i, _("Game {n}", n=c.get("game", i + 1)) if wide else str(c.get("game", i + 1)))
              for i, c in enumerate(curve)]
    chart.draw(cv, PLOT, [c["vp"] for c in curve], seat, groups, "" if wide else _("game"), marks, LOOK,
               MIN, least_top=3)
    return cv.finish()
