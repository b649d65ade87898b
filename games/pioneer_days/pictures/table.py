"""The Full board: the whole public table at any moment, made for a phone like the day image (day.py):
800 px wide, every text at least 18 px (9 px when shown 400 px wide), everything in one column.

Top to bottom: the week, day and what the table waits for; today's dice (the one in use, the bag) and
what strikes if each colour is the one left; the disaster tracks with what each disaster does; this
week's towns and every equipment tile for sale; the townsfolk for hire; every player's board (their
goods, wagons space by space, townsfolk and equipment); the key to the icons. Gold values are never
read (the state is viewed as a spectator first)."""

from PIL import Image

import games.pioneer_days.rules as engine
from games.pioneer_days.rules.constants import DISASTERS, TRACK_COLOUR
from render import text as T
from render.canvas import Canvas
from render.paletted import Palette

from ..lang import N_, _, n_
from . import day, player_board, rich
from .day import GAP, INNER, PAD, TITLE, M, W, panel, title
from .icons import die, paste
from .style import DICE, HIGHLIGHT, INK, INK_SOFT, PARCHMENT, PARCHMENT_DARK, RULE, background, mix

DISASTER_TEXT = {
    "storm": N_("Each wagon: pay 1 wood or take a damage token (-2 VP)"),
    "raid": N_("Lose half your silver, rounded up"),
    "famine": N_("Pay $1 per cattle while you can; lose the rest"),
    "disease": N_("Each townsfolk: pay 1 medicine or lose it"),
}
FACE_NAME = {"wild": N_("Wild"), "mine": N_("Mine"), "equip": N_("Equip"), "cattle": N_("Cattle"),
             "wood": N_("Wood"), "medicine": N_("Medicine")}
SIZES = range(20, 17, -1)  # body text: 20 px, fitted down to 18
MIN_PX = 18
DIE = day.DIE
BOARD_GAP = GAP + 8  # (room for the highlight around the board of the player to play)
# the key to a board's icons: its row of goods in order, then its wagons' spaces
KEY = (("vp", N_("VP shown without gold")), ("silver", N_("silver")), ("favor", N_("favor: 2 VP")),
       ("cattle", N_("cattle")), ("wood", N_("wood / medicine: 2 per space")), ("medicine", N_("medicine")),
       ("gold", N_("gold token (value hidden)")), ("wagon", N_("space free")), ("equip", N_("equipment (1 space)")),
       ("damage", N_("damage: -2 VP, covers 2 spaces")), ("horseshoe", N_("start player")))
KEY_COL = (INNER - 16) // 2


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


# ---- today's dice ---------------------------------------------------------------------------------
DICE_W = 5 * (DIE + 8) - 8   # the dice (at most five) on the left; what strikes if left, on the right
FC_X = M + PAD + DICE_W + 22
FC_W = W - M - PAD - FC_X


def _in_use(s: dict):
    """(die, (size, lines)) of the die being used this turn, or None."""
    dd = s.get("die") if s["stage"] == "turn" else None
    if not dd:
        return None
    who = T.player_name(s["players"][s["turn"]])
    note = _("in use (rolled {face})", face=_(FACE_NAME[dd["rolled"]])) if dd.get("changed") else _("in use")
    ws = rich.styled([(_("{name} is using a die", name=who) + ":", "condbold", INK), (note, "cond", INK_SOFT)])
    return dd, rich.fit(ws, SIZES, DICE_W, 2)


BAG_LINE = 28


def _bag(s: dict) -> int | None:
    """The dice left in the bag (while there are days to play)."""
    if s["stage"] in ("pioneer", "over"):
        return None
    return len(s["bag"]) if isinstance(s.get("bag"), list) else s.get("bag_count")


def _dice_left_h(s: dict) -> int:
    used = _in_use(s)
    h = TITLE + 4 + DIE + 10 + (BAG_LINE if _bag(s) is not None else 0)
    if used:
        size, lines = used[1]
        h += round(size * 1.22) * len(lines) + 4
    return h


def dice_h(s: dict) -> int:
    fc, last = day.forecast_layout(s, FC_W)
    return 10 + max(_dice_left_h(s), day.forecast_h(fc, last) if fc else 0) + 8


def dice(cv: Canvas, y: int, s: dict) -> None:
    h = dice_h(s)
    panel(cv, y, h)
    x0 = M + PAD
    left = max(0, len(s["pool"]) - 1) if s["stage"] == "turn" else 0
    title(cv, x0, y + 10, DICE_W, _("TODAY'S DICE"), n_("{n} to take", "{n} to take", left) if left else "")
    yy = y + 10 + TITLE + 4
    x = x0
    for colour, face in s["pool"]:
        _die(cv, x, yy, colour, face)
        x += DIE + 8
    used = _in_use(s)
    if used:
        dd, (size, lines) = used
        cv.d.rounded_rectangle((x - 4, yy - 4, x + DIE + 4, yy + DIE + 4), radius=14, fill=HIGHLIGHT, outline=INK,
                               width=2)
        _die(cv, x, yy, dd["colour"], dd["face"])
        rich.draw(cv, x0, yy + DIE + 10, lines, size, round(size * 1.22))
        yy += round(size * 1.22) * len(lines) + 4
    elif not s["pool"]:
        none = _("No more dice: the game is over.") if s["stage"] == "over" else \
            _("None on the table: the next day rolls new dice.")
        size, lines = rich.fit(rich.words(none, "cond", INK_SOFT), SIZES, DICE_W, 2)
        rich.draw(cv, x0, yy + 4, lines, size)
    bag = _bag(s)
    if bag is not None:
        cv.put((x0, yy + DIE + 10 + BAG_LINE // 2), n_("{n} die in the bag", "{n} dice in the bag", bag), "cond",
               MIN_PX, INK_SOFT, DICE_W, MIN_PX)
    fc, last = day.forecast_layout(s, FC_W)
    if fc:
        cv.d.line((FC_X - 11, y + 18, FC_X - 11, y + h - 12), fill=RULE, width=2)
        day.forecast(cv, FC_X, y + 10, FC_W, fc, last)


def _die(cv: Canvas, x: int, y: int, colour: str, face: str) -> None:
    im = die(colour, face, DIE, False)
    cv.img.paste(im, (x, y), im)
    spec = DICE[colour]
    cv.text((x + round(DIE * 0.2), y + round(DIE * 0.2)), spec["letter"], "bold", 19, spec["text"], anchor="mm")


# ---- the disasters: the tracks, and what each does ----------------------------------------------
def _rules_room(tw: int) -> int:
    return INNER - tw - 18


def tracks_h() -> int:
    return 10 + TITLE + 2 + 4 * day.TRACK_ROW + 8


def tracks(cv: Canvas, y: int, s: dict) -> None:
    panel(cv, y, tracks_h())
    x0 = M + PAD
    tw = day.tracks_w()
    day._tracks(cv, x0, y + 10, s, tw)
    tx, room = x0 + tw + 18, _rules_room(tw)
    for j, dis in enumerate(DISASTERS):
        ry = y + 10 + TITLE + 2 + j * day.TRACK_ROW
        spec = DICE[TRACK_COLOUR[dis]]  # the rule on its track's tint: which text goes with which track
        cv.d.rounded_rectangle((tx - 8, ry, x0 + INNER, ry + day.TRACK_ROW - 5), radius=8,
                               fill=mix(spec["fill"], PARCHMENT, 0.88))
        text = _(DISASTER_TEXT[dis])
        size, lines = T.fit(text, "cond", 20, 18, room, 1)
        if lines[-1].endswith(T.ELLIPSIS):  # two lines, then, of the smallest size: they fit the row
            size, lines = T.fit(text, "cond", 18, 18, room, 2)
        step = round(size * 1.05)
        T_y = ry + (day.TRACK_ROW - 5) / 2 - step * len(lines) / 2 - 1
        for i, line in enumerate(lines):
            cv.text((tx, T_y + i * step), line, "cond", size, INK, anchor="la")


# ---- the key ------------------------------------------------------------------------------------
def _key_rows() -> list[tuple[int, list]]:
    """(height, [(icon, (size, lines))]) per row of two entries."""
    fitted = [(icon, T.fit(_(label), "cond", 19, 18, KEY_COL - 40, 2)) for icon, label in KEY]
    rows = []
    for i in range(0, len(fitted), 2):
        pair = fitted[i:i + 2]
        rows.append((max(34, max(round(sz * 1.15) * len(ls) for _ic, (sz, ls) in pair) + 10), pair))
    return rows


def key_h() -> int:
    return 16 + sum(h for h, _p in _key_rows()) + 8


def key(cv: Canvas, y: int) -> None:
    panel(cv, y, key_h(), PARCHMENT_DARK)
    yy = y + 14
    for h, pair in _key_rows():
        for c, (icon, (size, lines)) in enumerate(pair):
            x = M + PAD + c * (KEY_COL + 16)
            paste(cv.img, icon, 28, (x, yy + (h - 28) // 2 - 2))
            step = round(size * 1.15)
            for i, line in enumerate(lines):
                cv.text((x + 38, yy + (h - step * len(lines)) // 2 - 2 + i * step), line, "cond", size, INK,
                        anchor="la")
        yy += h


# ---- the whole image -------------------------------------------------------------------------
def render(state: dict, viewer: int | None = None, track: bool = False, palette: Palette | None = None) -> Image.Image:
    """The Full board; its smallest essential text size (px) is in img.info["min_text_px"] (track=True:
    every text's ink box and frame in img.info["text_boxes"] and each player's board in
    img.info["boards"], for the tests). `viewer` only marks that seat's board as "YOU": the state is the
    spectators' view, so a secret cannot reach this image."""
    s = engine.view_for(state, None)
    st = day.status_layout(s, steps=True)
    boards = [player_board.layout(s, i, False) for i in range(len(s["players"]))]
    week = day.week_h(s, None)
    h = (day.HEAD + GAP + dice_h(s) + GAP + tracks_h() + GAP + (week + GAP if week else 0) + day.hire_h(s)
         + sum(BOARD_GAP + L.h for L in boards) + BOARD_GAP + key_h() + M)
    cv = Canvas(background(h, W, palette), track)
    day.header(cv, s, st)
    y = day.HEAD + GAP
    dice(cv, y, s)
    y += dice_h(s) + GAP
    tracks(cv, y, s)
    y += tracks_h() + GAP
    if week:
        day.week(cv, y, s, None)
        y += week + GAP
    day.hire(cv, y, s)
    y += day.hire_h(s)
    placed = []
    for seat, L in enumerate(boards):
        y += BOARD_GAP
        turn = s["stage"] == "turn" and s["turn"] == seat
        player_board.draw(cv, M, y, s, seat, L, badges(s, seat, viewer), turn)
        placed.append((M, y, M + player_board.W, y + L.h))
        y += L.h
    key(cv, y + BOARD_GAP)
    img = cv.finish()
    if track:
        img.info["text_boxes"] = cv.boxes
        img.info["boards"] = placed
    return img
