"""Taking a move back: the game's last move in effect, whose person may take it back now, and the undo
itself (a logged move of its own: app/undo.py)."""

import engine
from db import GameRow
from i18n import _, use

from .. import outbox, undo
from ..tables import game_of, names
from .core import RECENT
from .outcome import NOT_PLAYING, Outcome, guarded, refuse
from .reading import Reading


class TakeBack(Reading):
    """(On Reading: an undo goes back to the state before the move, state_at.)"""

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
        if not game.here(channel_id):
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
