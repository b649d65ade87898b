"""The final results image: per player the score by category, a stacked bar, the winner(s)."""

from PIL import Image, ImageDraw

import games.pioneer_days.rules as engine
from games.pioneer_days.rules import describe, scoring
from render import text as T

from ..lang import N_, _
from . import player_board
from .icons import paste
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

W = 1400
M = 16
HEAD = 100
ROW = 96
COLS = ("gold", "favors", "majority", "townsfolk", "equipment", "game", "damage")
COL_TITLE = {"gold": N_("Gold"), "favors": N_("Favors"), "majority": N_("Majority"), "townsfolk": N_("Townsfolk"),
             "equipment": N_("Equip."), "game": N_("In game"), "damage": N_("Damage")}
NAME_X, NAME_W = 110, 330
COL_X0, COL_W = NAME_X + NAME_W + 10, 96
TOTAL_X = COL_X0 + len(COLS) * COL_W + 10


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
    h = HEAD + 56 + len(rows) * (ROW + 10) + 70 + M
    img = Image.new("RGB", (W, h), WOOD)
    d = ImageDraw.Draw(img)
    d.rectangle((0, 0, W, HEAD), fill=WOOD_DARK)
    T.draw(d, (M + 4, 34), title, "serif", 30, CREAM, anchor="lm")
    winners = [T.player_name(state["players"][r["seat"]]) for r in rows if r["winner"]]
    if winners:
        names = " & ".join(winners)
        label = _("Winner: {names}", names=names) if len(winners) == 1 else _("Shared victory: {names}", names=names)
        if standings:
            label = _("Leading: {names}", names=names)
        paste(img, "trophy", 34, (M + 2, 56))
        T.draw(d, (M + 44, 74), T.ellipsize(label, "bold", 24, W - 2 * M - 60), "bold", 24, HIGHLIGHT, anchor="lm")
    y = HEAD + 12
    d.rounded_rectangle((M, y, W - M, h - M), radius=14, fill=PARCHMENT, outline=INK, width=3)
    # column titles
    ty = y + 26
    T.draw(d, (NAME_X, ty), T.ellipsize(_("PLAYER"), "condbold", 16, NAME_W), "condbold", 16, INK_SOFT, anchor="lm")
    for i, c in enumerate(COLS):
        cx = COL_X0 + i * COL_W + COL_W / 2
        d.rounded_rectangle((cx - COL_W / 2 + 3, ty - 14, cx + COL_W / 2 - 3, ty + 14), radius=8,
                            fill=CATEGORY[c][1])
        fg = (255, 255, 255) if sum(CATEGORY[c][1]) < 450 else INK
        ct = _(COL_TITLE[c])
        fs = 16 if T.width(ct, "condbold", 16) <= COL_W - 14 else 14
        T.draw(d, (cx, ty), T.ellipsize(ct, "condbold", fs, COL_W - 10), "condbold", fs, fg, anchor="mm")
    T.draw(d, (TOTAL_X + 60, ty), T.ellipsize(_("TOTAL VP"), "condbold", 16, 116), "condbold", 16, INK, anchor="mm")
    T.draw(d, (W - M - 70, ty), T.ellipsize(_("SILVER"), "condbold", 16, 116), "condbold", 16, INK_SOFT,
           anchor="mm")
    pos = max([r["vp"]["total"] - r["vp"]["damage"] for r in rows] + [1])
    neg = max([-r["vp"]["damage"] for r in rows] + [0])
    top = (pos, neg)
    y = ty + 24
    for r in rows:
        _row(img, d, y, state, r, top)
        y += ROW + 10
    # legend
    x = M + 24
    y += 8
    d.line((M + 20, y - 6, W - M - 20, y - 6), fill=RULE, width=2)
    for c in COLS:
        label, col = CATEGORY[c]
        label = _(label)
        if c == "damage":
            _hatch(d, (x, y + 8, x + 22, y + 26))
        else:
            d.rounded_rectangle((x, y + 8, x + 22, y + 26), radius=4, fill=col, outline=INK)
        T.draw(d, (x + 28, y + 17), label, "cond", 16, INK, anchor="lm")
        x += 28 + T.width(label, "cond", 16) + 24
    T.draw(d, (W - M - 24, y + 17), T.ellipsize(_("tie-break: most silver"), "cond", 16, max(60, W - M - 24 - x)),
           "cond", 16, INK_SOFT, anchor="rm")
    return img


def _row(img, d, y, state, r, top) -> None:
    seat = r["seat"]
    p = state["players"][seat]
    x0, x1 = M + 14, W - M - 14
    if r["winner"]:
        d.rounded_rectangle((x0 - 6, y - 6, x1 + 6, y + ROW + 6), radius=16, fill=HIGHLIGHT, outline=INK,
                            width=2)
    fill = mix(HIGHLIGHT, CREAM, 0.7) if r["winner"] else mix(PARCHMENT_DARK, CREAM, 0.5)
    d.rounded_rectangle((x0, y, x1, y + ROW), radius=12, fill=fill, outline=RULE, width=2)
    # rank medal
    d.ellipse((x0 + 10, y + 14, x0 + 64, y + 68), fill=WOOD_DARK if not r["winner"] else RUST, outline=INK)
    T.draw(d, (x0 + 37, y + 41), str(r["rank"]), "bold", 28, CREAM, anchor="mm")
    if r["winner"]:
        paste(img, "trophy", 30, (x0 + 50, y + 54))
    player_board.marker(img, seat, (NAME_X, y + 12, NAME_X + 34, y + 46))
    name = T.ellipsize(T.player_name(p), "bold", 24, NAME_W - 50)
    T.draw(d, (NAME_X + 44, y + 29), name, "bold", 24, INK, anchor="lm")
    pion = describe.card("pioneer", p["pioneer"])["name"] if p.get("pioneer") else ""
    T.draw(d, (NAME_X + 44, y + 54), pion, "cond", 15, INK_SOFT, anchor="lm")
    for i, c in enumerate(COLS):
        v = r["vp"][c]
        cx = COL_X0 + i * COL_W + COL_W / 2
        fill = INK_SOFT if v == 0 else (RUST if v < 0 else INK)
        T.draw(d, (cx, y + 32), f"{v:+d}" if v < 0 else str(v), "bold", 26 if v else 22, fill, anchor="mm")
    # total
    d.rounded_rectangle((TOTAL_X + 10, y + 10, TOTAL_X + 110, y + 56), radius=10, fill=INK)
    T.draw(d, (TOTAL_X + 60, y + 33), str(r["total"]), "bold", 30, HIGHLIGHT, anchor="mm")
    paste(img, "silver", 26, (W - M - 110, y + 20))
    T.draw(d, (W - M - 78, y + 33), f"${r['silver']}", "bold", 22, INK, anchor="lm")
    # diverging bar: VP gained to the right of zero (by category), damage to the left (hatched)
    pos, neg = top
    bx0, bx1 = NAME_X, x1 - 16
    by = y + ROW - 26
    scale = (bx1 - bx0) / (pos + neg)
    zero = bx0 + neg * scale
    d.rounded_rectangle((bx0, by, bx1, by + 16), radius=4, fill=mix(PARCHMENT, INK, 0.06))
    x = zero
    for c in COLS:
        v = r["vp"][c]
        if v <= 0 or c == "damage":
            continue
        w = v * scale
        d.rectangle((x, by, x + w, by + 16), fill=CATEGORY[c][1], outline=INK)
        x += w
    dmg = -r["vp"]["damage"]
    if dmg > 0:
        _hatch(d, (zero - dmg * scale, by, zero, by + 16))
    if neg:
        d.line((zero, by - 4, zero, by + 20), fill=INK, width=2)


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
