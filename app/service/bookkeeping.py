"""The courier's bookkeeping: what the channel shows (the panel, the lobby, the ping), the outbox items
delivered or promised, the deadlines dropped or reminded, and the clicks a dead process left unsaved."""

from db import GameRow, StoreError

from .. import undo
from ..clicks import Click
from .core import ServiceCore, log


class Bookkeeping(ServiceCore):
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
