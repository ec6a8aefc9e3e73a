"""A typed answer that is not offered gets its true reason and changes nothing
(``AmunReEngine.explain_refusal``, issue 12 item 7)."""

from __future__ import annotations

import pytest

from rules.amunre import ENGINE
from rules.core import IllegalMove, canonical_json
from tests.rules.amunre.scenario import (
    auction_with,
    harvest_state,
    offering_state,
    own,
    play,
    purchase_state,
    restart_harvest,
    set_hand,
)

PROVS = ["abydos", "thebes", "dakhla"]


def refused(state, option: str, seat: int | None = None) -> str:
    """The refusal text of ``option`` for the first open decision (or ``seat``'s); the state
    is untouched."""
    before = canonical_json(ENGINE.dump(state))
    seat = ENGINE.pending(state)[0].seat if seat is None else seat
    assert option not in ENGINE.decision_for(state, seat).option_ids()
    with pytest.raises(IllegalMove) as info:
        ENGINE.apply(state, seat, option)
    assert canonical_json(ENGINE.dump(state)) == before
    text = str(info.value)
    assert "is not one of your current choices" not in text, text
    return text


def bidding(gold: tuple[int, int, int] = (40, 40, 40)):
    state = auction_with(PROVS)
    for seat, amount in enumerate(gold):
        state["players"][seat]["gold"] = amount
        set_hand(state, seat)
    return state


# --- auction ------------------------------------------------------------------------------
@pytest.mark.rule("AMR-R017")
def test_a_bid_not_above_the_top_bid_names_the_lowest_bid_that_is():
    state, _ = play(bidding(), (0, "bid:thebes:6"))
    assert refused(state, "bid:thebes:6") == "Thebes already has a bid of 6: bid 10 or more."
    assert refused(state, "bid:thebes:3") == "Thebes already has a bid of 6: bid 10 or more."


@pytest.mark.rule("AMR-R020")
def test_a_space_blocked_by_protection():
    state = bidding()
    set_hand(state, 0, protection=1)
    state, _ = play(state, (0, "bid:thebes:6+protect"))
    assert refused(state, "bid:thebes:10") == (
        "Space 10 on Thebes is blocked by Protection: bid 15 or more."
    )


@pytest.mark.rule("AMR-R019")
def test_a_bid_beyond_gold_plus_favor_cards():
    state = bidding(gold=(4, 40, 40))
    set_hand(state, 0, bribe=1)
    assert refused(state, "bid:dakhla:10") == (
        "You can bid at most 5 (4 gold plus 1 favor card, 1 each): 10 is too much."
    )


@pytest.mark.rule("AMR-R019")
@pytest.mark.rule("AMR-R020")
def test_protection_not_held_on_the_top_space_or_not_affordable():
    state = bidding(gold=(5, 40, 40))
    assert refused(state, "bid:abydos:3+protect") == "You hold no Protection card."
    set_hand(state, 0, protection=1)
    assert refused(state, "bid:abydos:36+protect") == (
        "Protection cannot go with a bid on the top space (36)."
    )
    # 5 gold + the Protection card, which does not count when it is played with the bid.
    assert refused(state, "bid:abydos:6+protect").startswith("You can bid at most 5 (5 gold plus")
    state["players"][0]["played"].append("protection")
    assert refused(state, "bid:abydos:3+protect") == (
        "You already played one Protection card in this phase: one card of each type per phase."
    )


@pytest.mark.rule("AMR-R013")
def test_a_value_that_is_no_bid_space():
    assert refused(bidding(), "bid:dakhla:7") == (
        "7 is not a bid space: the spaces are 0, 1, 3, 6, 10, 15, 21, 28, 36."
    )


@pytest.mark.rule("AMR-R011")
@pytest.mark.rule("AMR-R025")
def test_a_province_not_on_auction_or_already_owned():
    state = bidding()
    assert refused(state, "bid:memphis:1") == (
        "Memphis is not on auction this round. On auction: Abydos, Thebes, Dakhla."
    )
    state["provinces"]["memphis"]["owner"] = 2
    assert refused(state, "bid:memphis:1") == (
        "Memphis already belongs to Seat 3. On auction: Abydos, Thebes, Dakhla."
    )
    assert refused(state, "bid:atlantis:1").startswith("There is no province 'atlantis'.")


@pytest.mark.rule("AMR-R018")
@pytest.mark.rule("AMR-R021")
def test_the_province_just_outbid_on_and_bribe():
    state = bidding()
    set_hand(state, 0, bribe=1)
    assert refused(state, "bribe:3") == (
        "Bribe lets you bid again on the province you were "
        "just outbid on, and you have not been outbid."
    )
    state, _ = play(state, (0, "bid:thebes:3"), (1, "bid:thebes:6"), (2, "bid:abydos:0"))
    assert refused(state, "bid:thebes:10") == (
        "You were outbid on Thebes: bid on another province (only Bribe lets you bid there again)."
    )
    assert refused(state, "bribe:6") == "Thebes already has a bid of 6: bid 10 or more."
    set_hand(state, 0)
    assert refused(state, "bribe:10") == "You hold no Bribe card."


def test_an_unknown_id_lists_the_kinds_valid_now():
    state = bidding()
    set_hand(state, 0, bribe=1)
    assert refused(state, "fly:away") == (
        "'fly:away' is not a choice now. Choices now: bid:<province>:<value>, sell:<card>."
    )


@pytest.mark.rule("AMR-R087")
def test_selling_a_card_not_held():
    assert refused(bidding(), "sell:bribe") == "You hold no Bribe card."


# --- purchases ----------------------------------------------------------------------------
def buying(gold: int = 20):
    state = purchase_state(holdings={0: ["thebes"], 1: ["buto"], 2: ["abydos"]})
    state["players"][0]["gold"] = gold
    set_hand(state, 0)
    return state


@pytest.mark.rule("AMR-R027")
def test_purchases_keep_their_order():
    state, _ = play(buying(), (0, "buy:farmer:1"), (0, "farmer:thebes"))
    assert refused(state, "buy:favor:1") == (
        "Favor cards, then farmers, then stones: you are past buying favor cards this turn."
    )


@pytest.mark.rule("AMR-R028")
@pytest.mark.rule("AMR-R032")
def test_a_purchase_beyond_the_gold():
    state = buying(gold=5)
    assert refused(state, "buy:stone:3") == "3 stones cost 6 gold, and you have 5 gold."
    set_hand(state, 0, bribe=1)
    assert refused(state, "buy:stone:3") == (
        "3 stones cost 6 gold, and you have 5 gold: sell "
        "favor cards first (1 gold each) or buy fewer."
    )


@pytest.mark.rule("AMR-R029")
@pytest.mark.rule("AMR-R030")
def test_favor_limit_and_free_fields():
    state = buying(gold=40)
    assert refused(state, "buy:favor:3") == (
        "Your provinces let you buy at most 2 favor cards a turn (the highest limit among them)."
    )
    assert refused(state, "buy:farmer:5") == (
        "Your provinces have 4 free fields: you cannot place 5 farmers."
    )
    buto = purchase_state(holdings={0: ["buto"], 1: ["thebes"], 2: ["abydos"]})
    assert refused(buto, "buy:favor:1") == "None of your provinces lets you buy favor cards."


@pytest.mark.rule("AMR-R036")
def test_architect_needs_two_stones_in_an_own_province():
    state = buying()
    set_hand(state, 0, architect=1)
    state["provinces"]["thebes"]["stones"] = 1
    assert refused(state, "architect:thebes") == (
        "Architect needs exactly 2 stones in the province: Thebes has 1."
    )
    assert refused(state, "architect:buto") == "Buto is not yours. Your provinces: Thebes."


@pytest.mark.rule("AMR-R030")
def test_placing_a_farmer_where_no_field_is_free():
    state = buying()
    own(state, 0, "berenike")  # no field at all
    state, _ = play(state, (0, "buy:farmer:1"))
    assert refused(state, "farmer:berenike") == "Berenike has no free field for a farmer."
    assert refused(state, "done") == "Place your farmers first (1 left): farmer:<province>."


# --- offerings ----------------------------------------------------------------------------
@pytest.mark.rule("AMR-R038")
@pytest.mark.rule("AMR-R039")
def test_an_offering_beyond_what_is_held():
    state = offering_state(holdings={0: ["thebes"], 1: ["buto"], 2: ["abydos"]})
    state["players"][0]["gold"] = 5
    set_hand(state, 0, bribe=2)
    assert refused(state, "offer:9", seat=0) == (
        "You can offer at most 7 gold (5 gold plus 2 favor cards, 1 each)."
    )
    assert refused(state, "offer:0", seat=0) == (
        "An offering is at least 1 gold; or offer your Theft card."
    )
    assert refused(state, "offer:2+adjust", seat=0) == "You hold no Offering Adjustment card."
    set_hand(state, 0, bribe=2, offering_adjust=1)
    assert refused(state, "offer:8+adjust", seat=0) == (
        "You can offer at most 7 gold: your gold and your favor cards (1 each), but not the "
        "Offering Adjustment you attach."
    )
    assert refused(state, "sell:bribe", seat=0) == (
        "Favor cards count 1 gold each in your offering: there is no selling while you make it."
    )


@pytest.mark.rule("AMR-R052")
def test_no_architect_during_the_offering_rewards():
    state = offering_state(holdings={0: ["thebes"], 1: ["buto"], 2: ["abydos"]})
    state, _ = play(state, (0, "offer:3"), (1, "offer:2"), (2, "offer:1"))
    assert ENGINE.pending(state)[0].key == "reward"
    assert refused(state, "architect:thebes") == (
        "Architect and Extra Farmer cannot be played during the offerings."
    )
    assert refused(state, "reward:stone:buto") == "Buto is not yours. Your provinces: Thebes."


# --- harvest and debts ----------------------------------------------------------------------
@pytest.mark.rule("AMR-R059")
def test_both_green_cards_on_one_province():
    state = harvest_state(holdings={0: ["thebes", "abydos"], 1: ["buto"], 2: ["dakhla"]})
    set_hand(state, 0, bountiful_harvest=1, fixed_income=1)
    for seat in (1, 2):
        set_hand(state, seat)
    state = restart_harvest(state)
    assert refused(state, "bountiful:thebes+fixed:thebes", seat=0) == (
        "Bountiful Harvest and Fixed Income must name two different provinces."
    )
    assert refused(state, "fixed:buto", seat=0) == (
        "Buto is not yours. Your provinces: Thebes, Abydos."
    )


@pytest.mark.rule("AMR-R024")
def test_a_debt_is_paid_with_cards_first():
    state = bidding(gold=(0, 40, 40))
    set_hand(state, 0, bribe=1, architect=1)
    state, _ = play(state, (0, "bid:thebes:1"), (1, "bid:abydos:0"), (2, "bid:dakhla:0"))
    (debt,) = ENGINE.pending(state)
    assert debt.key == "pay" and debt.seat == 0
    assert refused(state, "bid:memphis:3") == (
        "You are 1 gold short: sell favor cards to pay first (pay:<card>)."
    )
    assert refused(state, "pay:protection") == "You hold no Protection card."


@pytest.mark.rule("AMR-R043")
def test_an_adjustment_is_plus_or_minus_three():
    state = offering_state(holdings={0: ["thebes"], 1: ["buto"], 2: ["abydos"]})
    set_hand(state, 0, offering_adjust=1)
    state, _ = play(state, (0, "offer:3+adjust"), (1, "offer:2"), (2, "offer:1"))
    assert ENGINE.pending(state)[0].key == "adjust"
    assert refused(state, "adjust:+5") == (
        "Declare your Offering Adjustment as adjust:+3 | adjust:-3."
    )


@pytest.mark.rule("AMR-R050")
def test_a_reward_farmer_needs_a_free_field():
    state = offering_state(holdings={0: ["berenike"], 1: ["buto"], 2: ["abydos"]})
    state, _ = play(state, (0, "offer:3"), (1, "offer:2"), (2, "offer:1"))
    assert ENGINE.pending(state)[0].key == "reward"
    assert refused(state, "reward:farmer:berenike") == ("Berenike has no free field for a farmer.")


def test_an_answer_of_another_phase_lists_the_kinds_valid_now():
    state = buying()
    assert refused(state, "bid:thebes:3") == (
        "'bid:thebes:3' is not a choice now. Choices now: buy:<favor|farmer|stone>:<count>, done."
    )
