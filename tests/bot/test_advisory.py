"""An advisory decision (``Decision.advisory``) never holds up the game.

The game does not wait for it: it closes by itself when the decisions that matter are answered.
So it gets no deadline row, no reminder and no timeout (nor a take-over), a vote to hand its
seat to the AI is refused, and an AI seat may answer it without stalling. Played with the toy
proposal game (tests/support/proposalgame.py: seat 0 decides, seat 1 may propose), then with
the real case, a merged Ankh god's lesser seat proposing a battle decision (ANKH-R153).
"""

from __future__ import annotations

import pytest

import rules
from bot.errors import ServiceError
from bot.service import MatchService
from rules.registry import ENGINES
from tests.support.proposalgame import PROPOSAL

from .conftest import ALICE, BOB, CHANNEL, GUILD, HOST

HOUR = 3600.0
# A match whose gods merge and then fight (the seed and options of tests/e2e/test_ankh_e2e.py).
ANKH_SEED = 20251126
ANKH_OPTIONS = {"scenario": "old_kingdom", "gods": "choose", "guardians": "choose"}


@pytest.fixture
def proposal_engine():
    ENGINES[PROPOSAL.game_id] = PROPOSAL
    yield PROPOSAL
    ENGINES.pop(PROPOSAL.game_id, None)


async def started(
    service: MatchService,
    *,
    sealed: str = "0",
    on_timeout: str = "ai_moves",
    adviser_ai: bool = False,
):
    info = await service.create_lobby(
        GUILD,
        CHANNEL,
        HOST,
        "proposal",
        2,
        {"rounds": "2", "sealed": sealed},
        turn_time="1h",
        on_timeout=on_timeout,
    )
    if adviser_ai:
        await service.add_ai(info.id, HOST)
    else:
        await service.join(info.id, ALICE)
    return await service.start(info.id, HOST)


def rows(deadlines) -> list[tuple[int, str]]:
    return sorted((d.seat, d.kind) for d in deadlines)


@pytest.mark.parametrize("sealed", ["0", "1"])
async def test_an_advisory_decision_has_no_deadline_reminder_or_timeout(
    service, store, clock, proposal_engine, sealed
):
    turn = await started(service, sealed=sealed, on_timeout="takeover")
    match = turn.match.id
    (adviser,) = [p for p in turn.pending if p.decision.advisory]
    assert (adviser.seat, adviser.user_id) == (1, ALICE)
    # Only the leader's decision is timed.
    assert rows(await store.deadlines_for(match)) == [
        (0, "remind:0:50"),
        (0, "remind:0:90"),
        (0, "turn:0"),
    ]
    with pytest.raises(ServiceError, match="not holding up the game"):
        await service.vote_takeover(match, HOST, 1)
    clock.advance(HOUR / 2)
    report = await service.process_deadlines()
    assert [(r.seat, r.percent) for r in report.reminders] == [(0, 50)]
    clock.advance(HOUR / 2)
    report = await service.process_deadlines()
    # The leader timed out (and is taken over); the adviser, who ignored its proposal, not.
    assert [(t.seat, t.taken_over) for t in report.timeouts] == [(0, True)]
    info = await service.get_match(match)
    assert info.seat_info(0).taken_over and not info.seat_info(1).taken_over
    # The AI played the leader's decision, closing the round's proposal question, then the
    # taken-over leader played round 2 at once: the game ended without the adviser answering.
    (turn,) = report.turns
    assert [(m.seat, m.actor) for m in turn.moves] == [(0, "timeout"), (0, "ai")]
    assert turn.finished and turn.pending == []
    assert await store.deadlines_for(match) == []


async def test_a_proposal_leaves_the_leaders_deadline_alone_and_adds_none(
    service, store, clock, proposal_engine
):
    turn = await started(service)
    match = turn.match.id
    (adviser,) = [p for p in turn.pending if p.seat == 1]
    clock.advance(HOUR / 4)
    turn = await service.submit(match, ALICE, "pick:2", decision_seq=adviser.seq)
    (leader,) = turn.pending  # the proposal closed; the leader's prompt shows it
    assert leader.seat == 0 and "proposes 2" in leader.decision.prompt
    assert all(d.seat == 0 for d in await store.deadlines_for(match))
    clock.advance(HOUR)
    report = await service.process_deadlines()
    assert [t.seat for t in report.timeouts] == [0]
    assert [(m.seat, m.actor) for m in report.turns[0].moves] == [(0, "timeout")]


async def test_an_ai_adviser_proposes_once_and_does_not_stall(service, store, proposal_engine):
    turn = await started(service, adviser_ai=True)
    match = turn.match.id
    # The AI seat proposed at start, once; the human leader decides.
    moves = await service.moves(match)
    assert [(m.seat, m.option_id) for m in moves] == [(1, "pick:3")]
    assert [p.seat for p in turn.pending] == [0]
    assert "proposes 3" in turn.pending[0].decision.prompt
    turn = await service.submit(match, HOST, "pick:1", decision_seq=turn.pending[0].seq)
    # Round 2: the AI proposed again right after, and the leader is asked.
    assert [(m.seat, m.actor) for m in turn.moves] == [(0, str(HOST)), (1, "ai")]
    assert [p.seat for p in turn.pending] == [0]
    turn = await service.submit(match, HOST, "pick:2", decision_seq=turn.pending[0].seq)
    assert turn.finished and turn.result.scores == (3, 3)
    assert await service.rebuild(match)


# ---------------------------------------------------------------------------------- Ankh
async def test_a_merged_ankh_gods_proposal_is_never_timed(store, clock):
    """A 3-seat Ankh match, played through the service with the AI's choices until a merged
    god faces a battle decision: the lesser seat's proposal has no row, no reminder and no
    timeout; the greater seat's decision has them."""
    engine = rules.get("ankh")
    service = MatchService(store, clock=clock, seed_source=lambda: ANKH_SEED)
    info = await service.create_lobby(
        GUILD, CHANNEL, HOST, "ankh", 3, ANKH_OPTIONS, turn_time="1h", on_timeout="takeover"
    )
    await service.join(info.id, ALICE)
    await service.join(info.id, BOB)
    turn = await service.start(info.id, HOST)
    match = info.id
    proposal = None
    for _ in range(5000):
        assert turn.result is None, "no merged god's battle decision in this match"
        proposal = next((p for p in turn.pending if p.decision.advisory), None)
        if proposal is not None:
            break
        loaded = await service._loaded(await service.get_match(match))
        pending = turn.pending[0]
        option = engine.ai_choice(loaded.state, pending.seat)
        turn = await service.submit(
            match, pending.user_id, option, decision_seq=pending.seq, for_seat=pending.seat
        )
    assert proposal is not None
    assert proposal.options[-1].id == "defer"
    assert all(o.label.startswith("Propose: ") for o in proposal.options[:-1])
    (greater,) = [
        p
        for p in turn.pending
        if p.decision.key == proposal.decision.key
        and not p.decision.advisory
        and p.seat != proposal.seat
    ]
    timed = {(d.seat, d.kind) for d in await store.deadlines_for(match)}
    assert (greater.seat, f"turn:{greater.seq}") in timed
    assert (proposal.seat, f"turn:{proposal.seq}") not in timed
    with pytest.raises(ServiceError, match="not holding up the game"):
        await service.vote_takeover(match, greater.user_id, proposal.seat)
    clock.advance(HOUR / 2)
    report = await service.process_deadlines()
    assert proposal.seat not in {r.seat for r in report.reminders}
    assert greater.seat in {r.seat for r in report.reminders}
    clock.advance(HOUR / 2)
    report = await service.process_deadlines()
    assert proposal.seat not in {t.seat for t in report.timeouts}
    assert greater.seat in {t.seat for t in report.timeouts}
    info = await service.get_match(match)
    assert not info.seat_info(proposal.seat).taken_over
    assert await service.rebuild(match)


async def test_a_proposal_posed_again_after_the_leader_answers_is_a_new_question(
    service, proposal_engine
):
    """Round 2's proposal reads like round 1's, but it is a new question (a new seq): the old
    one closed when the leader answered (``next_seqs``), so an answer to it is stale."""
    turn = await started(service)
    match = turn.match.id
    old = next(p for p in turn.pending if p.seat == 1)
    turn = await service.submit(match, HOST, "pick:1", decision_seq=turn.pending[0].seq)
    new = next(p for p in turn.pending if p.seat == 1)
    assert new.decision.prompt == old.decision.prompt and new.seq != old.seq
    with pytest.raises(ServiceError, match="no longer current"):
        await service.submit(match, ALICE, "pick:2", decision_seq=old.seq)
    info = await service.get_match(match)  # the adviser is offered the new one
    assert (await service.pending_for(match, ALICE)).seq == new.seq == info.version
    assert await service.rebuild(match)
