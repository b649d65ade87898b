"""The PostgreSQL server's storage refuses writes, through the real bot: a database made read-only for real
(default_transaction_read_only, the sessions started again), then a full disk (the server's DiskFullError,
raised by the store's own transaction): each click is answered "I can't save games right now" with the game
unchanged, the fault is one log line, and play goes on once the server takes writes again."""

from urllib.parse import urlsplit

import asyncpg
import pytest
from conftest import admin_sql
from simharness import play_step, private, start_game, table
from test_bot_storage_full import TRACEBACKS, accepted, click_once, current, storage_lines

from db import postgres
from db.onetrip import NotInline, OneTrip
from db.postgres import PgTx


@pytest.fixture
def db_url(pg_ready_url):
    return pg_ready_url


def read_only(server: str, url: str, on: bool, end_sessions: bool = True) -> None:
    """The database refuses (or takes again) every write; its sessions start again to see it (end_sessions:
    else the bot's sessions keep the read-only default they began with)."""
    name = urlsplit(url).path.lstrip("/")
    admin_sql(server, f'ALTER DATABASE "{name}" SET default_transaction_read_only = {"on" if on else "off"}',
              *([f"SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE datname = '{name}'"]
                if end_sessions else []))


async def refused_thrice(env, bot, channel, actors, caplog, what: str):
    before = await current(bot, channel)
    for _ in range(3):
        _game, _actor, res = await click_once(env, bot, channel, actors)
        assert "can't save games right now" in private(res) and "nothing was changed" in private(res)
    after = await current(bot, channel)
    assert after.seq == before.seq and after.state_json == before.state_json
    faults = storage_lines(caplog, "storage fault")
    assert len(faults) == 1 and what in faults[0].getMessage(), [r.getMessage() for r in faults]
    assert not any(t in caplog.text for t in TRACEBACKS)
    return before


async def played_on(env, bot, channel, actors, caplog, before):
    _game, _actor, res = await click_once(env, bot, channel, actors)
    assert accepted(res) and (await current(bot, channel)).seq > before.seq
    assert len(storage_lines(caplog, "storage is back")) == 1
    for _ in range(4):
        assert await play_step(env, bot, channel, actors)


async def full_disk_thrice(env, bot, channel, actors, caplog, monkeypatch, one_trip: bool):
    """The server's DiskFullError at a move's INSERT into the log: sent as one statement or on its own."""
    full = asyncpg.exceptions.DiskFullError('could not extend file "base/16384/16400": No space left on device')
    with monkeypatch.context() as m:
        if one_trip:
            real_send = postgres.send_one

            async def send(conn, sql):
                if "INSERT INTO actions" in sql:
                    raise full
                await real_send(conn, sql)
            m.setattr(postgres, "send_one", send)
        else:
            real = PgTx.executemany

            async def many(self, sql, rows):
                if sql.startswith("INSERT INTO actions"):
                    raise full
                return await real(self, sql, rows)
            m.setattr(PgTx, "executemany", many)
            m.setattr(OneTrip, "statement", not_inline)
        return await refused_thrice(env, bot, channel, actors, caplog, "disk is full")


def not_inline(self):
    raise NotInline("as an ordinary transaction, for the test")


async def test_a_read_only_server_and_a_full_disk_are_answered_clearly_and_said_once(
        simcord_env, simcord_bot, pg_server, db_url, caplog, monkeypatch):
    env, bot = simcord_env, simcord_bot
    _guild, channel, actors = table(env, 2)
    await start_game(env, channel, actors)
    for _ in range(3):
        assert await play_step(env, bot, channel, actors)

    caplog.clear()
    read_only(pg_server, db_url, True)
    try:
        before = await refused_thrice(env, bot, channel, actors, caplog, "read-only")
    finally:
        read_only(pg_server, db_url, False)
    await played_on(env, bot, channel, actors, caplog, before)

    # writable again with the bot's sessions left as they were (begun read-only): it opens new ones
    caplog.clear()
    read_only(pg_server, db_url, True)
    try:
        before = await refused_thrice(env, bot, channel, actors, caplog, "read-only")
    finally:
        read_only(pg_server, db_url, False, end_sessions=False)
    await played_on(env, bot, channel, actors, caplog, before)

    # a move's commit is one statement (db/onetrip.py); a write that reads inside its transaction is not
    for one_trip in (True, False):
        caplog.clear()
        before = await full_disk_thrice(env, bot, channel, actors, caplog, monkeypatch, one_trip)
        await played_on(env, bot, channel, actors, caplog, before)
    game = await current(bot, channel)
    assert (await bot.service.replayed(game)) == game.state
