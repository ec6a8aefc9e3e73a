"""The rollout policy that Ankh's ``normal`` and ``hard`` levels play (docs/ai.md): legal and
deterministic, and where it departs from the heuristic it aims at Conflict devotion."""

from __future__ import annotations

import pytest

from rules.ankh import ENGINE
from rules.ankh.policy import choose
from rules.testing import random_playout

from .scenario import blank, conflict, ids, mon, play, put, task, turn


def policy_option(engine, state, decision, rng):
    return choose(state, decision)


@pytest.mark.parametrize("seats", [2, 5])
def test_policy_plays_whole_games(seats):
    playout = random_playout(ENGINE, seats, 60 + seats, chooser=policy_option)
    again = random_playout(ENGINE, seats, 60 + seats, chooser=policy_option)
    assert playout.log == again.log
    assert ENGINE.result(playout.state) is not None


def test_control_takes_the_monument_that_wins_a_majority():
    state = blank()
    put(state, "b4", "god", 0)
    put(state, "e8", "god", 1)
    mon(state, "a4", "temple", None)  # the rival keeps the temple majority (2 against 1)
    mon(state, "c4", "pyramid", None)  # the only pyramid: a majority
    mon(state, "a8", "temple", 1)
    mon(state, "c8", "temple", 1)
    task(state, {"t": "control", "seat": 0, "p": 0})
    assert ids(state, 0) == ["ctl:a4", "ctl:c4", "skip"]
    assert ENGINE.ai_choice(state, 0) == "ctl:a4"  # the heuristic takes the first
    assert ENGINE.rollout_choice(state, 0) == "ctl:c4"


def test_unlock_prefers_bountiful_in_the_red_before_the_forgetting():
    state = blank()
    put(state, "b4", "god", 0)
    pl = state["players"][0]
    pl["unlocks"], pl["followers"], pl["devotion"] = 4, 3, 12
    task(state, {"t": "unlock", "seat": 0, "p": 0, "level": 3, "optional": False})
    assert "power:bountiful" in ids(state, 0)
    assert ENGINE.rollout_choice(state, 0) == "power:bountiful"
    pl["devotion"] = 22  # out of the red: Bountiful gives nothing any more
    assert ENGINE.rollout_choice(state, 0) == ENGINE.ai_choice(state, 0) != "power:bountiful"


def test_unlocks_bountiful_this_turn():
    state = blank()
    put(state, "b4", "god", 0)
    put(state, "e8", "god", 1)
    mon(state, "a4", "temple", None)
    pl = state["players"][0]
    pl["unlocks"], pl["followers"], pl["devotion"] = 4, 3, 12
    pl["powers"] = ["commanding", "revered", "resplendent", "temple_attunement"]
    turn(state, 0)
    while ENGINE.pending(state)[0].seat == 0:
        state, _ = play(state, (0, ENGINE.rollout_choice(state, 0)))
    assert "bountiful" in state["players"][0]["powers"]


@pytest.mark.rule("ANKH-R108")
@pytest.mark.parametrize(("seats", "power"), [(3, "worshipful"), (2, "glorious")])
def test_unlock_takes_worshipful_as_the_second_level_3_power_from_3_seats(seats, power):
    state = blank(seats)
    put(state, "b4", "god", 0)
    pl = state["players"][0]
    pl["unlocks"], pl["followers"], pl["devotion"] = 5, 3, 12  # few followers to spare
    pl["powers"] = ["commanding", "revered", "resplendent", "temple_attunement", "bountiful"]
    task(state, {"t": "unlock", "seat": 0, "p": 0, "level": 3, "optional": False})
    assert ENGINE.ai_choice(state, 0) == "power:glorious"  # the heuristic's order
    assert ENGINE.rollout_choice(state, 0) == f"power:{power}"  # 2 seats: measured weaker


@pytest.mark.rule("ANKH-R108")
@pytest.mark.rule("ANKH-R155")
def test_unlocks_worshipful_this_turn_in_the_red():
    state = blank(3)
    put(state, "b4", "god", 0)
    put(state, "e8", "god", 1)
    for hex_, kind in (("a4", "temple"), ("c4", "pyramid"), ("b3", "obelisk")):
        mon(state, hex_, kind, None)  # Gain Followers (4) would outrank the heuristic's Unlock
    pl = state["players"][0]
    pl["unlocks"], pl["followers"], pl["devotion"] = 5, 3, 12
    pl["powers"] = ["commanding", "revered", "resplendent", "temple_attunement", "bountiful"]
    turn(state, 0)
    while ENGINE.pending(state)[0].seat == 0:
        state, _ = play(state, (0, ENGINE.rollout_choice(state, 0)))
    assert "worshipful" in state["players"][0]["powers"]


def test_triggering_a_control_monument_counts_only_with_a_monument_to_take():
    from rules.ankh.policy import CONTROL_TRIGGER, _event_value

    state = blank()
    put(state, "b4", "god", 0)
    state["event_pos"] = 0  # the next event is a Control Monument
    assert _event_value(state, 0) == 0.0
    mon(state, "a4", "temple", None)
    assert _event_value(state, 0) == CONTROL_TRIGGER


@pytest.mark.rule("ANKH-R142")
def test_before_the_merge_control_denies_the_god_standing_highest():
    """3 seats before the merge: the two lowest gods merge after the 3rd Conflict, so the
    policy counts devotion so far and denies the leader, not the best Conflict gain."""
    state = blank(3)
    put(state, "b4", "god", 0)
    put(state, "e8", "god", 1)
    put(state, "c7", "god", 2)
    mon(state, "a8", "temple", 1)  # god 1: the temple majority
    mon(state, "c8", "pyramid", 2)  # god 2: pyramid and obelisk majorities
    mon(state, "d8", "obelisk", 2)
    mon(state, "a4", "temple", None)  # taking it ties god 1's temples
    mon(state, "c4", "pyramid", None)  # taking it ties god 2's pyramids
    for player, devotion in enumerate((5, 10, 0)):
        state["players"][player]["devotion"] = devotion
    state["conflicts"] = 2
    task(state, {"t": "control", "seat": 0, "p": 0})
    assert ids(state, 0) == ["ctl:a4", "ctl:c4", "skip"]
    assert ENGINE.rollout_choice(state, 0) == "ctl:a4"  # god 1 stands highest (10 + 1.3)
    state["conflicts"] = 3  # after the merge: the best Conflict gain again (god 2's 2.3)
    assert ENGINE.rollout_choice(state, 0) == "ctl:c4"


@pytest.mark.rule("ANKH-R093")
def test_miracle_in_a_battle_lost_even_with_chariots():
    """Miracle pays 1 devotion per own figure killed: the policy plays it where it would lose
    anyway with figures to lose (the heuristic plays Cycle of Ma'at there)."""
    state = blank()
    put(state, "b4", "god", 0)
    put(state, "a4", "warrior", 0)
    put(state, "a5", "warrior", 0)
    put(state, "d4", "god", 1)
    for hex_ in ("d5", "c4", "b5", "a6", "b6", "a7"):
        put(state, hex_, "warrior", 1)  # 7 against 3 (+3 with Chariots)
    conflict(state)
    assert "card:miracle" in ids(state, 0)
    assert ENGINE.ai_choice(state, 0) == "card:cycle"
    assert ENGINE.rollout_choice(state, 0) == "card:miracle"
    del state["figures"]["a7"], state["figures"]["b6"]  # 5 against 3 + 3: Chariots can win
    assert ENGINE.rollout_choice(state, 0) == ENGINE.ai_choice(state, 0)


@pytest.mark.rule("ANKH-R113")
def test_miracle_counts_the_rivals_strength_not_figures():
    """The lost battle is judged by the rules' strength: Anubis's god is worth 1 per prisoner
    (up to 3), so 4 rival figures beat 3 own ones even with Chariots."""
    state = blank(gods=("ra", "anubis"))
    put(state, "b4", "god", 0)
    put(state, "a4", "warrior", 0)
    put(state, "a5", "warrior", 0)
    put(state, "d4", "god", 1)
    for hex_ in ("d5", "c4", "b5"):
        put(state, hex_, "warrior", 1)  # 4 figures against 3 (+3 with Chariots)
    conflict(state)
    assert "card:miracle" in ids(state, 0)
    assert ENGINE.rollout_choice(state, 0) == "card:chariots"  # no prisoners: 4 < 3 + 3
    state["players"][1]["prisoners"] = [0, 0, 0]  # Anubis's god: 1 + 3, so 7 against 6
    conflict(state)
    assert ENGINE.rollout_choice(state, 0) == "card:miracle"
