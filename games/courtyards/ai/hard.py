"""The hard AI: the medium planner's best few first moves (plan.py: the turn finished the best way, the
position valued at its end), each tried in worlds sampled from what the seat cannot see (the other hands,
the money deck's order and where its scoring cards lie within their public windows, the bag's order): the
move played on the engine, the rest of the turn by the planner, the refill drawn, every other player's turn
by the easy AI, and the position valued when the seat is to move again (board.evaluate: a scoring card
drawn meanwhile is scored, a tile the refill brings is there to buy). The candidate with the best mean wins;
the same worlds for every candidate (common random numbers). Placing and the end's awards are decided by the
planner alone (nothing is hidden that they depend on).

budget: None = SIMS turn simulations; an int = the host's rollouts per decision (app/settings.py
ai_hard_budget, 240 by default), of which every ROLLOUTS_PER_SIM make one simulation here (a simulation
plays a whole round of turns); a float = seconds, at about SIMS_PER_SECOND."""

from typing import Any

from engine import rng

from ..rules import cards as money
from ..rules import engine as cy
from ..rules import knowledge
from ..rules.constants import SCORING
from ..tiles import TILES
from . import easy, plan
from .board import Board, evaluate

CANDIDATES = 3
SIMS = 6
ROLLOUTS_PER_SIM = 40
SIMS_PER_SECOND = 24
MAX_SIMS = 60


def sims_for(budget: Any) -> int:
    if budget is None:
        return SIMS
    if isinstance(budget, float):
        return max(CANDIDATES, min(MAX_SIMS, int(budget * SIMS_PER_SECOND)))
    return max(CANDIDATES, min(MAX_SIMS, int(budget) // ROLLOUTS_PER_SIM))


def world(view: dict, seat: int, gen: rng.Rng) -> dict:
    """A whole state the seat cannot tell from the real one, drawn from its view: the money it has not seen
    dealt to the other hands (their sizes kept) and the deck (its scoring cards put anywhere in what is left
    of their windows), the tiles it has not seen shuffled into the bag."""
    s = knowledge.clone(view)
    full = money.deck(str(view["config"].get("money", "full")))
    seen = list(view["display"]) + list(view["discard"]) + list(view["hands"][seat] or [])
    if knowledge.shown_hands(view):
        seen = list(view["display"]) + list(view["discard"]) + [c for h in view["hands"] for c in h]
    pool = list(full)
    for c in seen:
        pool.remove(c)
    rng.shuffle(gen, pool)
    if not knowledge.shown_hands(view):
        for x, size in enumerate(view["hand_sizes"]):
            if x != seat:
                s["hands"][x] = sorted(pool[:size])
                pool = pool[size:]
    inside = max(0, 2 - int(view["scored"]))
    s["deck"] = [SCORING] * inside  # (how many are still in: _insert_scoring reads it)
    s["deck"] = knowledge._insert_scoring(gen, s, pool)
    used = {int(c[2]) for p in view["palaces"] for c in p}
    used |= {int(t) for r in view["reserves"] for t in r} | {int(t) for t in view["neutral"]}
    used |= {int(t) for t in view["market"] if t is not None} | {int(t) for t in view["bought"]}
    used |= {int(q[1]) for q in view["queue"]}
    bag = [t for t in range(len(TILES)) if t not in used][: int(view["bag_size"])]
    rng.shuffle(gen, bag)
    s["bag"] = bag
    s["rng"] = rng.seed_state(rng.below(gen, 1 << 30))
    for k in ("deck_size", "bag_size", "hand_sizes", "viewer"):
        s.pop(k, None)
    return s


def _play_on(state: dict, seat: int, first: str) -> dict:
    """The first move, then the seat's turn finished by the planner, the others' turns by the easy AI, until the
    seat is to act again (or the game is over)."""
    s = knowledge.clone(state)
    _step(s, first)
    guard = 0
    while s["stage"] != "over" and guard < 200:
        guard += 1
        d = cy.deciders(s)[0]
        if d == seat and s["stage"] == "act" and not s["extra"]:
            break
        v = knowledge.view_for(s, d)
        acts = cy.legal_actions(s, d)
        if len(acts) == 1:
            aid = acts[0].id
        elif d == seat:
            aid = plan.best(Board(v, d))
        else:
            aid = easy.choose(Board(v, d))
        _step(s, aid)
    return s


def _step(s: dict, aid: str) -> None:
    """A move the AIs chose among the legal ones, played in place (no check, events dropped)."""
    cy.advance(s, aid, [])
    s["seq"] += 1


def _value(state: dict, seat: int) -> float:
    if state["stage"] == "over":
        totals = state["score"]
        others = [t for i, t in enumerate(totals) if i != seat]
        return 1000.0 * (1 if totals[seat] > max(others) else 0) + totals[seat] - max(others)
    return evaluate(Board(knowledge.view_for(state, seat), seat))


def choose_hard(view: dict, seat: int, gen: rng.Rng, budget: Any = None) -> str:
    b = Board(view, seat)
    vals = plan.values(b)
    ranked = sorted(vals, key=lambda a: (-vals[a], a))
    if view["stage"] != "act" or len(ranked) == 1:
        return ranked[0]
    cands = ranked[:CANDIDATES]
    samples = max(1, sims_for(budget) // len(cands))
    total = dict.fromkeys(cands, 0.0)
    for _ in range(samples):
        w = world(view, seat, gen)
        for a in cands:
            total[a] += _value(_play_on(w, seat, a), seat)
    return max(cands, key=lambda a: (total[a], vals[a], a))
