"""The /pioneer slash commands (one group). Component clicks live in table.py.

Command and option names and descriptions are locale_str: the bot's Translator (cogs/translator.py)
gives Discord each of them in every language we have, so each user sees the commands in theirs."""

import io
import itertools
import logging

import discord
from discord import app_commands
from discord.app_commands import locale_str
from discord.ext import commands

import i18n
from app.service import NOT_PLAYING, TIMERS, lobby_options
from games.pioneer_days import help as rules
from games.pioneer_days.rules.cards import TOWNSFOLK
from i18n import _
from ui import invite, texts
from ui import lobby as lobby_ui
from ui.components import GameButton, view_of
from ui.stats import BoardButton

from .records import RecordsDesk
from .table import tell

log = logging.getLogger("pioneer.commands")
REPOST_EVERY = 60.0  # seconds between two public re-posts of a channel's table
SETS = sorted({t["set"] for t in TOWNSFOLK.values()})
SET_CHOICES = [app_commands.Choice(name=locale_str("A+B (first game)") if a + b == "AB" else f"{a}+{b}",
                                   value=a + b) for a, b in itertools.combinations(SETS, 2)][:25]
TIMER_CHOICES = [app_commands.Choice(name=n, value=v) for n, v in zip(
    (locale_str("off"), locale_str("2 minutes"), locale_str("10 minutes"), locale_str("1 hour"),
     locale_str("12 hours"), locale_str("24 hours")), TIMERS, strict=True)]
LANGUAGE_CHOICES = [app_commands.Choice(name=i18n.LANGUAGE_NAMES[lang], value=lang) for lang in i18n.LOCALES]


def cmd(name: str) -> locale_str:
    """A command or option name (translations follow Discord's rules: lowercase, no spaces, <= 32 characters)."""
    return locale_str(name)


def help_text() -> str:
    return "\n".join([
        _("**Pioneer Days** is a dice-drafting game for 2-4 players: draft dice, fill your wagons, survive "
          "disasters and satisfy towns over four weeks."), "",
        _("**Start**: `/pioneer new` opens a table in this channel; players press **Join**; the host may add AI "
          "players (solo play: you and 1-3 AIs) and presses **Start**."),
        _("**Play**: the panel at the bottom of the channel is where you play. On your turn, choose a die and "
          "its use in one menu (or take a die first with its button). During disasters and town visits press "
          "**Decide** to choose privately. After each day an image shows what happened, the dice, the "
          "disasters, everyone's goods and the townsfolk for hire."),
        _("**Turn timer** (chosen in `/pioneer new` or in the lobby, 24 h by default): a reminder at half "
          "time, then the AI decides for you."),
        _("**Commands**: `/pioneer board` (the table), `/pioneer wagon` (your private wagon), `/pioneer rules` "
          "(help and card texts), `/pioneer log` (recent moves), `/pioneer leave` (an AI takes your seat), "
          "`/pioneer end`."),
        _("**After a game**: **Rematch** seats the same table again; **Review my game** shows where you lost "
          "VP; `/pioneer stats`, `/pioneer leaderboard`, `/pioneer history` and `/pioneer replay` keep the "
          "records.")])


@app_commands.guild_only()
class Pioneer(commands.GroupCog, group_name=cmd("pioneer"), group_description=locale_str("Play Pioneer Days")):
    def __init__(self, bot):
        self.bot = bot
        self.service = bot.service
        self.reposted: dict[int, float] = {}  # channel -> when the table was last re-posted publicly
        bot.records = RecordsDesk(bot)  # stats, leaderboard, history, replay
        super().__init__()

    async def cog_load(self) -> None:
        self.bot.add_dynamic_items(BoardButton)  # leaderboard pages keep working after a restart

    # ---- /pioneer new ----------------------------------------------------------------------
    @app_commands.command(name=cmd("new"), description=locale_str("Open a Pioneer Days table in this channel"))
    @app_commands.checks.cooldown(2, 30.0, key=lambda i: (i.guild_id, i.user.id))
    @app_commands.rename(sets=cmd("sets"), pioneers=cmd("pioneers"), timer=cmd("timer"), language=cmd("language"))
    @app_commands.describe(sets=locale_str("Two townsfolk sets (A+B for a first game)"),
                           pioneers=locale_str("standard: everyone plays the Pioneer side; unique: choose from two"),
                           timer=locale_str("Time per turn, then the AI decides (default 24 hours)"),
                           language=locale_str("The game's language (default: the server's)"))
    @app_commands.choices(sets=SET_CHOICES, timer=TIMER_CHOICES, language=LANGUAGE_CHOICES,
                          pioneers=[app_commands.Choice(name=locale_str("standard"), value="standard"),
                                    app_commands.Choice(name=locale_str("unique"), value="unique")])
    async def new(self, interaction: discord.Interaction, sets: str = "AB", pioneers: str = "standard",
                  timer: int = 86400, language: str | None = None):
        perms = interaction.app_permissions
        missing = invite.missing(perms)
        if missing:
            await tell(interaction, _("I can't host a game in this channel: I need the {permissions} "
                                      "permission(s) here.", permissions=", ".join(f"**{m}**" for m in missing)))
            return
        # Discord offers the choices; a modified client may send anything
        if language is not None and language not in i18n.LOCALES:
            await tell(interaction, _("That language is not one I speak."))
            return
        options = lobby_options(sets, pioneers, timer)
        if isinstance(options, str):
            await tell(interaction, options)
            return
        options["language"] = language or i18n.supported(str(interaction.guild_locale or ""))
        user = interaction.user
        async with self.service.lock(interaction.channel_id):
            out = await self.service.new_lobby(interaction.guild_id, interaction.channel_id, user.id,
                                               user.display_name, options)
            if out.code == "busy":
                await self.busy(interaction, out.game)
                return
            if not out.ok:
                await tell(interaction, out.message)
                return
            resp = await interaction.response.send_message(**lobby_ui.lobby(out.game))
            msg = resp.resource
            if isinstance(msg, discord.InteractionMessage):
                await self.service.lobby_posted(out.game.id, msg.id)

    async def busy(self, interaction: discord.Interaction, game) -> None:
        """/pioneer new where a game is open: point to it; a lobby whose message is gone is posted again."""
        if game.status == "lobby" and not await self.bot.courier.lobby_shown(game):
            with i18n.use(texts.language(game)):
                note = _("_(This channel's lobby, posted again.)_")
            resp = await interaction.response.send_message(**lobby_ui.lobby(game, note=note))
            if isinstance(resp.resource, discord.InteractionMessage):
                await self.service.lobby_posted(game.id, resp.resource.id)
            return
        await tell(interaction, _("This channel already has a game ({link}). Finish it or `/pioneer end` it first.",
                                  link=self.link(game)))

    def link(self, game) -> str:
        mid = game.lobby_message_id if game.status == "lobby" else game.panel_message_id
        kind = _("lobby") if game.status == "lobby" else _("panel")
        if mid and game.guild_id:
            return f"[{kind}](https://discord.com/channels/{game.guild_id}/{game.channel_id}/{mid})"
        return _("game {id}", id=game.id)

    async def current(self, interaction: discord.Interaction, started: bool = True):
        game = await self.service.in_channel(interaction.channel_id)
        if game is None:
            await tell(interaction, _("There is no game in this channel. Start one with `/pioneer new`."))
            return None
        if started and game.status != "active":
            await tell(interaction, _("The game has not started yet: see the {link}.", link=self.link(game)))
            return None
        return game

    # ---- /pioneer board --------------------------------------------------------------------
    async def latest(self, interaction: discord.Interaction):
        """The channel's running game; else its last game (finished ones too); None after telling why."""
        game = await self.service.last_in_channel(interaction.channel_id)
        if game is None:
            await tell(interaction, _("There is no game in this channel. Start one with `/pioneer new`."))
            return None
        if game.status == "lobby" or game.state is None:
            await tell(interaction, _("The game has not started yet: see the {link}.", link=self.link(game)))
            return None
        return game

    @app_commands.command(name=cmd("board"),
                          description=locale_str("The table: re-posted here for the players, privately otherwise"))
    @app_commands.checks.cooldown(3, 60.0, key=lambda i: (i.channel_id, i.user.id))
    async def board(self, interaction: discord.Interaction):
        game = await self.latest(interaction)
        if game is None:
            return
        now = self.bot.clock()
        last = self.reposted.get(game.channel_id, 0.0)
        public = (game.status == "active" and game.is_player(interaction.user.id) and now - last >= REPOST_EVERY)
        if not public:  # a finished game, a spectator, or a re-post less than a minute ago: only for you
            await self.bot.table.board(interaction, game.id, game=game)
            return
        self.reposted[game.channel_id] = now
        for cid, at in list(self.reposted.items()):  # forget old channels: the dict stays small
            if now - at > REPOST_EVERY:
                del self.reposted[cid]
        await interaction.response.defer(thinking=True)
        st = game.live
        with i18n.use(texts.language(game)):  # a public message: the game's language
            png = await self.bot.courier.render("day_png", st, ()) or await self.bot.courier.render(
                "table_png", st, None)
            caption = f"**{texts.title(st)}**"
            if png is not None:
                await interaction.followup.send(caption, file=discord.File(io.BytesIO(png), "day.png"))
            else:
                await interaction.followup.send(caption + " " + _("(image unavailable)"))
        await self.bot.courier.repost(game)

    # ---- /pioneer wagon --------------------------------------------------------------------
    @app_commands.command(name=cmd("wagon"), description=locale_str("Your wagon and goods (only you see it)"))
    async def wagon(self, interaction: discord.Interaction):
        game = await self.latest(interaction)
        if game is not None:
            await self.bot.table.wagon(interaction, None, game=game)

    # ---- /pioneer rules --------------------------------------------------------------------
    @app_commands.command(name=cmd("rules"),
                          description=locale_str("Rules by topic, or any card, tile, town or pioneer"))
    @app_commands.rename(topic=cmd("topic"))
    @app_commands.describe(topic=locale_str("turn, actions, wagons, disasters, town, scoring, or a card name"))
    async def rules_cmd(self, interaction: discord.Interaction, topic: str | None = None):
        if not topic:
            text = _("**Topics**: {topics}. Or type a card, tile, town or pioneer name.",
                     topics=", ".join(rules.topic_names()))
        else:
            text = rules.lookup(topic) or _("Nothing called `{query}`. Topics: {topics}.", query=topic[:50],
                                            topics=", ".join(rules.topic_names()))
        await tell(interaction, text[:2000])

    @rules_cmd.autocomplete("topic")
    async def rules_auto(self, interaction: discord.Interaction, current: str):
        with i18n.use(str(interaction.locale)):
            return [app_commands.Choice(name=label[:100], value=value[:100])
                    for label, value in rules.suggestions(current)]

    # ---- /pioneer log ----------------------------------------------------------------------
    @app_commands.command(name=cmd("log"), description=locale_str("The recent moves of this channel's game"))
    @app_commands.rename(count=cmd("count"))
    @app_commands.describe(count=locale_str("How many lines (1-30, default 10)"))
    async def log(self, interaction: discord.Interaction, count: app_commands.Range[int, 1, 30] = 10):
        # Discord enforces the range for real clients; a modified one can send anything
        if not isinstance(count, int) or isinstance(count, bool) or not 1 <= count <= 30:
            await tell(interaction, _("`count` must be a whole number from 1 to 30."))
            return
        game = await self.service.last_in_channel(interaction.channel_id)  # the running or the last game
        if game is None or game.state is None:
            await tell(interaction, _("No game has been played in this channel yet."))
            return
        lines = await self.service.log_lines(game, count)
        out, size = [], 0
        for line in reversed(lines):  # keep the newest lines within Discord's 2000 characters
            if size + len(line) + 1 > 1900:
                break
            out.insert(0, line)
            size += len(line) + 1
        while out and out[-1].startswith("**"):  # a heading with nothing under it
            out.pop()
        await tell(interaction, "\n".join(out) or _("Nothing has happened yet."))

    # ---- /pioneer review -------------------------------------------------------------------
    @app_commands.command(name=cmd("review"),
                          description=locale_str("Your decisions in a finished game, judged by the hard AI (only you "
                                                 "see it)"))
    @app_commands.rename(game=cmd("game"))
    @app_commands.describe(game=locale_str("The game's number (default: your last finished game in this channel)"))
    @app_commands.checks.cooldown(3, 60.0, key=lambda i: i.user.id)
    async def review(self, interaction: discord.Interaction, game: app_commands.Range[int, 1] | None = None):
        if game is not None and (not isinstance(game, int) or isinstance(game, bool) or game < 1):
            await tell(interaction, _("`game` must be a game's number, as shown under its results."))
            return
        await self.bot.coach.ask(interaction, game)

    # ---- records: stats, leaderboard, history, replay ---------------------------------------------
    @app_commands.command(name=cmd("stats"), description=locale_str("A player's record: games, wins, scores, "
                                                                     "rating (only you see it unless you post it)"))
    @app_commands.rename(player=cmd("player"), everywhere=cmd("everywhere"), post=cmd("post"))
    @app_commands.describe(player=locale_str("Whose record (default: yours)"),
                           everywhere=locale_str("Count games on every server, not only this one"),
                           post=locale_str("Post it in the channel for everyone"))
    @app_commands.checks.cooldown(5, 60.0, key=lambda i: i.user.id)
    async def stats(self, interaction: discord.Interaction, player: discord.User | None = None,
                    everywhere: bool = False, post: bool = False):
        await self.bot.records.stats(interaction, player, everywhere, post)

    @app_commands.command(name=cmd("leaderboard"), description=locale_str("This server's best players by rating"))
    @app_commands.checks.cooldown(5, 60.0, key=lambda i: i.user.id)
    async def leaderboard(self, interaction: discord.Interaction):
        await self.bot.records.leaderboard(interaction)

    @app_commands.command(name=cmd("history"), description=locale_str("The last games played to the end here"))
    @app_commands.rename(server=cmd("server"))
    @app_commands.describe(server=locale_str("The whole server's games, not only this channel's"))
    @app_commands.checks.cooldown(5, 60.0, key=lambda i: i.user.id)
    async def history(self, interaction: discord.Interaction, server: bool = False):
        await self.bot.records.history(interaction, server)

    @app_commands.command(name=cmd("replay"), description=locale_str("Post a finished game as an animated image, "
                                                                     "a frame per day, with its record"))
    @app_commands.rename(game=cmd("game"))
    @app_commands.describe(game=locale_str("The game's number (default: this channel's last finished game)"))
    @app_commands.checks.cooldown(2, 60.0, key=lambda i: i.channel_id)
    async def replay(self, interaction: discord.Interaction, game: app_commands.Range[int, 1] | None = None):
        if game is not None and (not isinstance(game, int) or isinstance(game, bool) or game < 1):
            await tell(interaction, _("`game` must be a game's number, as shown under its results."))
            return
        await self.bot.records.replay(interaction, game)

    # ---- /pioneer end ----------------------------------------------------------------------
    @app_commands.command(name=cmd("end"), description=locale_str("End this channel's game (host or Manage Channels)"))
    async def end(self, interaction: discord.Interaction):
        game = await self.current(interaction, started=False)
        if game is None:
            return
        if not self.bot.table.may_end(interaction, game):
            await tell(interaction, _("Only the host or a member with **Manage Channels** can end this game."))
            return
        seq = game.seq
        view = view_of([GameButton(game.id, seq, "endok", _("Yes, end the game"), discord.ButtonStyle.danger),
                        GameButton(game.id, seq, "endno", _("No, keep playing"), discord.ButtonStyle.secondary)])
        what = (_("Close this lobby?") if game.status == "lobby"
                else _("End this game for everyone? The current standings will be posted."))
        await tell(interaction, what, view=view)

    # ---- /pioneer leave --------------------------------------------------------------------
    @app_commands.command(name=cmd("leave"), description=locale_str("Leave this channel's game: an AI takes your seat"))
    async def leave(self, interaction: discord.Interaction):
        game = await self.current(interaction, started=False)
        if game is None:
            return
        if game.status == "lobby":
            await tell(interaction, _("The game has not started: use **Leave** on the lobby."))
            return
        if game.seat_of(interaction.user.id) is None:
            await tell(interaction, _(NOT_PLAYING))
            return
        alone = len(game.humans()) == 1
        view = view_of([GameButton(game.id, game.seq, "quitok", _("Yes, leave"), discord.ButtonStyle.danger),
                        GameButton(game.id, game.seq, "quitno", _("No, stay"), discord.ButtonStyle.secondary)])
        await tell(interaction, _("Leave this game?") + " " + (
            _("You are the last person at the table, so the game ends and the standings are posted.")
            if alone else _("An AI (easy) takes your seat and plays on; you cannot come back.")), view=view)

    # ---- /pioneer help ---------------------------------------------------------------------
    @app_commands.command(name=cmd("help"), description=locale_str("What this bot does and how to start a game"))
    async def help(self, interaction: discord.Interaction):
        await tell(interaction, help_text())


async def setup(bot):
    await bot.add_cog(Pioneer(bot))
