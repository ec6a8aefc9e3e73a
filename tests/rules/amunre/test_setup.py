"""Setup and game structure: AMR-R001..AMR-R010, AMR-R082."""

from __future__ import annotations

from collections import Counter

import pytest

import rules
from rules.amunre import ENGINE
from rules.amunre.data import FAVOR_CARDS, PROVINCE_IDS
from rules.core import IllegalMove
from rules.testing import random_playout
from tests.rules.amunre.scenario import fresh, play, purchase_state


def test_registered():
    assert rules.get("amunre") is ENGINE
    assert (ENGINE.title, ENGINE.min_players, ENGINE.max_players) == ("Amun-Re", 3, 5)


@pytest.mark.rule("AMR-R001")
@pytest.mark.parametrize("seats", [1, 2, 6])
def test_refuses_other_seat_counts(seats):
    with pytest.raises(IllegalMove):
        ENGINE.new_game(seats, {}, 1)


@pytest.mark.rule("AMR-R001")
@pytest.mark.parametrize("seats", [3, 4, 5])
def test_accepts_three_to_five(seats):
    assert ENGINE.new_game(seats, {}, 1)["seats"] == seats


@pytest.mark.rule("AMR-R002")
@pytest.mark.rule("AMR-R003")
@pytest.mark.rule("AMR-R004")
def test_starting_holdings():
    state = fresh(4)
    for player in state["players"]:
        assert player["gold"] == 20 and isinstance(player["gold"], int)
        assert player["theft"] is True
        assert player["hand"] == {"architect": 1}


@pytest.mark.rule("AMR-R004")
@pytest.mark.rule("AMR-R082")
@pytest.mark.parametrize("seats", [3, 4, 5])
def test_favor_deck_is_39_minus_n(seats):
    state = ENGINE.new_game(seats, {}, 3)
    bonus = sum(len(c) for c in state["auction"]["bonus_favor"].values())
    assert len(state["favor_deck"]) + bonus == 39 - seats
    total = Counter(state["favor_deck"])
    for cards in state["auction"]["bonus_favor"].values():
        total.update(cards)
    total["architect"] += seats
    assert total == Counter({c.id: c.copies for c in FAVOR_CARDS})
    assert sum(c.copies for c in FAVOR_CARDS) == 39
    assert "theft" not in total  # AMR-R003: Theft is not a favor card


@pytest.mark.rule("AMR-R005")
@pytest.mark.parametrize("seats", [3, 4, 5])
def test_province_deck_is_3n_cards(seats):
    state = ENGINE.new_game(seats, {}, 11)
    assert len(state["province_cards"]) == 3 * seats
    assert len(set(state["province_cards"])) == 3 * seats
    assert set(state["province_cards"]) <= set(PROVINCE_IDS)
    deck = state["province_deck"] + state["auction"]["revealed"]
    assert sorted(deck) == sorted(state["province_cards"])
    chosen = {tuple(ENGINE.new_game(3, {}, seed)["province_cards"]) for seed in range(10)}
    assert len(chosen) > 1  # drawn at random


@pytest.mark.rule("AMR-R006")
def test_start_player_random_and_turns_start_with_it():
    starts = {ENGINE.new_game(4, {}, seed)["start_player"] for seed in range(30)}
    assert starts == {0, 1, 2, 3}
    state = ENGINE.new_game(4, {}, 5)
    assert ENGINE.pending(state)[0].seat == state["start_player"]
    again = ENGINE.new_game(4, {}, 5)
    assert ENGINE.dump(again) == ENGINE.dump(state)  # seeded


@pytest.mark.rule("AMR-R007")
def test_initial_board_is_empty():
    state = fresh(5)
    assert state["tile"] is None and state["favor_discard"] == {}
    assert all(p["score"] == 0 for p in state["players"])
    for prov in state["provinces"].values():
        assert prov == {"owner": None, "farmers": 0, "extra_farmers": 0, "stones": 0, "pyramids": 0}


@pytest.mark.rule("AMR-R008")
@pytest.mark.rule("AMR-R009")
def test_phase_sequence_and_kingdoms():
    """Phases run auction -> purchase -> offering -> harvest, each finished by all seats
    before the next; 6 rounds in 2 kingdoms with scorings after rounds 3 and 6."""
    seen = []

    def watch(before, after, move):
        key = (after["round"], after["phase"])
        if not seen or seen[-1] != key:
            seen.append(key)
        if before["phase"] != after["phase"]:
            # AMR-R009: every seat finished the old phase before the new one starts
            if before["phase"] == "purchase":
                assert after["purchase"]["seat"] is None and not after["purchase"]["queue"]
            if before["phase"] == "offering":
                assert not after["offering"]["reward_queue"]
                assert not after["offering"]["adjust_queue"]
            if before["phase"] == "auction":
                assert not after["auction"]["settle"]
                rnd = (after["round"] - 1) % 3 + 1
                assert all(len(p["provinces"]) == rnd for p in after["players"])

    playout = random_playout(ENGINE, 3, 4, on_step=watch)
    order = ["auction", "purchase", "offering", "harvest"]
    rounds = {}
    for rnd, phase in seen:
        rounds.setdefault(rnd, []).append(phase)
    assert sorted(rounds) == [1, 2, 3, 4, 5, 6]
    for phases in rounds.values():
        phases = [p for p in phases if p != "over"]
        assert [p for p in order if p in phases] == phases
    assert playout.state["phase"] == "over"
    reasons = [r for _, _, r, _ in playout.state["score_log"]]
    assert reasons  # two scorings happened
    assert playout.state["kingdom"] == 2


@pytest.mark.rule("AMR-R010")
def test_supplies_are_unlimited():
    state = purchase_state(holdings={0: ["mendes"]})
    state["players"][0]["gold"] = 1000
    options = [o.id for o in ENGINE.pending(state)[0].options]
    assert "buy:stone:40" in options  # far beyond the 15 stones of the box
    state, _ = play(state, (0, "buy:stone:30"), *[(0, "stone:mendes")] * 30)
    assert state["provinces"]["mendes"]["pyramids"] == 10
