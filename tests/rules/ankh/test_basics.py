"""Basic concepts: gods never die, killing, control, the devotion stack (ANKH-R011..R015)."""

from __future__ import annotations

import pytest

from rules.ankh.conflict import kill
from rules.ankh.state import gain_devotion, lose_devotion, reverse_devotion

from .scenario import blank, conflict, mon, play, put


@pytest.mark.rule("ANKH-R011")
@pytest.mark.rule("ANKH-R012")
def test_gods_never_die_killed_figures_go_to_reserve():
    state = blank()
    put(state, "b4", "god", 0)
    put(state, "a4", "warrior", 0)
    put(state, "a5", "satet", 0)
    kill(state, ["b4", "a4", "a5"], [], None, resolution=False)
    assert "b4" in state["figures"]
    assert state["players"][0]["warriors"] == 6
    assert state["players"][0]["guardians"] == ["satet"]


@pytest.mark.rule("ANKH-R013")
def test_monument_control_by_ankh_token():
    state = blank()
    put(state, "b4", "god", 0)
    mon(state, "a4", "obelisk", None)
    from .scenario import task

    task(state, {"t": "control", "seat": 0, "p": 0})
    state, _ = play(state, (0, "ctl:a4"))
    assert state["monuments"]["a4"]["owner"] == 0
    from rules.ankh.state import ankh_reserve

    assert ankh_reserve(state, 0) == 8


@pytest.mark.rule("ANKH-R014")
def test_devotion_stack_entering_pawn_on_top():
    state = blank(3)
    events = []
    gain_devotion(state, 2, 2, events, "x")
    gain_devotion(state, 0, 2, events, "x")
    assert reverse_devotion(state, [0, 1, 2]) == [1, 2, 0]  # 0 arrived later: on top
    lose_devotion(state, 0, 2, events, "x")
    assert reverse_devotion(state, [0, 1, 2]) == [1, 0, 2]


@pytest.mark.rule("ANKH-R015")
def test_simultaneous_gains_from_least_devotion():
    state = blank(2)
    put(state, "b4", "god", 0)
    put(state, "d4", "god", 1)
    mon(state, "a4", "obelisk", 0)
    mon(state, "d5", "temple", 1)
    state["players"][0]["devotion"] = 4
    conflict(state)
    state, events = play(state, (0, "card:chariots"), (1, "card:flood"))
    majority = [e.data["player"] for e in events if e.kind == "devotion" and "majorities" in e.text]
    assert majority == [1, 0]
