"""The hard level: determinized flat Monte Carlo (the Kingdomino study's finding for shallow tile games).

Each sample deals the tiles the seat has not seen (the deck, the other hand, the face-down queue tiles)
and the face-down spirits again among their places (a world it cannot tell from the real one); in it
every candidate is played with the rules, the rest of the turn with quick choices, and the next TURNS
turns with the fast model (rules/playout.py, both seats on its greedy policy). A rollout is worth the
seat's lead in stars then (the match's totals so far included), plus WIN for a lead (half for a tie).
The candidates: the easy order's best TOPK, and, on a play, the capture that takes the tile worth most to
the other player. (Tuned over 100-game duels against easy: playing to the end of the game, or searching
every move, or with 4x the rollouts, won less often.) Candidates share each sample (common random
numbers); the budget is spent by successive halving (the better half kept each phase).

budget: None = DEFAULT_ROLLOUTS; an int = rollouts (one candidate played out in one sample); a float =
seconds (not reproducible); {"rollouts": n, "time": s}: whichever ends first."""

import time
from collections.abc import Callable, Mapping
from typing import Any

from engine import rng

from ..rules import board as B
from ..rules import engine as eng
from ..rules.copying import clone
from ..rules.playout import Sim
from .easy import Judge

DEFAULT_ROLLOUTS = 240
WIN = 6.0  # a rollout's bonus for a win (half for a tie), besides its lead in stars
TURNS = 8  # turns a rollout plays with the fast model before it is judged (the stars then)
TOPK = 4  # candidates searched: the easy order's best, and the capture that most denies the other (a play)


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


class Root:
    """The searching seat's view, ready to be dealt again (determinized) any number of times."""

    def __init__(self, view: Mapping[str, Any], seat: int):
        self.view = view
        self.seat = seat
        judge = Judge(view, seat)
        self.unseen = judge.unseen
        self.unseen_spirits = judge.unseen_spirits()
        self.before = [sum(int(r["totals"][s]) for r in view["history"]) for s in (0, 1)]

    def deal(self, gen: rng.Rng) -> dict[str, Any]:
        """A whole state the seat cannot tell from its view."""
        s = clone({k: v for k, v in self.view.items() if k != "viewer"})
        tiles = list(self.unseen)
        rng.shuffle(gen, tiles)
        at = 0
        n = len(s["deck"])
        s["deck"] = tiles[:n]
        at = n
        for c in s["queue"]:
            if c[1] is not None:
                c[1] = tiles[at]
                at += 1
        for h in range(2):
            if h != self.seat:
                n = len(s["hands"][h])
                s["hands"][h] = sorted(tiles[at:at + n])
                at += n
        if any(t < 0 for t in s["look"]):
            s["look"] = tiles[at:at + len(s["look"])]
        spirits = list(self.unseen_spirits)
        rng.shuffle(gen, spirits)
        s["pile"] = spirits[:len(s["pile"])]
        s["rng"] = rng.below(gen, 1 << 62)
        return s

    def worth(self, sim: Sim, win: float = WIN) -> float:
        me, other = self.seat, 1 - self.seat
        a = self.before[me] + sim.total(me)
        b = self.before[other] + sim.total(other)
        return float(a - b) + (win if a > b else win / 2 if a == b else 0.0)


def finish_turn(state: dict[str, Any]) -> None:
    """Plays the rest of the turn in progress with quick choices (the first of the easy order's cheap
    stand-ins), until a turn begins or the game is over."""
    while state["step"]["kind"] not in ("play", "over"):
        seat = int(state["turn"])
        ids = eng.legal_ids(state, seat)
        eng.advance(state, quick(state, seat, ids), [])


def quick(state: Mapping[str, Any], seat: int, ids: list[str]) -> str:
    """A cheap choice mid-turn, as the playout model's policy would make it: a rainbow where it touches
    most, the capture or tile worth most, the spirit worth most (drawing when none face up is worth much),
    no tile given back."""
    kind = state["step"]["kind"]
    if kind == "hedgehog":
        return f"{seat}:hedgehog:none"
    sim = Sim.of(dict(state))
    if kind == "rainbow":
        board = state["boards"][seat]
        return max(ids, key=lambda a: sum(1 for j in B.NEIGHBOURS[B.parse(a.split(":")[2])] if board[j] != B.EMPTY))
    if kind in ("spirit", "keep"):
        def worth(a: str) -> int:
            key = a.split(":")[2]
            return 20 if key == "draw" else sim.spirit_worth(seat, key)
        return max(ids, key=worth)
    if kind in ("take", "otter", "mole"):
        return max(ids, key=lambda a: sim.gain(seat, B.parse(a.split(":")[2])))
    if kind == "kingfisher":
        return max(ids, key=lambda a: sim.gain(seat, B.parse(a.split(":")[2]))
                   + sim.gain(seat, B.parse(a.split(":")[3])))
    return ids[0]


Run = Callable[[list[int], list[float], list[int]], None]


def _runner(root: Root, cands: list[str], gen: rng.Rng, win: float = WIN) -> Run:
    def run(alive: list[int], totals: list[float], counts: list[int]) -> None:
        world = root.deal(gen)
        for i in alive:
            s = clone(world)
            eng.advance(s, cands[i], [])
            finish_turn(s)
            sim = Sim.of(s)
            sim.run(TURNS)
            totals[i] += root.worth(sim, win)
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
    cands = eng.legal_ids(view, seat)
    if len(cands) == 1:
        return cands[0]
    from .easy import ranked
    order = ranked(view, seat)
    cands = order[:TOPK]
    if len(order) > TOPK:
        if view["step"]["kind"] == "play":
            probe = Sim.of(dict(view))
            caps = [a for a in order if len(a.split(":")) == 4]
            if caps:
                deny = max(caps, key=lambda a: probe.gain(1 - seat, B.parse(a.split(":")[3])))
                if deny not in cands:
                    cands.append(deny)
    rollouts, seconds = parse_budget(budget)
    root = Root(view, seat)
    totals, counts, alive = search(len(cands), _runner(root, cands, gen), rollouts, seconds)
    best = max(alive, key=lambda i: (totals[i] / counts[i], -i))
    return cands[best]


def values(view: Mapping[str, Any], seat: int, seed: int, rollouts: int, only: list[str] | None = None,
           win: bool = True) -> dict[str, float]:
    """The hard AI's worth of each legal action (or of those in `only`): the mean of `rollouts` rollouts
    each, the same samples for every action; win=False: the lead in stars alone (the coach's measure)."""
    ids = eng.legal_ids(view, seat)
    if only is not None:
        ids = [a for a in ids if a in only]
    if not ids:
        return {}
    gen: rng.Rng = {"rng": rng.seed_state((seed * 1000003 + view["seq"] * 31 + seat + 0x5EED) & ((1 << 64) - 1))}
    root = Root(view, seat)
    run = _runner(root, ids, gen, WIN if win else 0.0)
    totals, counts = [0.0] * len(ids), [0] * len(ids)
    alive = list(range(len(ids)))
    for _ in range(max(1, rollouts)):
        run(alive, totals, counts)
    return {a: totals[i] / counts[i] for i, a in enumerate(ids)}
