"""What a player owns, in full, on their private wagon picture: each townsfolk as a card (name, when it
works and what it does, its VP), each equipment tile numbered as in the wagons, the pioneer's ability,
and while setting up the pioneer boards to choose from. Every text at least MIN_PX (18 px at 800 px
wide: 9 px on a phone)."""

from typing import NamedTuple

from PIL import Image

from games.pioneer_days.rules import describe
from render import text as T
from render.canvas import Canvas, Layer

from ..lang import _
from . import rich
from .cards import FOOTER
from .day import CardText, effect_runs, fit1, vp_fit
from .icons import paste
from .style import CARD, CARD_BAND, CREAM, INK, INK_SOFT, RUST, memo_text

MIN_PX = 18
SIZES = range(20, 17, -1)  # body text: 20 px, fitted down to 18
LABEL = 30       # a section's label line
CARD_GAP = 12
BAND = 38        # a townsfolk card's name band
DISC = 28        # an equipment tile's number


@memo_text
def card_layout(cid: str, w: int) -> CardText:
    """A townsfolk card w px wide: its name, its effect in up to 3 lines, its VP in up to 3."""
    c = describe.card("townsfolk", cid)
    room = w - 20
    name = fit1(T.clean(c["name"], "serifcond"), room, ("serif", "serifcond"), (22, 21, 20, 19, 18))
    effect = rich.fit(rich.styled(effect_runs(cid)), SIZES, room, 3, True)
    vp = vp_fit(c["vp"], room)
    h = BAND + 8 + round(effect[0] * 1.22) * len(effect[1]) + 8
    if vp[1]:
        h += round(vp[0] * 1.2) * len(vp[1]) + 12
    return CardText(name, effect, vp, h)


@memo_text
def card_layer(cid: str, w: int, h: int) -> Layer:
    L = card_layout(cid, w)
    cv = Canvas(Image.new("RGBA", (w + 1, h + 1), (0, 0, 0, 0)), track=True)
    d = cv.d
    d.rounded_rectangle((0, 0, w, h), radius=10, fill=CARD, outline=INK, width=2)
    d.rounded_rectangle((2, 2, w - 2, BAND), radius=8, fill=CARD_BAND)
    d.rectangle((2, BAND - 8, w - 2, BAND), fill=CARD_BAND)
    d.line((2, BAND, w - 2, BAND), fill=INK, width=1)
    text, kind, size = L.name
    cv.text((10, BAND // 2 + 1), text, kind, size, INK, anchor="lm")
    size, lines = L.effect
    rich.draw(cv, 10, BAND + 8, lines, size, round(size * 1.22))
    vsize, vlines = L.vp
    if vlines:
        step = round(vsize * 1.2)
        vh = step * len(vlines) + 8
        vy = h - vh - 5
        d.rounded_rectangle((5, vy, w - 5, vy + vh), radius=7, fill=FOOTER)
        paste(cv.img, "vp", 22, (10, vy + (vh - 22) // 2))
        rich.draw(cv, 38, vy + 4, vlines, vsize, step)
    assert cv.boxes is not None  # (track=True)
    return Layer(cv.img, cv.min_px, tuple(cv.boxes))


class Owned(NamedTuple):
    card_w: int
    card_rows: list   # [(height, [cid, ...])]
    equipment: list   # [(size, lines)] per tile
    pioneer: tuple    # (size, lines)
    choices: list     # [(name (text, kind, size), effect (size, lines), start (size, lines), h)]
    h: int


def layout(s: dict, p: dict, w: int) -> Owned:
    """The owned things of player p, in a board's inner width w."""
    cw = (w - CARD_GAP) // 2
    ids = list(p["townsfolk"])
    card_rows = [(max(card_layout(c, cw).h for c in ids[i:i + 2]), ids[i:i + 2]) for i in range(0, len(ids), 2)]
    equipment = []
    for cid in p["equipment"]:
        c = describe.card("equipment", cid)
        parts = [(c["name"], "condbold", INK), *effect_runs(cid, "equipment")]
        if c["vp"]:
            parts.append(("· " + c["vp"], "condbold", INK_SOFT))
        equipment.append(rich.fit(rich.styled(parts), SIZES, w - DISC - 10, 2, True))
    choices = []
    if s["stage"] == "pioneer" and p.get("boards"):
        for cid in ["standard", *p["boards"]]:
            c = describe.card("pioneer", cid)
            title = _("{name} (standard side)", name=c["name"]) if cid == "standard" else c["name"]
            name = fit1(T.clean(title, "serifcond"), w - 60, ("serif", "serifcond"), (22, 21, 20, 19, 18))
            effect = rich.fit(rich.styled(effect_runs(cid, "pioneer")), SIZES, w - 20, 2, True)
            start = rich.fit(rich.words(c["vp"], "cond", INK_SOFT), SIZES, w - 20, 2, True)
            h = 40 + round(effect[0] * 1.22) * len(effect[1]) + round(start[0] * 1.22) * len(start[1]) + 12
            choices.append((name, effect, start, h))
        line = _("Pioneer: not chosen yet")
    else:
        c = describe.card("pioneer", p.get("pioneer") or "standard")
        line = _("Pioneer: {name} — {effect}", name=c["name"], effect=c["effect"])
    pioneer = rich.fit(rich.words(line, "cond", INK), SIZES, w, 2, True)
    h = (LABEL + (sum(rh + CARD_GAP for rh, _c in card_rows) if card_rows else LABEL)
         + LABEL + (sum(round(sz * 1.22) * len(ls) + 10 for sz, ls in equipment) if equipment else LABEL)
         + (LABEL + sum(ch + 8 for *_x, ch in choices) if choices else 0)
         + 8 + round(pioneer[0] * 1.25) * len(pioneer[1]) + 4)
    return Owned(cw, card_rows, equipment, pioneer, choices, h)


def draw(cv: Canvas, x: int, y: int, w: int, p: dict, L: Owned) -> None:
    d = cv.d
    if L.choices:
        cv.put((x, y + LABEL // 2), _("CHOOSE YOUR PIONEER (one board, either side)"), "condbold", 20, RUST, w, MIN_PX)
        y += LABEL
        for name, effect, start, h in L.choices:
            d.rounded_rectangle((x, y, x + w, y + h), radius=10, fill=CARD, outline=INK, width=2)
            paste(cv.img, "wagon", 30, (x + 10, y + 5))
            text, kind, size = name
            cv.text((x + 50, y + 20), text, kind, size, INK, anchor="lm")
            yy = y + 40
            yy += rich.draw(cv, x + 10, yy, effect[1], effect[0], round(effect[0] * 1.22))
            rich.draw(cv, x + 10, yy, start[1], start[0], round(start[0] * 1.22))
            y += h + 8
    cv.text((x, y + LABEL // 2), _("TOWNSFOLK"), "condbold", MIN_PX, INK_SOFT, anchor="lm")
    y += LABEL
    if not L.card_rows:
        cv.text((x, y + LABEL // 2 - 4), _("none"), "cond", MIN_PX, INK_SOFT, anchor="lm")
        y += LABEL
    for rh, ids in L.card_rows:
        for i, cid in enumerate(ids):
            cv.paste(card_layer(cid, L.card_w, rh), (x + i * (L.card_w + CARD_GAP), y))
        y += rh + CARD_GAP
    cv.put((x, y + LABEL // 2), _("EQUIPMENT (numbers as in the wagons)"), "condbold", MIN_PX, INK_SOFT, w, MIN_PX)
    y += LABEL
    if not L.equipment:
        cv.text((x, y + LABEL // 2 - 4), _("none"), "cond", MIN_PX, INK_SOFT, anchor="lm")
        y += LABEL
    for i, (size, lines) in enumerate(L.equipment):
        step = round(size * 1.22)
        d.ellipse((x, y + (step - DISC) // 2, x + DISC, y + (step + DISC) // 2), fill=INK, outline=CREAM, width=2)
        cv.text((x + DISC / 2, y + step / 2), str(i + 1), "bold", MIN_PX, CREAM, anchor="mm")
        y += rich.draw(cv, x + DISC + 10, y, lines, size, step) + 10
    size, lines = L.pioneer
    rich.draw(cv, x, y + 8, lines, size, round(size * 1.25))
