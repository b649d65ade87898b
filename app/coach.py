"""The coach's queue: reviews of finished games (each game's Coach, engine/protocol.py) computed in the AI
worker processes,
one review at a time and a few decisions per job, so AI seats' moves never wait behind a whole review.

A review is stored once done; asking again answers from the store at once. Whoever waits is told their
place in the queue and then the progress ("Reviewing… 24/60 decisions") through a callback the Discord
side provides. Nothing here talks to Discord."""

import asyncio
import logging
from collections.abc import Awaitable, Callable
from dataclasses import dataclass, field
from typing import Any

log = logging.getLogger("bot.coach")

CHUNK = 3  # decisions per job handed to a worker (about a second of its CPU)
EVERY = 2.0  # seconds between two progress edits of one message (Discord limits edits)
VERSION = 3  # of the stored review's shape and of the review's method; older ones are computed again
# (3: each costly decision keeps what its choices did by themselves, and the choices a question asks)

Progress = Callable[[int, int, int], Awaitable[None]]  # (place in the queue (0 = running), done, total)


def asked(lang: str, table_lang: str | None, quiz: Callable, *args) -> Any:
    """A game's Coach.quiz in a worker, speaking `lang` (names also in the table's language, as private
    messages show them): a module-level function, so it travels to the process with its language."""
    import i18n
    with i18n.use(lang), i18n.at_table(table_lang):
        return quiz(*args)


def _steps(todo: list, size: int) -> list[list]:
    return [todo[i:i + size] for i in range(0, len(todo), size)]


@dataclass
class Job:
    game_id: int
    seat: int
    game: Any  # the game's descriptor (its coach does the work)
    config: dict
    seed: int
    actions: list[str]
    watchers: list[Progress] = field(default_factory=list)
    done: int = 0
    total: int = 0
    told: float = 0.0  # when the watchers were last told (loop time)
    result: asyncio.Future | None = None


class Coach:
    def __init__(self, store, run: Callable[..., Awaitable], chunk: int = CHUNK, rounds: int = 16):
        """run(fn, *args): runs a picklable function in a worker (app.workers.Workers.run); rounds: samples
        per decision."""
        self.store = store
        self.run = run
        self.chunk = chunk
        self.rounds = rounds
        self.queue: list[Job] = []  # waiting and running, in order: the first one runs
        self._task: asyncio.Task | None = None

    async def stored(self, game_id: int, seat: int) -> dict | None:
        r = await self.store.review(game_id, seat)
        return r if r is not None and r.get("version") == VERSION else None

    async def quiz(self, game: Any, table: Any, config: dict, seed: int, actions: list[str], seat: int,
                   decision: dict, lang: str, table_lang: str | None) -> Any:
        """One of a review's costliest decisions asked again (the game's Coach.quiz, in a worker), or None
        when the game's coach asks none."""
        quiz = getattr(game.coach, "quiz", None)
        if quiz is None:
            return None
        return await self.run(asked, lang, table_lang, quiz, table, config, seed, list(actions), seat, decision)

    def job(self, game_id: int, seat: int) -> Job | None:
        return next((j for j in self.queue if j.game_id == game_id and j.seat == seat), None)

    def place(self, job: Job) -> int:
        return self.queue.index(job) if job in self.queue else 0

    async def request(self, game: Any, game_id: int, seat: int, config: dict, seed: int, actions: list[str],
                      watch: Progress | None = None) -> Job:
        """The job reviewing (game, seat): the one already queued, or a new one at the end of the queue.
        watch is told its place now and the progress as it goes; await job.result for the review."""
        job = self.job(game_id, seat)
        if job is None:
            job = Job(game_id, seat, game, config, seed, list(actions),
                      result=asyncio.get_running_loop().create_future())
            self.queue.append(job)
        if watch is not None:
            job.watchers.append(watch)
            await self._tell(job, watch)
        if self._task is None or self._task.done():
            self._task = asyncio.get_running_loop().create_task(self._work())
        return job

    async def _tell(self, job: Job, watch: Progress) -> None:
        try:
            await watch(self.place(job), job.done, job.total)
        except Exception:  # a message that can't be edited (deleted, token expired) stops nothing
            log.info("a review's progress message could not be updated", exc_info=True)
            if watch in job.watchers:
                job.watchers.remove(watch)

    async def _work(self) -> None:
        while self.queue:
            job = self.queue[0]
            try:
                review = await self._review(job)
                await self.store.save_review(job.game_id, job.seat, review)
                if job.result is not None and not job.result.done():
                    job.result.set_result(review)
            except Exception as e:
                log.exception("review of game %s seat %s failed", job.game_id, job.seat)
                if job.result is not None and not job.result.done():
                    job.result.set_exception(e)
            finally:
                self.queue.remove(job)
            for other in self.queue[1:]:  # everyone waiting moved up a place
                for w in list(other.watchers):
                    await self._tell(other, w)

    async def _review(self, job: Job) -> dict:
        coach = job.game.coach
        todo = await self.run(coach.decisions, job.config, job.seed, job.actions, job.seat)
        job.total = len(todo)
        await self._progress(job)
        evaluated: list[dict] = []
        for part in _steps(todo, self.chunk):
            evaluated += await self.run(coach.evaluate, job.config, job.seed, job.actions, job.seat, part,
                                        self.rounds)
            job.done = len(evaluated)
            await self._progress(job)
        out = await self.run(coach.finish, job.config, job.seed, job.actions, job.seat, evaluated)
        return {**out, "version": VERSION}

    async def _progress(self, job: Job) -> None:
        now = asyncio.get_running_loop().time()
        if job.done < job.total and now - job.told < EVERY:
            return
        job.told = now
        for w in list(job.watchers):
            await self._tell(job, w)

    def stop(self) -> None:
        if self._task is not None:
            self._task.cancel()
        for job in self.queue:
            if job.result is not None and not job.result.done():
                job.result.cancel()
        self.queue.clear()
