"""Fast greedy playouts, what the hard AI looks ahead with: a whole game played on from a state (one whose hidden
cards are drawn: a twin), in place, every player greedy on the gold each settlement adds now (the mandatory build
a settlement at a time, then each building tile's best use if it adds gold, the moving tiles left aside). What
counts is each player's gold at the end."""

from typing import Any

from .constants import BUILD_TILES
from .engine import advance, build_targets, mandatory_open, ready_tiles
from .scoring import section_counts
from .turns import Scorer


def best_hex(sc: Scorer, cands: list[int]) -> tuple[int, int]:
    """(the hex of `cands` that leaves the seat the most gold, that gold); (-1, -1) when there is none."""
    best_h, best_v = -1, -1
    for h in cands:
        sc.put(h)
        v = sc.total()
        sc.take(h)
        if v > best_v:
            best_h, best_v = h, v
    return best_h, best_v


def greedy_turn(state: Any, limit: int, scorers: list[Scorer]) -> None:
    """The player whose turn it is plays it greedily, to its end (at most `limit` actions); `scorers`: every
    seat's, sharing the state's board (each settlement placed is recorded in its seat's)."""
    seat = int(state["turn"])
    turn = state["turn_no"]
    sc = scorers[seat]
    events: list[dict] = []
    for _ in range(limit):
        if state["over"] or state["turn_no"] != turn:
            return
        if mandatory_open(state):
            h, _v = best_hex(sc, build_targets(state, seat, "build"))
            advance(state, f"build:{h}", events)
            sc.record(h)
            continue
        body = "end"
        placed = -1
        if state["players"][seat]["left"] > 0:
            now = sc.total()
            for kind in BUILD_TILES:
                if any(t["kind"] == kind for t in ready_tiles(state, seat)):
                    h, v = best_hex(sc, build_targets(state, seat, kind))
                    if h >= 0 and v >= now:
                        body = f"{kind}:{h}"
                        placed = h
                        break
        advance(state, body, events)
        if placed >= 0:
            sc.record(placed)
        events.clear()


def play_out(state: Any, turns: int = 1000) -> None:
    """Plays the game on greedily, in place, for at most `turns` turns (to its end by default)."""
    counts = section_counts(state["owner"], len(state["players"]))
    scorers = [Scorer(state, seat, True, counts) for seat in range(len(state["players"]))]
    for _ in range(turns):
        if state["over"]:
            return
        greedy_turn(state, 40, scorers)
