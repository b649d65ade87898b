"""The coach's chart (pictures.review): each player's points (advanced scoring) or hands won after each
game, the reviewed player's line thick, their costliest decisions pinned on it by number. 800 px wide; text
at least 18 px. Drawn after the match, when every value is public."""

from PIL import Image

from render import text as T
from render.style import PLAYERS

from .lang import _
from .picture_parts import INK, INK_SOFT, MIN, PANEL, PANEL_EDGE, TITLE_H, YOU, M, W, canvas, put, title_band

H = 520
LEGEND = 44
PLOT = (78, TITLE_H + LEGEND + 34, W - M - 26, H - 60)  # x0, y0, x1, y1 of the plotting area
BG = (240, 236, 224)


def _step(span: int) -> int:
    for s in (1, 2, 5, 10, 20, 25, 50):
        if span / s <= 6:
            return s
    return 100


def image(players: list[dict], curve: list[dict], seat: int, marks: list) -> Image.Image:
    """players: [{"seat", "name"}]; curve: the coach's [{"chapter", "game", "vp": [points by seat]}];
    marks: [(index into curve, number)]."""
    cv = canvas(H, bg=BG)
    d = cv.d
    title_band(cv, _("Your match, game by game"))
    d.rounded_rectangle((M, TITLE_H + 8, W - M, H - M), radius=14, fill=PANEL, outline=PANEL_EDGE, width=2)
    room = (W - 2 * M - 32) // max(1, len(players))
    x, ly = M + 16, TITLE_H + 8 + LEGEND // 2 + 2
    for p in players:
        colour = PLAYERS[p["seat"] % len(PLAYERS)]["fill"]
        d.rounded_rectangle((x, ly - 6, x + 28, ly + 6), radius=6, fill=colour, outline=INK, width=1)
        kind = "bold" if p["seat"] == seat else "cond"
        put(cv, (x + 36, ly), T.player_name(p), kind, MIN, INK if p["seat"] == seat else INK_SOFT, room - 44)
        x += room
    x0, y0, x1, y1 = PLOT
    n = max(1, len(curve))
    values = [v for c in curve for v in c["vp"]]
    top, low = max(values + [3]), min(values + [0])
    step = _step(top - low)
    top, low = -(-top // step) * step, (low // step) * step

    def px(i: float) -> float:
        return x0 + (x1 - x0) * (i + 0.5) / n

    def py(v: float) -> float:
        return y1 - (y1 - y0) * (v - low) / max(1, top - low)

    for v in range(low, top + 1, step):
        d.line((x0, py(v), x1, py(v)), fill=PANEL_EDGE, width=2 if v == 0 else 1)
        cv.text((x0 - 10, py(v)), f"−{-v}" if v < 0 else str(v), "cond", MIN, INK_SOFT, anchor="rm")
    wide = (x1 - x0) / n >= T.width(_("Game {n}", n=99), "condbold", MIN) + 8
    if not wide:
        cv.text((x0 - 10, y1 + 24), _("game"), "condbold", MIN, INK_SOFT, anchor="rm")
    for i, c in enumerate(curve):
        label = _("Game {n}", n=c.get("game", i + 1)) if wide else str(c.get("game", i + 1))
        cv.text((px(i), y1 + 24), label, "condbold", MIN, INK_SOFT, anchor="mm")
    d.line((x0, y1, x1, y1), fill=INK_SOFT, width=2)
    order = [p["seat"] for p in players if p["seat"] != seat] + [seat]
    for s in order:
        pts = [(px(i), py(c["vp"][s])) for i, c in enumerate(curve) if s < len(c["vp"])]
        colour = PLAYERS[s % len(PLAYERS)]["fill"]
        if s == seat:
            if len(pts) > 1:
                d.line(pts, fill=INK, width=9, joint="curve")
                d.line(pts, fill=colour, width=5, joint="curve")
            for x_, y_ in pts:
                d.ellipse((x_ - 7, y_ - 7, x_ + 7, y_ + 7), fill=colour, outline=INK, width=2)
        else:
            if len(pts) > 1:
                d.line(pts, fill=colour, width=3)
            for x_, y_ in pts:
                d.ellipse((x_ - 4, y_ - 4, x_ + 4, y_ + 4), fill=colour)
    for i, number in marks:
        if not 0 <= i < len(curve) or seat >= len(curve[i]["vp"]):
            continue
        cx, cy = px(i), py(curve[i]["vp"][seat]) - 30
        cy = max(y0 - 10, cy)
        d.ellipse((cx - 15, cy - 15, cx + 15, cy + 15), fill=YOU, outline=INK, width=2)
        cv.text((cx, cy), str(number), "bold", MIN, INK, anchor="mm")
    return cv.finish()
