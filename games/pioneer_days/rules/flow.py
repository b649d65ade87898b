"""Setup and the automatic flow of the game: weeks, days, disasters, towns, the end.

Functions here mutate the state in place and append events; they stop when a player decision
is needed (stage 'turn', or simultaneous decisions in stage 'pioneer'/'disaster'/'town')."""

from collections import Counter
from collections.abc import Iterable, Mapping
from itertools import compress
from operator import itemgetter
from typing import Any, Final

from engine import rng

from . import dice
from .cards import EQUIPMENT, PIONEERS, TOWNS, TOWNSFOLK
from .constants import (
    CATTLE_TOWN_VP,
    COLOUR_TRACK,
    COLOURS,
    DAYS_PER_WEEK,
    DISASTERS,
    FACES,
    FAVOR_MAJORITY_VP,
    GOLD_TOKENS,
    MAX_PLAYERS,
    MIN_PLAYERS,
    PIONEER_BOARDS_DEALT,
    STANDARD_PIONEER,
    TOWN_DECK_SIZE,
    TOWNS_PER_WEEK,
    TOWNSFOLK_PER_WEEK,
    TOWNSFOLK_SETS_DEFAULT,
    TRACK_END,
    WAGON_SUPPLY,
    WEEKS,
)
from .decisions import disaster_report, start_disaster, start_town
from .effects import end_of_week, gain, held, take_equipment
from .scoring import results
from .shape import Config, DayEnd, Die, Event, Events, Player, Record, State

SCHEMA: Final = 1
_SET: Final = itemgetter("set")  # a townsfolk card's set letter
_SET_SIZES: Final = Counter(map(_SET, TOWNSFOLK.values()))  # townsfolk cards per set (content is loaded once)


def make_config(players: int = 2, sets: Iterable[Any] = TOWNSFOLK_SETS_DEFAULT, pioneers: Any = "standard",
                names: Iterable[Any] | None = None, edition: int = 1) -> Config:
    # (Any: what a caller passes is checked here, and a compiled build, engine/native.py, would check a
    # narrower type itself, raising TypeError where these checks raise ValueError)
    if not MIN_PLAYERS <= players <= MAX_PLAYERS:
        raise ValueError(f"Pioneer Days is for {MIN_PLAYERS}-{MAX_PLAYERS} players")
    if not all(isinstance(x, str) and len(x) == 1 and x in "ABCDE" for x in sets):
        raise ValueError("townsfolk sets are letters A-E")
    chosen = sorted(set(sets))
    if len(chosen) != 2:
        raise ValueError("choose two different townsfolk sets from A-E")
    for s in chosen:
        if _SET_SIZES[s] < 12:
            raise ValueError(f"townsfolk set {s} is not available")
    if pioneers not in ("standard", "unique"):
        raise ValueError("pioneers must be 'standard' or 'unique'")
    if pioneers == "unique" and len(PIONEERS) < PIONEER_BOARDS_DEALT * players:
        raise ValueError("not enough unique pioneers in the content")
    named = list(names) if names else [f"Player {i + 1}" for i in range(players)]
    if len(named) != players:
        raise ValueError("one name per player")
    config: Config = {"players": players, "sets": chosen, "pioneers": pioneers, "names": named}
    if edition > 1:  # (a game of the first edition keeps the config it had: its replay is the same)
        config["edition"] = edition
    return config


def new_player(seat: int, name: str) -> Player:
    return {"seat": seat, "name": name, "pioneer": "standard", "side": "standard", "boards": [],
            "silver": 0, "wood": 0, "medicine": 0, "cattle": 0, "gold": [], "equipment": [],
            "wagons": [], "townsfolk": [], "favors": 0, "vp": 0, "towns": []}


def setup(options: Mapping[str, Any], seed: int) -> tuple[State, list[Event]]:
    """A new game from make_config's options; returns (state, events)."""
    config = make_config(**options)
    n = config["players"]
    s: State = {"schema": SCHEMA, "seed": seed, "rng": rng.seed_state(seed), "seq": 0,
         "config": config, "stage": "setup", "week": 0, "day": 0, "start": 0, "turn": None,
         "turns_left": 0, "step": None, "die": None, "bag": [], "pool": [],
         "discarded": {c: 0 for c in COLOURS}, "tracks": {d: 0 for d in DISASTERS},
         "slots": [None] * len(FACES), "equip_up": [], "towns_up": [],
         "gold_bag": [v for v, k in sorted(GOLD_TOKENS.items()) for _ in range(k)],
         "wagon_supply": dict(WAGON_SUPPLY), "pending": [None] * n, "disasters": [],
         "cont": None, "report": None, "result": None,
         "players": [new_player(i, config["names"][i]) for i in range(n)],
         "townsfolk_deck": [], "equip_deck": [], "town_deck": []}  # dealt now, with the state's rng
    deck = sorted(compress(TOWNSFOLK, map(set(config["sets"]).__contains__, map(_SET, TOWNSFOLK.values()))))
    dice.shuffle(s, deck)
    s["townsfolk_deck"] = deck
    eq = sorted(EQUIPMENT)
    dice.shuffle(s, eq)
    s["equip_deck"] = eq
    towns = sorted(TOWNS)
    dice.shuffle(s, towns)
    s["town_deck"] = towns[:TOWN_DECK_SIZE]
    s["start"] = rng.below(s, n)
    events: list[Event] = [{"type": "game_started", "players": config["names"], "start": s["start"],
               "sets": config["sets"], "pioneers": config["pioneers"]}]
    if config["pioneers"] == "unique":
        boards = sorted(PIONEERS)
        dice.shuffle(s, boards)
        for p in s["players"]:
            p["boards"] = [boards.pop() for _ in range(PIONEER_BOARDS_DEALT)]
            s["pending"][p["seat"]] = {"kind": "pioneer"}
        s["stage"] = "pioneer"
        # one record per seat: each seat's boards are its secret (engine/view.py)
        events.append({"type": "pioneers_dealt",
                       "players": [{"seat": p["seat"], "boards": list(p["boards"])} for p in s["players"]]})
    else:
        begin(s, events)
    return s, events


def begin(s: State, events: Events) -> None:
    """Starting resources (in seat order, so draws are reproducible), then week 1."""
    for p in s["players"]:
        start = STANDARD_PIONEER["start"] if p["side"] == "standard" else PIONEERS[p["pioneer"]]["start"]
        for size in start["wagons"]:
            s["wagon_supply"][size] -= 1
            p["wagons"].append({"size": size, "damage": 0})
        out: Record = {}
        gain(s, p, {k: start[k] for k in ("silver", "cattle", "wood", "medicine", "gold") if start[k]}, out)
        for _ in range(start["equipment"]):
            take_equipment(s, p, s["equip_deck"].pop(), out)
    new_week(s, events)


def new_week(s: State, events: Events) -> None:
    n = s["config"]["players"]
    s["week"] += 1
    s["day"] = 0
    s["bag"] = [c for c in COLOURS for _ in range(n + 1)]
    s["discarded"] = {c: 0 for c in COLOURS}
    k = TOWNS_PER_WEEK[s["week"] - 1]
    s["towns_up"] = [s["town_deck"].pop() for _ in range(k)]
    s["equip_up"] = [s["equip_deck"].pop() for _ in range(min(n + 1, len(s["equip_deck"])))]
    s["slots"] = [s["townsfolk_deck"].pop() if s["townsfolk_deck"] else None
                  for _ in range(TOWNSFOLK_PER_WEEK)]
    for p in s["players"]:
        p["towns"] = []
    if events is not None:
        events.append({"type": "week_started", "week": s["week"], "towns": list(s["towns_up"]),
                       "equipment": list(s["equip_up"]), "townsfolk": list(s["slots"])})
    new_day(s, events)


# dice are shown (and offered) by colour, then face (a rank: an int compares faster than a pair); compiled,
# dice.roll_pool puts each die in its place as it is rolled, by its colour's rank and its face's place in FACES
_DIE_ORDER: Final = {(c, f): i * len(FACES) + j for i, c in enumerate(COLOURS) for j, f in enumerate(FACES)}
_COLOUR_RANK: Final[dict[str, int]] = {c: i for i, c in enumerate(COLOURS)}




def new_day(s: State, events: Events) -> None:
    n = len(s["players"])
    s["day"] = s["day"] + 1
    if dice.COMPILED[0]:  # (engine.rng's draws either way: dice.py)
        pool = dice.roll_pool(s, s["bag"], n + 1, FACES, _COLOUR_RANK)
    else:
        rolled = dice.roll(s, s["bag"], n + 1, FACES)  # (colour, face) pairs
        rolled.sort(key=_DIE_ORDER.__getitem__)
        pool = [[c, f] for c, f in rolled]
    s["pool"] = pool
    s["stage"] = "turn"
    s["turn"] = s["start"]
    s["turns_left"] = n
    s["step"] = "pick"
    if events is not None:
        events.append({"type": "day_started", "week": s["week"], "day": s["day"], "start": s["start"],
                       "pool": [{"colour": c, "face": f} for c, f in pool]})


def end_turn(s: State, events: Events) -> None:
    die, seat = s["die"], s["turn"]
    assert die is not None and seat is not None  # stage "turn", the die used
    die_used(s, die, seat, events)


def die_used(s: State, die: Die, seat: int, events: Events) -> None:
    """end_turn, for a caller that has read the die and knows the seat playing (turn._used: two lookups fewer
    a turn)."""
    # (typed arithmetic: += on a field goes through objects when compiled)
    discarded = s["discarded"]
    colour: str = die["colour"]
    discarded[colour] = discarded[colour] + 1
    if events is not None:
        events.append({"type": "turn_ended", "seat": seat})
    s["die"] = None
    left = s["turns_left"] - 1
    s["turns_left"] = left
    if left > 0:
        s["turn"] = (seat + 1) % len(s["players"])  # (the number of players: one lookup, where the config's took two)
        s["step"] = "pick"
        return
    end_day(s, events)


def _advance(s: State, tracks: tuple[str, ...], events: Events, why: str, colour: str | None = None) -> None:
    triggered = []
    marks = s["tracks"]
    for d in tracks:
        k = marks[d] + 1
        if k >= TRACK_END:
            k = 0  # [H] the marker returns to the start
            triggered.append(d)
        marks[d] = k
    if events is not None:
        events.append({"type": "disaster_advanced", "why": why, "colour": colour,
                       "tracks": dict(s["tracks"]), "triggered": list(triggered)})
    s["disasters"] = triggered


def end_day(s: State, events: Events) -> None:
    s["turn"] = None
    s["step"] = None
    colour, face = s["pool"].pop()
    discarded = s["discarded"]
    discarded[colour] = discarded[colour] + 1
    tracks = DISASTERS if colour == "black" else (COLOUR_TRACK[colour],)
    _advance(s, tracks, events, "leftover", colour)
    if s["config"].get("edition", 1) >= 2:  # (games begun before it replay as they were saved)
        s["day_end"] = day_end(s, colour, face)
    s["cont"] = "day"
    resolve_disasters(s, events)


def day_end(s: State, colour: str, face: str) -> DayEnd:
    """The day as it ended, kept for its picture (the action that ends a day may begin the next one): the
    die left over and what it set off; on the week's last day, the week's towns and what was for sale."""
    out: DayEnd = {"week": s["week"], "day": s["day"], "left": [colour, face], "struck": list(s["disasters"])}
    if s["day"] >= DAYS_PER_WEEK:
        out["towns_up"] = list(s["towns_up"])
        out["equip_up"] = list(s["equip_up"])
        out["slots"] = list(s["slots"])
    return out


def resume(s: State, events: Events) -> None:
    """Everyone has decided (a disaster, a town visit, the pioneers): the game goes on."""
    stage = s["stage"]
    if stage == "disaster":
        finish_disaster(s, events)
        resolve_disasters(s, events)
    elif stage == "town":
        finish_town(s, events)
    elif stage == "pioneer":
        begin(s, events)


def resolve_disasters(s: State, events: Events) -> None:
    while s["disasters"]:
        d = s["disasters"][0]
        if start_disaster(s, d, events):
            s["stage"] = "disaster"
            return
        finish_disaster(s, events)
    cont = s["cont"]
    s["cont"] = None
    if cont == "day":
        after_day(s, events)
    else:
        visit_town(s, events)


def finish_disaster(s: State, events: Events) -> None:
    d = s["disasters"].pop(0)
    if events is not None:
        events.append({"type": "disaster_triggered", "disaster": d, "players": disaster_report(s, d)})
    s["report"] = None


def after_day(s: State, events: Events) -> None:
    s["start"] = (s["start"] + 1) % len(s["players"])
    if s["day"] < DAYS_PER_WEEK:
        new_day(s, events)
    elif s["week"] < WEEKS:
        visit_town(s, events)
    else:
        # after week 4: every track advances one final time, then the final town
        _advance(s, DISASTERS, events, "final")
        s["cont"] = "final"
        resolve_disasters(s, events)


def visit_town(s: State, events: Events) -> None:
    s["stage"] = "town"
    s["visit"] = []
    for p in s["players"]:
        seat = p["seat"]
        h = held(p, seat)
        eow = end_of_week(s, p, h) if h.eow else []
        if eow:  # (an end-of-week effect may have brought a card: a new holding)
            h = held(p, seat)
        cattle_vp = p["cattle"] * (CATTLE_TOWN_VP + h.mods["town_cattle_vp"])
        p["vp"] += cattle_vp
        s["visit"].append({"seat": p["seat"], "end_of_week": eow, "cattle_vp": cattle_vp,
                           "cards": [], "favors": 0})
    if not start_town(s, events):
        finish_town(s, events)


def finish_town(s: State, events: Events) -> None:
    visit = s.pop("visit")
    if events is not None:
        events.append({"type": "town_visited", "week": s["week"], "towns": list(s["towns_up"]),
                       "players": visit})
        moved = majority_moved(s, visit)
        if moved is not None:
            events.append(moved)
    if s["week"] < WEEKS:
        new_week(s, events)
    else:
        game_over(s, events)


def majority_moved(s: State, visit: list) -> Event | None:
    """The favors' majority bonus (FAVOR_MAJORITY_VP to each player with, or tied for, the most favors) moved
    by a town visit, the only time favors change (town cards, end-of-week effects): who had it before the
    visit, who has it now, so that the story says why a player's VP changed on the others' choices. None:
    it did not move."""
    after = [p["favors"] for p in s["players"]]
    before = list(after)
    for v in visit:
        before[v["seat"]] -= v["favors"]
        for r in v["end_of_week"]:
            before[v["seat"]] -= r.get("gained", {}).get("favor", 0) - r.get("paid", {}).get("favor", 0)
    had = [i for i, n in enumerate(before) if n == max(before)]
    has = [i for i, n in enumerate(after) if n == max(after)]
    if had == has:
        return None
    return {"type": "majority_moved", "before": had, "after": has, "favors": max(after), "vp": FAVOR_MAJORITY_VP}


def game_over(s: State, events: Events) -> None:
    s["stage"] = "over"
    s["turn"] = None
    s["step"] = None
    result = s["result"] = results(s)
    if events is not None:
        events.append({"type": "game_over", "players": result,
                       "winners": [r["seat"] for r in result if r["winner"]]})
