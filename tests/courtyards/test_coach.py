"""Courtyards' coach: why in one sentence and "What would you do?" (coach_why.py, coach_quiz.py). A game where
seat 0 plays at random against the easy AI has costly decisions of every kind: each of the costliest is asked
with the played and the better choice among four lettered ones, a spot on the palace lettered as its choice;
the why says the heaviest of the differences the planner weighs."""

import importlib

import pytest

import i18n
from engine import quiz as asking
from engine import registry, states_before
from engine.protocol import Table
from engine.simulate import play
from games.courtyards import coach_quiz, coach_why
from games.courtyards.ai import plan
from games.courtyards.ai.board import Board
from games.courtyards.coach import COACH
from games.courtyards.play import RULES
from games.courtyards.rules import engine as cy
from games.courtyards.rules import knowledge
from games.courtyards.rules import palace as geo


def review(seed: int, players: int = 3):
    game = registry.game("courtyards")
    config = game.rules.config({o.key: o.default for o in game.options}, [f"P{i}" for i in range(players)])
    _state, actions = play(game, config, seed, ["random"] + ["easy"] * (players - 1))
    out = COACH.finish(config, seed, actions, 0, COACH.evaluate(config, seed, actions, 0,
                                                                COACH.decisions(config, seed, actions, 0), 1))
    table = Table(id=1, names=[f"P{i}" for i in range(players)], mentions=[""] * players,
                  ai=[False] * players, options={})
    return config, actions, out, table


@pytest.fixture(scope="module")
def reviewed():
    return review(5)


def test_every_decision_values_what_was_played(reviewed):
    config, actions, out, _table = reviewed
    assert out["count"] > 30
    for d in out["decisions"]:
        assert d["played"] == actions[d["at"]] and d["played"] in d["asked"] and d["best"] in d["asked"]
        assert d["loss"] == pytest.approx(d["best_value"] - d["played_value"])  # (none valued as the best)
        assert 2 <= len(d["asked"]) <= 4 and max(d["asked"].values()) == d["asked"][d["best"]]


def test_the_costliest_are_asked_with_their_spots_lettered(reviewed):
    config, actions, out, table = reviewed
    costly = [d for d in out["decisions"] if d["at"] in out["costliest"]]
    assert len(costly) == 3
    on_palace = [d for d in out["decisions"] if d["stage"] != "act" or d["played"].split(":")[1] in ("in", "swap")]
    costly.append(max(on_palace, key=lambda d: d["loss"]))  # (any decision can be asked: one about a spot)
    assert costly[-1]["loss"] > 0
    spots_seen = 0
    for d in costly:
        q = COACH.quiz(table, config, 5, actions, 0, d)
        assert q is not None and q.played != q.best
        keys = [list(d["asked"])[i] for i in asking.order(list(d["asked"]), f"5:{d['at']}")]  # (as asked)
        assert keys[q.played] == d["played"] and keys[q.best] == d["best"]
        letters = [label.split(".")[0] for label, _desc in q.choices]
        assert letters == list("ABCD"[:len(keys)])
        assert q.behind[q.best] == 0 and q.behind[q.played] == pytest.approx(d["loss"], abs=0.01)
        view = RULES.view_for(states_before(RULES, config, 5, actions)[d["at"]], 0)
        legal = {a.id for a in cy.legal_actions(view, 0)}
        marks = {m[2]: (m[0], m[1]) for m in q.position.picture.args[2]}
        for i, (label, _desc) in enumerate(q.choices):
            aid = keys[i]
            assert aid in legal and coach_quiz.choice(view, 0, aid, letters[i])[0] == label
            spot = coach_quiz._spot(aid)
            assert marks.get(letters[i]) == spot  # a spot's letter on the picture, none for the others
            spots_seen += spot is not None
        assert q.position.body and not q.position.controls
        with i18n.use("es"):
            es = COACH.quiz(table, config, 5, actions, 0, d)
            assert es.position.body != q.position.body and es.best == q.best
    assert spots_seen >= 2
    pic = q.position.picture
    png = getattr(importlib.import_module("games.courtyards.pictures"), pic.name)(*pic.args)
    assert png[:8] == b"\x89PNG\r\n\x1a\n"


def test_a_question_whose_choices_are_not_those_played_is_not_asked(reviewed):
    config, actions, out, table = reviewed
    d = dict(next(d for d in out["decisions"] if d["at"] in out["costliest"]))
    d["asked"] = {k: v for k, v in d["asked"].items() if k != d["played"]}
    assert COACH.quiz(table, config, 5, actions, 0, d) is None


def test_the_why_of_the_costliest(reviewed):
    _config, _actions, out, _table = reviewed
    said = [coach_why.why(d) for d in out["decisions"] if d["at"] in out["costliest"]]
    assert all(s.endswith(".") and "P0" not in s for s in said)
    assert any(not s.startswith("Both choices") for s in said)  # a reason of its own, not the default


def _effects(**kw) -> dict:
    base = {"verb": "take", "tile": None, "over": 0, "exact": False, "taken": 3, "points": [0] * 6,
            "later": [[0] * 6, [0] * 6], "wall": 4, "open": 5, "coins": 10, "round": 2}
    return {**base, **kw}


@pytest.mark.parametrize("played, better, said", [
    (_effects(), _effects(verb="buy", tile=3, exact=True, taken=0), "pays exactly for the"),
    (_effects(verb="buy", tile=3, over=4, coins=6), _effects(coins=13, taken=9), "You paid 4 over the price"),
    (_effects(verb="place", tile=3), _effects(verb="place", tile=3, wall=9), "outer wall 9 long; yours leaves it at 4"),
    (_effects(verb="place", tile=3, open=0), _effects(verb="place", tile=3, open=3), "closes your palace"),
    (_effects(verb="keep", tile=3), _effects(verb="place", tile=3, points=[0, 0, 0, 0, 0, 8],
                                             later=[[0, 0, 0, 0, 0, 8], [0, 0, 0, 0, 0, 16]]),
     "your Minaret buildings would score 8 more points at scoring round 2 (24 over the rounds left)"),
    (_effects(), _effects(), "Both choices do about as much"),
])
def test_the_why_says_the_heaviest_difference(played, better, said):
    assert said in coach_why.why({"played_effects": played, "best_effects": better})


def test_what_a_choice_does_by_itself():
    config = RULES.config({}, ["a", "b"])
    state, _ = RULES.new_game(config, 11)
    seat = RULES.deciders(state)[0]
    view = knowledge.view_for(state, seat)
    b = Board(view, seat)
    for aid in plan.values(b):
        e = coach_why.effects(state, seat, aid)
        verb = aid.split(":")[1]
        assert e["verb"] == verb and len(e["later"]) == 3 and e["round"] == 1
        if verb == "take":
            assert e["taken"] == sum(int(c) % 10 for c in aid.split(":")[2].split("_"))
            before = sum(min(sum(c % 10 for c in view["hands"][seat] if c // 10 == cur), 14) for cur in range(4))
            assert before < e["coins"] <= before + e["taken"]  # (a currency counts up to 14)
        if verb == "buy":
            slot, paid = int(aid.split(":")[2]), sum(int(v) for v in aid.split(":")[3].split("_"))
            t = view["market"][slot]
            assert e["tile"] == t and e["over"] == paid - geo.PRICE[t] and e["exact"] == (paid == geo.PRICE[t])
            assert sum(e["points"]) >= 0 and e["wall"] >= 0
