"""The final results image: per player the score by category, a stacked bar, the winner(s)."""

from PIL import Image

import games.pioneer_days.rules as engine
from games.pioneer_days.rules import describe, scoring
from render import text as T
from render.canvas import Canvas

from ..lang import N_, _
from .icons import paste
from .seats import marker
from .style import (
    CATEGORY,
    CREAM,
    HIGHLIGHT,
    INK,
    INK_SOFT,
    PARCHMENT,
    PARCHMENT_DARK,
    RULE,
    RUST,
    WOOD,
    WOOD_DARK,
    mix,
)

W = 800            # made for a phone: shown about 400 px wide, so no essential text under 18 px here
M = 16
HEAD = 96
ROW = 176          # a player's card: name and total, the categories in two rows of chips, the bar
COLS = ("gold", "favors", "majority", "townsfolk", "equipment", "game", "damage")
COL_TITLE = {"gold": N_("Gold"), "favors": N_("Favors"), "majority": N_("Majority"), "townsfolk": N_("Townsfolk"),
             "equipment": N_("Equip."), "game": N_("In game"), "damage": N_("Damage")}
CHIPS_PER_ROW = 4
MIN_PX = 18


def render(state: dict) -> Image.Image:
    state = engine.view_for(state, None)  # public: gold values only once the game is over
    result = state.get("result")
    title = _("PIONEER DAYS · FINAL RESULTS")
    standings = False
    if not result:  # not over yet: the standings without the hidden gold
        result = scoring.results(state)
        title = _("PIONEER DAYS · STANDINGS (gold not counted)")
        standings = True
    rows = sorted(result, key=lambda r: (r["rank"], r["seat"]))
    h = HEAD + 12 + len(rows) * (ROW + 12) + 52 + M
    cv = Canvas(Image.new("RGB", (W, h), WOOD))
    img, d = cv.img, cv.d
    d.rectangle((0, 0, W, HEAD), fill=WOOD_DARK)
    label, kind, size = _fit(title, W - 2 * M - 8, ("serif", "serifcond"), (28, 26, 24, 22, 20, MIN_PX))
    cv.text((M + 4, 30), label, kind, size, CREAM, anchor="lm")
    winners = [T.player_name(state["players"][r["seat"]]) for r in rows if r["winner"]]
    if winners:
        names = " & ".join(winners)
        label = _("Winner: {names}", names=names) if len(winners) == 1 else _("Shared victory: {names}", names=names)
        if standings:
            label = _("Leading: {names}", names=names)
        paste(img, "trophy", 32, (M + 2, 52))
        cv.text((M + 42, 70), T.ellipsize(label, "bold", 24, W - 2 * M - 56), "bold", 24, HIGHLIGHT, anchor="lm")
    pos = max([r["vp"]["total"] - r["vp"]["damage"] for r in rows] + [1])
    neg = max([-r["vp"]["damage"] for r in rows] + [0])
    y = HEAD + 12
    for r in rows:
        _row(cv, y, state, r, (pos, neg))
        y += ROW + 12
    cv.text((W - M - 8, y + 20), T.ellipsize(_("tie-break: most silver"), "cond", MIN_PX, W - 2 * M), "cond",
            MIN_PX, CREAM, anchor="rm")
    return cv.finish()


def _fit(s: str, room: int, kinds, sizes) -> tuple[str, str, int]:
    for kind in kinds:
        for size in sizes:
            if T.width(s, kind, size) <= room:
                return s, kind, size
    return T.ellipsize(s, kinds[-1], sizes[-1], room), kinds[-1], sizes[-1]


def _row(cv: Canvas, y: int, state: dict, r: dict, top: tuple) -> None:
    img, d = cv.img, cv.d
    seat = r["seat"]
    p = state["players"][seat]
    x0, x1 = M, W - M
    if r["winner"]:
        d.rounded_rectangle((x0 - 4, y - 4, x1 + 4, y + ROW + 4), radius=16, fill=HIGHLIGHT, outline=INK, width=2)
    fill = mix(HIGHLIGHT, CREAM, 0.7) if r["winner"] else mix(PARCHMENT_DARK, CREAM, 0.5)
    d.rounded_rectangle((x0, y, x1, y + ROW), radius=12, fill=fill, outline=RULE, width=2)
    # rank medal, the seat's marker and name, the pioneer; the total and the silver on the right
    d.ellipse((x0 + 10, y + 10, x0 + 62, y + 62), fill=RUST if r["winner"] else WOOD_DARK, outline=INK)
    cv.text((x0 + 36, y + 36), str(r["rank"]), "bold", 28, CREAM, anchor="mm")
    if r["winner"]:
        paste(img, "trophy", 28, (x0 + 46, y + 44))
    marker(img, seat, (x0 + 78, y + 14, x0 + 110, y + 46))
    name_w = W - 2 * M - 120 - 190
    cv.text((x0 + 120, y + 30), T.ellipsize(T.player_name(p), "bold", 26, name_w), "bold", 26, INK, anchor="lm")
    pion = describe.card("pioneer", p["pioneer"])["name"] if p.get("pioneer") else ""
    if pion:
        cv.text((x0 + 120, y + 58), T.ellipsize(pion, "cond", MIN_PX, name_w), "cond", MIN_PX, INK_SOFT, anchor="lm")
    d.rounded_rectangle((x1 - 180, y + 12, x1 - 84, y + 60), radius=10, fill=INK)
    cv.text((x1 - 132, y + 36), str(r["total"]), "bold", 30, HIGHLIGHT, anchor="mm")
    cv.text((x1 - 132, y + 72), _("VP"), "condbold", MIN_PX, INK_SOFT, anchor="mm")
    paste(img, "silver", 24, (x1 - 78, y + 24))
    cv.text((x1 - 50, y + 36), f"${r['silver']}", "bold", 22, INK, anchor="lm")
    # the categories, each a chip of its colour: its name and its VP
    cw = (x1 - x0 - 24 - (CHIPS_PER_ROW - 1) * 8) // CHIPS_PER_ROW
    for i, c in enumerate(COLS):
        cx = x0 + 12 + (i % CHIPS_PER_ROW) * (cw + 8)
        cy = y + 84 + (i // CHIPS_PER_ROW) * 34
        v = r["vp"][c]
        col = CATEGORY[c][1]
        # flat colours of the palette only (palette.py): the chip in its category's colour, its value on cream
        d.rounded_rectangle((cx, cy, cx + cw, cy + 28), radius=8, fill=CREAM, outline=col, width=3)
        d.rectangle((cx + 3, cy + 8, cx + 7, cy + 20), fill=col)
        value = f"{v:+d}" if v < 0 else str(v)
        vw = T.width(value, "bold", 20)
        cv.text((cx + cw - 8, cy + 14), value, "bold", 20, RUST if v < 0 else INK, anchor="rm")
        cv.text((cx + 12, cy + 14), T.ellipsize(_(COL_TITLE[c]), "cond", MIN_PX, cw - vw - 26), "cond", MIN_PX,
                INK, anchor="lm")
    # diverging bar: VP gained to the right of zero (by category), damage to the left (hatched)
    pos, neg = top
    bx0, bx1 = x0 + 12, x1 - 12
    by = y + ROW - 22
    scale = (bx1 - bx0) / (pos + neg)
    zero = bx0 + neg * scale
    d.rounded_rectangle((bx0, by, bx1, by + 12), radius=4, fill=mix(PARCHMENT, INK, 0.06))
    x = zero
    for c in COLS:
        v = r["vp"][c]
        if v <= 0 or c == "damage":
            continue
        w = v * scale
        d.rectangle((x, by, x + w, by + 12), fill=CATEGORY[c][1], outline=INK)
        x += w
    dmg = -r["vp"]["damage"]
    if dmg > 0:
        _hatch(d, (zero - dmg * scale, by, zero, by + 12))
    if neg:
        d.line((zero, by - 4, zero, by + 16), fill=INK, width=2)


def _hatch(d, box) -> None:
    """Lost VP (damage): light red with rust stripes."""
    x0, y0, x1, y1 = box
    d.rectangle(box, fill=(246, 214, 200))
    h = y1 - y0
    for hx in range(round(x0) - h, round(x1), 6):
        ax, bx = max(hx, x0), min(hx + h, x1)
        if bx > ax:
            d.line((ax, y1 - (ax - hx), bx, y1 - (bx - hx)), fill=RUST, width=2)
    d.rectangle(box, outline=RUST, width=2)
