"""Battle cards (ANKH-R016, R080..R094, B5)."""

from __future__ import annotations

import pytest

from rules.ankh import ENGINE
from rules.ankh.data import CARD_STRENGTH

from .scenario import blank, conflict, dev, ids, key, mon, play, put


def west_battle(seats=2):
    state = blank(seats)
    put(state, "b4", "god", 0)
    put(state, "d4", "god", 1)
    return state


@pytest.mark.rule("ANKH-R016")
def test_played_cards_stay_face_up_and_out_of_hand():
    state = west_battle()
    conflict(state)
    state, _ = play(state, (0, "card:chariots"), (1, "card:flood"))
    view = ENGINE.view(state, None)
    assert view["players"][0]["used"] == ["chariots"]
    assert "chariots" not in view["players"][0]["hand"]
    conflict(state)
    assert "card:chariots" not in ids(state, 0)


@pytest.mark.rule("ANKH-R080")
@pytest.mark.rule("ANKH-R081")
@pytest.mark.rule("ANKH-R082")
def test_plague_bids_sealed_paid_and_highest_spared():
    state = west_battle()
    put(state, "a4", "warrior", 0)
    put(state, "d5", "warrior", 1)
    state["players"][0]["followers"] = 3
    state["players"][1]["followers"] = 2
    conflict(state)
    state, _ = play(state, (0, "card:plague"), (1, "card:flood"))
    decisions = ENGINE.pending(state)
    assert all(d.secret for d in decisions) and len(decisions) == 2
    assert ids(state, 0) == ["bid:0", "bid:1", "bid:2", "bid:3"]
    state, events = play(state, (0, "bid:1"))
    assert all(e.private_to == 0 for e in events)
    assert ENGINE.view(state, None)["players"][0]["followers"] == 3
    state, _ = play(state, (1, "bid:2"))
    assert state["players"][0]["followers"] == 2 and state["players"][1]["followers"] == 0
    assert "a4" not in state["figures"] and "d5" in state["figures"]


@pytest.mark.rule("ANKH-R082")
def test_plague_tie_spares_nobody():
    state = west_battle()
    put(state, "a4", "warrior", 0)
    put(state, "d5", "warrior", 1)
    conflict(state)
    state, _ = play(state, (0, "card:plague"), (1, "card:flood"), (0, "bid:1"), (1, "bid:1"))
    assert "a4" not in state["figures"] and "d5" not in state["figures"]


@pytest.mark.rule("ANKH-R083")
@pytest.mark.rule("ANKH-R117")
def test_plague_ignores_flood_and_isis():
    state = blank(2, gods=("ra", "isis"))
    put(state, "b4", "god", 0)
    put(state, "d4", "god", 1)
    put(state, "d3", "warrior", 1)  # fertile (Flood) and next to... the enemy? no
    put(state, "c4", "warrior", 1)  # next to Ra's god: Protected
    conflict(state)
    state, _ = play(state, (0, "card:plague"), (1, "card:flood"), (0, "bid:1"), (1, "bid:0"))
    assert "d3" not in state["figures"] and "c4" not in state["figures"]


@pytest.mark.rule("ANKH-R084")
def test_each_plague_card_is_its_own_bid_round():
    state = blank(2, gods=("amun", "ra"))
    put(state, "b4", "god", 0)
    put(state, "d4", "god", 1)
    put(state, "a4", "warrior", 0)
    put(state, "d5", "warrior", 1)
    put(state, "e5", "warrior", 1)
    state["players"][0]["followers"] = 2
    state["players"][1]["followers"] = 2
    conflict(state)
    state, _ = play(
        state, (0, "amun:two"), (0, "card:plague"), (0, "card:chariots"), (1, "card:plague")
    )
    state, _ = play(state, (0, "bid:0"), (1, "bid:1"))
    assert key(state) == "locust_bid"  # second round
    assert "a4" not in state["figures"]
    state, _ = play(state, (0, "bid:2"), (1, "bid:1"))
    assert "d5" not in state["figures"] and "e5" not in state["figures"]


@pytest.mark.rule("ANKH-R085")
@pytest.mark.rule("ANKH-R093")
def test_player_without_figures_still_gets_miracle_but_cannot_win():
    state = blank(2, gods=("ra", "isis"))
    put(state, "b4", "warrior", 0)
    put(state, "a4", "warrior", 0)
    put(state, "d4", "god", 1)
    put(state, "g6", "god", 0)
    conflict(state)
    state, _ = play(state, (0, "card:miracle"), (1, "card:plague"), (0, "bid:0"), (1, "bid:0"))
    # tie: nobody spared; Ra has no figure left, Isis wins with its god
    assert dev(state, 1) >= 1
    assert dev(state, 0) >= 2  # Miracle: 2 killed figures (+ domination of east)


@pytest.mark.rule("ANKH-R086")
def test_cycle_of_maat_takes_all_used_cards_back():
    state = west_battle()
    state["players"][0]["hand"] = ["cycle", "drought", "build"]
    state["players"][0]["used"] = ["plague", "flood", "chariots", "miracle"]
    conflict(state)
    state, _ = play(state, (0, "card:cycle"), (1, "card:flood"), (0, "tie:keep"))
    pl = state["players"][0]
    assert sorted(pl["hand"]) == sorted(
        ["cycle", "drought", "build", "plague", "flood", "chariots", "miracle"]
    )
    assert pl["used"] == []
    assert state["players"][1]["used"] == ["flood"]  # nothing else recovers cards


@pytest.mark.rule("ANKH-R087")
def test_drought_adds_desert_figures_to_win_reward():
    state = west_battle()
    put(state, "a4", "warrior", 0)  # desert
    put(state, "a1", "warrior", 0)  # fertile
    conflict(state)
    state, _ = play(state, (0, "card:drought"), (1, "card:flood"))
    assert dev(state, 0) == 1 + 2  # b4 and a4 are desert


@pytest.mark.rule("ANKH-R089")
def test_no_build_without_followers_or_tokens():
    state = west_battle()
    state["players"][0]["followers"] = 2
    conflict(state)
    state, _ = play(state, (0, "card:build"), (1, "card:flood"))
    assert key(state) != "build"
    state = west_battle()
    state["players"][0]["followers"] = 5
    state["players"][0]["ankh_tokens"] = 0
    conflict(state)
    state, _ = play(state, (0, "card:build"), (1, "card:flood"))
    assert key(state) != "build"
    state = west_battle()
    state["players"][0]["followers"] = 5
    state["supply"] = {"obelisk": 0, "temple": 0, "pyramid": 0}
    conflict(state)
    state, _ = play(state, (0, "card:build"), (1, "card:flood"))
    assert key(state) != "build"


@pytest.mark.rule("ANKH-R090")
@pytest.mark.rule("ANKH-R091")
def test_flood_followers_and_protection():
    state = west_battle()
    put(state, "d3", "warrior", 1)  # fertile
    put(state, "e4", "warrior", 1)  # fertile
    put(state, "d5", "warrior", 1)  # desert
    state["players"][1]["followers"] = 0
    conflict(state)
    state, _ = play(state, (0, "card:chariots"), (1, "card:flood"))
    assert state["players"][1]["followers"] == 2
    # Ra wins 4 vs 4? Ra: 1 + 3 = 4, Osiris: 4 + 0 = 4 -> tie, Ra holds the tie-breaker
    state, _ = play(state, (0, "tie:use"))
    assert "d3" in state["figures"] and "e4" in state["figures"]
    assert "d5" not in state["figures"]


@pytest.mark.rule("ANKH-R092")
def test_chariots_only_with_a_figure_left():
    from rules.ankh.conflict import strength

    state = west_battle()
    battle = {"region": "west", "played": {"0": ["chariots"], "1": ["plague"]}}
    assert strength(state, battle, 0) == 4 and strength(state, battle, 1) == 2
    assert CARD_STRENGTH == {
        "plague": 1,
        "cycle": 0,
        "drought": 1,
        "build": 0,
        "flood": 0,
        "chariots": 3,
        "miracle": 0,
    }


@pytest.mark.rule("ANKH-R094")
def test_several_miracles_in_reverse_devotion_order():
    state = blank(2)
    put(state, "b4", "warrior", 0)
    put(state, "d4", "warrior", 1)
    put(state, "g6", "god", 0)
    put(state, "d1", "god", 1)
    state["players"][0]["devotion"] = 3
    conflict(state)
    state, events = play(state, (0, "card:miracle"), (1, "card:miracle"), (0, "tie:keep"))
    gains = [e.data["player"] for e in events if e.kind == "devotion" and "Miracle" in e.text]
    assert gains == [1, 0]


__all__ = ["mon"]
