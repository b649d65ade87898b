"""The conformance suite, the rules: every registered game (and the test game) plays random games to the
end from many seeds and every option set, deterministically; its log replays to the live state; its
states survive JSON; illegal, stale and other seats' actions are refused and change nothing."""

import json

import pytest

import engine
from conformance.games import config_of, every_game, final, keys, specs, walk
from engine import checks, registry

GAMES = keys()


def game_of(key):
    every_game()
    return registry.game(key)


@pytest.mark.parametrize("key", GAMES)
def test_random_games_end_with_valid_results(key):
    game = game_of(key)
    rules = game.rules
    played = 0
    for spec in specs(game):
        seen_deciders = set()
        for step in walk(game, spec):
            s = step.before
            deciders = rules.deciders(s)
            seen_deciders.update(deciders)
            acts = rules.legal_actions(s)
            assert len({a.id for a in acts}) == len(acts), "action ids are unique in a state"
            for a in acts:
                assert len(a.id) <= 60 and a.id.split(":", 1)[0] == str(a.player) and a.player in deciders
                assert a.label and len(a.label) <= 100
            for seat in deciders:
                assert rules.legal_actions(s, seat), f"seat {seat} must decide but has no choice"
            assert s["seq"] == step.index and step.after["seq"] == step.index + 1
        state, ids = final(game, spec)
        assert rules.is_over(state) and rules.deciders(state) == [] and rules.legal_actions(state) == []
        res = rules.results(state)
        assert sorted(r.seat for r in res) == list(range(spec.players))
        assert all(isinstance(r.total, int) and r.scores and all(isinstance(v, int) for v in r.scores.values())
                   for r in res)
        assert all((r.rank == 1) == r.winner for r in res) and min(r.rank for r in res) == 1
        ranks = sorted(r.rank for r in res)  # competition ranking: a tie of two at 1 is followed by 3
        assert all(ranks[i] in (ranks[i - 1], i + 1) for i in range(1, len(ranks)))
        assert seen_deciders == set(range(spec.players)), "every seat decides at some point"
        played += 1
    assert played >= 12


@pytest.mark.parametrize("key", GAMES)
def test_the_same_seed_and_choices_give_the_same_game_and_the_log_replays_to_it(key):
    game = game_of(key)
    checked = 0
    for spec in specs(game)[:6]:
        a, ids_a = final(game, spec)
        b, ids_b = final(game, spec)
        assert ids_a == ids_b and engine.to_json(a) == engine.to_json(b)
        rebuilt, _events = engine.rebuild(game.rules, config_of(game, spec), spec.seed, ids_a)
        assert engine.to_json(rebuilt) == engine.to_json(a), "replay from (config, seed, actions) equals the game"
        checked += 1
    assert checked == min(6, len(specs(game)))


@pytest.mark.parametrize("key", GAMES)
def test_states_survive_json_and_play_on_the_same(key):
    game = game_of(key)
    rules = game.rules
    checked = 0
    for spec in specs(game)[:4]:
        for step in walk(game, spec):
            if step.index % 7 and not game.rules.is_over(step.after):
                continue
            text = engine.to_json(step.before)
            restored = engine.from_json(text)
            assert restored == json.loads(text) and engine.to_json(restored) == text
            again = rules.apply(restored, step.action.id)
            assert again.ok and engine.to_json(again.state) == engine.to_json(step.after)
            checked += 1
    assert checked >= 2 * len(specs(game)[:4])  # the first and the last step at least, per game


@pytest.mark.parametrize("key", GAMES)
def test_illegal_stale_and_other_seats_actions_are_refused_and_change_nothing(key):
    game = game_of(key)
    rules = game.rules
    refused = 0
    for spec in specs(game)[:4]:
        earlier: list[str] = []
        for step in walk(game, spec):
            s = step.before
            text = engine.to_json(s)
            legal = {a.id for a in rules.legal_actions(s)}
            deciders = rules.deciders(s)
            bad = ["", "nonsense", "9:nothing", f"{deciders[0]}:nothing:at:all", "0:" + "x" * 80]
            others = [x for x in range(spec.players) if x not in deciders]
            if others:  # another seat's action: a decider's id under a seat that has nothing to decide
                body = step.action.id.split(":", 1)[1]
                bad.append(f"{others[0]}:{body}")
            bad += [e for e in earlier[-30:] if e not in legal][:3]  # stale: legal once, not now
            for aid in bad:
                if aid in legal:
                    continue
                r = rules.apply(s, aid)
                assert not r.ok and isinstance(r.reason, str) and r.reason, f"{aid!r} was accepted"
                refused += 1
            r = rules.apply(s, step.action.id)
            assert engine.to_json(s) == text, "apply changed the state it was given"
            earlier.append(step.action.id)
    assert refused > 100


@pytest.mark.parametrize("key", GAMES)
def test_the_descriptor_holds(key):
    """What the registry checks when a game registers (engine/checks.py), for every game of the suite."""
    assert checks.problems(game_of(key)) == []
