"""Hidden information (C.1) and sealed decisions (C.2)."""

from __future__ import annotations

import pytest

from rules.core import canonical_json
from rules.tekhenu import ENGINE
from rules.testing import check_hidden_information
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
    from rules.tekhenu.engine import advance

    advance(state, [])
    assert check_hidden_information(ENGINE, state) == 3
