"""DATABASE_URL: what it accepts, how DATABASE_PATH still works, and a bad URL or an unreachable server at
start-up: the bot names the setting and exits non-zero before it connects to Discord."""

import os
import subprocess
import sys

import pytest

from app.settings import ROOT, Settings, SettingsError
from db import DatabaseUnavailable, Store, parse_url


def test_urls():
    assert parse_url("sqlite:///data/x.sqlite3") == ("sqlite", "data/x.sqlite3")
    assert parse_url("sqlite:////var/lib/x.sqlite3") == ("sqlite", "/var/lib/x.sqlite3")
    assert parse_url("/tmp/x.sqlite3") == ("sqlite", "/tmp/x.sqlite3")  # a bare path: an SQLite file
    for url in ("postgresql://u:pw@db.example:5432/pioneer", "postgres://u@h/pioneer",
                "postgresql://u@/pioneer?host=/run/postgresql", "postgresql:///pioneer"):
        assert parse_url(url) == ("postgresql", url)
    for bad in ("mysql://u@h/db", "sqlite://x.db", "sqlite:///", "sqlite:///:memory:", "postgresql://u@h:port/db",
                "postgresql://h", ""):
        with pytest.raises(ValueError):
            parse_url(bad)


def test_settings(tmp_path):
    default = Settings.from_env({})
    assert default.database_url == "sqlite:///" + str(ROOT / "data" / "pioneer.sqlite3")  # as before
    assert Settings.from_env({"DATABASE_PATH": "data/x.db"}).database_url == "sqlite:///" + str(ROOT / "data" / "x.db")
    assert Settings.from_env({"DATABASE_URL": "sqlite:///data/y.db", "DATABASE_PATH": "data/x.db"}).database_url \
        == "sqlite:///" + str(ROOT / "data" / "y.db")  # the URL wins
    absolute = f"sqlite:///{tmp_path}/z.db"
    assert Settings.from_env({"DATABASE_URL": absolute}).database_url == absolute
    pg = "postgresql://pioneer:secret@db:5432/pioneer"
    assert Settings.from_env({"DATABASE_URL": pg}).database_url == pg
    with pytest.raises(SettingsError, match="DATABASE_URL") as bad:
        Settings.from_env({"DATABASE_URL": "postgresql://pioneer:secret@db:port/pioneer"})
    assert "secret" not in str(bad.value)  # no password in the log


async def test_an_unreachable_server_is_a_store_error():
    for url in ("postgresql://pioneer@127.0.0.1:1/pioneer", "postgresql://pioneer@/pioneer?host=/nonexistent/dir"):
        with pytest.raises(DatabaseUnavailable, match="DATABASE_URL"):
            await Store.open(url)


def run_bot(**env) -> subprocess.CompletedProcess:
    environ = {k: v for k, v in os.environ.items() if not k.startswith(("DATABASE_", "DISCORD_"))}
    return subprocess.run([sys.executable, "bot.py"], cwd=ROOT, env={**environ, "DISCORD_TOKEN": "x" * 30, **env},
                          capture_output=True, text=True, timeout=120)


def test_start_up_names_the_setting_and_exits_non_zero():
    bad = run_bot(DATABASE_URL="mysql://pioneer:secret@db/pioneer")
    assert bad.returncode == 2 and "DATABASE_URL" in bad.stderr and "secret" not in bad.stderr
    down = run_bot(DATABASE_URL="postgresql://pioneer@127.0.0.1:1/pioneer")  # nothing listens on port 1
    assert down.returncode == 1 and "DATABASE_URL" in down.stderr and "Cannot reach" in down.stderr, down.stderr
