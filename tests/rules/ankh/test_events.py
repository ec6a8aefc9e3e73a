"""Event track and Control Monument (ANKH-R049..R052)."""

from __future__ import annotations

import pytest

from rules.ankh import ENGINE
from rules.ankh.data import EVENT_TRACK

from .scenario import blank, ids, key, mon, play, put, task, turn


@pytest.mark.rule("ANKH-R049")
@pytest.mark.rule("ANKH-R031")
def test_event_track_order_and_who_is_involved():
    assert EVENT_TRACK.count("conflict") == 5 and EVENT_TRACK[-1] == "conflict"
    assert EVENT_TRACK.count("caravan") == 3
    state = blank()
    put(state, "b4", "god", 0)
    put(state, "g6", "god", 1)
    mon(state, "a4", "obelisk", None)
    turn(state, 0)
    state["tracks"]["move"] = state["track_len"]["move"] - 1
    state, _ = play(state, (0, "act:move"), (0, "done"))
    # a round event (Control Monument) involves only the trigger player
    assert key(state) == "control" and [d.seat for d in ENGINE.pending(state)] == [0]
    # ANKH-R031: the marker waits on the event space until the event is resolved
    assert state["tracks"]["move"] == state["track_len"]["move"]
    state, _ = play(state, (0, "skip"))
    assert state["tracks"]["move"] == 0


def control(state, player=0):
    task(state, {"t": "control", "seat": player, "p": player})


@pytest.mark.rule("ANKH-R050")
def test_control_neutral_monument_next_to_own_figure():
    state = blank()
    put(state, "b4", "god", 0)
    mon(state, "a4", "obelisk", None)
    mon(state, "e9", "temple", None)  # neutral but not adjacent
    mon(state, "b3", "pyramid", 1)  # enemy: not while a neutral one exists
    control(state)
    assert ids(state) == ["ctl:a4", "skip"]
    state, _ = play(state, (0, "ctl:a4"))
    assert state["monuments"]["a4"]["owner"] == 0


@pytest.mark.rule("ANKH-R051")
def test_take_enemy_monument_only_without_neutral_ones():
    state = blank()
    put(state, "b4", "god", 0)
    mon(state, "b3", "pyramid", 1)
    control(state)
    assert ids(state) == ["ctl:b3", "skip"]
    state, _ = play(state, (0, "ctl:b3"))
    assert state["monuments"]["b3"]["owner"] == 0


@pytest.mark.rule("ANKH-R052")
def test_control_nothing_without_target_or_token():
    state = blank()
    put(state, "b4", "god", 0)
    mon(state, "e9", "temple", None)
    control(state)
    assert key(state) == "action"  # nothing to do: the event passed
    state = blank()
    put(state, "b4", "god", 0)
    mon(state, "a4", "obelisk", None)
    state["players"][0]["ankh_tokens"] = 0
    control(state)
    assert key(state) == "action"
