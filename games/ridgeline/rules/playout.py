"""A fast model of the rest of a game, for the hard AI's rollouts (ai/search.py): the same turns as
engine.py on bit masks and int lists, every choice made by a quick greedy policy (worth, in tenths of a
star), whole turns only (it starts where a turn begins). The spirits act as in the rules, their choices
made greedily; the Mole's tiles go back under the deck rather than shuffled (a rollout's deck is a guess
anyway). Integer arithmetic only: the compiled build plays the same rollouts."""

from typing import Any

from . import board as B
from . import spirits as S
from .constants import HAND, HEAD_START

NONE = -1
PIECE = 10       # a tile placed: a star, in tenths
JOIN = 5         # per neighbour it touches already
BEACON = 7       # a beacon spot
SQUARE = 15      # a square it completes (a spirit)
SPIRIT_WORTH = {"mole": 12, "otter": 22, "magpie": 14, "hedgehog": 11, "crane": 13, "kingfisher": 18,
                "moth": 30}  # (now spirits: about what they bring, with the spirit's own star)
CURSE_STARS = S.number(S.CURSE, "stars")


class Sim:
    def __init__(self) -> None:
        self.tiles: list[int] = [0, 0]
        self.rbows: list[int] = [0, 0]
        self.sq: list[list[int]] = [[], []]
        self.keys: list[list[str]] = [[], []]
        self.up: list[int] = []
        self.down: list[int] = []
        self.hands: list[list[int]] = [[], []]
        self.deck: list[int] = []
        self.pile: list[str] = []
        self.row: list[str] = []
        self.rainbows = 0
        self.raven = NONE
        self.crane: list[int] = [0, 0]
        self.turn = 0
        self.first = 0
        self.start: list[int] = []
        self.over = False

    # ---- from a (whole, determinized) state at the start of a turn -------------------------------------
    @staticmethod
    def of(state: dict[str, Any]) -> "Sim":
        s = Sim()
        for seat in range(2):
            b = state["boards"][seat]
            s.tiles[seat] = B.mask_of(b, B.TILE)
            s.rbows[seat] = B.mask_of(b, B.RAINBOW)
            s.sq[seat] = [int(x["sq"]) for x in state["spirits"][seat]]
            s.keys[seat] = [str(x["key"]) for x in state["spirits"][seat]]
            s.hands[seat] = [int(t) for t in state["hands"][seat]]
        for c in state["queue"]:
            s.up.append(NONE if c[0] is None else int(c[0]))
            s.down.append(NONE if c[1] is None else int(c[1]))
        s.deck = [int(t) for t in state["deck"]]
        s.pile = [str(k) for k in state["pile"]]
        s.row = [str(k) for k in state["row"]]
        s.rainbows = int(state["rainbows"])
        s.first = int(state["first"])
        s.raven = NONE if state["raven"] is None else int(state["raven"])
        s.crane = [int(state["crane"][0]), int(state["crane"][1])]
        s.over = state["step"]["kind"] == "over"
        if not s.over:
            s.turn = int(state["turn"])
            s.start = [int(q) for q in state["start_sq"]]
        return s

    # ---- the policy's worth of things ------------------------------------------------------------------
    def gain(self, seat: int, x: int) -> int:
        """What placing tile x would bring `seat`, in tenths of a star (0: nothing)."""
        tiles, rb = self.tiles[seat], self.rbows[seat]
        bit = B.BIT[x]
        if tiles & bit:
            return 0
        if rb & bit and self.locked(seat, x):
            return 0
        pieces = tiles | rb
        v = PIECE + JOIN * B.count(B.NEIGHBOUR_MASK[x] & pieces)
        if x in B.BEACONS:
            v += BEACON
        for q in B.SQUARES_OF[x]:
            m = B.SQUARE_MASK[q]
            if (pieces | bit) & m == m and not pieces & m == m:
                v += SQUARE
        return v

    def locked(self, seat: int, x: int) -> bool:
        for q in self.sq[seat]:
            if B.SQUARE_MASK[q] & B.BIT[x]:
                return True
        return False

    def reach(self, seat: int) -> int:
        return 1 if self.crane[seat] == 1 else 0

    def best_capture(self, seat: int, tiles: list[int]) -> tuple[int, int, int]:
        """(worth, tile, target) of the best capture with one of `tiles` (worth -1: none)."""
        far = self.reach(seat)
        best, bt, bq = -1, NONE, NONE
        for t in tiles:
            gt = self.gain(seat, t)
            for q in self.up:
                if q != NONE and B.matches(t, q, far):
                    v = gt + self.gain(seat, q)
                    if v > best:
                        best, bt, bq = v, t, q
        return best, bt, bq

    # ---- pieces ------------------------------------------------------------------------------------------
    def rainbow_spot(self, seat: int) -> int:
        """Where the policy puts a rainbow: the empty spot next to the most pieces (the lowest on a tie)."""
        pieces = self.tiles[seat] | self.rbows[seat]
        if not pieces:
            return B.BOTTOM[0] if B.BOTTOM else NONE
        near = 0
        m = pieces
        while m:
            low = m & -m
            near |= B.NEIGHBOUR_MASK[low.bit_length() - 1]
            m ^= low
        near &= ~pieces
        best, at = -1, NONE
        while near:
            low = near & -near
            i = low.bit_length() - 1
            n = (B.NEIGHBOUR_MASK[i] & pieces).bit_count()
            if n > best:
                best, at = n, i
            near ^= low
        return at

    def put_rainbow(self, seat: int) -> None:
        at = self.rainbow_spot(seat)
        if at == NONE:
            self.rainbows += 1
        else:
            self.rbows[seat] |= B.BIT[at]

    def place(self, seat: int, x: int) -> None:
        bit = B.BIT[x]
        if self.rbows[seat] & bit:
            if self.locked(seat, x):
                return
            self.rbows[seat] &= ~bit
            self.tiles[seat] |= bit
            self.put_rainbow(seat)
            return
        self.tiles[seat] |= bit

    def take_up(self, q: int) -> None:
        for i in range(len(self.up)):
            if self.up[i] == q:
                self.up[i] = self.down[i]
                self.down[i] = NONE
                return

    def to_queue(self, t: int) -> None:
        for i in range(len(self.up)):
            if self.up[i] == NONE:
                self.up[i] = t
                return
        self.up.append(t)
        self.down.append(NONE)

    # ---- a turn --------------------------------------------------------------------------------------------
    def can_capture(self, seat: int) -> bool:
        far = self.reach(seat)
        for t in self.hands[seat]:
            for q in self.up:
                if q != NONE and B.matches(t, q, far):
                    return True
        return False

    def play_turn(self) -> None:
        seat = self.turn
        hand = self.hands[seat]
        worth, t, q = self.best_capture(seat, hand)
        if worth >= 0:
            hand.remove(t)
            self.take_up(q)
            self.place(seat, t)
            self.place(seat, q)
        else:
            low, lt = 1 << 30, NONE
            for x in hand:
                g = self.gain(seat, x)
                if g < low:
                    low, lt = g, x
            hand.remove(lt)
            self.to_queue(lt)
            d = self.deck.pop()
            worth, _t, q = self.best_capture(seat, [d])
            if worth >= 0:
                self.take_up(q)
                self.place(seat, d)
                self.place(seat, q)
            else:
                self.to_queue(d)
                if self.rainbows > 0:
                    self.rainbows -= 1
                    self.put_rainbow(seat)
        self.squares(seat)
        if self.crane[seat] > 0:
            self.crane[seat] -= 1
        self.begin(1 - seat)

    def squares(self, seat: int) -> None:
        pieces = self.tiles[seat] | self.rbows[seat]
        new = -1
        rb = self.rbows[seat]
        fewest = 5
        for q in range(len(B.SQUARES)):
            m = B.SQUARE_MASK[q]
            if pieces & m == m and q not in self.start and q not in self.sq[seat]:
                n = B.count(m & rb)
                if n < fewest:
                    fewest, new = n, q
        if new < 0 or (not self.row and not self.pile):
            return
        key = ""
        best = -1 << 30
        for k in self.row:
            v = self.spirit_worth(seat, k)
            if v > best:
                best, key = v, k
        if not key or (best < 20 and self.pile):
            drawn: list[str] = []
            for _ in range(min(2, len(self.pile))):
                drawn.append(self.pile.pop())
            if S.CURSE in drawn:
                drawn.remove(S.CURSE)
                if drawn:
                    self.meet(seat, drawn[0], new)
                self.raven = seat
                return
            if len(drawn) == 2:
                a, b = drawn[0], drawn[1]
                if self.spirit_worth(seat, b) > self.spirit_worth(seat, a):
                    a, b = b, a
                self.row.append(b)
                key = a
            else:
                key = drawn[0]
        else:
            self.row.remove(key)
        self.meet(seat, key, new)

    def spirit_worth(self, seat: int, key: str) -> int:
        if key in SPIRIT_WORTH:
            return SPIRIT_WORTH[key]
        board = self.board(seat)
        return PIECE + PIECE * S.end_stars(key, board, self.sq[seat]) + 5

    def meet(self, seat: int, key: str, q: int) -> None:
        if self.raven == seat:
            self.raven = 1 - seat
        self.sq[seat].append(q)
        self.keys[seat].append(key)
        r = S.rule(key)
        if r == "look_keep":
            n = min(S.number(key, "look"), len(self.deck))
            if n:
                look = [self.deck.pop() for _ in range(n)]
                best, bt = -1, NONE
                for t in look:
                    g = self.gain(seat, t)
                    if g > best:
                        best, bt = g, t
                look.remove(bt)
                self.hands[seat].append(bt)
                self.deck = look + self.deck
        elif r == "free_capture":
            best, bq = -1, NONE
            for q2 in self.up:
                if q2 != NONE:
                    g = self.gain(seat, q2)
                    if g > best:
                        best, bq = g, q2
            if bq != NONE:
                self.take_up(bq)
                self.place(seat, bq)
        elif r == "take_hidden":
            for i in range(len(self.down)):
                if self.down[i] != NONE:
                    self.hands[seat].append(self.down[i])
                    self.down[i] = NONE
                    break
        elif r == "next_turn_neighbours":
            self.crane[seat] = 2
        elif r == "extra_capture":
            worth, t, q2 = self.best_capture(seat, self.hands[seat])
            if worth >= 0:
                self.hands[seat].remove(t)
                self.take_up(q2)
                self.place(seat, t)
                self.place(seat, q2)

    def begin(self, seat: int) -> None:
        hand = self.hands[seat]
        while len(hand) < HAND and self.deck:
            hand.append(self.deck.pop())
        if not self.deck and not self.can_capture(seat):
            if not self.can_capture(1 - seat):
                self.over = True
                return
            seat = 1 - seat
        self.turn = seat
        pieces = self.tiles[seat] | self.rbows[seat]
        self.start = [q for q in range(len(B.SQUARES)) if pieces & B.SQUARE_MASK[q] == B.SQUARE_MASK[q]]

    def run(self, turns: int = 1000) -> None:
        while not self.over and turns > 0:
            self.play_turn()
            turns -= 1

    # ---- the score -----------------------------------------------------------------------------------------
    def board(self, seat: int) -> list[int]:
        out = [B.EMPTY] * B.SPOTS
        t, r = self.tiles[seat], self.rbows[seat]
        for i in range(B.SPOTS):
            if t & B.BIT[i]:
                out[i] = B.TILE
            elif r & B.BIT[i]:
                out[i] = B.RAINBOW
        return out

    def total(self, seat: int) -> int:
        """The seat's stars now (R50-R55), from the masks."""
        tiles, pieces = self.tiles[seat], self.tiles[seat] | self.rbows[seat]
        area = 0
        for a in B.areas(pieces):
            area = max(area, (a & tiles).bit_count())
        joined = B.grow(pieces & B.BOTTOM_MASK, pieces)
        lit = 0
        summit = 0
        for b in B.BEACONS:
            if tiles & joined & B.BIT[b]:
                lit += 1
                if b in B.SUMMIT:
                    summit += 1
        stars = area + B.BEACON_STARS * lit + (B.SUMMIT_BONUS if summit == len(B.SUMMIT) else 0)
        stars += len(self.keys[seat])
        board: list[int] = []
        for k in self.keys[seat]:
            if S.kind(k) == "end" or S.rule(k) == "stars_now":
                if not board:
                    board = self.board(seat)
                stars += S.end_stars(k, board, self.sq[seat])
        if self.raven == seat:
            stars += CURSE_STARS
        if seat != self.first:
            stars += HEAD_START
        return stars
