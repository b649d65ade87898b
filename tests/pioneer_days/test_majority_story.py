"""The story says why a player's VP changes on another player's move (issue 38): the favors' majority bonus
(+5 VP to whoever has, or is tied for, the most favors) moves at a town visit on the others' choices, and a
disaster strikes everyone on the move that ends the day; the majority's move is told (a majority_moved
event after the town visit, narrated), a disaster's damage with its VP."""

import random

import pytest

import games.pioneer_days.rules as engine
from games.pioneer_days import narrate
from games.pioneer_days.rules.scoring import breakdown

NAMES = ["Ann", "Bob", "Cy", "Dee"]


def leaders(state) -> list[int]:
    """The seats that have the majority bonus now (by the score itself)."""
    return [p["seat"] for p in state["players"] if breakdown(state, p["seat"])["majority"] > 0]


def played(seed: int, players: int):
    """(state, events) of each action of a random game whose players satisfy the towns they can."""
    rnd = random.Random(seed)
    state, _ = engine.new_game({"players": players}, seed)
    while state["stage"] != "over":
        acts = engine.legal_actions(state)
        if state["stage"] == "town":
            acts = [a for a in acts if not a.id.endswith(":done")] or acts
        r = engine.apply(state, rnd.choice(acts))
        state = r.state
        yield state, r.events


@pytest.mark.parametrize("players", [2, 3, 4])
def test_each_move_of_the_majority_bonus_is_told(players):
    moved = lost = 0
    for seed in range(12):
        told = list(range(players))  # nobody has a favor: everybody is tied for the most, with the bonus
        for state, events in played(seed, players):
            for e in events:
                if e["type"] == "majority_moved":
                    assert e["before"] == told and e["after"] != told and e["vp"] == 5
                    told = e["after"]
                    moved += 1
                    line = narrate.event_text(e, NAMES[:players])
                    for s in e["before"]:
                        if s not in e["after"]:
                            assert NAMES[s] in line.split("lose")[0].split(".")[-1]
                            lost += 1
                    assert "the most favors" in line
            if state["stage"] != "town":  # (a visit's choices are told once everybody has chosen)
                assert leaders(state) == told, (seed, state["week"], state["day"])
            kinds = [e["type"] for e in events]
            if "majority_moved" in kinds:  # told with the town visit, before the next week or the game's end
                assert kinds[kinds.index("majority_moved") - 1] == "town_visited"
    assert moved >= 3 and lost >= 2, (moved, lost)


def test_the_majority_line_says_who_gains_and_who_loses_the_bonus():
    e = {"type": "majority_moved", "before": [0, 1, 2], "after": [1], "favors": 2, "vp": 5}
    assert narrate.event_text(e, NAMES[:3]) == ("Bob now has the most favors (2). Ann and Cy lose the majority bonus "
                                                "(−5 VP each).")
    e = {"type": "majority_moved", "before": [1], "after": [0, 1], "favors": 3, "vp": 5}
    assert narrate.event_text(e, NAMES[:3]) == ("Ann and Bob now share the most favors (3). Ann gains the majority "
                                                "bonus (+5 VP).")
    e = {"type": "majority_moved", "before": [1], "after": [2], "favors": 4, "vp": 5}
    assert narrate.event_text(e, NAMES[:3]) == ("Cy now has the most favors (4). Cy gains the majority bonus (+5 VP). "
                                                "Bob loses the majority bonus (−5 VP).")


def test_a_disasters_damage_says_its_vp():
    before = {"silver": 2, "wood": 0, "medicine": 0, "cattle": 1, "townsfolk": [], "damage": 0, "gold_tokens": 0,
              "equipment": []}
    e = {"type": "disaster_triggered", "disaster": "storm",
         "players": [{"seat": 0, "immune": False, "choices": [], "before": before, "after": {**before, "damage": 2}},
                     {"seat": 1, "immune": True, "choices": [], "before": before, "after": before}]}
    assert narrate.event_text(e, NAMES[:2]) == "Storm: Ann 2 damage (−4 VP); Bob immune."
