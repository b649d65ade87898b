"""Characters a font has no glyph for: drawn, each would show as an empty box (.notdef) and nothing would
notice. text.draw notes them on the image it draws on (its info[KEY]), wherever that image then goes:
Canvas carries a pasted layer's, style.overlay a pasted image's, and render.png and render.animation write
them into the picture, where render.missing_glyphs reads them back (a picture drawn in a worker process
still tells). Whether a font lacks a character is decided once per font and character; a text's answer is
cached too (the same texts are drawn at every render)."""

import unicodedata
from functools import lru_cache

from PIL import Image

from .fonts import covers

KEY = "missing_glyphs"

# What HarfBuzz (Pillow's raqm layout) draws as nothing, as meant, when the font lacks it: its "default
# ignorable" characters (soft hyphen, zero-width joiner and spaces, bidi marks, variation selectors such as
# an emoji's U+FE0F, BOM, tags). Not missing; tests/test_render_glyphs.py checks this list against the engine.
IGNORABLE = ((0x00AD, 0x00AD), (0x034F, 0x034F), (0x061C, 0x061C), (0x17B4, 0x17B5), (0x180B, 0x180F),
             (0x200B, 0x200F), (0x202A, 0x202E), (0x2060, 0x206F), (0xFE00, 0xFE0F), (0xFEFF, 0xFEFF),
             (0xFFF0, 0xFFF8), (0x1D173, 0x1D17A), (0xE0000, 0xE0FFF))


def ignorable(cp: int) -> bool:
    return any(a <= cp <= b for a, b in IGNORABLE)


@lru_cache(maxsize=65536)
def lacks(kind: str, ch: str) -> bool:
    """Font `kind` draws ch as an empty box. A letter the font has no glyph for but whose parts (its
    canonical decomposition: "é" = "e" + U+0301) it has is drawn from the parts by HarfBuzz: not missing."""
    have = covers(kind)
    cp = ord(ch)
    if cp in have or ignorable(cp):
        return False
    parts = unicodedata.normalize("NFD", ch)
    return parts == ch or not all(ord(p) in have for p in parts)


@lru_cache(maxsize=8192)
def missing(text: str, kind: str) -> str:
    """The characters of text that font `kind` lacks, each once, in code point order ("" for most texts)."""
    return "".join(sorted({ch for ch in text if lacks(kind, ch)}))


def note(img: Image.Image, chars: str) -> None:
    """chars were drawn on img without a glyph."""
    if chars:
        had = img.info.get(KEY, "")
        img.info[KEY] = "".join(sorted(set(had) | set(chars)))


def carry(dst: Image.Image, src: Image.Image) -> None:
    """src was pasted onto dst: what src lacked, dst shows."""
    note(dst, src.info.get(KEY, ""))


def encode(chars: str) -> str:
    """chars for a PNG tEXt chunk (Latin-1) or an XML attribute: "U+1F4B0 U+2603"."""
    return " ".join(f"U+{ord(c):04X}" for c in chars)


def decode(said: str) -> str:
    return "".join(chr(int(t[2:], 16)) for t in said.split())


def describe(chars: str) -> str:
    """chars for a person: "'💰' U+1F4B0 MONEY BAG, ..."."""
    return ", ".join(f"{c!r} U+{ord(c):04X} {unicodedata.name(c, '(no name)')}" for c in chars)
