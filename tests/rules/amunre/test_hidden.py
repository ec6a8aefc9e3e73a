"""Hidden information and simultaneous decisions: AMR-R090..AMR-R094."""

from __future__ import annotations

import random

import pytest

from rules.amunre import ENGINE
from rules.core import canonical_json
from rules.testing import check_hidden_information, mixed_option, random_playout
from tests.rules.amunre.scenario import auction_with, offering_state, play, set_hand

HOLD = {0: ["thebes"], 1: ["mendes"], 2: ["memphis"]}
PUBLIC_KEYS = {
    "game",
    "seats",
    "kingdom",
    "round",
    "phase",
    "start_player",
    "acting",
    "tile",
    "collective_offering",
    "favor_deck",
    "province_deck",
    "favor_discard",
    "provinces",
    "players",
}
PROVINCE_KEYS = {
    "id",
    "name",
    "region",
    "bank",
    "nile",
    "row",
    "col",
    "fields",
    "favor_limit",
    "gold_mine",
    "caravan",
    "temples",
    "immediate",
    "owner",
    "farmers",
    "extra_farmers",
    "stones",
    "pyramids",
    "in_auction",
    "bid",
    "blocked",
}
PLAYER_KEYS = {
    "seat",
    "score",
    "gold",
    "favor_cards",
    "known_cards",
    "has_theft",
    "provinces",
    "answered",
    "offering",
    "rank",
}


@pytest.mark.rule("AMR-R090")
def test_public_view_schema_and_public_counts():
    state = auction_with(["thebes", "abydos", "dakhla"])
    set_hand(state, 0, architect=1, bribe=2)
    state, _ = play(state, (0, "bid:thebes:6"))
    view = ENGINE.view(state, None)
    assert PUBLIC_KEYS <= set(view) and "me" not in view
    assert all(PROVINCE_KEYS <= set(p) for p in view["provinces"]) and len(view["provinces"]) == 15
    assert all(PLAYER_KEYS <= set(p) for p in view["players"])
    assert view["players"][0]["gold"] == 20 and view["players"][0]["favor_cards"] == 3
    assert view["players"][0]["has_theft"] is True
    assert view["acting"] == [1] and view["phase"] == "auction"
    thebes = next(p for p in view["provinces"] if p["id"] == "thebes")
    assert thebes["bid"] == {"seat": 0, "value": 6}
    # The starting Architects are public (AMR-R004); every other card type stays private.
    assert [p.pop("known_cards") for p in view["players"]] == [{"architect": 1}] * 3
    text = canonical_json(view).decode()
    assert "bribe" not in text and "architect" not in text


@pytest.mark.rule("AMR-R091")
def test_private_view_adds_only_the_own_hand_and_sealed_answer():
    state = offering_state(holdings=HOLD)
    set_hand(state, 1, bribe=2)
    state, events = play(state, (1, "offer:4"))
    mine = ENGINE.view(state, 1)
    assert mine["me"] == {"seat": 1, "hand": {"bribe": 2}, "sealed": "offer:4"}
    other = ENGINE.view(state, 0)
    assert other["me"]["sealed"] is None and "bribe" not in canonical_json(other).decode()
    assert [e.private_to for e in events if "offer:4" in str(e.data)] == [1]


@pytest.mark.rule("AMR-R092")
def test_deck_order_bonus_cards_and_removed_provinces_never_show():
    state = ENGINE.new_game(3, {}, 21)
    other = ENGINE.copy(state)
    other["favor_deck"].reverse()
    for pid, cards in other["auction"]["bonus_favor"].items():
        other["auction"]["bonus_favor"][pid] = ["bribe"] * len(cards)
    removed = [p for p in other["provinces"] if p not in other["province_cards"]]
    other["province_cards"] = sorted(other["province_cards"][:-1] + removed[:1])
    other["province_deck"].reverse()
    for seat in (None, 0, 1, 2):
        assert canonical_json(ENGINE.view(state, seat)) == canonical_json(ENGINE.view(other, seat))


@pytest.mark.rule("AMR-R093")
def test_sealed_offering_passes_the_hidden_information_law():
    state = offering_state(holdings=HOLD)
    set_hand(state, 0, offering_adjust=1, bribe=3)
    assert check_hidden_information(ENGINE, state) == 3
    state, _ = play(state, (2, "theft"))
    assert check_hidden_information(ENGINE, state) == 2
    before = ENGINE.view(state, None)
    state, _ = play(state, (0, "offer:23+adjust"))
    after = ENGINE.view(state, None)
    assert after["players"][0]["gold"] == before["players"][0]["gold"]
    assert after["players"][0]["favor_cards"] == before["players"][0]["favor_cards"]
    assert after["favor_discard"] == before["favor_discard"]


def _shape(state):
    return [(d.seat, d.key, d.prompt, d.secret) for d in ENGINE.pending(state)]


def _swap_hands(state):
    """Same card counts, different types, for every seat."""
    other = ENGINE.copy(state)
    for player in other["players"]:
        count = sum(player["hand"].values())
        player["hand"] = {"master_scribes": count} if count else {}
    return other


@pytest.mark.rule("AMR-R094")
@pytest.mark.parametrize("seed", range(4))
def test_decision_shape_does_not_depend_on_hidden_cards(seed):
    checked = 0

    def on_step(before, after, move):
        nonlocal checked
        if after["phase"] in ("harvest", "over"):
            return  # AMR-R060 is the one deliberate exception
        swapped = _swap_hands(after)
        assert _shape(after) == _shape(swapped)
        assert canonical_json(ENGINE.view(after, None)) == canonical_json(
            ENGINE.view(swapped, None)
        )
        checked += 1

    random_playout(ENGINE, 3 + seed % 3, seed, chooser=mixed_option, on_step=on_step)
    assert checked > 50


def test_offering_list_is_bounded_by_gold_and_cards():
    state = offering_state(holdings=HOLD)
    state["players"][0]["gold"] = 60
    decision = ENGINE.decision_for(state, 0)
    assert len(decision.options) == 62  # theft + offer:1..61
    assert random.Random(0).choice(decision.options).label
