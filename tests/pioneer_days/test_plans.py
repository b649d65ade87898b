"""Whole-move plans (app/plans.py): a turn in one choice, a disaster or a town visit in one decision, each
saying what it costs and what then happens."""

import itertools
import random

import pytest

import games.pioneer_days.rules as engine
from engine.moves import BadMove, Move
from games.pioneer_days import plans
from games.pioneer_days.rules.effects import free_spaces


def game_at(pred, players=3, seed=1, limit=3000):
    rnd = random.Random(seed)
    for s in range(seed, seed + 200):
        state, _ = engine.new_game({"players": players, "sets": ["A", "B"]}, s)
        for _ in range(limit):
            if state["stage"] == "over":
                break
            if pred(state):
                return state
            state = engine.apply(state, rnd.choice(engine.legal_actions(state))).state
    raise AssertionError("no such state")


def apply_all(state, ids):
    for aid in ids:
        r = engine.apply(state, aid)
        assert r.ok, (aid, r.reason)
        state = r.state
    return state


def test_moves_round_trip_and_refuse_junk():
    for text in ("2:take:blue:wood", "0@turn/blue/wood/income", "1@storm/0.2/auto", "3@town/T05-EQ03.T07",
                 "1@disease/A01.B03", "0@town/"):
        assert Move.parse(text).text() == text
    for junk in ("", "x", "2:", "2@", "22:take", "2:take:blue:wood:x:y", "2@turn/" + "a/" * 10, "2:Take",
                 "a" * 200, None, 5):
        with pytest.raises(BadMove):
            Move.parse(junk)


def test_every_turn_plan_takes_the_whole_turn_in_one_choice():
    state = game_at(lambda s: s["stage"] == "turn" and s["step"] == "pick" and s["week"] == 2)
    seat = state["turn"]
    offered = plans.turn_plans(state, seat)
    assert offered and offered == sorted(offered, key=lambda x: -x.value)  # likely choices first
    dice = {(c, f) for c, f in state["pool"]}
    taken = {tuple(x.move.parts[1:3]) for x in offered}
    assert taken == dice  # every die of the pool is offered
    for x in offered:
        after = apply_all(state, plans.expand(state, x.move))
        assert not (after["stage"] == "turn" and after["turn"] == seat), x.label  # the turn is over
        assert len(x.label) <= 80 and len(x.detail) <= 100


def test_the_use_step_offers_each_use_and_ends_the_turn():
    state = game_at(lambda s: s["stage"] == "turn" and s["step"] == "pick")
    seat = state["turn"]
    colour, face = state["pool"][0]
    state = engine.apply(state, f"{seat}:take:{colour}:{face}").state
    offered = plans.turn_plans(state, seat)
    uses = {x.move.parts[1] for x in offered}
    assert "income" in uses
    for x in offered:
        after = apply_all(state, plans.expand(state, x.move))
        assert not (after["stage"] == "turn" and after["turn"] == seat)


def pending_of(kind):
    def pred(s):
        return s["stage"] in ("disaster", "town") and any(d and d["kind"] == kind for d in s["pending"])
    return pred


def test_a_storm_is_one_decision_showing_every_wagon_and_what_follows():
    def stormy(s):
        return pending_of("storm")(s) and any(d and d["kind"] == "storm" and len(d["wagons"]) >= 2
                                              and s["players"][i]["wood"] >= 1 for i, d in enumerate(s["pending"]))
    state = game_at(stormy, seed=3)
    seat = next(i for i, d in enumerate(state["pending"]) if d and d["kind"] == "storm" and len(d["wagons"]) >= 2)
    d = plans.decision(state, seat)
    wagons = state["pending"][seat]["wagons"]
    assert all(f"wagon {i + 1}" in d.lines[1] for i in wagons)  # every wagon shown at once
    assert len(d.plans) >= 2
    # every different outcome is offered once (two identical wagons: one of them named)
    outcomes = [plans.outcome(apply_all(state, plans.expand(state, x.move)), seat) for x in d.plans]
    assert len(set(outcomes)) == len(outcomes)
    every = set()
    for k in range(min(len(wagons), state["players"][seat]["wood"]) + 1):
        for paid in itertools.combinations(wagons, k):
            m = Move.plan(seat, "storm", ".".join(str(i) for i in paid), "auto")
            every.add(plans.outcome(apply_all(state, plans.expand(state, m)), seat))
    assert every <= set(outcomes)
    for x in d.plans:
        after = apply_all(state, plans.expand(state, x.move))
        left = after["pending"][seat] if after["stage"] == "disaster" else None
        if x.move.parts[-1] == "ask":
            assert left and left["kind"] == "overflow" and "you choose" in x.detail
        else:
            assert left is None  # nothing more to decide: the whole storm is this one choice
        damaged = [i for i in wagons if after["players"][seat]["wagons"][i]["damage"]
                   > state["players"][seat]["wagons"][i]["damage"]]
        if damaged:  # what it costs is said beforehand
            assert f"{len(damaged)} damage token" in x.detail and f"-{2 * len(damaged)} VP" in x.detail
        assert free_spaces(after["players"][seat]) >= 0 or x.move.parts[-1] == "ask"


def test_disease_is_one_decision_with_every_townsfolk():
    def sick(s):
        return pending_of("disease")(s) and any(
            d and d["kind"] == "disease" and len(d["left"]) >= 2 for d in s["pending"])
    state = game_at(sick, seed=5, players=4)
    seat = next(i for i, d in enumerate(state["pending"]) if d and d["kind"] == "disease" and len(d["left"]) >= 2)
    d = plans.decision(state, seat)
    left = state["pending"][seat]["left"]
    assert d.pick is not None and {v for v, _, _ in d.pick.options} == set(left)
    for x in d.plans:
        after = apply_all(state, plans.expand(state, x.move))
        assert after["stage"] != "disaster" or after["pending"][seat] is None
        lost = [t for t in left if t not in after["players"][seat]["townsfolk"]]
        if lost:
            assert "lost" in x.detail
    keep = left[:1]
    built = plans.disease_plan(state, seat, keep)
    after = apply_all(state, plans.expand(state, built.move))
    assert set(after["players"][seat]["townsfolk"]) >= set(keep) or "lost" in built.detail


def test_a_town_visit_is_one_decision_over_every_set_of_cards():
    state = game_at(lambda s: pending_of("town")(s) and any(
        d and d["kind"] == "town" and len(engine.legal_actions(s, i)) > 2 for i, d in enumerate(s["pending"])),
        seed=7, players=2)
    seat = next(i for i, d in enumerate(state["pending"]) if d and d["kind"] == "town"
                and len(engine.legal_actions(state, i)) > 2)
    d = plans.decision(state, seat)
    assert any(x.move.parts[1] == "" for x in d.plans)  # satisfy nothing is a choice too
    for x in d.plans:
        after = apply_all(state, plans.expand(state, x.move))
        assert after["stage"] != "town" or after["pending"][seat] is None


def test_a_plan_that_no_longer_applies_is_refused():
    state = game_at(lambda s: s["stage"] == "turn" and s["step"] == "pick")
    seat = state["turn"]
    with pytest.raises(BadMove):
        plans.expand(state, Move.plan(seat, "turn", "purple", "wood", "income"))
    with pytest.raises(BadMove):
        plans.expand(state, Move.plan(seat, "storm", "0", "auto"))
    with pytest.raises(BadMove):
        plans.expand(state, Move.plan(seat, "teleport"))


def storm_positions(players=3, seeds=range(1, 80)):
    """Storm decisions of random games (3 players, sets A and B)."""
    from engine import rng
    from games.pioneer_days.rules.flow import make_config
    for seed in seeds:
        s, _ = engine.new_game(make_config(players=players, sets=["A", "B"], pioneers="standard",
                                           names=["a", "b", "c"][:players]), seed)
        pick = {"rng": rng.seed_state(seed)}
        while not engine.is_over(s):
            for i, dec in enumerate(s["pending"] or []):
                if dec and dec.get("kind") == "storm":
                    yield s, i
            acts = engine.legal_actions(s)
            s = engine.apply(s, acts[rng.below(pick, len(acts))].id).state


def test_a_storm_choice_says_its_own_effects_and_what_follows_once():
    """What follows the Storm whatever is chosen (another disaster, a town visit) is said once, on its own
    line, and in no choice's text; each choice says the wood it pays and the damage it takes."""
    tried = 0
    for state, seat in storm_positions():
        d = plans.decision(state, seat)
        common = [x for x in d.lines if x.startswith("Then, whatever you choose: ")]
        if not common or len(d.plans) < 2:
            continue
        follows = common[0][len("Then, whatever you choose: "):-1].split(", ")
        p = state["players"][seat]
        for x in d.plans:
            assert not any(b in x.detail.split(", ") for b in follows), (x.detail, follows)
            after = apply_all(state, plans.expand(state, x.move))["players"][seat]
            bits = plans.goods_bits(p, after)
            assert all(b in bits for b in follows)  # it does happen, whichever the choice
            paid = x.move.parts[1].split(".") if x.move.parts[1] else []
            if paid:
                assert x.detail.startswith(f"-{len(paid)} wood")
        tried += 1
        if tried >= 3:
            break
    assert tried >= 3


def test_identical_wagons_make_one_choice_each_outcome():
    """Wagons alike (size, damage): paying for one or the other is the same choice, offered once."""
    tried = 0
    for state, seat in storm_positions():
        p = state["players"][seat]
        wagons = state["pending"][seat]["wagons"]
        kinds = {(p["wagons"][i]["size"], p["wagons"][i]["damage"]) for i in wagons}
        if len(kinds) != 1 or len(wagons) < 3 or p["wood"] < 1:
            continue
        d = plans.decision(state, seat)
        auto = [x for x in d.plans if x.move.parts[-1] == "auto"]
        assert len(auto) == min(p["wood"], len(wagons)) + 1  # 0, 1, … wood paid: nothing else differs
        tried += 1
        if tried >= 2:
            break
    assert tried >= 1


def overflow_positions(seeds=range(1, 80)):
    from engine import rng
    from games.pioneer_days.rules.flow import make_config
    for seed in seeds:
        s, _ = engine.new_game(make_config(players=3, sets=["A", "B"], pioneers="standard", names=["a", "b", "c"]),
                               seed)
        pick = {"rng": rng.seed_state(seed)}
        while not engine.is_over(s):
            for i, dec in enumerate(s["pending"] or []):
                if dec and dec.get("kind") == "overflow":
                    yield s, i
            acts = engine.legal_actions(s)
            s = engine.apply(s, acts[rng.below(pick, len(acts))].id).state


def test_the_whole_give_back_is_one_choice():
    """Goods that no longer fit: the first choices give back everything that must go, in one tap (a few
    ways: the least valuable first, equipment first, gold first), each saying all it gives back; what is
    left one at a time is what those do not cover."""
    tried = 0
    for state, seat in overflow_positions():
        d = plans.decision(state, seat)
        whole = [x for x in d.plans if x.move.kind == "plan"]
        assert whole, [x.label for x in d.plans]
        p = state["players"][seat]
        for x in whole:
            after = apply_all(state, plans.expand(state, x.move))
            assert (after["pending"][seat] or {}).get("kind") != "overflow"  # nothing more to give back
            assert free_spaces(after["players"][seat]) >= 0
            assert x.label == "Give back " + plans.given_back(p, after["players"][seat])
        assert len({x.label for x in d.plans}) == len(d.plans)  # no choice twice
        tried += 1
        if tried >= 5:
            break
    assert tried >= 3


def test_a_turn_choice_says_what_it_leaves_in_the_pool_and_what_a_wagon_holds():
    from games.pioneer_days.rules import words
    from games.pioneer_days.rules.constants import WAGONS
    tried = wagons = 0
    for seed in range(1, 40):
        state = game_at(lambda s: s["stage"] == "turn" and s["step"] == "pick" and len(s["pool"]) >= 2, seed=seed)
        seat = state["turn"]
        for x in plans.turn_plans(state, seat):
            colour, face = x.move.parts[1], x.move.parts[2]
            left = [tuple(d) for d in state["pool"]]
            left.remove((colour, face))
            assert "leaves " + ", ".join(words.die(c, f) for c, f in left) in x.detail, x.detail
            if "wagon" in x.label:
                size = x.move.parts[-1]
                assert f"wagon ({WAGONS[size]['spaces']} spaces)" in x.label
                wagons += 1
            tried += 1
        if tried > 40 and wagons:
            break
    assert tried > 40 and wagons


def test_every_way_to_use_a_taken_die_has_a_control():
    """A wild die taken with its button may have more uses than the panel's ten buttons: the rest in a menu."""
    from engine_helpers import game, set_pool, take, turn_of

    from engine.protocol import Button, Menu
    from games.pioneer_days import panel
    s = game(4, seed=3)
    s["players"][0]["silver"] = 20
    turn_of(s, 0)
    set_pool(s, [("blue", "wild"), ("red", "mine"), ("green", "cattle"), ("black", "wood"), ("yellow", "equip")])
    s, _ = take(s, "blue", "wild", 0)
    offered = [x.move.text() for x in plans.turn_plans(s, 0)]
    assert len(offered) > 10  # (the case: more uses than buttons)
    items, _lines = panel.turn_controls(s, 0)
    acts = {c.act for c in items if isinstance(c, Button)} | \
        {i.act for c in items if isinstance(c, Menu) for i in c.items}
    assert set(offered) <= acts


def test_a_tie_on_vp_says_silver_decided_and_the_wagons_are_numbered_as_decisions_name_them():
    from games.pioneer_days import narrate
    from games.pioneer_days.pictures.wagons import wagon_layer

    over = {"type": "game_over", "winners": [0],
            "players": [{"seat": 0, "total": 30, "silver": 3}, {"seat": 1, "total": 30, "silver": 2},
                        {"seat": 2, "total": 20, "silver": 9}]}
    names = ["ann", "bob", "cy"]
    assert narrate.event_text(over, names) == ("Game over: ann wins with 30 VP. The tie on VP goes to the most silver "
                                            "left: $3 against $2.")
    over["players"][1]["total"] = 29
    assert narrate.event_text(over, names) == "Game over: ann wins with 30 VP."
    layer = wagon_layer("large", (None,) * 6, 40, "en", number=2)
    assert any(text.startswith("2 · ") for _box, _frame, text in layer.boxes)
