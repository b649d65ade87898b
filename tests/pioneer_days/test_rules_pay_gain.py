"""Nothing is paid for nothing: an automatic "pay X for Y" (pay_gain) happens only when all of Y can
be received; otherwise nothing is paid. Scenarios with the shipped cards that have this shape."""

import copy

import pytest
from engine_helpers import act, all_events, game, take

from games.pioneer_days.rules import describe, effects, flow
from games.pioneer_days.rules.cards import EQUIPMENT, PIONEERS, TOWNSFOLK
from games.pioneer_days.rules.constants import FACES


def seat0(s, **goods):
    s["turn"], s["step"] = 0, "pick"
    p = s["players"][0]
    p.update(silver=0, wood=0, medicine=0, cattle=0, gold=[], equipment=[], townsfolk=[], favors=0, vp=0,
             wagons=[{"size": "small", "damage": 0}])
    p.update(goods)
    return p


def pay_gain_cards():
    """(kind, id, op) of every shipped card, tile and pioneer whose effect has a pay_gain."""
    for kind, table, key in (("townsfolk", TOWNSFOLK, "effect"), ("equipment", EQUIPMENT, "effect"),
                             ("pioneer", PIONEERS, "ability")):
        for cid, c in table.items():
            e = c[key]
            for op in (e or {}).get("do", []):
                if "pay_gain" in op:
                    yield kind, cid, op["pay_gain"]


def test_the_catalogue_shape_is_known():
    """Every pay_gain of the catalogue: the ones that gain goods needing room say "(if room)"."""
    found = {cid: effects.needs_room(op["gain"]) for _, cid, op in pay_gain_cards()}
    assert found == {"P3": False, "B02": True, "B06": True, "C01": False, "C04": False, "D06": True,
                     "D11": True, "EQ06": True, "EQ12": False}
    for kind, cid, op in pay_gain_cards():
        text = describe.card(kind, cid)["effect"]
        assert ("(if room)" in text) == effects.needs_room(op["gain"]), (cid, text)


def test_dynamite_with_full_wagons_takes_no_silver():
    """Dynamite EQ06 (On Mine: pay $2 for 1 gold token): with no free space, nothing is paid
    (today: 'paid $2, lost gold 1')."""
    s = game(seed=1)
    seat0(s, silver=5, gold=[1, 1, 1], equipment=["EQ06"])  # 4 spaces, all used
    s, ev = take(s, "blue", "mine")
    p = s["players"][0]
    assert p["silver"] == 5 and len(p["gold"]) == 3
    fired = all_events(ev, "die_picked")[0]["triggered"]
    assert fired[0]["id"] == "EQ06" and "paid" not in fired[0] and "lost" not in fired[0]


def test_dynamite_with_room_pays_and_draws():
    s = game(seed=1)
    seat0(s, silver=5, gold=[1, 1], equipment=["EQ06"])  # one free space
    s, ev = take(s, "blue", "mine")
    p = s["players"][0]
    assert p["silver"] == 3 and len(p["gold"]) == 3
    fired = all_events(ev, "die_picked")[0]["triggered"][0]
    assert fired["paid"] == {"silver": 2} and fired["gained"] == {"gold": 1}


def test_powder_monkey_with_an_empty_gold_bag_takes_no_silver():
    s = game(seed=1)
    seat0(s, silver=5, townsfolk=["D06"])
    s["gold_bag"] = []
    s, _ = take(s, "blue", "wild")
    assert s["players"][0]["silver"] == 5 and s["players"][0]["gold"] == []


def test_faro_dealer_recruited_with_full_wagons_costs_nothing():
    s = game(seed=1)
    seat0(s, silver=4, gold=[2, 2], wood=4)  # 2 + 2 spaces: full
    s["slots"][FACES.index("wood")] = "B02"
    s, _ = take(s, "blue", "wood")
    s, ev = act(s, "recruit")
    p = s["players"][0]
    assert "B02" in p["townsfolk"] and p["silver"] == 4 and len(p["gold"]) == 2
    assert "paid" not in all_events(ev, "die_taken")[0]


def test_apothecary_pays_only_when_both_medicine_fit():
    """Apothecary B06 (On Medicine: pay $1 for 2 medicine): room for one only -> nothing happens."""
    s = game(seed=1)
    seat0(s, silver=3, gold=[1, 1, 1], medicine=1, townsfolk=["B06"])  # half a space free: 1 fits
    t, _ = take(s, "blue", "medicine")
    assert (t["players"][0]["silver"], t["players"][0]["medicine"]) == (3, 1)
    s["players"][0]["gold"] = [1, 1]  # a whole space more: both fit
    t, _ = take(s, "blue", "medicine")
    assert (t["players"][0]["silver"], t["players"][0]["medicine"]) == (2, 3)


def test_gold_buyer_at_the_town_with_full_wagons_takes_no_silver():
    s = game(seed=1)
    p = seat0(s, silver=6, gold=[1, 1, 1, 1], townsfolk=["D11"])
    events = []
    flow.visit_town(s, events)
    assert p["silver"] == 6 and len(p["gold"]) == 4
    eow = all_events(events, "town_visited")[0]["players"][0]["end_of_week"][0]
    assert eow["id"] == "D11" and "paid" not in eow and "lost" not in eow


@pytest.mark.parametrize("cid", ["C04", "EQ12"])
def test_cattle_need_no_room_so_they_are_always_bought(cid):
    s = game(seed=1)
    holder = {"townsfolk": [cid]} if cid in TOWNSFOLK else {"equipment": [cid]}
    seat0(s, silver=2, gold=[1, 1, 1], **holder)  # full (or all but one space) either way
    s, _ = take(s, "blue", "cattle")
    assert (s["players"][0]["silver"], s["players"][0]["cattle"]) == (0, 1)


def test_a_payment_that_frees_room_counts(monkeypatch):
    """Room is checked after paying: paying 2 wood frees the space a gold token needs."""
    entry = copy.deepcopy(TOWNSFOLK["A01"])
    entry["effect"] = {"when": "trigger", "face": "mine",
                       "do": [{"pay_gain": {"pay": {"wood": 2}, "gain": {"gold": 1}}}]}
    monkeypatch.setitem(TOWNSFOLK, "A01", entry)
    effects.forget_holdings()
    s = game(seed=1)
    seat0(s, gold=[1, 1, 1], wood=2, townsfolk=["A01"])  # full
    s, _ = take(s, "blue", "mine")
    p = s["players"][0]
    assert p["wood"] == 0 and len(p["gold"]) == 4
    effects.forget_holdings()
