"""A seat's marker and colours: its shape in its colour with its number (colour-blind safe)."""

from PIL import Image, ImageDraw

from render import text as T

from .style import CREAM, INK, PLAYERS, shape


def player_text(seat: int) -> tuple:
    """The seat's colour and the colour of text on it."""
    spec = PLAYERS[seat % len(PLAYERS)]
    return spec["fill"], spec["text"]


def marker(img: Image.Image, seat: int, box) -> None:
    """Seat marker: the seat's shape in its colour with the seat number (the shape and colour say the
    seat; the number, small, only repeats it)."""
    spec = PLAYERS[seat % len(PLAYERS)]
    d = ImageDraw.Draw(img)
    x0, y0, x1, y1 = box
    shape(d, spec["shape"], box, spec["fill"], outline=CREAM if spec["text"] != INK else INK,
          width=max(2, (x1 - x0) // 14))
    cy = (y0 + y1) / 2 + ((y1 - y0) * 0.12 if spec["shape"] == "triangle" else 0)
    T.draw(d, ((x0 + x1) / 2, cy), str(seat + 1), "bold", round((y1 - y0) * 0.5), spec["text"], anchor="mm")
