"""Worker processes driven from the event loop itself, with no thread in the bot's process.

concurrent.futures.ProcessPoolExecutor moves each job and its result through two threads of the calling
process (a manager and a queue feeder), which wake for every job: at 150 clicks a second (a panel and a
picture each) they held about a tenth of the bot's GIL. Here each worker process reads a pickled job from a
pipe and writes its pickled result to another, in multiprocessing's own frames (a length, then the bytes);
the loop writes and reads those pipes as streams. One job at a time a process, the jobs waiting in a queue
(as the executor does). A process that dies breaks the pool: its job and those waiting fail with
BrokenProcessPool (the caller does them another way and starts a new pool)."""

import asyncio
import multiprocessing
import os
import pickle
import signal
import struct
from concurrent.futures.process import BrokenProcessPool

SIZE = struct.Struct("!i")  # multiprocessing.Connection's frame: the length, -1 then 8 bytes past 2 GB
HUGE = struct.Struct("!Q")


def serve(jobs, results) -> None:
    """A worker process: (fn, args) in, (True, value) or (False, exception) out, until the job pipe closes."""
    signal.signal(signal.SIGINT, signal.SIG_IGN)  # (Ctrl-C at the terminal stops the bot, which closes the pipes)
    while True:
        try:
            fn, args = pickle.loads(jobs.recv_bytes())
        except EOFError:
            return
        try:
            out = (True, fn(*args))
        except Exception as e:  # raised again in the caller
            out = (False, e)
        try:
            blob = pickle.dumps(out, pickle.HIGHEST_PROTOCOL)
        except Exception as e:  # (a result or an exception that can't travel)
            blob = pickle.dumps((False, RuntimeError(f"{fn.__name__}: its result could not be sent: {e!r}")))
        results.send_bytes(blob)


def _heard(job: asyncio.Task) -> None:
    """A job's failure is its caller's to hear; one whose caller stopped waiting is not reported again."""
    if not job.cancelled():
        job.exception()


def frame(blob: bytes) -> bytes:
    return (SIZE.pack(len(blob)) if len(blob) < 0x7FFFFFFF else SIZE.pack(-1) + HUGE.pack(len(blob))) + blob


class _Worker:
    """One process and the loop's ends of its two pipes."""

    def __init__(self, ctx):
        jobs_r, jobs_w = ctx.Pipe(duplex=False)
        results_r, results_w = ctx.Pipe(duplex=False)
        self.process = ctx.Process(target=serve, args=(jobs_r, results_w), daemon=True)
        self.process.start()
        jobs_r.close()
        results_w.close()
        self._fds = (os.dup(jobs_w.fileno()), os.dup(results_r.fileno()))  # (the loop's own: for its pipes)
        jobs_w.close()
        results_r.close()
        self.reader: asyncio.StreamReader | None = None
        self.writer: asyncio.StreamWriter | None = None

    async def open(self, loop: asyncio.AbstractEventLoop) -> None:
        jobs, results = self._fds
        reader = self.reader = asyncio.StreamReader(loop=loop)
        await loop.connect_read_pipe(lambda: asyncio.StreamReaderProtocol(reader, loop=loop),
                                     os.fdopen(results, "rb", buffering=0))
        transport, protocol = await loop.connect_write_pipe(asyncio.streams.FlowControlMixin,
                                                            os.fdopen(jobs, "wb", buffering=0))
        self.writer = asyncio.StreamWriter(transport, protocol, None, loop)

    async def call(self, blob: bytes):
        assert self.reader is not None and self.writer is not None
        self.writer.write(frame(blob))
        await self.writer.drain()
        (n,) = SIZE.unpack(await self.reader.readexactly(SIZE.size))
        if n == -1:
            (n,) = HUGE.unpack(await self.reader.readexactly(HUGE.size))
        return pickle.loads(await self.reader.readexactly(n))

    def close(self) -> None:
        if self.reader is None:  # (never opened: the loop's ends are still bare descriptors)
            for fd in self._fds:
                os.close(fd)
        try:
            if self.writer is not None:
                self.writer.close()
            if self.reader is not None:
                self.reader.feed_eof()
        except RuntimeError:  # (the loop is closed: the pipes go with the process)
            pass
        if self.process.is_alive():
            self.process.kill()
        self.process.join(1)


class ProcessPool:
    """`processes` spawned workers serving jobs from the running loop (the one that made the pool). No task of
    its own waits between jobs: a job's caller takes an idle process, and a task of the job's own sends it and
    reads its result (so a caller that stops waiting leaves no result behind in the pipe)."""

    def __init__(self, processes: int):
        self.processes = processes
        self.loop = asyncio.get_running_loop()
        ctx = multiprocessing.get_context("spawn")
        self.workers: list[_Worker] = []
        try:
            for _ in range(processes):
                self.workers.append(_Worker(ctx))
        except BaseException:  # (those started go too)
            for w in self.workers:
                w.close()
            raise
        self.idle: asyncio.Queue = asyncio.Queue()
        for w in self.workers:
            self.idle.put_nowait(w)
        self.broken = False
        self.stopped = False  # by its owner (the bot stopping): its jobs are not to be done another way

    def pids(self) -> list[int]:
        return [w.process.pid for w in self.workers if w.process.pid is not None]

    async def run(self, fn, *args):
        blob = pickle.dumps((fn, args), pickle.HIGHEST_PROTOCOL)  # (what can't travel fails here, in the caller)
        worker = await self.idle.get()
        if self.broken:
            self.idle.put_nowait(worker)  # (for the next caller waiting: it hears it too)
            raise BrokenProcessPool("a worker process died")
        job = self.loop.create_task(self._job(worker, blob))
        job.add_done_callback(_heard)
        ok, value = await asyncio.shield(job)
        if not ok:
            raise value
        return value

    async def _job(self, worker: _Worker, blob: bytes):
        try:
            if worker.reader is None:
                await worker.open(self.loop)
            return await worker.call(blob)
        except (asyncio.IncompleteReadError, ConnectionError, OSError, EOFError, pickle.UnpicklingError) as e:
            self.broken = True
            raise BrokenProcessPool(f"a worker process died: {e!r}") from e
        finally:
            self.idle.put_nowait(worker)

    def close(self) -> None:
        self.broken = True
        for w in self.workers:
            w.close()
