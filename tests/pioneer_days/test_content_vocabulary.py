"""Hand-written checks of every word of the effect vocabulary (content/FORMAT.md), on synthetic
effects put on a card for the test (so they do not depend on the tuning of the shipped content),
plus the loader's refusals of malformed content, naming the card."""

import copy

import pytest
from engine_helpers import act, all_events, finish_day_with, game, take

from games.pioneer_days.rules import describe, effects, flow
from games.pioneer_days.rules.cards import CONTENT, EQUIPMENT, TOWNS, TOWNSFOLK, ContentError, validate
from games.pioneer_days.rules.scoring import breakdown

CARD = "A01"  # any townsfolk: its effect is replaced in each test
TILE = "EQ01"  # any equipment tile: likewise


@pytest.fixture
def put(monkeypatch):
    """put(kind, effect, vp=None) swaps the effect (and vp) of CARD / TILE for this test."""
    def _put(kind, effect, vp=None):
        cid, table = (CARD, TOWNSFOLK) if kind == "townsfolk" else (TILE, EQUIPMENT)
        entry = copy.deepcopy(table[cid])
        entry["effect"] = effect
        if vp is not None:
            entry["vp"] = vp
        monkeypatch.setitem(table, cid, entry)
        effects.forget_holdings()
        return cid
    yield _put
    effects.forget_holdings()


def seat0(s):
    s["turn"], s["step"] = 0, "pick"
    p = s["players"][0]
    p.update(silver=0, wood=0, medicine=0, cattle=0, gold=[], equipment=[], townsfolk=[], favors=0, vp=0,
             wagons=[{"size": "large", "damage": 0}])
    return p


def recruit(s, cid, face="wood"):
    from games.pioneer_days.rules.constants import FACES
    s["slots"][FACES.index(face)] = cid
    s, _ = take(s, "blue", face)
    s, ev = act(s, "recruit")
    return s, all_events(ev, "die_taken")[0]


# ---- ops -----------------------------------------------------------------------------------
def test_gain_every_resource(put):
    everything = {"silver": 2, "wood": 3, "medicine": 1, "cattle": 1, "gold": 2, "vp": 1, "favor": 1}
    cid = put("townsfolk", {"when": "immediate", "do": [{"gain": everything}]})
    s = game(seed=1)
    seat0(s)
    s, taken = recruit(s, cid)
    p = s["players"][0]
    assert (p["silver"], p["wood"], p["medicine"], p["cattle"], len(p["gold"]), p["vp"], p["favors"]) == \
        (2, 3, 1, 1, 2, 1, 1)
    assert taken["gained"] == everything


def test_gain_goods_that_do_not_fit_are_lost(put):
    cid = put("townsfolk", {"when": "immediate", "do": [{"gain": {"wood": 3, "gold": 1, "cattle": 2}}]})
    s = game(seed=1)
    p = seat0(s)
    p["wagons"] = [{"size": "small", "damage": 0}]
    p["gold"] = [1, 1, 1]  # one free space left: 2 wood fit, the 3rd wood and the gold do not
    s, taken = recruit(s, cid)
    p = s["players"][0]
    assert (p["wood"], len(p["gold"]), p["cattle"]) == (2, 3, 2)  # cattle need no space
    assert taken["lost"] == {"wood": 1, "gold": 1}


def test_pay_gain_pays_only_when_it_can(put):
    cid = put("townsfolk", {"when": "trigger", "face": "mine",
                            "do": [{"pay_gain": {"pay": {"silver": 3, "wood": 1}, "gain": {"vp": 2}}}]})
    s = game(seed=1)
    p = seat0(s)
    p["townsfolk"] = [cid]
    p["silver"], p["wood"] = 2, 1  # $2 < $3: nothing happens
    s2, _ = take(s, "blue", "mine")
    assert (s2["players"][0]["silver"], s2["players"][0]["wood"], s2["players"][0]["vp"]) == (2, 1, 0)
    p["silver"] = 7
    s2, ev = take(s, "blue", "mine")
    assert (s2["players"][0]["silver"], s2["players"][0]["wood"], s2["players"][0]["vp"]) == (4, 0, 2)
    assert all_events(ev, "die_picked")[0]["triggered"][0]["paid"] == {"silver": 3, "wood": 1}


def test_pay_gain_may_pay_vp_and_favors(put):
    cid = put("townsfolk", {"when": "immediate", "do": [{"pay_gain": {"pay": {"vp": 2, "favor": 1},
                                                                       "gain": {"silver": 9}}}]})
    s = game(seed=1)
    p = seat0(s)
    p["vp"], p["favors"] = 3, 1
    s, _ = recruit(s, cid)
    assert (s["players"][0]["vp"], s["players"][0]["favors"], s["players"][0]["silver"]) == (1, 0, 9)


@pytest.mark.parametrize("cattle,silver", [(0, 0), (1, 0), (3, 2), (5, 4), (9, 4)])
def test_gain_per_div_and_max(put, cattle, silver):
    cid = put("townsfolk", {"when": "immediate", "do": [{"gain_per": {"gain": {"silver": 2}, "per": "cattle",
                                                                       "div": 2, "max": 2}}]})
    s = game(seed=1)
    p = seat0(s)
    p["cattle"] = cattle
    s, _ = recruit(s, cid)
    assert s["players"][0]["silver"] == silver


def test_retreat_moves_a_marker_back_not_below_zero(put):
    cid = put("townsfolk", {"when": "immediate", "do": [{"retreat": "raid"}, {"retreat": "raid"},
                                                        {"retreat": "storm"}]})
    s = game(seed=1)
    seat0(s)
    s["tracks"] = {"storm": 0, "raid": 3, "famine": 2, "disease": 1}
    s, taken = recruit(s, cid)
    assert s["tracks"] == {"storm": 0, "raid": 1, "famine": 2, "disease": 1}
    assert taken["retreated"] == ["raid", "raid"]


def test_draw_equipment_from_the_deck_into_free_spaces(put):
    cid = put("townsfolk", {"when": "immediate", "do": [{"draw_equipment": 2}]})
    s = game(seed=1)
    p = seat0(s)
    top = s["equip_deck"][-2:]
    s2, _ = recruit(s, cid)
    assert s2["players"][0]["equipment"] == top[::-1]
    assert s2["equip_deck"] == s["equip_deck"][:-2]
    p["wagons"] = [{"size": "small", "damage": 0}]
    p["gold"] = [1, 1, 1]  # one free space: one tile only
    s3, _ = recruit(s, cid)
    assert s3["players"][0]["equipment"] == top[-1:]


def test_immediate_tile_acts_when_taken(put):
    tile = put("equipment", {"when": "immediate", "do": [{"gain": {"medicine": 2}}, {"retreat": "famine"}]})
    s = game(seed=1)
    seat0(s)
    s["equip_up"] = [tile]
    s["tracks"]["famine"] = 2
    s, _ = take(s, "blue", "equip")
    s, _ = act(s, "act")
    s, _ = act(s, f"equip:{tile}")
    p = s["players"][0]
    assert p["equipment"] == [tile] and p["medicine"] == 2 and s["tracks"]["famine"] == 1


def test_end_of_week_ops_run_at_the_town_before_cattle_vp(put):
    cid = put("townsfolk", {"when": "end_of_week", "do": [{"gain": {"cattle": 2, "vp": 1}}]})
    s = game(seed=1)
    p = seat0(s)
    p["townsfolk"], p["cattle"] = [cid], 1
    s["towns_up"] = []
    ev = []
    flow.visit_town(s, ev)
    assert (s["players"][0]["cattle"], s["players"][0]["vp"]) == (3, 1 + 3)  # 1 VP + 3 cattle at the town


# ---- mods ----------------------------------------------------------------------------------
def test_immune_ignores_the_disaster(put):
    put("equipment", {"when": "ongoing", "mods": {"immune": ["raid", "famine"]}})
    s = game(seed=1)
    p = seat0(s)
    p["equipment"], p["silver"], p["cattle"] = [TILE], 10, 2
    s["players"][1].update(silver=10, cattle=0)
    s["tracks"]["raid"] = 3
    ev = finish_day_with(s, "red")
    assert (s["players"][0]["silver"], s["players"][1]["silver"]) == (10, 5)
    assert all_events(ev, "disaster_triggered")[0]["players"][0]["immune"] is True


@pytest.mark.parametrize("shield,left", [(4, 7), (10, 10), (20, 10)])
def test_protect_raid_keeps_that_much_silver(put, shield, left):
    put("equipment", {"when": "ongoing", "mods": {"protect": {"raid": shield}}})
    s = game(seed=1)
    p = seat0(s)
    p["equipment"], p["silver"] = [TILE], 10
    s["tracks"]["raid"] = 3
    finish_day_with(s, "red")
    assert s["players"][0]["silver"] == left  # $10 with $4 safe: half of $6 taken


def test_protect_storm_famine_disease(put):
    put("equipment", {"when": "ongoing", "mods": {"protect": {"storm": 1, "famine": 2, "disease": 2}}})
    s = game(seed=1)
    p = seat0(s)
    p.update(equipment=[TILE], cattle=3, silver=0, townsfolk=["B01", "B02", "B03"],
             wagons=[{"size": "large", "damage": 0}, {"size": "small", "damage": 0}])
    s["players"][1].update(cattle=0, wood=0, medicine=0, townsfolk=[], silver=0)
    s["tracks"].update(storm=3, famine=3, disease=3)
    finish_day_with(s, "black")  # all three at once, top to bottom
    while s["stage"] == "disaster":
        from games.pioneer_days.rules import deciders, legal_actions
        seat = deciders(s)[0]
        acts = [a.id.split(":", 1)[1] for a in legal_actions(s, seat)]
        pick = next((a for a in acts if a.startswith(("storm:damage", "disease:spare"))),
                    next((a for a in acts if a.startswith("disease:lose")), acts[0]))
        s, _ = act(s, pick, seat)
    p = s["players"][0]
    # storm: the first wagon is safe, the second is damaged; famine: 2 of 3 cattle fed free;
    # disease: the pioneer (1) + the tile (2) spare all 3 townsfolk
    assert [w["damage"] for w in p["wagons"]] == [0, 1]
    assert p["cattle"] == 2 and len(p["townsfolk"]) == 3


def test_income_any_and_face(put):
    put("equipment", {"when": "ongoing", "mods": {"income": {"any": 1, "wood": 2}}})
    checked = 0
    for face, silver in (("wood", 5 + 1 + 2), ("mine", 2 + 1)):
        s = game(seed=1)
        p = seat0(s)
        p["equipment"] = [TILE]
        s, _ = take(s, "blue", face)
        s, _ = act(s, "income")
        assert s["players"][0]["silver"] == silver
        checked += 1
    assert checked == 2


def test_action_bonus_also_through_wild(put):
    put("equipment", {"when": "ongoing", "mods": {"action_bonus": {"wood": {"silver": 1, "vp": 1}}}})
    for face in ("wood", "wild"):
        s = game(seed=1)
        p = seat0(s)
        p["equipment"] = [TILE]
        s, _ = take(s, "blue", face)
        s, _ = act(s, "act")
        if face == "wild":
            s, _ = act(s, "wild:wood")
        p = s["players"][0]
        assert (p["wood"], p["silver"], p["vp"]) == (1, 1, 1)
    # another action gains no bonus
    s = game(seed=1)
    p = seat0(s)
    p["equipment"] = [TILE]
    s, _ = take(s, "blue", "medicine")
    s, _ = act(s, "act")
    assert (s["players"][0]["medicine"], s["players"][0]["silver"]) == (1, 0)


def test_recruit_bonus(put):
    put("equipment", {"when": "ongoing", "mods": {"recruit_bonus": {"vp": 1, "silver": 2}}})
    cid = put("townsfolk", None)
    s = game(seed=1)
    p = seat0(s)
    p["equipment"] = [TILE]
    s, _ = recruit(s, cid)
    assert (s["players"][0]["vp"], s["players"][0]["silver"]) == (1, 2)


@pytest.mark.parametrize("delta,cost", [(-1, 2), (-5, 0), (2, 5)])
def test_face_change_cost_never_below_zero(put, delta, cost):
    put("equipment", {"when": "ongoing", "mods": {"face_change_cost": delta}})
    s = game(seed=1)
    p = seat0(s)
    p["equipment"], p["silver"] = [TILE], 6
    s, _ = take(s, "blue", "wild")
    s, _ = act(s, "face:cattle")
    assert s["players"][0]["silver"] == 6 - cost


@pytest.mark.parametrize("delta,small,large", [(-2, 3, 6), (-9, 0, 0), (1, 6, 9)])
def test_wagon_cost_never_below_zero(put, delta, small, large):
    put("equipment", {"when": "ongoing", "mods": {"wagon_cost": delta}})
    checked = 0
    for size, cost in (("small", small), ("large", large)):
        s = game(seed=1)
        p = seat0(s)
        p["equipment"], p["silver"] = [TILE], 10
        s, _ = act(s, f"buy:{size}")
        assert s["players"][0]["silver"] == 10 - cost
        checked += 1
    assert checked == 2


def test_town_cattle_vp_and_favor_bonus(put):
    put("equipment", {"when": "ongoing", "mods": {"town_cattle_vp": 2, "favor_bonus": 1}})
    s = game(seed=1)
    p = seat0(s)
    p.update(equipment=[TILE], cattle=2, wood=2, medicine=1)
    s["players"][1].update(cattle=0, wood=0, medicine=0, silver=0)
    town = next(t for t, c in TOWNS.items() if c["needs"] == {"wood": 2, "medicine": 1})
    s["towns_up"] = [town]
    flow.visit_town(s, [])
    assert s["players"][0]["vp"] == 2 * 3  # 1 + 2 VP per cattle
    s, _ = act(s, f"town:{town}", 0)
    assert s["players"][0]["favors"] == TOWNS[town]["favors"] + 1


def test_several_sources_add_up(put):
    put("equipment", {"when": "ongoing", "mods": {"income": {"any": 1}, "protect": {"raid": 2}}})
    put("townsfolk", {"when": "ongoing", "mods": {"income": {"any": 2}, "protect": {"raid": 2}}})
    s = game(seed=1)
    p = seat0(s)
    p["equipment"], p["townsfolk"] = [TILE], [CARD]
    s2, _ = take(s, "blue", "wild")
    s2, _ = act(s2, "income")
    assert s2["players"][0]["silver"] == 1 + 3
    p["silver"] = 8
    s["tracks"]["raid"] = 3
    finish_day_with(s, "red")
    assert s["players"][0]["silver"] == 8 - 2  # $4 safe, half of $4 taken


# ---- counts and endgame VP -----------------------------------------------------------------
COUNT_TABLE = {"cattle": 4, "favor": 3, "wagon": 3, "small_wagon": 2, "large_wagon": 1, "gold_token": 2,
               "equipment": 1, "townsfolk": 2, "wood": 3, "medicine": 1, "silver": 9, "goods_set": 1,
               "undamaged_wagon": 2, "damage": 1,
               "free_space": (4 + 2 + 6) - 2 - 1 - 2 - 1}  # spaces - gold - tile - 3 wood - 1 medicine


def counting_player():
    s = game(seed=1)
    p = seat0(s)
    p.update(cattle=4, favors=3, silver=9, wood=3, medicine=1, gold=[3, 1], equipment=["EQ19"],
             townsfolk=["E03", "A02"],
             wagons=[{"size": "small", "damage": 0}, {"size": "small", "damage": 1},
                     {"size": "large", "damage": 0}])
    return s, p


@pytest.mark.parametrize("what", sorted(COUNT_TABLE))
def test_every_count(what):
    _, p = counting_player()
    assert effects.count(p, what) == COUNT_TABLE[what]


@pytest.mark.parametrize("vp,points", [({"fixed": 4}, 4), ({"per": "cattle", "each": 1}, 4),
                                       ({"per": "cattle", "each": 2, "max": 3}, 6),
                                       ({"per": "wood", "each": 3, "div": 2}, 3),
                                       ({"per": "silver", "each": 1, "div": 4, "max": 1}, 1),
                                       ({"per": "favor", "each": 1, "div": 4}, 0)])
def test_endgame_vp_fixed_per_div_max(put, vp, points):
    put("townsfolk", None, vp)
    s, p = counting_player()
    p["townsfolk"] = [CARD]
    assert breakdown(s, 0)["townsfolk"] == points


def test_equipment_vp_scores_in_its_own_category(put):
    put("equipment", {"when": "ongoing", "mods": {"wagon_cost": -1}}, {"per": "gold_token", "each": 2})
    s, p = counting_player()
    p["equipment"] = [TILE]
    assert breakdown(s, 0)["equipment"] == 4


# ---- texts ---------------------------------------------------------------------------------
def test_every_card_has_a_text_from_its_data():
    checked = townsfolk = 0
    for kind, cid in describe.all_cards():
        c = describe.card(kind, cid)
        assert c["name"] and c["effect"], (kind, cid)
        checked += 1
        if kind == "townsfolk":
            assert c["vp"] and (c["effect"] == "No effect.") == (TOWNSFOLK[cid]["effect"] is None)
            townsfolk += 1
    assert checked == 1 + sum(len(table) for table in CONTENT.values())  # + the standard pioneer
    assert townsfolk == len(TOWNSFOLK)


def test_vocabulary_texts():
    assert describe.effect_text({"when": "trigger", "face": "mine", "do": [
        {"pay_gain": {"pay": {"silver": 2}, "gain": {"gold": 1}}}]}) == \
        "On Mine: pay $2 for 1 gold token (if room)"
    assert describe.effect_text({"when": "end_of_week", "do": [
        {"gain_per": {"gain": {"silver": 1}, "per": "cattle", "max": 3}}]}) == \
        "Each town: +$1 per cattle (max 3)"
    assert describe.effect_text({"when": "immediate", "do": [{"draw_equipment": 1},
                                                             {"retreat": "storm"}]}) == \
        "Now: draw 1 equipment tile, Storm marker back 1"
    text = describe.effect_text({"when": "ongoing", "mods": {"immune": ["raid"], "favor_bonus": 1,
                                                            "recruit_bonus": {"vp": 1}}})
    assert text == "Always: immune to Raid; +1 favor per town card; recruiting: +1 VP"


# ---- the loader refuses malformed content, naming the card ----------------------------------
def _content():
    return copy.deepcopy({k: list(v.values()) for k, v in CONTENT.items()})


def _first(data, kind, cid=None):
    return next(c for c in data[kind] if cid is None or c["id"] == cid)


BAD = [
    ("townsfolk", "A01", lambda c: c.update(effect={"when": "immediate", "do": [{"gain_per": {
        "gain": {"silver": 1}, "per": "horses"}}]}), "unknown count"),
    ("townsfolk", "A01", lambda c: c.update(effect={"when": "immediate", "do": [{"retreat": "flood"}]}),
     "unknown disaster"),
    ("townsfolk", "A01", lambda c: c.update(effect={"when": "immediate", "do": [{"draw_equipment": 7}]}),
     "draw_equipment"),
    ("townsfolk", "A01", lambda c: c.update(effect={"when": "immediate", "do": []}), "non-empty list"),
    ("townsfolk", "A01", lambda c: c.update(effect={"when": "immediate", "do": [
        {"pay_gain": {"pay": {"gold": 1}, "gain": {"vp": 1}}}]}), "unknown resource 'gold'"),
    ("townsfolk", "A01", lambda c: c.update(effect={"when": "immediate", "do": [{"gain": {"silver": 0}}]}),
     "silver"),
    ("townsfolk", "A01", lambda c: c.update(effect={"when": "trigger", "do": [{"gain": {"silver": 1}}]}),
     "exactly"),
    ("townsfolk", "A01", lambda c: c.update(effect={"when": "trigger", "face": "moon",
                                                    "do": [{"gain": {"silver": 1}}]}), "unknown face"),
    ("townsfolk", "A01", lambda c: c.update(effect={"when": "ongoing", "mods": {"protect": {"flood": 1}}}),
     "protect"),
    ("townsfolk", "A01", lambda c: c.update(effect={"when": "ongoing", "mods": {"income": {"moon": 1}}}),
     "income"),
    ("townsfolk", "A01", lambda c: c.update(effect={"when": "ongoing", "mods": {"action_bonus": {
        "recruit": {"silver": 1}}}}), "action_bonus"),
    ("townsfolk", "A01", lambda c: c.update(effect={"when": "ongoing", "mods": {"immune": []}}), "immune"),
    ("townsfolk", "A01", lambda c: c.update(effect={"when": "ongoing", "mods": {"face_change_cost": 20}}),
     "face_change_cost"),
    ("townsfolk", "A01", lambda c: c.update(effect={"when": "ongoing", "mods": {"town_cattle_vp": 0}}),
     "town_cattle_vp"),
    ("townsfolk", "A01", lambda c: c.update(effect={"when": "ongoing", "mods": {"favor_bonus": 9}}),
     "favor_bonus"),
    ("townsfolk", "A01", lambda c: c.update(set="F"), "set"),
    ("townsfolk", "A01", lambda c: c.update(name="A" * 30), "name"),
    ("townsfolk", "A01", lambda c: c.update(vp={"per": "cattle"}), "vp"),
    ("townsfolk", "A01", lambda c: c.update(flavour="yee-haw"), "unknown"),
    ("equipment", "EQ01", lambda c: c.update(effect={"when": "end_of_week", "do": [{"gain": {"vp": 1}}]}),
     "end of the week"),
    ("equipment", "EQ01", lambda c: c.update(effect=None), "effect is required"),
    ("pioneers", "P1", lambda c: c["start"].pop("gold"), "start"),
    ("pioneers", "P1", lambda c: c.update(ability={"when": "ongoing", "mods": {"wagon_cost": "cheap"}}),
     "wagon_cost"),
]


@pytest.mark.parametrize("kind,cid,mutate,message", BAD, ids=[f"{b[0]}-{b[3]}" for b in BAD])
def test_loader_rejects_malformed_vocabulary(kind, cid, mutate, message):
    data = _content()
    mutate(_first(data, kind, cid))
    with pytest.raises(ContentError) as e:
        validate(data)
    assert cid in str(e.value) and message in str(e.value), str(e.value)


def test_loader_rejects_a_duplicate_id():
    data = _content()
    _first(data, "townsfolk", "A02")["id"] = "A01"
    with pytest.raises(ContentError, match=r"A01 \(Schoolteacher\): duplicate id"):
        validate(data)


def test_shipped_content_is_complete():
    assert validate(_content())  # the shipped data passes its own checks
    assert sorted(TOWNSFOLK) == [f"{s}{i:02d}" for s in "ABCDE" for i in range(1, 13)]
    assert sorted(EQUIPMENT) == [f"EQ{i:02d}" for i in range(1, 28)]
    assert len(TOWNS) == 22 and len(CONTENT["pioneers"]) == 8
    for cid, c in TOWNSFOLK.items():
        assert cid[0] == c["set"]
    names = [c["name"] for c in TOWNSFOLK.values()] + [c["name"] for c in EQUIPMENT.values()]
    assert len(set(names)) == len(names), "every card and tile has its own name"
