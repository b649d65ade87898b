"""A fast model of one game of Pyramid Poker for the rollouts (RULES.md P4-P16, the engine's rules on
plain lists), and the policy both seats play in it: easy's evaluation (heuristic.py), lite.

A Sim is a world with every face filled in (a determinization). Its policy reads only what the seat to
act may know in it (its own blocks and supply, the card it holds, the face-up cards) and values a
block of the other seat's on a few faces drawn from what that seat has not seen; the odds of the cards
a hand may still get are those of the search's root (Lite), so that the hands' strengths can be kept
from one rollout to the next."""

from collections.abc import Mapping
from typing import Any

from engine import rng

from ..rules import pyramid as geo
from ..rules.cards import is_joker
from ..rules.constants import HAND_SIZE, HANDS, LOOK, TARGETS
from .hands import Odds, beats, estimate, points_margin
from .heuristic import ACCESS, ADV_SCALE, CARD_MEAN, UNCOVER_OTHER, best_of_three, card_worth

SAMPLE = 4          # faces a block of the other seat's is valued on in a rollout
SUPPORTS, ABOVE, SPOTS = geo.SUPPORTS, geo.ABOVE, geo.SPOTS


class Sim:
    __slots__ = ("pyr", "own", "sup", "stock", "hands", "turn", "stage", "first", "holding", "look", "open",
                 "avail")

    def __init__(self) -> None:
        self.pyr: list[str | None] = []
        self.own: list[int] = []
        self.sup: list[list[str]] = [[], []]
        self.stock: list[str] = []
        self.hands: list[list[list[str]]] = []
        self.turn = 0
        self.stage = "build"
        self.first = 0
        self.holding: str | None = None
        self.look: list[str] = []
        self.open = False
        self.avail: list[int] = []  # the uncovered blocks (once the pyramid is built)

    @classmethod
    def of(cls, state: Mapping[str, Any]) -> "Sim":
        """The model of a state whose faces are all filled in."""
        s = cls()
        s.pyr = [b["card"] if b is not None else None for b in state["pyramid"]]
        s.own = [b["owner"] if b is not None else -1 for b in state["pyramid"]]
        s.sup = [list(x) for x in state["supply"]]
        s.stock = list(state["stock"])
        s.hands = [[list(h) for h in hs] for hs in state["hands"]]
        s.turn = state["turn"]
        s.stage = state["stage"]
        s.first = state["first"]
        s.holding = state["holding"]["card"] if state["holding"] is not None else None
        s.look = list(state["look"])
        s.open = state["config"]["blocks"] == "open"
        s.avail = geo.uncovered(state["pyramid"]) if s.stage != "build" else []  # (a view's faces may be None)
        return s

    def copy(self) -> "Sim":
        s = Sim.__new__(Sim)
        s.pyr = self.pyr[:]
        s.own = self.own[:]
        s.sup = [self.sup[0][:], self.sup[1][:]]
        s.stock = self.stock[:]
        s.hands = [[h[:] for h in hs] for hs in self.hands]
        s.turn, s.stage, s.first, s.holding = self.turn, self.stage, self.first, self.holding
        s.look = self.look[:]
        s.open = self.open
        s.avail = self.avail[:]
        return s

    # ---- the rules ------------------------------------------------------------------------------
    def placeable(self) -> list[int]:
        pyr = self.pyr
        return [s for s in range(SPOTS) if pyr[s] is None and all(pyr[t] is not None for t in SUPPORTS[s])]

    def uncovered(self) -> list[int]:
        pyr = self.pyr
        return [s for s in range(SPOTS) if pyr[s] is not None and not any(pyr[t] is not None for t in ABOVE[s])]

    def place(self, spot: int, card: str | None = None) -> None:
        seat = self.turn
        sup = self.sup[seat]
        if card is None:
            card = sup.pop(0)
        else:
            sup.remove(card)
        self.pyr[spot] = card
        self.own[spot] = seat
        if not self.sup[0] and not self.sup[1]:
            self.stage = "take"
            self.turn = 1 - self.first
            self.avail = self.uncovered()
        else:
            self.turn = 1 - seat

    def take(self, spot: int) -> None:
        card = self.pyr[spot]
        assert card is not None
        pyr = self.pyr
        pyr[spot] = None
        self.avail.remove(spot)
        for t in SUPPORTS[spot]:
            if all(pyr[u] is None for u in ABOVE[t]):
                self.avail.append(t)
        if not is_joker(card):
            self.holding = card
            self.stage = "hand"
            return
        look: list[str] = []
        while len(look) < LOOK and self.stock:
            c = self.stock.pop(0)
            if not is_joker(c):
                look.append(c)
        if not look:
            self._next()
            return
        self.look = look
        self.stage = "joker"

    def keep(self, i: int) -> None:
        self.holding = self.look[i]
        self.look = []
        self.stage = "hand"

    def put(self, h: int) -> None:
        assert self.holding is not None
        self.hands[self.turn][h].append(self.holding)
        self.holding = None
        self._next()

    def _next(self) -> None:
        self.stage = "take" if self.avail else "over"
        self.turn = 1 - self.turn

    def play(self, action_id: str) -> None:
        """An action id of the engine's (the seat to act's)."""
        _seat, verb, *args = action_id.split(":")
        if verb == "place":
            if len(args) == 1:
                self.place(int(args[0]))
            else:
                self.place(int(args[1]), args[0])
        elif verb == "take":
            self.take(int(args[0]))
        elif verb == "keep":
            self.keep(int(args[0]))
        else:
            self.put(int(args[0]) - 1)


class Lite:
    """The rollouts' policy for one search: the odds of each seat's hands (from the root, as the
    searching seat can tell them), the faces each seat may take a block of the other's for, and the
    hands' strengths met so far."""

    def __init__(self, odds: tuple[Odds, Odds], pools: tuple[list[str], list[str]], advanced: bool):
        self.odds = odds
        self.pools = pools
        self.advanced = advanced
        self.memo: tuple[dict, dict] = ({}, {})   # by seat: a hand (sorted) -> its strength
        self.adds: tuple[dict, dict] = ({}, {})   # by seat: (a hand, a card) -> the strength with it

    def strength(self, seat: int, hand: list[str]) -> float:
        memo = self.memo[seat]
        key = tuple(sorted(hand))
        v = memo.get(key)
        if v is None:
            v = memo[key] = estimate(hand, self.odds[seat])
        return v

    # ---- a card into a hand -----------------------------------------------------------------------
    def _base(self, sim: Sim, seat: int) -> tuple:
        mine, theirs = sim.hands[seat], sim.hands[1 - seat]
        ms = [self.strength(seat, h) for h in mine]
        ts = [self.strength(1 - seat, h) for h in theirs]
        p = [beats(mine[h], ms[h], theirs[h], ts[h]) for h in range(HANDS)]
        keys = [tuple(sorted(h)) if len(h) < HAND_SIZE else None for h in mine]
        return mine, theirs, ms, ts, p, keys

    def put(self, base: tuple, seat: int, card: str) -> tuple[float, int]:
        """(the position's value, the hand) for the best hand to put `card` into."""
        mine, theirs, ms, ts, p, keys = base
        memo = self.adds[seat]
        odds = self.odds[seat]
        best, where = -1e9, 0
        for h in range(HANDS):
            k = keys[h]
            if k is None:
                continue
            s = memo.get((k, card))
            if s is None:
                s = memo[(k, card)] = estimate([*k, card], odds)
            ph = beats(k + (card,), s, theirs[h], ts[h])
            if self.advanced:
                p2 = p[:]
                p2[h] = ph
                ms2 = ms[:]
                ms2[h] = s
                mine2 = mine[:]
                mine2[h] = [*k, card]
                v = ADV_SCALE * points_margin(mine2, ms2, theirs, ts, p2)
            else:
                a, b = (p[1], p[2]) if h == 0 else (p[0], p[2]) if h == 1 else (p[0], p[1])
                v = ph * (a + b) + a * b - 2 * ph * a * b
            if v > best:
                best, where = v, h
        return best, where

    # ---- the decisions ----------------------------------------------------------------------------
    def act(self, sim: Sim, gen: rng.Rng) -> None:
        stage = sim.stage
        seat = sim.turn
        if stage == "build":
            self._build(sim, seat)
        elif stage == "take":
            sim.take(self._take(sim, seat, gen))
        elif stage == "hand":
            assert sim.holding is not None
            sim.put(self.put(self._base(sim, seat), seat, sim.holding)[1])
        else:
            base = self._base(sim, seat)
            vals = [self.put(base, seat, c)[0] for c in sim.look]
            sim.keep(max(range(len(vals)), key=lambda i: (vals[i], -i)))

    def _build(self, sim: Sim, seat: int) -> None:
        spots = sim.placeable()
        known = [c for c, o in zip(sim.pyr, sim.own, strict=True) if o == seat and c is not None]
        if not sim.open:
            w = card_worth(sim.sup[seat][0], known) - CARD_MEAN
            sim.place(max(spots, key=lambda p: (w * (2 * ACCESS[p] - 1), -p)))
            return
        best, pick, where = -1e9, "", 0
        sup = sim.sup[seat]
        for card in sup:
            w = card_worth(card, known + [c for c in sup if c != card]) - CARD_MEAN
            for p in spots:
                v = w * (2 * ACCESS[p] - 1)
                if v > best:
                    best, pick, where = v, card, p
        sim.place(where, pick)

    def _sample(self, sim: Sim, seat: int, gen: rng.Rng) -> list[str]:
        """A few faces the seat has not seen (none of them face up now)."""
        pool = self.pools[seat]
        up = {c for hs in sim.hands for h in hs for c in h}
        out: list[str] = []
        for _ in range(3 * SAMPLE):
            c = pool[rng.below(gen, len(pool))]
            if c not in up and c != sim.holding:
                out.append(c)
                if len(out) == SAMPLE:
                    break
        return out

    def _take(self, sim: Sim, seat: int, gen: rng.Rng) -> int:
        spots = sim.avail
        if len(spots) == 1:
            return spots[0]
        pyr, own = sim.pyr, sim.own
        base = self._base(sim, seat)
        sample: list[float] | None = None
        best, pick = -1e9, spots[0]
        for s in spots:
            if own[s] != seat or is_joker(pyr[s]):  # type: ignore[arg-type]
                if sample is None:
                    sample = [self.put(base, seat, c)[0] for c in self._sample(sim, seat, gen)] or [0.0]
                v = best_of_three(sample) if own[s] == seat else sum(sample) / len(sample)
            else:
                v = self.put(base, seat, pyr[s])[0]  # type: ignore[arg-type]
            for t in SUPPORTS[s]:
                if own[t] != seat and not any(pyr[u] is not None for u in ABOVE[t] if u != s):
                    v -= UNCOVER_OTHER
            if v > best:
                best, pick = v, s
        return pick

    def rollout(self, sim: Sim, gen: rng.Rng) -> Sim:
        """Plays on to the showdown (the sim itself)."""
        while sim.stage != "over":
            self.act(sim, gen)
        return sim


def advanced(state: Mapping[str, Any]) -> bool:
    return state["config"]["match"] in TARGETS
