"""Fingers' pictures (the protocol's Pictures): small, phone-sized, drawn with the kit (render/)."""

from PIL import Image

import render
from render import animation
from render.canvas import Canvas

from .lang import _

W, H = 400, 200
INK, PAPER = (30, 30, 30), (240, 236, 226)


def _sheet(state: dict, title: str, lines=()) -> bytes:
    return render.png(_image(state, title, lines))


def _image(state: dict, title: str, lines=()) -> Image.Image:
    cv = Canvas(Image.new("RGB", (W, H), PAPER))
    cv.text((12, 10), title, "bold", 20, INK)
    y = 44
    for s, name in enumerate(state["names"]):
        cv.text((12, y), f"{name}: {state['scores'][s]}", "cond", 18, INK)
        y += 26
    for line in list(lines)[:2]:
        cv.text((12, y), line[:40], "cond", 18, INK)
        y += 24
    return cv.finish()


def round(state: dict, lines=()) -> bytes:  # noqa: A001  (the protocol's name)
    return _sheet(state, _("Round {round}", round=state["round"]), lines)


def table(state: dict, viewer: int | None = None) -> bytes:
    return _sheet(state, _("Fingers"))


def mine(state: dict, seat: int) -> bytes:
    return _sheet(state, _("Your hands"), [", ".join(str(r[seat]) for r in state["shown"])])


def results(state: dict) -> bytes:
    return _sheet(state, _("Fingers — game over"))


def replay(record: dict) -> bytes:
    """One frame: the names of the record (the scores would need the game replayed)."""
    state = {"names": list(record.get("names") or ()), "scores": [0] * len(record.get("names") or ())}
    return animation.webp([(_image(state, _("Fingers")), 2000)], W, PAPER)
