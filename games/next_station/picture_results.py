"""Next Station's results picture (pictures.results): each player's whole score, the winners highlighted,
their maps small below."""

from PIL import Image

from render import text as T
from render.canvas import Canvas

from . import picture_map as PM
from . import words
from .lang import _, n_
from .picture_parts import (
    GOLD_DARK,
    INK,
    INK_SOFT,
    MIN,
    PANEL,
    PANEL_EDGE,
    TITLE_H,
    WIN,
    M,
    W,
    canvas,
    name,
    objectives_line,
    paste_chip,
    put,
    star,
    title_band,
)
from .rules import scoring
from .rules.edition import edition
from .rules.maps import Map, load

SMALL_CELL = 38      # the maps, two a row


# ---- the results ------------------------------------------------------------------------------------
RES_ROW = 136


def image(state: dict) -> Image.Image:
    """The scores after the game: each player's whole score by rank (the winners highlighted), the shared
    objectives, then every map, small, two a row."""
    m = load(state["map"])
    ed = edition(state)
    result = state.get("result") or [{"seat": p["seat"], **scoring.sheet(m, p, state["objectives"], ed=ed), "rank": 0,
                                      "winner": False} for p in state["players"]]
    rows = sorted(result, key=lambda r: (r["rank"], r["seat"]))
    players = state["players"]
    n = len(players)
    map_px = 10 * SMALL_CELL
    map_rows = (n + 1) // 2
    obj_h = objectives_line(Canvas(Image.new("RGB", (1, 1))), M, 0, W - 2 * M, state["objectives"], measure=True)
    h = TITLE_H + 60 + len(rows) * (RES_ROW + 10) + obj_h + 8 + map_rows * (map_px + 44) + M
    cv = canvas(h)
    title_band(cv, _("Game over: the scores"), words.map_name(state))
    winners = [name(players[r["seat"]]) for r in rows if r["winner"]]
    y = TITLE_H + 30
    if winners:
        label = _("Winner: {names}", names=winners[0]) if len(winners) == 1 else \
            _("Shared victory: {names}", names=" & ".join(winners))
        star(cv, M + 16, y, 16)
        put(cv, (M + 42, y), label, "bold", 28, INK, W - 2 * M - 50)
    y += 30
    for r in rows:
        _result_row(cv, y, m, players[r["seat"]], r, bool(state["objectives"]), ed)
        y += RES_ROW + 10
    y += objectives_line(cv, M + 4, y, W - 2 * M - 8, state["objectives"]) + 8
    for i, r in enumerate(rows):
        p = players[r["seat"]]
        x = M + (i % 2) * (map_px + 8)
        my = y + (i // 2) * (map_px + 44)
        edge = GOLD_DARK if r["winner"] else PANEL_EDGE
        cv.d.rectangle((x - 3, my - 3, x + map_px + 2, my + map_px + 38), fill=WIN if r["winner"] else PANEL,
                       outline=edge, width=3)
        PM.draw(cv, (x, my), m, p, SMALL_CELL, None)
        put(cv, (x + 8, my + map_px + 18), name(p), "bold", 22, INK, map_px - 16)
    return cv.finish()


def _result_row(cv: Canvas, y: int, m: Map, p: dict, r: dict, objectives: bool, ed: int) -> None:
    """A player's whole score: rank, name, the four lines, tourists, interchanges, objectives, total."""
    d = cv.d
    win = r["winner"]
    d.rounded_rectangle((M, y, W - M, y + RES_ROW), radius=12, fill=WIN if win else PANEL,
                        outline=GOLD_DARK if win else PANEL_EDGE, width=4 if win else 2)
    cy = y + 28
    d.ellipse((M + 12, cy - 18, M + 48, cy + 18), fill=PM.GOLD if win else INK_SOFT, outline=INK, width=2)
    if r["rank"]:
        cv.text((M + 30, cy), str(r["rank"]), "bold", 22, INK if win else (255, 255, 255), anchor="mm")
    total_w = T.width(str(r["total"]), "bold", 36)
    put(cv, (M + 60, cy), name(p), "bold", 26, INK, W - 2 * M - 100 - total_w - 120)
    cv.text((W - M - 14, cy + 2), str(r["total"]), "bold", 36, INK, anchor="rm")
    put(cv, (W - M - 24 - total_w, cy + 2), _("Total"), "cond", 20, INK_SOFT, 110, anchor="rm")
    ly = y + 74
    x = M + 14
    x += put(cv, (x, ly), _("Lines"), "cond", 20, INK_SOFT, 120) + 14
    for colour in p["used"]:
        pts = p["scored"].get(colour, {}).get("points", 0)
        paste_chip(cv, colour, x, ly - 11, 46, 22)
        cv.text((x + 52, ly), str(pts), "bold", 24, INK, anchor="lm")
        x += 100
    if p["used"]:
        cv.text((x, ly), f"= {r['lines']}", "bold", 24, INK_SOFT, anchor="lm")
    cy = y + 112
    changes = len(scoring.interchanges(m, p["lines"], ed=ed))
    cells = [(_("Tourists"), str(r["tourists"]), n_("({n} circle)", "({n} circles)", p["crossed"])),
             (_("Interchanges"), str(r["interchanges"]), n_("({n} station)", "({n} stations)", changes))]
    if objectives:
        met = len(r.get("met", ()))
        cells.append((_("Objectives"), str(r["objectives"]), n_("({n} met)", "({n} met)", met) if met else ""))
    room = W - 2 * M - 28
    natural = [T.width(label, "cond", 20) + 8 + T.width(value, "bold", 24) + (6 + T.width(note, "cond", MIN) if note
               else 0) for label, value, note in cells]
    gap = (room - sum(natural)) // max(1, len(cells) - 1)
    widths = natural if gap >= 16 else [room // len(cells) - 12] * len(cells)
    gap = max(12, gap)
    x = M + 14
    for (label, value, note), cw in zip(cells, widths, strict=True):
        vw = T.width(value, "bold", 24)
        lw = put(cv, (x, cy), label, "cond", 20, INK_SOFT, cw - vw - 8)
        cv.text((x + lw + 8, cy), value, "bold", 24, INK, anchor="lm")
        if note:
            put(cv, (x + lw + vw + 14, cy + 1), note, "cond", MIN, INK_SOFT, cw - lw - vw - 14)
        x += cw + gap
