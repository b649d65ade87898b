"""Fixed game values. Every house value ([H] in RULES.md) lives here and nowhere else."""

from typing import Final

from .shape import Card

FACES: Final = ("wild", "mine", "equip", "cattle", "wood", "medicine")
COLOURS: Final = ("blue", "red", "yellow", "green", "black")
DISASTERS: Final = ("storm", "raid", "famine", "disease")  # top to bottom: resolution order
SIMULTANEOUS: Final = ("disaster", "town", "pioneer")  # stages where several players decide at once
ACTIONS: Final = ("mine", "equip", "cattle", "wood", "medicine")  # what Wild may become

DICE_PER_COLOUR: Final = 5
WEEKS: Final = 4
DAYS_PER_WEEK: Final = 5
SLOTS: Final = len(FACES)  # one townsfolk slot per face

# [H] income printed over each slot, in face order
INCOME: Final = {"wild": 1, "mine": 2, "equip": 3, "cattle": 4, "wood": 5, "medicine": 6}

# [H] disaster track colours (top to bottom) and length
TRACK_COLOUR: Final = {"storm": "blue", "raid": "red", "famine": "yellow", "disease": "green"}
COLOUR_TRACK: Final = {c: d for d, c in TRACK_COLOUR.items()}
TRACK_END: Final = 4  # a disaster triggers when its marker reaches this; the marker then returns to 0

FACE_CHANGE_COST: Final = 3  # [H] once per turn
FACE_CHANGES_PER_TURN: Final = 1
WAGONS: Final = {"small": {"spaces": 4, "cost": 5}, "large": {"spaces": 6, "cost": 8}}
WAGON_SUPPLY: Final = {"small": 10, "large": 10}  # [H] including the starting wagons
DAMAGE_SPACES: Final = 2  # one damage token covers two spaces
# [H] goods may be rearranged freely between your wagons: only the count of usable spaces matters
# [H] gold tokens and equipment that are discarded or paid to a town leave the game
DAMAGE_VP: Final = -2
PER_SPACE: Final = {"gold": 1, "equipment": 1, "wood": 2, "medicine": 2}  # [H] one kind per space

GOLD_TOKENS: Final = {1: 18, 2: 12, 3: 6}  # [H] 36 tokens: value -> count

TOWNS_PER_WEEK: Final = (2, 2, 2, 3)
TOWN_DECK_SIZE: Final = sum(TOWNS_PER_WEEK)  # 9 of the 22 are used
TOWNSFOLK_SETS_DEFAULT: Final = ("A", "B")
TOWNSFOLK_PER_WEEK: Final = SLOTS

FAVOR_VP: Final = 2
FAVOR_MAJORITY_VP: Final = 5
CATTLE_TOWN_VP: Final = 1

# [H] the standard Pioneer side of every player board
STANDARD_PIONEER: Final[Card] = {  # a pioneer card, as in pioneers.json
    "id": "standard",
    "name": "Pioneer",
    "start": {"wagons": ["small"], "silver": 5, "cattle": 1, "wood": 1, "medicine": 1,
              "gold": 0, "equipment": 0},
    "ability": {"when": "ongoing", "mods": {"protect": {"disease": 1}}},
}
PIONEER_BOARDS_DEALT: Final = 2  # unique mode: each player is dealt 2 boards and keeps one side of one

MAX_PLAYERS: Final = 4
MIN_PLAYERS: Final = 2
