"""The Store: the one interface the service and the cogs use, on either backend.

    store = await Store.open("sqlite:///data/pioneer.sqlite3")          # or a plain file path
    store = await Store.open("postgresql://user:pw@host:5432/pioneer")  # asyncpg

Games, Outbox and Deadlines (db/games.py, db/outbox.py, db/deadlines.py) hold every query and every
write, written once for both databases; the backend (db/sqlite.py, db/postgres.py) runs them: `_rows`
(one read) and `_write` (one transaction). The guarantees are the same on both: one transaction per
move with the optimistic version check, the append-only action log enforced by the database, the
outbox and deadlines written in the move's transaction, migrations numbered alike, the checks at
opening (no silent empty database, a newer schema refused)."""

from urllib.parse import urlsplit

from .deadlines import Deadlines
from .errors import DatabaseDamaged, StoreError
from .faults import Health
from .games import Games
from .leases import FileLeases, PgLeases
from .outbox import Outbox
from .people import People
from .postgres import PostgresBackend, check_url, redact
from .records import Records
from .sqlite import SqliteBackend

SQLITE_PREFIX = "sqlite:///"


def parse_url(url: str) -> tuple[str, str]:
    """("sqlite", file path) or ("postgresql", URL) for a DATABASE_URL; a bare path is an SQLite file.
    sqlite:///data/x.sqlite3 is relative (to the current folder), sqlite:////var/x.sqlite3 absolute, as in
    SQLAlchemy. ValueError, saying what is accepted, for anything else."""
    url = url.strip()
    if url.startswith(SQLITE_PREFIX):
        path = url[len(SQLITE_PREFIX):]
        if not path or path == ":memory:":
            raise ValueError(f"{url!r}: sqlite:/// needs a file path (sqlite:///data/pioneer.sqlite3)")
        return "sqlite", path
    scheme = urlsplit(url).scheme if "://" in url else ""
    if scheme in ("postgresql", "postgres"):
        return "postgresql", check_url(url)
    if not scheme and not url.startswith("sqlite:") and url:
        return "sqlite", url
    raise ValueError(f"{redact(url)!r} is not a database URL this bot knows: use sqlite:///path/to/file.sqlite3 or "
                     "postgresql://user:password@host:5432/database")


class Store(Games, Outbox, Deadlines, Records, People):
    def __init__(self, backend: SqliteBackend | PostgresBackend):
        self.backend = backend
        self.dialect = backend.dialect
        self.kind = backend.dialect.name   # "sqlite" or "postgresql"
        self.closed = False
        self.on_commit = None  # optional callback(game_id, seq) when an action is committed (benchmarks)
        self._leases: FileLeases | PgLeases | None = None
        self.health = Health()  # storage faults, each said once in the log (db/faults.py)
        backend.committed = self._committed

    @classmethod
    async def open(cls, url: str, create: bool = False, synchronous: str = "FULL",
                   pool_size: int = 10) -> "Store":
        """Opens the database a DATABASE_URL (or a plain SQLite file path) names. `create` (the first-run
        flag --new-database) allows a new, empty database; otherwise an empty or missing one is an error
        (see SqliteBackend.open and db/postgres.py). synchronous: SQLite's PRAGMA synchronous;
        pool_size: PostgreSQL's connections."""
        kind, target = parse_url(url)
        backend: SqliteBackend | PostgresBackend
        if kind == "sqlite":
            backend = await SqliteBackend.open(target, create, synchronous)
        else:
            backend = await PostgresBackend.open(target, create, pool_size)
        return cls(backend)

    def leases(self) -> FileLeases | PgLeases:
        """This process's shard leases (db/leases.py): released when the store closes."""
        if self._leases is None:
            backend = self.backend
            self._leases = PgLeases(backend.url) if isinstance(backend, PostgresBackend) \
                else FileLeases(backend.path)
        return self._leases

    async def close(self) -> None:
        if not self.closed:
            self.closed = True
            if self._leases is not None:
                await self._leases.close()
            await self.backend.close()

    @property
    def problems(self) -> list[str]:
        """What the check at opening found (SQLite's PRAGMA quick_check); [] when sound."""
        return self.backend.problems

    @property
    def gone(self) -> str | None:
        """Why the database can no longer be written (SQLite: its file was removed), once it can't."""
        return self.backend.gone

    @property
    def where(self) -> str:
        """The file, or host:port/database (no password): for messages."""
        return f"{self.backend.name} {self.backend.where}"

    def _committed(self, tag: tuple) -> None:
        if self.on_commit is not None:
            self.on_commit(*tag)

    async def _rows(self, sql: str, args: tuple = ()) -> list:
        """One read (rows as tuples). A damaged read is the caller's to name (the game it was about);
        any other storage fault is said once by Health."""
        try:
            return await self.backend.rows(sql, args)
        except StoreError as e:
            if not isinstance(e, DatabaseDamaged):
                self.health.failed(e)
            raise

    async def _write(self, fn, tag=None):
        """Runs fn(tx) as one transaction and returns its result once committed (db/base.py Tx)."""
        try:
            result = await self.backend.write(fn, tag)
        except StoreError as e:
            if not isinstance(e, DatabaseDamaged):  # (damage is the game's: named once by the service)
                self.health.failed(e)
            raise
        self.health.ok()
        return result
