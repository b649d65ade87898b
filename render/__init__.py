"""The drawing kit every game's pictures use: the fonts shipped with the bot (fonts.py), text drawing,
measuring and fitting (text.py), drawing straight onto a fixed palette (paletted.py), shared drawing
helpers and the seat colours (style.py), a line chart of points over a game (chart.py), animations
(animation.py), the characters a font lacks (glyphs.py), and PNG encoding (here). A game's own pictures live
in its package."""

import io
import re
import struct
import zlib
from types import ModuleType

from PIL import Image, PngImagePlugin

from . import glyphs

_fast: ModuleType | None
try:  # ISA-L's deflate: at its level 1, 5 to 6 times faster than zlib's level 2 for the same size
    from isal import isal_zlib as _fast
except ImportError:  # pragma: no cover (a dependency; without it, Pillow's writer: the same pixels, slower)
    _fast = None

COMPRESS = 2
BUDGET = 200_000  # a picture's bytes at most (a phone loads it in the chat): one over it is compressed harder
# the encoder of png(); False: Pillow's PNG writer with zlib, as before (bench/render.py --compare)
FAST_ENCODE = True


def png(img: Image.Image, palette: Image.Image | None = None) -> bytes:
    """PNG with 256 colours: flat art looks the same as RGB, while the file is less than half the size
    and encodes about twice as fast. `palette`: a fixed palette ("P" image) to map onto (no dithering),
    else an adaptive one chosen for this image."""
    if img.mode == "P":  # drawn on the palette already (render/paletted.py)
        pal = img
    elif palette is not None:
        pal = img.quantize(palette=palette, dither=Image.Dither.NONE)
    else:
        pal = img.quantize(256, method=Image.Quantize.FASTOCTREE, dither=Image.Dither.NONE)
    # (for the host's checks: the smallest essential text drawn, render/canvas.py; the characters drawn
    # without a glyph, render/glyphs.py)
    text = {"min_text_px": str(img.info["min_text_px"])} if "min_text_px" in img.info else {}
    if img.info.get(glyphs.KEY):
        text[glyphs.KEY] = glyphs.encode(img.info[glyphs.KEY])
    if FAST_ENCODE and _fast is not None:
        data = encode(pal, text)
        if len(data) <= BUDGET:
            return data
    info = None
    if text:
        info = PngImagePlugin.PngInfo()
        for k, v in text.items():
            info.add_text(k, v)
    buf = io.BytesIO()
    pal.save(buf, "PNG", compress_level=COMPRESS, pnginfo=info)
    for level in (6, 9):  # (a sixth to a fifth smaller, 3 to 20 times slower: only for the few large ones)
        if buf.tell() <= BUDGET:
            break
        buf = io.BytesIO()
        pal.save(buf, "PNG", compress_level=level, pnginfo=info)
    return buf.getvalue()


def _chunk(kind: bytes, data: bytes) -> bytes:
    return struct.pack(">I", len(data)) + kind + data + struct.pack(">I", zlib.crc32(kind + data))


def encode(pal: Image.Image, text: dict | None = None) -> bytes:
    """A "P" image as an 8-bit palette PNG, deflated by ISA-L: the pixels Pillow's writer gives, with
    its filter for palette images (none: a zero byte before each row), most of the time in a fifth of
    the time. `text`: tEXt chunks."""
    w, h = pal.size
    rows = Image.new("P", (w + 1, h), 0)  # column 0: each row's filter byte
    rows.paste(pal, (1, 0))
    palette = pal.im.getpalette("RGB")
    assert _fast is not None
    out = [b"\x89PNG\r\n\x1a\n", _chunk(b"IHDR", struct.pack(">IIBBBBB", w, h, 8, 3, 0, 0, 0)),
           _chunk(b"PLTE", palette)]
    out += [_chunk(b"tEXt", k.encode("latin-1") + b"\0" + v.encode("latin-1")) for k, v in (text or {}).items()]
    out += [_chunk(b"IDAT", _fast.compress(rows.tobytes(), 1)), _chunk(b"IEND", b"")]
    return b"".join(out)


def _said(data: bytes, key: str) -> str | None:
    """What a PNG (a tEXt chunk) or an animation (its XMP, animation.py) of ours says under key."""
    with Image.open(io.BytesIO(data)) as img:
        value = img.info.get(key)
        xmp = img.info.get("xmp")
    if value is None and isinstance(xmp, bytes | str):
        found = re.search(rf'{key}="([^"]*)"', xmp.decode() if isinstance(xmp, bytes) else xmp)
        value = found.group(1) if found else None
    return value


def min_text_px(data: bytes) -> float | None:
    """The smallest essential text size (px) a PNG or an animation (animation.py) of ours says it holds
    (None: it does not say). An animation's frames are scaled: its size need not be a whole number."""
    value = _said(data, "min_text_px")
    return float(value) if value is not None else None


def missing_glyphs(data: bytes) -> str:
    """The characters a PNG or an animation of ours says were drawn without a glyph (empty boxes), each
    once ("": none)."""
    return glyphs.decode(_said(data, glyphs.KEY) or "")
