"""The goal policy of Tekhenu's normal/hard (rules/tekhenu/policy.py, docs/ai/tekhenu.md)."""

import pytest

from ai.levels import budget_for
from rules.tekhenu import ENGINE, ai, policy
from tests.rules.tekhenu.scenario import at_turn, clear_dice, current, empty_hand, give, put_die


def statue_turn(statues_left: int):
    """Seat to move before the first Scoring, Granite for a Statue, a Horus and a Hathor 3."""
    state = at_turn(2, 1)
    seat = current(state)
    clear_dice(state)
    put_die(state, "horus", "grey", 3)
    put_die(state, "hathor", "grey", 3)
    put_die(state, "thoth", "grey", 1)
    empty_hand(state, seat)
    give(state, seat, granite=2, bread=3)
    state["players"][seat]["statues"] = statues_left
    return state, seat


@pytest.mark.rule("TEK-R164")
def test_policy_pursues_the_statues_the_heuristic_leaves():
    state, seat = statue_turn(statues_left=5)
    decision = ENGINE.decision_for(state, seat)
    # 1 Statue built, 2 Scorings to come: (21 - 1) / 5 x (1 + 0.8) x 1.5 = 10.8 > Hathor 5.9
    assert policy.statue_worth(state, seat) == pytest.approx(7.2)
    assert ai.choose(state, decision) == "die:hathor:grey3"  # easy: Horus at a flat 5.5
    assert policy.choose(state, decision) == "die:horus:grey3"
    assert ENGINE.rollout_choice(state, seat) == "die:horus:grey3"
    assert ENGINE.ai_choice(state, seat) == "die:hathor:grey3"


@pytest.mark.rule("TEK-R164")
def test_no_statue_goal_without_statues_or_scorings():
    state, seat = statue_turn(statues_left=5)
    state["scorings"] = 2
    assert policy.statue_worth(state, seat) == 0.0
    state["scorings"] = 0
    state["players"][seat]["statues"] = 0
    assert policy.statue_worth(state, seat) == 0.0


def test_searching_levels_use_the_policy_as_prior():
    assert budget_for("normal", "tekhenu").policy_prior
    assert budget_for("hard", "tekhenu").policy_prior
    assert budget_for("easy", "tekhenu") is None
