"""Several processes on one database (issue 15 item 2): each ``MatchService`` here stands for
one process (its own cache and asyncio locks); only the store is shared."""

from __future__ import annotations

import pytest

from bot.errors import ServiceError
from bot.service import MatchService
from tests.bot.conftest import ALICE, HOST, lobby

pytestmark = pytest.mark.both_stores


class RacingStore:
    """A store whose first ``record_move`` lets ``before`` (another process's move) commit
    just ahead of it: the version check refuses the first write."""

    def __init__(self, store, before) -> None:
        self._store, self._before = store, before

    def __getattr__(self, name):
        return getattr(self._store, name)

    async def record_move(self, *args, **kwargs):
        before, self._before = self._before, None
        if before is not None:
            await before()
        return await self._store.record_move(*args, **kwargs)


async def test_a_sealed_answer_beaten_by_another_process_is_checked_again(store, clock, toy_engine):
    other = MatchService(store, clock=clock, seed_source=lambda: 42)
    info = await lobby(other, 3, rounds="1", players=(ALICE,))
    info = await other.join(info.id, 7)
    await other.start(info.id, HOST, seed=5)

    async def alice_answers_elsewhere() -> None:
        await other.submit(info.id, ALICE, "pick:1", decision_seq=0)

    mine = MatchService(RacingStore(store, alice_answers_elsewhere), clock=clock)
    await mine.snapshot(info.id)  # cached at version 0
    turn = await mine.submit(info.id, HOST, "pick:3", decision_seq=0)
    assert [(m.seat, m.actor) for m in turn.moves] == [(0, str(HOST))]
    assert turn.version == 2 and turn.sealed_answered == (0, 1)
    # The other process's cache is behind: it serves only the version the database holds.
    assert (await other.snapshot(info.id)).version == 2
    moves = await other.moves(info.id)
    assert [(m.version, m.seat) for m in moves] == [(1, 1), (2, 0)]


async def test_an_answer_to_a_decision_closed_by_another_process_stays_refused(
    store, clock, toy_engine
):
    other = MatchService(store, clock=clock, seed_source=lambda: 42)
    info = await lobby(other, 2, rounds="1", players=(ALICE,))
    await other.start(info.id, HOST, seed=5)

    async def host_answers_elsewhere() -> None:
        await other.submit(info.id, HOST, "pick:1", decision_seq=0)

    mine = MatchService(RacingStore(store, host_answers_elsewhere), clock=clock)
    await mine.snapshot(info.id)
    with pytest.raises(ServiceError, match="already answered this sealed round"):
        await mine.submit(info.id, HOST, "pick:3", decision_seq=0)
    assert [(m.seat, m.option_id) for m in await other.moves(info.id)] == [(0, "pick:1")]
