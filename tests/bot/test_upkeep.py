"""Issue 10, item 7: the state cache stays trimmed, a full disk says so, and finished matches
are kept small (``bot.upkeep``): compacted a day after they end, deleted after
``KEEP_FINISHED_DAYS`` when that is set."""

from __future__ import annotations

import sqlite3
import subprocess
from types import SimpleNamespace

import pytest

from bot.errors import SettingsError, StorageError
from bot.export import export_match, verify_export
from bot.service import MatchService
from bot.settings import load_settings
from bot.storage import SqliteStorage, storage_error
from bot.upkeep import BATCH, COMPACT_AFTER, DAY, prune
from tests.bot.conftest import ALICE, CHANNEL, GUILD, HOST


async def toy_match(service, rounds="3"):
    info = await service.create_lobby(GUILD, CHANNEL, HOST, "toy", 2, {"rounds": rounds})
    await service.join(info.id, ALICE)
    await service.start(info.id, HOST)
    return info.id


async def finish(service, match_id, *, with_undo=False):
    """Play to the end: Host seals 3 and Alice 1, so Host leads and banks each round (once
    taking the bank back first)."""
    undone = not with_undo
    while True:
        info = await service.get_match(match_id)
        if info.status != "active":
            return
        pending = await service.pending_for(match_id, HOST)
        alice = await service.pending_for(match_id, ALICE)
        if pending is not None and pending.decision.key == "leader":
            await service.submit(match_id, HOST, "bank", decision_seq=pending.seq)
            if not undone:
                await service.undo(match_id, HOST)
                undone = True
        elif pending is not None:
            await service.submit(match_id, HOST, "pick:3", decision_seq=pending.seq)
        if alice is not None:
            await service.submit(match_id, ALICE, "pick:1", decision_seq=alice.seq)


async def delivered(service, match_id):
    """The thread shows the match's last version (what the announcer records)."""
    info = await service.get_match(match_id)
    await service.store.announcement_delivered(
        match_id,
        version=info.version,
        channel_id=None,
        message_id=None,
        turn_version=None,
        turn_key=None,
        now=service.clock(),
    )


# --- the cache ---------------------------------------------------------------------------------
async def test_starting_matches_keeps_the_state_cache_trimmed(store, clock, toy_engine):
    service = MatchService(store, clock=clock, cache_size=2, seed_source=lambda: 5)
    for _ in range(5):
        await toy_match(service)
        assert len(service._cache) <= 2


# --- a full disk -------------------------------------------------------------------------------
def test_an_io_error_on_a_full_disk_says_the_disk_is_full(tmp_path, monkeypatch):
    error = sqlite3.OperationalError("disk I/O error")
    error.sqlite_errorname = "SQLITE_IOERR_SHMSIZE"
    path = str(tmp_path / "scarab.sqlite3")
    assert "disk I/O error" in str(storage_error(path, error))  # plenty of room: as it is
    monkeypatch.setattr(
        "bot.storage.shutil.disk_usage",
        lambda folder: SimpleNamespace(total=1 << 30, used=1 << 30, free=4096),
    )
    said = str(storage_error(path, error))
    assert said.startswith(f"The disk holding the database file {path} is full"), said


@pytest.fixture
def tiny_disk(tmp_path):
    """A 1 MB tmpfs (needs root; skipped elsewhere)."""
    mount = tmp_path / "tiny"
    mount.mkdir()
    done = subprocess.run(
        ["mount", "-t", "tmpfs", "-o", "size=1m", "tmpfs", str(mount)], capture_output=True
    )
    if done.returncode != 0:
        pytest.skip("cannot mount a small tmpfs here")
    yield mount
    subprocess.run(["umount", str(mount)], check=False)


async def test_start_up_on_a_full_disk_with_an_existing_database(tiny_disk):
    path = str(tiny_disk / "scarab.sqlite3")
    store = await SqliteStorage.open(path)
    await store.close()
    with open(tiny_disk / "filler", "wb", buffering=0) as filler:
        try:
            while True:
                filler.write(b"\0" * 4096)
        except OSError:
            pass
    with pytest.raises(StorageError) as failed:
        await SqliteStorage.open(path)
    assert str(failed.value).startswith(f"The disk holding the database file {path} is full")


# --- keeping finished matches small ------------------------------------------------------------
async def test_a_finished_match_is_compacted_a_day_later_and_still_replays(service, store, clock):
    match_id = await toy_match(service)
    await finish(service, match_id, with_undo=True)
    await delivered(service, match_id)
    running = await toy_match(service)
    await service.submit(running, HOST, "pick:3")
    log_before = await service.log(match_id, 50, user_id=ALICE)
    export_before = await export_match(service, match_id, guild_id=GUILD)
    moves_before = await store.get_moves(match_id)
    assert (await prune(service)).compacted == []  # just finished: left as it is
    clock.advance(COMPACT_AFTER + 1)
    service._cache.clear()
    report = await prune(service)
    assert report.compacted == [match_id] and report.deleted == []
    assert await store.get_moves(match_id) == moves_before  # lossless: every row reads back
    assert await archived(store, match_id)  # deflated together
    assert not await archived(store, running)  # a running match: untouched
    # /log, /export, the final state and a rebuild from the log are as before.
    assert await service.log(match_id, 50, user_id=ALICE) == log_before
    export_after = await export_match(service, match_id, guild_id=GUILD)
    assert export_after == export_before and verify_export(export_after)
    assert await service.rebuild(match_id) is True
    assert (await service.snapshot(match_id)).result is not None
    assert (await prune(service)).compacted == []  # done once


async def test_a_match_whose_thread_still_owes_an_announcement_is_not_compacted(
    service, store, clock
):
    """After downtime the outbox rebuilds the owed posts from the moves' events: those stay
    until Discord has accepted the last one."""
    match_id = await toy_match(service)
    await finish(service, match_id)
    clock.advance(COMPACT_AFTER + 1)
    assert (await store.get_announcement(match_id)).owed
    assert (await prune(service)).compacted == []
    assert not await archived(store, match_id)
    await delivered(service, match_id)
    assert (await prune(service)).compacted == [match_id]


async def test_finished_matches_are_deleted_after_keep_finished_days(service, store, clock):
    old = await toy_match(service)
    await finish(service, old)
    clock.advance(40 * DAY)
    recent = await toy_match(service)
    await finish(service, recent)
    running = await toy_match(service)
    assert (await prune(service)).deleted == []  # no setting: kept for ever
    assert await store.get_match(old) is not None
    report = await prune(service, keep_finished_days=30)
    assert report.deleted == [old]
    assert await store.get_match(old) is None
    assert await store.get_moves(old) == [] and await store.get_snapshot(old) is None
    assert await store.get_match(recent) is not None and await store.get_match(running)
    with pytest.raises(Exception, match=f"no match #{old}"):
        await service.get_match(old)


@pytest.mark.parametrize("raw, expected", [("30", 30.0), ("0.5", 0.5), ("", None), (None, None)])
def test_keep_finished_days_setting(raw, expected):
    environ = {"DISCORD_TOKEN": "x"} | ({} if raw is None else {"KEEP_FINISHED_DAYS": raw})
    assert load_settings(environ).keep_finished_days == expected


@pytest.mark.parametrize("raw", ["0", "-3", "soon", "nan", "inf"])
def test_a_bad_keep_finished_days_is_one_clear_sentence(raw):
    with pytest.raises(SettingsError, match="KEEP_FINISHED_DAYS must be a number of days"):
        load_settings({"DISCORD_TOKEN": "x", "KEEP_FINISHED_DAYS": raw})


async def test_a_backlog_larger_than_one_batch_is_pruned_in_one_run(service, store, clock):
    ids = []
    for _ in range(BATCH + 5):
        match_id = await toy_match(service, rounds="1")
        await finish(service, match_id)
        await delivered(service, match_id)
        ids.append(match_id)
    clock.advance(COMPACT_AFTER + 1)
    assert sorted((await prune(service)).compacted) == ids
    for match_id in ids:
        assert await archived(store, match_id)
    clock.advance(10 * DAY)
    assert sorted((await prune(service, keep_finished_days=5)).deleted) == ids
    assert await store.count_matches() == 0


async def archived(store, match_id: int) -> bool:
    """Whether a match's events were moved to the archive (compacted)."""
    async with (
        store._read() as conn,
        conn.execute("SELECT count(*) FROM archived_events WHERE match_id = ?", (match_id,)) as cur,
    ):
        return (await cur.fetchone())[0] == 1
