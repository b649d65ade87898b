"""Capacity of one bot process: how many clicks a second it answers, paced from another process.

    .venv/bin/python bench/capacity.py [--tables 500] [--rates 25,50,100,150,200,250,300] [--seconds 20]
                                       [--database temp|postgresql://...] [--stand-in-images]
                                       [--profile [--gil] [--keep-profile DIR]] [--apart]

The real bot on SimCord (in-memory Discord, genuine interaction payloads), with a real database: a
temporary SQLite file (WAL, synchronous=FULL), or with --database a new database on a PostgreSQL server
("temp": a throwaway server with fsync on). --tables games of 3 people are started, then a driver in
ANOTHER process sends ticks at a fixed rate, step after step (--rates, --seconds each, 3 s apart): tick i
of a step is due at the step's start + i / rate and is written to a pipe when due, whatever the bot's
process is doing. Each tick is one click: a table whose last move has been shown (its panel no longer offers what
was clicked) takes it and makes its current player's likely choice (the top of the panel's menu), or for a private
decision Decide and then the first private choice (two ticks); only what the message offers at that moment (a
panel frozen meanwhile: the tick goes to another table). Times are counted from the tick's due time (one clock for both
processes: CLOCK_MONOTONIC), so a click that waits for the bot's loop to read it is counted as waiting.

Prints for each rate: clicks, first response p50/p99/max, late (no answer, or 3 s or more: Discord drops
it), "busy" answers, committed p50/p99 (the move on disk), the loop's CPU per click (the main thread's
CPU time over the step / clicks answered, SimCord's in-memory Discord and this harness's own work on
the loop included; the harness's own synchronous part is measured and shown apart; --profile: py-spy
(`pip install py-spy`) samples each step and the bot's own part is shown: bench/shares.py), the process's CPU
per click (every thread: the database writer too), ticks no table was free to take, and the clicks after which
no move was committed within 5 s (with what the bot answered them: "busy", ...). Then the bot
process's memory (VmRSS/VmHWM, with SimCord's copy of every message it holds: Discord's memory in
life) and its worker processes'. Not a test: the figures depend on the machine.

--apart: the bot in a process of its own, as on Discord (bench/apart.py: its discord.py speaks to SimCord over a
unix socket), SimCord, the harness and the memory of every message in this one. The loop's and the process's
CPU per click are then the bot process's alone (the socket's side of each request and event included: it stands
in for discord.py's HTTP and JSON, and --profile shows its share), and Discord's REST requests a click are counted
by route; the tables are started with a host each (the
bot's cooldowns run on its own clock); --stand-in-images draws nothing but still in the render worker, where the
bot builds its panels (in one process the stand-in draws on the loop, and the panels are built there too)."""

import argparse
import asyncio
import gc
import multiprocessing
import os
import shutil
import statistics
import struct
import sys
import tempfile
import time
import tracemalloc
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
os.environ.setdefault("ENGINE_BUILD", "auto")  # as run.sh runs the bot: the compiled build when there is one
sys.path[:0] = [str(ROOT), str(ROOT / "tests"), str(ROOT / "bench")]

import simcord  # noqa: E402
from figures import Uploads, memory_parts, pct, rss_mb  # noqa: E402
from shares import shares  # noqa: E402
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

from app import collector  # noqa: E402
from app.settings import Settings  # noqa: E402
from bot import GameBot, keep_start_up_objects  # noqa: E402
from engine import native  # noqa: E402

TICK = struct.Struct("<dI")  # (due time, step)
END = 0xFFFFFFFF
GAP = 3.0  # seconds between steps: the last step's backlog drains
# issue 31: >= 150 clicks/s with first response p99 < 250 ms and none late; the bot's loop CPU <= 4 ms a click
TARGET_RATE, TARGET_P99_MS, TARGET_CPU_MS = 150, 250, 4
GLOBAL_LIMIT = 50  # Discord's default global rate limit, REST requests a second a bot (interactions' answers apart)
APART = "the bot in a process of its own (SimCord and the harness in the bench's), "


def pace(fd: int, rates: list[int], seconds: float) -> None:
    """The driver, in its own process: each tick written when due."""
    start = time.perf_counter() + 1.0
    for k, rate in enumerate(rates):
        n = max(1, round(rate * seconds))
        for i in range(n):
            due = start + i / rate
            wait = due - time.perf_counter()
            if wait > 0:
                time.sleep(wait)
            os.write(fd, TICK.pack(due, k))
        start += n / rate + GAP
    time.sleep(max(0.0, start - time.perf_counter()))
    os.write(fd, TICK.pack(time.perf_counter(), END))
    os.close(fd)


def start_driver(rates: list[int], seconds: float):
    """(the pipe's end the ticks arrive on, the driver's process): pace() forked, started."""
    rfd, wfd = os.pipe()
    driver = multiprocessing.get_context("fork").Process(target=pace, args=(wfd, rates, seconds), daemon=True)
    driver.start()
    os.close(wfd)
    return rfd, driver


def read_profiles(args, steps: list, folder: str) -> None:
    """Each step's py-spy samples split by whose work they were (bench/shares.py); kept if asked."""
    for k, step in enumerate(steps):
        step.shares = shares(f"{folder}/spy-{k}.txt", str(ROOT))
        if args.keep_profile:
            shutil.copy(f"{folder}/spy-{k}.txt", Path(args.keep_profile) / f"spy-{k}.txt")


class Step:
    def __init__(self, rate: int):
        self.rate = rate
        self.cpu = self.proc = None  # (thread, process) CPU time when its first tick was read
        self.clicks: list = []  # (record, due)
        self.commits: list[float] = []
        self.idle_ticks = 0  # ticks that waited more than 50 ms for a table to take them
        self.dropped = 0  # ticks no table took before the next step began
        self.shares: dict | None = None  # --profile: whose work the loop did (bench/shares.py)
        self.rss = float("nan")  # the bot process's memory (MB) when it began: the curve after each step
        self.parts: dict[str, float] = {}  # where that memory was (figures.memory_parts)
        self.traced: tuple[float, float] | None = None  # --memory: (the bot's, SimCord's) traced MB held then
        self.rest: int | None = None  # --apart: the bot's REST requests to Discord but its clicks' answers
        self.rest_kinds: dict[str, int] = {}  # ... by method and route
        self.workers_cpu: float | None = None  # --apart: the bot's worker processes' CPU seconds (pictures, panels, AI)
        self.unmoved = 0  # clicks after which no move was committed within 5 s ("busy" answers among them)
        self.unmoved_said: dict[str, int] = {}  # ... by the start of what the bot answered them


class Ticks:
    """The driver's ticks, read on the bot's loop as they arrive."""

    def __init__(self, fd: int, steps: list[Step], on_step=None, held=None):
        self.fd, self.steps, self.on_step = fd, steps, on_step
        self.held = held  # () -> what SimCord holds (Discord's side, in this process), counted with the memory
        self.queue: asyncio.Queue = asyncio.Queue()
        self.buf = b""
        self.ended = False
        self.end_cpu: tuple | None = None
        os.set_blocking(fd, False)
        asyncio.get_running_loop().add_reader(fd, self._read)

    def _read(self) -> None:
        try:
            data = os.read(self.fd, 1 << 16)
        except BlockingIOError:
            return
        if not data:
            asyncio.get_running_loop().remove_reader(self.fd)
            return
        self.buf += data
        while len(self.buf) >= TICK.size:
            due, k = TICK.unpack_from(self.buf)
            self.buf = self.buf[TICK.size:]
            if k == END:
                self.ended = True
                self.end_cpu = (time.thread_time(), time.process_time())
                self.queue.put_nowait(None)
                continue
            step = self.steps[k]
            if step.cpu is None:
                self._drop_older(k)
                step.cpu, step.proc = time.thread_time(), time.process_time()
                step.rss = rss_mb(key="VmRSS")
                step.parts = memory_parts() | (self.held() if self.held else {})
                if tracemalloc.is_tracing():
                    step.traced = traced_split(stop=False, top=False)
                if self.on_step is not None:
                    self.on_step(k)
            self.queue.put_nowait((due, k))

    def _drop_older(self, k: int) -> None:
        """A new step: the last one's ticks no table took are dropped (counted), so that each rate is measured
        on its own and not behind the backlog of the one before."""
        kept = []
        while not self.queue.empty():
            tick = self.queue.get_nowait()
            if tick is not None and tick[1] < k:
                self.steps[tick[1]].dropped += 1
            else:
                kept.append(tick)
        for tick in kept:
            self.queue.put_nowait(tick)

    async def take(self):
        tick = await self.queue.get()
        if tick is None:
            self.queue.put_nowait(None)  # for the other tables
        return tick


class Firsts(dict):
    """ResponseClock's first answers, waking the table that waits for one (no polling on the bot's loop)."""

    def __init__(self):
        super().__init__()
        self.waiting: dict[int, asyncio.Event] = {}

    def setdefault(self, key, value):
        out = super().setdefault(key, value)
        if (ev := self.waiting.pop(key, None)) is not None:
            ev.set()
        return out


AGAIN = object()  # a click not made: what it was to click is no longer offered


class Harness:
    def __init__(self, env, bot, ticks: Ticks, steps: list[Step], clock: ResponseClock):
        self.env, self.bot, self.ticks, self.steps, self.clock = env, bot, ticks, steps, clock
        self.own_cpu = 0.0  # the harness's synchronous work on the loop (payloads, reading panels)
        self.finished = 0
        self.stuck = 0  # moves whose panel did not change within 5 s
        self.commit_seen: dict[int, asyncio.Event] = {}
        self.committed_at: dict[int, float] = {}
        loop = asyncio.get_running_loop()

        def on_commit(gid: int, _seq: int) -> None:  # on the database's thread
            self.committed_at[gid] = time.perf_counter()
            if (ev := self.commit_seen.get(gid)) is not None:
                loop.call_soon_threadsafe(ev.set)
        bot.store.on_commit = on_commit

    async def click(self, actor, msg, choice):
        """One click on a tick; None once the driver has ended."""
        tick = await self.ticks.take()
        if tick is None:
            return None
        due, k = tick
        t = time.thread_time()
        cid, _label, value = choice
        if not offered(self.env, msg, cid):  # changed since it was read (frozen, moved on): the tick to another
            self.own_cpu += time.thread_time() - t
            self.ticks.queue.put_nowait(tick)
            return AGAIN
        rec, payload = click_payload(self.env, actor, msg, cid, [value] if value else None)
        self.own_cpu += time.thread_time() - t
        if time.perf_counter() - due > 0.05:
            self.steps[k].idle_ticks += 1
        self.steps[k].clicks.append((rec, due))
        answered = self.clock.first.waiting[rec.id] = asyncio.Event()
        self.env.backend.emit("INTERACTION_CREATE", payload)
        try:
            await asyncio.wait_for(answered.wait(), 5)
        except TimeoutError:
            self.clock.first.waiting.pop(rec.id, None)
        return rec, due, k

    async def table(self, ch, by_id) -> None:
        env, bot = self.env, self.bot
        while not self.ticks.ended:
            g = await bot.store.open_game_in_channel(ch.id)
            if g is None or g.status != "active":
                self.finished += 1
                return
            t = time.thread_time()
            try:
                before = env.backend.get_message(ch.id, g.panel_message_id).components
                panel = message(env, ch, g.panel_message_id)
            except Exception:  # the new panel is on its way
                await asyncio.sleep(0.05)
                continue
            if g.state["stage"] == "turn":
                clicks = [(by_id[g.user_at(g.state["turn"])], panel, first_choice(panel))]
            else:
                people = people_deciding(g)
                decide = next((b for b in buttons(panel) if b["type"] == 2 and "Decide" in (b.get("label") or "")
                               and not b["disabled"]),
                              None)
                clicks = [(by_id[g.user_at(people[0])], panel, (decide["custom_id"], "", None))] \
                    if people and decide else []
            self.own_cpu += time.thread_time() - t
            if not clicks or clicks[0][2] is None:
                await asyncio.sleep(0.05)
                continue
            ev = self.commit_seen.setdefault(g.id, asyncio.Event())
            ev.clear()
            got = await self.click(*clicks[0])
            if got is None:
                return
            if got is AGAIN:
                continue
            if g.state["stage"] != "turn":  # the private choice, from the Decide answer
                shown = await self.private(got[0])
                t = time.thread_time()
                c = first_choice(shown) if shown is not None else None
                self.own_cpu += time.thread_time() - t
                if c is not None:
                    again = await self.click(clicks[0][0], shown, c)
                    if again is None:  # the driver has ended (the choice not made: not a click that moved nothing)
                        return
                    if again is AGAIN:
                        continue
                    got = again
            await self.moved(g, ev, got, before, clicks[0][2][0])

    async def private(self, rec):
        """The private message with the choices that a click on Decide answered (None if none came within 5 s):
        the answer may come after the first response (a deferred one), as a person sees it come."""
        end = time.perf_counter() + 5
        while True:
            t = time.thread_time()
            shown = [m for m in _messages(self.env, rec) if buttons(m)]
            self.own_cpu += time.thread_time() - t
            if shown or time.perf_counter() >= end:
                return shown[-1] if shown else None
            await asyncio.sleep(0.02)

    async def moved(self, g, ev: asyncio.Event, got, before, clicked: str) -> None:
        """Wait for the move to be committed and the panel to show it (as a player waits to see it): SimCord
        gives an edited message a new list of components, and the panel no longer offers what was clicked on it
        (its components name the game's new version; a panel frozen or deleted offers nothing)."""
        rec, due, k = got
        try:
            await asyncio.wait_for(ev.wait(), 5)
        except TimeoutError:
            step = self.steps[k]
            step.unmoved += 1
            said = answer(self.env, rec).split(" | ")[-1][:48] or "(no answer)"  # (after the panel: the reply)
            step.unmoved_said[said] = step.unmoved_said.get(said, 0) + 1
            return  # refused (busy, stale): the table looks again
        self.steps[k].commits.append(self.committed_at[g.id] - due)
        end = time.perf_counter() + 5
        while time.perf_counter() < end:
            try:
                panel = self.env.backend.get_message(g.channel_id, g.panel_message_id)
                if panel.components is not before and not offers(panel, clicked):
                    return
            except Exception:  # deleted: a new panel
                return
            await asyncio.sleep(0.05)
        self.stuck += 1


def offered(env, msg, cid: str) -> bool:
    """Whether the message, as Discord has it now, still offers the component `cid` (a person's client sends no
    click on a component gone or disabled)."""
    try:
        return offers(env.backend.get_message(msg.channel.id, msg.id), cid)
    except Exception:  # deleted
        return False


def offers(stored, cid: str) -> bool:
    """Whether SimCord's stored message offers the component `cid`, enabled."""
    stack = list(stored.components)  # Discord's raw components: rows, containers, sections and their items
    while stack:
        c = stack.pop()
        if c.get("custom_id") == cid:
            return not c.get("disabled", False)
        stack.extend(c.get("components") or ())
        if c.get("accessory"):
            stack.append(c["accessory"])
    return False


def _messages(env, rec):
    out = []
    for mid in ([rec.message_id] if rec.message_id else []) + list(rec.followup_ids):
        try:
            out.append(to_discord_message(env, env.backend.get_message(rec.channel_id, mid)))
        except Exception:  # gone (an ephemeral message SimCord no longer holds)
            continue
    return out


async def _database(args, folder: str):
    """(the database's URL, its dropper or None, the throwaway server or None)."""
    if not args.database:
        return f"sqlite:///{folder}/data/capacity.sqlite3", None, None
    sys.path.append(str(ROOT / "scripts"))  # last: scripts/catalogues.py must not hide the i18n package
    from pgserver import TempServer, scratch_database
    database, server = args.database, None
    if database == "temp":
        server = TempServer(durable=True)
        database = server.start()
    url, drop = await scratch_database(database, "capacity")
    return url, drop, server


async def measure(args) -> None:
    rates = [int(r) for r in args.rates.split(",")]
    tmp = tempfile.TemporaryDirectory()
    url, drop, server = await _database(args, tmp.name)
    settings = Settings(database_url=url, new_database=True, sync=True, render_processes=1)
    bot = GameBot(settings, renderer=CheapRenderer() if args.stand_in_images else None)
    try:
        async with simcord.run(bot, settle_timeout=600) as env:
            keep_start_up_objects()  # as bot.py's main() does before connecting (its collector's rules)
            if args.no_trim:  # (the allocator's free pages kept, as before issue 43: the figure to compare)
                collector._TRIM = None
            uploads = Uploads()
            env.backend.cdn._blobs = uploads  # Discord's copy of each image is Discord's memory, not the bot's
            t0 = time.perf_counter()
            rss_before = rss_mb(key="VmRSS")
            if args.memory:
                tracemalloc.start(12)
            trim = asyncio.create_task(_trim(env))  # from the first table on: it would leave holes in the heap
            people, channels = await start_tables(env, args.tables)
            await env.settle(timeout=600)
            started = time.perf_counter() - t0
            rss_start = rss_mb(key="VmRSS")
            by_id = {p.id: p for p in people}
            steps = [Step(r) for r in rates]
            rfd, driver = start_driver(rates, args.seconds)
            spies: list = []
            on_step = (lambda k: spies.append(spy(tmp.name, k, args.seconds, args.gil))) if args.profile else None
            ticks = Ticks(rfd, steps, on_step, lambda: discord_side(env))
            clock = ResponseClock(env)
            clock.first = Firsts()
            h = Harness(env, bot, ticks, steps, clock)
            own = [0.0] * len(steps)
            tables = [asyncio.create_task(h.table(ch, by_id)) for ch in channels]
            marks = asyncio.create_task(_own_cpu_per_step(h, steps, own))
            await asyncio.gather(*tables)
            marks.cancel()
            trim.cancel()
            driver.join()
            await env.settle(timeout=600)  # (clicks still being worked on when the driver ended)
            os.close(rfd)
            for p in spies:
                p.wait()
            if args.profile:
                read_profiles(args, steps, tmp.name)
            rss_end, hwm = rss_mb(key="VmRSS"), rss_mb()
            workers = [rss_mb(p.pid, "VmRSS") for p in multiprocessing.active_children()]
            report(args, steps, ticks, h, clock, own, started)
            if args.memory:
                bot_mb, fake_mb = traced_split()
                print(f"memory traced since the tables were started, still held: the bot {bot_mb:.0f} MB, SimCord "
                      f"and the harness {fake_mb:.0f} MB (an allocation is SimCord's when one of its 12 innermost "
                      f"frames is; tracing slows the run and takes memory of its own, so neither its click figures "
                      f"nor its process sizes are the bot's: take the sizes of a run without --memory)")
            for step in steps:  # (the harness's own hold on the clicks' records, reported: let them go too)
                step.clicks.clear()
            discord_mb = discord_records_mb(env)
            print(f"memory: bot process {rss_before:.0f} MB ready, {rss_start:.0f} MB after starting {args.tables} "
                  f"tables, "
                  f"{rss_end:.0f} MB at the end (peak {hwm:.0f} MB; SimCord's copy of every message included); "
                  f"worker processes "
                  f"{' + '.join(f'{w:.0f}' for w in workers)} MB; {uploads.size / 2 ** 20:.0f} MB of images posted "
                  f"(Discord's side); {h.finished} games ended")
            print(f"      of which SimCord's records of interactions and messages (Discord's memory in life, dropped "
                  f"at the end to weigh them): {discord_mb[0]:.1f} MB in use (Python's small objects and glibc's "
                  f"heap), {discord_mb[1]:.1f} KB a record; the rest in use {discord_mb[2]:.1f} MB, Python's arenas "
                  f"{discord_mb[3]:.0f} MB")
            clock.close()
            bot.courier.workers.stop()
            bot.ai.stop()
            await bot.store.close()
            bot.store = None
    finally:
        if getattr(bot, "store", None) is not None:  # a run that failed: its database's thread would keep the
            try:                                      # process alive for ever, the error unsaid
                await bot.store.close()
            except Exception as e:
                print(f"(closing the database after a failed run: {e!r})", file=sys.stderr)
        tmp.cleanup()
        if drop is not None:
            await drop()  # type: ignore[operator]
        if server is not None:
            server.remove()


def make_tables_apart(env, n: int):
    """`n` channels of one guild and their people: a host per table (/pioneer new's per-person cooldown runs on
    the bot's clock, which --apart cannot move on) and two who join every table; (guild, people, channels)."""
    guild = env.create_guild()
    ann, bob = (guild.add_member(env.create_user(name)) for name in ("ann", "bob"))
    hosts = [guild.add_member(env.create_user(f"host-{i}")) for i in range(n)]
    channels = [guild.create_text_channel(f"table-{i}") for i in range(n)]
    return guild, [ann, bob, *hosts], channels


async def _answered(clock, rec, what: str) -> None:
    ev = clock.first.waiting[rec.id] = asyncio.Event()
    try:
        await asyncio.wait_for(ev.wait(), 30)
    except TimeoutError:
        raise RuntimeError(f"the bot did not answer {what}") from None


async def start_game_apart(env, clock, guild, ch, host, joiners, store) -> None:
    """A game of 3 started through the bot in its own process (/pioneer new, two joins, start), without
    SimCord's settling (the bot's work is not in this process): each step waits for the bot's answer."""
    from simcord import interactions as sim_interactions
    from simcord.actors import _interactions, _resolve_visible_command
    from simcord.enums import AppCommandType, InteractionType
    root = _resolve_visible_command(host, ch.id, "pioneer", AppCommandType.CHAT_INPUT)
    leaf, nesting = _interactions.walk_to_subcommand(root, ["new"])
    options, _resolved = _interactions.build_options(host, "pioneer new", leaf, {"where": "channel"},
                                                     channel_id=ch.id)
    data = {"id": root["id"], "name": root["name"], "type": 1,
            "options": _interactions.nest_options(root, nesting, options)}
    rec, payload = sim_interactions.base_payload(env.backend, type=InteractionType.APPLICATION_COMMAND,
                                                 channel_id=ch.id, guild_id=guild.id, user_id=host.id, data=data)
    env.backend.emit("INTERACTION_CREATE", payload)
    await _answered(clock, rec, "/pioneer new")
    said = []
    for k, (who, label) in enumerate([*((j, "Join") for j in joiners), (host, "Start the game")]):
        lobby = await _shown(env, ch, rec)
        await _saved(store, ch, lobby.id, k + 1)  # as a person, who clicks only once the lobby shows the last
        cid = next(b["custom_id"] for b in buttons(lobby) if b["label"] == label)
        click, payload = click_payload(env, who, lobby, cid)
        env.backend.emit("INTERACTION_CREATE", payload)
        await _answered(clock, click, label)
        said.append((label, click))
    end = time.perf_counter() + 30
    while time.perf_counter() < end:
        g = await store.open_game_in_channel(ch.id)
        if g is not None and g.status == "active" and g.panel_message_id:
            try:
                env.backend.get_message(ch.id, g.panel_message_id)
                return
            except Exception:  # its panel on its way
                pass
        await asyncio.sleep(0.05)
    raise RuntimeError(f"the game in {ch.name} did not start: " + "; ".join(f"{label}: {answer(env, c)!r}"
                                                                          for label, c in said))


async def _saved(store, ch, lobby_id: int, players: int) -> None:
    """Until the bot has saved the lobby as posted with this many players in it."""
    for _ in range(600):
        g = await store.open_game_in_channel(ch.id)
        if g is not None and g.lobby_message_id == lobby_id and len(g.players) >= players:
            return
        await asyncio.sleep(0.02)
    raise RuntimeError(f"the lobby in {ch.name} was not saved")


async def _shown(env, ch, rec):
    """The lobby message the slash command's answer posted (once SimCord holds it)."""
    for _ in range(600):
        if rec.message_id:
            try:
                return message(env, ch, rec.message_id)
            except Exception:
                pass
        await asyncio.sleep(0.05)
    raise RuntimeError("no lobby")


async def measure_apart(args) -> None:
    """As measure(), the bot in a process of its own (bench/apart.py): its loop does only the bot's work."""
    import subprocess
    import types

    import discord
    from apart import DiscordSide

    from db import Store
    rates = [int(r) for r in args.rates.split(",")]
    tmp = tempfile.TemporaryDirectory()
    url, drop, server = await _database(args, tmp.name)
    proc = None
    mirror = discord.Client(intents=discord.Intents.default())  # SimCord's own client: the harness reads with it
    try:
        async with simcord.run(mirror, settle_timeout=600) as env:
            uploads = Uploads()
            env.backend.cdn._blobs = uploads
            guild, people, channels = make_tables_apart(env, args.tables)
            side = DiscordSide(env)
            sock = f"{tmp.name}/discord.sock"
            listening = await side.serve(sock)
            proc = subprocess.Popen([sys.executable, str(ROOT / "bench" / "apart.py"), sock, url,
                                     *(["--stand-in-images"] if args.stand_in_images else [])])
            while not side.ready.is_set():  # (a bot that cannot start says why on its stderr: not waited for)
                if proc.poll() is not None:
                    raise RuntimeError(f"the bot's process ended before it was ready (exit status {proc.returncode})")
                await asyncio.sleep(0.1)
            rss_before = (await side.mark(-1))[2]
            store = await Store.open(url)  # the harness's own reader of the games (the bot's file, read only)
            clock = ResponseClock(env)
            clock.first = Firsts()
            trim = asyncio.create_task(_trim(env))
            t0 = time.perf_counter()
            ann, bob, *hosts = people
            for i in range(0, len(channels), 10):
                await asyncio.gather(*(start_game_apart(env, clock, guild, ch, hosts[j], [ann, bob], store)
                                       for j, ch in enumerate(channels[i:i + 10], i)))
            started = time.perf_counter() - t0
            rss_start = (await side.mark(-2))[2]
            gc.freeze()  # Discord's side does not pause: no full collection of SimCord's records during the run
            gc.disable()
            by_id = {p.id: p for p in people}
            steps = [Step(r) for r in rates]
            rfd, driver = start_driver(rates, args.seconds)
            spies: list = []
            marks: dict[int, asyncio.Task] = {}

            workers_cpu: dict[int, float] = {}  # the bot's worker processes' CPU seconds at each step's start

            def on_step(k: int) -> None:
                marks[k] = asyncio.create_task(side.mark(k))
                workers_cpu[k] = _children_cpu(side.pid)
                if args.profile:
                    spies.append(spy(tmp.name, k, args.seconds, args.gil, side.pid))
            ticks = Ticks(rfd, steps, on_step)
            h = Harness(env, types.SimpleNamespace(store=store), ticks, steps, clock)
            side.on_commit = store.on_commit
            tables = [asyncio.create_task(h.table(ch, by_id)) for ch in channels]
            await asyncio.gather(*tables)
            end = await side.mark(len(steps))
            workers_cpu[len(steps)] = _children_cpu(side.pid)
            gc.enable()
            trim.cancel()
            driver.join()
            os.close(rfd)
            for k, step in enumerate(steps):  # the bot's figures, not this process's
                step.cpu, step.proc, step.rss = await marks[k]
                step.rest = side.rest_at[k + 1] - side.rest_at[k]
                step.rest_kinds = side.kinds_at[k + 1] - side.kinds_at[k]
                step.workers_cpu = workers_cpu[k + 1] - workers_cpu[k]
                step.parts = {}
            ticks.end_cpu = end[:2]
            for p in spies:
                p.wait()
            if args.profile:
                read_profiles(args, steps, tmp.name)
            workers = [rss_mb(pid, "VmRSS") for pid in _children(side.pid)]
            report(args, steps, ticks, h, clock, None, started, side.compiled)
            print(f"memory: bot process {rss_before:.0f} MB ready, {rss_start:.0f} MB after starting {args.tables} "
                  f"tables, {end[2]:.0f} MB at the end (SimCord's copy of every message is in the bench's process); "
                  f"worker processes {' + '.join(f'{w:.0f}' for w in workers)} MB; "
                  f"{uploads.size / 2 ** 20:.0f} MB of images posted (Discord's side); {h.finished} games ended")
            clock.close()
            listening.close()
            side.writer.close()
            await store.close()
    finally:
        if proc is not None:  # its socket closed, it ends by itself; after a failed run it is stopped
            try:
                proc.wait(30)
            except subprocess.TimeoutExpired:
                proc.kill()
                proc.wait()
        tmp.cleanup()
        if drop is not None:
            await drop()  # type: ignore[operator]
        if server is not None:
            server.remove()


def _children_cpu(pid: int) -> float:
    """CPU seconds (user and system) the process's children have used so far, the live ones."""
    total = 0
    for child in _children(pid):
        try:
            fields = Path(f"/proc/{child}/stat").read_text().rsplit(")", 1)[1].split()
        except OSError:
            continue
        total += int(fields[11]) + int(fields[12])  # utime, stime (the 14th and 15th of the whole line)
    return total / os.sysconf("SC_CLK_TCK")


def _children(pid: int) -> list[int]:
    out = []
    for task in Path(f"/proc/{pid}/task").glob("*"):
        try:
            out += [int(c) for c in (task / "children").read_text().split()]
        except OSError:
            pass
    return out


def traced_split(stop: bool = True, top: bool = True) -> tuple[float, float]:
    """MB of the memory allocated since tracing began and still held: (the bot's, SimCord's and the harness's)."""
    snap = tracemalloc.take_snapshot()
    if stop:
        tracemalloc.stop()
    fake_marks = ("/simcord/", "/bench/", "simharness")
    bot = fake = 0
    sites: dict[str, int] = {}
    for tr in snap.traces:
        if any(m in f.filename for f in tr.traceback for m in fake_marks):
            fake += tr.size
        else:
            bot += tr.size
            ours = next((f for f in tr.traceback if "site-packages" not in f.filename), tr.traceback[0])
            where = f"{Path(ours.filename).name}:{ours.lineno}"
            sites[where] = sites.get(where, 0) + tr.size
    if not top:
        return bot / 2 ** 20, fake / 2 ** 20
    largest = sorted(sites.items(), key=lambda kv: -kv[1])[:12]
    print("the bot's largest holders (innermost frame outside site-packages):",
          ", ".join(f"{w} {n / 2 ** 20:.1f} MB" for w, n in largest))
    return bot / 2 ** 20, fake / 2 ** 20


def discord_side(env) -> dict[str, float]:
    """What SimCord (Discord's side, here in the bot's process) holds, in thousands: the records of every
    interaction and every message it keeps; they grow with the clicks whatever the bot does."""
    b = env.backend
    return {"simcord_interactions_k": len(b.interactions) / 1000,
            "simcord_messages_k": sum(len(m) for m in b.messages.values()) / 1000}


def discord_records_mb(env) -> tuple[float, float, float, float]:
    """(MB that SimCord's records of interactions and messages held: Python's small objects and glibc's heap in use
    together, KB a record, MB in use without them (the same two), MB of Python's arenas): weighed by dropping them
    (the run is over) and collecting."""
    b = env.backend
    n = len(b.interactions) + sum(len(m) for m in b.messages.values())
    gc.collect()
    before = memory_parts()
    b.interactions.clear()
    b.interaction_tokens.clear()
    for kept in b.messages.values():
        kept.clear()
    gc.collect()
    after = memory_parts()
    in_use = after["py_used"] + after["malloc_used"]
    held = before["py_used"] + before["malloc_used"] - in_use
    return held, held * 1024 / max(n, 1), in_use, after["py_arenas"]


def spy(folder: str, k: int, seconds: float, gil: bool = False, pid: int = 0):
    """py-spy sampling this process (without pausing it) for a step; gil: only the thread holding the GIL (what
    the process's Python work is, without the time the loop waits for it)."""
    import subprocess
    exe = shutil.which("py-spy") or str(Path(sys.executable).with_name("py-spy"))
    return subprocess.Popen([exe, "record", "--pid", str(pid or os.getpid()), "--duration", str(int(seconds)),
                             "--rate", "100", "--nonblocking", "--threads", "--format", "raw",
                             *(["--gil"] if gil else []), "-o", f"{folder}/spy-{k}.txt"],
                            stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)


async def _own_cpu_per_step(h: Harness, steps: list[Step], own: list[float]) -> None:
    """The harness's own CPU, split by step (read when each step's first tick comes)."""
    k, last = 0, 0.0
    while True:
        await asyncio.sleep(0.2)
        while k + 1 < len(steps) and steps[k + 1].cpu is not None:
            own[k] = h.own_cpu - last
            last = h.own_cpu
            k += 1
        own[k] = h.own_cpu - last


async def _trim(env) -> None:
    """SimCord's log of every payload and request (a test's transcript) is the harness's memory, not the bot's.
    Emptied often, from the first table on: a log kept while 500 tables start (SimCord's many small dicts
    among the bot's) and then dropped left the process 90 MB bigger, as holes the bot's objects kept open."""
    while True:
        env.backend.transcript.clear()
        env.backend.http_requests.clear()
        await asyncio.sleep(0.5)


def report(args, steps: list[Step], ticks: Ticks, h: Harness, clock: ResponseClock, own: list[float] | None,
           started: float, compiled: list[str] | None = None) -> None:
    """own: the harness's CPU on the bot's loop a step (None: --apart, not in the bot's process); compiled: the
    bot's compiled modules (when it is another process)."""
    where = "PostgreSQL" if args.database else "SQLite"
    built = compiled if compiled is not None else sorted(native.ACTIVE)
    print(f"Capacity, one bot process: {args.tables} tables of 3 people ({started:.0f} s to start them), {where}, "
          f"{'stand-in' if args.stand_in_images else 'real'} images, "
          f"engine {'compiled (' + ', '.join(built) + ')' if built else 'pure Python'}, "
          f"{APART if args.apart else ''}"
          f"ticks from another process, "
          f"{args.seconds:.0f} s per rate; target >= {TARGET_RATE} clicks/s with p99 < {TARGET_P99_MS} ms and 0 late")
    best = 0
    for k, s in enumerate(steps):
        end = steps[k + 1].cpu if k + 1 < len(steps) else (ticks.end_cpu or (None, None))[0]
        pend = steps[k + 1].proc if k + 1 < len(steps) else (ticks.end_cpu or (None, None))[1]
        first, late, busy = [], 0, 0
        for rec, due in s.clicks:
            at = clock.first.get(rec.id)
            if at is None or at - due >= 3:
                late += 1
            if at is not None:
                first.append((at - due) * 1000)
            if rec.responded and "busy" in answer(h.env, rec):
                busy += 1
        n = len(s.clicks)
        cpu = (end - s.cpu) * 1000 / n if n and end is not None and s.cpu is not None else float("nan")
        proc = (pend - s.proc) * 1000 / n if n and pend is not None and s.proc is not None else float("nan")
        mine = f"harness {own[k] * 1000 / n:4.2f}" if n and own is not None else "harness apart"
        cm = [x * 1000 for x in s.commits]
        ok = first and pct(first, 99) < TARGET_P99_MS and late == 0 and n >= 0.95 * s.rate * args.seconds \
            and busy == 0 and s.dropped == 0
        if ok:
            best = max(best, s.rate)
        print(f"{s.rate:>4} clicks/s: {n:>5} clicks ({n / args.seconds:5.1f}/s) | first response p50 "
              f"{statistics.median(first) if first else float('nan'):6.1f} ms p99 {pct(first, 99):7.1f} max "
              f"{max(first) if first else float('nan'):7.1f} | late {late} | busy {busy} | committed p50 "
              f"{statistics.median(cm) if cm else float('nan'):6.1f} p99 {pct(cm, 99):7.1f} ms | loop CPU "
              f"{cpu:5.2f} ms/click ({mine}) | process CPU {proc:5.2f} ms/click | ticks waiting for a "
              f"table {s.idle_ticks}, never taken {s.dropped} | no move after {s.unmoved} | memory {s.rss:.0f} MB at "
              f"its start {'ok' if ok else 'NOT ok'}", flush=True)
        if s.unmoved_said:
            print("      no move after: " + "; ".join(f"{v}: {k!r}" for k, v in sorted(s.unmoved_said.items(),
                                                                                   key=lambda kv: -kv[1])[:4]))
        if s.rest is not None and n:
            print(f"      Discord: {s.rest / n:.1f} REST requests a click besides its answer (by default a bot may "
                  f"make {GLOBAL_LIMIT} a second in all: {GLOBAL_LIMIT * n / max(s.rest, 1):.0f} clicks/s): "
                  + ", ".join(f"{k} {v / n:.2f}" for k, v in sorted(s.rest_kinds.items(), key=lambda kv: -kv[1])))
        if s.workers_cpu is not None and n:
            print(f"      the bot's worker processes (pictures, panels, the AI): {s.workers_cpu * 1000 / n:.2f} ms of "
                  f"CPU a click, {s.workers_cpu / args.seconds:.2f} CPUs")
        if s.parts:
            traced = f"; traced: the bot {s.traced[0]:.1f}, SimCord {s.traced[1]:.1f}" if s.traced else ""
            print("      memory at its start (MB): " + ", ".join(f"{k} {v:.1f}" for k, v in s.parts.items()) + traced)
        if s.shares:
            sh = s.shares
            bot = sh["bot"] + sh["loop"] * sh["bot"] / max(1e-9, sh["bot"] + sh["fake"])  # the loop's own: pro rata
            fake = "the socket to Discord's side" if args.apart else "SimCord and the harness"
            print(f"      profile: the bot {sh['bot']:.0%}, {fake} {sh['fake']:.0%}, the event loop "
                  f"{sh['loop']:.0%} -> the bot's loop CPU {cpu * bot:.2f} ms/click (target <= {TARGET_CPU_MS})")
            print("      the bot's innermost functions of ours: " + ", ".join(f"{f} {x:.0%}" for f, x in sh["top"]))
    print(f"highest rate answered with p99 < {TARGET_P99_MS} ms and none late: {best} clicks/s (target >= "
          f"{TARGET_RATE}: {'met' if best >= TARGET_RATE else 'NOT met'}); panels that did not change within 5 s: "
          f"{h.stuck}")


if __name__ == "__main__":
    p = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    p.add_argument("--tables", type=int, default=500)
    p.add_argument("--rates", default="25,50,100,150,200,250,300")
    p.add_argument("--seconds", type=float, default=20)
    p.add_argument("--database", help="postgresql://... (a new database on it) or 'temp' (a throwaway server)")
    p.add_argument("--stand-in-images", action="store_true")
    p.add_argument("--apart", action="store_true", help="the bot in a process of its own, SimCord and the harness "
                   "in this one (bench/apart.py): the bot's loop does only the bot's work, as on Discord")
    p.add_argument("--no-trim", action="store_true", help="the allocator's free pages not given back "
                   "(app/collector.py): the memory as it was, to compare")
    p.add_argument("--memory", action="store_true", help="trace allocations: the bot's memory apart from SimCord's")
    p.add_argument("--profile", action="store_true", help="py-spy each step: the bot's share of the loop's CPU")
    p.add_argument("--gil", action="store_true", help="with --profile: sample only the thread holding the GIL")
    p.add_argument("--keep-profile", metavar="DIR", help="with --profile: keep each step's py-spy samples (raw "
                   "format, spy-K.txt) in DIR")
    parsed = p.parse_args()
    if parsed.apart and (parsed.memory or parsed.no_trim):
        p.error("--memory and --no-trim weigh the bot in this process: not with --apart")
    if (parsed.gil or parsed.keep_profile) and not parsed.profile:
        p.error("--gil and --keep-profile go with --profile")
    if parsed.keep_profile:
        Path(parsed.keep_profile).mkdir(parents=True, exist_ok=True)
    if parsed.profile and not shutil.which("py-spy") and not Path(sys.executable).with_name("py-spy").exists():
        p.error("--profile samples with py-spy: pip install py-spy")
    asyncio.run(measure_apart(parsed) if parsed.apart else measure(parsed))
