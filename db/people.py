"""A person's own settings, of no one game: how they want to be told that a game waits for them
(/play notify: cogs/pings.py), and whether their direct messages were found closed."""

from .base import StoreBase, Tx

MODES = ("off", "after", "always")


class People(StoreBase):
    """Store mixin: needs _rows (reads) and _write (one transaction per write)."""

    async def notify_of(self, user_id: int) -> tuple[str, int, bool]:
        """(mode, minutes, direct messages found closed) of a person: ("off", 0, False) until they choose."""
        rows = await self._rows("SELECT mode, minutes, closed FROM notify WHERE user_id=?", (user_id,))
        return (rows[0][0], rows[0][1], bool(rows[0][2])) if rows else ("off", 0, False)

    async def set_notify(self, user_id: int, mode: str, minutes: int = 0) -> None:
        """A person's choice (their direct messages taken as open again: they just chose them)."""
        if mode not in MODES:
            raise ValueError(f"no such mode: {mode}")

        async def tx(db: Tx):
            await db.execute("INSERT INTO notify (user_id, mode, minutes, closed) VALUES (?,?,?,0) ON CONFLICT "
                             "(user_id) DO UPDATE SET mode=excluded.mode, minutes=excluded.minutes, closed=0",
                             (user_id, mode, minutes))
        await self._write(tx)

    async def notify_closed(self, user_id: int) -> bool:
        """Their direct messages were found closed; True the first time (then it is said, once)."""
        async def tx(db: Tx):
            return await db.execute("UPDATE notify SET closed=1 WHERE user_id=? AND closed=0", (user_id,)) == 1
        return await self._write(tx)
