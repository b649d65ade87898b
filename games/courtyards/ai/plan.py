"""A whole turn planned on the light board (board.py): every first move, the turn played on from it (after
an exact payment: takes, purchases or ending the turn, a few deep; bought tiles placed where they do most,
one after another), and the position at the turn's end valued (board.evaluate). The medium policy (the
hard AI's candidates and its move when it has no time) and the panel's order of choices."""

from .board import Board, actions, buys, evaluate, placements, step, takes

DEPTH = 3  # exact payments followed in one turn


def _after(b: Board, depth: int) -> float:
    """The value of the best way to finish the turn from here."""
    if b.done:
        return evaluate(b)
    if b.stage in ("place", "final"):
        return _place_greedy(b)
    if depth >= DEPTH:
        c = b.copy()
        step(c, f"{b.me}:end")
        return _after(c, depth)
    best = float("-inf")
    for a in takes(b) + buys(b) + [f"{b.me}:end"]:
        c = b.copy()
        step(c, a)
        v = _after(c, depth + 1)
        if v > best:
            best = v
    return best


def _place_greedy(b: Board) -> float:
    """The tiles still to place, each where it does most (one after another)."""
    c = b
    while not c.done:
        best, pick = float("-inf"), None
        for a in placements(c):
            d = c.copy()
            step(d, a)
            v = evaluate(d) if d.done or d.stage not in ("place", "final") else _place_one(d)
            if v > best:
                best, pick = v, d
        assert pick is not None
        c = pick
    return evaluate(c)


def _place_one(b: Board) -> float:
    return evaluate(b)


def values(b: Board, ids: list[str] | None = None) -> dict[str, float]:
    """Each move's value: the turn finished the best way after it."""
    out = {}
    for a in ids if ids is not None else actions(b):
        c = b.copy()
        step(c, a)
        out[a] = _after(c, 1)
    return out


def best(b: Board) -> str:
    vals = values(b)
    return max(vals, key=lambda a: (vals[a], a))
