"""The search AI on a toy game with hidden sealed picks (docs/ai.md)."""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

from ai import LEVELS, Budget, decide, search
from ai.search import evaluate, reward, rollout_depth
from rules.core import Decision, Option, Rng
from tests.ai.hiddentoy import HIDDEN_TOY

SMALL = Budget(iterations=40, depth=8)


def sealed_state(seed: int = 7) -> dict:
    """Seat 1 has sealed a pick already; seat 0 must still seal."""
    state = HIDDEN_TOY.new_game(2, None, seed)
    state, _ = HIDDEN_TOY.apply(state, 1, "pick:3")
    return state


def test_same_seed_same_answer() -> None:
    state = sealed_state()
    first = search(HIDDEN_TOY, state, 0, SMALL, seed=11)
    second = search(HIDDEN_TOY, state, 0, SMALL, seed=11)
    assert first == second


def test_never_peeks_the_choice_is_the_same_on_a_sample() -> None:
    state = sealed_state()
    for draw in range(5):
        sample = HIDDEN_TOY.sample_hidden(state, 0, Rng.from_seed(draw))
        assert search(HIDDEN_TOY, sample, 0, SMALL, 3) == search(HIDDEN_TOY, state, 0, SMALL, 3)


def test_hidden_answer_does_not_change_the_choice() -> None:
    picks = set()
    for opponent_pick in ("pick:1", "pick:2", "pick:3"):
        state = HIDDEN_TOY.new_game(2, None, 7)
        state, _ = HIDDEN_TOY.apply(state, 1, opponent_pick)
        picks.add(decide(HIDDEN_TOY, state, 0, "normal", seed=5))
    assert len(picks) == 1


def test_answer_is_always_an_offered_option() -> None:
    state = HIDDEN_TOY.new_game(3, None, 1)
    for step in range(40):
        decisions = HIDDEN_TOY.pending(state)
        if not decisions:
            break
        decision = decisions[0]
        answer = search(HIDDEN_TOY, state, decision.seat, SMALL, seed=step).option_id
        assert answer in decision.option_ids()
        state, _ = HIDDEN_TOY.apply(state, decision.seat, answer)
    assert HIDDEN_TOY.result(state) is not None


class OneOptionToy(type(HIDDEN_TOY)):
    """The toy whose leader may only bank, and which must never be searched."""

    def pending(self, state: dict) -> list[Decision]:
        return [Decision(0, "leader", "Bank", (Option("bank", "Bank"),))]

    def sample_hidden(self, state: dict, seat: int, rng: Rng) -> dict:
        raise AssertionError("a one-option decision was searched")


def test_one_option_is_answered_without_searching() -> None:
    engine = OneOptionToy()
    state = engine.new_game(2, None, 1)
    assert search(engine, state, 0, SMALL, seed=1).iterations == 0
    assert decide(engine, state, 0, "hard", seed=1) == "bank"


@pytest.mark.parametrize("iterations", [1, 7, 30])
def test_iteration_budget_is_respected(iterations: int) -> None:
    result = search(HIDDEN_TOY, sealed_state(), 0, Budget(iterations, depth=6), seed=2)
    assert result.iterations <= iterations
    assert sum(result.visits.values()) == result.iterations
    if iterations >= 7:
        assert result.iterations >= iterations - len(result.visits)  # nearly all of it spent


def test_easy_is_the_heuristic() -> None:
    state = sealed_state()
    assert decide(HIDDEN_TOY, state, 0, "easy", 9) == HIDDEN_TOY.ai_choice(state, 0)


def test_unknown_level_is_refused() -> None:
    with pytest.raises(ValueError, match="unknown AI level"):
        decide(HIDDEN_TOY, sealed_state(), 0, "godlike", 1)
    assert set(LEVELS) == {"easy", "normal", "hard"}


def test_ai_package_imports_rules_only() -> None:
    for path in Path("ai").glob("*.py"):
        tree = ast.parse(path.read_text())
        for node in ast.walk(tree):
            if isinstance(node, ast.ImportFrom) and node.module:
                assert node.module.split(".")[0] in {
                    "ai",
                    "rules",
                    "__future__",
                    "math",
                    "time",
                    "dataclasses",
                    "typing",
                }, (path, node.module)
            if isinstance(node, ast.Import):
                for alias in node.names:
                    assert alias.name.split(".")[0] in {"math", "time"}, (path, alias.name)


class FixedScores(type(HIDDEN_TOY)):
    """The toy whose estimate is fixed: seat 0 at 60, seat 1 at 50, no result yet."""

    def estimate(self, state: dict) -> list[float]:
        return [60.0, 50.0]

    def result(self, state: dict):
        return None


def test_score_weight_gives_a_share_of_the_reward_to_the_seats_own_score() -> None:
    """``Budget.score_weight`` (Tekhenu `hard`, docs/ai/tekhenu.md step 9): that share of the
    reward is the seat's own estimate over ``score_scale``; without it, the standing alone."""
    engine = FixedScores()
    state = engine.new_game(2, None, 1)
    standing = evaluate(engine, state, 0, [60.0, 50.0])
    assert reward(engine, state, 0, Budget(1, 1)) == standing
    mixed = reward(engine, state, 0, Budget(1, 1, score_weight=0.25, score_scale=120.0))
    assert mixed == pytest.approx(0.75 * standing + 0.25 * 0.5)
    capped = reward(engine, state, 0, Budget(1, 1, score_weight=0.25, score_scale=30.0))
    assert capped == pytest.approx(0.75 * standing + 0.25)


class CountsTurns(type(HIDDEN_TOY)):
    """The toy that knows how many turns a seat has left (``Engine.turns_left``)."""

    def __init__(self, left: int) -> None:
        self.left = left

    def turns_left(self, state: dict, seat: int) -> int | None:
        return self.left


def test_rollouts_play_to_the_end_in_the_last_turns() -> None:
    """``Budget.end_turns`` / ``end_depth`` (Tekhenu `hard`, docs/ai/tekhenu.md step 12): with
    at most ``end_turns`` of the seat's turns left, rollouts play ``end_depth`` moves."""
    budget = Budget(8, 12, end_turns=2, end_depth=40)
    state = HIDDEN_TOY.new_game(2, None, 1)
    assert rollout_depth(CountsTurns(2), state, 0, budget) == 40
    assert rollout_depth(CountsTurns(3), state, 0, budget) == 12
    assert rollout_depth(HIDDEN_TOY, state, 0, budget) == 12  # turns not known: as before
    assert rollout_depth(CountsTurns(1), state, 0, Budget(8, 12)) == 12  # option off
