"""The coach's chart: every player's VP at the end of each day, the reviewed player's line highlighted,
their costliest decisions marked with numbers. 800 px wide for a phone (text at least 18 px)."""

from PIL import Image, ImageDraw

from render import text as T

from ..lang import _
from .player_board import marker
from .style import CREAM, HIGHLIGHT, INK, INK_SOFT, PARCHMENT, PLAYERS, RULE, RUST, WOOD, WOOD_DARK, mix

W, H = 800, 560
M = 14
HEAD = 64
LEGEND = 46
PLOT = (78, HEAD + LEGEND + 30, W - M - 22, H - 56)  # x0, y0, x1, y1 of the plotting area
MIN_TEXT = 18


def _step(top: int) -> int:
    for s in (2, 5, 10, 20, 25, 50):
        if top / s <= 6:
            return s
    return 100


def render(players: list[dict], curve: list[dict], seat: int, marks: list[tuple[int, int]]) -> Image.Image:
    """players: [{"seat", "name"}]; curve: review.curve(); marks: [(index into curve, number)]."""
    img = Image.new("RGB", (W, H), WOOD)
    d = ImageDraw.Draw(img)
    d.rectangle((0, 0, W, HEAD), fill=WOOD_DARK)
    title = _("Your game, day by day")
    T.draw(d, (M + 4, HEAD / 2), T.ellipsize(title, "serif", 30, W - 2 * M), "serif", 30, CREAM, anchor="lm")
    d.rounded_rectangle((M, HEAD + 8, W - M, H - M), radius=14, fill=PARCHMENT, outline=INK, width=3)
    # legend: each seat's marker and name, the reviewed one in bold ink
    x, ly = M + 16, HEAD + 8 + LEGEND / 2 + 2
    room = (W - 2 * M - 32) // max(1, len(players))
    for p in players:
        marker(img, p["seat"], (x, ly - 14, x + 28, ly + 14))
        name = T.player_name(p)
        kind = "bold" if p["seat"] == seat else "cond"
        T.draw(d, (x + 36, ly), T.ellipsize(name, kind, MIN_TEXT, room - 44), kind, MIN_TEXT,
               INK if p["seat"] == seat else INK_SOFT, anchor="lm")
        x += room
    x0, y0, x1, y1 = PLOT
    days = max(1, len(curve))
    top = max([v for c in curve for v in c["vp"]] + [10])
    low = min([v for c in curve for v in c["vp"]] + [0])
    step = _step(top - low)
    top = -(-top // step) * step
    low = (low // step) * step

    def px(i: float) -> float:
        return x0 + (x1 - x0) * (i + 0.5) / days

    def py(v: float) -> float:
        return y1 - (y1 - y0) * (v - low) / max(1, top - low)

    # grid: VP lines, week bands
    for v in range(low, top + 1, step):
        d.line((x0, py(v), x1, py(v)), fill=mix(PARCHMENT, RULE, 0.5), width=1)
        T.draw(d, (x0 - 10, py(v)), str(v), "cond", MIN_TEXT, INK_SOFT, anchor="rm")
    T.draw(d, (x0 - 10, y1 + 22), _("VP"), "condbold", MIN_TEXT, INK_SOFT, anchor="rm")
    weeks: dict[int, list[int]] = {}
    for i, c in enumerate(curve):
        weeks.setdefault(c["week"], []).append(i)
    for wk, idx in sorted(weeks.items()):
        a, b = px(idx[0] - 0.5), px(idx[-1] + 0.5)
        if wk % 2 == 0:
            d.rectangle((a, y0, b, y1), fill=mix(PARCHMENT, RULE, 0.18))
        T.draw(d, ((a + b) / 2, y1 + 22), _("Week {n}", n=wk), "condbold", MIN_TEXT, INK_SOFT, anchor="mm")
    d.line((x0, y1, x1, y1), fill=INK_SOFT, width=2)
    # the others first, thin; the reviewed player last, thick, outlined
    order = [p["seat"] for p in players if p["seat"] != seat] + [seat]
    for s in order:
        pts = [(px(i), py(c["vp"][s])) for i, c in enumerate(curve)]
        colour = PLAYERS[s % len(PLAYERS)]["fill"]
        if s == seat:
            d.line(pts, fill=INK, width=9, joint="curve")
            d.line(pts, fill=colour, width=5, joint="curve")
        else:
            d.line(pts, fill=colour, width=4, joint="curve")  # the seat's own colour: the palette holds it
        if pts:
            marker(img, s, (pts[-1][0] - 11, pts[-1][1] - 11, pts[-1][0] + 11, pts[-1][1] + 11))
    # the costliest decisions: a numbered pin above the reviewed player's line
    for i, n in marks:
        if not 0 <= i < len(curve):
            continue
        cx, cy = px(i), py(curve[i]["vp"][seat])
        pin_y = max(y0 + 16, cy - 34)
        d.line((cx, cy, cx, pin_y), fill=RUST, width=3)
        d.ellipse((cx - 16, pin_y - 16, cx + 16, pin_y + 16), fill=RUST, outline=HIGHLIGHT, width=3)
        T.draw(d, (cx, pin_y), str(n), "bold", 20, CREAM, anchor="mm")
    img.info["min_text_px"] = MIN_TEXT
    return img
