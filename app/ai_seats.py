"""AI seats: the bot plays them, and plays for people whose turn timer ran out.

An AI move goes through GameService.auto, the path of every action (log row, one transaction,
version check), then `after(game_id, channel_id)` shows it (the courier), as after a click. The AI is
seeded from the game's seed, so a game is reproducible. A game's AI is CPU-bound: its slow levels
(Game.slow_levels: a search of up to about a second) think in worker processes (settings.ai_processes;
in a thread they would hold the GIL and delay every click of every game), the others (a millisecond)
in a worker thread. One short-lived task per game drives its AI seats while they have something to
decide; `kick` (re)starts it after anything that may hand a decision to an AI. No Discord here."""

import asyncio
import logging
import time
from collections.abc import Awaitable, Callable
from typing import Any

from db.errors import DatabaseDamaged, StoreError
from engine import views
from engine.protocol import Action, Game

from .service import GameService
from .tables import game_of
from .workers import Workers

log = logging.getLogger("bot.ai")
RETRY = 30.0  # seconds before an AI seat tries again when the storage refused its move (said once by the store)
After = Callable[..., Awaitable[None]]  # (game id, channel id, refresh=True): show what changed


class AiSeats:
    def __init__(self, service: GameService, settings: Any, after: After, errors: Any = None):
        self.service = service
        self.settings = settings      # ai_pause, ai_hard_budget, ai_processes
        self.after = after
        self.errors = errors          # the bot's list of unexpected errors (tests assert it stays empty)
        self._tasks: dict[int, asyncio.Task] = {}
        self._again: set[int] = set()
        self._going_on: dict[int, tuple] = {}  # game id: (seat, decision key) of an AI turn in progress
        self.workers = Workers("ai", settings.ai_processes)

    def kick(self, game_id: int) -> None:
        self._again.add(game_id)
        task = self._tasks.get(game_id)
        if task is None or task.done():
            self._tasks[game_id] = asyncio.get_running_loop().create_task(self._drive(game_id))

    def stop(self) -> None:
        for task in self._tasks.values():
            task.cancel()
        self._tasks.clear()
        self.workers.stop()

    async def think(self, game: Game, state: dict, seat: int, level: str, seed: int) -> Action:
        """The game's AI off the event loop, from its seat's view only: a slow level in a worker process (a
        crashed worker is replaced and the decision made in a thread), anything else in a thread."""
        slow = level in game.slow_levels
        budget = self.settings.ai_hard_budget if slow else None
        return await self.workers.run(game.ai.choose, views.of(game, state, seat), seat, level, seed, budget,
                                      in_process=slow)

    async def _drive(self, game_id: int) -> None:
        try:
            while True:
                self._again.discard(game_id)
                try:
                    stepped = await self._step(game_id)
                except StoreError as e:
                    if isinstance(e, DatabaseDamaged):  # its record is damaged: named once, the AI stops
                        await self.service.damage.report(e, game_id)
                        return
                    await asyncio.sleep(RETRY)  # the storage failed (said once by the store): again later
                    stepped = True
                if not stepped and game_id not in self._again:
                    return  # no await between this check and the end: a kick cannot be lost
        except Exception as e:  # a bug: log it and let the tests see it; a restart resumes the game
            if self.errors is not None:
                self.errors.append(("ai", e))
            log.exception("game %s: the AI driver failed", game_id)

    async def _step(self, game_id: int) -> bool:
        """One AI decision; False when no AI seat has anything to decide."""
        previous = self._going_on.pop(game_id, None)  # (the AI turn the last step left going on, if any)
        row = await self.service.game(game_id)
        if row is None or row.status != "active":
            return False
        game = game_of(row)
        state = row.live
        deciders = game.rules.deciders(state)
        for seat in deciders:  # a person with no choice: played for them at once, before any AI thinks
            forced = None if row.is_ai(seat) else game.rules.forced(state, seat)
            if forced is not None:
                out = await self.commit(row, seat, state["seq"], forced, forced=True)
                if out.code == "unavailable":
                    await asyncio.sleep(RETRY)
                elif not out.ok and out.code not in ("stale", "over"):
                    raise RuntimeError(f"the forced action {forced} was refused: {out.message}")
                return True
        seats = [s for s in deciders if row.is_ai(s)]
        if not seats:
            return False
        seat = seats[0]  # simultaneous decisions: every AI seat in turn, at once, before people finish
        started = time.monotonic()
        action = await self.think(game, state, seat, row.ai_level(seat) or game.timeout_level, row.seed)
        pause = self.settings.ai_pause - (time.monotonic() - started)  # (its thinking counts in the pace)
        going_on = previous == (seat, game.rules.decision_key(state))
        if not game.rules.simultaneous(state) and pause > 0 and not going_on:
            await asyncio.sleep(pause)  # so people can follow the AI's turns on the panel: one pause a turn
        out = await self.commit(row, seat, state["seq"], action.id)
        if out.code == "unavailable":  # the storage refused it (said once by the store): again later
            await asyncio.sleep(RETRY)
            return True
        if not out.ok and out.code not in ("stale", "over"):
            raise RuntimeError(f"the AI's action {action.id} was refused: {out.message}")
        return True  # a stale choice (someone acted meanwhile) is simply chosen again

    async def commit(self, row, seat: int, version: int, action_id: str, forced: bool = False):
        """Applies an AI seat's action (or a person's forced one); the channel then shows it, as after a
        click, but the panel only once the AI's decision is over (the steps of one turn make one edit)."""
        async with self.service.lock(row.channel_id):
            out = await self.service.auto(row.id, seat, version, action_id, forced=forced)
        if out.ok:
            rules = game_of(row).rules
            key = rules.decision_key(out.state)
            going_on = not forced and seat in rules.deciders(out.state) and \
                key == rules.decision_key(out.before) and not rules.simultaneous(out.state)
            if going_on:
                self._going_on[row.id] = (seat, key)
            await self.after(row.id, row.channel_id, refresh=not going_on)
        return out

    async def timeout(self, game_id: int, seat: int, seq: int) -> bool:
        """The deadline (game, seat, started at seq) is overdue: the game's timeout AI makes the decision
        for the player. The row is checked under the lock, so a timer fires at most once per decision step."""
        row = await self.service.game(game_id)
        if row is None or row.status != "active":
            return False
        async with self.service.lock(row.channel_id):
            row = await self.service.game(game_id)
            deadline = (await self.service.store.deadlines(game_id)).get(seat)
            if row is None or row.status != "active" or deadline is None or deadline["seq"] != seq \
                    or deadline["due_at"] > self.service.clock():
                return False
            game = game_of(row)
            state = row.live
            if seat not in game.rules.deciders(state) or row.is_ai(seat):
                await self.service.drop_deadline(game_id, seat, seq)  # stale row: never loop on it
                return False
            action = await self.think(game, state, seat, game.stand_in_level or game.timeout_level, row.seed)
            out = await self.service.auto(game_id, seat, state["seq"], action.id, timed_out=True)
            if out.code == "unavailable":  # the storage refuses for now: the deadline stays, tried again later
                return False
            if not out.ok:
                await self.service.drop_deadline(game_id, seat, seq)
                return False
        await self.after(game_id, row.channel_id)
        self.kick(game_id)
        return True

    async def remind(self, game_id: int, rows: list[dict]) -> None:
        """Half of the time is gone: one ping naming everyone concerned in this game."""
        row = await self.service.game(game_id)
        if row is None or row.status != "active":
            return
        async with self.service.lock(row.channel_id):
            seats = await self.service.remind(game_id, rows)
        if seats:
            await self.after(game_id, row.channel_id, refresh=False)
