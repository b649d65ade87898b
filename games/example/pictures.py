"""Fingers' pictures, drawn from views with the kit (render/): a round's picture. The table, a seat's own
picture, the results and the replay are the host's defaults, made of it (render/named.py)."""

from PIL import Image

import render
from render.canvas import Canvas

from .lang import _

W, H = 400, 200
INK, PAPER = (30, 30, 30), (240, 236, 226)


def round(view: dict, lines=()) -> bytes:  # noqa: A001  (the protocol's name)
    cv = Canvas(Image.new("RGB", (W, H), PAPER))
    cv.text((12, 10), _("Round {round}", round=min(view["round"], view["rounds"])), "bold", 20, INK)
    y = 44
    for s, score in enumerate(view["scores"]):
        cv.text((12, y), f"{view['names'][s]}: {score}", "cond", 18, INK)
        y += 26
    for line in list(lines)[:2]:
        cv.text((12, y), line[:40], "cond", 18, INK)
        y += 24
    return render.png(cv.finish())
