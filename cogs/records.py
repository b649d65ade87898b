"""Players' records on Discord: /play stats, leaderboard (and its page buttons), history and replay (the
commands, cogs/play.py, hand over to it); the store keeps the records (db/records.py), ui/stats.py builds
the messages."""

import io
import json
import logging

import discord
from discord.ext import commands

import engine
import i18n
from app import ledger
from app.ratings import MIN_GAMES, player_key
from app.tables import game_of
from db import GameRow
from engine import days
from engine import record as game_record
from engine.protocol import Game
from i18n import _
from ui import stats as stats_ui
from ui.texts import language

from . import origin
from .replies import ELSEWHERE, UNKNOWN, tell

log = logging.getLogger("bot.records")
HISTORY = 10  # games listed by /play history
DAY_BOARD = 15  # people on a day's board


class RecordsDesk(commands.Cog):
    def __init__(self, bot):
        self.bot = bot

    async def cog_load(self) -> None:
        self.bot.add_dynamic_items(stats_ui.BoardButton)  # leaderboard pages keep working after a restart

    @property
    def store(self):
        return self.bot.store

    async def finished(self, interaction: discord.Interaction, game_id: int | None) -> GameRow | None:
        """The finished game a command asks about (None: the channel's latest), or None after a short private
        refusal: no such game on this server, or not played to the end (nothing hidden shows early)."""
        if game_id is None:
            latest = await self.store.history(1, channel_id=interaction.channel_id)
            last = None if latest else await self.bot.service.last_in_channel(interaction.channel_id)
            if latest:
                game_id = latest[0]["game_id"]
            elif last is not None and last.status == "over":  # (a thread's game: its results are outside)
                game_id = last.id
            else:
                await tell(interaction, _("No game has been played to the end in this channel yet."))
                return None
        game = await self.store.game(game_id)
        if game is None or (game.guild_id or None) != (interaction.guild_id or None):
            await tell(interaction, _("There is no game {id} on this server.", id=game_id))
            return None
        if game.status != "over":
            await tell(interaction, _("Only a game played to the end can be reviewed or replayed.")
                       if game.status == "active" else _("Game {id} was not played to the end.", id=game.id))
            return None
        return game

    # ---- /play stats ----------------------------------------------------------------------
    async def stats(self, interaction: discord.Interaction, game: Game | None, member: discord.abc.User | None,
                    everywhere: bool, public: bool) -> None:
        if game is None:
            await tell(interaction, _("That is not a game I host."))
            return
        member = member or interaction.user
        if member.bot:
            await tell(interaction, _("Bots have no records; AI seats are on the leaderboard as AI levels."))
            return
        key = player_key(member.id, None)
        guild = None if everywhere else interaction.guild_id
        st = await self.store.player_stats(key, game.key, guild)
        scope = ledger.scopes(game, guild)[-1]
        rating = await self.store.rating(scope, key)
        place = await self.store.board_place(scope, key, MIN_GAMES)
        if public:  # for the channel: its game's language, else the server's (not the poster's own)
            last = await self.bot.service.last_in_channel(interaction.channel_id)
            lang = language(last) if last is not None and last.options.get("language") else \
                i18n.supported(str(interaction.guild_locale or ""))
            with i18n.use(lang):
                emb = stats_ui.stats(game, member.display_name, st, rating, place, everywhere)
            await interaction.response.send_message(embed=emb)
        else:
            await tell(interaction, embed=stats_ui.stats(game, member.display_name, st, rating, place, everywhere))

    # ---- /play leaderboard ----------------------------------------------------------------
    async def board(self, game: Game, guild_id: int, page: int, reader: int, server: str, asked: int) -> dict:
        scope = ledger.scopes(game, guild_id)[-1]
        total, rows = await self.store.leaderboard(scope, MIN_GAMES, page * stats_ui.PAGE, stats_ui.PAGE)
        mine = None
        key = player_key(reader, None)
        if all(r["player"] != key for r in rows):
            place = await self.store.board_place(scope, key, MIN_GAMES)
            rating = await self.store.rating(scope, key) if place else None
            mine = (place, rating[0] - 3 * rating[1]) if place and rating else None
        provisional = await self.store.provisional(scope, MIN_GAMES, 20) if page == 0 else []
        return stats_ui.board(game, server, guild_id, page, total, rows, mine, provisional, asked)

    async def leaderboard(self, interaction: discord.Interaction, game: Game | None) -> None:
        guild = interaction.guild
        if guild is None:
            await tell(interaction, _("The leaderboard belongs to a server: use it in one."))
            return
        if game is None:
            await tell(interaction, _("That is not a game I host."))
            return
        # (its page buttons carry this interaction's id: they page this answer and no other message)
        await tell(interaction, **await self.board(game, guild.id, 0, interaction.user.id, guild.name, interaction.id))

    async def page(self, interaction: discord.Interaction, game: Game | None, guild_id: int, page: int,
                   asked: int | None) -> None:
        """A ◀ ▶ click: that page, in place of the one shown (a button of another server, or on a message
        other than the answer it was made for, is refused; one made before they carried it is out of date)."""
        guild = interaction.guild
        if asked is None:
            await tell(interaction, _(UNKNOWN))
            return
        if not origin.is_private(interaction, asked=asked):  # the page replaces the message it is on
            await tell(interaction, _(ELSEWHERE))
            return
        if guild is None or guild.id != guild_id:
            await tell(interaction, _("This button belongs to another server's leaderboard."))
            return
        if game is None:
            await tell(interaction, _("That is not a game I host."))
            return
        shown = await self.board(game, guild_id, page, interaction.user.id, guild.name, asked)
        await interaction.response.edit_message(**shown)

    # ---- /play daily -------------------------------------------------------------------------
    async def daily(self, interaction: discord.Interaction, game: Game | None) -> None:
        """Today's board of a game of the day (Game.daily): this server's best, and every server's."""
        guild = interaction.guild
        if guild is None:
            await tell(interaction, _("The day's board belongs to a server: use it in one."))
            return
        if game is None or game.daily is None:
            await tell(interaction, _("That game has no game of the day."))
            return
        day = game.daily(days.today())
        key = player_key(interaction.user.id, None)
        rows = await self.store.day_board(game.key, day, guild.id, DAY_BOARD)
        everywhere = await self.store.day_everywhere(game.key, day, key)
        await tell(interaction, embed=stats_ui.day_board(game, day, guild.name, rows, everywhere, key))

    # ---- /play history --------------------------------------------------------------------
    async def history(self, interaction: discord.Interaction, server: bool) -> None:
        if server and interaction.guild is not None:
            games = await self.store.history(HISTORY, guild_id=interaction.guild_id)
            title = _("Last games on {server}", server=interaction.guild.name)
        else:
            games = await self.store.history(HISTORY, channel_id=interaction.channel_id)
            title = _("Last games in this channel")
        await tell(interaction, embed=stats_ui.history(title, games, interaction.guild_id))

    # ---- /play replay ---------------------------------------------------------------------
    async def replay(self, interaction: discord.Interaction, game_id: int | None) -> None:
        """Posts the game as an animated image, a frame per day, with its record (JSON) attached."""
        game = await self.finished(interaction, game_id)
        if game is None:
            return
        await interaction.response.defer(thinking=True)
        actions = engine.effective(await self.store.action_ids(game.id))  # (the game as played: no undos)
        played = game_of(game)
        # the images' names are the players' plain ones (the fonts have no emoji); the message shows Discord's
        rec = game_record.make(played, game.config or {}, game.seed, actions, [p.name for p in game.players],
                               game.live, meta={"game": game.id, "guild": game.guild_id, "channel": game.channel_id})
        body = json.dumps(rec, ensure_ascii=False, separators=(",", ":")).encode()
        with i18n.use(language(game)):  # a public post: the game's language
            image = await self.bot.courier.replay(game, rec)
            names = ", ".join(game.display(s) for s in range(len(game.players)))
            text = _("Replay of game {id}: {names}. A frame per chapter, then the results. The attached record "
                     "re-plays offline: `python -m engine.replay game-{id}.json`.", id=game.id, names=names)
            if image is None:
                text += "\n" + _("(The animation could not be drawn this time; the record is complete.)")
        files = [discord.File(io.BytesIO(body), f"game-{game.id}.json")]
        if image is not None:
            files.insert(0, discord.File(io.BytesIO(image), f"game-{game.id}.webp"))
        await interaction.followup.send(text, files=files)


async def setup(bot):
    bot.records = RecordsDesk(bot)
    await bot.add_cog(bot.records)
