"""Fingers' pictures, drawn from views with the kit (render/): a round's picture; the table, a seat's own
picture and the results are the host's defaults (the round's picture of that view)."""

from PIL import Image

import render
from render import animation
from render.canvas import Canvas

from .lang import _

W, H = 400, 200
INK, PAPER = (30, 30, 30), (240, 236, 226)


def _image(view: dict, title: str, lines=()) -> Image.Image:
    cv = Canvas(Image.new("RGB", (W, H), PAPER))
    cv.text((12, 10), title, "bold", 20, INK)
    y = 44
    for s, score in enumerate(view["scores"]):
        cv.text((12, y), f"{view['names'][s]}: {score}", "cond", 18, INK)
        y += 26
    for line in list(lines)[:2]:
        cv.text((12, y), line[:40], "cond", 18, INK)
        y += 24
    return cv.finish()


def round(view: dict, lines=()) -> bytes:  # noqa: A001  (the protocol's name)
    return render.png(_image(view, _("Round {round}", round=min(view["round"], view["rounds"])), lines))


def replay(record: dict) -> bytes:
    """One frame: the table with no scores (the record's names; the scores would need the game replayed)."""
    names = [str(n) for n in record.get("names") or ()]
    return animation.webp([(_image({"names": names, "scores": [0] * len(names)}, _("Fingers")), 2000)], W, PAPER)
