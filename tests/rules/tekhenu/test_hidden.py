"""Hidden information (C.1) and sealed decisions (C.2); ``sample_hidden`` and the never-peek
law (issue 13 item 2): what a seat cannot see is redrawn, what it knows stays."""

from __future__ import annotations

import pytest

from rules.core import Rng, canonical_json
from rules.tekhenu import ENGINE, cards
from rules.tekhenu.solo import advance_progress
from rules.tekhenu.state import roll
from rules.testing import (
    check_hidden_information,
    check_hidden_law,
    hidden_zones_differ,
    mixed_option,
    random_playout,
)
from tests.rules.tekhenu.scenario import at_turn, new, play


@pytest.mark.rule("TEK-R030")
def test_decrees_never_in_the_public_view():
    state = at_turn(4, 3)
    public = canonical_json(ENGINE.view(state, None)).decode()
    for seat, player in enumerate(state["players"]):
        for card in player["decrees"]:
            assert f'"{card}"' not in public
        mine = ENGINE.view(state, seat)
        assert mine["me"]["decrees"] == sorted(player["decrees"])
        other = ENGINE.view(state, (seat + 1) % 4)
        assert other["me"]["decrees"] != mine["me"]["decrees"] or not player["decrees"]
    assert all(p["decrees"] == 1 for p in ENGINE.view(state, None)["players"])


def test_sealed_decree_choice_hides_answers():
    state = new(3, 9)
    assert check_hidden_information(ENGINE, state) == 3
    state, events = play(state, (0, ENGINE.decision_for(state, 0).options[1].id))
    assert all(e.private_to in (None, 0) for e in events)
    assert [e for e in events if e.private_to is None][0].text == "Seat 1 has chosen a Decree."
    assert ENGINE.view(state, 0)["me"]["sealed"].startswith("keep:")
    assert ENGINE.view(state, 1)["me"]["sealed"] is None


def test_deck_order_and_bag_are_not_shown():
    state = at_turn(2, 4)
    view = ENGINE.view(state, None)
    assert set(view["decks"]) == {"blessing", "technology", "decree"}
    assert all(isinstance(n, int) for n in view["decks"].values())
    assert isinstance(view["pillar_pile"], int)
    text = canonical_json(view).decode()
    assert "rng" not in text


def test_maat_faith_sealed():
    state = at_turn(3, 6)
    state["stack"] = []
    for s in range(3):
        state["players"][s]["faith"] = 1
    state["flow"] = "maat_start"
    from rules.tekhenu.machine import advance

    advance(state, [])
    assert check_hidden_information(ENGINE, state) == 3


# --- sample_hidden (issue 13 item 2) ---------------------------------------------------------
SEEDS = range(12)
STRIDE = 9  # every 9th state of a playout: the law runs in a few seconds per seat count


def samples(state: dict, seat: int) -> list[dict]:
    return [ENGINE.sample_hidden(state, seat, Rng.from_seed(seed)) for seed in SEEDS]


def decree_cards(state: dict) -> list[str]:
    """Every Decree outside the market and the discards: deck, hands and dealt pairs."""
    cards = list(state["decks"]["decree"])
    for player in state["players"]:
        cards += player["decrees"] + player.get("dealt", [])
    return sorted(cards)


def swap_into(state: dict, seat: int, card: str, known: bool = False) -> None:
    """Give ``seat`` the Decree ``card`` from the deck (face up from the market if known)."""
    state["decks"]["decree"].remove(card)
    state["players"][seat]["decrees"].append(card)
    if known:
        state["players"][seat]["known"].append(card)


def test_another_seats_sealed_decree_is_redrawn_and_own_kept():
    state = new(3, 9)
    mine = ENGINE.decision_for(state, 0).options[0].id
    theirs = ENGINE.decision_for(state, 1).options[1].id
    state, _ = play(state, (0, mine), (1, theirs))
    drawn = samples(state, 0)
    for sample in drawn:
        assert sample["sealed"]["0"] == mine
        assert sample["players"][0]["dealt"] == state["players"][0]["dealt"]
        assert sample["sealed"]["1"].removeprefix("keep:") in sample["players"][1]["dealt"]
        assert len(sample["players"][2]["dealt"]) == 2
        assert decree_cards(sample) == decree_cards(state)
    assert any(s["players"][1]["dealt"] != state["players"][1]["dealt"] for s in drawn)
    assert len({s["sealed"]["1"] for s in drawn}) > 2
    for seat in range(3):
        check_hidden_law(ENGINE, state, seat, seed=seat)


def test_secret_decrees_redrawn_known_ones_kept():
    state = at_turn(3, 4)
    swap_into(state, 1, state["decks"]["decree"][0], known=True)
    known = state["players"][1]["known"][0]
    drawn = samples(state, 0)
    for sample in drawn:
        other = sample["players"][1]
        assert known in other["decrees"]
        assert len(other["decrees"]) == 2
        assert sample["players"][0]["decrees"] == state["players"][0]["decrees"]
        assert decree_cards(sample) == decree_cards(state)
    assert any(s["players"][1]["decrees"] != state["players"][1]["decrees"] for s in drawn)
    state["players"][1]["revealed"] = sorted(state["players"][1]["decrees"])
    assert all(
        s["players"][1]["decrees"] == state["players"][1]["decrees"] for s in samples(state, 0)
    )


def test_d23_answer_follows_the_redrawn_decrees():
    """A sealed "use D23" answer stays only where the sample left D23."""
    state = at_turn(3, 4)
    swap_into(state, 1, "D23")
    state["stack"].append({"k": "d23", "waiting": [0, 2]})
    state["sealed"] = {"1": "d23"}
    drawn = samples(state, 0)
    for sample in drawn:
        holds = "D23" in sample["players"][1]["decrees"]
        assert sample["sealed"]["1"] in (("d23", "skip") if holds else ("skip",))
    assert any("D23" not in s["players"][1]["decrees"] for s in drawn)
    for seat in range(3):
        check_hidden_law(ENGINE, state, seat, seed=seat)


def test_cards_drawn_with_s05_redrawn_for_others_only():
    state = at_turn(3, 4)
    deck = state["decks"]["technology"]
    state["players"][1]["drawn"] = [deck.pop(), deck.pop()]
    pool = sorted(deck + state["players"][1]["drawn"])
    drawn = samples(state, 0)
    for sample in drawn:
        held = sample["players"][1]["drawn"]
        assert len(held) == 2
        assert sorted(sample["decks"]["technology"] + held) == pool
    assert any(s["players"][1]["drawn"] != state["players"][1]["drawn"] for s in drawn)
    assert all(s["players"][1]["drawn"] == state["players"][1]["drawn"] for s in samples(state, 1))


def test_deck_and_pile_order_redrawn_counts_kept():
    state = at_turn(4, 2)
    drawn = samples(state, 0)
    for sample in drawn:
        for kind, deck in state["decks"].items():
            assert len(sample["decks"][kind]) == len(deck)
        assert sorted(sample["pile"]) == sorted(state["pile"])
        assert sorted(sample["decks"]["blessing"]) == sorted(state["decks"]["blessing"])
        assert sample["market"] == state["market"] and sample["bag"] == state["bag"]
    for zone in ("pile", "decks"):
        assert any(hidden_zones_differ(ENGINE, drawn[0], s, [zone]) for s in drawn[1:])


def test_a_future_die_differs():
    state = at_turn(2, 3)
    assert len({roll(ENGINE.copy(state)) for _ in SEEDS}) == 1  # the state fixes the die
    assert len({roll(sample) for sample in samples(state, 0)}) > 1


def test_botankhamun_future_flips_redrawn():
    """Botankhamun is a rule, not a seat: its next Deben flip (TEK-R310) is a future draw."""
    state = at_turn(1, 5)
    state["solo"]["progress"] = 0  # on the base: the next bot turn flips the Deben
    drawn = samples(state, 0)
    assert all(s["solo"] == state["solo"] for s in drawn)  # the pyramid lies face up
    flips = [advance_progress(s) for s in drawn]
    assert len({advance_progress(ENGINE.copy(state)) for _ in SEEDS}) == 1
    assert len(set(flips)) > 1


@pytest.mark.parametrize("seats", [1, 2, 3, 4])
def test_never_peek_law_over_playouts(seats):
    """Every few moves of half-AI, half-random games, for every seat: the sample looks the
    same to the seat and to the public, and the baseline AI answers the same on it."""
    checked = 0
    for seed in (1, 2):
        playout = random_playout(ENGINE, seats, seed, chooser=mixed_option, keep_states=True)
        for index, state in enumerate(playout.states[::STRIDE]):
            for seat in range(len(state["players"])):
                check_hidden_law(ENGINE, state, seat, seed * 1000 + index)
                checked += 1
    assert checked > 20


def returned_decrees(seats: int, seed: int) -> dict:
    """A game just after every player kept one Decree and sent the other under the deck."""
    state = new(seats, seed)
    for seat in range(seats):
        state, _ = play(state, (seat, ENGINE.decision_for(state, seat).options[0].id))
    return state


@pytest.mark.rule("TEK-R030")
def test_returned_decrees_are_recorded_at_the_bottom_of_the_deck_in_seat_order():
    state = returned_decrees(3, 4)
    deck = state["decks"]["decree"]
    assert [who for who, _card in state["decree_bottom"]] == [2, 1, 0]
    assert [card for _who, card in state["decree_bottom"]] == deck[:3]
    assert "decree_bottom" not in canonical_json(ENGINE.view(state, None)).decode()


@pytest.mark.rule("TEK-R030")
def test_the_own_returned_decree_stays_at_its_place_others_are_unseen():
    state = returned_decrees(3, 4)
    own_place, own_card = 2, state["decks"]["decree"][2]  # seat 0 returned first: highest
    drawn = samples(state, 0)
    for sample in drawn:
        deck = sample["decks"]["decree"]
        assert deck[own_place] == own_card
        assert sample["decree_bottom"][own_place] == [0, own_card]
        assert [card for _who, card in sample["decree_bottom"]] == deck[:3]  # consistent
        assert decree_cards(sample) == decree_cards(state)
    assert len({s["decks"]["decree"][0] for s in drawn}) > 1  # seat 2's card is unseen to 0


def test_a_drawn_returned_decree_leaves_the_record():
    state = returned_decrees(2, 5)
    deck = state["decks"]["decree"]
    while len(deck) > 1:
        cards.draw_card(state, "decree")
    assert state["decree_bottom"] == [[1, deck[0]]]
    cards.draw_card(state, "decree")
    assert state["decree_bottom"] == []
    check_hidden_law(ENGINE, state, 0, seed=1)


def test_a_state_stored_without_decree_bottom_loads_unchanged_with_nothing_known():
    raw = ENGINE.dump(returned_decrees(2, 6))
    del raw["decree_bottom"]
    state = ENGINE.load(raw)
    assert ENGINE.dump(state) == raw  # the stored form is kept as it was
    own_card = state["decks"]["decree"][0]  # seat 1 returned it last: it lies lowest
    assert any(s["decks"]["decree"][0] != own_card for s in samples(state, 1))  # not known
    check_hidden_law(ENGINE, state, 1, seed=2)
    cards.draw_card(state, "decree")  # drawing works without the record
    assert "decree_bottom" not in state
