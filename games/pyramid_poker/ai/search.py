"""The `hard` level: determinized rollouts to the showdown.

Each sample deals the faces the seat has not seen (knowledge: the other seat's blocks and supply, the
stock, its own blind supply beyond the next block) again among the places it cannot see (a world it
cannot tell from the real one); in it every candidate action is played, then both seats play on with
easy's policy (sim.Lite) to the showdown. A rollout is worth (the root seat's view, in "percent"):
- basic: 100 for a won game, 50 a draw, 0 a loss, plus HAND_MARGIN per hand won more than the other;
- advanced: 100 x the chance to win the match after this game's points (100/50/0 when the game ends
  it; otherwise a race to the target: match_chance), plus POINT_MARGIN per point of the game's margin.
Candidates share each sample and each rollout's random stream (common random numbers); the budget is
spent by successive halving (the better half of the candidates kept each phase). The open variant's
building has up to 15 x 8 actions: the candidates are easy's best MAX_OPEN of them.

budget: None = DEFAULT_ROLLOUTS; an int = rollouts (one candidate played out in one sample); a float =
seconds (not reproducible); {"rollouts": n, "time": s}: whichever ends first."""

import time
from collections.abc import Callable, Mapping
from math import exp, sqrt
from typing import Any

from engine import rng

from ..rules import pyramid as geo
from ..rules import scoring
from ..rules.cards import DECK, is_joker
from ..rules.constants import TARGETS
from ..rules.engine import legal_actions
from .heuristic import ACCESS, CARD_MEAN, card_worth
from .seen import Seen
from .sim import Lite, Sim

DEFAULT_ROLLOUTS = 240
MAX_OPEN = 8          # candidates for an open building decision
HAND_MARGIN = 1.0     # basic: per hand of margin, besides the game's 100/50/0
POINT_MARGIN = 0.5    # advanced: per point of the game's margin
GAME_SWING = 3.0      # advanced: about how much a game's points margin varies (the race model)
POINTS_PER_GAME = 3.5  # advanced: about what a player scores per game


def parse_budget(budget: Any) -> tuple[int | None, float | None]:
    """(rollouts, seconds)."""
    if budget is None:
        return DEFAULT_ROLLOUTS, None
    if isinstance(budget, dict):
        r, t = budget.get("rollouts"), budget.get("time")
        if r is None and t is None:
            return DEFAULT_ROLLOUTS, None
        return (None if r is None else max(1, int(r))), (None if t is None else float(t))
    if isinstance(budget, float):
        return None, budget
    return max(1, int(budget)), None


def match_chance(mine: int, theirs: int, match: str, games: int) -> float:
    """The chance to win an advanced match at these totals after `games` games (0..1)."""
    if scoring.match_over(match, [mine, theirs], games):
        return 1.0 if mine > theirs else 0.0 if mine < theirs else 0.5
    target = TARGETS[match]
    need = max(1, min(target - mine, target - theirs))
    left = max(1.0, need / POINTS_PER_GAME)
    z = (mine - theirs) / (GAME_SWING * sqrt(left))
    return 1.0 / (1.0 + exp(-1.7 * z))


class Root:
    """The searching seat's view of the state, ready to be dealt again (determinized) any number of times."""

    def __init__(self, view: Mapping[str, Any], seat: int):
        self.view = view
        self.seat = seat
        self.match = view["config"]["match"]
        self.points = list(view["points"])
        self.games = len(view["history"])
        base = Sim.of(view)
        self.base = base
        self.holes: list[tuple] = [("pyr", i) for i, c in enumerate(base.pyr) if c is None and base.own[i] >= 0]
        self.holes += [("sup", s, j) for s in (0, 1) for j, c in enumerate(base.sup[s]) if c is None]
        self.holes += [("stock", j) for j, c in enumerate(base.stock) if c is None]
        self.plain_holes: list[tuple] = [("look", j) for j, c in enumerate(base.look) if c is None]
        if view["holding"] is not None and base.holding is None:
            self.plain_holes.append(("holding",))
        seen = {c for c in base.pyr if c is not None} | {c for x in base.sup for c in x if c is not None}
        seen |= {c for hs in base.hands for h in hs for c in h} | set(view["discards"])
        seen |= {c for c in base.look if c is not None} | ({base.holding} if base.holding else set())
        self.unseen = [c for c in DECK if c not in seen]
        self.seen = Seen(view, seat)

    def deal(self, gen: rng.Rng) -> Sim:
        """A world the seat cannot tell from the real one."""
        s = self.base.copy()
        faces = self.unseen[:]
        rng.shuffle(gen, faces)
        if self.plain_holes:
            plain = [f for f in faces if not is_joker(f)][:len(self.plain_holes)]
            for f in plain:
                faces.remove(f)
            for h, f in zip(self.plain_holes, plain, strict=True):
                if h[0] == "look":
                    s.look[h[1]] = f
                else:
                    s.holding = f
        for h, f in zip(self.holes, faces, strict=True):
            if h[0] == "pyr":
                s.pyr[h[1]] = f
            elif h[0] == "sup":
                s.sup[h[1]][h[2]] = f
            else:
                s.stock[h[1]] = f
        return s

    def lite(self) -> Lite:
        mine_odds, their_odds = self.seen.odds()
        me = [c for c in self.seen.unseen if not is_joker(c)]
        known = list(self.seen.mine.values()) + self.seen.supply
        them = me + [c for c in known if not is_joker(c)]
        pools = (me, them) if self.seat == 0 else (them, me)
        odds = (mine_odds, their_odds) if self.seat == 0 else (their_odds, mine_odds)
        return Lite(odds, pools, self.match in TARGETS)

    def worth(self, sim: Sim) -> float:
        """A finished rollout's worth to the searching seat."""
        rec = scoring.showdown(sim.hands)
        me, other = self.seat, 1 - self.seat
        if self.match not in TARGETS:
            res = 100.0 if rec["winner"] == me else 50.0 if rec["winner"] is None else 0.0
            return res + HAND_MARGIN * (rec["won"][me] - rec["won"][other])
        pts = rec["points"]
        mine, theirs = self.points[me] + pts[me], self.points[other] + pts[other]
        return 100.0 * match_chance(mine, theirs, self.match, self.games + 1) + POINT_MARGIN * (pts[me] - pts[other])


def candidates(view: Mapping[str, Any], seat: int) -> list[str]:
    """The actions searched: every legal one, but easy's best MAX_OPEN of an open building decision."""
    ids = [a.id for a in legal_actions(view, seat)]
    if view["stage"] != "build" or view["config"]["blocks"] != "open" or len(ids) <= MAX_OPEN:
        return ids
    seen = Seen(view, seat)
    known = list(seen.mine.values())
    worth = {c: card_worth(c, known + [x for x in seen.supply if x != c]) - CARD_MEAN for c in seen.supply}

    def score(aid: str) -> tuple:
        _s, _v, card, spot = aid.split(":")
        return (worth[card] * (2 * ACCESS[int(spot)] - 1), -geo.row_of(int(spot))[0], aid)

    return sorted(ids, key=score, reverse=True)[:MAX_OPEN]


Run = Callable[[list[int], list[float], list[int]], None]


def _runner(root: Root, cands: list[str], gen: rng.Rng) -> Run:
    lite = root.lite()

    def run(alive: list[int], totals: list[float], counts: list[int]) -> None:
        world = root.deal(gen)
        seed = rng.below(gen, 1 << 62)
        for i in alive:
            s = world.copy()
            s.play(cands[i])
            totals[i] += root.worth(lite.rollout(s, {"rng": rng.seed_state(seed)}))
            counts[i] += 1
    return run


def search(n: int, run: Run, rollouts: int | None, seconds: float | None) -> tuple[list[float], list[int], list[int]]:
    """(totals, counts, the candidates still in) after spending the budget on n candidates: with seconds,
    one rollout each at a time until the time is up (or the rollouts, if also given, are spent); with
    rollouts only, by successive halving."""
    totals, counts = [0.0] * n, [0] * n
    alive = list(range(n))
    if seconds is not None:
        t0 = time.perf_counter()
        while True:
            run(alive, totals, counts)
            if time.perf_counter() - t0 >= seconds or (rollouts is not None and sum(counts) + n > rollouts):
                break
        return totals, counts, alive
    budget = rollouts or 1
    phases = max(1, (n - 1).bit_length())
    for phase in range(phases):
        for _ in range(max(1, budget // (phases * len(alive)))):
            run(alive, totals, counts)
        if phase < phases - 1:
            alive.sort(key=lambda i: (-totals[i] / counts[i], i))
            alive = sorted(alive[:(len(alive) + 1) // 2])
    return totals, counts, alive


def choose_hard(view: Mapping[str, Any], seat: int, gen: rng.Rng, budget: Any = None) -> str:
    """The action id whose rollouts were worth most (`view`: the seat's view of the state)."""
    cands = candidates(view, seat)
    if len(cands) == 1:
        return cands[0]
    rollouts, seconds = parse_budget(budget)
    root = Root(view, seat)
    totals, counts, alive = search(len(cands), _runner(root, cands, gen), rollouts, seconds)
    best = max(alive, key=lambda i: (totals[i] / counts[i], -i))
    return cands[best]


def values(view: Mapping[str, Any], seat: int, seed: int, rollouts: int, only: list[str] | None = None
           ) -> dict[str, float]:
    """The hard AI's worth of each legal action (or of those in `only`), on the scale of its choice: the
    mean of `rollouts` rollouts each, the same samples for every action."""
    ids = [a.id for a in legal_actions(view, seat)]
    if only is not None:
        ids = [a for a in ids if a in only]
    if not ids:
        return {}
    gen: rng.Rng = {"rng": rng.seed_state((seed * 1000003 + view["seq"] * 31 + seat + 0x5EED) & ((1 << 64) - 1))}
    root = Root(view, seat)
    run = _runner(root, ids, gen)
    totals, counts = [0.0] * len(ids), [0] * len(ids)
    alive = list(range(len(ids)))
    for _ in range(max(1, rollouts)):
        run(alive, totals, counts)
    return {a: totals[i] / counts[i] for i, a in enumerate(ids)}
