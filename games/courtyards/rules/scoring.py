"""A scoring round (RULES.md R1-R5): each kind's ranks by the tiles in each palace (the neutral player's
tiles too, in a 2-player game), the points of the round's table shared by ties and rounded down, and each
palace's longest outer wall."""

from .constants import KINDS, POINTS, WALL_POINT


def rank_points(counts: list[int], table: tuple[int, ...]) -> list[int]:
    """Points by participant: those with at least one tile ranked by their count, most first; a group of
    equal counts shares the points of every rank it occupies (0 past the table), rounded down; the next
    group takes the rank after them."""
    order = sorted((c, i) for i, c in enumerate(counts) if c > 0)
    order.reverse()
    out = [0] * len(counts)
    rank = 0
    k = 0
    while k < len(order):
        g = k
        while g < len(order) and order[g][0] == order[k][0]:
            g += 1
        size = g - k
        pot = sum(table[r] for r in range(rank, min(rank + size, len(table))))
        for j in range(k, g):
            out[order[j][1]] = pot // size
        rank += size
        k = g
    return out


def kind_counts(tiles: list[int], kind_of: tuple[int, ...]) -> list[int]:
    """How many tiles of each kind (the Well is none)."""
    out = [0] * len(KINDS)
    for t in tiles:
        if t >= 0:
            out[kind_of[t]] += 1
    return out


def score_round(rnd: int, counts: list[list[int]], neutral: list[int] | None, walls: list[int]) -> dict:
    """Round `rnd` (1-3): counts[seat][kind] in the palaces, the neutral player's (or None), each palace's
    longest wall. Returns {"round", "kinds": [{"counts": [...], "points": [...]}] (the neutral player last,
    when there is one), "walls", "gained": points by seat}."""
    seats = len(counts)
    gained = [0] * seats
    kinds = []
    for k in range(len(KINDS)):
        row = [counts[s][k] for s in range(seats)] + ([neutral[k]] if neutral is not None else [])
        pts = rank_points(row, POINTS[k][rnd - 1])
        kinds.append({"counts": row, "points": pts})
        for s in range(seats):
            gained[s] += pts[s]
    wall_points = [WALL_POINT * w for w in walls]
    for s in range(seats):
        gained[s] += wall_points[s]
    return {"round": rnd, "kinds": kinds, "walls": list(walls), "gained": gained}
