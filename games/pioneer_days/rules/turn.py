"""A player's turn: take a die, maybe change its face, use it; buy wagons and discard goods."""

from collections.abc import Callable
from typing import Final, Literal

from . import decisions, effects, flow
from .actions import Action, Table, make, nested
from .cards import EQUIPMENT, TOWNSFOLK
from .constants import ACTIONS, COLOURS, FACE_CHANGE_COST, FACES, GOLD_TOKENS, INCOME, MAX_PLAYERS, WAGONS
from .effects import (
    Holding,
    fire_triggers,
    gain,
    held,
    held_with,
    holding,
    room,
    run_ops,
    take_equipment,
)
from .shape import Die, Events, Mods, Player, Record, State

ACTION_TEXT: Final = {"mine": "draw a gold token", "equip": "take an equipment tile",
               "cattle": "take 1 cattle", "wood": "take 1 wood", "medicine": "take 1 medicine"}
FACE_INDEX: Final = {f: i for i, f in enumerate(FACES)}


def face_change_cost(p: Player, m: Mods | None = None) -> int:
    if m is None:
        return holding(p).face_cost
    return max(0, FACE_CHANGE_COST + m["face_change_cost"])


def income(p: Player, face: str, m: Mods | None = None) -> int:
    if m is None:
        return holding(p).income[face]
    inc = m["income"]
    return INCOME[face] + inc.get(face, 0) + inc.get("any", 0)


# ---- the choices of a turn, as Actions (see actions.py) --------------------------------------
# Tables by seat, then by one plain key at a time (no tuple keys to build): made on first use,
# keyed by everything their labels depend on, so an entry never goes stale.
_TAKE: Final = nested(3, lambda seat, c, f: make(seat, f"take:{c}:{f}", f"Take a {c} die showing {f.title()}"))
_BUY: Final = nested(3, lambda seat, size, cost: make(
    seat, f"buy:{size}", f"Buy a {size} wagon ({WAGONS[size]['spaces']} spaces) for ${cost}"))
_INCOME: Final = nested(2, lambda seat, n: make(seat, "income", f"Income: +${n}"))
_ACT: Final = nested(2, lambda seat, face: make(seat, "act", "Action: Wild (choose which action)"
                                         if face == "wild" else f"Action: {ACTION_TEXT[face]}"))
_RECRUIT: Final = nested(2, lambda seat, name: make(seat, "recruit", f"Recruit {name}"))
_FACE: Final = nested(3, lambda seat, cost, f: make(seat, f"face:{f}", f"Turn the die to {f.title()} (${cost})"))
_WILD: Final = nested(2, lambda seat, a: make(seat, f"wild:{a}", f"Wild: {ACTION_TEXT[a]}"))
_EQUIP: Final = Table(lambda k: (k[0], f"equip:{k[1]}", f"Take {k[2]}"))
_END: Final = nested(1, lambda seat: make(seat, "end", "End turn"))


class _Face:
    """Using a die showing one face, at one seat's prices: its income, its action (face: Wild, the
    choice of one), the five face changes, and the face's townsfolk slot: what legal_actions reads
    of a die, found with one lookup."""

    __slots__ = ("income", "act", "changes", "slot")
    income: Action  # (attributes typed: a compiled build reads them natively)
    act: Action
    changes: tuple[Action, ...]
    slot: int

    def __init__(self, income: Action, act: Action, changes: tuple[Action, ...], slot: int) -> None:
        self.income = income
        self.act = act
        self.changes = changes
        self.slot = slot


class _Choices:
    """The Actions of one seat that follow from the prices of what the seat holds
    (effects.Holding.prices): by face, a die's income and face changes (and their price, see _Face),
    and the wagons with their prices. Made once per (seat, prices): few holdings change a price."""

    __slots__ = ("face_cost", "by_face", "buys")
    face_cost: int
    by_face: dict[str, _Face]
    buys: tuple[int, Action, int, Action]

    def __init__(self, seat: int, prices: tuple) -> None:
        face_cost, incomes, wagon_costs = prices
        self.face_cost = face_cost
        changes = _FACE[seat][face_cost]
        self.by_face = {face: _Face(_INCOME[seat][n], _ACT[seat][face], tuple(changes[f] for f in FACES if f != face),
                                    FACE_INDEX[face]) for face, n in zip(FACES, incomes, strict=True)}
        (small, cs), (large, cl) = wagon_costs  # ("small", cost), ("large", cost)
        self.buys = (cs, _BUY[seat][small][cs], cl, _BUY[seat][large][cl])


_CHOICES: Final = nested(2, _Choices)


class _Seat:
    """The Actions of one seat's turn that do not depend on what it holds, copied from the Lazy
    tables above into plain dicts (a plain dict is the fastest lookup there is; a Lazy one, a dict
    subclass, costs twice as much) for every key of the content. A key they lack (a card whose
    name changed...) is looked up in the Lazy table instead (actions: `except KeyError`)."""

    __slots__ = ("take", "recruit", "equip", "end", "wood", "medicine", "gold", "tile")
    take: dict[str, dict[str, Action]]
    recruit: dict[str, Action]
    equip: dict[str, dict[str, Action]]
    end: Action
    wood: Action
    medicine: Action
    gold: dict[int, Action]
    tile: dict[str, dict[str, Action]]

    def __init__(self, seat: int) -> None:
        self.take = {c: {f: _TAKE[seat][c][f] for f in FACES} for c in COLOURS}
        self.recruit = {c["name"]: _RECRUIT[seat][c["name"]] for c in TOWNSFOLK.values()}
        self.equip = {t: {c["name"]: _EQUIP[seat, t, c["name"]]} for t, c in EQUIPMENT.items()}
        self.end = _END[seat]
        drops = effects.goods_table("drop", seat)
        self.wood = drops.wood
        self.medicine = drops.medicine
        self.gold = {v: drops.gold[v] for v in GOLD_TOKENS}
        self.tile = {t: {c["name"]: drops.tile[t][c["name"]]} for t, c in EQUIPMENT.items()}


_SEATS: Final[list[_Seat | None]] = [None] * MAX_PLAYERS  # by seat (a list: an int-keyed dict costs more)


def _seat(seat: int) -> _Seat:
    tab = _SEATS[seat]
    if tab is None:
        tab = _SEATS[seat] = _Seat(seat)
    return tab


def _choices(h: Holding, seat: int) -> _Choices:
    """The seat's price table for the holding h, made (or found in _CHOICES) and kept in h.per_seat."""
    ch: _Choices = _CHOICES[seat][h.prices]
    h.per_seat[seat] = ch
    return ch


def legal_actions(s: State, player: int | None = None) -> list[Action]:
    """Every legal action now (of one player, if given), in a stable order: engine.legal_actions. The
    choices of the seat whose turn it is are made here; simultaneous decisions in decisions.py."""
    if s["stage"] != "turn":
        return decisions.legal_actions(s, player)
    seat = s["turn"]
    assert seat is not None  # stage "turn"
    if player is not None and player != seat:
        return []
    p = s["players"][seat]
    step: str | None = s["step"]
    out: list[Action] = []
    if step == "wild":  # each action Wild may become, if possible (as for a face, below): the free space counted once
        wild = _WILD[seat]
        free = room(p)
        for verb in ACTIONS:
            if verb == "mine":
                possible = free > 0 and bool(s["gold_bag"])
            elif verb == "equip":
                possible = free > 0 and bool(s["equip_up"])
            elif verb == "cattle":
                possible = True
            else:  # wood, medicine: a half-full space takes one more
                possible = free > 0 or p["wood" if verb == "wood" else "medicine"] % 2 == 1
            if possible:
                out.append(wild[verb])
        return out
    tab = _seat(seat)
    if step == "equip":
        for t in s["equip_up"]:
            name = EQUIPMENT[t]["name"]
            try:
                out.append(tab.equip[t][name])
            except KeyError:
                out.append(_EQUIP[seat, t, name])
        return out
    tiles = p["equipment"]
    silver: int = p["silver"]
    # the seat's price table (_Choices) for what p holds (asked for every turn choice)
    h = held_with(p, seat, tiles)
    found = h.per_seat[seat]
    # (typed _Choices, not Optional: a compiled build then reads its fields natively, where an Optional's went
    # through objects, its tuple of wagon prices boxed afresh at each call)
    ch: _Choices = _choices(h, seat) if found is None else found
    if step == "pick":
        take = tab.take
        row_c = ""  # (the pool is by colour: a colour's row looked up once for its dice in a row)
        row: dict[str, Action] = {}
        for c, f in s["pool"]:
            try:
                if c is not row_c:
                    row = take[c]
                    row_c = c
                a = row[f]
            except KeyError:
                a = _TAKE[seat][c][f]
            for x in out:  # (two dice alike give the same Action object: `is`, not a tuple's ==)
                if x is a:
                    break
            else:
                out.append(a)
    elif step == "use":
        die = s["die"]
        assert die is not None  # steps after "pick": a die is taken
        face = die["face"]
        use = ch.by_face[face]
        out = [use.income]
        # whether the face's action is possible: cattle, and so Wild, always; gold and equipment need a free space
        # and a token or tile left; wood and medicine fit in a half-full space too
        if face == "wild" or face == "cattle":
            possible = True
        elif face == "mine":
            possible = bool(s["gold_bag"]) and room(p) > 0
        elif face == "equip":
            possible = bool(s["equip_up"]) and room(p) > 0
        else:
            possible = p["wood" if face == "wood" else "medicine"] % 2 == 1 or room(p) > 0
        if possible:
            out.append(use.act)
        slot = s["slots"][use.slot]
        if slot is not None:
            name = TOWNSFOLK[slot]["name"]
            try:
                out.append(tab.recruit[name])
            except KeyError:
                out.append(_RECRUIT[seat][name])
        if silver >= ch.face_cost and not die["changed"]:
            out += use.changes
    elif step == "after":
        out = [tab.end]
    else:
        raise ValueError(step)
    # buying wagons and discarding goods (not after the die is used): allowed at any point of your turn
    cs, small, cl, large = ch.buys
    if silver >= cs or silver >= cl:  # (the supply read only when a wagon is affordable)
        supply = s["wagon_supply"]
        if silver >= cs and supply["small"] > 0:
            out.append(small)
        if silver >= cl and supply["large"] > 0:
            out.append(large)
    if step != "after":  # effects.goods_actions(p, seat, "drop", out), written out here
        if p["wood"]:
            out.append(tab.wood)
        if p["medicine"]:
            out.append(tab.medicine)
        gold = p["gold"]
        if gold:
            golds = tab.gold
            for v in (gold if len(gold) == 1 else sorted(set(gold))):
                try:
                    out.append(golds[v])
                except KeyError:
                    out.append(effects.goods_table("drop", seat).gold[v])
        if tiles:
            drops = tab.tile
            for t in (tiles if len(tiles) == 1 else sorted(set(tiles))):
                name = EQUIPMENT[t]["name"]
                try:
                    out.append(drops[t][name])
                except KeyError:
                    out.append(effects.goods_table("drop", seat).tile[t][name])
    return out


# One function per verb (MOVES: api.advance looks it up once per action id).
# `s["die"]` is None at step "pick" (take, buy, drop), then the die taken.
def _take(s: State, p: Player, seat: int, parts: tuple[str, ...], events: Events) -> None:
    colour, face = parts[1], parts[2]
    pool = s["pool"]  # pool.remove([colour, face]), without making a list to compare with
    for i in range(len(pool)):
        d = pool[i]
        if d[0] == colour and d[1] == face:
            pool.pop(i)  # (a list's pop is native when compiled; del pool[i] went through objects)
            break
    else:
        raise ValueError(f"no {colour} die showing {face}")
    s["step"] = "use"
    # (the triggers' ops read neither the die nor the step)
    h = held(p, seat)
    fired = fire_triggers(s, p, face, h) if face in h.triggers else []
    die = s["die"] = _DIE.copy()  # (a copy of a dict of these keys costs less than building one: their order too)
    die["colour"] = colour
    die["rolled"] = face
    die["face"] = face
    die["triggered"] = fired
    if events is not None:
        events.append({"type": "die_picked", "seat": seat, "colour": colour, "face": face,
                       "triggered": fired})


def _face(s: State, p: Player, seat: int, parts: tuple[str, ...], events: Events) -> None:
    die = s["die"]
    assert die is not None
    cost = held(p, seat).face_cost
    p["silver"] = p["silver"] - cost
    if events is not None:
        events.append({"type": "face_changed", "seat": seat, "colour": die["colour"],
                       "from": die["face"], "to": parts[1], "cost": cost})
    die["face"] = parts[1]
    die["changed"] = True


def _income(s: State, p: Player, seat: int, parts: tuple[str, ...], events: Events) -> None:
    die = s["die"]
    assert die is not None
    h = held(p, seat)
    n = h.income[die["face"]]
    p["silver"] = p["silver"] + n  # effects.gain, for silver alone (typed: += on a field goes through objects)
    _used(s, p, seat, die, "income", {"gained": {"silver": n} if n else {}} if events is not None else _NO_RECORD,
          events, h)


def _equip(s: State, p: Player, seat: int, parts: tuple[str, ...], events: Events) -> None:
    out: Record = {}
    s["equip_up"].remove(parts[1])
    take_equipment(s, p, parts[1], out)
    h = held(p, seat)  # the tile (and what it drew) may change them
    _bonus(s, p, "equip", out, h.mods)
    die = s["die"]
    assert die is not None
    _used(s, p, seat, die, "equip", out, events, h)


def _recruit(s: State, p: Player, seat: int, parts: tuple[str, ...], events: Events) -> None:
    die = s["die"]
    assert die is not None
    slot = FACE_INDEX[die["face"]]
    t = s["slots"][slot]
    assert t is not None  # offered only when the slot holds a townsfolk (actions)
    s["slots"][slot] = None
    p["townsfolk"].append(t)
    out: Record = {"townsfolk": t}
    e = TOWNSFOLK[t]["effect"]
    if e is not None and e["when"] == "immediate":
        run_ops(s, p, e["do"], out)
    h = held(p, seat)
    bonus = h.mods["recruit_bonus"]
    if bonus:
        gain(s, p, bonus, out)
    _used(s, p, seat, die, "recruit", out, events, h)


def _buy(s: State, p: Player, seat: int, parts: tuple[str, ...], events: Events) -> None:
    size = parts[1]
    cost = held(p, seat).wagon_costs[size]
    p["silver"] = p["silver"] - cost
    supply = s["wagon_supply"]
    supply[size] = supply[size] - 1
    p["wagons"].append({"size": size, "damage": 0})
    if events is not None:
        events.append({"type": "wagon_bought", "seat": seat, "size": size, "cost": cost})


def _drop(s: State, p: Player, seat: int, parts: tuple[str, ...], events: Events) -> None:
    what = parts[1]
    effects.give_back(p, what, parts[2] if len(parts) > 2 else "")
    if events is not None:
        events.append({"type": "goods_discarded", "seat": seat,
                       "what": parts[2] if what == "equip" else what})


def _end(s: State, p: Player, seat: int, parts: tuple[str, ...], events: Events) -> None:
    flow.end_turn(s, events)


def _bonus(s: State, p: Player, action: str, out: Record, m: Mods) -> None:
    bonus = m["action_bonus"].get(action)
    if bonus:
        gain(s, p, bonus, out)


def _action(s: State, p: Player, seat: int, parts: tuple[str, ...], events: Events) -> None:
    """The die's action: "act" (the die's face), or "wild:<action>" (what a Wild die became)."""
    die = s["die"]
    assert die is not None
    if parts[0] == "act":
        action = die["face"]
        if action == "wild":
            s["step"] = "wild"
            return
    else:
        action = parts[1]
    if action == "equip":
        s["step"] = "equip"
        return
    # (effects.holding; gaining goods changes no card: h holds until the die is used)
    h = held(p, seat)
    # (what the die did, `out`, is only for the event: not made without events, unless a bonus needs it)
    if action == "cattle":  # effects.gain of 1 cattle (no wagon space needed)
        p["cattle"] = p["cattle"] + 1
        out: Record = {"gained": {"cattle": 1}} if events is not None else _NO_RECORD
    elif action != "mine":  # effects.gain of 1 wood or medicine, written out
        kind: Literal["wood", "medicine"] = "wood" if action == "wood" else "medicine"
        if p[kind] % 2 or room(p) > 0:  # (can_store)
            p[kind] = p[kind] + 1
            out = {"gained": {kind: 1}} if events is not None else _NO_RECORD
        else:
            out = {"gained": {}, "lost": {kind: 1}} if events is not None else _NO_RECORD
    else:  # mine: a gold token from the bag
        out = {}
        gain(s, p, {"gold": 1}, out)
    bonus = h.mods["action_bonus"].get(action)
    if bonus:
        if out is _NO_RECORD:
            out = {}
        gain(s, p, bonus, out)
    _used(s, p, seat, die, action, out, events, h)


_DIE: Final[Die] = {"colour": "", "rolled": "", "face": "", "changed": False, "triggered": []}  # (_take copies it;
# its list never kept: each die gets its own)
_NO_RECORD: Final[Record] = {}  # `out` where no event is made (never written: gain() is given a dict of its own)


def _used(s: State, p: Player, seat: int, die: Die, use: str, out: Record, events: Events, h: Holding) -> None:
    """die: s["die"], the die used (the verbs read it before; nothing of what it did changes it); h: what p (in `seat`)
    holds now; out: what the die did, for the event (_NO_RECORD without events)."""
    if events is not None:
        events.append({"type": "die_taken", "seat": seat, "colour": die["colour"],
                       "rolled": die["rolled"], "face": die["face"], "use": use,
                       "triggered": die["triggered"], **out})
    # after using the die you may still buy a wagon (e.g. to shelter silver from a raid)
    silver: int = p["silver"]
    cs = h.small
    cl = h.large
    if silver >= cs or silver >= cl:  # (the supply read only when a wagon is affordable)
        supply = s["wagon_supply"]
        if (silver >= cs and supply["small"] > 0) or (silver >= cl and supply["large"] > 0):
            s["step"] = "after"
            return
    flow.die_used(s, die, seat, events)


MOVES: dict[str, Callable[[State, Player, int, tuple[str, ...], Events], None]] = {
    "take": _take, "face": _face, "income": _income, "act": _action, "wild": _action, "equip": _equip,
    "recruit": _recruit, "buy": _buy, "drop": _drop, "end": _end}
# The verbs by number (api.advance keeps an action id's number with its parts) and play(), which calls the
# verb's function directly: in a compiled build a native call, where calling a MOVES value goes through
# Python's calling convention (its arguments packed and checked again).
VERBS: Final[dict[str, int]] = {verb: i for i, verb in enumerate(MOVES)}


def play(verb: int, s: State, p: Player, seat: int, parts: tuple[str, ...], events: Events) -> None:
    """MOVES' function of the verb numbered `verb` in VERBS (the most frequent first)."""
    if verb == 0:
        _take(s, p, seat, parts, events)
    elif verb == 2:
        _income(s, p, seat, parts, events)
    elif verb == 3 or verb == 4:
        _action(s, p, seat, parts, events)
    elif verb == 9:
        _end(s, p, seat, parts, events)
    elif verb == 6:
        _recruit(s, p, seat, parts, events)
    elif verb == 7:
        _buy(s, p, seat, parts, events)
    elif verb == 8:
        _drop(s, p, seat, parts, events)
    elif verb == 1:
        _face(s, p, seat, parts, events)
    elif verb == 5:
        _equip(s, p, seat, parts, events)
    else:
        raise ValueError(verb)


assert list(VERBS) == ["take", "face", "income", "act", "wild", "equip", "recruit", "buy", "drop", "end"]


__all__ = ["legal_actions", "MOVES", "VERBS", "play", "COLOURS"]
