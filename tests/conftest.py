"""Test fixtures: a real GameBot on SimCord with a temporary database and a cheap renderer, and the
databases to run it on.

Backends: `db_path` is a temporary SQLite file; `pg_url` is a fresh PostgreSQL database of its own
(CREATE DATABASE per test, dropped after, so xdist workers never share one) on the server of
`pg_server` (test.sh's throwaway server, PIONEER_TEST_PG, or one started here for the session);
`pg_ready_url` is one a first start (--new-database) has already set up, as the bot finds it later.
`any_db` is either, parametrized [sqlite] / [postgres]. `make_bot` builds bots on `db_url`: SQLite by
default; a module overrides `db_url` to run its bot tests on PostgreSQL (tests/test_pg_bot.py)."""

import asyncio
import itertools
import os
import sys
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path
from urllib.parse import urlsplit, urlunsplit

import pytest

ROOT = Path(__file__).resolve().parents[1]
for p in (ROOT, ROOT / "tests"):
    if str(p) not in sys.path:
        sys.path.insert(0, str(p))

_databases = itertools.count()


class _Seeds:
    """Game seeds drawn from a generator seeded by the test's name: a test plays the same games on every
    run, so a failure found once (in CI too) comes back when the test is run again.
    PIONEER_TEST_SEEDS=random draws them as the bot does, to look for games no fixed seed plays."""

    def __init__(self, name: str):
        import random
        self.random = random.Random(name)

    def randbits(self, k: int) -> int:
        return self.random.getrandbits(k)


# the day a game of the day belongs to in the tests (engine/days.py): its map and cards come from the date,
# so an unpinned suite plays other games every day (PIONEER_TEST_SEEDS=random plays the real day's)
TEST_DAY = (2026, 12, 3)


@pytest.fixture(autouse=True)
def unicode_symbols():
    """The games' symbols are the process's (engine/symbols.py): a bot that installed its emoji leaves them
    to no other test."""
    yield
    from engine import symbols
    symbols.install({})


@pytest.fixture(autouse=True)
def fixed_game_seeds(request, monkeypatch):
    if os.environ.get("PIONEER_TEST_SEEDS") != "random":
        import datetime as dt
        monkeypatch.setattr("app.service.lobby.secrets", _Seeds(request.node.nodeid))
        monkeypatch.setattr("engine.days.today", lambda: dt.date(*TEST_DAY))


@pytest.fixture
def db_path(tmp_path):
    return str(tmp_path / "data" / "pioneer.sqlite3")


def run_apart(coro):
    """Runs a coroutine to its end in a thread of its own (a sync fixture, whatever loop is running)."""
    with ThreadPoolExecutor(1) as pool:
        return pool.submit(asyncio.run, coro).result()


def admin_sql(server_url: str, *statements: str) -> None:
    """Runs statements on the server's `postgres` database."""
    import asyncpg

    async def run():
        conn = await asyncpg.connect(server_url, timeout=30)
        try:
            for sql in statements:
                await conn.execute(sql)
        finally:
            await conn.close()
    run_apart(run())


def database_url(server_url: str, name: str) -> str:
    return urlunsplit(urlsplit(server_url)._replace(path=f"/{name}"))


@pytest.fixture(scope="session")
def pg_server():
    """The admin URL of a PostgreSQL server: test.sh's throwaway server (PIONEER_TEST_PG), or else one
    started for this test process (skipped, loudly, when the machine has no server binaries)."""
    url = os.environ.get("PIONEER_TEST_PG")
    if url:
        yield url
        return
    if os.environ.get("PIONEER_NO_PG"):
        pytest.skip("NO POSTGRESQL SERVER: test.sh could not start one")
    from scripts.pgserver import NoServer, TempServer
    try:
        server = TempServer()
        server.start()
    except (NoServer, RuntimeError) as e:
        pytest.skip(f"NO POSTGRESQL SERVER: {e}")
    try:
        yield server.url
    finally:
        server.remove()


@pytest.fixture
def pg_url(pg_server):
    """A new, empty PostgreSQL database for this test (dropped after)."""
    name = f"pioneer_test_{os.getpid()}_{next(_databases)}"
    admin_sql(pg_server, f'CREATE DATABASE "{name}" STRATEGY FILE_COPY')
    yield database_url(pg_server, name)
    admin_sql(pg_server, f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)')


@pytest.fixture(scope="session")
def pg_template(pg_server):
    """A database with our schema, made once per test process by a first start (create=True)."""
    from db import Store
    name = f"pioneer_template_{os.getpid()}"
    admin_sql(pg_server, f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)',
              f'CREATE DATABASE "{name}" STRATEGY FILE_COPY')

    async def first_start():
        await (await Store.open(database_url(pg_server, name), create=True)).close()
    run_apart(first_start())
    yield name
    admin_sql(pg_server, f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)')


@pytest.fixture
def pg_ready_url(pg_server, pg_template):
    """A new PostgreSQL database for this test that a first start has set up (a copy of pg_template)."""
    name = f"pioneer_test_{os.getpid()}_{next(_databases)}"
    admin_sql(pg_server, f'CREATE DATABASE "{name}" TEMPLATE "{pg_template}" STRATEGY FILE_COPY')
    yield database_url(pg_server, name)
    admin_sql(pg_server, f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)')


@pytest.fixture(params=["sqlite", "postgres"])
def any_db(request, db_path):
    """A database URL on each backend in turn: the SQLite file path, or a PostgreSQL database."""
    return db_path if request.param == "sqlite" else request.getfixturevalue("pg_url")


@pytest.fixture
def db_url(db_path):
    """The database the bots of make_bot use (SQLite here; tests/test_pg_bot.py: PostgreSQL)."""
    return db_path


@pytest.fixture
async def make_bot(db_url, tmp_path):
    """Builds bots sharing one database (a restart is a new bot); checks and closes them after."""
    from simharness import CheapRenderer

    from bot import GameBot, Settings
    bots = []

    def make(renderer="cheap", **settings):
        """renderer: "cheap" (default), None for the games' own pictures, or any object. AI moves come
        without pause and the hard AI thinks briefly (settings override)."""
        if renderer == "cheap":
            renderer = CheapRenderer()
        settings = {"ai_pause": 0.0, "ai_hard_budget": 4, "ai_processes": 0, "render_processes": 0,
                    "app_emoji": False, **settings}
        if "://" in db_url:  # (on SQLite the journal of clicks is next to the database file, in tmp_path too)
            settings.setdefault("click_journal", str(tmp_path / "clicks.jsonl"))
        bot = GameBot(Settings(database_url=db_url, sync=True, **settings), renderer=renderer)
        bots.append(bot)
        return bot
    yield make
    for bot in bots:
        if bot.store is not None:
            await bot.store.close()
    unexpected = [e for bot in bots for e in bot.errors]
    assert not unexpected, f"the bot hit unexpected errors: {unexpected}"


@pytest.fixture
def simcord_bot(make_bot):
    return make_bot()

