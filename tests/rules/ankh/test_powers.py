"""The 12 ankh powers (ANKH-R095..R108)."""

from __future__ import annotations

import pytest

from rules.ankh.conflict import strength
from rules.ankh.state import gain_devotion

from .scenario import blank, conflict, dev, ids, key, mon, play, put, task


def west_battle(powers0=(), powers1=()):
    state = blank()
    put(state, "b4", "god", 0)
    put(state, "d4", "god", 1)
    state["players"][0]["powers"] = list(powers0)
    state["players"][1]["powers"] = list(powers1)
    return state


@pytest.mark.rule("ANKH-R095")
def test_commanding_three_followers_on_win_not_domination():
    state = west_battle(("commanding",))
    put(state, "g6", "warrior", 0)  # dominates east: no followers
    conflict(state)
    state, _ = play(state, (0, "card:chariots"), (1, "card:flood"))
    assert state["players"][0]["followers"] == 1 + 3


@pytest.mark.rule("ANKH-R096")
def test_inspiring_build_costs_nothing():
    state = west_battle(("inspiring",))
    state["players"][0]["followers"] = 0
    conflict(state)
    state, _ = play(
        state, (0, "card:build"), (1, "card:chariots"), (0, "build:obelisk"), (0, "at:a4")
    )
    assert state["monuments"]["a4"] == {"type": "obelisk", "owner": 0}
    assert state["players"][0]["followers"] == 0


@pytest.mark.rule("ANKH-R098")
def test_revered_one_more_follower():
    from rules.ankh.actions import gain_followers

    state = west_battle(("revered",))
    mon(state, "a4", "obelisk", None)
    assert gain_followers(state, 0, []) == 2


@pytest.mark.rule("ANKH-R099")
def test_resplendent_god_strength_three():
    state = west_battle(("resplendent",))
    battle = {"region": "west", "played": {}}
    mon(state, "i1", "temple", 0)
    mon(state, "i5", "temple", 0)
    assert strength(state, battle, 0) == 1
    mon(state, "a1", "temple", 0)
    assert strength(state, battle, 0) == 3
    del state["figures"]["b4"]
    put(state, "b4", "warrior", 0)
    assert strength(state, battle, 0) == 1  # only the god figure


@pytest.mark.rule("ANKH-R100")
@pytest.mark.rule("ANKH-R101")
def test_obelisk_attunement_moves_alternate():
    state = west_battle(("obelisk_attunement",), ("obelisk_attunement",))
    put(state, "g6", "warrior", 0)
    put(state, "h2", "warrior", 1)
    mon(state, "a7", "obelisk", 0)
    mon(state, "e8", "obelisk", 1)
    state["players"][0]["devotion"] = 2
    conflict(state)
    assert key(state) == "obelisk"
    from rules.ankh import ENGINE

    assert ENGINE.pending(state)[0].seat == 1  # least devotion first
    state, _ = play(state, (1, "fig:h2"), (1, "to:d8"))
    assert ENGINE.pending(state)[0].seat == 0
    assert "to:a6" not in ids(state)
    state, _ = play(state, (0, "fig:g6"))
    assert "to:a6" in ids(state) and "to:b7" in ids(state)
    state, _ = play(state, (0, "to:a6"), (1, "pass"), (0, "pass"))
    assert key(state) == "battle_card"
    assert state["figures"]["a6"]["owner"] == 0 and state["figures"]["d8"]["owner"] == 1


@pytest.mark.rule("ANKH-R102")
def test_temple_attunement():
    state = west_battle(("temple_attunement",))
    battle = {"region": "west", "played": {}}
    mon(state, "a4", "temple", 0)  # next to the god
    mon(state, "a8", "temple", 0)  # no own figure next to it
    mon(state, "b3", "temple", 0)  # next to the god too
    assert strength(state, battle, 0) == 1 + 2 + 2
    put(state, "a5", "warrior", 0)  # more adjacent figures add nothing more
    assert strength(state, battle, 0) == 2 + 2 + 2
    put(state, "b5", "androsphinx", 1)  # cancelled figures still count for the temple
    assert strength(state, battle, 0) == 4


@pytest.mark.rule("ANKH-R103")
@pytest.mark.rule("ANKH-R134")
def test_pyramid_attunement_extra_summons():
    from rules.ankh.actions import new_summon

    state = west_battle(("pyramid_attunement",))
    mon(state, "a8", "pyramid", 0)
    state["players"][0]["guardians"] = ["apep"]
    task(state, new_summon(state, 0, 0))
    state, _ = play(state, (0, "pc:warrior"), (0, "at:b8"))  # the pyramid's extra summon
    assert state["stack"][-1]["pyramids"] == [] and state["stack"][-1]["regular"]
    # Apep onto water is the regular summon (not next to the pyramid)
    state, _ = play(state, (0, "pc:apep"), (0, "at:c5"))
    assert key(state) == "action"
    assert state["figures"]["c5"]["kind"] == "apep"


@pytest.mark.rule("ANKH-R104")
def test_glorious():
    state = west_battle(("glorious",))
    put(state, "a4", "warrior", 0)
    conflict(state)
    state, _ = play(state, (0, "card:chariots"), (1, "card:flood"))
    assert dev(state, 0) == 3  # 5 vs 1
    state = west_battle(("glorious",))
    conflict(state)
    state, _ = play(state, (0, "card:drought"), (1, "card:flood"))
    assert dev(state, 0) == 1 + 1  # 2 vs 1: normal reward + Drought (b4 desert)


@pytest.mark.rule("ANKH-R105")
def test_magnanimous_two_figures_needed():
    state = west_battle((), ("magnanimous",))
    put(state, "d5", "warrior", 1)
    put(state, "a4", "warrior", 0)
    put(state, "a5", "warrior", 0)
    conflict(state)
    state, events = play(state, (0, "card:chariots"), (1, "card:flood"))
    assert dev(state, 1) == 2
    order = [e.data["player"] for e in events if e.kind == "devotion"]
    assert order == [0, 1]  # after the winner's reward
    state = west_battle((), ("magnanimous",))
    conflict(state)
    state, _ = play(state, (0, "card:chariots"), (1, "card:flood"))
    assert dev(state, 1) == 0


@pytest.mark.rule("ANKH-R106")
@pytest.mark.rule("ANKH-R107")
def test_bountiful_one_extra_per_gain_in_red():
    state = blank()
    state["players"][0]["powers"] = ["bountiful"]
    events = []
    state["players"][0]["devotion"] = 20
    gain_devotion(state, 0, 1, events, "x")
    assert dev(state, 0) == 22  # also from the last red space
    gain_devotion(state, 0, 1, events, "x")
    assert dev(state, 0) == 23  # out of the red: no extra
    state = blank()
    put(state, "b4", "god", 0)
    mon(state, "a4", "obelisk", 0)
    mon(state, "a5", "temple", 0)
    state["players"][0]["powers"] = ["bountiful"]
    conflict(state)
    assert dev(state, 0) == (2 + 1) + (1 + 1)  # majorities one gain, domination one gain


@pytest.mark.rule("ANKH-R108")
def test_worshipful():
    state = west_battle(("worshipful",))
    state["players"][0]["followers"] = 2
    conflict(state)
    state, _ = play(state, (0, "card:chariots"), (1, "card:flood"))
    assert key(state) == "worshipful"
    state, _ = play(state, (0, "worship:yes"))
    assert dev(state, 0) == 2 and state["players"][0]["followers"] == 0
    state = west_battle(("worshipful",))
    state["players"][0]["followers"] = 1
    conflict(state)
    state, _ = play(state, (0, "card:chariots"), (1, "card:flood"))
    assert key(state) == "action"
