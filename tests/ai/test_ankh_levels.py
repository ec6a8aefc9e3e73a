"""Ankh's ``normal`` plays the rollout policy (``rules/ankh/policy.py``) on a
determinization, ``hard`` searches over it; ``easy`` stays the heuristic (docs/ai/ankh.md)."""

from __future__ import annotations

from ai import decide
from ai.levels import POLICY_LEVELS, budget_for
from rules.ankh import ENGINE
from rules.core import Rng
from tests.rules.ankh.scenario import blank, mon, put, task


def control_state() -> dict:
    """A Control Monument where the heuristic (first monument) and the policy (the majority)
    differ."""
    state = blank()
    put(state, "b4", "god", 0)
    put(state, "e8", "god", 1)
    mon(state, "a4", "temple", None)
    mon(state, "c4", "pyramid", None)
    mon(state, "a8", "temple", 1)
    mon(state, "c8", "temple", 1)
    task(state, {"t": "control", "seat": 0, "p": 0})
    return state


def test_ankh_normal_plays_the_policy() -> None:
    assert ("ankh", "normal") in POLICY_LEVELS
    state = control_state()
    assert decide(ENGINE, state, 0, "normal", seed=3) == ENGINE.rollout_choice(state, 0)
    assert ENGINE.rollout_choice(state, 0) == "ctl:c4"


def test_ankh_hard_searches_over_the_policy() -> None:
    assert ("ankh", "hard") not in POLICY_LEVELS
    budget = budget_for("hard", "ankh")
    assert budget is not None and budget.policy_prior
    # the majority the policy takes also wins the search here
    assert decide(ENGINE, control_state(), 0, "hard", seed=3) == "ctl:c4"


def test_ankh_easy_is_the_heuristic() -> None:
    state = control_state()
    assert decide(ENGINE, state, 0, "easy", seed=3) == ENGINE.ai_choice(state, 0) == "ctl:a4"


def test_ankh_policy_level_answers_the_same_on_a_sample() -> None:
    state = control_state()
    for draw in range(3):
        sample = ENGINE.sample_hidden(state, 0, Rng.from_seed(draw))
        assert decide(ENGINE, sample, 0, "normal", 5) == decide(ENGINE, state, 0, "normal", 5)
