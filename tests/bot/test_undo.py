"""Undo through the service (Board Game Arena's policy): own steps within the turn, until
another seat acts, hidden information is revealed or randomness is drawn; undo rows in the log
and the replay law; restart."""

from __future__ import annotations

import random

import pytest

from bot import movelog as policy
from bot.errors import ServiceError
from bot.model import STALE, STALE_UNDO
from bot.movelog import replay
from bot.service import MatchService
from bot.storage import SqliteStorage
from rules import ENGINES
from rules.core import canonical_json
from tests.bot.conftest import BOB, CAROL, CHANNEL, GUILD, HOST
from tests.support.stepsgame import STEPS


@pytest.fixture
def steps_engine():
    ENGINES[STEPS.game_id] = STEPS
    yield STEPS
    ENGINES.pop(STEPS.game_id, None)


@pytest.fixture
async def steps_service(store, clock, steps_engine):
    return MatchService(store, clock=clock, seed_source=lambda: 42)


async def started(service: MatchService, *, ai: bool = False, turns: str = "4"):
    info = await service.create_lobby(GUILD, CHANNEL, HOST, "steps", 2, {"turns": turns})
    if ai:
        await service.add_ai(info.id, HOST)
    else:
        await service.join(info.id, BOB)
    turn = await service.start(info.id, HOST)
    return info.id, turn


async def totals(service: MatchService, match_id: int) -> list[int]:
    return (await service.snapshot(match_id)).view["totals"]


async def assert_unchanged(service: MatchService, store, match_id: int, call, message: str):
    before = (await service.get_match(match_id)).version
    moves = len(await store.get_moves(match_id))
    snapshot = await store.get_snapshot(match_id)
    with pytest.raises(ServiceError) as err:
        await call()
    assert str(err.value) == message
    assert (await service.get_match(match_id)).version == before
    assert len(await store.get_moves(match_id)) == moves
    assert await store.get_snapshot(match_id) == snapshot


async def test_undo_own_steps_within_the_turn(steps_service, store):
    service = steps_service
    match_id, turn = await started(service)
    assert turn.undo_seat is None  # nothing played yet
    turn = await service.submit(match_id, HOST, "farmer")
    assert turn.undo_seat == 0
    seq_after_farmer = turn.pending[0].seq
    turn = await service.submit(match_id, HOST, "camel")
    assert turn.undo_seat == 0
    assert await totals(service, match_id) == [3, 0]

    turn = await service.undo(match_id, HOST)
    assert await totals(service, match_id) == [1, 0]
    assert [m.option_id for m in turn.moves] == ["undo"]
    assert turn.moves[0].events[0].text == f"↩️ <@{HOST}> took back a step: Buy a camel."
    assert turn.undo_seat == 0  # the farmer can be taken back too
    # the reopened decision is the one posed before the camel, with its seq
    assert turn.pending[0].seat == 0 and turn.pending[0].seq == seq_after_farmer

    turn = await service.undo(match_id, HOST)
    assert await totals(service, match_id) == [0, 0]
    assert turn.undo_seat is None
    await assert_unchanged(
        service, store, match_id, lambda: service.undo(match_id, HOST), policy.NOTHING_TO_UNDO
    )
    rows = await store.get_moves(match_id)
    assert [(m.kind, m.option_id) for m in rows] == [
        ("move", "farmer"),
        ("move", "camel"),
        ("undo", "camel"),
        ("undo", "farmer"),
    ]
    assert await service.rebuild(match_id)


async def test_the_last_step_of_a_turn_stands_once_another_seat_acts(steps_service, store):
    service = steps_service
    match_id, _ = await started(service)
    await service.submit(match_id, HOST, "farmer")
    turn = await service.submit(match_id, HOST, "end")
    assert turn.undo_seat == 0 and turn.pending[0].seat == 1  # Bob has not acted yet
    turn = await service.undo(match_id, HOST)  # the turn comes back
    assert turn.pending[0].seat == 0
    await service.submit(match_id, HOST, "end")
    turn = await service.submit(match_id, BOB, "farmer")
    assert turn.undo_seat == 1
    await assert_unchanged(
        service, store, match_id, lambda: service.undo(match_id, HOST), policy.OTHER_SEAT_ACTED
    )
    # Bob can take back his own step, then Host still cannot undo (Bob's turn began).
    await service.undo(match_id, BOB)
    await assert_unchanged(
        service, store, match_id, lambda: service.undo(match_id, BOB), policy.NO_MOVE_OF_YOURS
    )
    assert await service.rebuild(match_id)


async def test_refused_for_others_and_spectators(steps_service, store):
    service = steps_service
    match_id, _ = await started(service)
    await service.submit(match_id, HOST, "farmer")
    await assert_unchanged(
        service, store, match_id, lambda: service.undo(match_id, BOB), policy.NO_MOVE_OF_YOURS
    )
    await assert_unchanged(
        service,
        store,
        match_id,
        lambda: service.undo(match_id, CAROL),
        "You are not seated in this match.",
    )
    version = (await service.get_match(match_id)).version
    await assert_unchanged(
        service,
        store,
        match_id,
        lambda: service.undo(match_id, HOST, version=version - 1),
        STALE_UNDO,
    )
    await service.undo(match_id, HOST, version=version)


@pytest.mark.parametrize("step", ["roll", "draw"])
async def test_refused_after_a_random_draw_or_a_hidden_card(steps_service, store, step):
    service = steps_service
    match_id, _ = await started(service)
    await service.submit(match_id, HOST, "farmer")
    turn = await service.submit(match_id, HOST, step)
    assert turn.undo_seat is None
    await assert_unchanged(
        service, store, match_id, lambda: service.undo(match_id, HOST), policy.BARRIER
    )
    await service.submit(match_id, HOST, "camel")
    await service.undo(match_id, HOST)  # the camel, after the barrier, can go
    await assert_unchanged(
        service, store, match_id, lambda: service.undo(match_id, HOST), policy.BARRIER
    )


async def test_refused_after_a_sealed_answer(service, store):
    """The toy game: sealed picks are final; banking (no draw) can be taken back."""
    info = await service.create_lobby(GUILD, CHANNEL, HOST, "toy", 2, {"rounds": "3"})
    await service.join(info.id, BOB)
    await service.start(info.id, HOST)
    await service.submit(info.id, HOST, "pick:3")
    await assert_unchanged(
        service, store, info.id, lambda: service.undo(info.id, HOST), policy.BARRIER
    )
    turn = await service.submit(info.id, BOB, "pick:1")
    assert turn.pending[0].user_id == HOST
    turn = await service.submit(info.id, HOST, "bank")
    assert turn.undo_seat == 0
    turn = await service.undo(info.id, HOST)
    assert [p.decision.key for p in turn.pending] == ["leader"]
    turn = await service.submit(info.id, HOST, "gamble")  # a coin flip
    assert turn.undo_seat is None
    await assert_unchanged(
        service, store, info.id, lambda: service.undo(info.id, HOST), policy.BARRIER
    )
    assert await service.rebuild(info.id)


async def test_an_ai_answer_after_the_turn_ends_the_undo(steps_service, store):
    service = steps_service
    match_id, _ = await started(service, ai=True)
    await service.submit(match_id, HOST, "camel")
    turn = await service.submit(match_id, HOST, "end")  # the AI plays its turn at once
    assert turn.undo_seat is None and turn.pending[0].seat == 0
    await assert_unchanged(
        service, store, match_id, lambda: service.undo(match_id, HOST), policy.OTHER_SEAT_ACTED
    )


async def test_stale_buttons_after_an_undo(steps_service):
    service = steps_service
    match_id, turn = await started(service)
    first_seq = turn.pending[0].seq
    turn = await service.submit(match_id, HOST, "farmer")
    after_farmer = turn.pending[0].seq
    turn = await service.undo(match_id, HOST)
    assert turn.pending[0].seq == first_seq  # the same decision as before the farmer
    with pytest.raises(ServiceError, match=f"^{STALE}$"):
        await service.submit(match_id, HOST, "camel", decision_seq=after_farmer)
    await service.submit(match_id, HOST, "camel", decision_seq=first_seq)


async def test_an_undo_does_not_restart_the_clock(steps_service, clock):
    """The reopened decision keeps its seq, so its deadline keeps running."""
    service = steps_service
    await service.set_turn_timeout(GUILD, 100)
    match_id, _ = await started(service)
    clock.advance(60)
    await service.submit(match_id, HOST, "farmer")
    await service.undo(match_id, HOST)
    clock.advance(50)  # 110 s after the decision was posed
    turns = await service.fire_deadlines()
    assert [m.actor for t in turns for m in t.moves][:1] == ["timeout"]


async def test_replay_law_with_undo_rows(steps_service, store):
    """Random play with undos everywhere allowed: replaying the log (undo rows included)
    gives the snapshot byte for byte, with the same seqs, at every step and at the end."""
    service = steps_service
    match_id, turn = await started(service, turns="8")
    chooser = random.Random(5)
    undos = 0
    while not turn.finished:
        p = turn.pending[0]
        if turn.undo_seat is not None and chooser.random() < 0.4:
            owner = HOST if turn.undo_seat == 0 else BOB
            turn = await service.undo(match_id, owner)
            undos += 1
        else:
            turn = await service.submit(
                match_id, p.user_id, chooser.choice(p.options).id, decision_seq=p.seq
            )
        assert await service.rebuild(match_id)
    assert undos >= 3
    info = await service.get_match(match_id)
    state, seqs = replay(STEPS, info, await store.get_moves(match_id))
    snapshot = await store.get_snapshot(match_id)
    assert canonical_json(STEPS.dump(state)) == canonical_json(snapshot.state)
    assert seqs == snapshot.seqs
    standing = policy.standing_moves(await store.get_moves(match_id))
    plain = STEPS.new_game(2, info.options, info.seed)
    for move in standing:
        plain, _ = STEPS.apply(plain, move.seat, move.option_id)
    assert canonical_json(STEPS.dump(plain)) == canonical_json(snapshot.state)


async def test_walk_replays_when_states_were_not_kept(steps_service, store):
    service = steps_service
    match_id, _ = await started(service)
    for _ in range(5):
        await service.submit(match_id, HOST, "farmer")
    await service.undo(match_id, HOST)
    info = await service.get_match(match_id)
    moves = await store.get_moves(match_id)
    short = policy.walk(STEPS, info, moves, keep=1)
    full = policy.walk(STEPS, info, moves)
    assert canonical_json(short.state) == canonical_json(full.state)
    assert short.seqs == full.seqs
    assert short.last is not None and short.last.move.version == full.last.move.version


async def test_undo_after_a_restart(db_path, clock, steps_engine):
    store = await SqliteStorage.open(db_path)
    service = MatchService(store, clock=clock, seed_source=lambda: 42)
    match_id, _ = await started(service)
    await service.submit(match_id, HOST, "farmer")
    await service.submit(match_id, HOST, "camel")
    await store.close()

    store = await SqliteStorage.open(db_path)
    try:
        service = MatchService(store, clock=clock, seed_source=lambda: 42)
        # the Undo button comes back with the turn message after the restart
        assert (await service.snapshot(match_id)).undo_seat == 0
        turn = await service.undo(match_id, HOST)
        assert turn.view["totals"] == [1, 0]
        assert turn.undo_seat == 0
        await service.undo(match_id, HOST)
        assert await service.rebuild(match_id)
        # the snapshot was written by the undo: a third service loads it without replaying
        fresh = MatchService(store, clock=clock)
        assert (await fresh.snapshot(match_id)).view["totals"] == [0, 0]
        assert fresh.snapshot_loads == 1
    finally:
        await store.close()


async def test_amunre_buy_farmers_then_undo(store, clock):
    """A real engine: buying farmers in the purchase phase can be taken back; the replay law
    holds with the undo rows."""
    import rules as registry

    service = MatchService(store, clock=clock, seed_source=lambda: 7)
    info = await service.create_lobby(GUILD, CHANNEL, HOST, "amunre", 3)
    await service.join(info.id, BOB)
    await service.join(info.id, CAROL)
    turn = await service.start(info.id, HOST)
    engine = registry.get("amunre")
    for _ in range(400):
        p = turn.pending[0]
        buy = next((o.id for o in p.options if o.id.startswith("buy:farmer:")), None)
        if buy is not None and not p.secret:
            break
        loaded = await service._loaded(await service.get_match(info.id))
        option = engine.ai_choice(loaded.state, p.seat)
        turn = await service.submit(info.id, p.user_id, option, decision_seq=p.seq)
    else:
        pytest.fail("no farmer purchase reached")
    before = turn.view
    turn = await service.submit(info.id, p.user_id, buy, decision_seq=p.seq)
    assert turn.undo_seat == p.seat, [m.option_id for m in turn.moves]
    turn = await service.undo(info.id, p.user_id)
    assert canonical_json(turn.view) == canonical_json(before)
    assert turn.pending[0].seq == p.seq and turn.pending[0].seat == p.seat
    assert await service.rebuild(info.id)
