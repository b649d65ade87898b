"""A whole turn planned on the light board (board.py): every first move, the turn played on from it (after
an exact payment the best few continuations are followed, a few deep; bought tiles placed where they do
most, one after another), and the position at the turn's end valued (board.evaluate). The medium policy
(the hard AI's candidates and its move when it has no time) and the panel's order of choices
(quick_values: one move, its tiles placed, the turn ended)."""

from .board import Board, actions, buys, evaluate, placements, step, takes

DEPTH = 3  # exact payments followed in one turn
BEAM = 3   # continuations followed after an exact payment (the best by their quick value)
DEEP = 6   # first moves whose turn goes on (exact payments) followed deeper, the best by their quick value: a
#            hand of many cards of one currency pays exactly in dozens of ways, and following every one of them
#            took the planner seconds (the rest keep their quick value)
DEEP_PAYMENTS = 2  # the payments per slot weighed after an exact payment (the first of money.payments' order)


def _placed(b: Board) -> Board:
    """The tiles still to place, each where it does most (one after another)."""
    c = b
    while not c.done:
        best, pick = float("-inf"), None
        for a in placements(c):
            d = c.copy()
            step(d, a)
            v = evaluate(d)
            if v > best:
                best, pick = v, d
        assert pick is not None
        c = pick
    return c


def finished(b: Board) -> Board:
    """The turn ended from here (tiles bought placed greedily): the board _quick values (the coach's why
    reads what a choice did by itself from it)."""
    if b.done:
        return b
    c = b.copy()
    if c.stage == "act":
        step(c, f"{c.me}:end")
    if c.done:
        return c
    return _placed(c)


def _quick(b: Board) -> float:
    """The value of ending the turn from here (tiles bought placed greedily)."""
    return evaluate(finished(b))


def quick_values(b: Board, ids: list[str]) -> dict[str, float]:
    """Each move's value if the turn ended right after it (an exact payment's extra action counted as a
    small bonus: board.W["exact"])."""
    out = {}
    for a in ids:
        c = b.copy()
        step(c, a)
        out[a] = _quick(c) + (0.5 if c.extra else 0.0)
    return out


def _after(b: Board, depth: int) -> float:
    """The value of the best way to finish the turn from here."""
    if b.done or b.stage in ("place", "final") or not b.extra or depth >= DEPTH:
        return _quick(b)
    opts = takes(b) + buys(b, DEEP_PAYMENTS)
    q = quick_values(b, opts)
    best = _quick(b)  # (ending the turn)
    for a in sorted(opts, key=lambda a: -q[a])[:BEAM]:
        c = b.copy()
        step(c, a)
        v = _after(c, depth + 1)
        if v > best:
            best = v
    return best


def values(b: Board, ids: list[str] | None = None) -> dict[str, float]:
    """Each move's value: the turn finished the best way after it (for the DEEP best of the moves after which
    the turn goes on; the others as the turn ended there)."""
    out: dict[str, float] = {}
    going: list[tuple[float, str, Board]] = []
    for a in ids if ids is not None else actions(b):
        c = b.copy()
        step(c, a)
        if c.done or c.stage in ("place", "final") or not c.extra:
            out[a] = _quick(c)
        else:
            going.append((_quick(c), a, c))
    going.sort(key=lambda x: (-x[0], x[1]))
    for i, (q, a, c) in enumerate(going):
        out[a] = _after(c, 1) if i < DEEP else q + 0.5
    return out


def best(b: Board) -> str:
    vals = values(b)
    return max(vals, key=lambda a: (vals[a], a))
