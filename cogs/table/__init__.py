"""Component clicks: lobby buttons, the action panel, private choices, confirmations.

A click that may change the game is acknowledged first (deferred), before even the read that checks
it: a move is applied only once Discord has its answer, so nobody sees "interaction failed" for a move
that happened. Refusals (not your turn, an old button) follow as a private message. When too many
clicks wait for one table, or for the whole bot, the click is answered "busy" and nothing is applied.
After a change the courier (cogs/courier.py) updates the channel.

One cog, its work by job: this dispatch of every click, when a click is turned away busy (busy.py), moves
(moves.py), undo (takeback.py), private views (private.py), the lobby and the rematch (lobby.py), the
confirmations of /play end and /play leave (confirmations.py); what they share in base.py."""

import re
from collections.abc import Mapping

import discord
from discord.ext import commands

import i18n
from app import collector
from app.tables import game_of
from engine.moves import BadMove, Move
from i18n import _
from ui import v2
from ui.components import BUTTON, MOVE, SELECT, Chosen, parse_value
from ui.quiz import ASK, PICK
from ui.stats import BOARD

from .. import origin
from ..replies import NOT_OFFERED, UNKNOWN, tell
from .base import log
from .busy import BUSY, IN_FLIGHT_MAX, LATE_S, Lateness, age
from .confirmations import Confirmations
from .lobby import LobbyClicks
from .private import PrivateViews
from .takeback import TakeBack

LOBBY = ("join", "leave", "start", "airemove")
CONFIRMATIONS = ("endok", "endno", "quitok", "quitno")  # "{verb}:{the id of the /play end or leave asked}"
OLD_VERBS = {"aieasy": "ai:easy", "aihard": "ai:hard"}  # lobbies of before (a game's own: Game.legacy.verbs)
OURS = [re.compile(BUTTON), re.compile(MOVE), re.compile(SELECT), re.compile(BOARD), re.compile(ASK), re.compile(PICK)]


def handled_by_components(interaction: discord.Interaction) -> bool:
    """True when discord.py routes this component interaction to one of our DynamicItems: its custom_id
    fits a template and the clicked message carries that component."""
    data: Mapping[str, object] = interaction.data or {}
    cid, ctype = data.get("custom_id"), data.get("component_type")
    if not isinstance(cid, str) or not any(p.fullmatch(cid) for p in OURS) or interaction.message is None:
        return False
    return any(getattr(c, "custom_id", None) == cid and c.type.value == ctype
               for c in v2.components(interaction.message))  # (in rows, or nested in a V2 container)


class Table(TakeBack, PrivateViews, LobbyClicks, Confirmations, commands.Cog):
    def __init__(self, bot):
        self.bot = bot
        self.service = bot.service
        self.in_flight = 0
        self.turned_away = 0  # clicks answered "busy" (the load bench reads it)
        self.lateness = Lateness()

    @commands.Cog.listener()
    async def on_interaction(self, interaction: discord.Interaction) -> None:
        """The fallback: a component interaction no DynamicItem takes (an older format, a forged id)
        still gets a short answer."""
        if interaction.type is not discord.InteractionType.component or handled_by_components(interaction):
            return
        await self.unknown(interaction)

    async def unknown(self, interaction: discord.Interaction) -> None:
        """The answer to a component that is not one of ours, or is ours but malformed."""
        i18n.set_current(str(interaction.locale))
        try:
            await tell(interaction, _(UNKNOWN))
        except discord.HTTPException as e:
            log.warning("could not answer an unknown component: %s", e)

    async def on_component(self, interaction, gid: int, ver: int, act, values) -> None:
        """Every click of ours: act is a Move, a verb, or "select" (then values say what was chosen)."""
        i18n.set_current(str(interaction.locale))  # what only this person sees speaks their language
        self.in_flight += 1
        read = None  # the game's row a select's check read: the move's own check needs no other
        try:
            if self.in_flight > IN_FLIGHT_MAX or self.lateness.late(age(interaction)) > LATE_S:
                self.turned_away += 1  # (before any read: a click turned away costs, and holds, next to nothing)
                await tell(interaction, _(BUSY))
                return
            if act == "select":
                act, read = await self.selected(interaction, gid, ver, values)
                if act is None:
                    return
            if isinstance(act, str):
                act = OLD_VERBS.get(act, act)
                if act not in LOBBY and ":" not in act:  # a verb a game's older panels carried
                    act = await self.legacy_verb(gid, act)
            if isinstance(act, Move):
                await self.act(interaction, gid, ver, act, read)
            elif isinstance(act, tuple):
                await self.pick(interaction, gid, act[1])
            elif act.startswith("k:"):  # a pick by a button
                await self.pick(interaction, gid, [act[2:]])
            elif act in LOBBY or act.startswith(("timer:", "opt:", "ai:")):
                await self.lobby(interaction, gid, ver, act)
            elif act == "rematch":
                await self.rematch(interaction, gid)
            elif act == "review":
                await self.bot.coach.ask(interaction, gid)
            elif act == "undo":
                await self.undo(interaction, gid, ver)
            elif act == "decide":
                await self.decide(interaction, gid)
            elif act == "mine":
                await self.mine(interaction, gid)
            elif act == "board":
                await self.board(interaction, gid)
            elif act.partition(":")[0] in CONFIRMATIONS:
                await self.confirmation(interaction, gid, *act.split(":", 1))
            else:
                await tell(interaction, _("I don't know that button."))
        except Exception as error:  # one handler for commands and components
            await self.bot.report_error(interaction, error)
        finally:
            self.in_flight -= 1
            if self.in_flight == 0:
                collector.after_clicks()  # a full collection, if due, now rather than inside a burst

    async def selected(self, interaction: discord.Interaction, gid: int, ver: int, chosen: Chosen):
        """(What a select click asks for: a Move, a verb, or ("pick", items); the game's row as read for the
        check); None for the first after refusing a select whose values its options do not allow (repeated,
        unknown, too many or too few)."""
        game = await self.service.game(gid)
        if not origin.select_fits(interaction, game, ver, chosen):
            await tell(interaction, _(NOT_OFFERED))
            return None, game
        try:
            parsed = [parse_value(v) for v in chosen.values]
        except BadMove:
            parsed = None
        picks = [c[1] for c in parsed or [] if isinstance(c, tuple) and c[0] == "pick"]
        if parsed is not None and len(picks) == len(parsed):  # a multi-select of items (or none of them)
            return ("pick", picks), game
        if parsed is None or len(parsed) != 1:  # one move or verb at a time
            await tell(interaction, _(NOT_OFFERED))
            return None, game
        return (parsed[0] if isinstance(parsed[0], Move) else parsed[0][1]), game

    async def legacy_verb(self, gid: int, act: str) -> str:
        """The host's verb for one a game's older buttons carry (Game.legacy.verbs), else the verb itself."""
        if act in ("decide", "mine", "board", "undo", "rematch", "review", "endok", "endno", "quitok", "quitno"):
            return act
        game = await self.service.game(gid)
        return game_of(game).legacy.verbs.get(act, act) if game is not None else act


async def setup(bot):
    bot.table = Table(bot)
    await bot.add_cog(bot.table)
