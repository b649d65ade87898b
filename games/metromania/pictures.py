"""Undergrounders' pictures, drawn from views (render/): the city with every line, station and marker (the
round's picture and the table), a decision's city with its candidates numbered like its buttons, and the
results: the city with the trips' fastest routes and a table of who scored what. 800 px wide, every text
at least 18 px (9 px on a phone's 400)."""

import math

from PIL import Image

import render
from render import glyphs
from render import text as T
from render.canvas import Canvas
from render.style import INK, PLAYERS

from .lang import _
from .rules.city import END, LAKE, PARK, START, city
from .rules.constants import KINDS, LETTERS, LINES, PARK_POINTS, TRIP_POINTS
from .rules.engine import station_touch

W = 800
PAPER = (246, 242, 232)
PLAIN = (226, 222, 212)
GRID = (200, 194, 182)
AREA = {"R": (250, 222, 140), "C": (170, 214, 236), "E": (236, 178, 206)}
PARK_C, LAKE_C = (132, 190, 120), (92, 150, 210)
ROUTE = (255, 214, 0)
TOP = 60
MIN = 18


def _geom(n: int, top: int) -> tuple[float, float, float]:
    u = (W - 40) / (2 * n)
    return u, W / 2, top + n * math.sqrt(3) / 2 * u + 10


def _xy(p: tuple[float, float], u: float, cx: float, cy: float) -> tuple[float, float]:
    return cx + p[0] * u, cy - p[1] * u


def _kind_icon(d, kind: str, x: float, y: float, r: float) -> None:
    if kind == "R":  # a house
        d.polygon([(x - r, y), (x, y - r), (x + r, y), (x + r * 0.7, y), (x + r * 0.7, y + r * 0.8),
                   (x - r * 0.7, y + r * 0.8), (x - r * 0.7, y)], fill=INK)
    elif kind == "C":  # a shop's awning: a square
        d.rectangle((x - r * 0.8, y - r * 0.6, x + r * 0.8, y + r * 0.8), fill=INK)
        d.rectangle((x - r * 0.4, y - r * 0.1, x + r * 0.4, y + r * 0.8), fill=AREA["C"])
    else:  # a star
        pts = []
        for k in range(10):
            a = math.pi / 2 + k * math.pi / 5
            rr = r if k % 2 == 0 else r * 0.45
            pts.append((x + rr * math.cos(a), y - rr * math.sin(a)))
        d.polygon(pts, fill=INK)


def _city(cv: Canvas, view: dict, top: int, routes: list | None = None,
          at: tuple[float, float, float] | None = None) -> tuple[float, float, float]:
    """The city, its lines, stations and markers; `at`: another scale and place (u, cx, cy: a crop's)."""
    c = city(view["city"])
    g = c.g
    u, cx, cy = at or _geom(g.n, top)
    d = cv.d
    occ = view["occ"]
    for k in range(g.count):
        poly = [_xy(g.point_xy(p), u, cx, cy) for p in g.corners[k]]
        kd = c.kind[k]
        fill = AREA.get(kd, PARK_C if kd == PARK else LAKE_C if kd == LAKE else PLAIN)
        if occ[k] >= 0:
            fill = PLAYERS[occ[k] // LINES]["tint"]
        d.polygon(poly, fill=fill, outline=GRID)
        x, y = _xy(g.centre(k), u, cx, cy)
        if kd in KINDS and occ[k] < 0:
            _kind_icon(d, kd, x, y, u * 0.16)
        elif kd in (START, END):
            # an arrow: white pointing in (a start), black pointing out (an end)
            ex, ey = _xy(g.side_middle(g.edge_side[k]), u, cx, cy)
            vx, vy = (x - ex), (y - ey)
            ln = math.hypot(vx, vy) or 1
            vx, vy = vx / ln, vy / ln
            if kd == END:
                vx, vy = -vx, -vy
            r = u * 0.17
            tip = (x + vx * r, y + vy * r)
            a = (x - vx * r - vy * r * 0.8, y - vy * r + vx * r * 0.8)
            b = (x - vx * r + vy * r * 0.8, y - vy * r - vx * r * 0.8)
            d.polygon([tip, a, b], fill=(255, 255, 255) if kd == START else INK, outline=INK)
    # the trips' fastest routes, under the lines
    sts = view["stations"]
    pos = [_station_xy(g, st, u, cx, cy) for st in sts]
    for hop in routes or []:
        a, b = hop[0], hop[1]
        d.line([pos[a], pos[b]], fill=ROUTE, width=int(u * 0.34))
    # the lines: solid (0) and striped (1), through the cells' centres
    for lid, line in enumerate(view["lines"]):
        pts = [_xy(g.centre(k), u, cx, cy) for k in line["cells"]]
        col = PLAYERS[lid // LINES]["fill"]
        w = int(u * 0.16)
        if len(pts) >= 2:
            d.line(pts, fill=INK, width=w + 4, joint="curve")
            d.line(pts, fill=col, width=w, joint="curve")
            if lid % LINES == 1:  # striped: white dashes along it
                for p, q in zip(pts, pts[1:], strict=False):
                    mx, my = (p[0] + q[0]) / 2, (p[1] + q[1]) / 2
                    d.line([((p[0] + mx) / 2, (p[1] + my) / 2), ((q[0] + mx) / 2, (q[1] + my) / 2)],
                           fill=(255, 255, 255), width=max(3, w // 2))
        for k, p in enumerate(pts[:1] + pts[-1:] if line["done"] else pts[:1]):
            r = u * 0.13
            d.rectangle((p[0] - r, p[1] - r, p[0] + r, p[1] + r), fill=col, outline=INK, width=2)
            if k == 1 or (not line["done"] and False):
                pass
    for st, p in zip(sts, pos, strict=True):
        if st["side"] >= 0:
            r = u * 0.1
            d.ellipse((p[0] - r, p[1] - r, p[0] + r, p[1] + r), fill=(255, 255, 255), outline=INK, width=3)
    # the markers placed: their letter on the cell
    for cell, letter, _kind, _seat in view["placed"]:
        x, y = _xy(g.centre(cell), u, cx, cy)
        r = u * 0.2
        d.ellipse((x - r, y - r, x + r, y + r), fill=INK, outline=AREA[_kind], width=3)
        cv.text((x, y), letter, "bold", max(22, int(u * 0.22)), (255, 255, 255), anchor="mm")
    return u, cx, cy


def _station_xy(g, st: dict, u: float, cx: float, cy: float) -> tuple[float, float]:
    if st["side"] < 0:
        return _xy(g.centre(st["cell"]), u, cx, cy)
    return _xy(g.side_middle(st["side"]), u, cx, cy)


def _height(view: dict) -> int:
    g = city(view["city"]).g
    u, _, _ = _geom(g.n, TOP)
    return int(TOP + g.n * math.sqrt(3) * u + 30)


def _scores(cv: Canvas, view: dict, y: int) -> int:
    """Each seat: its colour, name, markers in hand, station points."""
    names = view.get("names") or [str(s + 1) for s in range(view["players"])]
    d = cv.d
    for s in range(view["players"]):
        p = PLAYERS[s]
        d.rectangle((16, y + 4, 44, y + 32), fill=p["fill"], outline=INK, width=2)
        cv.text((30, y + 18), str(s + 1), "bold", 20, p["text"], anchor="mm")
        hand = " ".join(f"{m[0]}{_kind_letter(m[1])}" for m in view["hand"][s]) or "—"
        turn = "▶ " if view["phase"] != "over" and view["turn"] == s else ""
        cv.put((56, y + 18), f"{turn}{names[s]}", "condbold", 24, INK, 330, MIN)
        cv.put((400, y + 18), _("stations {n}", n=view["points"][s]) + "   " + hand, "cond", 24, INK, 384, MIN)
        y += 38
    return y


def _kind_letter(kind: str) -> str:
    return {"R": "⌂", "C": "◼", "E": "★"}.get(kind, "")


def _canvas(h: int) -> Canvas:
    return Canvas(Image.new("RGB", (W, h), PAPER))


def round(view: dict, lines=()) -> bytes:  # noqa: A001  (the protocol's name)
    return _board(view, list(lines), [], "")


def table(view: dict, viewer=None) -> bytes:
    return _board(view, [], [], "")


def decision(view: dict, cands: list, heading: str, seat: int | None = None) -> bytes:
    """A crop of the city around the seat's line ends and the decision's candidates, numbered as its buttons
    (["c", cell] or ["s", side]; ["x", -1]: no label for that number; a third item: its label instead): one
    panel, or two when the places lie in two parts of the city far apart; a small map of the whole city in a
    corner shows where each is."""
    seat = view["turn"] if seat is None else seat
    g = city(view["city"]).g
    labels = [(_label(k, c), _place(g, c[0], c[1])) for k, c in enumerate(cands, start=1) if c[1] >= 0]
    ends = [g.centre(line["cells"][-1]) for ln, line in enumerate(view["lines"])
            if ln // LINES == seat and line["cells"] and not line["done"]]
    groups = _groups([p for _k, p in labels] + ends)
    if not ends:  # no line yet (its start spaces all round the rim), or both completed: the whole city
        return _board(view, [], cands, heading)
    wins = _windows(groups)
    if min(w[2] for w in wins) < 1.15 * _geom(g.n, TOP)[0]:  # hardly larger than the whole city: that, then
        return _board(view, [], cands, heading)
    top = TOP + 8
    h = top + sum(int(w[4]) + GAP for w in wins) + 38 * view["players"] + 12
    cv = _canvas(h)
    left = _("stations left {n}", n=view["supply"])
    cv.title_band(heading or _("Undergrounders"), left, TOP - 6, (52, 48, 44), (255, 255, 255), 30, 260, MIN)
    y = top
    for x0, y1, u, pw, ph in wins:
        sub = Canvas(Image.new("RGB", (pw, int(ph)), PAPER))
        _city(sub, view, 0, None, (u, -x0 * u, y1 * u))
        r = max(17.0, u * 0.2)
        size = max(22, int(r * 1.25))
        for k, (px, py) in labels:
            x, yy = (px - x0) * u, (y1 - py) * u
            if -r < x < pw + r and -r < yy < ph + r:
                _badge(sub, x, yy, r, k, size if len(k) < 2 else size - 3)
        _mini(sub, view, (x0, y1, u), [p for _k, p in labels] + ends)
        cv.img.paste(sub.img, (M, y))
        cv.record(sub.min_px)
        glyphs.carry(cv.img, sub.img)
        cv.d.rectangle((M - 1, y - 1, M + pw, y + int(ph)), outline=GRID, width=2)
        y += int(ph) + GAP
    _scores(cv, view, y)
    return render.png(cv.finish())


M = 20          # a crop's margin left and right (px)
GAP = 12        # between two panels
CROP_U = 150.0  # a crop's triangle side at most (px): twice the whole city's
CROP_H = 820.0  # the crop's height at most, its panels together (px)
PAD = 1.3       # the city shown round the places a crop must show (triangle sides)
NEAR = 3.0      # places closer than this (triangle sides) share a panel
MINI = 128      # the small map's width (px)


def _label(k: int, cand: list) -> str:
    """A candidate's label: its number, or its own (a question's letter: [what, where, "A"])."""
    return str(cand[2]) if len(cand) > 2 else str(k)


def _place(g, what: str, where: int) -> tuple[float, float]:
    return g.centre(where) if what == "c" else g.side_middle(where)


def _groups(pts: list[tuple[float, float]]) -> list[list[tuple[float, float]]]:
    """The places in at most two groups: the two nearest groups joined while more are left or they lie
    nearer than NEAR (single linkage: a group's distance is that of its nearest two places)."""
    groups = [[p] for p in pts]
    while len(groups) > 1:
        gap, i, j = min((min(math.dist(p, q) for p in groups[a] for q in groups[b]), a, b)
                        for a in range(len(groups)) for b in range(a + 1, len(groups)))
        if len(groups) <= 2 and gap >= NEAR:
            break
        groups[i] += groups.pop(j)
    return groups


def _windows(groups: list[list[tuple[float, float]]]) -> list[tuple[float, float, float, int, float]]:
    """A panel for each group; two panels share the height one may have, by what each would take."""
    wins = [_window(grp, CROP_H) for grp in groups]
    tall = sum(w[4] for w in wins)
    if tall > CROP_H:
        wins = [_window(grp, w[4] * CROP_H / tall) for grp, w in zip(groups, wins, strict=True)]
    return wins


def _window(pts: list[tuple[float, float]], hmax: float) -> tuple[float, float, float, int, float]:
    """The part of the city a panel shows: its left and top (units), scale (px a unit), width and height (px):
    the places with PAD round them, as large as CROP_U, the panel's width and `hmax` let it be."""
    xs, ys = [p[0] for p in pts], [p[1] for p in pts]
    ww, wh = max(xs) - min(xs) + 2 * PAD, max(ys) - min(ys) + 2 * PAD
    pw = W - 2 * M
    u = min(CROP_U, pw / ww, hmax / wh)
    ph = max(wh * u, min(hmax, 4.0 * u))  # (never a sliver: at least four sides tall)
    mx, my = (max(xs) + min(xs)) / 2, (max(ys) + min(ys)) / 2
    return mx - pw / u / 2, my + ph / u / 2, u, pw, ph


def _mini(cv: Canvas, view: dict, at: tuple[float, float, float], pts: list) -> None:
    """The whole city, small, in the panel's corner that hides the least of it (and no place), the panel's
    part framed."""
    c = city(view["city"])
    g = c.g
    x0, y1, u = at
    pw, ph = cv.img.width, cv.img.height
    mu = MINI / (2 * g.n)
    mh = g.n * math.sqrt(3) * mu

    def hidden(ox: float, oy: float) -> float:
        """What a small map at (ox, oy) would hide: the city's part under it, and places (much worse)."""
        inside = 0
        for i in range(6):
            for j in range(6):
                x, y = x0 + (ox + MINI * i / 5) / u, y1 - (oy + mh * j / 5) / u
                inside += abs(y) <= g.n * math.sqrt(3) / 2 and abs(y) <= math.sqrt(3) * (g.n - abs(x))
        near = sum(1 for p in pts if ox - 20 < (p[0] - x0) * u < ox + MINI + 20
                   and oy - 20 < (y1 - p[1]) * u < oy + mh + 20)
        return inside + 100 * near

    corners = [(pw - MINI - 8, 8.0), (8.0, 8.0), (pw - MINI - 8, ph - mh - 8), (8.0, ph - mh - 8)]
    ox, oy = min(corners, key=lambda o: hidden(*o))
    mcx, mcy = ox + MINI / 2, oy + mh / 2
    cv.d.rectangle((ox - 4, oy - 4, ox + MINI + 4, oy + mh + 4), fill=PAPER, outline=INK, width=2)
    occ = view["occ"]
    for k in range(g.count):
        kd = c.kind[k]
        fill = AREA.get(kd, PARK_C if kd == PARK else LAKE_C if kd == LAKE else PLAIN)
        if occ[k] >= 0:
            fill = PLAYERS[occ[k] // LINES]["fill"]
        cv.d.polygon([_xy(g.point_xy(p), mu, mcx, mcy) for p in g.corners[k]], fill=fill)
    # the panel's part of the city
    a = _xy((x0, y1), mu, mcx, mcy)
    b = _xy((x0 + pw / u, y1 - ph / u), mu, mcx, mcy)
    cv.d.rectangle((max(ox - 2, a[0]), max(oy - 2, a[1]), min(ox + MINI + 2, b[0]), min(oy + mh + 2, b[1])),
                   outline=(200, 0, 0), width=3)


def _badge(cv: Canvas, x: float, y: float, r: float, label: str, size: int) -> None:
    """A candidate's label on the city: a ring, or a pill as wide as a longer label ("12/20": two choices
    end there)."""
    half = (T.width(label, "condbold", size) + 14) / 2
    if half < r + 1:  # (a ring: Pillow's rounded box fails when its straight part is under 2 px)
        cv.d.ellipse((x - r, y - r, x + r, y + r), fill=(255, 255, 255), outline=(200, 0, 0), width=4)
    else:
        cv.d.rounded_rectangle((x - half, y - r, x + half, y + r), radius=int(r), fill=(255, 255, 255),
                               outline=(200, 0, 0), width=4)
    cv.text((x, y), label, "condbold", size, (160, 0, 0), anchor="mm")


def _board(view: dict, lines: list, cands: list, heading: str) -> bytes:
    h = _height(view)
    extra = 38 * view["players"] + 12 + 30 * min(len(lines), 2)
    cv = _canvas(h + extra)
    left = _("stations left {n}", n=view["supply"])
    cv.title_band(heading or _("Undergrounders"), left, TOP - 6, (52, 48, 44), (255, 255, 255), 30, 260, MIN)
    u, cx, cy = _city(cv, view, TOP)
    g = city(view["city"]).g
    for k, c in enumerate(cands, start=1):
        if c[1] < 0:  # (a number with no place: a group of moves, or a place labelled already)
            continue
        x, y = _xy(_place(g, c[0], c[1]), u, cx, cy)
        label = _label(k, c)
        _badge(cv, x, y, 17, label, 22 if len(label) < 2 else 19)
    y = _scores(cv, view, h)
    for line in lines[-2:]:
        cv.put((16, y + 14), line, "cond", 22, INK, W - 32, MIN)
        y += 30
    return render.png(cv.finish())


def results(view: dict) -> bytes:
    """The city with every trip's fastest routes, then a row per trip: its minutes and who scored."""
    r = view.get("result")
    if not r:
        return round(view, [])
    hops = [h for t in r["detail"] for h in t["hops"]]
    h = _height(view)
    rows = len(r["detail"]) + view["players"] + 2
    cv = _canvas(h + 34 * rows + 20)
    cv.title_band(_("Undergrounders — the test trips"), "", TOP - 6, (52, 48, 44), (255, 255, 255), 30, 10, MIN)
    _city(cv, view, TOP, hops)
    names = view.get("names") or [str(s + 1) for s in range(view["players"])]
    y = h
    for t in r["detail"]:
        label = _("Park to lake") if t["trip"] == "park" else _("Trip {letter}", letter=t["trip"])
        if t["minutes"] >= 0:
            what = _("{m} min", m=t["minutes"])
        elif t["trip"] == "park":
            what = _("no route")
        else:
            what = _("impossible")
        who = ", ".join(f"{names[s]} {g:+d}" for s, g in enumerate(t["gained"]) if g) or "—"
        cv.put((16, y + 16), label, "condbold", 24, INK, 220, MIN)
        cv.put((244, y + 16), what, "cond", 24, INK, 136, MIN)
        cv.put((390, y + 16), who, "cond", 24, INK, 394, MIN)
        y += 34
    y += 10
    for s in range(view["players"]):
        p = PLAYERS[s]
        cv.d.rectangle((16, y + 4, 44, y + 30), fill=p["fill"], outline=INK, width=2)
        line = _("{name}: {total} (stations {st}, trips {tr}, inquiries {iq}, park {pk})", name=names[s],
                 total=r["total"][s], st=r["stations"][s], tr=r["trips"][s], iq=r["inquiry"][s], pk=r["park"][s])
        if r["stations"][s] < r["raw"][s]:  # (points lost with lines not completed: say how many it had)
            line = _("{name}: {total} (stations {st} of {raw}, trips {tr}, inquiries {iq}, park {pk})",
                     name=names[s], total=r["total"][s], st=r["stations"][s], raw=r["raw"][s], tr=r["trips"][s],
                     iq=r["inquiry"][s], pk=r["park"][s])
        cv.put((56, y + 17), line, "cond", 24, INK, W - 72, MIN)
        y += 34
    return render.png(cv.finish())


__all__ = ["LETTERS", "decision", "results", "round", "table"]


# ---- the scoring phase, a picture per trip ------------------------------------------------------------
RING = (200, 0, 0)


def scoring(view: dict) -> list[bytes]:
    """The scoring phase as pictures: one per trip, in the order they are run (the results picture sums
    them up)."""
    r = view.get("result")
    return [trip(view, k) for k in range(len(r["detail"]))] if r else []


def trip_label(t: dict) -> tuple[str, str]:
    """A trip's name and what came of it ("Trip B", "7 min")."""
    label = _("Park to lake") if t["trip"] == "park" else _("Trip {letter}", letter=t["trip"])
    if t["minutes"] >= 0:
        return label, _("{m} min", m=t["minutes"])
    return label, _("no route") if t["trip"] == "park" else _("impossible")


def trip(view: dict, k: int) -> bytes:
    """Trip k of the scoring phase: the city round its markers (or the park and the lake) with its fastest
    routes drawn, the markers ringed, then who scored (or who is to blame) and why."""
    r = view["result"]
    t = r["detail"][k]
    c = city(view["city"])
    g = c.g
    names = view.get("names") or [str(s + 1) for s in range(view["players"])]
    marked = list(c.park) + list(c.lake) if t["trip"] == "park" else list(t["cells"])
    sts = view["stations"]
    pts = [g.centre(x) for x in marked] + [_station_xy(g, sts[i], 1.0, 0.0, 0.0) for h in t["hops"] for i in h[:2]]
    rows = _trip_rows(view, t, names)
    whole_u, _cx, _cy = _geom(g.n, TOP)
    win = _window(pts, CROP_H * 0.8) if pts else None
    if win is None or win[2] < 1.15 * whole_u:
        u, cx, cy, tall = whole_u, W / 2, _geom(g.n, 0)[2] - 10, float(_height(view) - TOP - 30)
        x0, y1 = -cx / u, cy / u
    else:
        x0, y1, u, _pw, tall = win
    ph = int(tall)
    top = TOP + 8
    cv = _canvas(top + ph + 12 + 34 * len(rows) + 16)
    label, what = trip_label(t)
    cv.title_band(f"{label} — {what}", _("trip {k} of {n}", k=k + 1, n=len(r["detail"])), TOP - 6,
                  (52, 48, 44), (255, 255, 255), 30, 220, MIN)
    sub = Canvas(Image.new("RGB", (W - 2 * M, ph), PAPER))
    _city(sub, view, 0, t["hops"], (u, -x0 * u, y1 * u))
    for x in marked:  # the trip's ends ringed
        px, py = _xy(g.centre(x), u, -x0 * u, y1 * u)
        rr = u * 0.36
        sub.d.ellipse((px - rr, py - rr, px + rr, py + rr), outline=RING, width=max(4, int(u * 0.05)))
    if u > 1.15 * whole_u:
        _mini(sub, view, (x0, y1, u), pts)
    cv.img.paste(sub.img, (M, top))
    cv.record(sub.min_px)
    glyphs.carry(cv.img, sub.img)
    cv.d.rectangle((M - 1, top - 1, M + W - 2 * M, top + ph), outline=GRID, width=2)
    y = top + ph + 12
    for seat, text in rows:
        if seat >= 0:
            p = PLAYERS[seat]
            cv.d.rectangle((16, y + 4, 44, y + 30), fill=p["fill"], outline=INK, width=2)
        cv.put((56 if seat >= 0 else 16, y + 17), text, "cond", 24, INK, W - 72, MIN)
        y += 34
    return render.png(cv.finish())


def _trip_rows(view: dict, t: dict, names: list) -> list[tuple[int, str]]:
    """What a trip's picture says under the city: a line per seat that scored or is to blame, or nobody."""
    c = city(view["city"])
    out: list[tuple[int, str]] = []
    for s in range(view["players"]):
        gain = t["gained"][s]
        if t["minutes"] >= 0 and gain:
            bonus = gain > (PARK_POINTS if t["trip"] == "park" else TRIP_POINTS)
            out.append((s, _("{name} {n:+d}: a line on a fastest route, and one of its markers", name=names[s], n=gain)
                        if bonus else _("{name} {n:+d}: a line on a fastest route", name=names[s], n=gain)))
        elif s in t["guilty"]:
            mine = [p[0] for p in view["placed"] if p[1] == t["trip"] and p[3] == s]
            if any(m[0] == t["trip"] for m in view["hand"][s]):
                why = _("{name} {n:+d}: to blame, marker {letter} never placed", name=names[s], n=gain,
                        letter=t["trip"])
            elif any(not any(x in station_touch(c, st) for st in view["stations"]) for x in mine):
                why = _("{name} {n:+d}: to blame, no station by marker {letter}", name=names[s], n=gain,
                        letter=t["trip"])
            else:
                why = _("{name} {n:+d}: to blame, no route between the markers", name=names[s], n=gain)
            out.append((s, why))
        elif gain:
            out.append((s, _("{name} {n:+d}: an inquiry, not to blame", name=names[s], n=gain)))
    if not out:
        out.append((-1, _("Nobody scores.")))
    return out
