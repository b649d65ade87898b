"""A picture being drawn, and what it records for the host: every text goes through Canvas.text, which
keeps the smallest size of the essential texts (the 400 px rule: at a phone's width, no essential text
under 9 px; render.png writes it into the PNG as `min_text_px`), and the characters drawn that their font
has no glyph for (empty boxes: render/glyphs.py; render.png writes them as `missing_glyphs`). With
track=True it also records each text's ink box and the frame it must stay inside, for the tests."""

from typing import NamedTuple

from PIL import Image, ImageDraw

from . import glyphs
from . import text as T


class Canvas:
    """The image being drawn. Every text goes through text(), which records the smallest size of
    the essential texts (all texts are essential unless said otherwise) and, through text.draw, the
    characters their font lacks (`missing`). With track=True it also records each text's ink box
    and the frame it must stay inside (`frame`, set by the code drawing a part of the image), for
    the tests."""

    def __init__(self, img: Image.Image, track: bool = False):
        self.img = img
        self.d = ImageDraw.Draw(img)
        self.min_px: int | None = None
        self.frame = (0, 0, img.width, img.height)
        self.boxes: list | None = [] if track else None

    def text(self, xy, s: str, kind: str, size: int, fill, anchor: str = "la", essential: bool = True,
             **kw) -> None:
        if not s:
            return
        if essential:
            self.record(size)
        T.draw(self.d, xy, s, kind, size, fill, anchor=anchor, **kw)
        if self.boxes is not None:
            self.boxes.append((T.ink_box(xy, s, kind, size, anchor), self.frame, s))

    def put(self, xy, s: str, kind: str, size: int, fill, w: int, min_size: int, anchor: str = "lm") -> int:
        """A one-line text fitted into w px (text.fit_line: down to min_size, else shortened); returns its
        width."""
        line, sz = T.fit_line(s, kind, size, w, min_size)
        self.text(xy, line, kind, sz, fill, anchor=anchor)
        return T.width(line, kind, sz)

    def title_band(self, title: str, right: str, height: int, bg, ink, size: int, right_w: int, min_size: int,
                   margin: int = 16) -> None:
        """A band across the top: the title (bold, `size` px) and a note at its right (condensed, 22 px, at
        most right_w px), each fitted into what is left and never under min_size."""
        self.d.rectangle((0, 0, self.img.width, height), fill=bg)
        rw = 0
        if right:
            rw = self.put((self.img.width - margin, height // 2), right, "cond", 22, ink, right_w, min_size,
                          "rm") + 16
        self.put((margin, height // 2), title, "bold", size, ink, self.img.width - 2 * margin - rw, min_size)

    def tag(self, x: float, cy: float, label: str, fill, ink, size: int) -> int:
        """A rounded tag ("you") with its left end at x, centred on cy; returns its width."""
        w = T.width(label, "condbold", size) + 14
        self.d.rounded_rectangle((x, cy - 13, x + w, cy + 13), radius=13, fill=fill, outline=ink, width=2)
        self.text((x + w / 2, cy), label, "condbold", size, ink, anchor="mm")
        return w

    def record(self, size: int | None) -> None:
        """Texts of `size` px were drawn (e.g. in a cached layer pasted here)."""
        if size is not None:
            self.min_px = size if self.min_px is None else min(self.min_px, size)

    @property
    def missing(self) -> str:
        """The characters drawn here (or in the layers pasted here) that their font lacks."""
        return self.img.info.get(glyphs.KEY, "")

    def paste(self, layer: "Layer", xy) -> None:
        self.img.paste(layer.img, xy, layer.img)
        self.record(layer.min_px)
        glyphs.carry(self.img, layer.img)
        if self.boxes is not None:
            x, y = xy
            for b, f, s in layer.boxes:
                self.boxes.append(((b[0] + x, b[1] + y, b[2] + x, b[3] + y),
                                   (f[0] + x, f[1] + y, f[2] + x, f[3] + y), s))

    def finish(self) -> Image.Image:
        """The image, with the smallest essential text size in its info (min_text_px), and the
        characters drawn without a glyph (missing_glyphs, noted there as they were drawn)."""
        if self.min_px is not None:
            self.img.info["min_text_px"] = self.min_px
        return self.img


class Layer(NamedTuple):
    """A cached drawing (RGBA), the smallest essential text size in it, and its texts' boxes (the
    characters drawn in it without a glyph are in img.info, render/glyphs.py)."""
    img: Image.Image
    min_px: int | None
    boxes: tuple
