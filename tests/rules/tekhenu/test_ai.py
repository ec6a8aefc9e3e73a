"""The baseline AI: always legal, deterministic, sensible."""

from __future__ import annotations

from rules.tekhenu import ENGINE
from rules.tekhenu.state import balance
from rules.testing import ai_option, random_option, random_playout


def test_ai_is_legal_and_deterministic_everywhere():
    playout = random_playout(ENGINE, 3, 12, chooser=random_option, keep_states=True)
    for state in playout.states[::7]:
        for decision in ENGINE.pending(state):
            pick = ENGINE.ai_choice(state, decision.seat)
            assert decision.option(pick) is not None
            assert ENGINE.ai_choice(state, decision.seat) == pick


def test_ai_beats_random_play_and_keeps_balance():
    ai_scores, random_scores, balances = [], [], []
    for seed in range(4):
        ai_game = random_playout(ENGINE, 2, seed, chooser=ai_option, keep_states=True)
        ai_scores.extend(ai_game.state["players"][s]["vp"] for s in range(2))
        for state in ai_game.states:
            if state["phase"] == "maat" and state["flow"] == "maat_resolve":
                balances.extend(abs(balance(p)) for p in state["players"])
        rnd = random_playout(ENGINE, 2, seed, chooser=random_option)
        random_scores.extend(rnd.state["players"][s]["vp"] for s in range(2))
    assert sum(ai_scores) > sum(random_scores)
    assert balances and sum(balances) / len(balances) < 6
