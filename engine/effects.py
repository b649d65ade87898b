"""The effect vocabulary at work: goods, wagon space, ops and ongoing modifiers."""

from collections.abc import Iterator, Mapping
from typing import Any, Literal

from . import rng
from .actions import Action, Table
from .cards import EQUIPMENT, PIONEERS, TOWNSFOLK
from .constants import DAMAGE_SPACES, STANDARD_PIONEER, WAGONS
from .shape import Card, Mods, Player, Record, State, Wagon

_SPACES = {size: w["spaces"] for size, w in WAGONS.items()}


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
    return total_spaces(p) - used_spaces(p)


def can_store(p: Player, kind: str) -> bool:
    if (kind == "wood" and p["wood"] % 2) or (kind == "medicine" and p["medicine"] % 2):
        return True  # a half-full space takes one more
    return free_spaces(p) > 0


_VERB = {"drop": "Discard", "lose": "Return"}  # the prefixes goods_actions is used with
_GOODS = Table(lambda k: (k[0], f"{k[1]}:{k[2]}", f"{_VERB[k[1]]} 1 {k[2]}"))
_GOLD = Table(lambda k: (k[0], f"{k[1]}:gold:{k[2]}",
                         f"{_VERB[k[1]]} a gold token ({k[2]} nugget{'s' * (k[2] > 1)})"))
_TILE = Table(lambda k: (k[0], f"{k[1]}:equip:{k[2]}", f"{_VERB[k[1]]} {k[3]}"))


def goods_actions(p: Player, seat: int, prefix: str, out: list[Action]) -> None:
    """Appends goods_choices(p, prefix, _VERB[prefix]) as Actions of `seat` to out."""
    for kind in ("wood", "medicine"):
        if p[kind]:
            out.append(_GOODS[seat, prefix, kind])
    gold = p["gold"]
    if gold:
        for v in sorted(set(gold)):
            out.append(_GOLD[seat, prefix, v])
    tiles = p["equipment"]
    if tiles:
        for t in sorted(set(tiles)):
            out.append(_TILE[seat, prefix, t, EQUIPMENT[t]["name"]])


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
def ability(p: Player) -> Card:
    if p["side"] == "unique":
        return PIONEERS[p["pioneer"]]["ability"]
    return STANDARD_PIONEER["ability"]


def sources(p: Player) -> Iterator[tuple[str, str, Card]]:
    """(kind, id, effect) of everything a player holds that may have an effect."""
    yield "pioneer", p["pioneer"], ability(p)
    for t in p["townsfolk"]:
        e = TOWNSFOLK[t]["effect"]
        if e is not None:
            yield "townsfolk", t, e
    for t in p["equipment"]:
        yield "equipment", t, EQUIPMENT[t]["effect"]


Ops = list[dict[str, Any]]  # an effect's "do": [op, ...] (content/FORMAT.md)
Source = tuple[str, str, Ops]  # (kind, id, ops) of a card with triggers or end-of-week effects
Holding = tuple[Mods, dict[str, list[Source]], list[Source]]
_MODS_CACHE: dict[tuple, Holding] = {}  # what a player holds -> (modifiers, triggers by face, end-of-week effects)


def _holding(p: Player) -> Holding:
    """What p's effects follow from (pioneer, side, townsfolk, equipment) -> the tuple above.
    Cached: a player's cards change far less often than they are consulted."""
    key = (p["pioneer"], p["side"], *p["townsfolk"], None, *p["equipment"])
    h = _MODS_CACHE.get(key)
    if h is None:
        if len(_MODS_CACHE) > 50000:
            _MODS_CACHE.clear()
        triggers: dict[str, list[Source]] = {}
        eow: list[Source] = []
        for kind, cid, e in sources(p):
            if e["when"] == "trigger":
                triggers.setdefault(e["face"], []).append((kind, cid, e["do"]))
            elif e["when"] == "end_of_week":
                eow.append((kind, cid, e["do"]))
        h = _MODS_CACHE[key] = (_compute_mods(p), triggers, eow)
    return h


def mods(p: Player) -> Mods:
    """The summed ongoing modifiers of a player (cached by what they hold; do not mutate)."""
    return _holding(p)[0]


def _add(dst: dict[str, int], src: dict[str, int]) -> None:
    for k, n in src.items():
        dst[k] = dst.get(k, 0) + n


def _compute_mods(p: Player) -> Mods:
    out: Mods = {"immune": set(), "protect": {}, "income": {}, "action_bonus": {}, "recruit_bonus": {},
                 "face_change_cost": 0, "wagon_cost": 0, "town_cattle_vp": 0, "favor_bonus": 0}
    for _, _, e in sources(p):
        if e["when"] != "ongoing":
            continue
        for k, v in e["mods"].items():
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


def mod_total(p: Player, key: Literal["face_change_cost", "wagon_cost", "town_cattle_vp", "favor_bonus"]) -> int:
    return mods(p)[key]


def mod_map(p: Player, key: Literal["protect", "income", "recruit_bonus"]) -> dict[str, int]:
    return mods(p)[key]


def raid_loss(silver: int, shield: int) -> int:
    """The silver a Raid takes: half of what is not shielded, rounded up."""
    exposed = max(0, silver - shield)
    return (exposed + 1) // 2


def wagon_cost(p: Player, size: str) -> int:
    return max(0, WAGONS[size]["cost"] + mod_total(p, "wagon_cost"))


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
COUNTERS: dict[str, Literal["silver", "cattle", "vp", "favors", "wood", "medicine"]] = {
    "silver": "silver", "cattle": "cattle", "vp": "vp", "favor": "favors", "wood": "wood", "medicine": "medicine"}
_TALLIES: dict[str, Literal["silver", "cattle", "vp", "favors"]] = {
    "silver": "silver", "cattle": "cattle", "vp": "vp", "favor": "favors"}  # gained whole: no wagon space needed
_GOODS_HELD: dict[str, Literal["wood", "medicine"]] = {
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
                if state["gold_bag"] and free_spaces(p) > 0:
                    v = rng.pop_random(state, state["gold_bag"])
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


SPACE_GOODS = ("gold", "wood", "medicine")  # goods that need wagon space (cattle, silver... do not)


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
                if state["equip_deck"] and free_spaces(p) > 0:
                    take_equipment(state, p, state["equip_deck"].pop(), out)
        else:
            raise KeyError(k)


def fire_triggers(state: State, p: Player, face: str) -> list[Record]:
    """Runs every trigger of p's equipment and townsfolk on this face (those p holds as it starts:
    a tile drawn by one of them does not fire now); returns what happened."""
    fired = []
    for kind, cid, ops in _holding(p)[1].get(face, ()):
        out: Record = {"seat": p["seat"], "source": kind, "id": cid}
        run_ops(state, p, ops, out)
        fired.append(out)
    return fired


def end_of_week(state: State, p: Player) -> list[Record]:
    done = []
    for kind, cid, ops in _holding(p)[2]:
        out: Record = {"seat": p["seat"], "source": kind, "id": cid}
        run_ops(state, p, ops, out)
        done.append(out)
    return done
