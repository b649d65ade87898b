"""A player's turn: take a die, maybe change its face, use it; buy wagons and discard goods."""

from . import flow
from .actions import Action, Table
from .cards import EQUIPMENT, TOWNSFOLK
from .constants import ACTIONS, COLOURS, FACE_CHANGE_COST, FACES, INCOME, WAGONS
from .effects import (
    can_store,
    fire_triggers,
    free_spaces,
    gain,
    goods_actions,
    mods,
    run_ops,
    take_equipment,
    wagon_cost,
)
from .shape import Event, Mods, Player, Record, State

ACTION_TEXT = {"mine": "draw a gold token", "equip": "take an equipment tile",
               "cattle": "take 1 cattle", "wood": "take 1 wood", "medicine": "take 1 medicine"}
FACE_INDEX = {f: i for i, f in enumerate(FACES)}
_WILD_CHECKS = ("cattle",) + tuple(a for a in ACTIONS if a != "cattle")  # the cheapest first
_WAGON_COSTS = tuple((size, WAGONS[size]["cost"]) for size in ("small", "large"))


def face_change_cost(p: Player, m: Mods | None = None) -> int:
    return max(0, FACE_CHANGE_COST + (mods(p) if m is None else m)["face_change_cost"])


def income(p: Player, face: str, m: Mods | None = None) -> int:
    inc = (mods(p) if m is None else m)["income"]
    return INCOME[face] + inc.get(face, 0) + inc.get("any", 0)


def action_possible(s: State, p: Player, action: str) -> bool:
    if action == "mine":
        return bool(s["gold_bag"]) and free_spaces(p) > 0
    if action == "equip":
        return bool(s["equip_up"]) and free_spaces(p) > 0
    if action == "cattle":
        return True
    return can_store(p, action)


# ---- the choices of a turn, as Actions (see actions.py) --------------------------------------
_TAKE = Table(lambda k: (k[0], f"take:{k[1]}:{k[2]}", f"Take a {k[1]} die showing {k[2].title()}"))
_BUY = Table(lambda k: (k[0], f"buy:{k[1]}", f"Buy a {k[1]} wagon ({WAGONS[k[1]]['spaces']} spaces) for ${k[2]}"))
_INCOME = Table(lambda k: (k[0], "income", f"Income: +${k[1]}"))
_ACT = Table(lambda k: (k[0], "act", "Action: Wild (choose which action)" if k[1] == "wild"
                        else f"Action: {ACTION_TEXT[k[1]]}"))
_RECRUIT = Table(lambda k: (k[0], "recruit", f"Recruit {k[1]}"))
_FACE = Table(lambda k: (k[0], f"face:{k[1]}", f"Turn the die to {k[1].title()} (${k[2]})"))
_WILD = Table(lambda k: (k[0], f"wild:{k[1]}", f"Wild: {ACTION_TEXT[k[1]]}"))
_EQUIP = Table(lambda k: (k[0], f"equip:{k[1]}", f"Take {k[2]}"))
_END = Table(lambda seat: (seat, "end", "End turn"))
_FACE_CHANGES: dict[tuple[int, str, int], tuple[Action, ...]] = {}  # (seat, face, cost) -> the five face changes


def _face_changes(seat: int, face: str, cost: int) -> tuple[Action, ...]:
    """The five face changes of a die showing `face`, in FACES order."""
    k = (seat, face, cost)
    opts = _FACE_CHANGES.get(k)
    if opts is None:
        opts = _FACE_CHANGES[k] = tuple(_FACE[seat, f, cost] for f in FACES if f != face)
    return opts


def _extras(s: State, p: Player, seat: int, m: Mods, out: list[Action]) -> None:
    """Buying wagons and discarding goods: allowed at any point of your turn."""
    delta = m["wagon_cost"]
    supply = s["wagon_supply"]
    silver = p["silver"]
    for size, base in _WAGON_COSTS:
        cost = base + delta
        if cost < 0:
            cost = 0
        if supply[size] > 0 and silver >= cost:
            out.append(_BUY[seat, size, cost])
    if s["step"] != "after":
        goods_actions(p, seat, "drop", out)


def actions(s: State, seat: int) -> list[Action]:
    """The Actions of the seat whose turn it is (s["turn"]), in the stable order of options()."""
    p = s["players"][seat]
    m = mods(p)
    step = s["step"]
    if step == "pick":
        out: list[Action] = []
        for c, f in s["pool"]:
            a = _TAKE[seat, c, f]
            if a not in out:
                out.append(a)
        _extras(s, p, seat, m, out)
        return out
    die = s["die"]
    assert die is not None  # steps after "pick": a die is taken
    face = die["face"]
    if step == "use":
        inc = m["income"]
        out = [_INCOME[seat, INCOME[face] + inc.get(face, 0) + inc.get("any", 0)]]
        if face == "wild":
            if any(action_possible(s, p, a) for a in _WILD_CHECKS):
                out.append(_ACT[seat, face])
        elif action_possible(s, p, face):
            out.append(_ACT[seat, face])
        slot = s["slots"][FACE_INDEX[face]]
        if slot is not None:
            out.append(_RECRUIT[seat, TOWNSFOLK[slot]["name"]])
        cost = FACE_CHANGE_COST + m["face_change_cost"]
        if cost < 0:
            cost = 0
        if not die["changed"] and p["silver"] >= cost:
            out += _face_changes(seat, face, cost)
        _extras(s, p, seat, m, out)
        return out
    if step == "wild":
        return [_WILD[seat, a] for a in ACTIONS if action_possible(s, p, a)]
    if step == "equip":
        return [_EQUIP[seat, t, EQUIPMENT[t]["name"]] for t in s["equip_up"]]
    if step == "after":
        out = [_END[seat]]
        _extras(s, p, seat, m, out)
        return out
    raise ValueError(step)


def options(s: State) -> list[tuple[str, str]]:
    """(body, label) pairs of the turn's choices (actions() without the seat)."""
    seat = s["turn"]
    assert seat is not None  # stage "turn"
    return [(a.id.split(":", 1)[1], a.label) for a in actions(s, seat)]


def play(s: State, parts: list[str], events: list[Event]) -> None:
    """Applies one (validated) turn choice."""
    seat = s["turn"]
    assert seat is not None  # stage "turn"
    p = s["players"][seat]
    die = s["die"]  # None at step "pick" (take, buy, drop); then the die taken
    verb = parts[0]
    if verb == "take":
        colour, face = parts[1], parts[2]
        s["pool"].remove([colour, face])
        s["step"] = "use"
        fired = fire_triggers(s, p, face)  # (the triggers' ops read neither the die nor the step)
        s["die"] = {"colour": colour, "rolled": face, "face": face, "changed": False, "triggered": fired}
        events.append({"type": "die_picked", "seat": seat, "colour": colour, "face": face,
                       "triggered": fired})
    elif verb == "face":
        assert die is not None
        cost = face_change_cost(p)
        p["silver"] -= cost
        events.append({"type": "face_changed", "seat": seat, "colour": die["colour"],
                       "from": die["face"], "to": parts[1], "cost": cost})
        die["face"] = parts[1]
        die["changed"] = True
    elif verb == "income":
        assert die is not None
        out: Record = {}
        m = mods(p)
        gain(s, p, {"silver": income(p, die["face"], m)}, out)
        _used(s, p, "income", out, events, m)
    elif verb == "act":
        assert die is not None
        face = die["face"]
        if face == "wild":
            s["step"] = "wild"
        else:
            _action(s, p, face, events)
    elif verb == "wild":
        _action(s, p, parts[1], events)
    elif verb == "equip":
        out = {}
        s["equip_up"].remove(parts[1])
        take_equipment(s, p, parts[1], out)
        m = mods(p)  # the tile (and what it drew) may change them
        _bonus(s, p, "equip", out, m)
        _used(s, p, "equip", out, events, m)
    elif verb == "recruit":
        assert die is not None
        slot = FACE_INDEX[die["face"]]
        t = s["slots"][slot]
        assert t is not None  # offered only when the slot holds a townsfolk (actions)
        s["slots"][slot] = None
        p["townsfolk"].append(t)
        out = {"townsfolk": t}
        e = TOWNSFOLK[t]["effect"]
        if e is not None and e["when"] == "immediate":
            run_ops(s, p, e["do"], out)
        m = mods(p)
        bonus = m["recruit_bonus"]
        if bonus:
            gain(s, p, bonus, out)
        _used(s, p, "recruit", out, events, m)
    elif verb == "buy":
        size = parts[1]
        cost = wagon_cost(p, size)
        p["silver"] -= cost
        s["wagon_supply"][size] -= 1
        p["wagons"].append({"size": size, "damage": 0})
        events.append({"type": "wagon_bought", "seat": seat, "size": size, "cost": cost})
    elif verb == "drop":
        what = parts[1]
        if what == "wood":
            p["wood"] -= 1
        elif what == "medicine":
            p["medicine"] -= 1
        elif what == "gold":
            p["gold"].remove(int(parts[2]))
        else:
            p["equipment"].remove(parts[2])
        events.append({"type": "goods_discarded", "seat": seat,
                       "what": parts[2] if what == "equip" else what})
    elif verb == "end":
        flow.end_turn(s, events)
    else:
        raise ValueError(":".join(parts))


def _bonus(s: State, p: Player, action: str, out: Record, m: Mods) -> None:
    bonus = m["action_bonus"].get(action)
    if bonus:
        gain(s, p, bonus, out)


def _action(s: State, p: Player, action: str, events: list[Event]) -> None:
    if action == "equip":
        s["step"] = "equip"
        return
    out: Record = {}
    m = mods(p)  # gaining goods changes no card: m holds until the die is used
    gain(s, p, {"gold" if action == "mine" else action: 1}, out)
    _bonus(s, p, action, out, m)
    _used(s, p, action, out, events, m)


def _used(s: State, p: Player, use: str, out: Record, events: list[Event], m: Mods) -> None:
    """m: p's modifiers as they are now."""
    die = s["die"]
    assert die is not None
    events.append({"type": "die_taken", "seat": p["seat"], "colour": die["colour"],
                   "rolled": die["rolled"], "face": die["face"], "use": use,
                   "triggered": die["triggered"], **out})
    # after using the die you may still buy a wagon (e.g. to shelter silver from a raid)
    delta = m["wagon_cost"]
    supply = s["wagon_supply"]
    silver = p["silver"]
    for size, base in _WAGON_COSTS:
        if supply[size] > 0 and silver >= max(0, base + delta):
            s["step"] = "after"
            return
    flow.end_turn(s, events)


__all__ = ["options", "play", "COLOURS"]
