"""The final Result: end reason and gods in ``details``, devotion ties in ``tiebreaks``."""

from __future__ import annotations

import pytest

from rules.ankh import ENGINE
from rules.ankh.late import final_scoring
from rules.ankh.state import finish
from rules.text import decode
from tests.rules.ankh.scenario import blank


@pytest.mark.rule("ANKH-R160")
def test_end_reason_and_gods_are_details_and_a_devotion_tie_is_a_tiebreak():
    state = blank(3, gods=("ra", "osiris", "isis"))
    for player, devotion in zip(state["players"], (9, 5, 5), strict=True):
        player["devotion"] = devotion
    events = []
    final_scoring(state, events)
    result = ENGINE.result(state)
    assert result.places == (1, 2, 3)  # Osiris is higher on the devotion stack than Isis
    assert result.details[0] == "Ra has the most devotion after the last Conflict"
    assert result.details[1].startswith("Gods: Ra (Seat 1): 9 devotion;")
    assert result.tiebreaks == (
        "Tied on 5 devotion, the devotion stack decides (higher pawn ranks first): Osiris, Isis.",
    )
    # the JSON form keeps the texts translatable and gives the same English back
    assert decode(result.to_json()["details"]) == list(result.details)
    assert ENGINE.view(state, None)["score_unit"] == "devotion"


def test_no_tie_means_no_tiebreak():
    state = blank(2, gods=("ra", "osiris"))
    state["players"][0]["devotion"] = 4
    finish(state, [1], [], "Osiris reaches the top of the devotion track")
    result = ENGINE.result(state)
    assert result.places == (2, 1) and result.tiebreaks == ()
    assert result.details[0] == "Osiris reaches the top of the devotion track"


@pytest.mark.rule("ANKH-R157")
def test_nobody_wins_is_a_detail():
    state = blank(2, gods=("ra", "osiris"))
    for player in state["players"]:
        player["forgotten"] = True
    finish(state, [], [], "every god is forgotten")
    result = ENGINE.result(state)
    assert result.winners == [] and result.tiebreaks == ()
    assert "there is no winner" in result.details[0] and result.details[1].startswith("Gods: ")
