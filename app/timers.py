"""Turn timers: one scheduler loop per bot over the `deadlines` table (RoboDanny's durable timers).

The loop sleeps until the earliest instant that needs attention (a half-time reminder or a
timeout), handles everything due, and sleeps again. New deadlines are written by the game
service in the action's own transaction and `poke` the loop: a sleeping loop that would wake too
late is restarted. Everything lives in the database, so after a restart `start` picks up the
pending deadlines and overdue ones fire at once. Time comes from an injectable clock (unix
seconds); asyncio.sleep is what SimCord's env.advance_time drives in the tests.

With several processes (app/shards.py) the loop sees only the deadlines of the games whose shard
leases this process holds; `replan` after a lease is taken or lost."""

import asyncio
import logging
import math
from typing import Any

from db.errors import DatabaseDamaged, StoreError

from .shards import CHECK, ShardLeases

log = logging.getLogger("bot.timers")
MAX_SLEEP = 40 * 86400.0  # a wake-up now and then costs nothing; very long sleeps are not needed


class Timers:
    def __init__(self, store: Any, leases: ShardLeases, ai: Any, clock, errors: Any = None):
        """ai: the AI seats (app/ai_seats.py), which time out and remind; errors: the bot's list of
        unexpected errors (tests assert it stays empty)."""
        self.store = store
        self.leases = leases
        self.ai = ai
        self.errors = errors
        self.clock = clock
        self._task: asyncio.Task | None = None
        self._sleeping = False
        self._wake_at = math.inf
        self.broken: set[int] = set()  # games whose data could not be read
        self._said = ""  # the last damage of the deadlines said in the log

    def start(self) -> None:
        self._restart()

    def stop(self) -> None:
        if self._task is not None:
            self._task.cancel()
            self._task = None

    def replan(self) -> None:
        """The shards held changed: a sleeping loop (or none yet) starts over; a busy one reads the table
        again before it sleeps."""
        if self._task is None or self._sleeping:
            self._restart()

    def poke(self, at: float) -> None:
        """A new deadline needs attention at `at`. Only a sleeping loop is restarted: a busy one reads
        the table again before it sleeps (and must not be cancelled in the middle of a move)."""
        if self._task is not None and self._sleeping and at < self._wake_at:
            self._restart()

    def _restart(self) -> None:
        if self._task is not None:
            self._task.cancel()
        self._sleeping, self._wake_at = False, math.inf
        self._task = asyncio.get_running_loop().create_task(self._run())

    async def _run(self) -> None:
        store = self.store
        while True:
            try:
                leases = self.leases
                owned = leases.owned()
                nxt = await store.next_deadline(exclude=self.broken, owned=owned) if leases.held else None
                now = self.clock()
                if nxt is None or nxt > now:
                    self._wake_at = math.inf if nxt is None else nxt
                    self._sleeping = True
                    # sharded: deadlines written by another process of our shards (a rolling restart's
                    # overlap) poke nothing here, so the table is read again now and then
                    longest = CHECK if leases.locking else MAX_SLEEP
                    try:
                        await asyncio.sleep(longest if nxt is None else min(nxt - now, longest))
                    finally:
                        self._sleeping = False
                    continue
                await self.fire(await store.due_deadlines(now, owned=owned), now)
            except asyncio.CancelledError:
                raise
            except StoreError as e:  # the storage failed (said once by the store): wait, go on
                if isinstance(e, DatabaseDamaged) and str(e) != self._said:
                    self._said = str(e)  # (a damaged table of deadlines: said once)
                    log.error("turn timers: the deadlines can't be read (%s); trying again every minute", e)
                await asyncio.sleep(60)
            except Exception as e:  # one bad row must not stop every timer: report, wait, go on
                if self.errors is not None:
                    self.errors.append(("timers", e))
                log.exception("turn timers failed")
                await asyncio.sleep(60)

    async def fire(self, rows: list[dict], now: float) -> None:
        reminders: dict[int, list[dict]] = {}
        for r in rows:
            if r["game_id"] in self.broken:
                continue
            if r["due_at"] <= now:
                await self._guard(r["game_id"], self.ai.timeout(r["game_id"], r["seat"], r["seq"]))
            else:
                reminders.setdefault(r["game_id"], []).append(r)
        for gid, due in reminders.items():
            await self._guard(gid, self.ai.remind(gid, due))

    async def _guard(self, game_id: int, work) -> None:
        """One game whose saved data can't be read must not stop the others' timers: it is left out
        until the next start (start-up reports it in its channel)."""
        try:
            await work
        except DatabaseDamaged as e:
            self.broken.add(game_id)
            await self.ai.service.damage.report(e, game_id)  # named once, with the others' damage
        except ValueError as e:
            self.broken.add(game_id)
            log.error("game %s: its timer could not run (%s); its timers are stopped", game_id, e)
