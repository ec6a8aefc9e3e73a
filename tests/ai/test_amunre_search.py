"""Amun-Re's hooks for the search AI (rules/amunre/policy.py, docs/ai.md): the candidates it
proposes are offered answers, and the search's worlds redraw other seats' sealed offerings
plausibly without looking at them."""

from __future__ import annotations

import rules
from rules.amunre import ai as heuristic
from rules.amunre.offering import sealed_decision
from rules.amunre.policy import (
    OPPONENT_SPREAD,
    THEFT,
    draw_habit,
    habit_weights,
    habits,
)
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
            shifts = [*OPPONENT_SPREAD, *habits(world, other)]
            if commit["theft"]:
                assert THEFT in shifts or world["players"][other]["gold"] < heuristic.THEFT_BELOW
                continue
            gold = world["players"][other]["gold"]
            base = heuristic.offer_amount(gold)
            offsets = [shift for shift in shifts if shift is not THEFT]
            assert base + min(offsets) <= commit["amount"] or commit["amount"] == 1
            assert commit["amount"] <= base + max(offsets)
        checked += 1
    assert checked >= 3


def _log_state(*entries: tuple[int, int, bool, int]) -> dict:
    state = ENGINE.new_game(3, None, 1)
    state["offer_log"] = [
        {"round": n + 1, "seat": seat, "gold": gold, "theft": theft, "amount": amount}
        for n, (seat, gold, theft, amount) in enumerate(entries)
    ]
    return state


def test_habits_are_learnt_from_revealed_offerings_only() -> None:
    # Seat 1 offered 3 over the heuristic (20 gold: 4), then stole with 30 gold; seat 2 stole
    # with 2 gold, as the heuristic would.
    state = _log_state((1, 20, False, 7), (1, 30, True, 0), (2, 2, True, 0), (0, 10, False, 2))
    assert habits(state, 1) == [3, THEFT]
    assert habits(state, 2) == [0]
    assert habits(state, 0) == [0]
    weights = dict(habit_weights(state, 1))
    assert weights[3] == 1.0 and weights[THEFT] == 1.0
    draws = {draw_habit(state, 1, Rng.from_seed(n)) for n in range(200)}
    assert {3, THEFT} <= draws and draws <= {3, THEFT, *OPPONENT_SPREAD}


def test_the_log_records_every_revealed_offering() -> None:
    playout = random_playout(ENGINE, 3, 4, chooser=mixed_option, keep_states=True)
    final = playout.states[-1]
    assert len(final["offer_log"]) == 3 * 6  # every seat, every round (AMR-R040)
    assert {entry["seat"] for entry in final["offer_log"]} == {0, 1, 2}
