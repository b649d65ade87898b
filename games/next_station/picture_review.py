"""The coach's chart (pictures.review): every player's points after each round, the reviewed player's line
thick, their costliest decisions pinned on it by number. 800 px wide; text at least 18 px. Drawn after
the game, when every value is public."""

from PIL import Image

from render.style import PLAYERS

from .lang import _
from .picture_parts import INK, INK_SOFT, MIN, PANEL, PANEL_EDGE, TITLE_H, YOU, M, W, canvas, name, put, title_band

H = 520
LEGEND = 44
PLOT = (78, TITLE_H + LEGEND + 34, W - M - 26, H - 60)  # x0, y0, x1, y1 of the plotting area


def _step(span: int) -> int:
    for s in (2, 5, 10, 20, 25, 50):
        if span / s <= 6:
            return s
    return 100


def image(players: list[dict], curve: list[dict], seat: int, marks: list) -> Image.Image:
    """players: [{"seat", "name"}]; curve: the coach's [{"round", "vp": [points by seat]}];
    marks: [(index into curve, number)]."""
    cv = canvas(H)
    d = cv.d
    title_band(cv, _("Your game, round by round"))
    d.rounded_rectangle((M, TITLE_H + 8, W - M, H - M), radius=14, fill=PANEL, outline=PANEL_EDGE, width=2)
    room = (W - 2 * M - 32) // max(1, len(players))
    x, ly = M + 16, TITLE_H + 8 + LEGEND // 2 + 2
    for p in players:
        colour = PLAYERS[p["seat"] % len(PLAYERS)]["fill"]
        d.rounded_rectangle((x, ly - 6, x + 28, ly + 6), radius=6, fill=colour, outline=INK, width=1)
        kind = "bold" if p["seat"] == seat else "cond"
        put(cv, (x + 36, ly), name(p), kind, MIN, INK if p["seat"] == seat else INK_SOFT, room - 44)
        x += room
    x0, y0, x1, y1 = PLOT
    n = max(1, len(curve))
    values = [v for c in curve for v in c["vp"]]
    top, low = max(values + [10]), min(values + [0])
    step = _step(top - low)
    top, low = -(-top // step) * step, (low // step) * step

    def px(i: float) -> float:
        return x0 + (x1 - x0) * (i + 0.5) / n

    def py(v: float) -> float:
        return y1 - (y1 - y0) * (v - low) / max(1, top - low)

    for v in range(low, top + 1, step):
        d.line((x0, py(v), x1, py(v)), fill=PANEL_EDGE, width=1)
        cv.text((x0 - 10, py(v)), str(v), "cond", MIN, INK_SOFT, anchor="rm")
    cv.text((x0 - 10, y1 + 24), _("pts"), "condbold", MIN, INK_SOFT, anchor="rm")
    for i, c in enumerate(curve):
        cv.text((px(i), y1 + 24), _("Round {n}", n=c["round"]), "condbold", MIN, INK_SOFT, anchor="mm")
    d.line((x0, y1, x1, y1), fill=INK_SOFT, width=2)
    order = [p["seat"] for p in players if p["seat"] != seat] + [seat]
    for s in order:
        pts = [(px(i), py(c["vp"][s])) for i, c in enumerate(curve)]
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
        if not 0 <= i < len(curve):
            continue
        cx, cy = px(i), py(curve[i]["vp"][seat]) - 30
        d.ellipse((cx - 15, cy - 15, cx + 15, cy + 15), fill=YOU, outline=INK, width=2)
        cv.text((cx, cy), str(number), "bold", MIN, INK, anchor="mm")
    return cv.finish()
