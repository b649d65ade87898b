"""The hard AI: whole turns, judged by what they leave, the closest ones played out to the end.

Each call plans the rest of the turn: a tile used first or not (its best uses), the mandatory build (the whole
builds the easy AI ranks best, weighed again with what they leave), then the tiles after it, each greedily.
A turn's end is judged by: the gold now, the tiles held (an extra settlement a turn while the game lasts), the
room left beside the seat's settlements on each terrain, the gold the next turn can add (for each terrain, the
best three settlements built on it greedily, weighed by the chance the next card shows it: exact, from the cards
the seat has not seen, the discards and the card in play), less half of what the next player can add on theirs;
in the last round, the gold only. At the turn's main decision (its first, before anything is built), the turns
judged within WITHIN gold of the best (CANDIDATES at most) are each played out to the end of the game from
budget / 20 twins of the seat's view (the cards it has not seen dealt at random; the same twins for every
candidate), the other players greedy on gold (rules/playout.py), the seat's own builds one to one by its judgement
(the best OWN_JUDGED builds by gold weighed with the tiles and room they leave: judged_build), and the one with the
best mean margin over the best other player (a win counting WIN_BONUS more) is played. Only the seat's view is read; the
first action of the chosen turn is played, and the next call plans again from there (the playouts only at the main
decision)."""

from typing import Any

from engine import rng
from engine.data import deep

from ..rules import engine as kb
from ..rules import playout, turns
from ..rules.board import NEIGH
from ..rules.constants import BUILDS, CARDS_PER_TERRAIN, MOVE_TILES, TERRAINS
from ..rules.engine import targets_on
from ..rules.scoring import section_counts
from ..rules.turns import Scorer

BUDGET = 240          # the bot's default (AI_HARD_BUDGET): budget / PLAYOUT_SHARE playouts at most a main decision
TILE_TURN = 1.3       # a building tile held: gold per turn left
MOVE_TURN = 0.6       # a moving tile held
TILE_CAP = 8          # ... for at most this many turns
ROOM = 0.6            # per free hex beside the seat on a terrain (at most ROOM_CAP), by that terrain's chance
ROOM_CAP = 3
AHEAD = 0.9           # the next turn's expected gold
TRIED_USES = 3        # a tile's best uses (by the gold they add now) weighed by what they leave
FINISHED = 3          # the best turns so far finished with the tiles after the build
CANDIDATES = 5        # the turn's main decision: this many candidate turns played out
PLAYOUT_SHARE = 4     # a budget of B gives B / PLAYOUT_SHARE playouts in all
PLAYOUT_FROM = 16     # under this budget, no playouts (the heuristic alone)
WIN_BONUS = 8.0       # a playout won counts this much gold more
WITHIN = 8.0          # only the candidates judged within this much of the best are played out
DENY = 0.5            # the next player's expected gold next turn counts against
OWN_JUDGED = 6        # in the playouts, the seat's own builds: the best this many by gold judged by what they leave
# ... in games of this many players at most: measured one to one (session 51); three and four players keep the
# greedy playouts their tables were measured with until the change is measured there
JUDGED_UP_TO = 2


def odds(view: dict, seat: int) -> dict[str, float]:
    """The chance of each terrain for the seat's next card, from the cards it has not seen."""
    seen = list(view["discard"])
    if view["card"] is not None:
        seen.append(view["card"])
    own = view["players"][seat]["hand"]
    if own is not None:  # (its next card is known already: the turn is not its own)
        return {t: (1.0 if t == own else 0.0) for t in TERRAINS}
    if view.get("deck_count", 1) == 0:  # the deck is reshuffled from the discards before the next card
        pool = seen
    else:
        pool = [t for t in TERRAINS for _ in range(CARDS_PER_TERRAIN)]
        for c in seen:
            if c in pool:
                pool.remove(c)
    n = len(pool) or 1
    return {t: pool.count(t) / n for t in TERRAINS}


def turns_left(view: dict) -> int:
    """About how many more turns the seat gets: until the first player runs out of settlements."""
    est = 99
    for p in view["players"]:
        per = BUILDS + sum(1 for t in p["tiles"] if t["kind"] not in MOVE_TILES)
        est = min(est, -(-p["left"] // per))
    return est


def tiles_value(view: dict, seat: int) -> float:
    left = min(turns_left(view), TILE_CAP)
    return sum((MOVE_TURN if t["kind"] in MOVE_TILES else TILE_TURN) * left for t in view["players"][seat]["tiles"])


def room(view: dict, seat: int, chance: dict[str, float]) -> float:
    owner = view["owner"]
    b = kb.b_of(view)
    out = 0.0
    near: set[int] = set()
    for h in range(len(owner)):
        if owner[h] == seat:
            for n in NEIGH[h]:
                if owner[n] < 0 and b.buildable[n]:
                    near.add(n)
    counts = {t: 0 for t in TERRAINS}
    for h in near:
        counts[b.text[h]] += 1
    for t in TERRAINS:
        out += chance[t] * min(counts[t], ROOM_CAP)
    return ROOM * out


def greedy_gain(sc: Scorer, pool: list[int], k: int) -> int:
    """The gold k settlements built greedily on `pool` (beside the seat's if possible) add."""
    base = sc.total()
    placed = []
    for _ in range(k):
        cands = targets_on(sc.owner, sc.seat, pool, -1)
        best_h, best_v = -1, -1
        for h in cands:
            sc.put(h)
            v = sc.total()
            sc.take(h)
            if v > best_v:
                best_h, best_v = h, v
        if best_h < 0:
            break
        sc.put(best_h)
        placed.append(best_h)
    gain = sc.total() - base
    for h in placed:
        sc.take(h)
    return gain


def ahead(view: dict, seat: int, chance: dict[str, float]) -> float:
    sc = Scorer(view, seat)
    b = sc.b
    k = min(BUILDS, view["players"][seat]["left"])
    if k <= 0:
        return 0.0
    return sum(chance[t] * greedy_gain(sc, b.of[t], k) for t in TERRAINS if chance[t] > 0)


def static(view: dict, seat: int, chance: dict[str, float]) -> float:
    return Scorer(view, seat).total() + tiles_value(view, seat) + room(view, seat, chance)


def others_ahead(view: dict, seat: int) -> float:
    """The gold the next player can add on their turn (their card unknown: weighed by the cards unseen)."""
    n = len(view["players"])
    nxt = (seat + 1) % n
    pool = [t for t in TERRAINS for _ in range(CARDS_PER_TERRAIN)]
    for c in list(view["discard"]) + ([view["card"]] if view["card"] is not None else []):
        if c in pool:
            pool.remove(c)
    total = len(pool) or 1
    chance = {t: pool.count(t) / total for t in TERRAINS}
    return ahead(view, nxt, chance)


def worth(view: dict, seat: int, chance: dict[str, float]) -> float:
    """What a turn's end leaves the seat (see the module's doc)."""
    if view["ending"] or turns_left(view) <= 1:  # the last turn: only the gold counts
        return float(Scorer(view, seat).total())
    v = static(view, seat, chance) + AHEAD * ahead(view, seat, chance)
    if DENY:
        v -= DENY * others_ahead(view, seat)
    return v


def _play(view: dict, bodies: list[str]) -> dict:
    s = kb.copy(view)
    for body in bodies:
        kb.advance(s, body, [], settle=False)
    return s


def _after(view: dict, seat: int, chance: dict[str, float], done: list[str]) -> list[str]:
    """The tiles used greedily after `done`: the use that leaves the most, while one leaves more than none."""
    s = _play(view, done)
    plan = list(done)
    while True:
        base = static(s, seat, chance)
        best: tuple[float, str] | None = None
        for kind in dict.fromkeys(t["kind"] for t in kb.ready_tiles(s, seat)):
            for body, _gain, _tiles in turns.tile_uses(s, seat, kind)[:TRIED_USES]:
                v = static(_play(s, [body]), seat, chance)
                if v > base + 0.01 and (best is None or v > best[0]):
                    best = (v, body)
        if best is None:
            return plan
        plan.append(best[1])
        kb.advance(s, best[1], [], settle=False)


def candidates(view: dict, seat: int, wide: int, chance: dict[str, float]) -> list[list[str]]:
    """Candidate beginnings of the rest of the turn (action bodies): a tile used first or not, then the whole
    builds that leave the most; after the build, a tile's best uses or nothing."""
    out: list[list[str]] = []
    if not kb.mandatory_open(view):
        out.append([])
        for kind in dict.fromkeys(t["kind"] for t in kb.ready_tiles(view, seat)):
            for body, _g, _t in turns.tile_uses(view, seat, kind)[:TRIED_USES]:
                out.append([body])
        return out
    starts: list[list[str]] = [[]]
    if view["built"] == 0:
        for kind in dict.fromkeys(t["kind"] for t in kb.ready_tiles(view, seat)):
            for body, _g, _t in turns.tile_uses(view, seat, kind)[:2]:
                starts.append([body])
    for start in starts:
        s = _play(view, start)
        if not kb.mandatory_open(s):
            out.append(start)
            continue
        scored = []
        for order, _gain, _tiles in turns.ranked_builds(s, seat)[:wide * 3]:
            bodies = [f"build:{h}" for h in order]
            scored.append((static(_play(s, bodies), seat, chance), bodies))
        scored.sort(key=lambda x: -x[0])
        for _v, bodies in scored[:wide if not start else max(2, wide // 3)]:
            out.append(start + bodies)
    return out


def twin(view: dict, seat: int, seed: int) -> dict:
    """A whole state the seat cannot tell from its view: the cards it has not seen dealt at random to the other
    players' hands and the deck (a determinization for the playouts)."""
    s = deep({k: v for k, v in view.items() if k != "deck_count"})
    gen: Any = {"rng": rng.seed_state(seed)}
    pool = [t for t in TERRAINS for _ in range(CARDS_PER_TERRAIN)]
    seen = list(view["discard"]) + ([view["card"]] if view["card"] is not None else [])
    own = view["players"][seat]["hand"]
    if own is not None:
        seen.append(own)
    for c in seen:
        if c in pool:
            pool.remove(c)
    rng.shuffle(gen, pool)
    for p in s["players"]:
        if p["seat"] != seat and p["seat"] != view["turn"] and pool:
            p["hand"] = pool.pop()
    s["deck"] = pool
    s["rng"] = rng.seed_state(seed * 7 + 1)
    return s


def margin(state: dict, seat: int) -> float:
    """The seat's gold at the end against the best of the others' (a win counts a little more)."""
    totals = [r["total"] for r in state["result"]]
    other = max(t for i, t in enumerate(totals) if i != seat)
    return totals[seat] - other + (WIN_BONUS if totals[seat] >= other else 0.0)


def judged_build(s: dict, seat: int, sc: Scorer) -> None:
    """The seat's mandatory build in a playout as its judgement would pick it, not greedily: of the OWN_JUDGED
    builds adding the most gold, the one leaving the most gold, tiles and room (its static worth, cheap enough to
    run on every own turn of every playout). Greedy own turns undervalue the turns that set up tiles and room,
    which the real seat then uses; the other seat is easy, so greedy models it well."""
    chance = odds(s, seat)
    left = min(turns_left(s), TILE_CAP)
    kinds = {loc["hex"]: loc["kind"] for loc in s["locations"]}
    best: tuple[float, list[int]] | None = None
    for order, _gain, taken in turns.ranked_builds(s, seat)[:OWN_JUDGED]:
        for h in order:
            sc.put(h)
        v = sc.total() + room(s, seat, chance)
        for h in order:
            sc.take(h)
        v += sum((MOVE_TURN if kinds[h] in MOVE_TILES else TILE_TURN) * left for h in taken)
        if best is None or v > best[0]:
            best = (v, order)
    if best is None:
        return
    for h in best[1]:
        kb.advance(s, f"build:{h}", [])
        sc.record(h)


def judged_play_out(s: dict, seat: int) -> None:
    """A playout (rules/playout.py) whose seat's own mandatory builds are judged (judged_build); the rest greedy."""
    counts = section_counts(s["owner"], len(s["players"]))
    scorers = [Scorer(s, i, True, counts) for i in range(len(s["players"]))]
    while not s["over"]:
        if s["turn"] == seat and s["built"] == 0 and kb.mandatory_open(s):
            judged_build(s, seat, scorers[seat])
        playout.greedy_turn(s, 40, scorers)


def played_out(view: dict, seat: int, plan: list[str], seed: int) -> float:
    s = twin(view, seat, seed)
    for body in plan:
        kb.advance(s, body, [], settle=False)
    if s["turn"] == seat and not s["over"]:
        kb.advance(s, "end", [])
    if OWN_JUDGED and len(s["players"]) <= JUDGED_UP_TO:
        judged_play_out(s, seat)
    else:
        playout.play_out(s)
    return margin(s, seat)


def ranked_plans(view: dict, seat: int, budget: Any = None) -> list[tuple[float, list[str]]]:
    """(worth, the rest of the turn as action bodies, without its end) of the candidate turns, the best first:
    the likeliest FINISHED finished with the tiles after the build, then the others as they are."""
    budget = BUDGET if budget is None else int(budget)
    wide = max(2, min(12, budget // 20))
    chance = odds(view, seat)
    judged = []
    for plan in candidates(view, seat, wide, chance):
        judged.append((worth(_play(view, plan), seat, chance), plan))
    judged.sort(key=lambda x: -x[0])
    finished: list[tuple[float, list[str]]] = []
    for _v, plan in judged[:FINISHED]:
        whole = _after(view, seat, chance, plan)
        finished.append((worth(_play(view, whole), seat, chance), whole))
    finished.sort(key=lambda x: -x[0])
    return finished + judged[FINISHED:]


def best_plan(view: dict, seat: int, seed: int, budget: Any = None) -> list[str]:
    """The rest of the turn the hard AI plays (action bodies, without the end)."""
    budget = BUDGET if budget is None else int(budget)
    ranked = ranked_plans(view, seat, budget)
    if not ranked:
        return []
    if not (kb.mandatory_open(view) and view["built"] == 0) or len(ranked) < 2 or budget < PLAYOUT_FROM:
        return ranked[0][1]
    # the turn's main decision: the best candidates played out to the end, the same twins for each
    top = ranked[0][0]
    shown = [plan for v, plan in ranked[:CANDIDATES] if v >= top - WITHIN]
    if len(shown) < 2:  # the judgement leaves no doubt: no playouts
        return ranked[0][1]
    rounds = max(1, budget // PLAYOUT_SHARE // CANDIDATES)
    means = []
    for i, plan in enumerate(shown):
        total = sum(played_out(view, seat, plan, seed * 1009 + view["seq"] * 17 + r) for r in range(rounds))
        means.append((total / rounds, -i, plan))
    means.sort(key=lambda x: (-x[0], -x[1]))
    return means[0][2]


def choose(view: dict, seat: int, seed: int, budget: Any = None) -> str:
    plan = best_plan(view, seat, seed, budget)
    return plan[0] if plan else "end"
