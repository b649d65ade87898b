"""A full disk, through the real bot: every click is answered "I can't save games right now" with the game
unchanged, the fault is one log line (not one per click), and play goes on once there is room again.
The disk is made full for real: SQLite's PRAGMA max_page_count on the bot's own writer connection, so the
database file may not grow by one page (SQLite then fails exactly as on a full disk: SQLITE_FULL)."""

import asyncio
import logging

from simharness import first_choice, message, pick, play_step, private, start_game, table

from db import sqlite

TRACEBACKS = ("Traceback", "Something went wrong")


async def current(bot, channel):
    return await bot.store.open_game_in_channel(channel.id)


async def on_writer(bot, sql: str):
    """One statement on the bot's SQLite writer connection, on its writer thread."""
    backend = bot.store.backend
    return await asyncio.get_running_loop().run_in_executor(
        backend._thread, lambda: backend.writer.execute(sql).fetchall())


async def click_once(env, bot, channel, actors):
    """One decision through the UI (the first choice, as play_step), returning (the game before, the
    clicking person, the last response)."""
    game = await current(bot, channel)
    state = game.state
    by_user = {a.id: a for a in actors}
    panel = message(env, channel, game.panel_message_id)
    if state["stage"] == "turn":
        actor = by_user[game.user_at(state["turn"])]
        return game, actor, await pick(actor, panel, first_choice(panel))
    seat = next(s for s, d in enumerate(state["pending"]) if d is not None and not game.is_ai(s))
    actor = by_user[game.user_at(seat)]
    res = await actor.click(panel, label="Decide (private)")
    return game, actor, await pick(actor, res.response, first_choice(res.response.message))


def accepted(res) -> bool:
    """The click went through: nothing refused. A private decision's own "Done" is an acceptance too."""
    said = private(res)
    return "can't save" not in said and "nothing was changed" not in said


def storage_lines(caplog, text: str) -> list[logging.LogRecord]:
    return [r for r in caplog.records if text in r.getMessage()]


async def test_a_full_disk_is_answered_clearly_said_once_and_play_goes_on_after(simcord_env, simcord_bot,
                                                                                 caplog, monkeypatch):
    env, bot = simcord_env, simcord_bot
    _guild, channel, actors = table(env, 2)
    await start_game(env, channel, actors)
    for _ in range(4):
        assert await play_step(env, bot, channel, actors)
    (pages,), = await on_writer(bot, "PRAGMA page_count")
    assert (await on_writer(bot, f"PRAGMA max_page_count={pages}"))[0][0] == pages  # no room to grow
    full = {"pages": pages}
    real_reopen = sqlite.SqliteBackend._reopen

    def reopen(self):  # the disk is still full: a connection opened again after the fault has no room either
        real_reopen(self)
        if full["pages"]:
            self.writer.execute(f"PRAGMA max_page_count={full['pages']}")
    monkeypatch.setattr(sqlite.SqliteBackend, "_reopen", reopen)
    caplog.clear()

    refused = None
    for _ in range(40):  # the free room left in the file's pages fills within a few moves
        before, actor, res = await click_once(env, bot, channel, actors)
        if (await current(bot, channel)).seq == before.seq:
            refused = (before, actor, res)
            break
    assert refused is not None, "the database never filled up"
    before, actor, res = refused
    assert "can't save games right now" in private(res) and "nothing was changed" in private(res)
    for _ in range(2):  # the same click again: the same clear answer
        again, _actor, res = await click_once(env, bot, channel, actors)
        assert again.seq == before.seq and "can't save games right now" in private(res)
    after = await current(bot, channel)
    assert after.seq == before.seq and after.state_json == before.state_json  # the game is unchanged
    assert len(await bot.store.actions(after.id)) == after.seq
    faults = storage_lines(caplog, "storage fault")
    assert len(faults) == 1 and "disk is full" in faults[0].getMessage(), [r.getMessage() for r in faults]
    assert not any(t in caplog.text for t in TRACEBACKS)
    assert not [r for r in caplog.records if r.exc_info], "a traceback was logged"

    full["pages"] = 0
    await on_writer(bot, "PRAGMA max_page_count=1073741823")  # room again
    _game, _actor, res = await click_once(env, bot, channel, actors)
    assert accepted(res) and (await current(bot, channel)).seq > before.seq
    assert len(storage_lines(caplog, "storage is back")) == 1
    for _ in range(6):
        assert await play_step(env, bot, channel, actors)
    assert len(storage_lines(caplog, "storage fault")) == 1 and len(storage_lines(caplog, "storage is back")) == 1
    game = await current(bot, channel)
    assert (await bot.service.replayed(game)) == game.state
