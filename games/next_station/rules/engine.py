"""Next Station's rules on plain JSON states (RULES.md): four rounds, a line each in a pencil colour; each
flipped card lets every player draw one section of their line at once, or pass.

State (what the host stores):
    seq, rng, seed (hidden), map (its key), config, round (1-4), stage ("pencil" | "build" | "over"),
    deck (this round's cards still face down: hidden), flipped (this round's cards face up, in order),
    undergrounds (how many of them), card (the one to answer, or null), branch (a switch came with it),
    objectives, powers ({colour: power}), players[seat]: {seat, name, colour (this round's pencil),
    used (colours drawn with), order (solo: the pencils' order, chosen before the first card), lines
    ({colour: {stations, sections}}), scored ({colour: parts}), crossed (tourist circles), power_used,
    circled, pending (null, or {"step": "pencil"|"draw"|"again"|"circle", ...}), total}.
The config's "edition" says which rules the game plays (edition.py): the state of an edition 1 game has no
"order" (its solo pencil is chosen at each round's start) and no step "circle".
A card is {"kind": "underground"|"street", "symbol": circle|triangle|square|pentagon|joker|switch}.
Actions: "{seat}:draw:{from}:{to}", "{seat}:pass", with a pencil power "{seat}:jdraw:..." (the card as a
joker), "{seat}:sdraw:..." (as if a switch came with it), "{seat}:again:{from}:{to}" / "{seat}:done" (the
double's second section), "{seat}:circle:{station}" (also at the step "circle": after the round's last
card, before it is scored), and in solo "{seat}:pencil:{colour}" (the pencils' order, one round's at a time)."""

from collections.abc import Mapping, Sequence
from typing import Any

from engine import rng
from engine.protocol import Action

from . import scoring
from .constants import (
    ANY,
    COLOURS,
    JOKER,
    OBJECTIVES,
    OBJECTIVES_DRAWN,
    POWERS,
    ROUNDS,
    SLOTS,
    STREET,
    SWITCH,
    SWITCH_IGNORED_BEFORE,
    UNDERGROUND,
    UNDERGROUNDS_PER_ROUND,
)
from .edition import CURRENT, central_any, edition, last_circle, of_config, pencils_first
from .maps import Map, load

HIDDEN = ("rng", "seed", "deck")


def config_of(players: int, names: Sequence[str], map_key: str, objectives: bool, powers: bool,
              deck_seed: int | None = None) -> dict:
    if not 1 <= players <= 4 or len(names) != players:
        raise ValueError("Next Station is for 1-4 players, one name each")
    load(map_key)  # a map we have (a bad key fails here)
    out = {"players": players, "names": list(names), "map": map_key, "objectives": bool(objectives),
           "powers": bool(powers), "edition": CURRENT}
    if deck_seed is not None:
        out["deck_seed"] = deck_seed
    return out


def _deck(state: Any) -> list[dict]:
    cards = [{"kind": "underground", "symbol": s} for s in UNDERGROUND] + \
            [{"kind": "street", "symbol": s} for s in STREET]
    rng.shuffle(state, cards)
    return cards


def new_game(config: Mapping[str, Any], seed: int) -> tuple[dict, list[dict]]:
    """A new game; a daily game's cards come from the day's seed (config "deck_seed"), the same everywhere."""
    n = config["players"]
    seed = config.get("deck_seed", seed)
    state: Any = {"seq": 0, "seed": seed, "rng": rng.seed_state(seed), "map": config["map"],
                             "config": dict(config), "round": 0, "stage": "build", "deck": [], "flipped": [],
                             "undergrounds": 0, "card": None, "branch": False, "objectives": [], "powers": {},
                             "players": [_player(s, config["names"][s], of_config(config))
                                         for s in range(n)]}
    events: list[dict] = []
    if config.get("objectives"):
        pool = list(OBJECTIVES)
        rng.shuffle(state, pool)
        state["objectives"] = sorted(pool[:OBJECTIVES_DRAWN], key=OBJECTIVES.index)
    if config.get("powers"):
        pool = list(POWERS)
        rng.shuffle(state, pool)
        state["powers"] = dict(zip(COLOURS, pool, strict=True))
    events.append({"type": "game_started", "players": list(config["names"]), "map": config["map"],
                   "objectives": list(state["objectives"]), "powers": dict(state["powers"])})
    _start_round(state, events)
    return state, events


def _player(seat: int, name: str, ed: int) -> dict:
    p: dict = {"seat": seat, "name": name, "colour": None, "used": []}
    if pencils_first(ed):
        p["order"] = []  # (solo: the pencils' order, R11)
    p.update({"lines": {}, "scored": {}, "crossed": 0, "power_used": False, "circled": None, "pending": None,
              "total": 0})
    return p


# ---- flow ---------------------------------------------------------------------------------------
def _start_round(state: dict, events: list) -> None:
    state["round"] += 1
    state["deck"] = _deck(state)
    state["flipped"], state["undergrounds"], state["card"], state["branch"] = [], 0, None, False
    n = len(state["players"])
    m = load(state["map"])
    for p in state["players"]:
        p["power_used"], p["circled"], p["pending"] = False, None, None
    if n == 1 and len(_chosen(state, state["players"][0])) < ROUNDS:  # solo: the pencils first (R11)
        state["stage"] = "pencil"
        state["players"][0]["colour"] = None
        state["players"][0]["pending"] = {"step": "pencil"}
        events.append({"type": "round_started", "round": state["round"], "colours": [None]})
        return
    slots = SLOTS[n]
    for p in state["players"]:
        colour = p["order"][state["round"] - 1] if n == 1 else COLOURS[(slots[p["seat"]] - (state["round"] - 1)) % 4]
        _take_pencil(p, colour, m)
    events.append({"type": "round_started", "round": state["round"],
                   "colours": [p["colour"] for p in state["players"]]})
    state["stage"] = "build"
    _flip(state, events)


def _take_pencil(p: dict, colour: str, m: Map) -> None:
    p["colour"] = colour
    p["used"].append(colour)
    p["lines"][colour] = {"stations": [m.departures[colour]], "sections": []}


def _flip(state: dict, events: list) -> None:
    """Flips cards until one gives somebody a choice, or the round ends. A switch flipped after the round's
    first two cards lets this turn's section start from any station of the line; the next card is then
    flipped at once."""
    while True:
        if state["undergrounds"] >= UNDERGROUNDS_PER_ROUND:
            if not (last_circle(edition(state)) and _last_circle(state)):
                _end_round(state, events)
            return
        card = state["deck"].pop(0)
        state["flipped"].append(card)
        if card["kind"] == "underground":
            state["undergrounds"] += 1
        index = len(state["flipped"])
        if card["symbol"] == SWITCH:
            ignored = index < SWITCH_IGNORED_BEFORE
            events.append({"type": "card_flipped", "round": state["round"], "card": card, "index": index,
                           "undergrounds": state["undergrounds"], "ignored": ignored})
            if not ignored:
                state["branch"] = True
            continue
        state["card"] = card
        events.append({"type": "card_flipped", "round": state["round"], "card": card, "index": index,
                       "undergrounds": state["undergrounds"], "branch": state["branch"]})
        m = load(state["map"])
        anyone = False
        for p in state["players"]:
            p["pending"] = {"step": "draw"} if _draws(state, m, p, "draw") or _powers_open(state, m, p) else None
            anyone = anyone or p["pending"] is not None
        if anyone:
            return
        events.append({"type": "nobody_can_draw", "round": state["round"]})
        _next_card(state, events)
        return


def _next_card(state: dict, events: list) -> None:
    state["card"], state["branch"] = None, False
    _flip(state, events)


def _last_circle(state: dict) -> bool:
    """After the round's last card, before it is scored: whoever still holds the circle power may circle a
    station of the line as it ends (R36). Whether somebody is asked."""
    asked = False
    for p in state["players"]:
        if power_of(state, p) == "circle" and p["circled"] is None:
            p["pending"] = {"step": "circle"}
            asked = True
    return asked


def _end_round(state: dict, events: list) -> None:
    m = load(state["map"])
    ed = edition(state)
    lines = []
    for p in state["players"]:
        line = p["lines"][p["colour"]]
        parts = scoring.line_parts(m, line["stations"], line["sections"], p["circled"], ed=ed)
        p["scored"][p["colour"]] = {**parts, "circled": p["circled"]}  # (the circle goes with the round)
        p["crossed"] += parts["tourists"]
        p["total"] = scoring.sheet(m, p, state["objectives"], ed=ed)["total"]
        p["pending"] = None
        lines.append({"seat": p["seat"], "colour": p["colour"], **parts})
    state["card"], state["branch"] = None, False
    events.append({"type": "round_scored", "round": state["round"], "lines": lines})
    if state["round"] >= ROUNDS:
        state["stage"] = "over"
        state["deck"] = []
        sheets = [scoring.sheet(m, p, state["objectives"], ed=ed) for p in state["players"]]
        ranks = scoring.ranks(sheets)
        state["result"] = [{"seat": s, **sheets[s], "rank": ranks[s], "winner": ranks[s] == 1}
                           for s in range(len(sheets))]
        events.append({"type": "game_over", "totals": [x["total"] for x in sheets],
                       "winners": [s for s in range(len(sheets)) if ranks[s] == 1],
                       "best": [x["best_line"] for x in sheets]})
        return
    _start_round(state, events)


# ---- what a player may do ---------------------------------------------------------------------------
def matches(m: Map, station: int, symbol: str) -> bool:
    return symbol == JOKER or m.symbol[station] == ANY or m.symbol[station] == symbol


def starts(m: Map, line: dict, branch: bool) -> list[int]:
    """Where this turn's section may start: either end of the line (its departure until the first section);
    with a switch, any of its stations."""
    if branch or not line["sections"]:
        return list(dict.fromkeys(line["stations"]))
    degree: dict[int, int] = {}
    for k in line["sections"]:
        a, b = m.sections[k]
        degree[a] = degree.get(a, 0) + 1
        degree[b] = degree.get(b, 0) + 1
    return [s for s in dict.fromkeys(line["stations"]) if degree.get(s, 0) <= 1]


def sections_from(m: Map, p: dict, symbol: str, branch: bool) -> list[tuple[int, int, int]]:
    """(from, to, section) of every section the player may draw now for a card of `symbol`."""
    line = p["lines"][p["colour"]]
    on_line = set(line["stations"])
    drawn = {k for ln in p["lines"].values() for k in ln["sections"]}
    blocked = set().union(*(m.conflicts[k] for k in drawn)) if drawn else set()
    out = []
    for a in starts(m, line, branch):
        for b, k in m.neighbours[a]:
            if b in on_line or k in drawn or k in blocked or not matches(m, b, symbol):
                continue
            out.append((a, b, k))
    return out


def _draws(state: dict, m: Map, p: dict, verb: str) -> list[tuple[int, int, int]]:
    card = state["card"]
    if card is None or p["colour"] is None:
        return []
    if verb == "draw":
        return sections_from(m, p, card["symbol"], state["branch"])
    if verb == "jdraw":  # (the card as a joker: nothing more when it is one)
        return [] if card["symbol"] == JOKER else sections_from(m, p, JOKER, state["branch"])
    if verb == "sdraw":  # (as if a switch came with the card: nothing more when one did)
        return [] if state["branch"] else sections_from(m, p, card["symbol"], True)
    raise ValueError(verb)


def double_symbol(m: Map, symbol: str, reached: int, ed: int) -> str:
    """R33: what a double's second section must reach after a first one to `reached` for a card of `symbol`:
    the same symbol; after a joker, the reached station's, and the central station's "?" is every symbol
    (edition 1: "any", which only the central station itself matches)."""
    if symbol != JOKER:
        return symbol
    return JOKER if m.symbol[reached] == ANY and central_any(ed) else m.symbol[reached]


def _chosen(state: dict, p: dict) -> list[str]:
    """Solo, the pencils chosen so far (R11: the order, set before the first card; edition 1: those drawn
    with, one chosen at each round's start)."""
    return p["order"] if pencils_first(edition(state)) else p["used"]


def pencil_round(state: dict, p: dict) -> int:
    """Solo, the round whose pencil is being chosen (R11: the whole order before the first card; edition 1:
    this round's)."""
    return len(_chosen(state, p)) + 1


def power_of(state: dict, p: dict) -> str | None:
    """The power of the player's pencil this round, if the module is in play and it is not used yet."""
    if not state["powers"] or p["power_used"] or p["colour"] is None:
        return None
    return state["powers"][p["colour"]]


def _powers_open(state: dict, m: Map, p: dict) -> bool:
    """Whether a power gives the player a choice at this card (besides drawing)."""
    power = power_of(state, p)
    if power == "joker":
        return bool(_draws(state, m, p, "jdraw"))
    if power == "switch":
        return bool(_draws(state, m, p, "sdraw"))
    if power == "circle":
        return p["circled"] is None and len(p["lines"][p["colour"]]["stations"]) > 0
    return False


def legal_actions(state: dict, seat: int | None = None) -> list[Action]:
    out: list[Action] = []
    if state["stage"] == "over":
        return out
    m = load(state["map"])
    for p in state["players"]:
        if (seat is not None and p["seat"] != seat) or p["pending"] is None:
            continue
        s = p["seat"]
        step = p["pending"]["step"]
        if step == "pencil":
            out += [Action(s, f"{s}:pencil:{c}", c) for c in COLOURS if c not in _chosen(state, p)]
            continue
        if step == "circle":
            out += [Action(s, f"{s}:circle:{st}", f"circle {st}")
                    for st in dict.fromkeys(p["lines"][p["colour"]]["stations"])]
            out.append(Action(s, f"{s}:pass", "pass"))
            continue
        if step == "again":
            symbol = p["pending"]["symbol"]
            out += [Action(s, f"{s}:again:{a}:{b}", f"{a}→{b}")
                    for a, b, _k in sections_from(m, p, symbol, state["branch"])]
            out.append(Action(s, f"{s}:done", "done"))
            continue
        out += [Action(s, f"{s}:draw:{a}:{b}", f"{a}→{b}") for a, b, _k in _draws(state, m, p, "draw")]
        power = power_of(state, p)
        if power == "joker":
            out += [Action(s, f"{s}:jdraw:{a}:{b}", f"{a}→{b} (joker)") for a, b, _k in _draws(state, m, p, "jdraw")]
        elif power == "switch":
            out += [Action(s, f"{s}:sdraw:{a}:{b}", f"{a}→{b} (switch)") for a, b, _k in _draws(state, m, p, "sdraw")]
        elif power == "circle" and p["circled"] is None:
            out += [Action(s, f"{s}:circle:{st}", f"circle {st}")
                    for st in dict.fromkeys(p["lines"][p["colour"]]["stations"])]
        out.append(Action(s, f"{s}:pass", "pass"))
    return out


def deciders(state: dict) -> list[int]:
    return [p["seat"] for p in state["players"] if p["pending"] is not None] if state["stage"] != "over" else []


# ---- applying an action ---------------------------------------------------------------------------
def advance(state: dict, action_id: str, events: list) -> None:
    """Plays a legal action on the state itself (the caller checked it)."""
    seat_s, verb, *args = action_id.split(":")
    seat = int(seat_s)
    p = state["players"][seat]
    m = load(state["map"])
    if verb == "pencil":
        if pencils_first(edition(state)):  # R11: the order, one round's pencil at a time
            p["order"].append(args[0])
            events.append({"type": "pencil_chosen", "seat": seat, "colour": args[0], "round": len(p["order"])})
            if len(p["order"]) == ROUNDS - 1:  # the last round's pencil: the one left
                last = next(c for c in COLOURS if c not in p["order"])
                p["order"].append(last)
                events.append({"type": "pencil_chosen", "seat": seat, "colour": last, "round": ROUNDS})
            if len(p["order"]) < ROUNDS:
                return
            colour = p["order"][state["round"] - 1]
        else:  # (edition 1: this round's pencil, at its start)
            colour = args[0]
            events.append({"type": "pencil_chosen", "seat": seat, "colour": colour})
        _take_pencil(p, colour, m)
        p["pending"] = None
        state["stage"] = "build"
        _flip(state, events)
        return
    closing = p["pending"]["step"] == "circle"  # (the round's cards all answered)
    if verb == "circle":
        p["circled"] = int(args[0])
        p["power_used"] = True
        events.append({"type": "circled", "seat": seat, "station": int(args[0]), "colour": p["colour"]})
        if closing:
            p["pending"] = None
            _after_answer(state, events)
        elif not _draws(state, m, p, "draw") and not _powers_open(state, m, p):
            p["pending"] = None
            events.append({"type": "passed", "seat": seat})
            _after_answer(state, events)
        return
    if verb in ("draw", "jdraw", "sdraw", "again"):
        a, b = int(args[0]), int(args[1])
        k = m.section_of[(a, b)]
        line = p["lines"][p["colour"]]
        line["stations"].append(b)
        line["sections"].append(k)
        power = {"jdraw": "joker", "sdraw": "switch"}.get(verb)
        if power:
            p["power_used"] = True
        events.append({"type": "drawn", "seat": seat, "colour": p["colour"], "from": a, "to": b,
                       "crossing": m.crosses_river[k], "tourist": m.tourist[b], "power": power,
                       "second": verb == "again"})
        symbol = state["card"]["symbol"] if verb not in ("jdraw",) else JOKER
        if verb == "draw" and power_of(state, p) == "double":
            second = double_symbol(m, symbol, b, edition(state))
            if sections_from(m, p, second, state["branch"]):
                p["pending"] = {"step": "again", "symbol": second}
                return
        if verb == "again":
            p["power_used"] = True
        p["pending"] = None
        _after_answer(state, events)
        return
    if verb in ("pass", "done"):
        p["pending"] = None
        if closing:
            p["power_used"] = True  # (the circle not taken: the round is over for it)
        elif verb == "pass":
            events.append({"type": "passed", "seat": seat})
        _after_answer(state, events)
        return
    raise ValueError(action_id)


def _after_answer(state: dict, events: list) -> None:
    if all(p["pending"] is None for p in state["players"]):
        _next_card(state, events)
