"""Storage faults by cause, on both databases, and the one log line that says each.

A driver's error is a storage fault (db/errors.py) when it comes from the storage, not from the change: a
full disk, a read-only file or server, an I/O error, memory, another process's lock (StorageFailed), or a
damaged file (DatabaseDamaged). Anything else (a constraint, a bug in a statement) is left as it is.

Health says a fault once: the first failure of a cause is one CRITICAL line; the following ones are only
counted, with one reminder every REMIND seconds while it lasts; the first write that succeeds after them is
one line "storage is back". (A damaged game is named once by the service: app/damage.py.)"""

import logging
import sqlite3
import time
from collections.abc import Callable

import asyncpg

from .errors import DatabaseDamaged, StorageFailed, StoreError

log = logging.getLogger("bot.db")
REMIND = 600.0  # seconds between two reminders of a fault that lasts

# SQLite's primary result codes that are the storage's, not the statement's
_SQLITE = {sqlite3.SQLITE_FULL: "full", sqlite3.SQLITE_IOERR: "io", sqlite3.SQLITE_CANTOPEN: "io",
           sqlite3.SQLITE_PROTOCOL: "io", sqlite3.SQLITE_READONLY: "read-only", sqlite3.SQLITE_NOMEM: "memory",
           sqlite3.SQLITE_BUSY: "busy", sqlite3.SQLITE_LOCKED: "busy", sqlite3.SQLITE_NOLFS: "full"}
_DAMAGED = (sqlite3.SQLITE_CORRUPT, sqlite3.SQLITE_NOTADB)
_PG = ((asyncpg.exceptions.DiskFullError, "full"), (asyncpg.exceptions.ReadOnlySQLTransactionError, "read-only"),
       (asyncpg.exceptions.OutOfMemoryError, "memory"), (asyncpg.exceptions.InsufficientResourcesError, "resources"),
       (asyncpg.exceptions.PostgresSystemError, "io"))
_PG_DAMAGED = (asyncpg.exceptions.DataCorruptedError, asyncpg.exceptions.IndexCorruptedError)


def from_sqlite(e: BaseException, write: bool) -> StoreError | None:
    """The storage fault an sqlite3 error is, or None (a constraint, a bug)."""
    if not isinstance(e, sqlite3.DatabaseError):
        return None
    code = getattr(e, "sqlite_errorcode", None)
    primary = code & 0xFF if isinstance(code, int) else None
    text = f"SQLite: {e}"
    if primary in _DAMAGED or "malformed" in str(e) or "not a database" in str(e):
        return DatabaseDamaged(text, write)
    if primary in _SQLITE:
        return StorageFailed(_SQLITE[primary], text)
    return None


def from_postgres(e: BaseException, write: bool) -> StoreError | None:
    """The storage fault an asyncpg error is, or None (a connection error is DatabaseUnavailable's)."""
    if isinstance(e, _PG_DAMAGED):
        return DatabaseDamaged(f"PostgreSQL: {type(e).__name__}: {e}", write)
    for kind, cause in _PG:
        if isinstance(e, kind):
            return StorageFailed(cause, f"PostgreSQL: {type(e).__name__}: {e}")
    return None


WHAT = {"full": "the disk is full", "read-only": "the database is read-only", "io": "an I/O error",
        "memory": "out of memory", "resources": "the server is out of resources",
        "busy": "another process holds the database", "gone": "the database file is gone",
        "unreachable": "the server cannot be reached", "damaged": "the database is damaged"}


UNTIL = {"gone": "until the bot is restarted: it reads and writes the file it opened, which is no longer at that "
                 "path; restart it to open the one there now (a restored backup: stop the bot before you restore "
                 "one)",
         "": "until it is fixed; then the next change goes through, with nothing to restart"}


class Health:
    """Whether the store's writes go through; each fault said once (see the module's text)."""

    def __init__(self, clock: Callable[[], float] = time.monotonic):
        self.clock = clock
        self.cause: str | None = None  # the fault going on (None: writes go through)
        self.refused = 0               # calls refused since it began
        self.since = 0.0
        self._reminded = 0.0

    def failed(self, e: StoreError) -> None:
        now = self.clock()
        if e.cause != self.cause:
            self.cause, self.refused, self.since, self._reminded = e.cause, 1, now, now
            log.critical("storage fault (%s): %s. Changes are refused (\"I can't save games right now\") "
                         "%s; said once, with a reminder every %d min while it lasts.",
                         WHAT.get(e.cause, e.cause), e, UNTIL.get(e.cause, UNTIL[""]), REMIND // 60)
            return
        self.refused += 1
        if now - self._reminded >= REMIND:
            self._reminded = now
            log.critical("storage fault (%s) for %d s: %d calls refused so far; last: %s",
                         WHAT.get(e.cause, e.cause), now - self.since, self.refused, e)

    def ok(self) -> None:
        """A write went through."""
        if self.cause is not None:
            log.warning("storage is back: writes go through again (%s lasted %d s, %d calls refused)",
                        WHAT.get(self.cause, self.cause), self.clock() - self.since, self.refused)
            self.cause = None
