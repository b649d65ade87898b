"""A throwaway PostgreSQL server for the tests and benchmarks: initdb in a temporary folder, a server
listening on a unix socket in that folder only (no TCP port, so parallel runs never collide), stopped
and removed afterwards.

    python scripts/pgserver.py start DIR [--durable]   prints shell lines: PIONEER_TEST_PG=<admin url> ...
    python scripts/pgserver.py stop DIR                 stops it (immediately) and removes DIR

From Python: `with TempServer() as server: server.url ...`; `server.kill()` and `server.start()` take
it down and bring it back (the tests' "the database goes away mid-game").

The server binaries are looked up on PATH, then in /usr/lib/postgresql/*/bin (Debian's layout).
As root (CI), the server runs as the `postgres` user (PostgreSQL refuses to run as root). Tests run
it without fsync (a crash of the machine would lose data; a crash of the server loses nothing
committed); `--durable` keeps PostgreSQL's defaults (fsync on), as the benchmarks do to compare with
SQLite's synchronous=FULL."""

from __future__ import annotations

import argparse
import glob
import os
import pwd
import shlex
import shutil
import subprocess
import sys
import tempfile
import time
from pathlib import Path

PORT = 5432  # only names the socket file (DIR/.s.PGSQL.5432): no TCP port is opened
SUPERUSER = "pioneer"


class NoServer(RuntimeError):
    """No PostgreSQL server binaries on this machine."""


def find_bin() -> Path:
    """The folder with initdb, pg_ctl and postgres."""
    on_path = shutil.which("pg_ctl")
    if on_path and shutil.which("initdb") and shutil.which("postgres"):
        return Path(os.path.realpath(on_path)).parent
    found = sorted(glob.glob("/usr/lib/postgresql/*/bin/pg_ctl"),
                   key=lambda p: [int(x) if x.isdigit() else 0 for x in p.split("/")[4].split(".")])
    if found:
        return Path(found[-1]).parent
    raise NoServer("no PostgreSQL server binaries (initdb, pg_ctl, postgres) on PATH or in "
                   "/usr/lib/postgresql/*/bin: install them (Debian: apt-get install postgresql)")


def _run_as() -> list[str]:
    """The prefix that runs a command as an unprivileged user when we are root."""
    if os.geteuid() != 0:
        return []
    for user in ("postgres", "nobody"):
        try:
            pwd.getpwnam(user)
        except KeyError:
            continue
        return ["runuser", "-u", user, "--"]
    raise NoServer("running as root without a 'postgres' or 'nobody' user to run the server as")


def _owner() -> tuple[int, int] | None:
    prefix = _run_as()
    if not prefix:
        return None
    pw = pwd.getpwnam(prefix[2])
    return pw.pw_uid, pw.pw_gid


class TempServer:
    def __init__(self, folder: str | None = None, durable: bool = False):
        self.bin = find_bin()
        self.own_folder = folder is None
        self.folder = Path(folder or tempfile.mkdtemp(prefix="pioneer-pg-"))
        self.data = self.folder / "data"
        self.durable = durable
        self.version = ""

    @property
    def url(self) -> str:
        """The admin connection (database `postgres`), through the unix socket."""
        return self.url_for("postgres")

    def url_for(self, database: str) -> str:
        return f"postgresql://{SUPERUSER}@/{database}?host={self.folder}&port={PORT}"

    def _cmd(self, name: str, *args: str, check: bool = True, quiet: bool = True) -> subprocess.CompletedProcess:
        out = subprocess.run([*_run_as(), str(self.bin / name), *args], capture_output=quiet, text=True)
        if check and out.returncode != 0:
            raise RuntimeError(f"{name} failed ({out.returncode}): {out.stdout}\n{out.stderr}")
        return out

    def init(self) -> None:
        owner = _owner()
        self.folder.mkdir(parents=True, exist_ok=True)
        os.chmod(self.folder, 0o755)
        if owner:
            os.chown(self.folder, *owner)
        self._cmd("initdb", "-D", str(self.data), "-U", SUPERUSER, "--auth=trust", "--no-sync", "-E", "UTF8",
                  "--locale=C", "--no-instructions")
        conf = [f"unix_socket_directories = '{self.folder}'", "listen_addresses = ''", f"port = {PORT}",
                "max_connections = 300", "shared_buffers = 64MB", "log_min_messages = fatal",
                "logging_collector = off"]
        if not self.durable:
            # no disk flushes (a crash of the machine may lose data, a crash of the server may not: a
            # commit still waits for its WAL to be written, so the "server killed" tests are honest)
            conf += ["fsync = off", "full_page_writes = off"]
        with open(self.data / "postgresql.conf", "a") as f:
            f.write("\n".join(conf) + "\n")

    def start(self) -> str:
        """Starts the server (initialising its folder the first time); returns the admin URL."""
        if not (self.data / "PG_VERSION").exists():
            self.init()
        log = self.folder / "server.log"
        self._cmd("pg_ctl", "-D", str(self.data), "-l", str(log), "-w", "-t", "60", "start")
        # "postgres (PostgreSQL) 15.18 (Debian ...)" -> "PostgreSQL 15.18 (Debian ...)"
        self.version = self._cmd("postgres", "--version").stdout.strip().replace("postgres (PostgreSQL)", "PostgreSQL")
        return self.url

    def kill(self) -> None:
        """Takes the server down at once (connections are cut, no checkpoint), as a crash would."""
        self._cmd("pg_ctl", "-D", str(self.data), "-m", "immediate", "-w", "stop", check=False)

    def stop(self) -> None:
        self._cmd("pg_ctl", "-D", str(self.data), "-m", "fast", "-w", "stop", check=False)

    def running(self) -> bool:
        return self._cmd("pg_ctl", "-D", str(self.data), "status", check=False).returncode == 0

    def remove(self) -> None:
        if self.data.exists() and self.running():
            self.kill()
        shutil.rmtree(self.folder, ignore_errors=True)

    def __enter__(self) -> TempServer:
        self.start()
        return self

    def __exit__(self, *exc) -> None:
        self.remove()


async def scratch_database(server_url: str, tag: str):
    """A new database next to the one server_url names: (its URL, the coroutine function that drops it).
    For benchmarks that want a fresh database per scenario on a server they are given."""
    import os
    from urllib.parse import urlsplit, urlunsplit

    import asyncpg
    name = f"pioneer_bench_{tag}_{os.getpid()}"
    conn = await asyncpg.connect(server_url)
    await conn.execute(f'CREATE DATABASE "{name}"')
    await conn.close()

    async def drop() -> None:
        conn = await asyncpg.connect(server_url)
        await conn.execute(f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)')
        await conn.close()
    return urlunsplit(urlsplit(server_url)._replace(path=f"/{name}")), drop



def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("command", choices=("start", "stop"))
    ap.add_argument("folder")
    ap.add_argument("--durable", action="store_true", help="keep fsync on (benchmarks)")
    args = ap.parse_args(argv)
    if args.command == "stop":
        server = TempServer(args.folder)
        if server.data.exists():
            server.kill()
        shutil.rmtree(args.folder, ignore_errors=True)
        return 0
    try:
        server = TempServer(args.folder, durable=args.durable)
        started = time.monotonic()
        url = server.start()
    except (NoServer, RuntimeError) as e:
        print(f"echo {shlex.quote(f'NO POSTGRESQL SERVER: {e}')} >&2; false")
        return 1
    print(f"export PIONEER_TEST_PG={shlex.quote(url)}")
    print(f"export PIONEER_PG_VERSION={shlex.quote(server.version)}")
    print(f"# started in {time.monotonic() - started:.1f} s", file=sys.stderr)
    return 0


if __name__ == "__main__":
    sys.exit(main())
