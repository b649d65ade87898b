"""One scenario per rule clause of RULES.md: setup, the week, the day and the turn."""

import pytest
from engine_helpers import act, all_events, bodies, game, set_pool, take, turn_of

import games.pioneer_days.rules as engine
from games.pioneer_days.rules import constants as K
from games.pioneer_days.rules.cards import EQUIPMENT, TOWNSFOLK
from games.pioneer_days.rules.effects import free_spaces, total_spaces


def test_setup_standard_pioneer_resources():
    s = game(players=3)
    for p in s["players"]:
        assert p["wagons"] == [{"size": "small", "damage": 0}]
        assert (p["silver"], p["cattle"], p["wood"], p["medicine"]) == (5, 1, 1, 1)
        assert p["gold"] == [] and p["equipment"] == [] and p["townsfolk"] == []
    assert s["wagon_supply"] == {"small": 10 - 3, "large": 10}


def test_setup_bags_and_decks():
    s = game(players=2, seed=5)
    assert sorted(s["gold_bag"]) == [1] * 18 + [2] * 12 + [3] * 6
    # 9 town cards for the game: 2 are up in week 1, 7 wait
    assert len(s["towns_up"]) == 2 and len(s["town_deck"]) == 7
    # sets A+B = 24 townsfolk: 6 dealt in week 1
    assert len(s["townsfolk_deck"]) == 18
    assert all(TOWNSFOLK[t]["set"] in "AB" for t in s["townsfolk_deck"] + s["slots"])


def test_start_player_is_random_across_seeds():
    starts = {game(players=4, seed=k)["start"] for k in range(30)}
    assert starts == {0, 1, 2, 3}


@pytest.mark.parametrize("n", [2, 3, 4])
def test_week_start_dice_equipment_slots(n):
    s = game(players=n, seed=2)
    # 1 set + 1 per player in the bag; N+1 dice drawn for day 1
    assert len(s["bag"]) + len(s["pool"]) == 5 * (n + 1)
    assert len(s["pool"]) == n + 1
    assert len(s["equip_up"]) == n + 1
    assert all(t is not None for t in s["slots"])


def test_day_turn_order_and_start_player_passes():
    s = game(players=3, seed=4)
    start = s["start"]
    seen = []
    while s["day"] == 1:
        seen.append(s["turn"])
        s, _ = act(s, "income" if s["step"] == "use" else
                   ("end" if s["step"] == "after" else bodies(s)[0]))
        while s["stage"] != "turn":
            s, _ = act(s, bodies(s)[-1])
    seen = list(dict.fromkeys(seen))
    assert seen == [start, (start + 1) % 3, (start + 2) % 3]
    assert s["start"] == (start + 1) % 3


@pytest.mark.parametrize("face,amount", list(K.INCOME.items()))
def test_income_by_face(face, amount):
    s = game(seed=3)
    seat = s["turn"]
    s["players"][seat]["silver"] = 0
    s, _ = take(s, "blue", face)
    s, ev = act(s, "income")
    assert s["players"][seat]["silver"] == amount
    assert all_events(ev, "die_taken")[0]["gained"] == {"silver": amount}


def test_trigger_on_rolled_face_not_on_changed_face():
    s = game(seed=3)
    seat = s["turn"]
    tile = next(t for t, e in EQUIPMENT.items()
                if e["effect"]["when"] == "trigger" and e["effect"]["do"] == [{"gain": {"silver": 2}}])
    face = EQUIPMENT[tile]["effect"]["face"]
    p = s["players"][seat]
    p["equipment"] = [tile]
    p["silver"] = 3
    s, ev = take(s, "red", face)
    assert s["players"][seat]["silver"] == 5  # triggered on the rolled face
    other = next(f for f in K.FACES if f != face)
    s2, ev = take(game(seed=3), "red", other)
    s2["players"][seat]["equipment"] = [tile]
    before = s2["players"][seat]["silver"]
    s2, _ = act(s2, f"face:{face}")
    assert s2["players"][seat]["silver"] == before - 3  # the new face triggers nothing


def test_face_change_costs_3_once_per_turn():
    s = game(seed=3)
    seat = s["turn"]
    s["players"][seat]["silver"] = 7
    s, _ = take(s, "green", "wild")
    s, ev = act(s, "face:medicine")
    assert s["players"][seat]["silver"] == 4
    assert s["die"]["face"] == "medicine" and s["die"]["rolled"] == "wild"
    assert not any(b.startswith("face:") for b in bodies(s))  # once per turn [H]
    s, ev = act(s, "income")
    assert s["players"][seat]["silver"] == 4 + 6


def test_face_change_needs_3_silver():
    s = game(seed=3)
    s["players"][s["turn"]]["silver"] = 2
    s, _ = take(s, "green", "wild")
    assert not any(b.startswith("face:") for b in bodies(s))


def test_mine_draws_gold_token_into_a_space():
    s = game(seed=3)
    seat = s["turn"]
    s, _ = take(s, "blue", "mine")
    bag = len(s["gold_bag"])
    s, ev = act(s, "act")
    p = s["players"][seat]
    assert len(p["gold"]) == 1 and p["gold"][0] in (1, 2, 3)
    assert len(s["gold_bag"]) == bag - 1
    assert all_events(ev, "die_taken")[0]["secret"]["gold"] == p["gold"]


def test_no_space_no_action():
    s = game(seed=3)
    seat = s["turn"]
    p = s["players"][seat]
    p["wood"], p["medicine"] = 4, 4  # 2 + 2 spaces: the small wagon is full
    assert free_spaces(p) == 0
    for face in ("mine", "wood", "medicine", "equip"):
        s2, _ = take(engine.clone(s), "red", face)
        assert "act" not in bodies(s2), face
    s2, _ = take(engine.clone(s), "red", "cattle")
    s2, _ = act(s2, "act")
    assert s2["players"][seat]["cattle"] == 2  # cattle need no wagon space


def test_wood_two_per_space_and_one_kind_per_space():
    s = game(seed=3)
    p = s["players"][s["turn"]]
    p["wood"], p["medicine"] = 0, 0
    p["wood"] = 3  # 2 spaces, one half full
    p["medicine"] = 3  # 2 spaces, one half full: the small wagon is full
    assert free_spaces(p) == 0
    seat = s["turn"]
    s, _ = take(s, "red", "wood")
    s, _ = act(s, "act")  # the half-full wood space takes one more
    assert s["players"][seat]["wood"] == 4


def test_equip_takes_a_face_up_tile():
    s = game(seed=3)
    seat = s["turn"]
    s, _ = take(s, "red", "equip")
    s, _ = act(s, "act")
    assert s["step"] == "equip"
    tile = s["equip_up"][0]
    s, ev = act(s, f"equip:{tile}")
    assert tile in s["players"][seat]["equipment"] and tile not in s["equip_up"]


def test_wild_any_action_but_recruits_only_the_wild_slot():
    s = game(seed=3)
    seat = s["turn"]
    s, _ = take(s, "yellow", "wild")
    assert "recruit" in bodies(s)
    wild_card, mine_card = s["slots"][0], s["slots"][1]
    s2, _ = act(s, "recruit")
    assert s2["players"][seat]["townsfolk"][0] == wild_card  # never the Mine slot
    assert s2["slots"][1] == mine_card and s2["slots"][0] is None
    s3, _ = act(s, "act")
    assert sorted(bodies(s3)) == sorted(f"wild:{a}" for a in K.ACTIONS)
    s3, _ = act(s3, "wild:cattle")
    assert s3["players"][seat]["cattle"] == 2


def test_empty_slot_cannot_be_recruited():
    s = game(seed=3)
    s["slots"][3] = None
    s, _ = take(s, "yellow", "cattle")
    assert "recruit" not in bodies(s)


def test_recruit_immediate_effect_resolves():
    s = game(seed=3)
    seat = s["turn"]
    card = next(t for t, c in TOWNSFOLK.items() if c["effect"] and c["effect"]["when"] == "immediate"
                and list(c["effect"]["do"][0]) == ["gain"] and "silver" in c["effect"]["do"][0]["gain"])
    s["slots"][4] = card
    before = s["players"][seat]["silver"]
    s, ev = take(s, "yellow", "wood")
    s, ev = act(s, "recruit")
    gain = TOWNSFOLK[card]["effect"]["do"][0]["gain"]["silver"]
    assert s["players"][seat]["silver"] >= before + gain
    assert card in s["players"][seat]["townsfolk"]


def test_buy_wagons_any_number_and_supply_limit():
    s = game(seed=3)
    seat = s["turn"]
    p = s["players"][seat]
    p["silver"] = 30
    s, _ = act(s, "buy:small")
    s, _ = act(s, "buy:large")
    s, ev = act(s, "buy:large")
    p = s["players"][seat]
    assert p["silver"] == 30 - 5 - 8 - 8
    assert [w["size"] for w in p["wagons"]] == ["small", "small", "large", "large"]
    assert total_spaces(p) == 4 + 4 + 6 + 6
    s["wagon_supply"]["large"] = 0
    assert "buy:large" not in bodies(s) and "buy:small" in bodies(s)
    s["players"][seat]["silver"] = 4
    assert "buy:small" not in bodies(s)


def test_buy_after_using_the_die_then_end_turn():
    s = game(seed=3)
    seat = s["turn"]
    s["players"][seat]["silver"] = 0
    s, _ = take(s, "red", "medicine")
    s, _ = act(s, "income")  # $6: can afford a small wagon
    assert s["step"] == "after" and set(bodies(s)) == {"end", "buy:small"}
    s, _ = act(s, "buy:small")
    s, _ = act(s, "end")
    assert s["turn"] != seat


def test_turn_ends_by_itself_when_nothing_to_buy():
    s = game(seed=3)
    seat = s["turn"]
    s["players"][seat]["silver"] = 0
    s, ev = take(s, "red", "wild")
    s, ev = act(s, "income")
    assert all_events(ev, "turn_ended") and s["turn"] != seat


def test_damaged_small_wagon_has_two_usable_spaces():
    s = game(seed=3)
    p = s["players"][s["turn"]]
    p["wagons"] = [{"size": "small", "damage": 1}]
    p["wood"], p["medicine"], p["gold"] = 4, 0, []
    assert free_spaces(p) == 0  # 4 wood fill 2 spaces
    p["wood"], p["gold"] = 0, [1, 2]
    assert free_spaces(p) == 0  # or 2 gold tokens
    p["gold"] = [1, 2, 3]
    assert free_spaces(p) < 0


def test_discard_goods_during_turn():
    s = game(seed=3)
    seat = s["turn"]
    s["players"][seat]["gold"] = [2]
    s, ev = act(s, "drop:wood")
    assert s["players"][seat]["wood"] == 0
    s, ev = act(s, "drop:gold:2")
    assert s["players"][seat]["gold"] == []
    assert all_events(ev, "goods_discarded")


def test_pool_has_n_plus_one_and_one_die_remains():
    s = game(players=2, seed=8)
    set_pool(s, [("blue", "wood"), ("red", "wood"), ("green", "cattle")])
    turn_of(s, s["start"])
    s["players"][0]["silver"] = s["players"][1]["silver"] = 0
    s, _ = act(s, "take:blue:wood")
    s, _ = act(s, "income")
    s, _ = act(s, "end")
    s, ev = act(s, "take:red:wood")
    s, ev = act(s, "income")
    s, ev = act(s, "end")
    adv = all_events(ev, "disaster_advanced")[0]
    assert adv["colour"] == "green" and adv["tracks"]["disease"] == 1
    assert s["day"] == 2
