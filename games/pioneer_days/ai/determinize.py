"""A determinised copy of the state for one seat: everything that seat cannot see (other players'
gold values, the gold bag, deck orders and contents, the dice bag order, the engine's rng, other
players' pioneer boards) is replaced by a sample drawn with the AI's own generator.

It starts from view_for(state, seat) (the one secrecy rule of engine/view.py), so the sample
depends only on what that seat sees and a search built on it cannot profit from hidden
information."""

from engine import rng

from ..rules.cards import EQUIPMENT, PIONEERS, TOWNS, TOWNSFOLK
from ..rules.constants import COLOURS, DICE_PER_COLOUR, GOLD_TOKENS, PIONEER_BOARDS_DEALT
from ..rules.dice import shuffle  # (engine.rng.shuffle's draws: on machine words in a compiled build)
from ..rules.shape import Rng
from ..rules.view import HIDDEN, view_for

ALL_GOLD = [v for v, k in sorted(GOLD_TOKENS.items()) for _ in range(k)]


def _remove(pool: list, items) -> list:
    left = list(pool)
    for x in items:
        if x in left:
            left.remove(x)
    return left


def _sample(gen: Rng, pool: list, k: int) -> list:
    pool = sorted(pool)
    shuffle(gen, pool)
    if len(pool) < k:  # cannot happen with consistent content; keep the size right anyway
        pool += pool[:1] * (k - len(pool))
    return pool[:k]


def _size(state: dict, key: str) -> int:
    """Length of a hidden list, from the state or from a view_for() view of it."""
    return len(state[key]) if key in state else state[key + "_count"]


def determinize(state: dict, seat: int, gen: Rng) -> dict:
    """A full game state consistent with what `seat` sees; gen = {"rng": int} (advances).
    `state` may be the real state or engine.view_for(state, seat): the result is the same."""
    s = view_for(state, seat)  # a copy without anything this seat may not see
    for k in ("viewer",) + tuple(f"{k}_count" for k in HIDDEN):
        s.pop(k, None)
    over = s["stage"] == "over"
    me = s["players"][seat]
    if not over:
        # gold: every token not in my wagons may be in the bag or with another player
        unseen = _remove(ALL_GOLD, me["gold"])
        shuffle(gen, unseen)
        for p in s["players"]:
            if p["seat"] != seat:
                n = len(p["gold"])
                p["gold"], unseen = sorted(unseen[:n]), unseen[n:]
        s["gold_bag"] = _sample(gen, unseen, _size(state, "gold_bag"))
    # townsfolk deck: cards of the chosen sets that are not on the table
    seen = set(s["slots"]) | {t for p in s["players"] for t in p["townsfolk"]}
    pool = [t for t, c in TOWNSFOLK.items() if c["set"] in s["config"]["sets"] and t not in seen]
    s["townsfolk_deck"] = _sample(gen, pool, _size(state, "townsfolk_deck"))
    seen = set(s["equip_up"]) | {t for p in s["players"] for t in p["equipment"]}
    s["equip_deck"] = _sample(gen, [t for t in EQUIPMENT if t not in seen], _size(state, "equip_deck"))
    seen = set(s["towns_up"])
    s["town_deck"] = _sample(gen, [t for t in TOWNS if t not in seen], _size(state, "town_deck"))
    # dice bag: its contents follow from the dice on view; only the order is hidden
    if s["stage"] not in ("pioneer", "setup"):
        n = s["config"]["players"]
        left = {c: n + 1 - s["discarded"][c] for c in COLOURS}
        for c, _ in s["pool"]:
            left[c] -= 1
        if s["die"]:
            left[s["die"]["colour"]] -= 1
        bag = [c for c in COLOURS for _ in range(max(0, min(left[c], DICE_PER_COLOUR)))]
        s["bag"] = _sample(gen, bag, _size(state, "bag"))
    if not over and s["config"]["pioneers"] == "unique":
        # every player was dealt the same number of boards: others' are drawn from those not mine
        mine = set(me["boards"])
        pool = [b for b in PIONEERS if b not in mine]
        shuffle(gen, pool)
        for p in s["players"]:
            if p["seat"] != seat:
                p["boards"], pool = sorted(pool[:PIONEER_BOARDS_DEALT]), pool[PIONEER_BOARDS_DEALT:]
    s.setdefault("bag", [])
    s["rng"] = rng.seed_state(rng.below(gen, 1 << 62))
    s["seed"] = 0
    return s
