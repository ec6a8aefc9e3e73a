"""Storage: migrations, pragmas, the move transaction, and clear errors for unusable files."""

from __future__ import annotations

import os
import shutil
import sqlite3
import subprocess

import aiosqlite
import pytest

from bot.errors import StorageError, VersionConflict
from bot.migrations import SCHEMA_VERSION, migrate, schema_version
from bot.storage import SqliteStorage
from bot.stores import open_storage

NOW = 1_700_000_000.0


async def test_migrations_set_user_version_and_are_idempotent(db_path):
    conn = await aiosqlite.connect(db_path, isolation_level=None)
    try:
        assert await schema_version(conn) == 0
        assert await migrate(conn) == SCHEMA_VERSION
        assert await schema_version(conn) == SCHEMA_VERSION
        assert await migrate(conn) == 0
        async with conn.execute("SELECT name FROM sqlite_master WHERE type = 'table'") as cur:
            tables = {row[0] async for row in cur}
    finally:
        await conn.close()
    assert {
        "matches",
        "seats",
        "moves",
        "snapshots",
        "messages",
        "deadlines",
        "guild_settings",
    } <= tables
    # Reopening through Storage migrates nothing and keeps the version.
    store = await open_storage(db_path)
    assert await store.pragma("user_version") == SCHEMA_VERSION
    await store.close()


async def test_newer_schema_is_refused(db_path):
    with sqlite3.connect(db_path) as conn:
        conn.execute(f"PRAGMA user_version = {SCHEMA_VERSION + 1}")
    with pytest.raises(StorageError, match="newer Scarab"):
        await SqliteStorage.open(db_path)


async def test_wal_foreign_keys_and_busy_timeout(store):
    assert await store.pragma("journal_mode") == "wal"
    assert await store.pragma("foreign_keys") == 1
    assert await store.pragma("busy_timeout") == 200


async def test_record_move_is_one_guarded_transaction(any_store):
    store = any_store
    match = await store.create_match(
        guild_id=1, channel_id=2, game_id="toy", options={}, seats=2, host_id=5, now=NOW
    )
    assert [s.user_id for s in match.seat_rows] == [5]
    await store.put_seat(match.id, 1, None, "AI", NOW)
    await store.start_match(
        match.id, seed=7, state={"a": 1}, seqs={0: 0, 1: 0}, status="active", result=None, now=NOW
    )
    version = await store.record_move(
        match.id,
        expected_version=0,
        seat=0,
        option_id="x",
        actor="5",
        events=[],
        state={"a": 2},
        seqs={1: 0},
        status="active",
        result=None,
        now=NOW + 1,
    )
    assert version == 1
    with pytest.raises(VersionConflict):
        await store.record_move(
            match.id,
            expected_version=0,
            seat=1,
            option_id="y",
            actor="ai",
            events=[],
            state={"a": 3},
            seqs={},
            status="active",
            result=None,
            now=NOW + 2,
        )
    snapshot = await store.get_snapshot(match.id)
    assert (snapshot.version, snapshot.state, snapshot.seqs) == (1, {"a": 2}, {1: 0})
    assert [m.option_id for m in await store.get_moves(match.id)] == ["x"]
    record = await store.get_match(match.id)
    assert (record.version, record.seed, record.status, record.updated_at) == (
        1,
        7,
        "active",
        NOW + 1,
    )


async def test_move_log_is_append_only(store, db_path):
    match = await store.create_match(
        guild_id=1, channel_id=2, game_id="toy", options={}, seats=2, host_id=5, now=NOW
    )
    await store.start_match(
        match.id, seed=7, state={}, seqs={}, status="active", result=None, now=NOW
    )
    await store.record_move(
        match.id,
        expected_version=0,
        seat=0,
        option_id="x",
        actor="5",
        events=[],
        state={},
        seqs={},
        status="active",
        result=None,
        now=NOW,
    )
    with (
        sqlite3.connect(db_path) as conn,
        pytest.raises(sqlite3.IntegrityError, match="append-only"),
    ):
        conn.execute("UPDATE moves SET option_id = 'z'")


async def test_one_seat_per_user_and_foreign_keys(any_store):
    store = any_store
    match = await store.create_match(
        guild_id=1, channel_id=2, game_id="toy", options={}, seats=3, host_id=5, now=NOW
    )
    with pytest.raises(StorageError):
        await store.put_seat(match.id, 1, 5, None, NOW)
    with pytest.raises(StorageError):
        await store.put_seat(999, 0, 6, None, NOW)


async def test_messages_deadlines_and_guild_settings(any_store):
    store = any_store
    match = await store.create_match(
        guild_id=1, channel_id=2, game_id="toy", options={}, seats=2, host_id=5, now=NOW
    )
    await store.set_message(match.id, "turn", 30, 40, NOW)
    await store.set_message(match.id, "turn", 30, 41, NOW)
    assert (await store.get_messages(match.id))["turn"].message_id == 41
    await store.set_deadline(match.id, 0, "turn", NOW + 60)
    await store.set_deadline(match.id, 0, "turn", NOW + 120)  # replaces, not duplicates
    assert await store.due_deadlines(NOW + 100) == []
    (due,) = await store.due_deadlines(NOW + 120)
    await store.mark_deadline_fired(due.id)
    assert await store.due_deadlines(NOW + 500) == []
    await store.set_guild_setting(1, "locale", "pt")
    assert await store.get_guild_settings(1) == {"locale": "pt"}
    await store.set_guild_setting(1, "locale", None)
    assert await store.get_guild_settings(1) == {}


@pytest.mark.parametrize("existing", [False, True], ids=["new-file", "scarab-file"])
async def test_locked_database_is_a_clear_error(db_path, existing):
    """Another process holding an exclusive lock (here: another sqlite3 connection)."""
    if existing:
        await (await SqliteStorage.open(db_path)).close()
    other = sqlite3.connect(db_path, isolation_level=None)
    other.execute("CREATE TABLE IF NOT EXISTS other_app (x)")
    other.execute("BEGIN EXCLUSIVE")
    try:
        with pytest.raises(StorageError) as caught:
            await SqliteStorage.open(db_path, busy_timeout_ms=50)
    finally:
        other.execute("ROLLBACK")
        other.close()
    message = str(caught.value)
    assert message.startswith(f"The database file {db_path} is locked by another process")
    assert "\n" not in message
    await (await SqliteStorage.open(db_path)).close()  # fine once the lock is gone


async def test_read_only_uri_is_a_clear_error(db_path):
    """SQLite opened read-only (mode=ro URI): refused by the write probe, even as root."""
    await (await SqliteStorage.open(db_path)).close()
    uri = f"file:{db_path}?mode=ro"
    with pytest.raises(StorageError, match=r"^The database file .* is read-only: "):
        await SqliteStorage.open(uri)


def _chattr(flag: str, path: str) -> bool:
    if shutil.which("chattr") is None:
        return False
    return subprocess.run(["chattr", flag, path], capture_output=True).returncode == 0


async def test_read_only_file_is_a_clear_error(db_path):
    """A file Scarab may not write. Permission bits do not stop root, so as root the file is
    made immutable (chattr +i), which stops root too; otherwise chmod 0o444."""
    await (await SqliteStorage.open(db_path)).close()
    if os.geteuid() == 0:
        if not _chattr("+i", db_path):
            pytest.skip("running as root without chattr +i support")
    else:
        os.chmod(db_path, 0o444)
    try:
        with pytest.raises(StorageError, match=r"^The database file .* is read-only: "):
            await SqliteStorage.open(db_path)
    finally:
        if os.geteuid() == 0:
            _chattr("-i", db_path)
        os.chmod(db_path, 0o644)


async def test_read_only_folder_is_a_clear_error(tmp_path):
    folder = tmp_path / "ro"
    folder.mkdir()
    path = str(folder / "scarab.sqlite3")
    if os.geteuid() == 0:
        if not _chattr("+i", str(folder)):
            pytest.skip("running as root without chattr +i support")
    else:
        folder.chmod(0o555)
    try:
        with pytest.raises(StorageError, match="read-only: its folder"):
            await SqliteStorage.open(path)
    finally:
        if os.geteuid() == 0:
            _chattr("-i", str(folder))
        folder.chmod(0o755)


async def test_not_a_database_and_missing_folder(tmp_path):
    junk = tmp_path / "junk.sqlite3"
    junk.write_bytes(b"this is not sqlite" * 100)
    with pytest.raises(StorageError, match="is not an SQLite database"):
        await SqliteStorage.open(str(junk))
    with pytest.raises(StorageError, match="does not exist"):
        await SqliteStorage.open(str(tmp_path / "nowhere" / "x.sqlite3"))


async def test_a_failing_migration_leaves_the_previous_version(db_path, monkeypatch):
    import bot.migrations as migrations

    await (await SqliteStorage.open(db_path)).close()
    broken = "CREATE TABLE half_done (x); INSERT INTO no_such_table VALUES (1);"
    monkeypatch.setattr(migrations, "MIGRATIONS", (*migrations.MIGRATIONS, broken))
    monkeypatch.setattr(migrations, "SCHEMA_VERSION", SCHEMA_VERSION + 1)
    with pytest.raises(StorageError, match="no_such_table"):
        await SqliteStorage.open(db_path)
    with sqlite3.connect(db_path) as conn:
        assert conn.execute("PRAGMA user_version").fetchone()[0] == SCHEMA_VERSION
        assert (
            conn.execute("SELECT count(*) FROM sqlite_master WHERE name = 'half_done'").fetchone()[
                0
            ]
            == 0
        )
