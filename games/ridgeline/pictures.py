"""Ridgeline's pictures (the protocol's pictures): PNG bytes drawn with the kit (render/), 800 px wide for a
phone (shown about 400 px wide: no essential text under 18 px), flat colours.

round: after a chapter (and at the start): the queue, the deck, the spirits face up, both panoramas with
their stars so far; table: the same (a seat's own panorama first); mine: a seat's hand, then its table;
decision: mine with the decision's choices labelled as its buttons say (the hand's tiles numbered, the
queue's columns lettered, a rainbow's spots numbered on the panorama, the Mole's tiles, the spirits
drawn); results: both panoramas and every scoring category; review: the coach's chart. Every picture is
drawn from a view (knowledge.view_for): a public picture never shows a hand, a seat's only its own."""

from collections.abc import Mapping, Sequence
from typing import Any

from PIL import Image

import render
from render import chart
from render import text as T
from render.style import PLAYERS

from . import words
from .lang import _, n_
from .picture_parts import (
    INK,
    INK_SOFT,
    MIN,
    PAPER,
    QUEUE_H,
    SPIRITS_H,
    STRIP_H,
    TITLE_H,
    M,
    W,
    canvas,
    draw_story,
    names_of,
    panorama_block,
    panorama_block_h,
    queue,
    spirit_row,
    story,
    story_h,
    strip,
    title_band,
)
from .rules import scoring

CELL = 64          # a panorama's spot, px
STATUS_H = 44


def _right(view: Mapping[str, Any]) -> str:
    games = view["config"]["games"]
    if view["step"]["kind"] == "over":
        return _("the end") if games == 1 else _("game {game} of {games} · the end", game=view["game"], games=games)
    if games == 1:
        return _("turn {turn}", turn=view["turn_no"])
    return _("game {game} of {games} · turn {turn}", game=view["game"], games=games, turn=view["turn_no"])


def _doing(view: Mapping[str, Any], names: Sequence[str]) -> str:
    if view["step"]["kind"] == "over":
        return _("The game is over")
    return _("{name} to play", name=names[view["turn"]])


def image(view: Mapping[str, Any], viewer: int | None, lines: Sequence[str] = (), marks: Sequence[Sequence] = (),
          own: bool = False) -> Image.Image:
    """The table of a view (viewer: whose view; None: the public's): its panorama first. own: a seat's own
    picture (its hand, the Mole's tiles or the spirits it drew); marks: the decision's labels."""
    names = names_of(view)
    st = story(lines)
    first = viewer if viewer is not None else (view["turn"] if view["turn"] is not None else 0)
    order = [first, 1 - first]
    mine = own and viewer is not None
    look = mine and bool(view["look"]) and all(t >= 0 for t in view["look"])
    drawn = mine and view["step"]["kind"] == "keep" and all(k != "?" for k in view["drawn"])
    h = TITLE_H + story_h(st) + STATUS_H + QUEUE_H + SPIRITS_H + 2 * panorama_block_h(CELL) + 3 * 12 + M
    h += (STRIP_H if mine else 0) + (STRIP_H if look else 0) + (SPIRITS_H if drawn else 0)
    cv = canvas(h)
    title_band(cv, _("Ridgeline"), _right(view))
    y = TITLE_H
    y += draw_story(cv, y, st)
    cy = y + STATUS_H // 2
    if view["turn"] is not None:
        from .picture_parts import seat_mark
        seat_mark(cv, view["turn"], M + 11, cy, 10)
    cv.put((M + 30, cy), _doing(view, names), "bold", 24, INK, W - 2 * M - 30, MIN)
    y += STATUS_H
    y += queue(cv, y, view)
    y += spirit_row(cv, y, view)
    if mine:
        assert viewer is not None
        y += strip(cv, y, _("Your hand (only you see it)"), view["hands"][viewer])
    if look:
        y += strip(cv, y, _("The Mole: the deck's top tiles"), view["look"])
    if drawn:
        y += spirit_row(cv, y, view, view["drawn"], _("You drew"))
    y += 12
    for s in order:
        y += panorama_block(cv, y, view, s, names, CELL, marks if s == viewer else (), you=s == viewer) + 12
    return cv.finish()


def round(view: dict, lines: Sequence[str] = ()) -> bytes:  # noqa: A001  (the protocol's name)
    """After a chapter: the table as everyone sees it, the chapter's lines under the title."""
    return render.png(image(view, None, lines))


def table(view: dict, viewer: int | None = None) -> bytes:
    """The table now (/play board): public things only, the viewer's panorama first."""
    return render.png(image(view, viewer))


def mine(view: dict, seat: int) -> bytes:
    """A seat's own picture: its hand (numbered), then the table with its panorama first."""
    return render.png(image(view, seat, own=True))


def decision(view: dict, seat: int, marks: Sequence[Sequence] = ()) -> bytes:
    """mine, with the decision's choices labelled as its buttons say."""
    return render.png(image(view, seat, marks=marks, own=True))


# ---- the results ------------------------------------------------------------------------------------------
ROW_H = 34


def results(view: dict) -> bytes:
    """After the game (or match): the winner, every scoring category for each player (each game of a match,
    then the sums), and both panoramas."""
    return render.png(results_image(view))


def results_image(view: Mapping[str, Any]) -> Image.Image:
    names = names_of(view)
    hist = view["history"]
    res = view["result"] or []
    cats = list(scoring.CATEGORIES)
    table_h = 70 + ROW_H * (len(cats) + 2) + (ROW_H * len(hist) if len(hist) > 1 else 0)
    h = TITLE_H + table_h + 2 * panorama_block_h(CELL) + 3 * 12 + M
    cv = canvas(h)
    title_band(cv, _("Ridgeline — results"), _("Solstis's rules"))
    y = TITLE_H + 12
    winners = [r["seat"] for r in res if r["winner"]]
    if len(winners) == 1:
        head = _("{name} wins", name=names[winners[0]])
    elif winners:
        head = _("A shared win")
    else:
        head = _("The game is over")
    cv.put((M, y + 20), head, "bold", 30, INK, W - 2 * M, MIN)
    y += 50
    col_x = [M + 330, M + 560]
    for s in range(2):
        cx = col_x[s] + 90
        cv.d.rounded_rectangle((col_x[s], y, col_x[s] + 190, y + ROW_H), radius=8,
                               fill=PLAYERS[s % len(PLAYERS)]["tint"], outline=INK, width=2)
        cv.put((cx, y + ROW_H // 2), names[s], "condbold", 20, INK, 180, MIN, anchor="mm")
    y += ROW_H + 4
    per = {s: {c: 0 for c in cats} for s in range(2)}
    for r in res:
        per[r["seat"]] = {c: int(r[c]) for c in cats}
    for i, c in enumerate(cats):
        if i % 2 == 0:
            cv.d.rectangle((M, y, W - M, y + ROW_H), fill=(246, 242, 232))
        cv.put((M + 8, y + ROW_H // 2), words.category(c), "cond", 22, INK, 310, MIN)
        for s in range(2):
            cv.text((col_x[s] + 95, y + ROW_H // 2), str(per[s][c]), "bold", 22, INK, anchor="mm")
        y += ROW_H
    if len(hist) > 1:
        for rec in hist:
            cv.put((M + 8, y + ROW_H // 2), _("Game {n}", n=rec["game"]), "cond", 22, INK_SOFT, 310, MIN)
            for s in range(2):
                cv.text((col_x[s] + 95, y + ROW_H // 2), str(rec["totals"][s]), "cond", 22, INK_SOFT, anchor="mm")
            y += ROW_H
    cv.d.line((M, y + 2, W - M, y + 2), fill=INK, width=2)
    cv.put((M + 8, y + ROW_H // 2 + 4), _("Stars"), "bold", 24, INK, 310, MIN)
    for s in range(2):
        total = sum(per[s].values())
        cv.text((col_x[s] + 95, y + ROW_H // 2 + 4), str(total), "bold", 26, INK, anchor="mm")
    y += ROW_H + 20
    for s in (winners[0], 1 - winners[0]) if len(winners) == 1 else (0, 1):
        y += panorama_block(cv, y, view, s, names, CELL) + 12
    return cv.finish()


# ---- the coach's chart -------------------------------------------------------------------------------------
REVIEW_H = 520
LOOK = chart.Look(ink=INK, soft=INK_SOFT, grid=(196, 186, 160), pin=(255, 214, 64), pin_edge=INK, pin_text=INK)


def review(players: list[dict], curve: list[dict], seat: int, marks: list) -> bytes:
    """The coach's chart: each player's stars after each part of the game, `seat` highlighted, its costliest
    decisions pinned by number."""
    cv = canvas(REVIEW_H, bg=PAPER)
    title_band(cv, _("Your game, part by part"))
    cv.d.rounded_rectangle((M, TITLE_H + 8, W - M, REVIEW_H - M), radius=14, fill=(250, 247, 238),
                           outline=(196, 186, 160), width=2)
    chart.legend(cv, M + 16, TITLE_H + 8 + 24, W - 2 * M - 32, players, seat,
                 [T.player_name(p) for p in players], LOOK, MIN)
    box = (78, TITLE_H + 44 + 34, W - M - 26, REVIEW_H - 60)
    n = max(1, len(curve))
    wide = (box[2] - box[0]) / n >= T.width(_("Part {n}", n=99), "condbold", MIN) + 8
    groups = [chart.Group(i, i, _("Part {n}", n=i + 1) if wide else str(i + 1)) for i in range(len(curve))]
    chart.draw(cv, box, [c["vp"] for c in curve], seat, groups, "" if wide else _("part"), marks, LOOK, MIN,
               least_top=10)
    return render.png(cv.finish())


__all__ = ["decision", "image", "mine", "n_", "results", "results_image", "review", "round", "table", "PAPER"]
