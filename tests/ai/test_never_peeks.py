"""The search decides from its seat's knowledge only: on every shipped game its answer (and
every visit count behind it) is the same on a state and on any ``sample_hidden`` of it."""

from __future__ import annotations

import pytest

import rules
from ai import Budget, search
from ai.plan import Plan, plan
from rules.core import Rng
from rules.testing import ai_option, random_playout

TINY = Budget(iterations=4, depth=3)


@pytest.mark.parametrize("game_id", sorted(rules.ENGINES))
def test_search_is_the_same_on_a_sample(game_id: str) -> None:
    engine = rules.ENGINES[game_id]
    playout = random_playout(engine, 3, 8, chooser=ai_option, keep_states=True)
    checked = 0
    for state in playout.states[5::60]:
        decision = engine.pending(state)[0]
        if len(decision.options) < 2:
            continue
        sample = engine.sample_hidden(state, decision.seat, Rng.from_seed(checked))
        assert search(engine, sample, decision.seat, TINY, 1) == search(
            engine, state, decision.seat, TINY, 1
        )
        checked += 1
    assert checked >= 3


def test_plan_is_the_same_on_a_sample() -> None:
    """The 10 Plagues levels plan the seat's turn (ai.plan): that, too, sees only a sample."""
    engine = rules.ENGINES["plagues"]
    spec = Plan(worlds=2, depth=2, finish=3, max_leaves=60, stop_keys=("die",))
    playout = random_playout(engine, 1, 8, chooser=ai_option, keep_states=True)
    checked = 0
    for state in playout.states[5::40]:
        decision = engine.pending(state)[0]
        if len(decision.options) < 2:
            continue
        sample = engine.sample_hidden(state, decision.seat, Rng.from_seed(checked))
        assert plan(engine, sample, decision.seat, spec, 1) == plan(
            engine, state, decision.seat, spec, 1
        )
        checked += 1
    assert checked >= 3
