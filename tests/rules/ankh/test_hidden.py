"""Hidden-information law on battle cards and locust bids (docs/rules/ankh.md, part C)."""

from __future__ import annotations

import pytest

import rules
from rules.ankh import ENGINE
from rules.core import canonical_json
from rules.testing import check_hidden_information, random_playout

from .scenario import blank, conflict, play, put


def battle_state(gods=("ra", "osiris", "isis")):
    state = blank(3, gods=gods)
    put(state, "b4", "god", 0)
    put(state, "d4", "god", 1)
    put(state, "a4", "god", 2)
    for p in range(3):
        state["players"][p]["followers"] = 3
    conflict(state)
    return state


def test_card_picks_are_sealed():
    state = battle_state()
    assert check_hidden_information(ENGINE, state) == 3
    public = ENGINE.view(state, None)
    state2, events = play(state, (0, "card:plague"))
    assert all(e.private_to == 0 for e in events)
    for onlooker in (None, 1, 2):
        a = ENGINE.view(state2, onlooker)
        b = ENGINE.view(play(state, (0, "card:chariots"))[0], onlooker)
        assert canonical_json(a) == canonical_json(b)
    assert ENGINE.view(state2, None)["players"][0]["answered"] is True
    assert public["players"][0]["answered"] is False
    assert ENGINE.view(state2, 0)["me"]["sealed"] == ["plague"]
    assert "me" not in ENGINE.view(state2, None)


def test_amun_second_pick_is_sealed_too():
    state = battle_state(("amun", "osiris", "isis"))
    state, _ = play(state, (0, "amun:two"), (0, "card:plague"))
    assert check_hidden_information(ENGINE, state) == 3


def test_locust_bids_are_sealed():
    state = battle_state()
    state, _ = play(state, (0, "card:plague"), (1, "card:flood"), (2, "card:miracle"))
    decisions = ENGINE.pending(state)
    assert len(decisions) == 3 and all(d.key == "locust_bid" for d in decisions)
    assert check_hidden_information(ENGINE, state) == 3
    state, _ = play(state, (1, "bid:3"))
    assert ENGINE.view(state, 1)["me"]["sealed"] == 3
    assert ENGINE.view(state, None)["players"][1]["followers"] == 3
    assert ENGINE.view(state, 2)["me"]["sealed"] is None


@pytest.mark.rule("ANKH-R069")
def test_private_view_of_a_seat_outside_the_battle_during_sealed_picks():
    """A seat whose god is not in the battle still gets its private view while the
    participants pick their cards in secret (found by the renderer's playout test)."""
    engine = rules.get("ankh")
    for seed in range(40):
        playout = random_playout(engine, 4, seed, keep_states=True)
        for state in playout.states:
            decisions = engine.pending(state)
            if not any(d.secret and d.key == "battle_card" for d in decisions):
                continue
            acting = {d.seat for d in decisions}
            outsiders = [s for s in range(4) if s not in acting]
            if outsiders:
                view = engine.view(state, outsiders[0])
                assert view["me"]["sealed"] is None
                return
    pytest.fail("no sealed card pick with a seat outside the battle in 40 games")
