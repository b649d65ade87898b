"""Pioneer Days' look: its palette, the dice colours, the results categories' colours (the drawing
helpers and seat colours are the kit's: render/style.py)."""

from typing import TypedDict

from PIL import Image, ImageDraw

from render.paletted import Palette, PalettedImage
from render.style import PLAYERS, memo, memo_text, mix, overlay, shape  # noqa: F401  (the pictures import them from here)

from ..lang import N_

# warm frontier palette: dark wood frame, parchment panels, ink text
WOOD = (74, 46, 27)
WOOD_DARK = (52, 32, 18)
WOOD_LINE = (64, 40, 23)
PARCHMENT = (244, 232, 204)
PARCHMENT_DARK = (229, 211, 172)
CARD = (255, 250, 236)
CARD_BAND = (232, 210, 163)
INK = (38, 25, 14)
INK_SOFT = (98, 74, 50)
RULE = (176, 146, 100)
CREAM = (250, 240, 215)
GOLD = (226, 172, 38)
GOLD_DARK = (128, 86, 8)
RUST = (160, 54, 28)
HIGHLIGHT = (255, 196, 40)
EMPTY = (236, 222, 190)
EMPTY_LINE = (190, 166, 124)


class Die(TypedDict):
    """One entry of DICE: RGB colours and the colour's letter."""
    fill: tuple[int, int, int]
    text: tuple[int, int, int]
    letter: str


# the five dice colours, each with a letter for colour-blind players
DICE: dict[str, Die] = {
    "blue": {"fill": (38, 98, 178), "text": (255, 255, 255), "letter": "B"},
    "red": {"fill": (190, 44, 36), "text": (255, 255, 255), "letter": "R"},
    "yellow": {"fill": (244, 196, 48), "text": (38, 25, 14), "letter": "Y"},
    "green": {"fill": (44, 132, 62), "text": (255, 255, 255), "letter": "G"},
    "black": {"fill": (36, 36, 38), "text": (255, 255, 255), "letter": "K"},
}

# one colour per results category (stacked bar), with the category label (translate with _())
CATEGORY = {
    "gold": (N_("Gold"), (226, 172, 38)),
    "favors": (N_("Favors"), (170, 44, 56)),
    "majority": (N_("Favor majority"), (222, 110, 120)),
    "townsfolk": (N_("Townsfolk"), (0, 114, 178)),
    "equipment": (N_("Equipment"), (110, 124, 140)),
    "game": (N_("During the game"), (0, 158, 115)),
    "damage": (N_("Damage"), (160, 54, 28)),
}


PLANK_EDGE = mix(WOOD, (255, 255, 255), 0.05)


@memo
def _planks(w: int) -> Image.Image:
    """A tall wood-plank background, cropped to the height each render needs."""
    img = Image.new("RGB", (w, 4000), WOOD)
    d = ImageDraw.Draw(img)
    for y in range(0, img.height, 38):
        d.line((0, y, img.width, y), fill=WOOD_LINE, width=2)
        d.line((0, y + 1, img.width, y + 1), fill=PLANK_EDGE, width=1)
    return img


@memo
def _planks_on(w: int, palette: Palette) -> Image.Image:
    return palette.quantize(_planks(w))


def background(h: int, w: int, palette: Palette | None = None) -> Image.Image:
    """A new wood-plank image w x h (a copy: the caller draws on it); on `palette`: a "P" image
    drawn on it (render/paletted.py)."""
    planks = _planks(w) if palette is None else _planks_on(w, palette)
    if h <= planks.height:
        img = planks.crop((0, 0, w, h))
    else:
        img = Image.new(planks.mode, (w, h))
        for y in range(0, h, planks.height):
            img.paste(planks, (0, y))
    if palette is None:
        return img
    img.putpalette(planks.getpalette() or [])
    return PalettedImage.of(img, palette, (WOOD, WOOD_LINE, PLANK_EDGE))
