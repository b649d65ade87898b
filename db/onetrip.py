"""A write function's statements sent to PostgreSQL as one statement (a DO block) in one round trip.

A move's commit is an UPDATE with an optimistic check and a few INSERTs and DELETEs: with asyncpg each is
a round trip of its own, plus BEGIN and COMMIT, and under load each waits for the writer loop again. As one
DO block it is one statement, so one transaction, and one round trip. The values are written into the text
as literals: numbers as numbers, text dollar-quoted with a tag that does not occur in it (so nothing a
player typed can end the literal, whatever the server's string settings), None as NULL; anything else,
and any read inside the transaction, is NotInline: the function then runs as an ordinary transaction."""

import itertools
import re
from collections.abc import Sequence

from .base import POSTGRES, between_placeholders

REFUSED = "optimistic check refused"  # the RAISE message of a failed execute_one


class NotInline(Exception):
    """The function reads, or passes a value that has no literal here: run it as a transaction."""


def literal(value) -> str:
    if value is None:
        return "NULL"
    if isinstance(value, bool):
        raise NotInline("a boolean")  # (columns are integers here: say which by running it as usual)
    if isinstance(value, int):
        return str(value)
    if isinstance(value, float):
        if value != value or value in (float("inf"), float("-inf")):
            raise NotInline("not a finite number")
        return repr(value)
    if isinstance(value, str):
        if "\x00" in value:
            raise NotInline("a NUL character")
        return f"{quote_tag(value)}{value}{quote_tag(value)}"
    raise NotInline(type(value).__name__)


def quote_tag(text: str) -> str:
    """A dollar-quote tag that does not occur in text."""
    for n in itertools.count():
        tag = f"$v{n}$"
        if tag not in text:
            return tag
    raise AssertionError("unreachable")


def inline(sql: str, args: Sequence) -> str:
    """sql with each `?` (outside quoted text) replaced by its value's literal."""
    pieces = between_placeholders(sql)
    if len(args) != len(pieces) - 1:
        raise ValueError(f"{len(args)} values for {len(pieces) - 1} placeholders: {sql}")
    return pieces[0] + "".join(literal(v) + piece for v, piece in zip(args, pieces[1:], strict=True))


class OneTrip:
    """A write function's transaction, collected (db/base.py Tx): nothing runs until statement() is sent."""

    dialect = POSTGRES

    def __init__(self) -> None:
        self.body: list[str] = []

    async def execute(self, sql: str, args: Sequence = ()) -> int:
        raise NotInline("a statement whose count of changed rows is read")

    async def execute_one(self, sql: str, args: Sequence = ()) -> bool:
        self.body.append(inline(sql, args) + ";")
        self.body.append(f"IF NOT FOUND THEN RAISE EXCEPTION '{REFUSED}'; END IF;")
        return True

    async def run(self, sql: str, args: Sequence = ()) -> None:
        """A statement whose outcome is not read."""
        self.body.append(inline(sql, args) + ";")

    async def executemany(self, sql: str, rows: Sequence[Sequence]) -> None:
        for row in rows:
            await self.run(sql, row)

    async def fetchone(self, sql: str, args: Sequence = ()) -> tuple | None:
        raise NotInline("a read")

    async def fetchall(self, sql: str, args: Sequence = ()) -> list[tuple]:
        raise NotInline("a read")

    def statement(self) -> str:
        body = "BEGIN\n" + "\n".join(self.body) + "\nEND"
        tag = next(f"$t{n}$" for n in itertools.count() if f"$t{n}$" not in body)
        return f"DO {tag}\n{body}\n{tag}"

    @staticmethod
    def refused(e: Exception) -> bool:
        return re.search(re.escape(REFUSED), str(e)) is not None
