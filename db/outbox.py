"""The outbox: what a committed change promised to show in the channel (a Store mixin).

Items are written by the change's own transaction (insert_items), delivered in order by the bot's
courier (cogs/courier.py) and marked done with the message that showed them, so a crash between a
commit and its posts loses nothing: start-up delivers what is still pending."""

from engine import from_json, json_text

from .base import StoreBase, Tx
from .errors import about_game
from .rows import OutboxItem
from .shards import Owned, owned_sql


async def insert_items(db: Tx, game_id: int, seq: int, items) -> None:
    """Adds (kind, data) items for version `seq` inside the caller's transaction."""
    rows = [(game_id, seq, kind, json_text(data)) for kind, data in items]
    if rows:
        await db.executemany("INSERT INTO outbox (game_id, seq, kind, data) VALUES (?,?,?,?)", rows)


class Outbox(StoreBase):
    @about_game
    async def pending(self, game_id: int) -> list[OutboxItem]:
        """The game's undelivered items, in the order they were promised."""
        rows = await self._rows("SELECT id, game_id, seq, kind, data FROM outbox WHERE game_id=? AND done=0 "
                                "ORDER BY id", (game_id,))
        return [OutboxItem(r[0], r[1], r[2], r[3], from_json(r[4])) for r in rows]

    async def games_with_pending(self, owned: Owned | None = None) -> list[int]:
        """Every game with something left to show, finished games included (of the `owned` shards)."""
        if owned is None:
            return [r[0] for r in await self._rows("SELECT DISTINCT game_id FROM outbox WHERE done=0")]
        return [r[0] for r in await self._rows(
            "SELECT DISTINCT game_id FROM outbox JOIN games ON games.id=outbox.game_id WHERE done=0 AND "
            + owned_sql("games.guild_id", owned))]

    async def add_items(self, game_id: int, seq: int, items) -> None:
        """Items that belong to no move (a reminder, a repaired panel): their own transaction."""
        async def tx(db: Tx):
            await insert_items(db, game_id, seq, items)
        await self._write(tx)

    async def mark_done(self, item_ids, message_id: int | None = None) -> None:
        ids = list(item_ids)
        if not ids:
            return

        async def tx(db: Tx):
            await db.execute(f"UPDATE outbox SET done=1, message_id=? WHERE id IN ({','.join('?' * len(ids))})",
                             (message_id, *ids))
        await self._write(tx)

    async def last_shown(self, game_id: int) -> int | None:
        """The newest message an item of this game was shown in: later items come after it."""
        rows = await self._rows("SELECT MAX(message_id) FROM outbox WHERE game_id=? AND done=1", (game_id,))
        return rows[0][0] if rows else None

    async def previous_seq(self, game_id: int, kind: str, before_id: int) -> int | None:
        """The version shown by the game's last item of this kind promised before item `before_id`."""
        rows = await self._rows("SELECT MAX(seq) FROM outbox WHERE game_id=? AND kind=? AND id<?",
                                (game_id, kind, before_id))
        return rows[0][0] if rows else None
