"""Ridgeline's rules on plain JSON states (../RULES.md): a match of one or more games; in each, two players
play tiles from their hands to capture tiles of the shared queue, and every tile they win goes to its
fixed place in their own panorama.

State (what the host stores; every value JSON; tiles and spots are ints 0-47, rules/board.py):
    seq, rng (nobody's), config {names, beginner, games, deal[, day]}, game (1-based), first (who began
    this game), turn (the seat to act; None when over), turn_no, step (the decision now: {"kind": "play" |
    "take" | "rainbow" | "spirit" | "keep" | "mole" | "otter" | "magpie" | "hedgehog" | "kingfisher" |
    "over", ...}), todo (what the turn still has to do, in order: ["place", tile], ["gain"], ["squares"],
    ["effect", key], ["end"]), deck (face down, its top last), queue ([[face-up tile, face-down tile or
    None], ...]; an empty column is [None, None]), hands (sorted), boards (per seat, 48 ints: board.EMPTY,
    TILE, RAINBOW), spirits (per seat, [{"sq": square, "key": spirit}]), rainbows (left in the supply),
    pile (the spirits face down, top last), row (the spirits face up), drawn (the two spirits just drawn),
    look (the Mole's tiles), raven (the curse's holder or None), crane ([turns, turns]: 1 on the turn it
    acts), discarded (tiles out of the game), passed, start_sq (the squares complete when the turn began),
    met (a spirit met this turn), leg (chapters of this game passed), history (each finished game's
    scores), totals (the match's), result (None, or per seat {seat, rank, winner, total, ...} once over).
Actions: "{seat}:{verb}[:{arg}...]" (legal_actions lists them; codes of tiles and spots: board.code).
Events: dicts with "type"; one with "to" (the seats that may see its tiles or spirits) has them hidden
from everyone else by knowledge.public_event."""

from collections.abc import Mapping
from typing import Any, cast

from engine import rng
from engine.protocol import Action, Applied, Rejected

from . import board as B
from . import scoring
from . import spirits as S
from .constants import DAILY_GAMES, DEALS, DEFAULT_DEAL, DEFAULT_GAMES, HAND, LEGS, MATCH_GAMES, QUEUE, RAINBOWS, SEATS
from .copying import clone

State = dict[str, Any]


def config_of(names: list[str], beginner: bool = False, games: str = DEFAULT_GAMES, deal: str = DEFAULT_DEAL,
              day: str | None = None, deal_seed: int | None = None) -> dict[str, Any]:
    if len(names) != SEATS:
        raise ValueError("Ridgeline is for 2 players")
    if games not in MATCH_GAMES or deal not in DEALS:
        raise ValueError(f"no such option: games={games!r}, deal={deal!r}")
    out: dict[str, Any] = {"names": list(names), "beginner": bool(beginner), "games": int(games), "deal": deal}
    if deal == "daily":
        out["beginner"] = False
        out["games"] = DAILY_GAMES
        out["day"] = day
        out["deal_seed"] = deal_seed
    return out


def new_game(config: Mapping[str, Any], seed: int) -> tuple[State, list[dict[str, Any]]]:
    cfg = dict(config)
    start = int(cfg["deal_seed"]) if cfg.get("deal") == "daily" and cfg.get("deal_seed") is not None else seed
    state: State = {
        "seq": 0, "rng": rng.seed_state(start), "config": cfg, "game": 0, "first": 0, "turn": 0, "turn_no": 0,
        "step": {"kind": "play"}, "todo": [], "deck": [], "queue": [], "hands": [[], []],
        "boards": [[B.EMPTY] * B.SPOTS for _ in range(SEATS)], "spirits": [[], []], "rainbows": RAINBOWS,
        "pile": [], "row": [], "drawn": [], "look": [], "raven": None, "crane": [0, 0], "discarded": [],
        "passed": [False, False], "start_sq": [], "met": False, "leg": 0, "history": [], "totals": [0, 0],
        "result": None}
    events: list[dict[str, Any]] = [{"type": "match_started", "names": list(cfg["names"]),
                                     "games": cfg["games"], "beginner": cfg["beginner"], "deal": cfg["deal"]}]
    first = rng.below(cast(rng.Rng, state), SEATS)  # [H] game 1's first player is drawn
    _deal(state, first, events)
    _settle(state, events)
    return state, events


def _deal(state: State, first: int, events: list[dict[str, Any]]) -> None:
    """A new game of the match: every tile shuffled, the queue laid out, hands dealt, spirits shuffled."""
    gen = cast(rng.Rng, state)
    tiles = list(range(B.SPOTS))
    rng.shuffle(gen, tiles)
    state["queue"] = []
    for _ in range(QUEUE):
        down = tiles.pop()
        up = tiles.pop()
        state["queue"].append([up, down])
    state["hands"] = [sorted(tiles.pop() for _ in range(HAND)) for _s in range(SEATS)]
    state["deck"] = tiles
    pile = S.deck(bool(state["config"]["beginner"]))
    rng.shuffle(gen, pile)
    state["pile"], state["row"], state["drawn"], state["look"] = pile, [], [], []
    state["boards"] = [[B.EMPTY] * B.SPOTS for _ in range(SEATS)]
    state["spirits"] = [[], []]
    state["rainbows"] = RAINBOWS
    state["raven"] = None
    state["crane"] = [0, 0]
    state["discarded"] = []
    state["passed"] = [False, False]
    state["leg"] = 0
    state["game"] += 1
    state["first"] = first
    state["turn_no"] = 0
    events.append({"type": "game_started", "game": state["game"], "first": first,
                   "queue": [c[0] for c in state["queue"]], "deck": len(state["deck"])})
    _begin_turn(state, first, events, refill=False)


# ---- what a seat may do ------------------------------------------------------------------------------
def deciders(state: Mapping[str, Any]) -> list[int]:
    return [] if state["step"]["kind"] == "over" else [int(state["turn"])]


def reach(state: Mapping[str, Any], seat: int) -> int:
    """How far in value a capture reaches besides its row and column (the Crane's turn: 1)."""
    return S.number("crane", "reach") if state["crane"][seat] == 1 else 0


def face_up(state: Mapping[str, Any]) -> list[int]:
    return [int(c[0]) for c in state["queue"] if c[0] is not None]


def targets(state: Mapping[str, Any], seat: int, tile: int) -> list[int]:
    """The face-up queue tiles `tile` would capture (RULES.md R11)."""
    far = reach(state, seat)
    return [q for q in face_up(state) if B.matches(tile, q, far)]


def captures(state: Mapping[str, Any], seat: int) -> list[tuple[int, int]]:
    """(hand tile, queue tile) of every capture the seat's hand can make now."""
    return [(t, q) for t in state["hands"][seat] for q in targets(state, seat, t)]


def legal_ids(state: Mapping[str, Any], seat: int) -> list[str]:
    step = state["step"]
    k = step["kind"]
    s = str(seat)
    if k == "play":
        out = []
        deck = len(state["deck"]) > 0
        for t in state["hands"][seat]:
            qs = targets(state, seat, t)
            if qs:
                out += [f"{s}:play:{B.code(t)}:{B.code(q)}" for q in qs]
            elif deck:  # (with the deck empty, only a tile that captures may be played: R24)
                out.append(f"{s}:play:{B.code(t)}")
        return out
    if k == "take":
        return [f"{s}:take:{B.code(q)}" for q in step["targets"]]
    if k == "rainbow":
        return [f"{s}:rainbow:{B.code(x)}" for x in step["spots"]]
    if k == "spirit":
        out = [f"{s}:spirit:{key}" for key in state["row"]]
        if state["pile"]:
            out.append(f"{s}:spirit:draw")
        return out
    if k == "keep":
        return [f"{s}:keep:{key}" for key in state["drawn"]]
    if k == "mole":
        return [f"{s}:mole:{B.code(t)}" for t in state["look"]]
    if k == "otter":
        return [f"{s}:otter:{B.code(q)}" for q in face_up(state)]
    if k == "magpie":
        return [f"{s}:magpie:{i + 1}" for i, c in enumerate(state["queue"]) if c[1] is not None]
    if k == "hedgehog":
        hand = list(state["hands"][seat])
        out = [f"{s}:hedgehog:none"]
        for m in range(1, 1 << len(hand)):
            out.append(f"{s}:hedgehog:" + "_".join(B.code(hand[i]) for i in range(len(hand)) if m >> i & 1))
        return out
    if k == "kingfisher":
        return [f"{s}:kingfisher:{B.code(t)}:{B.code(q)}" for t, q in captures(state, seat)]
    return []


def legal_actions(state: Mapping[str, Any], seat: int | None = None) -> list[Action]:
    if state["step"]["kind"] == "over":
        return []
    s = int(state["turn"])
    if seat is not None and seat != s:
        return []
    return [Action(s, a, a.split(":", 1)[1]) for a in legal_ids(state, s)]


def apply(state: Mapping[str, Any], action_id: str) -> Applied | Rejected:
    """The state after a legal action (the given state is not modified); anything else is Rejected."""
    if state["step"]["kind"] == "over":
        return Rejected("The game is over.")
    seat_s = action_id.partition(":")[0] if isinstance(action_id, str) else ""
    if not seat_s.isdigit() or int(seat_s) >= SEATS:
        return Rejected("That is not a move of this game.")
    if int(seat_s) != state["turn"] or action_id not in legal_ids(state, int(seat_s)):
        return Rejected("That choice is not available now.")
    s = clone(state)
    events: list[dict[str, Any]] = []
    advance(s, action_id, events)
    s["seq"] += 1
    return Applied(s, events)


# ---- playing an action ---------------------------------------------------------------------------------
def advance(state: State, action_id: str, events: list[dict[str, Any]]) -> None:
    """Plays a legal action on the state itself (the caller checked it), then every forced step after it."""
    step(state, action_id, events)
    _settle(state, events)


def is_over(state: Mapping[str, Any]) -> bool:
    return bool(state["step"]["kind"] == "over")


def _settle(state: State, events: list[dict[str, Any]]) -> None:
    """Forced steps play themselves: a decision with one choice only (RULES.md R60)."""
    while state["step"]["kind"] != "over":
        ids = legal_ids(state, int(state["turn"]))
        if len(ids) != 1:
            return
        step(state, ids[0], events, forced=True)


def step(state: State, action_id: str, events: list[dict[str, Any]], forced: bool = False) -> None:
    parts = action_id.split(":")
    seat, verb, args = int(parts[0]), parts[1], parts[2:]
    cur = state["step"]
    state["step"] = {"kind": "busy"}  # (a handler that needs a decision sets it)
    if verb == "play":
        _play(state, seat, B.parse(args[0]), B.parse(args[1]) if len(args) > 1 else -1, events, forced)
    elif verb == "take":
        target = B.parse(args[0])
        tile = int(cur["tile"])
        _capture(state, seat, tile, target, events, "drawn")
        state["todo"] = [["place", tile], ["place", target], ["squares"], ["end"]]
    elif verb == "rainbow":
        at = B.parse(args[0])
        state["boards"][seat][at] = B.RAINBOW
        events.append({"type": "rainbow", "seat": seat, "spot": at, "why": cur["why"]})
    elif verb == "spirit":
        _spirit(state, seat, args[0], int(cur["square"]), events)
    elif verb == "keep":
        key = args[0]
        other = [k for k in state["drawn"] if k != key]
        state["drawn"] = []
        state["row"] += other
        _meet(state, seat, key, int(cur["square"]), events, "draw")
        if other:
            events.append({"type": "face_up", "seat": seat, "key": other[0]})
    else:
        _effect_action(state, seat, verb, args, events)
    if state["step"]["kind"] == "busy":
        _run(state, events)


def _play(state: State, seat: int, tile: int, target: int, events: list[dict[str, Any]], forced: bool) -> None:
    state["hands"][seat].remove(tile)
    if target >= 0:
        _capture(state, seat, tile, target, events, "hand", forced)
        state["todo"] = [["place", tile], ["place", target], ["squares"], ["end"]]
        return
    col = _to_queue(state, tile)
    events.append({"type": "no_capture", "seat": seat, "tile": tile, "col": col, "forced": forced})
    drawn = int(state["deck"].pop())
    events.append({"type": "second_chance", "seat": seat, "tile": drawn})
    _legs(state, events)
    qs = targets(state, seat, drawn)
    if len(qs) > 1:
        state["step"] = {"kind": "take", "tile": drawn, "targets": qs}
        state["todo"] = []
        return
    if qs:
        _capture(state, seat, drawn, qs[0], events, "drawn")
        state["todo"] = [["place", drawn], ["place", qs[0]], ["squares"], ["end"]]
        return
    col = _to_queue(state, drawn)
    events.append({"type": "missed", "seat": seat, "tile": drawn, "col": col})
    state["todo"] = [["gain"], ["squares"], ["end"]]


def _to_queue(state: State, tile: int) -> int:
    """Puts a tile face up into the leftmost empty queue column, else a new one (R12); its column."""
    for i, c in enumerate(state["queue"]):
        if c[0] is None:
            c[0] = tile
            return i
    state["queue"].append([tile, None])
    return len(state["queue"]) - 1


def _capture(state: State, seat: int, tile: int, target: int, events: list[dict[str, Any]], how: str,
             forced: bool = False) -> None:
    """Takes `target` out of the queue (a face-down tile under it turns face up)."""
    col = next(i for i, c in enumerate(state["queue"]) if c[0] == target)
    c = state["queue"][col]
    flipped = c[1]
    c[0], c[1] = flipped, None
    events.append({"type": "capture", "seat": seat, "tile": tile, "target": target, "col": col, "how": how,
                   "flipped": flipped, "forced": forced})


def _run(state: State, events: list[dict[str, Any]]) -> None:
    """Does what the turn still has to do, in order, until a decision is needed (or the turn is over)."""
    seat = int(state["turn"])
    while state["todo"]:
        task = state["todo"].pop(0)
        kind = task[0]
        if kind == "place":
            if _place(state, seat, int(task[1]), events):
                return
        elif kind == "gain":
            if _gain(state, seat, events):
                return
        elif kind == "squares":
            if _squares(state, seat, events):
                return
        elif kind == "effect":
            if _effect(state, seat, str(task[1]), events):
                return
        elif kind == "end":
            _end_turn(state, seat, events)
            return


def _rainbow_step(state: State, seat: int, why: str, events: list[dict[str, Any]]) -> bool:
    """A rainbow to place (why: "gain" or "move"): a decision when there is a choice; True if one is needed."""
    spots = B.rainbow_spots(state["boards"][seat])
    if not spots:  # [H] no spot left: back to the supply
        state["rainbows"] += 1
        events.append({"type": "rainbow_back", "seat": seat})
        return False
    state["step"] = {"kind": "rainbow", "why": why, "spots": spots}
    return True


def locked(state: Mapping[str, Any], seat: int, at: int) -> bool:
    """Whether the spot lies in one of the seat's spirit squares (its rainbow can no longer move: R19)."""
    sqs = B.SQUARES_OF[at]
    return any(int(x["sq"]) in sqs for x in state["spirits"][seat])


def _place(state: State, seat: int, tile: int, events: list[dict[str, Any]]) -> bool:
    board = state["boards"][seat]
    if board[tile] == B.EMPTY:
        board[tile] = B.TILE
        return False
    if locked(state, seat, tile):  # R19: a rainbow under a spirit stays; the tile is out of the game
        state["discarded"].append(tile)
        events.append({"type": "discarded", "seat": seat, "tile": tile})
        return False
    board[tile] = B.TILE  # R18: the tile takes the rainbow's place, the rainbow moves
    events.append({"type": "rainbow_lifted", "seat": seat, "spot": tile})
    return _rainbow_step(state, seat, "move", events)


def _gain(state: State, seat: int, events: list[dict[str, Any]]) -> bool:
    if state["rainbows"] <= 0:  # [H] none left: nothing
        events.append({"type": "no_rainbow", "seat": seat})
        return False
    state["rainbows"] -= 1
    return _rainbow_step(state, seat, "gain", events)


def spirit_squares(state: Mapping[str, Any], seat: int) -> list[int]:
    return [int(x["sq"]) for x in state["spirits"][seat]]


def new_squares(state: Mapping[str, Any], seat: int) -> list[int]:
    """The squares completed this turn (not complete when it began) without a spirit."""
    taken = spirit_squares(state, seat)
    before = state["start_sq"]
    return [q for q in B.complete_squares(B.mask_of(state["boards"][seat])) if q not in before and q not in taken]


def _squares(state: State, seat: int, events: list[dict[str, Any]]) -> bool:
    if state["met"]:
        return False
    new = new_squares(state, seat)
    if not new:
        return False
    if not state["row"] and not state["pile"]:
        events.append({"type": "no_spirit", "seat": seat})
        return False
    board = state["boards"][seat]
    # [H] the spirit's square: the fewest rainbows, then the lowest, then the leftmost
    q = min(new, key=lambda x: (sum(1 for i in B.SQUARES[x] if board[i] == B.RAINBOW), B.SQUARE_AT[x]))
    state["step"] = {"kind": "spirit", "square": q}
    return True


def _spirit(state: State, seat: int, choice: str, square: int, events: list[dict[str, Any]]) -> None:
    if choice != "draw":
        state["row"].remove(choice)
        _meet(state, seat, choice, square, events, "row")
        return
    drawn = [str(state["pile"].pop()) for _ in range(min(2, len(state["pile"])))]
    events.append({"type": "drew", "seat": seat, "spirits": list(drawn), "to": [seat]})
    if S.CURSE in drawn:  # R44: the curse comes to the one who drew it, with the other spirit
        drawn.remove(S.CURSE)
        if drawn:
            _meet(state, seat, drawn[0], square, events, "draw")
        else:
            state["met"] = True
        state["raven"] = seat
        events.append({"type": "raven", "seat": seat, "drawn": True})
        return
    if len(drawn) == 1:
        _meet(state, seat, drawn[0], square, events, "draw")
        return
    state["drawn"] = drawn
    state["step"] = {"kind": "keep", "square": square}


def _meet(state: State, seat: int, key: str, square: int, events: list[dict[str, Any]], how: str) -> None:
    if state["raven"] == seat:  # R45: meeting a spirit passes the curse on
        state["raven"] = 1 - seat
        events.append({"type": "raven", "seat": 1 - seat, "drawn": False})
    state["spirits"][seat].append({"sq": square, "key": key})
    state["met"] = True
    events.append({"type": "spirit", "seat": seat, "key": key, "square": square, "how": how})
    if S.kind(key) == "now":
        state["todo"] = [["effect", key]] + state["todo"]


# ---- the spirits that act when met (R31-R37) --------------------------------------------------------------
def _effect(state: State, seat: int, key: str, events: list[dict[str, Any]]) -> bool:
    r = S.rule(key)
    if r == "look_keep":
        n = min(S.number(key, "look"), len(state["deck"]))
        if n == 0:
            events.append({"type": "nothing", "seat": seat, "key": key})
            return False
        state["look"] = [int(state["deck"].pop()) for _ in range(n)]
        events.append({"type": "looked", "seat": seat, "tiles": list(state["look"]), "to": [seat]})
        _legs(state, events)
        state["step"] = {"kind": "mole"}
        return True
    if r == "free_capture":
        if not face_up(state):
            events.append({"type": "nothing", "seat": seat, "key": key})
            return False
        state["step"] = {"kind": "otter"}
        return True
    if r == "take_hidden":
        if all(c[1] is None for c in state["queue"]):
            events.append({"type": "nothing", "seat": seat, "key": key})
            return False
        state["step"] = {"kind": "magpie"}
        return True
    if r == "redraw":
        if not state["hands"][seat]:
            events.append({"type": "nothing", "seat": seat, "key": key})
            return False
        state["step"] = {"kind": "hedgehog"}
        return True
    if r == "next_turn_neighbours":
        state["crane"][seat] = 2  # (1 at the end of this turn: it acts on the next)
        events.append({"type": "crane", "seat": seat})
        return False
    if r == "extra_capture":
        if not captures(state, seat):
            events.append({"type": "nothing", "seat": seat, "key": key})
            return False
        state["step"] = {"kind": "kingfisher"}
        return True
    if r == "stars_now":
        events.append({"type": "moth", "seat": seat, "stars": S.number(key, "stars")})
    return False


def _effect_action(state: State, seat: int, verb: str, args: list[str], events: list[dict[str, Any]]) -> None:
    gen = cast(rng.Rng, state)
    if verb == "mole":
        tile = B.parse(args[0])
        back = [t for t in state["look"] if t != tile]
        state["look"] = []
        state["hands"][seat] = sorted(state["hands"][seat] + [tile])
        state["deck"] += back
        rng.shuffle(gen, state["deck"])  # R31: the others are shuffled back
        events.append({"type": "mole", "seat": seat, "tile": tile, "returned": len(back), "to": [seat]})
        return
    if verb == "otter":
        q = B.parse(args[0])
        _capture(state, seat, -1, q, events, "otter")
        state["todo"] = [["place", q]] + state["todo"]
        return
    if verb == "magpie":
        c = state["queue"][int(args[0]) - 1]
        tile = int(c[1])
        c[1] = None
        state["hands"][seat] = sorted(state["hands"][seat] + [tile])
        events.append({"type": "magpie", "seat": seat, "col": int(args[0]) - 1, "tile": tile, "to": [seat]})
        return
    if verb == "hedgehog":
        back = [] if args[0] == "none" else [B.parse(x) for x in args[0].split("_")]
        if not back:
            events.append({"type": "hedgehog", "seat": seat, "back": [], "drew": [], "to": [seat]})
            return
        for t in back:
            state["hands"][seat].remove(t)
        state["deck"] += back
        rng.shuffle(gen, state["deck"])
        drew = [int(state["deck"].pop()) for _ in back]
        state["hands"][seat] = sorted(state["hands"][seat] + drew)
        events.append({"type": "hedgehog", "seat": seat, "back": back, "drew": drew, "to": [seat]})
        return
    if verb == "kingfisher":
        tile, q = B.parse(args[0]), B.parse(args[1])
        state["hands"][seat].remove(tile)
        _capture(state, seat, tile, q, events, "kingfisher")
        state["todo"] = [["place", tile], ["place", q]] + state["todo"]
        return
    raise ValueError(verb)


# ---- turns, the end of a game and of the match ---------------------------------------------------------
def _draw_to_hand(state: State, seat: int, events: list[dict[str, Any]]) -> None:
    got: list[int] = []
    while len(state["hands"][seat]) + len(got) < HAND and state["deck"]:
        got.append(int(state["deck"].pop()))
    if got:
        state["hands"][seat] = sorted(state["hands"][seat] + got)
        events.append({"type": "refill", "seat": seat, "tiles": got, "to": [seat]})
        _legs(state, events)


def _legs(state: State, events: list[dict[str, Any]]) -> None:
    """A chapter of the story ends when the deck falls to each of LEGS' counts ([H])."""
    while state["leg"] < len(LEGS) and len(state["deck"]) <= LEGS[state["leg"]]:
        state["leg"] += 1
        events.append({"type": "leg", "game": state["game"], "leg": state["leg"] + 1, "deck": len(state["deck"])})


def _end_turn(state: State, seat: int, events: list[dict[str, Any]]) -> None:
    if state["crane"][seat] > 0:
        state["crane"][seat] -= 1
    _begin_turn(state, 1 - seat, events, refill=True)


def _begin_turn(state: State, seat: int, events: list[dict[str, Any]], refill: bool) -> None:
    """The seat's turn begins: its hand refilled ([H] at the start of the turn), or, with the deck empty and
    nothing to capture, it passes; when neither can play, the game ends (R24-R25)."""
    state["drawn"], state["look"], state["todo"] = [], [], []
    if refill:
        _draw_to_hand(state, seat, events)
    if not state["deck"] and not captures(state, seat):
        events.append({"type": "pass", "seat": seat})
        other = 1 - seat
        if not captures(state, other):
            events.append({"type": "pass", "seat": other})
            _game_over(state, events)
            return
        seat = other
    state["turn"] = seat
    state["turn_no"] += 1
    state["met"] = False
    state["start_sq"] = B.complete_squares(B.mask_of(state["boards"][seat]))
    state["step"] = {"kind": "play"}
    events.append({"type": "turn", "seat": seat, "turn": state["turn_no"], "game": state["game"]})


def _game_over(state: State, events: list[dict[str, Any]]) -> None:
    scores = [scoring.breakdown(state, s) for s in range(SEATS)]
    totals = [scoring.total(b) for b in scores]
    rainbows = [scoring.rainbows_in(state["boards"][s]) for s in range(SEATS)]
    rec = {"game": state["game"], "first": state["first"], "scores": scores, "totals": totals,
           "rainbows": rainbows, "spirits": [[str(x["key"]) for x in state["spirits"][s]] for s in range(SEATS)],
           "raven": state["raven"]}
    state["history"].append(rec)
    state["totals"] = [state["totals"][s] + totals[s] for s in range(SEATS)]
    events.append({"type": "game_over", "game": state["game"], "scores": scores, "totals": totals,
                   "match": list(state["totals"]), "last": state["game"] >= state["config"]["games"]})
    if state["game"] < state["config"]["games"]:
        _deal(state, 1 - state["first"], events)  # [H] each later game the other player begins
        return
    _finish(state, events)


def places(history: list[dict[str, Any]]) -> list[tuple[int, int, int]]:
    """Each seat's order key over the match: (stars, spirits, -rainbows), summed (R56)."""
    out = []
    for s in range(SEATS):
        out.append(scoring.order_key(sum(int(r["totals"][s]) for r in history),
                                     sum(int(r["scores"][s]["spirits"]) for r in history),
                                     sum(int(r["rainbows"][s]) for r in history)))
    return out


def _finish(state: State, events: list[dict[str, Any]]) -> None:
    hist = state["history"]
    keys = places(hist)
    result = []
    for s in range(SEATS):
        rank = 1 + sum(1 for k in keys if k > keys[s])
        sums = {c: sum(int(r["scores"][s][c]) for r in hist) for c in scoring.CATEGORIES}
        result.append({"seat": s, "rank": rank, "winner": rank == 1, "total": sum(sums.values()), **sums,
                       "rainbows": sum(int(r["rainbows"][s]) for r in hist)})
    state["result"] = result
    state["step"] = {"kind": "over"}
    state["turn"] = None
    events.append({"type": "match_over", "totals": [r["total"] for r in result],
                   "winners": [r["seat"] for r in result if r["winner"]], "games": len(hist)})


def stage_name(state: Mapping[str, Any]) -> str:
    if state["step"]["kind"] == "over":
        return "over"
    return f"game {state['game']} turn {state['turn_no']} {state['step']['kind']}"


def decision_key(state: Mapping[str, Any]) -> tuple[Any, ...]:
    """A whole turn is one decision of its player (its timer runs on through its steps)."""
    return ("over",) if state["step"]["kind"] == "over" else (state["game"], state["turn_no"])


REVEALING = ("second_chance", "drew", "looked", "magpie", "hedgehog", "game_started")


def reveals(event: Mapping[str, Any], seat: int) -> bool:
    """Whether an event shows `seat` (or everyone) something that was hidden (a move that did cannot be
    taken back: R62): a tile drawn or turned up, spirits drawn, tiles looked at; a refill of the seat's."""
    t = event["type"]
    if t in REVEALING:
        return not (t == "hedgehog" and not event["back"])
    if t == "capture":
        return event["flipped"] is not None
    if t == "refill":
        return bool(event["seat"] == seat)
    return False
