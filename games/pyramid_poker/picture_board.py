"""The table as one seat (or a spectator) sees it: the title, who does what and the counts, the other
player's panel, the pyramid, the viewer's panel; for a seat's own picture (mine, decision) also the block
to place, the card taken or the blocks turned over, big, and the supply still to place. Drawn from a view
(knowledge.view_for) only: a face the view does not hold is a back."""

from collections.abc import Sequence

from PIL import Image

from render import text as T
from render.canvas import Canvas

from . import picture_pyramid as PY
from .lang import _, n_
from .picture_cards import CHIP_H, CHIP_W, back, card, chip, face
from .picture_hands import panel, panel_h
from .picture_parts import (
    FELT_DARK,
    GOLD,
    INK_SOFT,
    ON_FELT,
    ON_FELT_SOFT,
    PANEL,
    PANEL_EDGE,
    TITLE_H,
    M,
    W,
    canvas,
    draw_story,
    match_label,
    names_of,
    put,
    seat_fill,
    seat_mark,
    story,
    story_h,
    title_band,
)

STATUS_H = 48
DISCARD_H = 44
GAP = 14


def doing(v: dict, names: Sequence[str]) -> str:
    if v["stage"] == "over":
        return _("The match is over")
    who = names[v["turn"]]
    if v["stage"] == "build":
        if v["config"]["blocks"] == "open":
            return _("{name} chooses a block and places it", name=who)
        return _("{name} places a block", name=who)
    if v["stage"] == "take":
        return _("{name} takes a block", name=who)
    if v["stage"] == "hand":
        return _("{name} puts the card into a hand", name=who)
    return _("{name} keeps one of the blocks turned over", name=who)


def _status(cv: Canvas, y: int, v: dict, names: Sequence[str]) -> int:
    """Who does what, the stock and the discards (face up); returns the height."""
    cy = y + STATUS_H // 2
    counts = _("stock {n} · discards {m}", n=len(v["stock"]), m=len(v["discards"]))
    cw = put(cv, (W - M, cy), counts, "cond", 20, ON_FELT_SOFT, 260, anchor="rm")
    x = M
    if v["stage"] != "over":
        seat_mark(cv, v["turn"], M + 11, cy, 10)
        x += 30
    put(cv, (x, cy), doing(v, names), "bold", 24, ON_FELT, W - M - x - cw - 20)
    h = STATUS_H
    if v["discards"]:
        dy = y + STATUS_H
        lw = put(cv, (M, dy + CHIP_H // 2), _("Discarded:"), "cond", 20, ON_FELT_SOFT, 150)
        x = M + lw + 12
        room = (W - M - x) // (CHIP_W + 6)
        for code in v["discards"][-room:]:
            chip(cv, x, dy, code)
            x += CHIP_W + 6
        h += DISCARD_H
    return h


def _status_h(v: dict) -> int:
    return STATUS_H + (DISCARD_H if v["discards"] else 0)


# ---- a seat's own things, big ----------------------------------------------------------------------
BIG_W, BIG_H = 112, 156
FOCUS_H = BIG_H + 30


def _focus(v: dict, seat: int) -> tuple[str, list[tuple[str | None, int | None]]] | None:
    """What the seat sees big now: (the text, [(face or None, owner)]) or None."""
    names = names_of(v)
    stage, turn = v["stage"], v["turn"]
    if stage == "build" and turn == seat and v["config"]["blocks"] == "blind" and v["supply"][seat] and \
            v["supply"][seat][0] is not None:
        return _("Your block to place"), [(v["supply"][seat][0], seat)]
    if stage == "hand" and v["holding"] is not None and v["holding"]["card"] is not None:
        h = v["holding"]
        if turn == seat:
            if h["owner"] is None:
                text = _("You kept this block: into which hand?")
            elif h["owner"] == seat:
                text = _("You took your own block: into which hand?")
            else:
                text = _("You took {name}'s block: into which hand?", name=names[h["owner"]])
        else:
            text = _("{name} took your block", name=names[turn])
        return text, [(h["card"], h["owner"])]
    if stage == "joker" and turn == seat and v["look"]:
        text = n_("You turned over {n} block: keep it", "You turned over {n} blocks: keep one", len(v["look"]))
        return text, [(c, None) for c in v["look"]]
    return None


def _draw_focus(cv: Canvas, y: int, text: str, cards: list) -> int:
    d = cv.d
    d.rectangle((0, y, W, y + FOCUS_H), fill=FELT_DARK)
    cx = M + 10
    for code, owner in cards:
        bx = (cx, y + 15, cx + BIG_W, y + 15 + BIG_H)
        if code is not None and owner is not None:
            face(cv, bx, code, seat_fill(owner), 6)
        else:
            card(cv, bx, code, owner)
        cx += BIG_W + 14
    tx = cx + 10
    size, lines = T.fit(text, "bold", 28, 20, W - M - tx, 3)
    step = round(size * 1.25)
    ty = y + FOCUS_H // 2 - step * len(lines) // 2
    for ln in lines:
        cv.text((tx, ty), ln, "bold", size, ON_FELT, anchor="la")
        ty += step
    return FOCUS_H


def _supply_h(v: dict, seat: int) -> int:
    return 76 if v["stage"] == "build" and v["supply"][seat] else 0


def _supply(cv: Canvas, y: int, v: dict, seat: int) -> int:
    """The seat's blocks still to place: open, all faces; blind, backs (the next one's face at its turn)."""
    sup = v["supply"][seat]
    if not (v["stage"] == "build" and sup):
        return 0
    d = cv.d
    d.rounded_rectangle((M, y, W - M, y + 68), radius=12, fill=PANEL, outline=PANEL_EDGE, width=2)
    if v["config"]["blocks"] == "open":
        text = _("Your supply: you choose which block to place")
    else:
        text = _("Your supply, face down: you see each block as you place it")
    put(cv, (M + 14, y + 18), text, "condbold", 20, INK_SOFT, W - 2 * M - 28)
    cw = min(CHIP_W, (W - 2 * M - 28) // len(sup) - 4)
    x = M + 14
    for k, code in enumerate(sup):
        if code is None:
            back(cv, (x, y + 32, x + cw, y + 32 + CHIP_H), seat)
        else:
            chip(cv, x, y + 32, code, seat, w=cw)
            if k == 0 and v["config"]["blocks"] == "blind":
                d.rounded_rectangle((x - 3, y + 29, x + cw + 3, y + 35 + CHIP_H), radius=8, outline=GOLD, width=3)
        x += cw + 4
    return 68 + 8


# ---- the whole board -----------------------------------------------------------------------------------
def image(v: dict, viewer: int | None, own: bool = False, numbered: Sequence[Sequence] = (),
          lines: Sequence[str] = ()) -> Image.Image:
    """The board of view v (viewer: whose view; None a spectator). own: a seat's own picture (its block to
    place, the card it holds or the blocks it turned over, big, and its supply); numbered: badges on spots."""
    names = names_of(v)
    st = story(lines)
    focus = _focus(v, viewer) if own and viewer is not None else None
    bottom = viewer if viewer is not None else 1
    top = 1 - bottom
    h = TITLE_H + story_h(st) + _status_h(v) + (FOCUS_H if focus else 0) + GAP
    h += 2 * panel_h(v) + PY.HEIGHT + 2 * GAP + M
    if own and viewer is not None:
        h += _supply_h(v, viewer)
    cv = canvas(h)
    if own and viewer is not None:
        title_band(cv, names[viewer], match_label(v))
    else:
        title_band(cv, _("Pyramid Poker"), match_label(v))
    y = TITLE_H
    y += draw_story(cv, y, st)
    y += _status(cv, y, v, names)
    if focus:
        y += _draw_focus(cv, y, *focus)
    y += GAP
    y += panel(cv, y, v, top, names, viewer) + GAP
    y += PY.draw(cv, y, v, numbered) + GAP
    y += panel(cv, y, v, bottom, names, viewer) + 8
    if own and viewer is not None:
        y += _supply(cv, y, v, viewer)
    return cv.finish()

