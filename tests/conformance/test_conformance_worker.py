"""A game's panel built in a render worker process (app/workers.py panel: the bot's courier builds it there,
off the event loop) is the panel the loop would build: the same message, in each language, after its trip
through pickling. A game whose show keeps something a process cannot send back fails here."""

import importlib
import multiprocessing
from concurrent.futures import ProcessPoolExecutor

import pytest
from conformance.games import specs, table_for, walk

import games
import i18n
from app.workers import panel
from engine import registry, views

INSTALLED = [importlib.import_module(m).GAME.key for m in games.INSTALLED]  # (a worker knows only these)


@pytest.fixture(scope="module")
def worker():
    with ProcessPoolExecutor(1, mp_context=multiprocessing.get_context("spawn")) as pool:
        yield pool


@pytest.mark.parametrize("key", INSTALLED)
def test_a_panel_built_in_a_worker_is_the_loops(key, worker):
    game = registry.game(key)
    spec = specs(game)[0]
    table = table_for(spec.players)
    compared = 0
    for step in walk(game, spec):
        if step.index % 25:
            continue
        lang = ("en", "es", "pl")[compared % 3]
        with i18n.use(lang):
            here = views.panel(game, table, step.before)
        there = worker.submit(panel, lang, key, table, views.public(game, step.before)).result(timeout=120)
        assert there == here, f"{key} at step {step.index} ({lang}): the worker's panel differs"
        compared += 1
        if compared == 6:
            break
    assert compared >= 2
