"""Private views: a player's own decision (Decide) and the items picked in it, the full board, a seat's own
things (Mine); each privately, its picture drawn first."""

import io
from typing import cast

import discord

import i18n
from app.service.outcome import NOT_PLAYING
from app.tables import game_of
from engine import views
from engine.protocol import Message, Picture
from i18n import _
from ui import messages, texts
from ui import results as results_ui
from ui.texts import language, table_of

from .. import origin
from ..replies import ELSEWHERE, NOT_OFFERED, acknowledge, tell, update
from .base import TableBase


class PrivateViews(TableBase):
    async def _game_for(self, interaction, gid: int, finished: bool = False):
        """The button's game if it is running (or finished, when `finished`); else None, after telling why."""
        game = await self.service.game(gid)
        if game is None or not game.here(interaction.channel_id):
            await tell(interaction, _("This button does not belong to a game in this channel."))
            return None
        if game.status != "active" and not (finished and game.status in ("over", "ended")):
            await tell(interaction, _("This game is over.") if game.status in ("over", "ended")
                       else _("This game has not started yet."))
            return None
        return game

    async def _player(self, interaction, gid: int, game=None, finished: bool = False):
        """(the game, the clicker's seat), or (None, None) after telling why not."""
        game = game or await self._game_for(interaction, gid, finished)
        if game is None:
            return None, None
        seat = game.seat_of(interaction.user.id)
        if seat is None:
            await tell(interaction, _(NOT_PLAYING))
            return None, None
        return game, seat

    async def decide(self, interaction: discord.Interaction, gid: int) -> None:
        """The clicker's own decision, privately (with its picture, if the game draws one)."""
        game, seat = await self._player(interaction, gid)
        if game is None:
            return
        played = game_of(game)
        st = game.live
        with i18n.at_table(language(game)):
            msg = views.decision(played, table_of(game), st, seat)
        if msg is None:
            deciders = played.rules.deciders(st)
            if seat in deciders and game.status == "active":  # (a game whose turn is played on the panel)
                await tell(interaction, _("It is your turn: choose on the game's panel."))
                return
            waiting = [game.display(s) for s in deciders]
            await tell(interaction, _("You have nothing to decide right now.")
                       + (" " + _("Waiting for {who}.", who=", ".join(waiting)) if waiting else ""))
            return
        here = origin.is_private(interaction, game, made_by="click")  # (Decide on their desk: in place)
        if await self._private(interaction, game, msg, edit=here):
            self.bot.courier.desks.keep(game, seat, interaction, True)

    async def _private(self, interaction: discord.Interaction, game, msg, edit: bool = False) -> bool:
        """A private message of the game's (a decision, a seat's own things), its picture drawn first; False
        if Discord no longer takes the answer."""
        if msg.picture is not None and not await acknowledge(interaction, ephemeral=True, thinking=not edit):
            return False
        kw = await self.private_kwargs(game, msg)
        if edit or interaction.response.is_done():  # (deferred: the answer takes the "thinking…" one's place,
            await update(interaction, **messages.as_edit(kw))  # so that it is the one a desk edits later)
        else:
            await tell(interaction, **kw)
        return True

    async def pick(self, interaction: discord.Interaction, gid: int, items: list[str]) -> None:
        """Items picked (a multi-select, or a pick button): the decision is shown again with them picked."""
        game, seat = await self._player(interaction, gid)
        if game is None:
            return
        if not origin.is_private(interaction, game, made_by="click"):  # a decision, in place of the message
            await tell(interaction, _(ELSEWHERE))
            return
        with i18n.at_table(language(game)):
            offered = origin.picks_offered(game, seat, items)
            if offered is not None and not set(items) <= offered:  # a pick never offered (a forged button)
                await tell(interaction, _(NOT_OFFERED))
                return
            msg = views.decision(game_of(game), table_of(game), game.live, seat, items) if offered is not None \
                else None
        if msg is None:
            await tell(interaction, _("That choice is from an earlier moment: the game has moved on."))
            return
        if await self._private(interaction, game, msg, edit=True):
            self.bot.courier.desks.keep(game, seat, interaction, True)

    async def board(self, interaction: discord.Interaction, gid: int, game=None) -> None:
        """The full detailed board, privately (the public chapter image is made for phones); for a finished
        game, its final board and results."""
        game = game or await self._game_for(interaction, gid, finished=True)
        if game is None:
            return
        if not await acknowledge(interaction, ephemeral=True, thinking=True):
            return
        viewer = game.seat_of(interaction.user.id)
        st = game.live
        played = game_of(game)
        if played.rules.is_over(st):
            png = await self.bot.courier.render(game, "results", *views.results_args(played, st))
            kw = results_ui.results(game, st, png is not None)
            name = "results.png"
        else:
            png = await self.bot.courier.render(game, "table", *views.table_args(played, st, viewer))
            kw = {"content": texts.title(game) + ("" if game.status == "active" else " — " + _("the game was ended"))}
            name = "board.png"
        if png is not None:
            kw["file"] = discord.File(io.BytesIO(png), name)
        await interaction.followup.send(ephemeral=True, **kw)

    async def mine(self, interaction: discord.Interaction, gid: int | None, game=None) -> None:
        """A seat's own things (values only it may see), privately: the game's text and picture."""
        game, seat = await self._player(interaction, cast(int, gid), game, finished=True)  # (None: with a game)
        if game is None:
            return
        played = game_of(game)
        with i18n.at_table(language(game)):
            msg = views.mine(played, table_of(game), game.live, seat) or Message(
                content=_("**Your view of the table, {name}**", name=game.display(seat)),
                picture=Picture("mine", views.mine_args(played, game.live, seat), "mine.png"))
        if msg.picture is None and not await acknowledge(interaction, ephemeral=True, thinking=True):
            return
        await self._private(interaction, game, msg)

