"""The fonts shipped in render/assets/fonts (DejaVu; see LICENSE there).

Each font file is read from disk once. FreeType faces must not be used by two threads at the same
time, so every thread gets its own font objects (made from the shared bytes on first use)."""

import io
import struct
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


def _cmap_codepoints(data: bytes) -> frozenset:
    """Every character the font has a glyph for, from its 'cmap' table (format 12, or 4)."""
    tables = {}
    for i in range(struct.unpack(">H", data[4:6])[0]):
        tag, _, off, _ = struct.unpack(">4sIII", data[12 + 16 * i:28 + 16 * i])
        tables[tag] = off
    base = tables[b"cmap"]
    subtables = {}
    for i in range(struct.unpack(">H", data[base + 2:base + 4])[0]):
        pid, eid, off = struct.unpack(">HHI", data[base + 4 + 8 * i:base + 12 + 8 * i])
        fmt = struct.unpack(">H", data[base + off:base + off + 2])[0]
        subtables[fmt] = base + off
    out: set[int] = set()
    if 12 in subtables:
        at = subtables[12]
        n = struct.unpack(">I", data[at + 12:at + 16])[0]
        for g in range(n):
            start, end, _ = struct.unpack(">III", data[at + 16 + 12 * g:at + 28 + 12 * g])
            out.update(range(start, end + 1))
    else:
        at = subtables[4]
        segs = struct.unpack(">H", data[at + 6:at + 8])[0] // 2
        ends = struct.unpack(f">{segs}H", data[at + 14:at + 14 + 2 * segs])
        starts = struct.unpack(f">{segs}H", data[at + 16 + 2 * segs:at + 16 + 4 * segs])
        for a, b in zip(starts, ends, strict=True):
            if a != 0xFFFF:
                out.update(range(a, b + 1))
    return frozenset(out)


_covers: dict[str, frozenset] = {}


def covers(kind: str) -> frozenset:
    """The code points font `kind` can draw (a character outside it would show as a box)."""
    cps = _covers.get(kind)
    if cps is None:
        cps = _cmap_codepoints(_bytes(kind))  # pure: two threads may both compute it
        with _lock:
            cps = _covers.setdefault(kind, cps)
    return cps
