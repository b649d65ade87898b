"""Scenario tests: the disaster tracks, the four disasters, the town visit, the end of the game."""

from engine_helpers import act, all_events, bodies, finish_day_with, game

import games.pioneer_days.rules as engine
from games.pioneer_days.rules import flow
from games.pioneer_days.rules.cards import TOWNS, TOWNSFOLK
from games.pioneer_days.rules.constants import DISASTERS
from games.pioneer_days.rules.effects import free_spaces
from games.pioneer_days.rules.scoring import breakdown, results


def no_choices(s):
    """Everybody loses their decisions' interest: no wood, no medicine, no cattle."""
    for p in s["players"]:
        p["wood"] = p["medicine"] = p["cattle"] = 0


def test_leftover_die_advances_its_track():
    s = game()
    ev = finish_day_with(s, "red")
    assert s["tracks"] == {"storm": 0, "raid": 1, "famine": 0, "disease": 0}
    assert all_events(ev, "disaster_advanced")[0]["triggered"] == []


def test_black_leftover_advances_all_four():
    s = game()
    finish_day_with(s, "black")
    assert s["tracks"] == {d: 1 for d in DISASTERS}


def test_disaster_triggers_at_4_and_marker_returns_to_0():
    s = game()
    s["tracks"]["raid"] = 3
    s["players"][0]["silver"] = 7
    s["players"][1]["silver"] = 0
    ev = finish_day_with(s, "red")
    trig = all_events(ev, "disaster_triggered")
    assert [t["disaster"] for t in trig] == ["raid"]
    assert s["tracks"]["raid"] == 0


def test_raid_takes_half_rounded_up():
    s = game()
    s["tracks"]["raid"] = 3
    s["players"][0]["silver"] = 7
    s["players"][1]["silver"] = 1
    ev = finish_day_with(s, "red")
    assert s["players"][0]["silver"] == 3  # $7 leaves $3
    assert s["players"][1]["silver"] == 0
    rep = all_events(ev, "disaster_triggered")[0]["players"][0]
    assert rep["before"]["silver"] == 7 and rep["after"]["silver"] == 3


def test_two_disasters_resolve_storm_before_raid():
    s = game()
    no_choices(s)
    s["tracks"]["storm"] = 3
    s["tracks"]["raid"] = 3
    ev = finish_day_with(s, "black")
    order = [e["disaster"] for e in all_events(ev, "disaster_triggered")]
    assert order == ["storm", "raid"]
    assert s["tracks"] == {"storm": 0, "raid": 0, "famine": 1, "disease": 1}


def test_storm_pay_wood_or_damage_each_wagon():
    s = game()
    s["tracks"]["storm"] = 3
    p0, p1 = s["players"]
    p0["wood"] = 2
    p0["wagons"].append({"size": "large", "damage": 0})
    p1["wood"] = 0  # no wood: damaged automatically
    finish_day_with(s, "blue")
    assert s["stage"] == "disaster" and engine.deciders(s) == [0]
    assert bodies(s, 0) == ["storm:pay:0", "storm:damage:0"]
    s, _ = act(s, "storm:pay:0", 0)
    s, ev = act(s, "storm:damage:1", 0)
    assert s["players"][0]["wood"] == 1
    assert [w["damage"] for w in s["players"][0]["wagons"]] == [0, 1]
    assert s["players"][1]["wagons"][0]["damage"] == 1
    assert s["stage"] == "turn"
    rep = all_events(ev, "disaster_triggered")[0]["players"]
    assert rep[0]["before"]["wood"] == 2 and rep[0]["after"]["wood"] == 1
    assert rep[1]["after"]["damage"] == 1


def test_storm_fully_damaged_wagon_takes_no_more_and_costs_nothing():
    s = game()
    no_choices(s)
    s["tracks"]["storm"] = 3
    s["players"][0]["wagons"] = [{"size": "small", "damage": 2}, {"size": "large", "damage": 0}]
    s["players"][0]["wood"] = 3
    finish_day_with(s, "blue")
    # the fully damaged wagon has no usable space: no choice, no wood, no extra damage
    assert bodies(s, 0) == ["storm:pay:1", "storm:damage:1"]
    s, _ = act(s, "storm:pay:1", 0)
    assert [w["damage"] for w in s["players"][0]["wagons"]] == [2, 0]
    assert s["players"][0]["wood"] == 2
    assert s["stage"] == "turn"


def test_storm_goods_that_no_longer_fit_owner_chooses():
    s = game()
    s["tracks"]["storm"] = 3
    p0 = s["players"][0]
    p0["wood"] = 0
    p0["medicine"] = 2
    p0["gold"] = [3, 1]
    p0["cattle"] = 0
    s["players"][1]["wood"] = 0
    finish_day_with(s, "blue")  # no wood: damage is automatic, then 3 spaces used of 2
    assert s["stage"] == "disaster" and s["pending"][0]["kind"] == "overflow"
    assert set(bodies(s, 0)) == {"lose:medicine", "lose:gold:1", "lose:gold:3"}
    s, _ = act(s, "lose:gold:1", 0)
    assert s["players"][0]["gold"] == [3] and free_spaces(s["players"][0]) == 0
    assert s["stage"] == "turn"


def test_famine_you_must_pay_while_you_have_silver():
    """"For each of your cattle, you must pay 1 silver. Any cattle you cannot pay for are returned
    to stock": no choice is offered, the silver is taken as far as it goes."""
    s = game(players=3)
    s["tracks"]["famine"] = 3
    p0, p1, p2 = s["players"]
    p0["cattle"], p0["silver"] = 2, 5  # pays for both (today's bug: was offered feed:2/1/0)
    p1["cattle"], p1["silver"] = 3, 2  # pays $2, loses 1
    p2["cattle"], p2["silver"] = 2, 0  # cannot pay: loses both
    ev = finish_day_with(s, "yellow")
    assert s["stage"] == "turn" and engine.deciders(s) == [s["turn"]]  # nobody was asked
    assert [(p["cattle"], p["silver"]) for p in s["players"]] == [(2, 3), (2, 0), (0, 0)]
    report = all_events(ev, "disaster_triggered")[0]["players"]
    assert [r["choices"] for r in report] == [[{"fed": 2, "lost_cattle": 0}],
                                              [{"fed": 2, "lost_cattle": 1}],
                                              [{"fed": 0, "lost_cattle": 2}]]


def test_famine_protection_feeds_some_cattle_free_and_the_rest_are_paid():
    hay_bale = "EQ21"  # Always: Famine: 3 cattle fed free
    assert engine.cards.EQUIPMENT[hay_bale]["effect"]["mods"]["protect"] == {"famine": 3}
    s = game()
    s["tracks"]["famine"] = 3
    p0, p1 = s["players"]
    p0.update(cattle=5, silver=1, equipment=[hay_bale])  # 3 free, 1 paid, 1 lost
    p1.update(cattle=2, silver=4, equipment=[hay_bale])  # all free: keeps the silver
    finish_day_with(s, "yellow")
    assert s["stage"] == "turn"
    assert (s["players"][0]["cattle"], s["players"][0]["silver"]) == (4, 0)
    assert (s["players"][1]["cattle"], s["players"][1]["silver"]) == (2, 4)


def test_famine_with_another_disaster_asks_only_the_real_choices():
    """A black leftover die at 3 everywhere: storm and disease ask, famine does not."""
    s = game()
    s["tracks"] = {d: 3 for d in DISASTERS}
    for p in s["players"]:
        p.update(cattle=2, silver=6, wood=1, medicine=0, townsfolk=[])
    finish_day_with(s, "black")
    kinds = set()
    while s["stage"] == "disaster":
        seat = engine.deciders(s)[0]
        kinds.add(s["pending"][seat]["kind"])
        s, _ = act(s, bodies(s, seat)[0], seat)
    assert kinds == {"storm"}
    # raid took $3 of 6, then famine $2 for the 2 cattle
    assert [(p["cattle"], p["silver"]) for p in s["players"]] == [(2, 1), (2, 1)]


def test_disease_medicine_or_discard_with_pioneer_immunity():
    s = game()
    s["tracks"]["disease"] = 3
    a, b, c = sorted(TOWNSFOLK)[:3]
    p0, p1 = s["players"]
    p0["townsfolk"], p0["medicine"] = [a, b, c], 1
    p1["townsfolk"], p1["medicine"] = [a], 0  # one townsfolk: the standard immunity covers it
    finish_day_with(s, "green")
    assert s["players"][1]["townsfolk"] == [a]
    assert engine.deciders(s) == [0]
    assert bodies(s, 0) == [f"disease:spare:{a}", f"disease:pay:{a}", f"disease:lose:{a}"]
    s, _ = act(s, f"disease:pay:{a}", 0)
    s, _ = act(s, f"disease:spare:{b}", 0)  # one townsfolk immune (standard Pioneer)
    # c: no medicine, no immunity left: discarded automatically
    assert s["players"][0]["townsfolk"] == [a, b] and s["players"][0]["medicine"] == 0


def _to_week_end(s):
    s["day"] = 5
    return finish_day_with(s, "red", "wild")


def test_town_visit_cattle_vp_and_satisfy_each_card_once():
    s = game()
    t1, t2 = s["towns_up"]
    p0 = s["players"][0]
    p0.update(wood=20, medicine=20, cattle=3, silver=30, gold=[1, 1, 2, 3, 1, 1],
              wagons=[{"size": "large", "damage": 0}] * 6)
    p0["equipment"] = ["EQ01"]
    _to_week_end(s)
    assert s["stage"] == "town"
    assert s["players"][0]["vp"] == 3  # 1 VP per cattle
    opts = bodies(s, 0)
    assert f"town:{t1}" in opts or f"town:{t1}:EQ01" in opts
    first = next(o for o in opts if o.startswith(f"town:{t1}"))
    before = dict(s["players"][0])
    s, _ = act(s, first, 0)
    p = s["players"][0]
    for k, n in TOWNS[t1]["needs"].items():
        if k in ("wood", "medicine", "cattle", "silver"):
            assert p[k] == before[k] - n  # discards ALL the items it requires
    assert p["favors"] == TOWNS[t1]["favors"]
    assert not any(o.startswith(f"town:{t1}") for o in bodies(s, 0))  # once per card


def test_town_week_end_then_next_week():
    s = game(players=2, seed=11)
    for p in s["players"]:
        p.update(wood=0, medicine=0, cattle=1, silver=0)
    ev = _to_week_end(s)
    assert all_events(ev, "town_visited")
    assert s["week"] == 2 and s["day"] == 1
    assert len(s["towns_up"]) == 2


def test_final_week_final_advance_then_three_card_town_then_scoring():
    s = game(players=2, seed=12)
    no_choices(s)
    for p in s["players"]:
        p["silver"] = 0
    s["week"] = 4
    s["towns_up"] = [s["town_deck"].pop() for _ in range(3)]
    s["tracks"] = {"storm": 0, "raid": 3, "famine": 0, "disease": 2}
    ev = _to_week_end(s)  # the red leftover triggers Raid; the final advance then moves all
    adv = all_events(ev, "disaster_advanced")
    assert [a["why"] for a in adv] == ["leftover", "final"]
    assert adv[1]["tracks"] == {"storm": 1, "raid": 1, "famine": 1, "disease": 3}
    assert s["stage"] == "over"
    assert all_events(ev, "town_visited")[0]["towns"] == s["towns_up"] and len(s["towns_up"]) == 3
    assert all_events(ev, "game_over")


def test_final_scoring_categories():
    s = game(players=3)
    p0, p1, p2 = s["players"]
    p0.update(gold=[3, 2, 1], favors=2, vp=4)
    p0["wagons"] = [{"size": "small", "damage": 1}]
    p1.update(favors=2)
    b = breakdown(s, 0)
    assert b["gold"] == 6 and b["favors"] == 4 and b["majority"] == 5  # ties all gain it
    assert breakdown(s, 1)["majority"] == 5 and breakdown(s, 2)["majority"] == 0
    assert b["damage"] == -2 and b["game"] == 4
    assert b["total"] == 6 + 4 + 5 - 2 + 4 + b["townsfolk"] + b["equipment"]


def test_tie_break_silver_then_shared_victory():
    s = game(players=3)
    for p in s["players"]:
        p["vp"] = 10
    s["players"][0]["silver"] = 4
    s["players"][1]["silver"] = 4
    s["players"][2]["silver"] = 1
    r = results(s)
    assert [x["winner"] for x in r] == [True, True, False]
    assert [x["rank"] for x in r] == [1, 1, 3]
    s["players"][1]["silver"] = 3
    assert [x["winner"] for x in results(s)] == [True, False, False]


def test_end_of_week_effects_run_first():
    card = next(t for t, c in TOWNSFOLK.items() if c["effect"] and c["effect"]["when"] == "end_of_week"
                and list(c["effect"]["do"][0]) == ["gain"] and "silver" in c["effect"]["do"][0]["gain"])
    s = game()
    no_choices(s)
    s["players"][0]["townsfolk"] = [card]
    s["players"][0]["silver"] = 0
    events = []
    flow.visit_town(s, events)
    eow = all_events(events, "town_visited")[0]["players"][0]["end_of_week"]
    assert eow[0]["id"] == card
    assert eow[0]["gained"]["silver"] == TOWNSFOLK[card]["effect"]["do"][0]["gain"]["silver"]


def test_majority_bonus_when_nobody_has_a_favor():
    """"If you have (or are tied for) the most favor tokens, gain 5 VPs": with no favors at all,
    everybody is tied for the most."""
    s = game(players=3)
    assert [breakdown(s, i)["majority"] for i in range(3)] == [5, 5, 5]
    s["players"][2]["favors"] = 1
    assert [breakdown(s, i)["majority"] for i in range(3)] == [0, 0, 5]
    assert [r["vp"]["majority"] for r in results(s)] == [0, 0, 5]
