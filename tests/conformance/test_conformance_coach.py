"""The conformance suite, the coach (engine/protocol.py Coach, optional): on a finished random game, each
seat's decisions are points of the log where that seat had a choice; each evaluated decision names the
action played there and a legal best one, with a loss of at least 0 (0 when the best was played); the
review's summary counts them and says when each happened. (A choice may be a turn's plan: its actions.)"""

import pytest

from conformance.games import every_game, final, specs
from engine import registry
from engine.protocol import Game

GAMES = [g.key for g in every_game() if g.coach is not None]


def states_before(game: Game, config: dict, seed: int, ids: list[str]) -> list[dict]:
    state, _ = game.rules.new_game(config, seed)
    out = []
    for a in ids:
        out.append(state)
        r = game.rules.apply(state, a)
        assert r.ok
        state = r.state
    return out


def first(choice: str | list[str]) -> str:
    return choice if isinstance(choice, str) else choice[0]


@pytest.mark.parametrize("key", GAMES)
def test_the_coach_reviews_a_seat_s_decisions(key):
    every_game()
    game = registry.game(key)
    coach = game.coach
    assert coach is not None
    spec = specs(game)[0]
    config = game.rules.config(spec.options, [f"P{i + 1}" for i in range(spec.players)])
    _state, ids = final(game, spec)
    before = states_before(game, config, spec.seed, ids)
    seat = 0
    todo = coach.decisions(config, spec.seed, ids, seat)
    assert todo, f"{key}: seat 0 had no decision in a whole game"
    for d in todo:
        s = before[d["at"]]
        assert int(ids[d["at"]].split(":")[0]) == seat
        assert len(game.rules.legal_actions(s, seat)) > 1
    some = [todo[0], todo[len(todo) // 2], todo[-1]]
    evaluated = coach.evaluate(config, spec.seed, ids, seat, some, 2)
    assert [d["at"] for d in evaluated] == [d["at"] for d in some]
    for d in evaluated:
        legal = {a.id for a in game.rules.legal_actions(before[d["at"]], seat)}
        played, best = first(d["played"]), first(d["best"])  # (an action, or a turn's plan: its actions)
        assert played == ids[d["at"]]
        assert best in legal
        assert d["loss"] >= 0
        if d["best"] == d["played"]:
            assert d["loss"] == 0
        assert coach.when(d).strip()
    review = coach.finish(config, spec.seed, ids, seat, evaluated)
    assert review["count"] == len(evaluated)
    assert 0 <= review["accuracy"] <= 1
    assert set(review["costliest"]) <= {d["at"] for d in evaluated}
    assert review["curve"], f"{key}: the review's curve is empty"
