"""The fonts shipped in render/assets/fonts (DejaVu; see LICENSE there).

Each font file is read from disk once. FreeType faces must not be used by two threads at the same
time, so every thread gets its own font objects (made from the shared bytes on first use)."""

import io
import threading
from pathlib import Path

from PIL import ImageFont

DIR = Path(__file__).parent / "assets" / "fonts"
FILES = {
    "bold": "DejaVuSans-Bold.ttf",
    "cond": "DejaVuSansCondensed.ttf",
    "condbold": "DejaVuSansCondensed-Bold.ttf",
    "serif": "DejaVuSerif-Bold.ttf",
    "serifcond": "DejaVuSerifCondensed-Bold.ttf",
}
_lock = threading.Lock()
_data: dict[str, bytes] = {}
_local = threading.local()


def _bytes(kind: str) -> bytes:
    data = _data.get(kind)
    if data is None:
        with _lock:
            if kind not in _data:
                _data[kind] = (DIR / FILES[kind]).read_bytes()
            data = _data[kind]
    return data


def font(kind: str, size: int) -> ImageFont.FreeTypeFont:
    """The font `kind` (see FILES) at pixel `size`, for the calling thread."""
    fonts = getattr(_local, "fonts", None)
    if fonts is None:
        fonts = _local.fonts = {}
    f = fonts.get((kind, size))
    if f is None:
        f = fonts[(kind, size)] = ImageFont.truetype(io.BytesIO(_bytes(kind)), size)
    return f
