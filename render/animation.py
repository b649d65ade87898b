"""Animated pictures (a finished game's replay): the frames a game draws with the kit, scaled to one
width, as an animated WebP that says its smallest essential text and the characters its frames drew
without a glyph as render.png's PNGs do (in its XMP metadata: render.min_text_px and
render.missing_glyphs read both), so the host can check a replay at a phone's width too."""

import io
import math
from collections.abc import Iterable

from PIL import Image

from . import glyphs

QUALITY = 72  # lossy: the art is flat colours; a small file looks the same at a phone's size
XMP = ('<x:xmpmeta xmlns:x="adobe:ns:meta/"><rdf:RDF xmlns:rdf="http://www.w3.org/1999/02/22-rdf-syntax-ns#">'
       '<rdf:Description xmlns:r="urn:x-render"{attrs}/></rdf:RDF></x:xmpmeta>')


def webp(frames: Iterable[tuple[Image.Image, int]], width: int, bg) -> bytes:
    """(image, ms) frames as one animation `width` px wide: each frame scaled to that width and put at
    the top of a frame as tall as the tallest (never shrunk further, so its text keeps its size), on
    `bg`. Every frame is a key frame: lossy frames blended onto the one before leave ghosts of it."""
    shots = list(frames)
    if not shots:
        raise ValueError("an animation needs a frame")
    heights = [round(img.height * width / img.width) for img, _ms in shots]
    height = max(heights)
    out, smallest, lacking = [], math.inf, set()
    for (img, _ms), h in zip(shots, heights, strict=True):
        lacking.update(img.info.get(glyphs.KEY, ""))
        px = img.info.get("min_text_px")
        smallest = min(smallest, math.inf if px is None else float(px) * width / img.width)
        if px is None:
            smallest = -math.inf  # a frame that does not say: the animation cannot say either
        frame = Image.new("RGB", (width, height), bg)
        frame.paste(img.convert("RGB").resize((width, h), Image.Resampling.LANCZOS), (0, 0))
        out.append(frame)
    attrs = f' r:min_text_px="{smallest:.2f}"' if math.isfinite(smallest) else ""
    if lacking:
        attrs += f' r:{glyphs.KEY}="{glyphs.encode("".join(sorted(lacking)))}"'
    extra = {"xmp": XMP.format(attrs=attrs).encode()} if attrs else {}
    buf = io.BytesIO()
    out[0].save(buf, "WEBP", save_all=True, append_images=out[1:], duration=[ms for _img, ms in shots], loop=0,
                quality=QUALITY, method=4, kmin=0, kmax=1, **extra)
    return buf.getvalue()
