"""The private wagon picture ("My wagon"): one player's board with the values of their gold tokens and
everything they own in full, 800 px wide for a phone (every text at least 18 px: 9 px at 400 px wide)."""

from PIL import Image

import games.pioneer_days.rules as engine
from render import text as T
from render.canvas import Canvas
from render.paletted import Palette

from ..lang import _
from . import player_board
from .day import fit1
from .style import CREAM, RUST, WOOD_DARK, background
from .table import badges

W = 800
M = (W - player_board.W) // 2
TOP = 60


def render(state: dict, seat: int, track: bool = False, palette: Palette | None = None) -> Image.Image:
    """The picture; its smallest essential text size (px) in img.info["min_text_px"] (track=True: every
    text's ink box and frame in img.info["text_boxes"], for the tests)."""
    s = engine.view_for(state, seat)  # this seat's secrets only
    L = player_board.layout(s, seat, True)
    cv = Canvas(background(TOP + 14 + L.h + M, W, palette), track)
    cv.frame = (M, 0, W - M, TOP)
    d = cv.d
    d.rectangle((0, 0, W, TOP), fill=WOOD_DARK)
    if s["stage"] == "over":
        title = _("YOUR WAGONS · final")
    elif s["stage"] == "pioneer":
        title = _("YOUR WAGONS · setting up")
    else:
        title = _("YOUR WAGONS · week {week}, day {day}", week=s["week"], day=s["day"])
    pill, pkind, psize = fit1(_("PRIVATE · gold values shown"), 300, ("condbold",), (19, 18))
    pw = T.width(pill, pkind, psize) + 28
    d.rounded_rectangle((W - M - pw, 12, W - M, TOP - 12), radius=18, fill=RUST, outline=CREAM, width=2)
    cv.text((W - M - pw / 2, TOP // 2), pill, pkind, psize, CREAM, anchor="mm")
    text, kind, size = fit1(title, W - 2 * M - pw - 16, ("serif", "serifcond"), (24, 22, 20, 19, 18))
    cv.text((M, TOP // 2), text, kind, size, CREAM, anchor="lm")
    turn = s["stage"] == "turn" and s["turn"] == seat
    marks = ["yourturn" if b == "turn" else b for b in badges(s, seat, None)]
    player_board.draw(cv, M, TOP + 14, s, seat, L, marks, turn)
    img = cv.finish()
    if track:
        img.info["text_boxes"] = cv.boxes
    return img
