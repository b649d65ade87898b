"""Every townsfolk card, equipment tile and unique pioneer, exercised by a scenario driven by its data.

Each test sets a table up with the card held (or in a slot), triggers it the way a game does
(recruit / take / a die of its face / the disaster, income, action, purchase or town it modifies /
the town visit / final scoring) and compares the result with an expectation computed here from the
data by a small reference model (REF_*), written independently of engine/effects.py."""

import copy
import math

import pytest
from engine_helpers import act, all_events, bodies, finish_day_with, game, take

from games.pioneer_days.rules import deciders, flow
from games.pioneer_days.rules.cards import EQUIPMENT, PIONEERS, TOWNS, TOWNSFOLK
from games.pioneer_days.rules.constants import (
    CATTLE_TOWN_VP,
    DISASTERS,
    FACE_CHANGE_COST,
    FACES,
    INCOME,
    STANDARD_PIONEER,
    TRACK_COLOUR,
    WAGONS,
)
from games.pioneer_days.rules.scoring import breakdown

SEAT = 0
OTHER = 1

# ---- the reference model -------------------------------------------------------------------
REF_SPACES = {"small": 4, "large": 6}


def ref_count(p: dict, what: str) -> int:
    wagons = p["wagons"]
    if what == "free_space":
        total = sum(REF_SPACES[w["size"]] - 2 * w["damage"] for w in wagons)
        used = len(p["gold"]) + len(p["equipment"]) + math.ceil(p["wood"] / 2) + math.ceil(p["medicine"] / 2)
        return max(0, total - used)
    return {
        "cattle": p["cattle"], "wood": p["wood"], "medicine": p["medicine"], "silver": p["silver"],
        "favor": p["favors"], "wagon": len(wagons),
        "small_wagon": len([w for w in wagons if w["size"] == "small"]),
        "large_wagon": len([w for w in wagons if w["size"] == "large"]),
        "gold_token": len(p["gold"]), "equipment": len(p["equipment"]), "townsfolk": len(p["townsfolk"]),
        "goods_set": min(p["wood"], p["medicine"], p["cattle"]),
        "undamaged_wagon": len([w for w in wagons if not w["damage"]]),
        "damage": sum(w["damage"] for w in wagons),
    }[what]


def ref_vp(p: dict, vp) -> int:
    if not vp:
        return 0
    if "fixed" in vp:
        return vp["fixed"]
    times = ref_count(p, vp["per"]) // vp.get("div", 1)
    return vp["each"] * min(times, vp.get("max", times))


KEY = {"favor": "favors"}


def ref_ops(p: dict, ops: list, tracks: dict, deck: list) -> None:
    """Applies ops to a plain copy (p['gold'] is a list whose length is what we compare).
    The scenarios give enough wagon space and gold tokens for everything to fit."""
    def add(m):
        for r, n in m.items():
            if r == "gold":
                p["gold"] = p["gold"] + ["?"] * n
            else:
                p[KEY.get(r, r)] += n
    for op in ops:
        (k, v), = op.items()
        if k == "gain":
            add(v)
        elif k == "pay_gain":
            if all(p[KEY.get(r, r)] >= n for r, n in v["pay"].items()):
                for r, n in v["pay"].items():
                    p[KEY.get(r, r)] -= n
                add(v["gain"])
        elif k == "gain_per":
            times = ref_count(p, v["per"]) // v.get("div", 1)
            times = min(times, v.get("max", times))
            add({r: n * times for r, n in v["gain"].items()})
        elif k == "retreat":
            tracks[v] = max(0, tracks[v] - 1)
        elif k == "draw_equipment":
            for _ in range(v):
                p["equipment"] = p["equipment"] + [deck.pop()]
        else:
            raise AssertionError(f"the reference model does not know op {k}")


def snap(s: dict, seat: int = SEAT) -> dict:
    p = s["players"][seat]
    return {"silver": p["silver"], "wood": p["wood"], "medicine": p["medicine"], "cattle": p["cattle"],
            "vp": p["vp"], "favors": p["favors"], "gold": len(p["gold"]), "equipment": list(p["equipment"]),
            "townsfolk": list(p["townsfolk"]), "tracks": dict(s["tracks"])}


def expected_after_ops(s: dict, ops: list, seat: int = SEAT) -> dict:
    p = copy.deepcopy(s["players"][seat])
    tracks = dict(s["tracks"])
    ref_ops(p, ops, tracks, list(s["equip_deck"]))
    out = {"silver": p["silver"], "wood": p["wood"], "medicine": p["medicine"], "cattle": p["cattle"],
           "vp": p["vp"], "favors": p["favors"], "gold": len(p["gold"]), "equipment": list(p["equipment"]),
           "townsfolk": list(p["townsfolk"]), "tracks": tracks}
    return out


def ability_of(kind: str, cid: str):
    if kind == "townsfolk":
        return TOWNSFOLK[cid]["effect"]
    if kind == "equipment":
        return EQUIPMENT[cid]["effect"]
    return PIONEERS[cid]["ability"]


def ref_mod_sum(p: dict, key: str, sub: str | None = None):
    """The summed ongoing modifier of everything p holds (standard or unique pioneer side)."""
    total = 0
    for e in _effects(p):
        if key not in e["mods"]:
            continue
        v = e["mods"][key]
        if key == "immune":
            total += sub in v
        elif sub is None:
            total += v
        else:
            total += v.get(sub, 0)
    return total


# ---- tables --------------------------------------------------------------------------------
PROFILES = {
    # plenty of everything (pay_gain can pay, gain_per counts something, goods fit)
    # (and more than the 'max' of every gain_per: the cap matters)
    "rich": {"silver": 12, "wood": 3, "medicine": 3, "cattle": 5, "favors": 2, "gold": [2, 1, 3, 1],
             "equipment": [e for e, c in EQUIPMENT.items() if c["effect"]["when"] == "ongoing"
                           and set(c["effect"]["mods"]) <= {"protect", "immune", "wagon_cost"}][:4],
             "wagons": [{"size": "large", "damage": 0}, {"size": "large", "damage": 0},
                        {"size": "large", "damage": 0}, {"size": "small", "damage": 1}]},
    # nothing to pay with or to count: pay_gain does nothing, gain_per gains nothing
    "poor": {"silver": 0, "wood": 0, "medicine": 0, "cattle": 0, "favors": 0, "gold": [], "equipment": [],
             "wagons": [{"size": "large", "damage": 0}, {"size": "large", "damage": 0}]},
}


def table(profile: str = "rich", kind: str | None = None, cid: str | None = None, players: int = 2):
    """A 2-player game at seat 0's pick step; seat 0 has the profile and holds the card (if any)."""
    s = game(players=players, seed=3)
    s["turn"] = SEAT
    s["step"] = "pick"
    for p in s["players"]:
        p.update(copy.deepcopy(PROFILES["poor"]))
        p["townsfolk"], p["vp"] = [], 0
    p = s["players"][SEAT]
    p.update(copy.deepcopy(PROFILES[profile]))
    if kind == "townsfolk":
        p["townsfolk"].append(cid)
    elif kind == "equipment":
        p["equipment"] = [cid] + [e for e in p["equipment"] if e != cid]
    elif kind == "pioneer":
        p["pioneer"], p["side"] = cid, "unique"
    return s


def held(kinds=("townsfolk", "equipment", "pioneer"), when=None, mod=None):
    """(kind, id) pairs of content whose effect matches."""
    out = []
    for kind, tab in (("townsfolk", TOWNSFOLK), ("equipment", EQUIPMENT), ("pioneer", PIONEERS)):
        if kind not in kinds:
            continue
        for cid in tab:
            e = ability_of(kind, cid)
            if e is None or (when and e["when"] != when) or (mod and mod not in e.get("mods", {})):
                continue
            out.append((kind, cid))
    return out


def ids(pairs):
    return [f"{k}-{c}" for k, c in pairs]


def other_face(face: str) -> str:
    return next(f for f in FACES if f != face)


# ---- immediate: recruiting a townsfolk / taking a tile --------------------------------------
IMMEDIATE = held(("townsfolk",), "immediate")


@pytest.mark.parametrize("profile", sorted(PROFILES))
@pytest.mark.parametrize("kind,cid", IMMEDIATE, ids=ids(IMMEDIATE))
def test_immediate_on_recruit(kind, cid, profile):
    s = table(profile)
    face = "cattle"
    s["slots"][FACES.index(face)] = cid
    s, _ = take(s, "blue", face)
    expect = expected_after_ops(s, TOWNSFOLK[cid]["effect"]["do"])
    expect["townsfolk"] = expect["townsfolk"] + [cid]
    s, ev = act(s, "recruit")
    assert snap(s) == expect
    taken = all_events(ev, "die_taken")[0]
    assert taken["use"] == "recruit" and taken["townsfolk"] == cid


def test_no_tile_acts_when_taken():
    """RULES.md: a tile triggers on a face or gives an ongoing benefit (the vocabulary's 'immediate'
    for tiles is checked in test_content_vocabulary.py)."""
    assert all(c["effect"]["when"] in ("trigger", "ongoing") for c in EQUIPMENT.values())


def test_null_effect_townsfolk_only_joins():
    checked = 0
    for cid, c in TOWNSFOLK.items():
        if c["effect"] is not None:
            continue
        s = table("rich")
        s["slots"][0] = cid
        s, _ = take(s, "blue", "wild")
        before = snap(s)
        s, _ = act(s, "recruit")
        assert snap(s) == {**before, "townsfolk": [cid]}
        checked += 1
    assert checked == sum(c["effect"] is None for c in TOWNSFOLK.values()) >= 1


# ---- trigger: taking a die of the face -----------------------------------------------------
TRIGGERS = held(when="trigger")


@pytest.mark.parametrize("profile", sorted(PROFILES))
@pytest.mark.parametrize("kind,cid", TRIGGERS, ids=ids(TRIGGERS))
def test_trigger_on_its_face(kind, cid, profile):
    e = ability_of(kind, cid)
    s = table(profile, kind, cid)
    expect = expected_after_ops(s, e["do"])
    s2, ev = take(s, "green", e["face"])
    assert snap(s2) == expect
    fired = all_events(ev, "die_picked")[0]["triggered"]
    assert [(f["source"], f["id"]) for f in fired] == [(kind, cid)]
    # another face triggers nothing
    before = snap(s)
    s3, ev = take(s, "green", other_face(e["face"]))
    assert snap(s3) == before and all_events(ev, "die_picked")[0]["triggered"] == []


# ---- end of the week: the town visit -------------------------------------------------------
END_OF_WEEK = held(("townsfolk", "pioneer"), "end_of_week")


@pytest.mark.parametrize("profile", sorted(PROFILES))
@pytest.mark.parametrize("kind,cid", END_OF_WEEK, ids=ids(END_OF_WEEK))
def test_end_of_week_at_town_visit(kind, cid, profile):
    s = table(profile, kind, cid)
    s["tracks"] = {"storm": 2, "raid": 1, "famine": 3, "disease": 1}
    s["towns_up"] = []  # nothing to satisfy: the visit runs straight through
    expect = expected_after_ops(s, ability_of(kind, cid)["do"])
    expect["vp"] += expect["cattle"] * (CATTLE_TOWN_VP + ref_mod_sum(s["players"][SEAT], "town_cattle_vp"))
    events = []
    flow.visit_town(s, events)
    got = snap(s)
    assert got == expect
    visit = all_events(events, "town_visited")[0]["players"][SEAT]
    assert [(x["source"], x["id"]) for x in visit["end_of_week"]] == [(kind, cid)]
    assert s["week"] == 2  # the visit ended and the next week began


# ---- ongoing modifiers ---------------------------------------------------------------------
def resolve_all(s):
    """Resolves pending disaster decisions: storms damage (famine needs no decision), disease spares
    while it can (otherwise loses), overflow returns the first good offered."""
    while s["stage"] == "disaster":
        seat = deciders(s)[0]
        b = bodies(s, seat)
        pick = next((x for x in b if x.startswith(("storm:damage", "disease:spare"))),
                    next((x for x in b if x.startswith("disease:lose")), b[0]))
        s, _ = act(s, pick, seat)
    return s


def disaster(s, d):
    s["tracks"][d] = 3
    finish_day_with(s, TRACK_COLOUR[d])
    return resolve_all(s)


DISASTER_TABLE = {
    "storm": dict(wood=0, wagons=[{"size": "large", "damage": 0}, {"size": "large", "damage": 0},
                                  {"size": "small", "damage": 0}]),
    "raid": dict(silver=11),
    "famine": dict(cattle=5, silver=0),
    "disease": dict(medicine=0),
}
FILLERS = [t for t, c in TOWNSFOLK.items() if c["effect"] is None or c["effect"]["when"] == "immediate"]


def disaster_table(kind, cid, d):
    """Seat 0 holds the card; seat 1 (the control) plays a unique pioneer with no defence against d."""
    s = table("poor", kind, cid)
    control = next(x for x in PIONEERS if x != cid and not _defends(PIONEERS[x]["ability"], d))
    s["players"][OTHER]["pioneer"], s["players"][OTHER]["side"] = control, "unique"
    for p in s["players"]:
        p.update(copy.deepcopy(DISASTER_TABLE[d]))
        if d == "disease":
            p["townsfolk"] = (p["townsfolk"] + FILLERS)[:5]
    return s


def expected_disaster(p: dict, d: str) -> dict:
    """What a player keeps after disaster d under the resolve_all policy (reference model)."""
    immune = ref_mod_sum(p, "immune", d) > 0
    shield = ref_mod_sum(p, "protect", d)
    if d == "storm":
        n = len(p["wagons"])
        return {"damage": 0 if immune else max(0, n - shield)}
    if d == "raid":
        exposed = 0 if immune else max(0, p["silver"] - shield)
        return {"silver": p["silver"] - math.ceil(exposed / 2)}
    if d == "famine":
        return {"cattle": p["cattle"] if immune else min(p["cattle"], shield)}
    return {"townsfolk": len(p["townsfolk"]) if immune else min(len(p["townsfolk"]), shield)}


def outcome(p: dict, d: str) -> dict:
    key = {"storm": "damage", "raid": "silver", "famine": "cattle", "disease": "townsfolk"}[d]
    return {key: ref_count(p, key) if key != "townsfolk" else len(p["townsfolk"])}


def _defends(e, d):
    return e["when"] == "ongoing" and (d in e["mods"].get("protect", {}) or d in e["mods"].get("immune", []))


PROTECTS = [(k, c, d) for k, c in held(when="ongoing") for d in DISASTERS if _defends(ability_of(k, c), d)]


@pytest.mark.parametrize("kind,cid,d", PROTECTS, ids=[f"{k}-{c}-{d}" for k, c, d in PROTECTS])
def test_protection_against_its_disaster(kind, cid, d):
    s = disaster_table(kind, cid, d)
    expect = expected_disaster(s["players"][SEAT], d)
    control = expected_disaster(s["players"][OTHER], d)
    assert expect != control, "the scenario must show the protection"
    s = disaster(s, d)
    assert outcome(s["players"][SEAT], d) == expect
    assert outcome(s["players"][OTHER], d) == control


INCOME_MODS = held(when="ongoing", mod="income")


@pytest.mark.parametrize("kind,cid", INCOME_MODS, ids=ids(INCOME_MODS))
def test_income_bonus(kind, cid):
    checked = 0
    for face in ability_of(kind, cid)["mods"]["income"]:
        for f in FACES if face == "any" else [face]:
            s = table("poor", kind, cid)
            p = s["players"][SEAT]
            expect = INCOME[f] + ref_mod_sum(p, "income", f) + ref_mod_sum(p, "income", "any")
            s, _ = take(s, "blue", f)
            s, _ = act(s, "income")
            assert s["players"][SEAT]["silver"] == expect, f
            assert expect > INCOME[f]
            checked += 1
    faces = ability_of(kind, cid)["mods"]["income"]
    assert checked == sum(len(FACES) if face == "any" else 1 for face in faces) >= 1


ACTION_MODS = held(when="ongoing", mod="action_bonus")
ACTION_GOOD = {"mine": "gold", "cattle": "cattle", "wood": "wood", "medicine": "medicine"}


@pytest.mark.parametrize("kind,cid", ACTION_MODS, ids=ids(ACTION_MODS))
def test_action_bonus(kind, cid):
    checked = 0
    for action in ability_of(kind, cid)["mods"]["action_bonus"]:
        for through_wild in (False, True):
            s = table("poor", kind, cid)
            p = copy.deepcopy(s["players"][SEAT])
            ops = [{"gain": {ACTION_GOOD[action]: 1}}] if action in ACTION_GOOD else []
            total = _action_bonus_sum(p, action)
            assert total, "the holder has a bonus for this action"
            expect_p = copy.deepcopy(p)
            ref_ops(expect_p, ops + [{"gain": total}], {}, [])
            s, _ = take(s, "blue", "wild" if through_wild else action)
            s, _ = act(s, "act")
            if through_wild:
                s, _ = act(s, f"wild:{action}")
            if action == "equip":
                tile = s["equip_up"][0]
                s, _ = act(s, f"equip:{tile}")
                expect_p["equipment"] = expect_p["equipment"] + [tile]
            got = snap(s)
            for r in ("silver", "wood", "medicine", "cattle", "vp", "favors"):
                assert got[r] == expect_p[KEY.get(r, r)], (action, r)
                checked += 1
            assert got["gold"] == len(expect_p["gold"]) and got["equipment"] == expect_p["equipment"]
    assert checked == 6 * 2 * len(ability_of(kind, cid)["mods"]["action_bonus"]) >= 6 * 2  # resources x ways


def _action_bonus_sum(p, action):
    out = {}
    for e in _effects(p):
        for r, n in e["mods"].get("action_bonus", {}).get(action, {}).items():
            out[r] = out.get(r, 0) + n
    return out


def _effects(p):
    """The ongoing effects of everything p holds (its pioneer side, townsfolk and tiles)."""
    effects = [STANDARD_PIONEER["ability"] if p["side"] == "standard" else PIONEERS[p["pioneer"]]["ability"]]
    effects += [TOWNSFOLK[t]["effect"] for t in p["townsfolk"]]
    effects += [EQUIPMENT[e]["effect"] for e in p["equipment"]]
    return [e for e in effects if e and e["when"] == "ongoing"]


RECRUIT_MODS = held(when="ongoing", mod="recruit_bonus")


@pytest.mark.parametrize("kind,cid", RECRUIT_MODS, ids=ids(RECRUIT_MODS))
def test_recruit_bonus(kind, cid):
    s = table("poor", kind, cid)
    plain = next(t for t, c in TOWNSFOLK.items() if c["effect"] is None)
    s["slots"][FACES.index("wood")] = plain
    p = copy.deepcopy(s["players"][SEAT])
    bonus = {}
    for e in _effects(p):
        for r, n in e["mods"].get("recruit_bonus", {}).items():
            bonus[r] = bonus.get(r, 0) + n
    ref_ops(p, [{"gain": bonus}], {}, [])
    s, _ = take(s, "blue", "wood")
    s, _ = act(s, "recruit")
    got = s["players"][SEAT]
    assert [got[k] for k in ("silver", "wood", "medicine", "cattle", "vp", "favors")] == \
        [p[k] for k in ("silver", "wood", "medicine", "cattle", "vp", "favors")]
    assert got["townsfolk"][-1] == plain and bonus


FACE_MODS = held(when="ongoing", mod="face_change_cost")


@pytest.mark.parametrize("kind,cid", FACE_MODS, ids=ids(FACE_MODS))
def test_face_change_cost(kind, cid):
    s = table("poor", kind, cid)
    s["players"][SEAT]["silver"] = 10
    delta = sum(e["mods"].get("face_change_cost", 0) for e in _effects(s["players"][SEAT]))
    cost = max(0, FACE_CHANGE_COST + delta)
    assert cost != FACE_CHANGE_COST
    s, _ = take(s, "blue", "wild")
    s, ev = act(s, "face:medicine")
    assert s["players"][SEAT]["silver"] == 10 - cost
    assert all_events(ev, "face_changed")[0]["cost"] == cost


WAGON_MODS = held(when="ongoing", mod="wagon_cost")


@pytest.mark.parametrize("kind,cid", WAGON_MODS, ids=ids(WAGON_MODS))
def test_wagon_cost(kind, cid):
    delta = sum(e["mods"].get("wagon_cost", 0) for e in _effects(table("poor", kind, cid)["players"][SEAT]))
    assert delta
    for size in ("small", "large"):
        s = table("poor", kind, cid)
        s["players"][SEAT]["silver"] = 20
        s, _ = act(s, f"buy:{size}")
        p = s["players"][SEAT]
        assert p["silver"] == 20 - max(0, WAGONS[size]["cost"] + delta)
        assert p["wagons"][-1] == {"size": size, "damage": 0}


CATTLE_VP_MODS = held(when="ongoing", mod="town_cattle_vp")


@pytest.mark.parametrize("kind,cid", CATTLE_VP_MODS, ids=ids(CATTLE_VP_MODS))
def test_town_cattle_vp(kind, cid):
    s = table("poor", kind, cid)
    s["towns_up"] = []
    for p in s["players"]:
        p["cattle"] = 3
    extra = sum(e["mods"].get("town_cattle_vp", 0) for e in _effects(s["players"][SEAT]))
    flow.visit_town(s, [])
    assert s["players"][SEAT]["vp"] == 3 * (CATTLE_TOWN_VP + extra)
    assert s["players"][OTHER]["vp"] == 3 * CATTLE_TOWN_VP


FAVOR_MODS = held(when="ongoing", mod="favor_bonus")


@pytest.mark.parametrize("kind,cid", FAVOR_MODS, ids=ids(FAVOR_MODS))
def test_favor_bonus(kind, cid):
    s = table("poor", kind, cid)
    town = next(t for t, c in TOWNS.items() if set(c["needs"]) <= {"wood", "medicine", "cattle", "silver"})
    s["towns_up"] = [town]
    extra = sum(e["mods"].get("favor_bonus", 0) for e in _effects(s["players"][SEAT]))
    for p in s["players"]:
        for k, n in TOWNS[town]["needs"].items():
            p[k] = n
    events = []
    flow.visit_town(s, events)
    for seat in (SEAT, OTHER):
        s, _ = act(s, f"town:{town}", seat)
    assert s["players"][SEAT]["favors"] == TOWNS[town]["favors"] + extra
    assert s["players"][OTHER]["favors"] == TOWNS[town]["favors"]


# ---- endgame VP ----------------------------------------------------------------------------
VP_CARDS = [("townsfolk", t) for t in TOWNSFOLK]
VP_CARDS += [("equipment", e) for e in EQUIPMENT if "vp" in EQUIPMENT[e]]
VP_PROFILES = {
    "rich": {"silver": 17, "wood": 9, "medicine": 7, "cattle": 6, "favors": 5, "gold": [3, 1, 2, 1, 2],
             "wagons": [{"size": "large", "damage": 0}, {"size": "large", "damage": 1},
                        {"size": "small", "damage": 0}, {"size": "small", "damage": 2}],
             "extra_townsfolk": 7, "extra_equipment": 4},
    "some": {"silver": 5, "wood": 3, "medicine": 2, "cattle": 2, "favors": 1, "gold": [2],
             "wagons": [{"size": "small", "damage": 0}, {"size": "large", "damage": 1}],
             "extra_townsfolk": 2, "extra_equipment": 1},
    "none": {"silver": 0, "wood": 0, "medicine": 0, "cattle": 0, "favors": 0, "gold": [],
             "wagons": [{"size": "small", "damage": 2}], "extra_townsfolk": 0, "extra_equipment": 0},
}


@pytest.mark.parametrize("profile", sorted(VP_PROFILES))
@pytest.mark.parametrize("kind,cid", VP_CARDS, ids=ids(VP_CARDS))
def test_endgame_vp_by_scoring_breakdown(kind, cid, profile):
    s = game(seed=3)
    p = s["players"][SEAT]
    prof = copy.deepcopy(VP_PROFILES[profile])
    n_t, n_e = prof.pop("extra_townsfolk"), prof.pop("extra_equipment")
    p.update(prof)
    plain_t = [t for t, c in TOWNSFOLK.items() if t != cid][:n_t]
    plain_e = [e for e in EQUIPMENT if e != cid][:n_e]
    p["townsfolk"] = ([cid] if kind == "townsfolk" else []) + plain_t
    p["equipment"] = ([cid] if kind == "equipment" else []) + plain_e
    b = breakdown(s, SEAT)
    assert b["townsfolk"] == sum(ref_vp(p, TOWNSFOLK[t]["vp"]) for t in p["townsfolk"])
    assert b["equipment"] == sum(ref_vp(p, EQUIPMENT[e].get("vp")) for e in p["equipment"])
    # the card's own share
    own = ref_vp(p, (TOWNSFOLK[cid]["vp"] if kind == "townsfolk" else EQUIPMENT[cid].get("vp")))
    rest = p["townsfolk"][1:] if kind == "townsfolk" else p["equipment"][1:]
    table_of = TOWNSFOLK if kind == "townsfolk" else EQUIPMENT
    assert b[kind] - sum(ref_vp(p, table_of[x].get("vp")) for x in rest) == own


# ---- unique pioneers: starting resources ---------------------------------------------------
@pytest.mark.parametrize("pid", list(PIONEERS))
def test_pioneer_start_and_side(pid):
    s = game(players=2, seed=5, pioneers="unique")
    others = [b for b in PIONEERS if b != pid]
    s["players"][0]["boards"] = [pid, others[0]]
    s["players"][1]["boards"] = others[1:3]
    deck_top = list(s["equip_deck"])
    s, ev = act(s, f"pioneer:{pid}", 0)
    s, ev = act(s, "pioneer:standard", 1)
    p = s["players"][0]
    st = PIONEERS[pid]["start"]
    assert (p["pioneer"], p["side"]) == (pid, "unique")
    assert [w["size"] for w in p["wagons"]] == st["wagons"] and all(w["damage"] == 0 for w in p["wagons"])
    assert (p["silver"], p["cattle"], p["wood"], p["medicine"]) == \
        (st["silver"], st["cattle"], st["wood"], st["medicine"])
    assert len(p["gold"]) == st["gold"] and all(v in (1, 2, 3) for v in p["gold"])
    assert p["equipment"] == deck_top[len(deck_top) - st["equipment"]:][::-1]
    # the standard side for the other seat
    q = s["players"][1]
    std = STANDARD_PIONEER["start"]
    assert (q["silver"], q["cattle"], q["side"]) == (std["silver"], std["cattle"], "standard")


def test_every_card_tile_and_pioneer_is_exercised():
    """Every card, tile and pioneer is in the parameters of at least one scenario test above (checked from
    those lists, so it holds whatever runs, in whatever order or process)."""
    everything = set(TOWNSFOLK) | set(EQUIPMENT) | set(PIONEERS)
    effects = {cid for k, cid in held()} | {t for t, c in TOWNSFOLK.items() if c["effect"] is None}
    assert effects | set(PIONEERS) | {c for _, c in VP_CARDS} == everything
    whens = {ability_of(k, c)["when"] for k, c in held()}
    assert whens <= {"immediate", "trigger", "ongoing", "end_of_week"}
    # every ongoing effect has a scenario for each of its mods
    covered = {"immune", "protect", "income", "action_bonus", "recruit_bonus", "face_change_cost",
               "wagon_cost", "town_cattle_vp", "favor_bonus"}
    for k, c in held(when="ongoing"):
        assert set(ability_of(k, c)["mods"]) <= covered, c
    scenarios = [IMMEDIATE, TRIGGERS, END_OF_WEEK, PROTECTS, INCOME_MODS, ACTION_MODS, RECRUIT_MODS, FACE_MODS,
                 WAGON_MODS, CATTLE_VP_MODS, FAVOR_MODS, VP_CARDS]
    exercised = {row[1] for rows in scenarios for row in rows} | set(PIONEERS)  # test_pioneer_start_and_side
    exercised |= {t for t, c in TOWNSFOLK.items() if c["effect"] is None}  # test_null_effect_townsfolk_only_joins
    assert exercised >= everything, sorted(everything - exercised)
