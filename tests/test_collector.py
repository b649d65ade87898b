"""Full garbage collections run between clicks, not inside a burst of them (app/collector.py)."""

import gc

import pytest
from simharness import play_step, start_game, table

from app import collector


@pytest.fixture
def fake_gc(monkeypatch):
    state = {"pending": 0, "collected": 0}
    monkeypatch.setattr(gc, "get_count", lambda: (0, 0, state["pending"]))

    def collect(generation=2):
        state["collected"] += 1
        state["pending"] = 0
        return 0
    monkeypatch.setattr(gc, "collect", collect)
    return state


@pytest.mark.parametrize("pending,runs", [(collector.DUE - 1, False), (collector.DUE, True)])
def test_a_full_collection_runs_when_it_is_due(fake_gc, pending, runs, monkeypatch):
    trims = []
    monkeypatch.setattr(collector, "_TRIM", lambda pad: trims.append((pad, fake_gc["collected"])))
    fake_gc["pending"] = pending
    assert collector.after_clicks() is runs
    assert fake_gc["collected"] == int(runs)
    assert trims == ([(0, 1)] if runs else [])  # the allocator trimmed after the collection, not before


def test_the_allocator_gives_back_its_free_pages_where_it_can():
    import sys
    if not sys.platform.startswith("linux"):
        pytest.skip("malloc_trim is glibc's (the machines the bot runs on)")
    assert collector._TRIM is not None and collector.trim() is True


def test_take_over_leaves_cpython_only_the_overdue_full_collections():
    before = gc.get_threshold()
    try:
        collector.take_over()
        assert gc.get_threshold() == (collector.YOUNG, before[1], collector.OVERDUE)
    finally:
        gc.set_threshold(*before)


async def test_the_last_click_in_flight_runs_a_due_collection(simcord_env, simcord_bot, fake_gc):
    env, bot = simcord_env, simcord_bot
    guild, channel, actors = table(env, 2)
    await start_game(env, channel, actors)
    fake_gc["pending"] = collector.DUE
    bot.table.in_flight += 1  # another click still being handled: not now
    assert await play_step(env, bot, channel, actors)
    assert fake_gc["collected"] == 0
    bot.table.in_flight -= 1
    assert await play_step(env, bot, channel, actors)
    assert fake_gc["collected"] == 1 and fake_gc["pending"] == 0
