"""Ridgeline's fixed 256-colour palette (assets/palette.bin, 768 bytes of RGB): the pictures are drawn straight
onto it (render/paletted.py) instead of in RGB and mapped onto a palette chosen for each picture, which was
half a picture's time.

It holds exactly every flat colour of the art (the named colours of picture_parts, the seats' colours, and
any colour covering at least FLAT_PIXELS pixels of the calibration renders: the fills, outlines and inks),
then the median-cut colours of those renders (the anti-aliased edges of the texts), leaving out any that
would take a flat colour's pixels.

Regenerate it after changing the art (tests/ridgeline/test_show.py checks that every flat colour is exact
and that the pictures look as drawn in RGB):

    .venv/bin/python -m games.ridgeline.palette
"""

import threading
from collections import Counter
from pathlib import Path

from PIL import Image

from render.paletted import Palette, PalettedImage, palette_image

FILE = Path(__file__).parent / "assets" / "palette.bin"
FLAT_PIXELS = 3000  # a colour covering this many pixels of the calibration renders is drawn exactly
_lock = threading.Lock()
_paletted: Palette | None = None


def paletted() -> Palette:
    """The palette to draw on; shared (its caches are filled under a lock)."""
    global _paletted
    if _paletted is None:
        with _lock:
            if _paletted is None:
                _paletted = Palette(palette_image(FILE))
    return _paletted


def blank(w: int, h: int, bg: tuple[int, int, int]) -> PalettedImage:
    """A new picture w x h of colour bg, drawn on the palette."""
    pal = paletted()
    img = Image.new("P", (w, h), pal.entry(bg))
    img.putpalette(pal.pal.getpalette() or [])
    return PalettedImage.of(img, pal, (bg,))


# ---- generation (offline) ------------------------------------------------------------------------------
def calibration_images() -> list[Image.Image]:
    """RGB renders covering the art: decisions, the table and the results of seeded games, in every language."""
    import i18n
    from engine import views
    from engine.protocol import Table

    from . import GAME, pictures
    from .ai import choose
    from .play import RULES

    table = Table(id=1, names=["Ann", "Bob"], mentions=["@Ann", "@Bob"], ai=[False, False], options={},
                  recent=["x"])
    out: list[Image.Image] = []
    for lang, seed in (("en", 71), ("es", 72), ("pl", 73)):
        with i18n.use(lang):
            s, _ = RULES.new_game(RULES.config({"games": "2"}, ["Ann", "Bob"]), seed)
            k = 0
            while not RULES.is_over(s):
                seat = RULES.deciders(s)[0]
                if k % 9 == 0:
                    d = views.decision(GAME, table, s, seat)
                    assert d is not None and d.picture is not None
                    view, _seat, *marks = d.picture.args
                    out.append(pictures.image(view, seat, own=True, marks=marks[0] if marks else ()))
                    out.append(pictures.image(RULES.view_for(s, None), None, ["A line of the story."]))
                k += 1
                s = RULES.apply(s, choose(s, seat, "easy", seed).id).state  # type: ignore[union-attr]
            out.append(pictures.results_image(RULES.view_for(s, None)))
    return out


def _steals(e: tuple, f: tuple) -> bool:
    """Would entry e take flat colour f's pixels? Image.quantize(palette=...) maps a colour to the entry
    nearest to the corner of its 4x4x4 cache cell, so f comes out exact only if no other entry is as near
    to that corner as f is."""
    corner = tuple(v & ~3 for v in f)
    return sum((a - b) ** 2 for a, b in zip(e, corner, strict=True)) <= \
        sum((a - b) ** 2 for a, b in zip(f, corner, strict=True))


def _rgb(v: object) -> bool:
    return isinstance(v, tuple) and len(v) == 3 and all(isinstance(x, int) and 0 <= x <= 255 for x in v)


def named_colours() -> list[tuple[int, int, int]]:
    """The colours the art names: picture_parts' constants (and its rows' and rainbows' colours), the
    seats'."""
    from render.style import PLAYERS

    from . import picture_parts
    out: set = set()
    for k in dir(picture_parts):
        v = getattr(picture_parts, k)
        if k.isupper() and _rgb(v):
            out.add(v)
        elif k.isupper() and isinstance(v, tuple) and v and all(_rgb(x) for x in v):
            out |= set(v)
    out |= {p[k] for p in PLAYERS[:2] for k in ("fill", "tint")}
    return sorted(out)


def flat_colours(images: list[Image.Image]) -> list[tuple[int, int, int]]:
    """The named colours, then those covering at least FLAT_PIXELS pixels of the images (the most common
    first)."""
    counts: Counter = Counter()
    for im in images:
        for n, c in im.convert("RGB").getcolors(1 << 24) or []:
            counts[c] += n
    out = named_colours()
    for c, n in counts.most_common():
        # (one that would take an exact colour's pixels, or lose its own to one, is left to the nearest entry:
        # a step of 4 at most in each channel)
        if n >= FLAT_PIXELS and c not in out and not any(_steals(c, f) or _steals(f, c) for f in out):
            out.append(c)
    return out


def build(images: list[Image.Image]) -> bytes:
    """768 bytes: the flat colours first, then the median-cut colours of the images."""
    flat = flat_colours(images)[:128]
    w = max(i.width for i in images)
    comp = Image.new("RGB", (w, sum(i.height for i in images)))
    y = 0
    for im in images:
        comp.paste(im.convert("RGB"), (0, y))
        y += im.height
    pal = comp.quantize(256, method=Image.Quantize.MEDIANCUT, dither=Image.Dither.NONE).getpalette()
    assert pal is not None
    colours = list(flat)
    for i in range(0, min(len(pal), 768), 3):
        c = (pal[i], pal[i + 1], pal[i + 2])
        if len(colours) < 256 and c not in colours and not any(_steals(c, f) for f in flat):
            colours.append(c)
    colours += [colours[0]] * (256 - len(colours))
    return bytes(v for c in colours for v in c)


def main() -> None:
    from . import picture_parts
    picture_parts.ON_PALETTE = False  # (the calibration is drawn in RGB)
    images = calibration_images()
    data = build(images)
    FILE.parent.mkdir(exist_ok=True)
    FILE.write_bytes(data)
    print(f"wrote {FILE} ({len(data)} bytes, {len(flat_colours(images)[:128])} flat colours, {len(images)} renders)")


if __name__ == "__main__":
    main()
