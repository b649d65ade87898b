"""The pyramid as a picture: 5 rows of 8, 7, 6, 5 and 4 blocks, each block of a higher row centred on the
two it rests on (rules/pyramid.py); a block shows its face where the view knows it (framed in its owner's
colour), else its back in its owner's colour; an empty spot is an outline (brighter where a block may go
now). Numbered choices are yellow badges on their spots."""

from collections.abc import Sequence

from render import text as T
from render.canvas import Canvas

from .picture_cards import back, face, slot
from .picture_parts import BADGE, FELT_DARK, FELT_LINE, INK, ON_FELT_SOFT, W, rounded, seat_fill
from .rules import pyramid as geo
from .rules.constants import ROWS

BW, BH, GAP = 84, 92, 6        # a block and the space between blocks
STEP_X, STEP_Y = BW + GAP, BH + GAP
HEIGHT = len(ROWS) * STEP_Y - GAP
LEFT = (W - (ROWS[0] * BW + (ROWS[0] - 1) * GAP)) // 2


def box(spot: int, y: int, x: int = LEFT) -> tuple[int, int, int, int]:
    """The spot's box in a pyramid drawn with its top row's top at y."""
    r, i = geo.row_of(spot)
    bx = x + rounded((i + r / 2) * STEP_X)
    by = y + (len(ROWS) - 1 - r) * STEP_Y
    return bx, by, bx + BW, by + BH


def draw(cv: Canvas, y: int, view: dict, numbered: Sequence[Sequence] = ()) -> int:
    """The pyramid of a view with its top at y; `numbered` [[spot, label], ...] as badges. Returns the height."""
    pyr = view["pyramid"]
    free = set(geo.placeable(pyr)) if view["stage"] == "build" else set()
    d = cv.d
    for s in range(geo.SPOTS):
        b = pyr[s]
        bx = box(s, y)
        if b is None:
            slot(cv, bx, ON_FELT_SOFT if s in free else FELT_LINE, FELT_DARK)
        elif b.get("card") is None:
            back(cv, bx, b["owner"])
        else:
            face(cv, bx, b["card"], seat_fill(b["owner"]), 5)
    labels: dict[int, list[str]] = {}
    for s, lab, *_rest in numbered:
        labels.setdefault(int(s), []).append(str(lab))
    for s, labs in labels.items():
        if not 0 <= s < geo.SPOTS:
            continue
        x0, y0, x1, y1 = box(s, y)
        d.rounded_rectangle((x0 - 3, y0 - 3, x1 + 3, y1 + 3), radius=10, outline=BADGE, width=4)
        text = ",".join(labs)
        size = 26 if len(text) <= 2 else 22
        bw = max(40, T.width(text, "bold", size) + 18)
        if pyr[s] is None:  # an empty spot: the badge in the middle
            cx, cy = (x0 + x1) / 2, (y0 + y1) / 2
        else:  # a block to take: the badge on its top-right corner, its rank left free
            cx, cy = x1 - bw / 2 + 6, y0 + 8
        d.rounded_rectangle((cx - bw / 2, cy - 20, cx + bw / 2, cy + 20), radius=20, fill=BADGE, outline=INK, width=3)
        cv.text((cx, cy + 1), text, "bold", size, INK, anchor="mm")
    return HEIGHT
