"""Pillow images of a Pioneer Days game, each made for a phone (800 px wide, text at least 18 px): the day
image, the public table, a private wagon image, the results, the coach's chart, the replay.

Pure functions of the engine state (never modified); safe to call from worker threads: every
render draws on its own images, and the shared caches (fonts, icons, cards, static layers) are
created under a lock and only read afterwards."""

from PIL import Image

import render
from render.paletted import Palette

from . import day, results, table, wagon

__all__ = ["table_png", "wagon_png", "results_png", "day_png", "review_png", "table_image", "wagon_image",
           "results_image", "day_image"]

# the fixed palette (palette.py); False: an adaptive palette chosen for each image, as before
# issue 14 (bench/render.py times both)
FIXED_PALETTE = True
# the PNGs' pictures drawn straight onto the fixed palette (render/paletted.py); False: drawn in RGB
# and mapped at the end, as before issue 31 (the same pixels; bench/render.py --compare)
DRAW_ON_PALETTE = True


def _png(img: Image.Image) -> bytes:
    """PNG with 256 colours (render.png), on the game's fixed palette."""
    if FIXED_PALETTE:
        from . import palette  # not at the top: `python -m ...pictures.palette` imports this package
        return render.png(img, palette.image())
    return render.png(img)


def _on() -> "Palette | None":
    """The palette to draw the PNGs' pictures on, or None (RGB)."""
    if FIXED_PALETTE and DRAW_ON_PALETTE:
        from . import palette
        return palette.paletted()
    return None


def table_image(state: dict, viewer: int | None = None) -> Image.Image:
    return table.render(state, viewer)


def wagon_image(state: dict, seat: int) -> Image.Image:
    return wagon.render(state, seat)


def results_image(state: dict) -> Image.Image:
    return results.render(state)


def table_png(state: dict, viewer: int | None = None) -> bytes:
    """The public table (the Full board): this week's towns and equipment for sale and every player's board
    in full, 800 px wide for a phone (every text at least 24 px: 12 px at 400 px wide), drawn from
    engine.view_for(state, None): no secret (gold values before the end, dealt boards, decks) can reach
    it. `viewer` only marks that seat's board as "YOU"."""
    return _png(table.render(state, viewer, palette=_on()))


def wagon_png(state: dict, seat: int) -> bytes:
    """The private board of `seat` with its gold token values and everything it owns in full, 800 px wide
    for a phone: send it only to its owner."""
    return _png(wagon.render(state, seat, palette=_on()))


def results_png(state: dict) -> bytes:
    """The final results (state["stage"] == "over"): score by category, winner(s) highlighted; 800 px wide
    for a phone. Drawn once a game, on a palette of its own (the fixed palette is the other pictures')."""
    return render.png(results_image(state))


def day_image(state: dict, lines=(), viewer: int | None = None) -> Image.Image:
    """The day image (see day_png) as a Pillow image; img.info["min_text_px"] is the size in px of
    the smallest essential text drawn in it (at least 9·width/400)."""
    return day.render(state, lines, viewer)


def day_png(state: dict, lines=(), viewer: int | None = None) -> bytes:
    """The public image posted after each game day, made to be read on a phone without tapping it:
    800 px wide, every text at least 18 px (9 px when Discord shows it 400 px wide).

    `lines`: a few short sentences saying what happened (the caller writes them; up to 4 are
    drawn, each fitted into at most two or three lines; die emoji such as "🟦 B" become dice chips).
    Shows the dice left and whose turn it is, the disaster tracks and what strikes if each die
    colour is the one left (engine.forecast), every player's VP so far (gold values hidden),
    silver, goods and free wagon space, and the townsfolk for hire. Drawn from
    engine.view_for(state, None): no secret can reach it; `viewer` only marks that seat's row."""
    return _png(day.render(state, lines, viewer, palette=_on()))


def review_png(players: list[dict], curve: list[dict], seat: int, marks: list) -> bytes:
    """The coach's chart (review_chart.py, on the kit's render/chart.py): players' VP day by day, `seat`
    highlighted, marks = [(day index, number)] pinned on its line. Drawn after the game: every value is
    public then."""
    from . import review_chart
    return _png(review_chart.render(players, curve, seat, marks))


def replay_webp(record: dict) -> bytes:
    """A finished game's record (engine/record.py) as an animated WebP: a frame per day, then the results."""
    from . import replay
    return replay.animation(record)

