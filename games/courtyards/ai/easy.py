"""The easy AI: it buys what it can (the smallest overpayment first, then the dearest tile), else takes the most
money; it never redesigns; a bought tile goes where the palace's wall grows longest (else the reserve)."""

from ..rules import cards as money
from ..rules import palace as geo
from .board import Board, actions, buys, placements, step, takes


def choose(b: Board) -> str:
    if b.stage in ("place", "final"):
        best, pick = -1, ""
        for a in placements(b):
            c = b.copy()
            step(c, a)
            w = c.walls[b.me] if a.split(":")[1] == "place" else -1
            if w > best:
                best, pick = w, a
        return pick
    options = buys(b)
    if options:
        def cost(a: str) -> tuple:
            _s, _v, slot, pay = a.split(":")
            tile = b.market[int(slot)]
            assert tile is not None
            paid = sum(int(v) for v in pay.split("_"))
            return (paid - geo.PRICE[tile], -geo.PRICE[tile], a)
        return min(options, key=cost)
    options = takes(b)
    if options:
        return max(options, key=lambda a: (money.total([int(c) for c in a.split(":")[2].split("_")]), a))
    return actions(b)[0] if not b.extra else f"{b.me}:end"
