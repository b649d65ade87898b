"""Several bot processes on one database (docs/SCALING.md): which games this process drives.

A game belongs to the shard of its server, Discord's own rule (`shard_of`); a process drives the
start-up repair, turn timers, reminders and AI resumption of the games of its shards only, and only
while it holds their leases (db/leases.py): during a rolling restart the old and the new process of a
shard both run, and the lease keeps the timers in one of them. Clicks need no lease: Discord sends a
click to one process, and the optimistic version check refuses a second writer anyway.

Without SHARD_COUNT (one process, the default) there are no leases: the process drives every game, as
it always did. SHARD_COUNT=1 is one process with a lease, for rolling restarts of a single process."""

import asyncio
import logging
from collections.abc import Awaitable, Callable

log = logging.getLogger("bot.shards")
CHECK = 15.0  # seconds between lease refreshes: how soon a successor takes over a dead process's shards


def shard_of(guild_id: int | None, shard_count: int) -> int:
    """The shard that receives a server's events (Discord: (guild_id >> 22) % shard_count); DMs: shard 0.
    db/shards.py owned_sql is the same rule in SQL."""
    return (guild_id >> 22) % shard_count if guild_id else 0


class ShardLeases:
    """Takes and keeps the leases of this process's shards; `on_change(gained)` after each change (the bot
    then repairs the gained shards' games and re-plans its timers)."""

    def __init__(self, store, count: int, shards: tuple[int, ...],
                 on_change: Callable[[frozenset[int]], Awaitable[None]], errors=None, locking: bool = True):
        self.store = store
        self.locking = locking  # False: one unsharded process, every shard held without a lease
        self.errors = errors  # the bot's list of unexpected errors (tests assert it stays empty)
        self.count = count
        self.shards = shards
        self.on_change = on_change
        self.held: frozenset[int] = frozenset()
        self._task: asyncio.Task | None = None

    def owned(self) -> tuple[int, tuple[int, ...]] | None:
        """The store's `owned` filter for what is held now: None (no filter) when this one process holds the
        only shard."""
        if self.count == 1 and self.held == {0}:
            return None
        return self.count, tuple(sorted(self.held))

    def owns(self, guild_id: int | None) -> bool:
        return shard_of(guild_id, self.count) in self.held

    def start(self) -> None:
        if self._task is None:
            self._task = asyncio.get_running_loop().create_task(self._run())

    def stop(self) -> None:
        if self._task is not None:
            self._task.cancel()
            self._task = None

    async def refresh(self) -> None:
        if self.store.closed:  # the process is going away: it holds nothing (and takes nothing again)
            held: frozenset[int] = frozenset()
        else:
            held = frozenset(await self.store.leases().refresh(self.count, self.shards) if self.locking
                             else self.shards)
        gained, lost = held - self.held, self.held - held
        self.held = held
        for k in sorted(lost):
            log.warning("shard %s/%s: lease lost; its timers stop here", k, self.count)
        for k in sorted(gained):
            log.info("shard %s/%s: lease taken; this process drives its games", k, self.count)
        if gained or lost:
            await self.on_change(gained)

    async def _run(self) -> None:
        while True:
            try:
                await self.refresh()
            except asyncio.CancelledError:
                raise
            except Exception as e:  # a bug, or a database that is gone: try again at the next refresh
                if self.errors is not None:
                    self.errors.append(("leases", e))
                log.exception("shard leases could not be refreshed")
            if not self.locking and self.held:
                return  # nothing can change
            await asyncio.sleep(CHECK)
