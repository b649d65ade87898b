"""Benchmark of the Discord bot, driven like the tests: the real bot on SimCord (in-memory Discord),
genuine INTERACTION_CREATE payloads, the real database (a temporary file, WAL, synchronous=FULL).

    .venv/bin/python bench/bot.py [--rounds 40] [--games 50] [--thinkers 2] [--quick]
    .venv/bin/python bench/bot.py --database postgresql://user@host/db [--sizes 1,50,200] [--rounds 10]
    .venv/bin/python bench/bot.py --database temp       (a throwaway PostgreSQL server, fsync on)

For 1 game and for N concurrent games (one channel each, 3 players) it makes the current player's
likely choice on every panel (one click: the top of the "take a die and use it" menu), round after
round, and prints against the targets:
  - first response: from the interaction's creation to the bot's first answer reaching 'Discord'
    (the click is acknowledged before any work: target p99 < 100 ms)
  - committed action: from the interaction's creation to the move being on disk
  - late: interactions whose first response took 3 s or more (Discord would drop them)
Scenarios: 1 game; N games 'paced' (the clicks spread evenly over a second) with the REAL renderer
drawing every day image in its worker process; N games 'burst' (every game clicks at the same instant,
real images too); then 'paced' again with a stand-in renderer while hard AI seats think without pause,
in a thread of the bot's process and in worker processes. Memory: the bot process's peak resident
memory (VmHWM) and its workers', after the paced scenario with real images (target: bot <= 150 MB); the
files the bot posts are not kept in the process (SimCord's CDN would hold every image: on Discord they
are Discord's), their total is printed; SimCord's transcript of every payload and request is emptied
after each round.
SimCord's in-memory Discord (payload parsing, fake HTTP) runs on the same event loop and is included
in every figure, and so is its watch over that loop: it wraps every callback the bot schedules and
keeps a record of each (cancelled timers too) until it next settles, the records searched by equality
each time one runs. Its settling is not included (the driver waits with plain sleeps and settles after
each round). Nothing of SimCord is patched. (A timer per statement made that watch quadratic within a
round: at 200 games on PostgreSQL it was all the loop did; the PostgreSQL reads arm none now,
db/postgres.py ReadDeadlines.)

--database URL: storage side by side instead, SQLite (the default, a temporary file) and PostgreSQL
(each scenario on a new database created on that server, dropped after: the URL's user needs CREATEDB)
in one run: for 1, 50 and 200 concurrent games (--sizes), every game clicks at the same instant (burst,
stand-in renderer, so that the figures are the bot and its database), first response and committed
action p50/p99 per backend. "temp" starts a throwaway server (scripts/pgserver.py) with PostgreSQL's
durable defaults (fsync, synchronous_commit on), as SQLite's synchronous=FULL."""

import argparse
import asyncio
import multiprocessing
import sqlite3
import statistics
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path[:0] = [str(ROOT), str(ROOT / "tests"), str(ROOT / "bench")]

import simcord  # noqa: E402
from figures import Uploads, pct, rss_mb  # noqa: E402
from simharness import (  # noqa: E402
    CheapRenderer,
    ResponseClock,
    click_payload,
    first_choice,
    message,
    play_step,
    start_tables,  # noqa: E402
)

from app.settings import Settings  # noqa: E402
from bot import GameBot, keep_start_up_objects  # noqa: E402


async def think_forever(bot, stop: asyncio.Event) -> int:
    """A hard AI seat thinking back to back, the way the bot runs it (bot.ai.think: worker processes,
    or a thread of this process with ai_processes=0). Returns the number of decisions made."""
    import games.pioneer_days.rules as engine
    from engine import registry
    game = registry.game("pioneer-days")
    state, _ = engine.new_game({"players": 4}, 7)
    n = 0
    while not stop.is_set():
        seat = engine.deciders(state)[0]
        a = await bot.ai.think(game, state, seat, "hard", 7)
        state = engine.apply(state, a).state
        n += 1
        if engine.is_over(state):
            state, _ = engine.new_game({"players": 4}, 7 + n)
    return n


_databases = iter(range(1, 10 ** 6))


async def scenario(n_games: int, rounds: int, pattern: str, thinkers: int = 0, processes: int | None = None,
                   real_images: bool = False, database: str | None = None) -> dict:
    """database: None for SQLite (a temporary file), or a PostgreSQL server URL (a new database on it)."""
    tmp = tempfile.TemporaryDirectory()
    url, drop = f"sqlite:///{tmp.name}/data/bench.sqlite3", None
    if database is not None:
        sys.path.append(str(ROOT / "scripts"))  # last: scripts/catalogues.py must not hide the i18n package
        from pgserver import scratch_database
        url, drop = await scratch_database(database, str(next(_databases)))
    settings = Settings(database_url=url, new_database=True, sync=True, render_processes=1)
    if processes is not None:
        settings.ai_processes = processes
    bot = GameBot(settings, renderer=None if real_images else CheapRenderer())
    first, committed, thought, memory = [], [], 0, {}
    async with simcord.run(bot, settle_timeout=120) as env:
        uploads = Uploads()
        env.backend.cdn._blobs = uploads  # Discord's copy of each image is Discord's memory, not the bot's
        players, channels = await start_tables(env, n_games)
        clock = ResponseClock(env)
        commits: dict[int, float] = {}
        bot.store.on_commit = lambda gid, seq: commits.setdefault(gid, time.perf_counter())
        by_id = {p.id: p for p in players}
        stop = asyncio.Event()
        load = [asyncio.create_task(think_forever(bot, stop)) for _ in range(thinkers)]
        try:
            for _ in range(rounds):
                batch = []
                for ch in channels:
                    g = await bot.store.open_game_in_channel(ch.id)
                    if g is None:
                        continue
                    if g.state["stage"] != "turn":  # private decisions: made, not measured
                        await play_step(env, bot, ch, players)
                        continue
                    panel = message(env, ch, g.panel_message_id)
                    actor = by_id[g.user_at(g.state["turn"])]
                    cid, _label, value = first_choice(panel)
                    batch.append((g.id, click_payload(env, actor, panel, cid, [value] if value else None)))
                commits.clear()
                gap = 1.0 / len(batch) if pattern == "paced" and len(batch) > 1 else 0.0
                sent = {}
                for _gid, (rec, payload) in batch:
                    sent[rec.id] = time.perf_counter()  # Discord sends the interaction now
                    env.backend.emit("INTERACTION_CREATE", payload)
                    if gap:
                        await asyncio.sleep(gap)
                # wait with plain sleeps, not env.settle(): its bookkeeping would share the event
                # loop with the bot during the measurement; settle once everything is answered
                deadline = time.perf_counter() + 60
                while not all(r.responded and r.id in clock.first and gid in commits for gid, (r, _p) in batch) \
                        and time.perf_counter() < deadline:
                    await asyncio.sleep(0.002)
                await env.settle(timeout=120)
                # SimCord's log of every payload and request (a test's transcript) is the harness's
                # memory, not the bot's: emptied between rounds
                env.backend.transcript.clear()
                env.backend.http_requests.clear()
                for gid, (rec, _payload) in batch:
                    first.append(clock.first[rec.id] - sent[rec.id])
                    if gid in commits:
                        committed.append(commits[gid] - sent[rec.id])
            memory["bot"] = rss_mb()
            memory["uploaded"] = uploads.size / 2 ** 20
            memory["workers"] = [rss_mb(p.pid) for p in multiprocessing.active_children()]
        finally:
            stop.set()
            try:
                thought = sum(await asyncio.gather(*load))
            finally:  # (a store left open keeps its thread, and the process, alive)
                bot.ai.stop()
                bot.courier.workers.stop()
                clock.close()
                await bot.store.close()
                bot.store = None
    tmp.cleanup()
    if drop is not None:
        await drop()  # type: ignore[operator]
    return {"n": len(first), "first": first, "commit": committed, "thought": thought,
            "processes": settings.ai_processes, "memory": memory}


def line(label: str, r: dict, target: str = "") -> str:
    ms = [x * 1000 for x in r["first"]]
    cm = [x * 1000 for x in r["commit"]]
    late = sum(x >= 3000 for x in ms)
    return (f"{label:<28} {r['n']:>5} clicks | first response median {statistics.median(ms):6.1f} ms  "
            f"p99 {pct(ms, 99):6.1f} ms{target}  max {max(ms):6.1f} | committed median "
            f"{statistics.median(cm):6.1f} ms  p99 {pct(cm, 99):6.1f} ms | late (>=3 s): {late}")


async def server_facts(url: str) -> str:
    import asyncpg
    conn = await asyncpg.connect(url)
    try:
        version = await conn.fetchval("SHOW server_version")
        fsync, sync = await conn.fetchval("SHOW fsync"), await conn.fetchval("SHOW synchronous_commit")
    finally:
        await conn.close()
    return f"PostgreSQL {version} (fsync={fsync}, synchronous_commit={sync})"


async def side_by_side(database: str, sizes: list[int], rounds: int) -> int:
    server = None
    if database == "temp":
        sys.path.append(str(ROOT / "scripts"))  # last: scripts/catalogues.py must not hide the i18n package
        from pgserver import TempServer
        server = TempServer(durable=True)
        database = server.start()
    try:
        print(f"Storage side by side: every game clicks at the same instant, {rounds} clicks per game, stand-in "
              f"renderer; SQLite {sqlite3.sqlite_version} (WAL, synchronous=FULL, one writer thread, grouped "
              f"commits) vs {await server_facts(database)}, a pool of 10 connections over a unix socket or TCP")
        for n in sizes:
            for name, db in (("SQLite", None), ("PostgreSQL", database)):
                r = await scenario(n, rounds * 3 if n == 1 else rounds, "burst", database=db)
                print(line(f"{n} game{'s' if n > 1 else ''}, {name}", r), flush=True)
    finally:
        if server is not None:
            server.remove()
    return 0


async def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--rounds", type=int, default=40, help="clicks per game")
    ap.add_argument("--games", type=int, default=50, help="concurrent games")
    ap.add_argument("--thinkers", type=int, default=2, help="hard AIs thinking during the last scenarios")
    ap.add_argument("--quick", action="store_true", help="skip the hard-AI scenarios")
    ap.add_argument("--database", help="postgresql://... (or 'temp'): SQLite and PostgreSQL side by side")
    ap.add_argument("--sizes", default="1,50,200", help="concurrent games of the side-by-side scenarios")
    args = ap.parse_args(argv)
    keep_start_up_objects()  # as bot.py's main() does before connecting
    if args.database:
        return await side_by_side(args.database, [int(x) for x in args.sizes.split(",")], args.rounds)
    n = args.games
    print(f"Pioneer Days bot benchmark ({args.rounds} clicks per game)")
    print(line("1 game", await scenario(1, args.rounds * 3, "burst")))
    paced = await scenario(n, args.rounds, "paced", real_images=True)
    print(line(f"{n} games, paced, real images", paced, " (target < 100)"))
    mem = paced["memory"]
    print(f"{'':<28} memory: bot process peak {mem['bot']:.0f} MB (target <= 150 MB); worker processes "
          + (", ".join(f"{m:.0f} MB" for m in mem["workers"]) or "none")
          + f"; {mem['uploaded']:.0f} MB of images posted, counted on Discord's side")
    print(line(f"{n} clicks at once, real img", await scenario(n, args.rounds, "burst", real_images=True),
               " (target < 100)"))
    if not args.quick:
        for processes in (0, None):  # the hard AI in a thread of the bot, then in worker processes
            r = await scenario(n, args.rounds, "paced", args.thinkers, processes)
            where = f"{r['processes']} worker process(es)" if r["processes"] else "a thread"
            print(line(f"  + {args.thinkers} hard AIs", r) + f"  ({args.thinkers} hard AIs at "
                  f"{Settings().ai_hard_budget} rollouts thinking without pause in {where}: "
                  f"{r['thought']} decisions)")
    return 0


if __name__ == "__main__":
    sys.exit(asyncio.run(main()))
