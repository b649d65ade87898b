"""Benchmark of the Discord bot, driven like the tests: the real bot on SimCord (in-memory Discord),
genuine INTERACTION_CREATE payloads, the real database (a temporary file, WAL, synchronous=FULL).

    .venv/bin/python bench/bot.py [--rounds 40] [--games 50] [--thinkers 2]

For 1 game and for N concurrent games (one channel each, 3 players) it clicks the current
player's first choice on every panel, round after round, and prints:
  - first response: from the interaction's creation to the bot's first answer reaching 'Discord'
  - committed action: from the interaction's creation to the action being on disk
  - late: interactions whose first response took 3 s or more (Discord would drop them)
Two arrival patterns for the concurrent games: 'burst' (every game clicks at the same instant,
the worst case) and 'paced' (the same clicks spread evenly over a second); then 'paced' again while
hard AI seats think without pause, in a thread of the bot's process (ai_processes=0) and then in
worker processes (the default).
Images are excluded (a stand-in renderer); the real renderer's own cost is printed apart.
SimCord's in-memory Discord (payload parsing, fake HTTP) runs on the same event loop and is included
in every figure; its settling bookkeeping is not (the driver waits with plain sleeps)."""

import argparse
import asyncio
import statistics
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path[:0] = [str(ROOT), str(ROOT / "tests")]

import simcord  # noqa: E402
from simharness import (  # noqa: E402
    CheapRenderer,
    ResponseClock,
    click_payload,
    first_action,
    message,
    play_step,
    start_game,
)

from bot import PioneerBot, Settings  # noqa: E402


def pct(xs: list[float], p: float) -> float:
    xs = sorted(xs)
    return xs[min(len(xs) - 1, int(round(p / 100 * (len(xs) - 1))))] if xs else float("nan")


async def think_forever(bot, stop: asyncio.Event) -> int:
    """A hard AI seat thinking back to back, the way the bot runs it (bot.ai.think: worker processes,
    or a thread of this process with ai_processes=0). Returns the number of decisions made."""
    import engine
    state, _ = engine.new_game({"players": 4}, 7)
    n = 0
    while not stop.is_set():
        seat = engine.deciders(state)[0]
        a = await bot.ai.think(state, seat, "hard", 7)
        state = engine.apply(state, a).state
        n += 1
        if engine.is_over(state):
            state, _ = engine.new_game({"players": 4}, 7 + n)
    return n


async def scenario(n_games: int, rounds: int, pattern: str, thinkers: int = 0,
                   processes: int | None = None) -> dict:
    tmp = tempfile.TemporaryDirectory()
    settings = Settings(database_path=f"{tmp.name}/bench.sqlite3", sync=True)
    if processes is not None:
        settings.ai_processes = processes
    bot = PioneerBot(settings, renderer=CheapRenderer())
    first, committed, thought = [], [], 0
    async with simcord.run(bot, settle_timeout=60) as env:
        guild = env.create_guild()
        players = [guild.add_member(env.create_user(n)) for n in ("ann", "bob", "cy")]
        channels = [guild.create_text_channel(f"table-{i}") for i in range(n_games)]
        for ch in channels:
            await start_game(env, ch, players)
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
                    batch.append((g.id, click_payload(env, actor, panel, first_action(panel)["custom_id"])))
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
                deadline = time.perf_counter() + 30
                while not all(r.responded and r.id in clock.first for _g, (r, _p) in batch) \
                        and time.perf_counter() < deadline:
                    await asyncio.sleep(0.002)
                await env.settle(timeout=60)
                for gid, (rec, _payload) in batch:
                    first.append(clock.first[rec.id] - sent[rec.id])
                    committed.append(commits[gid] - sent[rec.id])
        finally:
            stop.set()
            thought = sum(await asyncio.gather(*load))
            bot.ai.stop()
            clock.close()
            await bot.store.close()
            bot.store = None
    tmp.cleanup()
    return {"n": len(first), "first": first, "commit": committed, "thought": thought,
            "processes": settings.ai_processes}


def render_cost() -> str:
    try:
        import engine
        import render
        from engine.simulate import random_game
        state, _ = random_game({"players": 3, "sets": ["A", "B"], "pioneers": "standard",
                                "names": ["Ann", "Bob", "Cy"]}, 1)
        state, _ = engine.new_game(state["config"], 2)
        times = []
        for _ in range(5):
            t = time.perf_counter()
            render.table_png(state, None)
            times.append(time.perf_counter() - t)
        med = statistics.median(times) * 1000
        return f"real renderer: table_png median {med:.0f} ms (worker thread, after the first response)"
    except Exception as e:  # render/ not ready: not the bot's figure anyway
        return f"real renderer: not measured ({type(e).__name__}: {e})"


def line(label: str, r: dict) -> str:
    ms = [x * 1000 for x in r["first"]]
    cm = [x * 1000 for x in r["commit"]]
    late = sum(x >= 3000 for x in ms)
    return (f"{label:<22} {r['n']:>5} clicks | first response median {statistics.median(ms):6.1f} ms  "
            f"p99 {pct(ms, 99):6.1f} ms  max {max(ms):6.1f} | "
            f"committed median {statistics.median(cm):6.1f} ms  "
            f"p99 {pct(cm, 99):6.1f} ms | late (>=3 s): {late}")


async def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--rounds", type=int, default=40, help="clicks per game")
    ap.add_argument("--games", type=int, default=50, help="concurrent games")
    ap.add_argument("--thinkers", type=int, default=2, help="hard AIs thinking during the last scenarios")
    args = ap.parse_args(argv)
    print(f"Pioneer Days bot benchmark ({args.rounds} clicks per game)")
    print(line("1 game", await scenario(1, args.rounds * 3, "burst")))
    print(line(f"{args.games} games, burst", await scenario(args.games, args.rounds, "burst")))
    print(line(f"{args.games} games, paced", await scenario(args.games, args.rounds, "paced")))
    for processes in (0, None):  # the hard AI in a thread of the bot, then in worker processes
        r = await scenario(args.games, args.rounds, "paced", args.thinkers, processes)
        where = f"{r['processes']} worker process(es)" if r["processes"] else "a thread"
        print(line(f"  + {args.thinkers} hard AIs", r) + f"  ({args.thinkers} hard AIs at "
              f"{Settings.ai_hard_budget} rollouts thinking without pause in {where}: "
              f"{r['thought']} decisions)")
    print(render_cost())
    return 0


if __name__ == "__main__":
    sys.exit(asyncio.run(main()))
