"""The store on its own, on both backends (SQLite and PostgreSQL, the `any_db` fixture): migrations,
constraints, the append-only log, the optimistic version check, grouped writes, deadlines."""

import asyncio
import os
import sqlite3

import aiosqlite
import asyncpg
import pytest

import games.pioneer_days.rules as engine
from app.service import GameService
from db import Store
from db.migrations import LATEST, STEPS, SchemaTooNew, migrate

OPTS = {"sets": ["A", "B"], "pioneers": "standard", "timer": 0}


@pytest.fixture
async def store(any_db):
    s = await Store.open(any_db, create=True)
    yield s
    await s.close()


async def started(store, channel=100, players=3):
    svc = GameService(store)
    gid = (await svc.new_lobby("pioneer-days", 1, channel, 1, "ann", OPTS)).game.id
    for uid, name in ((2, "bob"), (3, "cy"), (4, "dee"))[:players - 1]:
        await svc.join(gid, uid, name)
    out = await svc.start(gid, 1)
    assert out.ok
    return svc, gid


async def test_migrations_and_version(any_db, store):
    assert await store.backend.version() == LATEST
    if store.kind == "sqlite":
        assert (await store._rows("PRAGMA journal_mode"))[0][0] == "wal"
        assert await store._write(lambda tx: migrate(tx.conn)) == LATEST  # idempotent: nothing left to apply
    again = await Store.open(any_db)  # reopening an up-to-date database
    assert await again.backend.version() == LATEST
    await again.close()


async def raw(url: str, *statements: str, version: int | None = None) -> None:
    """Statements straight on the database, outside the store (then the schema version, if given)."""
    if not url.startswith("postgresql://"):
        os.makedirs(os.path.dirname(url), exist_ok=True)
        async with aiosqlite.connect(url, isolation_level=None) as conn:
            for sql in statements:
                await conn.executescript(sql)
            if version is not None:
                await conn.execute(f"PRAGMA user_version = {version}")
        return
    conn = await asyncpg.connect(url)
    try:
        for sql in statements:
            await conn.execute(sql)
        if version is not None:
            await conn.execute("CREATE TABLE IF NOT EXISTS schema_version (version INTEGER NOT NULL)")
            await conn.execute("DELETE FROM schema_version")
            await conn.execute("INSERT INTO schema_version VALUES ($1)", version)
    finally:
        await conn.close()


async def test_refuses_a_newer_schema(any_db):
    s = await Store.open(any_db, create=True)
    await s.close()
    await raw(any_db, version=LATEST + 1)
    with pytest.raises(SchemaTooNew):  # the store refuses to open it
        await Store.open(any_db)
    if not any_db.startswith("postgresql://"):
        conn = sqlite3.connect(any_db, isolation_level=None)
        with pytest.raises(SchemaTooNew):
            migrate(conn)
        conn.close()


async def test_database_folder_is_created(tmp_path):
    s = await Store.open(str(tmp_path / "a" / "b" / "game.sqlite3"))
    await s.close()
    assert (tmp_path / "a" / "b" / "game.sqlite3").exists()


async def test_one_open_game_per_channel_and_finished_games_kept(store):
    svc = GameService(store)
    first = await svc.new_lobby("pioneer-days", 1, 100, 1, "ann", OPTS)
    gid = first.game.id
    assert first.ok
    again = await svc.new_lobby("pioneer-days", 1, 100, 2, "bob", OPTS)
    assert not again.ok and again.code == "busy" and again.game.id == gid
    other = await svc.new_lobby("pioneer-days", 1, 101, 2, "bob", OPTS)  # another channel is fine
    assert other.ok
    await svc.end(gid, 1)
    third = await svc.new_lobby("pioneer-days", 1, 100, 3, "cy", OPTS)
    assert third.ok and third.game.id not in (gid, other.game.id)
    assert (await store.game(gid)).status == "ended"  # kept


async def test_action_log_is_append_only_and_version_checked(store):
    svc, gid = await started(store)
    g = await store.game(gid)
    a = engine.legal_actions(g.state)[0]
    out = await svc.act(gid, 100, g.user_at(a.player), g.seq, a.id)
    assert out.ok
    # a writer holding the old version loses: nothing is written
    assert not await store.commit_action(gid, g.seq, a.id, a.player, 1, "turn", [], g.state_json, g.seq + 1,
                                         "active", [])
    assert len(await store.actions(gid)) == 1
    # the database itself refuses (SQLite triggers; PostgreSQL trigger functions, TRUNCATE included)
    refused = ["DELETE FROM actions", "UPDATE actions SET action_id='x'"]
    if store.kind == "postgresql":
        refused.append("TRUNCATE actions")
    for sql in refused:
        with pytest.raises(Exception, match="append-only"):
            await store._write(lambda db, sql=sql: db.execute(sql))
    assert len(await store.actions(gid)) == 1


async def test_concurrent_commits_apply_exactly_one(store):
    """Two writers with the same expected version (e.g. two bot processes): one wins."""
    svc, gid = await started(store)
    g = await store.game(gid)
    acts = engine.legal_actions(g.state)
    uid = g.user_at(acts[0].player)
    results = await asyncio.gather(svc.act(gid, 100, uid, g.seq, acts[0].id),
                                   svc.act(gid, 100, uid, g.seq, acts[1].id))
    assert sorted(r.ok for r in results) == [False, True]
    assert [r.code for r in results if not r.ok] == ["stale"]
    assert len(await store.actions(gid)) == 1


async def test_stored_state_equals_replay(store):
    svc, gid = await started(store, players=2)
    while True:
        g = await store.game(gid)
        if g.status != "active":
            break
        a = engine.legal_actions(g.state)[-1]  # the last choice: discards, face changes, ...
        out = await svc.act(gid, 100, g.user_at(a.player), g.seq, a.id)
        assert out.ok, out.message
        if len(await store.actions(gid)) > 120:
            break
    g = await store.game(gid)
    assert engine.to_json(await svc.replayed(g)) == g.state_json


async def test_grouped_commits_keep_each_write_separate(store):
    """Concurrent writes share one transaction, but a failing one rolls back alone."""
    games = [await started(store, channel=200 + i) for i in range(6)]

    async def failing(db):
        await db.execute("UPDATE games SET recent='[\"half done\"]'")
        raise ValueError("this write fails")

    async def one(svc, gid):
        g = await store.game(gid)
        a = engine.legal_actions(g.state)[0]
        return await svc.act(gid, g.channel_id, g.user_at(a.player), g.seq, a.id)
    results = await asyncio.gather(*(one(svc, gid) for svc, gid in games), store._write(failing),
                                   return_exceptions=True)
    assert all(r.ok for r in results[:-1]) and isinstance(results[-1], ValueError)
    for _svc, gid in games:
        g = await store.game(gid)
        assert g.seq == 1 and len(await store.actions(gid)) == 1 and g.recent != ["half done"]


def schema(url: str, upto: int) -> list[str]:
    """The migration texts of versions 1..upto for the url's backend."""
    pg = url.startswith("postgresql://")
    return [step.postgres if pg else step.sqlite for step in STEPS[:upto]]


async def test_v1_database_is_upgraded_with_its_games(any_db):
    await raw(any_db, *schema(any_db, 1),
              "INSERT INTO games (channel_id, host_id, status, options, seed) "
              "VALUES (100, 1, 'lobby', '{\"sets\": [\"A\", \"B\"], \"pioneers\": \"x\"}', 5)",
              "INSERT INTO players (game_id, user_id, name, joined) VALUES (1, 1, 'ann', 1)", version=1)
    s = await Store.open(any_db)
    try:
        assert await s.backend.version() == LATEST
        g = await s.open_game_in_channel(100)
        assert [(p.name, p.ai) for p in g.players] == [("ann", None)] and g.ping_message_id is None
        assert await s.pending(g.id) == [] and await s.next_deadline() is None
    finally:
        await s.close()


async def test_v3_pings_move_to_the_outbox(any_db):
    """Migration 4 moves data: the seats still to be pinged (games.unpinged) become outbox items."""
    await raw(any_db, *schema(any_db, 3),
              "INSERT INTO games (channel_id, host_id, status, options, seed, seq, unpinged) "
              "VALUES (100, 1, 'active', '{}', 5, 7, '[1, 2]')",
              "INSERT INTO games (channel_id, host_id, status, options, seed, seq, unpinged) "
              "VALUES (101, 1, 'over', '{}', 5, 9, '[0]')", version=3)
    s = await Store.open(any_db)
    try:
        assert [(x.game_id, x.seq, x.kind, x.data) for x in await s.pending(1)] == [(1, 7, "ping", {"seats": [1, 2]})]
        assert await s.pending(2) == [] and await s.games_with_pending() == [1]
    finally:
        await s.close()


async def test_deadlines_follow_the_decisions(store):
    """A turn keeps one deadline over its steps; the next player gets a new one; AI seats get none."""
    now = [1000.0]
    svc = GameService(store, clock=lambda: now[0])
    poked = []
    svc.on_deadline = poked.append
    gid = (await svc.new_lobby("pioneer-days", 1, 100, 1, "ann", {**OPTS, "timer": 60})).game.id
    await svc.join(gid, 2, "bob")
    assert (await svc.add_ai(gid, 2, "easy")).code == "not_host"
    assert (await svc.add_ai(gid, 1, "easy")).ok
    assert (await svc.start(gid, 1)).ok
    g = await store.game(gid)
    assert g.display(2) == "🤖 Easy AI 1" and g.user_at(2) < 0
    while g.state["turn"] == 2 or engine.deciders(g.state) == [2]:  # let the AI seat play by hand
        a = engine.legal_actions(g.state, 2)[0]
        assert (await svc.auto(gid, 2, g.seq, a.id)).ok
        g = await store.game(gid)
    seat = g.state["turn"]
    assert await store.deadlines(gid) == {seat: {"seq": g.seq, "due_at": 1060.0, "remind_at": 1030.0,
                                                 "reminded": False}}
    first = (await store.deadlines(gid))[seat]
    now[0] = 1010.0
    while g.state["turn"] == seat and g.state["stage"] == "turn":
        a = engine.legal_actions(g.state, seat)[0]
        assert (await svc.act(gid, 100, g.user_at(seat), g.seq, a.id)).ok
        g = await store.game(gid)
        if g.state["turn"] == seat:
            assert (await store.deadlines(gid))[seat] == first  # the same turn: the same clock
    rows = await store.deadlines(gid)
    assert seat not in rows
    for s, row in rows.items():
        assert not g.is_ai(s) and row["due_at"] == 1070.0 and row["seq"] == g.seq
    assert poked and min(poked) == 1030.0
    assert (await svc.auto(gid, seat, g.seq, "x")).code in ("stale", "not_ai")
    await svc.end(gid, 1)
    assert await store.deadlines(gid) == {}
