"""The turn and the action tracks (ANKH-R027..R036)."""

from __future__ import annotations

import pytest

from rules.ankh import ENGINE

from .scenario import blank, ids, key, play, put, turn


def fresh(seats=2):
    state = blank(seats)
    for p in range(seats):
        put(state, ["b4", "g6", "d1", "a8", "i7"][p], "god", p)
    turn(state, 0)
    return state


@pytest.mark.rule("ANKH-R027")
@pytest.mark.rule("ANKH-R028")
def test_turn_is_two_actions_then_next_seat():
    state = fresh()
    assert ids(state) == ["act:move", "act:summon", "act:followers", "act:unlock"]
    state, _ = play(state, (0, "act:followers"))
    assert ids(state) == ["act:unlock"]
    state, _ = play(state, (0, "act:unlock"), (0, "skip"))
    assert ENGINE.pending(state)[0].seat == 1 and key(state) == "action"


@pytest.mark.rule("ANKH-R029")
@pytest.mark.rule("ANKH-R030")
@pytest.mark.rule("ANKH-R035")
def test_marker_moves_even_if_action_cannot_be_resolved():
    state = fresh()
    state["players"][0]["followers"] = 0
    state, _ = play(state, (0, "act:followers"))
    assert state["tracks"]["followers"] == 1
    state, events = play(state, (0, "act:unlock"))  # no follower: does nothing
    assert state["tracks"]["unlock"] == 1
    assert state["players"][0]["powers"] == []


@pytest.mark.rule("ANKH-R031")
@pytest.mark.rule("ANKH-R032")
def test_event_at_end_of_track_ends_the_turn():
    state = fresh()
    state["tracks"]["followers"] = state["track_len"]["followers"] - 1
    state, events = play(state, (0, "act:followers"))
    assert state["event_pos"] == 1
    assert state["tracks"]["followers"] == 0  # back to its start space
    assert any(e.kind == "event" for e in events)
    # Control Monument has nothing to do here, so the turn passed: no second action
    assert ENGINE.pending(state)[0].seat == 1


@pytest.mark.rule("ANKH-R033")
def test_second_action_strictly_lower_row_and_mandatory_marker():
    state = fresh()
    state, _ = play(state, (0, "act:summon"))
    state, _ = play(state, (0, "done")) if "done" in ids(state) else (state, [])
    assert ids(state) == ["act:followers", "act:unlock"]
    state, _ = play(state, (0, "act:unlock"))
    assert state["tracks"]["unlock"] == 1


@pytest.mark.rule("ANKH-R034")
def test_unlock_first_means_no_second_action():
    state = fresh()
    state["players"][0]["followers"] = 0
    state, _ = play(state, (0, "act:unlock"))
    assert ENGINE.pending(state)[0].seat == 1


@pytest.mark.rule("ANKH-R036")
def test_merged_seat_takes_one_action_from_any_row():
    state = fresh(3)
    from rules.ankh.late import merge

    merge(state, [])
    merged = [pl for pl in state["players"] if len(pl["seats"]) == 2][0]
    seat = merged["seats"][1]
    turn(state, seat)
    state["tracks"]["unlock"] = 0
    assert ids(state) == ["act:move", "act:summon", "act:followers", "act:unlock"]
    state, _ = play(state, (seat, "act:followers"))
    assert ENGINE.pending(state)[0].seat != seat or key(state) != "action"
    assert ENGINE.pending(state)[0].seat == (seat + 1) % 3


def test_refusals_explain_themselves():
    from rules.core import IllegalMove

    state = fresh()
    state, _ = play(state, (0, "act:followers"))
    with pytest.raises(IllegalMove) as err:
        ENGINE.apply(state, 0, "act:move")
    assert "row below" in str(err.value) or "not one of your current choices" in str(err.value)
    with pytest.raises(IllegalMove):
        ENGINE.apply(state, 1, "act:move")  # not seat 1's turn
    from rules.ankh.engine import explain

    assert "row below" in explain(state, ENGINE.pending(state)[0], "act:move")
