"""What the Store's parts (games, outbox, deadlines) need from it: one read, one transactional write, and
the few SQL fragments that differ between SQLite and PostgreSQL (the Dialect).

The SQL of the parts is written once, for both databases: `?` placeholders (the PostgreSQL backend
turns them into $1, $2 ...), standard statements (INSERT ... ON CONFLICT, RETURNING, subqueries with an
alias), and a Dialect field where the two really differ. A write is a function given a Tx (below): a
plain function, or an `async def` that awaits only the Tx's methods (on SQLite it runs to its end on
the writer thread without ever suspending; on PostgreSQL it runs on a pooled connection)."""

import functools
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any, Protocol


@dataclass(frozen=True)
class Dialect:
    name: str            # "sqlite" or "postgresql"
    now: str             # the current UTC time as ISO 8601 text (the created_at/updated_at columns)
    players_json: str    # a game's players as one JSON text, oldest seat first (correlated to games.id)
    by_status: str       # the index hint of "games by status" (SQLite only: see open_game_refs)
    for_update: str      # locks the rows a SELECT reads until the transaction ends (PostgreSQL only:
    #                      SQLite's single writer already runs one write at a time)


SQLITE = Dialect(
    name="sqlite",
    now="strftime('%Y-%m-%dT%H:%M:%fZ','now')",
    players_json="(SELECT json_group_array(json_array(user_id, name, seat, ai, left_user)) FROM "
                 "(SELECT user_id, name, seat, ai, left_user FROM players WHERE game_id=games.id "
                 "ORDER BY joined))",
    by_status="INDEXED BY games_by_status",
    for_update="",
)

POSTGRES = Dialect(
    name="postgresql",
    now="to_char(now() AT TIME ZONE 'UTC', 'YYYY-MM-DD\"T\"HH24:MI:SS.MS\"Z\"')",
    players_json="(SELECT COALESCE(json_agg(json_build_array(user_id, name, seat, ai, left_user) "
                 "ORDER BY joined), "
                 "'[]')::text FROM players WHERE game_id=games.id)",
    by_status="",
    for_update=" FOR UPDATE",
)


class Tx(Protocol):
    """One transaction, as a write function sees it. Rows are plain tuples on both databases."""

    dialect: Dialect

    async def execute(self, sql: str, args: Sequence = ()) -> int:
        """Runs one statement; returns the number of rows it changed."""

    async def run(self, sql: str, args: Sequence = ()) -> None:
        """Runs one statement whose count of changed rows is not read."""

    async def execute_one(self, sql: str, args: Sequence = ()) -> bool:
        """Runs a statement that must change a row (an optimistic check): False when it changed none, and
        the write function then writes nothing more and returns False."""

    async def executemany(self, sql: str, rows: Sequence[Sequence]) -> None: ...

    async def fetchone(self, sql: str, args: Sequence = ()) -> tuple | None: ...

    async def fetchall(self, sql: str, args: Sequence = ()) -> list[tuple]: ...


class StoreBase:
    dialect: Dialect = SQLITE

    async def _rows(self, sql: str, args: tuple = ()) -> list:
        raise NotImplementedError

    async def _write(self, fn: Callable[[Any], Any], tag: tuple | None = None) -> Any:
        raise NotImplementedError


@functools.lru_cache(maxsize=1024)
def between_placeholders(sql: str) -> tuple[str, ...]:
    """The text around each `?` placeholder outside quoted text: n placeholders, n + 1 pieces."""
    pieces: list[str] = []
    cur: list[str] = []
    quote = None
    for ch in sql:
        if quote:
            if ch == quote:
                quote = None
        elif ch in ("'", '"'):
            quote = ch
        elif ch == "?":
            pieces.append("".join(cur))
            cur = []
            continue
        cur.append(ch)
    pieces.append("".join(cur))
    return tuple(pieces)

