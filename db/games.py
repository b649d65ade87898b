"""Games, their seated players and the append-only action log (a Store mixin: needs _rows and _write).

Each write is one transaction (see Store._write). What a change promises to show in the channel is
written with it, into the outbox (db/outbox.py), in the same transaction."""

import json
import sqlite3
import time
from collections.abc import Sequence

from .base import StoreBase
from .deadlines import set_deadlines
from .outbox import insert_items
from .rows import GameRow, Player

# the players come along as one JSON column: a game is read in one round trip
_GAME_COLS = ("id, guild_id, channel_id, host_id, status, options, config, seed, state, seq, recent, "
              "panel_message_id, lobby_message_id, end_reason, ping_message_id, "
              "(SELECT json_group_array(json_array(user_id, name, seat, ai)) FROM "
              "(SELECT user_id, name, seat, ai FROM players WHERE game_id=games.id ORDER BY joined))")
NOW = "strftime('%Y-%m-%dT%H:%M:%fZ','now')"


class ChannelBusy(Exception):
    """The channel already has an open game (lobby or running)."""

    def __init__(self, game: GameRow):
        super().__init__(f"channel {game.channel_id} already has game {game.id}")
        self.game = game


class Games(StoreBase):
    # ---- reading ---------------------------------------------------------------------------
    async def _fetch_game(self, where: str, args: tuple) -> GameRow | None:
        rows = await self._rows(f"SELECT {_GAME_COLS} FROM games WHERE {where}", args)
        if not rows:
            return None
        row = rows[0]
        g = GameRow(row[0], row[1], row[2], row[3], row[4], json.loads(row[5]),
                    json.loads(row[6]) if row[6] else None, row[7], row[8], row[9], json.loads(row[10]),
                    row[11], row[12], row[13], row[14])
        g.players = [Player(*p) for p in json.loads(row[15])]
        return g

    async def game(self, game_id: int) -> GameRow | None:
        return await self._fetch_game("id=?", (game_id,))

    async def open_game_in_channel(self, channel_id: int) -> GameRow | None:
        return await self._fetch_game("channel_id=? AND status IN ('lobby','active')", (channel_id,))

    async def open_game_refs(self) -> list[tuple[int, int]]:
        """(game id, channel id) of every lobby and running game: cheap, so that one unreadable game
        does not stop the others from being found."""
        return [tuple(r) for r in await self._rows(
            "SELECT id, channel_id FROM games INDEXED BY games_by_status WHERE status IN ('lobby','active')")]

    async def channel_of(self, game_id: int) -> int | None:
        rows = await self._rows("SELECT channel_id FROM games WHERE id=?", (game_id,))
        return rows[0][0] if rows else None

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

    async def action_ids(self, game_id: int, before: int | None = None) -> list[str]:
        """The logged action ids in order (those applied to versions below `before`, if given)."""
        rows = await self._rows("SELECT action_id FROM actions WHERE game_id=? AND seq<? ORDER BY seq",
                                (game_id, 1 << 62 if before is None else before))
        return [r[0] for r in rows]

    async def start_events(self, game_id: int) -> list:
        rows = await self._rows("SELECT start_events FROM games WHERE id=?", (game_id,))
        return json.loads(rows[0][0]) if rows and rows[0][0] else []

    async def actors_since(self, game_id: int, seq: int) -> list[tuple[int, str]]:
        """(seat, stage) of every action applied at version >= seq."""
        rows = await self._rows("SELECT seat, stage FROM actions WHERE game_id=? AND seq>=?", (game_id, seq))
        return [tuple(r) for r in rows]

    # ---- the lobby -------------------------------------------------------------------------
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
            busy = await self.open_game_in_channel(channel_id)
            if busy is None:  # it closed in between: this is a race the caller may simply retry
                raise ValueError(f"channel {channel_id}: the open game closed while a new one was opened")
            raise ChannelBusy(busy)
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


    # ---- a game -----------------------------------------------------------------------------
    async def start_game(self, game_id: int, config: dict, state_json: str, seq: int, start_events: list,
                         recent: list, deadlines: dict | None = None, outbox: Sequence = ()) -> bool:
        """Lobby -> active, seats in joining order, with what the start shows. False if the lobby was not
        open any more."""
        def tx(db):
            cur = db.execute(
                f"UPDATE games SET status='active', config=?, state=?, seq=?, start_events=?, recent=?, "
                f"updated_at={NOW} WHERE id=? AND status='lobby'",
                (json.dumps(config), state_json, seq, json.dumps(start_events), json.dumps(recent), game_id))
            if cur.rowcount != 1:
                return False
            users = [r[0] for r in db.execute("SELECT user_id FROM players WHERE game_id=? ORDER BY joined",
                                              (game_id,))]
            for seat, uid in enumerate(users):
                db.execute("UPDATE players SET seat=? WHERE game_id=? AND user_id=?", (seat, game_id, uid))
            set_deadlines(db, game_id, deadlines or {})
            insert_items(db, game_id, seq, outbox)
            return True
        return await self._write(tx)

    async def commit_actions(self, game_id: int, expected_seq: int, rows: list, state_json: str, new_seq: int,
                             status: str, recent: list, deadlines: dict | None = None, outbox: Sequence = (),
                             new_panel: bool = False) -> bool:
        """Logs the actions of one move (rows: (seq, action_id, seat, user_id, stage, public events)),
        stores the new state, the new deadlines and what the channel must now show (outbox), in one
        transaction, only if the stored version is still expected_seq (optimistic check). False when
        another move got there first. new_panel: the panel becomes the record of the day that ended (an
        outbox item) and a new one is due. deadlines: see set_deadlines."""
        recent_json = json.dumps(recent)
        logged = [(game_id, seq, aid, seat, uid, stage, json.dumps(events))
                  for seq, aid, seat, uid, stage, events in rows]

        def tx(db):
            panel = ", panel_message_id=NULL" if new_panel else ""
            cur = db.execute(
                f"UPDATE games SET state=?, seq=?, status=?, recent=?, updated_at={NOW}{panel} "
                "WHERE id=? AND seq=? AND status='active'",
                (state_json, new_seq, status, recent_json, game_id, expected_seq))
            if cur.rowcount != 1:
                return False
            db.executemany("INSERT INTO actions (game_id, seq, action_id, seat, user_id, stage, events) "
                           "VALUES (?,?,?,?,?,?,?)", logged)
            set_deadlines(db, game_id, deadlines or {})
            insert_items(db, game_id, new_seq, outbox)
            return True
        return await self._write(tx, tag=(game_id, new_seq))

    async def commit_action(self, game_id: int, expected_seq: int, action_id: str, seat: int, user_id: int,
                            stage: str, events: list, state_json: str, new_seq: int, status: str,
                            recent: list, deadlines: dict | None = None, outbox: Sequence = (),
                            new_panel: bool = False) -> bool:
        """One action: see commit_actions."""
        row = (expected_seq, action_id, seat, user_id, stage, events)
        return await self.commit_actions(game_id, expected_seq, [row], state_json, new_seq, status, recent,
                                         deadlines, outbox, new_panel)

    async def set_panel(self, game_id: int, message_id: int | None) -> None:
        """The message id of the game's panel (None while a new one is being posted)."""
        def tx(db):
            db.execute("UPDATE games SET panel_message_id=? WHERE id=?", (message_id, game_id))
        await self._write(tx)

    async def end_game(self, game_id: int, by: int | None, reason: str, outbox: Sequence = ()) -> bool:
        """Closes an open game (status 'ended') with what the channel must show; finished games stay."""
        def tx(db):
            cur = db.execute(
                f"UPDATE games SET status='ended', ended_by=?, end_reason=?, updated_at={NOW}, "
                "panel_message_id=NULL WHERE id=? AND status IN ('lobby','active')", (by, reason, game_id))
            if cur.rowcount != 1:
                return False
            db.execute("DELETE FROM deadlines WHERE game_id=?", (game_id,))
            seq = db.execute("SELECT seq FROM games WHERE id=?", (game_id,)).fetchone()[0]
            insert_items(db, game_id, seq, outbox)
            return True
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
        """The game's current ping message (deleted when the next one is posted)."""
        def tx(db):
            db.execute("UPDATE games SET ping_message_id=? WHERE id=?", (message_id, game_id))
        await self._write(tx)
