"""Merging gods, forgotten gods and victory (ANKH-R142..R160)."""

from __future__ import annotations

import pytest

from rules.ankh import ENGINE
from rules.ankh.late import forget, merge
from rules.ankh.state import gain_devotion
from rules.core import IllegalMove
from rules.testing import check_hidden_information

from .scenario import blank, conflict, dev, ids, key, mon, play, put, task


def three(gods=("ra", "osiris", "isis")):
    state = blank(3, gods=gods)
    put(state, "b4", "god", 0)
    put(state, "g6", "god", 1)
    put(state, "d1", "god", 2)
    return state


def merged_state():
    state = three()
    state["players"][0]["devotion"] = 9
    state["players"][1]["devotion"] = 5  # greater
    state["players"][2]["devotion"] = 2  # lesser
    put(state, "c1", "warrior", 2)
    put(state, "e1", "cat_mummy", 2)
    state["players"][2]["guardians"] = ["apep"]
    mon(state, "a1", "temple", 2)
    state["players"][1]["followers"] = 2
    state["players"][2]["followers"] = 4
    state["players"][1]["powers"] = ["revered"]
    state["players"][2]["powers"] = ["commanding"]
    merge(state, [])
    return state


@pytest.mark.rule("ANKH-R142")
def test_merge_after_third_conflict_only_with_three_players():
    state = three()
    state["conflicts"] = 2
    state["event_pos"] = 12
    conflict(state)
    assert (
        state["players"][2]["merged_into"] is not None
        or state["players"][1]["merged_into"] is not None
        or state["players"][0]["merged_into"] is not None
    )
    state = blank(2)
    put(state, "b4", "god", 0)
    put(state, "g6", "god", 1)
    state["conflicts"] = 2
    conflict(state)
    assert all(pl["merged_into"] is None for pl in state["players"])


@pytest.mark.rule("ANKH-R143")
@pytest.mark.rule("ANKH-R144")
@pytest.mark.rule("ANKH-R145")
@pytest.mark.rule("ANKH-R146")
@pytest.mark.rule("ANKH-R148")
def test_merge_details():
    state = merged_state()
    low, high = state["players"][2], state["players"][1]
    assert low["merged_into"] == 1 and high["seats"] == [1, 2]
    assert "a1" not in state["monuments"]
    assert "d1" not in state["figures"] and "c1" not in state["figures"]
    assert state["figures"]["e1"]["owner"] == 1  # guardian changes colour
    assert high["guardians"] == ["apep"]
    assert low["hand"] == [] and low["warriors"] == 0
    assert high["followers"] == 6
    assert high["devotion"] == 2  # moved down onto the lesser pawn
    assert high["stack"] > state["players"][0]["stack"] or high["devotion"] < 9


@pytest.mark.rule("ANKH-R147")
@pytest.mark.rule("ANKH-R149")
@pytest.mark.rule("ANKH-R150")
@pytest.mark.rule("ANKH-R151")
def test_merged_god_shares_everything():
    state = merged_state()
    view = ENGINE.view(state, 2)
    assert view["me"]["player"] == 1
    high = state["players"][1]
    assert high["powers"] == ["revered"]  # the greater god's powers
    assert high["gods"] == ["osiris", "isis"]
    # the lesser seat unlocks: the shared player gets it
    state["turn"] = {"seat": 2, "taken": []}
    task(state, {"t": "action", "seat": 2, "n": 1, "min": -1})
    state, _ = play(state, (2, "act:unlock"))
    state, _ = play(state, (2, ids(state, 2)[0]))
    assert len(state["players"][1]["powers"]) == 2


@pytest.mark.rule("ANKH-R152")
def test_guardian_gained_later_goes_to_shared_reserve():
    state = merged_state()
    state["players"][1]["unlocks"] = 1
    state["players"][1]["followers"] = 5
    state["guardian_cards"]["1"] = {"kind": "satet", "left": 1}
    state["turn"] = {"seat": 2, "taken": []}
    task(state, {"t": "action", "seat": 2, "n": 1, "min": -1})
    state, _ = play(state, (2, "act:unlock"), (2, "power:commanding"))
    assert "satet" in state["players"][1]["guardians"]


def merged_battle():
    """Osiris+Isis (seats 2 and 3, greater seat 2) fights Ra (seat 1) in the west."""
    state = merged_state()
    del state["figures"]["b4"]
    state["figures"]["e4"] = state["figures"].pop("g6")
    put(state, "d4", "god", 0)
    state["players"][1]["used"] = ["chariots"]
    state["players"][1]["hand"].remove("chariots")
    conflict(state)
    return state


@pytest.mark.rule("ANKH-R153")
@pytest.mark.rule("ANKH-R154")
def test_merged_battle_uses_greater_cards_and_seat():
    state = merged_battle()
    decisions = {d.seat: d for d in ENGINE.pending(state)}
    assert sorted(decisions) == [0, 1, 2]  # seat 3 (index 2) is asked for a proposal
    assert "card:chariots" not in ids(state, 1)
    # the same question, the greater god's cards, plus "no proposal"
    assert ids(state, 2) == ids(state, 1) + ["defer"]
    assert all(str(o.label).startswith("Propose: ") for o in decisions[2].options[:-1])
    assert str(decisions[2].options[-1].label) == "No proposal: leave it to Seat 2"
    state, _ = play(state, (0, "card:chariots"), (1, "card:flood"))
    result_seats = [state["seat_player"][s] for s in (1, 2)]
    assert result_seats == [1, 1]  # both seats are one player: win or lose together


@pytest.mark.rule("ANKH-R153")
def test_the_lesser_seat_proposes_and_the_greater_seat_decides():
    """Both seats decide; when they disagree the greater god's seat decides: seat 3 proposes
    Drought, seat 2 plays Flood, and Flood is what the merged god plays."""
    state = merged_battle()
    public = ENGINE.view(state, None)
    state, events = play(state, (2, "card:drought"))
    assert [e.private_to for e in events] == [2]
    assert [d.seat for d in ENGINE.pending(state)] == [0, 1]  # the proposal is made
    (greater,) = [d for d in ENGINE.pending(state) if d.seat == 1]
    assert "Seat 3 proposes: Drought. Your answer decides." in str(greater.prompt)
    after = ENGINE.view(state, None)
    assert after["acting"] == [0, 1] and public["acting"] == [0, 1, 2]
    assert {**after, "acting": None} == {**public, "acting": None}  # nothing else changes
    with pytest.raises(IllegalMove):  # the lesser seat cannot answer for the greater seat
        ENGINE.apply(state, 2, "card:flood")
    state, events = play(state, (1, "card:flood"), (0, "card:plague"))
    assert state["players"][1]["used"] == ["chariots", "flood"]
    assert "drought" in state["players"][1]["hand"]


@pytest.mark.rule("ANKH-R153")
def test_the_greater_seat_may_answer_without_waiting_for_a_proposal():
    state = merged_battle()
    state, _ = play(state, (1, "card:build"))
    assert [d.seat for d in ENGINE.pending(state)] == [0]  # seat 3's question closed
    state, _ = play(state, (0, "card:cycle"))
    assert "build" in state["players"][1]["used"]


@pytest.mark.rule("ANKH-R153")
def test_the_lesser_seat_may_leave_the_decision_to_the_greater_seat():
    state = merged_battle()
    state, events = play(state, (2, "defer"))
    assert [e.private_to for e in events] == [2]
    (greater,) = [d for d in ENGINE.pending(state) if d.seat == 1]
    assert "proposes" not in str(greater.prompt)
    assert [d.seat for d in ENGINE.pending(state)] == [0, 1]
    state, _ = play(state, (1, "card:miracle"), (0, "card:drought"))
    assert "miracle" in state["players"][1]["used"]


@pytest.mark.rule("ANKH-R153")
def test_merged_sealed_answers_stay_hidden_from_everyone_else():
    state = merged_battle()
    assert check_hidden_information(ENGINE, state, seats=3) == 3
    state, _ = play(state, (2, "card:drought"))
    assert check_hidden_information(ENGINE, state, seats=3) == 2


@pytest.mark.rule("ANKH-R153")
def test_each_merged_seat_plays_its_own_turn_alone():
    """Outside battles there is nothing to share: the seat on turn decides, no proposal."""
    state = merged_state()
    task(state, {"t": "action", "seat": 2, "n": 1, "min": -1})
    assert [d.seat for d in ENGINE.pending(state)] == [2]
    with pytest.raises(IllegalMove):
        ENGINE.apply(state, 1, "act:move")


@pytest.mark.rule("ANKH-R155")
@pytest.mark.rule("ANKH-R156")
@pytest.mark.rule("ANKH-R157")
def test_forgotten_gods():
    state = three()
    put(state, "a4", "warrior", 0)
    put(state, "a5", "satet", 0)
    mon(state, "a6", "obelisk", 0)
    state["players"][0]["followers"] = 5
    state["players"][1]["devotion"] = 21
    state["players"][2]["devotion"] = 22
    forget(state, [])
    assert state["players"][0]["forgotten"]
    assert not any(f["owner"] == 0 for f in state["figures"].values())
    assert "a6" not in state["monuments"] and state["players"][0]["followers"] == 0
    assert state["phase"] == "play"  # 2 gods remain
    state = three()
    for p in range(3):
        state["players"][p]["devotion"] = 20
    forget(state, [])
    assert state["phase"] == "over" and state["winners"] == []
    result = ENGINE.result(state)
    assert result.winners == [] and len(set(result.places)) == 1


@pytest.mark.rule("ANKH-R158")
def test_top_of_devotion_track_wins_at_once():
    state = three()
    state["players"][1]["devotion"] = 29
    gain_devotion(state, 1, 5, [], "test")
    assert state["phase"] == "over" and state["winners"] == [1]
    assert dev(state, 1) == 31
    assert ENGINE.result(state).places[1] == 1
    assert ENGINE.pending(state) == []


@pytest.mark.rule("ANKH-R159")
def test_only_god_left_wins():
    state = three()
    state["players"][1]["devotion"] = 21
    forget(state, [])
    assert state["phase"] == "over" and state["winners"] == [1]


@pytest.mark.rule("ANKH-R160")
def test_most_devotion_after_last_conflict_stack_breaks_ties():
    state = blank(2)
    put(state, "b4", "god", 0)
    put(state, "g6", "god", 1)
    state["players"][0]["devotion"] = 21
    state["players"][1]["devotion"] = 20
    state["conflicts"] = 4
    state["event_pos"] = 18
    conflict(state)  # both dominate: 22 vs 21
    assert state["phase"] == "over" and state["winners"] == [0]
    result = ENGINE.result(state)
    assert result.places == (1, 2) and result.scores == (22, 21)
    state = blank(2)
    put(state, "b4", "god", 0)
    put(state, "g6", "god", 1)
    state["players"][0]["devotion"] = 21
    state["players"][1]["devotion"] = 21
    state["conflicts"] = 4
    state["event_pos"] = 18
    conflict(state)  # both to 22; the later arrival is on top
    assert state["winners"] == [1]


__all__ = ["key"]


@pytest.mark.rule("ANKH-R145")
@pytest.mark.rule("ANKH-R127")
def test_merge_lesser_ra_suns_come_back():
    state = blank(3, gods=("isis", "osiris", "ra"), plain=False)
    put(state, "b4", "god", 0)
    put(state, "g6", "god", 1)
    put(state, "d1", "god", 2)
    put(state, "c1", "warrior", 2, radiant=True)
    put(state, "e1", "satet", 2, radiant=True)
    state["players"][2]["suns"] = 1
    state["players"][0]["devotion"] = 9
    state["players"][1]["devotion"] = 5
    merge(state, [])
    high = state["players"][1]
    assert high["gods"] == ["osiris", "ra"]
    assert high["suns"] == 2 and state["figures"]["e1"]["radiant"]


def test_co_seats_stay_each_seats_own():
    """ANKH-R153: no seat answers another's question, not even a merged partner's (the lesser
    seat proposes through its own question instead)."""
    state = merged_state()
    assert [ENGINE.co_seats(state, s) for s in range(3)] == [(0,), (1,), (2,)]
