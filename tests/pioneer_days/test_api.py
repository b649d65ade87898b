"""The engine contract: rejections, hidden information, pioneers, content validation."""

import copy
import sys

import pytest
from engine_helpers import act, bodies, game, take

import games.pioneer_days.rules as engine
from games.pioneer_days.rules import api, cards
from games.pioneer_days.rules.cards import ContentError, validate


def test_rejections_leave_state_unchanged_with_reasons():
    s = game(players=3, seed=2)
    snap = engine.to_json(s)
    other = (s["turn"] + 1) % 3
    cases = {
        f"{other}:income": "turn",
        f"{s['turn']}:recruit": "not available",
        "9:income": "seat",
        "nonsense": "not a Pioneer Days action",
        f"{s['turn']}:take:blue:purple": "not available",
    }
    checked = 0
    for aid, why in cases.items():
        r = engine.apply(s, aid)
        assert not r.ok and why in r.reason, (aid, r.reason)
        assert engine.to_json(s) == snap
        checked += 1
    assert checked == len(cases) == 5


def test_stale_action_rejected_after_state_moves_on():
    s = game(seed=2)
    first = engine.legal_actions(s)[0]
    s2 = engine.apply(s, first).state
    assert s2["seq"] == s["seq"] + 1
    r = engine.apply(s2, first)
    assert not r.ok


def test_game_over_rejects_everything():
    s = game(seed=2)
    s["stage"] = "over"
    assert engine.legal_actions(s) == []
    assert "over" in engine.apply(s, "0:income").reason


def test_view_hides_other_players_gold_and_decks():
    s = game(seed=2)
    s["players"][0]["gold"] = [3, 1]
    s["players"][1]["gold"] = [2]
    v0 = engine.view_for(s, 0)
    assert v0["players"][0]["gold"] == [3, 1]
    assert v0["players"][1]["gold"] == [0]
    assert "rng" not in v0 and "seed" not in v0 and "gold_bag" not in v0
    assert v0["townsfolk_deck_count"] == len(s["townsfolk_deck"])
    spectator = engine.view_for(s, None)
    assert spectator["players"][0]["gold"] == [0, 0]
    assert s["players"][0]["gold"] == [3, 1]  # the state itself is untouched


def test_public_event_strips_gold_values():
    s = game(seed=3)
    seat = s["turn"]
    s, _ = take(s, "blue", "mine")
    s, ev = act(s, "act")
    taken = next(e for e in ev if e["type"] == "die_taken")
    assert "secret" in taken
    assert "secret" not in engine.public_event(taken, None)
    assert "secret" not in engine.public_event(taken, 1 - seat)
    assert engine.public_event(taken, seat)["secret"]["gold"] == s["players"][seat]["gold"]


def test_unique_pioneers_deal_two_and_choose_a_side():
    s = game(players=3, seed=4, pioneers="unique")
    assert s["stage"] == "pioneer" and engine.deciders(s) == [0, 1, 2]
    boards = [p["boards"] for p in s["players"]]
    assert all(len(b) == 2 for b in boards) and len({x for b in boards for x in b}) == 6
    assert bodies(s, 0) == ["pioneer:standard"] + [f"pioneer:{b}" for b in boards[0]]
    s, _ = act(s, f"pioneer:{boards[0][1]}", 0)
    s, _ = act(s, "pioneer:standard", 1)
    assert s["stage"] == "pioneer"
    s, _ = act(s, f"pioneer:{boards[2][0]}", 2)
    assert s["stage"] == "turn" and s["week"] == 1
    p0 = s["players"][0]
    start = cards.PIONEERS[boards[0][1]]["start"]
    assert (p0["pioneer"], p0["side"]) == (boards[0][1], "unique")
    assert sorted(w["size"] for w in p0["wagons"]) == sorted(start["wagons"])
    assert len(p0["gold"]) == start["gold"] and len(p0["equipment"]) == start["equipment"]
    assert s["players"][1]["side"] == "standard" and s["players"][1]["silver"] == 5


def test_config_validation():
    with pytest.raises(ValueError):
        engine.new_game({"players": 5}, 1)
    with pytest.raises(ValueError):
        engine.new_game({"players": 2, "sets": ["A", "A"]}, 1)
    with pytest.raises(ValueError):
        engine.new_game({"players": 2, "pioneers": "weird"}, 1)
    with pytest.raises(ValueError):
        engine.new_game({"players": 2, "sets": [1, 2]}, 1)


def _content():
    return copy.deepcopy({k: list(v.values()) for k, v in cards.CONTENT.items()})


@pytest.mark.parametrize("kind,mutate,message", [
    ("townsfolk", lambda c: c["effect"].__setitem__("when", "sometimes") if c["effect"] else None,
     "when"),
    ("townsfolk", lambda c: c.__setitem__("vp", {"per": "unicorns", "each": 1}), "unknown count"),
    ("equipment", lambda c: c.__setitem__("effect", {"when": "ongoing", "mods": {"fly": 1}}),
     "unknown mod"),
    ("towns", lambda c: c.__setitem__("favors", 9), "favors"),
    ("towns", lambda c: c["needs"].__setitem__("whisky", 1), "unknown resource"),
    ("pioneers", lambda c: c["start"].__setitem__("wagons", ["huge"]), "wagons"),
    ("equipment", lambda c: c.__setitem__("effect", {"when": "trigger", "face": "mine",
                                                       "do": [{"explode": 1}]}), "unknown op"),
])
def test_loader_rejects_malformed_content_naming_the_card(kind, mutate, message):
    data = _content()
    item = next(c for c in data[kind] if kind != "townsfolk" or c["effect"])
    mutate(item)
    with pytest.raises(ContentError) as e:
        validate(data)
    assert item["id"] in str(e.value) and message in str(e.value)


def test_shipped_content_counts():
    assert len(cards.TOWNS) == 22
    assert sum(1 for t in cards.TOWNSFOLK.values() if t["set"] in "AB") == 24
    assert len(cards.EQUIPMENT) >= 12


def test_a_game_saved_mid_famine_under_the_old_rules_goes_on():
    """Famine used to be a decision ({"kind": "famine", "free": n}); such a saved game still plays: its one
    choice pays by today's rule (as much as the silver allows)."""
    state, _ = engine.new_game({"players": 2}, 5)
    state = engine.from_json(engine.to_json(state))
    state.update(stage="disaster", disasters=["famine"], cont="day", turn=None, step=None,
                 report=[{"before": {}, "immune": False, "choices": []} for _ in range(2)])
    p = state["players"][0]
    p.update(cattle=3, silver=2)
    state["pending"] = [{"kind": "famine", "free": 0}, None]
    acts = engine.legal_actions(state)
    assert [a.id for a in acts] == ["0:famine:pay"]
    r = engine.apply(state, acts[0])
    assert r.ok and r.state["players"][0]["silver"] == 0 and r.state["players"][0]["cattle"] == 2
    assert r.state["stage"] != "disaster" or r.state["disasters"] != ["famine"]


@pytest.mark.parametrize("config, seed", [({"players": 4}, 11),
                                          ({"players": 2, "pioneers": "unique", "sets": ["C", "E"]}, 12),
                                          ({"players": 3, "pioneers": "unique", "sets": ["A", "D"]}, 13)])
def test_advance_is_apply_in_place_without_events(config, seed):
    """The playout step (advance) leaves the state apply returns, at every step of whole games, and makes
    the same events only when given a list to put them in."""
    s, _ = engine.new_game(config, seed)
    pick = {"rng": engine.rng.seed_state(seed)}
    stages, steps, made = set(), 0, 0
    while not engine.is_over(s):
        acts = engine.legal_actions(s)
        a = acts[engine.rng.below(pick, len(acts))]
        r = engine.apply(s, a)
        quiet, told, events = copy.deepcopy(s), copy.deepcopy(s), []
        assert engine.advance(quiet, a) is None
        engine.advance(told, a.id, events)
        assert quiet == told == r.state and engine.to_json(quiet) == engine.to_json(r.state)
        assert events == r.events
        stages.add(s["stage"])
        s, steps, made = r.state, steps + 1, made + len(events)
    assert steps > 100 and made > steps and {"turn", "disaster"} <= stages


@pytest.mark.parametrize("config, seed, seen", [
    ({"players": 4}, 21, {"disease", "town"}), ({"players": 3, "sets": ["C", "E"]}, 22, {"disease", "town"}),
    ({"players": 2, "pioneers": "unique", "sets": ["A", "D"]}, 25, {"storm", "disease", "town", "overflow"})])
def test_decisions_actions_are_their_options(config, seed, seen):
    """The Actions of a simultaneous decision (decisions.actions: a storm's and a disease's from their tables)
    are its options formatted afresh, in the same order, at every decision of whole games."""
    from games.pioneer_days.rules import decisions
    from games.pioneer_days.rules.actions import make
    s, _ = engine.new_game(config, seed)
    pick = {"rng": engine.rng.seed_state(seed)}
    kinds = set()
    while not engine.is_over(s):
        if s["stage"] != "turn":
            for seat, dec in enumerate(s["pending"]):
                if dec is not None:
                    kinds.add(dec["kind"])
                    assert decisions.actions(s, seat) == [make(seat, b, label)
                                                          for b, label in decisions.options(s, seat)]
        acts = engine.legal_actions(s)
        engine.advance(s, acts[engine.rng.below(pick, len(acts))])
    assert seen <= kinds


def test_the_content_and_a_parsed_action_id_use_the_rules_own_str_objects():
    """The content's strings are interned as they are loaded (cards._interned) and so are an action id's parts
    (api._parse): the dict lookups they key in the hot paths (a die's colour and face, a card's id and fields)
    find them by identity. Only speed depends on it; a copy of equal strings would still play the same game."""
    for table in (cards.TOWNSFOLK, cards.EQUIPMENT, cards.TOWNS, cards.PIONEERS):
        for cid, card in table.items():
            assert sys.intern(cid) is cid and card["id"] is cid
            assert all(sys.intern(k) is k for k in card) and sys.intern(card["name"]) is card["name"]
    s = game(seed=5)
    for a in engine.legal_actions(s):
        api._PARSED.pop(a.id, None)
        engine.advance(engine.clone(s), a)
        seat, parts, _ = api._PARSED[a.id]
        assert seat == a.player and ":".join(parts) == a.id.partition(":")[2]
        assert all(sys.intern(x) is x for x in parts)
