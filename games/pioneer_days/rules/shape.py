"""The shape of the game state, as types (engine/README.md says the same in words).

The state is plain JSON data: dicts, lists, strings, numbers. These TypedDicts only describe it to
readers and to the type checker (mypy, in test.sh); at run time a State is an ordinary dict and
nothing here is ever called or checked.

Where they are used: the rules (flow, turn, decisions, effects, scoring) take a `State` and its
`Player`s, so the checker knows every key they read or write. The public API (api.py, view.py) and
the AI take and give plain dicts: the bot keeps states as JSON it loads and stores (`dict` in
app/ and db/), and a TypedDict cannot be used where a dict is expected, nor the other way round.
api.py is where the two meet: it hands the rules a `cast(State, state)` (no copy, no check).

Content (cards, tiles, towns, pioneers: engine/cards.py) is validated JSON of its own format
(content/FORMAT.md): a `Card` is a plain dict."""

from typing import Any, Literal, NotRequired, TypedDict

from engine.rng import Rng  # noqa: F401  (re-exported: the rules' modules import it from here)

StateData = dict[str, Any]  # a State as the public API takes and gives it: plain JSON (see above)
Card = dict[str, Any]  # one entry of engine.cards.TOWNSFOLK / EQUIPMENT / TOWNS / PIONEERS
Event = dict[str, Any]  # {"type": ..., ...}: see "Events" in engine/README.md
Events = list[Event] | None  # where the rules append their events (None: make none, see api.advance)
Record = dict[str, Any]  # what an effect did: {"seat", "source", "id", "gained", "lost", "secret", ...}


class Config(TypedDict):
    """flow.make_config: the options of a game."""
    players: int  # 2..4
    sets: list[str]  # two townsfolk set letters, sorted
    pioneers: str  # "standard" or "unique"
    names: list[str]  # one per seat
    edition: NotRequired[int]  # 2: the days' ends are kept for their pictures (state["day_end"]); none: 1


class Wagon(TypedDict):
    size: str  # "small" or "large" (constants.WAGONS)
    damage: int  # damage tokens (each covers two spaces)


class Player(TypedDict):
    seat: int
    name: str
    pioneer: str  # "standard" or a pioneer id
    side: Literal["standard", "unique"]
    boards: list[str]  # pioneer ids dealt (unique mode): the seat's secret
    silver: int
    wood: int
    medicine: int
    cattle: int
    gold: list[int]  # token values: the seat's secret
    equipment: list[str]  # tile ids
    wagons: list[Wagon]
    townsfolk: list[str]  # townsfolk ids
    favors: int
    vp: int  # VP won during the game (final scoring adds the rest: scoring.breakdown)
    towns: list[str]  # town cards satisfied this week


class Die(TypedDict):
    """The die being used in stage "turn"."""
    colour: str
    rolled: str  # the face it was taken with (triggers fire on it)
    face: str  # the face it is used as (after a face change)
    changed: bool  # its face was changed (once per turn)
    triggered: list[Record]  # the triggers that fired when it was taken


class Decision(TypedDict):
    """state["pending"][seat]: what the seat must decide now (see decisions.py)."""
    kind: Literal["storm", "overflow", "disease", "town", "pioneer", "famine"]
    wagons: NotRequired[list[int]]  # storm: the wagons still to pay wood for or damage
    left: NotRequired[list[str]]  # disease: the townsfolk still to decide about
    free: NotRequired[int]  # disease (and the old famine): how many still need nothing paid


class Snapshot(TypedDict):
    """decisions.snapshot: a player's goods before and after a disaster."""
    silver: int
    wood: int
    medicine: int
    cattle: int
    townsfolk: list[str]
    damage: int
    gold_tokens: int  # a count: the values stay the seat's secret
    equipment: list[str]


class DisasterEntry(TypedDict):
    """state["report"][seat] while a disaster is resolved (its event, disaster_triggered, adds the seat
    and the snapshot after)."""
    before: Snapshot | None  # (None only inside start_disaster without events: never in a saved state)
    immune: bool
    choices: list[dict[str, Any]]  # what the seat paid or lost, one record per choice


class Visit(TypedDict):
    """state["visit"][seat] during a town visit (stage "town"); the town_visited event carries them."""
    seat: int
    end_of_week: list[Record]  # the end-of-week effects that ran
    cattle_vp: int
    cards: list[str]  # town cards satisfied
    favors: int


class DayEnd(TypedDict):
    """state["day_end"]: the last day that ended as it ended (flow.end_day), for the pictures: a day's record
    shows its own day, not the next one its last move began. Nothing the rules read."""
    week: int
    day: int
    left: list[str]  # [colour, face]: the die nobody took
    struck: list[str]  # the disasters it set off
    towns_up: NotRequired[list[str]]  # the week's last day: its towns, equipment and townsfolk for hire (the
    equip_up: NotRequired[list[str]]  # next week's replace them before its picture is drawn)
    slots: NotRequired[list[str | None]]


class Breakdown(TypedDict):
    """scoring.breakdown: VP by category (CATEGORIES) and their total."""
    gold: int
    favors: int
    majority: int
    townsfolk: int
    equipment: int
    damage: int
    game: int
    total: int


class Result(TypedDict):
    """One seat's line of state["result"] (and of the game_over event)."""
    seat: int
    vp: Breakdown
    total: int
    silver: int  # the tie-breaker
    rank: int  # 1 = best; equal (total, silver) share a rank
    winner: bool


class Mods(TypedDict):
    """effects.mods: a player's ongoing modifiers, summed over everything they hold."""
    immune: set[str]  # disasters
    protect: dict[str, int]  # disaster -> amount
    income: dict[str, int]  # face (or "any") -> extra silver
    action_bonus: dict[str, dict[str, int]]  # action -> resources gained with it
    recruit_bonus: dict[str, int]  # resources gained with each recruit
    face_change_cost: int
    wagon_cost: int
    town_cattle_vp: int
    favor_bonus: int


class State(TypedDict):
    """A whole game (flow.setup makes it; api.to_json / from_json store it)."""
    schema: int
    seed: int  # hidden (view.HIDDEN), like everything below marked so
    rng: int  # the engine's random state (engine/rng.py): hidden
    seq: int  # +1 per accepted action
    config: Config
    stage: Literal["setup", "pioneer", "turn", "disaster", "town", "over"]
    week: int  # 1..4 (0 before the first)
    day: int  # 1..5
    start: int  # the day's start player
    turn: int | None  # the seat playing (stage "turn")
    turns_left: int  # turns still to play today
    step: Literal["pick", "use", "wild", "equip", "after"] | None
    die: Die | None
    bag: list[str]  # dice colours left this week: hidden
    pool: list[list[str]]  # [[colour, face], ...] dice still to take today
    discarded: dict[str, int]  # colour -> dice used or left this week
    tracks: dict[str, int]  # disaster -> marker 0..3
    slots: list[str | None]  # townsfolk offered, one per face (constants.FACES order)
    equip_up: list[str]  # face-up equipment tiles
    towns_up: list[str]  # this week's town cards
    gold_bag: list[int]  # token values left: hidden
    wagon_supply: dict[str, int]  # size -> wagons left
    pending: list[Decision | None]  # per seat (stages pioneer, disaster, town)
    disasters: list[str]  # the queue being resolved, the current one first
    cont: Literal["day", "final"] | None  # where the flow goes on once the disasters are resolved
    report: list[DisasterEntry] | None  # per seat, while a disaster is resolved
    result: list[Result] | None  # when the game is over
    players: list[Player]
    townsfolk_deck: list[str]  # hidden
    equip_deck: list[str]  # hidden
    town_deck: list[str]  # hidden
    visit: NotRequired[list[Visit]]  # per seat, during a town visit only
    day_end: NotRequired[DayEnd]  # the last day that ended (none before the first, nor in older states)
