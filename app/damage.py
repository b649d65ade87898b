"""Games whose saved record is damaged: each named once in the log, its channel told once.

A damaged file (db/errors.py DatabaseDamaged) stops only what it touches: a game whose row or log can't be
read can't go on, the others play on. Start-up (cogs/courier.py recover) and the one error handler (bot.py)
both report a damaged game here; the first report of a game is logged and asks for its channel to be told,
the later ones are silent. A damaged read that names no game (a list of a channel's games) is said once
per channel."""

import logging
from collections.abc import Awaitable, Callable

log = logging.getLogger("bot.damage")


class Damage:
    def __init__(self) -> None:
        self.games: dict[int, tuple[int | None, str]] = {}  # game id: (its channel, what was found)
        self.channels: dict[int, str] = {}  # channel id: what was found (no game named)
        self.unnamed = False                # a damaged read that named neither was said
        # how a damaged game's channel is told (the courier's, set by bot.py): for what finds damage without
        # Discord at hand (AI seats, timers)
        self.teller: Callable[[int, int | None], Awaitable[None]] | None = None

    def game_of(self, e: Exception, game_id: int | None = None, channel_id: int | None = None) -> int | None:
        """The game a damaged read was about: the one it names, else the damaged game of its channel."""
        gid = getattr(e, "game_id", None) if game_id is None else game_id
        cid = getattr(e, "channel_id", None) if channel_id is None else channel_id
        if gid is None and cid is not None:
            gid = next((g for g, (c, _why) in self.games.items() if c == cid), None)
        return gid

    async def report(self, e: Exception, game_id: int | None = None) -> None:
        """found(), and the channel told the first time (when a teller is set)."""
        gid = self.game_of(e, game_id)
        if self.found(e, game_id) and gid is not None and self.teller is not None:
            await self.teller(gid, getattr(e, "channel_id", None))

    def found(self, e: Exception, game_id: int | None = None, channel_id: int | None = None) -> bool:
        """Reports damage; True the first time for this game (its channel is then to be told)."""
        gid = self.game_of(e, game_id, channel_id)
        cid = getattr(e, "channel_id", None) if channel_id is None else channel_id
        if gid is not None:
            if gid in self.games:
                return False
            self.games[gid] = (cid, str(e))
            log.error("game %s (channel %s): its saved record is damaged and can't be loaded, so it can't go "
                      "on; the other games play on. Restore the database from a backup. (%s)", gid, cid, e)
            return True
        if cid is not None and cid not in self.channels:
            self.channels[cid] = str(e)
            log.error("channel %s: its games can't be listed: the database is damaged (%s)", cid, e)
        elif cid is None and not self.unnamed:
            self.unnamed = True
            log.error("the database is damaged (%s); the games that can be read go on", e)
        return False
