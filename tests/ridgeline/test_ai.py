"""Ridgeline's AIs: legal, deterministic, from the seat's view only; easy greedy on the stars a move adds;
hard's determinized worlds consistent with its view, and it plays better than easy."""

import pytest

from engine import rng
from games.ridgeline.ai import choose
from games.ridgeline.ai.easy import Judge, ranked
from games.ridgeline.ai.search import Root, parse_budget
from games.ridgeline.play import RULES
from games.ridgeline.rules import board as B
from games.ridgeline.rules import knowledge
from games.ridgeline.rules.playout import Sim

from .helpers import c, everything, game, rig, t


@pytest.mark.parametrize("level", ["random", "easy", "hard"])
def test_every_level_plays_legal_moves_the_same_for_the_same_arguments(level):
    s, _ = game(21)
    n = 0
    while not RULES.is_over(s) and n < 60:
        seat = RULES.deciders(s)[0]
        a = choose(s, seat, level, 3, 12)
        assert a.id in {x.id for x in RULES.legal_actions(s, seat)}
        assert choose(RULES.view_for(s, seat), seat, level, 3, 12).id == a.id  # a state and its view alike
        s = RULES.apply(s, a.id).state
        n += 1


def test_easy_takes_the_capture_that_adds_most():
    # 2-5 would join ann's tiles (2-4, 3-5) and 2-6 with it; 1-9 captures 1-1, far from everything
    s = rig(hands=[[t(2, 5), t(1, 9), t(6, 4)], []], queue=[(t(2, 6), None), (t(1, 1), None)],
            boards=[[t(2, 4), t(3, 5)], []])
    assert ranked(RULES.view_for(s, 0), 0)[0] == f"0:play:{c(2, 5)}:{c(2, 6)}"


def test_easy_values_a_square_by_the_spirit_it_meets():
    s = rig(hands=[[t(3, 5), t(1, 9), t(6, 4)], []], queue=[(t(3, 1), None), (t(1, 2), None)],
            boards=[[t(2, 4), t(2, 5), t(3, 4)], []])
    j = Judge(RULES.view_for(s, 0), 0)
    square = j.worth(f"0:play:{c(3, 5)}:{c(3, 1)}")
    other = j.worth(f"0:play:{c(1, 9)}:{c(1, 2)}")
    assert square > other + 1


def test_hard_deals_worlds_its_seat_cannot_tell_from_its_view():
    s, _ = game(8)
    for _ in range(9):
        seat = RULES.deciders(s)[0]
        s = RULES.apply(s, choose(s, seat, "easy", 1).id).state
    seat = RULES.deciders(s)[0]
    view = RULES.view_for(s, seat)
    root = Root(view, seat)
    gen = {"rng": rng.seed_state(5)}
    for _ in range(5):
        world = root.deal(gen)
        assert everything(world) == list(range(B.SPOTS))
        assert knowledge.view_for(world, seat) == {**view, "viewer": seat}
        sim = Sim.of(world)
        sim.run()
        assert sim.over


def test_budgets():
    assert parse_budget(None)[0] > 0 and parse_budget(30) == (30, None) and parse_budget(0.5) == (None, 0.5)
    assert parse_budget({"rollouts": 7}) == (7, None)


def test_hard_beats_easy_on_fixed_deals():
    """A few fixed deals, each played with hard in either seat: hard's stars add up to more than easy's."""
    mine = theirs = 0
    for g in range(4):
        s, _ = game(300 + g // 2)
        me = g % 2
        while not RULES.is_over(s):
            seat = RULES.deciders(s)[0]
            s = RULES.apply(s, choose(s, seat, "hard" if seat == me else "easy", g, 80).id).state
        res = RULES.results(s)
        mine += res[me].total
        theirs += res[1 - me].total
    assert mine > theirs
