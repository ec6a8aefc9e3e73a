"""Baseline AI: simple, deterministic estimates of what each choice is worth in gold.

Not random: the same state always gives the same answer. It bids on provinces worth more
than their price (keeping a reserve), buys farmers it can fill and stones toward pyramids,
offers a moderate amount, takes fitting rewards and plays cards where they pay most.
"""

from __future__ import annotations

from rules.amunre.data import (
    ADJUSTMENT_VALUE,
    PROVINCE_BY_ID,
    ROUNDS_PER_KINGDOM,
    TILE_BY_NUMBER,
    YELLOW_TYPES,
    purchase_cost,
)
from rules.amunre.harvest import seat_income
from rules.amunre.offering import tile_for
from rules.amunre.scoring import yellow_condition
from rules.amunre.state import State, free_fields, own_provinces
from rules.core import Decision

# Rough exchange rates the estimates use (gold).
GOLD_PER_VP = 2.5
EXPECTED_FARMER_GOLD = 2.5
FARMER_PRICE = 2.0
FAVOR_CARD_GOLD = 1.5
STONE_GOLD = 2.0
PYRAMID_GOLD = 5.0
BID_RESERVE = 4
PURCHASE_RESERVE = 5
PROTECT_MARGIN = 6
EXPECTED_TEMPLE_VP = 2.5
MAX_STONES_PER_TURN = 6
STONE_BUDGET_SHARE = 2  # spend at most half the spare gold on stones
OFFER_GOLD_SHARE = 5  # offer about a fifth of the gold ...
OFFER_MIN, OFFER_MAX = 2, 8  # ... between 2 and 8
THEFT_BELOW = 4  # with less gold, steal instead
BRIBE_MARGIN = 4
YELLOW_FIT_GOLD = 3.0
# Cards the AI hands over first when it must pay with cards.
PAY_ORDER = (
    "protection",
    "bribe",
    "offering_adjust",
    "master_scribes",
    "master_farmers",
    "nile_or_border",
    "upper_or_lower",
    "same_bank",
    "extra_farmer",
    "fixed_income",
    "bountiful_harvest",
    "architect",
)


def harvests_left(state: State) -> int:
    """Harvests still to come in this kingdom, this round's included."""
    return ROUNDS_PER_KINGDOM - (state["round"] - 1) % ROUNDS_PER_KINGDOM


def province_worth(state: State, seat: int, pid: str) -> float:
    data = PROVINCE_BY_ID[pid]
    prov = state["provinces"][pid]
    left = harvests_left(state)
    worth = data.fields * max(0.0, EXPECTED_FARMER_GOLD * left - FARMER_PRICE)
    worth += data.gold_mine * left + data.caravan * left / 2
    worth += data.temples * EXPECTED_TEMPLE_VP * GOLD_PER_VP
    worth += data.favor_limit + data.immediate_favor * FAVOR_CARD_GOLD
    worth += data.immediate_gold + data.immediate_stones * STONE_GOLD
    worth += prov["pyramids"] * PYRAMID_GOLD + prov["stones"] * STONE_GOLD
    hand = state["players"][seat]["hand"]
    owned = [PROVINCE_BY_ID[p] for p in own_provinces(state, seat)]
    if owned:
        fits = {
            "same_bank": all(p.bank == data.bank for p in owned),
            "nile_or_border": all(p.nile == data.nile for p in owned),
            "upper_or_lower": all(p.region == data.region for p in owned),
        }
        worth += sum(YELLOW_FIT_GOLD for card, fit in fits.items() if fit and card in hand)
    return worth


def _split(option_id: str) -> tuple[str, bool]:
    base, _, extra = option_id.partition("+")
    return base, bool(extra)


def choose_bid(state: State, decision: Decision) -> str:
    seat = decision.seat
    ids = set(decision.option_ids())
    gold = state["players"][seat]["gold"]
    cap = max(0, gold - BID_RESERVE)
    best: tuple[float, str] | None = None
    cheapest: tuple[int, float, str] | None = None
    outbid_on = state["auction"]["scribe"][seat]
    for option in decision.options:
        base, extra = _split(option.id)
        if extra or base.startswith("sell:"):
            continue
        parts = base.split(":")
        if parts[0] == "bribe":
            pid, value = outbid_on, int(parts[1])
        else:
            pid, value = parts[1], int(parts[2])
        worth = province_worth(state, seat, pid)
        if parts[0] == "bribe":
            worth -= BRIBE_MARGIN  # only worth a card if clearly better
        if cheapest is None or (value, -worth) < (cheapest[0], -cheapest[1]):
            cheapest = (value, worth, base)
        if value <= cap:
            gain = worth - value
            if best is None or gain > best[0]:
                best = (gain, base)
    if best is not None and best[0] > 0:
        choice = best[1]
        if best[0] > PROTECT_MARGIN and f"{choice}+protect" in ids and not choice.endswith(":0"):
            return f"{choice}+protect"
        return choice
    assert cheapest is not None  # AMR-R016: a legal bid always exists
    return cheapest[2]


def choose_purchase(state: State, decision: Decision) -> str:
    seat = decision.seat
    ids = decision.option_ids()
    for prefix in ("architect:", "extrafarmer:"):
        for option_id in ids:
            if option_id.startswith(prefix):
                return option_id
    gold = state["players"][seat]["gold"]
    budget = gold - PURCHASE_RESERVE
    left = harvests_left(state)
    if "buy:favor:1" in ids and gold >= 3 * PURCHASE_RESERVE:
        return "buy:favor:1"
    farmers = [int(i.split(":")[2]) for i in ids if i.startswith("buy:farmer:")]
    best_n, best_gain = 0, 0.0
    for n in farmers:
        gain = n * EXPECTED_FARMER_GOLD * left - purchase_cost(n)
        if purchase_cost(n) <= budget and gain > best_gain:
            best_n, best_gain = n, gain
    if best_n:
        return f"buy:farmer:{best_n}"
    stones = [int(i.split(":")[2]) for i in ids if i.startswith("buy:stone:")]
    want = 0
    for n in stones:
        if n <= MAX_STONES_PER_TURN and purchase_cost(n) <= budget // STONE_BUDGET_SHARE:
            want = n
    if want:
        return f"buy:stone:{want}"
    return "done"


def best_stone_province(state: State, pids: list[str]) -> str:
    """Finish a pyramid first, else lift the weakest province (AMR-R068 sets)."""
    provs = state["provinces"]
    return min(pids, key=lambda pid: (-provs[pid]["stones"], provs[pid]["pyramids"], pid))


def choose_place(state: State, decision: Decision) -> str:
    ids = [i for i in decision.option_ids() if not i.startswith("sell:")]
    kind = ids[0].split(":")[0]
    pids = [i.split(":")[1] for i in ids]
    if kind == "farmer":
        pid = max(pids, key=lambda p: (free_fields(state, p), p))
    else:
        pid = best_stone_province(state, pids)
    return f"{kind}:{pid}"


def offer_amount(gold: int) -> int:
    """The heuristic's offering with ``gold`` in hand, Theft aside."""
    return max(OFFER_MIN, min(OFFER_MAX, gold // OFFER_GOLD_SHARE))


def choose_offering(state: State, decision: Decision) -> str:
    ids = set(decision.option_ids())
    gold = state["players"][decision.seat]["gold"]
    amount = offer_amount(gold)
    if gold < THEFT_BELOW or f"offer:{amount}" not in ids:
        choice = "theft"
    else:
        choice = f"offer:{amount}"
    if f"{choice}+adjust" in ids:
        return f"{choice}+adjust"
    return choice if choice in ids else decision.options[0].id


def _worth_at_total(state: State, seat: int, total: int) -> float:
    saved = state["tile"]
    state["tile"] = tile_for(total)
    income: float = seat_income(state, seat, None)
    state["tile"] = saved
    if state["round"] % ROUNDS_PER_KINGDOM == 0:
        temples = sum(PROVINCE_BY_ID[p].temples for p in own_provinces(state, seat))
        income += temples * TILE_BY_NUMBER[tile_for(total)].vp_per_temple * GOLD_PER_VP
    return income


def choose_adjust(state: State, decision: Decision) -> str:
    total = state["collective_offering"]
    up = _worth_at_total(state, decision.seat, total + ADJUSTMENT_VALUE)
    down = _worth_at_total(state, decision.seat, total - ADJUSTMENT_VALUE)
    return "adjust:+3" if up >= down else "adjust:-3"


def choose_reward(state: State, decision: Decision) -> str:
    ids = decision.option_ids()
    farmers = [i.split(":")[2] for i in ids if i.startswith("reward:farmer:")]
    if farmers:
        return "reward:farmer:" + max(farmers, key=lambda p: (free_fields(state, p), p))
    stones = [i.split(":")[2] for i in ids if i.startswith("reward:stone:")]
    if stones:
        return "reward:stone:" + best_stone_province(state, stones)
    return ids[0]


def choose_harvest(state: State, decision: Decision) -> str:
    best = ("collect", seat_income(state, decision.seat, None))
    for option_id in decision.option_ids():
        if option_id == "collect" or option_id.startswith("sell:"):
            continue
        choice: dict[str, str | None] = {"bountiful": None, "fixed": None}
        for part in option_id.split("+"):
            card, _, pid = part.partition(":")
            choice[card] = pid
        income = seat_income(state, decision.seat, choice)
        if income > best[1] + 1:
            best = (option_id, income)
    return best[0]


def choose_payment(state: State, decision: Decision) -> str:
    ids = set(decision.option_ids())
    hand = state["players"][decision.seat]["hand"]
    for card in PAY_ORDER:
        if card in YELLOW_TYPES and hand.get(card, 0) == 1 and own_provinces(state, decision.seat):
            if yellow_condition(state, decision.seat, card):
                continue
        if f"pay:{card}" in ids:
            return f"pay:{card}"
    return decision.options[0].id


CHOOSERS = {
    "bid": choose_bid,
    "purchase": choose_purchase,
    "place_farmer": choose_place,
    "place_stone": choose_place,
    "offering": choose_offering,
    "adjust": choose_adjust,
    "reward": choose_reward,
    "harvest": choose_harvest,
    "pay": choose_payment,
}


def choose(state: State, decision: Decision) -> str:
    option_id = CHOOSERS[decision.key](state, decision)
    if decision.option(option_id) is None:  # never answer with an illegal option
        return next(o.id for o in decision.options if not o.id.startswith("sell:"))
    return option_id
