"""The turn planner (ai.plan) that the 10 Plagues levels use (docs/ai.md)."""

from __future__ import annotations

from dataclasses import replace

import rules
from ai import decide
from ai.levels import GAME_PLANS
from ai.plan import Plan, plan
from rules.core import Decision, DictStateEngine, Event, Option, Result, Rng
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


class _Pick(DictStateEngine):
    """One seat picks once; each answer ends the game with a value and a cost (toy)."""

    game_id = "pick"
    VALUES = {"best": 1.0, "near": 0.8, "far": -1.0}
    COSTS = {"best": 2.0, "near": 1.0, "far": 0.0}

    def new_game(self, seats: int, options: dict[str, str] | None, seed: int) -> dict:
        return {"picked": None}

    def pending(self, state: dict) -> list[Decision]:
        if state["picked"] is not None:
            return []
        return [Decision(0, "pick", "Pick", tuple(Option(i, i) for i in self.VALUES))]

    def _apply(self, state: dict, seat: int, option_id: str) -> list[Event]:
        state["picked"] = option_id
        return []

    def view(self, state: dict, seat: int | None) -> dict:
        return dict(state)

    def result(self, state: dict) -> Result | None:
        return None

    def ai_choice(self, state: dict, seat: int) -> str:
        return "far"

    def sample_hidden(self, state: dict, seat: int, rng: Rng) -> dict:
        return self.copy(state)

    def estimate(self, state: dict) -> list[float]:
        return [self.VALUES.get(state["picked"], 0.0)]

    def plan_cost(self, state: dict, seat: int) -> float:
        return self.COSTS.get(state["picked"], 0.0)


def test_a_tie_margin_lets_the_cost_decide_among_answers_near_the_best() -> None:
    """PLG-R213 (a penalty card is a target of its own, issue 13): answers within
    ``tie_margin`` of the best value go to the least ``plan_cost``; farther ones never do."""
    engine, state = _Pick(), _Pick().new_game(1, None, 0)

    def pick(margin: float) -> str:
        return plan(engine, state, 0, Plan(worlds=2, tie_margin=margin), 1).option_id

    assert pick(0.0) == "best"
    assert pick(0.3) == "near"
    assert pick(2.5) == "far"


def test_a_tie_margin_leaves_a_plagues_table_as_it_was() -> None:
    """PLG-R134 (at a table the card goes to the non-payer furthest behind): the penalty-card
    tie-break is solo only, so a table's plan with it answers as the plain plan."""
    engine = rules.ENGINES["plagues"]
    playout = random_playout(engine, 2, 4, chooser=ai_option, keep_states=True)
    states = [s for s in playout.states[3::30] if len(engine.pending(s)[0].options) > 1][:3]
    assert states
    tied = replace(SMALL, tie_margin=5.0)
    for state in states:
        seat = engine.pending(state)[0].seat
        assert plan(engine, state, seat, tied, 2) == plan(engine, state, seat, SMALL, 2)
