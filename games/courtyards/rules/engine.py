"""Courtyards' rules on plain JSON states (RULES.md): Alhambra's rules with our own tile set.

State (what the host stores; every value JSON):
    seq, moves (those in effect); rng (nobody's); config {names, players, end: "refill"|"empty", money: "full"|"short"};
    stage "act" (the player to move acts: take money, buy, redesign; after an exact payment again, or ends the
    turn), "place" (they place what they bought, in the order bought), "final" (at the end, the tiles
    awarded are placed by their receivers, queue order), "over"; turn (the seat to move; None when over),
    turns (the turn's number), extra (the player paid exactly and may act again), bought [tiles to place],
    passes (turns passed in a row: nobody could do anything);
    money: deck [cards, the top last] (nobody's), discard [cards] (face up), display [cards], hands [[cards]
    sorted] (each its owner's), drawn (money cards drawn since the scoring cards went in), windows
    [[lo, hi], [lo, hi]] (public: each scoring card comes after lo..hi money cards drawn), scored (scoring
    rounds done);
    buildings: bag [tiles] (nobody's), market [tile or None] x 4 (slot i in currency i), palaces [[[x, y,
    tile]]] (the Well, WELL, at (0, 0)), reserves [[tiles]], neutral [tiles] (2 players: the Steward's);
    score [int], cats [{"kinds": [6 ints], "walls": int}] (points by category), scorings [each round's
    record, with "at": the number of moves in effect when it happened: moves counts the moves applied, an
    undone one not, so that an undo leaves no trace], queue [[seat, tile]] (awards to place), awards [each
    slot's at the end], result None | [{seat, rank, winner, total}].
Actions (s the seat; a negative coordinate is "m" and its size): s:take:{cards} (a card or several, as
10 x currency + value, "_"-joined),
s:buy:{slot}:{values}, s:in:{tile}:{x}:{y} (reserve to palace), s:out:{x}:{y} (palace to reserve),
s:swap:{tile}:{x}:{y} (a reserve tile for the palace's at x, y), s:end (after an exact payment),
s:pass (only when nothing else can be done), s:place:{tile}:{x}:{y}, s:keep:{tile} (to the reserve)."""

from collections.abc import Mapping, Sequence
from typing import Any, cast

from engine import rng
from engine.protocol import Action, Applied, Rejected

from . import cards as money
from . import palace as geo
from .constants import (
    CURRENCIES,
    DEFAULT_END,
    DEFAULT_MONEY,
    DISPLAY,
    END_RULES,
    KINDS,
    MARKET,
    MONEY_DECKS,
    NEUTRAL_AFTER_FIRST,
    NEUTRAL_AFTER_SECOND_SHARE,
    NEUTRAL_START,
    PLAYERS,
    ROUNDS,
    SCORING,
    SCORING_FIFTHS,
    START_MONEY,
    WELL,
)
from .copying import clone
from .scoring import kind_counts, score_round

STAGES = ("act", "place", "final", "over")
TILE_COUNT = len(geo.MASKS)


def config_of(names: Sequence[str], end: str = DEFAULT_END, money_deck: str = DEFAULT_MONEY) -> dict:
    if not PLAYERS[0] <= len(names) <= PLAYERS[1]:
        raise ValueError(f"Courtyards is for {PLAYERS[0]}-{PLAYERS[1]} players")
    if end not in END_RULES or money_deck not in MONEY_DECKS:
        raise ValueError(f"no such option: end={end!r}, money={money_deck!r}")
    return {"names": list(names), "players": len(names), "end": end, "money": money_deck}


def new_game(config: Mapping[str, Any], seed: int) -> tuple[dict, list[dict]]:
    n = int(config["players"])
    state: dict[str, Any] = {
        "seq": 0, "moves": 0, "rng": rng.seed_state(seed), "config": dict(config), "stage": "act", "turn": 0,
        "turns": 1, "extra": False, "bought": [], "passes": 0, "deck": [], "discard": [], "display": [],
        "hands": [[] for _ in range(n)], "drawn": 0, "windows": [], "scored": 0, "bag": [],
        "market": [None] * MARKET, "palaces": [[[0, 0, WELL]] for _ in range(n)], "reserves": [[] for _ in range(n)],
        "neutral": [], "score": [0] * n, "cats": [{"kinds": [0] * len(KINDS), "walls": 0} for _ in range(n)],
        "scorings": [], "queue": [], "awards": [], "result": None}
    gen = cast(rng.Rng, state)
    bag = list(range(TILE_COUNT))
    rng.shuffle(gen, bag)
    state["bag"] = bag
    deck = money.deck(str(config.get("money", DEFAULT_MONEY)))
    rng.shuffle(gen, deck)
    hands = state["hands"]
    for s in range(n):  # [H] one player after another, seat 1 first, until their total reaches START_MONEY
        while money.total(hands[s]) < START_MONEY:
            hands[s].append(deck.pop())
        hands[s].sort()
    first = min(range(n), key=lambda s: (len(hands[s]), money.total(hands[s]), s))
    state["turn"] = first
    state["deck"] = _with_scoring_cards(state, deck)
    events: list[dict] = [{"type": "started", "names": list(config["names"]), "first": first,
                           "cards": [len(h) for h in hands], "windows": [list(w) for w in state["windows"]]}]
    if n == 2:
        _give_neutral(state, NEUTRAL_START, events)
    _refill_display(state, events)
    _refill_market(state, events)
    for rec in state["scorings"]:  # (a scoring card in the first display: scored at the start)
        rec["at"] = 0
    events.append({"type": "turn", "seat": first, "turn": 1})
    return state, events


def _with_scoring_cards(state: dict, deck: list[int]) -> list[int]:
    """The deck (top last) with the two scoring cards shuffled into its 2nd and 4th fifths: each comes after
    a number of money cards drawn uniformly within its fifth (the windows, public)."""
    n = len(deck)
    gen = cast(rng.Rng, state)
    order = deck[::-1]  # (draw order)
    spots = []
    for fifth in SCORING_FIFTHS:
        lo, hi = (fifth - 1) * n // 5, fifth * n // 5 - 1
        state["windows"].append([lo, hi])
        spots.append(lo + rng.below(gen, hi - lo + 1))
    for j in sorted(spots, reverse=True):
        order.insert(j, SCORING)
    return order[::-1]


# ---- what a player may do ---------------------------------------------------------------------------------
def deciders(state: Mapping[str, Any]) -> list[int]:
    stage = state["stage"]
    if stage == "over":
        return []
    if stage == "final":
        return [int(state["queue"][0][0])]
    return [int(state["turn"])]


def grid(state: Mapping[str, Any], seat: int) -> geo.Grid:
    return geo.grid_of(state["palaces"][seat])


def _card_text(c: int) -> str:
    return f"{CURRENCIES[c // 10]} {c % 10}"


def take_actions(state: Mapping[str, Any], s: int) -> list[Action]:
    out = []
    for t in money.takes(list(state["display"])):
        out.append(Action(s, f"{s}:take:" + "_".join(str(c) for c in t),
                          "Take " + " + ".join(_card_text(c) for c in t)))
    return out


def buy_actions(state: Mapping[str, Any], s: int) -> list[Action]:
    out = []
    hand = state["hands"][s]
    for slot in range(MARKET):
        tile = state["market"][slot]
        if tile is None:
            continue
        price = geo.PRICE[tile]
        for pay in money.payments(hand, slot, price):
            out.append(Action(s, f"{s}:buy:{slot}:" + "_".join(str(v) for v in pay),
                              f"Buy {KINDS[geo.KIND[tile]]} ({price}) paying {CURRENCIES[slot]} "
                              + "+".join(str(v) for v in pay)))
    return out


def redesign_actions(state: Mapping[str, Any], s: int) -> list[Action]:
    out = []
    g = grid(state, s)
    reserve = sorted(set(state["reserves"][s]))
    for t in reserve:
        for x, y in geo.spots(g, t):
            out.append(Action(s, f"{s}:in:{t}:{geo.enc(x)}:{geo.enc(y)}", f"Build {KINDS[geo.KIND[t]]} at {x},{y}"))
    for x, y in geo.removables(g):
        out.append(Action(s, f"{s}:out:{geo.enc(x)}:{geo.enc(y)}", f"Tile at {x},{y} to the reserve"))
    cells = sorted((c for c in g if c != (0, 0)), key=lambda c: (c[1], c[0]))
    for t in reserve:
        for x, y in cells:
            if geo.swappable(g, t, x, y):
                out.append(Action(s, f"{s}:swap:{t}:{geo.enc(x)}:{geo.enc(y)}", f"Swap in {KINDS[geo.KIND[t]]}"))
    return out


def place_actions(state: Mapping[str, Any], s: int, tile: int) -> list[Action]:
    out = [Action(s, f"{s}:place:{tile}:{geo.enc(x)}:{geo.enc(y)}", f"Build {KINDS[geo.KIND[tile]]} at {x},{y}")
           for x, y in geo.spots(grid(state, s), tile)]
    out.append(Action(s, f"{s}:keep:{tile}", f"Put {KINDS[geo.KIND[tile]]} in the reserve"))
    return out


def pending(state: Mapping[str, Any]) -> int | None:
    """The tile to place now (stage place or final), else None."""
    if state["stage"] == "place":
        return int(state["bought"][0])
    if state["stage"] == "final":
        return int(state["queue"][0][1])
    return None


def legal_actions(state: Mapping[str, Any], seat: int | None = None) -> list[Action]:
    stage = state["stage"]
    if stage == "over":
        return []
    s = deciders(state)[0]
    if seat is not None and seat != s:
        return []
    if stage in ("place", "final"):
        return place_actions(state, s, cast(int, pending(state)))
    out = take_actions(state, s) + buy_actions(state, s) + redesign_actions(state, s)
    if state["extra"]:
        out.append(Action(s, f"{s}:end", "End the turn"))
    elif not out:
        out.append(Action(s, f"{s}:pass", "Pass: nothing can be done"))
    return out


def _candidates(state: Mapping[str, Any], seat: int, action_id: str) -> list[Action]:
    """The legal actions of the seat that an action id of this verb could be (legal_actions, only the part
    of it that verb is in: a check as strict, and cheaper)."""
    stage = state["stage"]
    if stage == "over" or seat != deciders(state)[0]:
        return []
    verb = action_id.split(":")[1] if action_id.count(":") >= 1 else ""
    if stage in ("place", "final") or verb not in ("take", "buy", "in", "out", "swap"):
        return legal_actions(state, seat)
    if verb == "take":
        return take_actions(state, seat)
    if verb == "buy":
        return buy_actions(state, seat)
    return redesign_actions(state, seat)


def apply(state: Mapping[str, Any], action_id: str) -> Applied | Rejected:
    """The state after a legal action (the given state is not modified); anything else is Rejected."""
    if state["stage"] == "over":
        return Rejected("The game is over.")
    seat_s = action_id.partition(":")[0] if isinstance(action_id, str) else ""
    if not seat_s.isdigit() or int(seat_s) >= len(state["hands"]):
        return Rejected("That is not a move of this game.")
    if all(a.id != action_id for a in _candidates(state, int(seat_s), action_id)):
        return Rejected("That choice is not available now.")
    s = clone(state)
    events: list[dict] = []
    advance(s, action_id, events)
    s["seq"] += 1
    s["moves"] += 1
    return Applied(s, events)


# ---- applying an action ------------------------------------------------------------------------------------
def advance(state: dict, action_id: str, events: list) -> None:
    """Plays a legal action on the state itself (the caller checked it)."""
    parts = action_id.split(":")
    seat = int(parts[0])
    verb = parts[1]
    if verb == "take":
        taken = [int(x) for x in parts[2].split("_")]
        for c in taken:
            state["display"].remove(c)
        hand = state["hands"][seat]
        hand.extend(taken)
        hand.sort()
        state["passes"] = 0
        events.append({"type": "took", "seat": seat, "cards": taken})
        _end_actions(state, events)
    elif verb == "buy":
        _buy(state, seat, int(parts[2]), [int(v) for v in parts[3].split("_")], events)
    elif verb in ("in", "out", "swap"):
        _redesign(state, seat, verb, parts[2:], events)
        _end_actions(state, events)
    elif verb == "end":
        events.append({"type": "ended", "seat": seat})
        _end_actions(state, events)
    elif verb == "pass":
        state["passes"] += 1
        events.append({"type": "passed", "seat": seat})
        _end_actions(state, events)
    elif verb in ("place", "keep"):
        _place(state, seat, verb, parts[2:], events)
    else:
        raise ValueError(action_id)


def _buy(state: dict, seat: int, slot: int, values: list[int], events: list) -> None:
    hand = state["hands"][seat]
    for v in values:
        c = money.code(slot, v)
        hand.remove(c)
        state["discard"].append(c)
    tile = int(state["market"][slot])
    state["market"][slot] = None
    state["bought"].append(tile)
    price = geo.PRICE[tile]
    exact = sum(values) == price
    state["passes"] = 0
    events.append({"type": "bought", "seat": seat, "slot": slot, "tile": tile, "paid": list(values),
                   "exact": exact})
    if exact:
        state["extra"] = True
    else:
        _end_actions(state, events)


def _redesign(state: dict, seat: int, verb: str, args: list[str], events: list) -> None:
    g = grid(state, seat)
    reserve = state["reserves"][seat]
    if verb == "in":
        tile, x, y = int(args[0]), geo.dec(args[1]), geo.dec(args[2])
        reserve.remove(tile)
        g[(x, y)] = tile
        events.append({"type": "moved", "seat": seat, "how": "in", "tile": tile, "x": x, "y": y})
    elif verb == "out":
        x, y = geo.dec(args[0]), geo.dec(args[1])
        tile = g.pop((x, y))
        reserve.append(tile)
        events.append({"type": "moved", "seat": seat, "how": "out", "tile": tile, "x": x, "y": y})
    else:
        tile, x, y = int(args[0]), geo.dec(args[1]), geo.dec(args[2])
        old = g[(x, y)]
        reserve.remove(tile)
        reserve.append(old)
        g[(x, y)] = tile
        events.append({"type": "moved", "seat": seat, "how": "swap", "tile": tile, "old": old, "x": x, "y": y})
    reserve.sort()
    state["palaces"][seat] = geo.cells_of(g)
    state["passes"] = 0


def _place(state: dict, seat: int, verb: str, args: list[str], events: list) -> None:
    tile = int(args[0])
    if state["stage"] == "place":
        state["bought"].pop(0)
    else:
        state["queue"].pop(0)
    if verb == "place":
        x, y = geo.dec(args[1]), geo.dec(args[2])
        g = grid(state, seat)
        g[(x, y)] = tile
        state["palaces"][seat] = geo.cells_of(g)
        events.append({"type": "placed", "seat": seat, "tile": tile, "x": x, "y": y})
    else:
        state["reserves"][seat].append(tile)
        state["reserves"][seat].sort()
        events.append({"type": "kept", "seat": seat, "tile": tile})
    if state["stage"] == "place":
        if not state["bought"]:
            _finish_turn(state, events)
    elif not state["queue"]:
        _final_scoring(state, events)


def _end_actions(state: dict, events: list) -> None:
    """The turn's actions are over: its bought tiles to place, else the turn ends."""
    state["extra"] = False
    if state["bought"]:
        state["stage"] = "place"
    else:
        _finish_turn(state, events)


def _finish_turn(state: dict, events: list) -> None:
    """The end of a turn: the money display refilled (a scoring card scores at once), then the market; if it
    cannot be refilled (or, by the "empty" rule, the bag is empty) the game ends, else the next player's turn."""
    state["stage"] = "act"
    _refill_display(state, events)
    full = _refill_market(state, events)
    n = len(state["hands"])
    why = "market" if not full else "bag" if state["config"].get("end") == "empty" and not state["bag"] \
        else "passes" if state["passes"] >= n else ""
    if why:
        _end_game(state, events, why)
        return
    state["turn"] = (int(state["turn"]) + 1) % n
    state["turns"] += 1
    events.append({"type": "turn", "seat": state["turn"], "turn": state["turns"]})


def _draw(state: dict, events: list) -> int | None:
    """The deck's top card (the discards shuffled into a new deck when it is empty), or None."""
    if not state["deck"]:
        if not state["discard"]:
            return None
        deck = state["discard"]
        state["discard"] = []
        rng.shuffle(cast(rng.Rng, state), deck)
        state["deck"] = deck
        events.append({"type": "reshuffled", "cards": len(deck)})
    c = int(state["deck"].pop())
    if c != SCORING:
        state["drawn"] += 1
    return c


def _refill_display(state: dict, events: list) -> None:
    new: list[int] = []
    while len(state["display"]) < DISPLAY:
        c = _draw(state, events)
        if c is None:
            break
        if c == SCORING:
            if new:
                events.append({"type": "display", "cards": new})
                new = []
            _scoring(state, int(state["scored"]) + 1, events)
            continue
        state["display"].append(c)
        new.append(c)
    if new:
        events.append({"type": "display", "cards": new})


def _refill_market(state: dict, events: list) -> bool:
    """Fills the empty slots from the bag, in slot order; False if a slot stays empty."""
    full = True
    new = []
    for i in range(MARKET):
        if state["market"][i] is None:
            if state["bag"]:
                t = int(state["bag"].pop())
                state["market"][i] = t
                new.append([i, t])
            else:
                full = False
    if new:
        events.append({"type": "market", "tiles": new, "bag": len(state["bag"])})
    return full


def _give_neutral(state: dict, k: int, events: list) -> None:
    got = []
    for _ in range(min(k, len(state["bag"]))):
        got.append(int(state["bag"].pop()))
    state["neutral"].extend(got)
    events.append({"type": "neutral", "tiles": got})


def palace_tiles(state: Mapping[str, Any], seat: int) -> list[int]:
    return [int(c[2]) for c in state["palaces"][seat]]


def walls(state: Mapping[str, Any], seat: int) -> int:
    return geo.wall_length(grid(state, seat))


def _scoring(state: dict, rnd: int, events: list) -> None:
    n = len(state["hands"])
    counts = [kind_counts(palace_tiles(state, s), geo.KIND) for s in range(n)]
    neutral = kind_counts(state["neutral"], geo.KIND) if n == 2 else None
    rec = score_round(rnd, counts, neutral, [walls(state, s) for s in range(n)])
    for s in range(n):
        state["score"][s] += rec["gained"][s]
        cats = state["cats"][s]
        for k in range(len(KINDS)):
            cats["kinds"][k] += rec["kinds"][k]["points"][s]
        cats["walls"] += rec["walls"][s]
    rec["totals"] = list(state["score"])
    rec["at"] = int(state["moves"]) + 1  # (the state it happened in: apply counts the move after)
    state["scorings"].append(rec)
    state["scored"] = rnd
    events.append({"type": "scoring", **{k: v for k, v in rec.items() if k != "at"}})
    if n == 2 and rnd == 1:
        _give_neutral(state, NEUTRAL_AFTER_FIRST, events)
    elif n == 2 and rnd == 2:
        _give_neutral(state, len(state["bag"]) // NEUTRAL_AFTER_SECOND_SHARE, events)


def _end_game(state: dict, events: list, why: str) -> None:
    """The market's tiles left go to the player with strictly the most money of the slot's currency (a tie
    at the top leaves the tile); they place them one after another, then the final scoring."""
    n = len(state["hands"])
    first = (int(state["turn"]) + 1) % n
    awards = []
    queue = []
    for slot in range(MARKET):
        tile = state["market"][slot]
        if tile is None:
            continue
        held = [money.total(state["hands"][s], slot) for s in range(n)]
        top = max(held)
        winners = [s for s in range(n) if held[s] == top]
        to = winners[0] if len(winners) == 1 and top > 0 else None
        awards.append({"slot": slot, "tile": tile, "seat": to, "money": held})
        if to is not None:
            state["market"][slot] = None
            queue.append([to, tile])
    queue.sort(key=lambda q: ((q[0] - first) % n, 0))
    state["awards"] = awards
    state["queue"] = queue
    state["extra"] = False
    events.append({"type": "game_end", "why": why, "awards": awards, "hands": [list(h) for h in state["hands"]]})
    if queue:
        state["stage"] = "final"
    else:
        _final_scoring(state, events)


def _final_scoring(state: dict, events: list) -> None:
    _scoring(state, ROUNDS, events)
    totals = list(state["score"])
    best = max(totals)
    state["result"] = [{"seat": s, "rank": 1 + sum(1 for x in totals if x > totals[s]), "winner": totals[s] == best,
                        "total": totals[s]} for s in range(len(totals))]
    state["stage"] = "over"
    state["turn"] = None
    events.append({"type": "game_over", "totals": totals, "winners": [s for s in range(len(totals)) if
                                                                      totals[s] == best]})


# ---- what the host logs -------------------------------------------------------------------------------------
def stage_name(state: Mapping[str, Any]) -> str:
    return "over" if state["stage"] == "over" else f"turn {state['turns']} {state['stage']}"
