"""Each seat's expected final score, for the search AI's cut-off rollouts (docs/ai.md).

The final scoring as if the game ended now (PLG-R204..PLG-R216: penalties and discards
included), minus the penalty cards a human seat can expect from the tributes still to come
(PLG-R126..PLG-R135): every coming round whose tribute its income does not cover, after its
coin tiles have filled the gaps, risks a penalty card.
"""

from __future__ import annotations

from rules.plagues.data import PAPYRUS, PLAGUE_PENALTY, ROUNDS, SHORT_ROUNDS
from rules.plagues.scoring import scores
from rules.plagues.state import State, income, is_ai

PENALTY_RISK = 0.6  # the share of uncovered tributes expected to end as a penalty card
MEMPHIS_DISCOUNT = 1  # PLG-R126: Memphis pays 1 less at every tribute


def estimate(state: State) -> list[float]:
    now = scores(state)
    return [
        now[seat] - (0.0 if is_ai(state, seat) else expected_penalties(state, seat))
        for seat in range(len(state["players"]))
    ]


def expected_penalties(state: State, seat: int) -> float:
    player = state["players"][seat]
    steady = income(state, seat) + (MEMPHIS_DISCOUNT if player["province"] == "memphis" else 0)
    coins = player["kept"].count("coin")
    uncovered = 0
    for due in coming_tributes(state):
        gap = max(0, due - steady)
        used = min(gap, coins)
        coins -= used
        uncovered += gap > used
    return PENALTY_RISK * PLAGUE_PENALTY * uncovered


def coming_tributes(state: State) -> tuple[int, ...]:
    """The tributes of this round (if not yet paid by everyone) and the rounds after it."""
    mode = "advanced" if state["advanced"] else "normal"
    last = SHORT_ROUNDS if state["short"] else ROUNDS
    return PAPYRUS[mode]["tribute"][state["round"] - 1 : last]
