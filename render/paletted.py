"""Drawing straight onto a fixed 256-colour palette: the picture is a "P" image from the start, so
png() has nothing to map (mapping a whole RGB picture onto the palette, and drawing three times
the bytes, were a third of a render).

The pixels are those of drawing in RGB and mapping the result with Image.quantize (no dithering):
- shapes (ImageDraw: never anti-aliased) are drawn with the palette entry their colour maps to;
- an anti-aliased text or an RGBA image (icon, cached layer) over a single colour is drawn from a
  table made once for that pair (text: the entry for each coverage 0..255 of its ink over that
  colour; image: the image composited over that colour and mapped), both kept across pictures;
- over several colours (rare: a letter over an icon), its box is drawn in RGB and mapped back.
The RGB colour under an anti-aliased drawing is the one the shapes were drawn with, which each
picture remembers by entry; only the pixels of anti-aliased drawings that overlap another one's
edges (already mapped) can differ, by a palette step."""

import threading
from collections import OrderedDict
from pathlib import Path

from PIL import Image, ImageDraw


def palette_image(file: Path) -> Image.Image:
    """A palette file (768 bytes of RGB, a game's assets) as the 1x1 "P" image that holds it: what Palette and
    Image.quantize(palette=...) take. Read each time: the callers keep what they make."""
    im = Image.new("P", (1, 1))
    im.putpalette(file.read_bytes())
    im.load()
    return im


class Palette:
    """A fixed palette ("P" image of 1x1 holding it) and what is drawn with it: the entry each
    colour maps to, the text tables and the composited images. Shared by the pictures (its caches
    are filled under a lock and only read)."""

    MAX_TILES = 4096  # composited images kept (icons and layers over each colour they sit on)

    def __init__(self, pal: Image.Image):
        self.pal = pal
        raw = pal.im.getpalette("RGB")
        self.rgb = [tuple(raw[i:i + 3]) for i in range(0, len(raw), 3)]
        self._entry: dict = {}
        self._luts: dict = {}
        self._tiles: OrderedDict = OrderedDict()
        self._lock = threading.Lock()

    def quantize(self, img: Image.Image) -> Image.Image:
        return img.quantize(palette=self.pal, dither=Image.Dither.NONE)

    def entry(self, colour) -> int:
        """The palette entry Image.quantize maps an RGB colour to."""
        try:
            return self._entry[colour]
        except KeyError:
            pass
        v = self.quantize(Image.new("RGB", (1, 1), colour[:3])).im.getpixel((0, 0))
        with self._lock:
            self._entry[colour] = v
        return v

    def lut(self, bg: tuple, colour) -> list:
        """The entries of a text's pixels by coverage (0..255), `colour` over bg, blended as
        ImageDraw draws text on an RGB image."""
        key = (bg, colour)
        got = self._luts.get(key)
        if got is None:
            ramp = Image.new("L", (256, 1))
            ramp.putdata(range(256))
            strip = Image.new("RGB", (256, 1), bg)
            d = ImageDraw.Draw(strip)
            d.draw.draw_bitmap((0, 0), ramp.im, d._getink(colour)[0])
            got = list(self.quantize(strip).tobytes())
            with self._lock:
                self._luts[key] = got
        return got

    def tile(self, src: Image.Image, bg: tuple):
        """src (RGBA) composited over bg and mapped: an "P" image core."""
        key = (id(src), bg)
        got = self._tiles.get(key)
        if got is None or got[0] is not src:
            flat = Image.new("RGB", src.size, bg)
            flat.paste(src, (0, 0), src)
            got = (src, self.quantize(flat).im)  # (src kept: its id stays its own)
            with self._lock:
                self._tiles[key] = got
                while len(self._tiles) > self.MAX_TILES:
                    self._tiles.popitem(last=False)
        return got[1]


class PalettedImage(Image.Image):
    """A "P" picture on a Palette: ImageDraw.Draw on it maps colours, paste() composites RGBA images,
    render/text.py draws its texts through text_mask(). `true` remembers, per entry, the RGB colour
    the shapes drawn with it had (None: several did)."""

    paletted: Palette
    true: dict

    @classmethod
    def of(cls, img: Image.Image, palette: Palette, colours=()) -> "PalettedImage":
        """img ("P", on palette) as a PalettedImage; `colours`: the RGB colours it is made of."""
        assert img.mode == "P"
        img.load()
        img.__class__ = cls
        assert isinstance(img, PalettedImage)
        img.paletted, img.true = palette, {}
        for c in colours:
            img.remember(c)
        return img

    def remember(self, colour) -> int:
        e = self.paletted.entry(colour)
        had = self.true.setdefault(e, colour)
        if had is not None and had != colour:
            self.true[e] = None
        return e

    def getdraw(self, mode=None):  # (ImageDraw.Draw's hook)
        return PaletteDraw(self, mode)

    def _under(self, box) -> tuple | None:
        """The RGB colour of box if it is one palette entry, else None."""
        lo, hi = self.im.crop(box).getextrema()
        if lo != hi:
            return None
        c = self.true.get(lo)
        return c if c is not None else self.paletted.rgb[lo]

    def _rgb(self, box) -> Image.Image:
        """box in RGB, each entry as the colour drawn with it."""
        region = self.crop(box)
        pal = list(self.paletted.rgb)
        for e, c in self.true.items():
            if c is not None:
                pal[e] = c
        region.putpalette(b"".join(bytes(c) for c in pal))
        return region.convert("RGB")

    def _inside(self, box) -> bool:
        return box[0] >= 0 and box[1] >= 0 and box[2] <= self.width and box[3] <= self.height

    def paste(self, im, box=None, mask=None) -> None:
        if not (isinstance(im, Image.Image) and im.mode == "RGBA" and mask is im and isinstance(box, tuple)
                and len(box) == 2):
            super().paste(im, box, mask)
            return
        x, y = int(box[0]), int(box[1])
        full = (x, y, x + im.width, y + im.height)
        if not self._inside(full):
            # clipped to the picture (rare): through RGB
            x0, y0 = max(0, x), max(0, y)
            x1, y1 = min(self.width, full[2]), min(self.height, full[3])
            if x0 >= x1 or y0 >= y1:
                return
            part = im.crop((x0 - x, y0 - y, x1 - x, y1 - y))
            self.paste(part, (x0, y0), part)
            return
        bg = self._under(full)
        if bg is not None:
            self.im.paste(self.paletted.tile(im, bg), full)
            return
        region = self._rgb(full)
        region.paste(im, (0, 0), im)
        self.im.paste(self.paletted.quantize(region).im, full)

    def text_mask(self, xy, mask, colour) -> None:
        """A text's coverage mask (ImagingCore "L") drawn at xy in `colour`, as ImageDraw.draw_bitmap
        draws it on RGB, then mapped."""
        x, y = xy
        w, h = mask.size
        box = (x, y, x + w, y + h)
        if not w or not h:
            return
        if not self._inside(box):
            x0, y0 = max(0, x), max(0, y)
            x1, y1 = min(self.width, x + w), min(self.height, y + h)
            if x0 >= x1 or y0 >= y1:
                return
            self.text_mask((x0, y0), mask.crop((x0 - x, y0 - y, x1 - x, y1 - y)), colour)
            return
        bg = self._under(box)
        if bg is not None:
            self.im.paste(mask.point(self.paletted.lut(bg, colour), "L"), box)
            return
        region = self._rgb(box)
        d = ImageDraw.Draw(region)
        d.draw.draw_bitmap((0, 0), mask, d._getink(colour)[0])
        self.im.paste(self.paletted.quantize(region).im, box)


class PaletteDraw(ImageDraw.ImageDraw):
    """ImageDraw on a PalettedImage: an RGB colour is drawn as the entry Image.quantize maps it to."""

    _image: PalettedImage

    def _getink(self, ink, fill=None):
        if isinstance(ink, tuple):
            ink = self._image.remember(ink)
        if isinstance(fill, tuple):
            fill = self._image.remember(fill)
        return super()._getink(ink, fill)
