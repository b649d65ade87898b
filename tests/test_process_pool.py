"""The worker processes driven from the event loop (app/process_pool.py): results and failures travel back,
jobs beyond the processes wait their turn, a caller that stops waiting leaves nothing behind in the pipe, a
dead process breaks the pool, and the bot's process gets no thread for any of it."""

import asyncio
import math
import operator
import os
import signal
import threading
import time
from concurrent.futures.process import BrokenProcessPool

import pytest

from app.process_pool import ProcessPool
from app.workers import Workers


@pytest.fixture
async def pool():
    """A pool of one worker process, closed after the test."""
    pool = ProcessPool(1)
    yield pool
    pool.close()


async def test_results_and_failures_travel_back(pool):
    assert await pool.run(operator.add, 2, 3) == 5
    assert await pool.run(bytes, 300_000) == bytes(300_000)  # (more than a pipe holds at once)
    with pytest.raises(ValueError):
        await pool.run(math.sqrt, -1)
    assert await pool.run(operator.mul, 6, 7) == 42  # (a failure leaves the process serving)


async def test_jobs_beyond_the_processes_wait_and_no_thread_is_started():
    threads = threading.active_count()
    pool = ProcessPool(2)
    try:
        got = await asyncio.gather(*(pool.run(operator.pow, n, 2) for n in range(12)))
        assert got == [n * n for n in range(12)]
        assert len(set(pool.pids())) == 2
        assert threading.active_count() == threads
    finally:
        pool.close()


async def test_a_caller_that_stops_waiting_leaves_no_result_behind(pool):
    with pytest.raises(TimeoutError):
        await asyncio.wait_for(pool.run(time.sleep, 0.3), 0.05)
    assert await pool.run(operator.add, 1, 1) == 2  # its own result, not the sleep's None


async def test_a_dead_process_breaks_the_pool_and_workers_go_on_in_their_thread(pool):
    assert await pool.run(operator.add, 1, 2) == 3
    os.kill(pool.pids()[0], signal.SIGKILL)
    with pytest.raises(BrokenProcessPool):
        await pool.run(operator.add, 1, 2)
    with pytest.raises(BrokenProcessPool):
        await pool.run(operator.add, 1, 2)
    workers = Workers("test", 1)
    try:
        assert await workers.run(operator.add, 2, 2) == 4
        first = workers.pids()
        os.kill(first[0], signal.SIGKILL)
        assert await workers.run(operator.add, 2, 3) == 5  # in the thread
        assert await workers.run(operator.add, 2, 4) == 6  # in a new process
        assert workers.pids() and workers.pids() != first
    finally:
        workers.stop()


async def test_workers_do_the_job_in_their_thread_when_no_process_can_start(monkeypatch):
    import app.workers

    def refused(_processes):
        raise OSError(24, "Too many open files")
    monkeypatch.setattr(app.workers, "ProcessPool", refused)
    workers = Workers("test", 2)
    try:
        assert await workers.run(operator.add, 20, 22) == 42
        assert workers.pool is None and workers.pids() == []
    finally:
        workers.stop()


async def test_a_job_waiting_when_the_workers_stop_is_cancelled_not_done_in_the_thread():
    workers = Workers("test", 1)
    try:
        assert await workers.run(operator.add, 1, 1) == 2
        slow = asyncio.ensure_future(workers.run(time.sleep, 5))
        waiting = asyncio.ensure_future(workers.run(operator.add, 2, 2))
        await asyncio.sleep(0.2)
        workers.stop()
        for job in (slow, waiting):
            with pytest.raises(asyncio.CancelledError):
                await job
        assert workers._thread is None  # (nothing was sent to the thread)
    finally:
        workers.stop()


async def test_a_worker_outlives_ctrl_c_which_is_the_bots_to_handle(pool):
    assert await pool.run(operator.add, 1, 1) == 2
    os.kill(pool.pids()[0], signal.SIGINT)  # (a terminal's Ctrl-C reaches the whole process group)
    assert await pool.run(operator.add, 2, 2) == 4
    assert not pool.broken
