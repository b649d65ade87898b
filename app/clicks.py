"""Clicks acknowledged but not yet saved: a journal, so that a restart tells whoever lost one.

A click that may change a game is acknowledged to Discord first (cogs/table/moves.py: with a database across the
network the read that checks it can take longer than Discord waits), then checked and saved. A process that
dies between the two drops the click with no word. So each such click is written to an append-only file
before it is acknowledged ("begin") and again once its fate is known ("end": saved, refused, or answered
otherwise). At start-up the clicks begun and never ended are the ones the dead process may have dropped: the
service looks each one up in its game's log (a saved move carries its click's id: app/undo.py), and the
courier tells the players of those that were not applied, in their channel, once.

Cheap on purpose: two unbuffered appends of one short line each per click (os.write, no fsync: a killed
process's writes are in the kernel's page cache already; only a power cut can lose the last lines, and then
those players are not told). The file is rewritten with only the clicks still open when it grows past
ROTATE bytes, and at start-up. One file per process: next to the SQLite file, or per shard set."""

import json
import logging
import os
import re
import time
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass

log = logging.getLogger("bot.clicks")
ROTATE = 256 * 1024  # bytes of journal before it is rewritten with the open clicks only


def journal_path(setting: str, kind: str, where: str, shards: tuple[int, tuple[int, ...]], root: str) -> str:
    """The journal's file: the CLICK_JOURNAL setting; else next to the SQLite file; else one per database and
    shard set in the project's data folder (kind, where: the store's; root: the project folder)."""
    if setting:
        return setting
    if kind == "sqlite":
        return where + "-clicks"
    count, ids = shards
    name = re.sub(r"[^A-Za-z0-9._-]+", "_", where) + (f"-shards{'_'.join(map(str, ids))}of{count}" if count > 1 else "")
    return os.path.join(root, "data", f"clicks-{name}.jsonl")


@dataclass(frozen=True)
class Click:
    id: int          # the interaction's id (a Discord snowflake)
    user_id: int
    channel_id: int
    game_id: int
    at: float        # unix seconds, when it was acknowledged


class ClickJournal:
    def __init__(self, path: str | None):
        """path: the journal file (None: no journal, nothing recorded)."""
        self.path = path
        self.open: dict[int, Click] = {}  # clicks begun and not yet ended
        self.left: list[Click] = []       # what the previous process left open (read by start)
        self._fd: int | None = None
        self._size = 0
        self._failing = False  # the last append failed (said once)

    def start(self) -> list[Click]:
        """Reads what the previous process left open, keeps it open (ended once told) and starts appending."""
        if self.path is None:
            return []
        left: dict[int, Click] = {}
        try:
            with open(self.path, encoding="utf-8", errors="replace") as f:
                for line in f:
                    try:
                        rec = json.loads(line)
                        if rec.get("end"):
                            left.pop(int(rec["end"]), None)
                        else:
                            c = Click(int(rec["id"]), int(rec["user"]), int(rec["channel"]), int(rec["game"]),
                                      float(rec["at"]))
                            left[c.id] = c
                    except (ValueError, KeyError, TypeError, AttributeError):
                        continue  # a line cut short by the kill: nothing to tell of it
        except FileNotFoundError:
            pass
        self.open = dict(left)
        self.left = list(left.values())
        self._rewrite()
        if self.left:
            log.warning("%d click(s) were acknowledged but not yet saved when the bot last stopped",
                        len(self.left))
        return self.left

    def begin(self, click_id: int, user_id: int, channel_id: int, game_id: int) -> None:
        c = Click(click_id, user_id, channel_id, game_id, time.time())
        self.open[click_id] = c
        self._append({"id": c.id, "user": c.user_id, "channel": c.channel_id, "game": c.game_id, "at": c.at})

    def end(self, click_id: int | None) -> None:
        """The click's fate is known (idempotent)."""
        if click_id is None or self.open.pop(click_id, None) is None:
            return
        self._append({"end": click_id})
        if self._size > ROTATE and self._fd is not None:
            self._rewrite()

    @contextmanager
    def window(self, click_id: int, user_id: int, channel_id: int, game_id: int) -> Iterator[int]:
        """begin, and end when the block ends, unless the process is going down (a BaseException that is not
        an Exception: cancelled, killed): then the click stays open for the next start to tell."""
        self.begin(click_id, user_id, channel_id, game_id)
        try:
            yield click_id
        except Exception:
            self.end(click_id)
            raise
        else:
            self.end(click_id)

    def close(self) -> None:
        """Nothing more is written (the process is stopping, or, in tests, has died)."""
        if self._fd is not None:
            os.close(self._fd)
        self._fd, self.path = None, None

    def _append(self, rec: dict) -> None:
        if self._fd is None:
            return
        data = (json.dumps(rec, separators=(",", ":")) + "\n").encode()
        try:
            self._size += os.write(self._fd, data)
        except OSError as e:  # a full disk: the click goes on; only its word after a crash is lost
            if not self._failing:  # (said once, until a write goes through again)
                log.warning("the click journal %s can't be written (%s): clicks go on, but a crash now would "
                            "drop some with no word", self.path, e)
            self._failing = True
        else:
            self._failing = False

    def _rewrite(self) -> None:
        """The journal again with only the open clicks (written aside, then moved in place)."""
        assert self.path is not None
        tmp = self.path + ".new"
        lines = "".join(json.dumps({"id": c.id, "user": c.user_id, "channel": c.channel_id, "game": c.game_id,
                                    "at": c.at}, separators=(",", ":")) + "\n" for c in self.open.values())
        try:
            # (the data folder of a PostgreSQL install is not made by anything else)
            os.makedirs(os.path.dirname(os.path.abspath(self.path)), exist_ok=True)
            with open(tmp, "w", encoding="utf-8") as f:
                f.write(lines)
            os.replace(tmp, self.path)
        except OSError as e:
            log.warning("the click journal %s could not be rewritten: %s", self.path, e)
        if self._fd is not None:
            os.close(self._fd)
        try:
            self._fd = os.open(self.path, os.O_WRONLY | os.O_APPEND | os.O_CREAT, 0o600)
            self._size = os.fstat(self._fd).st_size
        except OSError as e:
            self._fd = None
            log.warning("the click journal %s can't be opened: %s", self.path, e)
