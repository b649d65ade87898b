"""The bot's SQLite store: opening it safely, one writer thread with grouped commits, a reader.

The writer is a plain sqlite3 connection owned by one thread of our own: every write is a function
run there inside its own SAVEPOINT of a shared BEGIN IMMEDIATE ... COMMIT (group commit, one disk
flush for all writes waiting). Reads go through an aiosqlite connection: in WAL mode it sees
committed data only and is never blocked by the writer's flush.

The database file is watched: if it is removed or replaced while the bot runs, every write fails
with DatabaseGone (nothing is acknowledged into a deleted file). Opening refuses to invent an empty
database where one was expected (see Store.open)."""

import asyncio
import os
import sqlite3
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

import aiosqlite

from .deadlines import Deadlines
from .errors import DatabaseGone, DatabaseMissing, NotOurDatabase, SchemaTooNew
from .games import Games
from .migrations import LATEST, migrate
from .outbox import Outbox


def _identity(path: str) -> tuple[int, int] | None:
    try:
        st = os.stat(path)
    except FileNotFoundError:
        return None
    return st.st_dev, st.st_ino


class Store(Games, Outbox, Deadlines):
    def __init__(self, writer: sqlite3.Connection, thread: ThreadPoolExecutor, reader: aiosqlite.Connection,
                 path: str):
        self.writer = writer
        self._thread = thread
        self.reader = reader
        self.path = path
        self._identity = _identity(path)
        self.gone: str | None = None   # why the database file can no longer be written, once it can't
        self.problems: list[str] = []  # what PRAGMA quick_check found at opening
        self._pending: list = []
        self._batcher: asyncio.Task | None = None
        self.on_commit = None  # optional callback(game_id, seq) when an action is on disk (benchmarks)

    @classmethod
    async def open(cls, path: str, create: bool = False, synchronous: str = "FULL") -> "Store":
        """Opens the database file at `path`. A new, empty database is created only when its folder does
        not exist yet (a first start) or `create` is set: an existing folder without the file (a wrong
        DATABASE_PATH, an unmounted volume) or a file without our tables is an error, not a fresh start."""
        p = Path(path)
        existed = p.exists()
        if not existed:
            if p.parent.exists() and not create:
                raise DatabaseMissing(
                    f"There is no database at {path}, but its folder exists. If this is the first start, "
                    "run once with --new-database; otherwise check DATABASE_PATH and that the volume is "
                    "mounted.")
            p.parent.mkdir(parents=True, exist_ok=True)
        thread = ThreadPoolExecutor(1, thread_name_prefix="pioneer-db-writer")
        loop = asyncio.get_running_loop()
        writer = reader = None
        try:
            writer = await loop.run_in_executor(thread, _connect_writer, path, synchronous, existed, create)
            reader = await aiosqlite.connect(path, isolation_level=None)
            for pragma in ("query_only=ON", "busy_timeout=5000"):
                await reader.execute_fetchall(f"PRAGMA {pragma}")
            store = cls(writer, thread, reader, path)
            store.problems = await loop.run_in_executor(thread, _quick_check, writer)
        except BaseException:
            if writer is not None:
                await loop.run_in_executor(thread, writer.close)
            if reader is not None:
                await reader.close()
            thread.shutdown(wait=False)
            raise
        return store

    async def close(self) -> None:
        while self._batcher is not None and not self._batcher.done():
            await asyncio.shield(self._batcher)
        await asyncio.get_running_loop().run_in_executor(self._thread, self.writer.close)
        self._thread.shutdown(wait=True)
        await self.reader.close()

    # ---- reading -------------------------------------------------------------------------------
    async def _rows(self, sql: str, args: tuple = ()) -> list:
        """One statement on the reader connection."""
        return list(await self.reader.execute_fetchall(sql, args))

    # ---- writing -------------------------------------------------------------------------------
    async def _write(self, fn, tag=None):
        """Runs fn(db) (a plain function given the writer's sqlite3 connection) as its own transaction and
        returns its result once committed. Concurrent writes are grouped: one BEGIN IMMEDIATE ... COMMIT
        (one disk flush) for all writes waiting, each inside a SAVEPOINT so that a failing write rolls
        back alone. The whole batch runs on the writer thread in one hop, so a busy event loop cannot
        stretch the transaction."""
        if self.gone:
            raise DatabaseGone(self.gone)
        fut = asyncio.get_running_loop().create_future()
        self._pending.append((fn, fut, tag))
        if self._batcher is None or self._batcher.done():
            self._batcher = asyncio.create_task(self._write_batches())
        return await fut

    def _run_batch(self, fns: list) -> list:
        if _identity(self.path) != self._identity:
            raise DatabaseGone(f"the database file {self.path} was removed or replaced")
        db = self.writer
        results = []
        db.execute("BEGIN IMMEDIATE")
        try:
            for fn in fns:
                db.execute("SAVEPOINT w")
                try:
                    results.append((True, fn(db)))
                    db.execute("RELEASE w")
                except Exception as e:  # this write only
                    db.execute("ROLLBACK TO w")
                    db.execute("RELEASE w")
                    results.append((False, e))
            db.execute("COMMIT")
        except BaseException:
            if db.in_transaction:
                db.execute("ROLLBACK")
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
                for _fn, fut, _tag in batch:
                    if not fut.done():
                        fut.set_exception(e)
                continue
            for (_fn, fut, tag), (ok, value) in zip(batch, results, strict=True):  # only now: on disk
                if ok and value and tag is not None and self.on_commit is not None:
                    self.on_commit(*tag)
                if fut.done():
                    continue
                if ok:
                    fut.set_result(value)
                else:
                    fut.set_exception(value)


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
                                 f"{', '.join(sorted(tables))}): check DATABASE_PATH.")
        if version == 0 and existed and not create:
            raise NotOurDatabase(f"{path} exists but holds no games table: if this is the first start, run "
                                 "once with --new-database; otherwise check DATABASE_PATH.")
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
