"""The search on Ankh (issue 13): it never steps back in Summon's menu (``back``, the game's
``navigation_options``), so an all-search game ends; it can take the policy as its prior."""

from __future__ import annotations

from typing import Any

from ai.search import Budget, search
from rules.amunre import ENGINE as AMUNRE
from rules.ankh import ENGINE

TINY = Budget(iterations=3, depth=4, policy_prior=True)


def summon_at_state(seed: int = 1) -> tuple[Any, int]:
    """The first ``summon_at`` decision of a game the policy plays, and its seat."""
    state = ENGINE.new_game(3, {}, seed)
    while decisions := ENGINE.pending(state):
        decision = decisions[0]
        if decision.key == "summon_at" and len(decision.options) > 3:
            return state, decision.seat
        state, _ = ENGINE.apply(state, decision.seat, ENGINE.rollout_choice(state, decision.seat))
    raise AssertionError("no Summon in the game")


def test_summon_back_is_navigation() -> None:
    state, seat = summon_at_state()
    decision = ENGINE.decision_for(state, seat)
    assert decision is not None and "back" in decision.option_ids()
    assert ENGINE.navigation_options(state, decision) == {"back"}


def test_other_decisions_and_games_have_no_navigation() -> None:
    state = AMUNRE.new_game(3, {}, 1)
    decision = AMUNRE.pending(state)[0]
    assert AMUNRE.navigation_options(state, decision) == frozenset()
    ankh = ENGINE.new_game(3, {}, 1)
    assert ENGINE.navigation_options(ankh, ENGINE.pending(ankh)[0]) == frozenset()


def test_search_never_compares_back() -> None:
    state, seat = summon_at_state()
    for seed in range(3):
        result = search(ENGINE, state, seat, Budget(iterations=40, depth=4), seed)
        assert result.option_id != "back"
        assert "back" not in result.visits
        assert len(result.visits) > 2  # it still compares several spaces


def test_policy_prior_is_always_a_candidate() -> None:
    state, seat = summon_at_state()
    # iterations 3: room for the prior and one other space only
    result = search(ENGINE, state, seat, TINY, seed=4)
    assert ENGINE.rollout_choice(state, seat) in result.visits
    assert len(result.visits) == 2


def test_all_search_game_ends() -> None:
    """In an all-search game the search answered Summon with ``back`` and the figure again
    670 times each (docs/ai/ankh.md); now a whole game ends in a normal number of moves."""
    state = ENGINE.new_game(2, {}, 2)
    moves = 0
    while (decisions := ENGINE.pending(state)) and moves < 1000:
        seat = decisions[0].seat
        answer = search(ENGINE, state, seat, TINY, seed=moves).option_id
        state, _ = ENGINE.apply(state, seat, answer)
        moves += 1
    assert ENGINE.result(state) is not None
    assert moves < 600
