"""Numbered schema migrations, tracked with ``PRAGMA user_version``.

Append new migrations at the end of ``MIGRATIONS``; never edit one that has shipped. Each runs
in its own transaction together with the ``user_version`` bump, so a failed migration leaves
the database at the previous version.
"""

from __future__ import annotations

import aiosqlite

from bot.errors import StorageError

MIGRATIONS: tuple[str, ...] = (
    # 1: the whole first schema.
    """
    CREATE TABLE matches (
        id          INTEGER PRIMARY KEY AUTOINCREMENT,
        guild_id    INTEGER NOT NULL,
        channel_id  INTEGER NOT NULL,
        thread_id   INTEGER,
        game_id     TEXT    NOT NULL,
        options     TEXT    NOT NULL DEFAULT '{}',
        seats       INTEGER NOT NULL CHECK (seats > 0),
        seed        INTEGER,
        status      TEXT    NOT NULL DEFAULT 'lobby'
                    CHECK (status IN ('lobby', 'active', 'finished', 'cancelled')),
        version     INTEGER NOT NULL DEFAULT 0,
        host_id     INTEGER NOT NULL,
        created_at  REAL    NOT NULL,
        updated_at  REAL    NOT NULL,
        result      TEXT
    );
    CREATE INDEX matches_by_guild ON matches (guild_id, status, id);
    CREATE INDEX matches_by_thread ON matches (thread_id) WHERE thread_id IS NOT NULL;

    CREATE TABLE seats (
        match_id    INTEGER NOT NULL REFERENCES matches (id) ON DELETE CASCADE,
        seat        INTEGER NOT NULL CHECK (seat >= 0),
        user_id     INTEGER,
        is_ai       INTEGER NOT NULL DEFAULT 0 CHECK (is_ai IN (0, 1)),
        name        TEXT,
        joined_at   REAL    NOT NULL,
        PRIMARY KEY (match_id, seat),
        CHECK ((is_ai = 1) = (user_id IS NULL))
    ) WITHOUT ROWID;
    CREATE UNIQUE INDEX seats_one_per_user ON seats (match_id, user_id) WHERE user_id IS NOT NULL;
    CREATE INDEX seats_by_user ON seats (user_id) WHERE user_id IS NOT NULL;

    -- The append-only move log: version n is the n-th accepted answer of the match.
    CREATE TABLE moves (
        match_id    INTEGER NOT NULL REFERENCES matches (id) ON DELETE CASCADE,
        version     INTEGER NOT NULL CHECK (version > 0),
        seat        INTEGER NOT NULL,
        option_id   TEXT    NOT NULL,
        actor       TEXT    NOT NULL,
        events      TEXT    NOT NULL DEFAULT '[]',
        created_at  REAL    NOT NULL,
        PRIMARY KEY (match_id, version)
    ) WITHOUT ROWID;
    CREATE TRIGGER moves_are_never_updated BEFORE UPDATE ON moves
    BEGIN
        SELECT RAISE(ABORT, 'the move log is append-only');
    END;

    -- The latest state of a started match plus each open decision's sequence number.
    CREATE TABLE snapshots (
        match_id    INTEGER PRIMARY KEY REFERENCES matches (id) ON DELETE CASCADE,
        version     INTEGER NOT NULL,
        state       TEXT    NOT NULL,
        seqs        TEXT    NOT NULL DEFAULT '{}',
        updated_at  REAL    NOT NULL
    );

    CREATE TABLE messages (
        match_id    INTEGER NOT NULL REFERENCES matches (id) ON DELETE CASCADE,
        kind        TEXT    NOT NULL,
        channel_id  INTEGER NOT NULL,
        message_id  INTEGER NOT NULL,
        updated_at  REAL    NOT NULL,
        PRIMARY KEY (match_id, kind)
    ) WITHOUT ROWID;

    CREATE TABLE deadlines (
        id          INTEGER PRIMARY KEY AUTOINCREMENT,
        match_id    INTEGER NOT NULL REFERENCES matches (id) ON DELETE CASCADE,
        seat        INTEGER,
        kind        TEXT    NOT NULL,
        due_at      REAL    NOT NULL,
        fired       INTEGER NOT NULL DEFAULT 0 CHECK (fired IN (0, 1)),
        UNIQUE (match_id, seat, kind)
    );
    CREATE INDEX deadlines_due ON deadlines (fired, due_at);

    CREATE TABLE guild_settings (
        guild_id    INTEGER NOT NULL,
        key         TEXT    NOT NULL,
        value       TEXT    NOT NULL,
        PRIMARY KEY (guild_id, key)
    ) WITHOUT ROWID;
    """,
    # 2: play-by-chat: table settings, seat take-overs, undo rows, votes, preferences, admin log.
    """
    -- Bot-level table options (time per decision, what a timeout does), not engine variants.
    ALTER TABLE matches ADD COLUMN settings TEXT NOT NULL DEFAULT '{}';

    -- A human seat the AI plays for the rest of the match (the user keeps the seat, for
    -- /game rejoin and for fair ratings).
    ALTER TABLE seats ADD COLUMN taken_over INTEGER NOT NULL DEFAULT 0
        CHECK (taken_over IN (0, 1));

    -- 'undo' rows take back the latest standing move of their seat; replay skips both.
    ALTER TABLE moves ADD COLUMN kind TEXT NOT NULL DEFAULT 'move'
        CHECK (kind IN ('move', 'undo'));

    CREATE TABLE user_prefs (
        user_id     INTEGER NOT NULL,
        key         TEXT    NOT NULL,
        value       TEXT    NOT NULL,
        PRIMARY KEY (user_id, key)
    ) WITHOUT ROWID;

    CREATE TABLE takeover_votes (
        match_id    INTEGER NOT NULL REFERENCES matches (id) ON DELETE CASCADE,
        seat        INTEGER NOT NULL,
        voter_id    INTEGER NOT NULL,
        created_at  REAL    NOT NULL,
        PRIMARY KEY (match_id, seat, voter_id)
    ) WITHOUT ROWID;

    CREATE TABLE admin_log (
        id          INTEGER PRIMARY KEY AUTOINCREMENT,
        guild_id    INTEGER NOT NULL,
        user_id     INTEGER NOT NULL,
        action      TEXT    NOT NULL,
        match_id    INTEGER,
        detail      TEXT    NOT NULL DEFAULT '{}',
        created_at  REAL    NOT NULL
    );
    CREATE INDEX admin_log_by_guild ON admin_log (guild_id, id);
    """,
    # 3: the announcement outbox (issue 10): what each match's thread still owes, written in
    # the move's own transaction, and the sealed-decision DMs already sent.
    """
    CREATE TABLE announcements (
        match_id      INTEGER PRIMARY KEY REFERENCES matches (id) ON DELETE CASCADE,
        version_owed  INTEGER NOT NULL,             -- the version the thread must show
        version_done  INTEGER NOT NULL DEFAULT -1,  -- the version Discord accepted last
        channel_id    INTEGER,                      -- where the live turn message is
        message_id    INTEGER,                      -- the live turn message
        turn_version  INTEGER,                      -- the version it was posted at
        turn_key      TEXT,                         -- JSON: which turn it shows
        attempts      INTEGER NOT NULL DEFAULT 0,   -- failed deliveries in a row
        next_try_at   REAL    NOT NULL DEFAULT 0,   -- backoff: not before this time
        updated_at    REAL    NOT NULL
    );
    CREATE INDEX announcements_owed ON announcements (next_try_at)
        WHERE version_done < version_owed;

    -- A move answering a sealed decision: an announcement rebuilt from the log must not
    -- show its option.
    ALTER TABLE moves ADD COLUMN secret INTEGER NOT NULL DEFAULT 0 CHECK (secret IN (0, 1));

    CREATE TABLE dm_sent (
        match_id      INTEGER NOT NULL REFERENCES matches (id) ON DELETE CASCADE,
        seat          INTEGER NOT NULL,
        decision_seq  INTEGER NOT NULL,
        user_id       INTEGER NOT NULL,
        closed        INTEGER NOT NULL DEFAULT 0 CHECK (closed IN (0, 1)),  -- DMs refused
        sent_at       REAL    NOT NULL,
        PRIMARY KEY (match_id, seat, decision_seq, user_id)
    ) WITHOUT ROWID;
    """,
    # 4: a compacted finished match (bot/upkeep.py): its move rows keep every answer, and
    # their events live here, deflated together (zlib of {version: events} as JSON).
    """
    CREATE TABLE archived_events (
        match_id  INTEGER PRIMARY KEY REFERENCES matches (id) ON DELETE CASCADE,
        events    BLOB    NOT NULL
    );
    """,
    # 5: the level of an AI seat (issue 13: easy / normal / hard; NULL: a human seat, or an AI
    # added before levels existed, which keeps playing as it did: easy).
    """
    ALTER TABLE seats ADD COLUMN ai_level TEXT;
    """,
    # 6 (issue 15): several processes on one database. A lease claims a piece of work for one
    # process (bot/leases.py); an announcement row names the process that delivered it last.
    """
    CREATE TABLE leases (
        name        TEXT PRIMARY KEY,
        holder      TEXT NOT NULL DEFAULT '',  -- '<process key>/<run id>', '' when released
        expires_at  REAL NOT NULL DEFAULT 0
    ) WITHOUT ROWID;
    ALTER TABLE announcements ADD COLUMN delivered_by TEXT;
    -- A sealed decision's DM menu: closed by whichever process delivers after it is answered.
    ALTER TABLE dm_sent ADD COLUMN channel_id INTEGER;
    ALTER TABLE dm_sent ADD COLUMN message_id INTEGER;
    ALTER TABLE dm_sent ADD COLUMN settled INTEGER NOT NULL DEFAULT 0 CHECK (settled IN (0, 1));
    """,
)

SCHEMA_VERSION = len(MIGRATIONS)


async def schema_version(conn: aiosqlite.Connection) -> int:
    async with conn.execute("PRAGMA user_version") as cursor:
        row = await cursor.fetchone()
    return int(row[0]) if row else 0


async def migrate(conn: aiosqlite.Connection) -> int:
    """Bring the schema up to ``SCHEMA_VERSION``; returns how many migrations ran.

    ``conn`` must be in autocommit mode (``isolation_level=None``). Running it again is a no-op.
    """
    current = await schema_version(conn)
    if current > SCHEMA_VERSION:
        raise StorageError(
            f"The database was written by a newer Scarab (schema {current}, this one knows "
            f"{SCHEMA_VERSION}): upgrade Scarab or point DATABASE at another file."
        )
    ran = 0
    for number in range(current + 1, SCHEMA_VERSION + 1):
        script = MIGRATIONS[number - 1]
        try:
            # executescript runs the statements as written, so BEGIN/COMMIT are ours.
            await conn.executescript(
                f"BEGIN IMMEDIATE;\n{script}\nPRAGMA user_version = {number};\nCOMMIT;"
            )
        except BaseException:
            if conn.in_transaction:
                await conn.rollback()
            raise
        ran += 1
    return ran
