"""Load run: many games clicking with no pause, every click answered within Discord's 3 s?

    .venv/bin/python bench/load.py [--games 50] [--seconds 150] [--hogs 0] [--real-images]

The real bot on SimCord (in-memory Discord, which refuses a first answer later than 3 s as Discord
does, though its clock only moves when told to: the 3 s are counted here in real time) with a real
database file. Each game has a driver that, as soon as its last click was answered,
makes the next one: the current player's likely choice on the panel, or for a private decision Decide and
then the first private choice. --hogs N keeps N more processes busy (a loaded machine).

Prints: interactions sent, answered, failed (no first answer Discord would take: the click is lost to the
player), answered "busy", "something went wrong", first-response p50/p99/max."""

import argparse
import asyncio
import multiprocessing
import statistics
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path[:0] = [str(ROOT), str(ROOT / "tests"), str(ROOT / "bench")]

import simcord  # noqa: E402
from figures import pct  # noqa: E402
from simcord.results import to_discord_message  # noqa: E402
from simharness import (  # noqa: E402
    CheapRenderer,
    ResponseClock,
    answer,
    buttons,
    click_payload,
    first_choice,
    message,
    people_deciding,
    start_tables,
)

from app.settings import Settings  # noqa: E402
from bot import GameBot  # noqa: E402

ANSWER_WAIT = 5.0  # a driver gives up on a click after this long (SimCord refuses answers after 3 s)


def hog(stop) -> None:
    while not stop.is_set():
        sum(i * i for i in range(10000))


class Run:
    def __init__(self, env):
        self.env = env
        self.sent: list = []  # SimCord's interaction records

    async def click(self, actor, msg, cid: str, value: str | None):
        rec, payload = click_payload(self.env, actor, msg, cid, [value] if value else None)
        self.sent.append(rec)
        self.env.backend.emit("INTERACTION_CREATE", payload)
        end = time.perf_counter() + ANSWER_WAIT
        while not rec.responded and time.perf_counter() < end:
            await asyncio.sleep(0.01)
        return rec


async def drive(run: Run, bot, ch, by_id, until: float) -> None:
    env = run.env
    while time.perf_counter() < until:
        g = await bot.store.open_game_in_channel(ch.id)
        if g is None or g.status != "active":
            return
        try:
            panel = message(env, ch, g.panel_message_id)
        except Exception:  # the new panel is on its way
            await asyncio.sleep(0.05)
            continue
        if g.state["stage"] == "turn":
            c = first_choice(panel)
            if c is None:
                await asyncio.sleep(0.05)
                continue
            await run.click(by_id[g.user_at(g.state["turn"])], panel, *_id_value(c))
            await _moved(bot, ch, g.seq, until)
            continue
        people = people_deciding(g)
        decide = next((b for b in buttons(panel) if b["type"] == 2 and "Decide" in (b.get("label") or "")), None)
        if not people or decide is None:
            await asyncio.sleep(0.05)
            continue
        actor = by_id[g.user_at(people[0])]
        rec = await run.click(actor, panel, decide["custom_id"], None)
        shown = [m for m in _messages(env, rec) if buttons(m)]
        if shown and (c := first_choice(shown[-1])) is not None:
            await run.click(actor, shown[-1], *_id_value(c))
        await _moved(bot, ch, g.seq, until)


def _id_value(c):
    return c[0], c[2]


def _messages(env, rec):
    out = []
    for mid in ([rec.message_id] if rec.message_id else []) + list(rec.followup_ids):
        try:
            out.append(to_discord_message(env, env.backend.get_message(rec.channel_id, mid)))
        except Exception:  # gone (an ephemeral message SimCord no longer holds)
            continue
    return out


async def _moved(bot, ch, version: int, until: float) -> None:
    """The next click waits for the game to move on (a click on a stale panel is answered, but says nothing
    about capacity): a short poll, as a person would look again."""
    end = min(until, time.perf_counter() + 3)
    while time.perf_counter() < end:
        g = await bot.store.open_game_in_channel(ch.id)
        if g is None or g.seq != version:
            return
        await asyncio.sleep(0.02)


async def main(args) -> None:
    stop = multiprocessing.Event()
    hogs = [multiprocessing.Process(target=hog, args=(stop,), daemon=True) for _ in range(args.hogs)]
    for h in hogs:
        h.start()
    try:
        await measure(args)
    finally:
        stop.set()


async def measure(args) -> None:
    tmp = tempfile.TemporaryDirectory()
    settings = Settings(database_url=f"sqlite:///{tmp.name}/data/load.sqlite3", new_database=True, sync=True,
                        render_processes=1)
    bot = GameBot(settings, renderer=None if args.real_images else CheapRenderer())
    async with simcord.run(bot, settle_timeout=300) as env:
        people, channels = await start_tables(env, args.games)
        by_id = {p.id: p for p in people}
        clock = ResponseClock(env)
        run = Run(env)
        t0 = time.perf_counter()
        until = t0 + args.seconds
        await asyncio.gather(*(drive(run, bot, ch, by_id, until) for ch in channels))
        spent = time.perf_counter() - t0
        await env.settle(timeout=300)
        first = [x * 1000 for r in run.sent if (x := clock.latency(r.id)) is not None]
        # SimCord's clock stands still unless a test moves it, so it never refuses a late answer itself: a click
        # fails when it got no answer, or its first answer came 3 s or more (real time) after it was sent
        failed = [r for r in run.sent if not r.responded or (clock.latency(r.id) or 0) >= 3]
        texts = [answer(env, r) for r in run.sent if r.responded]
        busy = sum("busy" in t for t in texts)
        wrong = sum("went wrong" in t for t in texts)
        turned_away = getattr(bot.table, "turned_away", "?")
        clock.close()
        bot.courier.workers.stop()
        bot.ai.stop()
        await bot.store.close()
        bot.store = None
    tmp.cleanup()
    print(f"{args.games} games, {spent:.0f} s, {args.hogs} hog processes, "
          f"{'real' if args.real_images else 'stand-in'} images")
    print(f"interactions {len(run.sent)} ({len(run.sent) / spent:.1f}/s) | answered {len(run.sent) - len(failed)} | "
          f"failed {len(failed)} ({100 * len(failed) / max(1, len(run.sent)):.2f} %) | busy {busy} | "
          f"went wrong {wrong} (turned away at once: {turned_away})")
    if first:
        print(f"first response p50 {statistics.median(first):.0f} ms  p99 {pct(first, 99):.0f} ms  "
              f"max {max(first):.0f} ms  (>= 3 s: {sum(x >= 3000 for x in first)})")


if __name__ == "__main__":
    p = argparse.ArgumentParser()
    p.add_argument("--games", type=int, default=50)
    p.add_argument("--seconds", type=float, default=150)
    p.add_argument("--hogs", type=int, default=0)
    p.add_argument("--real-images", action="store_true")
    asyncio.run(main(p.parse_args()))
