"""The private wagon image: one player's board, larger, with the values of their gold tokens."""

from PIL import Image, ImageDraw

import games.pioneer_days.rules as engine
from render import text as T

from ..lang import _
from . import player_board
from .style import CREAM, RUST, WOOD, WOOD_DARK
from .table import badges

W = 1000
M = 20
TOP = 44
K = 1.25


def render(state: dict, seat: int) -> Image.Image:
    s = engine.view_for(state, seat)  # this seat's secrets only
    L = player_board.Layout(s, seat, W - 2 * M, K, True)
    img = Image.new("RGB", (W, TOP + L.h + 2 * M), WOOD)
    d = ImageDraw.Draw(img)
    d.rectangle((0, 0, W, TOP), fill=WOOD_DARK)
    if s["stage"] == "over":
        title = _("YOUR WAGONS · final")
    elif s["stage"] == "pioneer":
        title = _("YOUR WAGONS · setting up")
    else:
        title = _("YOUR WAGONS · week {week}, day {day}", week=s["week"], day=s["day"])
    T.draw(d, (M, TOP // 2), T.ellipsize(title, "serif", 20, W - 2 * M - 270), "serif", 20, CREAM, anchor="lm")
    d.rounded_rectangle((W - M - 250, 8, W - M, TOP - 8), radius=14, fill=RUST, outline=CREAM, width=2)
    T.draw(d, (W - M - 125, TOP // 2), T.ellipsize(_("PRIVATE · gold values shown"), "condbold", 15, 236), "condbold",
           15, CREAM, anchor="mm")
    turn = s["stage"] == "turn" and s["turn"] == seat
    marks = ["yourturn" if b == "turn" else b for b in badges(s, seat, None)]
    player_board.draw(img, M, TOP + M, s, seat, W - 2 * M, L.h, K, True, marks, turn)
    return img
