"""The game service: lobby, start, moves, and every write to the store. Discord-free, so it can be
tested directly.

Every accepted action is validated against the stored state and written (log row + new state +
turn deadlines + what the channel must now show, one transaction, optimistic version check) before
anything is answered. Callers hold `lock(channel_id)` around a change and the reply that shows it.

AI seats and timed-out players act through `auto`, the same path, so engine.replay of the log always
rebuilds the stored state. What a change promises to show (the day's record and image, results, a
new panel, pings) is an outbox item written with it (app/outbox.py); the courier delivers it."""

import functools
import json
import logging
import secrets
import time
from collections import OrderedDict
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from typing import Any

import engine
from db import ChannelBusy, GameRow, Store, StoreError
from db.errors import DatabaseDamaged
from engine import registry
from engine.moves import BadMove, Move
from engine.protocol import Game
from i18n import N_, _, use

from . import ledger, outbox, undo
from . import options as table_options
from .clicks import Click, ClickJournal
from .damage import Damage
from .locks import ChannelLocks
from .tables import game_of, names

log = logging.getLogger("bot.service")
RECENT = 16  # narrated lines kept for the live panel
SAVED_KEPT = 256  # states saved lately kept as text (state_at), a few KB each
MAX_LINE = 300  # characters of a timed-out move's line
AI_NAMES = {"easy": N_("Easy AI {n}"), "hard": N_("Hard AI {n}"), "random": N_("Random AI {n}")}
NOT_PLAYING = N_("You are not playing in this game.")
UNAVAILABLE = N_("I can't save games right now, so nothing was changed. The bot's operator has been told: "
                 "please try again later.")


@dataclass
class Outcome:
    ok: bool
    message: str = ""          # the reason shown to the user when not ok
    code: str = ""             # machine-readable reason: stale, not_player, not_turn, ...
    game: GameRow | None = None
    state: dict | None = None  # the new state (ok) or the current one
    before: dict | None = None  # the state the action was applied to
    events: list = field(default_factory=list)          # public events of the action
    line: str = ""
    seat: int | None = None
    fresh: list = field(default_factory=list)  # people who now have a new decision to make


def refuse(code: str, message: str, game: GameRow | None = None) -> Outcome:
    return Outcome(False, message, code, game, game.state if game else None)


def guarded(method):
    """A change that cannot be saved (the disk is full, the database is read-only, gone or unreachable) is
    refused with a clear message; nothing was changed. The store says the cause once in the log
    (db/faults.py), not once per call. A game whose record is damaged (DatabaseDamaged, met by a read or a
    write) is not refused here: the one error handler names it once and tells its channel once
    (app/damage.py)."""
    @functools.wraps(method)
    async def run(self, *a, **kw):
        try:
            return await method(self, *a, **kw)
        except DatabaseDamaged as e:  # (the methods' first argument is their game's id, new_lobby's aside)
            raise e.about(game_id=a[0] if a and isinstance(a[0], int) else None) from e.__cause__
        except StoreError:
            return refuse("unavailable", _(UNAVAILABLE))
    return run


def lobby_options(game: Game, chosen: Mapping[str, Any], timer: int) -> dict | str:
    """Validated lobby options (each one of the game's own choices, the rest their defaults), or the reason
    they are refused, naming what is allowed: a modified client can send anything."""
    return table_options.checked(game, chosen, timer)


def timed_out_line(line: str, name: str, previous: str) -> str:
    """'ann took income: +$4.' -> '⏱ ann ran out of time: the AI played for them. ann took income: +$4.'
    (the next steps of the same decision: '⏱ for ann, the AI played on. …')."""
    first = _("⏱ {who} ran out of time: the AI played for them.", who=name)
    more = _("⏱ for {who}, the AI played on.", who=name)
    head = more if previous.startswith((first, more)) else first
    return f"{head} {line}".strip()


class GameService:
    def __init__(self, store: Store, clock=time.time):
        self.store = store
        self.clock = clock          # unix seconds; injectable so tests (and SimCord) control time
        self.on_deadline: Callable[[float], None] | None = None  # called with the earliest new deadline
        self.lock = ChannelLocks()  # lock(channel_id): serialises every change to the channel's game
        self._last: dict[int, tuple[int, undo.LastMove | None]] = {}  # game id: (seq, its last move in effect)
        self.damage = Damage()  # games found damaged: named once, told once
        self.clicks = ClickJournal(None)  # clicks acknowledged but not yet saved (app/clicks.py): ended here
        # the states this process saved lately, as saved (game id, seq) -> JSON: the picture of a version
        # the game has already moved past (the next move came before the courier showed it) is read here
        # instead of being rebuilt by replaying the whole log. Versions only grow (an undo makes a new one).
        self._saved: OrderedDict[tuple[int, int], str] = OrderedDict()

    # ---- lobby -----------------------------------------------------------------------------
    @guarded
    async def new_lobby(self, game: str, guild_id, channel_id: int, host_id: int, host_name: str,
                        options: dict) -> Outcome:
        """A lobby of `game` (its key) with its host seated; code "busy" (and the channel's game) when
        there is one already."""
        why = table_options.stored_refusal(registry.game(game), options)  # (every path: commands, rematches)
        if why:
            return refuse("bad_option", why)
        try:
            gid = await self.store.create_lobby(guild_id, channel_id, host_id, host_name, options,
                                                secrets.randbits(31), game=game)
        except ChannelBusy as busy:
            return refuse("busy", _("This channel already has a game."), busy.game)
        return Outcome(True, game=await self.store.game(gid))

    @guarded
    async def rematch(self, game_id: int, channel_id: int, user_id: int, user_name: str) -> Outcome:
        """A new lobby in the finished game's channel with the same options: whoever asks hosts it (a player
        of that game), its AI seats are seated at once, the other people are invited (Outcome.fresh: their
        user ids) and take their seats with Join when they want to."""
        old = await self.store.game(game_id)
        if old is None or old.channel_id != channel_id:
            return refuse("elsewhere", _("This button belongs to a game in another channel."))
        if old.status not in ("over", "ended"):
            return refuse("running", _("This game is not over yet."), old)
        if not old.is_player(user_id):
            return refuse("not_player", _("Only the players of this game can start its rematch."), old)
        out = await self.new_lobby(old.game, old.guild_id, channel_id, user_id, user_name, dict(old.options))
        if not out.ok:
            if out.code == "busy":
                return refuse("busy", _("A new game is already open in this channel."), out.game)
            return out
        gid = out.game.id
        most = game_of(old).players[1]
        seats = sorted(old.players, key=lambda p: p.seat if p.seat is not None else 99)
        invited = []
        for p in seats:
            if p.ai:
                with use(old.options.get("language")):
                    name = _(AI_NAMES.get(p.ai, AI_NAMES["easy"]), n="{}")
                await self.store.add_ai(gid, p.ai, name, most)
            elif p.user_id != user_id:
                invited.append(p.user_id)
        return Outcome(True, game=await self.store.game(gid), fresh=invited)

    @guarded
    async def join(self, game_id: int, user_id: int, name: str) -> Outcome:
        row = await self.store.game(game_id)
        most = game_of(row).players[1] if row else 0
        r = await self.store.add_player(game_id, user_id, name, most)
        game = await self.store.game(game_id)
        msg = {"already": _("You are already seated at this table."),
               "full": _("This table is full ({n} players).", n=most),
               "closed": _("This lobby is closed.")}.get(r, "")
        return Outcome(r == "ok", msg, r, game)

    @guarded
    async def leave(self, game_id: int, user_id: int) -> Outcome:
        game = await self.store.game(game_id)
        if game is None or game.status != "lobby":
            return refuse("closed", _("This lobby is closed."), game)
        if user_id == game.host_id:
            return refuse("host", _("You are the host: use `/play end` to close the lobby."), game)
        if not await self.store.remove_player(game_id, user_id):
            return refuse("absent", _("You are not seated at this table."), game)
        return Outcome(True, game=await self.store.game(game_id))

    async def _host_lobby(self, game_id: int, user_id: int, what: str) -> tuple:
        """(the open lobby, None), or (None, the refusal `what`) when it is closed or user_id is not its host."""
        game = await self.store.game(game_id)
        if game is None or game.status != "lobby":
            return None, refuse("closed", _("This lobby is closed."), game)
        if user_id != game.host_id:
            return None, refuse("not_host", what, game)
        return game, None

    @guarded
    async def add_ai(self, game_id: int, user_id: int, level: str) -> Outcome:
        game, refused = await self._host_lobby(game_id, user_id, _("Only the host can add or remove AI players."))
        if refused:
            return refused
        played = game_of(game)
        if level not in played.ai_levels:
            return refuse("bad_level", _("That is not an AI level of this game."), game)
        with use(game.options.get("language")):
            name = _(AI_NAMES.get(level, AI_NAMES["easy"]), n="{}")  # the store numbers the AI
        most = played.players[1]
        r = await self.store.add_ai(game_id, level, name, most)
        msg = {"full": _("This table is full ({n} players).", n=most), "closed": _("This lobby is closed.")}
        return Outcome(r == "ok", msg.get(r, ""), r, await self.store.game(game_id))

    @guarded
    async def remove_ai(self, game_id: int, user_id: int) -> Outcome:
        game, refused = await self._host_lobby(game_id, user_id, _("Only the host can add or remove AI players."))
        if refused:
            return refused
        if not await self.store.remove_ai(game_id):
            return refuse("no_ai", _("There is no AI player at this table."), game)
        return Outcome(True, game=await self.store.game(game_id))

    @guarded
    async def set_option(self, game_id: int, user_id: int, key: str, value) -> Outcome:
        """The host changes one option in the lobby: the turn timer, or one of the game's options."""
        game, refused = await self._host_lobby(game_id, user_id, _("Only the host can change the options."))
        if refused:
            return refused
        why = table_options.timer_refusal(value) if key == "timer" else table_options.refusal(game_of(game), key, value)
        if why:
            return refuse("bad_option", why, game)
        if not await self.store.set_option(game_id, key, value):
            return refuse("closed", _("This lobby is closed."), game)
        return Outcome(True, game=await self.store.game(game_id))

    async def set_timer(self, game_id: int, user_id: int, seconds: int) -> Outcome:
        return await self.set_option(game_id, user_id, "timer", seconds)

    @guarded
    async def start(self, game_id: int, user_id: int) -> Outcome:
        game, refused = await self._host_lobby(game_id, user_id, _("Only the host can start the game."))
        if refused:
            return refused
        played = game_of(game)
        low, high = played.players
        n = len(game.players)
        if not low <= n <= high:
            with use(game.options.get("language")):
                title = played.texts._(played.name)
            return refuse("count", _("{game} needs {low}-{high} players ({n} seated): to play solo, add an "
                                     "AI player.", game=title, low=low, high=high, n=n)
                          if low > 1 else _("{game} needs {low}-{high} players ({n} seated).", game=title,
                                            low=low, high=high, n=n), game)
        if not game.humans():
            return refuse("count", _("At least one person must play."), game)
        why = table_options.stored_refusal(played, game.options)  # (a row from before the checks, or a rematch)
        if why:
            return refuse("bad_option", why, game)
        rules = played.rules
        opts = {o.key: game.options.get(o.key, o.default) for o in played.options}
        config = rules.config(opts, [p.name for p in game.players])
        state, events = rules.new_game(config, game.seed)
        public = [rules.public_event(e, None) for e in events]
        for seat, p in enumerate(game.players):  # seats in joining order, as the store assigns them
            p.seat = seat
        with use(game.options.get("language")):
            recent = played.show.lines(public, names(game))[-RECENT:]
        plan, fresh = self.plan(game, None, state)
        items, _new_panel = outbox.promised(played, None, state, public, None, fresh)
        if not await self.store.start_game(game_id, config, engine.to_json(state), state["seq"], public,
                                           recent, plan, items):
            return refuse("closed", _("This lobby is closed."), game)
        self._notify(plan)
        started = await self.store.game(game_id)
        return Outcome(True, game=started, state=state, events=public, line=" ".join(recent), fresh=fresh)

    # ---- play ------------------------------------------------------------------------------
    @guarded
    async def act(self, game_id: int, channel_id: int, user_id: int, version: int, move: "Move | str",
                  dry_run: bool = False, click: int | None = None) -> Outcome:
        """Validates, applies and commits one move (an engine action or a whole plan). Never raises for a
        user mistake. dry_run: only the checks that need no write (answered at once; the real call
        checks again under the lock). click: the interaction's id, logged with the move and ended in the
        click journal as soon as the commit is decided (app/clicks.py)."""
        game = await self.store.game(game_id)
        if game is None:
            return refuse("missing", _("This button does not belong to a game in this channel."))
        if game.channel_id != channel_id:
            return refuse("elsewhere", _("This button belongs to a game in another channel."))
        if game.status in ("over", "ended"):
            return refuse("over", _("This game is over."), game)
        if game.status != "active":
            return refuse("lobby", _("This game has not started yet."), game)
        seat = game.seat_of(user_id)
        if seat is None:
            return refuse("not_player", _(NOT_PLAYING), game)
        try:
            move = move if isinstance(move, Move) else Move.parse(move)
        except BadMove:
            return refuse("illegal", _("That is not a move of this game."), game)
        rules = game_of(game).rules
        state = game.live
        stale = version != state["seq"]
        if stale and not await self._still_valid(game, seat, version):
            # an old message: say so, whoever's turn it is now
            return refuse("stale", _("That choice is from an earlier moment: the game has moved on. "
                                     "Use the current panel."), game)
        who = rules.deciders(state)
        if seat not in who:
            if len(who) == 1 and not rules.simultaneous(state):
                return refuse("not_turn", _("It is {who}'s turn, not yours.", who=game.display(who[0])), game)
            return refuse("not_deciding", _("You have nothing to decide right now."), game)
        if move.seat != seat:
            return refuse("not_yours", _("That choice belongs to another player."), game)
        if dry_run:
            return Outcome(True, game=game, state=state, seat=seat)
        return await self._commit(game, seat, user_id, move, stale_ok=stale, by_person=True, click=click)

    @guarded
    async def auto(self, game_id: int, seat: int, version: int, action_id: str, timed_out: bool = False):
        """An action chosen by the bot: for an AI seat, or for a person whose time ran out. The choice
        was computed from state `version`: it must still be current (or, during simultaneous
        decisions, still valid for this seat)."""
        game = await self.store.game(game_id)
        if game is None or game.status != "active":
            return refuse("over", _("This game is over."), game)
        state = game.live
        if seat not in game_of(game).rules.deciders(state):
            return refuse("stale", _("The game has moved on."), game)
        if not timed_out and not game.is_ai(seat):
            return refuse("not_ai", _("That seat is played by a person."), game)
        # as for people: others deciding meanwhile do not change this seat's simultaneous decision
        if state["seq"] != version and not await self._still_valid(game, seat, version):
            return refuse("stale", _("The game has moved on."), game)
        return await self._commit(game, seat, (game.user_at(seat) or 0) if not timed_out else 0, action_id,
                                  stale_ok=state["seq"] != version, timed_out=timed_out)

    async def _commit(self, game: GameRow, seat: int, user_id: int, move: "Move | str",
                      stale_ok: bool = False, timed_out: bool = False, by_person: bool = False,
                      click: int | None = None) -> Outcome:
        """Applies every engine action of the move in turn and commits them in one transaction (one log
        row each, so the log replays), or nothing at all. The first row is marked with the move's size
        and whether its person may take it back (app/undo.py)."""
        played = game_of(game)
        rules = played.rules
        state = game.live
        move = move if isinstance(move, Move) else Move.action(move)
        moved_on = _("The game has moved on: use the current panel.")
        unavailable = _("That choice is not available now.")
        try:
            ids = [move.text()] if move.kind == "action" else rules.expand(state, move.seat, move.arg)
        except ValueError:
            return refuse("stale" if stale_ok else "illegal", moved_on if stale_ok else unavailable, game)
        new, rows, public = state, [], []
        undoable = getattr(rules, "undoable", None)
        may_undo = by_person and user_id > 0 and undoable is not None
        for aid in ids:
            r = rules.apply(new, aid)
            if not r.ok:
                return refuse("stale" if stale_ok else "illegal", moved_on if stale_ok else unavailable, game)
            events = [rules.public_event(e, None) for e in r.events]
            rows.append((new["seq"], aid, seat, user_id, rules.stage(new), events))
            public += events
            may_undo = may_undo and bool(undoable(new, aid, r.state))  # type: ignore[misc]
            new = r.state
        with use(game.options.get("language")):  # the story is told in the game's language
            lines = played.show.lines(public, names(game))
            line = " ".join(lines)
            if timed_out:
                line = timed_out_line(action_line(lines), game.display(seat), (game.recent or [""])[-1])
                lines = [line]
        recent = (game.recent + lines)[-RECENT:]
        over = rules.is_over(new)
        status = "over" if over else "active"
        plan, fresh = self.plan(game, state, new)
        # the person who clicked is looking already: ping only the others
        ping = [s for s in fresh if not (user_id > 0 and s == seat)]
        items, new_panel = outbox.promised(played, state, new, public, game.panel_message_id, ping)
        may_undo = may_undo and not over and not outbox.crosses(played.show.marks(public, state))
        due = None
        if may_undo and game.options.get("timer"):  # (an undo gives back the time that was left)
            d = (await self.store.deadlines(game.id)).get(seat)
            due = [d["due_at"], d["remind_at"]] if d else None
        rows[0] = (*rows[0][:5], undo.mark(rows[0][5], len(rows), may_undo, timed_out, due, click))
        finish = ledger.finish(played, game, rules.results(new), self.clock()) if over else None
        saved = engine.to_json(new)
        ok = await self.store.commit_actions(game.id, state["seq"], rows, saved, new["seq"],
                                             status, recent, plan, items, new_panel, finish)
        self.clicks.end(click)  # saved, or lost a race: either way no longer in the window
        if not ok:  # another process or a lost race wrote first: nothing was applied
            return refuse("stale", moved_on, game)
        self._last[game.id] = (new["seq"], undo.LastMove(seat, user_id, len(rows), may_undo, state["seq"],
                                                         tuple(due) if due else None))
        self._notify(plan)
        self._keep(game.id, new["seq"], saved)
        game.state_json, game._state, game.seq = saved, new, new["seq"]  # (the text: what the row now holds)
        game.status, game.recent = status, recent
        if new_panel:
            game.panel_message_id = None
        return Outcome(True, game=game, state=new, before=state, events=public, line=line, seat=seat,
                       fresh=fresh)

    # ---- taking a move back ------------------------------------------------------------------
    async def last_move(self, game: GameRow) -> undo.LastMove | None:
        """The game's last move in effect (from memory, else from the log once)."""
        hit = self._last.get(game.id)
        if hit is None or hit[0] != game.seq:
            hit = (game.seq, undo.last_move(await self.store.actions(game.id)))
            self._last[game.id] = hit
        return hit[1]

    async def undo_seat(self, game: GameRow) -> int | None:
        """The seat whose person may take back the last move now (None: nobody)."""
        if game.status != "active":
            return None
        m = await self.last_move(game)
        return m.seat if m is not None and m.undoable else None

    @guarded
    async def undo(self, game_id: int, channel_id: int, user_id: int, version: int,
                   click: int | None = None) -> Outcome:
        """Takes back the clicker's last move: logged as "{seat}:undo:{n}", the state as it was before it
        (rebuilt from the log), the version counting on. Only while that move is the last in effect, was
        theirs, made by them (not by a timer or an AI), ended no chapter and revealed nothing (the game's
        Rules.undoable)."""
        game = await self.store.game(game_id)
        if game is None:
            return refuse("missing", _("This button does not belong to a game in this channel."))
        if game.channel_id != channel_id:
            return refuse("elsewhere", _("This button belongs to a game in another channel."))
        if game.status != "active":
            return refuse("over", _("This game is over."), game)
        seat = game.seat_of(user_id)
        if seat is None:
            return refuse("not_player", _(NOT_PLAYING), game)
        gone = _("That move can no longer be taken back: the game has moved on.")
        if version != game.seq:
            return refuse("stale", gone, game)
        m = await self.last_move(game)
        if m is None or not m.undoable:
            return refuse("no_undo", gone, game)
        if m.seat != seat:
            return refuse("not_yours", _("Only {who} can take back that move.", who=game.display(m.seat)), game)
        if m.user_id != user_id:
            return refuse("not_yours", _("That move was not made by you: it can't be taken back."), game)
        if undo.undos_in_a_row(await self.store.actions(game.id, limit=60), seat) >= undo.UNDO_MAX:
            return refuse("no_undo", _("You have taken back {n} moves in a row: play on.", n=undo.UNDO_MAX), game)
        played = game_of(game)
        rules = played.rules
        state = game.live
        back = {**(await self.state_at(game, m.first_seq)), "seq": state["seq"] + 1}
        with use(game.options.get("language")):
            line = _("↩ {who} took back their last move.", who=names(game)[seat])
        recent = (game.recent + [line])[-RECENT:]
        plan, fresh = self.plan(game, state, back)
        if seat in plan:  # the time that was left when they moved, not a fresh turn (no stalling by undo)
            plan[seat] = (back["seq"], *m.due) if m.due else None if seat not in fresh else plan[seat]
        ping = [s for s in fresh if s != seat]
        items, _new_panel = outbox.promised(played, state, back, [], game.panel_message_id, ping)
        rows: list[tuple] = [(state["seq"], engine.undo_id(seat, m.size), seat, user_id, rules.stage(back),
                              undo.clicked_by(click))]
        saved = engine.to_json(back)
        ok = await self.store.commit_actions(game.id, state["seq"], rows, saved, back["seq"],
                                             "active", recent, plan, items, False, None)
        self.clicks.end(click)
        if not ok:
            return refuse("stale", gone, game)
        self._last.pop(game.id, None)  # (the move before it, if any, is read from the log when asked)
        self._notify(plan)
        self._keep(game.id, back["seq"], saved)
        game.state_json, game._state, game.seq, game.recent = saved, back, back["seq"], recent
        return Outcome(True, game=game, state=back, before=state, events=[], line=line, seat=seat, fresh=fresh)

    def plan(self, game: GameRow, before: dict | None, after: dict) -> tuple[dict, list]:
        """The deadlines after a change ({seat: None to keep the running one, or a new (seq, due, remind)})
        and the people who now face a new decision. A decision that goes on (same key, same seat)
        keeps its deadline, so the timer covers a whole turn, not each click."""
        rules = game_of(game).rules
        if rules.is_over(after):
            return {}, []
        going_on = set(rules.deciders(before)) \
            if before and rules.decision_key(before) == rules.decision_key(after) else set()
        timer = game.options.get("timer", 0)
        now = self.clock()
        plan: dict[int, tuple | None] = {}
        fresh: list[int] = []
        for s in rules.deciders(after):
            if game.is_ai(s):
                continue
            if s in going_on:
                plan[s] = None
            else:
                fresh.append(s)
                if timer:
                    plan[s] = (after["seq"], now + timer, now + timer / 2)
        return plan, fresh

    def _notify(self, plan: dict) -> None:
        new = [row[2] for row in plan.values() if row is not None]
        if new and self.on_deadline is not None:
            self.on_deadline(min(new))

    async def _still_valid(self, game: GameRow, seat: int, version: int) -> bool:
        """During simultaneous decisions, one player's choices do not change another's: a button made
        before others decided stays valid as long as this seat has not acted since and the stage
        did not change (the engine then re-checks the action itself)."""
        rules = game_of(game).rules
        state = game.live
        if not rules.simultaneous(state) or version > state["seq"]:
            return False
        stage = rules.stage(state)
        since = await self.store.actors_since(game.id, version)
        return all(s != seat and st == stage for s, st in since)

    # ---- leaving and ending ------------------------------------------------------------------
    @guarded
    async def leave_game(self, game_id: int, user_id: int) -> Outcome:
        """A person leaves a running game: an AI plays their seat on. Code "ended" when nobody is left:
        the game is then over (status ended)."""
        game = await self.store.game(game_id)
        if game is None or game.status != "active":
            return refuse("closed", _("This game is not running."), game)
        seat = game.seat_of(user_id)
        if seat is None:
            return refuse("not_player", _(NOT_PLAYING), game)
        name = game.display(seat)
        others = [p for p in game.humans() if p.user_id != user_id]
        lang = game.options.get("language")
        if not others:
            with use(lang):
                reason = _("{who} left and no person is left at the table.", who=name)
            await self.store.end_game(game_id, user_id, reason,
                                      outbox.ended(game.state, game.panel_message_id, reason))
            return Outcome(True, code="ended", game=await self.store.game(game_id), seat=seat)
        level = game_of(game).timeout_level
        with use(lang):
            line = _("{who} left the table: an AI ({level}) plays on.", who=name, level=level_name(level))
        recent = (game.recent + [line])[-RECENT:]
        host = others[0].user_id if user_id == game.host_id else None
        if not await self.store.seat_to_ai(game_id, user_id, level, recent, host):
            return refuse("closed", _("This game is not running."), game)
        return Outcome(True, game=await self.store.game(game_id), seat=seat, line=line)

    @guarded
    async def end(self, game_id: int, by: int, reason: str = "ended by a player") -> Outcome:
        game = await self.store.game(game_id)
        if game is None or game.status not in ("lobby", "active"):
            return refuse("over", _("This game is already over."), game)
        if not await self.store.end_game(game_id, by, reason,
                                         outbox.ended(game.state, game.panel_message_id, reason)):
            return refuse("over", _("This game is already over."), game)
        return Outcome(True, game=await self.store.game(game_id))

    async def archive(self, game_id: int, reason: str) -> None:
        """The channel is gone: the game ends with nothing to show."""
        log.info("archiving game %s: %s", game_id, reason)
        try:
            await self.store.end_game(game_id, None, reason)
        except StoreError as e:
            log.critical("could not archive game %s: %s", game_id, e)

    # ---- what the channel shows (bookkeeping of the courier) ------------------------------------
    async def panel_posted(self, game_id: int, message_id: int | None) -> None:
        await self.store.set_panel(game_id, message_id)

    async def lobby_posted(self, game_id: int, message_id: int | None) -> None:
        await self.store.set_lobby_message(game_id, message_id)

    async def ping_posted(self, game_id: int, message_id: int | None) -> None:
        await self.store.set_ping(game_id, message_id)

    async def delivered(self, item_ids, message_id: int | None = None) -> None:
        await self.store.mark_done(item_ids, message_id)

    async def promise(self, game: GameRow, items: list) -> None:
        """Items that belong to no move (a panel to repost, a reminder)."""
        await self.store.add_items(game.id, game.seq, items)

    async def drop_deadline(self, game_id: int, seat: int, seq: int) -> None:
        await self.store.drop_deadline(game_id, seat, seq)

    async def remind(self, game_id: int, rows: list[dict]) -> list[int]:
        """Half of the time is gone for these deadline rows: marks them and promises one reminder ping;
        returns the seats reminded (each deadline is reminded once)."""
        seats = [r["seat"] for r in rows if await self.store.mark_reminded(game_id, r["seat"], r["seq"])]
        game = await self.store.game(game_id)
        if seats and game is not None:
            due = min(r["due_at"] for r in rows if r["seat"] in seats)
            await self.store.add_items(game_id, game.seq, [("ping", {"seats": seats, "reminder": due})])
        return seats

    async def unapplied(self, clicks: list[Click]) -> list[Click]:
        """Of the clicks a dead process left in its journal, those its game's log does not have: acknowledged
        but never saved. A game that can't be read is left out (start-up names it)."""
        out = []
        for c in clicks:
            try:
                if not undo.clicked(await self.store.actions(c.game_id), c.id):
                    out.append(c)
            except StoreError as e:
                log.warning("click %s of game %s: its game's log can't be read (%s)", c.id, c.game_id, e)
        return out

    # ---- reading ---------------------------------------------------------------------------
    async def game(self, game_id: int) -> GameRow | None:
        return await self.store.game(game_id)

    async def in_channel(self, channel_id: int) -> GameRow | None:
        return await self.store.open_game_in_channel(channel_id)

    async def last_in_channel(self, channel_id: int) -> GameRow | None:
        """The channel's open game, or else its most recent one. (The open one first: it is found through its
        index, without reading the other games' rows, so that a damaged one elsewhere does not stop it.)"""
        game = await self.store.open_game_in_channel(channel_id)
        if game is not None:
            return game
        ids = await self.store.game_ids_in_channel(channel_id)
        return await self.store.game(ids[-1]) if ids else None

    async def rows(self, game: GameRow) -> list[dict]:
        """The log rows in effect (undone moves and the host's marks left out: app/undo.py)."""
        return undo.effective_rows(await self.store.actions(game.id))

    async def records(self, game: GameRow) -> list:
        return game_of(game).show.records(await self.store.start_events(game.id), await self.rows(game))

    async def log_lines(self, game: GameRow, count: int) -> list[str]:
        """The last `count` events, one line each, under the heading of the record they belong to: the game's
        story, so in the game's language (as on the panel), whoever asks."""
        with use(game.options.get("language")):
            return await self._log_lines(game, count)

    async def _log_lines(self, game: GameRow, count: int) -> list[str]:
        nm = names(game)
        show = game_of(game).show
        out: list[str] = []
        for rec in reversed(await self.records(game)):
            lines = story(show, rec.events, nm)
            room = count - sum(1 for x in out if not x.startswith("**"))
            if room <= 0:
                break
            out = [f"**{rec.heading}**"] + [f"• {x}" for x in lines[-room:]] + out
        return out

    async def day_record(self, game: GameRow, seq: int) -> list[str]:
        """The lines of the record that the move ending at version `seq` closed (a frozen panel), or of
        the record still open (a game ended early)."""
        recs = await self.records(game)
        rows = await self.rows(game)
        last = max((r["seq"] for r in rows if r["seq"] < seq), default=None)
        rec = next((r for r in recs if r.close_seq == last), None) if last is not None else None
        if rec is None and recs and recs[-1].close_seq is None:
            rec = recs[-1]
        return story(game_of(game).show, rec.events, names(game)) if rec else []

    async def headlines(self, game: GameRow, since: int | None, seq: int) -> list[str]:
        """What happened between versions `since` (None: the start) and `seq`, for the chapter's picture."""
        events = list(await self.store.start_events(game.id)) if since is None else []
        for r in await self.rows(game):
            if (since is None or r["seq"] >= since) and r["seq"] < seq:
                events += r["events"]
        return game_of(game).show.headlines(events, names(game))

    def _keep(self, game_id: int, seq: int, saved: str) -> None:
        self._saved[(game_id, seq)] = saved
        if len(self._saved) > SAVED_KEPT:
            self._saved.popitem(last=False)

    async def state_at(self, game: GameRow, seq: int) -> dict:
        """The game's state at version `seq` (the stored one, one saved lately, or rebuilt from the log)."""
        if seq == game.seq:
            return game.live
        if (saved := self._saved.get((game.id, seq))) is not None:
            return json.loads(saved)
        state, _events = engine.rebuild(game_of(game).rules, game.config or {}, game.seed,
                                       await self.store.action_ids(game.id, before=seq))
        return state

    async def replayed(self, game: GameRow) -> dict:
        """The state rebuilt from config + seed + the logged actions (for checks and recovery)."""
        state, _events = engine.rebuild(game_of(game).rules, game.config or {}, game.seed,
                                       await self.store.action_ids(game.id))
        return state


def story(show, events: list, nm: list[str]) -> list[str]:
    """A record's lines: the game's, and the host's where a move was made for a person whose time ran out."""
    out: list[str] = []
    run: list = []
    for e in events:
        if e.get("type") == undo.TIMED_OUT:
            out += show.lines(run, nm)
            run = []
            out.append(_("⏱ {who} ran out of time: the AI played for them.", who=nm[e["seat"]]))
        else:
            run.append(e)
    return out + show.lines(run, nm)


def action_line(lines: list[str]) -> str:
    """The narrated lines of one accepted action as one short line."""
    line = " ".join(lines)
    return line if len(line) <= MAX_LINE else line[:MAX_LINE - 1] + "…"


def level_name(level: str) -> str:
    """An AI level as the lobby and the log say it."""
    return {"easy": _("easy"), "hard": _("hard"), "random": _("random")}.get(level, level)
