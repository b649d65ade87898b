"""The project's own icons, drawn with Pillow primitives at 4x and scaled down (cached).

Every icon is designed on a 100 x 100 grid. `icon(name, size)` returns a read-only RGBA image."""

import math

from PIL import Image, ImageDraw

from render.fonts import font

from .style import INK, memo, memo_text, overlay

SS = 4  # supersampling factor
OUT = INK


class _Pen:
    """Draws on a 100-unit grid scaled to the supersampled canvas."""

    def __init__(self, size: int):
        self.k = size * SS / 100
        self.img = Image.new("RGBA", (size * SS, size * SS), (0, 0, 0, 0))
        self.d = ImageDraw.Draw(self.img)

    def p(self, pts):
        return [(x * self.k, y * self.k) for x, y in pts]

    def b(self, box):
        return [v * self.k for v in box]

    def w(self, units: float) -> int:
        return max(1, round(units * self.k))

    def ellipse(self, box, fill, outline=OUT, width=4):
        self.d.ellipse(self.b(box), fill=fill, outline=outline, width=self.w(width) if outline else 0)

    def rect(self, box, fill, outline=OUT, width=4, r=0):
        self.d.rounded_rectangle(self.b(box), radius=r * self.k, fill=fill, outline=outline,
                                 width=self.w(width) if outline else 0)

    def poly(self, pts, fill, outline=OUT, width=4):
        self.d.polygon(self.p(pts), fill=fill)
        if outline:
            pts = self.p(pts)
            self.d.line(pts + pts[:2], fill=outline, width=self.w(width), joint="curve")

    def line(self, pts, fill=OUT, width=4):
        self.d.line(self.p(pts), fill=fill, width=self.w(width), joint="curve")

    def arc(self, box, start, end, fill=OUT, width=4):
        self.d.arc(self.b(box), start, end, fill=fill, width=self.w(width))

    def text(self, xy, s, size, fill=OUT, kind="bold"):
        f = font(kind, max(4, round(size * self.k)))
        self.d.text((xy[0] * self.k, xy[1] * self.k), s, font=f, fill=fill, anchor="mm")


def _star_pts(cx, cy, r_out, r_in, n=5, rot=-90):
    pts = []
    for i in range(2 * n):
        r = r_out if i % 2 == 0 else r_in
        a = math.radians(rot + i * 180 / n)
        pts.append((cx + r * math.cos(a), cy + r * math.sin(a)))
    return pts


# ---- die faces ------------------------------------------------------------------------------
def _wild(g):
    g.poly(_star_pts(50, 54, 46, 19), (246, 196, 44), width=5)


def _mine(g):
    g.line([(24, 88), (68, 26)], fill=OUT, width=17)
    g.line([(24, 88), (68, 26)], fill=(150, 96, 50), width=9)
    head = [(8, 40), (30, 20), (56, 12), (80, 16), (94, 30), (78, 26), (56, 26), (34, 34), (12, 50)]
    g.poly(head, (176, 184, 194), width=5)


def _equip(g):
    pts = []
    teeth = 8
    for i in range(teeth * 4):
        a = math.radians(i * 360 / (teeth * 4) + 6)
        r = 46 if (i % 4) in (0, 1) else 34
        pts.append((50 + r * math.cos(a), 50 + r * math.sin(a)))
    g.poly(pts, (130, 146, 162), width=5)
    g.ellipse((33, 33, 67, 67), (130, 146, 162), width=4)
    g.ellipse((41, 41, 59, 59), (250, 240, 215), width=4)


def _cattle(g):
    horn = (244, 236, 214)
    g.poly([(30, 30), (8, 24), (4, 8), (18, 18), (36, 22)], horn, width=4)
    g.poly([(70, 30), (92, 24), (96, 8), (82, 18), (64, 22)], horn, width=4)
    g.ellipse((4, 30, 30, 46), (150, 88, 46), width=4)
    g.ellipse((70, 30, 96, 46), (150, 88, 46), width=4)
    g.rect((24, 18, 76, 90), (160, 96, 52), width=5, r=24)
    g.poly([(42, 18), (58, 18), (54, 46), (46, 46)], (250, 244, 230), outline=None)
    g.ellipse((26, 62, 74, 94), (232, 178, 150), width=4)
    g.ellipse((36, 72, 44, 82), OUT, outline=None)
    g.ellipse((56, 72, 64, 82), OUT, outline=None)
    g.ellipse((30, 40, 40, 50), OUT, outline=None)
    g.ellipse((60, 40, 70, 50), OUT, outline=None)


def _log(g, x0, y0, x1, y1):
    h = y1 - y0
    g.rect((x0, y0, x1, y1), (146, 88, 44), width=4, r=h / 2)
    g.line([(x0 + 10, y0 + h * 0.45), (x1 - h - 4, y0 + h * 0.45)], fill=(104, 60, 28), width=3)
    g.ellipse((x1 - h, y0, x1, y1), (226, 184, 122), width=4)
    g.ellipse((x1 - h * 0.68, y0 + h * 0.32, x1 - h * 0.32, y1 - h * 0.32), None, width=3)


def _wood(g):
    _log(g, 4, 52, 80, 86)
    _log(g, 18, 16, 96, 50)


def _medicine(g):
    g.rect((36, 4, 64, 18), (150, 96, 50), width=4, r=3)
    g.rect((40, 14, 60, 30), (120, 186, 196), width=4)
    g.rect((16, 26, 84, 96), (80, 150, 164), width=5, r=14)
    g.rect((26, 44, 74, 84), (255, 252, 244), width=3, r=4)
    g.rect((45, 50, 55, 78), (200, 40, 36), outline=None)
    g.rect((36, 59, 64, 69), (200, 40, 36), outline=None)


# ---- goods and tokens -----------------------------------------------------------------------
def _silver(g):
    g.ellipse((4, 4, 96, 96), (204, 210, 216), width=5)
    g.ellipse((15, 15, 85, 85), None, outline=(140, 146, 156), width=4)
    g.text((50, 52), "$", 58)


def _gold(g):
    g.ellipse((4, 4, 96, 96), (236, 184, 40), outline=(112, 72, 6), width=6)
    g.ellipse((16, 16, 84, 84), None, outline=(196, 140, 20), width=4)


def _gold_hidden(g):
    _gold(g)
    g.text((50, 54), "?", 58, fill=(92, 58, 4))


def _gold_plain(g):
    _gold(g)
    for box in ((30, 44, 52, 62), (46, 32, 68, 52), (50, 50, 72, 68)):
        g.ellipse(box, (250, 214, 90), outline=(150, 100, 10), width=3)


def _gold_value(n):
    def draw(g):
        _gold(g)
        g.text((50, 54), str(n), 62, fill=(70, 40, 0))
    return draw


def _favor(g):
    g.poly([(30, 58), (16, 96), (32, 88), (42, 98), (50, 62)], (150, 32, 44), width=4)
    g.poly([(70, 58), (84, 96), (68, 88), (58, 98), (50, 62)], (150, 32, 44), width=4)
    g.poly(_star_pts(50, 42, 40, 32, n=14), (186, 44, 58), width=4)
    g.ellipse((28, 20, 72, 64), (250, 232, 200), width=4)
    g.poly(_star_pts(50, 43, 15, 7), (186, 44, 58), outline=None)


def _vp(g):
    g.poly([(10, 8), (90, 8), (90, 52), (50, 96), (10, 52)], (58, 92, 52), width=5)
    from ..lang import _
    vp = _("VP")
    g.text((50, 42), vp, 36 if len(vp) <= 2 else 36 * 2 / len(vp), fill=(255, 255, 255))


def _damage(g):
    g.rect((4, 4, 96, 96), (178, 44, 30), width=5, r=8)
    lo, hi = 10, 90
    for c in range(-60, 80, 24):  # stripes y = x + c, clipped to the square
        x0, x1 = max(lo, lo - c), min(hi, hi - c)
        if x1 > x0:
            g.line([(x0, x0 + c), (x1, x1 + c)], fill=(132, 26, 16), width=8)
    g.line([(30, 10), (46, 40), (34, 56), (58, 74), (52, 92)], fill=(255, 236, 210), width=7)


def _horseshoe(g):
    g.arc((12, 8, 88, 84), -20, 200, fill=OUT, width=24)
    g.arc((12, 8, 88, 84), -16, 196, fill=(150, 156, 166), width=16)
    for a in (20, 60, 120, 160):
        r = math.radians(a)
        g.ellipse((50 + 30 * math.cos(r) - 4, 46 + 30 * math.sin(r) - 4,
                   50 + 30 * math.cos(r) + 4, 46 + 30 * math.sin(r) + 4), OUT, outline=None)


def _town(g):
    g.rect((10, 36, 90, 94), (176, 120, 70), width=5)
    g.poly([(22, 36), (22, 12), (78, 12), (78, 36)], (196, 140, 84), width=5)
    g.rect((40, 62, 60, 94), (90, 56, 30), width=4)
    g.rect((18, 48, 32, 62), (250, 230, 170), width=3)
    g.rect((68, 48, 82, 62), (250, 230, 170), width=3)


def _wagon(g):
    g.poly([(14, 56), (20, 22), (50, 12), (80, 22), (86, 56)], (246, 238, 216), width=4)
    g.rect((6, 52, 94, 70), (150, 92, 48), width=4)
    g.ellipse((14, 60, 40, 86), (110, 70, 36), width=4)
    g.ellipse((60, 60, 86, 86), (110, 70, 36), width=4)


def _boom(g):
    g.poly(_star_pts(50, 50, 48, 28, n=9), (214, 48, 30), width=4)
    g.text((50, 52), "!", 56, fill=(255, 255, 255))


# ---- disasters ------------------------------------------------------------------------------
def _storm(g):
    g.poly([(52, 52), (36, 76), (50, 76), (40, 98), (70, 66), (56, 66), (66, 52)], (250, 210, 40), width=4)
    grey = (120, 132, 150)
    for box in ((6, 26, 42, 58), (26, 6, 70, 50), (54, 20, 94, 58)):
        g.ellipse(box, grey, width=5)
    g.rect((22, 36, 78, 58), grey, outline=None)
    g.line([(20, 58), (80, 58)], width=5)


def _raid(g):
    g.ellipse((26, 28, 74, 88), (226, 182, 140), width=5)
    g.poly([(22, 58), (78, 58), (72, 78), (50, 96), (28, 78)], (184, 38, 38), width=5)
    g.ellipse((36, 44, 46, 54), OUT, outline=None)
    g.ellipse((54, 44, 64, 54), OUT, outline=None)
    g.ellipse((4, 26, 96, 42), (70, 46, 26), width=5)
    g.rect((28, 4, 72, 36), (70, 46, 26), width=5, r=10)
    g.rect((28, 24, 72, 32), (150, 40, 30), outline=None)


def _famine(g):
    g.line([(50, 98), (50, 40)], fill=OUT, width=9)
    g.line([(50, 98), (50, 40)], fill=(170, 130, 60), width=4)
    for i, y in enumerate((14, 30, 46, 62)):
        for side in (-1, 1):
            x = 50 + side * 13
            g.poly([(x - 10, y + 6), (x, y - 6 + (i == 0) * 2), (x + 10, y + 6), (x, y + 16)],
                   (204, 160, 72), width=4)
    g.line([(10, 92), (90, 8)], fill=(200, 40, 30), width=10)


def _disease(g):
    bone = (240, 236, 220)
    g.rect((30, 50, 70, 94), bone, width=5, r=8)
    g.ellipse((14, 4, 86, 72), bone, width=5)
    g.rect((34, 58, 66, 74), bone, outline=None)
    g.ellipse((27, 30, 47, 52), (50, 110, 50), width=3)
    g.ellipse((53, 30, 73, 52), (50, 110, 50), width=3)
    g.poly([(50, 54), (44, 66), (56, 66)], OUT, outline=None)
    for x in (40, 50, 60):
        g.line([(x, 76), (x, 92)], width=3)


DRAW = {
    "wild": _wild, "mine": _mine, "equip": _equip, "cattle": _cattle, "wood": _wood,
    "medicine": _medicine, "silver": _silver, "gold": _gold_hidden, "gold1": _gold_value(1),
    "gold2": _gold_value(2), "gold3": _gold_value(3), "favor": _favor, "vp": _vp, "damage": _damage,
    "goldplain": _gold_plain, "horseshoe": _horseshoe, "town": _town, "wagon": _wagon, "boom": _boom,
    "equipment": _equip,
    "storm": _storm, "raid": _raid, "famine": _famine, "disease": _disease,
}


@memo_text
def icon(name: str, size: int) -> Image.Image:
    """RGBA icon `name` (see DRAW) of size x size pixels. Shared: do not modify the result."""
    g = _Pen(size)
    DRAW[name](g)
    return g.img.resize((size, size), Image.Resampling.LANCZOS)


def paste(img: Image.Image, name: str, size: int, xy) -> None:
    """Draw icon `name` with its top-left corner at xy."""
    ic = icon(name, size)
    overlay(img, ic, xy)


@memo
def die(colour: str, face: str | None, size: int, letter: bool = True) -> Image.Image:
    """A die of `colour` showing `face` (None: a blank, used for taken dice), with the colour's
    letter in its corner so colour-blind players can tell the dice apart (letter=False: the
    caller draws the letter)."""
    from .style import DICE
    spec = DICE[colour]
    img = Image.new("RGBA", (size * SS, size * SS), (0, 0, 0, 0))
    d = ImageDraw.Draw(img)
    S = size * SS
    d.rounded_rectangle((SS, SS, S - SS, S - SS), radius=S * 0.18, fill=spec["fill"], outline=INK,
                        width=max(SS, round(S * 0.035)))
    img = img.resize((size, size), Image.Resampling.LANCZOS)
    d = ImageDraw.Draw(img)
    if face:
        inner = round(size * 0.62)
        off = round(size * 0.27)
        d.ellipse((off - 2, off - 2, off + inner + 1, off + inner + 1), fill=(252, 244, 224),
                  outline=INK, width=1)
        ic = icon(face, round(inner * 0.8))
        overlay(img, ic, (off + round(inner * 0.1), off + round(inner * 0.1)))
        if letter:
            d.text((round(size * 0.2), round(size * 0.2)), spec["letter"], font=font("bold", round(size * 0.26)),
                   fill=spec["text"], anchor="mm")
    elif letter:  # a blank die (track marker): the letter large in the middle
        d.text((size / 2, size / 2 + 1), spec["letter"], font=font("bold", round(size * 0.5)),
               fill=spec["text"], anchor="mm")
    return img


@memo
def damage_block(w: int, h: int, label: str) -> Image.Image:
    """A damage token covering two wagon spaces (w x h)."""
    img = Image.new("RGBA", (w * SS, h * SS), (0, 0, 0, 0))
    d = ImageDraw.Draw(img)
    W, H = w * SS, h * SS
    d.rounded_rectangle((0, 0, W - 1, H - 1), radius=6 * SS, fill=(178, 44, 30))
    step = 14 * SS
    for c in range(-H, W, step):
        d.line((c, H, c + H, 0), fill=(132, 26, 16), width=5 * SS)
    mask = Image.new("L", (W, H), 0)
    ImageDraw.Draw(mask).rounded_rectangle((0, 0, W - 1, H - 1), radius=6 * SS, fill=255)
    img.putalpha(mask)
    d = ImageDraw.Draw(img)
    d.rounded_rectangle((0, 0, W - 1, H - 1), radius=6 * SS, outline=INK, width=2 * SS)
    img = img.resize((w, h), Image.Resampling.LANCZOS)
    d = ImageDraw.Draw(img)
    size = max(9, min(h // 3, 16))
    d.rounded_rectangle((w / 2 - size * 2.2, h / 2 - size * 0.75, w / 2 + size * 2.2, h / 2 + size * 0.75),
                        radius=4, fill=(60, 16, 10))
    d.text((w / 2, h / 2), label, font=font("condbold", size), fill=(255, 236, 210), anchor="mm")
    return img


def _trophy(g):
    gold = (240, 190, 50)
    g.arc((4, 14, 38, 52), 90, 270, fill=OUT, width=10)
    g.arc((62, 14, 96, 52), 270, 90, fill=OUT, width=10)
    g.arc((4, 14, 38, 52), 90, 270, fill=gold, width=5)
    g.arc((62, 14, 96, 52), 270, 90, fill=gold, width=5)
    g.poly([(20, 8), (80, 8), (76, 40), (62, 60), (38, 60), (24, 40)], gold, width=5)
    g.rect((42, 58, 58, 76), gold, width=4)
    g.rect((26, 76, 74, 94), (120, 80, 40), width=5, r=3)
    g.poly(_star_pts(50, 30, 14, 6), (255, 246, 200), outline=None)


DRAW["trophy"] = _trophy
