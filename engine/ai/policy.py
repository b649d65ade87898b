"""A cheap greedy policy for the search's rollouts: no copies of the state, just the unit values
of value.py applied to each choice (about 20x faster than the easy level)."""

from .. import rng
from ..api import legal_actions
from ..cards import TOWNS, TOWNSFOLK
from ..constants import FACES, INCOME
from ..effects import can_store, free_spaces, mods, sources, usable_spaces, wagon_cost
from ..turn import face_change_cost
from .value import GOLD_MEAN, Ctx, cattle_unit, equipment_worth, ops_value, res_value, townsfolk_worth

ACTIONS = ("mine", "equip", "cattle", "wood", "medicine")


def _cover(p: dict, kind: str, ctx: Ctx) -> float:
    """Extra worth of one more wood (storm) or medicine (disease) while some are uncovered."""
    m = mods(p)
    if kind == "wood":
        d = "storm"
        need = sum(1 for w in p["wagons"] if usable_spaces(w) > 0) - m["protect"].get(d, 0)
    else:
        d = "disease"
        need = len(p["townsfolk"]) - m["protect"].get(d, 0)
    if d in m["immune"] or p[kind] >= need:
        return 0.0
    return (2.3 if kind == "wood" else 2.5) * (ctx.now[d] + 0.3 * ctx.future[d])


def action_value(s: dict, p: dict, act: str, ctx: Ctx) -> float | None:
    if act in ("mine", "equip"):
        if free_spaces(p) <= 0:
            return None
        if act == "mine":
            v = GOLD_MEAN + (0.05 if s["gold_bag"] else -99)
        elif s["equip_up"]:
            v = max(equipment_worth(p, t, ctx) for t in s["equip_up"]) + 0.2
        else:
            return None
        v -= ctx.space
    elif act == "cattle":
        v = cattle_unit(p, ctx)
    else:
        if not can_store(p, act):
            return None
        v = (0.3 if p[act] < 4 else 0.1) + _cover(p, act, ctx)
        if p[act] % 2 == 0:
            v -= ctx.space * 0.5
    bonus = mods(p)["action_bonus"].get(act)
    if bonus:
        v += sum(res_value(p, r, n, ctx) for r, n in bonus.items())
    return v


def use_values(s: dict, p: dict, face: str, ctx: Ctx) -> list:
    """[(value, bodies)] for using a die showing `face` (no face change)."""
    m = mods(p)["income"]
    out = [((INCOME[face] + m.get(face, 0) + m.get("any", 0)) * ctx.silver, ["income"])]
    if face == "wild":
        for a in ACTIONS:
            v = action_value(s, p, a, ctx)
            if v is not None:
                out.append((v, ["act", f"wild:{a}"]))
    else:
        v = action_value(s, p, face, ctx)
        if v is not None:
            out.append((v, ["act"]))
    t = s["slots"][FACES.index(face)]
    if t is not None:
        card = TOWNSFOLK[t]
        v = townsfolk_worth(p, t, ctx)
        e = card["effect"]
        if e is not None and e["when"] == "immediate":
            v += ops_value(p, e["do"], ctx)
        out.append((v, ["recruit"]))
    return out


def _trigger(p: dict, face: str, ctx: Ctx) -> float:
    return sum(ops_value(p, e["do"], ctx) for _, _, e in sources(p)
               if e["when"] == "trigger" and e["face"] == face)


def _best_use(s: dict, p: dict, face: str, ctx: Ctx, can_change: bool) -> tuple:
    best = max(use_values(s, p, face, ctx), key=lambda x: x[0])
    if can_change:
        cost = face_change_cost(p) * ctx.silver + 0.3
        for g in FACES:
            if g != face:
                v, bodies = max(use_values(s, p, g, ctx), key=lambda x: x[0])
                if v - cost > best[0]:
                    best = (v - cost, [f"face:{g}"] + bodies)
    return best


def _turn(s: dict, seat: int, acts: list, gen: dict) -> str:
    p = s["players"][seat]
    ctx = Ctx(s)
    step = s["step"]
    bodies = {a.id.split(":", 1)[1] for a in acts}
    if step == "pick":
        if free_spaces(p) <= 0 and "buy:small" in bodies and p["silver"] >= 7 and ctx.days > 3:
            return "buy:small"
        can = p["silver"] >= face_change_cost(p)
        best, pick = None, None
        for c, f in s["pool"]:
            v = _best_use(s, p, f, ctx, can)[0] + _trigger(p, f, ctx) + rng.below(gen, 100) * 0.002
            if best is None or v > best:
                best, pick = v, f"take:{c}:{f}"
        return pick
    if step == "use":
        die = s["die"]
        _, plan = _best_use(s, p, die["face"], ctx, not die["changed"] and p["silver"] >= face_change_cost(p))
        return plan[0]
    if step == "wild":
        opts = [(action_value(s, p, b[5:], ctx), b) for b in bodies]
        return max(opts, key=lambda x: -99 if x[0] is None else x[0])[1]
    if step == "equip":
        return max((f"equip:{t}" for t in s["equip_up"]), key=lambda b: equipment_worth(p, b[6:], ctx))
    # after: a wagon when space is short, or to shelter silver from a coming raid
    for size in ("small", "large"):
        if f"buy:{size}" in bodies:
            cost = wagon_cost(p, size)
            if free_spaces(p) <= 0 and ctx.days > 3 and p["silver"] >= cost + 1:
                return f"buy:{size}"
            if ctx.now["raid"] >= 0.3 and free_spaces(p) <= 1 and p["silver"] - cost >= 0 and ctx.days > 2:
                return f"buy:{size}"
    return "end"


def _town(s: dict, p: dict, bodies: list, ctx: Ctx) -> str:
    best, pick = 0.0, "town:done"
    for b in bodies:
        parts = b.split(":")
        if parts[1] == "done":
            continue
        card = TOWNS[parts[1]]
        cost = 0.0
        for k, n in card["needs"].items():
            if k == "gold":
                cost += sum(sorted(p["gold"])[:n])
            elif k == "equipment":
                cost += equipment_worth(p, parts[2], ctx)
            elif k == "cattle":
                cost += n * cattle_unit(p, ctx)
            else:
                cost += res_value(p, k, n, ctx) * (0.6 if k != "silver" else 1.0)
        gain = 2.6 * card["favors"] - cost
        if gain > best:
            best, pick = gain, b
    return pick


def choose_fast(s: dict, seat: int, gen: dict, acts: list | None = None) -> str:
    """The body (id without the seat) of a quick greedy choice."""
    if acts is None:
        acts = legal_actions(s, seat)
    if len(acts) == 1:
        return acts[0].id.split(":", 1)[1]
    if s["stage"] == "turn":
        return _turn(s, seat, acts, gen)
    p = s["players"][seat]
    bodies = [a.id.split(":", 1)[1] for a in acts]
    kind = s["pending"][seat]["kind"]
    if kind == "storm":
        return bodies[0]  # paying wood comes first when possible
    if kind == "overflow":
        for b in ("lose:wood", "lose:medicine") if p["wood"] >= p["medicine"] else ("lose:medicine",
                                                                                        "lose:wood"):
            if b in bodies:
                return b
        gold = [b for b in bodies if b.startswith("lose:gold")]
        return gold[0] if gold else bodies[0]
    if kind == "famine":
        return bodies[0]  # feed as many as possible
    if kind == "disease":
        return bodies[0]  # spare, else pay, else lose
    if kind == "town":
        return _town(s, p, bodies, Ctx(s))
    return bodies[rng.below(gen, len(bodies))]  # pioneer

