"""Each seat's expected final score, for the search AI's cut-off rollouts (docs/ai.md).

The final scoring as if the game ended now (PLG-R204..PLG-R216: penalties and discards
included), minus the penalty cards a human seat can expect from the tributes still to come
(PLG-R126..PLG-R135): a tribute is paid only in full (PLG-R128..PLG-R131), so the seat's
steady income and its coin tiles (plus pharaoh card 3 this round) are spent on the coming
tributes in order, and every one left uncovered risks a penalty card. Coin tiles left over
after that are credited with their share of the next uncovered gap, so one more coin (or one
more step of income) is worth something before it closes a whole gap.
"""

from __future__ import annotations

from rules.plagues.data import NILE_COINS, PAPYRUS, PLAGUE_PENALTY, ROUNDS, SHORT_ROUNDS
from rules.plagues.scoring import scores
from rules.plagues.state import State, income, is_ai

PENALTY_RISK = 0.6  # multiplayer: only the non-payer furthest behind takes the card (PLG-R134)
SOLO_PENALTY_RISK = 1.0  # solo: the human seat is the only non-payer (PLG-R295)
MEMPHIS_DISCOUNT = 1  # PLG-R126: Memphis pays 1 less at every tribute
NILE_STEP_SHARE = 0.5  # a boat step's share of the income the next Nile coin space brings


def estimate(state: State) -> list[float]:
    now = scores(state)
    return [
        now[seat] - (0.0 if is_ai(state, seat) else expected_penalties(state, seat))
        for seat in range(len(state["players"]))
    ]


def expected_penalties(
    state: State, seat: int, *, coins: int = 0, steady: int = 0, nile: int = 0
) -> float:
    """The expected penalty (VP) from the coming tributes; ``coins``, ``steady`` and ``nile``
    ask what if the seat had that many more coin tiles, income or boat steps."""
    player = state["players"][seat]
    steady += income(state, seat) + (MEMPHIS_DISCOUNT if player["province"] == "memphis" else 0)
    steady += sum(1 for space in NILE_COINS if player["nile"] < space <= player["nile"] + nile)
    once = 2 * bool(player.get("hebrew_income"))  # this round only (PLG-R246)
    left: float = coins + player["kept"].count("coin") + (state["pharaoh"][2] == seat)
    dues = list(coming_tributes(state))
    if dues and player.get("paid") is not None:
        dues = dues[1:]  # this round's tribute is settled
    uncovered, next_gap = 0, 0.0
    for i, due in enumerate(dues):
        rising = _nile_income(player["nile"] + nile, i) if i else once
        gap = max(0, due - steady + once - rising)
        if gap <= left:
            left -= gap
            continue
        uncovered += 1
        next_gap = next_gap or gap
    partial = min(1.0, left / next_gap) if next_gap else 0.0
    risk = SOLO_PENALTY_RISK if state["solo"] else PENALTY_RISK
    return risk * PLAGUE_PENALTY * max(0.0, uncovered - partial)


def _nile_income(position: int, rounds_ahead: int) -> float:
    """The income the boat's progress towards the next Nile coin space is worth later."""
    ahead = [space for space in NILE_COINS if space > position]
    if not ahead:
        return 0.0
    done = 1 - (ahead[0] - position) / 3
    return NILE_STEP_SHARE * done * min(1, rounds_ahead)


def coming_tributes(state: State) -> tuple[int, ...]:
    """The tributes of this round and the rounds after it."""
    mode = "advanced" if state["advanced"] else "normal"
    last = SHORT_ROUNDS if state["short"] else ROUNDS
    return PAPYRUS[mode]["tribute"][state["round"] - 1 : last]
