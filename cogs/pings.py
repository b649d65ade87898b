"""Who is told that a game waits for them, and how (issue 38, fewer pings).

A mention in the game's channel (its thread) when the turn comes to a person for the first time in the game,
or when they have not acted for a while (PING_IDLE_MINUTES, a house value): never one per card or turn of a
game they are playing (the panel, and their private message, show it). A reminder of a turn timer (half of
the time gone) always mentions. Each person may also choose, with /play notify, a direct message: "always"
(in place of each mention), or "after" N minutes (when a decision has waited that long). Their direct
messages closed: the mention in the game's channel instead, and it says so, once (until they choose again).

What it remembers (who was mentioned, the waiting timers) lives in memory: after a restart a person may be
mentioned once more, and a decision's "after" wait starts again from the restart."""

import asyncio
import logging
from collections import OrderedDict

import discord

from app.tables import game_of
from db import GameRow, StoreError
from i18n import _, use
from ui import texts
from ui.texts import language

log = logging.getLogger("bot.pings")
MODES_KEPT = 10_000  # people whose /play notify choice is remembered (read again when forgotten)


class Pings:
    def __init__(self, courier):
        self.courier = courier
        self.bot = courier.bot
        self.mentioned: dict[int, set[int]] = {}  # game id: the seats mentioned at least once
        self.waits: dict[tuple[int, int], asyncio.Task] = {}  # (game id, seat): its "after N minutes" wait
        self.modes: OrderedDict[int, tuple[str, int, bool]] = OrderedDict()

    @property
    def idle_s(self) -> float:
        return self.bot.settings.ping_idle_minutes * 60

    async def mode(self, user_id: int) -> tuple[str, int, bool]:
        """(mode, minutes, direct messages closed) of a person (off when it can't be read)."""
        if user_id in self.modes:
            self.modes.move_to_end(user_id)
            return self.modes[user_id]
        try:
            got = await self.courier.service.store.notify_of(user_id)
        except StoreError:
            return ("off", 0, False)
        self.modes[user_id] = got
        if len(self.modes) > MODES_KEPT:
            self.modes.popitem(last=False)
        return got

    def chose(self, user_id: int) -> None:
        self.modes.pop(user_id, None)

    async def mentions(self, game: GameRow, seats: list[int]) -> tuple[list[int], str]:
        """Of the seats the turn just came to, those to mention in the channel (the others are playing, or
        are told by direct message), and a note for those whose direct messages were found closed."""
        service = self.courier.service
        now = service.clock()
        seen = self.mentioned.setdefault(game.id, set())
        out, closed = [], []
        for seat in seats:
            user = game.user_at(seat)
            if user is None:
                continue
            mode, minutes, shut = await self.mode(user)
            if mode == "after":
                self.wait(game, seat, minutes)
            last = service.last_acted(game.id, seat)
            if seat in seen and last is not None and now - last < self.idle_s:
                continue  # playing: the panel and their private message show it
            seen.add(seat)
            if mode == "always" and not shut:
                if await self.direct(game, seat, user):
                    continue
                closed.append(seat)
            out.append(seat)
        note = _("{who}: I can't send you direct messages (they are closed), so I mention you here.",
                 who=", ".join(game.display(s) for s in closed)) if closed else ""
        return out, note

    async def direct(self, game: GameRow, seat: int, user: int) -> bool:
        """A direct message that the game waits for them; False when their direct messages are closed (noted,
        so that it is tried no more until they choose again)."""
        with use(language(game)):
            link = texts.panel_link(game)
            text = _("**{game}** is waiting for your move: {link}", game=texts.title(game), link=link)
        try:
            person = self.bot.get_user(user) or await self.bot.fetch_user(user)
            await person.send(text, allowed_mentions=discord.AllowedMentions.none())
            return True
        except discord.Forbidden:
            log.info("game %s: %s's direct messages are closed: mentioned in the channel", game.id, user)
            try:
                await self.courier.service.store.notify_closed(user)
            except StoreError:
                pass
            self.chose(user)
            return False
        except discord.HTTPException as e:  # (Discord failed: the mention is the safe side)
            log.warning("game %s: no direct message to %s: %s", game.id, user, e)
            return False

    def wait(self, game: GameRow, seat: int, minutes: int) -> None:
        """In `minutes`, a direct message if this very decision still waits for the seat's person."""
        key = (game.id, seat)
        old = self.waits.pop(key, None)
        if old is not None:
            old.cancel()
        since = self.courier.service.clock()
        self.waits[key] = asyncio.get_running_loop().create_task(self._wait(game.id, seat, since, minutes))

    async def _wait(self, game_id: int, seat: int, since: float, minutes: int) -> None:
        try:
            await asyncio.sleep(minutes * 60)
            game = await self.courier.service.game(game_id)
            if game is None or game.status != "active" or seat not in game_of(game).rules.deciders(game.live):
                return
            last = self.courier.service.last_acted(game_id, seat)
            if last is not None and last >= since:
                return  # they acted since: what waits now is a later decision (its own wait runs)
            user = game.user_at(seat)
            if user is not None and not (await self.mode(user))[2]:
                await self.direct(game, seat, user)
        except asyncio.CancelledError:
            raise
        except Exception:  # a bug: logged; a wait is a courtesy, the game goes on
            log.exception("game %s: the wait of seat %s failed", game_id, seat)
        finally:
            if self.waits.get((game_id, seat)) is asyncio.current_task():
                del self.waits[(game_id, seat)]

    def forget(self, game_id: int) -> None:
        """The game is over: nobody waits for it."""
        self.mentioned.pop(game_id, None)
        for key in [k for k in self.waits if k[0] == game_id]:
            self.waits.pop(key).cancel()

    def stop(self) -> None:
        for task in self.waits.values():
            task.cancel()
        self.waits.clear()
