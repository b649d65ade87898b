"""A player's panel on the table: their seat mark and name, what they still have to place, their points
(advanced scoring), the card they hold or the blocks they turned over (face down unless the view knows
them), and their three hands face up, each named by what it makes so far."""

from collections.abc import Sequence

from render.canvas import Canvas

from .lang import _, n_
from .picture_cards import CHIP_H, CHIP_W, chip, face, slot
from .picture_names import names
from .picture_parts import (
    GOLD,
    INK,
    INK_SOFT,
    MIN,
    PANEL,
    PANEL_EDGE,
    M,
    W,
    put,
    put_first,
    seat_fill,
    seat_mark,
    tag,
    you_tag,
)
from .rules.constants import HAND_SIZE, TARGETS

HEAD = 44                       # the name line
COL_GAP = 16
COL_W = (W - 2 * M - 28 - 2 * COL_GAP) // 3
CARD_W, CARD_H = 44, 62         # a card of a hand
CARD_STEP = (COL_W - CARD_W) // (HAND_SIZE - 1)
HANDS_H = 30 + CARD_H
PANEL_H = HEAD + HANDS_H + 14
SHORT_H = HEAD + 10             # while no hand has a card yet (the pyramid going up, just complete)


def panel_h(v: dict) -> int:
    return PANEL_H if any(h for hands in v["hands"] for h in hands) else SHORT_H


def hand_label(cv: Canvas, x: int, cy: int, w: int, n: int, hand: Sequence[str], size: int = 20) -> None:
    """A hand's number (a dark disc) and its name, in w px."""
    cv.d.ellipse((x, cy - 12, x + 24, cy + 12), fill=INK)
    cv.text((x + 12, cy + 1), str(n), "bold", MIN, (255, 255, 255), anchor="mm")
    texts = names(hand)
    if texts:
        put_first(cv, (x + 32, cy), texts, "condbold", size, INK, w - 32)


def hand_cards(cv: Canvas, x: int, y: int, hand: Sequence[str], cw: int, ch: int, step: int) -> None:
    """A hand's cards face up from x, and the places still empty."""
    for k in range(HAND_SIZE):
        bx = (x + k * step, y, x + k * step + cw, y + ch)
        if k < len(hand):
            face(cv, bx, hand[k])
        else:
            slot(cv, bx, PANEL_EDGE)


def _held(v: dict, seat: int) -> tuple[str, list[tuple[str | None, int | None]]]:
    """What the seat has in hand at this moment (the card taken, the blocks turned over), as the view knows it."""
    if v["stage"] == "hand" and v["turn"] == seat and v["holding"] is not None:
        h = v["holding"]
        return _("holds"), [(h["card"], h["owner"])]
    if v["stage"] == "joker" and v["turn"] == seat:
        return _("turned over"), [(c, None) for c in v["look"]]
    return "", []


def panel(cv: Canvas, y: int, v: dict, seat: int, names_: Sequence[str], viewer: int | None) -> int:
    """The seat's panel at y; returns its height."""
    d = cv.d
    turn = v["stage"] != "over" and v["turn"] == seat
    ph = panel_h(v)
    d.rounded_rectangle((M, y, W - M, y + ph), radius=12, fill=PANEL, outline=GOLD if turn else PANEL_EDGE,
                        width=5 if turn else 2)
    d.rectangle((M + 5, y + 12, M + 10, y + ph - 12), fill=seat_fill(seat))
    cy = y + (HEAD + 10) // 2
    seat_mark(cv, seat, M + 32, cy, 11)
    x = M + 52
    # the right side first: what the seat holds, its supply, its points
    right = W - M - 14
    word, held = _held(v, seat)
    if held:
        for code, owner in reversed(held):
            right -= CHIP_W
            chip(cv, right, cy - CHIP_H // 2, code, owner)
            right -= 6
        right -= put(cv, (right, cy), word, "cond", 20, INK_SOFT, 140, anchor="rm") + 12
    if v["config"]["match"] in TARGETS:
        pts = v["points"][seat]
        right -= tag(cv, right, cy, n_("{n} point", "{n} points", pts), (236, 230, 214), right=True) + 10
    left_to_place = len(v["supply"][seat])
    if v["stage"] == "build" and left_to_place:
        text = n_("{n} block to place", "{n} blocks to place", left_to_place)
        right -= put(cv, (right, cy), text, "cond", 20, INK_SOFT, 200, anchor="rm") + 12
    tags = 0
    if seat == viewer:
        tags += 80
    if turn:
        tags += 100
    x += put(cv, (x, cy), names_[seat], "bold", 24, INK, max(80, right - x - tags - 10)) + 10
    if seat == viewer:
        x += you_tag(cv, x, cy) + 8
    if turn:
        tag(cv, x, cy, _("to play"), GOLD, INK)
    if ph == SHORT_H:
        return ph
    hy = y + HEAD
    for h in range(3):
        hx = M + 14 + h * (COL_W + COL_GAP)
        hand = v["hands"][seat][h] if v["hands"] else []
        hand_label(cv, hx, hy + 13, COL_W, h + 1, hand)
        hand_cards(cv, hx, hy + 30, hand, CARD_W, CARD_H, CARD_STEP)
    return ph
