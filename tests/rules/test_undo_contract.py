"""The undo contract over every engine (Board Game Arena's policy): a move the engine lets a
player take back (``undo_barrier`` False) drew no randomness, revealed nothing hidden and
answered no sealed decision; taking it back (the state before) replays exactly."""

from __future__ import annotations

import random

import pytest

import rules
from rules.core import Engine, Event
from tests.support.toygame import TOY

GAMES = sorted(rules.ENGINES)


def playout_barriers(engine: Engine, seats: int, seed: int, max_moves: int = 400):
    """Random playout yielding (before, seat, decision, after, events, barrier) per move."""
    chooser = random.Random(seed)
    state = engine.new_game(seats, None, seed)
    for _ in range(max_moves):
        pending = engine.pending(state)
        if not pending:
            return
        decision = chooser.choice(pending)
        option = chooser.choice(decision.options).id
        if chooser.random() < 0.5:
            option = engine.ai_choice(state, decision.seat)
        after, events = engine.apply(state, decision.seat, option)
        barrier = engine.undo_barrier(state, decision.seat, after, events)
        yield state, decision, after, events, barrier
        state = after


def test_every_engine_has_the_undo_hooks() -> None:
    assert set(GAMES) == {"amunre", "tekhenu", "plagues", "ankh"}
    for game in GAMES:
        engine = rules.get(game)
        state = engine.new_game(engine.max_players, None, 3)
        assert isinstance(engine.rng_state(state), int), game  # the RNG lives in the state


@pytest.mark.parametrize("game", GAMES)
def test_undoable_moves_kept_the_rng_and_revealed_nothing(game: str) -> None:
    engine = rules.get(game)
    undoable = barriers = 0
    for seats in range(engine.min_players, engine.max_players + 1):
        for seed in range(3):
            for before, decision, after, events, barrier in playout_barriers(engine, seats, seed):
                if barrier:
                    barriers += 1
                    continue
                undoable += 1
                assert not decision.secret
                assert engine.rng_state(before) == engine.rng_state(after)
                assert all(event.private_to is None for event in events)
                assert engine.hidden_signature(before) == engine.hidden_signature(after)
                assert engine.pending(after)
    assert barriers > 0
    assert undoable > 0, f"{game}: no move was ever undoable"


@pytest.mark.parametrize("game", GAMES)
def test_random_draws_are_barriers(game: str) -> None:
    engine = rules.get(game)
    for before, decision, after, events, barrier in playout_barriers(
        engine, engine.max_players, 11
    ):
        if (
            engine.rng_state(before) != engine.rng_state(after)
            or decision.secret
            or any(e.private_to is not None for e in events)
        ):
            assert barrier


def test_toy_barriers() -> None:
    state = TOY.new_game(2, None, 5)
    # sealed picks are barriers
    after, events = TOY.apply(state, 0, "pick:3")
    assert TOY.undo_barrier(state, 0, after, events)
    state, _ = TOY.apply(after, 1, "pick:1")
    leader = TOY.pending(state)[0].seat
    banked, events = TOY.apply(state, leader, "bank")
    assert not TOY.undo_barrier(state, leader, banked, events)  # no draw, nothing hidden
    gambled, events = TOY.apply(state, leader, "gamble")
    assert TOY.undo_barrier(state, leader, gambled, events)  # a coin flip


def test_barrier_for_a_private_event() -> None:
    state = TOY.new_game(2, None, 5)
    state, _ = TOY.apply(state, 0, "pick:3")
    state, _ = TOY.apply(state, 1, "pick:1")
    leader = TOY.pending(state)[0].seat
    after, _ = TOY.apply(state, leader, "bank")
    assert TOY.undo_barrier(state, leader, after, [Event("draw", "You drew X.", private_to=0)])
