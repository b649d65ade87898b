"""Why the database cannot be used: each message says what to do. `cause` names the kind of fault in one
word, for the log line that says it once (db/faults.py Health) and for the answer people get."""

import functools


class StoreError(RuntimeError):
    """The database cannot be used."""

    cause = "unusable"


class SchemaTooNew(StoreError):
    """The database was written by a newer bot."""


class DatabaseMissing(StoreError):
    """No database where one was expected (a wrong path, an unmounted volume)."""


class NotOurDatabase(StoreError):
    """A file that is not (or no longer) a database of this bot."""


class DatabaseGone(StoreError):
    """The database file was removed or replaced while the bot was running."""

    cause = "gone"


class DatabaseUnavailable(StoreError):
    """The database server cannot be reached right now (down, restarting, the network): nothing was
    written; the same call succeeds once it is back (the connection pool reconnects by itself)."""

    cause = "unreachable"


class StorageFailed(StoreError):
    """The storage refused the call for a reason of its own, not of the change: the disk is full, the file
    or the server is read-only, an I/O error, out of memory or another process's lock. Nothing was written;
    the same call succeeds once the cause is gone. cause: "full", "read-only", "io", "memory", "resources"
    (PostgreSQL's other limits) or "busy"."""

    def __init__(self, cause: str, detail: str):
        super().__init__(detail)
        self.cause = cause


class DatabaseDamaged(StoreError):
    """What the call read is damaged (SQLite: "database disk image is malformed"; PostgreSQL: data or an
    index corrupted; a saved state that is not JSON). game_id/channel_id: the game or channel it was about,
    when the store knows; write: it was found by a write (nothing was written)."""

    cause = "damaged"

    def __init__(self, detail: str, write: bool = False):
        super().__init__(detail)
        self.write = write
        self.game_id: int | None = None
        self.channel_id: int | None = None

    def about(self, game_id: int | None = None, channel_id: int | None = None) -> "DatabaseDamaged":
        """The same error, naming what it was about (the first name given sticks)."""
        self.game_id = self.game_id if self.game_id is not None else game_id
        self.channel_id = self.channel_id if self.channel_id is not None else channel_id
        return self


def about_game(method):
    """A store method whose first argument is a game id: a damaged read names that game."""
    @functools.wraps(method)
    async def run(self, game_id, *a, **kw):
        try:
            return await method(self, game_id, *a, **kw)
        except DatabaseDamaged as e:
            raise e.about(game_id=game_id) from e.__cause__
    return run


def about_channel(method):
    """A store method whose first argument is a channel id: a damaged read names that channel."""
    @functools.wraps(method)
    async def run(self, channel_id, *a, **kw):
        try:
            return await method(self, channel_id, *a, **kw)
        except DatabaseDamaged as e:
            raise e.about(channel_id=channel_id) from e.__cause__
    return run
