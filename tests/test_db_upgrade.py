"""The schema of now (v6 made the host, v7 the day boards) upgrades a v5 database made by the code of
before the host (tests/fixtures: made by tests/fixtures/make_v5.py at commit 152e83d, on SQLite and on
PostgreSQL): every row becomes Pioneer Days, results get their scores by category from the old columns,
the ratings stay where they were, the running game's log replays to its stored state and the game plays
on; `db.copy` and `app.recompute` verify. And a rolling restart: a v5 process (its store kept in
tests/fixtures/db_v5) still writes into the upgraded database while a process of now runs on it, and
each reads what the other wrote."""

import random
import shutil
from pathlib import Path

import pytest
from conftest import run_apart

import engine
from app import recompute
from app.service import GameService
from app.tables import game_of
from db import Store
from db.copy import run as copy_run
from db.migrations import LATEST

FIXTURES = Path(__file__).resolve().parent / "fixtures"
LEGACY = ("gold", "favors", "majority", "townsfolk", "equipment", "damage", "in_game")  # v5's result columns


@pytest.fixture(params=["sqlite", "postgres"])
def v5_url(request, tmp_path):
    """A copy of the v5 database, on each backend in turn."""
    if request.param == "sqlite":
        path = tmp_path / "v5.sqlite3"
        shutil.copy(FIXTURES / "v5.sqlite3", path)
        return str(path)
    url = request.getfixturevalue("pg_url")
    import asyncpg

    async def restore():
        conn = await asyncpg.connect(url)
        try:
            await conn.execute((FIXTURES / "v5_postgres.sql").read_text(encoding="utf-8"))
        finally:
            await conn.close()
    run_apart(restore())
    return url


async def legacy_rows(store: Store, game_id: int) -> list[dict]:
    cols = ", ".join(LEGACY)
    rows = await store._rows(f"SELECT seat, {cols}, silver, pioneer FROM results WHERE game_id=? ORDER BY seat",
                             (game_id,))
    return [dict(zip(("seat", *LEGACY, "silver", "pioneer"), r, strict=True)) for r in rows]


async def test_a_v5_database_upgrades_and_its_games_play_on(v5_url, tmp_path):
    store = await Store.open(v5_url)
    try:
        assert await store.backend.version() == LATEST
        games = [await store.game(gid) for gid in (1, 2, 3, 4)]
        assert [(g.status, g.game) for g in games] == [("over", "pioneer-days"), ("active", "pioneer-days"),
                                                       ("ended", "pioneer-days"), ("lobby", "pioneer-days")]
        # the finished game's results: scores by category from its columns, in the game's order
        rows = await store.results_of(1)
        old = await legacy_rows(store, 1)
        assert len(rows) == 3 and [r["game"] for r in rows] == ["pioneer-days"] * 3
        for r, o in zip(rows, old, strict=True):
            assert list(r["scores"]) == list(LEGACY) and r["scores"] == {c: o[c] for c in LEGACY}
            assert r["detail"] == {"silver": o["silver"], "pioneer": o["pioneer"]}
        played = games[0].state["result"]
        assert [r["total"] for r in rows] == [p["total"] for p in sorted(played, key=lambda p: p["seat"])]
        st = await store.player_stats("u:1", "pioneer-days", 7)
        assert st["games"] == 1 and st["categories"] == {c: float(old[0][c]) for c in LEGACY}
        assert st["most"] == {"pioneer": "standard"}
        assert await store.rating("g:7", "u:1") is not None  # Pioneer Days' ratings keep their scopes
        assert (await recompute.recompute(store)).differences == []
        # every started game's log replays, with today's rules, to its stored state
        svc = GameService(store, clock=lambda: 1_800_000_100.0)
        for g in games[:3]:
            assert engine.to_json(await svc.replayed(g)) == g.state_json
        # the running game (a disaster's decision, a turn timer) plays on to its end, and is rated
        game = games[1]
        assert game.live["stage"] == "disaster" and set(await store.deadlines(game.id)) == {0}
        assert await store.pending(game.id)  # what it promised to show is still to be shown
        rules = game_of(game).rules
        rnd = random.Random(3)
        moves = 0
        while game.status == "active":
            a = rnd.choice(rules.legal_actions(game.live))
            out = await svc.act(game.id, game.channel_id, game.user_at(a.player), game.seq, a.id)
            assert out.ok, out.message
            game = await store.game(game.id)
            moves += 1
        assert moves > 50 and game.status == "over"
        done = await store.results_of(game.id)
        assert [r["rated"] for r in done] == [1, 1] and all(r["scores"].keys() == set(LEGACY) for r in done)
        assert (await store.rating("g:7", "u:1"))[2] == 2  # its second rated game
        assert (await recompute.recompute(store)).differences == []
    finally:
        await store.close()
    target = str(tmp_path / "copy.sqlite3")
    lines: list[str] = []
    assert await copy_run(v5_url, target, out=lines.append) == 0, "\n".join(lines)
    assert any(line.startswith("verified 4 games") for line in lines)


async def test_a_v5_process_and_a_process_of_now_on_one_database(v5_url):
    """A rolling restart: the v5 process had the database open when the new one upgraded it."""
    import fixtures.db_v5 as v5

    old = await v5.Store.open(v5_url)
    new = await Store.open(v5_url)
    try:
        assert await new.backend.version() == LATEST
        # the old process opens a lobby and records a finished game as it always did
        lobby = await old.create_lobby(7, 200, 5, "eve", {"sets": ["A", "B"], "pioneers": "standard", "timer": 0}, 9)
        assert (await new.game(lobby)).game == "pioneer-days"
        seats = [{"seat": s, "player": f"u:{50 + s}", "user_id": 50 + s, "name": f"p{s}", "rank": s + 1,
                  "winner": s == 0, "total": 30 - s, "gold": 10 - s, "favors": 4, "majority": 5 - 5 * s,
                  "townsfolk": 6, "equipment": 2, "damage": -2 * s, "in_game": 3, "silver": 7, "pioneer": "P2",
                  "rated": True} for s in range(2)]
        await old.add_results(lobby, v5.Finish(7, 200, 1_800_000_500.0, seats))
        rows = await new.results_of(lobby)
        assert [r["scores"] for r in rows] == [{c: s[c] for c in LEGACY} for s in seats]
        assert [r["detail"] for r in rows] == [{"silver": 7, "pioneer": "P2"}] * 2 and rows[0]["game"] == "pioneer-days"
        st = await new.player_stats("u:50", "pioneer-days", 7)
        assert st["games"] == 1 and st["categories"]["gold"] == 10.0 and st["most"] == {"pioneer": "P2"}
        # the new process plays the running game to its end: the old process reads its results by column
        svc = GameService(new, clock=lambda: 1_800_000_900.0)
        game = await new.game(2)
        rnd = random.Random(4)
        while game.status == "active":
            a = rnd.choice(game_of(game).rules.legal_actions(game.live))
            assert (await svc.act(game.id, game.channel_id, game.user_at(a.player), game.seq, a.id)).ok
            game = await new.game(2)
        theirs = await old.results_of(2)
        mine = await new.results_of(2)
        assert [{c: r[c] for c in LEGACY} for r in theirs] == [r["scores"] for r in mine]
        assert [r["pioneer"] for r in theirs] == ["standard", "standard"]
        assert (await old.player_stats("u:1", 7))["games"] == 2  # the old code's own stats, over both games
        # and the old process's view of a game is still a game: it reads the new column's rows
        assert (await old.game(2)).status == "over"
    finally:
        await old.close()
        await new.close()


def test_the_fixtures_are_schema_v5():
    import sqlite3
    conn = sqlite3.connect(FIXTURES / "v5.sqlite3")
    try:
        assert conn.execute("PRAGMA user_version").fetchone()[0] == 5
    finally:
        conn.close()
    assert "CREATE TABLE public.schema_version" in (FIXTURES / "v5_postgres.sql").read_text(encoding="utf-8")
