"""Every game's coach says why and asks "What would you do?" (issue 29 item 12; engine/protocol.py Coach):
for each costliest decision of a reviewed game, a why in one sentence to the player, and a question whose
choices hold the played and the better one, lettered A, B, … in a fixed shuffled order, each with its
shortfall against the best; the position has its picture, its letters where the picture shows them."""

import importlib

import pytest

import i18n
from engine import quiz as asking
from engine import registry
from engine.protocol import Coach, Quiz, Table
from engine.simulate import play

# the games whose coach asks (its own quiz: the base Coach's asks nothing)
GAMES = [(g.key, g.players[0]) for g in registry.games()
         if g.coach is not None and type(g.coach).quiz is not Coach.quiz]
# games whose decision picture letters the question's choices themselves (args[2]: (where, letter) each);
# Hexholm letters the hexes a choice builds on, Ridgeline numbers the hand's tiles as its buttons do, Courtyards
# letters a choice's spot on the palace ([x, y, letter]: tests/courtyards/test_coach.py)
LETTERS_ON_PICTURE = {"pioneer-days", "next-station", "pyramid-poker"}


def reviewed(key: str, players: int, seed: int = 3):
    game = registry.game(key)
    config = game.rules.config({o.key: o.default for o in game.options}, [f"P{i}" for i in range(players)])
    _state, actions = play(game, config, seed, ["easy"] * players)
    c = game.coach
    todo = c.decisions(config, seed, actions, 0)
    out = c.finish(config, seed, actions, 0, c.evaluate(config, seed, actions, 0, todo, 1))
    table = Table(id=1, names=[f"P{i}" for i in range(players)], mentions=[""] * players, ai=[False] * players,
                  options={})
    return game, config, seed, actions, out, table


@pytest.mark.parametrize("key, players", GAMES)
def test_each_costly_decision_has_a_why_and_a_question(key, players):
    game, config, seed, actions, out, table = reviewed(key, players)
    costly = [d for d in out["decisions"] if d["at"] in out["costliest"]]
    assert costly
    for d in costly:
        why = game.coach.why(d)
        assert why and why.endswith(".") and "P0" not in why  # one sentence, to "you"
        q = game.coach.quiz(table, config, seed, actions, 0, d)
        assert isinstance(q, Quiz) and 2 <= len(q.choices) <= asking.ASKED and q.played != q.best
        assert [label[0] for label, _d in q.choices] == list("ABCD"[:len(q.choices)])
        assert all(len(label) <= 100 and len(desc) <= 100 for label, desc in q.choices)
        assert q.behind[q.best] == 0 and q.behind[q.played] == pytest.approx(d["loss"], abs=0.01)
        assert q.position.picture is not None and not q.position.controls and q.position.body
        if q.position.picture.name == "decision" and key in LETTERS_ON_PICTURE:  # the picture's are the choices'
            letters = [x[1] for x in q.position.picture.args[2]]
            assert letters and set(letters) <= set("ABCD"[:len(q.choices)])
        again = game.coach.quiz(table, config, seed, actions, 0, d)
        assert again.choices == q.choices and again.best == q.best  # the same question every time
        with i18n.use("pl"):
            assert game.coach.quiz(table, config, seed, actions, 0, d).position.body != q.position.body
    pic = q.position.picture  # the last one drawn for real, as the bot's workers would
    png = getattr(importlib.import_module(game.pictures), pic.name)(*pic.args)
    assert png[:8] == b"\x89PNG\r\n\x1a\n" and pic.filename == "position.png"


def test_every_game_with_a_coach_asks():
    assert {k for k, _n in GAMES} == {"pioneer-days", "next-station", "pyramid-poker", "ridgeline", "hexholm",
                                      "undergrounders", "courtyards"}


def test_the_choices_asked_and_their_order():
    worth = {"a": 1.0, "b": 5.0, "c": 3.0, "d": 4.0, "e": 0.0}
    assert asking.pick(worth, played="e", best="b") == ["b", "e", "d", "c"]
    assert asking.pick(worth, played="b", best="b", most=2) == ["b", "d"]
    keys = ["b", "e", "d", "c"]
    orders = {tuple(asking.order(keys, f"7:{at}")) for at in range(20)}
    assert asking.order(keys, "7:3") == asking.order(keys, "7:3") and len(orders) > 3  # fixed, yet shuffled
    assert all(sorted(o) == [0, 1, 2, 3] for o in orders)
