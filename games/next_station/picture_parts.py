"""The pieces Next Station's pictures are made of (pictures.py): the title band, fitted texts, the line
samples, the cards, the colours' legend, what the score sheet shows of each player. Every text here is
essential (at least MIN px: 9 px when a phone shows an 800 px picture 400 px wide)."""

from PIL import Image

from render import text as T
from render.canvas import Canvas

from . import picture_map as PM
from .lang import N_, _
from .rules import scoring
from .rules.constants import ROUNDS, UNDERGROUNDS_PER_ROUND
from .rules.edition import edition
from .rules.maps import Map

W = 800           # every picture: a phone shows it about 400 px wide
M = 16            # outer margin
MIN = 18          # the smallest essential text
TITLE_H = 64
BG = (232, 226, 211)
PANEL = (252, 250, 245)
PANEL_EDGE = (196, 184, 160)
TITLE_BG = PM.INK
TITLE_INK = (250, 244, 230)
INK, INK_SOFT, GOLD, GOLD_DARK = PM.INK, PM.INK_SOFT, PM.GOLD, PM.GOLD_DARK
WIN = (255, 236, 168)
YOU = (255, 214, 64)
UNDERGROUND_BG = (44, 52, 84)

COLOUR_NAME = {"blue": N_("blue"), "pink": N_("pink"), "green": N_("green"), "orange": N_("orange")}
SYMBOL_NAME = {"circle": N_("circle"), "triangle": N_("triangle"), "square": N_("square"),
               "pentagon": N_("pentagon"), "joker": N_("joker"), "switch": N_("switch")}
POWER_NAME = {"double": N_("double section"), "joker": N_("joker"), "switch": N_("switch"),
              "circle": N_("circle a station")}
OBJECTIVE_NAME = {"interchanges": N_("8 interchanges"), "every_district": N_("all 13 districts"),
                  "every_tourist": N_("all 5 tourist sites"), "whole_centre": N_("the whole centre"),
                  "crossings": N_("6 river crossings")}


def canvas(h: int, w: int = W) -> Canvas:
    return Canvas(Image.new("RGB", (w, h), BG))


def fitted(text: str, kind: str, size: int, w: int, min_size: int = MIN) -> tuple[str, int]:
    """text on one line in w px, never under this game's smallest size (render.text.fit_line)."""
    return T.fit_line(text, kind, size, w, min_size)


def put(cv: Canvas, xy, text: str, kind: str, size: int, fill, w: int, anchor: str = "lm") -> int:
    """A one-line text fitted into w px, never under this game's smallest size; returns its width."""
    return cv.put(xy, text, kind, size, fill, w, MIN, anchor)


def title_band(cv: Canvas, title: str, right: str = "") -> None:
    cv.title_band(title, right, TITLE_H, TITLE_BG, TITLE_INK, 30, 260, MIN, M)


def round_label(state: dict) -> str:
    if state["stage"] == "over":
        return _("Game over")
    return _("Round {n} of {total}", n=state["round"], total=ROUNDS)


def name(p: dict) -> str:
    return T.player_name(p)


def paste_chip(cv: Canvas, colour: str, x: int, y: int, w: int = 48, h: int = 22) -> None:
    """A sample of the colour's line, its top-left at (x, y)."""
    img = PM.chip(colour, w, h)
    cv.img.paste(img, (x, y), img)


def star(cv: Canvas, cx: float, cy: float, r: float) -> None:
    cv.d.polygon(PM._star(cx, cy, r, r * 0.5), fill=GOLD, outline=GOLD_DARK, width=2)


def you_tag(cv: Canvas, x: int, cy: int) -> int:
    """The "you" mark at x (vertically centred on cy); returns its width."""
    return cv.tag(x, cy, _("you"), YOU, INK, MIN)


# ---- cards --------------------------------------------------------------------------------------
def card(cv: Canvas, box, c: dict, current: bool = False) -> None:
    """A station card in box: underground cards dark, street cards light; its symbol in the middle."""
    x0, y0, x1, y1 = box
    under = c["kind"] == "underground"
    fill = UNDERGROUND_BG if under else PANEL
    ink = (255, 255, 255) if under else INK
    d = cv.d
    d.rounded_rectangle(box, radius=max(4, (x1 - x0) // 8), fill=fill, outline=YOU if current else INK,
                        width=4 if current else 2)
    cx, cy, r = (x0 + x1) / 2, (y0 + y1) / 2, (x1 - x0) * 0.3
    ow = max(2, round(r / 7))
    sym = c["symbol"]
    if sym == "joker":
        PM.joker(d, cx, cy, r * 1.2, fill if under else (255, 255, 255), ink, ow)
    elif sym == "switch":
        PM.switch(d, cx, cy, r, ink, ow)
    else:
        PM.symbol(d, sym, cx, cy, r, fill, ink, ow + 1)


def card_strip(cv: Canvas, x: int, y: int, w: int, state: dict) -> int:
    """This round's cards face up, in order (the last the one to answer), and how many undergrounds of
    the five are out; returns the height used."""
    h = 58
    text = _("Underground: {n} of {total}", n=state["undergrounds"], total=UNDERGROUNDS_PER_ROUND)
    tw = min(w // 2, T.width(text, "cond", 20) + 4)
    put(cv, (x, y + h // 2), text, "cond", 20, INK, tw)
    cx = x + tw + 14
    flipped = state["flipped"]
    cw = 40
    room = (x + w - cx) // (cw + 6)
    shown = flipped[-room:] if room > 0 else []
    for i, c in enumerate(shown):
        last = i == len(shown) - 1 and state["card"] is not None
        card(cv, (cx, y, cx + cw, y + h), c, current=last)
        cx += cw + 6
    return h


# ---- the legend ---------------------------------------------------------------------------------
def legend(cv: Canvas, x: int, y: int, w: int, powers: dict) -> int:
    """The four pencils: each line's look and its colour's name (and its power); returns the height."""
    colours = list(PM.LINE)
    cw = w // len(colours)
    h = 54 if powers else 30
    for i, colour in enumerate(colours):
        cx = x + i * cw
        paste_chip(cv, colour, cx, y + 4, 34, 22)  # (narrow: a colour's name is long in some languages)
        put(cv, (cx + 40, y + 15), _(COLOUR_NAME[colour]), "condbold", 20, INK, cw - 44)
        if powers:
            put(cv, (cx + 40, y + 40), _(POWER_NAME[powers[colour]]), "cond", MIN, INK_SOFT, cw - 44)
    return h


def objectives_line(cv: Canvas, x: int, y: int, w: int, objectives: list[str], measure: bool = False) -> int:
    """The shared objectives of this game (10 points each); returns the height (0: none)."""
    if not objectives:
        return 0
    text = _("Objectives, 10 points each: {list}", list=" · ".join(_(OBJECTIVE_NAME[k]) for k in objectives))
    size, lines = T.fit(text, "cond", 20, MIN, w, 2)
    step = round(size * 1.2)
    if not measure:
        for i, ln in enumerate(lines):
            cv.text((x, y + i * step), ln, "cond", size, INK, anchor="la")
    return step * len(lines) + 6


# ---- a player's lines -----------------------------------------------------------------------------
def shown_round(state: dict) -> tuple[int, bool]:
    """The round whose lines the score sheet shows, and whether they are still being drawn: this round's
    once a section of it is drawn (or scored), else the last scored round's."""
    r = state["round"]
    if state["stage"] == "over":
        return r, False
    drawing = any(p["colour"] and p["lines"][p["colour"]]["sections"] for p in state["players"])
    if drawing or r <= 1:
        return r, True
    return r - 1, False


def line_of(m: Map, p: dict, r: int, ed: int) -> tuple[str | None, dict | None, bool]:
    """(colour, parts, scored) of the player's line of round r (None: no pencil yet), counted as edition `ed`
    does."""
    if len(p["used"]) < r:
        return None, None, False
    colour = p["used"][r - 1]
    if colour in p["scored"]:
        return colour, p["scored"][colour], True
    line = p["lines"][colour]
    circled = p["circled"] if colour == p["colour"] else None
    return colour, scoring.line_parts(m, line["stations"], line["sections"], circled, ed=ed), False


def formula(parts: dict) -> str:
    """districts x most + 2 x crossings = points."""
    return f"{parts['districts']} × {parts['most']} + 2 × {parts['crossings']} = {parts['points']}"


def interchange_count(m: Map, p: dict, ed: int) -> int:
    return len(scoring.interchanges(m, p["lines"], ed=ed))


def side_column(cv: Canvas, x: int, y: int, w: int, h: int, m: Map, state: dict, p: dict, you: bool) -> None:
    """Beside a player's map in the table: their name, each round's line and points, tourists,
    interchanges, total."""
    size, lines = T.fit_label(name(p), "bold", 24, MIN, w)
    step = round(size * 1.15)
    for i, ln in enumerate(lines):
        cv.text((x, y + 4 + i * step), ln, "bold", size, INK, anchor="la")
    cy = y + 8 + step * len(lines)
    if you:
        you_tag(cv, x, cy + 14)
        cy += 34
    cy += 8
    for r in range(1, len(p["used"]) + 1):
        colour, parts, scored = line_of(m, p, r, edition(state))
        if colour is None or parts is None:
            continue
        if colour == p["colour"] and not scored:
            cv.d.rounded_rectangle((x - 4, cy - 3, x + 52, cy + 25), radius=14, fill=PM.HALO)
        paste_chip(cv, colour, x, cy, 48, 22)
        if scored:
            label = str(parts["points"])
        else:
            label = _("{n} so far", n=parts["points"]) if p["lines"][colour]["sections"] else _("now")
        put(cv, (x + 58, cy + 11), label, "bold" if scored else "cond", 22, INK if scored else INK_SOFT, w - 58)
        cy += 36
    cy += 6
    cv.d.line((x, cy, x + w, cy), fill=PANEL_EDGE, width=2)
    cy += 10
    rows = [(_("Tourists"), str(p["crossed"])), (_("Interchanges"), str(interchange_count(m, p, edition(state))))]
    for label, value in rows:
        vw = T.width(value, "bold", 22)
        put(cv, (x, cy + 12), label, "cond", MIN, INK_SOFT, w - vw - 8)
        cv.text((x + w, cy + 12), value, "bold", 22, INK, anchor="rm")
        cy += 32
    cy = max(cy + 10, y + h - 44)
    put(cv, (x, cy + 20), _("Total"), "cond", 20, INK_SOFT, w - 64)
    cv.text((x + w, cy + 20), str(p["total"]), "bold", 32, INK, anchor="rm")
