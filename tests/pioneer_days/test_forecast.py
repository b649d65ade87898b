"""engine.forecast: what strikes today, by the colour of the die left in the pool."""

import random

import pytest
from engine_helpers import finish_day_with, game, set_pool

import games.pioneer_days.rules as engine
from games.pioneer_days.rules.constants import COLOURS, DISASTERS


def at(tracks: dict, pool, week: int = 2, day: int = 3, players: int = 2) -> dict:
    s = game(players, seed=7)
    s["week"], s["day"] = week, day
    s["tracks"] = {d: tracks.get(d, 0) for d in DISASTERS}
    set_pool(s, pool)
    return s


def strikes(f: dict) -> dict:
    return {c: v["strike"] for c, v in f["left"].items()}


def test_a_coloured_die_strikes_its_own_track_only_at_three():
    f = engine.forecast(at({"storm": 3, "raid": 2}, [("blue", "wild"), ("red", "mine"), ("green", "wood")]))
    assert strikes(f) == {"blue": ["storm"], "red": [], "green": []}
    assert f["left"]["blue"] == {"now": ["storm"], "final": [], "strike": ["storm"]}
    assert f["tracks"] == {"storm": 3, "raid": 2, "famine": 0, "disease": 0}
    assert f["last_day"] is False and f["certain"] is None


def test_black_advances_all_four_in_resolution_order():
    f = engine.forecast(at({d: 3 for d in DISASTERS}, [("black", "cattle"), ("yellow", "wild")]))
    assert strikes(f) == {"yellow": ["famine"], "black": ["storm", "raid", "famine", "disease"]}
    assert list(f["left"]) == ["yellow", "black"]  # COLOURS order, whatever the pool order
    f = engine.forecast(at({"raid": 3, "disease": 1}, [("black", "mine")]))
    assert strikes(f) == {"black": ["raid"]} and f["certain"] == "black"


def test_same_colour_twice_is_one_entry_and_the_die_in_use_is_not_left():
    s = at({"famine": 3}, [("yellow", "wild"), ("yellow", "mine"), ("red", "wood")])
    s, _ = engine.apply(s, f"{s['turn']}:take:red:wood").state, None
    assert s["die"]["colour"] == "red"
    f = engine.forecast(s)
    assert strikes(f) == {"yellow": ["famine"]} and f["certain"] == "yellow"


def test_last_day_of_week_4_adds_the_final_advance():
    pool = [("blue", "wild"), ("red", "wild"), ("yellow", "wild"), ("black", "wild")]
    f = engine.forecast(at({"storm": 3, "raid": 2, "famine": 1, "disease": 3}, pool, week=4, day=5))
    assert f["last_day"] is True
    # blue: storm strikes now (back to 0, then 1); the final advance: raid 2->3 no, disease 3->4 yes
    assert f["left"]["blue"] == {"now": ["storm"], "final": ["disease"], "strike": ["storm", "disease"]}
    # red: raid 2->3 now; the final advance: storm 3->4, raid 3->4, disease 3->4
    assert f["left"]["red"] == {"now": [], "final": ["storm", "raid", "disease"],
                                "strike": ["storm", "raid", "disease"]}
    assert f["left"]["yellow"]["strike"] == ["storm", "disease"]
    # black: storm and disease now (both back to 0), raid 2->3, famine 1->2; final: raid 3->4
    assert f["left"]["black"] == {"now": ["storm", "disease"], "final": ["raid"],
                                  "strike": ["storm", "disease", "raid"]}
    # not the last day: no final advance
    f = engine.forecast(at({"storm": 3, "raid": 2, "famine": 1, "disease": 3}, pool, week=3, day=5))
    assert not f["last_day"] and f["left"]["red"]["strike"] == []


@pytest.mark.parametrize("stage", ["disaster", "town", "over", "pioneer"])
def test_no_dice_no_forecast_outside_the_turn_stage(stage):
    s = at({"storm": 3}, [("blue", "wild")])
    s["stage"] = stage
    f = engine.forecast(s)
    assert f["left"] == {} and f["certain"] is None and f["tracks"]["storm"] == 3


def test_the_state_and_its_public_view_give_the_same_forecast():
    s = at({"storm": 3, "famine": 2}, [("blue", "wild"), ("black", "mine"), ("green", "cattle")])
    before = engine.to_json(s)
    f = engine.forecast(s)
    assert engine.to_json(s) == before  # pure
    assert engine.forecast(engine.view_for(s, None)) == f
    assert engine.forecast(engine.from_json(engine.to_json(s))) == f


@pytest.mark.parametrize("colour", COLOURS)
def test_the_forecast_is_what_the_engine_does(colour):
    """flow.end_day with exactly that die left triggers what the forecast said."""
    rnd = random.Random(colour)
    checked = 0
    for _ in range(30):
        tracks = {d: rnd.randrange(4) for d in DISASTERS}
        s = at(tracks, [(colour, "wild"), (rnd.choice(COLOURS), "mine")])
        expected = engine.forecast(s)["left"][colour]["now"]
        events = finish_day_with(s, colour)
        advanced = [e for e in events if e["type"] == "disaster_advanced"]
        assert advanced[0]["colour"] == colour and advanced[0]["triggered"] == expected
        checked += 1
    assert checked == 30


@pytest.mark.parametrize("players,seed", [(2, 1), (3, 2), (4, 3), (2, 4), (3, 5), (4, 6)])
def test_random_games_strike_as_forecast(players, seed):
    """In whole random games, the state before the action that ends a day forecast exactly the
    disasters of that day's leftover advance (and of the final advance after week 4), unless a
    marker was moved back on that same action."""
    s, _ = engine.new_game({"players": players, "sets": ["A", "B"], "pioneers": "unique"}, seed)
    rnd = random.Random(seed)
    checked = final_checked = 0
    waiting_final = None
    while not engine.is_over(s):
        before = s
        r = engine.apply(s, rnd.choice(engine.legal_actions(s)))
        s = r.state
        moved_back = "retreated" in engine.to_json(r.events)
        for e in r.events:
            if e["type"] != "disaster_advanced":
                continue
            if e["why"] == "leftover":
                assert before["pool"] and {c for c, _ in before["pool"]} == {e["colour"]}
                f = engine.forecast(before)
                waiting_final = f["left"][e["colour"]]["final"] if f["last_day"] else None
                if not moved_back:
                    assert f["left"][e["colour"]]["now"] == e["triggered"]
                    checked += 1
            else:
                assert e["why"] == "final" and waiting_final is not None
                if not moved_back:
                    assert waiting_final == e["triggered"]
                    final_checked += 1
    assert checked >= 15 and final_checked == 1
