"""Several bot processes on one database (docs/SCALING.md): the ownership rule and its SQL twin, the
settings, the shard leases, and two bot processes (two shards of one application) with their own games.

SimCord hosts one live bot per event loop, so each process here is a thread with its own loop and its
own SimCord env (its own Discord, holding the servers of its shard), sharing the one database: a process
that touched the other's games would not find their channels, and would archive them."""

import asyncio
import threading

import pytest
from simcord import Env
from simharness import CheapRenderer, restart, start_game

import games.pioneer_days.rules as engine
from app.settings import Settings, SettingsError
from app.shards import CHECK, shard_of
from bot import GameBot, ShardedGameBot, build, main
from db import Store

# ---- the rule -----------------------------------------------------------------------------------


def test_shard_of_is_discords_rule():
    assert shard_of(None, 4) == 0 and shard_of(0, 4) == 0  # DMs: shard 0
    assert shard_of(5 << 22 | 123, 2) == 1 and shard_of(6 << 22 | 123, 2) == 0
    assert [shard_of(k << 22, 3) for k in range(6)] == [0, 1, 2, 0, 1, 2]
    assert {shard_of((k << 22) | 0x3FFFFF, 5) for k in range(10)} == set(range(5))  # the low bits don't count
    assert shard_of(123 << 22, 1) == 0


async def test_the_sql_twin_lists_the_same_games(any_db):
    store = await Store.open(any_db, create=True)
    try:
        guilds = [None, 1 << 22, 2 << 22, 3 << 22, 1456074443980800006, 1456074443984994310, 7 << 22 | 5]
        ids = {}
        for n, guild in enumerate(guilds):
            ids[await store.create_lobby(guild, 1000 + n, 1, "ann", {}, 1, game="pioneer-days")] = guild
            await store.add_items(max(ids), 0, [("ping", {"seats": []})])
        for count, mine in ((2, (0,)), (2, (1,)), (3, (0, 2)), (3, (1,)), (4, (3,)), (4, ())):
            want = sorted(g for g, guild in ids.items() if shard_of(guild, count) in mine)
            assert sorted(g for g, _ in await store.open_game_refs((count, mine))) == want, (count, mine)
            assert sorted(await store.games_with_pending((count, mine))) == want, (count, mine)
        assert sorted(g for g, _ in await store.open_game_refs()) == sorted(ids)  # unsharded: every game
    finally:
        await store.close()


# ---- the settings -------------------------------------------------------------------------------


@pytest.mark.parametrize("env, named", [
    ({"SHARD_IDS": "0"}, "SHARD_IDS needs SHARD_COUNT"),
    ({"SHARD_COUNT": "2", "SHARD_IDS": "0,2"}, "SHARD_IDS must be between 0 and SHARD_COUNT - 1 = 1"),
    ({"SHARD_COUNT": "2", "SHARD_IDS": "1,1"}, "SHARD_IDS names a shard twice"),
    ({"SHARD_COUNT": "3", "SHARD_IDS": "one"}, "SHARD_IDS is a list of shard numbers"),
    ({"SHARD_COUNT": "0"}, "SHARD_COUNT: Input should be greater than or equal to 1"),
])
def test_bad_shard_settings_stop_the_bot_naming_them(monkeypatch, capsys, env, named):
    for k in ("SHARD_COUNT", "SHARD_IDS"):
        monkeypatch.delenv(k, raising=False)
    for k, v in env.items():
        monkeypatch.setenv(k, v)
    with pytest.raises(SettingsError, match=named):
        Settings.from_env(env_file=None)
    assert main([]) == 2
    assert named in capsys.readouterr().err


def test_shard_settings_choose_the_kind_of_bot(db_path):
    plain = build(Settings(database_url=db_path))
    assert type(plain) is GameBot and plain.settings.shards == (1, (0,))
    one = build(Settings(database_url=db_path, shard_count=4, shard_ids="3, 1"))
    assert isinstance(one, ShardedGameBot) and (one.shard_count, one.shard_ids) == (4, [3, 1])
    every = build(Settings(database_url=db_path, shard_count=2))
    assert every.shard_ids == [0, 1] and every.settings.sharded


# ---- the leases ---------------------------------------------------------------------------------


async def test_a_shard_lease_has_one_holder_and_passes_on_when_it_goes(any_db):
    old = await Store.open(any_db, create=True)
    new = await Store.open(any_db)
    try:
        assert await old.leases().refresh(3, (0, 2)) == {0, 2}
        assert await new.leases().refresh(3, (0, 1, 2)) == {1}  # what the old process holds stays with it
        assert await old.leases().refresh(3, (0, 2)) == {0, 2}
        await old.close()  # the old process goes away (a crash too: the database or kernel drops its locks)
        assert await new.leases().refresh(3, (0, 1, 2)) == {0, 1, 2}
    finally:
        await old.close()
        await new.close()


# ---- two processes ------------------------------------------------------------------------------


class Process:
    """One bot process of a sharded deployment (SHARD_COUNT=2, SHARD_IDS=shard): a thread with its own
    event loop and SimCord env, on the shared database."""

    def __init__(self, url: str, shard: int):
        self.url, self.shard = url, shard
        self.bots: list = []
        self.env: Env | None = None
        self.loop = asyncio.new_event_loop()
        self.thread = threading.Thread(target=self.loop.run_forever, daemon=True)
        self.thread.start()
        self.do(self._start)

    def make(self, **settings):
        settings = {"shard_count": 2, "shard_ids": (self.shard,), "ai_pause": 0.0, "ai_hard_budget": 4,
                    "ai_processes": 0, "render_processes": 0, **settings}
        bot = build(Settings(database_url=self.url, sync=True, **settings), renderer=CheapRenderer())
        self.bots.append(bot)
        return bot

    @property
    def bot(self):
        return self.bots[-1]

    async def _start(self):
        self.env = Env(self.make())
        await self.env.start()
        # the two Discords start their ids at the same instant: this one's channels and users come later
        base = (int(self.env.now().timestamp() * 1000) - 1420070400000) << 22
        for n in range(64 * self.shard):
            if base | n not in self.env.backend._reserved_ids:
                self.env.backend.reserve_id(base | n)

    def do(self, fn, *args, **kw):
        """fn(*args, **kw) run in this process (its loop, its env's clock); its result."""
        async def scoped():
            if self.env is None:
                return await fn(*args, **kw)
            with self.env.time_context():
                return await fn(*args, **kw)
        return asyncio.run_coroutine_threadsafe(scoped(), self.loop).result(120)

    def game(self, channel):
        return self.do(self.bot.store.open_game_in_channel, channel.id)

    def restart(self):
        self.do(restart, self.env, self.bot, self.make)

    def stop(self) -> list:
        """Shuts the process down; the unexpected errors its bots met."""
        async def down():
            await self.env.shutdown()
            for bot in self.bots:
                if bot.store is not None:
                    await bot.store.close()
        try:
            self.do(down)
        finally:
            self.loop.call_soon_threadsafe(self.loop.stop)
            self.thread.join(10)
            self.loop.close()
        return [e for bot in self.bots for e in bot.errors] + self.env.errors  # the bots' and SimCord's


def timeouts(game) -> list[str]:
    return [x for x in game.recent if "ran out of time: the AI " in x]


def reminders(channel) -> list[str]:
    return [m.content for m in channel.history() if "half of your time" in m.content]


@pytest.fixture
def processes(any_db):
    """Two processes, shard 0 and shard 1; a first start has made the database."""
    async def first_start():
        await (await Store.open(any_db, create=True)).close()
    asyncio.run(first_start())
    procs = [Process(any_db, 0), Process(any_db, 1)]
    yield procs
    errors = {p.shard: p.stop() for p in procs}
    assert not any(errors.values()), f"unexpected errors by shard: {errors}"


def test_two_processes_each_drive_their_own_games_across_a_crash(processes):
    advance = lambda s: [p.do(p.env.advance_time, s) for p in processes]  # noqa: E731  the clocks in step
    tables = []
    for p in processes:
        guild = p.env.create_guild(shard_id=p.shard)
        channel = guild.create_text_channel("pioneer")
        actors = [guild.add_member(p.env.create_user(n)) for n in ("ann", "bob")]
        p.do(start_game, p.env, channel, actors, timer=120)
        tables.append((guild, channel))
    games = [p.game(ch) for p, (_, ch) in zip(processes, tables, strict=True)]
    assert [shard_of(g.guild_id, 2) for g in games] == [0, 1]
    advance(61)  # half time: each process reminds the players of its own game, once
    assert [len(reminders(ch)) for _, ch in tables] == [1, 1]
    for p, (_, ch), g in zip(processes, tables, games, strict=True):
        assert p.game(ch).status == "active" and not timeouts(p.game(ch)) and p.game(ch).seq == g.seq
    processes[0].restart()  # shard 0's process dies mid-game (nothing shown after its commits) and restarts
    assert [len(reminders(ch)) for _, ch in tables] == [1, 1]  # the restart reminds nobody again
    advance(60)  # past both deadlines: the easy AI decides, once per game, by the process of its shard
    for p, (_, ch), g in zip(processes, tables, games, strict=True):
        after = p.game(ch)
        assert after.status == "active" and len(timeouts(after)) == 1, after.recent
        log = p.do(p.bot.store.actions, g.id)
        turn = g.state["turn"]
        assert [r["seat"] for r in log if r["user_id"] == 0] == [turn] * (after.seq - g.seq)  # no second firing
        assert p.do(p.bot.store.pending, g.id) == []  # nothing lost: everything promised was shown
        assert engine.to_json(p.do(p.bot.service.replayed, after)) == after.state_json


def test_a_successor_waits_for_the_lease_of_a_process_still_running(processes, any_db):
    """A rolling restart: the new process of shard 0 starts while the old one still holds the shard; the
    new one fires no timer until the old one is gone, then takes over: the overdue timer fires once."""
    p = processes[0]
    guild = p.env.create_guild(shard_id=0)
    channel = guild.create_text_channel("pioneer")
    actors = [guild.add_member(p.env.create_user(n)) for n in ("ann", "bob")]
    p.do(start_game, p.env, channel, actors, timer=120)
    game = p.game(channel)
    old = p.do(Store.open, any_db)
    try:
        async def hand_over():  # the old process goes, but another still holds shard 0 ...
            await p.bot.store.close()
            p.bot.store = None
            assert await old.leases().refresh(2, (0,)) == {0}
        p.do(hand_over)
        p.bots.append(p.make())
        p.do(p.env.restart_bot, p.bot)  # ... when the new one starts
        p.do(p.env.advance_time, 300)
        assert p.game(channel).seq == game.seq and not reminders(channel) and not p.bot.leases.held
    finally:
        p.do(old.close)  # the old process exits
    p.do(p.env.advance_time, CHECK)
    after = p.game(channel)
    assert p.bot.leases.held == {0} and len(timeouts(after)) == 1 and after.seq > game.seq
    log = p.do(p.bot.store.actions, game.id)
    assert [r["seat"] for r in log if r["user_id"] == 0] == [game.state["turn"]] * (after.seq - game.seq)


async def test_a_deadline_another_process_wrote_is_seen_without_a_poke(simcord_env, make_bot):
    """During a rolling restart's overlap the other process may handle a click and write a deadline: no
    poke reaches this process's timers, so a sharded process reads the table again every CHECK seconds."""
    env = simcord_env
    bot = make_bot(shard_count=1)  # one shard, with a lease
    await env.restart_bot(bot)
    guild = env.create_guild()
    channel = guild.create_text_channel("pioneer")
    actors = [guild.add_member(env.create_user(n)) for n in ("ann", "bob")]
    await start_game(env, channel, actors, timer=0)  # no timer: the loop has nothing to wait for
    game = await bot.store.open_game_in_channel(channel.id)
    assert bot.leases.held == {0} and await bot.store.deadlines(game.id) == {}
    other = await Store.open(bot.settings.database_url)  # the other process
    try:
        due = env.now().timestamp() + 30

        async def tx(db):
            await db.execute("INSERT INTO deadlines (game_id, seat, seq, due_at, remind_at, reminded) "
                             "VALUES (?,?,?,?,?,1)", (game.id, game.state["turn"], game.seq, due, due))
        await other._write(tx)
    finally:
        await other.close()
    await env.advance_time(30 + CHECK)
    after = await bot.store.open_game_in_channel(channel.id)
    assert after.seq > game.seq and len(timeouts(after)) == 1
