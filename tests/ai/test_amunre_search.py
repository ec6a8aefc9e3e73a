"""Amun-Re's hooks for the search AI (rules/amunre/policy.py, docs/ai.md): the candidates it
proposes are offered answers, and the search's worlds redraw other seats' sealed offerings
plausibly without looking at them."""

from __future__ import annotations

import rules
from rules.amunre import ai as heuristic
from rules.amunre.offering import sealed_decision
from rules.amunre.policy import OPPONENT_SPREAD
from rules.core import Rng
from rules.testing import mixed_option, random_playout

ENGINE = rules.ENGINES["amunre"]


def _states(seats: int, seed: int) -> list:
    return random_playout(ENGINE, seats, seed, chooser=mixed_option, keep_states=True).states


def test_candidates_are_offered_answers() -> None:
    seen = set()
    for seats, seed in ((3, 1), (5, 2)):
        for state in _states(seats, seed):
            for decision in ENGINE.pending(state):
                proposed = ENGINE.search_candidates(state, decision.seat)
                assert set(proposed) <= set(decision.option_ids())
                assert len(proposed) == len(set(proposed))
                if proposed:
                    seen.add(decision.key)
    assert seen == {"bid", "offering"}


def test_search_world_redraws_sealed_offerings_without_peeking() -> None:
    checked = 0
    for state in _states(4, 3):
        if state["phase"] != "offering" or state["offering"]["revealed"] is not None:
            continue
        pending = ENGINE.pending(state)
        sealed = state["offering"]["sealed"]
        if not sealed or not pending:
            continue
        seat = pending[0].seat
        world = ENGINE.search_world(state, seat, Rng.from_seed(checked))
        sample = ENGINE.sample_hidden(state, seat, Rng.from_seed(99))
        # The same offerings and hands whatever the hidden part of the state it starts from.
        again = ENGINE.search_world(sample, seat, Rng.from_seed(checked))
        assert world["offering"] == again["offering"]
        assert world["players"] == again["players"]
        assert world["offering"]["sealed"].keys() == sealed.keys()
        for key, commit in world["offering"]["sealed"].items():
            other = int(key)
            answer = "theft" if commit["theft"] else f"offer:{commit['amount']}"
            answer += "+adjust" if commit["adjust"] else ""
            options = sealed_decision(world, other).option_ids()
            assert answer in options  # a legal answer: no debt the seat cannot pay
            if commit["theft"]:
                continue
            player = world["players"][other]
            gold = player["gold"]
            base = max(
                heuristic.OFFER_MIN, min(heuristic.OFFER_MAX, gold // heuristic.OFFER_GOLD_SHARE)
            )
            assert base + min(OPPONENT_SPREAD) <= commit["amount"] or commit["amount"] == 1
            assert commit["amount"] <= base + max(OPPONENT_SPREAD)
        checked += 1
    assert checked >= 3
