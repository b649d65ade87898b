"""Hexholm's pictures (the protocol's Pictures): PNG bytes drawn from views with the kit (render/), 800 px wide
for a phone (shown about 400 px wide: no essential text under 18 px), flat colours.

round: after each turn, the whole board (this turn's settlements outlined), the goals and each player's gold so
far by goal; table: the same, now (for a seat: its name marked); mine: a seat's own view (its next card: only
its own, privately); decision: a crop of the board around a decision's choices, lettered as its buttons; results:
the final board and every category of gold; review: the coach's chart. Pure functions of what the viewer may
see: the public ones never read a hand (the view has none but the viewer's)."""

import builtins
from collections.abc import Sequence

from PIL import Image

import i18n
import render
from render import chart
from render import text as T
from render.canvas import Canvas

from . import picture_board as PB
from . import words
from .lang import _, n_
from .rules import engine as kb
from .rules.board import EDGE as ON_EDGE
from .rules.constants import LOCATIONS, TERRAINS

W = 800
M = 16
MIN = 18
TITLE_H = 60
BG = (236, 231, 218)
PANEL = (252, 250, 245)
PANEL_EDGE = (196, 184, 160)
TITLE_BG = (52, 44, 36)
TITLE_INK = (250, 244, 230)
WIN = (255, 236, 168)
YOU = (255, 214, 64)
INK, INK_SOFT = PB.INK, PB.INK_SOFT
BOARD_W = (W - 2 * M) / 20.5
rounded = builtins.round  # (this module's round() is the protocol's picture)
_EDGE = ON_EDGE


def _palette() -> Image.Image:
    """Our pictures' fixed palette: every flat colour they use and the blends of the texts' ink over what they
    are drawn on (anti-aliased edges), so that png() maps a picture onto it instead of choosing one each time."""
    from render import style
    inks = [INK, INK_SOFT, TITLE_INK, (255, 255, 255), PB.GOLD_DARK, (96, 96, 104), (60, 60, 66)]
    grounds = [BG, PANEL, TITLE_BG, WIN, YOU, (255, 246, 210), PB.LOCATION_FILL, PB.LABEL_BG, *PB.FILL.values(),
               *(p["fill"] for p in style.PLAYERS)]
    flat = [*inks, *grounds, PANEL_EDGE, PB.EDGE, PB.GOLD, (210, 204, 190), (160, 150, 140), (110, 100, 92),
            (50, 44, 40), (40, 34, 30), (235, 245, 255), (245, 245, 245), PB.LABEL_EDGE]
    colours: list[tuple[int, ...]] = list(dict.fromkeys(flat))
    for ink in inks[:3]:
        for ground in grounds:
            for k in range(1, 6):
                t = k / 6
                colours.append(tuple(rounded(a * t + b * (1 - t)) for a, b in zip(ink, ground, strict=True)))
    colours = list(dict.fromkeys(colours))[:256]
    img = Image.new("RGB", (len(colours), 1))
    img.putdata(colours)
    return img.quantize(256, method=Image.Quantize.FASTOCTREE, dither=Image.Dither.NONE)


PALETTE = _palette()


def _png(img: Image.Image) -> bytes:
    return render.png(img, PALETTE)


def _canvas(h: int) -> Canvas:
    return Canvas(Image.new("RGB", (W, h), BG))


def _put(cv: Canvas, xy, text: str, kind: str, size: int, fill, w: int, anchor: str = "lm") -> int:
    return cv.put(xy, text, kind, size, fill, w, MIN, anchor)


def _title(cv: Canvas, title: str, right: str = "") -> None:
    cv.title_band(title, right, TITLE_H, TITLE_BG, TITLE_INK, 28, 300, MIN, M)


def _name(view: dict, seat: int) -> str:
    return T.player_name(view["players"][seat])


def _story(lines: Sequence[str]) -> list[tuple[int, tuple[str, ...]]]:
    out = []
    for raw in list(lines)[:2]:
        text = T.clean(str(raw), "cond")
        if text:
            out.append(T.fit(text, "cond", 22, MIN, W - 2 * M, 2))
    return out


def _story_h(story) -> int:
    return sum(rounded(size * 1.2) * len(ls) for size, ls in story) + (10 if story else 0)


def _draw_story(cv: Canvas, y: int, story) -> int:
    for size, ls in story:
        for line in ls:
            cv.text((M, y), line, "cond", size, INK)
            y += rounded(size * 1.2)
    return y + (10 if story else 0)


def _round_title(view: dict, ended: bool) -> tuple[str, str]:
    """(title, its right part): the turn that just ended (ended=True: the chapter's picture) or the one being
    played."""
    if view["over"] and not ended:
        return _("Hexholm — game over"), ""
    last = view.get("last")
    if ended and last is not None:
        right = _("{name}: {terrain}", name=_name(view, last["seat"]), terrain=words.terrain(last["terrain"]))
        return _("Hexholm — round {n}", n=last["round"]), right
    seat = view["turn"]
    right = _("{name}: {terrain}", name=_name(view, seat), terrain=words.terrain(view["card"])) \
        if view["card"] is not None else _name(view, seat)
    return _("Hexholm — round {n}", n=max(1, view["round"])), right


# ---- the goals and the players' gold ----------------------------------------------------------------
def _goals_h() -> int:
    return 2 * 50 + 16


def _goals(cv: Canvas, y: int, view: dict) -> int:
    """The keeps and the three goals, two to a row: name and what scores."""
    h = _goals_h()
    cv.d.rounded_rectangle((M, y, W - M, y + h - 6), radius=10, fill=PANEL, outline=PANEL_EDGE, width=2)
    keys = ["keeps", *view["goals"]]
    cw = (W - 2 * M - 24) // 2
    for i, key in enumerate(keys):
        x = M + 12 + (i % 2) * (cw + 8)
        yy = y + 8 + (i // 2) * 50
        nw = _put(cv, (x, yy + 12), words.goal(key), "bold", 20, INK, cw)
        del nw
        _put(cv, (x, yy + 36), words.short_goal(key), "cond", MIN, INK_SOFT, cw)
    return h


HEAD_H = 52  # the players' table header: two lines of 18 px


def _players_h(view: dict) -> int:
    return HEAD_H + 48 * len(view["players"]) + 10


def _header(text: str, w: int) -> list[str]:
    """A column's header in at most two lines, broken between words only (a word too long is shortened)."""
    lines: list[str] = []
    for word in text.split():
        if lines and T.width(lines[-1] + " " + word, "cond", MIN) <= w:
            lines[-1] += " " + word
        else:
            lines.append(word)
    if len(lines) == 1 and T.width(lines[0], "cond", MIN) > w:  # one long word: broken with a hyphen
        word = lines[0]
        fit = [k for k in range(3, len(word) - 2) if T.width(word[:k] + "-", "cond", MIN) <= w]
        if fit:
            lines = [word[:fit[-1]] + "-", word[fit[-1]:]]
    if len(lines) > 2:
        lines = [lines[0], " ".join(lines[1:])]
    return [T.ellipsize(x, "cond", MIN, w) if T.width(x, "cond", MIN) > w else x for x in lines]


def _players(cv: Canvas, y: int, view: dict, viewer: int | None, final: bool = False) -> int:
    """Each player: their shape, name, settlements left and tiles; gold so far by category and the total."""
    golds = kb.gold_now(view) if not final else [r["scores"] for r in sorted(view["result"],
                                                                             key=lambda r: r["seat"])]
    h = _players_h(view)
    d = cv.d
    d.rounded_rectangle((M, y, W - M, y + h - 6), radius=10, fill=PANEL, outline=PANEL_EDGE, width=2)
    keys = ["keeps", *view["goals"]]
    col = 118
    x_total = W - M - 84
    x_cats = [x_total - col * (len(keys) - i) for i in range(len(keys))]
    name_w = x_cats[0] - M - 60
    hy = y + HEAD_H // 2 + 2
    _put(cv, (M + 12, hy), _("Player"), "cond", MIN, INK_SOFT, name_w + 40)
    step = rounded(MIN * 1.15)
    for x, key in zip(x_cats, keys, strict=True):  # a goal's name, in up to two lines
        lines = _header(words.goal(key), col - 6)
        top = hy - (len(lines) * step) // 2
        for i, line in enumerate(lines):
            cv.text((x + col // 2, top + i * step), line, "cond", MIN, INK_SOFT, anchor="ma")
    _put(cv, (x_total + 42, hy), _("Gold"), "condbold", MIN, INK, 80, anchor="mm")
    yy = y + HEAD_H
    top_gold = max(sum(g.values()) for g in golds)
    for p in view["players"]:
        s = p["seat"]
        g = golds[s]
        total = sum(g.values())
        cy = yy + 24
        if final and total == top_gold:
            d.rectangle((M + 3, yy, W - M - 3, yy + 47), fill=WIN)
        elif s == viewer:
            d.rectangle((M + 3, yy, W - M - 3, yy + 47), fill=(255, 246, 210))
        if not view["over"] and s == view["turn"]:
            d.polygon([(M + 6, cy - 8), (M + 16, cy), (M + 6, cy + 8)], fill=INK)
        PB.settlement(d, s, M + 36, cy, 20)
        name = _name(view, s) + (" " + _("(you)") if s == viewer else "")
        _put(cv, (M + 56, cy - 8), name, "bold", 20, INK, name_w)
        tiles = ", ".join(PB.location_mark(t["kind"]) for t in p["tiles"])
        line = n_("{n} left", "{n} left", p["left"]) + (" · " + tiles if tiles else "")
        _put(cv, (M + 56, cy + 13), line, "cond", MIN, INK_SOFT, name_w)
        for x, key in zip(x_cats, keys, strict=True):
            cv.text((x + col // 2, cy), str(g.get(key, 0)), "cond", 22, INK, anchor="mm")
        cv.text((x_total + 42, cy), str(total), "bold", 26, INK, anchor="mm")
        yy += 48
    return h


def _legend_h() -> int:
    return 86


def _legend(cv: Canvas, y: int, view: dict) -> int:
    """The terrains' colours and this board's locations (their marks, names and tiles left in all)."""
    d = cv.d
    x = M + 4
    step = (W - 2 * M) // 7
    kinds7 = (*TERRAINS, "w", "m")
    wide = [25 + T.width(words.terrain(t), "cond", MIN) + 10 for t in kinds7]
    spare = (W - 2 * M - 4 - sum(wide)) // 6  # (each name whole where the seven fit, else columns alike)
    for t, tw in zip(kinds7, wide, strict=True):
        d.rounded_rectangle((x, y + 8, x + 20, y + 28), radius=5, fill=PB.FILL[t], outline=PB.EDGE, width=2)
        _put(cv, (x + 25, y + 18), words.terrain(t), "cond", MIN, INK, tw - 31 if spare >= 0 else step - 33)
        x += tw + spare if spare >= 0 else step
    kinds = [k for k in LOCATIONS if any(loc["kind"] == k for loc in view["locations"])]
    x = M + 4
    step = (W - 2 * M) // max(1, len(kinds) + 1)
    for k in kinds:
        mw = _put(cv, (x, y + 58), PB.location_mark(k), "condbold", MIN, INK, 40)
        _put(cv, (x + mw + 6, y + 58), words.location(k), "cond", MIN, INK, step - mw - 12)
        x += step
    PB.tower(d, x + 14, y + 58, 16)
    _put(cv, (x + 34, y + 58), words.terrain("k"), "condbold", MIN, INK, step - 38)
    return _legend_h()


def _board_h() -> int:
    return PB.whole(BOARD_W).height


def _board(cv: Canvas, y: int, view: dict, ring: Sequence[int] = ()) -> int:
    g = PB.whole(BOARD_W)
    g.x0, g.y0 = M, y
    PB.draw(cv, g, view, (), ring, i18n.current(), BG)
    return g.height


def _full(view: dict, viewer: int | None, lines: Sequence[str], title: str, right: str,
          ring: Sequence[int] = (), final: bool = False) -> Image.Image:
    story = _story(lines)
    h = TITLE_H + 10 + _story_h(story) + _board_h() + 8 + _legend_h() + _goals_h() + _players_h(view) + M
    cv = _canvas(h)
    _title(cv, title, right)
    y = _draw_story(cv, TITLE_H + 10, story)
    y += _board(cv, y, view, ring) + 8
    y += _legend(cv, y, view)
    y += _goals(cv, y, view)
    _players(cv, y, view, viewer, final)
    return cv.finish()


def round(view: dict, lines: Sequence[str] = ()) -> bytes:  # noqa: A001  (the protocol's name)
    """After a turn: the board with the turn's settlements outlined, the goals and the gold so far."""
    title, right = _round_title(view, True)
    ring = (view.get("last") or {}).get("placed") or []
    return _png(_full(view, None, lines, title, right, ring))


def table(view: dict, viewer: int | None = None) -> bytes:
    title, right = _round_title(view, False)
    return _png(_full(view, viewer, (), title, right, view.get("placed") or []))


def mine(view: dict, seat: int) -> bytes:
    """A seat's own view: the board, its next card (only it sees this), its tiles and its gold."""
    p = view["players"][seat]
    bits = []
    if p["hand"] is not None:
        bits.append(_("Your next terrain: {terrain}", terrain=words.terrain(p["hand"])))
    elif not view["over"] and view["turn"] == seat and view["card"] is not None:
        bits.append(_("Your terrain this turn: {terrain}", terrain=words.terrain(view["card"])))
    title = _("Hexholm — {name}", name=_name(view, seat))
    return _png(_full(view, seat, bits, title, "", view.get("placed") or [], view["over"]))


def results(view: dict) -> bytes:
    title = _("Hexholm — game over")
    winners = [r["seat"] for r in view["result"] if r["winner"]]
    line = _("Winner: {names}", names=", ".join(_name(view, s) for s in winners)) if len(winners) == 1 else \
        _("Shared victory: {names}", names=", ".join(_name(view, s) for s in winners))
    return _png(_full(view, None, [line], title, "", (), final=True))


def replay(record) -> bytes:
    """The game of a record replayed: the whole board after each round (a frame a turn, the host's default, is
    fifty frames of nearly the same board), then the results; an animated WebP."""
    import io

    from engine import chapters, effective, registry, views
    from render import animation
    from render.named import FRAME_MS, LAST_MS
    game = registry.find(str(record.get("game")))
    if game is None:
        raise LookupError(f"no game {record.get('game')!r} to replay")
    rules, show = game.rules, game.show
    state, events = rules.new_game(record["config"], record["seed"])
    names = [str(n) for n in record.get("names") or ()]
    story: list = []
    shots: list[tuple[bytes, int]] = []
    for action in effective(record["actions"]):
        r = rules.apply(state, action)
        if not r.ok:
            raise ValueError(f"the record does not replay at {action!r}: {r.reason}")
        story += [rules.public_event(e, None) for e in r.events]
        ended = r.state["round"] != state["round"] or (r.state["over"] and not state["over"])
        state = r.state
        if ended:
            lines = chapters.headlines(show, story, names) if names else []
            shots.append((round(*views.round_args(game, state, lines)), FRAME_MS))
            story = []
    shots.append((results(*views.results_args(game, state)), LAST_MS))
    frames = []
    for png, ms in shots:
        img = Image.open(io.BytesIO(png))
        img.load()
        if render.glyphs.KEY in img.info:
            img.info[render.glyphs.KEY] = render.glyphs.decode(img.info[render.glyphs.KEY])
        frames.append((img, ms))
    return animation.webp(frames, frames[0][0].width, frames[0][0].getpixel((0, 0)))


# ---- a decision's crop ----------------------------------------------------------------------------
def decision(view: dict, seat: int, labels: Sequence[Sequence], heading: str = "", focus: Sequence[int] = (),
             asked: bool = False) -> bytes:
    """The board around a decision's choices, lettered as its buttons (labels: [hex, text]); `focus`: more
    hexes to keep in the window (a settlement to move); `asked`: the coach's question of a past turn."""
    hexes = [int(h) for h, _t in labels] + [int(h) for h in focus]
    g = PB.window(hexes, W - 2 * M, 72.0)
    head = TITLE_H
    story = _story([heading]) if heading else []
    top = head + 8 + _story_h(story)
    cv = _canvas(top + g.height + 8 + _legend_h() + M)
    title = _("What would you do, {name}?", name=_name(view, seat)) if asked else \
        _("Your choices, {name}", name=_name(view, seat))
    right = words.terrain(view["card"]) if view["card"] is not None else ""
    _title(cv, title, right)
    _draw_story(cv, head + 8, story)
    g.x0, g.y0 = M + (W - 2 * M - g.width) / 2, top
    PB.draw(cv, g, view, [(int(h), str(t)) for h, t in labels], list(focus), i18n.current(), BG)
    _legend(cv, top + g.height + 8, view)
    return _png(cv.finish())


# ---- the coach's chart -------------------------------------------------------------------------------
LOOK = chart.Look(ink=INK, soft=INK_SOFT, grid=PANEL_EDGE, pin=YOU, pin_edge=INK, pin_text=INK)


def review(players: list[dict], curve: list[dict], seat: int, marks: list) -> bytes:
    """Every player's gold after each round, the reviewed player's line thick, their costliest turns pinned."""
    h = 520
    cv = _canvas(h)
    _title(cv, _("Your game, round by round"))
    cv.d.rounded_rectangle((M, TITLE_H + 8, W - M, h - M), radius=14, fill=PANEL, outline=PANEL_EDGE, width=2)
    chart.legend(cv, M + 16, TITLE_H + 8 + 24, W - 2 * M - 32, players, seat, [T.player_name(p) for p in players],
                 LOOK, MIN)
    groups = [chart.Group(i, i, str(c["round"])) for i, c in enumerate(curve)]  # (rounds by number)
    plot = (78, TITLE_H + 44 + 34, W - M - 26, h - 60)
    chart.draw(cv, plot, [c["vp"] for c in curve], seat, groups, _("gold"), marks, LOOK, MIN)
    return _png(cv.finish())
