"""Playing: a person's move (act) and the bot's (auto: an AI seat's, or a person's whose time ran out), both
validated and committed the same way (_commit); a button made before others decided stays valid for its
seat (_still_valid)."""

import engine
from db import GameRow
from engine.moves import BadMove, Move
from i18n import _, use

from .. import ledger, outbox, undo
from ..tables import game_of, names
from .core import RECENT, ServiceCore
from .outcome import NOT_PLAYING, Outcome, guarded, refuse

MAX_LINE = 300  # characters of a timed-out move's line
TIMED_OUT_LOOKBACK = 60  # log rows looked at for a move the timer made (a click older than that: just "stale")


def timed_out_line(line: str, name: str, previous: str) -> str:
    """'ann took income: +$4.' -> '⏱ ann ran out of time: the AI played for them. ann took income: +$4.'
    (the next steps of the same decision: '⏱ for ann, the AI played on. …')."""
    first = _("⏱ {who} ran out of time: the AI played for them.", who=name)
    more = _("⏱ for {who}, the AI played on.", who=name)
    head = more if previous.startswith((first, more)) else first
    return f"{head} {line}".strip()


def action_line(lines: list[str]) -> str:
    """The narrated lines of one accepted action as one short line."""
    line = " ".join(lines)
    return line if len(line) <= MAX_LINE else line[:MAX_LINE - 1] + "…"


class Play(ServiceCore):
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
        if not game.here(channel_id):
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
            played = await self._played_for(game, seat, version)
            if played is not None:  # the timer was quicker: say what was played for them
                return refuse("timed_out", _("Your time ran out just before your click, so the AI played for you: "
                                             "{what} Nothing else was changed; the panel shows what is next.",
                                             what=played), game)
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

    async def _played_for(self, game: GameRow, seat: int, version: int) -> str | None:
        """What the AI played for `seat` after its time ran out, since version `version` (the story's line of
        that move, in the reader's language), or None when it did not."""
        if game.seq - version > TIMED_OUT_LOOKBACK:
            return None
        rows = await self.store.actions(game.id, limit=game.seq - version + 1)
        for i, row in enumerate(rows):
            mark = next((e for e in row["events"] if e.get("type") == undo.MARK), None)
            if row["seq"] < version or row["seat"] != seat or mark is None or not mark.get("timed_out"):
                continue
            events = [e for r in rows[i:i + mark.get("size", 1)] for e in r["events"] if e.get("type") != undo.MARK]
            return action_line(game_of(game).show.lines(events, names(game))) or "—"
        return None

    @guarded
    async def auto(self, game_id: int, seat: int, version: int, action_id: str, timed_out: bool = False,
                   forced: bool = False):
        """An action chosen by the bot: for an AI seat, for a person whose time ran out, or for a person who
        has no choice but this one (forced: Rules.forced). The choice was computed from state `version`: it
        must still be current (or, during simultaneous decisions, still valid for this seat)."""
        game = await self.store.game(game_id)
        if game is None or game.status != "active":
            return refuse("over", _("This game is over."), game)
        state = game.live
        if seat not in game_of(game).rules.deciders(state):
            return refuse("stale", _("The game has moved on."), game)
        if forced and game_of(game).rules.forced(state, seat) != action_id:
            return refuse("stale", _("The game has moved on."), game)
        if not timed_out and not forced and not game.is_ai(seat):
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
        may_undo = by_person and user_id > 0
        for aid in ids:
            r = rules.apply(new, aid)
            if not r.ok:
                return refuse("stale" if stale_ok else "illegal", moved_on if stale_ok else unavailable, game)
            events = [rules.public_event(e, None) for e in r.events]
            rows.append((new["seq"], aid, seat, user_id, rules.stage(new), events))
            public += events
            may_undo = may_undo and rules.undoable(new, aid, r.state)
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
        may_undo = may_undo and not over and not outbox.crosses(played, public)
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
        if over:
            self.acted.pop(game.id, None)
        elif by_person:
            self.acted.setdefault(game.id, {})[seat] = self.clock()
        self._notify(plan)
        self._keep(game.id, new["seq"], saved)
        game.state_json, game._state, game.seq = saved, new, new["seq"]  # (the text: what the row now holds)
        game.status, game.recent = status, recent
        if new_panel:
            game.panel_message_id = None
        return Outcome(True, game=game, state=new, before=state, events=public, line=line, seat=seat,
                       fresh=fresh)

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
