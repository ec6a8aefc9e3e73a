"""The baseline AI: always legal, deterministic, and clearly better than random play."""

from __future__ import annotations

import pytest

from rules.amunre import ENGINE
from rules.testing import ai_option, random_option, random_playout
from tests.rules.amunre.scenario import auction_with, offering_state, set_hand


@pytest.mark.parametrize("seed", range(3))
def test_ai_answer_is_always_legal_and_labels_are_readable(seed):
    def on_step(before, after, move):
        for decision in ENGINE.pending(after):
            assert decision.prompt and decision.key
            assert all(o.label for o in decision.options)
            choice = ENGINE.ai_choice(after, decision.seat)
            assert decision.option(choice) is not None
            assert choice == ENGINE.ai_choice(after, decision.seat)

    random_playout(ENGINE, 3 + seed, seed, on_step=on_step)


def test_ai_beats_random_play():
    totals = {"ai": 0, "random": 0}

    def half(engine, state, decision, rng):
        if decision.seat % 2 == 0:
            return ai_option(engine, state, decision, rng)
        return random_option(engine, state, decision, rng)

    for seed in range(6):
        playout = random_playout(ENGINE, 4, seed, chooser=half)
        for seat, score in enumerate(ENGINE.result(playout.state).scores):
            totals["ai" if seat % 2 == 0 else "random"] += score
    assert totals["ai"] > 1.5 * totals["random"]


def test_ai_bids_within_its_means_and_offers_moderately():
    state = auction_with(["thebes", "abydos", "dakhla"])
    choice = ENGINE.ai_choice(state, 0)
    assert choice.startswith("bid:") and int(choice.split(":")[2].split("+")[0]) <= 16
    offering = offering_state(holdings={0: ["thebes"], 1: ["mendes"], 2: ["memphis"]})
    set_hand(offering, 0)
    amount = ENGINE.ai_choice(offering, 0)
    assert amount.startswith("offer:") and 2 <= int(amount.split(":")[1]) <= 8
    offering["players"][1]["gold"] = 1
    assert ENGINE.ai_choice(offering, 1) == "theft"
