"""Pyramid Poker's rules on plain JSON states (RULES.md): a match of one or more games; each game the
two players build a pyramid of 30 blocks from their supplies, then take it apart into three poker
hands each, and the hands meet at the showdown.

State (what the host stores; every value JSON):
    seq, seed and rng (hidden from everyone), config {names, blocks: "blind"|"open", match:
    "basic"|"to7"|"to11"}, stage ("build" | "take" | "hand" | "joker" | "over"), game (1-based),
    first (who builds first this game), turn (the seat to act; None when over),
    pyramid: 30 spots, None or {"card", "owner"} (the face: its owner's only),
    supply: [[codes], [codes]] per seat (blind: in the order they will be placed, supply[s][0] next;
    open: sorted), stock: [codes] (face down: nobody's), discards: [codes] (face up),
    hands: [[[codes] x 3] x 2] (face up), holding: None or {"card", "owner", "spot"} (stage "hand":
    the card the taker is putting into a hand; owner and spot None for a card kept from the stock),
    look: [codes] (stage "joker": the stock blocks the taker turned over), points: [int, int]
    (advanced match totals; 0 in basic), history: [the showdown of each finished game: scoring.showdown
    + game, first], result: None, or per seat {seat, rank, winner, total, hands, games, points,
    best_hand} once over.
Actions: "{seat}:place:{spot}" (blind) or "{seat}:place:{card}:{spot}" (open), "{seat}:take:{spot}",
"{seat}:hand:{h}" (h = 1..3), "{seat}:keep:{i}" (i: 0-based index in look).
Events: dicts with "type"; one with "to" (the seats that may know its faces) has its "card"/"cards"
hidden from everyone else by knowledge.public_event."""

from collections.abc import Mapping, Sequence
from typing import Any, cast

from engine import rng
from engine.protocol import Action, Applied, Rejected

from . import pyramid as geo
from . import scoring
from .cards import DECK, class_name, is_joker
from .constants import (
    BLOCKS,
    DEFAULT_BLOCKS,
    DEFAULT_MATCH,
    HAND_SIZE,
    HANDS,
    LOOK,
    MATCHES,
    SEATS,
    SUPPLY,
    TARGETS,
)
from .copying import clone, deep

STAGES = ("build", "take", "hand", "joker", "over")


def config_of(names: Sequence[str], blocks: str = DEFAULT_BLOCKS, match: str = DEFAULT_MATCH) -> dict:
    if len(names) != SEATS:
        raise ValueError("Pyramid Poker is for 2 players")
    if blocks not in BLOCKS or match not in MATCHES:
        raise ValueError(f"no such option: blocks={blocks!r}, match={match!r}")
    return {"names": list(names), "blocks": blocks, "match": match}


def new_game(config: Mapping[str, Any], seed: int) -> tuple[dict, list[dict]]:
    state: dict[str, Any] = {
        "seq": 0, "seed": seed, "rng": rng.seed_state(seed), "config": dict(config), "stage": "build",
        "game": 0, "first": 0, "turn": 0, "pyramid": [None] * geo.SPOTS, "supply": [[], []], "stock": [],
        "discards": [], "hands": [], "holding": None, "look": [], "points": [0] * SEATS, "history": [],
        "result": None}
    events: list[dict] = [{"type": "match_started", "names": list(config["names"]),
                           "blocks": config["blocks"], "match": config["match"]}]
    _start_game(state, rng.below(cast(rng.Rng, state), SEATS), events)  # [H] game 1's first builder is drawn
    return state, events


def _start_game(state: dict, first: int, events: list) -> None:
    """Shuffles all 54 blocks: 15 to each supply, the rest the stock; the first builder begins."""
    blocks = list(DECK)
    rng.shuffle(cast(rng.Rng, state), blocks)
    state["supply"] = [blocks[:SUPPLY], blocks[SUPPLY:2 * SUPPLY]]
    if state["config"]["blocks"] == "open":  # (seen and chosen: the order says nothing)
        state["supply"] = [sorted(s, key=DECK.index) for s in state["supply"]]
    state["stock"] = blocks[2 * SUPPLY:]
    state["game"] += 1
    state["first"] = state["turn"] = first
    state["stage"] = "build"
    state["pyramid"] = [None] * geo.SPOTS
    state["discards"], state["look"], state["holding"] = [], [], None
    state["hands"] = [[[] for _ in range(HANDS)] for _ in range(SEATS)]
    events.append({"type": "game_started", "game": state["game"], "first": first,
                   "supply": [len(s) for s in state["supply"]], "stock": len(state["stock"])})


# ---- what a player may do ---------------------------------------------------------------------------
def deciders(state: Mapping[str, Any]) -> list[int]:
    return [] if state["stage"] == "over" else [state["turn"]]


def open_hands(state: Mapping[str, Any], seat: int) -> list[int]:
    """The hands (1..3) that can still take a card."""
    return [h + 1 for h in range(HANDS) if len(state["hands"][seat][h]) < HAND_SIZE]


def legal_actions(state: Mapping[str, Any], seat: int | None = None) -> list[Action]:
    stage = state["stage"]
    s = state["turn"]
    if stage == "over" or (seat is not None and seat != s):
        return []
    if stage == "build":
        spots = geo.placeable(state["pyramid"])
        if state["config"]["blocks"] == "blind":
            return [Action(s, f"{s}:place:{p}", f"Place your block on spot {p}") for p in spots]
        return [Action(s, f"{s}:place:{c}:{p}", f"Place {c} on spot {p}") for c in state["supply"][s] for p in spots]
    if stage == "take":
        return [Action(s, f"{s}:take:{p}", f"Take the block on spot {p}") for p in geo.uncovered(state["pyramid"])]
    if stage == "hand":
        return [Action(s, f"{s}:hand:{h}", f"Put it into hand {h}") for h in open_hands(state, s)]
    if stage == "joker":
        return [Action(s, f"{s}:keep:{i}", f"Keep {c}") for i, c in enumerate(state["look"])]
    raise ValueError(f"stage {stage!r}")


def apply(state: Mapping[str, Any], action_id: str) -> Applied | Rejected:
    """The state after a legal action (the given state is not modified); anything else is Rejected."""
    if state["stage"] == "over":
        return Rejected("The game is over.")
    seat_s = action_id.partition(":")[0] if isinstance(action_id, str) else ""
    if not seat_s.isdigit() or int(seat_s) >= SEATS:
        return Rejected("That is not a move of this game.")
    if all(a.id != action_id for a in legal_actions(state, int(seat_s))):
        return Rejected("That choice is not available now.")
    s = clone(state)
    events: list[dict] = []
    advance(s, action_id, events)
    s["seq"] += 1
    return Applied(s, events)


# ---- applying an action ---------------------------------------------------------------------------
def advance(state: dict, action_id: str, events: list) -> None:
    """Plays a legal action on the state itself (the caller checked it)."""
    seat_s, verb, *args = action_id.split(":")
    seat = int(seat_s)
    if verb == "place":
        _place(state, seat, args, events)
    elif verb == "take":
        _take(state, seat, int(args[0]), events)
    elif verb == "keep":
        _keep(state, seat, int(args[0]), events)
    elif verb == "hand":
        h = int(args[0])
        card = state["holding"]["card"]
        state["hands"][seat][h - 1].append(card)
        state["holding"] = None
        events.append({"type": "to_hand", "seat": seat, "hand": h, "card": card})
        _next_take(state, events)
    else:
        raise ValueError(action_id)


def _place(state: dict, seat: int, args: list[str], events: list) -> None:
    supply = state["supply"][seat]
    if len(args) == 1:  # blind: the next block of the supply
        card, spot = supply.pop(0), int(args[0])
    else:
        card, spot = args[0], int(args[1])
        supply.remove(card)
    state["pyramid"][spot] = {"card": card, "owner": seat}
    events.append({"type": "placed", "seat": seat, "spot": spot, "card": card, "to": [seat]})
    if all(b is not None for b in state["pyramid"]):
        state["stage"] = "take"
        state["turn"] = 1 - state["first"]  # [H] the player who did not start the building takes first
        events.append({"type": "taking_started", "game": state["game"], "turn": state["turn"]})
    else:
        state["turn"] = 1 - seat


def _take(state: dict, seat: int, spot: int, events: list) -> None:
    block = state["pyramid"][spot]
    state["pyramid"][spot] = None
    card, owner = block["card"], block["owner"]
    if not is_joker(card):
        state["holding"] = {"card": card, "owner": owner, "spot": spot}
        state["stage"] = "hand"
        events.append({"type": "taken", "seat": seat, "spot": spot, "owner": owner, "card": card,
                       "to": sorted({seat, owner})})
        return
    state["discards"].append(card)
    events.append({"type": "joker", "seat": seat, "spot": spot, "owner": owner, "card": card})
    look: list[str] = []
    while len(look) < LOOK and state["stock"]:
        c = state["stock"].pop(0)
        if is_joker(c):  # [H] a joker turned over is discarded and replaced by the next block
            state["discards"].append(c)
            events.append({"type": "burned", "seat": seat, "card": c})
        else:
            look.append(c)
    if not look:  # [H] an empty stock: the joker gives nothing
        events.append({"type": "stock_empty", "seat": seat})
        _next_take(state, events)
        return
    state["look"] = look
    state["stage"] = "joker"
    events.append({"type": "looked", "seat": seat, "cards": list(look), "to": [seat]})


def _keep(state: dict, seat: int, i: int, events: list) -> None:
    look = state["look"]
    card = look[i]
    others = look[:i] + look[i + 1:]
    state["discards"].extend(others)
    state["look"] = []
    state["holding"] = {"card": card, "owner": None, "spot": None}
    state["stage"] = "hand"
    events.append({"type": "kept", "seat": seat, "index": i, "card": card, "to": [seat], "discarded": others})


def _next_take(state: dict, events: list) -> None:
    if any(b is not None for b in state["pyramid"]):
        state["stage"] = "take"
        state["turn"] = 1 - state["turn"]
        return
    _showdown(state, events)


def _showdown(state: dict, events: list) -> None:
    rec = {"game": state["game"], "first": state["first"], **scoring.showdown(state["hands"])}
    state["history"].append(rec)
    match = state["config"]["match"]
    if match in TARGETS:
        state["points"] = [p + q for p, q in zip(state["points"], rec["points"], strict=True)]
    events.append({"type": "showdown", **deep(rec), "totals": list(state["points"])})
    if scoring.match_over(match, state["points"], len(state["history"])):
        _finish(state, events)
        return
    _start_game(state, 1 - state["first"], events)  # [H] each later game the other player builds first


def _finish(state: dict, events: list) -> None:
    hist = state["history"]
    advanced = state["config"]["match"] in TARGETS
    hands = [sum(r["won"][s] for r in hist) for s in range(SEATS)]
    games = [sum(r["winner"] == s for r in hist) for s in range(SEATS)]
    totals = list(state["points"]) if advanced else hands
    best = max(totals)
    result = []
    for s in range(SEATS):
        key = max(scoring.best_key(r["hands"][s]) for r in hist)
        rank = 1 if totals[s] == best else 2
        result.append({"seat": s, "rank": rank, "winner": rank == 1, "total": totals[s], "hands": hands[s],
                       "games": games[s], "points": state["points"][s], "best_hand": class_name(key)})
    state["result"] = result
    state["stage"] = "over"
    state["turn"] = None
    events.append({"type": "match_over", "games": len(hist), "totals": totals, "match": state["config"]["match"],
                   "winners": [r["seat"] for r in result if r["winner"]]})


# ---- what the host logs ---------------------------------------------------------------------------
def stage_name(state: Mapping[str, Any]) -> str:
    return "over" if state["stage"] == "over" else f"game {state['game']} {state['stage']}"


def decision_key(state: Mapping[str, Any]) -> tuple:
    """A take and the hand (or the kept stock block) that follows it are one decision of the taker."""
    stage = state["stage"]
    if stage in ("over", "build"):
        return (stage, state["game"], sum(b is not None for b in state["pyramid"]))
    taken = sum(b is None for b in state["pyramid"]) - (stage != "take")
    return ("take", state["game"], taken)
