"""The PostgreSQL store's own cases: the checks at opening, the same schema as SQLite, two bot processes
writing one game at once, and the server going away in the middle of a game (killed, then restarted:
the click is answered "try again", nothing is applied by half, the bot recovers by itself) or hanging
(stopped: the read's time runs out, the click is answered "try again", nothing hangs)."""

import asyncio
import os
import signal
import time

import pytest
from conftest import admin_sql, database_url, run_apart
from simharness import play_step, private, start_game, table, turn_click

import games.pioneer_days.rules as engine
from app.service import GameService
from db import ChannelBusy, DatabaseMissing, DatabaseUnavailable, NotOurDatabase, SchemaTooNew, Store, postgres
from db.migrations import LATEST
from db.onetrip import NotInline, OneTrip
from db.postgres import PgTx

OPTS = {"sets": ["A", "B"], "pioneers": "standard", "timer": 0}


async def test_opening_rules(pg_server, pg_url):
    with pytest.raises(NotOurDatabase, match="DATABASE_URL"):  # an empty database: no silent fresh start
        await Store.open(pg_url)
    s = await Store.open(pg_url, create=True)  # the first start (--new-database)
    await s.close()
    s = await Store.open(pg_url)  # and from then on
    await s.close()

    name = pg_url.rsplit("/", 1)[1].split("?")[0]
    other, missing = f"{name}_other", f"{name}_missing"
    admin_sql(pg_server, f'CREATE DATABASE "{other}"')
    try:
        import asyncpg
        conn = await asyncpg.connect(database_url(pg_server, other))
        await conn.execute("CREATE TABLE notes (x text)")
        await conn.close()
        with pytest.raises(NotOurDatabase, match="something else"):  # even with create
            await Store.open(database_url(pg_server, other), create=True)
        with pytest.raises(DatabaseMissing, match="DATABASE_URL"):  # a wrong database name
            await Store.open(database_url(pg_server, missing))
        s = await Store.open(database_url(pg_server, missing), create=True)  # the first start creates it
        await s.close()
    finally:
        admin_sql(pg_server, f'DROP DATABASE IF EXISTS "{other}" WITH (FORCE)',
                  f'DROP DATABASE IF EXISTS "{missing}" WITH (FORCE)')

    conn = await asyncpg.connect(pg_url)
    # the version says v5, the tables are gone
    await conn.execute("DROP TABLE reviews, results, ratings, outbox, deadlines, actions, players, games")
    await conn.close()
    with pytest.raises(NotOurDatabase, match="damaged"):
        await Store.open(pg_url)
    conn = await asyncpg.connect(pg_url)
    await conn.execute("UPDATE schema_version SET version = $1", LATEST + 1)
    await conn.close()
    with pytest.raises(SchemaTooNew):
        await Store.open(pg_url)


async def test_the_schema_is_the_same_on_both(db_path, pg_url):
    """Migrations numbered alike give the same tables and columns, in the same order."""
    lite = await Store.open(db_path, create=True)
    pg = await Store.open(pg_url, create=True)
    try:
        assert await lite.backend.tables() == await pg.backend.tables()
        assert await lite.backend.version() == await pg.backend.version() == LATEST
    finally:
        await lite.close()
        await pg.close()


async def test_two_processes_writing_one_game(pg_ready_url):
    """Two stores (two bot processes) on one database: the optimistic check, the lobby's seat limit and
    one open game per channel hold across them."""
    a, b = await Store.open(pg_ready_url), await Store.open(pg_ready_url)
    try:
        for round_ in range(8):
            svc_a, svc_b = GameService(a), GameService(b)
            channel = 100 + round_
            lobbies = await asyncio.gather(svc_a.new_lobby("pioneer-days", 1, channel, 1, "ann", OPTS),
                                           svc_b.new_lobby("pioneer-days", 1, channel, 9, "zed", OPTS))
            assert sorted(x.ok for x in lobbies) == [False, True]
            gid = next(x.game.id for x in lobbies if x.ok)
            assert [x.code for x in lobbies if not x.ok] == ["busy"]
            for uid in (2, 3):
                await svc_a.join(gid, uid, f"p{uid}")
            joins = await asyncio.gather(a.add_player(gid, 10, "x", 4), b.add_player(gid, 11, "y", 4))
            assert sorted(joins) == ["full", "ok"] and len((await a.game(gid)).players) == 4
            host = next(x.game.host_id for x in lobbies if x.ok)
            assert (await svc_a.start(gid, host)).ok
            g = await a.game(gid)
            acts = [x for x in engine.legal_actions(g.state) if x.player == g.state["turn"]][:2]
            results = await asyncio.gather(
                svc_a.act(gid, channel, g.user_at(acts[0].player), g.seq, acts[0].id),
                svc_b.act(gid, channel, g.user_at(acts[-1].player), g.seq, acts[-1].id))
            assert sorted(r.ok for r in results) == [False, True]
            assert len(await b.actions(gid)) == 1
        with pytest.raises(ChannelBusy):
            await b.create_lobby(1, 100, 1, "ann", OPTS, 5, game="pioneer-days")
    finally:
        await a.close()
        await b.close()


# ---- the server goes away mid-game --------------------------------------------------------------------
@pytest.fixture
def own_pg_server():
    """A PostgreSQL server of this test's own, to kill and restart (the shared one serves other tests)."""
    if os.environ.get("PIONEER_NO_PG"):
        pytest.skip("NO POSTGRESQL SERVER: test.sh could not start one")
    from scripts.pgserver import TempServer
    server = TempServer()
    server.start()
    yield server
    server.remove()


@pytest.fixture
def db_url(own_pg_server):
    """The bots of this module play on own_pg_server, set up by a first start."""
    url = own_pg_server.url_for("pioneer")

    async def first_start():
        await (await Store.open(url, create=True)).close()
    run_apart(first_start())
    return url


async def current(bot, channel):
    return await bot.store.open_game_in_channel(channel.id)


async def two_playing(env, bot, steps: int):
    """A 2-player game `steps` moves in: (its channel, the players)."""
    _guild, channel, actors = table(env, 2)
    await start_game(env, channel, actors)
    for _ in range(steps):
        assert await play_step(env, bot, channel, actors)
    return channel, actors


async def test_the_server_goes_away_mid_game_and_comes_back(simcord_env, simcord_bot, own_pg_server):
    env, bot = simcord_env, simcord_bot
    channel, actors = await two_playing(env, bot, steps=4)

    # the server is killed between two clicks: the click is refused, nothing changes
    game, player, panel, move = await turn_click(env, bot, channel, actors)
    own_pg_server.kill()
    res = await player.click(panel, custom_id=move)
    assert "nothing was changed" in private(res) and "try again" in private(res)
    with pytest.raises(DatabaseUnavailable):
        await bot.store.game(game.id)
    own_pg_server.start()  # back: the same bot goes on, its connection pool reconnects by itself
    assert (await current(bot, channel)).seq == game.seq
    res = await player.click(panel, custom_id=move)
    assert not private(res) and (await current(bot, channel)).seq > game.seq

    # the server is killed as a move's commit is sent (one statement, db/onetrip.py), then in the middle
    # of a transaction of several statements (after its UPDATE of the game row)
    for one_trip in (True, False):
        game, player, panel, move = await turn_click(env, bot, channel, actors)
        with pytest.MonkeyPatch.context() as m:
            killed = kill_at_commit(m, own_pg_server, one_trip)
            res = await player.click(panel, custom_id=move)
        assert killed and "nothing was changed" in private(res)
        own_pg_server.start()
        after = await current(bot, channel)
        assert after.seq == game.seq and after.state_json == game.state_json  # nothing applied by half
        assert len(await bot.store.actions(game.id)) == game.seq
        res = await player.click(panel, custom_id=move)  # the same click, now that the server is back
        assert not private(res) and (await current(bot, channel)).seq > game.seq
    for _ in range(10):
        assert await play_step(env, bot, channel, actors)
    g = await current(bot, channel)
    assert engine.to_json(await bot.service.replayed(g)) == g.state_json


def kill_at_commit(m, server, one_trip: bool) -> list:
    """The server killed as a move's commit reaches its log INSERT (sent as one statement or, one_trip
    False, in a transaction of several after the UPDATE of the game row); the list says when it was."""
    killed: list = []
    if one_trip:
        real_send = postgres.send_one

        async def send(conn, sql):
            if "INSERT INTO actions" in sql and not killed:
                killed.append(sql)
                server.kill()
            await real_send(conn, sql)
        m.setattr(postgres, "send_one", send)
    else:
        real = PgTx.executemany

        async def dying(self, sql, rows):
            if sql.startswith("INSERT INTO actions") and not killed:
                killed.append(sql)
                server.kill()
            return await real(self, sql, rows)
        m.setattr(PgTx, "executemany", dying)
        m.setattr(OneTrip, "statement", not_inline)
    return killed


def not_inline(self):
    raise NotInline("as an ordinary transaction, for the test")


def server_processes(server) -> list[int]:
    """The postmaster of a TempServer and its children (backends, background workers)."""
    postmaster = int((server.data / "postmaster.pid").read_text().split()[0])
    children = []
    for pid in filter(str.isdigit, os.listdir("/proc")):
        try:
            stat = open(f"/proc/{pid}/stat").read()
        except OSError:
            continue
        if int(stat.rsplit(")", 1)[1].split()[1]) == postmaster:
            children.append(int(pid))
    return [postmaster, *children]


async def test_a_server_that_stops_answering_is_a_server_that_is_down(simcord_env, simcord_bot, own_pg_server):
    """SIGSTOP: connections stay open and nothing answers (a hung server or host). A read has
    COMMAND_TIMEOUT (1 s here), counted without a timer per read (db/postgres.py ReadDeadlines): the click
    is answered "try again" soon after, nothing hangs; once the server runs again the bot goes on."""
    env, bot = simcord_env, simcord_bot
    channel, actors = await two_playing(env, bot, steps=2)
    game, player, panel, move = await turn_click(env, bot, channel, actors)
    bot.store.backend.deadlines.timeout = 1.0
    stopped = server_processes(own_pg_server)
    for pid in stopped:
        os.kill(pid, signal.SIGSTOP)
    try:
        started = time.perf_counter()
        res = await player.click(panel, custom_id=move)
        took = time.perf_counter() - started
    finally:
        for pid in stopped:
            os.kill(pid, signal.SIGCONT)
    assert "nothing was changed" in private(res) and "try again" in private(res)
    assert 1.0 <= took < 4.0, took  # the read's 1 s, the writer thread's tick (1 s), the answer
    assert (await current(bot, channel)).seq == game.seq
    res = await player.click(panel, custom_id=move)
    assert not private(res) and (await current(bot, channel)).seq > game.seq
