"""The day image: the public picture posted after each game day, made to be read in the chat without
tapping it (Discord shows it about 400 px wide on a phone).

It is W = 800 px wide and every text in it is at least MIN_PX = 9·W/400 = 18 px tall, i.e. 9 px at
400 px wide. Top to bottom: the week and day; what happened (the caller's sentences); today's dice
and whose turn it is; the disaster tracks with what strikes if each die colour is the one left;
every player's VP so far (without gold values), silver, goods and free wagon space; the townsfolk
for hire. Drawn from engine.view_for(state, None): no secret can reach it."""

import math
from typing import NamedTuple, cast

from PIL import Image, ImageDraw

import games.pioneer_days.rules as engine
from games.pioneer_days.rules import describe, words
from games.pioneer_days.rules.constants import (
    COLOUR_TRACK,
    COLOURS,
    DAMAGE_SPACES,
    DAYS_PER_WEEK,
    DISASTERS,
    FACES,
    INCOME,
    TRACK_COLOUR,
    TRACK_END,
    WAGONS,
)
from games.pioneer_days.rules.scoring import breakdown
from render import text as T
from render.canvas import Canvas, Layer
from render.paletted import Palette

from ..lang import N_, _, n_
from . import rich
from .cards import FOOTER, effect_of, split_effect
from .icons import die, paste
from .seats import marker, player_text
from .style import (
    CARD,
    CREAM,
    DICE,
    EMPTY,
    EMPTY_LINE,
    HIGHLIGHT,
    INK,
    INK_SOFT,
    PARCHMENT,
    PLAYERS,
    RULE,
    RUST,
    WOOD_DARK,
    background,
    memo,
    memo_text,
    mix,
)

W = 800
MIN_PX = math.ceil(9 * W / 400)  # the smallest text allowed: 9 px when shown 400 px wide
M = 14                            # outer margin
PAD = 16                          # panel padding
GAP = 12                          # between panels
INNER = W - 2 * M - 2 * PAD       # text width inside a panel
HEAD = 78
TITLE = 34                        # a panel's title line
TITLE_BROWN = (122, 62, 26)
TAN = (214, 190, 150)
ON_COLOUR = (164, 58, 30)
BODY = (22, 21, 20, 19, 18)       # body text sizes, largest first (fitting shrinks down to MIN_PX)

TAG_TEXT = {"Now": N_("Now:"), "Each town": N_("Each town:"), "Always": N_("Always:")}
STEP_TEXT = {"pick": N_("{name} takes a die"), "use": N_("{name} uses a die"),
             "wild": N_("{name} picks a Wild action"), "equip": N_("{name} picks equipment"),
             "after": N_("{name} ends the turn")}


def fit1(s: str, room: int, kinds=("bold",), sizes=BODY) -> tuple[str, str, int]:
    """One line of text in the first (kind, size) that holds it in room px, else ellipsized at the
    smallest: returns (text, kind, size)."""
    for kind in kinds:
        for size in sizes:
            if T.width(s, kind, size) <= room:
                return s, kind, size
    kind, size = kinds[-1], sizes[-1]
    return T.ellipsize(s, kind, size, room), kind, size


def name_of(p: dict) -> str:
    """A player's name as the fonts can draw it (emoji and missing scripts dropped)."""
    return T.player_name(p)


def title(cv: Canvas, x: int, y: int, w: int, label: str, note: str = "") -> None:
    """A panel title: serif capitals, a rule, and an optional note on the right."""
    label, kind, size = fit1(label, w * 2 // 3, ("serif", "serifcond"), (21, 20, 19, 18))
    cv.text((x, y + TITLE // 2), label, kind, size, TITLE_BROWN, anchor="lm")
    tw = T.width(label, kind, size)
    nx = x + w
    if note:
        note, nkind, nsize = fit1(note, w - tw - 40, ("cond",), (19, 18))
        nx = x + w - T.width(note, nkind, nsize)
        cv.text((nx, y + TITLE // 2), note, nkind, nsize, INK_SOFT, anchor="lm")
    if nx - 12 > x + tw + 12:
        cv.d.line((x + tw + 12, y + TITLE // 2 + 1, nx - 12, y + TITLE // 2 + 1), fill=RULE, width=2)


def panel(cv: Canvas, y: int, h: int, fill=PARCHMENT) -> None:
    cv.frame = (M + 3, y + 3, W - M - 3, y + h - 3)
    cv.d.rounded_rectangle((M - 2, y - 2, W - M + 2, y + h + 2), radius=16, fill=INK)
    cv.d.rounded_rectangle((M, y, W - M, y + h), radius=14, fill=fill, outline=(150, 104, 60), width=3)


# ---- header --------------------------------------------------------------------------------
def header(cv: Canvas, s: dict, st: "Status") -> None:
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
    head, kind, size = fit1(head, 300, ("serif", "serifcond"), (30, 28, 26, 24, 22))
    cv.text((M + 4, 25), _("PIONEER DAYS"), "serif", 18, TAN, anchor="lm")
    cv.text((M + 4, 55), head, kind, size, CREAM, anchor="lm")
    # what the table waits for: a pill in the colour of the seat concerned
    text, tkind, tsize = st.text
    right = W - M
    extra = 44 if st.seat is not None else 0
    bw = T.width(text, tkind, tsize) + 36 + extra
    fill, fg = player_text(st.seat) if st.seat is not None else (RUST, (255, 255, 255))
    d.rounded_rectangle((right - bw, 16, right, HEAD - 16), radius=(HEAD - 32) // 2, fill=fill, outline=CREAM,
                        width=3)
    tx = right - bw + 18
    if st.seat is not None:
        marker(cv.img, st.seat, (tx - 4, 23, tx + 30, HEAD - 23))
        tx += extra
    cv.text((tx, HEAD // 2 + 1), text, tkind, tsize, fg, anchor="lm")


class Status(NamedTuple):
    text: tuple  # (text, kind, size)
    seat: int | None


STATUS_SIZES = (22, 21, 20, 19, 18)


def status_layout(s: dict, steps: bool = False, sizes=None, room: int | None = None) -> Status:
    """What the table waits for (in the header's pill), and the seat concerned: the first of the
    candidate texts that fits whole; names are shortened before anything else is. steps=True: a turn
    says its step ("Annie takes a die"; the Full board, drawn at any moment). `sizes` (largest first) and
    `room` (the pill's text and its seat's marker): the day image's by default."""
    sizes = STATUS_SIZES if sizes is None else sizes
    texts, seat = _status_texts(s)
    if steps and s["stage"] == "turn" and s["step"] in STEP_TEXT:
        texts = [(lambda nm, step=STEP_TEXT[s["step"]]: _(step, name=nm), texts[0][1])]
    room = (W - 2 * M - 300 - 24 - 36 if room is None else room) - (44 if seat is not None else 0)
    for make, name in texts:
        for kind in ("bold", "condbold"):
            for size in sizes:
                text = make(name)
                if T.width(text, kind, size) <= room:
                    return Status((text, kind, size), seat)
    make, name = texts[0]
    kind, size = "condbold", sizes[-1]
    if name:  # the name shortened so that the rest of the sentence stays
        rest = T.width(make(""), kind, size)
        return Status((make(T.ellipsize(name, kind, size, max(40, room - rest))), kind, size), seat)
    return Status((T.ellipsize(make(""), kind, size, room), kind, size), seat)


def _status_texts(s: dict) -> tuple[list, int | None]:
    """[(make(name) -> text, name), ...] in order of preference, and the seat concerned."""
    st = s["stage"]
    if st == ENDED:
        return [(lambda nm: _("Day over"), "")], None
    names = [name_of(p) for p in s["players"]]
    waiting = [names[i] for i, p in enumerate(s.get("pending") or []) if p]
    joined = ", ".join(waiting)
    k = len(waiting)
    if st == "turn":
        seat = s["turn"]
        fresh = s["step"] == "pick" and seat == s["start"] and len(s["pool"]) == len(names) + 1
        if fresh:
            return [(lambda nm: _("{name} starts", name=nm), names[seat])], seat
        return [(lambda nm: _("{name} to play", name=nm), names[seat])], seat
    if st == "disaster":
        dis = (s.get("disasters") or [None])[0]
        what = words.disaster(dis) if dis else _("Disaster")
        return [(lambda nm: _("{disaster} strikes: {names} to choose", disaster=what, names=nm), joined),
                (lambda nm: n_("{disaster} strikes: {n} player to choose",
                               "{disaster} strikes: {n} players to choose", k, disaster=what), ""),
                (lambda nm: _("{disaster} strikes!", disaster=what), "")], None
    if st == "town":
        return [(lambda nm: _("Town visit: {names} to choose", names=nm), joined),
                (lambda nm: n_("Town visit: {n} player to choose", "Town visit: {n} players to choose", k), ""),
                (lambda nm: _("Town visit"), "")], None
    if st == "pioneer":
        return [(lambda nm: _("Choosing pioneers: {names}", names=nm), joined),
                (lambda nm: n_("{n} player choosing a pioneer", "{n} players choosing a pioneer", k), "")], None
    winners = [r["seat"] for r in (s.get("result") or []) if r["winner"]]
    if len(winners) == 1:
        return [(lambda nm: _("{name} wins", name=nm), names[winners[0]])], winners[0]
    if winners:
        both = ", ".join(names[w] for w in winners)
        return [(lambda nm: _("Shared victory: {names}", names=nm), both),
                (lambda nm: _("Shared victory"), "")], None
    return [(lambda nm: _("Game over"), "")], None


# ---- what happened -------------------------------------------------------------------------
MAX_NEWS = 4


class News(NamedTuple):
    items: list  # (size, lines) per sentence
    more: int
    h: int


def news_layout(lines) -> News | None:
    texts = [t for t in (str(x).strip() for x in lines or ()) if t]
    if not texts:
        return None
    shown = texts[:MAX_NEWS]
    per = 2 if len(shown) > 2 else 3  # lines per sentence
    room = INNER - 22
    items = []
    for t in shown:
        ws = rich.words(t, "cond", INK)
        if not ws:
            continue
        items.append(rich.fit(ws, BODY[1:], room, per))
    more = len(texts) - len(shown)
    h = sum(round(sz * 1.28) * len(ls) + 6 for sz, ls in items) + (26 if more else 0)
    return News(items, more, h + 2 * 12 - 6)


def news(cv: Canvas, y: int, L: News) -> None:
    panel(cv, y, L.h, fill=CARD)
    cv.d.rounded_rectangle((M + 3, y + 3, M + 9, y + L.h - 3), radius=3, fill=RUST)
    yy = y + 12
    for size, lines in L.items:
        step = round(size * 1.28)
        cy = yy + step / 2
        cv.d.ellipse((M + PAD + 2, cy - 4, M + PAD + 10, cy + 4), fill=RUST)
        rich.draw(cv, M + PAD + 22, yy, lines, size, step)
        yy += step * len(lines) + 6
    if L.more:
        cv.text((M + PAD + 22, yy + 10), n_("… and {n} more", "… and {n} more", L.more), "cond", 18, INK_SOFT,
                anchor="lm")


# ---- today: dice, whose turn, tracks and forecast ------------------------------------------------
DIE = 66
TRACK_ROW = 44
CELL = 32


class Today(NamedTuple):
    forecast: list  # (colours, size, lines) per group of colours with the same outcome
    last: tuple | None  # (size, lines) of the last day's note
    h: int
    tracks_w: int  # the width of the tracks (tracks_w()); the dice and forecast get the rest
    left: tuple | None = None  # the day is over: ((colour, face) of the die left over, (size, lines) of what it did)


TRACKS_W = 318                    # the tracks' width with the narrowest room for the disaster names
LABEL_X = 44                      # where a track's name starts (after its icon)
LABEL_PX = 20                     # a track's name: 20 px, down to MIN_PX if it must
LABEL_MIN, LABEL_MAX = 92, 170    # the room for a name: "DISEASE" at 20 px .. about 14 capitals at 18 px
ARROW = "→"


@memo_text
def tracks_w() -> int:
    """The tracks' width in the current language: room for its longest disaster name in one line (at
    20 px if it can), from LABEL_MIN to LABEL_MAX; longer names wrap between words or are shortened.
    The dice and the forecast on the right get what is left (right_x, right_w)."""
    need = max(T.width(words.disaster(d).upper(), "condbold", LABEL_PX) for d in DISASTERS)
    return TRACKS_W + min(LABEL_MAX, max(LABEL_MIN, need)) - LABEL_MIN


def right_x(tracks: int) -> int:
    return M + PAD + tracks + 22


def right_w(tracks: int) -> int:
    return W - M - PAD - right_x(tracks)


def label_room(tracks: int) -> int:
    """The room for a track's name: from LABEL_X to just before its first cell."""
    return tracks - (TRACK_END + 1) * (CELL + 4) + 4 - LABEL_X - 6


def today_layout(s: dict, ended: dict | None = None) -> Today:
    """The dice and the tracks; `ended` (the state's day_end, when the picture shows a day that is over): the
    die left over and what it did, in the place of the dice."""
    tw = tracks_w()
    left = TITLE + 2 + 4 * TRACK_ROW
    if ended is not None and not s["pool"]:
        said = leftover_layout(ended, right_w(tw) - DIE - 14)
        right = TITLE + 2 + max(DIE, round(said[0] * 1.25) * len(said[1])) + 12
        return Today([], None, 10 + max(left, right) + 8, tw, (tuple(ended["left"]), said))
    fc, last = forecast_layout(s, right_w(tw))
    right = TITLE + (DIE + 12 if s["pool"] else 60) + (TITLE + _forecast_h(fc, last) if fc else 0)
    return Today(fc, last, 10 + max(left, right) + 8, tw)


def leftover_layout(ended: dict, room: int) -> tuple:
    """What the die left at the day's end did, fitted in room px: (size, lines)."""
    colour = ended["left"][0]
    moved = _("Every marker moves one step.") if colour == "black" else \
        _("The {disaster} marker moves one step.", disaster=words.disaster(COLOUR_TRACK[colour]))
    struck = ended.get("struck") or []
    if struck:
        hit = rich.words(n_("{names} strikes!", "{names} strike!", len(struck),
                            names=_(" and ").join(words.disaster(d) for d in struck)), "condbold", RUST)
    else:
        hit = rich.words(_("Nothing strikes."), "cond", INK_SOFT)
    ws = rich.words(moved, "cond", INK)
    hit[0] = hit[0]._replace(space=True)
    return rich.fit(ws + hit, (22, 21, 20, 19, 18), room, 4, True)


def forecast_layout(s: dict, rw: int) -> tuple[list, tuple | None]:
    """What strikes if each die colour is the one left, fitted in rw px: [(colours, size, lines)] per
    group of colours with the same outcome, and the last day's note (or None)."""
    f = engine.forecast(s)
    groups: dict = {}
    for colour in COLOURS:
        if colour in f["left"]:
            groups.setdefault(tuple(f["left"][colour]["strike"]), []).append(colour)
    fc = []
    for strikes, colours in sorted(groups.items(), key=lambda kv: (-len(kv[0]), COLOURS.index(kv[1][0]))):
        if strikes:
            names = ", ".join(words.disaster(d) for d in strikes)
            ws = rich.words(n_("{names} strikes", "{names} strike", len(strikes), names=names), "condbold", RUST)
        else:
            ws = rich.words(_("nothing strikes"), "cond", INK_SOFT)
        size, lines = rich.fit(ws, (20, 19, 18), rw - _chips_w(colours), 2, True)
        fc.append((colours, size, lines))
    last = None
    if f["last_day"] and fc:
        last = rich.fit(rich.words(_("Last day: then every marker moves once more."), "cond", INK_SOFT),
                        (19, 18), rw, 2)
    return fc, last


def _chips_w(colours) -> int:
    return len(colours) * (rich.chip_w(20) + 5) + T.width(ARROW, "bold", 20) + 14


def _forecast_h(fc, last) -> int:
    h = sum(max(30, round(sz * 1.25) * len(ls)) + 6 for _c, sz, ls in fc)
    return h + (round(last[0] * 1.25) * len(last[1]) + 4 if last else 0)


def today(cv: Canvas, y: int, s: dict, L: Today) -> None:
    panel(cv, y, L.h)
    yy = y + 10
    cv.frame = (M + PAD - 4, y + 3, M + PAD + L.tracks_w + 4, y + L.h - 3)
    _tracks(cv, M + PAD, yy, s, L.tracks_w)
    x0, w = right_x(L.tracks_w), right_w(L.tracks_w)
    cv.frame = (x0, y + 3, x0 + w, y + L.h - 3)
    cv.d.line((x0 - 11, yy + 8, x0 - 11, y + L.h - 12), fill=RULE, width=2)
    if L.left is not None:
        (colour, face), (size, lines) = L.left
        title(cv, x0, yy, w, _("LEFT AT DAY'S END"))
        yy += TITLE + 2
        im = die(colour, face, DIE, False)
        cv.img.paste(im, (x0, yy), im)
        spec = DICE[colour]
        cv.text((x0 + round(DIE * 0.2), yy + round(DIE * 0.2)), spec["letter"], "bold", 19, spec["text"], anchor="mm")
        step = round(size * 1.25)
        rich.draw(cv, x0 + DIE + 14, yy + max(0, (DIE - step * len(lines)) // 2), lines, size, step)
        return
    if s["pool"]:
        left = max(0, len(s["pool"]) - 1) if s["stage"] == "turn" else 0
        title(cv, x0, yy, w, _("TODAY'S DICE"), n_("{n} to take", "{n} to take", left) if left else "")
        yy += TITLE + 2
        k = len(s["pool"])
        size = min(DIE, (w - 4 * (k - 1)) // k)  # smaller dice rather than dice on top of each other
        step = min(size + 8, (w - size) // max(1, k - 1)) if k > 1 else 0
        for i, (colour, face) in enumerate(s["pool"]):
            x = x0 + i * step
            im = die(colour, face, size, False)
            cv.img.paste(im, (x, yy), im)
            spec = DICE[colour]
            cv.text((x + round(size * 0.2), yy + round(size * 0.2)), spec["letter"], "bold", 19, spec["text"],
                    anchor="mm")
        yy += DIE + 12
    else:
        title(cv, x0, yy, w, _("TODAY'S DICE"))
        yy += TITLE + 2
        none = _("No more dice: the game is over.") if s["stage"] == "over" else \
            _("None on the table: the next day rolls new dice.")
        size, lines = rich.fit(rich.words(none, "cond", INK_SOFT), (20, 19, 18), w, 2)
        rich.draw(cv, x0, yy, lines, size)
        yy += 60
    if L.forecast:
        forecast(cv, x0, yy, w, L.forecast, L.last)


def _tracks(cv: Canvas, x: int, y: int, s: dict, tw: int) -> None:
    title(cv, x, y, tw, _("DISASTERS"), _("strike at {n}", n=TRACK_END))
    active = s["disasters"][0] if s["stage"] == "disaster" and s.get("disasters") else None
    y += TITLE + 2
    cx0 = x + tw - (TRACK_END + 1) * (CELL + 4) + 4
    for j, dis in enumerate(DISASTERS):
        yy = y + j * TRACK_ROW
        colour = TRACK_COLOUR[dis]
        spec = DICE[colour]
        row = _track_row(dis, tw)
        cv.img.paste(row, (x, yy), row)
        if dis == active:
            cv.d.rounded_rectangle((x - 3, yy - 3, x + tw + 3, yy + TRACK_ROW - 2), radius=10,
                                   outline=RUST, width=4)
        size, lines = T.fit_label(words.disaster(dis).upper(), "condbold", LABEL_PX, MIN_PX, label_room(tw))
        for i, name in enumerate(lines):  # one line, or two of a name in two words
            cy = yy + TRACK_ROW // 2 - 2 + round((i - (len(lines) - 1) / 2) * size)
            cv.text((x + LABEL_X, cy), name, "condbold", size, INK, anchor="lm")
        pos = max(0, min(TRACK_END - 1, s["tracks"][dis]))
        for c in range(pos):
            xx = cx0 + c * (CELL + 4)
            cv.d.rounded_rectangle((xx + 3, yy + 8, xx + CELL - 3, yy + CELL), radius=5,
                                   fill=mix(spec["fill"], CREAM, 0.55))
        xx = cx0 + pos * (CELL + 4)
        chip = die(colour, None, CELL + 4, False)
        cv.img.paste(chip, (xx - 2, yy + 1), chip)
        cv.text((xx + CELL / 2, yy + 3 + CELL / 2), spec["letter"], "bold", 19, spec["text"], anchor="mm")


@memo
def _track_row(dis: str, tw: int) -> Image.Image:
    """The frame of one track row, tw wide: tinted band, icon, the cells 0..3 and the blast at 4."""
    colour = TRACK_COLOUR[dis]
    spec = DICE[colour]
    img = Image.new("RGBA", (tw, TRACK_ROW), (0, 0, 0, 0))
    d = ImageDraw.Draw(img)
    d.rounded_rectangle((0, 0, tw - 1, TRACK_ROW - 5), radius=8, fill=mix(spec["fill"], PARCHMENT, 0.82),
                        outline=mix(spec["fill"], INK, 0.3))
    paste(img, dis, 34, (4, 2))
    cx0 = tw - (TRACK_END + 1) * (CELL + 4) + 4
    for c in range(TRACK_END + 1):
        x = cx0 + c * (CELL + 4)
        if c == TRACK_END:
            paste(img, "boom", CELL + 2, (x - 1, 3))
        else:
            d.rounded_rectangle((x, 4, x + CELL, 4 + CELL - 2), radius=6, fill=CREAM,
                                outline=mix(spec["fill"], INK, 0.4), width=2)
    return img


def forecast_h(fc, last) -> int:
    return TITLE + 2 + _forecast_h(fc, last)


def forecast(cv: Canvas, x: int, y: int, w: int, fc: list, last) -> None:
    title(cv, x, y, w, _("IF LEFT AT DAY'S END"))
    yy = y + TITLE + 2
    for colours, size, lines in fc:
        step = round(size * 1.25)
        h = max(30, step * len(lines))
        cx = x
        for colour in colours:
            rich.die_chip(cv, cx, yy + 2, rich.chip_w(20), 26, colour, 19)
            cx += rich.chip_w(20) + 5
        cv.text((cx + 4, yy + 15), ARROW, "bold", 20, INK_SOFT, anchor="lm")
        cx += T.width(ARROW, "bold", 20) + 14
        rich.draw(cv, cx, yy + (30 - step) // 2 if len(lines) == 1 else yy + 2, lines, size, step)
        yy += h + 6
    if last:
        size, lines = last
        rich.draw(cv, x, yy, lines, size, round(size * 1.25))


# ---- players -------------------------------------------------------------------------------
ROW = 46
STAT_W = 62
STATS = ("vp", "silver", "wood", "medicine", "cattle", "gold", "wagon")


def player_stats(s: dict, p: dict) -> list[str]:
    reveal = s["stage"] == "over"
    b = breakdown(s, p["seat"])
    vp = b["total"] - (0 if reveal else b["gold"])
    total = sum(WAGONS[w["size"]]["spaces"] - DAMAGE_SPACES * w["damage"] for w in p["wagons"])
    used = len(p["gold"]) + len(p["equipment"]) + (p["wood"] + 1) // 2 + (p["medicine"] + 1) // 2
    return [str(vp), f"${p['silver']}", str(p["wood"]), str(p["medicine"]), str(p["cattle"]),
            f"×{len(p['gold'])}", str(max(0, total - used))]


def players_h(n: int) -> int:
    return 10 + TITLE + 40 + n * ROW + 36


def players(cv: Canvas, y: int, s: dict, viewer) -> None:
    n = len(s["players"])
    h = players_h(n)
    panel(cv, y, h)
    x0 = M + PAD
    title(cv, x0, y + 10, INNER, _("PLAYERS"))
    yy = y + 10 + TITLE
    sx0 = x0 + INNER - len(STATS) * STAT_W
    for i, name in enumerate(STATS):
        ic = "goldplain" if name == "gold" and s["stage"] == "over" else name
        paste(cv.img, ic, 32, (sx0 + i * STAT_W + (STAT_W - 32) // 2, yy + 2))
    yy += 40
    turn = s["turn"] if s["stage"] == "turn" else None
    for p in s["players"]:
        seat = p["seat"]
        ry = yy + seat * ROW
        tint = PLAYERS[seat % len(PLAYERS)]["tint"]
        box = (x0 - 6, ry + 2, x0 + INNER + 6, ry + ROW - 3)
        if seat == turn:
            cv.d.rounded_rectangle((box[0] - 3, box[1] - 3, box[2] + 3, box[3] + 3), radius=12, fill=HIGHLIGHT)
        cv.d.rounded_rectangle(box, radius=10, fill=tint, outline=mix(tint, INK, 0.35))
        marker(cv.img, seat, (x0, ry + 7, x0 + 32, ry + 39))
        nx = x0 + 42
        room = sx0 - nx - 8
        tags = []
        if seat == s["start"] and s["stage"] == "turn":
            tags.append("start")
        if viewer == seat:
            tags.append("you")
        room -= sum(36 if t == "start" else T.width(_("YOU"), "condbold", 18) + 18 for t in tags)
        name, kind, size = fit1(name_of(p), room, ("bold", "condbold"), (22, 21, 20, 19, 18))
        cv.text((nx, ry + ROW // 2), name, kind, size, INK, anchor="lm")
        tx = nx + T.width(name, kind, size) + 8
        for tag in tags:
            if tag == "start":
                cv.d.ellipse((tx, ry + 8, tx + 30, ry + 38), fill=CREAM, outline=INK, width=2)
                paste(cv.img, "horseshoe", 22, (tx + 4, ry + 12))
            else:
                you = _("YOU")
                cv.d.rounded_rectangle((tx, ry + 11, tx + T.width(you, "condbold", 18) + 12, ry + 35), radius=6,
                                       fill=INK)
                cv.text((tx + 6, ry + 23), you, "condbold", 18, CREAM, anchor="lm")
            tx += 36 if tag == "start" else T.width(_("YOU"), "condbold", 18) + 18
        for i, val in enumerate(player_stats(s, p)):
            cx = sx0 + i * STAT_W + STAT_W / 2
            v, vk, vs = fit1(val, STAT_W - 6, ("bold", "condbold"), (22, 21, 20, 19, 18))
            cv.text((cx, ry + ROW // 2), v, vk, vs, INK, anchor="mm")
    note = _("VP so far, gold values hidden · wagon: free spaces") if s["stage"] != "over" else \
        _("VP with gold · wagon: free spaces")
    note, kind, size = fit1(note, INNER, ("cond",), (19, 18))
    cv.text((x0, yy + n * ROW + 16), note, kind, size, INK_SOFT, anchor="lm")


# ---- townsfolk for hire --------------------------------------------------------------------
CELL_W = (INNER - 12) // 2
STRIP = 104


def short_effect(cid: str, kind: str = "townsfolk") -> tuple[str | None, str]:
    """(timing label or None, effect) of a townsfolk (an equipment tile, a pioneer), from engine.describe:
    "Always:", "On Wood:", "Now:", "Each town:" (when it works is half of what a card says)."""
    tag, body = split_effect(describe.card(kind, cid)["effect"], effect_of(kind, cid))
    if tag is None:
        return None, body
    if tag[0] == "on":
        return _("On {face}:", face=words.face(tag[1])), body
    return _(TAG_TEXT[tag[1]]), body


def effect_runs(cid: str, kind: str = "townsfolk") -> list[tuple]:
    """The runs of a card's effect text: when it works (in rust), what it does."""
    tag, body = short_effect(cid, kind)
    return ([(tag, "condbold", ON_COLOUR)] if tag else []) + [(body, "cond", INK)]


def vp_fit(vp: str, room: int) -> tuple:
    """A card's VP line fitted beside its VP badge: (size, lines)."""
    return rich.fit(rich.words(vp, "condbold", CREAM), (19, 18), room - 30, 3, True) if vp else (18, [])


class CardText(NamedTuple):
    """A townsfolk card's texts laid out: on the day image's hire panel and among what a player owns."""
    name: tuple       # (text, kind, size)
    effect: tuple     # (size, lines)
    vp: tuple         # (size, lines)
    h: int


@memo_text
def hire_layout(cid: str | None) -> CardText | None:
    if cid is None:
        return None
    c = describe.card("townsfolk", cid)
    room = CELL_W - STRIP - 20
    name = fit1(T.clean(c["name"], "serifcond"), room, ("serif", "serifcond"), (22, 21, 20, 19, 18))
    parts = effect_runs(cid)
    body = parts[-1][0]
    size, lines = _effect_fit(rich.styled(parts), room)
    if lines[-1][-1].text.endswith(T.ELLIPSIS) and body.endswith(")") and " (" in body:
        short = body[:body.rindex(" (")]  # a last aside such as "(if room)": left out when it does not fit
        size, lines = _effect_fit(rich.styled(parts[:-1] + [(short, "cond", INK)]), room)
    vp = vp_fit(c["vp"], room)
    h = 8 + 30 + round(size * 1.22) * len(lines) + 6 + (round(vp[0] * 1.2) * len(vp[1]) + 10 if vp[1] else 0)
    return CardText(name, (size, lines), vp, max(h, 108))


def _effect_fit(ws, room: int):
    """One line if it fits at 20 or 19 px, else up to two lines of 20 to 18 px."""
    one = rich.fit(ws, (20, 19), room, 1)
    if not one[1][-1][-1].text.endswith(T.ELLIPSIS):
        return one
    return rich.fit(ws, (20, 19, 18), room, 2)


def hire_h(s: dict) -> int:
    rows = _hire_rows(s)
    return 10 + TITLE + 4 + sum(rows) + 10 * (len(rows) - 1) + 14


EMPTY_H = 80  # a row of two recruited slots: just the faces (a full card is at least 108)


def _hire_rows(s: dict) -> list[int]:
    cells = [hire_layout(cid) for cid in s["slots"]]
    return [max((c.h if c else EMPTY_H) for c in cells[r:r + 2]) for r in range(0, 6, 2)]


# ---- this week: the towns' needs and the equipment for sale ------------------------------------
WEEK_LINE = 27
EQUIP_SHOWN = 3  # tiles for sale listed on the day image


def week_lines(s: dict, shown: int | None = EQUIP_SHOWN) -> list[tuple[str, str]]:
    """(name, what) for this week's town cards ("Needs 3 cattle → 2 favors") and the equipment for sale
    (the first `shown` tiles, None: all)."""
    shown = shown if shown is not None else len(s.get("equip_up") or [])
    out = []
    for cid in (s.get("towns_up") or [])[:3]:
        c = describe.card("town", cid)
        out.append((c["name"], f"{c['effect']} → {c['vp']}"))
    tiles = s.get("equip_up") or []
    for cid in tiles[:shown]:
        c = describe.card("equipment", cid)
        out.append((c["name"], " · ".join(x for x in (c["effect"], c["vp"]) if x)))
    if len(tiles) > shown:  # (the phone's screen is short: the rest are on the Full board)
        out[-1] = (out[-1][0], out[-1][1] + " · " + n_("{n} more: Full board", "{n} more: Full board",
                                                       len(tiles) - shown))
    return out


def week_h(s: dict, shown: int | None = EQUIP_SHOWN) -> int | None:
    rows = week_lines(s, shown)
    if not rows or not s["week"]:
        return None
    towns = len((s.get("towns_up") or [])[:3])
    return 10 + TITLE + 4 + WEEK_LINE * len(rows) + (TITLE if towns < len(rows) else 0) + 6


def week(cv: Canvas, y: int, s: dict, shown: int | None = EQUIP_SHOWN) -> None:
    h = cast(int, week_h(s, shown))
    panel(cv, y, h)
    x0 = M + PAD
    rows = week_lines(s, shown)
    towns = len((s.get("towns_up") or [])[:3])
    title(cv, x0, y + 10, INNER, _("THIS WEEK'S TOWNS"), _("visited after day 5: favors for goods"))
    yy = y + 10 + TITLE + 4
    for i, (name, what) in enumerate(rows):
        if i == towns:
            title(cv, x0, yy, INNER, _("EQUIPMENT FOR SALE"), _("take one with an Equip die"))
            yy += TITLE
        nm, nk, ns = fit1(name, INNER // 3, ("condbold",), (20, 19, 18))
        cv.text((x0, yy + WEEK_LINE // 2), nm, nk, ns, INK, anchor="lm")
        room = INNER - T.width(nm, nk, ns) - 12
        txt, tk, ts = fit1(what, room, ("cond",), (20, 19, 18))
        cv.text((x0 + INNER - room, yy + WEEK_LINE // 2), txt, tk, ts, INK, anchor="lm")
        yy += WEEK_LINE


def hire(cv: Canvas, y: int, s: dict) -> None:
    h = hire_h(s)
    panel(cv, y, h)
    x0 = M + PAD
    title(cv, x0, y + 10, INNER, _("TOWNSFOLK FOR HIRE"), _("recruit with a matching die"))
    yy = y + 10 + TITLE + 4
    for r, rh in enumerate(_hire_rows(s)):
        for c in range(2):
            i = r * 2 + c
            x = x0 + c * (CELL_W + 12)
            _hire_cell(cv, x, yy, rh, FACES[i], s["slots"][i], bool(s["week"]))
        yy += rh + 10


def _hire_cell(cv: Canvas, x: int, y: int, h: int, face: str, cid: str | None, started: bool) -> None:
    cv.paste(_hire_cell_layer(face, cid, h, started), (x, y))


@memo_text
def _hire_cell_layer(face: str, cid: str | None, h: int, started: bool) -> Layer:
    """One slot for hire: the same all week, so it is drawn once."""
    cv = Canvas(Image.new("RGBA", (CELL_W + 1, h + 1), (0, 0, 0, 0)), track=True)
    cv.frame = (0, 0, CELL_W, h)
    _draw_hire_cell(cv, 0, 0, h, face, cid, started)
    assert cv.boxes is not None  # (track=True)
    return Layer(cv.img, cv.min_px, tuple(cv.boxes))


def _draw_hire_cell(cv: Canvas, x: int, y: int, h: int, face: str, cid: str | None, started: bool) -> None:
    d = cv.d
    L = hire_layout(cid)
    d.rounded_rectangle((x, y, x + CELL_W, y + h), radius=10, fill=CARD if L else EMPTY,
                        outline=INK if L else EMPTY_LINE, width=2)
    # the slot: face icon, income, face name
    d.rounded_rectangle((x, y, x + STRIP, y + h), radius=10, fill=WOOD_DARK)
    d.rectangle((x + STRIP - 10, y, x + STRIP, y + h), fill=WOOD_DARK)
    paste(cv.img, face, 34, (x + 10, y + 10))
    cv.text((x + STRIP - 8, y + 27), f"${INCOME[face]}", "bold", 22, (255, 214, 90), anchor="rm")
    fname, fk, fs = fit1(words.face(face).upper(), STRIP - 12, ("condbold",), (18,))
    cv.text((x + STRIP / 2, y + 62), fname, fk, fs, TAN, anchor="mm")
    tx, room = x + STRIP + 10, CELL_W - STRIP - 20
    if L is None:
        label = _("recruited") if started else "—"
        cv.text((tx + room / 2, y + h / 2), label, "cond", 20, mix(EMPTY_LINE, INK, 0.35), anchor="mm")
        return
    name, kind, size = L.name
    cv.text((tx, y + 22), name, kind, size, INK, anchor="lm")
    size, lines = L.effect
    yy = y + 40
    rich.draw(cv, tx, yy, lines, size, round(size * 1.22))
    vsize, vlines = L.vp
    if vlines:
        step = round(vsize * 1.2)
        vh = step * len(vlines) + 8
        vy = y + h - vh - 5
        d.rounded_rectangle((tx - 4, vy, x + CELL_W - 6, vy + vh), radius=7, fill=FOOTER)
        paste(cv.img, "vp", 22, (tx, vy + (vh - 22) // 2))
        rich.draw(cv, tx + 28, vy + 4, vlines, vsize, step)


# ---- which day ---------------------------------------------------------------------------------
ENDED = "ended"  # the stage of a day drawn as it ended (shown_day)


def just_begun(s: dict) -> bool:
    """Whether the state shows a day just begun with nothing played yet."""
    n = len(s["players"])
    return (s["stage"] == "turn" and s["step"] == "pick" and s["turn"] == s["start"] and s["die"] is None
            and s["turns_left"] == n and len(s["pool"]) == n + 1)


def shown_day(s: dict, chapter: bool) -> tuple[dict, dict | None]:
    """The day the picture shows, and the state's day_end when it shows a day that is over. A chapter's
    picture (`chapter`: it has lines) of a day just begun, with nothing played yet, shows the day that
    ended (the move that ended it began the next one: the day's record keeps its own day); the live panel's
    (no lines) shows the present day. A day's evening (its disasters, the town visit) and the game's end
    show the die left over in the place of the dice. A state from before day_end was kept: the present."""
    ended = s.get("day_end")
    if not ended:
        return s, None
    if (ended["week"], ended["day"]) == (s["week"], s["day"]) and not s["pool"]:
        return s, ended
    before = (s["week"], s["day"] - 1) if s["day"] > 1 else (s["week"] - 1, DAYS_PER_WEEK)
    if not (chapter and just_begun(s) and (ended["week"], ended["day"]) == before):
        return s, None
    out = {**s, "week": ended["week"], "day": ended["day"], "stage": ENDED, "pool": [], "turn": None,
           "step": None, "die": None}
    for key in ("towns_up", "equip_up", "slots"):  # (the week's last day: its own, not the next week's)
        if key in ended:
            out[key] = ended[key]
    return out, ended


# ---- the whole image -------------------------------------------------------------------------
def render(state: dict, lines=(), viewer: int | None = None, track: bool = False,
           palette: Palette | None = None) -> Image.Image:
    """The day image; its smallest essential text size (px) is in img.info["min_text_px"]
    (track=True: every text's ink box and frame in img.info["text_boxes"], for the tests)."""
    s = engine.view_for(state, None)  # public, whoever asks: `viewer` only marks a row
    s, ended = shown_day(s, bool(lines))
    st = status_layout(s)
    nw = news_layout(lines)
    td = today_layout(s, ended)
    heights = [nw.h if nw else None, td.h, players_h(len(s["players"])), week_h(s), hire_h(s)]
    h = HEAD + GAP + sum(x + GAP for x in heights if x) + M - GAP
    img = background(h, W, palette)
    cv = Canvas(img, track)
    header(cv, s, st)
    y = HEAD + GAP
    if nw:
        news(cv, y, nw)
        y += nw.h + GAP
    today(cv, y, s, td)
    y += td.h + GAP
    players(cv, y, s, viewer)
    y += cast(int, heights[2]) + GAP  # (players_h)
    if heights[3]:
        week(cv, y, s)
        y += heights[3] + GAP
    hire(cv, y, s)
    img.info["min_text_px"] = cv.min_px
    if track:
        img.info["text_boxes"] = cv.boxes
    return img

