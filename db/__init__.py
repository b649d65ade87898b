"""Persistence for the Discord bot: games, players, the append-only action log, turn deadlines and the
outbox of what the channel must show, in SQLite (the default: one process, one file) or PostgreSQL (one
database shared by several bot processes). DATABASE_URL chooses: sqlite:///path or postgresql://...

How it is built: one Store (db/store.py), the only interface the service and the cogs use, made of three
parts that hold every query and every write, written once for both databases: games.py, outbox.py,
deadlines.py. A write is a function given a transaction (base.py Tx: execute, executemany, fetchone,
fetchall); the SQL uses `?` placeholders and standard statements, and base.py's Dialect names the few
fragments that differ (the time as text, a game's players as JSON, the index hint, FOR UPDATE). The
backend runs them:
- sqlite.py: a writer thread of our own with grouped commits (one BEGIN IMMEDIATE ... COMMIT for every
  write waiting, each in its SAVEPOINT), an aiosqlite reader, the file-identity check (the file removed
  while running: DatabaseGone) and PRAGMA quick_check at opening;
- postgres.py: an asyncpg connection pool, one transaction per write (the writes of one game serialised
  by a lock on its row), retries on deadlocks, a server that goes away reported as DatabaseUnavailable
  and reconnected to by itself.
faults.py tells a fault of the storage by its cause on both (a full disk, read-only, I/O: StorageFailed; a
damaged file: DatabaseDamaged) and says each once in the log (Health, on the Store). migrations.py numbers
the schema alike on both (one Step, two SQL texts); rows.py holds the row types
both return; shards.py and leases.py say which games a process drives when several share the database
(docs/SCALING.md); copy.py (python -m db.copy SOURCE_URL TARGET_URL) moves every game between them and checks
each by replaying its log."""

from .errors import (
    DatabaseDamaged,
    DatabaseGone,
    DatabaseMissing,
    DatabaseUnavailable,
    NotOurDatabase,
    SchemaTooNew,
    StorageFailed,
    StoreError,
)
from .games import ChannelBusy
from .records import Finish
from .rows import GameRow, OutboxItem, Player
from .store import Store, parse_url

__all__ = ["ChannelBusy", "DatabaseDamaged", "DatabaseGone", "DatabaseMissing", "DatabaseUnavailable", "Finish",
           "GameRow", "NotOurDatabase", "OutboxItem", "Player", "SchemaTooNew", "StorageFailed", "Store", "StoreError",
           "parse_url"]
