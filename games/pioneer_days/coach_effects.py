"""What one reviewed choice did by itself, as plain data (the coach's why reads it: coach_why.py).

A choice is played from the state before the decision with the flow held at its end: a turn's end does not
end the day, and a disaster or a town visit is not settled, so nothing that follows (the next day's dice,
the town visit's cattle, another disaster) is counted as the choice's doing. A turn that ends the day also
leaves the last die, which sets off disasters: that is the choice's doing, and what those disasters would
cost the player there and then is worked out as the rules resolve them (paying with what they have first).
The game is over when a review is made, so the real state is used: gold values count."""

from typing import Any

from .rules.api import apply, clone
from .rules.cards import TOWNSFOLK
from .rules.constants import DAMAGE_VP, SIMULTANEOUS
from .rules.effects import holding, raid_loss, usable_spaces, vp_of
from .rules.forecast import advance as track_advance
from .rules.forecast import moved_by
from .rules.scoring import breakdown

GOODS = ("silver", "wood", "medicine", "cattle", "gold")
COSTS = ("damage", "vp", "silver", "wood", "medicine", "cattle")
HOLD = {"kind": "hold"}  # a pending decision nobody makes: the simultaneous stage stays open


def measure(s: dict, seat: int) -> dict:
    """What the seat has: VP so far (gold at its value), goods, damage, cards, favors."""
    p = s["players"][seat]
    return {"vp": breakdown(s, seat)["total"], "silver": p["silver"], "wood": p["wood"], "medicine": p["medicine"],
            "cattle": p["cattle"], "gold": len(p["gold"]), "damage": sum(w["damage"] for w in p["wagons"]),
            "townsfolk": list(p["townsfolk"]), "equipment": list(p["equipment"]),
            "wagons": [w["size"] for w in p["wagons"]], "favors": p["favors"], "towns": list(p["towns"]),
            "pioneer": p.get("pioneer")}


def _gone(before: list, after: list) -> list:
    rest = list(after)
    out = []
    for x in before:
        if x in rest:
            rest.remove(x)
        else:
            out.append(x)
    return out


def diff(before: dict, after: dict) -> dict:
    out = {k: after[k] - before[k] for k in ("vp", *GOODS, "damage", "favors")}
    out.update(recruited=_gone(after["townsfolk"], before["townsfolk"]),
               lost=_gone(before["townsfolk"], after["townsfolk"]),
               tiles=_gone(after["equipment"], before["equipment"]),
               tiles_lost=_gone(before["equipment"], after["equipment"]),
               wagons=_gone(after["wagons"], before["wagons"]), towns=_gone(after["towns"], before["towns"]),
               pioneer=after["pioneer"] if after["pioneer"] != before["pioneer"] else None)
    return out


def hold(s: dict, seat: int) -> None:
    """The flow stops after the seat's decision: one more turn today; another seat still deciding."""
    if s["stage"] == "turn":
        s["turns_left"] += 1
    elif s["stage"] in SIMULTANEOUS:
        for other, dec in enumerate(s["pending"]):
            if other != seat and dec is None:
                s["pending"][other] = dict(HOLD)
                break


def effects(state: dict, seat: int, line: list[str]) -> dict:
    """What `line` (the seat's action ids of one decision) does by itself from `state`; with "left" (the
    colour of the die it leaves at the day's end, or None), "struck" (the disasters that die sets off)
    "cost" (what those would cost the seat: damage, VP, goods, townsfolk) and "others" (the other seats'
    costs added up: the review values a choice against the others)."""
    s = clone(state)
    before = measure(s, seat)
    hold(s, seat)
    for aid in line:
        if not apply(s, aid, inplace=True).ok:
            break
    out = diff(before, measure(s, seat))
    out.update(left=None, struck=[], cost={}, others={})
    if state["stage"] == "turn" and state.get("turns_left") == 1 and s["pool"]:
        colour = s["pool"][-1][0]  # the die nobody took (the pool's last: end_day takes it)
        struck = track_advance(state["tracks"], moved_by(colour))[1]
        others = [cost(s, q["seat"], struck) for q in s["players"] if q["seat"] != seat]
        out.update(left=colour, struck=struck, cost=cost(s, seat, struck),
                   others={k: sum(c[k] for c in others) for k in COSTS})
    return out


def cost(s: dict, seat: int, struck: list[str]) -> dict:
    """What the disasters in `struck` would cost the seat with what it has in `s`, one after the other,
    as the rules resolve them (a Storm: wood first, then damage; a Disease: immunity, medicine, then the
    least valuable townsfolk lost)."""
    p = clone(s)["players"][seat]
    m = holding(p).mods
    out: dict[str, Any] = {"damage": 0, "vp": 0, "silver": 0, "wood": 0, "medicine": 0, "cattle": 0, "lost": [],
                           "no_wood": False}
    for d in struck:
        if d in m["immune"]:
            continue
        shield = m["protect"].get(d, 0)
        if d == "storm":
            wagons = max(0, sum(1 for w in p["wagons"] if usable_spaces(w) > 0) - shield)
            paid = min(wagons, p["wood"])
            out["no_wood"] = out["no_wood"] or (wagons > 0 and p["wood"] == 0)
            p["wood"] -= paid
            out["wood"] -= paid
            out["damage"] += wagons - paid
            out["vp"] += DAMAGE_VP * (wagons - paid)
        elif d == "raid":
            loss = raid_loss(p["silver"], shield)
            p["silver"] -= loss
            out["silver"] -= loss
        elif d == "famine":
            hungry = max(0, p["cattle"] - shield)
            fed = min(hungry, p["silver"])
            p["silver"] -= fed
            p["cattle"] -= hungry - fed
            out["silver"] -= fed
            out["cattle"] -= hungry - fed
        else:
            exposed = max(0, len(p["townsfolk"]) - shield)
            paid = min(exposed, p["medicine"])
            p["medicine"] -= paid
            out["medicine"] -= paid
            for t in sorted(p["townsfolk"], key=lambda t: vp_of(p, TOWNSFOLK[t]["vp"]))[:exposed - paid]:
                out["vp"] -= vp_of(p, TOWNSFOLK[t]["vp"])
                p["townsfolk"].remove(t)
                out["lost"].append(t)
    return out

