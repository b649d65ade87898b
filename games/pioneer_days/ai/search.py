"""The `hard` level: determinised Monte Carlo search.

The easy ranking (heuristic.py) proposes a few candidate lines: the seat's own turn as a whole,
or one decision (up to SEARCH_CANDIDATES, within SEARCH_MARGIN VP of the best). Each round samples
a fresh determinisation of the hidden information (determinize.py), plays every candidate still in
the race in it and lets every seat continue with the easy policy until the next day begins (the
others with easy's noise: that is how easy opponents play; the seat itself without it), then
scores the position as the seat's value minus the best opponent's (value.relative; the coach's
review, half of it). In the game's last ENDGAME_DAYS days, hard's rollouts play on to the end and
a rollout it wins scores WIN_BONUS more.
Candidates share each round's sample and rollout seed (common random numbers). Successive halving:
after half the budget only the FINALISTS best so far play on; the finalist with the best total
wins. (Before: the 3 best candidates within 4 VP, 80 samples each at the bot's 240 rollouts.)

Budget: a number of rollouts (one rollout = one candidate played in one sample; deterministic)
and/or a time in seconds (bounded time, not reproducible)."""

import time

from engine import rng

from ..rules.actions import Action
from ..rules.api import advance, clone
from ..rules.constants import DAYS_PER_WEEK, WEEKS
from ..rules.shape import Rng
from .determinize import determinize
from .heuristic import choose_easy, ranked
from .value import W, Weights, relative

DEFAULT_ROLLOUTS = 60
MAX_CANDIDATES = 3  # the lines the coach's review compares (review.py)
MARGIN = 4.0  # lines this many VP below the best easy line are not reviewed
SEARCH_CANDIDATES = 5  # hard: the lines its search starts with...
SEARCH_MARGIN = 5.0  # ...at most this many VP below the best easy line
FINALISTS = 2  # hard: the lines kept for the second half of the budget (successive halving)
LAMBDA = 0.5  # weight of the best opponent's value in a rollout's score (the coach's review)
# hard: the whole of it. A game is won by beating the best other seat, so a VP taken from it counts
# as much as one gained; at 0.5 hard gave the runner-up two VP for one of its own
HARD_LAMBDA = 1.0
SELF_NOISE = 0.0  # hard: the seat's own play in its rollouts, easy's best line without easy's noise
# (the coach's review keeps easy's noise: rollout's default)
# hard's evaluation weights, tuned by self-play: in 400 4-player games an easy seat using them
# against three easy seats using value.W won 36% (25% = even); mean margin over the best other
# seat -4.3 VP, against -6.9 for an easy seat with value.W itself
W_HARD: Weights = {**W, "effect": 1.3, "cattle": 0.8, "goods": 0.2, "silver_early": 0.2}
MAX_STEPS = 400  # safety net: a rollout never plays more than this many actions
# hard, near the end: its rollouts play on to the game's end (not the next day's start) once at most
# ENDGAME_DAYS days are left, and a rollout the seat wins (VP, then silver) scores WIN_BONUS more: the game
# is won or lost by a VP or on silver there, where the margin alone is indifferent to winning by one
ENDGAME_DAYS = 2
WIN_BONUS = 3.0


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


def candidates(s: dict, seat: int, limit: int = MAX_CANDIDATES, margin: float = MARGIN) -> list:
    """The best line for each distinct first action, best first, pruned: [(line, value)]."""
    best: dict = {}
    for line, v in ranked(s, seat, w=W_HARD):
        if line[0].id not in best:
            best[line[0].id] = (line, v)
    lines = sorted(best.values(), key=lambda x: -x[1])
    top = lines[0][1]
    return [x for x in lines[:limit] if x[1] >= top - margin]


def _next_day_begun(s: dict, start: tuple) -> bool:
    return s["stage"] == "turn" and (s["week"], s["day"]) != start and s["step"] == "pick" \
        and s["turns_left"] == s["config"]["players"]


def endgame(s: dict) -> bool:
    """At most ENDGAME_DAYS days left (this one included)."""
    return s["week"] >= WEEKS and s["day"] > DAYS_PER_WEEK - ENDGAME_DAYS


def rollout(s: dict, seat: int, gen: Rng, self_noise: float | None = None, lam: float = LAMBDA,
            to_end: bool = False, win_bonus: float = 0.0) -> float:
    """Plays on (every seat with the easy policy; the seat's own noise: self_noise, None: easy's)
    until the next day begins (to_end: until the game's end); scores it (lam: the best opponent's
    weight, value.relative; win_bonus: an ended game scored by final_score, with this bonus for a win)."""
    start = None if to_end else (s["week"], s["day"])
    for _ in range(MAX_STEPS):
        if s["stage"] == "over" or (start is not None and _next_day_begun(s, start)):
            break
        who = s["turn"] if s["stage"] == "turn" else next(i for i, d in enumerate(s["pending"]) if d)
        if who == seat:
            a = choose_easy(s, who, gen, lite=True, noise=self_noise, w=W_HARD)
        else:
            a = choose_easy(s, who, gen, lite=True)
        advance(s, a)
    if win_bonus and s["stage"] == "over":
        return final_score(s, seat, lam, win_bonus)
    return relative(s, seat, lam, W_HARD)


def final_score(s: dict, seat: int, lam: float, win_bonus: float) -> float:
    """An ended game's score: the seat's VP (its silver, the tie-break, a thousandth each) minus lam times
    the best other seat's, plus win_bonus when the seat is among the winners: read from the rules' own results,
    the authority (value() at the end agrees with them: tests/pioneer_days/test_ai_value.py)."""
    mine, best = 0.0, -1e9
    for r in s["result"]:
        x = r["total"] + 0.001 * r["silver"]
        if r["seat"] == seat:
            mine = x
        elif x > best:
            best = x
    return mine - lam * best + (win_bonus if mine >= best else 0.0)


def choose_hard(state: dict, seat: int, gen: Rng, budget: int | float | dict | None = None) -> Action:
    """The first action of the best candidate line (an Action of a determinised copy).

    Successive halving: the first half of the budget plays every candidate (up to SEARCH_CANDIDATES)
    on the same samples; the second half only the FINALISTS best so far, on further shared samples;
    the finalist with the best total over all its samples wins. (With 240 rollouts and 5 candidates:
    24 samples each, then 60 more for each of the 2 finalists, where 3 candidates had 80 each.)"""
    rollouts, seconds = parse_budget(budget)
    t0 = time.perf_counter()
    cands = candidates(determinize(state, seat, gen), seat, SEARCH_CANDIDATES, SEARCH_MARGIN)
    if len(cands) == 1:
        return cands[0][0][0]
    to_end = endgame(state)
    totals = [0.0] * len(cands)
    alive = list(range(len(cands)))
    done = 0
    halved = len(cands) <= FINALISTS
    while True:
        if not halved and done and (
                (rollouts is not None and done + len(alive) > rollouts // 2)
                or (seconds is not None and time.perf_counter() - t0 > seconds / 2)):
            alive = sorted(sorted(alive, key=lambda i: (-totals[i], i))[:FINALISTS])
            halved = True
        if rollouts is not None and done + len(alive) > max(rollouts, len(cands)):
            break
        if seconds is not None and done and time.perf_counter() - t0 > seconds:
            break
        det = determinize(state, seat, gen)
        seed = rng.below(gen, 1 << 62)
        last = alive[-1]
        for i in alive:
            line = cands[i][0]
            s = det if i == last else clone(det)  # the last candidate plays on the sample itself
            for a in line:
                advance(s, a)
            totals[i] += rollout(s, seat, {"rng": rng.seed_state(seed)}, SELF_NOISE, HARD_LAMBDA, to_end,
                                 WIN_BONUS)
        done += len(alive)
    best = max(alive, key=lambda i: (totals[i], -i))
    return cands[best][0][0]
