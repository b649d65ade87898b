"""Shard leases: which process drives the timers of a shard's games (app/shards.py, docs/SCALING.md).

A lease is a lock the database side drops by itself when its holder dies, so a crashed process never
blocks its successor and no expiry clock is needed:
- PostgreSQL: a session advisory lock (pg_try_advisory_lock) on a connection of its own, kept for the
  process's life. A process that exits or crashes closes it; a host that vanishes is noticed by TCP
  keepalives (set below: about a minute).
- SQLite: flock() on a file beside the database (`<database>.shard-K-of-N.lock`), held by an open file;
  the kernel drops it when the process dies. (SQLite serves one machine, so a file lock is enough.)
`refresh` takes what is free and reports what is held; a lost connection loses every lease until the
next refresh takes them again. Keys include the shard count: changing SHARD_COUNT means stopping every
process first (docs/SCALING.md)."""

import asyncio
import fcntl
import logging
import os
from collections.abc import Iterable

import asyncpg

from .postgres import CONNECT_TIMEOUT, is_connection_error

log = logging.getLogger("bot.db")
PG_LEASES = 0x50445348  # the advisory locks' first key ("PDSH"); the second is (count << 16) | shard
# the server drops a silent client's connection (and so its leases) after about 30 + 3 * 10 s
KEEPALIVE = {"tcp_keepalives_idle": "30", "tcp_keepalives_interval": "10", "tcp_keepalives_count": "3"}


class FileLeases:
    """SQLite's leases: one locked file per shard."""

    def __init__(self, database_path: str):
        self.path = database_path
        self.files: dict[int, int] = {}  # shard -> open file descriptor holding its lock

    async def refresh(self, count: int, shards: Iterable[int]) -> set[int]:
        for k in shards:
            if k in self.files:
                continue
            fd = os.open(f"{self.path}.shard-{k}-of-{count}.lock", os.O_RDWR | os.O_CREAT, 0o644)
            try:
                fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
            except BlockingIOError:
                os.close(fd)  # another process holds it
                continue
            self.files[k] = fd
        return set(self.files)

    async def close(self) -> None:
        for fd in self.files.values():
            os.close(fd)  # releases the lock
        self.files.clear()


class PgLeases:
    """PostgreSQL's leases: session advisory locks on one connection of their own."""

    def __init__(self, url: str):
        self.url = url
        self.conn: asyncpg.Connection | None = None
        self.held: set[int] = set()

    async def refresh(self, count: int, shards: Iterable[int]) -> set[int]:
        try:
            if self.conn is None or self.conn.is_closed():
                self.held = set()
                self.conn = await asyncpg.connect(self.url, timeout=CONNECT_TIMEOUT, server_settings={
                    "application_name": "board-game-bot-leases", **KEEPALIVE})
            await self.conn.fetchval("SELECT 1", timeout=CONNECT_TIMEOUT)  # still alive: still held
            for k in shards:
                if k not in self.held and await self.conn.fetchval(
                        "SELECT pg_try_advisory_lock($1::int, $2::int)", PG_LEASES, (count << 16) | k):
                    self.held.add(k)
        except Exception as e:
            if not is_connection_error(e):
                raise
            log.warning("shard leases: the PostgreSQL connection is lost (%s); taken again when it is back", e)
            await self._drop()
        return set(self.held)

    async def _drop(self) -> None:
        conn, self.conn, self.held = self.conn, None, set()
        if conn is not None:
            conn.terminate()

    async def close(self) -> None:
        if self.conn is not None and not self.conn.is_closed():
            try:
                await asyncio.wait_for(self.conn.close(), CONNECT_TIMEOUT)  # the server releases the locks
            except Exception:
                self.conn.terminate()
        self.conn, self.held = None, set()
