"""The announcement outbox (issue 10, items 1 and 3): what a match's thread owes is stored in
the move's own transaction, marked done only when delivered, retried with backoff; DMs of a
sealed decision are recorded once; AI seats that a failed save left waiting move on the scan."""

from __future__ import annotations

import sqlite3

import pytest

from bot.errors import ServiceError
from bot.model import STALE
from bot.outbox import Outbox, backoff
from bot.storage import SqliteStorage, storage_error
from tests.bot.conftest import ALICE, HOST, lobby


def _fail_ai_saves(store, monkeypatch):
    """Every AI move fails to save (a full disk), human moves save."""
    real = store.record_move

    async def record_move(match_id, **kw):
        if kw["actor"] == "ai":
            raise storage_error("x", sqlite3.OperationalError("database or disk is full"))
        return await real(match_id, **kw)

    monkeypatch.setattr(store, "record_move", record_move)
    return real


@pytest.mark.both_stores
async def test_start_and_every_move_owe_an_announcement_in_their_transaction(service, store):
    info = await lobby(service, 2, players=(ALICE,))
    turn = await service.start(info.id, HOST)
    row = await store.get_announcement(info.id)
    assert (row.version_owed, row.version_done, row.message_id) == (0, -1, None)
    assert row.owed and [r.match_id for r in await store.owed_announcements(0)] == [info.id]
    turn = await service.submit(info.id, HOST, "pick:1", decision_seq=turn.pending[0].seq)
    row = await store.get_announcement(info.id)
    assert (row.version_owed, row.version_done) == (1, -1)


async def test_a_refused_move_owes_nothing(service, store, monkeypatch):
    info = await lobby(service, 2, players=(ALICE,))
    await service.start(info.id, HOST)
    await store.announcement_delivered(
        info.id,
        version=0,
        channel_id=5,
        message_id=6,
        turn_version=0,
        turn_key=["sealed", 0],
        now=1.0,
    )
    conn = store._conn
    real_commit = conn.commit

    async def failing_commit():
        raise sqlite3.OperationalError("disk I/O error")

    monkeypatch.setattr(conn, "commit", failing_commit)
    with pytest.raises(ServiceError):
        await service.submit(info.id, HOST, "pick:1", decision_seq=0)
    monkeypatch.setattr(conn, "commit", real_commit)
    row = await store.get_announcement(info.id)
    assert (row.version_owed, row.version_done, row.owed) == (0, 0, False)


@pytest.mark.both_stores
async def test_delivered_marks_done_and_keeps_the_live_message(service, store):
    info = await lobby(service, 2, players=(ALICE,))
    await service.start(info.id, HOST)
    await service.submit(info.id, HOST, "pick:1", decision_seq=0)
    await store.announcement_delivered(
        info.id,
        version=1,
        channel_id=77,
        message_id=88,
        turn_version=1,
        turn_key=["sealed", 0],
        now=5.0,
    )
    row = await store.get_announcement(info.id)
    assert (row.version_done, row.channel_id, row.message_id, row.turn_version) == (1, 77, 88, 1)
    assert row.turn_key == ["sealed", 0] and not row.owed
    assert await service.get_messages(info.id) == {"turn": 88}
    assert await store.owed_announcements(10.0) == []
    # an older delivery finishing late never moves it back
    await store.announcement_delivered(
        info.id, version=0, channel_id=77, message_id=88, turn_version=0, turn_key=None, now=6.0
    )
    assert (await store.get_announcement(info.id)).version_done == 1


@pytest.mark.both_stores
async def test_a_failure_backs_off_and_a_new_move_owes_at_once(service, store, clock):
    info = await lobby(service, 2, players=(ALICE,))
    await service.start(info.id, HOST)
    delivered: list[int] = []

    async def deliver(match_id: int) -> bool:
        delivered.append(match_id)
        await outbox.failed(match_id)  # what the announcer does when Discord refuses
        return False

    outbox = Outbox(service, deliver, base=2.0, cap=60.0)
    assert await outbox.deliver_due() == 0 and delivered == [info.id]
    row = await store.get_announcement(info.id)
    assert row.attempts == 1 and row.next_try_at == clock.now + 2.0
    assert await outbox.deliver_due() == 0 and delivered == [info.id]  # backing off
    clock.advance(2.0)
    await outbox.deliver_due()
    row = await store.get_announcement(info.id)
    assert row.attempts == 2 and row.next_try_at == clock.now + 4.0
    await service.submit(info.id, HOST, "pick:1", decision_seq=0)  # a new move: due now
    row = await store.get_announcement(info.id)
    assert (row.attempts, row.next_try_at, row.version_owed) == (0, 0, 1)
    assert [backoff(n) for n in (1, 2, 3, 6, 7, 20)] == [2.0, 4.0, 8.0, 60.0, 60.0, 60.0]


async def test_dms_sent_are_recorded_once_per_decision(store, service):
    info = await lobby(service, 2, players=(ALICE,))
    await service.start(info.id, HOST)
    await store.record_dm(info.id, 0, 0, HOST, False, 1.0)
    await store.record_dm(info.id, 1, 0, ALICE, True, 1.0)
    await store.record_dm(info.id, 1, 0, ALICE, True, 2.0)  # again: still one row
    assert await store.dms_sent(info.id) == {(0, 0, HOST): False, (1, 0, ALICE): True}


async def test_the_outbox_survives_a_restart(db_path, service, store):
    info = await lobby(service, 2, players=(ALICE,))
    await service.start(info.id, HOST)
    await service.submit(info.id, HOST, "pick:2", decision_seq=0)
    reopened = await SqliteStorage.open(db_path)  # another process would see the same
    try:
        row = await reopened.get_announcement(info.id)
        assert (row.version_owed, row.version_done) == (1, -1)
        moves = await reopened.get_moves(info.id)
        assert [m.secret for m in moves] == [True]  # a sealed answer: never shown
    finally:
        await reopened.close()


@pytest.mark.both_stores
async def test_the_turn_owed_is_rebuilt_from_the_log_without_secrets(service, store):
    info = await lobby(service, 2, players=(ALICE,))
    await service.start(info.id, HOST)
    first = await service.submit(info.id, HOST, "pick:2", decision_seq=0)
    turn = await service.submit(info.id, ALICE, "pick:3", decision_seq=0)
    rebuilt = await service.announcement_turn(info.id, -1)
    assert rebuilt.version == turn.version == 2
    assert [(m.version, m.seat, m.secret) for m in rebuilt.moves] == [(1, 0, True), (2, 1, True)]
    assert [e.text for m in rebuilt.moves for e in m.events] == [
        e.text for t in (first, turn) for m in t.moves for e in m.events
    ]
    assert "pick:" not in repr([m.events for m in rebuilt.moves])
    assert [p.seat for p in rebuilt.pending] == [p.seat for p in turn.pending]
    assert all(
        not m.private_events or all(e.private_to is not None for e in m.private_events)
        for m in rebuilt.moves
    )
    only_last = await service.announcement_turn(info.id, 1)
    assert [m.version for m in only_last.moves] == [2]
    assert await service.public_texts(info.id, 0, 1) == [e.text for e in rebuilt.moves[0].events]


@pytest.mark.both_stores
async def test_an_ai_left_waiting_moves_on_the_scan(service, store, monkeypatch):
    info = await lobby(service, 2, ais=1)
    await service.start(info.id, HOST)  # the AI sealed: version 1
    real = _fail_ai_saves(store, monkeypatch)
    turn = await service.submit(info.id, HOST, "pick:1", decision_seq=0)
    assert [p.seat for p in turn.pending] == [1]  # the AI (leader) is left to move
    assert await store.ai_waiting_matches() == [info.id]
    assert await service.resume_ai() == []  # the disk is still full: nothing, no raise
    monkeypatch.setattr(store, "record_move", real)
    report = await service.process_deadlines()
    (moved,) = report.turns
    assert [(m.seat, m.actor) for m in moved.moves] == [(1, "ai"), (1, "ai")]
    assert await store.ai_waiting_matches() == []
    row = await store.get_announcement(info.id)
    assert row.version_owed == moved.version  # its moves are owed to the thread


async def test_moves_resumed_for_a_refused_caller_are_still_announced(service, store, monkeypatch):
    info = await lobby(service, 2, ais=1)
    await service.start(info.id, HOST)
    real = _fail_ai_saves(store, monkeypatch)
    await service.submit(info.id, HOST, "pick:1", decision_seq=0)
    monkeypatch.setattr(store, "record_move", real)
    owed: list[int] = []
    service.on_owed = owed.append
    # A stale button: refused, but the AI seats it resumed moved and are owed.
    with pytest.raises(ServiceError) as refused:
        await service.submit(info.id, HOST, "pick:1", decision_seq=0)
    assert str(refused.value) == STALE
    assert owed == [info.id]
    row = await store.get_announcement(info.id)
    assert row.version_owed == (await service.get_match(info.id)).version == 4
