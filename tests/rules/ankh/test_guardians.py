"""The six guardians (ANKH-R128..R141)."""

from __future__ import annotations

import pytest

from rules.ankh import ENGINE
from rules.ankh.actions import new_summon
from rules.ankh.conflict import kill, strength

from .scenario import blank, conflict, dev, ids, key, mon, play, put, task


def west_battle(gods=("ra", "osiris")):
    state = blank(2, gods=gods)
    put(state, "b4", "god", 0)
    put(state, "d4", "god", 1)
    return state


def move(state, player=0):
    task(state, {"t": "move", "seat": player, "p": player, "moved": [], "sel": None})


@pytest.mark.rule("ANKH-R128")
def test_cat_mummy_killed_others_lose_devotion():
    state = blank(3)
    for p, h in enumerate(["b4", "g6", "d1"]):
        put(state, h, "god", p)
    put(state, "a4", "cat_mummy", 0)
    state["players"][1]["devotion"] = 3
    state["players"][2]["devotion"] = 0
    kill(state, ["a4"], [], None, resolution=False)
    assert dev(state, 1) == 2 and dev(state, 2) == 0 and dev(state, 0) == 0
    assert state["players"][0]["guardians"] == ["cat_mummy"]


@pytest.mark.rule("ANKH-R129")
def test_cat_mummy_loss_after_battle_gains():
    state = west_battle()
    put(state, "a4", "cat_mummy", 1)
    put(state, "a5", "warrior", 0)
    state["players"][0]["powers"] = []
    conflict(state)
    state, events = play(state, (0, "card:chariots"), (1, "card:flood"))
    texts = [e.text for e in events if e.kind == "devotion"]
    assert "gains 1 devotion (winning in west)" in texts[0]
    assert "loses 1 devotion" in texts[1]
    assert dev(state, 0) == 0


@pytest.mark.rule("ANKH-R130")
@pytest.mark.rule("ANKH-R131")
def test_satet_pushes_enemy():
    state = west_battle()
    put(state, "a4", "satet", 0)
    move(state)
    state, _ = play(state, (0, "fig:a4"))
    assert "to:d4" in ids(state)  # the enemy god can be pushed
    state, _ = play(state, (0, "to:d4"))
    assert key(state) == "push"
    assert "push:c5" not in ids(state)  # never into water
    assert "push:e4" in ids(state)
    state, _ = play(state, (0, "push:e4"))
    assert state["figures"]["d4"]["kind"] == "satet"
    assert state["figures"]["e4"] == {"kind": "god", "owner": 1, "radiant": False, "aim": None}
    # an enemy with only water / occupied spaces around cannot be pushed
    state = west_battle()
    put(state, "a4", "satet", 0)
    for h in ["d3", "e4", "e5", "d5", "c4"]:
        put(state, h, "warrior", 1)
    move(state)
    state, _ = play(state, (0, "fig:a4"))
    assert "to:d4" not in ids(state)


@pytest.mark.rule("ANKH-R132")
@pytest.mark.rule("ANKH-R133")
def test_apep_water():
    state = west_battle()
    state["players"][0]["guardians"] = ["apep"]
    task(state, new_summon(state, 0, 0))
    state, _ = play(state, (0, "pc:apep"))
    assert "at:k1" in ids(state)  # any water space, no adjacency needed
    state, _ = play(state, (0, "at:k1"))
    move(state)
    state, _ = play(state, (0, "fig:k1"))
    dests = [o for o in ids(state) if o.startswith("to:")]
    assert dests and "to:j3" not in dests and "to:k4" not in dests and "to:j0" not in dests


@pytest.mark.rule("ANKH-R135")
@pytest.mark.rule("ANKH-R136")
def test_mummy_returns_next_to_its_god():
    state = blank(2, gods=("ra", "osiris"), plain=False)
    put(state, "b4", "god", 0)
    put(state, "e9", "mummy", 0)
    kill(state, ["e9"], [], None, resolution=False)
    assert key(state) == "mummy"
    assert set(o[3:] for o in ids(state)) == {"a4", "a5", "b3", "b5", "c4"}
    state, _ = play(state, (0, "at:a5"))
    assert state["figures"]["a5"]["kind"] == "mummy"
    assert key(state) == "sun"  # a summon: Ra may make it Radiant
    # no space next to the god: back to the reserve
    state = blank(2)
    put(state, "a1", "god", 0)
    for h in ["a2", "b2"]:
        put(state, h, "warrior", 1)
    put(state, "e9", "mummy", 0)
    task(state)
    kill(state, ["e9"], [], None, resolution=False)
    from rules.ankh.engine import progress

    progress(state, [])
    assert state["players"][0]["guardians"] == ["mummy"]


@pytest.mark.rule("ANKH-R137")
@pytest.mark.rule("ANKH-R138")
def test_giant_scorpion_aims_and_destroys():
    state = west_battle()
    state["players"][0]["guardians"] = ["giant_scorpion"]
    task(state, new_summon(state, 0, 0))
    state, _ = play(state, (0, "pc:giant_scorpion"), (0, "at:a5"))
    assert key(state) == "aim"
    assert "aim:a4+b4" in ids(state) and "aim:a4+a6" not in ids(state)
    state, _ = play(state, (0, "aim:a4+b4"))
    assert state["figures"]["a5"]["aim"] == ["a4", "b4"]
    mon(state, "a4", "temple", 0)
    conflict(state)
    assert "a4" not in state["monuments"] and state["supply"]["temple"] == 10


@pytest.mark.rule("ANKH-R139")
@pytest.mark.rule("ANKH-R141")
def test_androsphinx_cancels_adjacent_enemies():
    state = west_battle()
    battle = {"region": "west", "played": {}}
    put(state, "c4", "androsphinx", 0)  # next to d4
    assert strength(state, battle, 1) == 0
    assert strength(state, battle, 0) == 2
    put(state, "c3", "androsphinx", 1)  # next to c4: they cancel each other
    assert strength(state, battle, 0) == 1
    assert strength(state, battle, 1) == 0


@pytest.mark.rule("ANKH-R140")
def test_androsphinx_cancels_enemy_on_water_everywhere():
    state = west_battle()
    del state["figures"]["b4"]
    put(state, "e6", "apep", 1)  # water: west and east
    put(state, "f6", "androsphinx", 0)  # east only
    battle = {"region": "west", "played": {}}
    assert strength(state, battle, 1) == 1  # only the god: apep cancelled in the west too


__all__ = ["ENGINE"]


@pytest.mark.rule("ANKH-R137")
@pytest.mark.rule("ANKH-R138")
def test_scorpion_pushed_aims_again_and_river_protects():
    state = west_battle()
    put(state, "b6", "giant_scorpion", 1)
    put(state, "a4", "satet", 0)
    move(state)
    state, _ = play(state, (0, "fig:a4"), (0, "to:b6"), (0, "push:b7"))
    from rules.ankh import ENGINE

    assert key(state) == "aim" and ENGINE.pending(state)[0].seat == 1
    # a monument across the river is not adjacent: not destroyed
    from rules.ankh.actions import aim_pairs

    state = west_battle()
    put(state, "f5", "giant_scorpion", 0)
    assert ("f6", "g6") in aim_pairs("f5") and ("e5", "f4") in aim_pairs("f5")
    state["figures"]["f5"]["aim"] = ["f6", "g6"]
    mon(state, "f6", "temple", 1)  # east bank, across the river from f5
    mon(state, "g6", "obelisk", 1)
    conflict(state)
    assert "f6" in state["monuments"] and "g6" in state["monuments"]
    state = west_battle()
    put(state, "f5", "giant_scorpion", 0)
    state["figures"]["f5"]["aim"] = ["e5", "f4"]
    mon(state, "e5", "temple", 1)  # same region, adjacent
    conflict(state)
    assert "e5" not in state["monuments"]
