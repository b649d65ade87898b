"""The SQLite backend: opening a file safely, one writer thread with grouped commits, a reader.

The writer is a plain sqlite3 connection owned by one thread of our own: every write is a function
run there inside its own SAVEPOINT of a shared BEGIN IMMEDIATE ... COMMIT (group commit, one disk
flush for all writes waiting). A write written as `async def` (db/base.py) is driven to its end right
there, without an event loop: it awaits only the SqliteTx below, which never suspends. Reads go through
an aiosqlite connection: in WAL mode it sees committed data only and is never blocked by the writer's
flush.

The database file is watched: if it is removed or replaced while the bot runs, every write fails
with DatabaseGone (nothing is acknowledged into a deleted file). A fault of the storage (a full disk, a
read-only file, an I/O error: StorageFailed; a damaged file: DatabaseDamaged) fails the call with its
cause (db/faults.py); a full disk or an I/O error during a grouped commit fails the whole group, since
SQLite may have rolled the whole transaction back already (damage met by one write fails that write
only). Opening refuses to invent an empty database where one was expected (see SqliteBackend.open), and
runs PRAGMA quick_check."""

import asyncio
import inspect
import os
import sqlite3
from collections.abc import Callable, Sequence
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path
from typing import Any

import aiosqlite

from .base import SQLITE
from .errors import DatabaseDamaged, DatabaseGone, DatabaseMissing, NotOurDatabase, SchemaTooNew, StorageFailed
from .faults import from_sqlite
from .migrations import LATEST, migrate


def _identity(path: str) -> tuple[int, int] | None:
    try:
        st = os.stat(path)
    except FileNotFoundError:
        return None
    return st.st_dev, st.st_ino


class SqliteTx:
    """The writer connection as a write function sees it (db/base.py Tx). Its methods are coroutines
    that never suspend, so that a write runs to its end on the writer thread (see run_to_end)."""

    dialect = SQLITE

    def __init__(self, conn: sqlite3.Connection):
        self.conn = conn

    async def execute(self, sql: str, args: Sequence = ()) -> int:
        return self.conn.execute(sql, tuple(args)).rowcount

    async def run(self, sql: str, args: Sequence = ()) -> None:
        self.conn.execute(sql, tuple(args))

    async def execute_one(self, sql: str, args: Sequence = ()) -> bool:
        return self.conn.execute(sql, tuple(args)).rowcount > 0

    async def executemany(self, sql: str, rows: Sequence[Sequence]) -> None:
        self.conn.executemany(sql, rows)

    async def fetchone(self, sql: str, args: Sequence = ()) -> tuple | None:
        return self.conn.execute(sql, tuple(args)).fetchone()

    async def fetchall(self, sql: str, args: Sequence = ()) -> list[tuple]:
        return self.conn.execute(sql, tuple(args)).fetchall()


def run_to_end(result: Any) -> Any:
    """The value of a write function's result: a coroutine is run to its end here, on this thread. It
    must not suspend (it awaits only SqliteTx methods, which never do)."""
    if not inspect.iscoroutine(result):
        return result
    try:
        result.send(None)
    except StopIteration as done:
        return done.value
    result.close()
    raise RuntimeError("a store write awaited something other than its transaction: writes run on the "
                       "SQLite writer thread and must not wait for anything else")


class SqliteBackend:
    dialect = SQLITE
    name = "SQLite"

    def __init__(self, writer: sqlite3.Connection, thread: ThreadPoolExecutor, reader: aiosqlite.Connection,
                 path: str):
        self.writer = writer
        self.tx = SqliteTx(writer)
        self._thread = thread
        self.reader = reader
        self.path = path
        self.where = path
        self.synchronous = "FULL"
        self.stale = False  # a storage fault met the writer: open it again before its next write
        self._identity = _identity(path)
        self.gone: str | None = None   # why the database file can no longer be written, once it can't
        self.problems: list[str] = []  # what PRAGMA quick_check found at opening
        self._pending: list = []
        self._batcher: asyncio.Task | None = None
        self.committed: Callable[[tuple], None] | None = None  # called with a write's tag once on disk

    @classmethod
    async def open(cls, path: str, create: bool = False, synchronous: str = "FULL") -> "SqliteBackend":
        """Opens the database file at `path`. A new, empty database is created only when its folder does
        not exist yet (a first start) or `create` is set: an existing folder without the file (a wrong
        DATABASE_PATH, an unmounted volume) or a file without our tables is an error, not a fresh start."""
        p = Path(path)
        existed = p.exists()
        if not existed:
            if p.parent.exists() and not create:
                raise DatabaseMissing(
                    f"There is no database at {path}, but its folder exists. If this is the first start, "
                    "run once with --new-database; otherwise check DATABASE_URL (or DATABASE_PATH) and that "
                    "the volume is mounted.")
            p.parent.mkdir(parents=True, exist_ok=True)
        thread = ThreadPoolExecutor(1, thread_name_prefix="bot-db-writer")
        loop = asyncio.get_running_loop()
        writer = reader = None
        try:
            try:
                writer = await loop.run_in_executor(thread, _connect_writer, path, synchronous, existed, create)
            except sqlite3.DatabaseError as e:  # (the schema itself can't be read)
                fault = from_sqlite(e, write=False)
                if fault is None:
                    raise
                if isinstance(fault, DatabaseDamaged):
                    raise DatabaseDamaged(f"{path} is damaged ({e}): restore it from a backup (sqlite3's "
                                          ".recover may save part of it)") from e
                raise StorageFailed(fault.cause, f"{path} can't be opened: {e}") from e
            reader = await aiosqlite.connect(path, isolation_level=None)
            for pragma in ("query_only=ON", "busy_timeout=5000"):
                await reader.execute_fetchall(f"PRAGMA {pragma}")
            backend = cls(writer, thread, reader, path)
            backend.synchronous = synchronous
            backend.problems = await loop.run_in_executor(thread, _quick_check, writer)
        except BaseException:
            if writer is not None:
                await loop.run_in_executor(thread, writer.close)
            if reader is not None:
                await reader.close()
            thread.shutdown(wait=False)
            raise
        return backend

    async def close(self) -> None:
        while self._batcher is not None and not self._batcher.done():
            await asyncio.shield(self._batcher)
        await asyncio.get_running_loop().run_in_executor(self._thread, self.writer.close)
        self._thread.shutdown(wait=True)
        await self.reader.close()

    # ---- reading -------------------------------------------------------------------------------
    async def rows(self, sql: str, args: Sequence = ()) -> list:
        """One statement on the reader connection."""
        try:
            return list(await self.reader.execute_fetchall(sql, tuple(args)))
        except sqlite3.Error as e:
            fault = from_sqlite(e, write=False)
            if fault is None:
                raise
            raise fault from e

    # ---- writing -------------------------------------------------------------------------------
    async def write(self, fn, tag=None):
        """Runs fn(tx) as its own transaction and returns its result once committed. Concurrent writes
        are grouped: one BEGIN IMMEDIATE ... COMMIT (one disk flush) for all writes waiting, each inside
        a SAVEPOINT so that a failing write rolls back alone. The whole batch runs on the writer thread
        in one hop, so a busy event loop cannot stretch the transaction."""
        if self.gone:
            raise DatabaseGone(self.gone)
        fut = asyncio.get_running_loop().create_future()
        self._pending.append((fn, fut, tag))
        if self._batcher is None or self._batcher.done():
            self._batcher = asyncio.create_task(self._write_batches())
        return await fut

    def _reopen(self) -> None:
        """(On the writer thread.) The writer connection opened again after a storage fault: SQLite may keep
        a connection it opened or used while the file could not be written in a state that refuses every
        later write (read-only), also once the storage takes writes again."""
        try:
            self.writer.close()
        except sqlite3.Error:
            pass
        db = sqlite3.connect(self.path, isolation_level=None, check_same_thread=False)
        for pragma in ("journal_mode=WAL", f"synchronous={self.synchronous}", "foreign_keys=ON",
                       "busy_timeout=5000"):
            db.execute(f"PRAGMA {pragma}")
        self.writer, self.tx = db, SqliteTx(db)

    def _run_batch(self, fns: list) -> list:
        if _identity(self.path) != self._identity:
            raise DatabaseGone(f"the database file {self.path} was removed or replaced")
        if self.stale:
            try:
                self._reopen()
            except sqlite3.Error as e:
                raise from_sqlite(e, write=True) or e from e
            self.stale = False
        db = self.writer
        results = []
        try:
            db.execute("BEGIN IMMEDIATE")  # (a read-only storage may refuse it already)
        except sqlite3.Error as e:
            raise from_sqlite(e, write=True) or e from e
        try:
            for fn in fns:
                db.execute("SAVEPOINT w")
                try:
                    results.append((True, run_to_end(fn(self.tx))))
                    db.execute("RELEASE w")
                except Exception as e:  # this write only, unless the storage failed
                    fault = from_sqlite(e, write=True)
                    if fault is not None and not isinstance(fault, DatabaseDamaged):
                        raise fault from e  # (a full disk, I/O: the whole group, as SQLite may have ended it)
                    if not db.in_transaction:  # SQLite rolled the whole transaction back by itself
                        raise (fault or e) from e
                    db.execute("ROLLBACK TO w")  # (damage met by this write: the others may go through)
                    db.execute("RELEASE w")
                    if fault is not None:
                        fault.__cause__ = e
                    results.append((False, fault or e))
            db.execute("COMMIT")
        except BaseException as e:
            if db.in_transaction:
                db.execute("ROLLBACK")
            fault = from_sqlite(e, write=True)
            if fault is not None:
                raise fault from e
            raise
        # committed, but into the file we opened? If it was removed meanwhile, the data is lost with it
        if _identity(self.path) != self._identity:
            raise DatabaseGone(f"the database file {self.path} was removed or replaced")
        return results

    async def _write_batches(self) -> None:
        loop = asyncio.get_running_loop()
        while self._pending:
            batch, self._pending = self._pending, []
            try:
                fns = [fn for fn, _, _ in batch]
                results = await loop.run_in_executor(self._thread, self._run_batch, fns)
            except Exception as e:  # nothing of this batch was committed (or it went to a removed file)
                if isinstance(e, DatabaseGone):
                    self.gone = str(e)
                elif isinstance(e, StorageFailed):
                    self.stale = True
                for _fn, fut, _tag in batch:
                    if not fut.done():
                        fut.set_exception(e)
                continue
            for (_fn, fut, tag), (ok, value) in zip(batch, results, strict=True):  # only now: on disk
                if ok and value and tag is not None and self.committed is not None:
                    self.committed(tag)
                if fut.done():
                    continue
                if ok:
                    fut.set_result(value)
                else:
                    fut.set_exception(value)

    # ---- the whole database (db.copy) ----------------------------------------------------------
    async def tables(self) -> dict[str, list[str]]:
        """Our tables and their columns, in creation order."""
        names = [r[0] for r in await self.rows("SELECT name FROM sqlite_master WHERE type='table' "
                                               "AND name NOT LIKE 'sqlite_%' ORDER BY rowid")]
        return {t: [r[1] for r in await self.rows(f"PRAGMA table_info({t})")] for t in names}

    async def version(self) -> int:
        return (await self.rows("PRAGMA user_version"))[0][0]

    async def after_copy(self) -> None:
        """Nothing to do: SQLite's INTEGER PRIMARY KEY continues after the largest id."""


def _connect_writer(path: str, synchronous: str, existed: bool, create: bool) -> sqlite3.Connection:
    """The writer connection (on the writer thread): pragmas, schema checks, migrations."""
    # isolation_level=None: no implicit transactions, every BEGIN is ours
    db = sqlite3.connect(path, isolation_level=None, check_same_thread=False)
    try:
        # FULL synchronous: a commit survives a power cut, not only a crash of the bot
        for pragma in ("journal_mode=WAL", f"synchronous={synchronous}", "foreign_keys=ON",
                       "busy_timeout=5000"):
            db.execute(f"PRAGMA {pragma}")
        (version,) = db.execute("PRAGMA user_version").fetchone()
        if version > LATEST:
            raise SchemaTooNew(f"{path} has schema v{version}, newer than this bot (v{LATEST}): "
                               "run the newer bot, or restore a backup")
        tables = {r[0] for r in db.execute("SELECT name FROM sqlite_master WHERE type='table'")}
        if version == 0 and tables:
            raise NotOurDatabase(f"{path} is an SQLite database of something else (tables: "
                                 f"{', '.join(sorted(tables))}): check DATABASE_URL (or DATABASE_PATH).")
        if version == 0 and existed and not create:
            raise NotOurDatabase(f"{path} exists but holds no games table: if this is the first start, run "
                                 "once with --new-database; otherwise check DATABASE_URL (or DATABASE_PATH).")
        if version > 0 and "games" not in tables:
            raise NotOurDatabase(f"{path} says it has schema v{version}, but its games table is missing: "
                                 "the file is damaged; restore it from a backup.")
        migrate(db)
    except BaseException:
        db.close()
        raise
    return db


def _quick_check(db: sqlite3.Connection) -> list[str]:
    """PRAGMA quick_check's findings ([] when the file is sound)."""
    try:
        rows = [r[0] for r in db.execute("PRAGMA quick_check")]
    except sqlite3.DatabaseError as e:
        return [str(e)]
    return [] if rows == ["ok"] else rows
