"""Next Station's pictures (the protocol's Pictures): PNG bytes drawn from a state with the kit (render/),
800 px wide for a phone (shown about 400 px wide: no essential text under 18 px), flat colours.

round: after each round, the score sheet and every player's map, the districts of the line shown numbered
on it (R25: those it crosses without a stop count too); table: the same, now (/board); mine: a
player's map, larger, with their whole sheet; decision: a player's map with the stations they may reach
numbered, and the card to answer; results: the whole scores, the winners, the maps small; replay: the
game as an animated WebP. Pure functions of what everyone may see (never the cards face down nor the
generator); the caches (picture_map) are built under a lock and only read afterwards."""

import builtins
from collections.abc import Sequence
from pathlib import Path

from PIL import Image

import i18n
import render
from engine.data import deep
from render import animation
from render import text as T
from render.canvas import Canvas
from render.paletted import palette_image
from render.style import memo

from . import picture_map as PM
from . import picture_results, picture_review, words
from .lang import _, n_
from .picture_parts import (
    BG,
    COLOUR_NAME,
    GOLD_DARK,
    INK,
    INK_SOFT,
    MIN,
    PANEL,
    PANEL_EDGE,
    POWER_NAME,
    SYMBOL_NAME,
    TITLE_H,
    WIN,
    YOU,
    M,
    W,
    canvas,
    card,
    card_strip,
    formula,
    legend,
    line_of,
    name,
    objectives_line,
    paste_chip,
    put,
    round_label,
    shown_round,
    side_column,
    star,
    title_band,
    you_tag,
)
from .rules import scoring
from .rules.edition import edition, passes_count
from .rules.maps import Map, load

TABLE_CELL = 60      # a map in the table: 600 px, its side column beside it
OWN_CELL = 80        # a player's own map: 800 px, the picture's width
ROW = 50             # a row of the score sheet
SIDE_X = M + 10 * TABLE_CELL + 14
rounded = builtins.round  # (this module's round() is the protocol's picture)


def _story(lines: Sequence[str]) -> list[tuple[int, tuple[str, ...]]]:
    """What happened, as the fonts can draw it (emoji dropped): up to 2 texts, each in at most 2 lines."""
    out = []
    for raw in list(lines)[:2]:
        text = T.clean(str(raw), "cond")
        if text:
            out.append(T.fit(text, "cond", 24, MIN, W - 2 * M, 2))
    return out


def _story_h(story) -> int:
    return sum(rounded(size * 1.2) * len(ls) for size, ls in story) + (12 if story else 0)


# ---- the score sheet ------------------------------------------------------------------------------
COLS = {"name": M + 8, "pencil": 268, "line": 344, "tourists": 620, "total": W - M - 8}


def _sheet_h(state: dict) -> int:
    return 34 + ROW * len(state["players"]) + 8


def _sheet(cv: Canvas, y: int, m: Map, state: dict, viewer: int | None) -> int:
    """Each player: name, this round's pencil, a line's districts x most + 2 x crossings = points, the
    tourist sites crossed so far, the running total. Returns the height."""
    r, live = shown_round(state)
    d = cv.d
    d.rounded_rectangle((M, y, W - M, y + _sheet_h(state) - 8), radius=10, fill=PANEL, outline=PANEL_EDGE, width=2)
    hy = y + 18
    pencils = not live and state["stage"] != "over"  # this round's pencils, when not those of the line shown
    name_end = COLS["pencil"] if pencils else COLS["line"]
    heads = [("name", _("Player"), name_end - COLS["name"] - 8),
             ("line", _("Round {n} line so far", n=r) if live else _("Round {n} line", n=r), 270),
             ("tourists", _("Tourists"), 84)]
    if pencils:
        heads.append(("pencil", _("Pencil"), 70))
    for key, label, w in heads:
        put(cv, (COLS[key], hy), label, "cond", MIN, INK_SOFT, w)
    put(cv, (COLS["total"], hy), _("Total"), "cond", MIN, INK_SOFT, 70, anchor="rm")
    y += 34
    for p in state["players"]:
        cy = y + ROW // 2
        if p["seat"] == viewer:
            d.rectangle((M + 2, y, W - M - 2, y + ROW - 1), fill=WIN)
        x = COLS["name"]
        room = name_end - x - 10
        if p["seat"] == viewer:
            tag = T.width(_("you"), "condbold", MIN) + 14
            put(cv, (x, cy), name(p), "bold", 24, INK, room - tag - 8)
            you_tag(cv, name_end - 10 - tag, cy)
        else:
            put(cv, (x, cy), name(p), "bold", 24, INK, room)
        if pencils and p["colour"]:
            paste_chip(cv, p["colour"], COLS["pencil"], cy - 11, 56, 22)
        elif pencils:  # (solo: the pencil is being chosen)
            put(cv, (COLS["pencil"], cy), _("to choose"), "cond", MIN, INK_SOFT, COLS["line"] - COLS["pencil"] - 6)
        colour, parts, scored = line_of(m, p, r, edition(state))
        if colour is not None and parts is not None:
            paste_chip(cv, colour, COLS["line"], cy - 11, 44, 22)
            put(cv, (COLS["line"] + 56, cy), formula(parts), "condbold" if scored else "cond", 24,
                INK if scored else INK_SOFT, COLS["tourists"] - COLS["line"] - 64)
        star(cv, COLS["tourists"] + 12, cy, 13)
        cv.text((COLS["tourists"] + 32, cy), str(p["crossed"]), "bold", 24, INK, anchor="lm")
        cv.text((COLS["total"], cy), str(p["total"]), "bold", 28, INK, anchor="rm")
        d.line((M + 10, y + ROW - 1, W - M - 10, y + ROW - 1), fill=BG, width=1)
        y += ROW
    return _sheet_h(state)


# ---- the table: the sheet, then every map -----------------------------------------------------------
def _table_image(state: dict, viewer: int | None, title: str, lines: Sequence[str], cards: bool) -> Image.Image:
    m = load(state["map"])
    story = _story(lines)
    show_cards = cards and state["stage"] == "build" and bool(state["flipped"])
    map_px = 10 * TABLE_CELL
    powers = state.get("powers") or {}
    r, _live = shown_round(state)
    ed = edition(state)
    shown = [line_of(m, p, r, ed)[0] for p in state["players"]]
    note = T.fit(_("The numbers on a map count the districts its round {n} line passes through (a white one: "
                   "crossed without a stop, it counts too).", n=r) if passes_count(ed) else
                 _("The numbers on a map count the districts its round {n} line has a station in (this game plays "
                   "the earlier rules: a district only crossed does not count).", n=r),
                 "cond", 20, MIN, W - 2 * M - 8, 2) if any(shown) else None
    note_h = rounded(note[0] * 1.2) * len(note[1]) + 8 if note else 0
    obj_h = objectives_line(Canvas(Image.new("RGB", (1, 1))), M, 0, W - 2 * M, state["objectives"], measure=True)
    top = TITLE_H + 12 + _story_h(story) + (70 if show_cards else 0)
    h = top + _sheet_h(state) + 8 + (54 if powers else 30) + 10 + note_h + obj_h + \
        len(state["players"]) * (map_px + 16) + 4
    cv = canvas(h)
    title_band(cv, title, words.map_name(state))
    y = TITLE_H + 12
    for size, ls in story:
        for ln in ls:
            cv.text((M, y), ln, "cond", size, INK, anchor="la")
            y += rounded(size * 1.2)
    if story:
        y += 12
    if show_cards:
        card_strip(cv, M, y, W - 2 * M, state)
        y += 70
    y += _sheet(cv, y, m, state, viewer) + 8
    y += legend(cv, M + 4, y, W - 2 * M - 4, powers) + 10
    if note:
        for ln in note[1]:
            cv.text((M + 4, y), ln, "cond", note[0], INK, anchor="la")
            y += rounded(note[0] * 1.2)
        y += 8
    y += objectives_line(cv, M + 4, y, W - 2 * M - 8, state["objectives"])
    for p, colour in zip(state["players"], shown, strict=True):
        you = p["seat"] == viewer
        edge = YOU if you else PANEL_EDGE
        cv.d.rectangle((M - 4, y - 4, W - M + 3, y + map_px + 3), fill=PANEL, outline=edge, width=4 if you else 2)
        PM.draw(cv, (M, y), m, p, TABLE_CELL, p["colour"], counted=(colour, ed) if colour else None)
        side_column(cv, SIDE_X, y + 6, W - M - 6 - SIDE_X, map_px - 12, m, state, p, you)
        y += map_px + 16
    return cv.finish()


def round(state: dict, lines: Sequence[str] = ()) -> bytes:  # noqa: A001  (the protocol's name)
    """After a round: the title, what happened (`lines`, up to 2), the score sheet, every player's map."""
    return render.png(_table_image(state, None, round_label(state), lines, False), _palette())


def table(state: dict, viewer: int | None = None) -> bytes:
    """The table now (/board): this round's cards, the sheet and every map; `viewer` marks that seat."""
    return render.png(_table_image(state, viewer, round_label(state), (), True), _palette())


SAMPLE_SEED = 7  # the game whose table pictures give the fixed palette (a number of its own: any would do)
PALETTE = Path(__file__).with_name("palette.bin")  # sample_palette(), kept: making it takes a second on a busy machine


@memo
def _palette() -> Image.Image:
    """The table pictures' colours, chosen once: mapping a picture onto a fixed palette takes a sixth of the
    time of choosing one for it (4 against 28 ms for 4 players' maps), and these pictures hold the same few
    colours everywhere (the paper, districts, river, pencils, inks and their blended edges): the difference
    from a palette of its own is a hundredth of a grey level on average."""
    return palette_image(PALETTE)


def sample_palette() -> bytes:
    """The palette chosen for a sample game's table pictures (4 players, objectives and powers, a round with
    its cards and the end), drawn in English: what palette.bin holds (a test makes it again; after a change
    of the pictures' colours: PALETTE.write_bytes(sample_palette()))."""
    from engine import rng

    from .play import RULES
    from .rules import engine as ns
    config = RULES.config({"objectives": "on", "powers": "on"}, ["P1", "P2", "P3", "P4"])
    state, _events = ns.new_game(config, SAMPLE_SEED)
    pick: rng.Rng = {"rng": rng.seed_state(SAMPLE_SEED)}
    middle = None
    while state["stage"] != "over":
        acts = ns.legal_actions(state)
        ns.advance(state, acts[rng.below(pick, len(acts))].id, [])
        if middle is None and state["round"] == 2 and state["stage"] == "build" and state["flipped"]:
            middle = deep(state)
    assert middle is not None  # (a game has four rounds)
    with i18n.use("en"):
        pictures = [_table_image(middle, 0, round_label(middle), (), True),
                    _table_image(state, None, round_label(state), ("A line of the story.",), False)]
    sample = Image.new("RGB", (W, sum(p.height for p in pictures)))
    y = 0
    for p in pictures:
        sample.paste(p, (0, y))
        y += p.height
    palette = sample.quantize(256, method=Image.Quantize.FASTOCTREE, dither=Image.Dither.NONE).getpalette()
    assert palette is not None
    return bytes(palette)


# ---- a player's own pictures --------------------------------------------------------------------------
def _own_sheet_h(p: dict) -> int:
    return 40 + 40 * max(1, len(p["used"])) + 78


def _own_sheet(cv: Canvas, y: int, m: Map, state: dict, p: dict) -> int:
    """A player's whole sheet: each round's line (districts x most + 2 x crossings = points), then lines +
    tourists + interchanges + objectives = total (as it would stand if the game ended now)."""
    h = _own_sheet_h(p)
    cv.d.rounded_rectangle((M, y, W - M, y + h - 8), radius=10, fill=PANEL, outline=PANEL_EDGE, width=2)
    put(cv, (M + 14, y + 20), _("Your lines"), "condbold", 20, INK_SOFT, W // 2)
    cy = y + 40
    for r in range(1, len(p["used"]) + 1):
        colour, parts, scored = line_of(m, p, r, edition(state))
        if colour is None or parts is None:
            continue
        paste_chip(cv, colour, M + 14, cy + 4, 56, 24)
        put(cv, (M + 84, cy + 16), _("Round {n}", n=r), "cond", 22, INK, 150)
        label = formula(parts) if scored else _("{formula} so far", formula=formula(parts))
        put(cv, (M + 240, cy + 16), label, "condbold" if scored else "cond", 24, INK if scored else INK_SOFT,
            W - 2 * M - 254)
        cy += 40
    if not p["used"]:
        put(cv, (M + 14, cy + 16), _("No pencil yet"), "cond", 22, INK_SOFT, W // 2)
        cy += 40
    whole = scoring.sheet(m, p, state["objectives"], ed=edition(state))
    cells = [(_("Lines"), whole["lines"]), (_("Tourists"), whole["tourists"]),
             (_("Interchanges"), whole["interchanges"])]
    if state["objectives"]:
        cells.append((_("Objectives"), whole["objectives"]))
    cells.append((_("Total"), whole["total"]))
    cw = (W - 2 * M - 28) // len(cells)
    cy += 4
    for i, (label, value) in enumerate(cells):
        cx = M + 14 + i * cw
        put(cv, (cx, cy + 12), label, "cond", MIN, INK_SOFT, cw - 8)
        sign = "" if i == 0 else "= " if i == len(cells) - 1 else "+ "
        cv.text((cx, cy + 46), f"{sign}{value}", "bold", 28 if i == len(cells) - 1 else 24, INK, anchor="lm")
    return h


def mine(state: dict, seat: int) -> bytes:
    """A player's map, full width, with their whole sheet and this round's cards."""
    m = load(state["map"])
    p = state["players"][seat]
    powers = state.get("powers") or {}
    show_cards = state["stage"] == "build" and bool(state["flipped"])
    h = TITLE_H + 12 + _own_sheet_h(p) + 8 + (54 if powers else 30) + 10 + (70 if show_cards else 0) + 10 * OWN_CELL
    cv = canvas(h)
    title_band(cv, name(p), round_label(state))
    y = TITLE_H + 12
    y += _own_sheet(cv, y, m, state, p) + 8
    y += legend(cv, M + 4, y, W - 2 * M - 4, powers) + 10
    if show_cards:
        card_strip(cv, M, y, W - 2 * M, state)
        y += 70
    PM.draw(cv, (0, y), m, p, OWN_CELL, p["colour"])
    return render.png(cv.finish())


CARD_W, CARD_H = 112, 152


def decision(state: dict, seat: int, numbered: Sequence[Sequence]) -> bytes:
    """A player's map for their choice: each [station, label] of `numbered` a badge on its station; the
    card to answer in the top corner, with its symbol, and a switch noted."""
    m = load(state["map"])
    p = state["players"][seat]
    c = state.get("card")
    cx0 = W - M - CARD_W
    room = cx0 - 2 * M - 8
    branch = T.fit(_("Switch: this section may start from any station of your line"), "condbold", 22, MIN, room,
                   2) if state.get("branch") else None
    text_h = 60 + (rounded(branch[0] * 1.2) * len(branch[1]) + 4 if branch else 0) + (38 if p["colour"] else 0)
    head_h = max(CARD_H + 32, text_h + 58 + 16)
    cv = canvas(TITLE_H + head_h + 10 * OWN_CELL)
    title_band(cv, name(p), round_label(state))
    y = TITLE_H
    cv.d.rectangle((0, y, W, y + head_h), fill=PANEL)
    if c is not None:
        card(cv, (cx0, y + 16, cx0 + CARD_W, y + 16 + CARD_H), c, current=True)
        kind = _("underground") if c["kind"] == "underground" else _("street")
        text = _("Card: {symbol} ({kind})", symbol=_(SYMBOL_NAME[c["symbol"]]), kind=kind)
        put(cv, (M, y + 32), text, "bold", 26, INK, room)
    ty = y + 60
    if branch:
        size, ls = branch
        for ln in ls:
            cv.text((M, ty), ln, "condbold", size, GOLD_DARK, anchor="la")
            ty += rounded(size * 1.2)
        ty += 4
    if p["colour"]:
        paste_chip(cv, p["colour"], M, ty + 6, 56, 22)
        power = scoring_power(state, p)
        label = _(COLOUR_NAME[p["colour"]]) if not power else \
            _("{colour} · power: {power}", colour=_(COLOUR_NAME[p["colour"]]), power=_(POWER_NAME[power]))
        put(cv, (M + 68, ty + 17), label, "cond", 22, INK, room - 68)
        ty += 38
    card_strip(cv, M, y + head_h - 58 - 14, room, state)
    numbered_pairs = [(int(s), str(label)) for s, label, *_rest in numbered]
    PM.draw(cv, (0, y + head_h), m, p, OWN_CELL, p["colour"], numbered_pairs)
    return render.png(cv.finish())


def scoring_power(state: dict, p: dict) -> str | None:
    """The power of the player's pencil this round, if the module is in play and it is not used yet."""
    powers = state.get("powers") or {}
    if not powers or p["power_used"] or not p["colour"]:
        return None
    return powers.get(p["colour"])


def results(state: dict) -> bytes:
    """After the game: each player's whole score, the winners highlighted, their maps small below."""
    return render.png(picture_results.image(state))


def review(players: list[dict], curve: list[dict], seat: int, marks: list) -> bytes:
    """The coach's chart: every player's points round by round, `seat` highlighted, marks pinned on it."""
    return render.png(picture_review.image(players, curve, seat, marks))


# ---- the replay -------------------------------------------------------------------------------------
FRAME_W = 560
FRAME_MS = 3000
LAST_MS = 8000


def _named(state: dict, names) -> dict:
    """The state with the record's names (as Discord showed them), if it has one for each seat."""
    if not names or len(names) != len(state["players"]):
        return state
    return {**state, "players": [{**p, "name": str(n)} for p, n in zip(state["players"], names, strict=True)]}


def _frames(record: dict):
    """(image, ms) after each round scored, then the results."""
    from engine import rebuild

    from .play import RULES

    names = record.get("names")
    state, _events = rebuild(RULES, record["config"], record["seed"], ())
    for action in record["actions"]:
        out = RULES.apply(state, action)
        if not out.ok:
            raise ValueError(f"the record does not replay at {action!r}: {out.reason}")
        state = _named(out.state, names)
        for e in out.events:
            if e["type"] == "round_scored":
                best = max(e["lines"], key=lambda x: (x["points"], -x["seat"]))
                story = [_("Round {n} scored.", n=e["round"]) + " " +
                         n_("Best line: {name}, {n} point", "Best line: {name}, {n} points", best["points"],
                            name=name(state["players"][best["seat"]]))]
                yield _table_image(state, None, round_label(state), story, False), FRAME_MS
    yield picture_results.image(state), LAST_MS


def replay(record: dict) -> bytes:
    """The game as an animated WebP (render.animation): the table after each round, then the results."""
    return animation.webp(_frames(record), FRAME_W, BG)
