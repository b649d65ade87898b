"""Why the database cannot be used: each message says what to do."""


class StoreError(RuntimeError):
    """The database cannot be used."""


class SchemaTooNew(StoreError):
    """The database was written by a newer bot."""


class DatabaseMissing(StoreError):
    """No database where one was expected (a wrong path, an unmounted volume)."""


class NotOurDatabase(StoreError):
    """A file that is not (or no longer) a database of this bot."""


class DatabaseGone(StoreError):
    """The database file was removed or replaced while the bot was running."""


class DatabaseUnavailable(StoreError):
    """The database server cannot be reached right now (down, restarting, the network): nothing was
    written; the same call succeeds once it is back (the connection pool reconnects by itself)."""
