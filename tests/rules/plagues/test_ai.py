"""The baseline ai_choice: always legal, deterministic, and better than random play."""

from __future__ import annotations

from rules.plagues import ENGINE
from rules.testing import ai_option, random_option, random_playout


def test_ai_choice_is_legal_and_deterministic():
    def chooser(engine, state, decision, rng):
        first = engine.ai_choice(state, decision.seat)
        assert first == engine.ai_choice(state, decision.seat)
        assert first in decision.option_ids()
        return first

    for seats in (1, 2, 3, 4):
        playout = random_playout(ENGINE, seats, 21, chooser=chooser)
        assert ENGINE.result(playout.state) is not None


def test_ai_beats_random_play():
    ai_total = random_total = 0
    for seed in range(3):
        ai = random_playout(ENGINE, 2, seed, chooser=ai_option)
        rnd = random_playout(ENGINE, 2, seed, chooser=random_option)
        ai_total += sum(ENGINE.result(ai.state).scores)
        random_total += sum(ENGINE.result(rnd.state).scores)
    assert ai_total > random_total
