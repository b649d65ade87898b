"""Undergrounders' flow of a game on plain JSON states (RULES.md says each rule in words, by clause number).

A state's lines are numbered seat * 2 + ln (ln = 0 the solid line, 1 the striped one). Actions, one step each:

    "{seat}:t:{ln}:{cell}"           a tunnel of line ln on `cell` (the line's first: a start space)
    "{seat}:t:{ln}:{cell}:{letter}"  ... on a destination area, with the marker of that letter placed on it
    "{seat}:s:{ln}:{i}"              a station on line ln between its cells i and i + 1 (a turn's, or the free one)
    "{seat}:pass"                   nothing can be done this turn

A plan "{seat}@t:0:12/t:0:20/t:1:40:A" is a whole dig in one click (expand). Station positions along a
line are counted in half cells: 2 i at the line's cell i, 2 i + 1 between its cells i and i + 1."""

import heapq
from typing import Any

from engine import rng

from .city import END, LAKE, PARK, START, City, city
from .constants import (
    ACUTE_CELLS,
    CHANGE_MINUTES,
    DIG,
    FAR,
    FIXED,
    HOP_MINUTES,
    INQUIRY_GUILTY,
    INQUIRY_OTHERS,
    KINDS,
    LETTERS,
    LINES,
    LINES_TO_END,
    MARKER_BONUS,
    MARKERS,
    PARK_POINTS,
    STATIONS,
    TRIP_POINTS,
    TUNNELS,
)

HIDDEN = ("rng",)


# ---- a new game ---------------------------------------------------------------------------------------
def new_game(config: dict, seed: int) -> tuple[dict, list[dict]]:
    n = int(config["players"])
    gen: rng.Rng = {"rng": rng.seed_state(seed)}
    text = config.get("city") or ""
    if not text:
        from .city import generate
        text = generate(int(config.get("city_seed", seed)))
    markers = deal(gen, n, str(config.get("markers", "open")))
    first = rng.below(gen, n)
    state: dict[str, Any] = {
        "seq": 0, "players": n, "names": list(config.get("names", [])), "city": text,
        "markers_rule": str(config.get("markers", "open")), "trip_rule": str(config.get("trip", "latest")),
        "day": config.get("day"), "rng": gen["rng"],
        "turn": first, "first": first, "turns": 0, "phase": "build",
        "dug": 0, "marked": False, "free": [],
        "lines": [{"cells": [], "done": False, "closed": False, "since": -1, "touch": {}} for _ in range(n * LINES)],
        "occ": [-1] * len(text),
        "stations": [], "supply": STATIONS,
        "hand": markers, "placed": [], "points": [0] * n,
        "last": None, "result": None,
    }
    return state, [{"type": "started", "first": first}, {"type": "turn", "seat": first, "turns": 0, "round": 1,
                                                                "round_start": True}]


def deal(gen: rng.Rng, n: int, rule: str) -> list[list[list[str]]]:
    """Each seat's destination markers: [letter, kind] each (clause 3)."""
    if n == 2 or rule == "fixed":
        return [[[a, k] for a, k in FIXED[n][s]] for s in range(n)]
    while True:
        pool = [list(m) for m in MARKERS]
        rng.shuffle(gen, pool)
        hands: list[list[list[str]]] = [[] for _ in range(n)]
        ok = True
        for s in range(n):
            for kd in KINDS:
                pick = [m for m in pool if m[1] == kd and m[0] not in {x[0] for x in hands[s]}]
                if not pick:
                    ok = False
                    break
                m = pick[0]
                pool.remove(m)
                hands[s].append(m)
        if ok and n == 3:  # one more each, from what is left
            for s in range(n):
                m = pool.pop(0)
                hands[s].append(m)
        if ok:
            return hands


# ---- looking things up ---------------------------------------------------------------------------------
def C(state: dict) -> City:
    return city(state["city"])


def line_kind(c: City, cell: int) -> str:
    return c.kind[cell]


def station_at(state: dict, lid: int) -> list[int]:
    """The positions (half cells) of the stations on line `lid`, sorted."""
    out = []
    for st in state["stations"]:
        for on in st["on"]:
            if on[0] == lid:
                out.append(on[1])
    return sorted(out)


def start_side(c: City, line: dict) -> int:
    return c.g.hex_side[line["cells"][0]] if line["cells"] else -1


def allowed_starts(state: dict, seat: int, ln: int) -> list[int]:
    """The free start spaces line ln of `seat` may start on (clause 5)."""
    c = C(state)
    occ = state["occ"]
    free = [k for k in c.starts if occ[k] < 0]
    if ln == 0:
        return free
    first = state["lines"][seat * LINES]["cells"]
    if not first:
        return []
    h = c.g.hex_side[first[0]]
    far = [k for k in free if c.g.far(h, c.g.hex_side[k]) >= FAR]
    return far or free


def allowed_ends(state: dict, lid: int) -> set[int]:
    """The end spaces line `lid` may end on now (clause 9)."""
    c = C(state)
    occ = state["occ"]
    h = start_side(c, state["lines"][lid])
    free = [k for k in c.ends if occ[k] < 0]
    far = [k for k in free if c.g.far(h, c.g.hex_side[k]) >= FAR]
    if far:
        return set(far)
    if any(c.g.far(h, c.g.hex_side[k]) >= FAR for k in c.ends):  # all the far ones taken: any free one
        return set(free)
    return set(free)


def letters_for(state: dict, seat: int, cell: int) -> list[str]:
    """The letters of `seat`'s markers that may go on area `cell` (its kind; no same letter touching)."""
    c = C(state)
    kd = c.kind[cell]
    near = {p[1] for p in state["placed"] if p[0] in c.g.around[cell]}
    return sorted({m[0] for m in state["hand"][seat] if m[1] == kd and m[0] not in near})


def next_cells(state: dict, lid: int, markers_ok: bool = True) -> list[tuple[int, str]]:
    """Where line `lid` (started, open) may be dug next: (cell, letter) pairs ('' off the areas)."""
    line = state["lines"][lid]
    cells = line["cells"]
    if not cells or line["done"] or len(cells) >= TUNNELS:
        return []
    c = C(state)
    g = c.g
    occ = state["occ"]
    seat = lid // LINES
    end = cells[-1]
    stations = station_at(state, lid)
    out: list[tuple[int, str]] = []
    ends: set[int] | None = None
    for nb in g.neighbours[end]:
        if nb < 0 or occ[nb] >= 0:
            continue
        kd = c.kind[nb]
        if kd in (PARK, LAKE, START):
            continue
        if kd == END:
            if ends is None:
                ends = allowed_ends(state, lid)
            if nb not in ends:
                continue
        elif len(cells) == TUNNELS - 1:
            continue  # the last tunnel must end the line
        # no loop: the new cell touches the line only at its end
        if any(x >= 0 and x != end and occ[x] == lid for x in g.neighbours[nb]):
            continue
        if acute(g, cells + [nb], stations):
            continue
        if kd in KINDS:
            if not markers_ok:
                continue
            for a in letters_for(state, seat, nb):
                out.append((nb, a))
        else:
            out.append((nb, ""))
    return out


def acute(g: Any, cells: list[int], stations: list[int]) -> bool:
    """Whether the last ACUTE_CELLS cells wind round one corner (clause 7), and no station of the line
    sits at one of the middle ones (a line may leave a station at any angle)."""
    if len(cells) < ACUTE_CELLS:
        return False
    window = cells[-ACUTE_CELLS:]
    if g.shared_corner(window) < 0:
        return False
    lo, hi = 2 * (len(cells) - ACUTE_CELLS + 1), 2 * (len(cells) - 2)
    return not any(lo <= p <= hi for p in stations)


def open_line(state: dict, lid: int) -> bool:
    line = state["lines"][lid]
    return bool(line["cells"]) and not line["done"]


def blocked(state: dict, lid: int) -> bool:
    """A line that can no longer be completed (clause 11): started and stuck (the once-a-turn marker rule
    aside), or never started with no start space left for it."""
    line = state["lines"][lid]
    if line["done"]:
        return False
    if not line["cells"]:
        return not allowed_starts(state, lid // LINES, lid % LINES) and (
            lid % LINES == 0 or bool(state["lines"][lid - 1]["cells"]))
    return not next_cells(state, lid)


def station_spots(state: dict, seat: int) -> list[tuple[int, int]]:
    """(ln, i): a station may go on line ln between its cells i and i + 1 (clause 10)."""
    if state["supply"] <= 0:
        return []
    out = []
    for ln in range(LINES):
        lid = seat * LINES + ln
        line = state["lines"][lid]
        if line["closed"] or len(line["cells"]) < 2:
            continue
        pos = station_at(state, lid)
        if len(pos) < 2:
            continue
        for i in range(len(line["cells"]) - 1):
            p = 2 * i + 1
            if pos[0] < p < pos[-1] and p not in pos:
                out.append((ln, i))
    return out


def free_spots(state: dict, lid: int) -> list[int]:
    line = state["lines"][lid]
    pos = station_at(state, lid)
    return [i for i in range(len(line["cells"]) - 1) if 2 * i + 1 not in pos]


# ---- who decides, what they may do ----------------------------------------------------------------------
def deciders(state: dict) -> list[int]:
    return [] if state["phase"] == "over" else [state["turn"]]


def legal(state: dict, seat: int) -> list[str]:
    """The action ids (without the seat) `seat` may take now."""
    if state["phase"] == "over" or seat != state["turn"]:
        return []
    if state["phase"] == "free":
        lid = state["free"][0]
        if state["supply"] <= 0:
            return ["pass"]
        return [f"s:{lid % LINES}:{i}" for i in free_spots(state, lid)] or ["pass"]
    out: list[str] = []
    lines = state["lines"]
    if state["dug"] < DIG:
        for ln in range(LINES):
            lid = seat * LINES + ln
            line = lines[lid]
            if not line["cells"]:
                if ln == 1 and (not lines[lid - 1]["cells"] or lines[lid - 1]["since"] == state["turns"]):
                    continue
                out += [f"t:{ln}:{k}" for k in allowed_starts(state, seat, ln)]
                continue
            for cell, a in next_cells(state, lid, markers_ok=not state["marked"]):
                out.append(f"t:{ln}:{cell}:{a}" if a else f"t:{ln}:{cell}")
    if state["dug"] == 0:
        out += [f"s:{ln}:{i}" for ln, i in station_spots(state, seat)]
        if not out:
            out.append("pass")
    return out


# ---- applying ---------------------------------------------------------------------------------------
class Illegal(Exception):
    pass


def advance(state: dict, action: str, events: list[dict]) -> None:
    """Applies a legal action (checked by the caller) to `state`, in place."""
    seat_s, _, rest = action.partition(":")
    seat = int(seat_s)
    parts = rest.split(":")
    if parts[0] == "pass":
        if state["phase"] == "free":
            events.append({"type": "no_station", "seat": seat})
            _free_done(state, events)
        else:
            events.append({"type": "pass", "seat": seat})
            _end_turn(state, events)
        return
    ln = int(parts[1])
    lid = seat * LINES + ln
    if parts[0] == "s":
        i = int(parts[2])
        _station(state, seat, [[lid, 2 * i + 1]], _inner_side(state, lid, i), "free" if state["phase"] == "free"
                 else "built", events)
        if state["phase"] == "free":
            _free_done(state, events)
        else:
            _end_turn(state, events)
        return
    cell = int(parts[2])
    letter = parts[3] if len(parts) > 3 else ""
    _tunnel(state, seat, lid, cell, letter, events)
    state["dug"] += 1
    if state["dug"] >= DIG or not any(a.startswith("t:") for a in legal(state, seat)):
        _end_dig(state, events)


def _inner_side(state: dict, lid: int, i: int) -> int:
    cells = state["lines"][lid]["cells"]
    return C(state).g.between[(cells[i], cells[i + 1])]


def _station(state: dict, seat: int, on: list[list[int]], side: int, how: str, events: list[dict]) -> None:
    if state["supply"] <= 0:
        return
    c = C(state)
    pts = c.side_areas[side]
    state["stations"].append({"side": side, "on": on, "by": seat, "pts": pts})
    state["supply"] -= 1
    state["points"][seat] += pts
    events.append({"type": "station", "seat": seat, "how": how, "side": side, "points": pts,
                   "line": on[0][0]})


def _tunnel(state: dict, seat: int, lid: int, cell: int, letter: str, events: list[dict]) -> None:
    c = C(state)
    g = c.g
    line = state["lines"][lid]
    occ = state["occ"]
    first = not line["cells"]
    line["cells"].append(cell)
    occ[cell] = lid
    i = len(line["cells"]) - 1
    ev: dict[str, Any] = {"type": "tunnel", "seat": seat, "line": lid, "cell": cell}
    if first:
        line["since"] = state["turns"]
        ev["start"] = True
        state["stations"].append({"side": -1, "cell": cell, "on": [[lid, 0]], "by": seat, "pts": 0})
    if letter:
        hand = state["hand"][seat]
        m = next(x for x in hand if x[0] == letter and x[1] == c.kind[cell])
        hand.remove(m)
        state["placed"].append([cell, letter, m[1], seat])
        state["marked"] = True
        ev["marker"] = letter
    events.append(ev)
    # stations where the line joins another, or splits off one it ran alongside (clause 10): a line is
    # alongside another while its new tunnels share a side or a corner with it; it joins at the first side
    # they share, and splits off where it stops touching it after two tunnels or more sharing a side
    touch: dict[str, list[int]] = line["touch"]  # line -> [joined, sides shared, last side
    # shared, the other line's position there, the join's side, this line's position there]
    near: dict[str, tuple[int, int]] = {}  # line -> (a side shared now or -1, the other cell's position)
    for nb in sorted(g.around[cell]):
        m_id = occ[nb]
        if m_id < 0 or m_id == lid:
            continue
        key = str(m_id)
        side = g.between.get((cell, nb), -1)
        if key not in near or (side >= 0 and near[key][0] < 0):
            near[key] = (side, 2 * state["lines"][m_id]["cells"].index(nb))
    for key, (side, pos) in near.items():
        row = touch.get(key)
        if row is None:
            row = [0, 0, -1, -1, -1, -1]
            touch[key] = row
        if side >= 0:
            if not row[0]:
                _station(state, seat, [[lid, 2 * i], [int(key), pos]], side, "join", events)
                row[0], row[4] = 1, side
            row[1] += 1
            row[2], row[3], row[5] = side, pos, 2 * i
    for key in [k for k in touch if k not in near]:
        joined, shared, last, pos, first_side, at = touch.pop(key)
        if joined and shared >= 2 and last != first_side:
            _station(state, seat, [[lid, at], [int(key), pos]], last, "split", events)
    if c.kind[cell] == END:
        line["done"] = True
        state["stations"].append({"side": -1, "cell": cell, "on": [[lid, 2 * i]], "by": seat, "pts": 0})
        state["free"].append(lid)
        events.append({"type": "completed", "seat": seat, "line": lid})


def _end_dig(state: dict, events: list[dict]) -> None:
    if state["free"]:
        state["phase"] = "free"
        return
    _end_turn(state, events)


def _free_done(state: dict, events: list[dict]) -> None:
    lid = state["free"].pop(0)
    state["lines"][lid]["closed"] = True
    if not state["free"]:
        state["phase"] = "build"
        _end_turn(state, events)


def _end_turn(state: dict, events: list[dict]) -> None:
    seat = state["turn"]
    n = state["players"]
    state["dug"] = 0
    state["marked"] = False
    state["turns"] += 1
    if state["last"] is None and _ending(state, seat):
        state["last"] = [(seat + k) % n for k in range(1, n)]
        events.append({"type": "last_round", "seat": seat})
    if state["last"] is not None:
        if not state["last"]:
            _score(state, events)
            return
        nxt = state["last"].pop(0)
    else:
        nxt = (seat + 1) % n
    state["turn"] = nxt
    events.append({"type": "turn", "seat": nxt, "turns": state["turns"], "round": state["turns"] // n + 1,
                   "round_start": state["turns"] % n == 0})


def _ending(state: dict, seat: int) -> bool:
    """Whether the building ends after `seat`'s turn (clause 11)."""
    n = state["players"]
    lines = state["lines"]
    if all(lines[seat * LINES + ln]["done"] for ln in range(LINES)):
        return True
    if state["supply"] <= 0:
        return True
    over = sum(1 for lid in range(n * LINES) if lines[lid]["done"] or blocked(state, lid))
    return over >= LINES_TO_END[n]


# ---- scoring -------------------------------------------------------------------------------------------
def station_touch(c: City, st: dict) -> frozenset[int]:
    if st["side"] < 0:
        return c.g.around[st["cell"]] | {st["cell"]}
    return frozenset(c.g.touch[st["side"]])


def route(state: dict, src: set[int], dst: set[int]) -> tuple[int, set[int], list[tuple[int, int, int]]]:
    """The fastest trip from the stations touching cells `src` to those touching cells `dst` (clause 13):
    its minutes (-1: none), the lines on some fastest route, and its hops (station, station, line)."""
    c = C(state)
    sts = state["stations"]
    touch = [station_touch(c, st) for st in sts]
    starts = [k for k in range(len(sts)) if touch[k] & src]
    goals = [k for k in range(len(sts)) if touch[k] & dst]
    if not starts or not goals:
        return -1, set(), []
    # hops along each line, between consecutive stations
    along: dict[int, list[tuple[int, int]]] = {}
    for k, st in enumerate(sts):
        for lid, pos in st["on"]:
            along.setdefault(lid, []).append((pos, k))
    adj: dict[tuple[int, int], list[tuple[tuple[int, int], int]]] = {}
    hops = []
    for lid, row in along.items():
        row.sort()
        for (_, a), (_, b) in zip(row, row[1:], strict=False):
            adj.setdefault((a, lid), []).append(((b, lid), HOP_MINUTES))
            adj.setdefault((b, lid), []).append(((a, lid), HOP_MINUTES))
            hops.append((a, b, lid))
    lines_at: dict[int, list[int]] = {}
    for k, st in enumerate(sts):
        lines_at[k] = sorted({on[0] for on in st["on"]})
    for k, ls in lines_at.items():
        for a in ls:
            for b in ls:
                if a != b:
                    adj.setdefault((k, a), []).append(((k, b), CHANGE_MINUTES))

    def dist(origin: list[int]) -> dict[tuple[int, int], int]:
        d: dict[tuple[int, int], int] = {}
        heap = [(0, k, lid) for k in origin for lid in lines_at[k]]
        heapq.heapify(heap)
        while heap:
            w, k, lid = heapq.heappop(heap)
            if (k, lid) in d:
                continue
            d[(k, lid)] = w
            for (k2, l2), cost in adj.get((k, lid), []):
                if (k2, l2) not in d:
                    heapq.heappush(heap, (w + cost, k2, l2))
        return d

    df, db = dist(starts), dist(goals)
    best = min((w for (k, _), w in df.items() if k in set(goals)), default=-1)
    if best < 0:
        return -1, set(), []
    on: set[int] = set()
    used = []
    for a, b, lid in hops:
        for u, v in ((a, b), (b, a)):
            if (u, lid) in df and (v, lid) in db and df[(u, lid)] + HOP_MINUTES + db[(v, lid)] == best:
                on.add(lid)
                used.append((a, b, lid))
                break
    if best == 0:
        on |= {lid for (k, lid), w in df.items() if w == 0 and db.get((k, lid)) == 0}
    return best, on, used


def _score(state: dict, events: list[dict]) -> None:
    """The scoring phase (clauses 12-15)."""
    n = state["players"]
    c = C(state)
    lines = state["lines"]
    done = [sum(1 for ln in range(LINES) if lines[s * LINES + ln]["done"]) for s in range(n)]
    raw = list(state["points"])
    kept = [raw[s] if done[s] == 2 else raw[s] - raw[s] // 2 if done[s] == 1 else 0 for s in range(n)]
    trips = [0] * n
    inquiry = [0] * n
    detail = []
    holder: dict[str, list[int]] = {}
    for s in range(n):
        for m in state["hand"][s]:
            holder.setdefault(m[0], []).append(s)
    for a in LETTERS:
        placed = [p for p in state["placed"] if p[1] == a]
        guilty: set[int] = set(holder.get(a, []))  # a marker never placed: its holder
        guilty |= {p[3] for p in placed if not _touched(state, c, p[0])}  # placed, no station touching it
        minutes, on, used = -1, set[int](), list[tuple[int, int, int]]()
        if not guilty and len(placed) < 2:  # (markers never dealt: no trip, nobody to blame)
            detail.append({"trip": a, "minutes": -1, "lines": [], "guilty": [], "gained": [0] * n, "hops": [],
                           "cells": [p[0] for p in placed]})
            continue
        if not guilty:
            minutes, on, used = route(state, {placed[0][0]}, {placed[1][0]})
            if minutes < 0:  # no route between them: both who placed them
                guilty = {p[3] for p in placed}
        gained = [0] * n
        if minutes >= 0:
            seats = {lid // LINES for lid in on}
            for s in seats:
                gained[s] = TRIP_POINTS + (MARKER_BONUS if any(p[3] == s for p in placed) else 0)
                trips[s] += gained[s]
        else:
            for s in range(n):
                if state["trip_rule"] == "classic":
                    if s in guilty:
                        gained[s] = INQUIRY_GUILTY
                elif s not in guilty:
                    gained[s] = INQUIRY_OTHERS
                inquiry[s] += gained[s]
        detail.append({"trip": a, "minutes": minutes, "lines": sorted(on), "guilty": sorted(guilty),
                       "gained": gained, "hops": [list(h) for h in used], "cells": [p[0] for p in placed]})
    park = [0] * n
    minutes, on2, used2 = route(state, set(c.park), set(c.lake))
    on, used = on2, used2
    gained = [0] * n
    for s in {lid // LINES for lid in on}:
        gained[s] = PARK_POINTS
        park[s] = PARK_POINTS
    detail.append({"trip": "park", "minutes": minutes, "lines": sorted(on), "guilty": [], "gained": gained,
                   "hops": [list(h) for h in used], "cells": []})
    tunnels = [sum(len(lines[s * LINES + ln]["cells"]) for ln in range(LINES)) for s in range(n)]
    total = [kept[s] + trips[s] + inquiry[s] + park[s] for s in range(n)]
    state["result"] = {"stations": kept, "raw": raw, "trips": trips, "inquiry": inquiry, "park": park,
                       "total": total, "done": done, "tunnels": tunnels, "detail": detail}
    state["phase"] = "over"
    events.append({"type": "scored", "total": total, "detail": detail, "raw": raw, "stations": kept, "done": done,
                   "tunnels": tunnels})


def _touched(state: dict, c: City, cell: int) -> bool:
    return any(cell in station_touch(c, st) for st in state["stations"])


def ranks(result: dict) -> list[int]:
    """Each seat's rank: the most points, then the most lines completed, then the most tunnels (clause 16)."""
    keys = [(result["total"][s], result["done"][s], result["tunnels"][s]) for s in range(len(result["total"]))]
    return [1 + sum(1 for k in keys if k > mine) for mine in keys]
