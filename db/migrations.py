"""Schema migrations, tracked by SQLite's own PRAGMA user_version (one number, no extra table).

Each entry upgrades from version i to i+1 and runs in one transaction together with the version
bump, so a crash mid-migration leaves the previous version intact. Never edit a released entry:
append a new one."""

from .errors import SchemaTooNew

MIGRATIONS: list[str] = [
    # 1: games, players, append-only action log
    """
    CREATE TABLE games (
        id INTEGER PRIMARY KEY,
        guild_id INTEGER,
        channel_id INTEGER NOT NULL,
        host_id INTEGER NOT NULL,
        status TEXT NOT NULL CHECK (status IN ('lobby', 'active', 'over', 'ended')),
        options TEXT NOT NULL,              -- lobby options (sets, pioneers, timer), JSON
        config TEXT,                        -- engine config, JSON, set at start
        seed INTEGER NOT NULL,
        state TEXT,                         -- engine state JSON (engine.to_json), null in the lobby
        seq INTEGER NOT NULL DEFAULT 0,     -- state["seq"]: the optimistic version
        start_events TEXT,                  -- public events of new_game, JSON
        recent TEXT NOT NULL DEFAULT '[]',  -- last narrated lines shown on the panel
        panel_message_id INTEGER,           -- null while a new panel is being posted
        lobby_message_id INTEGER,
        ended_by INTEGER,
        end_reason TEXT,
        created_at TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')),
        updated_at TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now'))
    );
    -- one open (lobby or running) game per channel; finished games are kept
    CREATE UNIQUE INDEX games_open_per_channel ON games (channel_id)
        WHERE status IN ('lobby', 'active');
    CREATE TABLE players (
        game_id INTEGER NOT NULL REFERENCES games (id),
        user_id INTEGER NOT NULL,
        name TEXT NOT NULL,
        seat INTEGER,                       -- assigned at start, in joining order
        joined INTEGER NOT NULL,
        PRIMARY KEY (game_id, user_id),
        UNIQUE (game_id, seat)
    );
    CREATE TABLE actions (
        game_id INTEGER NOT NULL REFERENCES games (id),
        seq INTEGER NOT NULL,               -- the state version the action was applied to
        action_id TEXT NOT NULL,
        seat INTEGER NOT NULL,
        user_id INTEGER NOT NULL,
        stage TEXT NOT NULL,
        events TEXT NOT NULL,               -- public events (gold values stripped), JSON
        created_at TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')),
        PRIMARY KEY (game_id, seq)
    );
    CREATE TRIGGER actions_no_update BEFORE UPDATE ON actions
        BEGIN SELECT RAISE(ABORT, 'the action log is append-only'); END;
    CREATE TRIGGER actions_no_delete BEFORE DELETE ON actions
        BEGIN SELECT RAISE(ABORT, 'the action log is append-only'); END;
    """,
    # 2: AI seats, turn deadlines (durable timers), the game's last "your turn" ping
    """
    ALTER TABLE players ADD COLUMN ai TEXT;                -- null: a person; else the AI level playing it
    ALTER TABLE games ADD COLUMN ping_message_id INTEGER;  -- deleted when the next ping is posted
    CREATE TABLE deadlines (
        game_id INTEGER NOT NULL REFERENCES games (id),
        seat INTEGER NOT NULL,
        seq INTEGER NOT NULL,               -- the state version at which this decision began
        due_at REAL NOT NULL,               -- unix seconds: then the easy AI decides for the player
        remind_at REAL NOT NULL,            -- unix seconds: the half-time reminder
        reminded INTEGER NOT NULL DEFAULT 0,
        PRIMARY KEY (game_id, seat)
    );
    CREATE INDEX deadlines_due ON deadlines (due_at);
    """,
    # 3: the seats whose "your turn" ping is still to be posted (an outbox: a crash between the commit
    # and the ping is repaired at start-up)
    """
    ALTER TABLE games ADD COLUMN unpinged TEXT NOT NULL DEFAULT '[]';  -- JSON list of seats
    """,
    # 4: the outbox: what a commit promises to show in the channel (the day's record, table images, the
    # results, a new panel, pings), written in the commit's own transaction, delivered at least once and
    # marked done with the message that showed it. Pending pings move here from games.unpinged.
    """
    CREATE TABLE outbox (
        id INTEGER PRIMARY KEY,
        game_id INTEGER NOT NULL REFERENCES games (id),
        seq INTEGER NOT NULL,               -- the state version it shows
        kind TEXT NOT NULL,                 -- freeze | image | results | standings | panel | ping
        data TEXT NOT NULL DEFAULT '{}',    -- JSON: what to show (caption, record lines, seats ...)
        done INTEGER NOT NULL DEFAULT 0,
        message_id INTEGER                  -- the message that showed it (null for edits)
    );
    CREATE INDEX outbox_pending ON outbox (game_id, id) WHERE done = 0;
    -- games by status, covering (id, channel_id): start-up finds the open games without reading a row
    -- (so one damaged game cannot hide the others)
    CREATE INDEX games_by_status ON games (status, channel_id);
    INSERT INTO outbox (game_id, seq, kind, data)
        SELECT id, seq, 'ping', json_object('seats', json(unpinged)) FROM games
        WHERE unpinged != '[]' AND status = 'active';
    UPDATE games SET unpinged = '[]';
    """,
]

LATEST = len(MIGRATIONS)


def migrate(db) -> int:
    """Brings the database (a sqlite3 connection in autocommit mode) to LATEST; returns the version found
    before. Refuses a newer schema (written by a newer bot) rather than guessing."""
    (found,) = db.execute("PRAGMA user_version").fetchone()
    if found > LATEST:
        raise SchemaTooNew(f"database schema v{found} is newer than this bot (v{LATEST})")
    for version in range(found, LATEST):
        # executescript commits first; BEGIN/COMMIT inside the script make each step atomic
        try:
            db.executescript(f"BEGIN;\n{MIGRATIONS[version]}\nPRAGMA user_version = {version + 1};\nCOMMIT;")
        except Exception:
            if db.in_transaction:
                db.execute("ROLLBACK")
            raise
    return found
