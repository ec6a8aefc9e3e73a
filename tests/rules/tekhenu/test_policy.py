"""The goal policy of Tekhenu's normal/hard (rules/tekhenu/policy.py, docs/ai/tekhenu.md)."""

import pytest

from ai.levels import budget_for
from rules.tekhenu import ENGINE, ai, policy
from tests.rules.tekhenu.scenario import (
    act,
    at_turn,
    clear_dice,
    current,
    empty_hand,
    give,
    put_die,
)
from tests.rules.tekhenu.test_actions import base


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


def pillar_choice(seat_spaces: tuple[str, ...], other_spaces: tuple[str, ...]):
    """A Ra action (centre tile) before the first Scoring, building spaces already taken."""
    state, seat = base(2)
    state["ra"] = ["P22", "P23", "P25"]
    give(state, seat, limestone=5, granite=5)
    for wid in seat_spaces:
        state["tbuild"][wid] = seat
    for wid in other_spaces:
        state["tbuild"][wid] = 1 - seat
    state, _ = act(state, seat, "ra", 4)
    return state, seat


@pytest.mark.rule("TEK-R163")
def test_policy_puts_a_pillar_in_the_lines_of_its_buildings():
    state, seat = pillar_choice(("w1", "s1"), ("w2", "w3", "s2", "s3"))
    decision = ENGINE.decision_for(state, seat)
    assert decision.key == "ra_space"
    # t11 lies in row 1 (w1) and column 1 (s1): 2 own Buildings, 1 VP each at 2 Scorings
    assert policy.line_worth(state, seat, "t11") == pytest.approx(2 * 1.8)
    assert policy.line_worth(state, seat, "t40") == 0.0
    assert ai.choose(state, decision) == "space:t40"  # easy: the corner's edges
    assert policy.choose(state, decision) == "space:t11"


@pytest.mark.rule("TEK-R163")
@pytest.mark.rule("TEK-R104")
def test_an_open_building_space_counts_as_a_prospect():
    state, seat = pillar_choice((), ("w2", "w3", "s2", "s3"))
    # w1 and s1 are open: a Building there later gets 3 VP at once and 1 a Scoring left
    assert policy.line_worth(state, seat, "t11") == pytest.approx(2 * policy.PROSPECT * 4.8)
    state["tbuild"]["w1"] = 1 - seat
    assert policy.line_worth(state, seat, "t11") == pytest.approx(policy.PROSPECT * 4.8)


@pytest.mark.rule("TEK-R087")
@pytest.mark.rule("TEK-R163")
def test_policy_builds_a_people_statue_in_its_pillars_line():
    state, seat = base(2)
    give(state, seat, granite=5)
    state["temple"]["t20"] = ["P22", 0, seat]
    state["temple"]["t23"] = ["P22", 0, seat]  # two own Pillars in row 2, beside pt_e2
    state, _ = act(state, seat, "horus", 3)
    decision = ENGINE.decision_for(state, seat)
    assert decision.key == "horus"
    assert ai.choose(state, decision) == "god:ra"
    assert policy.choose(state, decision) == "people:pt_e2"
