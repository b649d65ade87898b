"""The Full board: the whole public table in detail, made for a phone: 800 px wide, one column, every text
at least MIN_PX = 24 px (12 px when a phone shows it 400 px wide; the day image's smallest is 18 px).

Top to bottom: the week, day and what the table waits for; this week's towns and every equipment tile for
sale; every player's board, in the larger type (player_board.LARGE: their score and goods, each with what
it is, their wagons space by space, their townsfolk and equipment). What the panel's picture right above
it shows (the day image: today's dice and what strikes tonight, the disaster tracks, every player's line,
the townsfolk for hire) it leaves to that picture: a phone shows this one whole, each part readable. Gold
values are never read (the state is viewed as a spectator first)."""

from typing import NamedTuple

from PIL import Image

import games.pioneer_days.rules as engine
from render import text as T
from render.canvas import Canvas
from render.paletted import Palette

from ..lang import _
from . import day, player_board, rich
from .day import GAP, INNER, PAD, M, W, panel
from .style import CREAM, INK, INK_SOFT, RULE, RUST, WOOD_DARK, background

MIN_PX = player_board.LARGE.px   # 24 px: 12 px on a phone
BODY = range(26, MIN_PX - 1, -1)  # body text, fitted down to MIN_PX
HEAD = day.HEAD  # (78, as the day image's)
TITLE = 40                       # a section's title line
LINE = 1.25                      # a line's height, as a share of its text's size
BOARD_GAP = GAP + 8              # (room for the highlight around the board of the player to play)


def badges(s: dict, seat: int, viewer) -> list:
    out = []
    if viewer == seat:
        out.append("you")
    pend = (s.get("pending") or [None] * len(s["players"]))[seat]
    if pend and s["stage"] != "over":
        out.append(f"pending:{pend.get('kind', '')}")
    if s["stage"] == "turn" and s["turn"] == seat:
        out.append("turn")
    if s["start"] == seat:
        out.append("start")
    return out


# ---- the header ----------------------------------------------------------------------------------
HEAD_W = 300  # the week and day, on the left; what the table waits for in a pill on the right


def header(cv: Canvas, s: dict) -> None:
    d = cv.d
    cv.frame = (M, 0, W - M, HEAD)
    d.rectangle((0, 0, W, HEAD), fill=WOOD_DARK)
    d.line((0, HEAD, W, HEAD), fill=(150, 104, 60), width=3)
    if s["stage"] == "over":
        head = _("Game over")
    elif not s["week"]:
        head = _("Setting up")
    else:
        head = _("Week {week} · Day {day}", week=s["week"], day=s["day"])
    head, kind, size = day.fit1(head, HEAD_W, ("serif", "serifcond"), (34, 32, 30, 28, 26, 24))
    cv.text((M + 4, HEAD // 2), head, kind, size, CREAM, anchor="lm")
    st = day.status_layout(s, steps=True, sizes=BODY, room=W - 2 * M - HEAD_W - 24 - 36)
    text, tkind, tsize = st.text
    extra = 44 if st.seat is not None else 0
    bw = T.width(text, tkind, tsize) + 36 + extra
    right = W - M
    fill, fg = day.player_text(st.seat) if st.seat is not None else (RUST, (255, 255, 255))
    d.rounded_rectangle((right - bw, 16, right, HEAD - 16), radius=(HEAD - 32) // 2, fill=fill, outline=CREAM,
                        width=3)
    tx = right - bw + 18
    if st.seat is not None:
        day.marker(cv.img, st.seat, (tx - 4, 24, tx + 32, HEAD - 24))
        tx += extra
    cv.text((tx, HEAD // 2 + 1), text, tkind, tsize, fg, anchor="lm")


# ---- this week: the towns' needs and every equipment tile for sale --------------------------------
class Entry(NamedTuple):
    size: int
    lines: list  # rich lines: the name (bold) and what it is, wrapped
    h: int


class Market(NamedTuple):
    towns: list      # Entry per town card
    tiles: list      # Entry per equipment tile
    heads: list      # (title, note, h) of its two parts
    h: int


def heading_layout(label: str, note: str) -> tuple[str, str, int]:
    """A part's title (serif) and its note beside it, or under it when both do not fit one line."""
    one = T.width(label, "serif", 26) + 24 + T.width(note, "cond", MIN_PX) <= INNER
    return label, note, TITLE if one or not note else TITLE + round(MIN_PX * LINE)


def _entry(name: str, what: str) -> Entry:
    ws = rich.styled([(name, "condbold", INK), ("— " + what, "cond", INK)])
    size, lines = rich.fit(ws, BODY, INNER, 3, True)
    return Entry(size, lines, round(size * LINE) * len(lines) + 6)


def market_layout(s: dict) -> Market | None:
    if not s["week"] or s["stage"] == "over":
        return None
    rows = day.week_lines(s, None)
    towns = len((s.get("towns_up") or [])[:3])
    entries = [_entry(name, what) for name, what in rows]
    heads = [heading_layout(_("THIS WEEK'S TOWNS"), _("visited after day 5: favors for goods"))]
    if len(entries) > towns:
        heads.append(heading_layout(_("EQUIPMENT FOR SALE"), _("take one with an Equip die")))
    h = 10 + sum(hh for _l, _n, hh in heads) + sum(e.h for e in entries) + 6 * (len(heads) - 1) + 8
    return Market(entries[:towns], entries[towns:], heads, h)


def heading(cv: Canvas, x: int, y: int, head: tuple) -> int:
    label, note, h = head
    label, kind, size = day.fit1(label, INNER, ("serif", "serifcond"), (26, 25, 24))
    cv.text((x, y + TITLE // 2), label, kind, size, day.TITLE_BROWN, anchor="lm")
    lw = T.width(label, kind, size)
    if not note:
        return h
    if h == TITLE:  # on the title's line, at its right
        nw = T.width(note, "cond", MIN_PX)
        cv.text((x + INNER - nw, y + TITLE // 2), note, "cond", MIN_PX, INK_SOFT, anchor="lm")
        if INNER - nw - 12 > lw + 12:
            cv.d.line((x + lw + 12, y + TITLE // 2 + 1, x + INNER - nw - 12, y + TITLE // 2 + 1), fill=RULE, width=2)
    else:
        cv.d.line((x + lw + 12, y + TITLE // 2 + 1, x + INNER, y + TITLE // 2 + 1), fill=RULE, width=2)
        cv.put((x, y + TITLE + round(MIN_PX * LINE) // 2 - 2), note, "cond", MIN_PX, INK_SOFT, INNER, MIN_PX)
    return h


def market(cv: Canvas, y: int, L: Market) -> None:
    panel(cv, y, L.h)
    x0 = M + PAD
    yy = y + 10
    for part, entries in zip(L.heads, (L.towns, L.tiles), strict=False):
        yy += heading(cv, x0, yy, part)
        for e in entries:
            rich.draw(cv, x0, yy, e.lines, e.size, round(e.size * LINE))
            yy += e.h
        yy += 6


# ---- the whole image -------------------------------------------------------------------------
def render(state: dict, viewer: int | None = None, track: bool = False, palette: Palette | None = None) -> Image.Image:
    """The Full board; its smallest essential text size (px) is in img.info["min_text_px"] (track=True:
    every text's ink box and frame in img.info["text_boxes"] and each player's board in
    img.info["boards"], for the tests). `viewer` only marks that seat's board as "YOU": the state is the
    spectators' view, so a secret cannot reach this image."""
    s = engine.view_for(state, None)
    boards = [player_board.layout(s, i, False, player_board.LARGE) for i in range(len(s["players"]))]
    week = market_layout(s)
    h = HEAD + GAP - BOARD_GAP + (week.h + GAP if week else 0) + sum(BOARD_GAP + L.h for L in boards) + BOARD_GAP
    cv = Canvas(background(h, W, palette), track)
    header(cv, s)
    y = HEAD + GAP
    if week:
        market(cv, y, week)
        y += week.h + GAP
    y -= BOARD_GAP
    placed = []
    for seat, L in enumerate(boards):
        y += BOARD_GAP
        turn = s["stage"] == "turn" and s["turn"] == seat
        player_board.draw(cv, M, y, s, seat, L, badges(s, seat, viewer), turn)
        placed.append((M, y, M + player_board.W, y + L.h))
        y += L.h
    img = cv.finish()
    if track:
        img.info["text_boxes"] = cv.boxes
        img.info["boards"] = placed
    return img
