"""The PostgreSQL backend (asyncpg): connection pools, one transaction per write, the same opening checks
and migrations as SQLite.

Reads run on a pool of the bot's event loop (one round trip each), with no timer per statement: a read
that gets no answer within COMMAND_TIMEOUT is ended by ReadDeadlines (below), whose clock ticks on the
writer thread. Writes run on a thread of our own with its own event loop and pool, as SQLite's writes
run on the writer thread: a transaction takes several round trips (BEGIN, the statements, COMMIT), and
on a busy bot loop each one would wait behind every other task, keeping the transaction (its row locks,
its connection) open that much longer; on the writer loop nothing else runs. Writes run side by side
there, each in its own transaction (READ COMMITTED). The writes of one game run one at a time because
each starts by locking the game's row (db/games.py); a deadlock or serialization failure rolls the
transaction back and it runs again. A write, once started, finishes (or fails) as a whole even if its
caller is cancelled. There is no grouping of writes into one transaction here: the server flushes the
WAL of concurrent commits together by itself.

A server that goes away (stopped, restarting, a broken connection) or stops answering (COMMAND_TIMEOUT)
makes the call fail with DatabaseUnavailable, a StoreError: nothing was applied (a transaction is all
or nothing). A fault of the server's storage (disk full, read-only, out of resources, an I/O error:
StorageFailed; corrupted data or index: DatabaseDamaged) fails the call with its cause (db/faults.py).
A write whose connection broke before COMMIT was sent is tried once more on a fresh connection, and so
is a read; the pool replaces broken connections, so the store recovers by itself
when the server is back.

Opening: the database must exist (with create, the first-run flag, it is created when the server
allows it) and hold our tables; an empty one is an error unless create is set, one with other tables
is refused, one with a newer schema too."""

import asyncio
import contextlib
import contextvars
import functools
import inspect
import itertools
import logging
import threading
import time
from collections.abc import Callable, Iterator, Sequence
from concurrent.futures import Future, ThreadPoolExecutor
from typing import Any
from urllib.parse import parse_qs, urlsplit, urlunsplit

import asyncpg

from .base import POSTGRES, between_placeholders
from .errors import DatabaseMissing, DatabaseUnavailable, NotOurDatabase, SchemaTooNew, StoreError
from .faults import from_postgres
from .migrations import LATEST, PG_LOCK, migrate_postgres
from .onetrip import NotInline, OneTrip

log = logging.getLogger("bot.db")
CONNECT_TIMEOUT = 10.0   # seconds to open a connection
COMMAND_TIMEOUT = 60.0   # seconds for one statement: a server that hangs is a server that is down
SERVER_GRACE = 5.0       # the server stops a read's statement itself this much later (statement_timeout)
DEADLINE_TICK = 1.0      # how often the writer thread looks for reads past their COMMAND_TIMEOUT
RETRIES = 5              # runs of a write that lost a deadlock or a serialization race
POOL_SIZE = 10            # connections for reads (the bot's loop)
WRITE_POOL_SIZE = 10      # connections for writes (the writer thread's loop)


@functools.lru_cache(maxsize=1024)
def pg_sql(sql: str) -> str:
    """`?` placeholders -> $1, $2 ... (outside quoted text)."""
    pieces = between_placeholders(sql)
    return pieces[0] + "".join(f"${n}{piece}" for n, piece in enumerate(pieces[1:], 1))


def describe(url: str) -> str:
    """Where a postgresql:// URL points, without its password: host:port/database."""
    parts = urlsplit(url)
    query = parse_qs(parts.query)
    host = parts.hostname or (query.get("host") or ["localhost"])[0]
    port = parts.port or (query.get("port") or ["5432"])[0]
    return f"{host}:{port}/{parts.path.lstrip('/') or parts.username or '?'}"


def redact(url: str) -> str:
    """The URL without its password."""
    parts = urlsplit(url)
    if parts.password is None:
        return url
    return urlunsplit(parts._replace(netloc=parts.netloc.replace(f":{parts.password}@", ":***@", 1)))


def is_connection_error(e: BaseException) -> bool:
    """The server or the connection went away (as opposed to a refused statement, a bug)."""
    if isinstance(e, (OSError, asyncio.TimeoutError, asyncpg.PostgresConnectionError,
                      asyncpg.exceptions.OperatorInterventionError, asyncpg.TooManyConnectionsError)):
        return True
    if isinstance(e, asyncpg.InternalClientError) and "another operation" in str(e):
        return True  # the server ended the session (pg_terminate_backend) while it sat idle in the pool
    return isinstance(e, asyncpg.InterfaceError) and ("closed" in str(e) or "closing" in str(e))


class PgTx:
    """A pooled connection inside its transaction, as a write function sees it (db/base.py Tx)."""

    dialect = POSTGRES

    def __init__(self, conn: asyncpg.Connection):
        self.conn = conn

    async def execute(self, sql: str, args: Sequence = ()) -> int:
        status = await self.conn.execute(pg_sql(sql), *args)
        last = status.rsplit(" ", 1)[-1] if status else ""
        return int(last) if last.isdigit() else 0

    async def run(self, sql: str, args: Sequence = ()) -> None:
        await self.conn.execute(pg_sql(sql), *args)

    async def execute_one(self, sql: str, args: Sequence = ()) -> bool:
        return await self.execute(sql, args) > 0

    async def executemany(self, sql: str, rows: Sequence[Sequence]) -> None:
        await self.conn.executemany(pg_sql(sql), rows)

    async def fetchone(self, sql: str, args: Sequence = ()) -> tuple | None:
        row = await self.conn.fetchrow(pg_sql(sql), *args)
        return tuple(row) if row is not None else None

    async def fetchall(self, sql: str, args: Sequence = ()) -> list[tuple]:
        return [tuple(r) for r in await self.conn.fetch(pg_sql(sql), *args)]


class WriterLoop:
    """A thread running an event loop of its own, for the write transactions. The caller waits for one
    through run_in_executor (a waiting thread each), as for SQLite's writer thread: the bot's loop sees
    ordinary executor work (test harnesses that track it, such as SimCord's, see it too), and a write,
    once started, finishes even if its caller is cancelled."""

    def __init__(self, waiters: int = 64) -> None:
        self.loop = asyncio.new_event_loop()
        self.thread = threading.Thread(target=self.loop.run_forever, name="bot-db-writer", daemon=True)
        self.thread.start()
        self.waiters = ThreadPoolExecutor(waiters, thread_name_prefix="bot-db-wait")

    def run(self, coro_fn: Callable[..., Any], *args: Any) -> Any:
        """(In a waiting thread.) coro_fn(*args) run on the writer loop, in a context of its own (nothing of
        the caller's context variables), until done; its result."""
        done: Future = Future()

        def start() -> None:
            task = self.loop.create_task(coro_fn(*args))

            def finished(t: asyncio.Task) -> None:
                if t.cancelled():
                    done.cancel()
                elif t.exception() is not None:
                    done.set_exception(t.exception())  # type: ignore[arg-type]
                else:
                    done.set_result(t.result())
            task.add_done_callback(finished)
        self.loop.call_soon_threadsafe(start, context=contextvars.Context())
        return done.result()

    async def call(self, coro_fn: Callable[..., Any], *args: Any) -> Any:
        return await asyncio.get_running_loop().run_in_executor(self.waiters, self.run, coro_fn, *args)

    def every(self, seconds: float, fn: Callable[[], None]) -> None:
        """fn() on the writer loop every `seconds`, until the loop stops."""
        def tick() -> None:
            try:
                fn()
            except Exception:
                log.exception("periodic %s on the writer loop", getattr(fn, "__qualname__", fn))
            self.loop.call_later(seconds, tick)
        self.loop.call_soon_threadsafe(self.loop.call_later, seconds, tick, context=contextvars.Context())

    async def stop(self) -> None:
        self.loop.call_soon_threadsafe(self.loop.stop)
        await asyncio.get_running_loop().run_in_executor(self.waiters, self.thread.join)
        self.waiters.shutdown(wait=False)
        self.loop.close()


class _Read:
    __slots__ = ("deadline", "task", "cancelling", "conn", "late", "cancelled", "over")

    def __init__(self, deadline: float, task: asyncio.Task) -> None:
        self.deadline = deadline
        self.task = task
        self.cancelling = task.cancelling()
        self.conn: Any = None      # the pooled connection, once it has one
        self.late = False          # past its deadline (set on the writer thread)
        self.cancelled = False     # cancelled by us while it waited for a connection
        self.over = False          # finished: a late expire() finds nothing to do


class ReadDeadlines:
    """Every read on the bot's loop gets COMMAND_TIMEOUT seconds, without a timer of its own.

    asyncpg's own timeout (command_timeout) arms a timer on the loop for every statement and cancels it
    when the answer comes, and its pool arms another at every release (max_inactive_connection_lifetime);
    neither is used on the read pool. On asyncio's loop a cancelled timer is cheap, but a harness that
    follows every callback of the bot's loop pays for each: SimCord (the tests' and benchmarks' Discord)
    keeps the cancelled ones in a list, searched by equality for every callback that runs, until it next
    settles, and at 200 simultaneous games that bookkeeping was all the loop did (docs/SCALING.md).

    Here a read registers itself (a dict entry) for its whole life, retry and connection wait included;
    every DEADLINE_TICK seconds the writer thread, which runs a loop of its own anyway, looks for reads
    past their deadline and has the bot's loop end them: one holding a connection has it closed
    (terminate: at once, even when the server answers nothing, where asyncpg's timeout would send a
    cancel request and wait for it), one still waiting for a connection is cancelled; either way the
    read fails with DatabaseUnavailable. The server stops a read's statement by itself a little later
    (statement_timeout), so an abandoned query does not run on.

    Deadlines are on time.perf_counter(), the machine's clock in every thread: a test harness may run the
    bot's time.monotonic() on a virtual clock (SimCord does, while the writer thread's stays real)."""

    def __init__(self, loop: asyncio.AbstractEventLoop, timeout: float) -> None:
        self.loop = loop
        self.timeout = timeout
        self.reads: dict[int, _Read] = {}
        self._keys = itertools.count()

    @contextlib.contextmanager
    def watch(self) -> Iterator[_Read]:
        task = asyncio.current_task()
        assert task is not None
        read, key = _Read(time.perf_counter() + self.timeout, task), next(self._keys)
        self.reads[key] = read
        try:
            yield read
        except asyncio.CancelledError:
            if read.cancelled and task.uncancel() <= read.cancelling:
                raise TimeoutError(f"no connection within {self.timeout:.0f} s") from None
            raise  # cancelled by someone else
        finally:
            read.over = True
            del self.reads[key]

    def check(self) -> None:
        """(On the writer thread.) Reads past their deadline are ended on the bot's loop."""
        now = time.perf_counter()
        for read in list(self.reads.values()):  # a copy: the bot's loop adds and removes meanwhile
            if not read.late and now >= read.deadline:
                read.late = True
                self.loop.call_soon_threadsafe(self.expire, read, context=contextvars.Context())

    def expire(self, read: _Read) -> None:
        """(On the bot's loop.)"""
        if read.over:
            return
        if read.conn is not None:
            read.conn.terminate()  # the statement fails at once with a connection error
        else:
            read.cancelled = True
            read.task.cancel()


async def _pool(url: str, where: str, size: int, reads: bool = False) -> asyncpg.Pool:
    """reads: the pool of the bot's loop, without asyncpg's timers (see ReadDeadlines)."""
    timers: dict[str, Any] = {"command_timeout": COMMAND_TIMEOUT}
    settings = {"application_name": "board-game-bot"}
    if reads:
        timers = {"command_timeout": None, "max_inactive_connection_lifetime": 0,
                  "max_cached_statement_lifetime": 0}
        settings["statement_timeout"] = str(int((COMMAND_TIMEOUT + SERVER_GRACE) * 1000))
    try:
        # min_size=0: connections are made when needed (one at once), none kept up by a background task
        # that would retry and log while the server is down; a broken one is replaced at the next use
        return await asyncpg.create_pool(url, min_size=0, init_size=1, max_size=size, timeout=CONNECT_TIMEOUT,
                                         server_settings=settings, reset=_no_session_state, **timers)
    except Exception as e:
        if is_connection_error(e):
            raise DatabaseUnavailable(f"Cannot reach the PostgreSQL server at {where} (DATABASE_URL): {e}") from e
        raise


async def _close_pool(pool: asyncpg.Pool) -> None:
    try:
        await asyncio.wait_for(pool.close(), 10)
    except Exception:  # a server that is down: connections are dropped without a goodbye
        pool.terminate()


def renew(pool: asyncpg.Pool) -> None:
    """The pool's idle connections ended here, so that each next use opens a new one (their sessions are likely
    gone: a restart, sessions ended). Not Pool.expire_connections(): it closes them in tasks of its own whose
    errors nobody reads, and a dead one's broken pipe then reaches the log as a traceback. Connections in use
    fail and are replaced by their own users."""
    for holder in pool._holders:  # type: ignore[attr-defined]  # asyncpg's (pinned: pyproject.toml)
        con = holder._con
        if holder._in_use is None and con is not None and not con.is_closed():
            con.terminate()


class PostgresBackend:
    dialect = POSTGRES
    name = "PostgreSQL"

    def __init__(self, pool: asyncpg.Pool, writer: WriterLoop, write_pool: asyncpg.Pool, url: str):
        self.pool = pool              # reads, on the bot's loop
        self.writer = writer
        self.write_pool = write_pool  # writes, on the writer loop
        self.url = url
        self.deadlines = ReadDeadlines(asyncio.get_running_loop(), COMMAND_TIMEOUT)
        self.where = describe(url)
        self.gone: str | None = None   # never set: a server that goes away may come back
        self.problems: list[str] = []
        self.committed: Callable[[tuple], None] | None = None  # called with a write's tag once committed
        self.server_version = ""

    @classmethod
    async def open(cls, url: str, create: bool = False, pool_size: int = POOL_SIZE,
                   write_pool_size: int = WRITE_POOL_SIZE) -> "PostgresBackend":
        where = describe(url)
        conn = await _connect(url, where, create)
        try:
            await _check_and_migrate(conn, where, create)
            version = await conn.fetchval("SHOW server_version")
        finally:
            await conn.close()
        pool = await _pool(url, where, pool_size, reads=True)
        writer = WriterLoop()
        try:
            write_pool = await writer.call(_pool, url, where, write_pool_size)
        except BaseException:
            await _close_pool(pool)
            await writer.stop()
            raise
        backend = cls(pool, writer, write_pool, url)
        backend.server_version = version
        writer.every(DEADLINE_TICK, backend.deadlines.check)
        return backend

    async def close(self) -> None:
        await _close_pool(self.pool)
        await self.writer.call(_close_pool, self.write_pool)
        await self.writer.stop()

    def unavailable(self, e: BaseException, unknown: bool = False) -> DatabaseUnavailable:
        what = ("the connection broke while committing: the change may or may not have been saved"
                if unknown else "nothing was changed")
        return DatabaseUnavailable(f"the PostgreSQL server at {self.where} cannot be reached ({what}): "
                                   f"{type(e).__name__}: {e}")

    # ---- reading -------------------------------------------------------------------------------
    async def rows(self, sql: str, args: Sequence = ()) -> list:
        """One statement on the read pool: tried once more on a fresh connection after a broken one, all
        within COMMAND_TIMEOUT (ReadDeadlines)."""
        q = pg_sql(sql)
        try:
            with self.deadlines.watch() as read:
                for attempt in (0, 1):
                    try:
                        async with self.pool.acquire() as conn:
                            read.conn = conn
                            try:
                                records = await conn.fetch(q, *args)
                            except asyncpg.InternalClientError:
                                conn.terminate()  # (its session ended under it: see is_connection_error)
                                raise
                        return [tuple(r) for r in records]
                    except Exception as e:
                        read.conn = None
                        if not is_connection_error(e):
                            fault = from_postgres(e, write=False)
                            if fault is None:
                                raise
                            raise fault from e
                        if read.late:
                            raise TimeoutError(f"no answer within {COMMAND_TIMEOUT:.0f} s: {e}") from e
                        if attempt:
                            raise self.unavailable(e) from e
                        # the others in the pool are likely gone too (a restart, sessions ended): new ones
                        renew(self.pool)
        except TimeoutError as e:
            raise self.unavailable(e) from e
        raise AssertionError("unreachable")

    # ---- writing -------------------------------------------------------------------------------
    async def write(self, fn, tag=None):
        """Runs fn(tx) in its own transaction on the writer loop; returns its result once committed. A
        function marked `one_trip` (a move's commit) is sent as one statement (db/onetrip.py)."""
        one = getattr(fn, "one_trip", False)
        result = await self.writer.call(self._one_trip if one else self._transaction, fn)
        if result and tag is not None and self.committed is not None:
            self.committed(tag)
        return result

    async def _transaction(self, fn):
        """(On the writer loop.) One transaction on a pooled connection, run again after a deadlock or a
        serialization failure, or once more after losing the connection before COMMIT was sent."""
        for attempt in range(RETRIES):
            committing = False
            try:
                async with self.write_pool.acquire() as conn:
                    tx = conn.transaction()
                    await tx.start()
                    try:
                        result = fn(PgTx(conn))
                        if inspect.isawaitable(result):
                            result = await result
                    except BaseException:
                        try:
                            await tx.rollback()
                        except Exception as e:  # a broken connection: the server rolls back by itself
                            if not is_connection_error(e):
                                raise
                        raise
                    committing = True
                    await tx.commit()
            except (asyncpg.SerializationError, asyncpg.DeadlockDetectedError):
                if attempt + 1 < RETRIES:
                    continue  # rolled back: run it again
                raise
            except Exception as e:
                if not is_connection_error(e):
                    fault = from_postgres(e, write=True)
                    if fault is None:
                        raise
                    if fault.cause == "read-only":  # sessions keep the read-only default they began with:
                        renew(self.write_pool)       # new ones see the database as it is when it is writable
                    raise fault from e
                if not committing and attempt == 0:  # (said at debug level: a failure is said once, by Health)
                    log.debug("PostgreSQL connection lost before a commit (%s): trying once more", e)
                    renew(self.write_pool)  # (the others are likely gone too)
                    continue  # nothing was committed: once more, on a fresh connection
                raise self.unavailable(e, unknown=committing) from e
            return result
        raise AssertionError("unreachable")

    async def _one_trip(self, fn):
        """(On the writer loop.) fn's statements as one DO block: one round trip to the server instead of
        one per statement plus BEGIN and COMMIT (a move's commit took six); a function that reads inside its
        transaction runs as usual."""
        trip = OneTrip()
        try:
            result = fn(trip)
            if inspect.isawaitable(result):
                result = await result
            sql = trip.statement()
        except NotInline:
            return await self._transaction(fn)
        if not result:
            return result
        lost = None  # a connection lost with the statement perhaps sent: its fate unknown
        for attempt in range(RETRIES):
            try:
                async with self.write_pool.acquire() as conn:
                    try:
                        await send_one(conn, sql)
                    except Exception as e:
                        if is_connection_error(e):
                            lost = lost or e
                        raise
            except asyncpg.RaiseError as e:
                if not trip.refused(e):
                    raise
                if lost is not None:  # perhaps the first run's own change: say the outcome is unknown
                    raise self.unavailable(lost, unknown=True) from lost
                return False  # the optimistic check failed: nothing was written
            except (asyncpg.SerializationError, asyncpg.DeadlockDetectedError):
                if attempt + 1 < RETRIES:
                    continue
                raise
            except Exception as e:
                if not is_connection_error(e):
                    fault = from_postgres(e, write=True)
                    if fault is None:
                        raise
                    if fault.cause == "read-only":  # sessions keep the read-only default they began with:
                        renew(self.write_pool)       # new ones see the database as it is when it is writable
                    raise fault from e
                if attempt == 0:  # once more on a fresh connection: a second run of a statement that went
                    renew(self.write_pool)  # through the first time is refused by its optimistic check
                    continue
                raise self.unavailable(e, unknown=lost is not None) from e
            return result
        raise AssertionError("unreachable")

    # ---- the whole database (db.copy) ----------------------------------------------------------
    async def tables(self) -> dict[str, list[str]]:
        """Our tables and their columns (schema_version aside)."""
        rows = await self.rows(
            "SELECT c.relname, a.attname FROM pg_class c JOIN pg_attribute a ON a.attrelid = c.oid "
            "WHERE c.relnamespace = current_schema()::regnamespace AND c.relkind = 'r' AND a.attnum > 0 "
            "AND NOT a.attisdropped AND c.relname <> 'schema_version' ORDER BY c.oid, a.attnum")
        out: dict[str, list[str]] = {}
        for table, column in rows:
            out.setdefault(table, []).append(column)
        return out

    async def version(self) -> int:
        return (await self.rows("SELECT version FROM schema_version"))[0][0]

    async def after_copy(self) -> None:
        """Copied rows keep their ids: the identity sequences continue after the largest."""
        async def tx(db):
            for table in ("games", "outbox"):
                await db.execute(f"SELECT setval(pg_get_serial_sequence('{table}', 'id'), "
                                 f"COALESCE(MAX(id), 0) + 1, false) FROM {table}")
        await self.write(tx)


async def send_one(conn: asyncpg.Connection, sql: str) -> None:
    """A one-trip write's statement (the simple query protocol: no parameters, one round trip)."""
    await conn.execute(sql)


async def _no_session_state(conn: asyncpg.Connection) -> None:
    """A connection goes back to the pool as it is: asyncpg still rolls back an open transaction, and the
    store keeps no session state (no SET, LISTEN, cursors or session advisory locks) that its default
    reset query (one more round trip per use) would clear."""


async def _connect(url: str, where: str, create: bool) -> asyncpg.Connection:
    """One connection for the checks and migrations; with create, a missing database is created."""
    try:
        return await asyncpg.connect(url, timeout=CONNECT_TIMEOUT)
    except asyncpg.InvalidCatalogNameError as e:
        if not create:
            raise DatabaseMissing(
                f"The PostgreSQL server at {where} has no such database ({e}). If this is the first start, "
                "create it (createdb) or run once with --new-database; otherwise check DATABASE_URL.") from None
        await _create_database(url, where)
        return await _connect(url, where, create=False)
    except (asyncpg.InvalidAuthorizationSpecificationError, asyncpg.InvalidPasswordError) as e:
        raise StoreError(f"The PostgreSQL server at {where} refused the login ({e}): check the user and "
                         "password in DATABASE_URL.") from None
    except Exception as e:
        if is_connection_error(e):
            raise DatabaseUnavailable(f"Cannot reach the PostgreSQL server at {where} (DATABASE_URL): "
                                      f"{type(e).__name__}: {e}") from None
        raise


async def _create_database(url: str, where: str) -> None:
    parts = urlsplit(url)
    name = parts.path.lstrip("/") or parts.username or ""
    admin = urlunsplit(parts._replace(path="/postgres"))
    try:
        conn = await asyncpg.connect(admin, timeout=CONNECT_TIMEOUT)
        try:
            await conn.execute(f'CREATE DATABASE "{name.replace(chr(34), chr(34) * 2)}"')
        finally:
            await conn.close()
    except asyncpg.DuplicateDatabaseError:
        pass  # another process created it meanwhile
    except Exception as e:
        raise DatabaseMissing(f"The PostgreSQL server at {where} has no database {name!r} and it could not be "
                              f"created ({type(e).__name__}: {e}): create it (createdb {name}).") from None
    log.warning("created the PostgreSQL database %s", where)


async def _check_and_migrate(conn: asyncpg.Connection, where: str, create: bool) -> None:
    tables = {r[0] for r in await conn.fetch(
        "SELECT tablename FROM pg_tables WHERE schemaname = current_schema()")}
    if "schema_version" in tables:
        version = await conn.fetchval("SELECT version FROM schema_version")
        if version is None:
            raise NotOurDatabase(f"{where}: the schema_version table is empty: the database is damaged; "
                                 "restore it from a backup.")
        if version > LATEST:
            raise SchemaTooNew(f"{where} has schema v{version}, newer than this bot (v{LATEST}): run the newer "
                               "bot, or restore a backup")
        if version > 0 and "games" not in tables:
            raise NotOurDatabase(f"{where} says it has schema v{version}, but its games table is missing: "
                                 "the database is damaged; restore it from a backup.")
    elif tables:
        raise NotOurDatabase(f"{where} is a PostgreSQL database of something else (tables: "
                             f"{', '.join(sorted(tables))}): check DATABASE_URL.")
    elif not create:
        raise NotOurDatabase(f"{where} holds no games table: if this is the first start, run once with "
                             "--new-database; otherwise check DATABASE_URL.")
    else:
        async with conn.transaction():
            await conn.execute("SELECT pg_advisory_xact_lock($1)", PG_LOCK)
            await conn.execute("CREATE TABLE IF NOT EXISTS schema_version (version INTEGER NOT NULL)")
            await conn.execute("INSERT INTO schema_version (version) SELECT 0 "
                               "WHERE NOT EXISTS (SELECT 1 FROM schema_version)")
    before = await migrate_postgres(conn)
    if before < LATEST:
        log.info("PostgreSQL database %s migrated from v%s to v%s", where, before, LATEST)


def check_url(url: str) -> str:
    """A postgresql:// URL as asyncpg reads it; ValueError if it cannot be read (e.g. a bad port)."""
    parts = urlsplit(url)
    if parts.scheme not in ("postgresql", "postgres"):
        raise ValueError(f"not a postgresql:// URL: {redact(url)!r}")
    try:
        _ = parts.port
    except ValueError:
        raise ValueError("the port of a postgresql:// URL must be a number (postgresql://user@host:5432/database)") \
            from None
    if not (parts.path.lstrip("/") or parts.username):
        raise ValueError("a postgresql:// URL needs a database name (postgresql://user@host/database)")
    return url

