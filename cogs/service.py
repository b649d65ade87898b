"""The game service: lobby, start, apply, persist. Discord-free, so it can be tested directly.

Every accepted action is validated against the stored state, written (log row + new state, one
transaction, optimistic version check) and only then reported back to the Discord layer. Callers
hold `lock(channel_id)` around a call and the reply that shows its result, so that replies and
panel edits happen in the same order as the actions."""

import asyncio
import secrets
from dataclasses import dataclass, field

import engine
from db import ChannelBusy, GameRow, Store
from engine.constants import MAX_PLAYERS, MIN_PLAYERS

from . import narrate

SIMULTANEOUS = ("disaster", "town", "pioneer")
RECENT = 16  # narrated lines kept: the live panel shows 4, a finished day's panel all


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


def refuse(code: str, message: str, game: GameRow | None = None) -> Outcome:
    return Outcome(False, message, code, game, game.state if game else None)


def names(game: GameRow) -> list[str]:
    return [p.name for p in sorted(game.players, key=lambda p: p.seat if p.seat is not None else 99)]


class GameService:
    def __init__(self, store: Store):
        self.store = store
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

    async def start(self, game_id: int, user_id: int) -> Outcome:
        game = await self.store.game(game_id)
        if game is None or game.status != "lobby":
            return refuse("closed", "This lobby is closed.", game)
        if user_id != game.host_id:
            return refuse("not_host", "Only the host can start the game.", game)
        n = len(game.players)
        if not MIN_PLAYERS <= n <= MAX_PLAYERS:
            return refuse("count", f"Pioneer Days needs {MIN_PLAYERS}-{MAX_PLAYERS} players "
                                   f"({n} seated).", game)
        opts = game.options
        config = {"players": n, "sets": opts["sets"], "pioneers": opts["pioneers"],
                  "names": [p.name for p in game.players]}
        state, events = engine.new_game(config, game.seed)
        public = [engine.public_event(e, None) for e in events]
        recent = narrate.lines(public, config["names"])[-RECENT:]
        if not await self.store.start_game(game_id, config, engine.to_json(state), state["seq"], public,
                                           recent):
            return refuse("closed", "This lobby is closed.", game)
        game = await self.store.game(game_id)
        return Outcome(True, game=game, state=game.state, events=public, line=" ".join(recent))

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
                return refuse("not_turn", f"It is {state['players'][state['turn']]['name']}'s turn, "
                                          "not yours.", game)
            return refuse("not_deciding", "You have nothing to decide right now.", game)
        a_seat, _, _ = action_id.partition(":")
        if a_seat != str(seat):
            return refuse("not_yours", "That choice belongs to another player.", game)
        if version != state["seq"] and not await self._still_valid(game, seat, version):
            return refuse("stale", "The game has moved on: use the current panel.", game)
        r = engine.apply(state, action_id)
        if not r.ok:
            code = "stale" if version != state["seq"] else "illegal"
            msg = ("The game has moved on: use the current panel." if code == "stale"
                   else f"That choice is not available: {r.reason}")
            return refuse(code, msg, game)
        new = r.state
        public = [engine.public_event(e, None) for e in r.events]
        line = narrate.action_line(public, names(game))
        recent = (game.recent + [line])[-RECENT:] if line else game.recent
        status = "over" if engine.is_over(new) else "active"
        ok = await self.store.commit_action(game_id, state["seq"], action_id, seat, user_id, state["stage"],
                                            public, engine.to_json(new), new["seq"], status, recent)
        if not ok:  # another process or a lost race wrote first: nothing was applied
            return refuse("stale", "The game has moved on: use the current panel.", game)
        game.state_json, game._state, game.seq = None, new, new["seq"]
        game.status, game.recent = status, recent
        return Outcome(True, game=game, state=new, before=state, events=public, line=line, seat=seat)

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
