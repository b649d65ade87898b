"""The `hard` level: determinised Monte Carlo search.

The easy ranking proposes a few candidate lines (the seat's own turn as a whole, or one
decision). Each round samples a fresh determinisation of the hidden information (determinize.py),
plays every candidate in it and continues the game with the cheap greedy policy (policy.py) for
all seats until the next day (or a few days) has begun, then scores the position with
value.relative. Candidates share each round's sample (common random numbers); the best mean
wins. Budget: a number of rollouts (deterministic) and/or seconds."""

import time

from .. import rng
from ..api import apply, clone, legal_actions
from .determinize import determinize
from .heuristic import choose_easy, ranked
from .policy import choose_fast
from .value import relative

DEFAULT_ROLLOUTS = 240
MAX_CANDIDATES = 5
MARGIN = 4.0  # candidates further than this below the best easy line are not searched
HORIZON_DAYS = 1
MAX_STEPS = 400
ROLLOUT_POLICY = "easy"
LITE = True
LAMBDA = 0.5  # weight of the best opponent's value in a rollout's score


def _policy(s: dict, who: int, gen: dict) -> str:
    if ROLLOUT_POLICY == "easy" or (ROLLOUT_POLICY == "mixed" and not (
            s["stage"] == "turn" and s["step"] in ("pick", "use", "wild", "equip"))):
        return choose_easy(s, who, gen, LITE).id.split(":", 1)[1]
    return choose_fast(s, who, gen)


def parse_budget(budget) -> tuple[int | None, float | None]:
    if budget is None:
        return DEFAULT_ROLLOUTS, None
    if isinstance(budget, dict):
        return budget.get("rollouts"), budget.get("time")
    if isinstance(budget, float):
        return None, budget
    return int(budget), None


def candidates(s: dict, seat: int) -> list:
    """The best line for each distinct first action, best first, pruned."""
    best: dict = {}
    for line, v in ranked(s, seat):
        if line[0].id not in best:
            best[line[0].id] = (line, v)
    lines = sorted(best.values(), key=lambda x: -x[1])
    top = lines[0][1]
    return [x for x in lines[:MAX_CANDIDATES] if x[1] >= top - MARGIN]


def _day_index(s: dict) -> int:
    return s["week"] * 10 + s["day"]


def rollout(s: dict, seat: int, gen: dict, horizon: int) -> float:
    """Plays on with the greedy policy until `horizon` more days have begun; scores it."""
    start = _day_index(s)
    for _ in range(MAX_STEPS):
        if s["stage"] == "over":
            break
        if s["stage"] == "turn" and s["step"] == "pick" and _day_index(s) - start >= horizon \
                and s["turn"] == s["start"] and s["turns_left"] == s["config"]["players"]:
            break
        deciders = [s["turn"]] if s["stage"] == "turn" else [i for i, d in enumerate(s["pending"]) if d]
        who = deciders[0]
        body = _policy(s, who, gen)
        apply(s, f"{who}:{body}", inplace=True, trusted=True)
    return relative(s, seat, LAMBDA)


def choose_hard(state: dict, seat: int, gen: dict, budget=None):
    rollouts, seconds = parse_budget(budget)
    t0 = time.perf_counter()
    root = determinize(state, seat, gen)
    cands = candidates(root, seat)
    if len(cands) == 1:
        return cands[0][0][0]
    totals = [0.0] * len(cands)
    n = 0
    done = 0
    while True:
        if rollouts is not None and done + len(cands) > max(rollouts, len(cands)):
            break
        if seconds is not None and n and time.perf_counter() - t0 > seconds:
            break
        det = determinize(state, seat, gen)
        seed = rng.below(gen, 1 << 62)
        for i, (line, _) in enumerate(cands):
            s = clone(det)
            for a in line:
                apply(s, a.id, inplace=True, trusted=True)
            totals[i] += rollout(s, seat, {"rng": rng.seed_state(seed)}, HORIZON_DAYS)
        n += 1
        done += len(cands)
    best = max(range(len(cands)), key=lambda i: (totals[i], -i))
    return cands[best][0][0]


__all__ = ["choose_hard", "legal_actions"]
