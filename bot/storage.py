"""Where matches live: the storage interface and its SQLite (aiosqlite) implementation.

``Storage`` is the interface the match service uses; ``PgStorage`` (bot/storage_pg.py) is the
PostgreSQL (asyncpg) one, for a bot run as several processes. ``SqliteStorage`` keeps one
connection in WAL mode with foreign keys on. Every method takes the time as ``now`` from the
caller: storage never reads the clock.

Start-up is lazy: ``open`` only runs migrations and a write probe; match states are read one
match at a time, when the service needs them.
"""

from __future__ import annotations

import asyncio
import json
import os
import shutil
import sqlite3
import zlib
from abc import ABC, abstractmethod
from collections.abc import AsyncIterator, Collection, Iterable, Mapping, Sequence
from contextlib import asynccontextmanager
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import aiosqlite

from bot.errors import StorageError, VersionConflict
from bot.migrations import migrate
from rules.core import canonical_json

DEFAULT_BUSY_TIMEOUT_MS = 5000
LIVE_STATUSES = ("lobby", "active")
STATUSES = ("lobby", "active", "finished", "cancelled")


@dataclass(frozen=True, slots=True)
class SeatRecord:
    seat: int
    user_id: int | None
    is_ai: bool
    name: str | None
    joined_at: float
    taken_over: bool = False  # issue 6: a human seat the AI plays for the rest of the match
    ai_level: str | None = None  # issue 13: an AI seat's level (None: added before levels)


@dataclass(frozen=True, slots=True)
class MatchRecord:
    id: int
    guild_id: int
    channel_id: int
    thread_id: int | None
    game_id: str
    options: dict[str, str]
    seats: int
    seed: int | None
    status: str
    version: int
    host_id: int
    created_at: float
    updated_at: float
    result: dict[str, Any] | None
    seat_rows: tuple[SeatRecord, ...] = ()


@dataclass(frozen=True, slots=True)
class MoveRecord:
    match_id: int
    version: int
    seat: int
    option_id: str
    actor: str  # the user id as text, or "ai"
    events: list[dict[str, Any]] = field(default_factory=list)
    created_at: float = 0.0
    kind: str = "move"  # 'undo': takes back its seat's latest standing move (MatchService.undo)
    secret: bool = False  # it answered a sealed decision


@dataclass(frozen=True, slots=True)
class SnapshotRecord:
    match_id: int
    version: int
    state: dict[str, Any]
    seqs: dict[int, int]
    updated_at: float


@dataclass(frozen=True, slots=True)
class MessageRecord:
    kind: str
    channel_id: int
    message_id: int


@dataclass(frozen=True, slots=True)
class DeadlineRecord:
    id: int
    match_id: int
    seat: int | None
    kind: str
    due_at: float
    fired: bool


@dataclass(frozen=True, slots=True)
class DmMenu:
    """A sealed decision's menu sent by DM (``dm_sent``)."""

    seat: int
    decision_seq: int
    user_id: int
    channel_id: int
    message_id: int


@dataclass(frozen=True, slots=True)
class AnnouncementRecord:
    """A match's row of the announcement outbox (issue 10): the thread must show
    ``version_owed``; Discord accepted ``version_done`` last (-1: nothing posted yet)."""

    match_id: int
    version_owed: int
    version_done: int
    channel_id: int | None
    message_id: int | None  # the live turn message
    turn_version: int | None  # the version the live turn message was posted at
    turn_key: Any  # JSON: which turn the live message shows (cogs/announce.py turn_key)
    attempts: int
    next_try_at: float
    delivered_by: str | None = None  # the process (bot/leases.py key) that delivered it last

    @property
    def owed(self) -> bool:
        return self.version_done < self.version_owed


TAKEOVERS = "takeovers"  # matches.settings: seats the AI ever took over (even after rejoin)


@dataclass(frozen=True, slots=True)
class AdminLogEntry:
    id: int
    guild_id: int
    user_id: int
    action: str
    match_id: int | None
    detail: dict[str, Any]
    created_at: float


def _json(obj: Any) -> str:
    return canonical_json(obj).decode()


def _deflate_events(rows: Iterable[tuple[int, str]]) -> bytes:
    """A compacted match's events, ``(version, events JSON)`` per move row, deflated together
    (its moves repeat the same words: about a tenth of deflating each row alone)."""
    return zlib.compress(
        _json({str(version): json.loads(events) for version, events in rows}).encode(), 9
    )


def _inflate_events(blob: bytes) -> dict[int, list[dict[str, Any]]]:
    return {int(version): events for version, events in json.loads(zlib.decompress(blob)).items()}


def may_take(previous: str, expires_at: float, holder: str, now: float) -> bool:
    """Whether ``holder`` may take a lease that ``previous`` holds until ``expires_at``."""
    if not previous or previous == holder or expires_at <= now:
        return True
    return previous.split("/", 1)[0] == holder.split("/", 1)[0]  # an earlier run of ours


class Storage(ABC):
    """What the match service needs from a store. All methods are coroutines."""

    # Whether several processes may share the store (PostgreSQL): only then are leases taken
    # (bot/leases.py); an SQLite file serves one process, where its asyncio locks suffice.
    shared: bool = False

    @abstractmethod
    async def close(self) -> None: ...

    # --- matches and seats ----------------------------------------------------------------
    @abstractmethod
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
        """Insert a lobby with the host in seat 0."""

    @abstractmethod
    async def get_match(self, match_id: int) -> MatchRecord | None: ...

    @abstractmethod
    async def list_matches(
        self, guild_id: int, statuses: Collection[str] | None = None, limit: int | None = None
    ) -> list[MatchRecord]: ...

    @abstractmethod
    async def matches_for_user(
        self, user_id: int, statuses: Collection[str] | None = None, limit: int | None = None
    ) -> list[MatchRecord]: ...

    @abstractmethod
    async def match_for_thread(self, thread_id: int) -> MatchRecord | None: ...

    @abstractmethod
    async def count_matches(self) -> int: ...

    @abstractmethod
    async def put_seat(
        self,
        match_id: int,
        seat: int,
        user_id: int | None,
        name: str | None,
        now: float,
        ai_level: str | None = None,
    ) -> None:
        """Seat a user (``user_id``) or an AI (``None``, at ``ai_level``), replacing whoever
        held the seat."""

    @abstractmethod
    async def remove_seat(self, match_id: int, seat: int, now: float) -> None: ...

    @abstractmethod
    async def set_seat_name(self, match_id: int, user_id: int, name: str) -> bool:
        """Keep ``name`` (the player's display name) on the user's human seats of the match;
        True when a stored name changed (no write when it is the same)."""

    @abstractmethod
    async def update_match(self, match_id: int, now: float, **fields: Any) -> None:
        """Change ``thread_id``, ``channel_id``, ``host_id``, ``status`` or ``result``."""

    # --- play -----------------------------------------------------------------------------
    @abstractmethod
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
        """Lobby -> started, with the first snapshot (version 0), in one transaction."""

    @abstractmethod
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
        """One transaction: log the move, replace the snapshot, bump the version.
        ``kind`` "undo" logs an undo row (MatchService.undo) instead of a move.
        ``deadlines``: rows (seat, kind, due_at) of newly posed decisions (bot/deadlines.py).

        Raises ``VersionConflict`` when the match is no longer at ``expected_version``.
        Returns the new version.
        """

    @abstractmethod
    async def get_snapshot(self, match_id: int) -> SnapshotRecord | None: ...

    # --- the announcement outbox (issue 10) -------------------------------------------------
    # ``start_match`` and ``record_move`` write the version owed in their own transaction.
    @abstractmethod
    async def owe_announcement(self, match_id: int, version: int, now: float) -> None:
        """The thread must show ``version`` (outside a move: a seat changed hands)."""

    @abstractmethod
    async def get_announcement(self, match_id: int) -> AnnouncementRecord | None: ...

    @abstractmethod
    async def owed_announcements(self, now: float, limit: int = 100) -> list[AnnouncementRecord]:
        """Rows still owed whose backoff has passed, oldest try first."""

    @abstractmethod
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
        """Discord accepted the post/edit showing ``version``: one transaction with the
        live message's id (also kept as the ``turn`` message) and the delivering process."""

    @abstractmethod
    async def claim_lease(self, name: str, holder: str, now: float, ttl: float) -> str | None:
        """Take the lease ``name`` until ``now + ttl`` when ``may_take`` allows;
        returns its previous holder ('' when free), or None when it stays another's."""

    @abstractmethod
    async def release_lease(self, name: str, holder: str) -> None:
        """Free ``name`` if ``holder`` holds it."""

    @abstractmethod
    async def announcement_failed(self, match_id: int, next_try_at: float, now: float) -> int:
        """A delivery failed: try again at ``next_try_at``. Returns the failures in a row."""

    @abstractmethod
    async def dms_sent(self, match_id: int) -> dict[tuple[int, int, int], bool]:
        """(seat, decision seq, user id) -> closed, for the sealed-decision DMs sent."""

    @abstractmethod
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
        """A sealed decision's DM; ``message``: (DM channel id, message id) of its menu."""

    @abstractmethod
    async def open_dm_menus(self, match_id: int) -> list[DmMenu]:
        """The sealed decisions' DM menus not yet closed (``dm_menu_settled``)."""

    @abstractmethod
    async def dm_menu_settled(
        self, match_id: int, seat: int, decision_seq: int, user_id: int
    ) -> None:
        """That DM menu no longer offers anything (a receipt, or closed after the answer)."""

    @abstractmethod
    async def ai_waiting_matches(self, limit: int = 100) -> list[int]:
        """Running matches where a seat played by the AI has an open decision (a failed save
        left it waiting): the snapshot's open seats include an AI or taken-over seat."""

    @abstractmethod
    async def put_snapshot(
        self,
        match_id: int,
        *,
        version: int,
        state: dict[str, Any],
        seqs: Mapping[int, int],
        now: float,
    ) -> None:
        """Replace the snapshot (used when one is rebuilt from the log)."""

    @abstractmethod
    async def get_moves(self, match_id: int, *, after: int = 0) -> list[MoveRecord]: ...

    @abstractmethod
    async def recent_moves(self, match_id: int, limit: int) -> list[MoveRecord]:
        """The last ``limit`` moves, oldest first."""

    # --- Discord bookkeeping --------------------------------------------------------------
    @abstractmethod
    async def set_message(
        self, match_id: int, kind: str, channel_id: int, message_id: int, now: float
    ) -> None: ...

    @abstractmethod
    async def get_messages(self, match_id: int) -> dict[str, MessageRecord]: ...

    @abstractmethod
    async def delete_message(self, match_id: int, kind: str) -> None: ...

    @abstractmethod
    async def set_deadline(
        self, match_id: int, seat: int | None, kind: str, due_at: float
    ) -> None: ...

    @abstractmethod
    async def clear_deadlines(self, match_id: int, seat: int | None = None) -> None: ...

    @abstractmethod
    async def due_deadlines(self, now: float, limit: int = 100) -> list[DeadlineRecord]: ...

    @abstractmethod
    async def mark_deadline_fired(self, deadline_id: int) -> None: ...

    @abstractmethod
    async def deadlines_for(self, match_id: int) -> list[DeadlineRecord]:
        """A match's unfired deadlines."""

    @abstractmethod
    async def delete_deadline(self, deadline_id: int) -> None: ...

    @abstractmethod
    async def get_guild_settings(self, guild_id: int) -> dict[str, str]: ...

    @abstractmethod
    async def set_guild_setting(self, guild_id: int, key: str, value: str | None) -> None:
        """``value=None`` removes the setting."""

    # --- play-by-chat (issue 6): settings, deadlines, take-overs, votes, prefs, admin log --
    @abstractmethod
    async def match_settings(self, match_id: int) -> dict[str, Any]: ...

    @abstractmethod
    async def set_match_settings(
        self, match_id: int, settings: Mapping[str, Any], now: float
    ) -> None: ...

    @abstractmethod
    async def add_deadlines(
        self, match_id: int, rows: Iterable[tuple[int | None, str, float]]
    ) -> None:
        """Insert deadline rows in one transaction; a row that exists (even fired) is kept, so a
        reminder is never re-armed."""

    @abstractmethod
    async def claim_deadlines(self, deadline_ids: Iterable[int]) -> set[int]:
        """Mark rows fired, in one transaction; returns those that were not fired yet (so each
        fires once)."""

    @abstractmethod
    async def delete_deadlines(self, deadline_ids: Iterable[int]) -> None: ...

    @abstractmethod
    async def set_taken_over(
        self, match_id: int, seat: int, taken_over: bool, now: float, ai_level: str | None = None
    ) -> None:
        """Flag a human seat as played by the AI (at ``ai_level``), or give it back."""

    @abstractmethod
    async def add_vote(self, match_id: int, seat: int, voter_id: int, now: float) -> bool:
        """Record a vote; False when this voter had voted for this seat already."""

    @abstractmethod
    async def votes_for(self, match_id: int, seat: int) -> set[int]: ...

    @abstractmethod
    async def get_user_pref(self, user_id: int, key: str) -> str | None: ...

    @abstractmethod
    async def set_user_pref(self, user_id: int, key: str, value: str | None) -> None: ...

    @abstractmethod
    async def write_admin_log(
        self,
        guild_id: int,
        user_id: int,
        action: str,
        match_id: int | None,
        detail: Mapping[str, Any],
        now: float,
    ) -> None: ...

    @abstractmethod
    async def read_admin_log(self, guild_id: int, limit: int = 20) -> list[AdminLogEntry]:
        """A guild's admin actions, newest first."""

    # --- history and stats (issue 6) -------------------------------------------------------
    async def taken_over_seats(self, match_ids: Collection[int]) -> dict[int, set[int]]:
        """match id -> the seats the AI took over from an absent player (``taken_over``)."""
        raise NotImplementedError

    # --- keeping finished matches small (issue 10, bot/upkeep.py) ----------------------------
    @abstractmethod
    async def compact_finished(self, before: float, limit: int = 100) -> list[int]:
        """Finished or cancelled matches last changed before ``before`` whose moves are not
        compacted yet and whose thread owes no announcement: deflate their moves' events
        (lossless: every row reads back exactly as before, and ``/log`` never depends on a
        replay by a later version of the engine). At most ``limit`` matches; returns their
        ids."""

    @abstractmethod
    async def delete_finished(self, before: float, limit: int = 100) -> list[int]:
        """Delete finished or cancelled matches last changed before ``before`` with all their
        rows (seats, moves, snapshot, messages...). At most ``limit``; returns their ids."""


def storage_error(path: str, exc: BaseException) -> StorageError:
    """Turn an sqlite3 error into one sentence that says what to do."""
    name = getattr(exc, "sqlite_errorname", "") or ""
    text = str(exc)
    if name.startswith(("SQLITE_BUSY", "SQLITE_LOCKED")) or "database is locked" in text:
        return StorageError(
            f"The database file {path} is locked by another process: stop the other program "
            "using it (or wait for it to finish) and try again."
        )
    if name.startswith("SQLITE_READONLY") or "readonly database" in text:
        return StorageError(
            f"The database file {path} is read-only: Scarab must be able to write it, so fix "
            "its permissions or point DATABASE at a writable file."
        )
    if name.startswith("SQLITE_CANTOPEN"):
        return StorageError(
            f"The database file {path} cannot be opened: check that its folder exists and that "
            "Scarab may create and write files there."
        )
    if name == "SQLITE_NOTADB":
        return StorageError(
            f"The file {path} is not an SQLite database: point DATABASE at another file."
        )
    if name.startswith("SQLITE_CORRUPT"):
        return StorageError(f"The database file {path} is damaged ({text}): restore a backup.")
    if name == "SQLITE_FULL" or (name.startswith("SQLITE_IOERR") and disk_full(path)):
        # An existing WAL database on a full disk fails as an I/O error (it cannot size its
        # -shm file), not as SQLITE_FULL: the free space tells which it is.
        return StorageError(
            f"The disk holding the database file {path} is full: free some "
            "space (or point DATABASE at another disk) and start Scarab again."
        )
    return StorageError(f"The database file {path} could not be used: {text}.")


DISK_FULL_BYTES = 1 << 20  # less free space than this, and an I/O error means a full disk


def disk_full(path: str) -> bool:
    """Whether the file system holding ``path`` (a file name or ``file:`` URI) has next to no
    free space left."""
    name = path[5:].split("?", 1)[0] if path.startswith("file:") else path
    if not name or name == ":memory:":
        return False
    folder = Path(name).parent if str(Path(name).parent) else Path(".")
    try:
        return shutil.disk_usage(folder).free < DISK_FULL_BYTES
    except OSError:
        return False


def _check_path(path: str) -> None:
    """Refuse files SQLite could only open read-only, before SQLite fails in odder ways.

    Permission bits do not stop root, so SQLite's own errors are mapped too (see
    ``storage_error``); this check catches the common non-root case with a precise message and
    also sees immutable files and read-only file systems, which stop root as well.
    """
    file = Path(path)
    folder = file.parent if str(file.parent) else Path(".")
    if file.is_dir():
        raise StorageError(f"The database path {path} is a folder, not a file.")
    if not folder.is_dir():
        raise StorageError(
            f"The database file {path} cannot be created: the folder {folder} does not exist."
        )
    if file.exists() and not os.access(file, os.R_OK | os.W_OK):
        raise StorageError(
            f"The database file {path} is read-only: Scarab must be able to write it, so fix "
            "its permissions or point DATABASE at a writable file."
        )
    sidecars = [Path(f"{path}-wal"), Path(f"{path}-shm")]
    if not os.access(folder, os.W_OK | os.X_OK) and not all(p.exists() for p in sidecars):
        raise StorageError(
            f"The database file {path} is read-only: its folder {folder} cannot be written, and "
            "SQLite needs to create its -wal and -shm files beside it."
        )


class SqliteStorage(Storage):
    """SQLite through one aiosqlite connection.

    An ``asyncio.Lock`` serialises every use of the connection, so one coroutine's transaction
    never interleaves with another's statements. Write transactions use ``BEGIN IMMEDIATE``.
    """

    def __init__(self, conn: aiosqlite.Connection, path: str) -> None:
        self._conn = conn
        self.path = path
        self._lock = asyncio.Lock()

    @classmethod
    async def open(
        cls, path: str, *, busy_timeout_ms: int | None = None, synchronous: str = "FULL"
    ) -> SqliteStorage:
        """Open (creating if needed) and migrate the database at ``path``.

        ``path`` is a file name, ``:memory:``, or an SQLite ``file:`` URI (for example
        ``file:scarab.sqlite3?mode=ro``). Raises ``StorageError`` with one readable sentence
        when the file is locked, read-only or not a database.
        """
        if busy_timeout_ms is None:
            busy_timeout_ms = DEFAULT_BUSY_TIMEOUT_MS
        is_uri = path.startswith("file:")
        if not is_uri and path != ":memory:":
            _check_path(path)
        try:
            conn = await aiosqlite.connect(
                path, uri=is_uri, isolation_level=None, timeout=busy_timeout_ms / 1000
            )
        except sqlite3.Error as exc:
            raise storage_error(path, exc) from exc
        try:
            await conn.execute(f"PRAGMA busy_timeout = {int(busy_timeout_ms)}")
            await conn.execute("PRAGMA foreign_keys = ON")
            await conn.execute("PRAGMA journal_mode = WAL")
            await conn.execute(f"PRAGMA synchronous = {synchronous}")
            await migrate(conn)
            # A write probe: a locked or read-only file must fail now, not at the first move.
            await conn.execute("BEGIN IMMEDIATE")
            await conn.execute("DELETE FROM guild_settings WHERE 0")
            await conn.rollback()
        except sqlite3.Error as exc:
            await conn.close()
            raise storage_error(path, exc) from exc
        except BaseException:
            await conn.close()
            raise
        return cls(conn, path)

    async def close(self) -> None:
        async with self._lock:
            await self._conn.close()

    @asynccontextmanager
    async def _read(self) -> AsyncIterator[aiosqlite.Connection]:
        async with self._lock:
            try:
                yield self._conn
            except sqlite3.Error as exc:
                raise storage_error(self.path, exc) from exc

    @asynccontextmanager
    async def _transaction(self) -> AsyncIterator[aiosqlite.Connection]:
        async with self._lock:
            conn = self._conn
            try:
                await conn.execute("BEGIN IMMEDIATE")
                yield conn
                await conn.commit()
            except BaseException as exc:
                if conn.in_transaction:
                    await conn.rollback()
                if isinstance(exc, sqlite3.Error):
                    raise storage_error(self.path, exc) from exc
                raise

    async def pragma(self, name: str) -> Any:
        """Read one PRAGMA (tests and diagnostics)."""
        async with self._read() as conn, conn.execute(f"PRAGMA {name}") as cursor:
            row = await cursor.fetchone()
        return row[0] if row else None

    # --- matches and seats ----------------------------------------------------------------
    _MATCH_COLUMNS = (
        "id, guild_id, channel_id, thread_id, game_id, options, seats, seed, "
        "status, version, host_id, created_at, updated_at, result"
    )

    async def _with_seats(
        self, conn: aiosqlite.Connection, rows: Sequence[sqlite3.Row | tuple]
    ) -> list[MatchRecord]:
        if not rows:
            return []
        ids = [row[0] for row in rows]
        seats: dict[int, list[SeatRecord]] = {match_id: [] for match_id in ids}
        for start in range(0, len(ids), 500):
            chunk = ids[start : start + 500]
            marks = ",".join("?" * len(chunk))
            async with conn.execute(
                f"SELECT match_id, seat, user_id, is_ai, name, joined_at, taken_over, ai_level "
                f"FROM seats WHERE match_id IN ({marks}) ORDER BY match_id, seat",
                chunk,
            ) as cursor:
                async for m, seat, user_id, is_ai, name, joined, taken, level in cursor:
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

    async def _matches(self, where: str, params: Sequence[Any]) -> list[MatchRecord]:
        async with self._read() as conn:
            async with conn.execute(
                f"SELECT {self._MATCH_COLUMNS} FROM matches {where}", params
            ) as cursor:
                rows = list(await cursor.fetchall())
            return await self._with_seats(conn, rows)

    @staticmethod
    def _status_filter(statuses: Collection[str] | None) -> tuple[str, list[str]]:
        if statuses is None:
            return "", []
        marks = ",".join("?" * len(statuses))
        return f" AND status IN ({marks})", list(statuses)

    @staticmethod
    def _limit(limit: int | None) -> str:
        return f" LIMIT {int(limit)}" if limit is not None else ""

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
            cursor = await conn.execute(
                "INSERT INTO matches (guild_id, channel_id, game_id, options, seats, host_id, "
                "created_at, updated_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?)",
                (guild_id, channel_id, game_id, _json(dict(options)), seats, host_id, now, now),
            )
            match_id = cursor.lastrowid
            assert match_id is not None  # set by the INSERT
            await conn.execute(
                "INSERT INTO seats (match_id, seat, user_id, is_ai, joined_at) "
                "VALUES (?, 0, ?, 0, ?)",
                (match_id, host_id, now),
            )
        record = await self.get_match(match_id)
        assert record is not None
        return record

    async def get_match(self, match_id: int) -> MatchRecord | None:
        found = await self._matches("WHERE id = ?", [match_id])
        return found[0] if found else None

    async def list_matches(
        self, guild_id: int, statuses: Collection[str] | None = None, limit: int | None = None
    ) -> list[MatchRecord]:
        extra, params = self._status_filter(statuses)
        return await self._matches(
            f"WHERE guild_id = ?{extra} ORDER BY id DESC{self._limit(limit)}", [guild_id, *params]
        )

    async def matches_for_user(
        self, user_id: int, statuses: Collection[str] | None = None, limit: int | None = None
    ) -> list[MatchRecord]:
        extra, params = self._status_filter(statuses)
        return await self._matches(
            f"WHERE id IN (SELECT match_id FROM seats WHERE user_id = ?){extra} "
            f"ORDER BY id DESC{self._limit(limit)}",
            [user_id, *params],
        )

    async def match_for_thread(self, thread_id: int) -> MatchRecord | None:
        found = await self._matches("WHERE thread_id = ? ORDER BY id DESC LIMIT 1", [thread_id])
        return found[0] if found else None

    async def count_matches(self) -> int:
        async with self._read() as conn, conn.execute("SELECT count(*) FROM matches") as cur:
            row = await cur.fetchone()
        return int(row[0]) if row else 0

    async def put_seat(
        self,
        match_id: int,
        seat: int,
        user_id: int | None,
        name: str | None,
        now: float,
        ai_level: str | None = None,
    ) -> None:
        level = ai_level if user_id is None else None
        async with self._transaction() as conn:
            await conn.execute(
                "INSERT INTO seats (match_id, seat, user_id, is_ai, name, joined_at, ai_level) "
                "VALUES (?, ?, ?, ?, ?, ?, ?) ON CONFLICT (match_id, seat) DO UPDATE SET "
                "user_id = excluded.user_id, is_ai = excluded.is_ai, name = excluded.name, "
                "joined_at = excluded.joined_at, taken_over = 0, ai_level = excluded.ai_level",
                (match_id, seat, user_id, int(user_id is None), name, now, level),
            )
            await conn.execute("UPDATE matches SET updated_at = ? WHERE id = ?", (now, match_id))

    async def remove_seat(self, match_id: int, seat: int, now: float) -> None:
        async with self._transaction() as conn:
            await conn.execute(
                "DELETE FROM seats WHERE match_id = ? AND seat = ?", (match_id, seat)
            )
            await conn.execute("UPDATE matches SET updated_at = ? WHERE id = ?", (now, match_id))

    async def set_seat_name(self, match_id: int, user_id: int, name: str) -> bool:
        async with self._transaction() as conn:
            cursor = await conn.execute(
                "UPDATE seats SET name = ? WHERE match_id = ? AND user_id = ? AND is_ai = 0 "
                "AND name IS NOT ?",
                (name, match_id, user_id, name),
            )
            return cursor.rowcount > 0

    _UPDATABLE = frozenset({"thread_id", "channel_id", "host_id", "status", "result"})

    async def update_match(self, match_id: int, now: float, **fields: Any) -> None:
        unknown = set(fields) - self._UPDATABLE
        if unknown:
            raise ValueError(f"cannot update match column(s) {sorted(unknown)}")
        if "result" in fields and fields["result"] is not None:
            fields["result"] = _json(fields["result"])
        sets = ", ".join(f"{name} = ?" for name in fields)
        async with self._transaction() as conn:
            await conn.execute(
                f"UPDATE matches SET {sets}{', ' if sets else ''}updated_at = ? WHERE id = ?",
                [*fields.values(), now, match_id],
            )

    # --- play -----------------------------------------------------------------------------
    @staticmethod
    def _seqs_json(seqs: Mapping[int, int]) -> str:
        return _json({str(seat): seq for seat, seq in seqs.items()})

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
            cursor = await conn.execute(
                "UPDATE matches SET status = ?, seed = ?, version = 0, result = ?, "
                "updated_at = ? WHERE id = ? AND status = 'lobby'",
                (status, seed, _json(result) if result is not None else None, now, match_id),
            )
            if cursor.rowcount != 1:
                raise VersionConflict(f"match {match_id} is no longer a lobby")
            await conn.execute(
                "INSERT INTO snapshots (match_id, version, state, seqs, updated_at) "
                "VALUES (?, 0, ?, ?, ?)",
                (match_id, _json(state), self._seqs_json(seqs), now),
            )
            await self._owe(conn, match_id, 0, now)

    _OWE = (
        "INSERT INTO announcements (match_id, version_owed, updated_at) VALUES (?, ?, ?) "
        "ON CONFLICT (match_id) DO UPDATE SET "
        "version_owed = max(version_owed, excluded.version_owed), attempts = 0, "
        "next_try_at = 0, updated_at = excluded.updated_at"
    )

    async def _owe(
        self, conn: aiosqlite.Connection, match_id: int, version: int, now: float
    ) -> None:
        await conn.execute(self._OWE, (match_id, version, now))

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
            cursor = await conn.execute(
                "UPDATE matches SET version = ?, status = ?, result = ?, updated_at = ? "
                "WHERE id = ? AND version = ? AND status = 'active'",
                (
                    version,
                    status,
                    _json(result) if result is not None else None,
                    now,
                    match_id,
                    expected_version,
                ),
            )
            if cursor.rowcount != 1:
                raise VersionConflict(
                    f"match {match_id} is no longer at version {expected_version}"
                )
            await conn.execute(
                "INSERT INTO moves (match_id, version, seat, option_id, actor, events, "
                "created_at, kind, secret) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)",
                (
                    match_id,
                    version,
                    seat,
                    option_id,
                    actor,
                    _json(list(events)),
                    now,
                    kind,
                    int(secret),
                ),
            )
            await conn.execute(
                "INSERT INTO snapshots (match_id, version, state, seqs, updated_at) "
                "VALUES (?, ?, ?, ?, ?) ON CONFLICT (match_id) DO UPDATE SET "
                "version = excluded.version, state = excluded.state, seqs = excluded.seqs, "
                "updated_at = excluded.updated_at",
                (match_id, version, _json(state), self._seqs_json(seqs), now),
            )
            if deadlines:  # the new decisions' deadline rows commit with the move
                await conn.executemany(
                    "INSERT OR IGNORE INTO deadlines (match_id, seat, kind, due_at) "
                    "VALUES (?, ?, ?, ?)",
                    [(match_id, *row) for row in deadlines],
                )
            await self._owe(conn, match_id, version, now)  # announced exactly once, later
        return version

    async def get_snapshot(self, match_id: int) -> SnapshotRecord | None:
        async with (
            self._read() as conn,
            conn.execute(
                "SELECT version, state, seqs, updated_at FROM snapshots WHERE match_id = ?",
                (match_id,),
            ) as cursor,
        ):
            row = await cursor.fetchone()
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
            await conn.execute(
                "INSERT INTO snapshots (match_id, version, state, seqs, updated_at) "
                "VALUES (?, ?, ?, ?, ?) ON CONFLICT (match_id) DO UPDATE SET "
                "version = excluded.version, state = excluded.state, seqs = excluded.seqs, "
                "updated_at = excluded.updated_at",
                (match_id, version, _json(state), self._seqs_json(seqs), now),
            )

    _MOVE_COLUMNS = "version, seat, option_id, actor, events, created_at, kind, secret"

    async def _read_moves(
        self, match_id: int, where: str, params: Sequence[Any]
    ) -> list[MoveRecord]:
        """Move rows of a match, with their events (from the archive once it is compacted)."""
        async with self._read() as conn:
            async with conn.execute(
                f"SELECT {self._MOVE_COLUMNS} FROM moves WHERE match_id = ? {where}",
                (match_id, *params),
            ) as cursor:
                rows = await cursor.fetchall()
            async with conn.execute(
                "SELECT events FROM archived_events WHERE match_id = ?", (match_id,)
            ) as cursor:
                archive = await cursor.fetchone()
        archived = _inflate_events(archive[0]) if archive else {}
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
        return await self._read_moves(match_id, "AND version > ? ORDER BY version", (after,))

    async def recent_moves(self, match_id: int, limit: int) -> list[MoveRecord]:
        moves = await self._read_moves(match_id, "ORDER BY version DESC LIMIT ?", (int(limit),))
        return moves[::-1]

    # --- the announcement outbox --------------------------------------------------------------
    _ANNOUNCEMENT_COLUMNS = (
        "match_id, version_owed, version_done, channel_id, message_id, "
        "turn_version, turn_key, attempts, next_try_at, delivered_by"
    )

    @staticmethod
    def _announcement(row: Sequence[Any]) -> AnnouncementRecord:
        return AnnouncementRecord(
            row[0],
            row[1],
            row[2],
            row[3],
            row[4],
            row[5],
            json.loads(row[6]) if row[6] is not None else None,
            row[7],
            row[8],
            row[9],
        )

    async def owe_announcement(self, match_id: int, version: int, now: float) -> None:
        async with self._transaction() as conn:
            await self._owe(conn, match_id, version, now)

    async def get_announcement(self, match_id: int) -> AnnouncementRecord | None:
        async with (
            self._read() as conn,
            conn.execute(
                f"SELECT {self._ANNOUNCEMENT_COLUMNS} FROM announcements WHERE match_id = ?",
                (match_id,),
            ) as cursor,
        ):
            row = await cursor.fetchone()
        return self._announcement(row) if row else None

    async def owed_announcements(self, now: float, limit: int = 100) -> list[AnnouncementRecord]:
        async with (
            self._read() as conn,
            conn.execute(
                f"SELECT {self._ANNOUNCEMENT_COLUMNS} FROM announcements "
                "WHERE version_done < version_owed AND next_try_at <= ? "
                "ORDER BY next_try_at, match_id LIMIT ?",
                (now, int(limit)),
            ) as cursor,
        ):
            rows = await cursor.fetchall()
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
                "VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?) "
                "ON CONFLICT (match_id) DO UPDATE SET "
                "version_done = max(version_done, excluded.version_done), "
                "channel_id = excluded.channel_id, message_id = excluded.message_id, "
                "turn_version = excluded.turn_version, turn_key = excluded.turn_key, "
                "attempts = 0, next_try_at = 0, updated_at = excluded.updated_at, "
                "delivered_by = excluded.delivered_by",
                (
                    match_id,
                    version,
                    version,
                    channel_id,
                    message_id,
                    turn_version,
                    _json(turn_key) if turn_key is not None else None,
                    now,
                    by,
                ),
            )
            if message_id is not None and channel_id is not None:
                await conn.execute(
                    "INSERT INTO messages (match_id, kind, channel_id, message_id, updated_at) "
                    "VALUES (?, 'turn', ?, ?, ?) ON CONFLICT (match_id, kind) DO UPDATE SET "
                    "channel_id = excluded.channel_id, message_id = excluded.message_id, "
                    "updated_at = excluded.updated_at",
                    (match_id, channel_id, message_id, now),
                )

    async def claim_lease(self, name: str, holder: str, now: float, ttl: float) -> str | None:
        async with self._transaction() as conn:
            async with conn.execute(
                "SELECT holder, expires_at FROM leases WHERE name = ?", (name,)
            ) as cursor:
                row = await cursor.fetchone()
            previous, expires_at = (row[0], row[1]) if row else ("", 0.0)
            if not may_take(previous, expires_at, holder, now):
                return None
            await conn.execute(
                "INSERT INTO leases (name, holder, expires_at) VALUES (?, ?, ?) "
                "ON CONFLICT (name) DO UPDATE SET holder = excluded.holder, "
                "expires_at = excluded.expires_at",
                (name, holder, now + ttl),
            )
        return previous

    async def release_lease(self, name: str, holder: str) -> None:
        async with self._transaction() as conn:
            await conn.execute(
                "UPDATE leases SET holder = '', expires_at = 0 WHERE name = ? AND holder = ?",
                (name, holder),
            )

    async def announcement_failed(self, match_id: int, next_try_at: float, now: float) -> int:
        async with self._transaction() as conn:
            await conn.execute(
                "UPDATE announcements SET attempts = attempts + 1, next_try_at = ?, "
                "updated_at = ? WHERE match_id = ?",
                (next_try_at, now, match_id),
            )
            async with conn.execute(
                "SELECT attempts FROM announcements WHERE match_id = ?", (match_id,)
            ) as cursor:
                row = await cursor.fetchone()
        return int(row[0]) if row else 0

    async def dms_sent(self, match_id: int) -> dict[tuple[int, int, int], bool]:
        async with (
            self._read() as conn,
            conn.execute(
                "SELECT seat, decision_seq, user_id, closed FROM dm_sent WHERE match_id = ?",
                (match_id,),
            ) as cursor,
        ):
            rows = await cursor.fetchall()
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
                "channel_id, message_id) VALUES (?, ?, ?, ?, ?, ?, ?, ?) "
                "ON CONFLICT DO UPDATE SET closed = excluded.closed, "
                "channel_id = excluded.channel_id, message_id = excluded.message_id",
                (match_id, seat, decision_seq, user_id, int(closed), now, channel_id, message_id),
            )

    async def open_dm_menus(self, match_id: int) -> list[DmMenu]:
        async with (
            self._read() as conn,
            conn.execute(
                "SELECT seat, decision_seq, user_id, channel_id, message_id FROM dm_sent "
                "WHERE match_id = ? AND message_id IS NOT NULL AND settled = 0 "
                "ORDER BY decision_seq, seat, user_id",
                (match_id,),
            ) as cursor,
        ):
            rows = await cursor.fetchall()
        return [DmMenu(*row) for row in rows]

    async def dm_menu_settled(
        self, match_id: int, seat: int, decision_seq: int, user_id: int
    ) -> None:
        async with self._transaction() as conn:
            await conn.execute(
                "UPDATE dm_sent SET settled = 1 WHERE match_id = ? AND seat = ? "
                "AND decision_seq = ? AND user_id = ?",
                (match_id, seat, decision_seq, user_id),
            )

    async def ai_waiting_matches(self, limit: int = 100) -> list[int]:
        async with (
            self._read() as conn,
            conn.execute(
                "SELECT m.id FROM matches m JOIN snapshots sn ON sn.match_id = m.id "
                "WHERE m.status = 'active' AND sn.version = m.version AND EXISTS ("
                "  SELECT 1 FROM seats s, json_each(sn.seqs) j WHERE s.match_id = m.id "
                "  AND (s.is_ai = 1 OR s.taken_over = 1) AND CAST(j.key AS INTEGER) = s.seat) "
                "ORDER BY m.id LIMIT ?",
                (int(limit),),
            ) as cursor,
        ):
            rows = await cursor.fetchall()
        return [row[0] for row in rows]

    # --- Discord bookkeeping --------------------------------------------------------------
    async def set_message(
        self, match_id: int, kind: str, channel_id: int, message_id: int, now: float
    ) -> None:
        async with self._transaction() as conn:
            await conn.execute(
                "INSERT INTO messages (match_id, kind, channel_id, message_id, updated_at) "
                "VALUES (?, ?, ?, ?, ?) ON CONFLICT (match_id, kind) DO UPDATE SET "
                "channel_id = excluded.channel_id, message_id = excluded.message_id, "
                "updated_at = excluded.updated_at",
                (match_id, kind, channel_id, message_id, now),
            )

    async def get_messages(self, match_id: int) -> dict[str, MessageRecord]:
        async with (
            self._read() as conn,
            conn.execute(
                "SELECT kind, channel_id, message_id FROM messages WHERE match_id = ?",
                (match_id,),
            ) as cursor,
        ):
            rows = await cursor.fetchall()
        return {row[0]: MessageRecord(row[0], row[1], row[2]) for row in rows}

    async def delete_message(self, match_id: int, kind: str) -> None:
        async with self._transaction() as conn:
            await conn.execute(
                "DELETE FROM messages WHERE match_id = ? AND kind = ?", (match_id, kind)
            )

    async def set_deadline(self, match_id: int, seat: int | None, kind: str, due_at: float) -> None:
        async with self._transaction() as conn:
            await conn.execute(
                "DELETE FROM deadlines WHERE match_id = ? AND seat IS ? AND kind = ?",
                (match_id, seat, kind),
            )
            await conn.execute(
                "INSERT INTO deadlines (match_id, seat, kind, due_at) VALUES (?, ?, ?, ?)",
                (match_id, seat, kind, due_at),
            )

    async def clear_deadlines(self, match_id: int, seat: int | None = None) -> None:
        async with self._transaction() as conn:
            if seat is None:
                await conn.execute("DELETE FROM deadlines WHERE match_id = ?", (match_id,))
            else:
                await conn.execute(
                    "DELETE FROM deadlines WHERE match_id = ? AND seat = ?", (match_id, seat)
                )

    async def due_deadlines(self, now: float, limit: int = 100) -> list[DeadlineRecord]:
        async with (
            self._read() as conn,
            conn.execute(
                "SELECT id, match_id, seat, kind, due_at, fired FROM deadlines "
                "WHERE fired = 0 AND due_at <= ? ORDER BY due_at LIMIT ?",
                (now, int(limit)),
            ) as cursor,
        ):
            rows = await cursor.fetchall()
        return [DeadlineRecord(r[0], r[1], r[2], r[3], r[4], bool(r[5])) for r in rows]

    async def mark_deadline_fired(self, deadline_id: int) -> None:
        async with self._transaction() as conn:
            await conn.execute("UPDATE deadlines SET fired = 1 WHERE id = ?", (deadline_id,))

    async def deadlines_for(self, match_id: int) -> list[DeadlineRecord]:
        async with (
            self._read() as conn,
            conn.execute(
                "SELECT id, match_id, seat, kind, due_at, fired FROM deadlines "
                "WHERE match_id = ? AND fired = 0 ORDER BY due_at",
                (match_id,),
            ) as cursor,
        ):
            rows = await cursor.fetchall()
        return [DeadlineRecord(r[0], r[1], r[2], r[3], r[4], bool(r[5])) for r in rows]

    async def delete_deadline(self, deadline_id: int) -> None:
        async with self._transaction() as conn:
            await conn.execute("DELETE FROM deadlines WHERE id = ?", (deadline_id,))

    async def get_guild_settings(self, guild_id: int) -> dict[str, str]:
        async with (
            self._read() as conn,
            conn.execute(
                "SELECT key, value FROM guild_settings WHERE guild_id = ?",
                (guild_id,),
            ) as cursor,
        ):
            rows = await cursor.fetchall()
        return {key: value for key, value in rows}

    async def set_guild_setting(self, guild_id: int, key: str, value: str | None) -> None:
        async with self._transaction() as conn:
            if value is None:
                await conn.execute(
                    "DELETE FROM guild_settings WHERE guild_id = ? AND key = ?", (guild_id, key)
                )
            else:
                await conn.execute(
                    "INSERT INTO guild_settings (guild_id, key, value) VALUES (?, ?, ?) "
                    "ON CONFLICT (guild_id, key) DO UPDATE SET value = excluded.value",
                    (guild_id, key, value),
                )

    # --- history and stats (issue 6) -------------------------------------------------------
    async def taken_over_seats(self, match_ids: Collection[int]) -> dict[int, set[int]]:
        ids = list(match_ids)
        found: dict[int, set[int]] = {match_id: set() for match_id in ids}
        async with self._read() as conn:
            for start in range(0, len(ids), 500):
                chunk = ids[start : start + 500]
                marks = ",".join("?" * len(chunk))
                async with conn.execute(
                    f"SELECT match_id, seat FROM seats WHERE taken_over = 1 "
                    f"AND match_id IN ({marks})",
                    chunk,
                ) as cursor:
                    async for match_id, seat in cursor:
                        found[match_id].add(seat)
        return found

    # --- play-by-chat (issue 6) -----------------------------------------------------------
    async def match_settings(self, match_id: int) -> dict[str, Any]:
        async with (
            self._read() as conn,
            conn.execute("SELECT settings FROM matches WHERE id = ?", (match_id,)) as cursor,
        ):
            row = await cursor.fetchone()
        return json.loads(row[0]) if row and row[0] else {}

    async def set_match_settings(
        self, match_id: int, settings: Mapping[str, Any], now: float
    ) -> None:
        async with self._transaction() as conn:
            await conn.execute(
                "UPDATE matches SET settings = ?, updated_at = ? WHERE id = ?",
                (_json(dict(settings)), now, match_id),
            )

    async def add_deadlines(
        self, match_id: int, rows: Iterable[tuple[int | None, str, float]]
    ) -> None:
        """Insert deadline rows in one transaction; a row that exists (even fired) is kept, so a
        reminder is never re-armed."""
        async with self._transaction() as conn:
            await conn.executemany(
                "INSERT OR IGNORE INTO deadlines (match_id, seat, kind, due_at) "
                "VALUES (?, ?, ?, ?)",
                [(match_id, seat, kind, due) for seat, kind, due in rows],
            )

    async def claim_deadlines(self, deadline_ids: Iterable[int]) -> set[int]:
        """Mark rows fired, in one transaction; returns those that were not fired yet (so each
        fires once)."""
        ids = list(deadline_ids)
        claimed: set[int] = set()
        if not ids:
            return claimed
        async with self._transaction() as conn:
            for deadline_id in ids:
                cursor = await conn.execute(
                    "UPDATE deadlines SET fired = 1 WHERE id = ? AND fired = 0", (deadline_id,)
                )
                if cursor.rowcount == 1:
                    claimed.add(deadline_id)
        return claimed

    async def delete_deadlines(self, deadline_ids: Iterable[int]) -> None:
        ids = list(deadline_ids)
        if not ids:
            return
        async with self._transaction() as conn:
            await conn.executemany("DELETE FROM deadlines WHERE id = ?", [(i,) for i in ids])

    async def set_taken_over(
        self, match_id: int, seat: int, taken_over: bool, now: float, ai_level: str | None = None
    ) -> None:
        async with self._transaction() as conn:
            cursor = await conn.execute(
                "UPDATE seats SET taken_over = ?, ai_level = ? "
                "WHERE match_id = ? AND seat = ? AND is_ai = 0",
                (int(taken_over), ai_level if taken_over else None, match_id, seat),
            )
            if taken_over and cursor.rowcount == 1:
                # The flag goes with /game rejoin; the record of a take-over stays (fair results).
                async with conn.execute(
                    "SELECT settings FROM matches WHERE id = ?", (match_id,)
                ) as rows:
                    row = await rows.fetchone()
                settings = json.loads(row[0]) if row and row[0] else {}
                seats = sorted(set(settings.get(TAKEOVERS, [])) | {seat})
                await conn.execute(
                    "UPDATE matches SET settings = ? WHERE id = ?",
                    (_json({**settings, TAKEOVERS: seats}), match_id),
                )
            await conn.execute(
                "DELETE FROM takeover_votes WHERE match_id = ? AND seat = ?", (match_id, seat)
            )
            await conn.execute("UPDATE matches SET updated_at = ? WHERE id = ?", (now, match_id))

    async def add_vote(self, match_id: int, seat: int, voter_id: int, now: float) -> bool:
        """Record a vote; False when this voter had voted for this seat already."""
        async with self._transaction() as conn:
            cursor = await conn.execute(
                "INSERT OR IGNORE INTO takeover_votes (match_id, seat, voter_id, created_at) "
                "VALUES (?, ?, ?, ?)",
                (match_id, seat, voter_id, now),
            )
            return cursor.rowcount == 1

    async def votes_for(self, match_id: int, seat: int) -> set[int]:
        async with (
            self._read() as conn,
            conn.execute(
                "SELECT voter_id FROM takeover_votes WHERE match_id = ? AND seat = ?",
                (match_id, seat),
            ) as cursor,
        ):
            return {row[0] for row in await cursor.fetchall()}

    async def get_user_pref(self, user_id: int, key: str) -> str | None:
        async with (
            self._read() as conn,
            conn.execute(
                "SELECT value FROM user_prefs WHERE user_id = ? AND key = ?", (user_id, key)
            ) as cursor,
        ):
            row = await cursor.fetchone()
        return row[0] if row else None

    async def set_user_pref(self, user_id: int, key: str, value: str | None) -> None:
        async with self._transaction() as conn:
            if value is None:
                await conn.execute(
                    "DELETE FROM user_prefs WHERE user_id = ? AND key = ?", (user_id, key)
                )
            else:
                await conn.execute(
                    "INSERT INTO user_prefs (user_id, key, value) VALUES (?, ?, ?) "
                    "ON CONFLICT (user_id, key) DO UPDATE SET value = excluded.value",
                    (user_id, key, value),
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
                "VALUES (?, ?, ?, ?, ?, ?)",
                (guild_id, user_id, action, match_id, _json(dict(detail)), now),
            )

    async def read_admin_log(self, guild_id: int, limit: int = 20) -> list[AdminLogEntry]:
        """A guild's admin actions, newest first."""
        async with (
            self._read() as conn,
            conn.execute(
                "SELECT id, guild_id, user_id, action, match_id, detail, created_at FROM admin_log "
                "WHERE guild_id = ? ORDER BY id DESC LIMIT ?",
                (guild_id, int(limit)),
            ) as cursor,
        ):
            rows = await cursor.fetchall()
        return [AdminLogEntry(r[0], r[1], r[2], r[3], r[4], json.loads(r[5]), r[6]) for r in rows]

    # --- keeping finished matches small (issue 10) -----------------------------------------
    _OVER = "status IN ('finished', 'cancelled') AND updated_at < ?"

    async def compact_finished(self, before: float, limit: int = 100) -> list[int]:
        async with self._transaction() as conn:
            async with conn.execute(
                f"SELECT id FROM matches WHERE {self._OVER} AND EXISTS (SELECT 1 FROM moves "
                f"WHERE moves.match_id = matches.id) AND NOT EXISTS (SELECT 1 FROM "
                f"archived_events WHERE archived_events.match_id = matches.id) "
                # The outbox rebuilds what a thread still owes from the moves' events.
                f"AND NOT EXISTS (SELECT 1 FROM announcements WHERE announcements.match_id = "
                f"matches.id AND version_done < version_owed) "
                f"ORDER BY id LIMIT ?",
                (before, int(limit)),
            ) as cursor:
                ids = [row[0] for row in await cursor.fetchall()]
            async with conn.execute("PRAGMA table_info(moves)") as cursor:
                columns = [row[1] for row in await cursor.fetchall()]
            names = ", ".join(columns)
            marks = ", ".join("?" * len(columns))
            at, version = columns.index("events"), columns.index("version")
            for match_id in ids:
                # The log never changes (an UPDATE trigger guards it): the rows are written
                # again, the same moves, their events moved to the archive, deflated together.
                async with conn.execute(
                    f"SELECT {names} FROM moves WHERE match_id = ? ORDER BY version",
                    (match_id,),
                ) as cursor:
                    rows = [list(row) for row in await cursor.fetchall()]
                await conn.execute(
                    "INSERT INTO archived_events (match_id, events) VALUES (?, ?)",
                    (match_id, _deflate_events((row[version], row[at]) for row in rows)),
                )
                for row in rows:
                    row[at] = "[]"
                await conn.execute("DELETE FROM moves WHERE match_id = ?", (match_id,))
                await conn.executemany(f"INSERT INTO moves ({names}) VALUES ({marks})", rows)
        return ids

    async def delete_finished(self, before: float, limit: int = 100) -> list[int]:
        async with self._transaction() as conn:
            async with conn.execute(
                f"SELECT id FROM matches WHERE {self._OVER} ORDER BY id LIMIT ?",
                (before, int(limit)),
            ) as cursor:
                ids = [row[0] for row in await cursor.fetchall()]
            await conn.executemany("DELETE FROM matches WHERE id = ?", [(i,) for i in ids])
        return ids
