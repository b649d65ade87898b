"""The position value used by every AI level: VP banked now plus estimates of what the player's
goods, cattle, cards and silver are still worth, minus the danger of the coming disasters.

Everything here reads only what the evaluated seat may see, except other players' gold values
(use `relative` on a determinised state only: see determinize.py)."""

from typing import TypedDict

from ..rules.cards import EQUIPMENT, TOWNS, TOWNSFOLK
from ..rules.constants import (
    COLOUR_TRACK,
    DAMAGE_VP,
    DAYS_PER_WEEK,
    DISASTERS,
    FAVOR_MAJORITY_VP,
    FAVOR_VP,
    GOLD_TOKENS,
    TRACK_END,
    WEEKS,
)
from ..rules.effects import COUNTERS, count, free_spaces, mods, raid_loss, usable_spaces, vp_of
from ..rules.shape import Card, Mods, Player

GOLD_MEAN = sum(v * n for v, n in GOLD_TOKENS.items()) / sum(GOLD_TOKENS.values())
ADVANCE_PER_DAY = 0.4  # a track moves when the leftover die has its colour or is black (2 of 5)


class Weights(TypedDict):
    """The weights of the estimates below (VP per unit)."""
    silver: float
    silver_early: float
    space: float
    future: float
    goods: float
    effect: float
    trigger: float
    town: tuple[float, float, float]
    favor_race: float
    cattle: float


# the weights `hard` and `easy` share (search.W_HARD: hard's own)
W: Weights = {
    "silver": 0.06, "silver_early": 0.26,  # VP per silver late / extra early in the game
    "space": 0.45,  # a free wagon space while days remain
    "future": 0.3,  # share of the later disasters counted now (they can be prepared for)
    "goods": 0.3,  # a wood or medicine beyond its use against disasters
    "effect": 0.7,  # share of a card effect's estimated future worth
    "trigger": 0.22,  # chance per remaining turn that a card's face comes up for its owner
    "town": (0.85, 0.35, 0.12),  # worth of a town card missing 0, 1, 2 items
    "favor_race": 1.5,  # extra worth of a favor while the majority is within reach
    "cattle": 1.0,  # share of the remaining town visits a cattle head is counted for
}


_CTX_CACHE: dict[tuple, "Ctx"] = {}
# The memos are per process, and the bot's own process fills them too (each panel ranks its plans by
# value: about 2 KB a panel), so they are kept small: a hard decision adds at most ~450 contexts and
# ~3,600 values, and 2,000 / 8,000 (about 3 and 3 MB) choose about as fast as 20,000 / 30,000 did (~45 MB).
CONTEXTS_MAX = 2000  # contexts kept (each with its memo)


def context(s: dict, w: Weights | None = None) -> "Ctx":
    """Ctx(s, w), cached on the few fields it depends on."""
    w = W if w is None else w
    tr = s["tracks"]  # in a fixed order: a saved state's keys are sorted
    key = (id(w), s["stage"], s["week"], s["day"], s["turns_left"], *[d[0] for d in s["pool"]], None,
           tr["storm"], tr["raid"], tr["famine"], tr["disease"],
           *s["disasters"], None, s.get("cont"), s["config"]["players"])
    c = _CTX_CACHE.get(key)
    if c is None:
        if len(_CTX_CACHE) > CONTEXTS_MAX:
            _CTX_CACHE.clear()
            _VALUES.clear()  # (its keys hold contexts: they go together)
        c = _CTX_CACHE[key] = Ctx(s, w)
    return c


class Ctx:
    """Per-state numbers shared by all players' evaluations (read-only once built)."""

    __slots__ = ("w", "days", "visits", "silver", "space", "now", "future", "turns", "memo")

    def __init__(self, s: dict, w: Weights | None = None):
        self.memo: dict = {}  # parts of a value that depend on this context and a few numbers only
        self.w = w = W if w is None else w
        stage = s["stage"]
        week = max(1, s["week"])
        if stage == "over":
            days = 0.0
        elif stage == "pioneer":
            days = float(WEEKS * DAYS_PER_WEEK)
        else:
            days = (WEEKS - week) * DAYS_PER_WEEK + (DAYS_PER_WEEK - max(1, s["day"]))
            if stage == "turn":
                days += s["turns_left"] / (s["config"]["players"] + 1)
        self.days = days
        self.turns = days  # one turn per player per day
        self.visits = 0 if stage == "over" else WEEKS - week + (0 if stage == "town" else 1)
        frac = min(1.0, days / 16)
        # VP per silver: it buys wagons, face changes, feed and town cards while days remain
        self.silver = w["silver"] + w["silver_early"] * frac
        self.space = w["space"] * min(1.0, days / 8)
        self.now, self.future = _dangers(s, days)


def _dangers(s: dict, days: float) -> tuple[dict[str, float], dict[str, float]]:
    """now[d]: chance that d strikes before the player can react (end of today / pending);
    future[d]: expected further strikes until the end of the game."""
    now, future = {}, {}
    pool = s["pool"] if s["stage"] == "turn" else []
    last_day = s["week"] >= WEEKS and s["day"] >= DAYS_PER_WEEK
    final_left = 0 if s["stage"] in ("over", "town") and s["week"] >= WEEKS else 1
    if s["stage"] == "disaster" and s.get("cont") == "final":
        final_left = 0
    # during a disaster, s["disasters"][0] is the one being resolved: a seat still deciding it is
    # weighed by its pending decision (_disaster_risk); for a seat done with it, it is over. (Counting
    # it again made early deciders keep wood/medicine/silver against a second strike that never
    # comes: the last to decide won 60 % of 2-player easy-vs-easy games.)
    queued = set(s["disasters"][1:] if s["stage"] == "disaster" else s["disasters"])
    for d in DISASTERS:
        t = s["tracks"][d]
        p = 0.0
        if d in queued:
            p = 1.0
        elif pool:
            match = sum(1 for c, _ in pool if c == "black" or COLOUR_TRACK.get(c) == d) / len(pool)
            if t == TRACK_END - 1:
                p = match
            if last_day:  # the final advance follows today's leftover die
                p = 1.0 if t == TRACK_END - 1 else (match if t == TRACK_END - 2 else p)
        now[d] = p
        future[d] = max(0.0, (t + ADVANCE_PER_DAY * days + final_left) / TRACK_END - p)
    return now, future


# ---- unit values -----------------------------------------------------------------------------
def cattle_unit(p: Player, ctx: Ctx) -> float:
    return ctx.w["cattle"] * ctx.visits * (1 + mods(p)["town_cattle_vp"])


def res_value(p: Player, res: str, n: float, ctx: Ctx) -> float:
    """Rough value of gaining n of a resource (for effects that have not happened yet)."""
    if res == "silver":
        return n * ctx.silver
    if res in ("wood", "medicine"):
        return n * 0.45
    if res == "cattle":
        return n * cattle_unit(p, ctx)
    if res == "gold":
        return n * GOLD_MEAN if free_spaces(p) > 0 else 0.0
    if res == "vp":
        return n
    if res == "favor":
        return n * (FAVOR_VP + 1)
    return 0.0


def ops_value(p: Player, ops: list, ctx: Ctx) -> float:
    v = 0.0
    for op in ops:
        (k, a), = op.items()
        if k == "gain":
            v += sum(res_value(p, r, n, ctx) for r, n in a.items())
        elif k == "pay_gain":
            gain = sum(res_value(p, r, n, ctx) for r, n in a["gain"].items())
            v += max(0.0, gain - sum(res_value(p, r, n, ctx) for r, n in a["pay"].items()))
        elif k == "gain_per":
            times = count(p, a["per"]) // a.get("div", 1)
            times = min(times, a.get("max", times)) + 0.5
            v += times * sum(res_value(p, r, n, ctx) for r, n in a["gain"].items())
        elif k == "retreat":
            v += 0.6
        elif k == "draw_equipment":
            v += 1.2 * a
    return v


def mods_value(p: Player, m: dict, ctx: Ctx) -> float:
    v = 0.0
    for k, a in m.items():
        if k == "immune":
            v += sum(2.0 * (ctx.now[d] + ctx.future[d]) for d in a)
        elif k == "protect":
            for d, n in a.items():
                unit = {"storm": 2.0, "raid": ctx.silver / 2, "famine": ctx.silver,
                        "disease": 2.0}[d]
                v += min(n, 4) * unit * (ctx.now[d] + ctx.future[d]) * 0.5
        elif k == "income":
            v += sum(n * ctx.silver * ctx.turns * (0.5 if f == "any" else 0.12) for f, n in a.items())
        elif k == "action_bonus":
            for g in a.values():
                v += 0.15 * ctx.turns * sum(res_value(p, r, n, ctx) for r, n in g.items())
        elif k == "recruit_bonus":
            v += 0.1 * ctx.turns * sum(res_value(p, r, n, ctx) for r, n in a.items())
        elif k == "face_change_cost":
            v += -a * ctx.silver * ctx.turns * 0.15
        elif k == "wagon_cost":
            v += -a * ctx.silver * min(1.5, ctx.turns / 8)
        elif k == "town_cattle_vp":
            v += a * max(1, p["cattle"]) * ctx.visits
        elif k == "favor_bonus":
            v += a * FAVOR_VP * 0.6 * ctx.visits
    return v


def effect_value(p: Player, e: Card | None, ctx: Ctx) -> float:
    """What a held card's effect is still worth (immediate effects are already in the state)."""
    if e is None or e["when"] == "immediate":
        return 0.0
    if e["when"] == "trigger":
        return ctx.w["trigger"] * ctx.turns * ops_value(p, e["do"], ctx)
    if e["when"] == "end_of_week":
        return ctx.visits * ops_value(p, e["do"], ctx)
    return mods_value(p, e["mods"], ctx)


def townsfolk_worth(p: Player, t: str, ctx: Ctx) -> float:
    """Endgame VP as things stand plus the effect still to come (for a card held or offered)."""
    card = TOWNSFOLK[t]
    return vp_of(p, card["vp"]) + ctx.w["effect"] * effect_value(p, card["effect"], ctx)


def equipment_worth(p: Player, t: str, ctx: Ctx) -> float:
    card = EQUIPMENT[t]
    return vp_of(p, card.get("vp")) + ctx.w["effect"] * effect_value(p, card["effect"], ctx)


# ---- the value ---------------------------------------------------------------------------------
def _goods(p: Player, ctx: Ctx) -> float:
    key = ("goods", p["wood"], p["medicine"])
    v = ctx.memo.get(key)
    if v is None:
        v = ctx.memo[key] = _goods_value(key[1:], ctx)
    return v


def _goods_value(goods: tuple, ctx: Ctx) -> float:
    v = 0.0
    for n in goods:  # wood, medicine
        v += ctx.w["goods"] * min(n, 4) + ctx.w["goods"] / 3 * max(0, min(n, 8) - 4)
    return v * (0.4 + 0.6 * min(1.0, ctx.days / 6) if ctx.days else 0.0)


def _space(p: Player, ctx: Ctx, gold_left: bool) -> float:
    key = ("space", max(0, free_spaces(p)), gold_left)
    v = ctx.memo.get(key)
    if v is None:
        free = key[1]
        unit = ctx.space if gold_left else ctx.space * 0.6
        v = ctx.memo[key] = unit * min(free, 3) + unit * 0.25 * max(0, min(free, 8) - 3)
    return v


def _disaster_risk(p: Player, s: dict, ctx: Ctx, worth: dict[str, float], m: Mods, cattle: float) -> float:
    """m: mods(p); cattle: cattle_unit(p, ctx)."""
    seat = p["seat"]
    pend = s["pending"][seat]
    kind = pend["kind"] if pend else None
    risk = 0.0
    for d in DISASTERS:
        if d in m["immune"]:
            continue
        w_now = 1.0 if kind == d else ctx.now[d]
        w = w_now + ctx.w["future"] * ctx.future[d]
        if w <= 0:
            continue
        shield = m["protect"].get(d, 0)
        if d == "storm":
            if kind == "storm":
                exposed = max(0, len(pend["wagons"]) - p["wood"])
            else:
                wagons = sum(1 for x in p["wagons"] if usable_spaces(x) > 0)
                exposed = max(0, wagons - shield - p["wood"])
            loss = exposed * (-DAMAGE_VP + 0.3)
        elif d == "raid":
            loss = raid_loss(p["silver"], shield) * ctx.silver
        elif d == "famine":
            hungry = max(0, p["cattle"] - shield)  # famine is resolved at once: never pending
            paid = min(hungry, p["silver"])
            loss = paid * ctx.silver + (hungry - paid) * cattle + 0.2 * hungry
        else:
            if kind == "disease":
                left, free = pend["left"], pend["free"]
            else:
                left, free = p["townsfolk"], shield
            uncovered = len(left) - free - p["medicine"]
            loss = 0.0
            if uncovered > 0:
                loss = sum(sorted(worth[t] for t in left)[:uncovered])
        risk += w * loss
    return risk


def _towns(p: Player, s: dict, ctx: Ctx, favor_unit: float, cattle: float) -> float:
    """Town cards of this week not yet satisfied: how close the player is to each (cattle:
    cattle_unit(p, ctx))."""
    if s["stage"] in ("over", "pioneer") or (s["stage"] == "town" and s["pending"][p["seat"]] is None):
        return 0.0
    v = 0.0
    for t in s["towns_up"]:
        if t in p["towns"]:
            continue
        card = TOWNS[t]
        missing = 0
        cost = 0.0
        for k, n in card["needs"].items():
            have = len(p["gold"]) if k == "gold" else len(p["equipment"]) if k == "equipment" else p[COUNTERS[k]]
            missing += max(0, n - have) if k != "silver" else (max(0, n - have) + 2) // 3
            if k == "silver":
                cost += n * ctx.silver
            elif k == "cattle":
                cost += n * cattle
            elif k == "gold":
                cost += n * 1.2
            elif k == "equipment":
                cost += 0.8
            else:
                cost += n * 0.35
        gain = card["favors"] * favor_unit - cost
        if gain > 0:
            v += gain * ctx.w["town"][missing] if missing < 3 else 0.0
    return v


_VALUES: dict[tuple, float] = {}
VALUES_MAX = 8000  # memo entries kept (about 350 bytes each, 3 MB in all): see CONTEXTS_MAX


def value(s: dict, seat: int, ctx: Ctx | None = None, gold_base: list | None = None,
          w: Weights | None = None, towns: bool = True) -> float:
    """The seat's position value in VP. gold_base: the seat's own tokens before the evaluated
    move; tokens drawn since count at the bag's mean value (so a search never profits from
    knowing which token a draw would give). w: the weights (default W). towns=False: leave out
    the town cards still to satisfy (see heuristic.town_plans).

    Memoised: a search values the same player in the same context again and again (about 9 calls
    in 10 of a hard decision), so the value is kept under everything it reads: the context,
    the seat's own things, its decision pending, the favors race, the towns up and whether gold
    is left in the bag (tests/test_ai_value.py changes each of them and compares)."""
    if ctx is None:
        ctx = context(s, w)
    players = s["players"]
    p = players[seat]
    favors = [q["favors"] for q in players]
    top = max(favors)
    tokens = p["gold"]
    gold = sum(tokens)
    if gold_base is not None and len(tokens) > len(gold_base):
        new = _drawn(tokens, gold_base)  # the tokens drawn since: valued at the bag's mean
        gold += len(new) * GOLD_MEAN - sum(new)
    pend = s["pending"][seat]
    key = (ctx, towns, gold, len(tokens), top, favors.count(top), p["favors"], p["vp"], p["pioneer"], p["side"],
           p["silver"], p["wood"], p["medicine"], p["cattle"], not s["gold_bag"],
           *p["townsfolk"], None, *p["equipment"], None, *p["towns"], None, *s["towns_up"], None,
           *[(x["size"], x["damage"]) for x in p["wagons"]],  # (the seat itself matters only by these)
           None if pend is None else (pend["kind"], *pend.get("wagons", ()), None, *pend.get("left", ()), None,
                                      pend.get("free")))
    v = _VALUES.get(key)
    if v is None:
        if len(_VALUES) >= VALUES_MAX:
            _VALUES.clear()
        v = _VALUES[key] = _value(s, p, ctx, gold, favors, top, towns)
    return v


def _value(s: dict, p: Player, ctx: Ctx, gold: float, favors: list, top: int, towns: bool) -> float:
    v = gold + FAVOR_VP * p["favors"] + p["vp"]
    over = ctx.days == 0 and s["stage"] == "over"
    if p["favors"] == top:  # with no favors at all, everyone is tied for the most
        # while the race is open, a tie counts as a share of the bonus; the game's end gives each the whole of it
        v += FAVOR_MAJORITY_VP if over else FAVOR_MAJORITY_VP / favors.count(top)
    damage = 0
    for x in p["wagons"]:
        damage += x["damage"]
    v += DAMAGE_VP * damage
    if over:
        return v + sum(vp_of(p, TOWNSFOLK[t]["vp"]) for t in p["townsfolk"]) + sum(
            vp_of(p, EQUIPMENT[t].get("vp")) for t in p["equipment"]) + 0.001 * p["silver"]
    worth = {t: townsfolk_worth(p, t, ctx) for t in p["townsfolk"]}
    v += sum(worth.values())
    v += sum([equipment_worth(p, t, ctx) for t in p["equipment"]])
    m = mods(p)
    cattle = ctx.w["cattle"] * ctx.visits * (1 + m["town_cattle_vp"])  # cattle_unit(p, ctx)
    v += p["cattle"] * cattle
    silver = p["silver"]
    v += ctx.silver * (min(silver, 12) + 0.4 * max(0, silver - 12)) + 0.001 * silver
    v += _goods(p, ctx)
    v += _space(p, ctx, bool(s["gold_bag"]))
    v -= _disaster_risk(p, s, ctx, worth, m, cattle)
    favor_unit = FAVOR_VP + (ctx.w["favor_race"] if top - p["favors"] <= 2 else 0.3)
    if towns:
        v += _towns(p, s, ctx, favor_unit, cattle)
    return v


def _drawn(tokens: list, base: list) -> list:
    """The tokens in `tokens` beyond those in `base` (multiset difference)."""
    left = list(tokens)
    for x in base:
        if x in left:
            left.remove(x)
    return left


def relative(s: dict, seat: int, lam: float = 0.5, w: Weights | None = None) -> float:
    """Own value minus a share of the best opponent's (determinised states only)."""
    ctx = context(s, w)
    own = value(s, seat, ctx)
    others = [value(s, i, ctx) for i in range(len(s["players"])) if i != seat]
    return own - lam * max(others)


