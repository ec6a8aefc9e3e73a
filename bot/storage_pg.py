"""The PostgreSQL (asyncpg) implementation of ``Storage``, selected by
``DATABASE=postgresql://…``.

Same interface and semantics as ``SqliteStorage`` (bot/storage.py), over a connection pool so
several processes can share one database. A move locks its match row (``SELECT … FOR UPDATE``)
and checks the version in the same transaction; a stale version raises ``VersionConflict``.
Every database error surfaces as ``StorageError``.
"""

from __future__ import annotations

import json
from collections.abc import AsyncIterator, Collection, Iterable, Mapping, Sequence
from contextlib import asynccontextmanager
from typing import Any

import asyncpg

from bot.errors import StorageError, VersionConflict
from bot.migrations_pg import PgConnection, migrate
from bot.settings import redact
from bot.storage import (
    TAKEOVERS,
    AdminLogEntry,
    AnnouncementRecord,
    DeadlineRecord,
    DmMenu,
    MatchRecord,
    MessageRecord,
    MoveRecord,
    SeatRecord,
    SnapshotRecord,
    Storage,
    _deflate_events,
    _inflate_events,
    _json,
    may_take,
)

POSTGRES_SCHEMES = ("postgresql://", "postgres://")
POOL_SIZE = 10
CONNECT_TIMEOUT_S = 15.0  # an unreachable server fails start-up in this long, not a minute


def is_postgres_url(database: str) -> bool:
    """Whether a ``DATABASE`` value names a PostgreSQL server rather than an SQLite file."""
    return database.startswith(POSTGRES_SCHEMES)


def _rows_changed(status: str) -> int:
    """The row count of an asyncpg command status ("UPDATE 1", "INSERT 0 1")."""
    return int(status.rsplit(" ", 1)[-1])


def connect_error(dsn: str, exc: BaseException) -> StorageError:
    """One sentence saying why the server could not be used."""
    where = redact(dsn)
    if isinstance(
        exc, asyncpg.InvalidPasswordError | asyncpg.InvalidAuthorizationSpecificationError
    ):
        return StorageError(f"PostgreSQL at {where} refused the user or password: {exc}.")
    if isinstance(exc, asyncpg.InvalidCatalogNameError):
        return StorageError(f"PostgreSQL at {where} has no such database: create it first ({exc}).")
    if isinstance(exc, OSError | TimeoutError):
        return StorageError(
            f"PostgreSQL at {where} cannot be reached ({exc}): check that the server runs and "
            "that DATABASE names the right host and port."
        )
    return StorageError(f"PostgreSQL at {where} could not be used: {exc}.")


def _seqs_json(seqs: Mapping[int, int]) -> str:
    return _json({str(seat): seq for seat, seq in seqs.items()})


def _optional_json(value: Any) -> str | None:
    return _json(value) if value is not None else None


class PgStorage(Storage):
    """PostgreSQL through an asyncpg pool; every write is one transaction."""

    shared = True  # several processes (shards) on one database

    def __init__(self, pool: asyncpg.Pool, dsn: str) -> None:
        self._pool = pool
        self.dsn = redact(dsn)

    @classmethod
    async def open(cls, path: str, *, pool_size: int = POOL_SIZE, **_: Any) -> PgStorage:
        """Connect to the server at ``path`` (a postgresql:// URL) and migrate its schema."""
        try:
            pool = await asyncpg.create_pool(
                path, min_size=1, max_size=pool_size, timeout=CONNECT_TIMEOUT_S
            )
        except (asyncpg.PostgresError, OSError, TimeoutError) as exc:
            raise connect_error(path, exc) from exc
        try:
            async with pool.acquire() as conn:
                await migrate(conn)
        except asyncpg.PostgresError as exc:
            await pool.close()
            raise StorageError(
                f"PostgreSQL at {redact(path)} could not be migrated: {exc}."
            ) from exc
        except BaseException:
            await pool.close()
            raise
        return cls(pool, path)

    async def close(self) -> None:
        await self._pool.close()

    @asynccontextmanager
    async def _read(self) -> AsyncIterator[PgConnection]:
        try:
            async with self._pool.acquire() as conn:
                yield conn
        except (asyncpg.PostgresError, asyncpg.InterfaceError, OSError) as exc:
            raise StorageError(f"PostgreSQL at {self.dsn} failed: {exc}.") from exc

    @asynccontextmanager
    async def _transaction(self) -> AsyncIterator[PgConnection]:
        async with self._read() as conn, conn.transaction():
            yield conn

    # --- matches and seats ----------------------------------------------------------------
    _MATCH_COLUMNS = (
        "id, guild_id, channel_id, thread_id, game_id, options, seats, seed, "
        "status, version, host_id, created_at, updated_at, result"
    )

    @staticmethod
    async def _with_seats(conn: PgConnection, rows: Sequence[Any]) -> list[MatchRecord]:
        if not rows:
            return []
        ids = [row[0] for row in rows]
        seats: dict[int, list[SeatRecord]] = {match_id: [] for match_id in ids}
        for m, seat, user_id, is_ai, name, joined, taken, level in await conn.fetch(
            "SELECT match_id, seat, user_id, is_ai, name, joined_at, taken_over, ai_level "
            "FROM seats WHERE match_id = ANY($1::bigint[]) ORDER BY match_id, seat",
            ids,
        ):
            seats[m].append(
                SeatRecord(seat, user_id, bool(is_ai), name, joined, bool(taken), level)
            )
        return [
            MatchRecord(
                id=row[0],
                guild_id=row[1],
                channel_id=row[2],
                thread_id=row[3],
                game_id=row[4],
                options=json.loads(row[5]),
                seats=row[6],
                seed=row[7],
                status=row[8],
                version=row[9],
                host_id=row[10],
                created_at=row[11],
                updated_at=row[12],
                result=json.loads(row[13]) if row[13] else None,
                seat_rows=tuple(seats[row[0]]),
            )
            for row in rows
        ]

    async def _matches(self, where: str, *params: Any) -> list[MatchRecord]:
        async with self._read() as conn:
            rows = await conn.fetch(f"SELECT {self._MATCH_COLUMNS} FROM matches {where}", *params)
            return await self._with_seats(conn, rows)

    @staticmethod
    def _filters(statuses: Collection[str] | None, limit: int | None) -> tuple[str, str]:
        """The status condition (on parameter $2) and the LIMIT clause."""
        status = " AND status = ANY($2::text[])" if statuses is not None else ""
        return status, f" LIMIT {int(limit)}" if limit is not None else ""

    async def create_match(
        self,
        *,
        guild_id: int,
        channel_id: int,
        game_id: str,
        options: Mapping[str, str],
        seats: int,
        host_id: int,
        now: float,
    ) -> MatchRecord:
        async with self._transaction() as conn:
            match_id = await conn.fetchval(
                "INSERT INTO matches (guild_id, channel_id, game_id, options, seats, host_id, "
                "created_at, updated_at) VALUES ($1, $2, $3, $4, $5, $6, $7, $7) RETURNING id",
                guild_id,
                channel_id,
                game_id,
                _json(dict(options)),
                seats,
                host_id,
                float(now),
            )
            await conn.execute(
                "INSERT INTO seats (match_id, seat, user_id, is_ai, joined_at) "
                "VALUES ($1, 0, $2, 0, $3)",
                match_id,
                host_id,
                float(now),
            )
        record = await self.get_match(match_id)
        assert record is not None
        return record

    async def get_match(self, match_id: int) -> MatchRecord | None:
        found = await self._matches("WHERE id = $1", match_id)
        return found[0] if found else None

    async def list_matches(
        self, guild_id: int, statuses: Collection[str] | None = None, limit: int | None = None
    ) -> list[MatchRecord]:
        status, limited = self._filters(statuses, limit)
        params = [guild_id] if statuses is None else [guild_id, list(statuses)]
        return await self._matches(
            f"WHERE guild_id = $1{status} ORDER BY id DESC{limited}", *params
        )

    async def matches_for_user(
        self, user_id: int, statuses: Collection[str] | None = None, limit: int | None = None
    ) -> list[MatchRecord]:
        status, limited = self._filters(statuses, limit)
        params = [user_id] if statuses is None else [user_id, list(statuses)]
        return await self._matches(
            f"WHERE id IN (SELECT match_id FROM seats WHERE user_id = $1){status} "
            f"ORDER BY id DESC{limited}",
            *params,
        )

    async def match_for_thread(self, thread_id: int) -> MatchRecord | None:
        found = await self._matches("WHERE thread_id = $1 ORDER BY id DESC LIMIT 1", thread_id)
        return found[0] if found else None

    async def count_matches(self) -> int:
        async with self._read() as conn:
            return int(await conn.fetchval("SELECT count(*) FROM matches"))

    async def put_seat(
        self,
        match_id: int,
        seat: int,
        user_id: int | None,
        name: str | None,
        now: float,
        ai_level: str | None = None,
    ) -> None:
        async with self._transaction() as conn:
            await conn.execute(
                "INSERT INTO seats (match_id, seat, user_id, is_ai, name, joined_at, ai_level) "
                "VALUES ($1, $2, $3, $4, $5, $6, $7) ON CONFLICT (match_id, seat) DO UPDATE SET "
                "user_id = excluded.user_id, is_ai = excluded.is_ai, name = excluded.name, "
                "joined_at = excluded.joined_at, taken_over = 0, ai_level = excluded.ai_level",
                match_id,
                seat,
                user_id,
                int(user_id is None),
                name,
                float(now),
                ai_level if user_id is None else None,
            )
            await self._touch(conn, match_id, now)

    @staticmethod
    async def _touch(conn: PgConnection, match_id: int, now: float) -> None:
        await conn.execute("UPDATE matches SET updated_at = $1 WHERE id = $2", float(now), match_id)

    async def remove_seat(self, match_id: int, seat: int, now: float) -> None:
        async with self._transaction() as conn:
            await conn.execute(
                "DELETE FROM seats WHERE match_id = $1 AND seat = $2", match_id, seat
            )
            await self._touch(conn, match_id, now)

    async def set_seat_name(self, match_id: int, user_id: int, name: str) -> bool:
        async with self._transaction() as conn:
            status = await conn.execute(
                "UPDATE seats SET name = $1 WHERE match_id = $2 AND user_id = $3 AND is_ai = 0 "
                "AND name IS DISTINCT FROM $1",
                name,
                match_id,
                user_id,
            )
        return status != "UPDATE 0"

    _UPDATABLE = frozenset({"thread_id", "channel_id", "host_id", "status", "result"})

    async def update_match(self, match_id: int, now: float, **fields: Any) -> None:
        unknown = set(fields) - self._UPDATABLE
        if unknown:
            raise ValueError(f"cannot update match column(s) {sorted(unknown)}")
        if "result" in fields:
            fields["result"] = _optional_json(fields["result"])
        sets = "".join(f"{name} = ${i}, " for i, name in enumerate(fields, start=3))
        async with self._transaction() as conn:
            await conn.execute(
                f"UPDATE matches SET {sets}updated_at = $2 WHERE id = $1",
                match_id,
                float(now),
                *fields.values(),
            )

    # --- play -----------------------------------------------------------------------------
    async def start_match(
        self,
        match_id: int,
        *,
        seed: int,
        state: dict[str, Any],
        seqs: Mapping[int, int],
        status: str,
        result: dict[str, Any] | None,
        now: float,
    ) -> None:
        async with self._transaction() as conn:
            changed = await conn.execute(
                "UPDATE matches SET status = $1, seed = $2, version = 0, result = $3, "
                "updated_at = $4 WHERE id = $5 AND status = 'lobby'",
                status,
                seed,
                _optional_json(result),
                float(now),
                match_id,
            )
            if _rows_changed(changed) != 1:
                raise VersionConflict(f"match {match_id} is no longer a lobby")
            await self._put_snapshot(conn, match_id, 0, state, seqs, now)
            await self._owe(conn, match_id, 0, now)

    _OWE = (
        "INSERT INTO announcements (match_id, version_owed, updated_at) VALUES ($1, $2, $3) "
        "ON CONFLICT (match_id) DO UPDATE SET "
        "version_owed = GREATEST(announcements.version_owed, excluded.version_owed), "
        "attempts = 0, next_try_at = 0, updated_at = excluded.updated_at"
    )

    async def _owe(self, conn: PgConnection, match_id: int, version: int, now: float) -> None:
        await conn.execute(self._OWE, match_id, version, float(now))

    @staticmethod
    async def _put_snapshot(
        conn: PgConnection,
        match_id: int,
        version: int,
        state: dict[str, Any],
        seqs: Mapping[int, int],
        now: float,
    ) -> None:
        await conn.execute(
            "INSERT INTO snapshots (match_id, version, state, seqs, updated_at) "
            "VALUES ($1, $2, $3, $4, $5) ON CONFLICT (match_id) DO UPDATE SET "
            "version = excluded.version, state = excluded.state, seqs = excluded.seqs, "
            "updated_at = excluded.updated_at",
            match_id,
            version,
            _json(state),
            _seqs_json(seqs),
            float(now),
        )

    async def record_move(
        self,
        match_id: int,
        *,
        expected_version: int,
        seat: int,
        option_id: str,
        actor: str,
        events: Sequence[dict[str, Any]],
        state: dict[str, Any],
        seqs: Mapping[int, int],
        status: str,
        result: dict[str, Any] | None,
        now: float,
        kind: str = "move",
        deadlines: Sequence[tuple[int | None, str, float]] = (),
        secret: bool = False,
    ) -> int:
        version = expected_version + 1
        async with self._transaction() as conn:
            # The row lock serialises moves on this match across processes.
            current = await conn.fetchrow(
                "SELECT version, status FROM matches WHERE id = $1 FOR UPDATE", match_id
            )
            if current is None or tuple(current) != (expected_version, "active"):
                raise VersionConflict(
                    f"match {match_id} is no longer at version {expected_version}"
                )
            await conn.execute(
                "UPDATE matches SET version = $1, status = $2, result = $3, updated_at = $4 "
                "WHERE id = $5",
                version,
                status,
                _optional_json(result),
                float(now),
                match_id,
            )
            await conn.execute(
                "INSERT INTO moves (match_id, version, seat, option_id, actor, events, "
                "created_at, kind, secret) VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9)",
                match_id,
                version,
                seat,
                option_id,
                actor,
                _json(list(events)),
                float(now),
                kind,
                int(secret),
            )
            await self._put_snapshot(conn, match_id, version, state, seqs, now)
            if deadlines:  # the new decisions' deadline rows commit with the move
                await self._insert_deadlines(conn, match_id, deadlines)
            await self._owe(conn, match_id, version, now)  # announced exactly once, later
        return version

    async def get_snapshot(self, match_id: int) -> SnapshotRecord | None:
        async with self._read() as conn:
            row = await conn.fetchrow(
                "SELECT version, state, seqs, updated_at FROM snapshots WHERE match_id = $1",
                match_id,
            )
        if row is None:
            return None
        seqs = {int(seat): int(seq) for seat, seq in json.loads(row[2]).items()}
        return SnapshotRecord(match_id, row[0], json.loads(row[1]), seqs, row[3])

    async def put_snapshot(
        self,
        match_id: int,
        *,
        version: int,
        state: dict[str, Any],
        seqs: Mapping[int, int],
        now: float,
    ) -> None:
        async with self._transaction() as conn:
            await self._put_snapshot(conn, match_id, version, state, seqs, now)

    _MOVE_COLUMNS = "version, seat, option_id, actor, events, created_at, kind, secret"

    async def _read_moves(self, match_id: int, tail: str, *params: Any) -> list[MoveRecord]:
        """Move rows of a match, with their events (from the archive once it is compacted)."""
        async with self._read() as conn:
            rows = await conn.fetch(
                f"SELECT {self._MOVE_COLUMNS} FROM moves WHERE match_id = $1 {tail}",
                match_id,
                *params,
            )
            archive = await conn.fetchval(
                "SELECT events FROM archived_events WHERE match_id = $1", match_id
            )
        archived = _inflate_events(archive) if archive else {}
        return [
            MoveRecord(
                match_id,
                row[0],
                row[1],
                row[2],
                row[3],
                archived[row[0]] if row[0] in archived else json.loads(row[4]),
                row[5],
                row[6],
                bool(row[7]),
            )
            for row in rows
        ]

    async def get_moves(self, match_id: int, *, after: int = 0) -> list[MoveRecord]:
        return await self._read_moves(match_id, "AND version > $2 ORDER BY version", after)

    async def recent_moves(self, match_id: int, limit: int) -> list[MoveRecord]:
        moves = await self._read_moves(match_id, "ORDER BY version DESC LIMIT $2", int(limit))
        return moves[::-1]

    # --- the announcement outbox ----------------------------------------------------------
    _ANNOUNCEMENT_COLUMNS = (
        "match_id, version_owed, version_done, channel_id, message_id, "
        "turn_version, turn_key, attempts, next_try_at, delivered_by"
    )

    @staticmethod
    def _announcement(row: asyncpg.Record) -> AnnouncementRecord:
        turn_key = json.loads(row[6]) if row[6] is not None else None
        return AnnouncementRecord(
            row[0], row[1], row[2], row[3], row[4], row[5], turn_key, row[7], row[8], row[9]
        )

    async def owe_announcement(self, match_id: int, version: int, now: float) -> None:
        async with self._transaction() as conn:
            await self._owe(conn, match_id, version, now)

    async def get_announcement(self, match_id: int) -> AnnouncementRecord | None:
        async with self._read() as conn:
            row = await conn.fetchrow(
                f"SELECT {self._ANNOUNCEMENT_COLUMNS} FROM announcements WHERE match_id = $1",
                match_id,
            )
        return self._announcement(row) if row else None

    async def owed_announcements(self, now: float, limit: int = 100) -> list[AnnouncementRecord]:
        async with self._read() as conn:
            rows = await conn.fetch(
                f"SELECT {self._ANNOUNCEMENT_COLUMNS} FROM announcements "
                "WHERE version_done < version_owed AND next_try_at <= $1 "
                "ORDER BY next_try_at, match_id LIMIT $2",
                float(now),
                int(limit),
            )
        return [self._announcement(row) for row in rows]

    async def announcement_delivered(
        self,
        match_id: int,
        *,
        version: int,
        channel_id: int | None,
        message_id: int | None,
        turn_version: int | None,
        turn_key: Any,
        now: float,
        by: str | None = None,
    ) -> None:
        async with self._transaction() as conn:
            await conn.execute(
                "INSERT INTO announcements (match_id, version_owed, version_done, channel_id, "
                "message_id, turn_version, turn_key, updated_at, delivered_by) "
                "VALUES ($1, $2, $2, $3, $4, $5, $6, $7, $8) ON CONFLICT (match_id) DO UPDATE SET "
                "version_done = GREATEST(announcements.version_done, excluded.version_done), "
                "channel_id = excluded.channel_id, message_id = excluded.message_id, "
                "turn_version = excluded.turn_version, turn_key = excluded.turn_key, "
                "attempts = 0, next_try_at = 0, updated_at = excluded.updated_at, "
                "delivered_by = excluded.delivered_by",
                match_id,
                version,
                channel_id,
                message_id,
                turn_version,
                _optional_json(turn_key),
                float(now),
                by,
            )
            if message_id is not None and channel_id is not None:
                await self._set_message(conn, match_id, "turn", channel_id, message_id, now)

    async def claim_lease(self, name: str, holder: str, now: float, ttl: float) -> str | None:
        async with self._transaction() as conn:
            await conn.execute(
                "INSERT INTO leases (name) VALUES ($1) ON CONFLICT (name) DO NOTHING", name
            )
            row = await conn.fetchrow(
                "SELECT holder, expires_at FROM leases WHERE name = $1 FOR UPDATE", name
            )
            assert row is not None  # inserted just above if it was missing
            if not may_take(row[0], row[1], holder, now):
                return None
            await conn.execute(
                "UPDATE leases SET holder = $2, expires_at = $3 WHERE name = $1",
                name,
                holder,
                float(now + ttl),
            )
        return row[0]

    async def release_lease(self, name: str, holder: str) -> None:
        async with self._transaction() as conn:
            await conn.execute(
                "UPDATE leases SET holder = '', expires_at = 0 WHERE name = $1 AND holder = $2",
                name,
                holder,
            )

    async def announcement_failed(self, match_id: int, next_try_at: float, now: float) -> int:
        async with self._transaction() as conn:
            attempts = await conn.fetchval(
                "UPDATE announcements SET attempts = attempts + 1, next_try_at = $1, "
                "updated_at = $2 WHERE match_id = $3 RETURNING attempts",
                float(next_try_at),
                float(now),
                match_id,
            )
        return int(attempts or 0)

    async def dms_sent(self, match_id: int) -> dict[tuple[int, int, int], bool]:
        async with self._read() as conn:
            rows = await conn.fetch(
                "SELECT seat, decision_seq, user_id, closed FROM dm_sent WHERE match_id = $1",
                match_id,
            )
        return {(row[0], row[1], row[2]): bool(row[3]) for row in rows}

    async def record_dm(
        self,
        match_id: int,
        seat: int,
        decision_seq: int,
        user_id: int,
        closed: bool,
        now: float,
        message: tuple[int, int] | None = None,
    ) -> None:
        channel_id, message_id = message or (None, None)
        async with self._transaction() as conn:
            await conn.execute(
                "INSERT INTO dm_sent (match_id, seat, decision_seq, user_id, closed, sent_at, "
                "channel_id, message_id) VALUES ($1, $2, $3, $4, $5, $6, $7, $8) ON CONFLICT "
                "(match_id, seat, decision_seq, user_id) DO UPDATE SET closed = excluded.closed, "
                "channel_id = excluded.channel_id, message_id = excluded.message_id",
                match_id,
                seat,
                decision_seq,
                user_id,
                int(closed),
                float(now),
                channel_id,
                message_id,
            )

    async def open_dm_menus(self, match_id: int) -> list[DmMenu]:
        async with self._read() as conn:
            rows = await conn.fetch(
                "SELECT seat, decision_seq, user_id, channel_id, message_id FROM dm_sent "
                "WHERE match_id = $1 AND message_id IS NOT NULL AND settled = 0 "
                "ORDER BY decision_seq, seat, user_id",
                match_id,
            )
        return [DmMenu(*row) for row in rows]

    async def dm_menu_settled(
        self, match_id: int, seat: int, decision_seq: int, user_id: int
    ) -> None:
        async with self._transaction() as conn:
            await conn.execute(
                "UPDATE dm_sent SET settled = 1 WHERE match_id = $1 AND seat = $2 "
                "AND decision_seq = $3 AND user_id = $4",
                match_id,
                seat,
                decision_seq,
                user_id,
            )

    async def ai_waiting_matches(self, limit: int = 100) -> list[int]:
        async with self._read() as conn:
            rows = await conn.fetch(
                "SELECT m.id FROM matches m JOIN snapshots sn ON sn.match_id = m.id "
                "WHERE m.status = 'active' AND sn.version = m.version AND EXISTS ("
                "  SELECT 1 FROM seats s, jsonb_object_keys(sn.seqs::jsonb) AS j(key) "
                "  WHERE s.match_id = m.id AND (s.is_ai = 1 OR s.taken_over = 1) "
                "  AND j.key::integer = s.seat) "
                "ORDER BY m.id LIMIT $1",
                int(limit),
            )
        return [row[0] for row in rows]

    # --- Discord bookkeeping --------------------------------------------------------------
    @staticmethod
    async def _set_message(
        conn: PgConnection,
        match_id: int,
        kind: str,
        channel_id: int,
        message_id: int,
        now: float,
    ) -> None:
        await conn.execute(
            "INSERT INTO messages (match_id, kind, channel_id, message_id, updated_at) "
            "VALUES ($1, $2, $3, $4, $5) ON CONFLICT (match_id, kind) DO UPDATE SET "
            "channel_id = excluded.channel_id, message_id = excluded.message_id, "
            "updated_at = excluded.updated_at",
            match_id,
            kind,
            channel_id,
            message_id,
            float(now),
        )

    async def set_message(
        self, match_id: int, kind: str, channel_id: int, message_id: int, now: float
    ) -> None:
        async with self._transaction() as conn:
            await self._set_message(conn, match_id, kind, channel_id, message_id, now)

    async def get_messages(self, match_id: int) -> dict[str, MessageRecord]:
        async with self._read() as conn:
            rows = await conn.fetch(
                "SELECT kind, channel_id, message_id FROM messages WHERE match_id = $1", match_id
            )
        return {row[0]: MessageRecord(row[0], row[1], row[2]) for row in rows}

    async def delete_message(self, match_id: int, kind: str) -> None:
        async with self._transaction() as conn:
            await conn.execute(
                "DELETE FROM messages WHERE match_id = $1 AND kind = $2", match_id, kind
            )

    async def set_deadline(self, match_id: int, seat: int | None, kind: str, due_at: float) -> None:
        async with self._transaction() as conn:
            await conn.execute(
                "DELETE FROM deadlines WHERE match_id = $1 AND seat IS NOT DISTINCT FROM $2 "
                "AND kind = $3",
                match_id,
                seat,
                kind,
            )
            await conn.execute(
                "INSERT INTO deadlines (match_id, seat, kind, due_at) VALUES ($1, $2, $3, $4)",
                match_id,
                seat,
                kind,
                float(due_at),
            )

    async def clear_deadlines(self, match_id: int, seat: int | None = None) -> None:
        async with self._transaction() as conn:
            if seat is None:
                await conn.execute("DELETE FROM deadlines WHERE match_id = $1", match_id)
            else:
                await conn.execute(
                    "DELETE FROM deadlines WHERE match_id = $1 AND seat = $2", match_id, seat
                )

    _DEADLINE_COLUMNS = "id, match_id, seat, kind, due_at, fired"

    @staticmethod
    def _deadline(row: asyncpg.Record) -> DeadlineRecord:
        return DeadlineRecord(row[0], row[1], row[2], row[3], row[4], bool(row[5]))

    async def due_deadlines(self, now: float, limit: int = 100) -> list[DeadlineRecord]:
        async with self._read() as conn:
            rows = await conn.fetch(
                f"SELECT {self._DEADLINE_COLUMNS} FROM deadlines "
                "WHERE fired = 0 AND due_at <= $1 ORDER BY due_at LIMIT $2",
                float(now),
                int(limit),
            )
        return [self._deadline(row) for row in rows]

    async def mark_deadline_fired(self, deadline_id: int) -> None:
        async with self._transaction() as conn:
            await conn.execute("UPDATE deadlines SET fired = 1 WHERE id = $1", deadline_id)

    async def deadlines_for(self, match_id: int) -> list[DeadlineRecord]:
        async with self._read() as conn:
            rows = await conn.fetch(
                f"SELECT {self._DEADLINE_COLUMNS} FROM deadlines "
                "WHERE match_id = $1 AND fired = 0 ORDER BY due_at",
                match_id,
            )
        return [self._deadline(row) for row in rows]

    async def delete_deadline(self, deadline_id: int) -> None:
        await self.delete_deadlines([deadline_id])

    async def get_guild_settings(self, guild_id: int) -> dict[str, str]:
        async with self._read() as conn:
            rows = await conn.fetch(
                "SELECT key, value FROM guild_settings WHERE guild_id = $1", guild_id
            )
        return {key: value for key, value in rows}

    async def set_guild_setting(self, guild_id: int, key: str, value: str | None) -> None:
        async with self._transaction() as conn:
            if value is None:
                await conn.execute(
                    "DELETE FROM guild_settings WHERE guild_id = $1 AND key = $2", guild_id, key
                )
            else:
                await conn.execute(
                    "INSERT INTO guild_settings (guild_id, key, value) VALUES ($1, $2, $3) "
                    "ON CONFLICT (guild_id, key) DO UPDATE SET value = excluded.value",
                    guild_id,
                    key,
                    value,
                )

    # --- history and stats ----------------------------------------------------------------
    async def taken_over_seats(self, match_ids: Collection[int]) -> dict[int, set[int]]:
        ids = list(match_ids)
        found: dict[int, set[int]] = {match_id: set() for match_id in ids}
        async with self._read() as conn:
            rows = await conn.fetch(
                "SELECT match_id, seat FROM seats WHERE taken_over = 1 "
                "AND match_id = ANY($1::bigint[])",
                ids,
            )
        for match_id, seat in rows:
            found[match_id].add(seat)
        return found

    # --- play-by-chat ---------------------------------------------------------------------
    async def match_settings(self, match_id: int) -> dict[str, Any]:
        async with self._read() as conn:
            raw = await conn.fetchval("SELECT settings FROM matches WHERE id = $1", match_id)
        return json.loads(raw) if raw else {}

    async def set_match_settings(
        self, match_id: int, settings: Mapping[str, Any], now: float
    ) -> None:
        async with self._transaction() as conn:
            await conn.execute(
                "UPDATE matches SET settings = $1, updated_at = $2 WHERE id = $3",
                _json(dict(settings)),
                float(now),
                match_id,
            )

    @staticmethod
    async def _insert_deadlines(
        conn: PgConnection, match_id: int, rows: Iterable[tuple[int | None, str, float]]
    ) -> None:
        await conn.executemany(
            "INSERT INTO deadlines (match_id, seat, kind, due_at) VALUES ($1, $2, $3, $4) "
            "ON CONFLICT DO NOTHING",
            [(match_id, seat, kind, float(due)) for seat, kind, due in rows],
        )

    async def add_deadlines(
        self, match_id: int, rows: Iterable[tuple[int | None, str, float]]
    ) -> None:
        async with self._transaction() as conn:
            await self._insert_deadlines(conn, match_id, rows)

    async def claim_deadlines(self, deadline_ids: Iterable[int]) -> set[int]:
        ids = list(deadline_ids)
        if not ids:
            return set()
        async with self._transaction() as conn:
            rows = await conn.fetch(
                "UPDATE deadlines SET fired = 1 WHERE id = ANY($1::bigint[]) AND fired = 0 "
                "RETURNING id",
                ids,
            )
        return {row[0] for row in rows}

    async def delete_deadlines(self, deadline_ids: Iterable[int]) -> None:
        ids = list(deadline_ids)
        if not ids:
            return
        async with self._transaction() as conn:
            await conn.execute("DELETE FROM deadlines WHERE id = ANY($1::bigint[])", ids)

    async def set_taken_over(
        self, match_id: int, seat: int, taken_over: bool, now: float, ai_level: str | None = None
    ) -> None:
        async with self._transaction() as conn:
            changed = await conn.execute(
                "UPDATE seats SET taken_over = $1, ai_level = $2 "
                "WHERE match_id = $3 AND seat = $4 AND is_ai = 0",
                int(taken_over),
                ai_level if taken_over else None,
                match_id,
                seat,
            )
            if taken_over and _rows_changed(changed) == 1:
                # The flag goes with /game rejoin; the record of a take-over stays (fair results).
                raw = await conn.fetchval(
                    "SELECT settings FROM matches WHERE id = $1 FOR UPDATE", match_id
                )
                settings = json.loads(raw) if raw else {}
                seats = sorted(set(settings.get(TAKEOVERS, [])) | {seat})
                await conn.execute(
                    "UPDATE matches SET settings = $1 WHERE id = $2",
                    _json({**settings, TAKEOVERS: seats}),
                    match_id,
                )
            await conn.execute(
                "DELETE FROM takeover_votes WHERE match_id = $1 AND seat = $2", match_id, seat
            )
            await self._touch(conn, match_id, now)

    async def add_vote(self, match_id: int, seat: int, voter_id: int, now: float) -> bool:
        async with self._transaction() as conn:
            inserted = await conn.execute(
                "INSERT INTO takeover_votes (match_id, seat, voter_id, created_at) "
                "VALUES ($1, $2, $3, $4) ON CONFLICT DO NOTHING",
                match_id,
                seat,
                voter_id,
                float(now),
            )
        return _rows_changed(inserted) == 1

    async def votes_for(self, match_id: int, seat: int) -> set[int]:
        async with self._read() as conn:
            rows = await conn.fetch(
                "SELECT voter_id FROM takeover_votes WHERE match_id = $1 AND seat = $2",
                match_id,
                seat,
            )
        return {row[0] for row in rows}

    async def get_user_pref(self, user_id: int, key: str) -> str | None:
        async with self._read() as conn:
            return await conn.fetchval(
                "SELECT value FROM user_prefs WHERE user_id = $1 AND key = $2", user_id, key
            )

    async def set_user_pref(self, user_id: int, key: str, value: str | None) -> None:
        async with self._transaction() as conn:
            if value is None:
                await conn.execute(
                    "DELETE FROM user_prefs WHERE user_id = $1 AND key = $2", user_id, key
                )
            else:
                await conn.execute(
                    "INSERT INTO user_prefs (user_id, key, value) VALUES ($1, $2, $3) "
                    "ON CONFLICT (user_id, key) DO UPDATE SET value = excluded.value",
                    user_id,
                    key,
                    value,
                )

    async def write_admin_log(
        self,
        guild_id: int,
        user_id: int,
        action: str,
        match_id: int | None,
        detail: Mapping[str, Any],
        now: float,
    ) -> None:
        async with self._transaction() as conn:
            await conn.execute(
                "INSERT INTO admin_log (guild_id, user_id, action, match_id, detail, created_at) "
                "VALUES ($1, $2, $3, $4, $5, $6)",
                guild_id,
                user_id,
                action,
                match_id,
                _json(dict(detail)),
                float(now),
            )

    async def read_admin_log(self, guild_id: int, limit: int = 20) -> list[AdminLogEntry]:
        async with self._read() as conn:
            rows = await conn.fetch(
                "SELECT id, guild_id, user_id, action, match_id, detail, created_at FROM admin_log "
                "WHERE guild_id = $1 ORDER BY id DESC LIMIT $2",
                guild_id,
                int(limit),
            )
        return [AdminLogEntry(r[0], r[1], r[2], r[3], r[4], json.loads(r[5]), r[6]) for r in rows]

    # --- keeping finished matches small ---------------------------------------------------
    _OVER = "status IN ('finished', 'cancelled') AND updated_at < $1"
    _MOVE_ROW = "match_id, version, seat, option_id, actor, events, created_at, kind, secret"

    async def compact_finished(self, before: float, limit: int = 100) -> list[int]:
        async with self._transaction() as conn:
            ids = [
                row[0]
                for row in await conn.fetch(
                    f"SELECT id FROM matches WHERE {self._OVER} AND EXISTS (SELECT 1 FROM moves "
                    f"WHERE moves.match_id = matches.id) AND NOT EXISTS (SELECT 1 FROM "
                    f"archived_events WHERE archived_events.match_id = matches.id) "
                    # The outbox rebuilds what a thread still owes from the moves' events.
                    f"AND NOT EXISTS (SELECT 1 FROM announcements WHERE "
                    f"announcements.match_id = matches.id AND version_done < version_owed) "
                    f"ORDER BY id LIMIT $2 FOR UPDATE",
                    float(before),
                    int(limit),
                )
            ]
            for match_id in ids:
                await self._compact(conn, match_id)
        return ids

    async def _compact(self, conn: PgConnection, match_id: int) -> None:
        """The log never changes (an UPDATE trigger guards it): the rows are written again, the
        same moves, their events moved to the archive, deflated together."""
        rows = [
            list(row)
            for row in await conn.fetch(
                f"SELECT {self._MOVE_ROW} FROM moves WHERE match_id = $1 ORDER BY version",
                match_id,
            )
        ]
        await conn.execute(
            "INSERT INTO archived_events (match_id, events) VALUES ($1, $2)",
            match_id,
            _deflate_events((row[1], row[5]) for row in rows),
        )
        for row in rows:
            row[5] = "[]"
        await conn.execute("DELETE FROM moves WHERE match_id = $1", match_id)
        await conn.executemany(
            f"INSERT INTO moves ({self._MOVE_ROW}) VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9)",
            rows,
        )

    async def delete_finished(self, before: float, limit: int = 100) -> list[int]:
        async with self._transaction() as conn:
            rows = await conn.fetch(
                f"DELETE FROM matches WHERE id IN (SELECT id FROM matches WHERE {self._OVER} "
                f"ORDER BY id LIMIT $2 FOR UPDATE) RETURNING id",
                float(before),
                int(limit),
            )
        return sorted(row[0] for row in rows)
