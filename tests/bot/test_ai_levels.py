"""AI levels through the service (issue 13 items 3 and 4): each AI seat plays at its level,
absent players' seats at the table's; normal and hard search in a process pool, seeded by the
match and its version; a broken or slow pool falls back to the heuristic and the match goes on.
"""

from __future__ import annotations

from concurrent.futures import Executor, Future
from concurrent.futures.process import BrokenProcessPool
from typing import Any

import pytest

import ai
import rules
from bot.ai_runner import AIRunner, ai_seed, engine_class_path, heuristic_option
from bot.rematch import open_rematch
from bot.service import MatchService
from bot.storage import SqliteStorage
from cogs.common import seat_name
from lang import localise
from rules.core import Decision, Engine
from tests.ai.hiddentoy import HIDDEN_TOY
from tests.bot.conftest import ALICE, BOB, CHANNEL, GUILD, HOST


class RecordingRunner(AIRunner):
    """Plays the heuristic and records the level each AI decision was asked at."""

    def __init__(self) -> None:
        super().__init__()
        self.asked: list[tuple[int, str]] = []

    async def decide(
        self, engine: Engine, state: Any, decision: Decision, level: str, seed: int
    ) -> str:
        self.asked.append((decision.seat, level))
        return heuristic_option(engine, state, decision)


class FailingExecutor(Executor):
    """An executor whose every job fails as a broken pool does (or never finishes)."""

    def __init__(self, hang: bool = False) -> None:
        self.hang = hang

    def submit(self, fn, /, *args, **kwargs) -> Future:
        future: Future = Future()
        if not self.hang:
            future.set_exception(BrokenProcessPool("a worker died"))
        return future

    def shutdown(self, wait: bool = True, *, cancel_futures: bool = False) -> None:
        pass


class FailingRunner(AIRunner):
    """A runner whose every pool fails; counts the pools it starts."""

    def __init__(self, hang: bool) -> None:
        super().__init__(workers=1, timeout=0.05)
        self.hang = hang
        self.pools = 0

    def _new_executor(self) -> Executor:
        self.pools += 1
        return FailingExecutor(self.hang)


@pytest.fixture
def hidden_toy():
    rules.ENGINES[HIDDEN_TOY.game_id] = HIDDEN_TOY
    yield HIDDEN_TOY
    rules.ENGINES.pop(HIDDEN_TOY.game_id, None)


@pytest.fixture
def pool():
    runner = AIRunner(workers=1)
    yield runner
    runner.shutdown()


async def ai_table(service, game_id: str, levels: list[str], **table) -> Any:
    """A started table: the host, then one AI per level; returns the turn."""
    info = await service.create_lobby(GUILD, CHANNEL, HOST, game_id, 1 + len(levels), **table)
    for level in levels:
        info = await service.add_ai(info.id, HOST, level)
    return await service.start(info.id, HOST, seed=77)


async def test_each_ai_seat_plays_at_its_level_and_absent_players_at_the_tables(store, toy_engine):
    runner = RecordingRunner()
    service = MatchService(store, ai_runner=runner)
    info = await service.create_lobby(GUILD, CHANNEL, HOST, "toy", 3, ai_level="hard")
    await service.join(info.id, ALICE)
    await service.add_ai(info.id, HOST, "easy")
    turn = await service.start(info.id, HOST, seed=5)
    assert runner.asked == [(2, "easy")]  # the sealed pick of the AI seat
    runner.asked.clear()
    turn = await service.admin_remove_player(GUILD, 1, info.id, user_id=ALICE)
    assert runner.asked == [(1, "hard")]  # Alice's seat, taken over: the table's level
    alice = turn.match.seat_info(1)
    assert (alice.taken_over, alice.ai_level) == (True, "hard")
    assert seat_name(turn.match, 1) == f"<@{ALICE}> (AI, hard)"
    assert localise(seat_name(turn.match, 1), "pt-BR") == f"<@{ALICE}> (IA, difícil)"
    await service.rejoin(info.id, ALICE)
    alice = (await service.get_match(info.id)).seat_info(1)
    assert (alice.taken_over, alice.ai_level, seat_name(turn.match, 2)) == (
        False,
        None,
        "🤖 AI (easy)",
    )
    await service.admin_remove_player(GUILD, 1, info.id, user_id=ALICE)
    runner.asked.clear()
    turn = await service.abandon(info.id, HOST)  # the host leaves: an AI takes the seat
    seat = turn.match.seat_info(0)
    assert (seat.is_ai, seat.ai_level, seat.label) == (True, "hard", "AI (hard)")
    assert {level for _seat, level in runner.asked} == {"easy", "hard"}
    assert {seat for seat, level in runner.asked if level == "easy"} == {2}


async def test_a_timeout_answers_at_the_tables_level(store, clock, toy_engine):
    runner = RecordingRunner()
    service = MatchService(store, clock=clock, ai_runner=runner)
    info = await service.create_lobby(
        GUILD, CHANNEL, HOST, "toy", 2, turn_time="1h", ai_level="easy"
    )
    await service.join(info.id, ALICE)
    await service.start(info.id, HOST, seed=5)
    clock.advance(3601)
    turns = await service.fire_deadlines()
    assert turns and runner.asked and {level for _seat, level in runner.asked} == {"easy"}


async def test_a_seat_added_before_levels_plays_easy(store, toy_engine):
    service = MatchService(store)
    info = await service.create_lobby(GUILD, CHANNEL, HOST, "toy", 2)
    await store.put_seat(info.id, 1, None, "AI (seat 2)", 0.0)  # no level: an older row
    seat = (await service.get_match(info.id)).seat_info(1)
    assert (seat.ai_level, seat.label) == ("easy", "AI (easy)")


def test_the_seed_is_a_function_of_match_version_and_seat():
    assert ai_seed(77, 3, 10, 1) == ai_seed(77, 3, 10, 1)
    others = {ai_seed(77, 3, 11, 1), ai_seed(77, 3, 10, 2), ai_seed(78, 3, 10, 1)}
    assert ai_seed(77, 3, 10, 1) not in others and 0 <= ai_seed(77, 3, 10, 1) < 2**63


@pytest.mark.search_ai
async def test_the_pool_answers_as_ai_decide_does(pool):
    engine = rules.get("amunre")
    state = engine.new_game(3, None, 11)
    decision = next(d for d in engine.pending(state) if len(d.options) > 1)
    for level in ("normal", "hard"):
        searched = await pool.decide(engine, state, decision, level, 1234)
        assert searched == ai.decide(engine, state, decision.seat, level, 1234)
    assert pool.searches == 2 and pool.fallbacks == 0


@pytest.mark.search_ai
async def test_easy_and_single_options_stay_inline(pool):
    engine = rules.get("amunre")
    state = engine.new_game(3, None, 11)
    decision = next(d for d in engine.pending(state) if len(d.options) > 1)
    assert await pool.decide(engine, state, decision, "easy", 1) == engine.ai_choice(
        state, decision.seat
    )
    assert pool.searches == 0 and pool._executor is None  # no pool was even started


@pytest.mark.search_ai
@pytest.mark.parametrize("hang", [False, True], ids=["broken", "timeout"])
async def test_a_failing_pool_falls_back_to_the_heuristic_and_the_match_goes_on(
    store, hidden_toy, hang
):
    runner = FailingRunner(hang)
    service = MatchService(store, ai_runner=runner)
    turn = await ai_table(service, "hiddentoy", ["normal", "hard"], options={"rounds": "1"})
    assert runner.fallbacks >= 2 and turn.version >= 2  # both AI seats sealed a pick
    while not turn.finished:
        (mine,) = [p for p in turn.pending if p.user_id == HOST]
        turn = await service.submit(turn.match.id, HOST, mine.options[0].id, decision_seq=mine.seq)
    assert turn.match.status == "finished"
    assert runner.fallbacks == runner.searches
    assert runner.pools == (1 if hang else runner.searches)  # a broken pool is replaced


@pytest.mark.search_ai
async def test_an_all_ai_match_at_normal_plays_to_the_end_and_replays_the_same(
    tmp_path, hidden_toy
):
    """An admin hands the host's seat to the AI (the table's level, normal by default): three
    searching seats finish the game. The same match in a fresh database, with its own service
    and pool, makes the same moves."""
    logs = []
    for attempt in range(2):
        store = await SqliteStorage.open(str(tmp_path / f"run{attempt}.sqlite3"))
        runner = AIRunner(workers=1)
        service = MatchService(store, ai_runner=runner)
        turn = await ai_table(service, "hiddentoy", ["normal", "normal"], options={"rounds": "1"})
        turn = await service.admin_remove_player(GUILD, 1, turn.match.id, user_id=HOST)
        service.close()
        assert turn.match.status == "finished", attempt
        assert runner.searches > 0 and runner.fallbacks == 0
        logs.append([(m.seat, m.option_id) for m in await store.get_moves(turn.match.id)])
        await store.close()
    assert logs[0] == logs[1] and len(logs[0]) > 3


@pytest.mark.search_ai
async def test_after_a_restart_the_same_version_gets_the_same_ai_move(store, pool):
    service = MatchService(store, ai_runner=pool)
    info = await service.create_lobby(GUILD, CHANNEL, HOST, "amunre", 3)
    await service.join(info.id, ALICE)
    await service.join(info.id, BOB)
    turn = await service.start(info.id, HOST, seed=11)
    pending = next(p for p in turn.pending if len(p.decision.options) > 1)
    first = await service._ai_answer(
        turn.match, await service._loaded(turn.match), pending.decision, "normal"
    )
    restarted = MatchService(store, ai_runner=AIRunner(workers=1))  # a new process, as it were
    loaded = await restarted._loaded(await restarted.get_match(info.id))
    again = await restarted._ai_answer(turn.match, loaded, pending.decision, "normal")
    restarted.close()
    assert first == again and pool.searches == 1 and restarted.ai_runner.searches == 1


def test_a_worker_finds_engines_outside_the_registry():
    assert engine_class_path(HIDDEN_TOY) == "tests.ai.hiddentoy:HiddenToyEngine"


async def test_a_rematch_keeps_each_ai_seats_level(store, toy_engine):
    service = MatchService(store, ai_runner=RecordingRunner())
    turn = await ai_table(service, "toy", ["hard"], options={"rounds": "1"})
    while not turn.finished:
        (mine,) = [p for p in turn.pending if p.user_id == HOST]
        turn = await service.submit(turn.match.id, HOST, mine.options[0].id, decision_seq=mine.seq)
    new = await open_rematch(service, turn.match.id, HOST)
    assert [(s.seat, s.is_ai, s.ai_level) for s in new.seats] == [
        (0, False, None),
        (1, True, "hard"),
    ]
