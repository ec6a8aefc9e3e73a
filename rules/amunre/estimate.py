"""Each seat's expected final score, for the search AI's cut-off rollouts (docs/ai.md).

Score so far, plus what the seat's holdings would score if this kingdom were scored now
(AMR-R066..AMR-R071), plus the VP worth of its gold, the income its farmers still bring,
its favor cards and loose stones, and in the New Kingdom its share of the gold bonus
(AMR-R079) as the end draws near.
"""

from __future__ import annotations

from rules.amunre.data import (
    BANK_MAJORITY_VP,
    BANKS,
    KINGDOMS,
    PROVINCE_BY_ID,
    PYRAMID_SET_VP,
    PYRAMID_VP,
    ROUNDS_PER_KINGDOM,
    TILE_BY_NUMBER,
    YELLOW_TYPES,
    YELLOW_VP,
)
from rules.amunre.harvest import seat_income
from rules.amunre.scoring import (
    bank_majority,
    gold_bonus,
    pyramids_of,
    stones_of,
    yellow_condition,
)
from rules.amunre.state import State, hand_size, own_provinces

# VP per gold, per gold of income still to come in this kingdom and per favor card in hand,
# for rounds 1..6: fitted (least squares of the final score on these holdings) over 200
# heuristic games at 3 and at 4 seats, rounded and smoothed (docs/ai.md). A gold keeps a
# quarter of a VP to the end (the gold bonus ranks it, AMR-R079); a card is worth most early
# (a yellow card scores 3 VP, a red or blue one wins an auction or an offering).
GOLD_VP = (0.45, 0.5, 0.4, 0.3, 0.25, 0.2)
INCOME_VP = (0.3, 0.3, 0.25, 0.15, 0.15, 0.1)
FAVOR_CARD_VP = (1.0, 0.9, 0.8, 0.6, 0.5, 0.3)
STONE_VP = 0.3  # a loose stone in an own province: a third of a pyramid still to complete
EXPECTED_TILE = 2  # the offering tile assumed before the first offering of a kingdom


def estimate(state: State) -> list[float]:
    seats = range(state["seats"])
    majority = {bank: bank_majority(state, bank) for bank in BANKS}
    golds = [state["players"][seat]["gold"] for seat in seats]
    bonus = gold_bonus(golds)
    total_rounds = ROUNDS_PER_KINGDOM * KINGDOMS
    index = min(total_rounds, state["round"]) - 1
    progress = index / (total_rounds - 1)
    return [
        state["players"][seat]["score"]
        + kingdom_score_now(state, seat, majority)
        + GOLD_VP[index] * golds[seat]
        + INCOME_VP[index] * future_income(state, seat)
        + FAVOR_CARD_VP[index] * hand_size(state["players"][seat])
        + STONE_VP * stones_of(state, seat)
        + progress * bonus[seat] * (state["kingdom"] == KINGDOMS)
        for seat in seats
    ]


def kingdom_score_now(state: State, seat: int, majority: dict[str, list[int]]) -> float:
    """AMR-R066..AMR-R071 on the seat's current provinces (none once a kingdom is scored)."""
    provinces = own_provinces(state, seat)
    if not provinces:
        return 0.0
    tile = TILE_BY_NUMBER[state["tile"] or EXPECTED_TILE]
    temples = sum(PROVINCE_BY_ID[pid].temples for pid in provinces)
    fewest = min(state["provinces"][pid]["pyramids"] for pid in provinces)
    score = temples * tile.vp_per_temple + pyramids_of(state, seat) * PYRAMID_VP
    score += fewest * PYRAMID_SET_VP
    score += sum(BANK_MAJORITY_VP for winners in majority.values() if seat in winners)
    hand = state["players"][seat]["hand"]
    score += sum(
        YELLOW_VP
        for card in YELLOW_TYPES
        if hand.get(card, 0) > 0 and yellow_condition(state, seat, card)
    )
    return float(score)


def future_income(state: State, seat: int) -> int:
    """Gold the seat's provinces bring in the harvests left in this kingdom."""
    if not own_provinces(state, seat) or state["tile"] is None:
        return 0
    left = ROUNDS_PER_KINGDOM - (state["round"] - 1) % ROUNDS_PER_KINGDOM
    return seat_income(state, seat, None) * left
