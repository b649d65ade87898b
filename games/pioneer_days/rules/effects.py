"""The effect vocabulary at work: goods, wagon space, ops and ongoing modifiers."""

from collections.abc import Mapping
from typing import Any, Final, Literal

from . import dice
from .actions import Action, make, nested
from .cards import EQUIPMENT, PIONEERS, TOWNSFOLK
from .constants import DAMAGE_SPACES, FACE_CHANGE_COST, FACES, INCOME, MAX_PLAYERS, STANDARD_PIONEER, WAGONS
from .shape import Card, Mods, Player, Record, State, Wagon

_SPACES: Final[dict[str, int]] = {size: w["spaces"] for size, w in WAGONS.items()}
_SMALL: Final[int] = _SPACES["small"]  # (room() compares a wagon's size with the two names: no lookup)
_LARGE: Final[int] = _SPACES["large"]


# ---- wagon space ---------------------------------------------------------------------------
def usable_spaces(wagon: Wagon) -> int:
    return _SPACES[wagon["size"]] - DAMAGE_SPACES * wagon["damage"]


# The counting helpers read a player as a Mapping: a Player of the state, or one of a view or of
# a state the bot loaded (plain JSON dicts).
def total_spaces(p: Mapping[str, Any]) -> int:
    n = 0
    for w in p["wagons"]:
        n += _SPACES[w["size"]] - DAMAGE_SPACES * w["damage"]
    return n


def used_spaces(p: Mapping[str, Any]) -> int:
    # Goods are kept packed: a space holds 1 gold token, 1 tile, 2 wood or 2 medicine [H]
    return len(p["gold"]) + len(p["equipment"]) + (p["wood"] + 1) // 2 + (p["medicine"] + 1) // 2


def free_spaces(p: Mapping[str, Any]) -> int:
    """total_spaces(p) - used_spaces(p), in one function (it is asked before most gains)."""
    n = -len(p["gold"]) - len(p["equipment"]) - (p["wood"] + 1) // 2 - (p["medicine"] + 1) // 2
    for w in p["wagons"]:
        n += _SPACES[w["size"]] - DAMAGE_SPACES * w["damage"]
    return n


def room(p: Player) -> int:
    """free_spaces(p) for a Player of the state: its fields typed, so a compiled build counts them in machine
    words (free_spaces reads any mapping, every value an object: about ten times the instructions)."""
    gold: list[int] = p["gold"]
    tiles: list[str] = p["equipment"]
    wood: int = p["wood"]
    medicine: int = p["medicine"]
    n = -len(gold) - len(tiles) - (wood + 1) // 2 - (medicine + 1) // 2
    wagons: list[Wagon] = p["wagons"]
    for w in wagons:
        size: str = w["size"]
        damage: int = w["damage"]
        n += (_SMALL if size == "small" else _LARGE if size == "large" else _SPACES[size]) - DAMAGE_SPACES * damage
    return n


def can_store(p: Player, kind: str) -> bool:
    if (kind == "wood" and p["wood"] % 2) or (kind == "medicine" and p["medicine"] % 2):
        return True  # a half-full space takes one more
    return room(p) > 0


_VERB: Final = {"drop": "Discard", "lose": "Return"}  # the prefixes goods_actions is used with


class _GoodsActions:
    """The Actions giving up one good, of one seat with one prefix (drop, lose): made on first use."""

    __slots__ = ("wood", "medicine", "gold", "tile")

    def __init__(self, prefix: str, seat: int) -> None:
        verb = _VERB[prefix]
        self.wood = make(seat, f"{prefix}:wood", f"{verb} 1 wood")
        self.medicine = make(seat, f"{prefix}:medicine", f"{verb} 1 medicine")
        self.gold = nested(1, _give_gold, seat, prefix, verb)
        # tile id -> its name -> Action (the label says the name)
        self.tile = nested(2, _give_tile, seat, prefix, verb)


def _give_gold(seat: int, prefix: str, verb: str, v: int) -> Action:
    return make(seat, f"{prefix}:gold:{v}", f"{verb} a gold token ({v} nugget{'s' * (v > 1)})")


def _give_tile(seat: int, prefix: str, verb: str, t: str, name: str) -> Action:
    return make(seat, f"{prefix}:equip:{t}", f"{verb} {name}")


_GOODS_ACTIONS: Final = nested(2, _GoodsActions)


def goods_table(prefix: str, seat: int) -> _GoodsActions:
    return _GOODS_ACTIONS[prefix][seat]


def give_back(p: Player, what: str, item: str = "") -> None:
    """One good leaves p's wagons (a drop on the turn, or a good given back when goods no longer fit):
    what is wood, medicine, gold (item: the token's value) or equip (item: the tile)."""
    if what == "wood":
        p["wood"] -= 1
    elif what == "medicine":
        p["medicine"] -= 1
    elif what == "gold":
        p["gold"].remove(int(item))
    else:
        p["equipment"].remove(item)


def goods_actions(p: Player, seat: int, prefix: str, out: list[Action]) -> None:
    """Appends goods_choices(p, prefix, _VERB[prefix]) as Actions of `seat` to out (turn.legal_actions
    has a copy of this for the drops)."""
    table = _GOODS_ACTIONS[prefix][seat]
    if p["wood"]:
        out.append(table.wood)
    if p["medicine"]:
        out.append(table.medicine)
    gold = p["gold"]
    if gold:
        if len(gold) == 1:
            out.append(table.gold[gold[0]])
        else:
            out += [table.gold[v] for v in sorted(set(gold))]
    tiles = p["equipment"]
    if tiles:
        out += [table.tile[t][EQUIPMENT[t]["name"]] for t in (tiles if len(tiles) == 1 else sorted(set(tiles)))]


def goods_choices(p: Player, prefix: str, verb: str) -> list[tuple[str, str]]:
    """(body, label) for giving up one of each kind of good in p's wagons (discards, storms)."""
    opts = []
    for kind in ("wood", "medicine"):
        if p[kind]:
            opts.append((f"{prefix}:{kind}", f"{verb} 1 {kind}"))
    for v in sorted(set(p["gold"])):
        opts.append((f"{prefix}:gold:{v}", f"{verb} a gold token ({v} nugget{'s' * (v > 1)})"))
    for t in sorted(set(p["equipment"])):
        opts.append((f"{prefix}:equip:{t}", f"{verb} {EQUIPMENT[t]['name']}"))
    return opts


# ---- ongoing modifiers -------------------------------------------------------------------
# A player's cards count in holding order: the pioneer, then the townsfolk, then the equipment, each in
# the order held. Triggers on one face fire in that order, and end-of-week effects run in it.


Ops = list[dict[str, Any]]  # an effect's "do": [op, ...] (content/FORMAT.md)
Source = tuple[str, str, Ops]  # (kind, id, ops) of a card with triggers or end-of-week effects
_WAGON_BASE: Final = tuple((size, WAGONS[size]["cost"]) for size in ("small", "large"))  # (turn.py reads both by name)
assert tuple(INCOME) == FACES


class Holding:
    """What follows from what a player holds (pioneer, side, townsfolk, equipment), worked out once
    per distinct holding: the summed modifiers, the triggers by face, the end-of-week effects, and
    the numbers a turn reads from them (income by face, the face change and wagon prices: together
    `prices`). `per_seat` is for tables made from these numbers (turn.py's Actions), by seat: shared
    by every Holding with the same prices. A Holding and what it holds are never changed: a card
    more makes another one (plus)."""

    __slots__ = ("ongoing", "mods", "triggers", "eow", "income", "face_cost", "wagon_costs", "small", "large", "prices",
                 "per_seat")
    ongoing: tuple[dict[str, Any], ...]
    triggers: dict[str, list[Source]]
    eow: list[Source]
    mods: Mods
    income: dict[str, int]
    face_cost: int
    wagon_costs: dict[str, int]
    small: int  # wagon_costs' two prices as ints (turn._used reads both at every die used: no lookups)
    large: int
    prices: tuple[int, tuple[int, ...], tuple[tuple[str, int], ...]]
    per_seat: list[Any]

    def __init__(self, ongoing: tuple[dict[str, Any], ...], triggers: dict[str, list[Source]],
                 eow: list[Source], same: "Holding | None" = None, priced: "Holding | None" = None) -> None:
        """same: a Holding with the same ongoing effects, whose modifiers and prices are taken as they are; priced:
        one with the same prices (its ongoing effects but one, which changes no price: _PRICED), taken as they are."""
        self.ongoing = ongoing  # the mods of the ongoing effects, in holding order
        self.triggers = triggers
        self.eow = eow
        if same is not None:
            self.mods, self.income, self.face_cost = same.mods, same.income, same.face_cost
            self.wagon_costs, self.prices, self.per_seat = same.wagon_costs, same.prices, same.per_seat
            self.small, self.large = same.small, same.large
            return
        m = self.mods = _compute_mods(ongoing)
        if priced is not None:  # (the same numbers: the prices' dicts and tuples were about half a Holding's making)
            self.income, self.face_cost = priced.income, priced.face_cost
            self.wagon_costs, self.prices, self.per_seat = priced.wagon_costs, priced.prices, priced.per_seat
            self.small, self.large = priced.small, priced.large
            return
        inc = m["income"]
        if inc:
            extra = inc.get("any", 0)
            self.income = {f: n + inc.get(f, 0) + extra for f, n in INCOME.items()}
        else:
            self.income = dict(INCOME)
        self.face_cost = max(0, FACE_CHANGE_COST + m["face_change_cost"])
        delta = m["wagon_cost"]
        self.wagon_costs = {size: max(0, base + delta) for size, base in _WAGON_BASE} if delta else dict(_WAGON_BASE)
        self.small = self.wagon_costs["small"]
        self.large = self.wagon_costs["large"]
        # (INCOME is in FACES order, and so is self.income)
        prices = self.prices = (self.face_cost, tuple(self.income.values()), tuple(self.wagon_costs.items()))
        self.per_seat = _PER_SEAT.get(prices) or _PER_SEAT.setdefault(prices, [None] * MAX_PLAYERS)

    def plus(self, kind: str, cid: str, e: Card | None) -> "Holding":
        """The Holding of this one with one more card (kind, id, its effect), last in holding order. Only
        an ongoing effect changes the modifiers and prices."""
        if e is None:
            return self
        when = e["when"]
        if when == "ongoing":
            mods: dict[str, Any] = e["mods"]
            priced = None if any(k in mods for k in _PRICED) else self
            return Holding((*self.ongoing, mods), self.triggers, self.eow, None, priced)
        if when == "trigger":
            triggers = dict(self.triggers)
            triggers[e["face"]] = [*triggers.get(e["face"], ()), (kind, cid, e["do"])]
            return self._with(triggers, self.eow)
        if when == "end_of_week":
            return self._with(self.triggers, [*self.eow, (kind, cid, e["do"])])
        return self  # immediate: done when the card came

    def _with(self, triggers: dict[str, list[Source]], eow: list[Source]) -> "Holding":
        return Holding(self.ongoing, triggers, eow, self)


_PRICED: Final = ("income", "face_change_cost", "wagon_cost")  # the modifiers a Holding's prices are made of
_PER_SEAT: Final[dict[tuple, list[Any]]] = {}  # prices -> Holding.per_seat, by seat (few: few cards change a price)
_MODS_CACHE: Final[dict[tuple, Holding]] = {}  # what a player holds -> Holding
# about 1 KB each, 2 MB at most (a game uses a few dozen; an emptied cache fills again in microseconds per
# holding; the bot's panels for 40 games' positions made 6,300 of them)
HOLDINGS_KEPT: Final = 2_000


def holding(p: Player) -> Holding:
    """The Holding of p (cached by what p holds: a player's cards change far less often than they
    are consulted). turn.py looks the cache up itself with the same key."""
    key = (p["pioneer"], p["side"], tuple(p["townsfolk"]), tuple(p["equipment"]))
    h = _MODS_CACHE.get(key)
    if h is None:
        h = _holding_of(key)
    return h


def _holding_of(key: tuple[str, str, tuple[str, ...], tuple[str, ...]]) -> Holding:
    """The Holding of a key of _MODS_CACHE, made from the one without its last card in holding order (a
    new card is usually that one, and the holding without it is known)."""
    pioneer, side, folk, tiles = key
    if tiles:
        less, kind, cid = (pioneer, side, folk, tiles[:-1]), "equipment", tiles[-1]
        e = EQUIPMENT[cid]["effect"]
    elif folk:
        less, kind, cid = (pioneer, side, folk[:-1], ()), "townsfolk", folk[-1]
        e = TOWNSFOLK[cid]["effect"]
    else:
        less, kind, cid = None, "pioneer", pioneer
        e = PIONEERS[pioneer]["ability"] if side == "unique" else STANDARD_PIONEER["ability"]
    before = _NOTHING if less is None else (_MODS_CACHE.get(less) or _holding_of(less))
    h = before.plus(kind, cid, e)
    if len(_MODS_CACHE) > HOLDINGS_KEPT:
        _MODS_CACHE.clear()
    _MODS_CACHE[key] = h
    return h


class _Last:
    """The Holding last found for a seat and what it was found for (the lists copied): held() compares
    them (a few pointer comparisons) instead of making _MODS_CACHE's key (three tuples, hashed, compared)."""

    __slots__ = ("pioneer", "side", "folk", "tiles", "h")
    pioneer: str
    side: str
    folk: list[str]
    tiles: list[str]
    h: Holding

    def __init__(self, pioneer: str, side: str, folk: list[str], tiles: list[str], h: Holding) -> None:
        self.pioneer = pioneer
        self.side = side
        self.folk = folk
        self.tiles = tiles
        self.h = h


_LAST: Final[list[_Last | None]] = [None] * MAX_PLAYERS  # by seat (any game's: each entry says what it is for)


def held(p: Player, seat: int) -> Holding:
    """holding(p) for the player in `seat`, the rules' hot paths (a seat's holding changes a few times a game
    and is asked at nearly every step): the seat's last one when p still holds what it was found for."""
    folk = p["townsfolk"]
    tiles = p["equipment"]
    last = _LAST[seat]
    if last is not None and ((_same(last.tiles, tiles) and _same(last.folk, folk)) if _NATIVE
                             else (last.tiles == tiles and last.folk == folk)) \
            and last.pioneer == p["pioneer"] and last.side == p["side"]:
        return last.h
    return _held_anew(p, seat, folk, tiles)


def held_with(p: Player, seat: int, tiles: list[str]) -> Holding:
    """held(p, seat) for a caller that has read p's equipment (tiles) already (turn.legal_actions: one lookup
    fewer; held's body, not a call of it, which would cost the pure build a call more at every other one)."""
    folk = p["townsfolk"]
    last = _LAST[seat]
    if last is not None and ((_same(last.tiles, tiles) and _same(last.folk, folk)) if _NATIVE
                             else (last.tiles == tiles and last.folk == folk)) \
            and last.pioneer == p["pioneer"] and last.side == p["side"]:
        return last.h
    return _held_anew(p, seat, folk, tiles)


def _held_anew(p: Player, seat: int, folk: list[str], tiles: list[str]) -> Holding:
    h = holding(p)
    _LAST[seat] = _Last(p["pioneer"], p["side"], list(folk), list(tiles), h)
    return h


_NATIVE: Final = dice.COMPILED[0]  # (the hot modules are compiled together, or not at all)


def _same(a: list[str], b: list[str]) -> bool:
    """a == b for a compiled build (held): item by item in machine words (the ids are mostly the same str objects:
    `is` first), where == on two lists goes through the generic comparison. (Pure Python compares the lists
    faster itself: a call of this costs more there.)"""
    n = len(a)
    if n != len(b):
        return False
    for i in range(n):
        x = a[i]
        y = b[i]
        if x is not y and x != y:
            return False
    return True


def forget_holdings() -> None:
    """Forgets every Holding made (_MODS_CACHE and held()'s): for tests that change the content."""
    _MODS_CACHE.clear()
    for i in range(len(_LAST)):
        _LAST[i] = None


def mods(p: Player) -> Mods:
    """The summed ongoing modifiers of a player (cached by what they hold; do not mutate)."""
    return holding(p).mods


def _add(dst: dict[str, int], src: dict[str, int]) -> None:
    for k, n in src.items():
        dst[k] = dst.get(k, 0) + n


def _compute_mods(ongoing: tuple[dict[str, Any], ...]) -> Mods:
    """The sum of the `mods` of a player's ongoing effects (in holding order)."""
    out: Mods = {"immune": set(), "protect": {}, "income": {}, "action_bonus": {}, "recruit_bonus": {},
                 "face_change_cost": 0, "wagon_cost": 0, "town_cattle_vp": 0, "favor_bonus": 0}
    for mods in ongoing:
        for k, v in mods.items():
            if k == "immune":
                out["immune"].update(v)
            elif k == "protect":
                _add(out["protect"], v)
            elif k == "income":
                _add(out["income"], v)
            elif k == "recruit_bonus":
                _add(out["recruit_bonus"], v)
            elif k == "action_bonus":
                for a, g in v.items():
                    _add(out["action_bonus"].setdefault(a, {}), g)
            elif k == "face_change_cost":
                out["face_change_cost"] += v
            elif k == "wagon_cost":
                out["wagon_cost"] += v
            elif k == "town_cattle_vp":
                out["town_cattle_vp"] += v
            elif k == "favor_bonus":
                out["favor_bonus"] += v
            else:
                raise KeyError(k)  # not a mod of the content (catalogue.MOD_KEYS)
    return out


_NOTHING: Final = Holding((), {}, [])  # no card at all: where every Holding starts (_holding_of)


def mod_total(p: Player, key: Literal["face_change_cost", "wagon_cost", "town_cattle_vp", "favor_bonus"]) -> int:
    return mods(p)[key]


def mod_map(p: Player, key: Literal["protect", "income", "recruit_bonus"]) -> dict[str, int]:
    return mods(p)[key]


def raid_loss(silver: int, shield: int) -> int:
    """The silver a Raid takes: half of what is not shielded, rounded up."""
    exposed = max(0, silver - shield)
    return (exposed + 1) // 2


def wagon_cost(p: Player, size: str) -> int:
    return holding(p).wagon_costs[size]


# ---- counting (for gain_per and endgame VP) ------------------------------------------------
def count(p: Mapping[str, Any], what: str) -> int:
    if what in ("cattle", "wood", "medicine", "silver"):
        return p[what]
    if what == "favor":
        return p["favors"]
    if what == "wagon":
        return len(p["wagons"])
    if what in ("small_wagon", "large_wagon"):
        size = what.split("_")[0]
        return sum(1 for w in p["wagons"] if w["size"] == size)
    if what == "gold_token":
        return len(p["gold"])
    if what == "equipment":
        return len(p["equipment"])
    if what == "townsfolk":
        return len(p["townsfolk"])
    if what == "goods_set":
        return min(p["wood"], p["medicine"], p["cattle"])
    if what == "undamaged_wagon":
        return sum(1 for w in p["wagons"] if w["damage"] == 0)
    if what == "damage":
        return sum(w["damage"] for w in p["wagons"])
    if what == "free_space":
        return max(0, free_spaces(p))
    raise KeyError(what)


def vp_of(p: Mapping[str, Any], vp: Card | None) -> int:
    if not vp:
        return 0
    if "fixed" in vp:
        return vp["fixed"]
    n = count(p, vp["per"]) // vp.get("div", 1)
    if "max" in vp:
        n = min(n, vp["max"])
    return n * vp["each"]


# ---- gaining and paying --------------------------------------------------------------------
# A resource of the content (catalogue.RES, but gold: a list of tokens) -> the player's key counting it
COUNTERS: Final[dict[str, Literal["silver", "cattle", "vp", "favors", "wood", "medicine"]]] = {
    "silver": "silver", "cattle": "cattle", "vp": "vp", "favor": "favors", "wood": "wood", "medicine": "medicine"}
_TALLIES: Final[dict[str, Literal["silver", "cattle", "vp", "favors"]]] = {
    "silver": "silver", "cattle": "cattle", "vp": "vp", "favor": "favors"}  # gained whole: no wagon space needed
_GOODS_HELD: Final[dict[str, Literal["wood", "medicine"]]] = {
    "wood": "wood", "medicine": "medicine"}  # kept in wagons: gained while there is room


def gain(state: State, p: Player, what: dict[str, int], out: Record) -> None:
    """Adds resources to p, recording in out['gained'] / out['lost'] (goods that did not fit)."""
    gained = out.setdefault("gained", {})
    for res, n in what.items():
        got = 0
        if (tally := _TALLIES.get(res)) is not None:
            p[tally] += n
            got = n
        elif (held := _GOODS_HELD.get(res)) is not None:
            for _ in range(n):
                if can_store(p, held):
                    p[held] += 1
                    got += 1
        elif res == "gold":
            for _ in range(n):
                if state["gold_bag"] and room(p) > 0:
                    v = dice.pop_random(state, state["gold_bag"])  # (engine.rng's draw: dice.py)
                    p["gold"].append(v)
                    out.setdefault("secret", {"seat": p["seat"], "gold": []})["gold"].append(v)
                    got += 1
        else:
            raise KeyError(res)
        if got:
            gained[res] = gained.get(res, 0) + got
        if got < n:
            lost = out.setdefault("lost", {})
            lost[res] = lost.get(res, 0) + n - got


def can_pay(p: Player, what: dict[str, int]) -> bool:
    return all(p[COUNTERS[r]] >= n for r, n in what.items())


SPACE_GOODS: Final = ("gold", "wood", "medicine")  # goods that need wagon space (cattle, silver... do not)


def needs_room(what: dict[str, int]) -> bool:
    return any(r in SPACE_GOODS for r in what)


def can_receive(state: State, p: Player, what: dict[str, int], after_paying: dict[str, int] | None = None) -> bool:
    """True if every good in `what` would be received whole (none lost for want of space or of
    tokens in the bag), once `after_paying` has been paid."""
    if not needs_room(what):
        return True
    if what.get("gold", 0) > len(state["gold_bag"]):
        return False
    paid = after_paying or {}
    wood = p["wood"] - paid.get("wood", 0) + what.get("wood", 0)
    medicine = p["medicine"] - paid.get("medicine", 0) + what.get("medicine", 0)
    used = len(p["gold"]) + what.get("gold", 0) + len(p["equipment"]) + (wood + 1) // 2 + (medicine + 1) // 2
    return used <= total_spaces(p)


def pay(p: Player, what: dict[str, int]) -> None:
    for r, n in what.items():
        p[COUNTERS[r]] -= n


def take_equipment(state: State, p: Player, tile: str, out: Record) -> None:
    p["equipment"].append(tile)
    out.setdefault("equipment", []).append(tile)
    e = EQUIPMENT[tile]["effect"]
    if e["when"] == "immediate":
        run_ops(state, p, e["do"], out)


def run_ops(state: State, p: Player, ops: Ops, out: Record) -> None:
    for op in ops:
        (k, v), = op.items()
        if k == "gain":
            gain(state, p, v, out)
        elif k == "pay_gain":
            # nothing is paid for nothing: only when the whole gain can be received
            if can_pay(p, v["pay"]) and can_receive(state, p, v["gain"], v["pay"]):
                pay(p, v["pay"])
                paid = out.setdefault("paid", {})
                for r, n in v["pay"].items():
                    paid[r] = paid.get(r, 0) + n
                gain(state, p, v["gain"], out)
        elif k == "gain_per":
            times = count(p, v["per"]) // v.get("div", 1)
            if "max" in v:
                times = min(times, v["max"])
            if times:
                gain(state, p, {r: n * times for r, n in v["gain"].items()}, out)
        elif k == "retreat":
            if state["tracks"][v] > 0:
                state["tracks"][v] -= 1
                out.setdefault("retreated", []).append(v)
        elif k == "draw_equipment":
            for _ in range(v):
                if state["equip_deck"] and room(p) > 0:
                    take_equipment(state, p, state["equip_deck"].pop(), out)
        else:
            raise KeyError(k)


def fire_triggers(state: State, p: Player, face: str, h: Holding | None = None) -> list[Record]:
    """Runs every trigger of p's equipment and townsfolk on this face (those p holds as it starts:
    a tile drawn by one of them does not fire now; h: p's Holding, if the caller has it); returns
    what happened."""
    fired = []
    for kind, cid, ops in (h or holding(p)).triggers.get(face, ()):
        out: Record = {"seat": p["seat"], "source": kind, "id": cid}
        run_ops(state, p, ops, out)
        fired.append(out)
    return fired


def end_of_week(state: State, p: Player, h: Holding | None = None) -> list[Record]:
    """Runs p's end-of-week effects (h: p's Holding, if the caller has it); returns what happened."""
    done = []
    for kind, cid, ops in (h or holding(p)).eow:
        out: Record = {"seat": p["seat"], "source": kind, "id": cid}
        run_ops(state, p, ops, out)
        done.append(out)
    return done
