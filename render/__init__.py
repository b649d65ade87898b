"""The drawing kit every game's pictures use: the fonts shipped with the bot (fonts.py), text drawing,
measuring and fitting (text.py), shared drawing helpers and the seat colours (style.py), a line chart
of points over a game (chart.py), animations (animation.py), and PNG encoding (here). A game's own
pictures live in its package."""

import io
import re

from PIL import Image, PngImagePlugin

COMPRESS = 2
BUDGET = 200_000  # a picture's bytes at most (a phone loads it in the chat): one over it is compressed harder


def png(img: Image.Image, palette: Image.Image | None = None) -> bytes:
    """PNG with 256 colours: flat art looks the same as RGB, while the file is less than half the size
    and encodes about twice as fast. `palette`: a fixed palette ("P" image) to map onto (no dithering),
    else an adaptive one chosen for this image."""
    if palette is not None:
        pal = img.quantize(palette=palette, dither=Image.Dither.NONE)
    else:
        pal = img.quantize(256, method=Image.Quantize.FASTOCTREE, dither=Image.Dither.NONE)
    info = None
    if "min_text_px" in img.info:  # the smallest essential text drawn (render/canvas.py), for the host's checks
        info = PngImagePlugin.PngInfo()
        info.add_text("min_text_px", str(img.info["min_text_px"]))
    buf = io.BytesIO()
    pal.save(buf, "PNG", compress_level=COMPRESS, pnginfo=info)
    for level in (6, 9):  # (a sixth to a fifth smaller, 3 to 20 times slower: only for the few large ones)
        if buf.tell() <= BUDGET:
            break
        buf = io.BytesIO()
        pal.save(buf, "PNG", compress_level=level, pnginfo=info)
    return buf.getvalue()


def min_text_px(data: bytes) -> float | None:
    """The smallest essential text size (px) a PNG or an animation (animation.py) of ours says it holds
    (None: it does not say). An animation's frames are scaled: its size need not be a whole number."""
    with Image.open(io.BytesIO(data)) as img:
        value = img.info.get("min_text_px")
        xmp = img.info.get("xmp")
    if value is None and isinstance(xmp, bytes | str):
        found = re.search(r'min_text_px="([0-9.]+)"', xmp.decode() if isinstance(xmp, bytes) else xmp)
        value = found.group(1) if found else None
    return float(value) if value is not None else None
