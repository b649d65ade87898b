"""The fixed palette (render/palette.py): every flat colour comes out exact, the colour error is no
larger than an adaptive palette's on every kind of image, and the PNGs really use it."""

import io

import pytest
from PIL import Image, ImageChops, ImageStat
from test_render import finished, last, play

import games.pioneer_days.pictures as render
from games.pioneer_days.pictures import palette

HINT = "the palette no longer fits the art: regenerate it with python -m games.pioneer_days.pictures.palette"


def test_every_flat_colour_comes_out_exact():
    data = palette.FILE.read_bytes()
    assert len(data) == 768
    flat = palette.flat_colours()
    swatch = Image.new("RGB", (len(flat), 1))
    for i, c in enumerate(flat):
        swatch.putpixel((i, 0), c)
    got = palette.quantize(swatch).convert("RGB")
    wrong = [(c, got.getpixel((i, 0))) for i, c in enumerate(flat) if got.getpixel((i, 0)) != c]
    assert not wrong, f"{HINT} {wrong}"
    assert len({data[i:i + 3] for i in range(0, 768, 3)}) > 200  # the rest goes to the art's blends


def _error(img: Image.Image, q: Image.Image) -> float:
    """Mean absolute error per channel (0..255) of img drawn with 256 colours."""
    return sum(ImageStat.Stat(ImageChops.difference(img.convert("RGB"), q.convert("RGB"))).mean) / 3


@pytest.mark.parametrize("players,seed", [(2, 5), (4, 9)])
def test_colour_error_is_no_larger_than_an_adaptive_palette(players, seed):
    s = last(play(players, seed, stop=lambda s: s["week"] == 3 and s["stage"] == "turn"))
    f = finished(players, seed)
    images = [render.table_image(s), render.day_image(s, ["🟦 B left: Storm strikes"]),
              render.wagon_image(s, 0), render.day_image(f)]  # the pictures on the fixed palette
    checked = 0
    for img in images:
        fixed = _error(img, palette.quantize(img))
        adaptive = _error(img, img.quantize(256, method=Image.Quantize.FASTOCTREE, dither=Image.Dither.NONE))
        assert fixed <= adaptive and fixed < 1.0, HINT
        checked += 1
    assert checked == len(images) == 4
    # the results, drawn once a game, on a palette of their own: as close to the art
    res = render.results_image(f)
    png = Image.open(io.BytesIO(render.results_png(f)))
    assert bytes(png.getpalette()[:768]) != palette.FILE.read_bytes() and _error(res, png) < 1.0


def test_pngs_use_the_fixed_palette_and_keep_flat_colours():
    s = last(play(3, 4, stop=lambda s: s["week"] == 2))
    want = palette.FILE.read_bytes()
    pngs = pixels = 0
    for data in (render.table_png(s), render.day_png(s), render.wagon_png(s, 1)):
        im = Image.open(io.BytesIO(data))
        assert im.mode == "P" and bytes(im.getpalette()[:768]) == want
        pngs += 1
    img = render.day_image(s)
    got = Image.open(io.BytesIO(render.day_png(s))).convert("RGB")
    for xy in ((2, 2), (img.width // 2, img.height - 3), (img.width // 2, 120)):  # header, wood, a panel
        assert got.getpixel(xy) == img.getpixel(xy)
        pixels += 1
    assert (pngs, pixels) == (3, 3)


@pytest.mark.parametrize("players,seed", [(2, 5), (4, 9)])
def test_drawing_on_the_palette_gives_the_pixels_of_drawing_in_rgb(players, seed):
    """render/paletted.py: the PNGs drawn straight onto the palette match the pictures drawn in RGB
    and mapped onto it, but for a few anti-aliased edges drawn over other ones (a palette step)."""
    s = last(play(players, seed, stop=lambda s: s["week"] == 3 and s["stage"] == "turn"))
    pairs = [(render.table_png(s), render.table_image(s)), (render.day_png(s, ["🟦 B left"]),
                                                           render.day_image(s, ["🟦 B left"])),
             (render.wagon_png(s, 1), render.wagon_image(s, 1))]
    for data, img in pairs:
        got = Image.open(io.BytesIO(data))
        want = palette.quantize(img)
        assert got.size == want.size
        diff = ImageChops.difference(got.convert("RGB"), want.convert("RGB")).convert("L")
        hist = diff.histogram()
        differ = sum(hist[1:])
        assert differ <= got.width * got.height // 2000, differ  # (about 250 px of 2.4 million)
        assert max(i for i, n in enumerate(hist) if n) <= 32
