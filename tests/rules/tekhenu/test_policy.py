"""The search's rollout policy (rules/tekhenu/policy.py, docs/ai.md)."""

from __future__ import annotations

from rules.tekhenu.engine import ENGINE
from rules.tekhenu.policy import happiness_level


def play(seats: int, seed: int, options: dict | None = None) -> tuple[dict, int, int]:
    state = ENGINE.new_game(seats, options or {}, seed)
    moves = differs = 0
    while decisions := ENGINE.pending(state):
        decision = decisions[0]
        pick = ENGINE.rollout_choice(state, decision.seat)
        assert pick in decision.option_ids()
        differs += pick != ENGINE.ai_choice(state, decision.seat)
        state, _events = ENGINE.apply(state, decision.seat, pick)
        moves += 1
    return state, moves, differs


def test_policy_plays_whole_games_and_leaves_the_heuristic() -> None:
    for seats, seed, options in ((2, 1, None), (1, 2, {"solo_difficulty": "hard"})):
        state, moves, differs = play(seats, seed, options)
        assert state["phase"] == "over" and moves > 50
        assert differs > 0  # it is not the heuristic


def test_policy_is_deterministic() -> None:
    assert play(2, 3)[0] == play(2, 3)[0]


def test_happiness_level_counts_triangle_fractions() -> None:
    assert happiness_level(0) == 0
    assert happiness_level(9) == 1
    assert happiness_level(11) == 1.5
    assert happiness_level(21) == 5
