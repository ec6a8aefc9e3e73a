"""Seats that share one side (``Engine.co_seats``): either owner may answer its decisions.

``Engine.co_seats`` names them; the service lets the partner's owner answer a decision asked of
the other seat when their own seat has nothing open. The move is logged as the decision's seat
(the replay law is unchanged) with the partner as actor. Played with the toy pair game
(tests/support/pairgame.py): seats 0 (HOST) and 2 (BOB) share side A, seat 1 (ALICE) is B.
"""

from __future__ import annotations

import pytest

from bot.errors import ServiceError
from bot.service import MatchService
from rules.registry import ENGINES
from tests.support.pairgame import PAIR

from .conftest import ALICE, BOB, CHANNEL, GUILD, HOST


@pytest.fixture
def pair_engine():
    ENGINES[PAIR.game_id] = PAIR
    yield PAIR
    ENGINES.pop(PAIR.game_id, None)


async def started(service: MatchService, rounds: str = "2"):
    info = await service.create_lobby(GUILD, CHANNEL, HOST, "pair", 3, {"rounds": rounds})
    await service.join(info.id, ALICE)
    await service.join(info.id, BOB)
    return await service.start(info.id, HOST)


async def test_the_partner_answers_the_shared_seats_sealed_decision(service, store, pair_engine):
    turn = await started(service)
    match = turn.match.id
    (side_a,) = [p for p in turn.pending if p.seat == 0]
    assert side_a.user_id == HOST and side_a.co_owners == (BOB,)
    assert side_a.owner_ids == (HOST, BOB) and side_a.secret
    assert turn.seats_with(2) == (0, 2) and turn.seats_with(1) == (1,)
    assert turn.pending_for(BOB) is side_a  # BOB's own seat has nothing open
    # BOB (seat 2) has no decision of his own: he is offered seat 0's.
    pending = await service.pending_for(match, BOB)
    assert pending is not None and pending.seat == 0 and pending.seq == side_a.seq
    assert [o.id for o in await service.options_for(match, BOB)] == ["pick:1", "pick:2", "pick:3"]
    assert await service.co_seats(match, 2) == (0, 2)
    assert await service.co_seats(match, 1) == (1,)
    # ALICE (side B) may not answer side A's decision, nor BOB side B's.
    with pytest.raises(ServiceError, match="no longer current"):
        await service.submit(match, ALICE, "pick:1", decision_seq=side_a.seq, for_seat=0)
    turn = await service.submit(match, BOB, "pick:3", decision_seq=side_a.seq)
    (move,) = turn.moves
    assert (move.seat, move.actor, move.secret) == (0, str(BOB), True)
    # First answer wins: the seat's own owner is told its sealed answer is in.
    with pytest.raises(ServiceError) as refused:
        await service.submit(match, HOST, "pick:2", decision_seq=side_a.seq)
    assert str(refused.value) == (
        "Your seat has already answered this sealed round: waiting for Seat 2."
    )
    with pytest.raises(ServiceError) as refused:
        await service.submit(match, HOST, "pick:2")
    assert str(refused.value).startswith("Your seat has already answered")
    assert await service.pending_for(match, HOST) is None
    turn = await service.submit(match, ALICE, "pick:1")
    assert "Revealed: A 3, B 1." in [e.text for m in turn.moves for e in m.events]
    logged = await service.moves(match)
    assert [(m.seat, m.actor) for m in logged] == [(0, str(BOB)), (1, str(ALICE))]
    assert await service.rebuild(match)  # the replay law holds: moves are the seats'


async def test_the_own_seats_decision_comes_first(service, pair_engine):
    turn = await started(service, rounds="1")
    match = turn.match.id
    await service.submit(match, HOST, "pick:2")
    turn = await service.submit(match, ALICE, "pick:1")
    # Seats 0 and 2 now each have a public decision, posed at the same version.
    assert sorted(p.seat for p in turn.pending) == [0, 2]
    assert turn.pending_for(BOB).seat == 2 and turn.pending_for(HOST).seat == 0
    assert (await service.pending_for(match, BOB)).seat == 2
    seq = turn.pending[0].seq
    turn = await service.submit(match, BOB, "boo", decision_seq=seq)
    assert [(m.seat, m.actor) for m in turn.moves] == [(2, str(BOB))]
    # Now BOB may answer his partner's open decision too, even from seat 0's own menu.
    assert (await service.pending_for(match, BOB)).seat == 0
    with pytest.raises(ServiceError, match="no longer current"):
        await service.submit(match, BOB, "cheer", decision_seq=seq, for_seat=2)
    turn = await service.submit(match, BOB, "cheer", decision_seq=seq, for_seat=0)
    assert [(m.seat, m.actor) for m in turn.moves] == [(0, str(BOB))]
    assert turn.finished
    assert await service.rebuild(match)


async def test_an_ai_partner_is_no_co_owner(service, pair_engine):
    info = await service.create_lobby(GUILD, CHANNEL, HOST, "pair", 3, {"rounds": "1"})
    await service.join(info.id, ALICE)
    await service.add_ai(info.id, HOST)
    turn = await service.start(info.id, HOST)
    (side_a,) = [p for p in turn.pending if p.seat == 0]
    assert side_a.co_owners == () and side_a.owner_ids == (HOST,)


async def test_games_without_shared_seats_are_unchanged(service):
    info = await service.create_lobby(GUILD, CHANNEL, HOST, "toy", 2, {"rounds": "1"})
    await service.join(info.id, ALICE)
    turn = await service.start(info.id, HOST)
    assert turn.co_seats == {} and all(p.co_owners == () for p in turn.pending)


async def test_the_partner_may_undo_the_step_they_took_for_the_shared_seat(service, pair_engine):
    turn = await started(service)
    match = turn.match.id
    await service.submit(match, HOST, "pick:2")
    await service.submit(match, ALICE, "pick:1")
    turn = await service.submit(match, BOB, "cheer", for_seat=0)
    assert [(m.seat, m.actor) for m in turn.moves] == [(0, str(BOB))]
    assert turn.undo_seat == 0
    with pytest.raises(ServiceError, match="not made by you"):
        await service.undo(match, HOST)  # seat 0's owner did not take that step
    turn = await service.undo(match, BOB)
    assert sorted(p.seat for p in turn.pending) == [0, 2]
    assert any(f"<@{BOB}>" in e.text for m in turn.moves for e in m.events)
    assert await service.rebuild(match)
