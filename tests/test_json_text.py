"""A state's stored text: orjson writes it (engine.to_json), the same text the standard library writes, so a
state saved before orjson and the same state saved now compare equal (db/copy.py compares them)."""

import importlib
import json

import pytest

import games
from engine import _EXPONENT, from_json, json_text, registry, rng, to_json

INSTALLED = [importlib.import_module(name).GAME.key for name in games.INSTALLED]  # (not a test's own game)


def _standard(state) -> str:
    return json.dumps(state, separators=(",", ":"), sort_keys=True)


@pytest.mark.parametrize("key", INSTALLED)
def test_every_state_of_a_random_game_is_written_as_the_standard_library_writes_it(key):
    game = registry.game(key)
    players = max(game.players[0], min(3, game.players[1]))
    state, _ = game.rules.new_game(game.rules.config({}, [f"P{i}" for i in range(players)]), 7)
    stream: rng.Rng = {"rng": rng.seed_state(11)}
    checked = 0
    while not game.rules.is_over(state) and checked < 400:
        text = to_json(state)
        assert text == _standard(state)
        assert text.isascii() and not _EXPONENT.search(text)  # (orjson's text, not the fallback: the speed)
        assert from_json(text) == state
        acts = game.rules.legal_actions(state)
        state = game.rules.apply(state, acts[rng.below(stream, len(acts))].id).state
        checked += 1
    assert checked >= 20  # (a game of a few moves would check little)
    assert to_json(state) == _standard(state)


@pytest.mark.parametrize("value", [
    {"b": 1, "a": [1.5, 0.1, -3, None, True, "x"]},
    {"note": "café ☕"},                   # not ASCII: the standard library's \\u escapes
    {"tiny": 1e-05, "big": 1e16},          # written with an exponent: the standard library's text
    {1: "an int key", 2: "another"},       # keys that are not strings: the standard library's order
    {"huge": 2 ** 70},                     # past 64 bits
])
def test_what_orjson_would_write_otherwise_is_left_to_the_standard_library(value):
    assert to_json(value) == _standard(value)
    assert from_json(to_json(value)) == json.loads(_standard(value))


def test_a_stored_value_is_read_back_equal():
    value = {"seats": [0, 2], "text": "Zoë", 3: [1, 2]}
    assert from_json(json_text(value)) == {"seats": [0, 2], "text": "Zoë", "3": [1, 2]}
