"""The turn timers' table: one row per person who must decide, written in the same transaction as
the action that handed them the decision (set_deadlines), read by the scheduler (cogs/timers.py)."""

from .base import StoreBase, Tx
from .errors import about_game
from .shards import Owned, owned_sql


class Deadlines(StoreBase):
    """Store mixin: needs _rows (reads) and _write (one transaction per write)."""

    @about_game
    async def deadlines(self, game_id: int) -> dict[int, dict]:
        rows = await self._rows("SELECT seat, seq, due_at, remind_at, reminded FROM deadlines "
                                "WHERE game_id=?", (game_id,))
        return {r[0]: {"seq": r[1], "due_at": r[2], "remind_at": r[3], "reminded": bool(r[4])} for r in rows}

    async def next_deadline(self, exclude=(), owned: Owned | None = None) -> float | None:
        """The earliest instant a timer needs attention (a reminder or a timeout), over running games (of
        the `owned` shards only, when given: db/shards.py)."""
        # deadlines exist only for running games (ending a game removes them): no join with games, so a
        # damaged game row cannot stop the other games' timers (the shard join reads its guild_id only)
        where = [f"game_id NOT IN ({','.join(str(int(g)) for g in exclude)})"] if exclude else []
        join = ""
        if owned is not None:
            join, where = " JOIN games ON games.id=deadlines.game_id", [*where, owned_sql("games.guild_id", owned)]
        rows = await self._rows(
            "SELECT MIN(CASE WHEN reminded=0 AND remind_at<due_at THEN remind_at ELSE due_at END) "
            f"FROM deadlines{join}{' WHERE ' + ' AND '.join(where) if where else ''}")
        return rows[0][0] if rows else None

    async def due_deadlines(self, now: float, owned: Owned | None = None) -> list[dict]:
        join, mine = ("", "") if owned is None else \
            (" JOIN games ON games.id=deadlines.game_id", f" AND {owned_sql('games.guild_id', owned)}")
        rows = await self._rows(
            "SELECT game_id, seat, deadlines.seq, due_at, remind_at, reminded FROM deadlines"
            f"{join} WHERE (due_at<=? OR (reminded=0 AND remind_at<=?)){mine} ORDER BY due_at", (now, now))
        return [{"game_id": r[0], "seat": r[1], "seq": r[2], "due_at": r[3], "remind_at": r[4],
                 "reminded": bool(r[5])} for r in rows]

    async def mark_reminded(self, game_id: int, seat: int, seq: int) -> bool:
        async def tx(db: Tx):
            return await db.execute("UPDATE deadlines SET reminded=1 WHERE game_id=? AND seat=? AND seq=? "
                                    "AND reminded=0", (game_id, seat, seq)) == 1
        return await self._write(tx)

    async def drop_deadline(self, game_id: int, seat: int, seq: int) -> None:
        async def tx(db: Tx):
            await db.execute("DELETE FROM deadlines WHERE game_id=? AND seat=? AND seq=?", (game_id, seat, seq))
        await self._write(tx)


async def set_deadlines(db: Tx, game_id: int, plan: dict) -> None:
    """plan: {seat: None (keep its running deadline) or (seq, due_at, remind_at) (a new one)}; every other
    seat of the game loses its deadline. Runs inside the action's transaction."""
    keep = list(plan)
    if keep:
        await db.run(f"DELETE FROM deadlines WHERE game_id=? AND seat NOT IN ({','.join('?' * len(keep))})",
                     (game_id, *keep))
    else:
        await db.run("DELETE FROM deadlines WHERE game_id=?", (game_id,))
    new = [(game_id, seat, *row) for seat, row in plan.items() if row is not None]
    if new:
        await db.executemany(
            "INSERT INTO deadlines (game_id, seat, seq, due_at, remind_at) VALUES (?,?,?,?,?) "
            "ON CONFLICT (game_id, seat) DO UPDATE SET seq=excluded.seq, due_at=excluded.due_at, "
            "remind_at=excluded.remind_at, reminded=0", new)
