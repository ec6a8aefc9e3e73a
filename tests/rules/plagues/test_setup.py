"""Components and set-up: PLG-R001..PLG-R042."""

from __future__ import annotations

from collections import Counter

import pytest

from rules.core import IllegalMove
from rules.plagues import ENGINE as E
from rules.plagues.data import (
    BONUS_EDGES,
    CITY_CELLS,
    DISCARD_DICE,
    FIELD_CELLS,
    LINES,
    LOSS_CARDS,
    PHARAOH_CARDS,
    PLAGUE_PENALTY,
    PLAGUES,
    PROVINCE_ONCE,
    PROVINCE_TWO_SA,
    TERRITORIES,
)
from rules.plagues.state import all_tiles, area_cells, tile_type
from tests.rules.plagues.scenario import blank, new, options, resolve


@pytest.mark.rule("PLG-R001")
def test_seat_counts_and_solo():
    solo = new(1)
    assert solo["solo"] and solo["ai"] == 1 and len(solo["players"]) == 2
    for seats in (2, 3, 4):
        assert len(new(seats)["players"]) == seats
    with pytest.raises(IllegalMove):
        E.new_game(5, {}, 1)


@pytest.mark.rule("PLG-R002")
@pytest.mark.rule("PLG-R026")
@pytest.mark.rule("PLG-R265")
def test_tiles_per_player_count():
    totals = {n: len(all_tiles(new(n))) for n in (1, 2, 3, 4)}
    assert totals == {1: 48, 2: 48, 3: 60, 4: 72}
    four = Counter(tile_type(t) for t in all_tiles(new(4)))
    assert set(four) == {
        "sphinx",
        "obelisk",
        "egyptian",
        "plantation",
        "herd",
        "coin",
        "boat",
        "province",
        "pharaoh",
    }
    assert four["egyptian"] == 12 and four["pharaoh"] == 4


@pytest.mark.rule("PLG-R003")
@pytest.mark.rule("PLG-R067")
def test_only_province_tiles_have_a_value():
    state = blank()
    resolve(state, 0, {"k": "recv", "tile": "province2"})
    assert state["players"][0]["pcard"] == 2
    assert "province2" in state["players"][0]["kept"]
    resolve(state, 0, {"k": "recv", "tile": "coin"})
    assert state["players"][0]["pcard"] == 2


@pytest.mark.rule("PLG-R005")
@pytest.mark.rule("PLG-R024")
def test_hebrew_tiles():
    state = new(2)
    tiles = state["hebrews"] + state["hebrew_reserve"]
    assert Counter(tiles) == {1: 12, 2: 10, 3: 8}
    assert len(state["hebrews"]) == 3


@pytest.mark.rule("PLG-R006")
@pytest.mark.rule("PLG-R029")
@pytest.mark.rule("PLG-R030")
@pytest.mark.rule("PLG-R031")
@pytest.mark.rule("PLG-R032")
@pytest.mark.rule("PLG-R033")
def test_player_pieces():
    state = new(4, seed=3)
    view = E.view(state, None)
    for seat, pv in enumerate(view["players"]):
        assert pv["markers_left"] == [6, 9, 12]
        assert pv["occupation_left"] == ["city", "field", "river"]
        assert pv["ankh_tokens"] == {"board": 0, "supply": 2}
        assert pv["dev"] == {"city": 0, "field": 0}
        assert pv["dice_used"] == []
        assert pv["discard"] == {"A": None, "B": None}
        assert state["players"][seat]["nile"] <= 1  # boat 0 (+1 for the 3rd player)


@pytest.mark.rule("PLG-R007")
@pytest.mark.rule("PLG-R014")
@pytest.mark.rule("PLG-R015")
@pytest.mark.rule("PLG-R016")
@pytest.mark.rule("PLG-R017")
def test_shared_components():
    assert len(PLAGUES) == 10 and len(LOSS_CARDS) == 10 and len(TERRITORIES) == 30
    assert len(PHARAOH_CARDS) == 6
    cats = Counter(card["cat"] for card in TERRITORIES.values())
    assert cats == {"immediate": 7, "special_action": 8, "trade": 7, "scoring": 8}
    assert Counter(len(parts) for parts in LOSS_CARDS.values()) == {1: 2, 2: 3, 3: 5}
    assert PLAGUE_PENALTY == 3
    assert sorted(PROVINCE_ONCE) == [6, 9, 12] and PROVINCE_TWO_SA == 13


@pytest.mark.rule("PLG-R008")
@pytest.mark.rule("PLG-R034")
def test_turn_order_cards():
    firsts = {tuple(new(4, seed=s)["order"]) for s in range(12)}
    assert len({o[0] for o in firsts}) > 1  # random first player
    for order in firsts:
        assert list(order) == [(order[0] + i) % 4 for i in range(4)]  # clockwise
    state = new(4, seed=2)
    view = E.view(state, None)
    for position, seat in enumerate(state["order"]):
        assert view["players"][seat]["order"] == position + 1


@pytest.mark.rule("PLG-R009")
@pytest.mark.rule("PLG-R010")
@pytest.mark.rule("PLG-R011")
@pytest.mark.rule("PLG-R012")
@pytest.mark.rule("PLG-R013")
def test_board_layout():
    assert area_cells("sphinx") == CITY_CELLS == area_cells("obelisk")
    assert area_cells("herd") == FIELD_CELLS == area_cells("plantation")
    assert area_cells("egyptian") == CITY_CELLS + FIELD_CELLS
    for tile in ("coin", "boat", "province1", "pharaoh"):
        assert area_cells(tile) == ()
    assert len(CITY_CELLS) == 6 and len(FIELD_CELLS) == 6 and len(LINES) == 4
    assert len(BONUS_EDGES) == 8
    assert set(DISCARD_DICE) == {"A", "B"}


@pytest.mark.rule("PLG-R018")
@pytest.mark.rule("PLG-R225")
def test_papyrus_side():
    assert E.view(new(2), None)["advanced"] is False
    normal, advanced = new(2), new(2, advanced="on")
    for state in (normal, advanced):
        state["round"] = 4
    assert E.view(normal, None)["tribute"] == 3 and E.view(advanced, None)["tribute"] == 4
    assert E.view(normal, None)["ankh_needed"] == 1 and E.view(advanced, None)["ankh_needed"] == 2


@pytest.mark.rule("PLG-R019")
@pytest.mark.rule("PLG-R021")
@pytest.mark.rule("PLG-R040")
def test_decks_shuffled_and_revealed():
    a, b = new(2, seed=1), new(2, seed=2)
    assert a["plague_deck"] != b["plague_deck"] or a["territory_deck"] != b["territory_deck"]
    for state in (a, b):
        assert state["plague"] in PLAGUES and len(state["plague_deck"]) == 9
        assert len(state["territories"]) == 3 and len(state["territory_deck"]) == 27
        assert state["loss"] is not None


@pytest.mark.rule("PLG-R020")
@pytest.mark.rule("PLG-R137")
def test_loss_deck_stacked():
    state = new(2, seed=5)
    deck = [state["loss"]] + state["loss_deck"][::-1]
    assert [len(LOSS_CARDS[c]) for c in deck] == [1, 1, 2, 2, 2, 3, 3, 3, 3, 3]


@pytest.mark.rule("PLG-R022")
@pytest.mark.rule("PLG-R023")
@pytest.mark.rule("PLG-R025")
def test_collective_start():
    state = new(3)
    assert state["pharaoh"] == [None] * 6 and state["round"] == 1
    assert E.view(state, None)["moses_rounds"] == [3, 6, 9]


@pytest.mark.rule("PLG-R027")
def test_six_dice_spaces_filled():
    state = new(2)
    assert all(state["dice_spaces"]) and len(state["dice_spaces"]) == 6


@pytest.mark.rule("PLG-R028")
def test_provinces_dealt():
    state = new(4)
    assert sorted(p["province"] for p in state["players"]) == ["abydos", "buto", "edfu", "memphis"]
    assert new(1, province="edfu")["players"][0]["province"] == "edfu"


@pytest.mark.rule("PLG-R028")
@pytest.mark.rule("PLG-R270")
def test_province_draft_in_turn_order_before_anything_else():
    """provinces=draft: each seat in turn order picks a free province, then the start
    bonuses and the first die turn follow; a taken province is refused."""
    state = new(3, seed=4, provinces="draft")
    assert [p["province"] for p in state["players"]] == [None, None, None]
    assert E.view(state, None)["step"] == "draft"
    assert all(p["pcard"] == 0 and p["nile"] == 0 for p in state["players"])  # no bonus yet
    picks = ["province:buto", "province:edfu", "province:memphis"]
    for position, pick in enumerate(picks):
        (decision,) = E.pending(state)
        assert decision.seat == state["order"][position] and decision.key == "province"
        assert len(decision.options) == 4 - position
        if position:
            with pytest.raises(IllegalMove):
                E.apply(state, decision.seat, picks[0])
        state, events = E.apply(state, decision.seat, pick)
        assert events[0].kind == "province"
    names = {state["order"][i]: pick.split(":")[1] for i, pick in enumerate(picks)}
    assert {s: p["province"] for s, p in enumerate(state["players"])} == names
    assert state["players"][state["order"][0]]["pcard"] == 1  # PLG-R035
    assert E.pending(state)[0].key in ("die", "space")
    # random (the default) deals at once, exactly as before
    assert new(3, seed=4, provinces="random") == new(3, seed=4)
    # solo: the human drafts alone, unless the solo province option chose already
    solo = new(1, seed=2, provinces="draft")
    assert E.pending(solo)[0].seat == 0 and len(E.pending(solo)[0].options) == 4
    chosen = new(1, seed=2, provinces="draft", province="abydos")
    assert chosen["players"][0]["province"] == "abydos" and E.pending(chosen)[0].key != "province"


@pytest.mark.rule("PLG-R035")
@pytest.mark.rule("PLG-R036")
@pytest.mark.rule("PLG-R037")
@pytest.mark.rule("PLG-R038")
def test_start_bonuses_four_players():
    state = new(4, seed=7)
    order = state["order"]
    players = state["players"]
    assert players[order[0]]["pcard"] == 1
    assert players[order[1]]["pcard"] == 2
    assert players[order[2]]["nile"] == 1
    # the 4th player is asked where his egyptian goes (it came from the reserve)
    assert E.pending(state)[0].seat == order[3]
    assert options(state) == [f"space:{c}" for c in CITY_CELLS + FIELD_CELLS]
    assert len(state["reserve"]) == 72 - 6 - 1
    state, _ = E.apply(state, order[3], "space:c4")
    assert state["players"][order[3]]["cells"]["c4"] == "egyptian"


@pytest.mark.rule("PLG-R039")
def test_start_bonuses_two_and_three_players():
    two = new(2, seed=4)
    assert sorted(p["pcard"] for p in two["players"]) == [1, 2]
    assert all(p["nile"] == 0 for p in two["players"])
    three = new(3, seed=4)
    assert sorted(p["nile"] for p in three["players"]) == [0, 0, 1]
    assert all(not any(p["cells"].values()) for p in three["players"])


@pytest.mark.rule("PLG-R041")
@pytest.mark.rule("PLG-R042")
def test_round_one_immediate_plague_is_ignored():
    seen = set()
    for seed in range(40):
        state = new(2, seed=seed)
        plague = state["plague"]
        seen.add(plague)
        if plague in ("blood", "frogs"):
            # markers were just set: nobody moved back
            assert sorted(p["pcard"] for p in state["players"]) == [1, 2]
        if plague == "lice":
            # a non-immediate plague applies in round 1
            state["players"][0]["cells"].update(c3="sphinx", c4="obelisk")
            from rules.plagues.die_actions import hebrew_need

            assert hebrew_need(state, 0, 2) == 4
    assert {"blood", "frogs", "lice"} <= seen
