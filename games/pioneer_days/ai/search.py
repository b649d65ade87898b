"""The `hard` level: determinised Monte Carlo search.

The easy ranking (heuristic.py) proposes a few candidate lines: the seat's own turn as a whole,
or one decision. Each round samples a fresh determinisation of the hidden information
(determinize.py), plays every candidate in it and lets every seat continue with the easy policy
(noise included: that is how easy opponents play) until the next day begins, then scores the
position as the seat's value minus half the best opponent's (value.relative). Candidates share
each round's sample and rollout seed (common random numbers); the best total wins.

Budget: a number of rollouts (one rollout = one candidate played in one sample; deterministic)
and/or a time in seconds (bounded time, not reproducible)."""

import time

from engine import rng

from ..rules.actions import Action
from ..rules.api import advance, clone
from ..rules.shape import Rng
from .determinize import determinize
from .heuristic import choose_easy, ranked
from .value import W, Weights, relative

DEFAULT_ROLLOUTS = 60
MAX_CANDIDATES = 3
MARGIN = 4.0  # lines this many VP below the best easy line are not searched
LAMBDA = 0.5  # weight of the best opponent's value in a rollout's score
SELF_NOISE = None  # the seat's own play in rollouts (None: as easy)
# hard's evaluation weights, tuned by self-play: in 400 4-player games an easy seat using them
# against three easy seats using value.W won 36% (25% = even); mean margin over the best other
# seat -4.3 VP, against -6.9 for an easy seat with value.W itself
W_HARD: Weights = {**W, "effect": 1.3, "cattle": 0.8, "goods": 0.2, "silver_early": 0.2}
MAX_STEPS = 400  # safety net: a rollout never plays more than this many actions


def parse_budget(budget: int | float | dict | None) -> tuple[int | None, float | None]:
    """(rollouts, seconds): None = default rollouts; int = rollouts; float = seconds; or a
    dict {"rollouts": n, "time": s} (whichever runs out first)."""
    if budget is None:
        return DEFAULT_ROLLOUTS, None
    if isinstance(budget, dict):
        rollouts, seconds = budget.get("rollouts"), budget.get("time")
        return (DEFAULT_ROLLOUTS if rollouts is None and seconds is None else rollouts), seconds
    if isinstance(budget, float):
        return None, budget
    return int(budget), None


def candidates(s: dict, seat: int) -> list:
    """The best line for each distinct first action, best first, pruned: [(line, value)]."""
    best: dict = {}
    for line, v in ranked(s, seat, w=W_HARD):
        if line[0].id not in best:
            best[line[0].id] = (line, v)
    lines = sorted(best.values(), key=lambda x: -x[1])
    top = lines[0][1]
    return [x for x in lines[:MAX_CANDIDATES] if x[1] >= top - MARGIN]


def _next_day_begun(s: dict, start: tuple) -> bool:
    return s["stage"] == "turn" and (s["week"], s["day"]) != start and s["step"] == "pick" \
        and s["turns_left"] == s["config"]["players"]


def rollout(s: dict, seat: int, gen: Rng) -> float:
    """Plays on (every seat with the easy policy) until the next day begins; scores it."""
    start = (s["week"], s["day"])
    for _ in range(MAX_STEPS):
        if s["stage"] == "over" or _next_day_begun(s, start):
            break
        who = s["turn"] if s["stage"] == "turn" else next(i for i, d in enumerate(s["pending"]) if d)
        if who == seat:
            a = choose_easy(s, who, gen, lite=True, noise=SELF_NOISE, w=W_HARD)
        else:
            a = choose_easy(s, who, gen, lite=True)
        advance(s, a)
    return relative(s, seat, LAMBDA, W_HARD)


def choose_hard(state: dict, seat: int, gen: Rng, budget: int | float | dict | None = None) -> Action:
    """The first action of the best candidate line (an Action of a determinised copy)."""
    rollouts, seconds = parse_budget(budget)
    t0 = time.perf_counter()
    cands = candidates(determinize(state, seat, gen), seat)
    if len(cands) == 1:
        return cands[0][0][0]
    totals = [0.0] * len(cands)
    done = 0
    while True:
        if rollouts is not None and done + len(cands) > max(rollouts, len(cands)):
            break
        if seconds is not None and done and time.perf_counter() - t0 > seconds:
            break
        det = determinize(state, seat, gen)
        seed = rng.below(gen, 1 << 62)
        last = len(cands) - 1
        for i, (line, _) in enumerate(cands):
            s = det if i == last else clone(det)  # the last candidate plays on the sample itself
            for a in line:
                advance(s, a)
            totals[i] += rollout(s, seat, {"rng": rng.seed_state(seed)})
        done += len(cands)
    best = max(range(len(cands)), key=lambda i: (totals[i], -i))
    return cands[best][0][0]
