"""Component clicks: lobby buttons, the action panel, private choices, confirmations.

A click that may change the game is acknowledged first (deferred), before even the read that checks
it: a move is applied only once Discord has its answer, so nobody sees "interaction failed" for a move
that happened. Refusals (not your turn, an old button) follow as a private message. When too many
clicks wait for one table, or for the whole bot, the click is answered "busy" and nothing is applied.
After a change the courier (cogs/channel.py) updates the channel."""

import io
import logging
import re
from collections.abc import Mapping
from typing import cast

import discord
from discord.ext import commands

import i18n
from app import collector
from app.service import NOT_PLAYING
from app.tables import game_of, names
from engine.moves import BadMove, Move
from i18n import N_, _, use
from ui import lobby as lobby_ui
from ui import messages, texts
from ui import results as results_ui
from ui.components import BUTTON, MOVE, SELECT, Chosen, parse_value
from ui.quiz import ASK, PICK
from ui.stats import BOARD
from ui.texts import language, table_of

from . import origin, unread

log = logging.getLogger("bot.table")
LOBBY = ("join", "leave", "start", "airemove")
CONFIRMATIONS = ("endok", "endno", "quitok", "quitno")  # "{verb}:{the id of the /play end or leave asked}"
QUEUE_MAX = 6        # clicks waiting for one table's lock before new ones are turned away
IN_FLIGHT_MAX = 200  # clicks being handled by the whole bot before new ones are turned away
LATE_S = 2.0         # a click reaching us this late is answered "busy" at once: work first would miss Discord's 3 s
BUSY = N_("⏳ The table is busy right now, so nothing was changed: try again in a moment.")
UNKNOWN = N_("That button is out of date or isn't one of mine, so nothing happened. "
             "Use `/play board` for a fresh panel.")
ELSEWHERE = N_("That button doesn't belong on this message, so nothing happened.")
NOT_OFFERED = N_("That isn't a choice this menu offers, so nothing happened.")
OLD_VERBS = {"aieasy": "ai:easy", "aihard": "ai:hard"}  # lobbies of before (a game's own: Game.legacy_verbs)
OURS = [re.compile(BUTTON), re.compile(MOVE), re.compile(SELECT), re.compile(BOARD), re.compile(ASK), re.compile(PICK)]


async def tell(interaction: discord.Interaction, content: str | None = None, **kw) -> None:
    """A short private answer, whether or not the interaction was already acknowledged."""
    kw = {k: v for k, v in kw.items() if v is not None}  # a new message: nothing to clear
    if not interaction.response.is_done():
        await interaction.response.send_message(content, ephemeral=True, **kw)
    else:
        await interaction.followup.send(content, ephemeral=True, **kw)  # type: ignore[arg-type]  # None is accepted


async def update(interaction: discord.Interaction, **kw) -> None:
    """Edits the message the component belongs to (first response, or after a defer)."""
    if not interaction.response.is_done():
        await interaction.response.edit_message(**kw)
    else:
        await unread.edit_original(interaction, **kw)


async def acknowledge(interaction: discord.Interaction, **kw) -> bool:
    """Defers the interaction; False if Discord no longer takes an answer (then nothing may be applied)."""
    if interaction.response.is_done():
        return True
    try:
        await interaction.response.defer(**kw)
        return True
    except discord.HTTPException as e:
        log.warning("interaction %s could not be acknowledged (%s): nothing applied", interaction.id, e)
        return False


def age(interaction: discord.Interaction) -> float:
    """Seconds since Discord created the interaction (its id says when), by this machine's clock."""
    return (discord.utils.utcnow() - interaction.created_at).total_seconds()


class Lateness:
    """How late a click reaches us, against the least age seen lately rather than the clock alone: a machine
    whose clock is off by seconds must not turn every click away. The least age creeps up (CREEP per
    click) so a clock set right again is followed."""

    CREEP = 0.01

    def __init__(self) -> None:
        self.least: float | None = None

    def late(self, seen: float) -> float:
        self.least = seen if self.least is None else min(self.least + self.CREEP, seen)
        return seen - self.least


def handled_by_components(interaction: discord.Interaction) -> bool:
    """True when discord.py routes this component interaction to one of our DynamicItems: its custom_id
    fits a template and the clicked message carries that component."""
    data: Mapping[str, object] = interaction.data or {}
    cid, ctype = data.get("custom_id"), data.get("component_type")
    if not isinstance(cid, str) or not any(p.fullmatch(cid) for p in OURS) or interaction.message is None:
        return False
    for row in interaction.message.components:
        for c in getattr(row, "children", [row]):
            if getattr(c, "custom_id", None) == cid and c.type.value == ctype:
                return True
    return False


class Table(commands.Cog):
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
        try:
            if act == "select":
                act = await self.selected(interaction, gid, ver, values)
                if act is None:
                    return
            if isinstance(act, str):
                act = OLD_VERBS.get(act, act)
                if act not in LOBBY and ":" not in act:  # a verb a game's older panels carried
                    act = await self.legacy_verb(gid, act)
            if self.in_flight > IN_FLIGHT_MAX or self.lateness.late(age(interaction)) > LATE_S:
                self.turned_away += 1
                await tell(interaction, _(BUSY))
            elif isinstance(act, Move):
                await self.act(interaction, gid, ver, act)
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
        """What a select click asks for (a Move, a verb, or ("pick", items)); None after refusing a select
        whose values its options do not allow (repeated, unknown, too many or too few)."""
        game = await self.service.game(gid)
        if not origin.select_fits(interaction, game, ver, chosen):
            await tell(interaction, _(NOT_OFFERED))
            return None
        try:
            parsed = [parse_value(v) for v in chosen.values]
        except BadMove:
            parsed = None
        picks = [c[1] for c in parsed or [] if isinstance(c, tuple) and c[0] == "pick"]
        if parsed is not None and len(picks) == len(parsed):  # a multi-select of items (or none of them)
            return ("pick", picks)
        if parsed is None or len(parsed) != 1:  # one move or verb at a time
            await tell(interaction, _(NOT_OFFERED))
            return None
        return parsed[0] if isinstance(parsed[0], Move) else parsed[0][1]

    async def legacy_verb(self, gid: int, act: str) -> str:
        """The host's verb for one a game's older buttons carry (Game.legacy_verbs), else the verb itself."""
        if act in ("decide", "mine", "board", "undo", "rematch", "review", "endok", "endno", "quitok", "quitno"):
            return act
        game = await self.service.game(gid)
        return game_of(game).legacy_verbs.get(act, act) if game is not None else act

    # ---- moves ---------------------------------------------------------------------------------
    async def act(self, interaction: discord.Interaction, gid: int, ver: int, action: Move) -> None:
        # journaled from before the acknowledgement until saved or refused (app/clicks.py)
        with self.service.clicks.window(interaction.id, interaction.user.id, interaction.channel_id or 0, gid):
            await self._act(interaction, gid, ver, action)

    async def _act(self, interaction: discord.Interaction, gid: int, ver: int, action: Move) -> None:
        # acknowledged before anything else, even the read that checks the move: with a database
        # across the network (or many tables at once) that read can take longer than Discord waits
        if not await acknowledge(interaction):
            return
        cid = interaction.channel_id
        user = interaction.user.id
        lock = self.service.lock(cid)
        check = await self.service.act(gid, cid, user, ver, action, dry_run=True)
        if not check.ok:  # nothing to write: a private answer, and the lock is left to real moves
            await self.refused(interaction, check)
            return
        msg = interaction.message
        private = origin.is_private(interaction, check.game)
        if not private and not origin.is_panel(msg, check.game):
            await tell(interaction, _(ELSEWHERE))
            return
        if lock.queued >= QUEUE_MAX:
            await tell(interaction, _(BUSY))
            return
        answered = False
        async with lock, self.bot.courier.working:
            out = await self.service.act(gid, cid, user, ver, action, click=interaction.id)
            if out.ok:
                game = out.game
                if private:
                    await self.answer(interaction, attachments=[], **await self.private_followup(out))
                elif msg is not None and msg.id == game.panel_message_id:  # no new panel is due
                    answered = await self.answer(interaction, **messages.panel(game, undo=await
                                                                               self.service.undo_seat(game)))
        if not out.ok:  # outside the lock: the courier takes it to repair the panel
            await self.refused(interaction, out)
            return
        await self.bot.courier.after(gid, game.channel_id, refresh=not answered)

    async def refused(self, interaction: discord.Interaction, out) -> None:
        await tell(interaction, out.message)
        msg = interaction.message
        if out.code == "stale" and out.game is not None and msg is not None \
                and msg.id == out.game.panel_message_id:
            await self.bot.courier.after(out.game.id, out.game.channel_id)  # the panel itself is behind

    async def answer(self, interaction: discord.Interaction, **kw) -> bool:
        """The answer to an accepted action. The action is already committed, so a failure here (token
        expired, message deleted) must not stop the channel from being updated."""
        try:
            await update(interaction, **kw)
            return True
        except discord.HTTPException as e:
            log.warning("could not answer interaction %s (%s): the channel is updated instead",
                        interaction.id, e)
            return False

    async def private_followup(self, out) -> dict:
        """What replaces a player's private message after their choice: their next step of the same
        decision, or what happened (and who is still deciding), with Undo while it can be taken back."""
        game = out.game
        played = game_of(game)
        with i18n.at_table(language(game)):  # the reader's language (the channel's names beside)
            if out.seat in played.rules.deciders(game.live):
                nxt = played.show.decision(table_of(game), game.live, out.seat)
                if nxt is not None:
                    return messages.private(game, nxt)
            line = " ".join(played.show.lines(out.events, names(game)))
        undo = await self.service.undo_seat(game) == out.seat
        return messages.done(game, line if not played.rules.simultaneous(game.live) else "", undo)

    async def undo(self, interaction: discord.Interaction, gid: int, ver: int) -> None:
        """Undo: the clicker's last move taken back; a private message shows their decision again."""
        with self.service.clicks.window(interaction.id, interaction.user.id, interaction.channel_id or 0, gid):
            await self._undo(interaction, gid, ver)

    async def _undo(self, interaction: discord.Interaction, gid: int, ver: int) -> None:
        cid = interaction.channel_id
        if not await acknowledge(interaction):  # before the read, as a move is (Discord waits 3 s at most)
            return
        game = await self.service.game(gid)
        private = game is not None and origin.is_private(interaction, game)
        if game is not None and not private and not origin.is_panel(interaction.message, game):
            await tell(interaction, _(ELSEWHERE))
            return
        async with self.service.lock(cid):
            out = await self.service.undo(gid, cid, interaction.user.id, ver, click=interaction.id)
            if out.ok and private:
                await self.answer(interaction, attachments=[], **await self.private_followup(out))
        if not out.ok:
            await self.refused(interaction, out)
            return
        game = out.game
        if game.ping_message_id is not None and game_of(game).rules.deciders(game.live) == [out.seat]:
            ch = await self.bot.courier.channel(game.channel_id)  # the ping was for whoever came next
            if ch is not None:
                await self.bot.courier.clear_ping(game, ch)
        await self.bot.courier.after(gid, game.channel_id, refresh=True)

    # ---- private views -------------------------------------------------------------------------
    async def _game_for(self, interaction, gid: int, finished: bool = False):
        """The button's game if it is running (or finished, when `finished`); else None, after telling why."""
        game = await self.service.game(gid)
        if game is None or game.channel_id != interaction.channel_id:
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
            msg = played.show.decision(table_of(game), st, seat) if seat in played.rules.deciders(st) else None
        if msg is None:
            waiting = [game.display(s) for s in played.rules.deciders(st)]
            await tell(interaction, _("You have nothing to decide right now.")
                       + (" " + _("Waiting for {who}.", who=", ".join(waiting)) if waiting else ""))
            return
        await self._private(interaction, game, msg)

    async def _private(self, interaction: discord.Interaction, game, msg, edit: bool = False) -> None:
        """A private message of the game's (a decision, a seat's own things), its picture drawn first."""
        kw = messages.private(game, msg)
        png = None
        if msg.picture is not None:
            if not await acknowledge(interaction, ephemeral=True, thinking=not edit):
                return
            png = await self.bot.courier.render(game, msg.picture.name, *msg.picture.args)
        files = [discord.File(io.BytesIO(png), msg.picture.filename)] if png is not None and msg.picture else []
        if edit:
            await update(interaction, attachments=files, **kw)
        elif interaction.response.is_done():
            await interaction.followup.send(ephemeral=True, files=files,
                                            **{k: v for k, v in kw.items() if v is not None})
        else:
            await tell(interaction, **kw)

    async def pick(self, interaction: discord.Interaction, gid: int, items: list[str]) -> None:
        """Items picked (a multi-select, or a pick button): the decision is shown again with them picked."""
        game, seat = await self._player(interaction, gid)
        if game is None:
            return
        if not origin.is_private(interaction, game, made_by="click"):  # a decision, in place of the message
            await tell(interaction, _(ELSEWHERE))
            return
        played = game_of(game)
        st = game.live
        with i18n.at_table(language(game)):
            msg = played.show.decision(table_of(game), st, seat, items) if seat in played.rules.deciders(st) \
                else None
        if msg is None:
            await tell(interaction, _("That choice is from an earlier moment: the game has moved on."))
            return
        await self._private(interaction, game, msg, edit=True)

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
        if game_of(game).rules.is_over(st):
            png = await self.bot.courier.render(game, "results", st)
            kw = results_ui.results(game, st, png is not None)
            name = "results.png"
        else:
            png = await self.bot.courier.render(game, "table", st, viewer)
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
        with i18n.at_table(language(game)):
            msg = game_of(game).show.mine(table_of(game), game.live, seat)
        if msg.picture is None and not await acknowledge(interaction, ephemeral=True, thinking=True):
            return
        await self._private(interaction, game, msg)

    # ---- the lobby -----------------------------------------------------------------------------
    async def lobby(self, interaction: discord.Interaction, gid: int, ver: int, act: str) -> None:
        if ver != 0:  # the lobby's buttons and menus are made with version 0 (ui/lobby.py)
            await tell(interaction, _(UNKNOWN))
            return
        game = await self.service.game(gid)
        if game is None or game.channel_id != interaction.channel_id:
            await tell(interaction, _("This button does not belong to a game in this channel."))
            return
        if game.status != "lobby":
            await tell(interaction, _("This lobby is closed: the game has started or ended."))
            return
        if not origin.is_lobby(interaction.message, game):  # the answer is the lobby, in place of the message
            await tell(interaction, _(ELSEWHERE))
            return
        lock = self.service.lock(interaction.channel_id)
        if lock.queued >= QUEUE_MAX:
            await tell(interaction, _(BUSY))
            return
        if not await acknowledge(interaction):
            return
        user = interaction.user
        async with lock:
            if act == "join":
                out = await self.service.join(gid, user.id, user.display_name)
            elif act == "leave":
                out = await self.service.leave(gid, user.id)
            elif act.startswith("ai:"):
                out = await self.service.add_ai(gid, user.id, act[3:])
            elif act == "airemove":
                out = await self.service.remove_ai(gid, user.id)
            elif act.startswith("timer:"):
                seconds = act[6:]
                out = await self.service.set_timer(gid, user.id, int(seconds) if seconds.isdigit() and
                                                   len(seconds) < 9 else -1)
            elif act.startswith("opt:"):
                _verb, key, value = (act.split(":", 2) + ["", ""])[:3]
                out = await self.service.set_option(gid, user.id, key, value)
            else:
                out = await self.service.start(gid, user.id)
            if not out.ok:
                await tell(interaction, out.message)
                return
            with use(language(out.game)):
                note = _("**The game has started below.**") if act == "start" else None
            await self.answer(interaction, **lobby_ui.lobby(out.game, note=note))
        if act == "start":
            await self.bot.courier.after(gid, out.game.channel_id)

    # ---- after the game ---------------------------------------------------------------------------
    async def rematch(self, interaction: discord.Interaction, gid: int) -> None:
        """A new lobby with the same table, hosted by whoever pressed; the lobby is the answer."""
        user = interaction.user
        async with self.service.lock(interaction.channel_id):
            out = await self.service.rematch(gid, interaction.channel_id, user.id, user.display_name)
            if not out.ok:
                await tell(interaction, out.message)
                return
            shown = lobby_ui.lobby(out.game)
            if out.fresh:  # the rest of the table is asked, not seated: each joins when they want to
                with use(language(out.game)):
                    shown["content"] = _("{who}: {host} invites you to a rematch. Press **Join** to take your "
                                         "seat.", who=" ".join(f"<@{u}>" for u in out.fresh), host=user.mention)
                shown["allowed_mentions"] = discord.AllowedMentions(users=[discord.Object(u) for u in out.fresh])
            resp = await interaction.response.send_message(**shown)
            if isinstance(resp.resource, discord.InteractionMessage):
                await self.service.lobby_posted(out.game.id, resp.resource.id)

    # ---- confirmations (/play end, /play leave) --------------------------------------------
    async def confirmation(self, interaction: discord.Interaction, gid: int, verb: str, asked: str = "") -> None:
        """Yes or No under /play end or /play leave: only on that command's own answer (the custom_id
        carries its interaction's id; a question asked before there was one is out of date)."""
        asked_id = origin.asked_in(asked)
        game = await self.service.game(gid)
        if asked_id is None:
            await tell(interaction, _(UNKNOWN))
            return
        if not origin.is_private(interaction, game, asked=asked_id):  # it replaces the message it is on
            await tell(interaction, _(ELSEWHERE))
            return
        if verb == "endok":
            await self.confirm_end(interaction, gid)
        elif verb == "quitok":
            await self.confirm_leave(interaction, gid)
        else:
            await self.cancel(interaction, gid, _("Cancelled: the game goes on.") if verb == "endno"
                              else _("Good: you stay in the game."))

    async def cancel(self, interaction: discord.Interaction, gid: int, text: str) -> None:
        game = await self.service.game(gid)
        if game is None or game.channel_id != interaction.channel_id:
            text = _("This button belongs to a game in another channel.")
        elif game.status in ("over", "ended"):
            text = _("This game is already over.")
        await update(interaction, content=text, view=None)

    def may_end(self, interaction: discord.Interaction, game) -> bool:
        perms = interaction.permissions
        return interaction.user.id == game.host_id or bool(perms and perms.manage_channels)

    async def confirm_end(self, interaction: discord.Interaction, gid: int) -> None:
        game = await self.service.game(gid)
        if game is None or game.channel_id != interaction.channel_id:
            await tell(interaction, _("This button belongs to a game in another channel."))
            return
        if game.status not in ("lobby", "active"):
            await tell(interaction, _("This game is already over."))
            return
        if not self.may_end(interaction, game):
            await tell(interaction, _("Only the host or a member with **Manage Channels** can end this game."))
            return
        if not await acknowledge(interaction):
            return
        async with self.service.lock(game.channel_id):
            who = interaction.user
            with use(language(game)):  # shown in the channel: the game's language
                reason = _("Ended by {who}.", who=who.display_name)
            out = await self.service.end(gid, who.id, reason)
            if not out.ok:
                await tell(interaction, out.message)
                return
            await self.answer(interaction, content=_("The game has been ended."), view=None)
        await self.bot.courier.after(gid, game.channel_id)

    async def confirm_leave(self, interaction: discord.Interaction, gid: int) -> None:
        game = await self.service.game(gid)
        if game is None or game.channel_id != interaction.channel_id:
            await tell(interaction, _("This button belongs to a game in another channel."))
            return
        if not await acknowledge(interaction):
            return
        async with self.service.lock(game.channel_id):
            out = await self.service.leave_game(gid, interaction.user.id)
            if not out.ok:
                await tell(interaction, out.message)
                return
            await self.answer(interaction, content=_("You left the game."), view=None)
        await self.bot.courier.after(gid, game.channel_id)  # the AI makes the seat's decision, if it was one


async def setup(bot):
    bot.table = Table(bot)
    await bot.add_cog(bot.table)
