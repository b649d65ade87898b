"""A player's turn: take a die, maybe change its face, use it; buy wagons and discard goods."""

from . import flow
from .actions import Table
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

ACTION_TEXT = {"mine": "draw a gold token", "equip": "take an equipment tile",
               "cattle": "take 1 cattle", "wood": "take 1 wood", "medicine": "take 1 medicine"}
FACE_INDEX = {f: i for i, f in enumerate(FACES)}
_WILD_CHECKS = ("cattle",) + tuple(a for a in ACTIONS if a != "cattle")  # the cheapest first
_WAGON_COSTS = tuple((size, WAGONS[size]["cost"]) for size in ("small", "large"))


def face_change_cost(p: dict, m: dict | None = None) -> int:
    return max(0, FACE_CHANGE_COST + (mods(p) if m is None else m)["face_change_cost"])


def income(p: dict, face: str, m: dict | None = None) -> int:
    m = (mods(p) if m is None else m)["income"]
    return INCOME[face] + m.get(face, 0) + m.get("any", 0)


def action_possible(s: dict, p: dict, action: str) -> bool:
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
_FACE_CHANGES: dict = {}  # (seat, face, cost) -> the five face changes, in FACES order


def _face_changes(seat: int, face: str, cost: int) -> tuple:
    k = (seat, face, cost)
    opts = _FACE_CHANGES.get(k)
    if opts is None:
        opts = _FACE_CHANGES[k] = tuple(_FACE[seat, f, cost] for f in FACES if f != face)
    return opts


def _extras(s: dict, p: dict, seat: int, m: dict, out: list) -> None:
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


def actions(s: dict, seat: int) -> list:
    """The Actions of the seat whose turn it is (s["turn"]), in the stable order of options()."""
    p = s["players"][seat]
    m = mods(p)
    step = s["step"]
    if step == "pick":
        out: list = []
        for c, f in s["pool"]:
            a = _TAKE[seat, c, f]
            if a not in out:
                out.append(a)
        _extras(s, p, seat, m, out)
        return out
    die = s["die"]
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


def options(s: dict) -> list:
    """(body, label) pairs of the turn's choices (actions() without the seat)."""
    return [(a.id.split(":", 1)[1], a.label) for a in actions(s, s["turn"])]


def play(s: dict, parts: list, events: list) -> None:
    """Applies one (validated) turn choice."""
    seat = s["turn"]
    p = s["players"][seat]
    verb = parts[0]
    if verb == "take":
        colour, face = parts[1], parts[2]
        s["pool"].remove([colour, face])
        die = s["die"] = {"colour": colour, "rolled": face, "face": face, "changed": False}
        s["step"] = "use"
        fired = fire_triggers(s, p, face)
        die["triggered"] = fired
        events.append({"type": "die_picked", "seat": seat, "colour": colour, "face": face,
                       "triggered": fired})
    elif verb == "face":
        die = s["die"]
        cost = face_change_cost(p)
        p["silver"] -= cost
        events.append({"type": "face_changed", "seat": seat, "colour": die["colour"],
                       "from": die["face"], "to": parts[1], "cost": cost})
        die["face"] = parts[1]
        die["changed"] = True
    elif verb == "income":
        out: dict = {}
        m = mods(p)
        gain(s, p, {"silver": income(p, s["die"]["face"], m)}, out)
        _used(s, p, "income", out, events, m)
    elif verb == "act":
        face = s["die"]["face"]
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
        slot = FACE_INDEX[s["die"]["face"]]
        t = s["slots"][slot]
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
        if what in ("wood", "medicine"):
            p[what] -= 1
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


def _bonus(s: dict, p: dict, action: str, out: dict, m: dict) -> None:
    bonus = m["action_bonus"].get(action)
    if bonus:
        gain(s, p, bonus, out)


def _action(s: dict, p: dict, action: str, events: list) -> None:
    if action == "equip":
        s["step"] = "equip"
        return
    out: dict = {}
    m = mods(p)  # gaining goods changes no card: m holds until the die is used
    gain(s, p, {"gold" if action == "mine" else action: 1}, out)
    _bonus(s, p, action, out, m)
    _used(s, p, action, out, events, m)


def _used(s: dict, p: dict, use: str, out: dict, events: list, m: dict) -> None:
    """m: p's modifiers as they are now."""
    die = s["die"]
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
