"""The drawing kit notices a character its font has no glyph for (drawn as an empty box), wherever the
text is drawn (a canvas, on a palette, a cached layer pasted, an image overlaid, text.draw straight on an
image), and the picture says it in its PNG or WebP; what HarfBuzz draws as nothing on purpose, or from
its parts, is not missing."""

import io

import pytest
from conformance.test_conformance_discord import drawable
from PIL import Image, ImageDraw

import render
from render import animation, glyphs
from render import text as T
from render.canvas import Canvas, Layer
from render.fonts import covers, font
from render.paletted import Palette, PalettedImage
from render.style import overlay

BAG, SNOW = "\U0001F4B0", "\u2603"  # no font of the kit has a money bag; the serif ones lack the snowman


def canvas(mode: str = "RGB") -> Canvas:
    return Canvas(Image.new(mode, (300, 60), "white" if mode == "RGB" else (0, 0, 0, 0)))


def mask(text: str, kind: str = "serif") -> tuple:
    m, offset = font(kind, 40).getmask2(text, "L")
    return m.size, offset, bytes(m)


def test_a_character_the_font_lacks_is_noted_and_one_it_has_is_not():
    cv = canvas()
    cv.text((4, 4), "zażółć ñ ¿ → … ♠ 10♦ — 3 €", "cond", 18, "black")
    cv.text((4, 30), "Ωmega✨\u200d\ufe0f", "bold", 18, "black")  # (ZWJ and VS16: drawn as nothing, as meant)
    assert cv.missing == "✨"
    cv.text((4, 30), f"gold {BAG}\tsnow {SNOW}", "serif", 18, "black")
    assert cv.missing == "\t☃✨" + BAG  # each once, in code point order
    assert canvas().missing == ""


def test_it_is_noted_on_a_palette_in_a_layer_in_an_overlaid_image_and_by_text_draw():
    pal = Image.new("P", (1, 1))
    pal.putpalette([v for i in range(256) for v in (i, i, i)])
    pal.load()
    on_palette = Canvas(PalettedImage.of(Image.new("P", (300, 60), 255), Palette(pal), [(255, 255, 255)]))
    on_palette.put((4, 30), f"a {BAG}", "cond", 18, (0, 0, 0), 200, 12)  # (fitted, then drawn)
    assert on_palette.missing == BAG

    layer = canvas("RGBA")
    layer.text((0, 0), SNOW, "serifcond", 18, "black")
    cv = canvas()
    cv.paste(Layer(layer.img, layer.min_px, ()), (10, 10))
    assert cv.missing == SNOW

    icon = Image.new("RGBA", (40, 40))
    T.draw(ImageDraw.Draw(icon), (20, 20), BAG, "bold", 20, "black", anchor="mm")
    assert icon.info[glyphs.KEY] == BAG
    overlay(cv.img, icon, (0, 0))
    assert cv.missing == SNOW + BAG


@pytest.mark.parametrize("fast", [True, False])
def test_a_png_says_what_it_lacks_and_a_fine_one_says_nothing(monkeypatch, fast):
    monkeypatch.setattr(render, "FAST_ENCODE", fast)  # ISA-L's writer, and Pillow's
    cv = canvas()
    cv.text((4, 4), f"gold {BAG} {SNOW}", "serif", 18, "black")
    data = render.png(cv.finish())
    assert render.missing_glyphs(data) == SNOW + BAG and render.min_text_px(data) == 18
    fine = canvas()
    fine.text((4, 4), "gold", "serif", 18, "black")
    assert render.missing_glyphs(render.png(fine.finish())) == ""


def test_an_animation_says_what_any_of_its_frames_lacks():
    frames = []
    for s in ("fine", f"a {BAG}", f"b {SNOW}"):
        cv = canvas()
        cv.text((4, 4), s, "serif", 18, "black")
        frames.append((cv.finish(), 100))
    data = animation.webp(frames, 150, "white")
    assert render.missing_glyphs(data) == SNOW + BAG and render.min_text_px(data) == 9
    assert render.missing_glyphs(animation.webp(frames[:1], 150, "white")) == ""
    silent = Image.new("RGB", (300, 60), "white")  # (a frame that does not say its text: still says its boxes)
    silent.info[glyphs.KEY] = BAG
    data = animation.webp([(silent, 100)], 150, "white")
    assert render.missing_glyphs(data) == BAG and render.min_text_px(data) is None


def test_what_harfbuzz_draws_as_nothing_or_from_parts_is_not_missing():
    """The kit's list of default-ignorable characters is what the layout engine really hides: each end
    of each range, where the font has no glyph for it, leaves no trace, and the characters just outside
    it do (a box)."""
    have = covers("serif")
    plain = mask("ab")
    tried = 0
    for first, last in glyphs.IGNORABLE:
        for cp in (first - 1, first, last, last + 1):
            if cp in have or cp == 0x2029:  # (raqm refuses to lay out a paragraph separator)
                continue
            hidden = mask(f"a{chr(cp)}b") == plain
            assert hidden == glyphs.ignorable(cp) == (not glyphs.lacks("serif", chr(cp))), f"U+{cp:04X}"
            tried += 1
    assert tried >= 30
    assert mask(f"a{SNOW}b") != plain and glyphs.lacks("serif", SNOW)
    assert mask("a\u115fb") != plain and glyphs.lacks("serif", "\u115f")  # (a filler HarfBuzz does not hide)
    # U+06C0 has no glyph of its own in the condensed font, but its parts (U+06D5 U+0654) have
    assert 0x6C0 not in covers("cond") and not glyphs.lacks("cond", "\u06c0")
    assert mask("\u06c0", "cond") == mask("\u06d5\u0654", "cond")


def test_the_phone_check_names_the_picture_and_the_characters():
    cv = canvas()
    cv.text((4, 4), f"gold {BAG}", "cond", 18, "black")
    problems = drawable(render.png(cv.finish()), "round")
    assert len(problems) == 1 and problems[0].startswith("round: ") and "U+1F4B0 MONEY BAG" in problems[0]
    with Image.open(io.BytesIO(render.png(canvas().finish()))) as img:
        assert glyphs.KEY not in img.info
    assert drawable(render.png(canvas().finish()), "round") == []
