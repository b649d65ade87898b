"""Gold (R20-R31): the keeps, always, and the game's three goals, for a seat's settlements on a board (`owner`:
each hex's seat, -1 free). The same counting gives the gold so far during a game (the panel, the pictures)
and the final gold."""

from .board import NEIGH, ROW, SEC, Board
from .constants import (
    BARON_FIRST,
    BARON_MIN,
    BARON_SECOND,
    HEXES,
    HOMESTEAD_FACTOR,
    KEEP_GOLD,
    LAKE,
    SECTIONS,
    SIDE,
    TRADE_GOLD,
    WARDEN_FACTOR,
)


def settlements(owner: list[int], seat: int) -> list[int]:
    return [h for h in range(HEXES) if owner[h] == seat]


def groups(owner: list[int], seat: int, mine: list[int]) -> list[int]:
    """The sizes of the seat's groups of settlements (linked through neighbours)."""
    seen: set[int] = set()
    sizes = []
    for start in mine:
        if start in seen:
            continue
        seen.add(start)
        todo = [start]
        size = 0
        while todo:
            h = todo.pop()
            size += 1
            for n in NEIGH[h]:
                if n not in seen and owner[n] == seat:
                    seen.add(n)
                    todo.append(n)
        sizes.append(size)
    return sizes


def keeps(b: Board, owner: list[int], seat: int) -> int:
    return KEEP_GOLD * sum(1 for k in b.keeps if any(owner[n] == seat for n in NEIGH[k]))


def anglers(b: Board, mine: list[int]) -> int:
    """1 per settlement beside a lake (one built on a lake does not count)."""
    return sum(1 for h in mine if b.near_lake[h] and b.text[h] != LAKE)


def quarrymen(b: Board, mine: list[int]) -> int:
    return sum(1 for h in mine if b.near_peaks[h])


def guildfolk(b: Board, mine: list[int]) -> int:
    return sum(1 for h in mine if b.near_special[h])


def traderoad(b: Board, owner: list[int], seat: int, mine: list[int]) -> int:
    """4 per keep or location linked, through a chain of the seat's settlements (specials on the way count as
    links too), to another keep or location."""
    seen: set[int] = set()
    gold = 0
    for start in mine:
        if start in seen:
            continue
        seen.add(start)
        todo = [start]
        specials: set[int] = set()
        while todo:
            h = todo.pop()
            for n in NEIGH[h]:
                if n in seen:
                    continue
                if owner[n] == seat:
                    seen.add(n)
                    todo.append(n)
                elif b.special[n]:
                    if n not in specials:
                        specials.add(n)
                        for m in NEIGH[n]:  # a special links the settlements around it
                            if m not in seen and owner[m] == seat:
                                seen.add(m)
                                todo.append(m)
        if len(specials) >= 2:
            gold += TRADE_GOLD * len(specials)
    return gold


def surveyors(mine: list[int]) -> int:
    return len({ROW[h] for h in mine})


def wardens(mine: list[int]) -> int:
    rows = [0] * SIDE
    for h in mine:
        rows[ROW[h]] += 1
    return WARDEN_FACTOR * max(rows)


def recluses(owner: list[int], seat: int, mine: list[int]) -> int:
    return len(groups(owner, seat, mine))


def burghers(owner: list[int], seat: int, mine: list[int]) -> int:
    sizes = groups(owner, seat, mine)
    return max(sizes) // 2 if sizes else 0


def section_counts(owner: list[int], players: int) -> list[list[int]]:
    """counts[seat][section]."""
    out = [[0] * SECTIONS for _ in range(players)]
    for h in range(HEXES):
        s = owner[h]
        if s >= 0:
            out[s][SEC[h]] += 1
    return out


def barons(counts: list[list[int]], seat: int) -> int:
    """Per section: the first prize to everyone with the most settlements there, the second to everyone with
    the next lower count; at least BARON_MIN settlements to score."""
    gold = 0
    for sec in range(SECTIONS):
        mine = counts[seat][sec]
        if mine < BARON_MIN:
            continue
        levels = sorted({c[sec] for c in counts if c[sec] >= BARON_MIN}, reverse=True)
        if mine == levels[0]:
            gold += BARON_FIRST
        elif len(levels) > 1 and mine == levels[1]:
            gold += BARON_SECOND
    return gold


def homesteaders(counts: list[list[int]], seat: int) -> int:
    return HOMESTEAD_FACTOR * min(counts[seat])


def gold(b: Board, owner: list[int], goals: list[str], seat: int, players: int, mine: list[int] | None = None,
         counts: list[list[int]] | None = None) -> dict[str, int]:
    """The seat's gold by category: "keeps", then each goal of the game (its key). `mine` (the seat's
    settlements) and `counts` (section_counts) when the caller has them."""
    if mine is None:
        mine = settlements(owner, seat)
    out = {"keeps": keeps(b, owner, seat)}
    if counts is None:
        counts = []
    for g in goals:
        if g == "anglers":
            v = anglers(b, mine)
        elif g == "quarrymen":
            v = quarrymen(b, mine)
        elif g == "guildfolk":
            v = guildfolk(b, mine)
        elif g == "traderoad":
            v = traderoad(b, owner, seat, mine)
        elif g == "surveyors":
            v = surveyors(mine)
        elif g == "wardens":
            v = wardens(mine)
        elif g == "recluses":
            v = recluses(owner, seat, mine)
        elif g == "burghers":
            v = burghers(owner, seat, mine)
        else:
            if not counts:
                counts = section_counts(owner, players)
            v = barons(counts, seat) if g == "barons" else homesteaders(counts, seat)
        out[g] = v
    return out


def totals(b: Board, owner: list[int], goals: list[str], players: int) -> list[int]:
    return [sum(gold(b, owner, goals, s, players).values()) for s in range(players)]


def total(b: Board, owner: list[int], goals: list[str], seat: int, players: int, mine: list[int],
          counts: list[list[int]]) -> int:
    return sum(gold(b, owner, goals, seat, players, mine, counts).values())
