"""A player's turn: take a die, maybe change its face, use it; buy wagons and discard goods."""

from . import flow
from .cards import EQUIPMENT, TOWNSFOLK
from .constants import ACTIONS, COLOURS, FACE_CHANGE_COST, FACES, INCOME, WAGONS
from .effects import (
    can_store,
    fire_triggers,
    free_spaces,
    gain,
    goods_choices,
    mod_map,
    mod_total,
    run_ops,
    take_equipment,
    wagon_cost,
)

ACTION_TEXT = {"mine": "draw a gold token", "equip": "take an equipment tile",
               "cattle": "take 1 cattle", "wood": "take 1 wood", "medicine": "take 1 medicine"}


def face_change_cost(p: dict) -> int:
    return max(0, FACE_CHANGE_COST + mod_total(p, "face_change_cost"))


def income(p: dict, face: str) -> int:
    m = mod_map(p, "income")
    return INCOME[face] + m.get(face, 0) + m.get("any", 0)


def action_possible(s: dict, p: dict, action: str) -> bool:
    if action == "mine":
        return bool(s["gold_bag"]) and free_spaces(p) > 0
    if action == "equip":
        return bool(s["equip_up"]) and free_spaces(p) > 0
    if action == "cattle":
        return True
    return can_store(p, action)


def _extras(s: dict, p: dict) -> list:
    """Buying wagons and discarding goods: allowed at any point of your turn."""
    opts = []
    delta = mod_total(p, "wagon_cost")
    for size in ("small", "large"):
        cost = max(0, WAGONS[size]["cost"] + delta)
        if s["wagon_supply"][size] > 0 and p["silver"] >= cost:
            opts.append((f"buy:{size}", f"Buy a {size} wagon ({WAGONS[size]['spaces']} spaces) "
                         f"for ${cost}"))
    if s["step"] != "after":
        opts += goods_choices(p, "drop", "Discard")
    return opts


def options(s: dict) -> list:
    p = s["players"][s["turn"]]
    step = s["step"]
    if step == "pick":
        opts, seen = [], set()
        for c, f in s["pool"]:
            if (c, f) not in seen:
                seen.add((c, f))
                opts.append((f"take:{c}:{f}", f"Take a {c} die showing {f.title()}"))
        return opts + _extras(s, p)
    die = s["die"]
    face = die["face"]
    if step == "use":
        opts = [("income", f"Income: +${income(p, face)}")]
        if face == "wild":
            if any(action_possible(s, p, a) for a in ACTIONS):
                opts.append(("act", "Action: Wild (choose which action)"))
        elif action_possible(s, p, face):
            opts.append(("act", f"Action: {ACTION_TEXT[face]}"))
        slot = s["slots"][FACES.index(face)]
        if slot is not None:
            opts.append(("recruit", f"Recruit {TOWNSFOLK[slot]['name']}"))
        cost = face_change_cost(p)
        if not die["changed"] and p["silver"] >= cost:
            for f in FACES:
                if f != face:
                    opts.append((f"face:{f}", f"Turn the die to {f.title()} (${cost})"))
        return opts + _extras(s, p)
    if step == "wild":
        return [(f"wild:{a}", f"Wild: {ACTION_TEXT[a]}") for a in ACTIONS if action_possible(s, p, a)]
    if step == "equip":
        return [(f"equip:{t}", f"Take {EQUIPMENT[t]['name']}") for t in s["equip_up"]]
    if step == "after":
        return [("end", "End turn")] + _extras(s, p)
    raise ValueError(step)


def play(s: dict, parts: list, events: list) -> None:
    """Applies one (validated) turn choice."""
    seat = s["turn"]
    p = s["players"][seat]
    verb = parts[0]
    if verb == "take":
        colour, face = parts[1], parts[2]
        s["pool"].remove([colour, face])
        s["die"] = {"colour": colour, "rolled": face, "face": face, "changed": False}
        s["step"] = "use"
        fired = fire_triggers(s, p, face)
        s["die"]["triggered"] = fired
        events.append({"type": "die_picked", "seat": seat, "colour": colour, "face": face,
                       "triggered": fired})
    elif verb == "face":
        cost = face_change_cost(p)
        p["silver"] -= cost
        events.append({"type": "face_changed", "seat": seat, "colour": s["die"]["colour"],
                       "from": s["die"]["face"], "to": parts[1], "cost": cost})
        s["die"]["face"] = parts[1]
        s["die"]["changed"] = True
    elif verb == "income":
        out: dict = {}
        gain(s, p, {"silver": income(p, s["die"]["face"])}, out)
        _used(s, p, "income", out, events)
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
        _bonus(s, p, "equip", out)
        _used(s, p, "equip", out, events)
    elif verb == "recruit":
        slot = FACES.index(s["die"]["face"])
        t = s["slots"][slot]
        s["slots"][slot] = None
        p["townsfolk"].append(t)
        out = {"townsfolk": t}
        e = TOWNSFOLK[t]["effect"]
        if e is not None and e["when"] == "immediate":
            run_ops(s, p, e["do"], out)
        bonus = mod_map(p, "recruit_bonus")
        if bonus:
            gain(s, p, bonus, out)
        _used(s, p, "recruit", out, events)
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


def _bonus(s: dict, p: dict, action: str, out: dict) -> None:
    bonus = mod_map(p, "action_bonus").get(action)
    if bonus:
        gain(s, p, bonus, out)


def _action(s: dict, p: dict, action: str, events: list) -> None:
    if action == "equip":
        s["step"] = "equip"
        return
    out: dict = {}
    gain(s, p, {"gold" if action == "mine" else action: 1}, out)
    _bonus(s, p, action, out)
    _used(s, p, action, out, events)


def _used(s: dict, p: dict, use: str, out: dict, events: list) -> None:
    die = s["die"]
    events.append({"type": "die_taken", "seat": p["seat"], "colour": die["colour"],
                   "rolled": die["rolled"], "face": die["face"], "use": use,
                   "triggered": die["triggered"], **out})
    # after using the die you may still buy a wagon (e.g. to shelter silver from a raid)
    can_buy = any(s["wagon_supply"][z] > 0 and p["silver"] >= wagon_cost(p, z) for z in WAGONS)
    if can_buy:
        s["step"] = "after"
    else:
        flow.end_turn(s, events)


__all__ = ["options", "play", "COLOURS"]
