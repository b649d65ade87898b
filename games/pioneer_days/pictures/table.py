"""The public table image: header, townsfolk slots, dice pool, disaster tracks, equipment for sale,
town cards, and one board per player. Gold values are never read (the state is viewed as a
spectator first)."""

from PIL import Image, ImageDraw

import games.pioneer_days.rules as engine
from games.pioneer_days.rules.constants import DISASTERS, FACES, INCOME, TRACK_COLOUR, TRACK_END
from i18n import current
from render import text as T

from ..lang import N_, _, n_
from . import cards, player_board
from .icons import die, paste
from .style import (
    CREAM,
    DICE,
    EMPTY,
    EMPTY_LINE,
    HIGHLIGHT,
    INK,
    INK_SOFT,
    PARCHMENT,
    PARCHMENT_DARK,
    RULE,
    RUST,
    WOOD,
    WOOD_DARK,
    WOOD_LINE,
    memo,
    memo_text,
    mix,
)

W = 1600
M = 16            # outer margin
HEAD = 84         # header band
BOARD_Y = HEAD + 12
PAD = 14          # board inner padding
LEFT_X = M + PAD
LEFT_W = 1000
RIGHT_X = LEFT_X + LEFT_W + 20
RIGHT_W = W - M - PAD - RIGHT_X
CARD_W, CARD_H = 160, 262
TILE_W, TILE_H = 193, 110
TOWN_W, TOWN_H = 168, 172
DIE = 62
TRACK_ROW = 44
CELL = 30
SECTION = 30
LEGEND_H = 44
PANEL_GAP = 20
PANEL_W = (W - 2 * M - PANEL_GAP) // 2  # two columns of panels

DISASTER_TEXT = {
    "storm": N_("Each wagon: pay 1 wood or take a damage token (-2 VP)"),
    "raid": N_("Lose half your silver, rounded up"),
    "famine": N_("Pay $1 per cattle while you can; lose the rest"),
    "disease": N_("Each townsfolk: pay 1 medicine or lose it"),
}
STEP_TEXT = {"pick": N_("{name} takes a die"), "use": N_("{name} uses a die"),
             "wild": N_("{name} picks a Wild action"), "equip": N_("{name} picks equipment"),
             "after": N_("{name} ends the turn")}
DISASTER_NAME = {"storm": N_("Storm"), "raid": N_("Raid"), "famine": N_("Famine"), "disease": N_("Disease")}
FACE_NAME = {"wild": N_("Wild"), "mine": N_("Mine"), "equip": N_("Equip"), "cattle": N_("Cattle"),
             "wood": N_("Wood"), "medicine": N_("Medicine")}
COLOUR_DIE = {"blue": N_("blue die ({letter})"), "red": N_("red die ({letter})"),
              "yellow": N_("yellow die ({letter})"), "green": N_("green die ({letter})"),
              "black": N_("black die ({letter})")}

# y offsets inside the board
Y_TF_TITLE = 10
Y_PLAQUE = Y_TF_TITLE + SECTION
Y_CARDS = Y_PLAQUE + 46
Y_EQ_TITLE = Y_CARDS + CARD_H + 12
Y_TILES = Y_EQ_TITLE + SECTION
Y_DICE_TITLE = 10
Y_DICE = Y_DICE_TITLE + SECTION
Y_TR_TITLE = Y_DICE + DIE + 28
Y_TRACKS = Y_TR_TITLE + SECTION
Y_TOWN_TITLE = Y_TRACKS + 4 * TRACK_ROW + 8
Y_TOWNS = Y_TOWN_TITLE + SECTION
BOARD_H = max(Y_TILES + TILE_H, Y_TOWNS + TOWN_H) + 14


def section(d: ImageDraw.ImageDraw, x: int, y: int, w: int, title: str, note: str = "") -> None:
    """A section header: small-caps title with a rule, and an optional note on the right."""
    T.draw(d, (x, y + 12), title, "serif", 18, (122, 62, 26), anchor="lm")
    tw = T.width(title, "serif", 18)
    nx = x + w
    if note:
        nw = T.width(note, "cond", 14)
        nx = x + w - nw
        T.draw(d, (nx, y + 12), note, "cond", 14, INK_SOFT, anchor="lm")
    d.line((x + tw + 10, y + 13, nx - 10, y + 13), fill=RULE, width=2)


@memo
def _planks(w: int = W) -> Image.Image:
    """A tall wood-plank background, cropped to the height each render needs."""
    img = Image.new("RGB", (w, 4000), WOOD)
    d = ImageDraw.Draw(img)
    for y in range(0, img.height, 38):
        d.line((0, y, img.width, y), fill=WOOD_LINE, width=2)
        d.line((0, y + 1, img.width, y + 1), fill=mix(WOOD, (255, 255, 255), 0.05), width=1)
    return img


def background(h: int, w: int = W) -> Image.Image:
    """A new wood-plank image w x h (a copy: the caller draws on it)."""
    planks = _planks(w)
    if h <= planks.height:
        return planks.crop((0, 0, w, h))
    img = Image.new("RGB", (w, h), WOOD)
    for y in range(0, h, planks.height):
        img.paste(planks, (0, y))
    return img


def _legend_strip() -> Image.Image:
    return _legend_strip_in(current())


@memo
def _legend_strip_in(locale: str) -> Image.Image:
    """The icon legend at the bottom (RGBA, pasted at x = M)."""
    img = Image.new("RGBA", (W - 2 * M + 1, LEGEND_H), (0, 0, 0, 0))
    _legend(img, ImageDraw.Draw(img), 0)
    return img


LABEL_PX, LABEL_MIN_PX = 16, 14  # a track's name: 16 px, down to 14 if it must
LABEL_MIN, LABEL_MAX = 78, 156  # the names' column by the tracks: "DISEASE" .. about 14 capitals


@memo_text
def track_label_w() -> int:
    """The width of the disaster names' column by the tracks in the current language: its longest name
    in one line (at 16 px if it can) and a gap of 6 px, from LABEL_MIN to LABEL_MAX; the rules texts
    right of the tracks get the rest. Longer names wrap between words or are shortened."""
    need = max(T.width(_(DISASTER_NAME[d]).upper(), "condbold", LABEL_PX) for d in DISASTERS)
    return min(LABEL_MAX, max(LABEL_MIN, need + 6))


def track_x0() -> int:
    """Where the track cells start (after the icon and the names)."""
    return RIGHT_X + 44 + track_label_w()


def board() -> Image.Image:
    """The static layer: header band, board frame, section titles, slot income plaques and the
    disaster track frames. Drawn once (per language); every render pastes it."""
    return _board(current())


@memo
def _board(locale: str) -> Image.Image:
    h = BOARD_Y + BOARD_H + 6
    img = background(h)
    d = ImageDraw.Draw(img)
    # header band
    d.rectangle((0, 0, W, HEAD), fill=WOOD_DARK)
    d.line((0, HEAD, W, HEAD), fill=(150, 104, 60), width=3)
    T.draw(d, (M + 4, HEAD // 2), _("PIONEER DAYS"), "serif", 34, CREAM, anchor="lm")
    # board
    bx0, by0, bx1, by1 = M, BOARD_Y, W - M, BOARD_Y + BOARD_H
    d.rounded_rectangle((bx0 - 3, by0 - 3, bx1 + 3, by1 + 3), radius=16, fill=INK)
    d.rounded_rectangle((bx0, by0, bx1, by1), radius=14, fill=PARCHMENT, outline=(150, 104, 60), width=3)
    sep = RIGHT_X - 10
    d.line((sep, by0 + 12, sep, by1 - 12), fill=RULE, width=2)
    section(d, LEFT_X, by0 + Y_TF_TITLE, LEFT_W, _("TOWNSFOLK"),
            _("recruit with a matching die · income over each slot"))
    for i, face in enumerate(FACES):
        x = LEFT_X + i * (CARD_W + 8)
        y = by0 + Y_PLAQUE
        d.rounded_rectangle((x, y, x + CARD_W, y + 40), radius=8, fill=WOOD_DARK)
        label = f"${INCOME[face]}"
        paste(img, face, 32, (x + 8, y + 4))
        room = CARD_W - 46 - T.width(label, "bold", 24) - 16
        fname = _(FACE_NAME[face]).upper()
        fs = next((sz for sz in (15, 14, 13, 12) if T.width(fname, "condbold", sz) <= room), 11)
        fname = T.ellipsize(fname, "condbold", fs, room)
        T.draw(d, (x + 46, y + 21), fname, "condbold", fs, (226, 206, 170), anchor="lm")
        T.draw(d, (x + CARD_W - 10, y + 21), label, "bold", 24, (255, 214, 90), anchor="rm")
        d.polygon([(x + CARD_W / 2 - 7, y + 40), (x + CARD_W / 2 + 7, y + 40), (x + CARD_W / 2, y + 46)],
                  fill=WOOD_DARK)
    section(d, LEFT_X, by0 + Y_EQ_TITLE, LEFT_W, _("EQUIPMENT FOR SALE"), _("take with an Equip action"))
    section(d, RIGHT_X, by0 + Y_DICE_TITLE, RIGHT_W, _("DICE POOL"))
    section(d, RIGHT_X, by0 + Y_TR_TITLE, RIGHT_W, _("DISASTERS"), _("strike at {n}", n=TRACK_END))
    for j, dis in enumerate(DISASTERS):
        y = by0 + Y_TRACKS + j * TRACK_ROW
        colour = TRACK_COLOUR[dis]
        spec = DICE[colour]
        d.rounded_rectangle((RIGHT_X, y, RIGHT_X + RIGHT_W, y + TRACK_ROW - 4), radius=8,
                            fill=mix(spec["fill"], PARCHMENT, 0.82), outline=mix(spec["fill"], INK, 0.3))
        paste(img, dis, 34, (RIGHT_X + 4, y + 3))
        room = track_label_w()
        size, lines = T.fit_label(_(DISASTER_NAME[dis]).upper(), "condbold", LABEL_PX, LABEL_MIN_PX, room - 6)
        if len(lines) == 1:  # the name, and under it the die colour
            T.draw(d, (RIGHT_X + 44, y + 13), lines[0], "condbold", size, INK, anchor="lm")
            T.draw(d, (RIGHT_X + 44, y + 30), T.ellipsize(_(COLOUR_DIE[colour], letter=spec["letter"]), "cond", 12,
                                                          room), "cond", 12, INK_SOFT, anchor="lm")
        else:  # a name in two words takes both lines (the die on the track shows the colour)
            for i, line in enumerate(lines):
                T.draw(d, (RIGHT_X + 44, y + 12 + i * 17), line, "condbold", size, INK, anchor="lm")
        cx0 = track_x0()
        for c in range(TRACK_END + 1):
            x = cx0 + c * (CELL + 4)
            box = (x, y + 5, x + CELL, y + 5 + CELL)
            if c == TRACK_END:
                paste(img, "boom", CELL + 2, (x - 1, y + 4))
            else:
                d.rounded_rectangle(box, radius=6, fill=CREAM, outline=mix(spec["fill"], INK, 0.4), width=2)
                T.draw(d, (x + CELL / 2, y + 5 + CELL / 2), str(c), "cond", 13, EMPTY_LINE, anchor="mm")
        tx = cx0 + (TRACK_END + 1) * (CELL + 4) + 6
        size, lines = T.fit(_(DISASTER_TEXT[dis]), "cond", 14, 11, RIGHT_X + RIGHT_W - tx - 6, 2)
        if lines[-1].endswith(T.ELLIPSIS):  # a long text in a narrow room: three small lines
            size, lines = T.fit(_(DISASTER_TEXT[dis]), "cond", 11, 11, RIGHT_X + RIGHT_W - tx - 6, 3)
        step = round(size * 1.15)
        T.draw_lines(d, (tx, y + (TRACK_ROW - 4) / 2 - step * len(lines) / 2 + 1), lines, "cond", size, INK,
                     spacing=1.15)
    section(d, RIGHT_X, by0 + Y_TOWN_TITLE, RIGHT_W, _("TOWNS THIS WEEK"), _("pay the needs for favors"))
    return img


def _legend(img, d, y) -> None:
    d.rounded_rectangle((0, y, W - 2 * M, y + LEGEND_H - 1), radius=10, fill=PARCHMENT_DARK, outline=INK,
                        width=2)
    items = [("gold", _("gold token (value hidden)")), ("damage", _("damage: -2 VP, covers 2 spaces")),
             ("equip", _("equipment (1 space)")), ("wood", _("wood / medicine: 2 per space")),
             ("favor", _("favor: 2 VP")), ("horseshoe", _("start player")), ("vp", _("VP shown without gold"))]
    x = 14
    for name, label in items:
        paste(img, name, 26, (x, y + 9))
        T.draw(d, (x + 31, y + LEGEND_H / 2 + 1), label, "cond", 15, INK, anchor="lm")
        x += 31 + T.width(label, "cond", 15) + 22


def _header(img, d, s) -> None:
    # week and day with pips
    x = 330
    if not s["week"]:
        T.draw(d, (x, 42), T.ellipsize(_("SETTING UP"), "bold", 22, 360), "bold", 22, CREAM, anchor="lm")
        x += 380
    for label, val, total in ((_("WEEK"), s["week"], 4), (_("DAY"), s["day"], 5)) if s["week"] else ():
        label = T.ellipsize(label, "condbold", 15, 80)
        T.draw(d, (x, 26), label, "condbold", 15, (214, 190, 150), anchor="lm")
        of = T.ellipsize(_("{n} of {total}", n=val, total=total), "bold", 22, 180 - T.width(label, "condbold", 15))
        T.draw(d, (x + T.width(label, "condbold", 15) + 8, 27), of, "bold", 22, CREAM, anchor="lm")
        for i in range(total):
            cx = x + 8 + i * 20
            fill = HIGHLIGHT if i < val else None
            d.ellipse((cx - 6, 56 - 6, cx + 6, 56 + 6), fill=fill, outline=(214, 190, 150), width=2)
        x += 190
    # start player
    start = s["start"]
    T.draw(d, (x, 26), T.ellipsize(_("START PLAYER"), "condbold", 15, 260), "condbold", 15, (214, 190, 150),
           anchor="lm")
    paste(img, "horseshoe", 30, (x, 42))
    player_board.marker(img, start, (x + 36, 42, x + 66, 72))
    name = T.ellipsize(T.player_name(s["players"][start]), "bold", 20, 190)
    T.draw(d, (x + 74, 57), name, "bold", 20, CREAM, anchor="lm")
    # status on the right
    status, seat = _status(s)
    tw = T.width(status, "bold", 22)
    right = W - M
    bw = min(tw + 40 + (40 if seat is not None else 0), W - M - (x + 290))
    status = T.ellipsize(status, "bold", 22, bw - 40 - (40 if seat is not None else 0))
    fill, fg = (player_board.player_text(seat) if seat is not None else (RUST, (255, 255, 255)))
    d.rounded_rectangle((right - bw, 18, right, HEAD - 18), radius=(HEAD - 36) // 2, fill=fill, outline=CREAM,
                        width=3)
    tx = right - bw + 20
    if seat is not None:
        player_board.marker(img, seat, (tx - 6, 24, tx + 30, HEAD - 24))
        tx += 40
    T.draw(d, (tx, HEAD // 2 + 1), status, "bold", 22, fg, anchor="lm")


def _status(s) -> tuple[str, int | None]:
    st = s["stage"]
    if st == "pioneer":
        return _("Choosing pioneers"), None
    if st == "turn":
        p = s["players"][s["turn"]]
        step = STEP_TEXT[s["step"]] if s["step"] in STEP_TEXT else None
        name = T.player_name(p)
        return (_(step, name=name) if step else _("{name} plays", name=name)), s["turn"]
    if st == "disaster":
        dis = s["disasters"][0] if s.get("disasters") else None
        return (_("{disaster} strikes!", disaster=_(DISASTER_NAME[dis])) if dis else _("Disaster!")), None
    if st == "town":
        return _("Visiting the town"), None
    return _("Game over"), None


def _slots(img, d, s, by0) -> None:
    for i, cid in enumerate(s["slots"]):
        x = LEFT_X + i * (CARD_W + 8)
        y = by0 + Y_CARDS
        if cid:
            im = cards.townsfolk(cid, CARD_W, CARD_H)
            img.paste(im, (x, y), im)
        else:
            _empty(d, (x, y, x + CARD_W, y + CARD_H), _("recruited") if s["week"] else "")


def _empty(d, box, label) -> None:
    x0, y0, x1, y1 = box
    d.rounded_rectangle(box, radius=10, fill=EMPTY, outline=EMPTY_LINE, width=2)
    for yy in range(y0 + 10, y1 - 6, 14):  # dashed look
        d.line((x0 + 6, yy, x0 + 6, yy + 6), fill=PARCHMENT, width=2)
    T.draw(d, ((x0 + x1) / 2, (y0 + y1) / 2), label, "cond", 16, mix(EMPTY_LINE, INK, 0.3), anchor="mm")


def _pool(img, d, s, by0) -> None:
    n = len(s["players"])
    pool = s["pool"]
    y = by0 + Y_DICE
    x = RIGHT_X
    for colour, face in pool:
        im = die(colour, face, DIE)
        img.paste(im, (x, y), im)
        x += DIE + 8
    taken = max(0, n + 1 - len(pool)) if s["stage"] == "turn" else 0
    if s["stage"] == "turn" and s.get("die"):
        taken -= 1
    for _k in range(max(0, taken)):
        d.rounded_rectangle((x + 3, y + 3, x + DIE - 3, y + DIE - 3), radius=12, outline=EMPTY_LINE, width=2,
                            fill=EMPTY)
        T.draw(d, (x + DIE / 2, y + DIE / 2), T.ellipsize(_("taken"), "cond", 13, DIE - 8), "cond", 13,
               mix(EMPTY_LINE, INK, 0.3), anchor="mm")
        x += DIE + 8
    if not pool and not taken:
        T.draw(d, (x, y + DIE / 2), _("no dice on the table"), "cond", 16, INK_SOFT, anchor="lm")
    cap = n_("{n} to take", "{n} to take", len(pool)) if pool or taken else ""
    if s["stage"] == "turn" and s.get("die"):
        dd = s["die"]
        ux = RIGHT_X + RIGHT_W - DIE
        im = die(dd["colour"], dd["face"], DIE)
        d.rounded_rectangle((ux - 6, y - 6, ux + DIE + 6, y + DIE + 6), radius=14, fill=HIGHLIGHT,
                            outline=INK, width=2)
        img.paste(im, (ux, y), im)
        who = T.player_name(s["players"][s["turn"]])
        note = _("in use (rolled {face})", face=_(FACE_NAME[dd["rolled"]])) if dd.get("changed") else _("in use")
        T.draw(d, (ux + DIE + 6, y + DIE + 16), note, "condbold", 13, INK, anchor="rm")
        cap += " · " + _("{name} is using a die", name=T.ellipsize(who, "cond", 14, 120))
    bag = len(s["bag"]) if isinstance(s.get("bag"), list) else s.get("bag_count")
    if bag is not None:
        cap += (" · " if cap else "") + n_("{n} die in the bag", "{n} dice in the bag", bag)
    cap = T.ellipsize(cap, "cond", 14, RIGHT_W - (DIE + 20 if s["stage"] == "turn" and s.get("die") else 0))
    T.draw(d, (RIGHT_X, y + DIE + 16), cap, "cond", 14, INK_SOFT, anchor="lm")


def _tracks(img, d, s, by0) -> None:
    active = s["disasters"][0] if s["stage"] == "disaster" and s.get("disasters") else None
    for j, dis in enumerate(DISASTERS):
        y = by0 + Y_TRACKS + j * TRACK_ROW
        colour = TRACK_COLOUR[dis]
        spec = DICE[colour]
        pos = max(0, min(TRACK_END, s["tracks"][dis]))
        if dis == active:
            d.rounded_rectangle((RIGHT_X - 3, y - 3, RIGHT_X + RIGHT_W + 3, y + TRACK_ROW - 1), radius=10,
                                outline=RUST, width=4)
        cx0 = track_x0()
        x = cx0 + pos * (CELL + 4)
        if pos < TRACK_END:
            for c in range(pos):  # the path already travelled
                xx = cx0 + c * (CELL + 4)
                d.rounded_rectangle((xx + 2, y + 7, xx + CELL - 2, y + 3 + CELL), radius=5,
                                    fill=mix(spec["fill"], CREAM, 0.6))
            im = die(colour, None, CELL + 6)
            img.paste(im, (x - 3, y + 2), im)


def _market(img, d, s, by0) -> None:
    y = by0 + Y_TILES
    tiles = s.get("equip_up") or []
    for i, cid in enumerate(tiles[:5]):
        x = LEFT_X + i * (TILE_W + 8)
        im = cards.equipment(cid, TILE_W, TILE_H)
        img.paste(im, (x, y), im)
    if not tiles:
        _empty(d, (LEFT_X, y, LEFT_X + TILE_W, y + TILE_H), _("none left") if s["week"] else "")
    y = by0 + Y_TOWNS
    towns = s.get("towns_up") or []
    tw = min(TOWN_W, (RIGHT_W - 8 * (len(towns) - 1)) // max(1, len(towns)))
    for i, cid in enumerate(towns[:3]):
        x = RIGHT_X + i * (tw + 8)
        im = cards.town(cid, tw, TOWN_H)
        img.paste(im, (x, y), im)
    if not towns:
        _empty(d, (RIGHT_X, y, RIGHT_X + TOWN_W, y + TOWN_H), _("no towns") if s["week"] else "")


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


def render(state: dict, viewer: int | None = None) -> Image.Image:
    # the public view, whoever asks (`viewer` only marks a board): a secret cannot reach this image
    s = engine.view_for(state, None)
    n = len(s["players"])
    layouts = [player_board.Layout(s, i, PANEL_W, 1.0, False) for i in range(n)]
    rows = tuple(max(L.h for L in layouts[r:r + 2]) for r in range(0, n, 2))
    h = BOARD_Y + BOARD_H + 24 + sum(r + PANEL_GAP for r in rows) + LEGEND_H + M - 4
    img = background(h)
    img.paste(board(), (0, 0))
    legend = _legend_strip()
    img.paste(legend, (M, h - M - LEGEND_H), legend)
    d = ImageDraw.Draw(img)
    _header(img, d, s)
    by0 = BOARD_Y
    _slots(img, d, s, by0)
    _pool(img, d, s, by0)
    _tracks(img, d, s, by0)
    _market(img, d, s, by0)
    y = BOARD_Y + BOARD_H + 24
    for r, rh in enumerate(rows):
        for c in range(2):
            seat = r * 2 + c
            if seat >= n:
                break
            x = M + c * (PANEL_W + PANEL_GAP)
            turn = s["stage"] == "turn" and s["turn"] == seat
            player_board.draw(img, x, y, s, seat, PANEL_W, rh, 1.0, False, badges(s, seat, viewer), turn)
        y += rh + PANEL_GAP
    if n == 3:
        _spare(img, d, M + PANEL_W + PANEL_GAP, BOARD_Y + BOARD_H + 24 + rows[0] + PANEL_GAP, rows[1])
    return img


def _spare(img, d, x, y, h) -> None:
    """With three players the fourth board's place shows the scoring reminders."""
    d.rounded_rectangle((x, y, x + PANEL_W, y + h), radius=12, fill=PARCHMENT_DARK, outline=INK, width=2)
    section(d, x + 16, y + 10, PANEL_W - 32, _("SCORING"))
    lines = [("gold", _("1 VP per nugget on your gold tokens")), ("favor", _("2 VP per favor; most favors +5 VP")),
             ("vp", _("townsfolk VP as printed on each card")), ("damage", _("-2 VP per damage token")),
             ("cattle", _("1 VP per cattle at each town visit")), ("silver", _("ties: most silver left wins"))]
    for i, (ic, t) in enumerate(lines):
        yy = y + 50 + i * 36
        if yy + 30 > y + h:
            break
        paste(img, ic, 28, (x + 18, yy))
        T.draw(d, (x + 56, yy + 14), t, "cond", 18, INK, anchor="lm")
