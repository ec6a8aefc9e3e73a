"""``python -m bot migrate-db``: an SQLite database copied into PostgreSQL (pgserver), verified
by replaying every match; a non-empty target is refused; a copy that does not verify is not
kept."""

from __future__ import annotations

import asyncio
import sqlite3

import asyncpg
import pytest

import bot.__main__ as entry
from bot.errors import StorageError
from bot.migrate_db import migrate_db
from bot.migrations_pg import TABLES
from bot.service import MatchService
from bot.storage import SqliteStorage
from bot.storage_pg import PgStorage
from tests.bot.conftest import ALICE, HOST, lobby
from tests.bot.test_play import play_out


async def filled_sqlite(db_path: str, clock) -> dict[str, int]:
    """A database with a finished (and compacted) match, a running one, a lobby, settings,
    preferences, deadlines, votes and admin log rows. Returns the match ids by kind."""
    store = await SqliteStorage.open(db_path)
    service = MatchService(store, clock=clock, seed_source=lambda: 42)
    finished = await lobby(service, 2, ais=1)
    await play_out(service, finished.id, await service.start(finished.id, HOST))
    running = await lobby(service, 2, players=(ALICE,))
    await service.start(running.id, HOST)
    await service.submit(running.id, HOST, "pick:2")
    waiting = await lobby(service, 3)
    await store.set_guild_setting(1000, "locale", "pl")
    await store.set_user_pref(ALICE, "locale", "de")
    await store.add_vote(running.id, 1, HOST, clock.now)
    await store.write_admin_log(1000, HOST, "note", running.id, {"x": 1}, clock.now)
    await store.record_dm(running.id, 0, 1, HOST, False, clock.now)
    await store.announcement_delivered(
        finished.id, version=99, channel_id=1, message_id=2, turn_version=1, turn_key=None, now=1
    )
    assert await store.compact_finished(clock.now + 1) == [finished.id]
    await store.close()
    return {"finished": finished.id, "running": running.id, "lobby": waiting.id}


def sqlite_rows(db_path: str, table: str, columns: list[str]) -> list[tuple]:
    with sqlite3.connect(db_path) as conn:
        return sorted(conn.execute(f"SELECT {', '.join(columns)} FROM {table}").fetchall())


async def test_every_table_is_copied_and_every_match_replays(db_path, clock, toy_engine, pg_server):
    ids = await filled_sqlite(db_path, clock)
    url = await pg_server.fresh_url()
    lines: list[str] = []
    report = await migrate_db(db_path, url, progress=lines.append)
    assert report.ok and report.replayed == 2  # the finished and the running match
    assert report.rows["matches"] == 3 and report.rows["archived_events"] == 1
    assert any(line.startswith("replayed 2 of 2") for line in lines)
    conn = await asyncpg.connect(url)
    try:
        for table in TABLES:
            columns = [
                row[0]
                for row in await conn.fetch(
                    "SELECT column_name FROM information_schema.columns WHERE table_name = $1 "
                    "ORDER BY ordinal_position",
                    table,
                )
            ]
            copied = sorted(
                tuple(row) for row in await conn.fetch(f"SELECT {', '.join(columns)} FROM {table}")
            )
            assert copied == sqlite_rows(db_path, table, columns), table
    finally:
        await conn.close()
    # The bot goes on where it was, on PostgreSQL: the same moves, new ids after the old ones.
    store = await PgStorage.open(url)
    try:
        service = MatchService(store, clock=clock, seed_source=lambda: 42)
        assert await service.rebuild(ids["running"])
        old = await SqliteStorage.open(db_path)
        assert await store.get_moves(ids["finished"]) == await old.get_moves(ids["finished"])
        await old.close()
        newer = await lobby(service, 2)
        assert newer.id == max(ids.values()) + 1
    finally:
        await store.close()


async def test_a_non_empty_target_is_refused(db_path, clock, toy_engine, pg_server):
    await filled_sqlite(db_path, clock)
    url = await pg_server.fresh_url()
    await migrate_db(db_path, url)
    with pytest.raises(StorageError, match="is not empty"):
        await migrate_db(db_path, url)
    store = await PgStorage.open(url)
    assert await store.count_matches() == 3  # untouched
    await store.close()


async def test_a_copy_that_does_not_replay_is_not_kept(db_path, clock, toy_engine, pg_server):
    ids = await filled_sqlite(db_path, clock)
    with sqlite3.connect(db_path) as conn:  # a snapshot that disagrees with its move log
        conn.execute(
            "UPDATE snapshots SET state = '{\"broken\": true}' WHERE match_id = ?",
            (ids["running"],),
        )
    url = await pg_server.fresh_url()
    with pytest.raises(StorageError, match=f"#{ids['running']}") as caught:
        await migrate_db(db_path, url)
    assert "\n" not in str(caught.value)
    store = await PgStorage.open(url)
    assert await store.count_matches() == 0  # emptied again: migrate once it is repaired
    await store.close()


def test_the_command_line_copies_and_refuses_a_missing_file(
    db_path, clock, toy_engine, pg_server, tmp_path, monkeypatch, capsys
):
    monkeypatch.chdir(tmp_path)
    monkeypatch.delenv("DATABASE", raising=False)
    asyncio.run(filled_sqlite(db_path, clock))
    url = asyncio.run(pg_server.fresh_url())
    assert entry.main(["migrate-db", "--from", db_path, "--to", url]) == 0
    assert "2 started matches replay to their state" in capsys.readouterr().out
    assert entry.main(["migrate-db", "--from", str(tmp_path / "none.db"), "--to", url]) == 2
    assert capsys.readouterr().err.startswith("There is no SQLite database file at ")
    assert entry.main(["migrate-db", "--from", db_path, "--to", "elsewhere.db"]) == 2
    assert "--to must be a postgresql:// URL" in capsys.readouterr().err
