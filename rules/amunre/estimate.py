"""Each seat's expected final score, for the search AI's cut-off rollouts (docs/ai.md).

Score so far, plus what the seat's holdings would score if this kingdom were scored now
(AMR-R066..AMR-R071), plus the VP worth of its gold, the income its farmers still bring,
its favor cards, and in the New Kingdom its share of the gold bonus (AMR-R079) as the end
draws near.
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
from rules.amunre.scoring import bank_majority, gold_bonus, pyramids_of, yellow_condition
from rules.amunre.state import State, hand_size, own_provinces

GOLD_VP = 0.4  # what a gold buys, in VP, while there is still something to buy
FAVOR_CARD_VP = 0.6
EXPECTED_TILE = 2  # the offering tile assumed before the first offering of a kingdom


def estimate(state: State) -> list[float]:
    seats = range(state["seats"])
    majority = {bank: bank_majority(state, bank) for bank in BANKS}
    golds = [state["players"][seat]["gold"] for seat in seats]
    bonus = gold_bonus(golds)
    total_rounds = ROUNDS_PER_KINGDOM * KINGDOMS
    progress = min(1.0, (state["round"] - 1) / (total_rounds - 1))
    gold_weight = GOLD_VP * (1 - progress)
    return [
        state["players"][seat]["score"]
        + kingdom_score_now(state, seat, majority)
        + gold_weight * (golds[seat] + future_income(state, seat))
        + FAVOR_CARD_VP * hand_size(state["players"][seat])
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
