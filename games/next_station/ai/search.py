"""The hard AI: a one-player look-ahead through the rest of the round.

A player's map is independent of the others' (only the cards are shared), so a decision is one seat's: for
each legal action, the rest of the round is played out on the fast model (fast.py) with a greedy policy,
over orders of the cards not flipped yet this round drawn again from the AI's own stream (the cards still
face down are unknown to it: state["deck"] is never read), the same orders for every action (common random
numbers); the action whose round ends best on average wins. The end of a round is valued by its line's
points, what its tourist sites add to the track, the interchanges it makes with the earlier lines, the
shared objectives' progress, and a little for the rounds to come (the room left around the departures of
the pencils still to draw with, the stations the later lines may meet). The round's last decisions (the 5th
underground card, then the circle kept for the end: R36) are valued exactly. Solo, the pencils' order is
chosen before the first card (R11), each pick the colour whose round plays out best on the map as it is.
The game's edition is followed (rules/edition.py, the fast model's): in edition 1 the pencil is chosen at each
round's start, and the circle, which cannot wait past the last card, is used at it at the latest.

budget: None is DEFAULT_ROLLOUTS; an int is a number of rollouts (split among the actions); a float is
seconds (rollouts go on, one for each action at a time, until the time is up: not reproducible)."""

import time
from collections.abc import Callable

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
from ..rules.edition import edition, last_circle, pencils_first
from .fast import ICH, IGNORED, LAST, SW, UNDER, Board, Line, Model, board, card_code, second_symbol, tourist_points

DEFAULT_ROLLOUTS = 600
SALT = 0x5EA7C4
# the greedy policy of the rollouts: a section's points now, plus these
TOURIST = 1.5      # a tourist site
ROOM = 0.3         # per section still open from the new end
LOOK = 1.0         # the next card's best points, on average (instead of ROOM)
AHEAD_TOURIST = 0.0  # a tourist site the next card may reach
HALVING = True     # successive halving of the actions (else the budget split evenly)
PENCIL_GAME = False  # the solo pencil by rollouts to the game's end
GAME = False       # rollouts to the game's end (the rounds to come played by the policy)
PASS = True        # a pass when the next card promises more than any section now
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
        self.powers = state["powers"]
        n = len(state["players"])
        order = p.get("order") or []
        self.order = [COLOURS[(SLOTS[n][p["seat"]] - (r - 1)) % 4] for r in range(state["round"] + 1, ROUNDS + 1)] \
            if n > 1 else order[state["round"]:] if len(order) == ROUNDS else None
        self.unused = [c for c in COLOURS if c not in used]
        b = model.b
        self.colours = [0] * b.n
        for ln in self.earlier:
            if scoring.through(ln, model.ed):  # (a line with no section goes through no station: R28)
                for s in set(ln["stations"]):
                    self.colours[s] += 1
        self.crossings = sum(1 for ln in self.earlier for k in ln["sections"] if b.m.crosses_river[k])

    def play_on(self, line: Line, decks: list[list[int]]) -> float:
        """The game's end after this round's line, the rounds to come played with the policy on these decks
        (solo, each round's pencil the unused one with the most room at its departure): its points, but the
        earlier rounds' lines (the same for every action)."""
        b = self.model.b
        colours = self.colours[:]
        through = not self.model.needs_section  # (R28: a line goes through its stations once it has a section)
        for s in line.stations if line.sections or through else ():
            colours[s] += 1
        points = line.points() + (line.districts if line.power == "circle" else 0)
        crossed = self.crossed + line.tourists
        crossings = self.crossings + line.crossings
        closed = line.closed
        unused = self.unused[:]
        for r, deck in enumerate(decks):
            if self.order is not None:
                colour = self.order[r]
            else:
                colour = max(unused, key=lambda c: sum(1 for _t, j in b.neigh[b.m.departures[c]]
                                                       if not (closed >> j) & 1))
                unused.remove(colour)
            gain = tuple(ICH[n + 1] - ICH[n] for n in colours)
            model = Model(b, gain, self.model.ed)
            nl = model.start(b.m.departures[colour], closed,
                             self.powers.get(colour) if self.powers else None)
            play_round(model, nl, deck, 0, 0, None)
            for s in nl.stations if nl.sections or through else ():
                colours[s] += 1
            points += nl.points() + (nl.districts if nl.power == "circle" else 0)
            crossed += nl.tourists
            crossings += nl.crossings
            closed = nl.closed
        total = points + tourist_points(crossed) + sum(ICH[n] for n in colours)
        for key in self.objectives:
            total += OBJECTIVE_POINTS * met(b, key, colours, crossings)
        return total


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


def met(b: Board, key: str, colours: list[int], crossings: int) -> bool:
    m = b.m
    if key == "interchanges":
        return sum(1 for n in colours if n >= 2) >= OBJECTIVE_INTERCHANGES
    if key == "every_district":
        return len({m.district[s] for s in range(b.n) if colours[s]}) == b.districts
    if key == "every_tourist":
        return all(colours[s] for s in range(b.n) if m.tourist[s])
    if key == "whole_centre":
        return all(colours[s] for s in range(b.n) if m.district[s] == 4)
    return crossings >= OBJECTIVE_CROSSINGS


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
            through = not ctx.model.needs_section  # (R28)
            for ln in ctx.earlier:
                for s in set(ln["stations"]) if scoring.through(ln, ctx.model.ed) else ():
                    colours[s] = colours.get(s, 0) + 1
            for s in mine if line.sections or through else ():
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
def score(model: Model, line: Line, a: int, b: int, k: int, odds) -> float:
    bd = model.b
    first = not line.sections and model.needs_section
    inter = model.gain[b] + (model.gain[a] if first else 0)  # (the first section: its departure too, R28)
    if LOOK:
        return (model.gain_of(line, a, b, k) + TOURIST * bd.tourist[b] + inter +
                LOOK * model.ahead(line, a, b, k, odds, AHEAD_TOURIST))
    return model.gain_of(line, a, b, k) + TOURIST * bd.tourist[b] + inter + ROOM * model.room(line, b, k)


def best_move(model: Model, line: Line, moves: list[tuple[int, int, int]], ctx: Context | None,
              odds=None) -> tuple[tuple | None, float]:
    """The move the policy likes best and its score (ctx: the round's last answer, valued exactly)."""
    best, best_v = None, -1e9
    for mv in moves:
        if ctx is None:
            v = score(model, line, *mv, odds)
        else:
            c = line.copy()
            model.draw(c, *mv)
            v = value(ctx, c)
        if v > best_v:
            best, best_v = mv, v
    return best, best_v


def answer(model: Model, line: Line, card: int, branch: bool, ctx: Context | None, odds=None,
           log: list | None = None) -> None:
    """The policy's answer to a card: the best section (a power's if it is worth it), or a pass; a double's
    second section when there is one. ctx: this is the round's last card (answers valued exactly)."""
    code = card & 7
    moves = model.moves(line, code, branch)
    best, best_v = best_move(model, line, moves, ctx, odds)
    power = line.power
    used = False
    if power == "joker" and code != 4 or power == "switch" and not branch:
        more = model.moves(line, 4, branch) if power == "joker" else model.moves(line, code, True)
        mv, v = best_move(model, line, more, ctx, odds)
        if mv is not None and (best is None or v > best_v + (KEEP if ctx is None else 0)):
            best, used = mv, True
    if best is None:
        return
    if PASS and ctx is None and LOOK * model.ahead(line, -1, -1, -1, odds, AHEAD_TOURIST) > best_v:
        return
    if ctx is not None and best_v < value(ctx, line) and not used:
        return  # (a pass is better at the end: never, points only grow; kept for safety)
    model.draw(line, *best)
    if log is not None:
        verb = ("jdraw" if power == "joker" else "sdraw") if used else "draw"
        log.append((verb, best[0], best[1]))
    if used:
        line.power = None
    elif power == "double":
        second = model.moves(line, second_symbol(card, best[1], model.b, model.ed), branch)
        if second:
            mv, _v = best_move(model, line, second, ctx, odds)
            if mv is not None:
                model.draw(line, *mv)
                line.power = None
                if log is not None:
                    log.append(("again", mv[0], mv[1]))


def play_round(model: Model, line: Line, deck: list[int], under: int, flipped: int, ctx: Context | None,
               log: list | None = None) -> None:
    """Plays the rest of the round (the cards of `deck`, in order) with the policy (ctx: the last card's
    answer valued exactly by it)."""
    branch = False
    i = 0
    left = [0, 0, 0, 0, 0, 0, 0]
    for c in deck:
        left[c & 7] += 1
    while under < LAST:
        card = deck[i]
        i += 1
        flipped += 1
        left[card & 7] -= 1
        if card & UNDER:
            under += 1
        if card & 7 == SW:
            if flipped >= IGNORED:
                branch = True
            continue
        if log is not None:
            log.append(("card", flipped))
        if under >= LAST:
            answer(model, line, card, branch, ctx, NOTHING, log)
        else:
            n = left[0] + left[1] + left[2] + left[3] + left[4]
            odds = [x / n for x in left[:5]] if n else NOTHING
            answer(model, line, card, branch, None, odds, log)
        branch = False


NOTHING = [0.0] * 5


def odds_of(cards: list[int]) -> list[float]:
    """The chance of each symbol code (0-4) being the next card's, from the cards still to come."""
    counts = [0] * 7
    for x in cards:
        counts[x & 7] += 1
    n = sum(counts[:5])
    return [x / n for x in counts[:5]] if n else NOTHING


def finish(ctx: Context, line: Line, deck: list[int], under: int, flipped: int, later=None) -> float:
    """Plays the rest of the round with the policy; its end's value (later: the decks of the rounds to come,
    played too: the game's end is valued)."""
    play_round(ctx.model, line, deck, under, flipped, ctx)
    if later is None:
        return value(ctx, line)
    return ctx.play_on(line, later)


# ---- a decision -------------------------------------------------------------------------------------------
def unseen(state: dict) -> list[int]:
    """The cards not flipped yet this round (what the face-down cards may be, in some order)."""
    left = [card_code({"kind": "underground", "symbol": s}) for s in UNDERGROUND] + \
           [card_code({"kind": "street", "symbol": s}) for s in STREET]
    for c in state["flipped"]:
        left.remove(card_code(c))
    return left


def _stream(state: dict, seat: int, seed: int) -> rng.Rng:
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


def _after_draw(ctx: Context, state: dict, a: Action, c: Line, deck_card: int, last: bool, odds=None) -> None:
    """After a plain section with a double in hand: the second one, as the policy draws it."""
    verb, *args = a.id.split(":")[1:]
    if verb != "draw" or c.power != "double":
        return
    model = ctx.model
    second = model.moves(c, second_symbol(deck_card, int(args[1]), model.b, model.ed), state["branch"])
    if second:
        mv, _v = best_move(model, c, second, ctx if last else None, odds)
        if mv is not None:
            model.draw(c, *mv)
            c.power = None


def _evaluator(state: dict, seat: int, seed: int) -> tuple[list[Action], Callable | None, list[float] | None]:
    """The seat's actions and how they are valued: run(alive, totals) adding one rollout to each alive action
    (the same card orders for all), or, the round's last answer, their exact values."""
    acts = ns.legal_actions(state, seat)
    if not acts:
        raise ValueError(f"seat {seat} has nothing to decide")
    gen: rng.Rng = _stream(state, seat, seed)
    p = state["players"][seat]
    b = board(state["map"])
    step = p["pending"]["step"]
    if step == "pencil":
        return _pencil(state, seat, acts, b, gen)
    ed = edition(state)
    model, line = Model.of_player(b, p, state["powers"], ed)
    ctx = Context(model, p, state, p["colour"])
    if step == "circle":  # the round's cards all answered: the line is whole, each circle valued exactly
        cands = _candidates(state, seat, acts, ctx, line)
        for _a, c in cands:
            c.power = None  # (not taken now: lost)
        return acts, None, [value(ctx, c) for _a, c in cands]
    card = card_code(state["card"])
    last = state["undergrounds"] >= LAST
    if step == "draw" and line.power == "circle" and (last_circle(ed) or not last):
        waits = [a for a in acts if ":circle:" not in a.id]  # (the circle waits for the round's end: R36)
        acts = waits or acts
    cands = _candidates(state, seat, acts, ctx, line)
    if last:
        return acts, None, _last(ctx, state, cands, card)
    left = unseen(state)
    odds = odds_of(left)
    for a, c in cands:
        _after_draw(ctx, state, a, c, card, False, odds)
    under, flipped = state["undergrounds"], len(state["flipped"])
    full = unseen({"flipped": []})

    def run(alive: list[int], totals: list[float]) -> None:
        deck = left[:]
        rng.shuffle(gen, deck)
        later = None
        if GAME and ctx.later:
            later = []
            for _r in range(ctx.later):
                d = full[:]
                rng.shuffle(gen, d)
                later.append(d)
        for i in alive:
            totals[i] += finish(ctx, cands[i][1].copy(), deck, under, flipped, later)

    return acts, run, None


def choose_hard(state: dict, seat: int, seed: int, budget: int | float | None = None) -> Action:
    acts = ns.legal_actions(state, seat)
    if len(acts) == 1:
        return acts[0]
    acts, run, exact = _evaluator(state, seat, seed)
    if exact is not None or run is None:
        return acts[max(range(len(acts)), key=lambda i: exact[i])]  # type: ignore[index]
    rollouts, seconds = parse_budget(budget)
    return acts[_search(len(acts), run, rollouts, seconds)]


def values(state: dict, seat: int, seed: int, rollouts: int) -> dict[str, float]:
    """Each legal action's worth by the look-ahead (the coach): the mean points at the round's end over the
    same rollouts for every action (exact for the round's last answer)."""
    acts, run, exact = _evaluator(state, seat, seed)
    if exact is not None or run is None:
        return {a.id: v for a, v in zip(acts, exact or [], strict=True)}
    totals = [0.0] * len(acts)
    alive = list(range(len(acts)))
    times = max(1, rollouts // max(1, len(acts)))
    for _ in range(times):
        run(alive, totals)
    out = {a.id: t / times for a, t in zip(acts, totals, strict=True)}
    for a in ns.legal_actions(state, seat):
        out.setdefault(a.id, min(out.values()))  # (a circle held back for the last card: not looked at)
    return out


def _search(n: int, run, rollouts: int | None, seconds: float | None) -> int:
    """The best of n actions by their rollouts' mean, run(alive, totals) adding one rollout to each alive
    action, on the same cards: in seconds, all of them until the time is up; with a number of rollouts,
    by successive halving (the budget split evenly among halving phases, the better half kept each time)."""
    totals = [0.0] * n
    alive = list(range(n))
    if seconds is not None:
        t0 = time.perf_counter()
        while True:
            run(alive, totals)
            if time.perf_counter() - t0 >= seconds:
                break
        return max(alive, key=lambda i: totals[i])
    budget = rollouts or 1
    if not HALVING:
        for _ in range(max(1, budget // n)):
            run(alive, totals)
        return max(alive, key=lambda i: totals[i])
    phases = max(1, (n - 1).bit_length())
    for phase in range(phases):
        for _ in range(max(1, budget // (phases * len(alive)))):
            run(alive, totals)
        if phase < phases - 1:
            alive.sort(key=lambda i: (-totals[i], i))
            alive = sorted(alive[:(len(alive) + 1) // 2])
    return max(alive, key=lambda i: totals[i])


def _last(ctx: Context, state: dict, cands: list[tuple[Action, Line]], card: int) -> list[float]:
    """The round's last answers' exact values (a double's second section at its best; a circle still in hand
    is valued as it will be used at the round's end, value(); edition 1, where the circle cannot wait: a
    circle now with the card's best section after it, and a circle not used now is lost)."""
    model = ctx.model
    now = not last_circle(model.ed)
    out = []
    for a, c in cands:
        if now and a.id.split(":")[1] == "circle":
            v = value(ctx, c)
            for mv in model.moves(c, card & 7, state["branch"]):
                d = c.copy()
                model.draw(d, *mv)
                v = max(v, value(ctx, d))
            out.append(v)
            continue
        if now and c.power == "circle":
            c.power = None
        _after_draw(ctx, state, a, c, card, True)
        out.append(value(ctx, c))
    return out


def _pencil(state: dict, seat: int, acts: list[Action], b: Board,
            gen: rng.Rng) -> tuple[list[Action], Callable | None, list[float] | None]:
    """Solo, the pencils' order, one round's pencil at a time (edition 1: this round's pencil): the colour whose
    round plays out best on the map as it is (the same card orders for each)."""
    ed = edition(state)
    p = state["players"][seat]
    if pencils_first(ed):
        p = {**p, "used": p["order"]}  # (the pencils ordered so far)
    cands = []
    for a in acts:
        colour = a.id.split(":")[2]
        model, line = Model.fresh(b, p, colour, state["powers"], ed)
        cands.append((a, Context(model, p, state, colour), line))
    full = unseen({"flipped": []})
    later_rounds = cands[0][1].later

    def run(alive: list[int], totals: list[float]) -> None:
        deck = full[:]
        rng.shuffle(gen, deck)
        later = None
        if PENCIL_GAME and later_rounds:
            later = []
            for _r in range(later_rounds):
                d = full[:]
                rng.shuffle(gen, d)
                later.append(d)
        for i in alive:
            _a, ctx, line = cands[i]
            totals[i] += finish(ctx, line.copy(), deck, 0, 0, later)

    return acts, run, None


__all__ = ["choose_hard", "values", "DEFAULT_ROLLOUTS", "SLOTS", "JOKER", "scoring"]
