"""The game service: lobby, start, apply, persist. Discord-free, so it can be tested directly.

Every accepted action is validated against the stored state, written (log row + new state, one
transaction, optimistic version check) and only then reported back to the Discord layer. Callers
hold `lock(channel_id)` around a call and the reply that shows its result, so that replies and
panel edits happen in the same order as the actions.

AI seats and timed-out players act through `auto`, the same path (log row, one transaction, version
check), so engine.replay of the log always rebuilds the stored state. Each commit also stores the
turn deadlines of the players who must decide next (see `plan`)."""

import asyncio
import secrets
import time
from dataclasses import dataclass, field

import engine
from db import ChannelBusy, GameRow, Store
from engine.constants import MAX_PLAYERS, MIN_PLAYERS

from . import narrate

SIMULTANEOUS = ("disaster", "town", "pioneer")
RECENT = 16  # narrated lines kept: the live panel shows 4, a finished day's panel all
AI_NAMES = {"easy": "Easy AI {}", "hard": "Hard AI {}"}
# turn timer choices (seconds): slow games by default, shorter ones for live play
TIMERS = (("off", 0), ("2 minutes", 120), ("10 minutes", 600), ("1 hour", 3600), ("12 hours", 43200),
          ("24 hours", 86400))


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
    fresh: list = field(default_factory=list)  # people who now have a new decision to make (to ping)


def refuse(code: str, message: str, game: GameRow | None = None) -> Outcome:
    return Outcome(False, message, code, game, game.state if game else None)


def names(game: GameRow) -> list[str]:
    """Display names by seat (AI seats marked)."""
    return [game.display(p.seat) for p in sorted(game.players, key=lambda p: p.seat)]


def decision_key(state: dict) -> tuple:
    """Two consecutive states with the same key continue the same decision for a seat that decides in
    both (the next step of a turn, the second wagon of a Storm); a new key is a new decision."""
    st = state["stage"]
    return (st, state["week"], state["day"], state["turn"] if st == "turn" else None,
            tuple(state["disasters"][:1]) if st == "disaster" else ())


def timed_out_line(line: str, name: str, previous: str, action_id: str) -> str:
    """'ann took income: +$4.' -> '⏱ ann ran out of time: the AI took income: +$4.'"""
    rest = line[len(name) + 1:] if line.startswith(name + " ") else ""
    if not rest:
        rest = "ended the turn." if action_id.split(":")[1] == "end" else f"decided for them. {line}".strip()
    if previous.startswith((f"⏱ {name} ran out", f"⏱ for {name},")):  # the rest of the same decision
        return f"⏱ for {name}, the AI {rest}"
    return f"⏱ {name} ran out of time: the AI {rest}"


class GameService:
    def __init__(self, store: Store, clock=time.time):
        self.store = store
        self.clock = clock          # unix seconds; injectable so tests (and SimCord) control time
        self.on_deadline = None     # optional callback(earliest new instant) after new deadlines
        self._locks: dict[int, asyncio.Lock] = {}

    def lock(self, channel_id: int) -> asyncio.Lock:
        """The per-channel lock that serialises every change to the channel's game."""
        lk = self._locks.get(channel_id)
        if lk is None:
            lk = self._locks[channel_id] = asyncio.Lock()
        return lk

    # ---- lobby -----------------------------------------------------------------------------
    async def new_lobby(self, guild_id, channel_id: int, host_id: int, host_name: str, options: dict):
        """(game_id, None) or (None, existing GameRow) when the channel already has a game."""
        try:
            gid = await self.store.create_lobby(guild_id, channel_id, host_id, host_name, options,
                                                secrets.randbits(31))
        except ChannelBusy as busy:
            return None, busy.game
        return gid, None

    async def join(self, game_id: int, user_id: int, name: str) -> Outcome:
        r = await self.store.add_player(game_id, user_id, name, MAX_PLAYERS)
        game = await self.store.game(game_id)
        msg = {"already": "You are already seated at this table.",
               "full": f"This table is full ({MAX_PLAYERS} players).",
               "closed": "This lobby is closed."}.get(r, "")
        return Outcome(r == "ok", msg, r, game)

    async def leave(self, game_id: int, user_id: int) -> Outcome:
        game = await self.store.game(game_id)
        if game is None or game.status != "lobby":
            return refuse("closed", "This lobby is closed.", game)
        if user_id == game.host_id:
            return refuse("host", "You are the host: use `/pioneer end` to close the lobby.", game)
        if not await self.store.remove_player(game_id, user_id):
            return refuse("absent", "You are not seated at this table.", game)
        return Outcome(True, game=await self.store.game(game_id))

    async def _host_lobby(self, game_id: int, user_id: int, what: str) -> tuple:
        """(the open lobby, None), or (None, the refusal) when it is closed or user_id is not its host."""
        game = await self.store.game(game_id)
        if game is None or game.status != "lobby":
            return None, refuse("closed", "This lobby is closed.", game)
        if user_id != game.host_id:
            return None, refuse("not_host", f"Only the host can {what}.", game)
        return game, None

    async def add_ai(self, game_id: int, user_id: int, level: str) -> Outcome:
        game, refused = await self._host_lobby(game_id, user_id, "add or remove AI players")
        if refused:
            return refused
        r = await self.store.add_ai(game_id, level, AI_NAMES[level], MAX_PLAYERS)
        msg = {"full": f"This table is full ({MAX_PLAYERS} players).", "closed": "This lobby is closed."}
        return Outcome(r == "ok", msg.get(r, ""), r, await self.store.game(game_id))

    async def remove_ai(self, game_id: int, user_id: int) -> Outcome:
        game, refused = await self._host_lobby(game_id, user_id, "add or remove AI players")
        if refused:
            return refused
        if not await self.store.remove_ai(game_id):
            return refuse("no_ai", "There is no AI player at this table.", game)
        return Outcome(True, game=await self.store.game(game_id))

    async def set_timer(self, game_id: int, user_id: int, seconds: int) -> Outcome:
        game, refused = await self._host_lobby(game_id, user_id, "change the turn timer")
        if refused:
            return refused
        if seconds not in dict(TIMERS).values():
            return refuse("bad_timer", "That is not a timer I offer.", game)
        if not await self.store.set_option(game_id, "timer", seconds):
            return refuse("closed", "This lobby is closed.", game)
        return Outcome(True, game=await self.store.game(game_id))

    async def start(self, game_id: int, user_id: int) -> Outcome:
        game, refused = await self._host_lobby(game_id, user_id, "start the game")
        if refused:
            return refused
        n = len(game.players)
        if not MIN_PLAYERS <= n <= MAX_PLAYERS:
            return refuse("count", f"Pioneer Days needs {MIN_PLAYERS}-{MAX_PLAYERS} players "
                                   f"({n} seated): to play solo, add an AI player.", game)
        if not game.humans():
            return refuse("count", "At least one person must play.", game)
        opts = game.options
        config = {"players": n, "sets": opts["sets"], "pioneers": opts["pioneers"],
                  "names": [p.name for p in game.players]}
        state, events = engine.new_game(config, game.seed)
        public = [engine.public_event(e, None) for e in events]
        for seat, p in enumerate(game.players):  # seats in joining order, as the store assigns them
            p.seat = seat
        recent = narrate.lines(public, names(game))[-RECENT:]
        plan, fresh = self.plan(game, None, state)
        if not await self.store.start_game(game_id, config, engine.to_json(state), state["seq"], public,
                                           recent, plan, fresh):
            return refuse("closed", "This lobby is closed.", game)
        self._notify(plan)
        game = await self.store.game(game_id)
        return Outcome(True, game=game, state=game.state, events=public, line=" ".join(recent), fresh=fresh)

    # ---- play ------------------------------------------------------------------------------
    async def act(self, game_id: int, channel_id: int, user_id: int, version: int, action_id: str) -> Outcome:
        """Validates, applies and commits one action. Never raises for a user mistake."""
        game = await self.store.game(game_id)
        if game is None or game.channel_id != channel_id:
            return refuse("missing", "This button does not belong to a game in this channel.")
        if game.status in ("over", "ended"):
            return refuse("over", "This game is over.", game)
        if game.status != "active":
            return refuse("lobby", "This game has not started yet.", game)
        seat = game.seat_of(user_id)
        if seat is None:
            return refuse("not_player", "You are not playing in this game.", game)
        state = game.state
        who = engine.deciders(state)
        if seat not in who:
            if state["stage"] == "turn":
                return refuse("not_turn", f"It is {game.display(state['turn'])}'s turn, not yours.", game)
            return refuse("not_deciding", "You have nothing to decide right now.", game)
        a_seat, _, _ = action_id.partition(":")
        if a_seat != str(seat):
            return refuse("not_yours", "That choice belongs to another player.", game)
        if version != state["seq"] and not await self._still_valid(game, seat, version):
            return refuse("stale", "The game has moved on: use the current panel.", game)
        return await self._commit(game, seat, user_id, action_id, stale_ok=version != state["seq"])

    async def auto(self, game_id: int, seat: int, version: int, action_id: str, timed_out: bool = False):
        """An action chosen by the bot: for an AI seat, or for a person whose time ran out. The choice
        was computed from state `version`: it must still be current (or, during simultaneous
        decisions, still valid for this seat)."""
        game = await self.store.game(game_id)
        if game is None or game.status != "active":
            return refuse("over", "This game is over.", game)
        state = game.state
        if seat not in engine.deciders(state):
            return refuse("stale", "The game has moved on.", game)
        if not timed_out and not game.is_ai(seat):
            return refuse("not_ai", "That seat is played by a person.", game)
        # as for people: others deciding meanwhile do not change this seat's simultaneous decision
        if state["seq"] != version and not await self._still_valid(game, seat, version):
            return refuse("stale", "The game has moved on.", game)
        return await self._commit(game, seat, game.user_at(seat) if not timed_out else 0, action_id,
                                  stale_ok=state["seq"] != version, timed_out=timed_out)

    async def _commit(self, game: GameRow, seat: int, user_id: int, action_id: str, stale_ok: bool = False,
                      timed_out: bool = False) -> Outcome:
        state = game.state
        r = engine.apply(state, action_id)
        if not r.ok:
            code = "stale" if stale_ok else "illegal"
            msg = ("The game has moved on: use the current panel." if code == "stale"
                   else f"That choice is not available: {r.reason}")
            return refuse(code, msg, game)
        new = r.state
        public = [engine.public_event(e, None) for e in r.events]
        line = narrate.action_line(public, names(game))
        if timed_out:
            line = timed_out_line(line, game.display(seat), (game.recent or [""])[-1], action_id)
        recent = (game.recent + [line])[-RECENT:] if line else game.recent
        status = "over" if engine.is_over(new) else "active"
        plan, fresh = self.plan(game, state, new)
        unpinged = self.unpinged(game, new, fresh, seat if user_id > 0 else None)
        ok = await self.store.commit_action(game.id, state["seq"], action_id, seat, user_id, state["stage"],
                                            public, engine.to_json(new), new["seq"], status, recent, plan,
                                            unpinged)
        if not ok:  # another process or a lost race wrote first: nothing was applied
            return refuse("stale", "The game has moved on: use the current panel.", game)
        self._notify(plan)
        game.state_json, game._state, game.seq = None, new, new["seq"]
        game.status, game.recent, game.unpinged = status, recent, unpinged
        return Outcome(True, game=game, state=new, before=state, events=public, line=line, seat=seat,
                       fresh=fresh)

    def plan(self, game: GameRow, before: dict | None, after: dict) -> tuple[dict, list]:
        """The deadlines after a change ({seat: None to keep the running one, or a new (seq, due, remind)})
        and the people who now face a new decision. A decision that goes on (same key, same seat)
        keeps its deadline, so the timer covers a whole turn, not each click."""
        if engine.is_over(after):
            return {}, []
        going_on = set(engine.deciders(before)) if before and decision_key(before) == decision_key(after) \
            else set()
        timer = game.options.get("timer", 0)
        now = self.clock()
        plan, fresh = {}, []
        for s in engine.deciders(after):
            if game.is_ai(s):
                continue
            if s in going_on:
                plan[s] = None
            else:
                fresh.append(s)
                if timer:
                    plan[s] = (after["seq"], now + timer, now + timer / 2)
        return plan, fresh

    @staticmethod
    def unpinged(game: GameRow, after: dict, fresh: list, clicker: int | None) -> list:
        """The seats to ping after this commit (the clicker is looking already), plus any earlier ping
        that was never posted (a crash) while that seat is still deciding. Stored with the commit and
        cleared when the ping is posted, so start-up can post what a crash swallowed."""
        if engine.is_over(after):
            return []
        deciding = engine.deciders(after)
        carry = [s for s in game.unpinged if s in deciding and s not in fresh]
        return sorted(carry + [s for s in fresh if s != clicker])

    def _notify(self, plan: dict) -> None:
        new = [row[2] for row in plan.values() if row is not None]
        if new and self.on_deadline is not None:
            self.on_deadline(min(new))

    async def leave_game(self, game_id: int, user_id: int) -> Outcome:
        """A person leaves a running game: an easy AI plays their seat on. Code "ended" when nobody
        is left: the game is then over (status ended)."""
        game = await self.store.game(game_id)
        if game is None or game.status != "active":
            return refuse("closed", "This game is not running.", game)
        seat = game.seat_of(user_id)
        if seat is None:
            return refuse("not_player", "You are not playing in this game.", game)
        name = game.display(seat)
        others = [p for p in game.humans() if p.user_id != user_id]
        if not others:
            await self.store.end_game(game_id, user_id, f"{name} left and no person is left at the table.")
            return Outcome(True, code="ended", game=await self.store.game(game_id), seat=seat)
        line = f"{name} left the table: an AI (easy) plays on."
        recent = (game.recent + [line])[-RECENT:]
        host = others[0].user_id if user_id == game.host_id else None
        if not await self.store.seat_to_ai(game_id, user_id, "easy", recent, host):
            return refuse("closed", "This game is not running.", game)
        return Outcome(True, game=await self.store.game(game_id), seat=seat, line=line)

    async def _still_valid(self, game: GameRow, seat: int, version: int) -> bool:
        """During simultaneous decisions, one player's choices do not change another's: a button made
        before others decided stays valid as long as this seat has not acted since and the stage
        did not change (the engine then re-checks the action itself)."""
        stage = game.state["stage"]
        if stage not in SIMULTANEOUS or version > game.state["seq"]:
            return False
        since = await self.store.actors_since(game.id, version)
        return all(s != seat and st == stage for s, st in since)

    async def end(self, game_id: int, by: int, reason: str = "ended by a player") -> Outcome:
        game = await self.store.game(game_id)
        if game is None or game.status not in ("lobby", "active"):
            return refuse("over", "This game is already over.", game)
        await self.store.end_game(game_id, by, reason)
        return Outcome(True, game=await self.store.game(game_id))

    # ---- reading ---------------------------------------------------------------------------
    async def game(self, game_id: int) -> GameRow | None:
        return await self.store.game(game_id)

    async def in_channel(self, channel_id: int) -> GameRow | None:
        return await self.store.open_game_in_channel(channel_id)

    async def log_lines(self, game: GameRow, count: int) -> list[str]:
        rows = await self.store.actions(game.id, limit=count)
        nm = names(game)
        out = []
        if len(rows) < count:
            out.extend(narrate.lines(await self.store.start_events(game.id), nm))
        for r in rows:
            line = narrate.action_line(r["events"], nm)
            if line:
                out.append(line)
        return out[-count:]

    async def replayed(self, game: GameRow) -> dict:
        """The state rebuilt from config + seed + the logged actions (for checks and recovery)."""
        ids = [r["action_id"] for r in await self.store.actions(game.id)]
        state, _ = engine.replay(game.config, game.seed, ids)
        return state
