"""The bot's SQLite store (aiosqlite, WAL). Games, their players and the append-only action log.

Two connections, each with its own thread: a writer, used only by the group-commit task (see
_write), and a reader for everything else. In WAL mode the reader sees committed data only and
is never blocked by the writer's disk flush."""

import asyncio
import json
import sqlite3
import time
from dataclasses import dataclass, field
from pathlib import Path

import aiosqlite

from .deadlines import Deadlines, set_deadlines
from .migrations import migrate

OPEN = ("lobby", "active")
AI_MARK = "🤖"


class ChannelBusy(Exception):
    """The channel already has an open game (lobby or running)."""

    def __init__(self, game: "GameRow"):
        super().__init__(f"channel {game.channel_id} already has game {game.id}")
        self.game = game


@dataclass
class Player:
    user_id: int       # an AI seat has a negative id: Discord ids are positive
    name: str
    seat: int | None
    ai: str | None = None  # the AI level playing this seat, None for a person


@dataclass
class GameRow:
    id: int
    guild_id: int | None
    channel_id: int
    host_id: int
    status: str
    options: dict
    config: dict | None
    seed: int
    state_json: str | None
    seq: int
    recent: list
    panel_message_id: int | None
    lobby_message_id: int | None
    end_reason: str | None
    ping_message_id: int | None = None
    unpinged: list = field(default_factory=list)  # seats facing a new decision, ping not yet posted
    players: list[Player] = field(default_factory=list)
    _state: dict | None = None

    @property
    def state(self) -> dict | None:
        """The engine state, parsed on first use (lobby rows have none)."""
        if self._state is None and self.state_json is not None:
            self._state = json.loads(self.state_json)
        return self._state

    def seat_of(self, user_id: int) -> int | None:
        for p in self.players:
            if p.user_id == user_id:
                return p.seat
        return None

    def is_player(self, user_id: int) -> bool:
        return any(p.user_id == user_id for p in self.players)

    def user_at(self, seat: int) -> int | None:
        p = self.player_at(seat)
        return p.user_id if p else None

    def player_at(self, seat: int) -> Player | None:
        for p in self.players:
            if p.seat == seat:
                return p
        return None

    def ai_level(self, seat: int) -> str | None:
        p = self.player_at(seat)
        return p.ai if p else None

    def is_ai(self, seat: int) -> bool:
        return self.ai_level(seat) is not None

    def humans(self) -> list[Player]:
        return [p for p in self.players if p.ai is None]

    def display(self, seat: int) -> str:
        """The seat's name as shown in Discord: AI seats carry the robot marker. (The engine and the
        images keep the plain name: the image fonts have no emoji.)"""
        p = self.player_at(seat)
        if p is None:
            return self.state["players"][seat]["name"] if self.state else "?"
        return f"{AI_MARK} {p.name}" if p.ai else p.name


# the players come along as one JSON column: a game is read in one round trip to the db thread
_GAME_COLS = ("id, guild_id, channel_id, host_id, status, options, config, seed, state, seq, recent, "
              "panel_message_id, lobby_message_id, end_reason, ping_message_id, unpinged, "
              "(SELECT json_group_array(json_array(user_id, name, seat, ai)) FROM "
              "(SELECT user_id, name, seat, ai FROM players WHERE game_id=games.id ORDER BY joined))")


class Store(Deadlines):
    def __init__(self, conn: aiosqlite.Connection, reader: aiosqlite.Connection, path: str):
        self.conn = conn
        self.reader = reader
        self.path = path
        self._lock = asyncio.Lock()
        self._pending: list = []
        self._writer: asyncio.Task | None = None
        self.on_commit = None  # optional callback(game_id, seq) when an action is on disk (benchmarks)

    @classmethod
    async def open(cls, path: str, synchronous: str = "FULL") -> "Store":
        """Opens (creating the folder and the schema if needed) a database file."""
        Path(path).parent.mkdir(parents=True, exist_ok=True)
        # isolation_level=None: no implicit transactions, every BEGIN is ours
        conn = await aiosqlite.connect(path, isolation_level=None)
        reader = None
        try:
            # FULL synchronous: a commit survives a power cut, not only a crash of the bot
            for pragma in ("journal_mode=WAL", f"synchronous={synchronous}", "foreign_keys=ON",
                           "busy_timeout=5000"):
                await conn.execute_fetchall(f"PRAGMA {pragma}")
            await migrate(conn)
            reader = await aiosqlite.connect(path, isolation_level=None)
            for pragma in ("query_only=ON", "busy_timeout=5000"):
                await reader.execute_fetchall(f"PRAGMA {pragma}")
        except BaseException:
            await conn.close()
            if reader is not None:
                await reader.close()
            raise
        return cls(conn, reader, path)

    async def close(self) -> None:
        async with self._lock:
            await self.conn.close()
        await self.reader.close()

    # ---- reading ---------------------------------------------------------------------------
    async def _rows(self, sql: str, args: tuple = (), conn=None) -> list:
        """One statement, one round trip to a db thread (the reader unless `conn` is given)."""
        return list(await (conn or self.reader).execute_fetchall(sql, args))

    async def _fetch_game(self, where: str, args: tuple) -> GameRow | None:
        rows = await self._rows(f"SELECT {_GAME_COLS} FROM games WHERE {where}", args)
        if not rows:
            return None
        row = rows[0]
        g = GameRow(row[0], row[1], row[2], row[3], row[4], json.loads(row[5]),
                    json.loads(row[6]) if row[6] else None, row[7], row[8], row[9], json.loads(row[10]),
                    row[11], row[12], row[13], row[14], json.loads(row[15]))
        g.players = [Player(*p) for p in json.loads(row[16])]
        return g

    async def game(self, game_id: int) -> GameRow | None:
        return await self._fetch_game("id=?", (game_id,))

    async def open_game_in_channel(self, channel_id: int) -> GameRow | None:
        return await self._fetch_game("channel_id=? AND status IN ('lobby','active')", (channel_id,))

    async def open_games(self) -> list[GameRow]:
        ids = [r[0] for r in await self._rows("SELECT id FROM games WHERE status IN ('lobby','active')")]
        return [await self._fetch_game("id=?", (i,)) for i in ids]

    async def game_ids_in_channel(self, channel_id: int) -> list[int]:
        return [r[0] for r in await self._rows("SELECT id FROM games WHERE channel_id=? ORDER BY id",
                                               (channel_id,))]

    async def actions(self, game_id: int, limit: int | None = None) -> list[dict]:
        """The logged actions, oldest first (the last `limit` ones if given)."""
        sql = "SELECT seq, action_id, seat, user_id, stage, events FROM actions WHERE game_id=?"
        if limit is not None:
            sql = f"SELECT * FROM ({sql} ORDER BY seq DESC LIMIT {int(limit)}) ORDER BY seq"
        else:
            sql += " ORDER BY seq"
        rows = await self._rows(sql, (game_id,))
        return [{"seq": r[0], "action_id": r[1], "seat": r[2], "user_id": r[3], "stage": r[4],
                 "events": json.loads(r[5])} for r in rows]

    async def start_events(self, game_id: int) -> list:
        rows = await self._rows("SELECT start_events FROM games WHERE id=?", (game_id,))
        return json.loads(rows[0][0]) if rows and rows[0][0] else []

    async def actors_since(self, game_id: int, seq: int) -> list[tuple[int, str]]:
        """(seat, stage) of every action applied at version >= seq."""
        rows = await self._rows("SELECT seat, stage FROM actions WHERE game_id=? AND seq>=?", (game_id, seq))
        return [tuple(r) for r in rows]

    # ---- writing ---------------------------------------------------------------------------
    async def _write(self, fn, tag=None):
        """Runs fn(db) (a plain function given the writer's sqlite3 connection) as its own transaction
        and returns its result once committed. Concurrent writes are grouped: one BEGIN IMMEDIATE ...
        COMMIT (one disk flush) for all writes waiting, each inside a SAVEPOINT so that a failing
        write rolls back alone. The whole batch runs on the writer's thread in one round trip, so a
        busy event loop cannot stretch the transaction."""
        fut = asyncio.get_running_loop().create_future()
        fut.tag = tag
        self._pending.append((fn, fut))
        if self._writer is None or self._writer.done():
            self._writer = asyncio.create_task(self._write_batches())
        return await fut

    @staticmethod
    def _run_batch(db: sqlite3.Connection, fns: list) -> list:
        results = []
        db.execute("BEGIN IMMEDIATE")
        try:
            for fn in fns:
                db.execute("SAVEPOINT w")
                try:
                    results.append((True, fn(db)))
                    db.execute("RELEASE w")
                except Exception as e:  # this write only
                    db.execute("ROLLBACK TO w")
                    db.execute("RELEASE w")
                    results.append((False, e))
            db.execute("COMMIT")
        except BaseException:
            if db.in_transaction:
                db.execute("ROLLBACK")
            raise
        return results

    async def _write_batches(self) -> None:
        while self._pending:
            batch, self._pending = self._pending, []
            try:
                async with self._lock:
                    # aiosqlite's own queue to its thread (its public methods run one statement each)
                    fns = [fn for fn, _ in batch]
                    results = await self.conn._execute(self._run_batch, self.conn._conn, fns)
            except Exception as e:  # nothing of this batch was committed
                for _fn, fut in batch:
                    if not fut.done():
                        fut.set_exception(e)
                continue
            for (_fn, fut), (ok, value) in zip(batch, results, strict=True):  # only now: on disk
                if ok and value and fut.tag is not None and self.on_commit is not None:
                    self.on_commit(*fut.tag)
                if fut.done():
                    continue
                if ok:
                    fut.set_result(value)
                else:
                    fut.set_exception(value)

    async def create_lobby(self, guild_id, channel_id: int, host_id: int, host_name: str, options: dict,
                           seed: int) -> int:
        def tx(db):
            try:
                cur = db.execute("INSERT INTO games (guild_id, channel_id, host_id, status, options, seed) "
                                 "VALUES (?, ?, ?, 'lobby', ?, ?)",
                                 (guild_id, channel_id, host_id, json.dumps(options), seed))
            except sqlite3.IntegrityError:  # the channel already has an open game
                return None
            db.execute("INSERT INTO players (game_id, user_id, name, joined) VALUES (?,?,?,?)",
                       (cur.lastrowid, host_id, host_name, time.time_ns()))
            return cur.lastrowid
        gid = await self._write(tx)
        if gid is None:
            raise ChannelBusy(await self.open_game_in_channel(channel_id))
        return gid

    async def set_lobby_message(self, game_id: int, message_id: int | None) -> None:
        def tx(db):
            db.execute("UPDATE games SET lobby_message_id=? WHERE id=?", (message_id, game_id))
        await self._write(tx)

    async def set_option(self, game_id: int, key: str, value) -> bool:
        """Changes one lobby option (False once the game has started or ended)."""
        def tx(db):
            row = db.execute("SELECT status, options FROM games WHERE id=?", (game_id,)).fetchone()
            if row is None or row[0] != "lobby":
                return False
            options = json.loads(row[1])
            options[key] = value
            db.execute("UPDATE games SET options=? WHERE id=?", (json.dumps(options), game_id))
            return True
        return await self._write(tx)

    async def add_player(self, game_id: int, user_id: int, name: str, max_players: int) -> str:
        """'ok', 'already', 'full' or 'closed'."""
        def tx(db):
            row = db.execute("SELECT status FROM games WHERE id=?", (game_id,)).fetchone()
            if row is None or row[0] != "lobby":
                return "closed"
            users = [r[0] for r in db.execute("SELECT user_id FROM players WHERE game_id=?", (game_id,))]
            if user_id in users:
                return "already"
            if len(users) >= max_players:
                return "full"
            db.execute("INSERT INTO players (game_id, user_id, name, joined) VALUES (?,?,?,?)",
                       (game_id, user_id, name, time.time_ns()))
            return "ok"
        return await self._write(tx)

    async def remove_player(self, game_id: int, user_id: int) -> bool:
        def tx(db):
            cur = db.execute("DELETE FROM players WHERE game_id=? AND user_id=? AND "
                             "(SELECT status FROM games WHERE id=?)='lobby'", (game_id, user_id, game_id))
            return cur.rowcount == 1
        return await self._write(tx)

    async def start_game(self, game_id: int, config: dict, state_json: str, seq: int, start_events: list,
                         recent: list, deadlines: dict | None = None, unpinged: list = ()) -> bool:
        """Lobby -> active, seats in joining order. False if the lobby was not open any more."""
        def tx(db):
            cur = db.execute(
                "UPDATE games SET status='active', config=?, state=?, seq=?, start_events=?, recent=?, "
                "unpinged=?, updated_at=strftime('%Y-%m-%dT%H:%M:%fZ','now') WHERE id=? AND status='lobby'",
                (json.dumps(config), state_json, seq, json.dumps(start_events), json.dumps(recent),
                 json.dumps(list(unpinged)), game_id))
            if cur.rowcount != 1:
                return False
            users = [r[0] for r in db.execute("SELECT user_id FROM players WHERE game_id=? ORDER BY joined",
                                              (game_id,))]
            for seat, uid in enumerate(users):
                db.execute("UPDATE players SET seat=? WHERE game_id=? AND user_id=?", (seat, game_id, uid))
            set_deadlines(db, game_id, deadlines or {})
            return True
        return await self._write(tx)

    async def commit_action(self, game_id: int, expected_seq: int, action_id: str, seat: int, user_id: int,
                            stage: str, events: list, state_json: str, new_seq: int, status: str,
                            recent: list, deadlines: dict | None = None, unpinged: list = ()) -> bool:
        """Logs the action, stores the new state, the new deadlines and the seats still to ping in one
        transaction, only if the stored version is still expected_seq (optimistic check). False when
        another action got there first. deadlines: see set_deadlines."""
        events_json, recent_json = json.dumps(events), json.dumps(recent)

        def tx(db):
            cur = db.execute(
                "UPDATE games SET state=?, seq=?, status=?, recent=?, unpinged=?, "
                "updated_at=strftime('%Y-%m-%dT%H:%M:%fZ','now') "
                "WHERE id=? AND seq=? AND status='active'",
                (state_json, new_seq, status, recent_json, json.dumps(list(unpinged)), game_id, expected_seq))
            if cur.rowcount != 1:
                return False
            db.execute("INSERT INTO actions (game_id, seq, action_id, seat, user_id, stage, events) "
                       "VALUES (?,?,?,?,?,?,?)",
                       (game_id, expected_seq, action_id, seat, user_id, stage, events_json))
            set_deadlines(db, game_id, deadlines or {})
            return True
        return await self._write(tx, tag=(game_id, new_seq))

    async def set_panel(self, game_id: int, message_id: int | None) -> None:
        """The message id of the game's panel (None while a new one is being posted)."""
        def tx(db):
            db.execute("UPDATE games SET panel_message_id=? WHERE id=?", (message_id, game_id))
        await self._write(tx)

    async def end_game(self, game_id: int, by: int | None, reason: str) -> bool:
        """Closes an open game (status 'ended'); finished games stay in the database."""
        def tx(db):
            cur = db.execute(
                "UPDATE games SET status='ended', ended_by=?, end_reason=?, "
                "updated_at=strftime('%Y-%m-%dT%H:%M:%fZ','now') WHERE id=? AND status IN ('lobby','active')",
                (by, reason, game_id))
            db.execute("DELETE FROM deadlines WHERE game_id=?", (game_id,))
            return cur.rowcount == 1
        return await self._write(tx)

    # ---- AI seats ----------------------------------------------------------------------------
    async def add_ai(self, game_id: int, level: str, name_fmt: str, max_players: int) -> str:
        """Seats an AI in a lobby: 'ok', 'full' or 'closed'. name_fmt gets the AI's number."""
        def tx(db):
            row = db.execute("SELECT status FROM games WHERE id=?", (game_id,)).fetchone()
            if row is None or row[0] != "lobby":
                return "closed"
            seated = db.execute("SELECT user_id, ai FROM players WHERE game_id=?", (game_id,)).fetchall()
            if len(seated) >= max_players:
                return "full"
            uid = min([0] + [u for u, _ in seated]) - 1
            number = 1 + sum(1 for _, ai in seated if ai)
            db.execute("INSERT INTO players (game_id, user_id, name, joined, ai) VALUES (?,?,?,?,?)",
                       (game_id, uid, name_fmt.format(number), time.time_ns(), level))
            return "ok"
        return await self._write(tx)

    async def remove_ai(self, game_id: int) -> bool:
        """Unseats the AI added last (lobby only)."""
        def tx(db):
            cur = db.execute(
                "DELETE FROM players WHERE rowid=(SELECT rowid FROM players WHERE game_id=? "
                "AND ai IS NOT NULL ORDER BY joined DESC LIMIT 1) "
                "AND (SELECT status FROM games WHERE id=?)='lobby'",
                (game_id, game_id))
            return cur.rowcount == 1
        return await self._write(tx)

    async def seat_to_ai(self, game_id: int, user_id: int, level: str, recent: list,
                         new_host: int | None) -> bool:
        """A player leaves a running game: an AI takes the seat (the name stays), the seat's deadline
        goes, and the host role passes on if the host left. False if nothing changed."""
        def tx(db):
            if db.execute("SELECT status FROM games WHERE id=?", (game_id,)).fetchone() != ("active",):
                return False
            row = db.execute("SELECT seat FROM players WHERE game_id=? AND user_id=? AND ai IS NULL",
                             (game_id, user_id)).fetchone()
            if row is None:
                return False
            uid = min(0, db.execute("SELECT MIN(user_id) FROM players WHERE game_id=?",
                                    (game_id,)).fetchone()[0]) - 1
            db.execute("UPDATE players SET user_id=?, ai=? WHERE game_id=? AND user_id=?",
                       (uid, level, game_id, user_id))
            db.execute("DELETE FROM deadlines WHERE game_id=? AND seat=?", (game_id, row[0]))
            db.execute("UPDATE games SET recent=?, host_id=COALESCE(?, host_id) WHERE id=?",
                       (json.dumps(recent), new_host, game_id))
            return True
        return await self._write(tx)

    async def set_ping(self, game_id: int, message_id: int | None) -> None:
        """The game's current ping message; whoever was waiting for a ping has had it."""
        def tx(db):
            db.execute("UPDATE games SET ping_message_id=?, unpinged='[]' WHERE id=?", (message_id, game_id))
        await self._write(tx)
