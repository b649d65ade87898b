"""The slash commands' work (their shape, /play and each game's own group, is ui/commands.py): opening a
table, the board, a seat's own things, rules, the log, leaving and ending. Records and reviews are the
Records and Coach cogs'; component clicks are the Table cog's."""

import io
import logging

import discord
from discord import app_commands
from discord.ext import commands

import i18n
from app.levels import level_name
from app.service.lobby import lobby_options
from app.service.outcome import NOT_PLAYING
from app.tables import game_of
from db.errors import DatabaseDamaged
from db.people import MODES
from engine import registry, views
from engine.protocol import Game
from i18n import _
from ui import commands as tree
from ui import invite, texts
from ui import lobby as lobby_ui
from ui.commands import NUMBER_MAX
from ui.components import GameButton, view_of

from . import threads
from .replies import tell

log = logging.getLogger("bot.commands")
REPOST_EVERY = 60.0  # seconds between two public re-posts of a channel's table


def help_text(game: Game | None) -> str:
    """What the bot does, the games it has, how a table works; one game's own help and credit."""
    games = registry.games()
    if game is not None:  # (one game's own help: the others are named by /play help alone)
        lines = [texts.help_text(game), "", "_" + game.texts._(game.credit) + "_"]
    else:
        lines = [_("**Games**: {games}.", games=", ".join(
            f"**{g.texts._(g.name)}** ({texts.players_text(*g.players)})" for g in games))]
        bullets = [f"• **{g.texts._(g.name)}**: {g.texts._(g.summary)}" for g in games]
        if sum(len(b) + 1 for b in bullets) < 900:  # (with many games, their names say enough)
            lines += bullets
    lines += ["",
              _("**Start**: `/play new <game>` opens a table in this channel, and a thread of its own where the game "
                "is played (so a channel holds many games); players press **Join**; the host may add AI players (solo "
                "play: you and AIs), change the options, and presses **Start**."),
              _("**Turn timer** (chosen in `/play new` or in the lobby, 24 h by default): a reminder at half "
                "time, then the AI decides for you."),
              _("**Commands**: `/play board` (the table), `/play mine` (your own things, privately), `/play rules` "
                "(help and card texts), `/play log` (recent moves), `/play leave` (an AI takes your seat), "
                "`/play end`, `/play notify` (a direct message when a game waits for you)."),
              _("**After a game**: **Rematch** seats the same table again; **Review my game** shows where you lost "
                "points; `/play stats`, `/play leaderboard`, `/play history` and `/play replay` keep the records.")]
    return "\n".join(lines)


def game_number(number) -> bool:
    """A `game:` option as a modified client may send it: none, or a whole number Discord and the database hold."""
    return number is None or (type(number) is int and 1 <= number <= NUMBER_MAX)


class Play(commands.Cog):
    def __init__(self, bot):
        self.bot = bot
        self.service = bot.service
        self.reposted: dict[int, float] = {}  # channel -> when the table was last re-posted publicly
        self.groups = tree.groups(self)

    async def cog_load(self) -> None:
        for g in self.groups:
            self.bot.tree.add_command(g, override=True)

    async def cog_unload(self) -> None:
        for g in self.groups:
            self.bot.tree.remove_command(g.name)

    def pick(self, fixed: Game | None, key: str | None, default: bool = True) -> Game | None:
        """The game a command is about: the group's own, or a `game:` choice (a key; a modified client may
        send another: then none), else (default) the first installed game."""
        if fixed is not None:
            return fixed
        if key:
            return registry.find(key)
        return registry.games()[0] if default else None

    # ---- /play new -------------------------------------------------------------------------
    async def new(self, interaction: discord.Interaction, game: Game, chosen: dict, timer: int,
                  language: str | None, where: str = "thread") -> None:
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
        if where not in threads.WHERE:
            await tell(interaction, _("That is not a place I offer: a thread of its own, a private thread, or this "
                                      "channel."))
            return
        options = lobby_options(game, chosen, timer)
        if isinstance(options, str):
            await tell(interaction, options)
            return
        options["language"] = language or i18n.supported(str(interaction.guild_locale or ""))
        options["where"] = where
        user = interaction.user
        async with self.service.lock(interaction.channel_id):
            out = await self.service.new_lobby(game.key, interaction.guild_id, interaction.channel_id, user.id,
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
            await threads.open_for(self.service, interaction, out.game,
                                   msg if isinstance(msg, discord.Message) else None, where)

    async def busy(self, interaction: discord.Interaction, game) -> None:
        """/play new where a game is open: point to it; a lobby whose message is gone is posted again."""
        if game.status == "lobby" and not await self.bot.courier.lobby_shown(game):
            with i18n.use(texts.language(game)):
                note = _("_(This channel's lobby, posted again.)_")
            resp = await interaction.response.send_message(**lobby_ui.lobby(game, note=note))
            if isinstance(resp.resource, discord.InteractionMessage):
                await self.service.lobby_posted(game.id, resp.resource.id)
            return
        await tell(interaction, _("This channel already has a game ({link}). Finish it or `/play end` it first.",
                                  link=self.link(game)))

    def link(self, game) -> str:
        return texts.panel_link(game)

    async def current(self, interaction: discord.Interaction, started: bool = True):
        game = await self.service.in_channel(interaction.channel_id) or await self.from_threads(interaction)
        if game is None:
            return None
        if started and game.status != "active":
            await tell(interaction, _("The game has not started yet: see the {link}.", link=self.link(game)))
            return None
        return game

    async def from_threads(self, interaction: discord.Interaction):
        """In a channel whose games are played in threads: the one game the command can mean (the one the person
        plays in, or the only one); else None, after pointing to the threads (or to /play new)."""
        here = await self.service.store.open_games_from(interaction.channel_id)
        mine = [g for g in here if g.is_player(interaction.user.id)]
        for some in (mine, here):
            if len(some) == 1:
                return some[0]
        if here:
            await tell(interaction, _("This channel's games are played in their threads: {threads}. Use the command "
                                      "in the game's thread.", threads=" ".join(f"<#{g.channel_id}>" for g in here)))
        else:
            await tell(interaction, _("There is no game in this channel. Start one with `/play new`."))
        return None

    async def latest(self, interaction: discord.Interaction):
        """The channel's running game; else its last game (finished ones too); None after telling why."""
        game = await self.service.in_channel(interaction.channel_id)
        if game is None and await self.service.store.open_games_from(interaction.channel_id):
            game = await self.from_threads(interaction)
            if game is None:
                return None
        game = game or await self.service.last_in_channel(interaction.channel_id)
        if game is None:
            await tell(interaction, _("There is no game in this channel. Start one with `/play new`."))
            return None
        if game.status == "lobby" or game.state is None:
            await tell(interaction, _("The game has not started yet: see the {link}.", link=self.link(game)))
            return None
        return game

    # ---- /play board, /play mine --------------------------------------------------------------
    async def board(self, interaction: discord.Interaction) -> None:
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
            played = game_of(game)
            png = await self.bot.courier.render(game, "round", *views.round_args(played, st, ())) or \
                await self.bot.courier.render(game, "table", *views.table_args(played, st, None))
            caption = f"**{texts.title(game)}**"
            if png is not None:
                await interaction.followup.send(caption, file=discord.File(io.BytesIO(png), "board.png"))
            else:
                await interaction.followup.send(caption + " " + _("(image unavailable)"))
        await self.bot.courier.repost(game)

    async def mine(self, interaction: discord.Interaction) -> None:
        game = await self.latest(interaction)
        if game is not None:
            await self.bot.table.mine(interaction, None, game=game)

    # ---- /play rules, /play help -----------------------------------------------------------------
    async def rules(self, interaction: discord.Interaction, game: Game | None, topic: str | None,
                    asked: bool = True) -> None:
        if game is None and asked:
            await tell(interaction, _("That is not a game I host."))
            return
        game = game or await self._kind(interaction, None)
        if game is None:
            await self.which_game(interaction)
            return
        topics = game.show.topics
        if topics is None:
            text = texts.help_text(game)
        elif not topic and getattr(topics, "pieces", False):
            text = _("**Topics**: {topics}. Or type a card or piece by its name.", topics=", ".join(topics.names()))
        elif not topic:
            text = _("**Topics**: {topics}. Or type a word of the game to find the topic about it.",
                     topics=", ".join(topics.names()))
        else:
            text = topics.lookup(topic) or _("Nothing called `{query}`. Topics: {topics}.", query=topic[:50],
                                             topics=", ".join(topics.names()))
        await tell(interaction, text[:2000])

    def rules_suggestions(self, fixed: Game | None):
        async def suggest(interaction: discord.Interaction, current: str) -> list[app_commands.Choice[str]]:
            key = getattr(interaction.namespace, "game", None)
            game = self.pick(fixed, key if isinstance(key, str) else None)
            if game is None or game.show.topics is None:
                return []
            with i18n.use(str(interaction.locale)):
                return [app_commands.Choice(name=label[:100], value=value[:100])
                        for label, value in game.show.topics.suggestions(current)]
        return suggest

    # ---- /play notify ------------------------------------------------------------------------------
    async def notify(self, interaction: discord.Interaction, how: str, minutes: int) -> None:
        """How a person is told a game waits for them (cogs/pings.py): saved, and said back in plain words."""
        if how not in MODES or not isinstance(minutes, int) or isinstance(minutes, bool) or not 1 <= minutes <= 1440:
            await tell(interaction, _("Choose off, after, or always (and from 1 to 1440 minutes)."))
            return
        await self.service.store.set_notify(interaction.user.id, how, minutes if how == "after" else 0)
        self.bot.courier.pings.chose(interaction.user.id)
        said = {"off": _("No direct messages: when a game waits for you, I mention you in its thread (the first "
                         "time, and after you have been away a while)."),
                "after": _("When a game has waited {minutes} minutes for you, I send you a direct message.",
                           minutes=minutes),
                "always": _("When a game waits for you, I send you a direct message instead of mentioning you.")}
        await tell(interaction, said[how] + ("" if how == "off" else " " + _(
            "If your direct messages are closed, I mention you in the game's thread instead.")))

    async def help(self, interaction: discord.Interaction, game: Game | None) -> None:
        await tell(interaction, help_text(game)[:2000])

    # ---- /play log ----------------------------------------------------------------------
    async def log(self, interaction: discord.Interaction, count: int) -> None:
        # Discord enforces the range for real clients; a modified one can send anything
        if not isinstance(count, int) or isinstance(count, bool) or not 1 <= count <= 30:
            await tell(interaction, _("`count` must be a whole number from 1 to 30."))
            return
        game = await self.service.last_in_channel(interaction.channel_id)  # the running or the last game
        if game is None or game.state is None:
            await tell(interaction, _("No game has been played in this channel yet."))
            return
        lines = await self.service.log_lines(game, count)
        out: list[str] = []
        size = 0
        for line in reversed(lines):  # keep the newest lines within Discord's 2000 characters
            if size + len(line) + 1 > 1900:
                break
            out.insert(0, line)
            size += len(line) + 1
        while out and out[-1].startswith("**"):  # a heading with nothing under it
            out.pop()
        await tell(interaction, "\n".join(out) or _("Nothing has happened yet."))

    # ---- records: handed over -------------------------------------------------------------------
    async def review(self, interaction: discord.Interaction, number: int | None) -> None:
        if not game_number(number):
            await tell(interaction, _("`game` must be a game's number, as shown under its results."))
            return
        await self.bot.coach.ask(interaction, number)

    async def stats(self, interaction: discord.Interaction, game: Game | None, player, everywhere: bool,
                    post: bool) -> None:
        kind = await self._kind(interaction, game)
        if kind is None:
            await self.which_game(interaction)
            return
        await self.bot.records.stats(interaction, kind, player, everywhere, post)

    async def leaderboard(self, interaction: discord.Interaction, game: Game | None) -> None:
        kind = await self._kind(interaction, game)
        if kind is None:
            await self.which_game(interaction)
            return
        await self.bot.records.leaderboard(interaction, kind)

    async def which_game(self, interaction: discord.Interaction) -> None:
        """A command about one game, with none named and none played here: which one?"""
        await tell(interaction, _("Which game? Name it with the command's `game` option: {games}.",
                                  games=", ".join(f"**{texts.game_name(g)}**" for g in registry.games())))

    async def daily(self, interaction: discord.Interaction, game: Game | None) -> None:
        if game is None:  # the channel's last game if it has a game of the day, else the first that has
            last = await self._last(interaction)
            days = [g for g in registry.games() if g.daily is not None]
            game = game_of(last) if last is not None and game_of(last).daily is not None else \
                (days[0] if days else None)
        await self.bot.records.daily(interaction, game)

    async def history(self, interaction: discord.Interaction, server: bool) -> None:
        await self.bot.records.history(interaction, server)

    async def replay(self, interaction: discord.Interaction, number: int | None) -> None:
        if not game_number(number):
            await tell(interaction, _("`game` must be a game's number, as shown under its results."))
            return
        await self.bot.records.replay(interaction, number)

    async def _kind(self, interaction: discord.Interaction, game: Game | None) -> Game | None:
        """The game a command is about: the one asked for, else this channel's last one, else the only one
        installed; None: it must be asked."""
        if game is not None:
            return game
        last = await self._last(interaction)
        if last is not None:
            return game_of(last)
        return registry.games()[0] if len(registry.games()) == 1 else None

    async def _last(self, interaction: discord.Interaction):
        """The channel's last game, or None (none, or its record can't be read: a record command needs no
        game of the channel, so it goes on with the first game's records)."""
        try:
            return await self.service.last_in_channel(interaction.channel_id)
        except DatabaseDamaged as e:
            self.service.damage.found(e.about(channel_id=interaction.channel_id))
            return None

    # ---- /play end, /play leave -------------------------------------------------------------------
    async def end(self, interaction: discord.Interaction) -> None:
        game = await self.current(interaction, started=False)
        if game is None:
            return
        if not self.bot.table.may_end(interaction, game):
            await tell(interaction, _("Only the host or a member with **Manage Channels** can end this game."))
            return
        seq = game.seq
        asked = interaction.id  # the buttons act only on this answer (cogs/origin.py)
        view = view_of([GameButton(game.id, seq, f"endok:{asked}", _("Yes, end the game"), discord.ButtonStyle.danger),
                        GameButton(game.id, seq, f"endno:{asked}", _("No, keep playing"),
                                   discord.ButtonStyle.secondary)])
        what = (_("Close this lobby?") if game.status == "lobby"
                else _("End this game for everyone? The current standings will be posted."))
        await tell(interaction, what, view=view)

    async def leave(self, interaction: discord.Interaction) -> None:
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
        asked = interaction.id  # the buttons act only on this answer (cogs/origin.py)
        view = view_of([GameButton(game.id, game.seq, f"quitok:{asked}", _("Yes, leave"), discord.ButtonStyle.danger),
                        GameButton(game.id, game.seq, f"quitno:{asked}", _("No, stay"), discord.ButtonStyle.secondary)])
        await tell(interaction, _("Leave this game?") + " " + (
            _("You are the last person at the table, so the game ends and the standings are posted.")
            if alone else _("An AI ({level}) takes your seat and plays on; you cannot come back.",
                            level=level_name(game_of(game), game_of(game).timeout_level))), view=view)


async def setup(bot):
    await bot.add_cog(Play(bot))
