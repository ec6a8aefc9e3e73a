"""Turn time limits: deadline rows, an injected clock, and the AI answering for the absent."""

from __future__ import annotations

import pytest

from bot.errors import ServiceError
from bot.service import MatchService
from bot.storage import SqliteStorage
from tests.bot.conftest import ALICE, GUILD, HOST, lobby


async def test_no_limit_no_deadlines(service, store, clock):
    await service.set_turn_timeout(GUILD, None)  # the guild's tables have no time limit
    info = await lobby(service, 2, players=(ALICE,))
    await service.start(info.id, HOST)
    assert await store.deadlines_for(info.id) == []
    clock.advance(10**6)
    assert await service.fire_deadlines() == []


async def test_a_late_player_is_answered_for_by_the_ai(service, store, clock):
    await service.set_turn_timeout(GUILD, 3600)
    assert await service.turn_timeout(GUILD) == 3600
    info = await lobby(service, 2, rounds="1", players=(ALICE,))
    await service.start(info.id, HOST)
    deadlines = [d for d in await store.deadlines_for(info.id) if d.kind.startswith("turn:")]
    assert sorted((d.seat, d.kind, d.due_at) for d in deadlines) == [
        (0, "turn:0", clock.now + 3600),
        (1, "turn:0", clock.now + 3600),
    ]

    clock.advance(1800)
    await service.submit(info.id, HOST, "pick:3", decision_seq=0)  # host answers in time
    clock.advance(1799)
    assert await service.fire_deadlines() == []  # Alice still has a second
    clock.advance(1)
    (turn,) = await service.fire_deadlines()
    # Alice's seal was answered by the AI (timeout); the host answered in time (dropped).
    assert [(m.seat, m.actor, m.timed_out) for m in turn.moves] == [(1, "timeout", True)]
    (leader,) = turn.pending
    assert leader.seq == turn.version
    (deadline,) = [d for d in await store.deadlines_for(info.id) if d.kind.startswith("turn")]
    assert (deadline.seat, deadline.kind, deadline.due_at) == (
        leader.seat,
        f"turn:{leader.seq}",
        clock.now + 3600,
    )
    turn = await service.submit(info.id, leader.user_id, "bank", decision_seq=leader.seq)
    assert turn.finished and await store.deadlines_for(info.id) == []


async def test_deadlines_survive_a_restart(db_path, clock, toy_engine):
    store = await SqliteStorage.open(db_path)
    service = MatchService(store, clock=clock)
    await service.set_turn_timeout(GUILD, 60)
    info = await lobby(service, 2, players=(ALICE,))
    await service.start(info.id, HOST)
    await store.close()

    clock.advance(3600)  # the bot was down past the deadline
    store = await SqliteStorage.open(db_path)
    service = MatchService(store, clock=clock)
    (turn,) = await service.fire_deadlines()
    assert sorted(m.seat for m in turn.moves) == [0, 1]
    assert all(m.timed_out for m in turn.moves)
    await store.close()


async def test_turn_timeout_validation_and_removal(service):
    with pytest.raises(ServiceError, match="^A turn time limit must be longer than zero.$"):
        await service.set_turn_timeout(GUILD, 0)
    await service.set_turn_timeout(GUILD, 30)
    assert await service.turn_timeout(GUILD) == 30
    await service.set_turn_timeout(GUILD, None)
    assert await service.turn_timeout(GUILD) is None
