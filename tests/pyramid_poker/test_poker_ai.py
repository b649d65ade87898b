"""Pyramid Poker's AIs (games/pyramid_poker/ai): legal at every step of every option set, reproducible,
blind to the faces their seat may not know (a twin world it cannot tell from the real one gets the same
choice), the values the coach reads, and the levels' order: hard beats easy and easy beats random on fixed
deals (a small sample; bench/pyramid_poker_ai.py plays hundreds)."""

import pytest

from games.pyramid_poker import ai
from games.pyramid_poker.ai import search
from games.pyramid_poker.play import RULES
from games.pyramid_poker.rules import knowledge

from .poker_helpers import OPTION_SETS, apply, game

TINY = 8  # hard's rollouts per decision in these tests


def play(levels, seed, blocks="blind", match="basic", budget=TINY, check=None):
    """A game (or match) with levels[seat] deciding each seat; check(state, seat, action) at each decision."""
    s, _ = game(blocks, match, seed)
    while not RULES.is_over(s):
        seat = RULES.deciders(s)[0]
        a = ai.choose(s, seat, levels[seat], seed=seed, budget=budget)
        if check:
            check(s, seat, a)
        s, _ = apply(s, a.id)
    return s


@pytest.mark.parametrize("options", OPTION_SETS[:4], ids=lambda o: f"{o['blocks']}-{o['match']}")
def test_every_level_is_legal_at_every_step(options):
    stages: set[str] = set()

    def check(s, seat, a):
        assert a.id in {x.id for x in RULES.legal_actions(s, seat)}
        stages.add(a.id.split(":")[1])

    levels = ("hard", "random") if options["match"] == "basic" else ("easy", "random")
    play(levels, 3, options["blocks"], options["match"], check=check)
    assert {"place", "take", "hand"} <= stages


def test_every_level_decides_a_joker_look():
    """A joker taken: the look at 3 stock blocks is decided (keep one) by each level."""
    keeps: list[str] = []

    def check(s, seat, a):
        if ":keep:" in a.id:
            assert a.id in {x.id for x in RULES.legal_actions(s, seat)}
            keeps.append(a.id)

    for seed in range(1, 40):
        play(("hard", "easy"), seed, check=check)
        if keeps:
            return
    raise AssertionError("no joker taken in 39 games")


def test_deterministic():
    s, _ = game("blind", "basic", 5)
    for _ in range(20):
        s, _ = apply(s, ai.choose(s, RULES.deciders(s)[0], "easy", seed=1).id)
    seat = RULES.deciders(s)[0]
    for level in ai.LEVELS:
        assert ai.choose(s, seat, level, seed=9, budget=TINY).id == ai.choose(s, seat, level, seed=9, budget=TINY).id


@pytest.mark.parametrize("level", ["easy", "hard"])
def test_blind_to_what_the_seat_may_not_know(level):
    """In a twin of the state (the faces the seat cannot see dealt again: knowledge.resample) the seat's
    choice is the same: it decides from its view only."""
    tried = 0
    for seed in (2, 4):
        s, _ = game("blind", "basic", seed)
        while not RULES.is_over(s):
            seat = RULES.deciders(s)[0]
            twin = knowledge.resample(s, seat, seed * 7 + s["seq"])
            if s["seq"] % 7 == 3:
                assert knowledge.view_for(twin, seat) == knowledge.view_for(s, seat)
                got = ai.choose(s, seat, level, seed=1, budget=TINY).id
                assert ai.choose(twin, seat, level, seed=1, budget=TINY).id == got
                tried += 1
            s, _ = apply(s, ai.choose(s, seat, "easy", seed=seed).id)
    assert tried >= 6


def test_values_cover_the_legal_actions():
    """values() (what the coach reads) gives each legal action a worth on its scale (0-100 and a margin);
    the action hard chooses with the same rollouts is among the best valued."""
    s, _ = game("blind", "basic", 6)
    while not (s["stage"] == "take" and len(RULES.legal_actions(s, RULES.deciders(s)[0])) >= 4):
        s, _ = apply(s, ai.choose(s, RULES.deciders(s)[0], "easy", seed=1).id)
    seat = RULES.deciders(s)[0]
    worth = ai.values(s, seat, 3, 60)
    legal = {a.id for a in RULES.legal_actions(s, seat)}
    assert set(worth) == legal and len(legal) > 1
    assert all(-20 <= v <= 120 for v in worth.values())
    assert len(set(worth.values())) > 1  # (the choices are told apart)


def test_search_spends_its_budget_on_the_better_half():
    """Successive halving: the worst candidates get fewer rollouts than the best, which stays in."""
    def run(alive, totals, counts):
        for i in alive:
            totals[i] += i  # (candidate i is worth i)
            counts[i] += 1

    _totals, counts, alive = search.search(8, run, 64, None)
    assert 7 in alive and 0 not in alive
    assert counts[7] > counts[0] > 0


def tally(first, other, deals, budget=TINY):
    """(games `first` wins alone, games `other` wins alone), each deal played twice, the seats swapped."""
    out = [0, 0]
    for d in deals:
        for seat in (0, 1):
            levels = (first, other) if seat == 0 else (other, first)
            r = play(levels, d, budget=budget)["result"]
            if r[seat]["winner"] != r[1 - seat]["winner"]:
                out[0 if r[seat]["winner"] else 1] += 1
    return out


def test_hard_beats_easy_and_easy_beats_random():
    """On fixed deals played from both seats: easy wins most of 16 games against random, and hard (at a
    small budget) wins more of 8 than easy does (bench/pyramid_poker_ai.py: the figures over hundreds of
    games at the bot's budget)."""
    assert tally("easy", "random", range(1, 9))[0] >= 11
    hard, easy = tally("hard", "easy", range(1, 5), 24)
    assert hard > easy
