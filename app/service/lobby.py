"""The lobby: a new one (or a finished game's rematch), seats taken and left, AI seats, the options, and the
start of the game."""

import asyncio
import secrets
from collections.abc import Mapping
from typing import Any

import engine
from db import ChannelBusy
from engine import registry
from engine.protocol import Game
from i18n import _, use

from .. import options as table_options
from .. import outbox
from ..levels import seat_name
from ..tables import game_of, names
from .core import RECENT, ServiceCore
from .outcome import Outcome, guarded, refuse


def lobby_options(game: Game, chosen: Mapping[str, Any], timer: int) -> dict | str:
    """Validated lobby options (each one of the game's own choices, the rest their defaults), or the reason
    they are refused, naming what is allowed: a modified client can send anything."""
    return table_options.checked(game, chosen, timer)


class Lobby(ServiceCore):
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
        if old is None or not old.here(channel_id):
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
                    name = seat_name(game_of(old), p.ai)
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
            name = seat_name(played, level)  # the store numbers the AI
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
        # off the loop: a game's first deal may take long once (a board of the day generated by the day's
        # first game: about a second), and every other table's clicks wait for the loop meanwhile
        state, events = await asyncio.to_thread(rules.new_game, config, game.seed)
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
