"""The search AI's evaluation for 10 Plagues (docs/ai.md)."""

from __future__ import annotations

import rules
from rules.plagues.estimate import expected_penalties


def _solo_game(seed: int = 1):
    engine = rules.ENGINES["plagues"]
    return engine, engine.new_game(1, {}, seed)


def test_more_coins_income_or_boat_never_raise_the_expected_penalty() -> None:
    engine, state = _solo_game()
    human = 1 - state["ai"]
    base = expected_penalties(state, human)
    assert base > 0  # no income at the start: the rising tributes are not covered
    assert expected_penalties(state, human, coins=1) < base
    assert expected_penalties(state, human, steady=1) < base
    assert expected_penalties(state, human, nile=2) <= base
    assert expected_penalties(state, state["ai"]) >= 0
