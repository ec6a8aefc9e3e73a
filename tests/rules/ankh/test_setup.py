"""Set-up, components and scenarios (ANKH-R001..R003, R017..R026)."""

from __future__ import annotations

import pytest

from rules.ankh import ENGINE
from rules.ankh.board import LAND
from rules.ankh.data import ACTIONS, CARDS, GODS, GUARDIAN_LEVEL, SCENARIOS
from rules.ankh.state import hex_regions
from rules.core import IllegalMove


@pytest.mark.rule("ANKH-R001")
def test_two_to_five_players_each_one_god():
    for seats in (2, 3, 4, 5):
        state = ENGINE.new_game(seats, {}, 3)
        gods = [pl["gods"][0] for pl in state["players"]]
        assert len(set(gods)) == seats and set(gods) <= set(GODS)
    for bad in (1, 6):
        with pytest.raises(IllegalMove):
            ENGINE.new_game(bad, {}, 1)


@pytest.mark.rule("ANKH-R002")
@pytest.mark.rule("ANKH-R018")
@pytest.mark.rule("ANKH-R019")
def test_kit_per_god():
    state = ENGINE.new_game(3, {}, 5)
    for i, pl in enumerate(state["players"]):
        on_board = sum(
            1 for f in state["figures"].values() if f["owner"] == i and f["kind"] == "warrior"
        )
        gods = sum(1 for f in state["figures"].values() if f["owner"] == i and f["kind"] == "god")
        assert gods == 1 and pl["warriors"] + on_board == 6
        assert pl["hand"] == list(CARDS) and len(CARDS) == 7 and pl["used"] == []
        assert pl["followers"] == 1
        assert pl["unlocks"] == 0 and pl["ankh_tokens"] == 9  # 6 on the row + 9 reserve


@pytest.mark.rule("ANKH-R003")
def test_supply():
    state = ENGINE.new_game(2, {"scenario": "middle_kingdom"}, 1)
    on_board = {
        t: sum(1 for m in state["monuments"].values() if m["type"] == t) for t in state["supply"]
    }
    assert all(state["supply"][t] + on_board[t] == 10 for t in state["supply"])
    assert state["camel_supply"] == 30
    assert sorted(state["order_tokens"] + [r["token"] for r in state["regions"]]) == list(
        range(1, 9)
    )
    assert state["tiebreaker"] == {"holder": None, "up": True}


@pytest.mark.rule("ANKH-R017")
def test_god_tokens():
    state = ENGINE.new_game(5, {}, 2)
    for pl in state["players"]:
        god = pl["gods"][0]
        assert pl["suns"] == (3 if god == "ra" else 0)
        assert pl["underworld_tokens"] == (3 if god == "osiris" else 0)
        assert pl["amun_up"] == (god == "amun")


@pytest.mark.rule("ANKH-R020")
@pytest.mark.rule("ANKH-R021")
def test_first_player_random_and_pawn_stack():
    firsts = {ENGINE.new_game(3, {}, seed)["first_player"] for seed in range(20)}
    assert firsts == {0, 1, 2}
    state = ENGINE.new_game(3, {}, 4)
    first = state["first_player"]
    assert ENGINE.pending(state)[0].seat == first
    stacks = sorted(range(3), key=lambda p: state["players"][p]["stack"], reverse=True)
    assert stacks == [first, (first + 1) % 3, (first + 2) % 3]
    assert all(pl["devotion"] == 0 for pl in state["players"])


@pytest.mark.rule("ANKH-R022")
def test_action_and_event_markers_start():
    for seats in (2, 3, 4, 5):
        state = ENGINE.new_game(seats, {}, 1)
        assert state["tracks"] == {a: 0 for a in ACTIONS}
        assert state["track_len"] == {
            "move": seats + 2,
            "summon": seats + 2,
            "followers": seats + 2,
            "unlock": seats + 1,
        }
        assert state["event_pos"] == 0


@pytest.mark.rule("ANKH-R023")
@pytest.mark.rule("ANKH-R024")
@pytest.mark.rule("ANKH-R026")
@pytest.mark.parametrize("scen", SCENARIOS, ids=lambda s: s["id"])
def test_every_scenario(scen):
    seats = scen["players"]
    name = scen["id"].rsplit("_", 1)[0]
    state = ENGINE.new_game(seats, {"scenario": name}, 11)
    first = state["first_player"]
    assert state["scenario"] == scen["id"]
    assert len(state["monuments"]) == len(scen["monuments"])
    for kind, hex_, owner in scen["monuments"]:
        expect = None if owner is None else (first + owner - 1) % seats
        assert state["monuments"][hex_] == {"type": kind, "owner": expect}
    for _kind, hex_, seat in scen["figures"]:
        assert state["figures"][hex_]["owner"] == (first + seat - 1) % seats
        assert hex_ in LAND
    # each token belongs to a whole region; seat k's god starts in the region with token k
    tokens = {r["name"]: r["token"] for r in state["regions"]}
    for hex_, fig in state["figures"].items():
        if fig["kind"] == "god":
            k = (fig["owner"] - first) % seats + 1
            assert tokens[hex_regions(state, hex_)[0]] == k
    assert len(state["camels"]) == sum(1 for _ in scen["camels"])


@pytest.mark.rule("ANKH-R025")
def test_guardian_cards_per_count():
    for seats, small, large in ((2, 1, 1), (3, 2, 2), (4, 3, 2), (5, 3, 2)):
        state = ENGINE.new_game(seats, {}, 9)
        levels = sorted(int(k) for k in state["guardian_cards"])
        assert levels == [1, 2, 3]
        for lvl, card in state["guardian_cards"].items():
            assert GUARDIAN_LEVEL[card["kind"]] == int(lvl)
            size_small = card["kind"] in ("satet", "cat_mummy", "mummy")
            assert card["left"] == (small if size_small else large)
    kinds = {ENGINE.new_game(2, {}, s)["guardian_cards"]["1"]["kind"] for s in range(20)}
    assert kinds == {"satet", "cat_mummy"}


REGION_SIZES = {
    "middle_kingdom_2p": {"west": 32, "east": 28, "delta": 22},
    "middle_kingdom_3p": {"west": 32, "east": 28, "delta": 22},
    "middle_kingdom_4p": {"west_north": 14, "west_south": 18, "delta": 22, "east": 28},
    "middle_kingdom_5p": {
        "west_north": 14,
        "east_north": 16,
        "east_south": 12,
        "delta": 22,
        "west_south": 18,
    },
    "old_kingdom_2p": {"west": 32, "east": 28, "delta": 22},
    "old_kingdom_3p": {"delta": 22, "east": 28, "west": 32},
    "old_kingdom_4p": {"east_south": 12, "west": 32, "delta": 22, "east_north": 16},
    "old_kingdom_5p": {
        "east_south": 12,
        "west_south": 15,
        "west_north": 17,
        "delta": 22,
        "east_north": 16,
    },
}


@pytest.mark.rule("ANKH-R023")
@pytest.mark.parametrize("scen_id", sorted(REGION_SIZES))
def test_scenario_camels_make_the_listed_regions(scen_id):
    from rules.ankh.state import region_land

    seats = int(scen_id[-2])
    state = ENGINE.new_game(seats, {"scenario": scen_id[:-3]}, 1)
    assert {k: len(v) for k, v in region_land(state).items()} == REGION_SIZES[scen_id]
