"""The choices a player is offered as whole moves: a turn in one click, a disaster or a town visit in
one decision. Each plan is played on a copy of the state with the engine itself, so what the label
says is exactly what will happen, down to what then happens automatically (a wagon damaged because
the wood ran out, goods that no longer fit). Discord-free; texts through i18n.

A plan travels as a Move of kind "plan" (app/moves.py) and is expanded again, against the state it
is applied to, by `expand`: the engine validates every step."""

import json
from dataclasses import dataclass, field

import games.pioneer_days.rules as engine
from engine.moves import BadMove, Move
from engine.protocol import clip
from games.pioneer_days.rules import words
from games.pioneer_days.rules.cards import EQUIPMENT, TOWNSFOLK
from games.pioneer_days.rules.constants import ACTIONS, FACES, SIMULTANEOUS, WAGONS
from games.pioneer_days.rules.describe import card
from games.pioneer_days.rules.effects import free_spaces, usable_spaces

from .lang import _, n_

MAX_STEPS = 40  # a plan never needs more engine actions than this


@dataclass
class Plan:
    move: Move
    label: str
    detail: str = ""
    value: float = 0.0


@dataclass
class Pick:
    """A choice of several items at once (a multi-select): the plan is built from what is picked."""
    placeholder: str
    options: list = field(default_factory=list)  # (value, label, description)
    low: int = 0
    high: int = 1
    chosen: list = field(default_factory=list)   # the values picked by default


# ---- names ------------------------------------------------------------------------------------
def die_name(colour: str, face: str) -> str:
    return words.die(colour, face)


def face_name(face: str) -> str:
    return words.face(face)


def goods_text(p_before: dict, p_after: dict) -> str:
    """What changed for a player, as a short list: "-1 wood, wagon 2 damaged, lost Handyman"."""
    return ", ".join(goods_bits(p_before, p_after))


def goods_bits(p_before: dict, p_after: dict) -> list[str]:
    """goods_text's parts, one per change."""
    bits = []
    for k in ("silver", "wood", "medicine", "cattle"):
        d = p_after[k] - p_before[k]
        if d:
            sign = "+" if d > 0 else "-"
            bits.append(sign + words.res(k, abs(d)))
    g = len(p_after["gold"]) - len(p_before["gold"])
    if g:
        bits.append(("+" if g > 0 else "-") + words.res("gold", abs(g)))
    for i, (a, b) in enumerate(zip(p_before["wagons"], p_after["wagons"], strict=False)):
        if b["damage"] > a["damage"]:
            bits.append(_("wagon {n} damaged (-2 VP)", n=i + 1))
    for e in p_before["equipment"]:
        if p_before["equipment"].count(e) > p_after["equipment"].count(e):
            bits.append(_("-{name}", name=words.name("equipment", e)))
    lost = [t for t in p_before["townsfolk"] if t not in p_after["townsfolk"]]
    if lost:
        bits.append(_("lost {names}", names=", ".join(words.name("townsfolk", t) for t in lost)))
    new = [t for t in p_after["townsfolk"] if t not in p_before["townsfolk"]]
    if new:
        bits.append(_("+{names}", names=", ".join(words.name("townsfolk", t) for t in new)))
    for e in p_after["equipment"]:
        if p_after["equipment"].count(e) > p_before["equipment"].count(e):
            bits.append(_("+{name}", name=words.name("equipment", e)))
    f = p_after["favors"] - p_before["favors"]
    if f:
        bits.append("+" + words.res("favor", f))
    vp = p_after["vp"] - p_before["vp"]
    if vp:
        bits.append(("+" if vp > 0 else "-") + words.res("vp", abs(vp)))
    return bits


def outcome(after: dict, seat: int) -> str:
    """What a choice leaves the seat with, the same for two choices that differ only in which of two
    identical wagons took what (the wagons unordered)."""
    q = dict(after["players"][seat])
    q["wagons"] = sorted(json.dumps(w, sort_keys=True) for w in q["wagons"])
    return json.dumps([q, after["pending"][seat], after["stage"]], sort_keys=True)


def common_bits(parts: list[list[str]]) -> list[str]:
    """The changes every choice makes (what follows the decision whatever is chosen: a Raid, a town
    visit's cattle): said once, apart from each choice's own effects. None when there is one choice."""
    if len(parts) < 2:
        return []
    rest = [set(x) for x in parts[1:]]
    return [b for b in parts[0] if all(b in r for r in rest)]


def short_effect(kind: str, cid: str) -> str:
    c = card(kind, cid)
    return " · ".join(x for x in (c["effect"], c["vp"]) if x and x != _("No effect."))


# ---- running a plan on a copy ----------------------------------------------------------------
class Run:
    """Plays actions of one seat on a copy of the state, checking each against the engine."""

    def __init__(self, state: dict, seat: int):
        self.s = engine.clone(state)
        self.seat = seat
        self.ids: list[str] = []

    def legal(self) -> set[str]:
        return {a.id[len(str(self.seat)) + 1:] for a in engine.legal_actions(self.s, self.seat)}

    def do(self, body: str) -> None:
        if len(self.ids) >= MAX_STEPS:
            raise BadMove("too many steps")
        aid = f"{self.seat}:{body}"
        r = engine.apply(self.s, aid, inplace=True)
        if not r.ok:
            raise BadMove(r.reason)
        self.ids.append(aid)

    @property
    def me(self) -> dict:
        return self.s["players"][self.seat]

    def my_turn(self, *steps) -> bool:
        return self.s["stage"] == "turn" and self.s["turn"] == self.seat and self.s["step"] in steps

    def pending(self, kind: str) -> dict | None:
        dec = self.s["pending"][self.seat] if self.s["stage"] in SIMULTANEOUS else None
        return dec if dec is not None and dec["kind"] == kind else None


def expand(state: dict, move: Move) -> list[str]:
    """The engine action ids of `move` on `state`; raises BadMove when it does not apply."""
    if move.kind == "action":
        return [move.text()]
    return _played(state, move).ids


def _played(state: dict, move: Move) -> Run:
    """A plan played on a copy of `state`: its action ids and the state after them."""
    run = Run(state, move.seat)
    parts = move.parts
    head, args = parts[0], parts[1:]
    if head == "turn":
        _turn(run, args)
    elif head == "use":
        _use(run, args)
    elif head == "storm":
        _storm(run, args)
    elif head == "disease":
        _disease(run, args)
    elif head == "town":
        _town(run, args)
    elif head == "overflow":
        _overflow(run, args)
    else:
        raise BadMove(f"unknown plan {head!r}")
    if not run.ids:
        raise BadMove("nothing to do")
    return run


def _turn(run: Run, args: list) -> None:
    """turn/colour/face/use[/sub][/buy]: take the die, use it, and end the turn (or buy a wagon first)."""
    if len(args) < 3:
        raise BadMove("turn/colour/face/use")
    colour, face = args[0], args[1]
    run.do(f"take:{colour}:{face}")
    if not run.my_turn("use"):
        raise BadMove("the die can't be used")
    _use(run, args[2:])


def _use(run: Run, args: list) -> None:
    """use/use[/sub][/buy]: income | act | recruit; sub: the Wild action or the equipment tile."""
    use, rest = args[0], args[1:]
    run.do(use)
    if run.my_turn("wild"):
        if not rest:
            raise BadMove("which action?")
        action, rest = rest[0], rest[1:]
        run.do(f"wild:{action}")
    if run.my_turn("equip"):
        if not rest:
            raise BadMove("which tile?")
        tile, rest = rest[0], rest[1:]
        run.do(f"equip:{tile}")
    buy = rest[0] if rest and rest[0] else None
    if run.my_turn("after"):
        if buy:
            run.do(f"buy:{buy}")
        if run.my_turn("after"):
            run.do("end")
    elif buy:
        raise BadMove("no wagon can be bought now")


def _storm(run: Run, args: list) -> None:
    """storm/paid wagon numbers (dot-joined, 0-based)/auto|ask: wood for those wagons, damage for the
    others, then (auto) goods that no longer fit go back, least valuable first."""
    paid = {int(x) for x in args[0].split(".") if x} if args else set()
    returns = args[1] if len(args) > 1 else "auto"
    while (dec := run.pending("storm")) is not None:
        i = dec["wagons"][0]
        pay = f"storm:pay:{i}"
        run.do(pay if i in paid and pay in run.legal() else f"storm:damage:{i}")
    if returns == "auto":
        while run.pending("overflow") is not None:
            run.do(least_valuable(run.me, run.legal()))


GIVE_BACK = ("least", "equipment", "gold")  # the whole give-back in one choice: which goods go first


def _overflow(run: Run, args: list) -> None:
    """overflow/least|equipment|gold: goods go back until they fit, those first (least: wood and medicine,
    then gold, lowest first, then equipment)."""
    first = args[0] if args and args[0] in GIVE_BACK else "least"
    if run.pending("overflow") is None:
        raise BadMove("nothing to give back")
    while run.pending("overflow") is not None:
        run.do(least_valuable(run.me, run.legal(), first))


def least_valuable(p: dict, legal: set[str], first: str = "least") -> str:
    """The good to give back when goods no longer fit: one that frees a space at once if possible,
    wood and medicine before gold (lowest first) before equipment (first: "equipment" or "gold" go
    before the others)."""
    cheap = [f"lose:{k}" for k in ("wood", "medicine")]
    gold = [f"lose:gold:{v}" for v in sorted(set(p["gold"]))]
    equip = [f"lose:equip:{t}" for t in p["equipment"]]
    order = {"least": cheap + gold + equip, "equipment": equip + cheap + gold, "gold": gold + cheap + equip}[first]
    frees = [x for x in order if x in legal and (not x.endswith(("wood", "medicine"))
                                                 or p[x.split(":")[1]] % 2 == 1)]
    choice = (frees or [x for x in order if x in legal])
    if not choice:
        raise BadMove("nothing to give back")
    return choice[0]


def _disease(run: Run, args: list) -> None:
    """disease/kept townsfolk ids (dot-joined): immunity first, then 1 medicine each; the others go."""
    keep = set(args[0].split(".")) if args and args[0] else set()
    while (dec := run.pending("disease")) is not None:
        t = dec["left"][0]
        legal = run.legal()
        if t in keep and f"disease:spare:{t}" in legal:
            run.do(f"disease:spare:{t}")
        elif t in keep and f"disease:pay:{t}" in legal:
            run.do(f"disease:pay:{t}")
        else:
            run.do(f"disease:lose:{t}")


def _town(run: Run, args: list) -> None:
    """town/cards (dot-joined; "T05-EQ03" gives that tile): satisfy those town cards, then done."""
    cards = [x for x in args[0].split(".") if x] if args else []
    for c in cards:
        t, _sep, tile = c.partition("-")
        run.do(f"town:{t}:{tile}" if tile else f"town:{t}")
    if run.pending("town") is not None:
        run.do("town:done")


# ---- the plans offered -----------------------------------------------------------------------
def _try(state: dict, move: Move):
    """The state after `move`, or None when it does not apply."""
    try:
        if move.kind == "action":
            run = Run(state, move.seat)
            run.do(move.arg)
            return run.s
        return _played(state, move).s
    except BadMove:
        return None


def _use_text(state: dict, seat: int, face: str, use: str, sub: str | None) -> str:
    p = state["players"][seat]
    if use == "income":
        from games.pioneer_days.rules.turn import income
        return _("Income +${n}", n=income(p, face))
    if use == "recruit":
        t = state["slots"][FACES.index(face)]
        return _("Recruit {name}", name=words.name("townsfolk", t))
    if sub is not None and sub in EQUIPMENT:
        return _("Take {tile}", tile=words.name("equipment", sub))
    action = sub if face == "wild" and sub else face
    return {"mine": _("Draw a gold token"), "cattle": _("Take 1 cattle"), "wood": _("Take 1 wood"),
            "medicine": _("Take 1 medicine"), "equip": _("Take an equipment tile"),
            "wild": _("Use it as any action")}[action]


def _uses(state: dict, seat: int, face: str) -> list[tuple[str, str | None]]:
    """(use, sub) for every way to use a die showing `face` (sub: Wild action / equipment tile)."""
    out: list[tuple[str, str | None]] = [("income", None)]  # (use, sub)
    actions = list(ACTIONS) if face == "wild" else [face]
    for a in actions:
        if a == "equip":
            out += [("act", t) for t in state["equip_up"]]
        else:
            out.append(("act", a if face == "wild" else None))
    if state["slots"][FACES.index(face)] is not None:
        out.append(("recruit", None))
    return out


def _plan_parts(face: str, use: str, sub: str | None) -> list:
    if use != "act":
        return [use]
    if face == "wild":
        return ["act", sub] if sub in ACTIONS else ["act", "equip", sub]
    return ["act", sub] if sub else ["act"]


def turn_plans(state: dict, seat: int) -> list[Plan]:
    """Pick step: every die of the pool with every use, each taking the whole turn in one click (with
    "then buy a wagon" variants after an income that pays for one). Use step: the uses of the die taken."""
    st = state["step"]
    plans: list[Plan] = []
    before = state["players"][seat]
    if st == "pick":
        seen = set()
        for colour, face in state["pool"]:
            if (colour, face) in seen:
                continue
            seen.add((colour, face))
            leaves, strikes = _leaves(state, colour, face)
            for use, sub in _uses(state, seat, face):
                parts = ["turn", colour, face, *_plan_parts(face, use, sub)]
                for x in _variants(state, seat, parts, f"{die_name(colour, face)} → "
                                   + _use_text(state, seat, face, use, sub), before):
                    # (a disaster it sets off first: a description is cut at 100 characters)
                    both = (leaves, x.detail) if strikes else (x.detail, leaves)
                    x.detail = clip(" · ".join(b for b in both if b))
                    plans.append(x)
    elif st == "use" and state["die"]:
        face = state["die"]["face"]
        for use, sub in _uses(state, seat, face):
            parts = ["use", *_plan_parts(face, use, sub)]
            plans += _variants(state, seat, parts, _use_text(state, seat, face, use, sub), before)
    plans.sort(key=lambda x: -x.value)
    return plans


def _leaves(state: dict, colour: str, face: str) -> tuple[str, bool]:
    """What taking this die leaves in the pool (the last die left sets off tonight's disaster): "leaves
    🟥 R, ⬛ K", or with one die left, what it sets off; and whether a disaster strikes then."""
    left = [tuple(d) for d in state["pool"]]
    left.remove((colour, face))
    if not left:
        return "", False
    if len({c for c, _f in left}) == 1:
        strikes = engine.forecast(state)["left"].get(left[0][0], {}).get("strike", [])
        if strikes:
            return _("leaves {dice}: {names} strikes", dice=", ".join(words.die(c, f) for c, f in left),
                     names=", ".join(words.disaster(d) for d in strikes)), True
    return _("leaves {dice}", dice=", ".join(words.die(c, f) for c, f in left)), False


def _rank(after: dict, seat: int, before: dict) -> float:
    """How good the position after a plan looks (the easy AI's value: likely choices first). It reads
    only what the seat may know: tokens drawn count at the bag's mean value."""
    from games.pioneer_days.ai.value import value
    return value(after, seat, gold_base=list(before["gold"]))


def _variants(state: dict, seat: int, parts: list, label: str, before: dict) -> list[Plan]:
    out: list[Plan] = []
    after = _try(state, Move.plan(seat, *parts))
    if after is None:
        return out
    out.append(Plan(Move.plan(seat, *parts), label, _outcome_detail(state, after, seat, parts, before),
                    _rank(after, seat, before)))
    if parts[-1] == "income" or (len(parts) > 1 and parts[1] == "income"):
        from games.pioneer_days.rules.effects import wagon_cost
        for size in WAGONS:
            if state["players"][seat]["silver"] >= wagon_cost(state["players"][seat], size):
                continue  # affordable already: the wagon button does it, before or after the die
            m = Move.plan(seat, *parts, size)
            bought = _try(state, m)
            if bought is not None:
                out.append(Plan(m, label + " " + _("+ {size} wagon ({n} spaces)", size=_wagon(size),
                                                   n=WAGONS[size]["spaces"]),
                                goods_text(before, bought["players"][seat]), _rank(bought, seat, before)))
    return out


def _wagon(size: str) -> str:
    return _("small") if size == "small" else _("large")


def _outcome_detail(state: dict, after: dict, seat: int, parts: list, before: dict) -> str:
    """The select option's description: what a recruit or a tile does, else what the turn gains."""
    if "recruit" in parts:
        face = parts[2] if parts[0] == "turn" else state["die"]["face"]
        return short_effect("townsfolk", state["slots"][FACES.index(face)])[:100]
    if parts[-1] in EQUIPMENT:
        return short_effect("equipment", parts[-1])[:100]
    return goods_text(before, after["players"][seat])[:100]


def unavailable(state: dict, seat: int) -> list[str]:
    """Why choices the player might look for are missing (shown as one line each)."""
    p = state["players"][seat]
    out = []
    if free_spaces(p) <= 0:
        out.append(_("Your wagons are full: no gold, equipment, wood or medicine until you buy a wagon "
                     "or discard goods (My wagon)."))
    elif not state.get("gold_bag", [0]):
        out.append(_("The gold bag is empty: no more gold tokens."))
    empty = [face_name(f) for f, t in zip(FACES, state["slots"], strict=True) if t is None]
    if empty:
        out.append(_("Nobody to recruit on {faces}.", faces=", ".join(empty)))
    return out


# ---- simultaneous decisions -----------------------------------------------------------------------
@dataclass
class Decision:
    title: str
    lines: list = field(default_factory=list)
    plans: list = field(default_factory=list)
    pick: Pick | None = None


def decision(state: dict, seat: int) -> Decision | None:
    dec = state["pending"][seat] if state["stage"] in SIMULTANEOUS else None
    if dec is None:
        return None
    kind = dec["kind"]
    if kind == "storm":
        return _storm_decision(state, seat, dec)
    if kind == "disease":
        return _disease_decision(state, seat, dec)
    if kind == "town":
        return _town_decision(state, seat)
    if kind == "pioneer":
        return _pioneer_decision(state, seat)
    return _plain_decision(state, seat, kind)


def _storm_decision(state: dict, seat: int, dec: dict) -> Decision:
    p = state["players"][seat]
    wagons = dec["wagons"]
    d = Decision(_("Storm!"))
    names = [_("wagon {n} ({size}, {free} spaces)", n=i + 1, size=_wagon(p["wagons"][i]["size"]),
               free=usable_spaces(p["wagons"][i])) for i in wagons]
    d.lines.append(_("For each wagon: pay 1 wood, or it takes a damage token (-2 VP, 2 spaces fewer)."))
    d.lines.append(n_("You have {n} wood for {wagons}.", "You have {n} wood for {wagons}.", p["wood"],
                      wagons=", ".join(names)))
    safe = [i for i in range(len(p["wagons"])) if i not in wagons]
    if safe:  # (a wagon the Storm spares, by an equipment's power: said, not left out silently)
        spared = [_("wagon {n}", n=i + 1) for i in safe]
        d.lines.append(_("Not in danger: {wagons}.", wagons=", ".join(spared)))
    most = min(p["wood"], len(wagons))
    seen: set[str] = set()
    found = []  # (move, label, the Storm's own changes, the goods that then go back, returns)
    for paid in _subsets(wagons, most):
        key = ".".join(str(i) for i in paid)
        for returns in ("auto", "ask"):
            m = Move.plan(seat, "storm", key, returns)
            after = _try(state, m)
            if after is None:
                continue
            overflow = (after["pending"][seat] or {}).get("kind") == "overflow"
            if returns == "ask" and not overflow:
                continue  # nothing to give back: the "auto" plan is the same
            same = outcome(after, seat)
            if same in seen:
                continue  # (the same as a choice listed already: another of two identical wagons)
            seen.add(same)
            hit = [i for i in wagons if i not in paid]
            label = (_("Wood for wagon {list}", list=", ".join(str(i + 1) for i in paid)) if paid else "")
            if hit:
                label += ("; " if label else "") + _("damage wagon {list}", list=", ".join(str(i + 1) for i in hit))
            label = label[:1].upper() + label[1:]
            if returns == "ask":
                label += " " + _("(I choose what goes back)")
            storm_only = _try(state, Move.plan(seat, "storm", key, "ask"))
            mid = storm_only["players"][seat] if storm_only is not None else after["players"][seat]
            back = goods_bits(mid, after["players"][seat]) if returns == "auto" else []
            own = ([f"-{words.res('wood', len(paid))}"] if paid else []) + \
                [_("wagon {n} damaged (-2 VP)", n=i + 1) for i in hit]
            storm = own[:len(own) - len(hit)] + ([n_("{n} damage token (-{vp} VP)", "{n} damage tokens (-{vp} VP)",
                                                    len(hit), vp=2 * len(hit))] if hit else [])
            found.append((m, label, storm, [b for b in goods_bits(p, mid) if b not in own] + back, returns))
    # what follows the Storm (another disaster, the town visit) is the same whatever is chosen: said once
    common = common_bits([later for _m, _l, _s, later, _r in found])
    if common:
        d.lines.append(_("Then, whatever you choose: {what}.", what=", ".join(common)))
    for m, label, storm, later, returns in found:
        back = [b for b in later if b not in common]
        text = ", ".join(storm) or _("nothing else changes")
        gone = [b.replace("-", "", 1) for b in back]
        if gone:
            text += "; " + _("then no space: {goods} goes back", goods=", ".join(gone))
        elif returns == "ask":
            text += "; " + _("then you choose what goes back (no space)")
        d.plans.append(Plan(m, label, text))
    return d


def _subsets(items: list, most: int) -> list[list]:
    out: list[list] = [[]]
    for x in items:
        out += [s + [x] for s in out if len(s) < most]
    return sorted(out, key=lambda s: (-len(s), s))


def _settle(d: Decision, seat: int, found: list[tuple[Move, str, dict, list[str]]]) -> None:
    """A decision's plans from (move, label, state after, the seat's changes): choices with the same
    outcome listed once; the changes every choice makes said once, on a line of their own."""
    seen: set[str] = set()
    kept = []
    for m, label, after, bits in found:
        same = outcome(after, seat)
        if same not in seen:
            seen.add(same)
            kept.append((m, label, bits))
    common = common_bits([bits for _m, _l, bits in kept])
    if common:
        d.lines.append(_("Then, whatever you choose: {what}.", what=", ".join(common)))
    for m, label, bits in kept:
        d.plans.append(Plan(m, label, ", ".join(b for b in bits if b not in common) or
                            (_("nothing else changes") if common else _("nothing changes"))))


def _disease_decision(state: dict, seat: int, dec: dict) -> Decision:
    p = state["players"][seat]
    left, free = dec["left"], dec["free"]
    d = Decision(_("Disease!"))
    d.lines.append(_("For each townsfolk: pay 1 medicine, or lose that townsfolk."))
    if free:
        d.lines.append(n_("{n} of them is immune (free).", "{n} of them are immune (free).", free))
    cap = min(len(left), free + p["medicine"])
    d.lines.append(n_("You have {n} medicine: you can keep {keep} of your {total} townsfolk.",
                      "You have {n} medicine: you can keep {keep} of your {total} townsfolk.",
                      p["medicine"], keep=cap, total=len(left)))
    worth = sorted(left, key=lambda t: (-_worth(p, t), left.index(t)))
    best = worth[:cap]
    found = []
    m = Move.plan(seat, "disease", ".".join(sorted(best)))
    after = _try(state, m)
    if after is not None:
        found.append((m, _("Keep {names}", names=", ".join(words.name("townsfolk", t) for t in best))
                      if best else _("Lose them all"), after, goods_bits(p, after["players"][seat])))
    if p["medicine"] and best:
        fewer = worth[:free]  # keep only the immune ones: save the medicine
        m2 = Move.plan(seat, "disease", ".".join(sorted(fewer)))
        after2 = _try(state, m2)
        if after2 is not None and fewer != best:
            found.append((m2, _("Save the medicine"), after2, goods_bits(p, after2["players"][seat])))
    _settle(d, seat, found)
    if len(left) > 1 and cap:
        d.pick = Pick(_("Or choose who to keep…"),
                      [(t, words.name("townsfolk", t), short_effect("townsfolk", t)[:100]) for t in left],
                      0, cap, best)
    return d


def _worth(p: dict, t: str) -> float:
    from games.pioneer_days.rules.effects import vp_of
    c = TOWNSFOLK[t]
    return vp_of(p, c["vp"]) + (0.5 if c["effect"] else 0)


def disease_plan(state: dict, seat: int, keep: list[str]) -> Plan | None:
    """The plan for the townsfolk picked in the multi-select (None if it does not apply)."""
    p = state["players"][seat]
    m = Move.plan(seat, "disease", ".".join(sorted(keep)))
    after = _try(state, m)
    if after is None:
        return None
    kept = [t for t in keep if t in after["players"][seat]["townsfolk"]]
    label = _("Keep {names}", names=", ".join(words.name("townsfolk", t) for t in kept)) if kept else \
        _("Lose them all")
    return Plan(m, label, goods_text(p, after["players"][seat]))


def _town_decision(state: dict, seat: int) -> Decision:
    p = state["players"][seat]
    d = Decision(_("Town visit (end of week {week})", week=state["week"]))
    d.lines.append(_("Satisfy each town card at most once: give what it needs, gain its favors (2 VP each)."))
    for t in state["towns_up"]:
        c = card("town", t)
        done = " ✅" if t in p["towns"] else ""
        d.lines.append(f"• **{c['name']}**{done}: {c['effect']} → {c['vp']}")
    ends: dict = {}
    _town_paths(state, seat, [], ends)
    found = []
    for path, after in (v for _k, v in sorted(ends.items(), key=lambda kv: (-len(kv[1][0]), kv[0]))):
        m = Move.plan(seat, "town", ".".join(path))
        label = (_("Satisfy {cards}", cards=" + ".join(words.name("town", x.split("-")[0]) for x in path))
                 if path else _("Satisfy no card"))
        found.append((m, label, after, goods_bits(p, after["players"][seat])))
    _settle(d, seat, found)
    return d


def _town_paths(state: dict, seat: int, path: list, ends: dict) -> None:
    run = Run(state, seat)
    try:
        for c in path:
            t, _sep, tile = c.partition("-")
            run.do(f"town:{t}:{tile}" if tile else f"town:{t}")
    except BadMove:
        return
    if run.pending("town") is not None:
        for body in sorted(run.legal()):
            if body == "town:done":
                continue
            bits = body.split(":")
            nxt = bits[1] + ("-" + bits[2] if len(bits) > 2 else "")
            if all(x.split("-")[0] != bits[1] for x in path):
                _town_paths(state, seat, path + [nxt], ends)
    key = tuple(sorted(path))
    if key not in ends:
        after = _try(state, Move.plan(seat, "town", ".".join(path)))
        if after is not None:
            ends[key] = (path, after)


def _pioneer_decision(state: dict, seat: int) -> Decision:
    p = state["players"][seat]
    d = Decision(_("Choose your pioneer"))
    for b in ["standard", *p["boards"]]:
        c = card("pioneer", b)
        d.lines.append(f"• **{c['name']}**: {c['effect']} ({c['vp']})")
        m = Move.action(f"{seat}:pioneer:{b}")
        name = words.name("pioneer", b) if b != "standard" else _("the standard Pioneer side")
        d.plans.append(Plan(m, _("Play {name}", name=name), c["effect"][:100]))
    return d


def _plain_decision(state: dict, seat: int, kind: str) -> Decision:
    """Any other decision (goods that no longer fit after a Storm): the whole give-back in one choice (a
    few ways), then the engine's choices one at a time, each with what it takes away (not what follows)."""
    p = state["players"][seat]
    d = Decision(_("Goods that no longer fit must go back") if kind == "overflow" else kind)
    seen: set[str] = set()
    if kind == "overflow":
        d.lines.append(n_("Your wagons are {n} space short: choose what goes back to the supply, all at once "
                          "or one at a time.", "Your wagons are {n} spaces short: choose what goes back to the "
                          "supply, all at once or one at a time.", -free_spaces(p)))
        for first in GIVE_BACK:  # the whole give-back in one choice, a few ways
            m = Move.plan(seat, "overflow", first)
            after = _try(state, m)
            if after is None:
                continue
            gone = given_back(p, after["players"][seat])
            if gone in seen:
                continue
            seen.add(gone)
            d.plans.append(Plan(m, clip(_("Give back {goods}", goods=gone)), _("all at once")))
    for a in engine.legal_actions(state, seat):
        body = a.id.split(":", 1)[1]
        after = _try(state, Move.action(a.id))
        own = given_back(p, after["players"][seat]) if after is not None else ""
        if kind == "overflow" and own in seen:
            continue  # (the same as a whole give-back above)
        d.plans.append(Plan(Move.action(a.id), action_label(state, seat, body),
                            _("in all: {goods}", goods=own) if ", " in own else ""))
    return d


def given_back(before: dict, after: dict) -> str:
    """The goods that went back between two states of a player (wood, medicine, gold tokens, equipment:
    not what a later event took, silver or VP): "2 wood, a gold token (3 nuggets), Dynamite"."""
    bits = []
    for k in ("wood", "medicine"):
        n = before[k] - after[k]
        if n > 0:
            bits.append(words.res(k, n))
    left = list(after["gold"])
    for v in sorted(before["gold"]):
        if v in left:
            left.remove(v)
        else:
            bits.append(n_("a gold token ({n} nugget)", "a gold token ({n} nuggets)", v))
    for e in sorted(set(before["equipment"])):
        for _i in range(before["equipment"].count(e) - after["equipment"].count(e)):
            bits.append(words.name("equipment", e))
    return ", ".join(bits)


def action_label(state: dict, seat: int, body: str) -> str:
    """A button text for one engine action, in the current language (the engine's labels are English)."""
    parts = body.split(":")
    verb = parts[0]
    p = state["players"][seat]
    if verb == "take":
        return _("Take {die}", die=words.die(parts[1], parts[2]))
    if verb == "face":
        from games.pioneer_days.rules.turn import face_change_cost
        return _("Turn it to {face} (${cost})", face=words.face(parts[1]), cost=face_change_cost(p))
    if verb in ("income", "act", "recruit") and state.get("die"):
        return _use_text(state, seat, state["die"]["face"], verb, None)
    if verb == "wild":
        return _use_text(state, seat, "wild", "act", parts[1])
    if verb == "equip":
        return _("Take {tile}", tile=words.name("equipment", parts[1]))
    if verb == "end":
        return _("End turn")
    if verb == "buy":
        from games.pioneer_days.rules.effects import wagon_cost
        return _("Buy a {size} wagon (${cost})", size=_wagon(parts[1]), cost=wagon_cost(p, parts[1]))
    if verb in ("drop", "lose"):
        what = parts[1]
        if what in ("wood", "medicine"):
            thing = words.res(what, 1)
        elif what == "gold":
            thing = n_("a gold token ({n} nugget)", "a gold token ({n} nuggets)", int(parts[2]))
        else:
            thing = words.name("equipment", parts[2])
        return _("Discard {thing}", thing=thing) if verb == "drop" else _("Give back {thing}", thing=thing)
    if verb == "storm":
        i = int(parts[2])
        return (_("Pay 1 wood for wagon {n}", n=i + 1) if parts[1] == "pay" else _("Damage wagon {n}", n=i + 1))
    if verb == "disease":
        who = words.name("townsfolk", parts[2])
        return {"spare": _("{name} is immune", name=who), "pay": _("Pay 1 medicine for {name}", name=who),
                "lose": _("Lose {name}", name=who)}[parts[1]]
    if verb == "town":
        if parts[1] == "done":
            return _("Satisfy no more cards")
        return _("Satisfy {town}", town=words.name("town", parts[1]))
    if verb == "pioneer":
        return _("Play {name}", name=words.name("pioneer", parts[1]) if parts[1] != "standard"
                 else _("the standard Pioneer side"))
    if verb == "famine":
        return _("Pay for the cattle")
    return body
