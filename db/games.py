"""Games, their seated players and the append-only action log (a Store mixin: needs _rows and _write).

Each write is one transaction (see Store._write), written once for both databases (db/base.py). What a
change promises to show in the channel is written with it, into the outbox (db/outbox.py), in the same
transaction.

Concurrency rule (it matters on PostgreSQL, where writes run side by side on pooled connections): a
write that reads a game before it changes it starts by locking the game's row (`locked_status`, or an
UPDATE of that row as its first statement), so that the writes of one game run one at a time, as
SQLite's single writer runs every write. The optimistic version check (UPDATE ... WHERE seq=expected)
then holds across processes too."""

import time
from collections.abc import Sequence

from engine import from_json, json_text

from .base import StoreBase, Tx
from .deadlines import set_deadlines
from .errors import DatabaseDamaged, about_channel, about_game
from .outbox import insert_items
from .records import Finish, write_finish
from .rows import GameRow, Player
from .shards import Owned, owned_sql

# the players come along as one JSON column: a game is read in one round trip
_GAME_COLS = ("id, guild_id, channel_id, host_id, status, options, config, seed, state, seq, recent, "
              "panel_message_id, lobby_message_id, end_reason, ping_message_id, game, home_id, ")


async def locked_status(db: Tx, game_id: int) -> str | None:
    """The game's status, its row locked until the transaction ends (None: no such game)."""
    row = await db.fetchone(f"SELECT status FROM games WHERE id=?{db.dialect.for_update}", (game_id,))
    return row[0] if row else None


class ChannelBusy(Exception):
    """The channel already has an open game (lobby or running)."""

    def __init__(self, game: GameRow):
        super().__init__(f"channel {game.channel_id} already has game {game.id}")
        self.game = game


class Games(StoreBase):
    # ---- reading ---------------------------------------------------------------------------
    async def _fetch_game(self, where: str, args: tuple) -> GameRow | None:
        rows = await self._rows(f"SELECT {_GAME_COLS}{self.dialect.players_json} FROM games WHERE {where}", args)
        if not rows:
            return None
        row = rows[0]
        try:
            g = GameRow(row[0], row[1], row[2], row[3], row[4], from_json(row[5]),
                        from_json(row[6]) if row[6] else None, row[7], row[8], row[9], from_json(row[10]),
                        row[11], row[12], row[13], row[14], game=row[15], home_id=row[16])
            g.players = [Player(*p) for p in from_json(row[17])]
        except (ValueError, TypeError) as e:  # (the state itself is parsed on first use: GameRow.state)
            raise DatabaseDamaged(f"game {row[0]}: its saved row can't be read ({e})").about(row[0], row[2]) from e
        return g

    @about_game
    async def game(self, game_id: int) -> GameRow | None:
        return await self._fetch_game("id=?", (game_id,))

    @about_channel
    async def open_game_in_channel(self, channel_id: int) -> GameRow | None:
        return await self._fetch_game("channel_id=? AND status IN ('lobby','active')", (channel_id,))

    @about_channel
    async def open_lobby_in_home(self, channel_id: int, lobby_message_id: int) -> GameRow | None:
        """The lobby whose message this is, in the channel its thread was opened in (None: none)."""
        return await self._fetch_game("home_id=? AND status='lobby' AND lobby_message_id=?",
                                      (channel_id, lobby_message_id))

    async def open_game_refs(self, owned: Owned | None = None) -> list[tuple[int, int]]:
        """(game id, channel id) of every lobby and running game (of the `owned` shards: db/shards.py):
        cheap, so that one unreadable game does not stop the others from being found (on SQLite, the
        covering index reads no game row; with shards, its guild_id only)."""
        mine = f" AND {owned_sql('guild_id', owned)}" if owned is not None else ""
        return [tuple(r) for r in await self._rows(
            f"SELECT id, channel_id FROM games {self.dialect.by_status} WHERE status IN ('lobby','active'){mine}")]

    @about_game
    async def channel_of(self, game_id: int) -> int | None:
        rows = await self._rows("SELECT channel_id FROM games WHERE id=?", (game_id,))
        return rows[0][0] if rows else None

    @about_channel
    async def game_ids_in_channel(self, channel_id: int) -> list[int]:
        """The games played in the channel or in the threads opened in it, oldest first."""
        return [r[0] for r in await self._rows("SELECT id FROM games WHERE channel_id=? OR home_id=? ORDER BY id",
                                               (channel_id, channel_id))]

    @about_channel
    async def open_games_from(self, channel_id: int) -> list[GameRow]:
        """The lobbies and running games of the threads opened in this channel."""
        rows = await self._rows("SELECT id FROM games WHERE home_id=? AND status IN ('lobby','active') ORDER BY id",
                                (channel_id,))
        return [g for r in rows if (g := await self.game(r[0])) is not None]

    @about_game
    async def actions(self, game_id: int, limit: int | None = None) -> list[dict]:
        """The logged actions, oldest first (the last `limit` ones if given)."""
        sql = "SELECT seq, action_id, seat, user_id, stage, events FROM actions WHERE game_id=?"
        if limit is not None:
            sql = f"SELECT * FROM ({sql} ORDER BY seq DESC LIMIT {int(limit)}) AS last ORDER BY seq"
        else:
            sql += " ORDER BY seq"
        rows = await self._rows(sql, (game_id,))
        return [{"seq": r[0], "action_id": r[1], "seat": r[2], "user_id": r[3], "stage": r[4],
                 "events": from_json(r[5])} for r in rows]

    @about_game
    async def action_ids(self, game_id: int, before: int | None = None) -> list[str]:
        """The logged action ids in order (those applied to versions below `before`, if given)."""
        if before is None:
            rows = await self._rows("SELECT action_id FROM actions WHERE game_id=? ORDER BY seq", (game_id,))
        else:
            rows = await self._rows("SELECT action_id FROM actions WHERE game_id=? AND seq<? ORDER BY seq",
                                    (game_id, before))
        return [r[0] for r in rows]

    @about_game
    async def start_events(self, game_id: int) -> list:
        rows = await self._rows("SELECT start_events FROM games WHERE id=?", (game_id,))
        return from_json(rows[0][0]) if rows and rows[0][0] else []

    @about_game
    async def actors_since(self, game_id: int, seq: int) -> list[tuple[int, str]]:
        """(seat, stage) of every action applied at version >= seq."""
        rows = await self._rows("SELECT seat, stage FROM actions WHERE game_id=? AND seq>=?", (game_id, seq))
        return [tuple(r) for r in rows]

    # ---- the lobby -------------------------------------------------------------------------
    async def create_lobby(self, guild_id, channel_id: int, host_id: int, host_name: str, options: dict,
                           seed: int, game: str) -> int:
        async def tx(db: Tx):
            # the unique index on open games per channel turns a second one into "nothing inserted"
            row = await db.fetchone("INSERT INTO games (guild_id, channel_id, host_id, status, options, seed, game) "
                                    "VALUES (?, ?, ?, 'lobby', ?, ?, ?) ON CONFLICT DO NOTHING RETURNING id",
                                    (guild_id, channel_id, host_id, json_text(options), seed, game))
            if row is None:  # the channel already has an open game
                return None
            await db.execute("INSERT INTO players (game_id, user_id, name, joined) VALUES (?,?,?,?)",
                             (row[0], host_id, host_name, time.time_ns()))
            return row[0]
        gid = await self._write(tx)
        if gid is None:
            busy = await self.open_game_in_channel(channel_id)
            if busy is None:  # it closed in between: this is a race the caller may simply retry
                raise ValueError(f"channel {channel_id}: the open game closed while a new one was opened")
            raise ChannelBusy(busy)
        return gid

    async def move_to_thread(self, game_id: int, thread_id: int, home_id: int) -> bool:
        """A lobby moves into the thread opened for it (its lobby message stays in `home_id`); False when it
        is no longer a lobby."""
        async def tx(db: Tx):
            return await db.execute_one("UPDATE games SET channel_id=?, home_id=? WHERE id=? AND status='lobby'",
                                        (thread_id, home_id, game_id))
        return bool(await self._write(tx))

    async def set_lobby_message(self, game_id: int, message_id: int | None) -> None:
        async def tx(db: Tx):
            await db.execute("UPDATE games SET lobby_message_id=? WHERE id=?", (message_id, game_id))
        await self._write(tx)

    async def set_option(self, game_id: int, key: str, value) -> bool:
        """Changes one lobby option (False once the game has started or ended)."""
        async def tx(db: Tx):
            row = await db.fetchone(f"SELECT status, options FROM games WHERE id=?{db.dialect.for_update}",
                                    (game_id,))
            if row is None or row[0] != "lobby":
                return False
            options = from_json(row[1])
            options[key] = value
            await db.execute("UPDATE games SET options=? WHERE id=?", (json_text(options), game_id))
            return True
        return await self._write(tx)

    async def add_player(self, game_id: int, user_id: int, name: str, max_players: int) -> str:
        """'ok', 'already', 'full' or 'closed'."""
        async def tx(db: Tx):
            if await locked_status(db, game_id) != "lobby":
                return "closed"
            users = [r[0] for r in await db.fetchall("SELECT user_id FROM players WHERE game_id=?", (game_id,))]
            if user_id in users:
                return "already"
            if len(users) >= max_players:
                return "full"
            await db.execute("INSERT INTO players (game_id, user_id, name, joined) VALUES (?,?,?,?)",
                             (game_id, user_id, name, time.time_ns()))
            return "ok"
        return await self._write(tx)

    async def remove_player(self, game_id: int, user_id: int) -> bool:
        async def tx(db: Tx):
            if await locked_status(db, game_id) != "lobby":
                return False
            return await db.execute("DELETE FROM players WHERE game_id=? AND user_id=?", (game_id, user_id)) == 1
        return await self._write(tx)

    # ---- a game -----------------------------------------------------------------------------
    async def start_game(self, game_id: int, config: dict, state_json: str, seq: int, start_events: list,
                         recent: list, deadlines: dict | None = None, outbox: Sequence = ()) -> bool:
        """Lobby -> active, seats in joining order, with what the start shows. False if the lobby was not
        open any more."""
        async def tx(db: Tx):
            changed = await db.execute(
                f"UPDATE games SET status='active', config=?, state=?, seq=?, start_events=?, recent=?, "
                f"updated_at={db.dialect.now} WHERE id=? AND status='lobby'",
                (json_text(config), state_json, seq, json_text(start_events), json_text(recent), game_id))
            if changed != 1:
                return False
            users = [r[0] for r in await db.fetchall(
                "SELECT user_id FROM players WHERE game_id=? ORDER BY joined", (game_id,))]
            for seat, uid in enumerate(users):
                await db.execute("UPDATE players SET seat=? WHERE game_id=? AND user_id=?", (seat, game_id, uid))
            await set_deadlines(db, game_id, deadlines or {})
            await insert_items(db, game_id, seq, outbox)
            return True
        return await self._write(tx)

    async def commit_actions(self, game_id: int, expected_seq: int, rows: list, state_json: str, new_seq: int,
                             status: str, recent: list, deadlines: dict | None = None, outbox: Sequence = (),
                             new_panel: bool = False, finish: Finish | None = None) -> bool:
        """Logs the actions of one move (rows: (seq, action_id, seat, user_id, stage, public events)),
        stores the new state, the new deadlines and what the channel must now show (outbox), in one
        transaction, only if the stored version is still expected_seq (optimistic check). False when
        another move got there first. new_panel: the panel becomes the record of the day that ended (an
        outbox item) and a new one is due. deadlines: see set_deadlines. finish: the move ends the game: its
        results and the rating update (db/records.py), in the same transaction."""
        recent_json = json_text(recent)
        logged = [(game_id, seq, aid, seat, uid, stage, json_text(events))
                  for seq, aid, seat, uid, stage, events in rows]

        async def tx(db: Tx):
            panel = ", panel_message_id=NULL" if new_panel else ""
            if not await db.execute_one(
                    f"UPDATE games SET state=?, seq=?, status=?, recent=?, updated_at={db.dialect.now}{panel} "
                    "WHERE id=? AND seq=? AND status='active'",
                    (state_json, new_seq, status, recent_json, game_id, expected_seq)):
                return False
            await db.executemany("INSERT INTO actions (game_id, seq, action_id, seat, user_id, stage, events) "
                                 "VALUES (?,?,?,?,?,?,?)", logged)
            await set_deadlines(db, game_id, deadlines or {})
            await insert_items(db, game_id, new_seq, outbox)
            if finish is not None:
                await write_finish(db, game_id, finish)
            return True
        tx.one_trip = True  # type: ignore[attr-defined]  # (PostgreSQL: one round trip, db/onetrip.py)
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
        async def tx(db: Tx):
            await db.execute("UPDATE games SET panel_message_id=? WHERE id=?", (message_id, game_id))
        await self._write(tx)

    async def end_game(self, game_id: int, by: int | None, reason: str, outbox: Sequence = ()) -> bool:
        """Closes an open game (status 'ended') with what the channel must show; finished games stay."""
        async def tx(db: Tx):
            changed = await db.execute(
                f"UPDATE games SET status='ended', ended_by=?, end_reason=?, updated_at={db.dialect.now}, "
                "panel_message_id=NULL WHERE id=? AND status IN ('lobby','active')", (by, reason, game_id))
            if changed != 1:
                return False
            await db.execute("DELETE FROM deadlines WHERE game_id=?", (game_id,))
            row = await db.fetchone("SELECT seq FROM games WHERE id=?", (game_id,))
            assert row is not None
            await insert_items(db, game_id, row[0], outbox)
            return True
        return await self._write(tx)

    # ---- AI seats ----------------------------------------------------------------------------
    async def add_ai(self, game_id: int, level: str, name_fmt: str, max_players: int) -> str:
        """Seats an AI in a lobby: 'ok', 'full' or 'closed'. name_fmt gets the AI's number."""
        async def tx(db: Tx):
            if await locked_status(db, game_id) != "lobby":
                return "closed"
            seated = await db.fetchall("SELECT user_id, ai FROM players WHERE game_id=?", (game_id,))
            if len(seated) >= max_players:
                return "full"
            uid = min([0] + [u for u, _ in seated]) - 1
            number = 1 + sum(1 for _, ai in seated if ai)
            await db.execute("INSERT INTO players (game_id, user_id, name, joined, ai) VALUES (?,?,?,?,?)",
                             (game_id, uid, name_fmt.format(number), time.time_ns(), level))
            return "ok"
        return await self._write(tx)

    async def remove_ai(self, game_id: int) -> bool:
        """Unseats the AI added last (lobby only)."""
        async def tx(db: Tx):
            if await locked_status(db, game_id) != "lobby":
                return False
            row = await db.fetchone("SELECT user_id FROM players WHERE game_id=? AND ai IS NOT NULL "
                                    "ORDER BY joined DESC LIMIT 1", (game_id,))
            if row is None:
                return False
            return await db.execute("DELETE FROM players WHERE game_id=? AND user_id=?", (game_id, row[0])) == 1
        return await self._write(tx)

    async def seat_to_ai(self, game_id: int, user_id: int, level: str, recent: list,
                         new_host: int | None) -> bool:
        """A player leaves a running game: an AI takes the seat (the name stays), the seat's deadline
        goes, and the host role passes on if the host left. False if nothing changed."""
        async def tx(db: Tx):
            if await locked_status(db, game_id) != "active":
                return False
            row = await db.fetchone("SELECT seat FROM players WHERE game_id=? AND user_id=? AND ai IS NULL",
                                    (game_id, user_id))
            if row is None:
                return False
            lowest = await db.fetchone("SELECT MIN(user_id) FROM players WHERE game_id=?", (game_id,))
            uid = min(0, lowest[0] if lowest else 0) - 1
            await db.execute("UPDATE players SET user_id=?, ai=?, left_user=? WHERE game_id=? AND user_id=?",
                             (uid, level, user_id, game_id, user_id))
            await db.execute("DELETE FROM deadlines WHERE game_id=? AND seat=?", (game_id, row[0]))
            await db.execute("UPDATE games SET recent=?, host_id=COALESCE(?, host_id) WHERE id=?",
                             (json_text(recent), new_host, game_id))
            return True
        return await self._write(tx)

    async def set_ping(self, game_id: int, message_id: int | None) -> None:
        """The game's current ping message (deleted when the next one is posted)."""
        async def tx(db: Tx):
            await db.execute("UPDATE games SET ping_message_id=? WHERE id=?", (message_id, game_id))
        await self._write(tx)
