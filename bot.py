"""The board game bot: the composition root (settings, logging, the store, the host's services, the cogs
as extensions), the one error handler, start-up. The games it hosts are listed in games/__init__.py.

    python bot.py            run the bot (settings from the environment or .env)
    python bot.py --sync     also publish the slash commands globally (needed once after changes;
                             global commands can take a while to appear; see DEV_GUILD_ID)

Without DISCORD_TOKEN it explains how to create the application, runs the offline simulator and
exits with status 2."""

import argparse
import asyncio
import gc
import logging
import secrets
import subprocess
import sys
from collections import deque
from collections.abc import Callable
from typing import TYPE_CHECKING, Any

import discord
from discord import app_commands
from discord.ext import commands

import i18n
from app import collector
from app.settings import ROOT, Settings, SettingsError
from app.shards import ShardLeases
from cogs import slash_input
from db import StoreError
from db.errors import DatabaseDamaged
from i18n import N_, _
from ui import invite

if TYPE_CHECKING:
    from app.ai_seats import AiSeats
    from app.service import GameService
    from app.timers import Timers
    from cogs.coach import CoachDesk
    from cogs.courier import Courier
    from cogs.records import RecordsDesk
    from cogs.table import Table
    from db import Store

log = logging.getLogger("bot")
# the cogs, in the order they are loaded: the courier first (every other cog shows things through it)
EXTENSIONS = ("cogs.courier", "cogs.table", "cogs.records", "cogs.coach", "cogs.play")

PERMISSIONS = invite.INVITE.value
DAMAGED_GAME = N_("This game's saved record is damaged and can't be loaded, so nothing was changed. The bot's "
                  "operator has been told; the other games play on.")
DAMAGED_READ = N_("Part of the saved data can't be read (the database is damaged), so I can't answer this. The "
                  "bot's operator has been told.")
SIMULATOR = "every game the bot hosts, simulated"
SHOWN_GAMES = 3  # simulated games of AIs per game in the showcase (the summary), then one game's pictures
NO_TOKEN = f"""\
DISCORD_TOKEN is not set, so the bot cannot connect to Discord.

To run it:
  1. Create an application at https://discord.com/developers/applications, open "Bot", press
     "Reset Token" and put the token in .env as DISCORD_TOKEN=... (see .env.example).
     No privileged intents are needed.
  2. Invite it with the scopes `bot` and `applications.commands` and the permissions
     {", ".join(invite.names(invite.INVITE))}
     (permission integer {PERMISSIONS}; without the thread ones, each game is played in its channel
     instead of a thread of its own):
     {invite.invite_url("APPLICATION_ID")}
  3. Run `bash run.sh --sync` once to publish the slash commands (or set DEV_GUILD_ID to see
     them in one server at once), then `bash run.sh`.

Meanwhile, here is the offline simulator: {SIMULATOR}, and one game's pictures each.
"""


class GameTree(app_commands.CommandTree):
    async def interaction_check(self, interaction: discord.Interaction) -> bool:
        i18n.set_current(str(interaction.locale))  # what only this person sees speaks their language
        if not slash_input.readable(interaction):  # a modified client's options discord.py can't take
            await slash_input.refuse(interaction)
            return False
        return True

    async def on_error(self, interaction: discord.Interaction, error: app_commands.AppCommandError):
        bot: GameBot = self.client  # type: ignore[assignment]
        await bot.report_error(interaction, error)


def utc_clock() -> float:
    """Unix seconds from discord.utils.utcnow (which SimCord's virtual clock drives in tests)."""
    return discord.utils.utcnow().timestamp()


def read_no_messages(bot: commands.Bot) -> None:
    """The gateway's MESSAGE_CREATE and MESSAGE_UPDATE events (every message of every channel the bot sees,
    its own posts and edits too) are dropped unread: the bot answers slash commands and components only,
    and discord.py built a whole Message for each (a tenth of a click's CPU on the loop). MESSAGE_DELETE is
    still read (a deleted panel), which is why the intent stays; no message cache either (max_messages)."""
    for event in ("MESSAGE_CREATE", "MESSAGE_UPDATE"):
        bot._connection.parsers[event] = _unread


def _unread(_data) -> None:
    return None


class GameBot(commands.Bot):
    """The bot and what it is made of (built in setup_hook): the store, the game service, the AI seats, the
    timers and the cogs."""

    settings: Settings
    renderer: Any                  # None: each game's own pictures; a stand-in (tests) draws them all instead
    store: "Store | None"          # None before setup_hook and after close
    service: "GameService"         # every change to a game goes through it
    courier: "Courier"             # cogs/courier.py: what the channel shows
    table: "Table"                 # cogs/table/: component clicks
    records: "RecordsDesk"         # cogs/records.py: stats, leaderboards, history, replays
    ai: "AiSeats"                  # app/ai_seats.py
    coach: "CoachDesk"             # cogs/coach.py: reviews of finished games
    timers: "Timers"               # app/timers.py
    leases: ShardLeases            # app/shards.py: the shards whose games this process drives
    errors: deque                  # the last unexpected errors (code, exception): tests assert it stays empty
    clock: Callable[[], float]     # unix seconds (SimCord's virtual clock in tests)

    def __init__(self, settings: Settings, renderer=None, clock=utc_clock):
        # slash commands and components only: no privileged intents, no message content
        shards: dict[str, Any] = {"shard_count": settings.shards[0], "shard_ids": list(settings.shards[1])} \
            if isinstance(self, commands.AutoShardedBot) else {}
        super().__init__(command_prefix=commands.when_mentioned, intents=discord.Intents.default(),
                         tree_cls=GameTree, help_command=None,
                         allowed_mentions=discord.AllowedMentions(everyone=False, roles=False, users=True),
                         max_messages=None, **shards)
        read_no_messages(self)
        self.settings = settings
        self.renderer = renderer
        self.store = None
        self.errors = deque(maxlen=100)
        self.opened_store: Store | None = None  # opened by main() before Discord; taken by setup_hook
        self.clock = clock
        self._recovered = False

    async def setup_hook(self) -> None:
        from app.ai_seats import AiSeats
        from app.clicks import ClickJournal, journal_path
        from app.service import GameService
        from app.timers import Timers
        from db import Store
        from ui import dispatch
        from ui.components import GameButton, GameSelect, MoveButton
        from ui.translator import Translator

        # main() opens the database before connecting to Discord (a bad one stops the bot at once)
        self.store = self.opened_store or await Store.open(self.settings.database_url,
                                                            create=self.settings.new_database)
        self.opened_store = None
        self.service = GameService(self.store, clock=self.clock)
        self.service.damage.teller = self._tell_damaged  # (what AI seats and timers find, told in its channel)
        self.service.clicks = ClickJournal(journal_path(self.settings.click_journal, self.store.kind,
                                                        self.store.backend.where, self.settings.shards, str(ROOT)))
        self.service.clicks.start()  # what a dead process left open: told at the first recovery
        self.ai = AiSeats(self.service, self.settings, self._show, errors=self.errors)
        self.leases = ShardLeases(self.store, *self.settings.shards, on_change=self._shards_changed,
                                  errors=self.errors, locking=self.settings.sharded)
        self.timers = Timers(self.store, self.leases, self.ai, self.clock, errors=self.errors)
        self.service.on_deadline = self.timers.poke
        self.add_dynamic_items(GameButton, MoveButton, GameSelect)  # panels keep working after a restart
        dispatch.install(self)  # (a click made into its item alone, not its whole message)
        await self.tree.set_translator(Translator())
        for name in EXTENSIONS:
            await self.load_extension(name)
        await self.sync_commands()
        if self.settings.app_emoji:  # (in the background: a start waits for nothing it can do without)
            from cogs import emoji
            self._emoji = asyncio.get_running_loop().create_task(emoji.install(self))

    async def _tell_damaged(self, game_id: int, channel_id: int | None) -> None:
        """A damaged game found by the AI seats or the timers: its channel told once (the courier)."""
        await self.courier.tell_damaged(game_id, channel_id)

    async def _show(self, game_id: int, channel_id: int, refresh: bool = True) -> None:
        """What the AI seats and the timers changed, shown as after a click (the courier)."""
        await self.courier.after(game_id, channel_id, refresh)

    async def sync_commands(self) -> None:
        """DEV_GUILD_ID: the commands appear in that server at once; --sync: publish them globally.
        A failed sync is logged, not fatal: the commands already published keep working."""
        try:
            if self.settings.dev_guild_id:
                guild = discord.Object(id=self.settings.dev_guild_id)
                self.tree.copy_global_to(guild=guild)
                await self.tree.sync(guild=guild)
                log.info("slash commands synced to guild %s", guild.id)
            if self.settings.sync:
                await self.tree.sync()
                log.info("slash commands synced globally")
        except discord.HTTPException as e:
            log.error("could not sync the slash commands: %s", e)

    async def close(self) -> None:
        from engine import symbols
        symbols.install({})  # (the process may start another bot: each installs its own)
        if self.store is not None:
            self.leases.stop()
            self.timers.stop()
            self.coach.stop()
            self.ai.stop()
            self.courier.workers.stop()
            self.service.clicks.close()
        await super().close()
        if self.store is not None:
            await self.store.close()
            self.store = None

    async def on_ready(self) -> None:
        log.info("ready as %s in %d guild(s)", self.user, len(self.guilds))
        if not self._recovered:
            self._recovered = True
            self.leases.start()  # each shard taken: its games repaired, its timers started

    async def _shards_changed(self, gained: frozenset[int]) -> None:
        """Leases taken (at start-up, or when the previous holder of a shard went away) or lost."""
        if gained:
            count = self.settings.shards[0]
            owned = None if count == 1 else (count, sorted(gained))
            await self.courier.recover(owned)  # what a crash left pending is shown, AI seats resume
            await self.courier.tell_unsaved()  # (once: the clicks the dead process acknowledged, not saved)
        self.timers.replan()

    async def report_error(self, interaction: discord.Interaction, error: Exception) -> None:
        """The one error handler for commands and components: a short code the user sees and the
        log records. Expected Discord failures get a clear message and no traceback."""
        err = getattr(error, "original", None) or error
        if not isinstance(err, StoreError):  # (a storage fault keeps its own type, not its driver's cause)
            err = getattr(error, "original", None) or getattr(error, "__cause__", None) or error
        code = secrets.token_hex(2)
        expected = True
        if isinstance(err, app_commands.CommandOnCooldown):  # a CheckFailure too: it comes first
            text = _("Slow down: you can use this command again in {n} s.", n=max(1, round(err.retry_after)))
        elif isinstance(err, app_commands.CheckFailure):
            text = _("You can't use this command here.")
        elif isinstance(err, discord.NotFound) and err.code == 10062:
            log.warning("[%s] interaction expired before the first response", code)
            return  # nothing can be shown: the token is gone
        elif isinstance(err, discord.NotFound) and err.code == 10008:
            text = _("That message no longer exists: use `/play board` for a fresh panel.")
        elif isinstance(err, discord.Forbidden):
            text = _("I'm missing a permission in this channel (I need {permissions}).",
                     permissions=", ".join(invite.names()))
        elif isinstance(err, discord.HTTPException) and err.code == 40060:
            text = _("That was already answered.")
        elif isinstance(err, StoreError):  # said once in the log by the store or the damage register
            await self.storage_refusal(interaction, err)
            return
        else:
            expected = False
            text = _("Something went wrong. The game is safe: try again, or `/play board` for a fresh panel.")
        if expected:
            log.warning("[%s] %s: %s", code, type(err).__name__, err)
        else:
            self.errors.append((code, err))
            log.error("[%s] unexpected error", code, exc_info=err)
        try:
            from cogs.replies import tell
            await tell(interaction, text + " " + _("(error `{code}`)", code=code),
                       allowed_mentions=discord.AllowedMentions.none())
        except discord.HTTPException as e:
            log.warning("[%s] could not report the error: %s", code, e)


    async def storage_refusal(self, interaction: discord.Interaction, err: StoreError) -> None:
        """The answer when the database refused: the game's record is damaged (named once in the log, its
        channel told once: app/damage.py), something else it needed can't be read (said once), or nothing
        can be saved now (the cause said once by the store: db/faults.py). No traceback, no line per click."""
        from app.service.outcome import UNAVAILABLE
        if isinstance(err, DatabaseDamaged):
            damage = self.service.damage
            gid = damage.game_of(err)  # (the game it names, or the damaged game of the channel it names)
            if damage.found(err) and gid is not None:
                await self.courier.tell_damaged(gid, err.channel_id)
            text = _(DAMAGED_GAME) if gid is not None else _(UNAVAILABLE) if err.write else _(DAMAGED_READ)
        else:
            text = _(UNAVAILABLE)
        try:
            from cogs.replies import tell
            await tell(interaction, text, allowed_mentions=discord.AllowedMentions.none())
        except discord.HTTPException as e:
            log.warning("could not answer a refused interaction: %s", e)


class ShardedGameBot(GameBot, commands.AutoShardedBot):
    """The bot as discord.AutoShardedBot for the shards of SHARD_COUNT / SHARD_IDS (docs/SCALING.md)."""


def build(settings: Settings, renderer=None, clock=utc_clock) -> GameBot:
    """The bot these settings describe: sharded (SHARD_COUNT set) or one plain commands.Bot."""
    cls = ShardedGameBot if settings.sharded else GameBot
    return cls(settings, renderer, clock)


def setup_logging(level: str) -> None:
    discord.utils.setup_logging(level=getattr(logging, level, logging.INFO), root=True)
    logging.getLogger("discord.http").setLevel(logging.WARNING)


def showcase(out: str = "out/demo") -> int:
    """Every game the bot hosts, for a newcomer: a few games of its AIs (the simulator's summary), then the
    pictures of one (what its thread would show) in `out`/<game>."""
    from engine import registry
    rc = 0
    for game in registry.games():
        low, high = game.players
        players = min(max(low, 3), high)
        level = game.ai_levels[0] if game.ai_levels else "random"
        sim = ["engine.simulate", "--game", game.key, "--players", str(players), "--games", str(SHOWN_GAMES),
               "--seed", "1", "--seats", ",".join([level] * players)]
        demo = ["render.demo", "--game", game.key, "--players", str(players), "--seed", "1", "--out",
                f"{out}/{game.key}"]
        print(f"\n== {game.texts._(game.name)}: {game.texts._(game.summary)}\n$ python -m {' '.join(sim)}", flush=True)
        rc = subprocess.call([sys.executable, "-m", *sim], cwd=ROOT) or rc
        print(f"$ python -m {' '.join(demo)}", flush=True)
        rc = subprocess.call([sys.executable, "-m", *demo], cwd=ROOT) or rc
    return rc


def keep_start_up_objects() -> None:
    """What start-up made (modules, classes, the game's content) lives as long as the process: moved out
    of the garbage collector's sight, each full collection scans about a third fewer objects. Full
    collections then run between clicks (app/collector.py)."""
    gc.collect()
    gc.freeze()
    collector.take_over()


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description="The board game bot for Discord")
    ap.add_argument("--sync", action="store_true", help="publish the slash commands globally at start-up")
    ap.add_argument("--demo-out", default="out/demo", help=argparse.SUPPRESS)  # tests write elsewhere
    ap.add_argument("--new-database", action="store_true",
                    help="create a new, empty database if none is found at DATABASE_URL (first start)")
    args = ap.parse_args(argv)
    try:
        settings = Settings.from_env()
    except SettingsError as e:
        print(f"The bot's settings (environment or .env) are not valid:\n{e}", file=sys.stderr)
        return 2
    settings.sync = args.sync
    settings.new_database = args.new_database
    if not settings.discord_token:
        print(NO_TOKEN, flush=True)
        showcase(args.demo_out)
        return 2
    setup_logging(settings.log_level)
    bot = build(settings)
    if settings.sharded:
        log.info("shards %s of %s", ",".join(map(str, settings.shards[1])), settings.shards[0])

    async def runner():
        from db import Store
        # the database first: a bad DATABASE_URL, an unreachable server or a missing database stops the
        # bot before it connects to Discord
        bot.opened_store = store = await Store.open(settings.database_url, create=settings.new_database)
        log.info("games are kept in %s", store.where)
        try:
            async with bot:
                await bot.start(settings.discord_token)
        finally:
            if bot.opened_store is not None:  # Discord failed before setup_hook took it
                await bot.opened_store.close()
    keep_start_up_objects()
    try:
        asyncio.run(runner())
    except discord.LoginFailure:
        log.error("Discord rejected DISCORD_TOKEN: check it in .env")
        return 1
    except StoreError as e:  # never start on an empty database where games were expected
        log.critical("The database (DATABASE_URL) cannot be used: %s", e)
        return 1
    except KeyboardInterrupt:
        pass
    return 0


if __name__ == "__main__":
    sys.exit(main())
