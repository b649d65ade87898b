"""The hard AI: a one-player look-ahead through the rest of the round.

A player's map is independent of the others' (only the cards are shared), so a decision is one seat's: for
each legal action, the rest of the round is played out on the fast model (fast.py) with a greedy policy,
over orders of the cards not flipped yet this round drawn again from the AI's own stream (the cards still
face down are unknown to it: state["deck"] is never read), the same orders for every action (common random
numbers); the action whose round ends best on average wins. The end of a round is valued by its line's
points, what its tourist sites add to the track, the interchanges it makes with the earlier lines, the
shared objectives' progress, and a little for the rounds to come (the room left around the departures of
the pencils still to draw with, the stations the later lines may meet). The round's last decision (the 5th
underground card) is valued exactly. Solo, the pencil is the colour whose round plays out best.

budget: None is DEFAULT_ROLLOUTS; an int is a number of rollouts (split among the actions); a float is
seconds (rollouts go on, one for each action at a time, until the time is up: not reproducible)."""

import time

from engine import rng
from engine.protocol import Action

from ..rules import engine as ns
from ..rules import scoring
from ..rules.constants import (
    COLOURS,
    JOKER,
    OBJECTIVE_CROSSINGS,
    OBJECTIVE_INTERCHANGES,
    OBJECTIVE_POINTS,
    ROUNDS,
    SLOTS,
    STREET,
    UNDERGROUND,
)
from .fast import IGNORED, LAST, SW, UNDER, Board, Line, Model, board, card_code, second_symbol, tourist_points

DEFAULT_ROLLOUTS = 600
SALT = 0x5EA7C4
# the greedy policy of the rollouts: a section's points now, plus these
TOURIST = 1.5      # a tourist site
ROOM = 0.3         # per section still open from the new end
KEEP = 1.5         # a pencil power (joker, switch) is spent only for this much more than a plain section
# the end of a round's value, besides its points and interchanges
TOURIST_LATER = 0.6   # per tourist site, for each round still to come (the track's later circles are worth more)
FUTURE_ROOM = 0.4     # per section open from a later pencil's departure
FUTURE_MEET = 0.3     # per station of the line a later line may meet (an interchange to make), per round to come


def parse_budget(budget: int | float | None) -> tuple[int | None, float | None]:
    if budget is None:
        return DEFAULT_ROLLOUTS, None
    if isinstance(budget, float):
        return None, budget
    return max(1, int(budget)), None


class Context:
    """What a round's end is valued with: the model, the player's tourist circles crossed before this
    round, the rounds to come, the later pencils' departures, the shared objectives and the earlier lines."""

    def __init__(self, model: Model, p: dict, state: dict, colour: str):
        self.model = model
        self.crossed = p["crossed"]
        self.later = ROUNDS - state["round"]
        used = set(p["used"]) | {colour}
        self.departures = [model.b.m.departures[c] for c in COLOURS if c not in used][:max(0, self.later)]
        self.objectives = list(state["objectives"])
        self.earlier = [ln for c, ln in p["lines"].items() if c != colour]


def value(ctx: Context, line: Line) -> float:
    """A round's end: its points (a circle not used yet: on the most visited district), the tourist track's
    marginal points, the interchanges made, and the objectives' and later rounds' share."""
    v = float(line.points() + line.inter)
    if line.power == "circle" and line.circled is None:
        v += line.districts
    if line.tourists:
        v += tourist_points(ctx.crossed + line.tourists) - tourist_points(ctx.crossed)
        v += TOURIST_LATER * ctx.later * line.tourists
    if ctx.later:
        b = ctx.model.b
        closed = line.closed
        for d in ctx.departures:
            v += FUTURE_ROOM * sum(1 for _t, j in b.neigh[d] if not (closed >> j) & 1)
    if ctx.objectives:
        v += objectives_value(ctx, line)
    return v


def objectives_value(ctx: Context, line: Line) -> float:
    """The shared objectives: met at the game's end, OBJECTIVE_POINTS; before the last round, a share of
    them by the progress made (squared: the last steps are the ones that count)."""
    b = ctx.model.b
    m = b.m
    stations = set()
    for ln in ctx.earlier:
        stations.update(ln["stations"])
    mine = [s for s in line.stations]
    out = 0.0
    for key in ctx.objectives:
        if key == "interchanges":
            colours: dict[int, int] = {}
            for ln in ctx.earlier:
                for s in set(ln["stations"]):
                    colours[s] = colours.get(s, 0) + 1
            for s in mine:
                colours[s] = colours.get(s, 0) + 1
            share = sum(1 for n in colours.values() if n >= 2) / OBJECTIVE_INTERCHANGES
        elif key == "every_district":
            share = len({m.district[s] for s in stations.union(mine)}) / b.districts
        elif key == "every_tourist":
            share = sum(1 for s in stations.union(mine) if m.tourist[s]) / 5
        elif key == "whole_centre":
            centre = [s for s in range(b.n) if m.district[s] == 4]
            share = sum(1 for s in stations.union(mine) if m.district[s] == 4) / len(centre)
        else:
            crossings = sum(1 for ln in ctx.earlier for k in ln["sections"] if m.crosses_river[k])
            share = (crossings + line.crossings) / OBJECTIVE_CROSSINGS
        if share >= 1:
            out += OBJECTIVE_POINTS
        elif ctx.later:
            out += OBJECTIVE_POINTS * share * share * 0.6
    return out


# ---- the rollouts' policy -------------------------------------------------------------------------------
def score(model: Model, line: Line, a: int, b: int, k: int) -> float:
    bd = model.b
    return (model.gain_of(line, a, b, k) + TOURIST * bd.tourist[b] + model.gain[b] +
            ROOM * model.room(line, b, k))


def best_move(model: Model, line: Line, moves: list, ctx: Context | None) -> tuple[tuple | None, float]:
    """The move the policy likes best and its score (ctx: the round's last answer, valued exactly)."""
    best, best_v = None, -1e9
    for mv in moves:
        if ctx is None:
            v = score(model, line, *mv)
        else:
            c = line.copy()
            model.draw(c, *mv)
            v = value(ctx, c)
        if v > best_v:
            best, best_v = mv, v
    return best, best_v


def answer(model: Model, line: Line, card: int, branch: bool, ctx: Context | None) -> None:
    """The policy's answer to a card: the best section (a power's if it is worth it), or a pass; a double's
    second section when there is one. ctx: this is the round's last card (answers valued exactly)."""
    code = card & 7
    moves = model.moves(line, code, branch)
    best, best_v = best_move(model, line, moves, ctx)
    power = line.power
    used = False
    if power == "joker" and code != 4 or power == "switch" and not branch:
        more = model.moves(line, 4, branch) if power == "joker" else model.moves(line, code, True)
        mv, v = best_move(model, line, more, ctx)
        if mv is not None and (best is None or v > best_v + (KEEP if ctx is None else 0)):
            best, used = mv, True
    if best is None:
        return
    if ctx is not None and best_v < value(ctx, line) and not used:
        return  # (a pass is better at the end: never, points only grow; kept for safety)
    model.draw(line, *best)
    if used:
        line.power = None
    elif power == "double":
        second = model.moves(line, second_symbol(card, best[1], model.b), branch)
        if second:
            mv, _v = best_move(model, line, second, ctx)
            if mv is not None:
                model.draw(line, *mv)
                line.power = None


def finish(ctx: Context, line: Line, deck: list[int], under: int, flipped: int) -> float:
    """Plays the rest of the round (the cards of `deck`, in order) with the policy; its end's value."""
    model = ctx.model
    branch = False
    i = 0
    while under < LAST:
        card = deck[i]
        i += 1
        flipped += 1
        if card & UNDER:
            under += 1
        if card & 7 == SW:
            if flipped >= IGNORED:
                branch = True
            continue
        answer(model, line, card, branch, ctx if under >= LAST else None)
        branch = False
    return value(ctx, line)


# ---- a decision -------------------------------------------------------------------------------------------
def unseen(state: dict) -> list[int]:
    """The cards not flipped yet this round (what the face-down cards may be, in some order)."""
    left = [card_code({"kind": "underground", "symbol": s}) for s in UNDERGROUND] + \
           [card_code({"kind": "street", "symbol": s}) for s in STREET]
    for c in state["flipped"]:
        left.remove(card_code(c))
    return left


def _stream(state: dict, seat: int, seed: int) -> dict:
    return {"rng": rng.seed_state(((seed or 0) * 1000003 + state["seq"] * 31 + seat) ^ SALT)}


def _candidates(state: dict, seat: int, acts: list[Action], ctx: Context, line: Line) -> list[tuple[Action, Line]]:
    """Each action's line right after it (the double's second section, when one follows, left to the
    rollouts' policy: the line is marked with the first one's card)."""
    model = ctx.model
    out = []
    for a in acts:
        verb, *args = a.id.split(":")[1:]
        c = line.copy()
        if verb in ("draw", "jdraw", "sdraw", "again"):
            x, y = int(args[0]), int(args[1])
            model.draw(c, x, y, model.b.section_of[(x, y)])
            if verb != "draw":
                c.power = None
        elif verb == "circle":
            model.circle(c, int(args[0]))
        out.append((a, c))
    return out


def _after_draw(ctx: Context, state: dict, a: Action, c: Line, deck_card: int, last: bool) -> None:
    """After a plain section with a double in hand: the second one, as the policy draws it."""
    verb, *args = a.id.split(":")[1:]
    if verb != "draw" or c.power != "double":
        return
    model = ctx.model
    second = model.moves(c, second_symbol(deck_card, int(args[1]), model.b), state["branch"])
    if second:
        mv, _v = best_move(model, c, second, ctx if last else None)
        if mv is not None:
            model.draw(c, *mv)
            c.power = None


def choose_hard(state: dict, seat: int, seed: int, budget: int | float | None = None) -> Action:
    acts = ns.legal_actions(state, seat)
    if not acts:
        raise ValueError(f"seat {seat} has nothing to decide")
    if len(acts) == 1:
        return acts[0]
    gen = _stream(state, seat, seed)
    rollouts, seconds = parse_budget(budget)
    p = state["players"][seat]
    b = board(state["map"])
    if p["pending"]["step"] == "pencil":
        return _pencil(state, seat, acts, b, gen, rollouts, seconds)
    model, line = Model.of_player(b, p, state["powers"])
    ctx = Context(model, p, state, p["colour"])
    card = card_code(state["card"])
    last = state["undergrounds"] >= LAST
    if p["pending"]["step"] == "draw" and line.power == "circle" and not last:
        acts = [a for a in acts if ":circle:" not in a.id]  # (the circle waits for the round's last card)
    cands = _candidates(state, seat, acts, ctx, line)
    if last:
        return _last(ctx, state, cands, card)
    for a, c in cands:
        _after_draw(ctx, state, a, c, card, False)
    left = unseen(state)
    under, flipped = state["undergrounds"], len(state["flipped"])
    totals = [0.0] * len(cands)
    runs = 0
    t0 = time.perf_counter()
    while True:
        deck = left[:]
        rng.shuffle(gen, deck)
        for i, (_a, c) in enumerate(cands):
            totals[i] += finish(ctx, c.copy(), deck, under, flipped)
        runs += 1
        if seconds is not None:
            if time.perf_counter() - t0 >= seconds:
                break
        elif runs * len(cands) >= (rollouts or 1):
            break
    best = max(range(len(cands)), key=lambda i: totals[i])
    return cands[best][0]


def _last(ctx: Context, state: dict, cands: list[tuple[Action, Line]], card: int) -> Action:
    """The round's last answer, valued exactly (a circle not used now is lost; a double's second section and
    the circle's draw after it at their best)."""
    model = ctx.model
    best, best_v = cands[0][0], -1e9
    for a, c in cands:
        verb = a.id.split(":")[1]
        if verb == "circle":
            v = value(ctx, c)
            for mv in model.moves(c, card & 7, state["branch"]):
                d = c.copy()
                model.draw(d, *mv)
                v = max(v, value(ctx, d))
        else:
            if c.power == "circle":
                c.power = None
            _after_draw(ctx, state, a, c, card, True)
            v = value(ctx, c)
        if v > best_v:
            best, best_v = a, v
    return best


def _pencil(state: dict, seat: int, acts: list[Action], b: Board, gen: dict, rollouts: int | None,
            seconds: float | None) -> Action:
    """Solo, a round's pencil: the colour whose round plays out best (the same card orders for each)."""
    p = state["players"][seat]
    cands = []
    for a in acts:
        colour = a.id.split(":")[2]
        model, line = Model.fresh(b, p, colour, state["powers"])
        cands.append((a, Context(model, p, state, colour), line))
    left = unseen({"flipped": []})
    totals = [0.0] * len(cands)
    runs = 0
    t0 = time.perf_counter()
    while True:
        deck = left[:]
        rng.shuffle(gen, deck)
        for i, (_a, ctx, line) in enumerate(cands):
            totals[i] += finish(ctx, line.copy(), deck, 0, 0)
        runs += 1
        if seconds is not None:
            if time.perf_counter() - t0 >= seconds:
                break
        elif runs * len(cands) >= (rollouts or 1):
            break
    best = max(range(len(cands)), key=lambda i: totals[i])
    return cands[best][0]


__all__ = ["choose_hard", "DEFAULT_ROLLOUTS", "SLOTS", "JOKER", "scoring"]
