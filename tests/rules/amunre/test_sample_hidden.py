"""Issue 13 item 2, the AI never peeks: ``sample_hidden`` redraws what a seat cannot see
(other hands, sealed offerings, deck order, bonus cards) and keeps what it knows."""

from __future__ import annotations

from collections import Counter

import pytest

from rules.amunre import ENGINE
from rules.core import Rng
from rules.testing import check_hidden_law, hidden_zones_differ, mixed_option, random_playout
from tests.rules.amunre.scenario import offering_state, play, purchase_state

HOLD = {0: ["thebes"], 1: ["mendes"], 2: ["memphis"]}


def give(state, seat: int, *cards: str) -> None:
    """Move cards from the favor deck into a hand, so the cards stay conserved."""
    for card in cards:
        state["favor_deck"].remove(card)
        hand = state["players"][seat]["hand"]
        hand[card] = hand.get(card, 0) + 1


def samples(state, seat: int, seeds=range(8)):
    return [ENGINE.sample_hidden(state, seat, Rng.from_seed(seed)) for seed in seeds]


def favor_cards_everywhere(state) -> Counter:
    cards = Counter(state["favor_deck"]) + Counter(state["favor_discard"])
    for player in state["players"]:
        cards += Counter(player["hand"])
    for bonus in (state["auction"] or {}).get("bonus_favor", {}).values():
        cards += Counter(bonus)
    return cards


def test_another_seats_sealed_offering_is_redrawn_and_the_own_one_kept():
    state = offering_state(holdings=HOLD)
    give(state, 0, "offering_adjust")
    state, _ = play(state, (0, "offer:4+adjust"), (2, "offer:9"))
    drawn = samples(state, 0)
    for sample in drawn:
        sealed = sample["offering"]["sealed"]
        assert sealed["0"] == {"theft": False, "amount": 4, "adjust": True}
        assert set(sealed) == {"0", "2"}
    assert len({str(sample["offering"]["sealed"]["2"]) for sample in drawn}) > 1
    check_hidden_law(ENGINE, state, 0, 5)
    check_hidden_law(ENGINE, state, 1, 5)  # seat 1 has not answered: its decision is kept


def test_hands_keep_their_sizes_and_every_card_is_conserved():
    state = offering_state(holdings=HOLD)
    give(state, 1, "extra_farmer", "extra_farmer", "bountiful_harvest")
    give(state, 2, "offering_adjust")
    before = favor_cards_everywhere(state)
    drawn = samples(state, 0)
    for sample in drawn:
        assert [sum(p["hand"].values()) for p in sample["players"]] == [1, 4, 2]
        assert sample["players"][0]["hand"] == state["players"][0]["hand"]
        assert len(sample["favor_deck"]) == len(state["favor_deck"])
        assert favor_cards_everywhere(sample) == before
    assert len({str(sample["players"][1]["hand"]) for sample in drawn}) > 1


def test_deck_order_and_unseen_provinces_differ_across_seeds():
    state = ENGINE.new_game(3, {}, 21)
    revealed = set(state["auction"]["revealed"])
    drawn = samples(state, 1)
    for sample in drawn:
        assert len(sample["province_deck"]) == 6
        assert not revealed & set(sample["province_deck"])
        assert set(sample["province_cards"]) == revealed | set(sample["province_deck"])
    assert len({tuple(sample["province_deck"]) for sample in drawn}) > 1
    assert len({tuple(sample["favor_deck"]) for sample in drawn}) > 1
    assert len({sample["rng"] for sample in drawn}) == len(drawn)
    assert hidden_zones_differ(ENGINE, drawn[0], drawn[1], ["province_deck", "favor_deck"])


def test_new_kingdom_deck_holds_the_same_provinces_in_another_order():
    state = ENGINE.new_game(3, {}, 4)
    state["kingdom"] = 2
    for sample in samples(state, 0):
        assert sorted(sample["province_deck"]) == sorted(state["province_deck"])
        assert sample["province_cards"] == state["province_cards"]


@pytest.mark.parametrize("seats", [3, 4, 5])
def test_the_law_holds_over_random_playouts(seats):
    """Every 13th state, every seat, two seeds: the law, and the two samples differ."""
    checked = differ = 0
    for seed in range(2):
        playout = random_playout(ENGINE, seats, 70 + seed, chooser=mixed_option, keep_states=True)
        for index, state in enumerate(playout.states[::13]):
            for seat in range(seats):
                first = check_hidden_law(ENGINE, state, seat, index)
                second = check_hidden_law(ENGINE, state, seat, index + 1)
                checked += 1
                differ += hidden_zones_differ(ENGINE, first, second)
    assert checked > 40 and differ == checked


@pytest.mark.rule("AMR-R004")
def test_a_starting_architect_never_discarded_stays_in_its_holders_hand():
    state = offering_state(holdings=HOLD)
    give(state, 1, "bribe", "bribe", "extra_farmer")
    give(state, 2, "offering_adjust")
    assert [p["known_cards"] for p in state["players"]] == [{"architect": 1}] * 3
    for sample in samples(state, 0, range(20)):
        for other in (1, 2):
            assert sample["players"][other]["hand"].get("architect", 0) >= 1
            assert sample["players"][other]["known_cards"] == {"architect": 1}


@pytest.mark.rule("AMR-R085")
def test_a_discarded_architect_is_no_longer_known_so_it_may_be_redrawn_away():
    state = purchase_state(start=1, holdings=HOLD)
    give(state, 1, "bribe", "bribe")
    state, _ = play(state, (1, "sell:architect"))
    assert state["players"][1]["known_cards"] == {}
    assert state["players"][2]["known_cards"] == {"architect": 1}
    hands = [sample["players"][1]["hand"] for sample in samples(state, 0, range(20))]
    assert all(sum(hand.values()) == 2 for hand in hands)
    assert any(hand != {"bribe": 2} for hand in hands)


def test_known_cards_are_public_and_a_drawn_architect_keeps_one_known():
    state = purchase_state(start=2, holdings=HOLD)
    give(state, 2, "architect")
    state, _ = play(state, (2, "sell:architect"))
    view = ENGINE.view(state, None)
    assert view["players"][2]["known_cards"] == {}
    assert view["players"][1]["known_cards"] == {"architect": 1}
    # Seat 2 still holds one Architect, but nobody can tell which: none is known.
    assert state["players"][2]["hand"] == {"architect": 1}


def test_a_state_stored_without_known_cards_loads():
    fresh_state = ENGINE.new_game(3, {}, 5)
    raw = ENGINE.dump(fresh_state)
    for player in raw["players"]:
        del player["known_cards"]
    first_round = ENGINE.load(raw)
    assert [p["known_cards"] for p in first_round["players"]] == [{"architect": 1}] * 3
    raw["round"] = 2
    later = ENGINE.load(raw)
    assert [p["known_cards"] for p in later["players"]] == [{}] * 3
    check_hidden_law(ENGINE, later, 0, 3)
