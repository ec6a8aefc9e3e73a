"""Final scoring: PLG-R204..PLG-R216."""

from __future__ import annotations

import pytest

from rules.plagues.scoring import breakdown, final_result, hebrew_points
from tests.rules.plagues.scenario import blank, put


def ana() -> dict:
    """Fact 10: Ana's final score 65 - 5 = 60."""
    state = blank(4, seed=1)
    state["plague"] = "blood"
    player = state["players"][0]
    player["dev"] = [8, 9]  # 9 VP (the track further behind)
    player["nile"] = 12  # 8 VP
    put(
        state,
        0,
        c0="sphinx",
        c1="obelisk",
        c2="egyptian",
        c3="sphinx",
        c4="egyptian",
        c5="obelisk",
        f0="herd",
        f1="plantation",
        f2="herd",
    )
    player["kept"] = ["boat", "boat", "province1", "province2", "province3", "pharaoh", "coin"]
    player["terr"] = [
        {"id": "sc_bonuses", "used": False},  # coin, soldiers, hebrew: 5
        {"id": "sc_city_field", "used": False},  # 5
        {"id": "tr_coin_1", "used": True},
    ]
    player["hebrews"] = [1, 1, 1, 1, 2, 2, 2, 2]  # 8 tiles, sum 12
    state["players"][1]["hebrews"] = [3, 3, 3, 3, 3]  # 15: 1st
    state["players"][2]["hebrews"] = [3, 2]  # 5
    state["players"][3]["hebrews"] = [1]
    player["pcard"] = 24
    player["discard"] = {"A": "herd", "B": None}
    player["penalties"] = ["lice"]
    return state


@pytest.mark.rule("PLG-R204")
@pytest.mark.rule("PLG-R205")
@pytest.mark.rule("PLG-R206")
@pytest.mark.rule("PLG-R208")
@pytest.mark.rule("PLG-R213")
@pytest.mark.rule("PLG-R214")
@pytest.mark.rule("PLG-R216")
def test_ana_example():
    state = ana()
    parts = breakdown(state, 0)
    assert parts["development"] == 9 and parts["nile"] == 8
    assert parts["tiles"] + parts["pharaoh_tiles"] == 16
    assert parts["hebrews"] == 14 and parts["province"] == 6
    assert parts["penalties"] == -3 and parts["discard"] == -2
    assert parts["territory"] == 5 + 5 + 2
    assert sum(parts.values()) == 60


@pytest.mark.rule("PLG-R210")
@pytest.mark.rule("PLG-R211")
@pytest.mark.rule("PLG-R212")
def test_hebrew_ranking():
    state = blank(4, seed=1)
    sums = [[3, 3], [2, 2, 1], [2, 2, 1], []]
    for player, hebrews in zip(state["players"], sums, strict=True):
        player["hebrews"] = hebrews
    assert hebrew_points(state) == [18, 12, 12, 6]
    three = blank(3, seed=1)
    for player, hebrews in zip(three["players"], [[1], [1], [1]], strict=True):
        player["hebrews"] = hebrews
    assert hebrew_points(three) == [14, 14, 14]
    two = blank(2, seed=1)
    two["players"][0]["hebrews"] = [1]
    assert hebrew_points(two) == [18, 14]


@pytest.mark.rule("PLG-R215")
def test_winner_and_tie_breaks():
    state = blank(3, seed=1)
    state["plague"] = "blood"
    for player in state["players"]:
        player["hebrews"] = [1]
    state["players"][0]["pcard"] = 3
    state["players"][1]["pcard"] = 3
    state["players"][1]["nile"] = 1
    result = final_result(state)
    assert result.scores[0] == result.scores[1] == result.scores[2]
    assert result.places == (2, 1, 3)
    assert any("Nile" in note for note in result.tiebreaks)
    state["players"][0]["nile"] = 1
    result = final_result(state)
    assert result.places == (1, 1, 3)
    assert any("share" in note for note in result.tiebreaks)
