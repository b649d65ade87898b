"""Next Station's symbols as application emoji (engine/symbols.py): each station's shape as the map draws it,
white with a dark outline on a transparent square, so that a pentagon reads as one on every phone."""

import io

from PIL import Image, ImageDraw

from .picture_map import INK, WHITE, joker, symbol

SIZE = 128  # Discord shows an emoji at 22-48 px: drawn large, scaled down smooth


def draw(kind: str) -> bytes:
    img = Image.new("RGBA", (SIZE, SIZE), (0, 0, 0, 0))
    d = ImageDraw.Draw(img)
    if kind == "joker":
        joker(d, SIZE / 2, SIZE / 2, SIZE * 0.46, WHITE, INK, 10)
    else:
        symbol(d, kind, SIZE / 2, SIZE / 2, SIZE * 0.36, WHITE, INK, 10)
    out = io.BytesIO()
    img.save(out, "PNG", optimize=True)
    return out.getvalue()
