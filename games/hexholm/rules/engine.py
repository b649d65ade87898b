"""Hexholm's rules on plain JSON states (RULES.md): Kingdom Builder's turn on a board of our own sections.

State (what the host stores):
    seq, rng (hidden), config, board (400 letters: board.py), sections ([{seed, location}]), locations
    ([{hex, kind, left}]: each location hex and its tiles left), owner (each hex's seat, -1 free), goals (3 keys),
    deck (the terrain cards face down: hidden), discard (face up, since the last reshuffle), drawn (cards drawn
    so far), first (the first player), turn (whose turn), round, turn_no (turns begun in the game), card (the
    terrain revealed for this turn, or null), built (settlements of the mandatory build made this turn), ending
    (someone has placed their last settlement: this round is the last), over, gold_start (the player's gold when
    the turn began), placed ([hex] built or moved onto this turn), last (the turn that ended last: {seat, round,
    turn, terrain, built, used (tile kinds), placed, gold, gained}), result (at the end), players[seat]: {seat,
    name, left (settlements not yet built), hand (the next turn's card: seen by its player only), tiles ([{kind,
    hex, got (the turn it was taken), used (this turn)}]), taken ([hex]: the locations they ever took a tile
    from)}.
Actions: "{seat}:build:{hex}" (the mandatory build, a settlement at a time), "{seat}:{kind}:{hex}" (a tile that
builds: shrine, granary, well, watchtower, inn), "{seat}:{kind}:{from}:{to}" (a tile that moves: stable, jetty,
corral), "{seat}:end" (ends the turn: the next card is drawn)."""

from collections.abc import Mapping
from typing import Any

from engine import rng
from engine.data import deep
from engine.protocol import Action

from . import scoring
from .board import JUMPS, NEIGH, RAYS, Board, board
from .constants import (
    AUTO_END,
    BUILDS,
    CARDS_PER_TERRAIN,
    DUNES,
    LAKE,
    MEADOW,
    MOVE_TAKES_TILE,
    MOVE_TILES,
    MOVER_COUNTS,
    REDRAW_LIMIT,
    SETTLEMENTS,
    TERRAINS,
    TILES_PER_LOCATION,
)

HIDDEN = ("rng", "deck")
BUILD_VERBS = ("build", "shrine", "granary", "well", "watchtower", "inn")


# ---- a new game -----------------------------------------------------------------------------------------
def new_game(config: Mapping[str, Any], seed: int, board_text: str, sections: list, goals: list[str],
             first: int) -> tuple[dict, list[dict]]:
    """A new game on this board with these goals: the deck shuffled from the game's generator, a card dealt to
    each player face down, then the first player's card revealed."""
    n = int(config["players"])
    b = board(board_text)
    state: Any = {
        "seq": 0, "rng": rng.seed_state(seed), "config": dict(config), "board": board_text,
        "sections": [dict(x) for x in sections],
        "locations": [{"hex": h, "kind": b.kind[h], "left": TILES_PER_LOCATION} for h in b.locations],
        "owner": [-1] * len(board_text), "goals": list(goals), "deck": [], "discard": [], "drawn": 0,
        "first": first, "turn": first, "round": 0, "turn_no": 0, "card": None, "built": 0, "ending": False,
        "over": False, "gold_start": 0, "placed": [], "last": None, "result": [],
        "players": [{"seat": s, "name": str(config["names"][s]), "left": SETTLEMENTS, "hand": None, "tiles": [],
                     "taken": []} for s in range(n)]}
    deck = [t for t in TERRAINS for _ in range(CARDS_PER_TERRAIN)]
    rng.shuffle(state, deck)
    state["deck"] = deck
    for p in state["players"]:
        p["hand"] = _draw(state, [])
    events: list[dict] = [{"type": "game_started", "first": first, "goals": list(goals), "players": n}]
    _start_turn(state, first, events)
    return state, events


def _draw(state: Any, events: list[dict]) -> str:
    if not state["deck"]:
        state["deck"] = state["discard"]
        state["discard"] = []
        rng.shuffle(state, state["deck"])
        events.append({"type": "reshuffled"})
    state["drawn"] += 1
    return str(state["deck"].pop())


# ---- what may be done -----------------------------------------------------------------------------------
def b_of(state: Mapping[str, Any]) -> Board:
    return board(state["board"])


def free_of(state: Mapping[str, Any], pool: list[int]) -> list[int]:
    owner = state["owner"]
    return [h for h in pool if owner[h] < 0]


def near_own(owner: list[int], seat: int, h: int, mover: int) -> bool:
    for n in NEIGH[h]:
        if owner[n] == seat and n != mover:
            return True
    return False


def adjacent_if_possible(state: Mapping[str, Any], seat: int, pool: list[int], mover: int = -1) -> list[int]:
    """The free hexes of `pool` beside the seat's settlements (not counting `mover`), or every free one of
    `pool` when none is beside them (R10)."""
    return targets_on(state["owner"], seat, pool, mover)


def targets_on(owner: list[int], seat: int, pool: list[int], mover: int = -1) -> list[int]:
    """adjacent_if_possible on this board's owners."""
    free = [h for h in pool if owner[h] < 0]
    near = [h for h in free if near_own(owner, seat, h, mover)]
    return near if near else free


def terrain_free(state: Mapping[str, Any], terrain: str) -> bool:
    owner = state["owner"]
    for h in b_of(state).of[terrain]:
        if owner[h] < 0:
            return True
    return False


def mandatory_open(state: Mapping[str, Any]) -> bool:
    """The mandatory build still has settlements to place this turn (R9, R10)."""
    p = state["players"][state["turn"]]
    card = state["card"]
    return card is not None and state["built"] < BUILDS and p["left"] > 0 and terrain_free(state, card)


def tiles_allowed(state: Mapping[str, Any]) -> bool:
    """Tiles are used before the mandatory build or after it, never in the middle of it (R11)."""
    return state["built"] == 0 or not mandatory_open(state)


def ready_tiles(state: Mapping[str, Any], seat: int) -> list[dict]:
    """The seat's tiles usable now: taken before this turn, not used this turn (R12, R13)."""
    if state["over"] or seat != state["turn"] or not tiles_allowed(state):
        return []
    return [t for t in state["players"][seat]["tiles"] if t["got"] < state["turn_no"] and not t["used"]]


def build_targets(state: Mapping[str, Any], seat: int, kind: str) -> list[int]:
    """Where the mandatory build ("build") or a building tile may place a settlement now."""
    b = b_of(state)
    owner = state["owner"]
    if kind in ("build", "shrine"):
        return adjacent_if_possible(state, seat, b.of[state["card"]]) if state["card"] is not None else []
    if kind == "granary":
        return adjacent_if_possible(state, seat, b.of[MEADOW])
    if kind == "well":
        return adjacent_if_possible(state, seat, b.of[DUNES])
    if kind == "watchtower":
        return adjacent_if_possible(state, seat, b.edge_hexes)
    if kind == "inn":
        out: set[int] = set()
        for a in scoring.settlements(owner, seat):
            for d in range(6):
                ray = RAYS[a][d]
                if len(ray) == 3 and owner[ray[0]] == seat and owner[ray[1]] == seat and owner[ray[2]] < 0 \
                        and b.buildable[ray[2]]:
                    out.add(ray[2])
        return sorted(out)
    return []


def move_targets(state: Mapping[str, Any], seat: int, kind: str) -> list[tuple[int, int]]:
    """(from, to) for each move a moving tile allows now."""
    b = b_of(state)
    owner = state["owner"]
    mine = scoring.settlements(owner, seat)
    out: list[tuple[int, int]] = []
    if kind == "corral":
        for f in mine:
            for t in JUMPS[f]:
                if owner[t] < 0 and b.buildable[t]:
                    out.append((f, t))
        return out
    if kind == "stable":
        if state["card"] is None:
            return []
        pool = b.of[state["card"]]
    else:
        pool = b.of[LAKE]
    free = [h for h in pool if owner[h] < 0]
    beside: dict[int, list[int]] = {}  # each free hex: the seat's settlements beside it
    for h in free:
        near = [n for n in NEIGH[h] if owner[n] == seat]
        if near:
            beside[h] = near
    for f in mine:  # (the settlement moving does not count as one beside: R17, R18)
        dests = [h for h, near in beside.items() if MOVER_COUNTS or len(near) > 1 or near[0] != f]
        for t in dests or free:
            out.append((f, t))
    return out


def tile_choices(state: Mapping[str, Any], seat: int, kind: str) -> list[str]:
    """The action bodies ("inn:123", "stable:12:34") of a tile kind the seat may use now."""
    if not any(t["kind"] == kind for t in ready_tiles(state, seat)):
        return []
    if kind in MOVE_TILES:
        return [f"{kind}:{f}:{t}" for f, t in move_targets(state, seat, kind)]
    if state["players"][seat]["left"] <= 0:
        return []
    return [f"{kind}:{h}" for h in build_targets(state, seat, kind)]


def deciders(state: Mapping[str, Any]) -> list[int]:
    return [] if state["over"] else [int(state["turn"])]


def bodies(state: Mapping[str, Any], seat: int) -> list[str]:
    """Every action body the seat may play now (its id without "{seat}:")."""
    if state["over"] or seat != state["turn"]:
        return []
    out: list[str] = []
    if mandatory_open(state):
        out += [f"build:{h}" for h in build_targets(state, seat, "build")]
    kinds: list[str] = []
    for t in ready_tiles(state, seat):
        if t["kind"] not in kinds:
            kinds.append(t["kind"])
    for kind in kinds:
        out += tile_choices(state, seat, kind)
    if not mandatory_open(state):
        out.append("end")
    return out


def label(body: str) -> str:
    verb, *args = body.split(":")
    if verb == "end":
        return "end the turn"
    if len(args) == 2:
        return f"{verb}: move {args[0]} to {args[1]}"
    return f"{verb}: hex {args[0]}"


def legal_actions(state: Mapping[str, Any], seat: int | None = None) -> list[Action]:
    if state["over"]:
        return []
    s = int(state["turn"])
    if seat is not None and seat != s:
        return []
    return [Action(s, f"{s}:{x}", label(x)) for x in bodies(state, s)]


def is_over(state: Mapping[str, Any]) -> bool:
    return bool(state["over"])


def copy(state: Mapping[str, Any]) -> dict:
    """A copy of a state that shares nothing changeable with it (faster than a deep copy: the board is text)."""
    out = dict(state)
    out["owner"] = list(state["owner"])
    out["deck"] = list(state["deck"]) if "deck" in state else []
    if "deck" not in state:
        del out["deck"]
    out["discard"] = list(state["discard"])
    out["placed"] = list(state["placed"])
    out["locations"] = [dict(x) for x in state["locations"]]
    out["goals"] = list(state["goals"])
    out["players"] = [{**p, "tiles": [dict(t) for t in p["tiles"]], "taken": list(p["taken"])}
                      for p in state["players"]]
    for key in ("config", "last", "sections", "result"):
        if key in state:
            out[key] = deep(state[key])
    return out


# ---- doing it --------------------------------------------------------------------------------------------
def _gain(state: Any, seat: int, h: int, events: list[dict]) -> None:
    """A settlement just placed on h takes a tile from each location beside it that still has one, unless the
    seat took one there before (R13)."""
    p = state["players"][seat]
    for loc in state["locations"]:
        if loc["left"] > 0 and loc["hex"] in NEIGH[h] and loc["hex"] not in p["taken"]:
            loc["left"] -= 1
            p["taken"].append(loc["hex"])
            p["tiles"].append({"kind": loc["kind"], "hex": loc["hex"], "got": state["turn_no"], "used": False})
            events.append({"type": "tile_taken", "seat": seat, "kind": loc["kind"], "hex": loc["hex"]})


def _lose(state: Any, seat: int, events: list[dict]) -> None:
    """A tile whose location has none of the seat's settlements beside it any more is out of the game (R14)."""
    p = state["players"][seat]
    owner = state["owner"]
    kept = []
    for t in p["tiles"]:
        if any(owner[n] == seat for n in NEIGH[t["hex"]]):
            kept.append(t)
        else:
            events.append({"type": "tile_lost", "seat": seat, "kind": t["kind"], "hex": t["hex"]})
    p["tiles"] = kept


def _place(state: Any, seat: int, h: int, verb: str, events: list[dict]) -> None:
    p = state["players"][seat]
    state["owner"][h] = seat
    p["left"] -= 1
    state["placed"].append(h)
    events.append({"type": "built", "seat": seat, "hex": h, "terrain": state["board"][h], "by": verb})
    _gain(state, seat, h, events)
    if p["left"] == 0 and not state["ending"]:
        state["ending"] = True
        events.append({"type": "last_settlement", "seat": seat, "round": state["round"]})


def _use(state: Any, seat: int, kind: str) -> None:
    for t in state["players"][seat]["tiles"]:
        if t["kind"] == kind and t["got"] < state["turn_no"] and not t["used"]:
            t["used"] = True
            return


def _start_turn(state: Any, seat: int, events: list[dict]) -> None:
    p = state["players"][seat]
    state["turn"] = seat
    state["turn_no"] += 1
    if seat == state["first"]:
        state["round"] += 1
    state["built"] = 0
    state["placed"] = []
    card = p["hand"]
    p["hand"] = None
    state["card"] = card
    b = b_of(state)
    state["gold_start"] = sum(scoring.gold(b, state["owner"], state["goals"], seat, len(state["players"])).values())
    events.append({"type": "turn_started", "seat": seat, "name": p["name"], "round": state["round"],
                   "turn": state["turn_no"], "terrain": card})
    tries = 0
    while state["card"] is not None and not terrain_free(state, state["card"]):  # R9
        old = state["card"]
        state["discard"].append(old)
        tries += 1
        if tries > REDRAW_LIMIT:  # no terrain has a free hex left: nothing to build, this round the last
            state["card"] = None
            state["ending"] = True
            events.append({"type": "no_terrain", "seat": seat})
            break
        state["card"] = _draw(state, events)
        events.append({"type": "redrawn", "seat": seat, "old": old, "terrain": state["card"]})
    _settle(state, events)


def _end_turn(state: Any, auto: bool, events: list[dict]) -> None:
    seat = int(state["turn"])
    n = len(state["players"])
    terrain = state["card"]
    if terrain is not None:
        state["discard"].append(terrain)
    state["card"] = None
    used = [t["kind"] for t in state["players"][seat]["tiles"] if t["used"]]
    for t in state["players"][seat]["tiles"]:
        t["used"] = False
    b = b_of(state)
    gold_now = sum(scoring.gold(b, state["owner"], state["goals"], seat, n).values())
    last = {"seat": seat, "round": state["round"], "turn": state["turn_no"], "terrain": terrain,
            "built": state["built"], "used": used, "placed": list(state["placed"]), "gold": gold_now,
            "gained": gold_now - state["gold_start"]}
    state["last"] = last
    events.append({"type": "turn_ended", "auto": auto, **last})
    nxt = (seat + 1) % n
    if state["ending"] and nxt == state["first"]:  # R32: the round is finished, then the game ends
        _finish(state, events)
        return
    state["players"][seat]["hand"] = _draw(state, events)
    events.append({"type": "drew", "seat": seat})
    _start_turn(state, nxt, events)


def _settle(state: Any, events: list[dict]) -> None:
    """A turn with nothing left to do in it ends by itself (R12 [H])."""
    if AUTO_END and not state["over"] and bodies(state, int(state["turn"])) == ["end"]:
        _end_turn(state, True, events)


def _finish(state: Any, events: list[dict]) -> None:
    b = b_of(state)
    n = len(state["players"])
    golds = [scoring.gold(b, state["owner"], state["goals"], s, n) for s in range(n)]
    totals = [sum(g.values()) for g in golds]
    rows: list[dict[str, Any]] = []
    for s in range(n):
        rank = 1 + sum(1 for x in totals if x > totals[s])  # R33: equal gold shares the rank and the win
        rows.append({"seat": s, "scores": golds[s], "total": totals[s], "rank": rank, "winner": rank == 1})
    state["result"] = rows
    state["over"] = True
    state["card"] = None
    events.append({"type": "game_over", "totals": totals, "winners": [s for s in range(n) if rows[s]["winner"]]})


def advance(state: Any, body: str, events: list[dict], settle: bool = True) -> None:
    """Plays a legal action body of the player whose turn it is, in place (unchecked); settle=False: a turn
    with nothing left in it waits for its end (what the AIs' look-ahead plays on a view, without the deck)."""
    seat = int(state["turn"])
    verb, *args = body.split(":")
    if verb == "end":
        _end_turn(state, False, events)
        return
    if verb == "build":
        _place(state, seat, int(args[0]), verb, events)
        state["built"] += 1
    elif len(args) == 1:
        _use(state, seat, verb)
        _place(state, seat, int(args[0]), verb, events)
    else:
        _use(state, seat, verb)
        f, t = int(args[0]), int(args[1])
        state["owner"][f] = -1
        state["owner"][t] = seat
        state["placed"] = [t if x == f else x for x in state["placed"]]
        if t not in state["placed"]:
            state["placed"].append(t)
        events.append({"type": "moved", "seat": seat, "from": f, "to": t, "by": verb,
                       "terrain": state["board"][t]})
        _lose(state, seat, events)
        if MOVE_TAKES_TILE:
            _gain(state, seat, t, events)
    if settle:
        _settle(state, events)


def gold_now(state: Mapping[str, Any]) -> list[dict[str, int]]:
    """Each seat's gold so far, by category."""
    b = b_of(state)
    n = len(state["players"])
    return [scoring.gold(b, state["owner"], state["goals"], s, n) for s in range(n)]
