"""python -m db.copy: every game moves from SQLite to PostgreSQL and back, and is verified by replaying its
log; a copy that would not be faithful is refused or reported."""

import os
import subprocess
import sys

import games.pioneer_days.rules as engine
from app.service import GameService
from db import Store
from db.copy import TABLES, run

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
OPTS = {"sets": ["A", "B"], "pioneers": "standard", "timer": 0}


async def play(svc, store, gid, moves: int | None) -> None:
    """Moves by whoever decides (the first legal choice), `moves` of them or to the end."""
    n = 0
    while moves is None or n < moves:
        g = await store.game(gid)
        if g.status != "active":
            return
        a = engine.legal_actions(g.state)[0]
        out = await svc.act(gid, g.channel_id, g.user_at(a.player), g.seq, a.id)
        assert out.ok, out.message
        n += 1


async def some_games(store) -> dict:
    """A lobby, a running game with turn deadlines and pending outbox items, a finished game, an ended one
    and an AI seat: every table has rows."""
    svc = GameService(store, clock=lambda: 1000.0)
    lobby = (await svc.new_lobby("pioneer-days", 1, 10, 1, "ann", OPTS)).game.id
    await svc.join(lobby, 2, "bob")
    running = (await svc.new_lobby("pioneer-days", 1, 11, 1, "ann", {**OPTS, "timer": 600})).game.id
    await svc.join(running, 2, "bob")
    await svc.add_ai(running, 1, "easy")
    assert (await svc.start(running, 1)).ok
    over = (await svc.new_lobby("pioneer-days", 1, 12, 3, "cy", OPTS)).game.id
    await svc.join(over, 4, "dee")
    assert (await svc.start(over, 3)).ok
    ended = (await svc.new_lobby("pioneer-days", 1, 13, 5, "eve", OPTS)).game.id
    await svc.join(ended, 6, "fay")
    assert (await svc.start(ended, 5)).ok
    await play(svc, store, ended, 5)
    await svc.end(ended, 5)
    await play(svc, store, over, None)
    # the AI seat's moves, made by hand here (no bot running); then a person has a deadline
    for n in range(200):
        g = await store.game(running)
        if n >= 12 and await store.deadlines(running):
            break
        seat = engine.deciders(g.state)[0]
        a = engine.legal_actions(g.state, seat)[0]
        out = await (svc.auto(running, seat, g.seq, a.id) if g.is_ai(seat)
                     else svc.act(running, 11, g.user_at(seat), g.seq, a.id))
        assert out.ok, out.message
    assert await store.deadlines(running) and await store.pending(running)
    assert (await store.game(over)).status == "over"
    return {"lobby": lobby, "running": running, "over": over, "ended": ended}


async def dump(url: str) -> dict:
    """Every row of every table."""
    store = await Store.open(url)
    try:
        cols = await store.backend.tables()
        return {t: await store._rows(f"SELECT {', '.join(sorted(cols[t]))} FROM {t} ORDER BY {order}")
                for t, _key, order in TABLES}
    finally:
        await store.close()


async def test_sqlite_to_postgres_and_back(db_path, pg_url, tmp_path):
    src = await Store.open(db_path)
    games = await some_games(src)
    await src.close()
    printed: list[str] = []
    assert await run(db_path, pg_url, batch=2, out=printed.append) == 0, printed
    text = "\n".join(printed)
    assert "copied 4 games" in text and "verified 4 games" in text
    assert "3 started games replayed from their logs" in text and "1 lobbies" in text
    original = await dump(db_path)
    assert await dump(pg_url) == original  # row for row, ids included

    # and back, into a new SQLite file
    back = str(tmp_path / "back" / "pioneer.sqlite3")
    printed.clear()
    assert await run(pg_url, back, out=printed.append) == 0, printed
    assert await dump(back) == original

    # the copy is a working database: the running game goes on, new rows get new ids
    pg = await Store.open(pg_url)
    try:
        svc = GameService(pg, clock=lambda: 2000.0)
        before = await pg.game(games["running"])
        g = before
        while g.seq == before.seq:
            seat = engine.deciders(g.state)[0]
            a = engine.legal_actions(g.state, seat)[0]
            out = await (svc.auto(g.id, seat, g.seq, a.id) if g.is_ai(seat)
                         else svc.act(g.id, 11, g.user_at(seat), g.seq, a.id))
            assert out.ok, out.message
            g = await pg.game(g.id)
        fresh = (await svc.new_lobby("pioneer-days", 1, 14, 1, "ann", OPTS)).game.id
        assert fresh == max(games.values()) + 1
        assert engine.to_json(await svc.replayed(g)) == g.state_json
    finally:
        await pg.close()


async def test_the_command_line_prints_what_it_copied_and_verified(pg_ready_url, tmp_path):
    """python -m db.copy, PostgreSQL -> SQLite; a second copy into the same target is refused."""
    pg = await Store.open(pg_ready_url)
    await some_games(pg)
    await pg.close()
    target = f"sqlite:///{tmp_path}/copy.sqlite3"
    cmd = [sys.executable, "-m", "db.copy", pg_ready_url, target, "-v"]
    done = subprocess.run(cmd, cwd=ROOT, capture_output=True, text=True, timeout=120)
    assert done.returncode == 0, done.stdout + done.stderr
    assert "copied 4 games" in done.stdout and "verified 4 games" in done.stdout
    assert "actions replayed = stored state" in done.stdout  # -v: one line per game
    again = subprocess.run(cmd, cwd=ROOT, capture_output=True, text=True, timeout=120)
    assert again.returncode == 1 and "already holds 4 game(s)" in again.stdout


async def test_a_game_that_does_not_replay_is_reported(db_path, pg_url):
    src = await Store.open(db_path)
    games = await some_games(src)
    # a stored state that its log does not produce (a damaged row)
    await src._write(lambda db: db.execute("UPDATE games SET state=replace(state, '\"seq\":', '\"seq\": ') "
                                           "WHERE id=?", (games["ended"],)))
    await src.close()
    printed: list[str] = []
    assert await run(db_path, pg_url, out=printed.append) == 1
    bad = [p for p in printed if p.startswith("NOT VERIFIED")]
    assert len(bad) == 1 and f"game {games['ended']}" in bad[0] and "the same in the source" in bad[0]
