"""AI seats: the bot plays them, and plays for people whose turn timer ran out.

An AI move goes through GameService.auto, the path of every action (log row, one transaction,
version check), then the channel is updated as after a click. The AI is seeded from the game's seed,
so a game is reproducible. engine.ai.choose is CPU-bound: hard (up to about a second) runs in worker
processes (settings.ai_processes; in a thread it would hold the GIL and delay every click of every
game), easy (about a millisecond) in a worker thread. One short-lived task per game drives its AI
seats while they have something to decide; `kick` (re)starts it after anything that may hand a
decision to an AI."""

import asyncio
import logging
import time

import games.pioneer_days.rules as engine
from app.workers import Workers
from games.pioneer_days.ai import choose

log = logging.getLogger("pioneer.ai")


class AiSeats:
    def __init__(self, bot):
        self.bot = bot
        self.service = bot.service
        self._tasks: dict[int, asyncio.Task] = {}
        self._again: set[int] = set()
        self.workers = Workers("ai", bot.settings.ai_processes)

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

    async def think(self, state: dict, seat: int, level: str, seed: int):
        """engine.ai.choose off the event loop: hard in a worker process (a crashed worker is replaced
        and the decision made in a thread), anything else in a thread."""
        budget = self.bot.settings.ai_hard_budget if level == "hard" else None
        return await self.workers.run(choose, state, seat, level, seed, budget, in_process=level == "hard")

    async def _drive(self, game_id: int) -> None:
        try:
            while True:
                self._again.discard(game_id)
                if not await self._step(game_id) and game_id not in self._again:
                    return  # no await between this check and the end: a kick cannot be lost
        except Exception as e:  # a bug: log it and let the tests see it; a restart resumes the game
            self.bot.errors.append(("ai", e))
            log.exception("game %s: the AI driver failed", game_id)

    async def _step(self, game_id: int) -> bool:
        """One AI decision; False when no AI seat has anything to decide."""
        game = await self.service.game(game_id)
        if game is None or game.status != "active":
            return False
        state = game.state
        seats = [s for s in engine.deciders(state) if game.is_ai(s)]
        if not seats:
            return False
        seat = seats[0]  # simultaneous decisions: every AI seat in turn, at once, before people finish
        started = time.monotonic()
        action = await self.think(state, seat, game.ai_level(seat), game.seed)
        pause = self.bot.settings.ai_pause - (time.monotonic() - started)
        if state["stage"] == "turn" and pause > 0:
            await asyncio.sleep(pause)  # so people can follow the AI's turn on the panel
        out = await self.commit(game, seat, state["seq"], action.id)
        if not out.ok and out.code not in ("stale", "over"):
            raise RuntimeError(f"the AI's action {action.id} was refused: {out.message}")
        return True  # a stale choice (someone acted meanwhile) is simply chosen again

    async def commit(self, game, seat: int, version: int, action_id: str):
        """Applies an AI seat's action; the courier then shows it, as after a click."""
        async with self.service.lock(game.channel_id):
            out = await self.service.auto(game.id, seat, version, action_id)
        if out.ok:
            await self.bot.courier.after(game.id, game.channel_id)
        return out

    async def timeout(self, game_id: int, seat: int, seq: int) -> bool:
        """The deadline (game, seat, started at seq) is overdue: the easy AI makes the decision for the
        player. The row is checked under the lock, so a timer fires at most once per decision step."""
        game = await self.service.game(game_id)
        if game is None or game.status != "active":
            return False
        async with self.service.lock(game.channel_id):
            game = await self.service.game(game_id)
            row = (await self.service.store.deadlines(game_id)).get(seat)
            if game.status != "active" or row is None or row["seq"] != seq \
                    or row["due_at"] > self.service.clock():
                return False
            state = game.state
            if seat not in engine.deciders(state) or game.is_ai(seat):
                await self.service.drop_deadline(game_id, seat, seq)  # stale row: never loop on it
                return False
            action = await self.think(state, seat, "easy", game.seed)
            out = await self.service.auto(game_id, seat, state["seq"], action.id, timed_out=True)
            if not out.ok:
                await self.service.drop_deadline(game_id, seat, seq)
                return False
        await self.bot.courier.after(game_id, game.channel_id)
        self.kick(game_id)
        return True

    async def remind(self, game_id: int, rows: list[dict]) -> None:
        """Half of the time is gone: one ping naming everyone concerned in this game."""
        game = await self.service.game(game_id)
        if game is None or game.status != "active":
            return
        async with self.service.lock(game.channel_id):
            seats = await self.service.remind(game_id, rows)
        if seats:
            await self.bot.courier.after(game_id, game.channel_id, refresh=False)
