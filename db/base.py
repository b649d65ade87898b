"""What the Store's parts (games, outbox, deadlines) need from it: one read, one transactional write."""

from collections.abc import Callable
from typing import Any


class StoreBase:
    async def _rows(self, sql: str, args: tuple = ()) -> list:
        raise NotImplementedError

    async def _write(self, fn: Callable[[Any], Any], tag: tuple | None = None) -> Any:
        raise NotImplementedError
