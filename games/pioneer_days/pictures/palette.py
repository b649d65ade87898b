"""One fixed 256-colour palette for every image (render/assets/palette.bin, 768 bytes of RGB).

The art is flat colours, anti-aliased edges and small icons: a PNG with 256 colours looks the same
as RGB, is far smaller and encodes faster. Choosing an adaptive palette for each image
(Image.quantize) was the largest cost of a render; this palette is chosen once, offline, from the
images themselves, and mapping an image onto it is several times faster with a smaller colour
error. It holds every flat colour of the style exactly (render/style.py) plus the median-cut
colours of a set of calibration renders.

Regenerate it after changing the art (tests/test_render_palette.py checks the colour error):

    .venv/bin/python -m render.palette
"""

import random
import threading
from pathlib import Path

from PIL import Image

from render.paletted import Palette as Paletted
from render.paletted import palette_image

from . import style

FILE = Path(__file__).parent / "assets" / "palette.bin"
_lock = threading.RLock()  # (paletted() calls image())
_image: Image.Image | None = None
_paletted: Paletted | None = None


def _rgb(v) -> bool:
    return isinstance(v, tuple) and len(v) == 3 and all(isinstance(x, int) and 0 <= x <= 255 for x in v)


def flat_colours() -> list[tuple]:
    """The colours drawn as flat fills (the named colours of the renderer's modules): exact
    entries of the palette."""
    from . import cards, day, owned, player_board, results, table, wagons
    out = set()
    for mod in (style, cards, player_board, wagons, owned, table, day, results):
        for k in dir(mod):
            v = getattr(mod, k)
            if k.isupper() and _rgb(v):
                out.add(v)
    out |= {c[k] for c in style.DICE.values() for k in ("fill", "text")}
    out |= {c[k] for c in style.PLAYERS for k in ("fill", "text", "tint")}
    out |= {c for _, c in style.CATEGORY.values()}
    return sorted(out)


def image() -> Image.Image:
    """The palette as a 1x1 "P" image for Image.quantize(palette=...); shared, only read."""
    global _image
    if _image is None:
        with _lock:
            if _image is None:
                _image = palette_image(FILE)
    return _image


def paletted() -> Paletted:
    """The palette to draw on (render/paletted.py); shared."""
    global _paletted
    if _paletted is None:
        with _lock:
            if _paletted is None:
                _paletted = Paletted(image())
    return _paletted


def quantize(img: Image.Image) -> Image.Image:
    """img (RGB) mapped onto the fixed palette, without dithering."""
    return img.quantize(palette=image(), dither=Image.Dither.NONE)


# ---- generation (offline) -------------------------------------------------------------------
def calibration_images() -> list[Image.Image]:
    """Renders covering the art: tables, day images, wagons and results of seeded random games."""
    import games.pioneer_days.rules as engine

    from . import day, table, wagon
    lines = ["Day over: the 🟦 B blue die was left (Storm 3/4 · Raid 1/4).",
             "Storm struck: Ann paid 1 wood; Bob's wagon 2 damaged", "⬛ K left: every track moves"]
    out = []
    for players, seed in ((2, 101), (3, 102), (4, 103), (4, 104)):
        s, _ = engine.new_game({"players": players, "sets": list(("AB", "CD", "EA", "BE")[seed % 4]),
                                "pioneers": "unique"}, seed)
        rnd = random.Random(seed)
        states = []
        while not engine.is_over(s):
            r = engine.apply(s, rnd.choice(engine.legal_actions(s)))
            if not r.ok:
                raise RuntimeError(f"a legal action was refused: {r.reason}")
            s = r.state
            if rnd.random() < 0.02:
                states.append(s)
        states.append(s)
        for i, st in enumerate(states[::2]):
            out.append(table.render(st))
            out.append(day.render(st, lines[: i % 4]))
        out.append(wagon.render(states[len(states) // 2], 0))  # (the results have a palette of their own)
    return out


def _steals(e: tuple, f: tuple) -> bool:
    """Would entry e take flat colour f's pixels? Image.quantize(palette=...) maps a colour to the
    entry nearest to the corner of its 4x4x4 cache cell, so f comes out exact only if no other
    entry is as near to that corner as f is."""
    corner = tuple(v & ~3 for v in f)
    return sum((a - b) ** 2 for a, b in zip(e, corner, strict=True)) <= \
        sum((a - b) ** 2 for a, b in zip(f, corner, strict=True))


def build(images: list[Image.Image]) -> bytes:
    """768 bytes: the exact flat colours first, then median-cut colours of the images (leaving
    out those that would take a flat colour's place)."""
    flat = flat_colours()
    w = max(i.width for i in images)
    comp = Image.new("RGB", (w, sum(i.height for i in images)))
    y = 0
    for im in images:
        comp.paste(im.convert("RGB"), (0, y))
        y += im.height
    pal = comp.quantize(256, method=Image.Quantize.MEDIANCUT, dither=Image.Dither.NONE).getpalette()
    assert pal is not None  # (a quantized image is a "P" image: it has a palette)
    cut = pal[:768]
    colours = list(flat)
    for i in range(0, len(cut), 3):
        c = tuple(cut[i:i + 3])
        if len(colours) < 256 and c not in colours and not any(_steals(c, f) for f in flat):
            colours.append(c)
    colours += [colours[0]] * (256 - len(colours))
    return bytes(v for c in colours for v in c)


def main() -> None:
    data = build(calibration_images())
    FILE.write_bytes(data)
    print(f"wrote {FILE} ({len(data)} bytes, {len(flat_colours())} flat colours)")


if __name__ == "__main__":
    main()
