"""The turn planner (ai.plan) that the 10 Plagues levels use (docs/ai.md)."""

from __future__ import annotations

import rules
from ai import decide
from ai.levels import GAME_PLANS
from ai.plan import Plan, plan
from rules.testing import ai_option, random_playout

SMALL = Plan(worlds=1, depth=2, finish=3, max_leaves=40, stop_keys=("die",))


def _states(count: int = 4):
    engine = rules.ENGINES["plagues"]
    playout = random_playout(engine, 1, 3, chooser=ai_option, keep_states=True)
    states = [s for s in playout.states[3::25] if len(engine.pending(s)[0].options) > 1]
    return engine, states[:count]


def test_plan_answers_an_offered_option_and_repeats_itself() -> None:
    engine, states = _states()
    assert states
    for state in states:
        decision = engine.pending(state)[0]
        first = plan(engine, state, decision.seat, SMALL, 5)
        assert first.option_id in decision.option_ids()
        assert set(first.values) == set(decision.option_ids())
        assert plan(engine, state, decision.seat, SMALL, 5) == first


def test_plan_leaves_the_state_untouched() -> None:
    engine, states = _states(1)
    state = states[0]
    before = engine.dump(state)
    plan(engine, state, engine.pending(state)[0].seat, SMALL, 1)
    assert engine.dump(state) == before


def test_plagues_levels_plan_and_easy_stays_the_heuristic() -> None:
    assert ("plagues", "normal") in GAME_PLANS and ("plagues", "hard") in GAME_PLANS
    engine, states = _states(2)
    for state in states:
        seat = engine.pending(state)[0].seat
        assert decide(engine, state, seat, "easy", 3) == engine.ai_choice(state, seat)
        spec = GAME_PLANS[("plagues", "normal")]
        assert (
            decide(engine, state, seat, "normal", 3) == plan(engine, state, seat, spec, 3).option_id
        )
