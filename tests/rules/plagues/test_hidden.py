"""``sample_hidden`` and the never-peek law for 10 Plagues (issue 13 item 2): what a seat
cannot see (reserve, deck orders, others' Edfu and Buto draws, the solo AI's face-down die
cards, the random state) is redrawn; what it sees or knows stays."""

from __future__ import annotations

from collections import Counter

import pytest

from rules.core import Rng
from rules.plagues import ENGINE
from rules.plagues.data import CELLS, LOSS_CARDS
from rules.plagues.dice import edfu_draw
from rules.plagues.state import area_cells
from rules.testing import check_hidden_law, hidden_zones_differ, mixed_option, random_playout
from tests.rules.plagues.scenario import new

SEEDS = range(12)
STRIDE = 9  # every 9th state of a playout: the law runs in a few seconds per seat count


def samples(state: dict, seat: int) -> list[dict]:
    return [ENGINE.sample_hidden(state, seat, Rng.from_seed(seed)) for seed in SEEDS]


def test_reserve_order_redrawn_counts_kept():
    state = new(3, 2)
    drawn = samples(state, 0)
    for sample in drawn:
        assert Counter(sample["reserve"]) == Counter(state["reserve"])
        assert sample["dice_spaces"] == state["dice_spaces"]
        assert sample["territories"] == state["territories"]
    assert any(hidden_zones_differ(ENGINE, drawn[0], s, ["reserve"]) for s in drawn[1:])


def test_other_decks_redrawn_counts_kept():
    state = new(4, 3)
    drawn = samples(state, 2)
    for sample in drawn:
        for zone in ("plague_deck", "hebrew_reserve", "territory_deck"):
            assert Counter(sample[zone]) == Counter(state[zone])
    for zone in ("plague_deck", "hebrew_reserve", "territory_deck", "loss_deck", "rng"):
        assert any(hidden_zones_differ(ENGINE, drawn[0], s, [zone]) for s in drawn[1:])


def test_loss_cards_stay_in_their_pile():
    """PLG-R020: the 1-loss cards lie on the 2-loss ones on the 3-loss ones: that is known."""
    state = new(2, 5)
    piles = [len(LOSS_CARDS[card]) for card in state["loss_deck"]]
    for sample in samples(state, 0):
        assert [len(LOSS_CARDS[card]) for card in sample["loss_deck"]] == piles


def test_others_edfu_tiles_redrawn_own_kept():
    state = new(3, 4)
    state["players"][1]["province"] = "edfu"
    edfu_draw(state, 1, [])
    tiles = state["players"][1]["drawn_tiles"]
    assert len(tiles) == 6
    pool = Counter(state["reserve"]) + Counter(tiles)
    drawn = samples(state, 0)
    for sample in drawn:
        held = sample["players"][1]["drawn_tiles"]
        assert len(held) == 6
        assert Counter(sample["reserve"]) + Counter(held) == pool
    assert any(Counter(s["players"][1]["drawn_tiles"]) != Counter(tiles) for s in drawn)
    assert all(s["players"][1]["drawn_tiles"] == tiles for s in samples(state, 1))
    for seat in range(3):
        check_hidden_law(ENGINE, state, seat, seed=seat)


def test_edfu_tiles_redrawn_stay_receivable():
    """Kept Edfu tiles tell everybody one of them fits: on a full board only the coin does."""
    state = new(3, 4)
    player = state["players"][1]
    for cell in CELLS:
        player["cells"][cell] = player["cells"][cell] or "egyptian"
    board = [tile for tile in state["reserve"] if area_cells(tile)]
    state["reserve"] = board[6:]
    player["drawn_tiles"] = board[:5] + ["coin"]
    drawn = samples(state, 0)
    assert all("coin" in s["players"][1]["drawn_tiles"] for s in drawn)
    assert any(s["players"][1]["drawn_tiles"] != player["drawn_tiles"] for s in drawn)


def test_buto_cards_own_bottom_kept_others_redrawn():
    state = new(3, 6)
    deck = state["territory_deck"]
    theirs_under = deck.pop()
    deck.insert(0, theirs_under)
    state["players"][1]["buto_bottom"] = [theirs_under]
    mine = [deck.pop(), deck.pop()]
    for card in mine:
        deck.insert(0, card)
    state["players"][0]["buto_bottom"] = list(mine)
    picked = state["territories"].pop()
    state["players"][1]["drawn_cards"] = [picked, deck.pop(), deck.pop()]
    pool = Counter(deck) + Counter(state["players"][1]["drawn_cards"][1:])
    drawn = samples(state, 0)
    for sample in drawn:
        cards = sample["players"][1]["drawn_cards"]
        assert cards[0] == picked and len(cards) == 3
        assert sample["territory_deck"][:2] == deck[:2] == list(reversed(mine))
        assert Counter(sample["territory_deck"]) + Counter(cards[1:]) == pool
        assert sample["players"][1]["buto_bottom"][0] in sample["territory_deck"]
    assert any(s["players"][1]["drawn_cards"] != state["players"][1]["drawn_cards"] for s in drawn)
    assert any(s["players"][1]["buto_bottom"] != [theirs_under] for s in drawn)


def test_solo_ai_face_down_die_cards_redrawn():
    state = new(1, 7)
    state["ai_pos"] = 2
    row = state["ai_row"]
    drawn = samples(state, 0)
    for sample in drawn:
        assert sample["ai_row"][:2] == row[:2]
        assert sorted(sample["ai_row"][2:]) == sorted(row[2:])
    assert any(s["ai_row"] != row for s in drawn)


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
