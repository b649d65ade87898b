"""The easy level: greedy on the stars a move adds to its own panorama now (RULES.md's scoring: the
largest area, the beacons lit, the spirits and what they score), from the seat's view only. Each legal
action gets a worth in stars; the Discord decision lists the moves by it, best first (show.py).

- a capture: the stars the two tiles add (a rainbow they lift put back where it joins most), and a
  spirit's worth when they complete a square;
- no capture: the second chance's mean over every tile the seat has not seen (what it would capture, or
  the rainbow it would bring);
- a rainbow's spot, a spirit (its stars now, a mean for the spirits of the "now" kind), a tile kept or
  given back: the same measure."""

from collections.abc import Mapping
from typing import Any

from ..rules import board as B
from ..rules import engine as eng
from ..rules import scoring
from ..rules import spirits as S

JOIN = 0.1           # a tie-break: per neighbour a new piece touches (areas join later)
MATCH = 0.3          # a tile in hand: per face-up tile it could capture now
NOW_WORTH = {"mole": 0.3, "otter": 1.2, "magpie": 0.5, "hedgehog": 0.2, "crane": 0.4, "kingfisher": 0.9}
END_HOPE = 0.5       # an end spirit: what it may still add by the end


def stars(board: list[int], spirits: list[dict[str, Any]]) -> float:
    """The panorama's stars now (without the curse)."""
    squares = [int(x["sq"]) for x in spirits]
    total = scoring.area(board) + scoring.beacons(board) + len(spirits)
    for x in spirits:
        k = str(x["key"])
        if S.kind(k) == "end" or S.rule(k) == "stars_now":
            total += S.end_stars(k, board, squares)
    return float(total)


def _best_rainbow(board: list[int]) -> int:
    spots = B.rainbow_spots(board)
    if not spots:
        return -1
    return max(spots, key=lambda i: (sum(1 for j in B.NEIGHBOURS[i] if board[j] != B.EMPTY), -i))


def placed(board: list[int], spirits: list[dict[str, Any]], tiles: list[int]) -> list[int]:
    """The panorama with `tiles` put in their places (a rainbow they lift put back where it joins most)."""
    b = list(board)
    sqs = {int(x["sq"]) for x in spirits}
    for t in tiles:
        if b[t] == B.RAINBOW:
            if any(q in sqs for q in B.SQUARES_OF[t]):
                continue
            b[t] = B.TILE
            at = _best_rainbow(b)
            if at >= 0:
                b[at] = B.RAINBOW
        else:
            b[t] = B.TILE
    return b


class Judge:
    """The seat's view, ready to value moves."""

    def __init__(self, view: Mapping[str, Any], seat: int):
        self.view = view
        self.seat = seat
        self.board: list[int] = list(view["boards"][seat])
        self.spirits: list[dict[str, Any]] = list(view["spirits"][seat])
        self.now = stars(self.board, self.spirits)
        self.start = set(int(q) for q in view["start_sq"]) if view["turn"] == seat else set()
        self.taken = {int(x["sq"]) for x in self.spirits}
        self.spirit_mean = self._draw_worth()
        self.unseen = self._unseen()

    # ---- what the seat has not seen ----------------------------------------------------------------------
    def _unseen(self) -> list[int]:
        v = self.view
        seen = {int(t) for t in v["hands"][self.seat] if t >= 0}
        seen |= {int(c[0]) for c in v["queue"] if c[0] is not None}
        seen |= {int(c[1]) for c in v["queue"] if c[1] is not None and c[1] >= 0}
        for b in v["boards"]:
            seen |= {i for i in range(B.SPOTS) if b[i] == B.TILE}
        seen |= {int(t) for t in v["discarded"]}
        seen |= {int(t) for t in v["look"] if t >= 0}
        return [t for t in range(B.SPOTS) if t not in seen]

    def unseen_spirits(self) -> list[str]:
        v = self.view
        seen = set(v["row"]) | {str(x["key"]) for sp in v["spirits"] for x in sp}
        seen |= {str(k) for k in v["drawn"] if k != "?"}
        if v["raven"] is not None:
            seen.add(S.CURSE)
        return [k for k in S.deck(bool(v["config"]["beginner"])) if k not in seen]

    # ---- worths -------------------------------------------------------------------------------------------
    def gain(self, tiles: list[int]) -> float:
        """The stars `tiles` add to the panorama, a spirit's worth if they complete a square, and the
        neighbours they touch (a tie-break)."""
        after = placed(self.board, self.spirits, tiles)
        v = stars(after, self.spirits) - self.now
        if not self.view["met"] or self.view["turn"] != self.seat:
            pieces = B.mask_of(after)
            if any(q not in self.start and q not in self.taken for q in B.complete_squares(pieces)):
                v += self.spirit_mean
        v += JOIN * sum(1 for t in tiles for j in B.NEIGHBOURS[t] if self.board[j] != B.EMPTY)
        return v

    def rainbow(self, at: int) -> float:
        b = list(self.board)
        b[at] = B.RAINBOW
        v = stars(b, self.spirits) - self.now + JOIN * sum(1 for j in B.NEIGHBOURS[at] if b[j] != B.EMPTY)
        if not self.view["met"]:
            if any(q not in self.start and q not in self.taken for q in B.complete_squares(B.mask_of(b))):
                v += self.spirit_mean
        return v

    def spirit(self, key: str) -> float:
        if key == S.CURSE:
            return float(S.number(key, "stars"))
        if S.kind(key) == "end" or S.rule(key) == "stars_now":
            squares = [int(x["sq"]) for x in self.spirits]
            return 1.0 + S.end_stars(key, self.board, squares) + (END_HOPE if S.kind(key) == "end" else 0.0)
        return 1.0 + NOW_WORTH.get(key, 0.0)

    def _draw_worth(self) -> float:
        keys = self.unseen_spirits()
        if not keys:
            return 1.5
        if len(keys) == 1:
            return self.spirit(keys[0])
        total, n = 0.0, 0
        for i in range(len(keys)):
            for j in range(i + 1, len(keys)):
                a, b = keys[i], keys[j]
                if S.CURSE in (a, b):
                    other = b if a == S.CURSE else a
                    total += self.spirit(other) + S.number(S.CURSE, "stars")
                else:
                    total += max(self.spirit(a), self.spirit(b))
                n += 1
        return total / n

    def chance(self, played: int) -> float:
        """A second chance's mean worth: each unseen tile drawn in turn."""
        ups = eng.face_up(self.view) + [played]
        far = eng.reach(self.view, self.seat)
        rain = max((self.rainbow(x) for x in B.rainbow_spots(self.board)), default=0.0) \
            if self.view["rainbows"] > 0 else 0.0
        pool = [u for u in self.unseen if u != played] or [played]
        total = 0.0
        for u in pool:
            best = None
            for q in ups:
                if B.matches(u, q, far):
                    g = self.gain([u, q])
                    best = g if best is None or g > best else best
            total += best if best is not None else rain
        return total / len(pool)

    def keep(self, tile: int) -> float:
        """A tile's worth in hand: what it would add, and how many face-up tiles it could capture."""
        far = eng.reach(self.view, self.seat)
        return self.gain([tile]) + MATCH * sum(1 for q in eng.face_up(self.view) if B.matches(tile, q, far))

    def worth(self, aid: str) -> float:
        parts = aid.split(":")
        verb, args = parts[1], parts[2:]
        if verb == "play":
            t = B.parse(args[0])
            return self.gain([t, B.parse(args[1])]) if len(args) > 1 else self.chance(t)
        if verb == "take":
            return self.gain([int(self.view["step"]["tile"]), B.parse(args[0])])
        if verb == "rainbow":
            return self.rainbow(B.parse(args[0]))
        if verb == "spirit":
            return self.spirit_mean if args[0] == "draw" else self.spirit(args[0])
        if verb == "keep":
            return self.spirit(args[0])
        if verb == "mole":
            return self.keep(B.parse(args[0]))
        if verb == "otter":
            return self.gain([B.parse(args[0])])
        if verb == "kingfisher":
            return self.gain([B.parse(args[0]), B.parse(args[1])])
        if verb == "hedgehog":
            if args[0] == "none":
                return 0.0
            back = [B.parse(x) for x in args[0].split("_")]
            mean = sum(self.keep(u) for u in self.unseen) / len(self.unseen) if self.unseen else 0.0
            return sum(mean - self.keep(t) for t in back)
        return 0.0  # (magpie: every face-down tile is alike)


def values(view: Mapping[str, Any], seat: int) -> dict[str, float]:
    """Each legal action's worth in stars to the seat (by its view)."""
    j = Judge(view, seat)
    return {a: j.worth(a) for a in eng.legal_ids(view, seat)}


def ranked(view: Mapping[str, Any], seat: int) -> list[str]:
    """The legal actions, the easy AI's best first (ties: the order of the rules)."""
    v = values(view, seat)
    ids = eng.legal_ids(view, seat)
    return sorted(ids, key=lambda a: (-round(v[a], 6), ids.index(a)))


def choose_easy(view: Mapping[str, Any], seat: int) -> str:
    return ranked(view, seat)[0]
