"""Move Figures, Summon Figure, Gain Followers, Unlock Ankh Power (ANKH-R037..R048)."""

from __future__ import annotations

import pytest

from rules.ankh.board import distance

from .scenario import blank, ids, mon, play, put, task


def move_task(state, seat=0, player=0):
    task(state, {"t": "move", "seat": seat, "p": player, "moved": [], "sel": None})


@pytest.mark.rule("ANKH-R037")
def test_each_figure_moves_up_to_three():
    state = blank()
    put(state, "b4", "god", 0)
    put(state, "a8", "warrior", 0)
    move_task(state)
    assert set(ids(state)) == {"fig:b4", "fig:a8", "done"}
    state, _ = play(state, (0, "fig:b4"))
    dests = [o[3:] for o in ids(state) if o.startswith("to:")]
    assert dests and all(1 <= distance("b4", d) <= 3 for d in dests)
    assert "to:e4" in ids(state) and "to:f4" not in ids(state)  # 3 vs 4 steps
    state, _ = play(state, (0, "to:e4"))
    assert ids(state) == ["fig:a8", "done"]  # the moved figure is done
    state, _ = play(state, (0, "fig:a8"), (0, "stay"))
    assert "a8" in state["figures"] and "e4" in state["figures"]


@pytest.mark.rule("ANKH-R038")
def test_move_passes_through_anything():
    state = blank()
    put(state, "e5", "god", 0)  # west bank of the river
    put(state, "f5", "warrior", 1)
    move_task(state)
    state, _ = play(state, (0, "fig:e5"))
    # across the river and through water / figures: g6 is in the east region
    assert "to:g6" in ids(state)


@pytest.mark.rule("ANKH-R039")
@pytest.mark.rule("ANKH-R040")
def test_move_ends_on_empty_land_and_never_changes_control():
    state = blank()
    put(state, "b4", "god", 0)
    mon(state, "b3", "obelisk", 1)
    move_task(state)
    state, _ = play(state, (0, "fig:b4"))
    assert "to:b3" not in ids(state) and "to:c5" not in ids(state)
    state, _ = play(state, (0, "to:a3"))
    assert state["monuments"]["b3"]["owner"] == 1


def summon_task(state, seat=0, player=0):
    from rules.ankh.actions import new_summon

    task(state, new_summon(state, seat, player))


@pytest.mark.rule("ANKH-R041")
def test_summon_next_to_own_figure_or_monument():
    state = blank()
    put(state, "b4", "god", 0)
    mon(state, "e8", "temple", 0)
    mon(state, "a1", "pyramid", None)
    summon_task(state)
    assert ids(state) == ["pc:warrior", "done"]
    state, _ = play(state, (0, "pc:warrior"))
    spots = {o[3:] for o in ids(state) if o.startswith("at:")}
    assert {"a4", "a5", "b3", "b5", "c4"} <= spots  # next to the god (c5 is water)
    assert {"d7", "d8", "e9", "e7"} <= spots  # next to the own temple
    assert "a2" not in spots and "c5" not in spots
    state, _ = play(state, (0, "at:a4"))
    assert state["figures"]["a4"] == {"kind": "warrior", "owner": 0, "radiant": False, "aim": None}
    assert state["players"][0]["warriors"] == 5
    assert "a5" not in state["figures"]  # one regular summon only


@pytest.mark.rule("ANKH-R042")
def test_guardians_summoned_like_warriors():
    state = blank()
    put(state, "b4", "god", 0)
    state["players"][0]["guardians"] = ["satet"]
    summon_task(state)
    assert "pc:satet" in ids(state)
    state, _ = play(state, (0, "pc:satet"), (0, "at:a4"))
    assert state["figures"]["a4"]["kind"] == "satet"
    assert state["players"][0]["guardians"] == []


@pytest.mark.rule("ANKH-R043")
def test_gain_followers_per_adjacent_monument():
    from rules.ankh.actions import gain_followers

    state = blank()
    put(state, "b4", "god", 0)
    put(state, "b6", "warrior", 0)
    mon(state, "a4", "obelisk", 0)  # own, next to the god
    mon(state, "b5", "temple", None)  # neutral, next to both figures: counts once
    mon(state, "c4", "pyramid", 1)  # enemy: nothing
    mon(state, "e9", "pyramid", None)  # far away: nothing
    state["players"][0]["followers"] = 0
    assert gain_followers(state, 0, []) == 2
    assert state["players"][0]["followers"] == 2


def start_unlock(state):
    task(state, {"t": "action", "seat": 0, "n": 1, "min": -1})
    return play(state, (0, "act:unlock"))[0]


@pytest.mark.rule("ANKH-R044")
@pytest.mark.rule("ANKH-R046")
def test_unlock_levels_in_order_and_cost():
    state = blank()
    put(state, "b4", "god", 0)
    state["players"][0]["followers"] = 12
    levels = []
    for _ in range(6):
        state = start_unlock(state)
        options = [o for o in ids(state) if o.startswith("power:")]
        from rules.ankh.data import POWER_LEVEL

        level = {POWER_LEVEL[o[6:]] for o in options}
        assert len(level) == 1
        levels.append(level.pop())
        before = state["players"][0]["followers"]
        state, _ = play(state, (0, options[0]))
        assert state["players"][0]["followers"] == before - levels[-1]
    assert levels == [1, 1, 2, 2, 3, 3]
    powers = state["players"][0]["powers"]
    from rules.ankh.data import POWER_LEVEL

    assert [POWER_LEVEL[p] for p in powers] == [1, 1, 2, 2, 3, 3]  # at most 2 per level


@pytest.mark.rule("ANKH-R045")
def test_unlock_without_followers_or_tokens_does_nothing():
    state = blank()
    put(state, "b4", "god", 0)
    state["players"][0]["followers"] = 1
    state["players"][0]["unlocks"] = 2  # next is level 2
    state = start_unlock(state)
    assert state["players"][0]["followers"] == 1 and state["players"][0]["unlocks"] == 2
    state = blank()
    put(state, "b4", "god", 0)
    state["players"][0]["followers"] = 9
    state["players"][0]["unlocks"] = 6
    state = start_unlock(state)
    assert state["players"][0]["followers"] == 9


@pytest.mark.rule("ANKH-R047")
@pytest.mark.rule("ANKH-R048")
def test_guardian_symbols_and_bases():
    state = blank()
    put(state, "b4", "god", 0)
    state["players"][0]["followers"] = 20
    state["guardian_cards"] = {
        "1": {"kind": "satet", "left": 1},
        "2": {"kind": "apep", "left": 1},
        "3": {"kind": "giant_scorpion", "left": 1},
    }
    got = []
    for _ in range(6):
        state = start_unlock(state)
        option = [o for o in ids(state) if o.startswith("power:")][0]
        state, _ = play(state, (0, option))
        got.append(list(state["players"][0]["guardians"]))
    assert got[0] == [] and got[1] == ["satet"] and got[2] == ["satet"]
    assert got[3] == ["apep", "satet"]
    # 5th unlock: level-3 scorpion is large; apep holds one of 2 large bases -> still room
    assert got[4] == ["apep", "giant_scorpion", "satet"]
    assert got[5] == got[4]
    # no free base: no guardian
    state = blank()
    put(state, "b4", "god", 0)
    put(state, "a4", "apep", 0)
    put(state, "a5", "giant_scorpion", 0)
    state["players"][0]["followers"] = 20
    state["players"][0]["unlocks"] = 3
    state["guardian_cards"]["2"] = {"kind": "apep", "left": 1}
    state = start_unlock(state)
    state, _ = play(state, (0, [o for o in ids(state) if o.startswith("power:")][0]))
    assert state["players"][0]["guardians"] == []
    assert state["guardian_cards"]["2"]["left"] == 1


@pytest.mark.rule("ANKH-R044")
@pytest.mark.rule("ANKH-R033")
def test_unlock_is_compulsory_as_first_action_optional_as_second():
    state = blank()
    put(state, "b4", "god", 0)
    state["players"][0]["followers"] = 3
    state = start_unlock(state)
    assert "skip" not in ids(state)
    state = blank()
    put(state, "b4", "god", 0)
    state["players"][0]["followers"] = 3
    task(state, {"t": "action", "seat": 0, "n": 1, "min": -1})
    state, _ = play(state, (0, "act:followers"), (0, "act:unlock"))
    assert "skip" in ids(state)
