"""Pillow images of a Pioneer Days game: the public table, a private wagon image, the results.

Pure functions of the engine state (never modified); safe to call from worker threads: every
render draws on its own images, and the shared caches (fonts, icons, cards, static layers) are
created under a lock and only read afterwards."""

import io

from PIL import Image

from . import results, table, wagon

__all__ = ["table_png", "wagon_png", "results_png", "table_image", "wagon_image", "results_image"]

COMPRESS = 2


def _png(img: Image.Image) -> bytes:
    """PNG with an adaptive 256-colour palette: the art is flat colours, so it looks the same as
    RGB, while the file is less than half the size and encodes about twice as fast."""
    pal = img.quantize(256, method=Image.Quantize.FASTOCTREE, dither=Image.Dither.NONE)
    buf = io.BytesIO()
    pal.save(buf, "PNG", compress_level=COMPRESS)
    return buf.getvalue()


def table_image(state: dict, viewer: int | None = None) -> Image.Image:
    return table.render(state, viewer)


def wagon_image(state: dict, seat: int) -> Image.Image:
    return wagon.render(state, seat)


def results_image(state: dict) -> Image.Image:
    return results.render(state)


def table_png(state: dict, viewer: int | None = None) -> bytes:
    """The public table, about 1600 px wide, drawn from engine.view_for(state, None): no secret
    (gold values before the end, dealt boards, decks) can reach it. `viewer` only marks that
    seat's board as "YOU"."""
    return _png(table_image(state, viewer))


def wagon_png(state: dict, seat: int) -> bytes:
    """The private board of `seat`, larger, with its gold token values: send it only to its owner."""
    return _png(wagon_image(state, seat))


def results_png(state: dict) -> bytes:
    """The final results (state["stage"] == "over"): score by category, winner(s) highlighted."""
    return _png(results_image(state))
