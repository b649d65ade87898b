"""Simultaneous decisions: choosing a pioneer, resolving a disaster, satisfying town cards.

Each affected player has one pending decision in state['pending'][seat]; a decision with a
single possible choice is taken automatically, and a disaster that leaves no choice (raid,
famine) is resolved at once. When nobody is left deciding, the flow goes on."""

from typing import Any, Final, Literal

from .actions import Action, make, nested
from .cards import EQUIPMENT, PIONEERS, TOWNS, TOWNSFOLK
from .constants import SIMULTANEOUS
from .effects import give_back, goods_actions, goods_choices, held, holding, raid_loss, room, usable_spaces
from .shape import Decision, DisasterEntry, Events, Player, Snapshot, State

Options = list[tuple[str, str]]  # (action body, label) pairs
# what a town card may ask for that is a player's counter (the rest: gold tokens, an equipment tile)
_COUNTED: Final[dict[str, Literal["wood", "medicine", "cattle", "silver"]]] = {
    "wood": "wood", "medicine": "medicine", "cattle": "cattle", "silver": "silver"}


def snapshot(p: Player) -> Snapshot:
    damage = 0
    for w in p["wagons"]:
        damage += w["damage"]
    return {"silver": p["silver"], "wood": p["wood"], "medicine": p["medicine"],
            "cattle": p["cattle"], "townsfolk": list(p["townsfolk"]),
            "damage": damage, "gold_tokens": len(p["gold"]), "equipment": list(p["equipment"])}


# ---- disasters -------------------------------------------------------------------------------
def start_disaster(s: State, d: str, events: Events) -> bool:
    """Applies the automatic part of disaster d; returns True if some player must decide."""
    if events is not None:
        events.append({"type": "disaster_started", "disaster": d})
    # A seat's snapshot before the disaster is read only by the disaster's event and in a state saved while
    # someone decides: without events it is taken when a choice first changes the seat (_choose) or when
    # someone is left deciding (below); a raid's or a famine's never is (nobody decides).
    eager = events is not None
    report: list[DisasterEntry] = [{"before": snapshot(p) if eager else None, "immune": False, "choices": []}
                                   for p in s["players"]]
    s["report"] = report
    waiting = False
    for p in s["players"]:
        seat = p["seat"]
        m = held(p, seat).mods
        if d in m["immune"]:
            report[seat]["immune"] = True
            continue
        shield = m["protect"].get(d, 0)
        if d == "storm":
            eligible = [i for i, w in enumerate(p["wagons"]) if usable_spaces(w) > 0]
            s["pending"][seat] = {"kind": "storm", "wagons": eligible[shield:]}
        elif d == "raid":
            p["silver"] -= raid_loss(p["silver"], shield)
            continue  # no decision either
        elif d == "famine":
            famine(report, p, shield)
            continue  # no decision: nothing is left to choose
        else:
            s["pending"][seat] = {"kind": "disease", "left": list(p["townsfolk"]), "free": shield}
        autoresolve(s, seat, events)
        waiting = waiting or s["pending"][seat] is not None
    if waiting and not eager:
        for p in s["players"]:
            r = report[p["seat"]]
            if r["before"] is None:
                r["before"] = snapshot(p)
    return waiting


def famine(report: list[DisasterEntry], p: Player, shield: int) -> None:
    """Famine, resolved at once: "for each of your cattle, you must pay 1 silver; any cattle you
    cannot pay for are returned to stock". `shield` cattle need no silver (protect: famine)."""
    hungry = max(0, p["cattle"] - shield)
    if not hungry:
        return
    fed = min(hungry, p["silver"])
    p["silver"] -= fed
    p["cattle"] -= hungry - fed
    report[p["seat"]]["choices"].append({"fed": fed, "lost_cattle": hungry - fed})


def _report(s: State) -> list[DisasterEntry]:
    """The report of the disaster being resolved (stage "disaster": there is one)."""
    report = s["report"]
    if report is None:
        raise ValueError("no disaster is being resolved")
    return report


def disaster_report(s: State, d: str) -> list[dict[str, Any]]:
    rep = _report(s)
    return [{"seat": p["seat"], "immune": rep[p["seat"]]["immune"],
             "choices": rep[p["seat"]]["choices"], "before": rep[p["seat"]]["before"],
             "after": snapshot(p)} for p in s["players"]]


def legal_actions(s: State, player: int | None = None) -> list[Action]:
    """Every legal action of the seats deciding now, outside a turn (of one player, if given)."""
    out: list[Action] = []
    if s["stage"] in SIMULTANEOUS:
        for seat, dec in enumerate(s["pending"]):
            if dec is not None and (player is None or seat == player):
                out += actions(s, seat)
    return out


def actions(s: State, seat: int) -> list[Action]:
    """The seat's pending decision as Actions, in the order of options()."""
    dec = s["pending"][seat]
    if dec is None:
        raise ValueError(f"seat {seat} has nothing to decide")
    kind = dec["kind"]
    p = s["players"][seat]
    if kind == "overflow":
        out: list[Action] = []
        goods_actions(p, seat, "lose", out)
        return out
    if kind == "storm":  # (options, from the tables below)
        i = dec["wagons"][0]
        return list(_STORM[seat][i][p["wagons"][i]["size"]][p["wood"] > 0])
    if kind == "disease":
        t = dec["left"][0]
        return list(_DISEASE[seat][t][TOWNSFOLK[t]["name"]][dec["free"] > 0, p["medicine"] > 0])
    return [make(seat, body, label) for body, label in options(s, seat)]


# The Actions of a storm's and a disease's choices, made once by everything their labels depend on:
# seat, wagon, its size, some wood / seat, townsfolk, its name, (immunity left, some medicine).
def _storm_actions(seat: int, i: int, size: str, wood: bool) -> tuple[Action, ...]:
    return tuple(make(seat, body, label) for body, label in _storm_options(i, size, wood))


def _disease_actions(seat: int, t: str, name: str, has: tuple[bool, bool]) -> tuple[Action, ...]:
    return tuple(make(seat, body, label) for body, label in _disease_options(t, name, *has))


_STORM: Final = nested(4, _storm_actions)
_DISEASE: Final = nested(4, _disease_actions)


def _storm_options(i: int, size: str, wood: bool) -> Options:
    name = f"wagon {i + 1} ({size})"
    opts = [(f"storm:damage:{i}", f"Storm: damage {name} (-2 VP)")]
    if wood:
        opts.insert(0, (f"storm:pay:{i}", f"Storm: pay 1 wood for {name}"))
    return opts


def _disease_options(t: str, name: str, free: bool, medicine: bool) -> Options:
    opts = []
    if free:
        opts.append((f"disease:spare:{t}", f"Disease: {name} is immune"))
    if medicine:
        opts.append((f"disease:pay:{t}", f"Disease: pay 1 medicine for {name}"))
    opts.append((f"disease:lose:{t}", f"Disease: lose {name}"))
    return opts


def options(s: State, seat: int, labels: bool = True) -> Options:
    """(body, label) pairs for the seat's pending decision. labels=False: the same bodies, with
    empty labels (autoresolve only counts them)."""
    dec = s["pending"][seat]
    if dec is None:
        raise ValueError(f"seat {seat} has nothing to decide")
    p = s["players"][seat]
    kind = dec["kind"]
    if kind == "storm":
        i = dec["wagons"][0]
        if not labels:
            return [(f"storm:pay:{i}", ""), (f"storm:damage:{i}", "")] if p["wood"] else [(f"storm:damage:{i}", "")]
        return _storm_options(i, p["wagons"][i]["size"], p["wood"] > 0)
    if kind == "overflow":
        return goods_choices(p, "lose", "Return")
    if kind == "disease":
        t = dec["left"][0]
        if not labels:
            return [(body, "") for body, _ in _disease_options(t, "", dec["free"] > 0, p["medicine"] > 0)]
        return _disease_options(t, TOWNSFOLK[t]["name"], dec["free"] > 0, p["medicine"] > 0)
    if kind == "town":
        return town_options(s, p, labels)
    if kind == "pioneer":
        opts = [("pioneer:standard", "Play the standard Pioneer side")]
        for b in p["boards"]:
            opts.append((f"pioneer:{b}", f"Play {PIONEERS[b]['name']}"))
        return opts
    if kind == "famine":  # a game saved mid-Famine under the old rules: one choice, paid by the rule now
        return [("famine:pay", "Famine: pay $1 per cattle while you have silver")]
    raise ValueError(kind)


def town_options(s: State, p: Player, labels: bool = True) -> Options:
    opts = []
    for t in s["towns_up"]:
        if t in p["towns"]:
            continue
        card = TOWNS[t]
        needs: dict[str, int] = card["needs"]  # (typed: a compiled build iterates and reads it natively)
        lacking = False  # (a counter the player has too few of; a loop costs less than any(generator))
        for k, n in needs.items():
            if k in _COUNTED and p[_COUNTED[k]] < n:
                lacking = True
                break
        if lacking or len(p["gold"]) < needs.get("gold", 0):
            continue
        label = f"Town: satisfy {card['name']} (+{card['favors']} favor{'s' * (card['favors'] > 1)})" if labels else ""
        if needs.get("equipment"):
            for e in sorted(set(p["equipment"])):
                opts.append((f"town:{t}:{e}", f"{label}, giving {EQUIPMENT[e]['name']}" if labels else ""))
        else:
            opts.append((f"town:{t}", label))
    if opts:
        opts.append(("town:done", "Town: done, satisfy no more cards"))
    return opts


def decide(s: State, seat: int, parts: tuple[str, ...], events: Events) -> bool:
    """Applies one choice (already validated, parsed into its parts); True when nobody is left deciding
    (the caller then lets the flow go on: flow.resume)."""
    _choose(s, seat, parts, events)
    autoresolve(s, seat, events)
    pending = s["pending"]
    return pending.count(None) == len(pending)  # (all None)


def autoresolve(s: State, seat: int, events: Events) -> None:
    while True:
        dec = s["pending"][seat]
        if dec is None:
            return
        if _settled(s, seat, dec):
            continue
        kind = dec["kind"]
        if kind == "storm" or kind == "disease":  # options(), counted without making them (the most frequent)
            p = s["players"][seat]
            if kind == "storm":
                if p["wood"] > 0:
                    return  # pay 1 wood, or damage the wagon
                _storm(s, seat, dec, dec["wagons"][0], False)
            else:
                if dec["free"] > 0 or p["medicine"] > 0:
                    return  # spare or pay, or lose the townsfolk
                _choose(s, seat, ("disease", "lose", dec["left"][0]), events)
            continue
        opts = options(s, seat, labels=False)
        if not opts:
            s["pending"][seat] = None
            return
        if len(opts) > 1:
            return
        _choose(s, seat, tuple(opts[0][0].split(":")), events)


def _settled(s: State, seat: int, dec: Decision) -> bool:
    """Moves a finished decision on (or clears it); True if something changed."""
    kind = dec["kind"]
    if kind == "storm" and not dec["wagons"]:
        s["pending"][seat] = {"kind": "overflow"} if room(s["players"][seat]) < 0 else None
        return True
    if kind == "overflow" and room(s["players"][seat]) >= 0:
        s["pending"][seat] = None
        return True
    if kind == "disease":
        if not dec["left"]:
            s["pending"][seat] = None
            return True
        if dec["free"] >= len(dec["left"]):
            # spending immunity is never worse than paying: spare them all
            _report(s)[seat]["choices"].append({"spared": list(dec["left"])})
            s["pending"][seat] = None
            return True
    return False


def _choose(s: State, seat: int, parts: tuple[str, ...], events: Events) -> None:
    p = s["players"][seat]
    dec = s["pending"][seat]
    if dec is None:
        raise ValueError(f"seat {seat} has nothing to decide")
    report = s["report"]
    if report is not None and report[seat]["before"] is None:  # (a disaster without events: start_disaster)
        report[seat]["before"] = snapshot(p)
    verb = parts[0]
    if verb == "storm":
        _storm(s, seat, dec, int(parts[2]), parts[1] == "pay")
    elif verb == "lose":
        what = parts[1]
        give_back(p, what, parts[2] if len(parts) > 2 else "")
        (report if report is not None else _report(s))[seat]["choices"].append(
            {"returned": what if what != "equip" else parts[2]})
    elif verb == "disease":
        t = parts[2]
        dec["left"].remove(t)
        if parts[1] == "spare":
            dec["free"] -= 1
        elif parts[1] == "pay":
            p["medicine"] -= 1
        else:
            p["townsfolk"].remove(t)
        (report if report is not None else _report(s))[seat]["choices"].append({parts[1]: t})
    elif verb == "town":
        if parts[1] == "done":
            s["pending"][seat] = None
            return
        satisfy(s, p, parts[1], parts[2] if len(parts) > 2 else None, events)
    elif verb == "famine":  # see options: a pending decision of a game saved under the old rules
        famine(_report(s), p, dec["free"])
        s["pending"][seat] = None
    elif verb == "pioneer":
        if parts[1] != "standard":
            p["pioneer"], p["side"] = parts[1], "unique"
        if events is not None:
            events.append({"type": "pioneer_chosen", "seat": seat, "pioneer": p["pioneer"],
                           "side": p["side"]})
        s["pending"][seat] = None
    else:
        raise ValueError(":".join(parts))


def _storm(s: State, seat: int, dec: Decision, i: int, pay: bool) -> None:
    """A storm's choice for wagon i (_choose's "storm:pay:i" or "storm:damage:i"; autoresolve's damage, without an
    id to format and parse again)."""
    p = s["players"][seat]
    report = _report(s)
    if report[seat]["before"] is None:  # (a disaster without events: start_disaster)
        report[seat]["before"] = snapshot(p)
    dec["wagons"].remove(i)
    if pay:
        p["wood"] -= 1
    else:
        p["wagons"][i]["damage"] += 1
    report[seat]["choices"].append({"wagon": i, "paid_wood" if pay else "damaged": 1})


def satisfy(s: State, p: Player, t: str, tile: str | None, events: Events) -> None:
    card = TOWNS[t]
    for k, n in card["needs"].items():
        if k in _COUNTED:
            p[_COUNTED[k]] -= n
        elif k == "gold":
            for _ in range(n):  # the lowest tokens go first: never worth keeping
                p["gold"].remove(min(p["gold"]))
        else:
            assert tile is not None  # a card that needs equipment is satisfied with a tile (town_options)
            p["equipment"].remove(tile)
    favors = card["favors"] + holding(p).mods["favor_bonus"]
    p["favors"] += favors
    p["towns"].append(t)
    v = s["visit"][p["seat"]]
    v["cards"].append(t)
    v["favors"] += favors


def start_town(s: State, events: Events) -> bool:
    waiting = False
    for p in s["players"]:
        s["pending"][p["seat"]] = {"kind": "town"}
        autoresolve(s, p["seat"], events)
        waiting = waiting or s["pending"][p["seat"]] is not None
    return waiting


__all__ = ["options", "decide", "start_disaster", "start_town"]
