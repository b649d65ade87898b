"""Storage that comes back, through the real bot: the SQLite database refuses writes (a read-only storage:
every connection opened to it refuses writes, as SQLite does with a file it cannot write; the connection it
had keeps refusing them), clicks are refused with the game unchanged; then the storage takes writes again,
and the next click goes through (on a writer connection opened again after the fault), "storage is back"
said once. No restart."""

from simharness import play_step, private, start_game, table
from test_bot_storage_full import accepted, click_once, current, on_writer, storage_lines

from db import sqlite


async def test_a_read_only_storage_that_becomes_writable_is_noticed_and_play_goes_on(simcord_env, simcord_bot,
                                                                                     caplog, monkeypatch):
    env, bot = simcord_env, simcord_bot
    _guild, channel, actors = table(env, 2)
    await start_game(env, channel, actors)
    for _ in range(3):
        assert await play_step(env, bot, channel, actors)
    read_only = {"on": True}
    real_reopen = sqlite.SqliteBackend._reopen

    def reopen(self):  # the storage is read-only: a connection opened now refuses writes too
        real_reopen(self)
        if read_only["on"]:
            self.writer.execute("PRAGMA query_only=ON")
    monkeypatch.setattr(sqlite.SqliteBackend, "_reopen", reopen)
    caplog.clear()
    await on_writer(bot, "PRAGMA query_only=ON")  # the writer connection refuses writes (SQLITE_READONLY)
    before = await current(bot, channel)
    for _ in range(3):
        _game, _actor, res = await click_once(env, bot, channel, actors)
        assert "can't save games right now" in private(res)
    after = await current(bot, channel)
    assert after.seq == before.seq and after.state_json == before.state_json
    faults = storage_lines(caplog, "storage fault")
    assert len(faults) == 1 and "read-only" in faults[0].getMessage()
    assert "the next change goes through, with nothing to restart" in faults[0].getMessage()

    read_only["on"] = False  # the storage takes writes again
    _game, _actor, res = await click_once(env, bot, channel, actors)
    assert accepted(res) and (await current(bot, channel)).seq > before.seq
    assert len(storage_lines(caplog, "storage is back")) == 1
    for _ in range(3):
        assert await play_step(env, bot, channel, actors)
    game = await current(bot, channel)
    assert (await bot.service.replayed(game)) == game.state


async def test_a_replaced_database_file_says_to_restart(simcord_env, simcord_bot, caplog, tmp_path):
    """A file replaced under the running bot (a backup restored): changes are refused, and the one log line
    says to restart the bot (it still has the file it opened); it is not tried again."""
    import os
    import shutil
    env, bot = simcord_env, simcord_bot
    _guild, channel, actors = table(env, 2)
    await start_game(env, channel, actors)
    assert await play_step(env, bot, channel, actors)
    path = bot.store.backend.path
    shutil.copy(path, tmp_path / "copy.sqlite3")
    os.replace(tmp_path / "copy.sqlite3", path)
    caplog.clear()
    _game, _actor, res = await click_once(env, bot, channel, actors)
    assert "can't save games right now" in private(res)
    faults = storage_lines(caplog, "storage fault")
    assert len(faults) == 1 and "restart" in faults[0].getMessage() and "restored backup" in faults[0].getMessage()
