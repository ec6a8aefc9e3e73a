"""Favor cards in general: AMR-R082..AMR-R089."""

from __future__ import annotations

import pytest

from rules.amunre import ENGINE
from rules.amunre.data import FAVOR_BY_ID, FAVOR_CARDS
from rules.amunre.state import draw_favor
from tests.rules.amunre.scenario import (
    auction_with,
    decision,
    gold,
    harvest_state,
    offering_state,
    options,
    play,
    purchase_state,
    restart_harvest,
    seal_all,
    set_hand,
)

ALL = {card.id: 1 for card in FAVOR_CARDS}
HOLD = {0: ["thebes"], 1: ["mendes"], 2: ["memphis"]}
PHASE_OPTIONS = {
    "auction": ("protection", "bribe"),
    "purchase": ("architect", "extra_farmer"),
    "offering": ("offering_adjust",),
    "harvest": ("bountiful_harvest", "fixed_income"),
}
CARD_TOKENS = {
    "protection": "+protect",
    "bribe": "bribe:",
    "architect": "architect:",
    "extra_farmer": "extrafarmer:",
    "offering_adjust": "+adjust",
    "bountiful_harvest": "bountiful:",
    "fixed_income": "fixed:",
}


def played_tokens(opts):
    return {
        card
        for card, token in CARD_TOKENS.items()
        if any(token in o and not o.startswith("sell:") for o in opts)
    }


@pytest.mark.rule("AMR-R082")
def test_catalogue_counts():
    counts = {card.id: card.copies for card in FAVOR_CARDS}
    assert sum(counts.values()) == 39
    assert counts["architect"] == 8 and counts["protection"] == 2
    assert FAVOR_BY_ID["offering_adjust"].phase == "offering"


@pytest.mark.rule("AMR-R083")
def test_cards_play_only_in_their_colour_phase():
    auction = auction_with(["thebes", "abydos", "dakhla"])
    set_hand(auction, 0, **ALL)
    auction, _ = play(auction, (0, "bid:thebes:0"), (1, "bid:thebes:1"), (2, "bid:abydos:0"))
    assert played_tokens(options(auction, 0)) == {"protection", "bribe"}
    purchase = purchase_state(holdings=HOLD)
    set_hand(purchase, 0, **ALL)
    purchase["provinces"]["thebes"]["stones"] = 2
    assert played_tokens(options(purchase, 0)) == {"architect", "extra_farmer"}
    offering = offering_state(holdings=HOLD)
    set_hand(offering, 0, **ALL)
    assert played_tokens(options(offering, 0)) == {"offering_adjust"}
    harvest = harvest_state(holdings=HOLD)
    set_hand(harvest, 0, **ALL)
    restart_harvest(harvest)
    assert played_tokens(options(harvest, 0)) == {"bountiful_harvest", "fixed_income"}


@pytest.mark.rule("AMR-R084")
def test_never_two_cards_of_one_type_in_a_phase():
    state = auction_with(["thebes", "abydos", "dakhla"])
    set_hand(state, 0, protection=2)
    state, _ = play(state, (0, "bid:thebes:0+protect"), (1, "bid:thebes:3"), (2, "bid:abydos:0"))
    assert state["players"][0]["hand"] == {"protection": 1}
    assert not any("+protect" in o for o in options(state, 0))
    purchase = purchase_state(holdings={0: ["thebes", "abu"], 1: ["mendes"], 2: ["memphis"]})
    set_hand(purchase, 0, architect=2)
    purchase["provinces"]["thebes"]["stones"] = 2
    purchase["provinces"]["abu"]["stones"] = 2
    purchase, _ = play(purchase, (0, "architect:thebes"))
    assert not any(o.startswith("architect:") for o in options(purchase, 0))
    # several different types in one phase are fine
    state = auction_with(["thebes", "abydos", "dakhla"])
    set_hand(state, 0, protection=1, bribe=1, architect=1)
    state, _ = play(state, (0, "bid:thebes:0"), (1, "bid:thebes:1"), (2, "bid:abydos:0"))
    assert "bribe:3+protect" in options(state, 0)


@pytest.mark.rule("AMR-R085")
def test_played_sold_offered_and_scored_cards_go_to_the_discard_pile():
    state = purchase_state(holdings=HOLD)
    set_hand(state, 0, architect=1, bribe=1)
    state["provinces"]["thebes"]["stones"] = 2
    state, _ = play(state, (0, "architect:thebes"), (0, "sell:bribe"))
    assert state["favor_discard"] == {"architect": 1, "bribe": 1}
    view = ENGINE.view(state, None)
    assert view["favor_discard"] == {"architect": 1, "bribe": 1}


@pytest.mark.rule("AMR-R086")
def test_empty_deck_reshuffles_the_discard_and_empty_sources_are_not_offered():
    state = purchase_state(holdings=HOLD)
    state["favor_deck"] = []
    state["favor_discard"] = {"bribe": 2, "architect": 1}
    card = draw_favor(state)
    assert card in ("bribe", "architect") and len(state["favor_deck"]) == 2
    assert state["favor_discard"] == {}
    state["favor_deck"] = []
    assert not any(o.startswith("buy:favor") for o in options(state, 0))
    state["favor_deck"] = ["bribe"]
    assert [o for o in options(state, 0) if o.startswith("buy:favor")] == ["buy:favor:1"]
    offering = offering_state(holdings=HOLD)
    offering["favor_deck"] = []
    offering["favor_discard"] = {}
    offering, _ = seal_all(offering, {0: "offer:3", 1: "offer:1", 2: "offer:1"})
    assert "reward:favor" not in options(offering, 0)


@pytest.mark.rule("AMR-R087")
def test_sell_offered_in_every_public_decision_not_in_the_sealed_one():
    state = auction_with(["thebes", "abydos", "dakhla"])
    set_hand(state, 0, bribe=1)
    assert "sell:bribe" in options(state, 0)
    state, events = play(state, (0, "sell:bribe"))
    assert gold(state, 0) == 21 and decision(state, 0).key == "bid"  # still its turn
    assert "sells one Bribe" in events[0].text
    purchase = purchase_state(holdings=HOLD)
    purchase, _ = play(purchase, (0, "buy:stone:1"))
    assert "sell:architect" in options(purchase, 0)  # placement step too
    offering = offering_state(holdings=HOLD)
    assert not any(o.startswith("sell:") for o in options(offering, 0))
    offering, _ = seal_all(offering, {0: "offer:3", 1: "offer:1", 2: "offer:1"})
    assert "sell:architect" in options(offering, 0)  # reward step
    harvest = harvest_state(holdings=HOLD)
    set_hand(harvest, 0, fixed_income=1)
    restart_harvest(harvest)
    assert "sell:fixed_income" in options(harvest, 0)


@pytest.mark.rule("AMR-R088")
def test_theft_card_never_sold_or_counted_and_always_returns():
    state = offering_state(holdings=HOLD)
    set_hand(state, 0)
    state["players"][0]["gold"] = 4
    opts = options(state, 0)
    assert not any("theft" in o and o.startswith("sell") for o in opts)
    assert [o for o in opts if o.startswith("offer:")][-1] == "offer:4"
    state, _ = seal_all(state, {0: "theft", 1: "offer:1", 2: "offer:1"})
    assert state["players"][0]["theft"] is True
    assert "theft" not in state["favor_discard"]


@pytest.mark.rule("AMR-R089")
def test_no_hand_limit():
    state = offering_state(holdings=HOLD)
    set_hand(state, 0, architect=8, extra_farmer=5, bribe=2, protection=2, fixed_income=3)
    state, _ = seal_all(state, {0: "offer:9", 1: "offer:1", 2: "offer:1"})
    state, _ = play(state, (0, "reward:favor"), (0, "reward:favor"), (0, "reward:favor"))
    assert sum(state["players"][0]["hand"].values()) == 20 + 3 - 0


@pytest.mark.rule("AMR-R087")
@pytest.mark.rule("AMR-R024")
def test_paying_a_shortfall_with_cards_is_selling_them_first():
    """docs/notation/amunre.md, "Rules followed exactly?": ``pay:<type>`` during a forced
    payment is the same act as ``sell:<type>`` plus paying that gold. Seat 1 holds 1 gold and
    2 Bribes and wins Thebes for 3: selling both Bribes before bidding, or handing them over
    at settlement, leaves exactly the same game."""

    def start():
        state = auction_with(["thebes", "abydos", "dakhla"])
        state["players"][0]["gold"] = 1
        set_hand(state, 0, bribe=2, architect=1)
        return state

    sold_first, _ = play(
        start(),
        (0, "sell:bribe"),
        (0, "sell:bribe"),
        (0, "bid:thebes:3"),
        (1, "bid:abydos:0"),
        (2, "bid:dakhla:0"),
    )
    paid_later, _ = play(start(), (0, "bid:thebes:3"), (1, "bid:abydos:0"), (2, "bid:dakhla:0"))
    assert decision(paid_later, 0).key == "pay" and paid_later["debt"]["amount"] == 2
    assert "sell:bribe" not in options(paid_later, 0)  # one id for the one act
    paid_later, _ = play(paid_later, (0, "pay:bribe"), (0, "pay:bribe"))
    assert ENGINE.dump(paid_later) == ENGINE.dump(sold_first)
    assert gold(paid_later, 0) == 0 and paid_later["favor_discard"]["bribe"] == 2
