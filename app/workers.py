"""CPU-bound work off the event loop: the AI's search, the coach's reviews and the images.

In a thread such work holds the GIL and delays every click of every game, and the default thread pool
grows a thread (and its memory) per concurrent job; so each kind of work gets worker processes of its
own (spawned: they share nothing with the bot's threads; driven from the event loop: app/process_pool.py), or
with processes=0 one dedicated thread. A worker that dies is replaced and the job done in the thread instead."""

import asyncio
import contextvars
import logging
from concurrent.futures import Executor, ThreadPoolExecutor
from concurrent.futures.process import BrokenProcessPool

from .process_pool import ProcessPool

log = logging.getLogger("bot.workers")


def draw(lang: str, pictures: str, name: str, *args):
    """A game's picture `name` (a function of its pictures module, or the host's default: render/named.py)
    drawn in a worker, speaking `lang`: a module-level function, so it travels to the process; the caller's
    language does not travel by itself. The arguments are made from views (engine/views.py)."""
    import i18n
    from render import named
    with i18n.use(lang):
        return named.draw(pictures, name, *args)


def panel(lang: str, key: str, table, view):
    """Game `key`'s Show.panel of a public view (engine/views.py) built in a worker, speaking `lang`: a panel
    may play every offered move on a copy to say what it does (to rank whole turns), which was the event
    loop's largest share of a click."""
    import i18n
    from engine import registry
    with i18n.use(lang):
        return registry.game(key).show.panel(table, view)


class Workers:
    def __init__(self, kind: str, processes: int):
        self.kind = kind
        self.processes = processes
        self.pool: ProcessPool | None = None
        self._thread: ThreadPoolExecutor | None = None

    def thread(self) -> Executor:
        if self._thread is None:
            self._thread = ThreadPoolExecutor(1, thread_name_prefix=f"bot-{self.kind}")
        return self._thread

    async def run(self, fn, *args, in_process: bool = True):
        """fn(*args) in a worker process (fn must be importable by name), else in the dedicated thread."""
        loop = asyncio.get_running_loop()
        if in_process and self.processes > 0:
            if self.pool is not None and self.pool.loop is not loop:  # (made on another loop: of no use here)
                self.pool.close()
                self.pool = None
            if self.pool is None:
                try:
                    self.pool = ProcessPool(self.processes)
                except OSError:  # (no process could be started: out of memory or descriptors) the thread does it
                    log.exception("no %s worker process could be started", self.kind)
            pool = self.pool
            try:
                if pool is None:
                    raise BrokenProcessPool("no worker process")
                return await pool.run(fn, *args)
            except BrokenProcessPool:
                if pool is not None and pool.stopped:  # (as the executor's jobs cancelled when it stopped)
                    raise asyncio.CancelledError() from None
                if pool is not None and self.pool is pool:  # (the first of its callers to hear it)
                    log.warning("a %s worker process died: starting a new one", self.kind)
                    self.pool = None
                    pool.close()
        # the thread runs in a copy of the caller's context: its language (i18n) goes along
        return await loop.run_in_executor(self.thread(), contextvars.copy_context().run, fn, *args)

    def pids(self) -> list[int]:
        """The worker processes' ids (none before the first job)."""
        return self.pool.pids() if self.pool is not None else []

    def stop(self) -> None:
        if self.pool is not None:
            self.pool.stopped = True
            self.pool.close()
            self.pool = None
        if self._thread is not None:
            self._thread.shutdown(wait=False, cancel_futures=True)
            self._thread = None
