"""Undergrounders' AI, from the seat's view only (nothing else is needed: the rules draw nothing during a game;
with markers hidden, hard deals the letters it cannot see itself, seeded from the view).

Both levels look at whole moves (a dig of up to three tunnels, a station, a pass: `moves`) and play the
first step of the best one. Easy is greedy on what a move gives now: station points, a marker placed, the
lines' distance to an end they may end on, a line completed or blocked. Hard ranks the moves by a projection
of the final scores (the markers touched by stations, the fastest routes as they stand (clause 13), its lines'
way to an end, the scores if the building ended now), then plays its best few out to the end of the building,
every seat playing easy's whole moves, and keeps the one whose play-out ends with the best margin over the
best other player (BALANCE.md: what decides these games, and what was tried)."""

import zlib
from collections import deque
from typing import Any

from engine.data import deep
from engine.protocol import Action, Ai

from .rules import engine as mm
from .rules.city import END, LAKE, PARK, START
from .rules.constants import KINDS, LETTERS, LINES, MARKER_BONUS, MARKERS, PARK_POINTS, TRIP_POINTS, TUNNELS

PLAYOUTS = 4  # hard: its best moves by the evaluation it plays out to the end of the building
WIN_BONUS = 2.0  # ... a play-out won counts this more than its margin
HORIZON = 0  # ... the turns a play-out looks ahead (0: to the end of the building)
KEEP = 0  # hard: the best moves by its evaluation it looks a round further at
Move = tuple[str, dict]  # (the plan: actions without the seat, "/"-joined; the state after it)


def fork(s: dict) -> dict:
    """A copy of a state that `mm.advance` may change without touching `s`: what it changes is copied
    (the lines, the cells taken, the lists it appends to or removes from), what it never changes is shared
    (the stations and markers themselves, the city). Two to three times faster than a deep copy, and the
    moves' enumeration is mostly copies."""
    t = s.copy()
    t["lines"] = [{**ln, "cells": ln["cells"][:], "touch": {k: r[:] for k, r in ln["touch"].items()}}
                  for ln in s["lines"]]
    for k in ("occ", "stations", "placed", "points", "free"):
        t[k] = s[k][:]
    t["hand"] = [h[:] for h in s["hand"]]
    if s["last"] is not None:
        t["last"] = s["last"][:]
    return t


def moves(state: dict, seat: int) -> list[Move]:
    """Every whole move of `seat` now: each dig to its end (three tunnels, or fewer when no more fit), each
    station, or the pass; in a free-station decision, each spot."""
    out: list[Move] = []

    def walk(s: dict, done: list[str]) -> None:
        acts = mm.legal(s, seat)
        if done:
            acts = [a for a in acts if a.startswith("t:")]
        for a in acts:
            t = fork(s)
            mm.advance(t, f"{seat}:{a}", [])
            if a.startswith("t:") and t["turn"] == seat and t["phase"] == "build" and t["dug"] > 0:
                walk(t, done + [a])
            else:
                out.append(("/".join(done + [a]), t))

    walk(state, [])
    return out


def _dist(state: dict, lid: int) -> int:
    """Tunnels from line `lid`'s end to an end space it may end on, through free cells (99: none)."""
    line = state["lines"][lid]
    cells = line["cells"]
    c = mm.C(state)
    g = c.g
    occ = state["occ"]
    ends = mm.allowed_ends(state, lid)
    kinds = {m[1] for m in state["hand"][lid // LINES]}  # the areas it may still enter
    seen = {cells[-1]}
    q: deque[tuple[int, int]] = deque([(cells[-1], 0)])
    while q:
        k, dd = q.popleft()
        for nb in g.neighbours[k]:
            if nb < 0 or nb in seen or occ[nb] >= 0:
                continue
            if nb in ends:
                return dd + 1
            kd = c.kind[nb]
            if kd in (PARK, LAKE, START, END) or (kd in KINDS and kd not in kinds):
                continue
            seen.add(nb)
            q.append((nb, dd + 1))
    return 99


def _lines_value(state: dict, seat: int) -> float:
    v = 0.0
    for ln in range(LINES):
        lid = seat * LINES + ln
        line = state["lines"][lid]
        if line["done"]:
            v += 16
        elif not line["cells"]:
            v -= 14 if state["phase"] != "over" else 30
        else:
            left = TUNNELS - len(line["cells"])
            d = _dist(state, lid)
            if d > left or mm.blocked(state, lid):
                v -= 24
            else:
                v -= 1.0 * d
    return v


def easy_value(state: dict, seat: int) -> float:
    """Greedy on stations and markers: the station points and markers placed now; of its lines it only
    sees a line completed, or stuck."""
    mine = sum(1 for p in state["placed"] if p[3] == seat)
    v = state["points"][seat] + 2.5 * mine
    for ln in range(LINES):
        lid = seat * LINES + ln
        line = state["lines"][lid]
        if line["done"]:
            v += 10
        elif line["cells"] and mm.blocked(state, lid):
            v -= 10
        elif line["cells"]:
            v += 0.3 * len(line["cells"])
    return v


def _line_term(state: dict, seat: int) -> tuple[float, int]:
    """The lines' prospects (completed, on their way, stuck) and how many look completable."""
    v, ok = 0.0, 0
    for ln in range(LINES):
        lid = seat * LINES + ln
        line = state["lines"][lid]
        if line["done"]:
            v += 12
            ok += 1
        elif not line["cells"]:
            v -= 12
            ok += 1
        else:
            d = _dist(state, lid)
            if d > TUNNELS - len(line["cells"]) or mm.blocked(state, lid):
                v -= STUCK
            else:
                v -= DIST_W * d
                ok += 1
    return v, ok


def projected(state: dict) -> list[float]:
    """Each seat's score as the city stands, looking ahead a little: its station points as its lines promise
    to keep them, the trips (and the park) whose fastest routes run on its lines now, its markers placed
    (a marker left in hand makes an impossible trip its fault) and touched by a station, its lines' way."""
    n = state["players"]
    c = mm.C(state)
    out = []
    trips = [0.0] * n
    for a in LETTERS:
        placed = [p for p in state["placed"] if p[1] == a]
        if len(placed) == 2:
            minutes, on, _ = mm.route(state, {placed[0][0]}, {placed[1][0]})
            if minutes >= 0:
                for s in {lid // LINES for lid in on}:
                    trips[s] += TRIP_POINTS + (MARKER_BONUS if any(p[3] == s for p in placed) else 0)
    minutes, on, _ = mm.route(state, set(c.park), set(c.lake))
    if minutes >= 0:
        for s in {lid // LINES for lid in on}:
            trips[s] += PARK_POINTS
    for s in range(n):
        raw = state["points"][s]
        done = sum(1 for ln in range(LINES) if state["lines"][s * LINES + ln]["done"])
        kept = raw if done == 2 else raw - raw // 2 if done == 1 else 0
        near = 0.0  # the lines on their way: what completing them would keep, by how near they are
        for ln in range(LINES):
            lid = s * LINES + ln
            line = state["lines"][lid]
            if line["cells"] and not line["done"]:
                d = _dist(state, lid)
                if d <= TUNNELS - len(line["cells"]):
                    near += (raw * 0.5 + NEAR) * max(0.0, 1 - d / REACH)
        term, _ok = _line_term(state, s)
        mine = [p for p in state["placed"] if p[3] == s]
        touched = sum(1 for p in mine if mm._touched(state, c, p[0]))
        out.append(kept + near + trips[s] + MARKED * len(mine) + TOUCHED * touched + 0.5 * term)
    return out


def final_now(state: dict) -> list[int]:
    """Each seat's total if the building ended now (the scoring phase on a copy)."""
    t = dict(state)
    t["result"] = None
    mm._score(t, [])
    return t["result"]["total"]


# hard's weights: a line stuck, the tunnels to an end, what completing a line is worth by how near it is,
# a marker placed and a marker touched by a station (placing them was worth more: BALANCE.md, what was tried)
STUCK, DIST_W, NEAR, REACH, MARKED, TOUCHED = 20.0, 0.8, 10.0, 15.0, 5.0, 3.0


def hard_value(state: dict, seat: int) -> float:
    """The seat's projected score against the others' (the best of them counts most), and half of the same
    for the scores if the building ended now (the trips as they stand, the blame for impossible ones); on the
    last turns, the scores as they will stand."""
    p = projected(state)
    total = final_now(state)
    others = [x for s, x in enumerate(p) if s != seat]
    now = [x for s, x in enumerate(total) if s != seat]
    if state["last"] is not None or state["phase"] == "over":
        # the last turns: the scores as they will stand count, the projection only breaks ties
        return total[seat] - max(now) + 0.1 * (p[seat] - max(others))
    return (p[seat] - 0.7 * max(others) - 0.3 * sum(others) / len(others)
            + 0.5 * (total[seat] - max(now)))


def ranked(state: dict, seat: int, level: str = "easy") -> list[tuple[float, str, dict]]:
    """The whole moves, best first, by the level's evaluation (ties: the plan's text)."""
    fn = hard_value if level == "hard" else easy_value
    rows = [(fn(s, seat), plan, s) for plan, s in moves(state, seat)]
    rows.sort(key=lambda r: (-r[0], r[1]))
    return rows


def _left(after: dict) -> tuple:
    """What a whole move leaves (the lines, markers, stations, points): two digs in another order leave the
    same."""
    return (tuple((tuple(ln["cells"]), tuple(sorted((k, tuple(v)) for k, v in ln["touch"].items())), ln["done"])
                  for ln in after["lines"]),
            tuple(sorted(tuple(p) for p in after["placed"])),
            tuple(sorted(repr(sorted(st.items())) for st in after["stations"])),
            tuple(after["points"]), repr(after["free"]), after["phase"], after["turn"])


def distinct(rows: list[tuple[float, str, dict]]) -> list[tuple[float, str, dict]]:
    """ranked's rows without the moves that leave what an earlier row leaves (the same tunnels dug in
    another order): a player is offered each outcome once."""
    seen: set[tuple] = set()
    out = []
    for r in rows:
        k = _left(r[2])
        if k not in seen:
            seen.add(k)
            out.append(r)
    return out


def _key(state: dict) -> str:
    """A state's identity for the play-outs' memory (the decision counter aside: it changes nothing ahead)."""
    return repr([v for k, v in state.items() if k not in ("seq", "names", "day")])


MEMO_MAX = 256  # play-outs remembered: a decision's few dozen, not a process's whole life (~40 KB each)
_MEMO: dict[str, dict] = {}  # (a state, a horizon) -> where its play-out ends


def playout(state: dict, horizon: int) -> dict:
    """Where the game goes from `state` with every seat playing easy's whole moves: the end of the building
    (scored), or the state after `horizon` more turns (0: no limit). A pure function of the state (easy draws
    nothing), remembered: a dig is decided step by step, and each step looks at the same play-outs again."""
    key = f"{horizon}|{_key(state)}"
    got = _MEMO.get(key)
    if got is not None:
        return got
    s = state
    turns = s["turns"] + horizon
    for _ in range(1000):  # (a game ends long before: 30 stations, or the lines)
        who = mm.deciders(s)
        if not who or (horizon and s["turns"] >= turns):
            break
        rows = ranked(s, who[0], "easy")
        if not rows:
            break
        s = rows[0][2]
    if len(_MEMO) >= MEMO_MAX:
        _MEMO.clear()
    _MEMO[key] = s
    return s


def _outcome(s: dict, seat: int) -> float:
    """A play-out's end for `seat`: over, its margin over the best other (a win a little more); cut at the
    horizon, hard's evaluation there."""
    if s["phase"] != "over":
        return hard_value(s, seat)
    total = s["result"]["total"]
    margin = total[seat] - max(x for o, x in enumerate(total) if o != seat)
    return margin + WIN_BONUS * (mm.ranks(s["result"])[seat] == 1)


def _determinized(state: dict, seat: int) -> dict:
    """With markers hidden, the others' unplaced markers ('?' in the view) given the letters the seat cannot
    see, kind by kind, shuffled by a generator seeded from the turn (the same for each step of a dig)."""
    if not any(m[0] == "?" for h in state["hand"] for m in h):
        return state
    from engine import rng
    s = deep(state)
    pool = [list(m) for m in MARKERS]
    for m in s["hand"][seat]:
        if list(m) in pool:
            pool.remove(list(m))
    for p in s["placed"]:
        hit = [m for m in pool if m[0] == p[1] and m[1] == p[2]]
        if hit:
            pool.remove(hit[0])
    gen: rng.Rng = {"rng": rng.seed_state(zlib.crc32(f"{s['turns']}:{seat}:{len(s['placed'])}".encode()))}
    for kd in KINDS:
        letters = [m[0] for m in pool if m[1] == kd]
        rng.shuffle(gen, letters)
        for h in s["hand"]:
            for m in h:
                if m[0] == "?" and m[1] == kd:
                    m[0] = letters.pop() if letters else LETTERS[0]
    return s


def best_plan(state: dict, seat: int, level: str, wide: int = -1) -> str:
    """The best whole move's plan; hard plays out its `wide` best (-1: PLAYOUTS)."""
    wide = PLAYOUTS if wide < 0 else wide
    if level == "hard" and wide:
        state = _determinized(state, seat)
    rows = ranked(state, seat, level)
    if level != "hard" or len(rows) <= 1:
        return rows[0][1]
    if wide:
        # the best few by the evaluation, each played out to the end by easy's policy at every seat: the
        # margin over the best other's final score decides (a win counts a little more), the evaluation's
        # order breaks ties
        best, best_v = rows[0][1], -1e9
        for i, (_v, plan, s) in enumerate(rows[:wide]):
            v = _outcome(playout(s, HORIZON), seat) - 0.001 * i
            if v > best_v:
                best, best_v = plan, v
        return best
    if KEEP == 0:
        return rows[0][1]
    # a round more: each other player answers with their easy-best move, and we keep what is left
    keep = rows[:KEEP]
    best, best_v = keep[0][1], -1e9
    for _v, plan, s in keep:
        for _ in range(s["players"] - 1):
            nxt = mm.deciders(s)
            if not nxt or nxt[0] == seat:
                break
            reply = ranked(s, nxt[0], "easy")
            if not reply:
                break
            s = reply[0][2]
            while mm.deciders(s) and mm.deciders(s)[0] == nxt[0]:  # (their free station, if any)
                more = ranked(s, nxt[0], "easy")
                if not more:
                    break
                s = more[0][2]
        score = hard_value(s, seat)
        if score > best_v:
            best, best_v = plan, score
    return best


class MetroAi(Ai):
    def choose(self, view: dict, seat: int, level: str, seed: int, budget: Any = None) -> Action:
        acts = mm.legal(view, seat)
        if len(acts) == 1:
            return Action(seat, f"{seat}:{acts[0]}", acts[0])
        if level == "random":
            from engine import rng
            gen: rng.Rng = {"rng": rng.seed_state((seed or 0) * 7919 + view["seq"] * 31 + seat)}
            a = acts[rng.below(gen, len(acts))]
            return Action(seat, f"{seat}:{a}", a)
        # the host's budget for slow levels (the bot's default 240) sets the play-outs: 4 at 240
        wide = PLAYOUTS if budget is None else max(2, min(8, int(budget) // 60))
        plan = best_plan(deep(view), seat, level, wide)
        first = plan.split("/")[0]
        return Action(seat, f"{seat}:{first}", first)


AI = MetroAi()
