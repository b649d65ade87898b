"""Leaving and ending: a person leaves a running game (an AI plays on), a game is ended, a game whose
channel is gone is archived."""

from db import StoreError
from i18n import _, use

from .. import outbox
from ..levels import level_name
from ..tables import game_of
from .core import RECENT, ServiceCore, log
from .outcome import NOT_PLAYING, Outcome, guarded, refuse


class Ending(ServiceCore):
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
            line = _("{who} left the table: an AI ({level}) plays on.", who=name,
                     level=level_name(game_of(game), level))
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
        self.acted.pop(game_id, None)
        return Outcome(True, game=await self.store.game(game_id))

    async def archive(self, game_id: int, reason: str) -> None:
        """The channel is gone: the game ends with nothing to show."""
        log.info("archiving game %s: %s", game_id, reason)
        try:
            await self.store.end_game(game_id, None, reason)
        except StoreError as e:
            log.critical("could not archive game %s: %s", game_id, e)
