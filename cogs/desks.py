"""One click per decision (issue 38): a player's private decision message stays their desk. Once its choice
is made it says what happened; when they next have something to decide (the next card, their turn again
after an AI or another player moved), the bot edits that same message to show the decision with its
picture, so they need not go back to the panel and press Decide.

Discord lets the bot edit an ephemeral answer through its interaction's token for 15 minutes, so an older
desk is let go (the panel's Decide is there, as ever). Desks live in memory only: after a restart, Decide
opens a new one; nothing a player was shown is lost with them."""

import logging
import time
from dataclasses import dataclass

import discord

import i18n
from app.tables import game_of
from db import GameRow
from engine import views
from ui import messages, texts, v2
from ui.texts import language, table_of

from . import unread

log = logging.getLogger("bot.desks")
TOKEN_S = 14 * 60  # Discord's 15 minutes for a token, less a margin for the edit itself
MOST = 20_000      # open desks kept at once (the oldest go first): a bound on memory, never reached in play


@dataclass
class Desk:
    interaction: discord.Interaction
    since: float
    key: tuple | None  # the decision it shows (Rules.decision_key); None: it says what happened
    seq: int = -1      # the version of the game it shows


async def private_kwargs(courier, game: GameRow, msg) -> dict:
    """A private message of the game's (send kwargs), its picture drawn first."""
    shown = None
    if msg.picture is not None:
        png = await courier.render(game, msg.picture.name, *msg.picture.args)
        if png is not None:
            shown = v2.Shown(msg.picture.filename, texts.alt_text(texts.title(game), []), png)
    return messages.private(game, msg, shown)


class Desks:
    def __init__(self, courier, clock=time.monotonic):
        self.courier = courier
        self.clock = clock
        self.open: dict[int, dict[int, Desk]] = {}  # game id -> seat -> its person's desk

    def keep(self, game: GameRow, seat: int, interaction: discord.Interaction, showing: bool) -> None:
        """The private message this interaction answered is now the seat's desk (showing: a decision)."""
        key = game_of(game).rules.decision_key(game.live) if showing and game.state is not None else None
        self.open.setdefault(game.id, {})[seat] = Desk(interaction, self.clock(), key, game.seq if showing else -1)
        if sum(len(d) for d in self.open.values()) > MOST:
            oldest = min(self.open, key=lambda g: min(d.since for d in self.open[g].values()))
            del self.open[oldest]

    def count(self) -> int:
        return sum(len(d) for d in self.open.values())

    async def refresh(self, game: GameRow) -> None:
        """After a change of this game (courier.after): each open desk whose person now has a new decision
        shows it; a finished game's desks are let go."""
        desks = self.open.get(game.id)
        if not desks:
            return
        if game.status != "active":  # each desk still showing a decision says so, then is let go
            del self.open[game.id]
            await self._close(game, desks)
            return
        played = game_of(game)
        state = game.live
        deciding = set(played.rules.deciders(state))
        now = self.clock()
        for seat, desk in list(desks.items()):
            if now - desk.since > TOKEN_S:
                del desks[seat]
                continue
            key = played.rules.decision_key(state)
            if seat not in deciding or game.is_ai(seat) or played.rules.forced(state, seat) is not None:
                continue  # (a forced move: the bot plays it at once, and the desk shows what follows)
            # what it shows is behind: another decision, or (one at a time) any move since, even of the same
            # decision (a step the bot played for them); in simultaneous decisions others' moves change nothing
            if desk.key == key and (played.rules.simultaneous(state) or desk.seq == game.seq):
                continue
            with i18n.use(str(desk.interaction.locale)), i18n.at_table(language(game)):  # the reader's language
                msg = views.decision(played, table_of(game), state, seat)
                if msg is None:
                    continue
                kw = await private_kwargs(self.courier, game, msg)
            try:
                await unread.edit_original(desk.interaction, **messages.as_edit(kw))
            except discord.HTTPException as e:  # gone (dismissed, expired): the panel's Decide is there
                log.info("game %s: seat %s's desk could not be shown its decision: %s", game.id, seat, e)
                desks.pop(seat, None)
                continue
            desk.key, desk.seq = key, game.seq
        if not desks:
            self.open.pop(game.id, None)

    async def _close(self, game: GameRow, desks: dict[int, Desk]) -> None:
        """The game is over (or ended): each desk says so (a decision's buttons, or "your next decision will
        show here", would only be answered "This game is over")."""
        now = self.clock()
        for seat, desk in desks.items():
            if now - desk.since > TOKEN_S:
                continue
            with i18n.use(str(desk.interaction.locale)), i18n.at_table(language(game)):
                kw = messages.closed(game)
            try:
                await unread.edit_original(desk.interaction, **messages.as_edit(kw))
            except discord.HTTPException as e:
                log.info("game %s: seat %s's desk could not be closed: %s", game.id, seat, e)
