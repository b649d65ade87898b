"""Courtyards' pictures (the protocol's Pictures): PNG bytes drawn with the kit (render/), 800 px wide for a
phone (shown about 400 px wide: no essential text under 18 px), flat colours on sand.

table: the market (its four slots numbered, each tile's price and walls, the slot's currency), the money
display, the scores, the next scoring card's window and every palace small; round: after a scoring round its
table (each kind's counts and points, the walls), else the table; mine: a seat's own view (its money by
currency, its palace large, its reserve) with the market; decision: mine with the spots of a choice numbered
on the palace; results: the whole game by category and by scoring round. Every picture is drawn from a view
only: a public picture shows card counts, never a hand."""

from collections.abc import Sequence

from PIL import Image

import render
from render import text as T
from render.canvas import Canvas

from . import words
from .lang import _
from .rules import engine as cy
from .rules import knowledge
from .rules import palace as geo
from .rules.constants import KINDS, MARKET, WELL

W = 800
SAND, INK, PAPER, FAINT, LINE = (240, 230, 208), (40, 34, 30), (252, 248, 238), (120, 110, 96), (200, 188, 164)
WALL, WELL_BLUE, GOLD = (70, 52, 40), (90, 150, 210), (250, 214, 90)
TXT = 18  # the smallest essential text (18 px on 800 px: 9 px at 400)


def _name(view: dict, s: int) -> str:
    return T.player_name({"name": str(view["config"]["names"][s]), "seat": s})


def _story(lines: Sequence[str]) -> list[str]:
    """Up to two lines of what happened, as the fonts draw them: no markdown, no emoji (empty boxes)."""
    out = [T.clean(str(x).replace("**", ""), "cond") for x in list(lines)[:2]]
    return [x for x in out if x]


def _tile(cv: Canvas, x: float, y: float, c: float, t: int, label: bool = True) -> None:
    """A tile (or the Well) as a c-px square at (x, y): its kind's colour, its walls as thick bars."""
    d = cv.d
    if t == WELL:
        d.rectangle((x, y, x + c, y + c), fill=PAPER, outline=LINE)
        r = c * 0.3
        d.ellipse((x + c / 2 - r, y + c / 2 - r, x + c / 2 + r, y + c / 2 + r), fill=WELL_BLUE)
        return
    k = geo.KIND[t]
    d.rectangle((x, y, x + c, y + c), fill=words.KIND_COLOURS[k], outline=PAPER)
    if label and c >= 40:
        cv.text((x + c / 2, y + c / 2), words.mark(k), "bold", TXT, INK, anchor="mm")
    m = geo.mask(t)
    b = max(3, int(c / 9))
    if m & 1:
        d.rectangle((x, y, x + c, y + b), fill=WALL)
    if m & 2:
        d.rectangle((x + c - b, y, x + c, y + c), fill=WALL)
    if m & 4:
        d.rectangle((x, y + c - b, x + c, y + c), fill=WALL)
    if m & 8:
        d.rectangle((x, y, x + b, y + c), fill=WALL)


def _palace(cv: Canvas, view: dict, s: int, box: tuple[int, int, int, int], cap: int,
            numbered: Sequence[Sequence] = ()) -> None:
    """Seat s's palace fitted into the box (x0, y0, x1, y1), cells at most `cap` px; numbered spots
    [[x, y, label]] as badges (empty spots dashed)."""
    cells = view["palaces"][s]
    pts = [(int(c[0]), int(c[1])) for c in cells] + [(int(n[0]), int(n[1])) for n in numbered]
    xs, ys = [p[0] for p in pts], [p[1] for p in pts]
    cols, rows = max(xs) - min(xs) + 1, max(ys) - min(ys) + 1
    x0, y0, x1, y1 = box
    c = max(8, min(cap, (x1 - x0) // cols, (y1 - y0) // rows))
    ox = x0 + ((x1 - x0) - cols * c) / 2 - min(xs) * c
    oy = y0 + ((y1 - y0) - rows * c) / 2 - min(ys) * c
    for x, y, t in cells:
        _tile(cv, ox + x * c, oy + y * c, c, int(t))
    for x, y, label in numbered:
        px, py = ox + int(x) * c, oy + int(y) * c
        if (int(x), int(y)) not in {(int(q[0]), int(q[1])) for q in cells}:
            cv.d.rectangle((px + 2, py + 2, px + c - 2, py + c - 2), outline=FAINT, width=2)
        r = max(TXT * 0.75, c * 0.32)
        cv.d.ellipse((px + c / 2 - r, py + c / 2 - r, px + c / 2 + r, py + c / 2 + r), fill=GOLD, outline=INK,
                     width=2)
        cv.text((px + c / 2, py + c / 2), str(label), "condbold", max(TXT, int(r * 1.1)), INK, anchor="mm")


def _card(cv: Canvas, x: float, y: float, w: float, h: float, card: int) -> None:
    cur = card // 10
    cv.d.rounded_rectangle((x, y, x + w, y + h), radius=8, fill=words.CURRENCY_COLOURS[cur], outline=INK, width=2)
    cv.text((x + w / 2, y + h * 0.42), str(card % 10), "bold", 34, PAPER, anchor="mm")
    cv.put((x + w / 2, y + h - 14), words.currency(cur), "cond", TXT, PAPER, int(w - 4), TXT, "mm")


def _market(cv: Canvas, view: dict, y: int) -> int:
    """The money display (left) and the market's four slots, numbered (right); returns the bottom."""
    cv.text((16, y), _("Money shown"), "condbold", 20, INK)
    cv.text((392, y), _("Buildings for sale"), "condbold", 20, INK)
    y += 28
    for i, card in enumerate(view["display"]):
        _card(cv, 12 + i * 93, y, 88, 112, int(card))
    for slot in range(MARKET):
        x = 392 + slot * 102
        cur = words.CURRENCY_COLOURS[slot]
        cv.d.rounded_rectangle((x, y, x + 96, y + 150), radius=8, fill=PAPER, outline=cur, width=4)
        cv.text((x + 12, y + 14), str(slot + 1), "bold", 22, INK, anchor="mm")
        t = view["market"][slot]
        if t is not None:
            _tile(cv, x + 24, y + 6, 64, int(t))
            cv.text((x + 48, y + 92), str(geo.PRICE[int(t)]), "bold", 24, INK, anchor="mm")
        cv.d.rectangle((x + 4, y + 112, x + 92, y + 146), fill=cur)
        cv.put((x + 48, y + 129), words.currency(slot), "condbold", TXT, PAPER, 86, TXT, "mm")
    return y + 158


def _scoring_line(view: dict) -> str:
    left = knowledge.scoring_left(view)
    size = view["deck_size"] if view.get("deck_size") is not None else len(view["deck"] or [])
    if view["stage"] == "over":
        return _("The game is over.")
    if not left:
        return _("Deck {n} · both scoring cards are out: the last scoring comes at the end.", n=size)
    lo, hi = left[0]
    return _("Deck {n} · scoring round {round} after {lo}-{hi} more money cards.", n=size,
             round=int(view["scored"]) + 1, lo=lo, hi=hi)


def _legend(cv: Canvas, y: int) -> int:
    x = 16
    for k in range(len(KINDS)):
        name = words.kind(k)
        cv.d.rectangle((x, y + 4, x + 20, y + 24), fill=words.KIND_COLOURS[k], outline=INK)
        x += 26
        x += cv.put((x, y + 14), name, "cond", TXT, INK, 100, TXT) + 14
    return y + 32


def _band(cv: Canvas, title: str, right: str) -> None:
    cv.title_band(title, right, 52, (90, 64, 44), PAPER, 26, 300, TXT)


def _sizes(view: dict) -> list[int]:
    return [int(n) for n in view["hand_sizes"]] if view.get("hand_sizes") else [len(h or []) for h in view["hands"]]


def table_image(view: dict, viewer: int | None = None, lines: Sequence[str] = ()) -> Image.Image:
    n = len(view["palaces"])
    cols = min(n, 3)
    rows = (n + cols - 1) // cols
    box_h = 250
    story = _story(lines)
    h = 52 + 34 * len(story) + 190 + 34 + rows * box_h + 44
    cv = Canvas(Image.new("RGB", (W, h), SAND))
    turn = view["turns"]
    _band(cv, _("Courtyards — turn {n}", n=turn), _("Bag: {n} buildings", n=view.get("bag_size", 0)))
    y = 60
    for line in story:
        cv.put((16, y + 12), line, "cond", 22, INK, W - 32, TXT)
        y += 34
    y = _market(cv, view, y)
    cv.put((16, y + 14), _scoring_line(view), "cond", 20, INK, W - 32, TXT)
    y += 34
    bw = W // cols
    sizes = _sizes(view)
    for s in range(n):
        bx, by = (s % cols) * bw, y + (s // cols) * box_h
        mover = view["turn"] == s
        cv.d.rounded_rectangle((bx + 4, by + 2, bx + bw - 4, by + box_h - 6), radius=10,
                               fill=(255, 244, 200) if mover else PAPER, outline=INK if mover else LINE,
                               width=3 if mover else 1)
        pw = cv.put((bx + bw - 12, by + 18), words.points(view["score"][s]), "condbold", 20, INK, bw // 2, TXT,
                    "rm")
        cv.put((bx + 12, by + 18), f"{_name(view, s)}{' ◀' if viewer == s else ''}", "condbold", 20, INK,
               bw - 32 - pw, TXT)
        cv.put((bx + 12, by + 42), words.holding(sizes[s], len(view["reserves"][s])), "cond", TXT, INK, bw - 24,
               TXT)
        _palace(cv, view, s, (bx + 10, by + 58, bx + bw - 10, by + box_h - 12), 40)
    _legend(cv, y + rows * box_h + 6)
    return cv.finish()


def table(view: dict, viewer: int | None = None) -> bytes:
    """The table now: the market and the money shown, the scores, every palace (the viewer's marked)."""
    return render.png(table_image(view, viewer))


def mine_image(view: dict, seat: int, numbered: Sequence[Sequence] = (), note: str = "",
               tile: int | None = None) -> Image.Image:
    reserve = list(view["reserves"][seat])
    res_rows = (len(reserve) + 11) // 12
    h = 52 + 190 + 40 + 470 + (44 + res_rows * 62 if reserve else 0) + (40 if note else 0) + 40
    cv = Canvas(Image.new("RGB", (W, h), SAND))
    _band(cv, _("{name}'s palace", name=_name(view, seat)),
          words.points(view["score"][seat]) + " · "
          + _("wall {w}", w=geo.wall_length(geo.grid_of(view["palaces"][seat]))))
    y = _market(cv, view, 60)
    hand = view["hands"][seat]
    money = words.hand(hand) if hand is not None else ""
    cv.put((16, y + 16), _("Your money: {money}", money=money), "condbold", 20, INK, W - 32, TXT)
    y += 40
    if note:
        pending = cy.pending(view) if tile is None else tile
        w = cv.put((16, y + 14), note, "cond", 20, INK, W - 100, TXT)
        if pending is not None:
            _tile(cv, 28 + w, y - 4, 36, pending, label=False)
        y += 40
    _palace(cv, view, seat, (16, y, W - 16, y + 460), 72, numbered)
    y += 470
    if reserve:
        cv.text((16, y + 8), _("Reserve"), "condbold", 20, INK)
        y += 36
        for i, t in enumerate(reserve):
            _tile(cv, 16 + (i % 12) * 64, y + (i // 12) * 62, 56, int(t))
        y += res_rows * 62
    _legend(cv, y + 4)
    return cv.finish()


def mine(view: dict, seat: int) -> bytes:
    """A seat's own view: its money by currency, its palace large, its reserve, and the market."""
    return render.png(mine_image(view, seat))


def decision(view: dict, seat: int, numbered: Sequence[Sequence] = (), note: str = "",
             tile: int | None = None) -> bytes:
    """mine, with each [x, y, label] of `numbered` a badge on its spot of the palace; `note` above it with
    the tile being placed (the pending one, else `tile`: a redesign's)."""
    return render.png(mine_image(view, seat, numbered, note, tile))


def scoring_image(view: dict, rec: dict, lines: Sequence[str] = ()) -> Image.Image:
    n = len(view["palaces"])
    neutral = len(rec["kinds"][0]["counts"]) > n
    cols = n + (1 if neutral else 0)
    story = _story(lines)
    h = 52 + 34 * len(story) + 44 + 40 * (len(KINDS) + 3) + 20
    cv = Canvas(Image.new("RGB", (W, h), SAND))
    _band(cv, _("Scoring round {n}", n=rec["round"]), "")
    y = 60
    for line in story:
        cv.put((16, y + 12), line, "cond", 22, INK, W - 32, TXT)
        y += 34
    x0 = 200
    cw = (W - x0 - 10) // cols
    heads = [_name(view, s) for s in range(n)] + ([_("Steward")] if neutral else [])
    for i, name in enumerate(heads):
        cv.put((x0 + i * cw + cw / 2, y + 16), name, "condbold", 20, INK, cw - 8, TXT, "mm")
    y += 40
    for k in range(len(KINDS)):
        row = rec["kinds"][k]
        cv.d.rectangle((10, y, W - 10, y + 36), fill=PAPER if k % 2 else SAND)
        cv.d.rectangle((16, y + 8, 36, y + 28), fill=words.KIND_COLOURS[k], outline=INK)
        cv.put((44, y + 18), words.kind(k), "cond", 20, INK, x0 - 50, TXT)
        for i in range(cols):
            cnt = row["counts"][i]
            pts = row["points"][i] if i < len(row["points"]) else 0
            text = f"{cnt}" + (f"  +{pts}" if pts else "")
            cv.text((x0 + i * cw + cw / 2, y + 18), text, "condbold" if pts else "cond", 20, INK, anchor="mm")
        y += 40
    cv.put((44, y + 18), _("Longest wall"), "cond", 20, INK, x0 - 50, TXT)
    for s in range(n):
        cv.text((x0 + s * cw + cw / 2, y + 18), f"{rec['walls'][s]}  +{rec['walls'][s]}", "condbold", 20, INK,
                anchor="mm")
    y += 40
    cv.put((44, y + 18), _("This round"), "condbold", 20, INK, x0 - 50, TXT)
    for s in range(n):
        cv.text((x0 + s * cw + cw / 2, y + 18), f"+{rec['gained'][s]}", "condbold", 20, INK, anchor="mm")
    y += 40
    _totals(cv, y, x0, cw, rec["totals"])
    return cv.finish()


def _totals(cv: Canvas, y: int, x0: int, cw: int, totals: Sequence[int]) -> None:
    """The row of totals under a table of points, the best in red."""
    cv.put((44, y + 18), _("Total"), "condbold", 22, INK, x0 - 50, TXT)
    best = max(totals)
    for s, tot in enumerate(totals):
        cv.text((x0 + s * cw + cw / 2, y + 18), str(tot), "bold", 22, (150, 40, 30) if tot == best else INK,
                anchor="mm")


def _fresh(view: dict) -> dict | None:
    recs = view["scorings"]
    if recs and int(recs[-1].get("at", -1)) == int(view["moves"]):
        return dict(recs[-1])
    return None


def round(view: dict, lines: Sequence[str] = ()) -> bytes:  # noqa: A001  (the protocol's name)
    """After a chapter: the scoring round just played (each kind's ranks, the walls, the totals), else the
    table as everyone sees it; `lines` (up to 2) under the title."""
    rec = _fresh(view)
    if rec is not None:
        return render.png(scoring_image(view, rec, lines))
    return render.png(table_image(view, None, lines))


def results_image(view: dict) -> Image.Image:
    """The whole game's points by category (each kind, the walls), each scoring round's gain and the totals."""
    n = len(view["palaces"])
    recs = list(view["scorings"])
    h = 52 + 44 + 40 * (len(KINDS) + 2 + len(recs)) + 20
    cv = Canvas(Image.new("RGB", (W, h), SAND))
    _band(cv, _("Courtyards — final scores"), "")
    y = 60
    x0 = 200
    cw = (W - x0 - 10) // n
    for s in range(n):
        cv.put((x0 + s * cw + cw / 2, y + 16), _name(view, s), "condbold", 20, INK, cw - 8, TXT, "mm")
    y += 40
    rows: list[tuple[str, int | None, list]] = [(words.kind(k), k, [c["kinds"][k] for c in view["cats"]])
                                                 for k in range(len(KINDS))]
    rows.append((_("Longest wall"), None, [c["walls"] for c in view["cats"]]))
    rows += [(_("Scoring round {n}", n=r["round"]), None, list(r["gained"])) for r in recs]
    for i, (label, k, pts) in enumerate(rows):
        cv.d.rectangle((10, y, W - 10, y + 36), fill=PAPER if i % 2 else SAND)
        if k is not None:
            cv.d.rectangle((16, y + 8, 36, y + 28), fill=words.KIND_COLOURS[k], outline=INK)
        cv.put((44, y + 18), label, "cond", 20, INK, x0 - 50, TXT)
        for s in range(n):
            cv.text((x0 + s * cw + cw / 2, y + 18), f"+{pts[s]}" if pts[s] else "0", "condbold" if pts[s] else "cond",
                    20, INK, anchor="mm")
        y += 40
    _totals(cv, y, x0, cw, view["score"])
    return cv.finish()


def results(view: dict) -> bytes:
    """After the game: the points of the whole game by category and by scoring round, and the totals."""
    return render.png(results_image(view))
