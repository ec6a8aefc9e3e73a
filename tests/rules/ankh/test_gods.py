"""The five gods' abilities (ANKH-R109..R127)."""

from __future__ import annotations

import pytest

from rules.ankh import ENGINE
from rules.ankh.actions import new_summon
from rules.ankh.conflict import strength
from rules.core import canonical_json
from rules.testing import reload

from .scenario import blank, conflict, dev, ids, key, play, put, task


def battle_of(god0, god1, plain=True):
    state = blank(2, gods=(god0, god1), plain=plain)
    put(state, "b4", "god", 0)
    put(state, "d4", "god", 1)
    return state


@pytest.mark.rule("ANKH-R109")
@pytest.mark.rule("ANKH-R110")
def test_amun_two_cards_declared_publicly_first():
    state = battle_of("amun", "ra")
    put(state, "g6", "god", 0)
    put(state, "g7", "warrior", 1)
    conflict(state)
    decisions = ENGINE.pending(state)
    assert [d.key for d in decisions] == ["amun"] and not decisions[0].secret
    state, _ = play(state, (0, "amun:two"))
    assert state["players"][0]["amun_up"] is False
    assert sorted(d.seat for d in ENGINE.pending(state)) == [0, 1]
    state, _ = play(state, (0, "card:chariots"))
    assert "card:chariots" not in ids(state, 0) and ids(state, 0)  # a second, different card
    state, events = play(state, (0, "card:drought"), (1, "card:flood"))
    strengths = [e.data["strength"] for e in events if e.kind == "strength"][0]
    assert strengths["0"] == 1 + 3 + 1
    # second battle (east) in the same Conflict: no declaration any more
    assert key(state) == "battle_card"
    state, _ = play(state, (0, "card:flood"), (1, "card:build"))
    if key(state) == "tiebreak":
        state, _ = play(state, (0, "tie:use"))
    assert state["players"][0]["amun_up"] is True  # face up again after the Conflict


@pytest.mark.rule("ANKH-R111")
@pytest.mark.rule("ANKH-R112")
@pytest.mark.rule("ANKH-R113")
def test_anubis_imprisons_one_per_kill_moment_and_gains_strength():
    state = battle_of("anubis", "ra")
    put(state, "a4", "warrior", 0)
    put(state, "d5", "warrior", 1)
    put(state, "e5", "warrior", 1)
    put(state, "d3", "warrior", 1)
    state["players"][0]["followers"] = 2
    conflict(state)
    state, _ = play(state, (0, "card:plague"), (1, "card:flood"), (0, "bid:2"), (1, "bid:0"))
    assert key(state) == "imprison" and ids(state) == ["jail:1", "skip"]
    state, _ = play(state, (0, "jail:1"))
    assert state["players"][0]["prisoners"] == [1]
    assert state["players"][1]["warriors"] == 5
    battle = {"region": "west", "played": {"0": []}}
    assert strength(state, battle, 0) == 2 + 1  # god 1 + 1 prisoner, warrior 1
    state["players"][0]["prisoners"] = [1, 1, 1]
    assert strength(state, battle, 0) == 1 + 3 + 1  # +3 at most


@pytest.mark.rule("ANKH-R114")
def test_summon_own_imprisoned_warrior_by_paying_anubis():
    state = battle_of("ra", "anubis")
    state["players"][1]["prisoners"] = [0]
    state["players"][0]["warriors"] -= 1
    state["players"][0]["followers"] = 1
    task(state, new_summon(state, 0, 0))
    assert "pc:prisoner" in ids(state)
    state, _ = play(state, (0, "pc:prisoner"), (0, "at:a4"))
    assert state["players"][1]["prisoners"] == []
    assert state["players"][0]["followers"] == 0 and state["players"][1]["followers"] == 2
    assert state["figures"]["a4"] == {"kind": "warrior", "owner": 0, "radiant": False, "aim": None}


@pytest.mark.rule("ANKH-R115")
def test_prisoners_when_gods_leave():
    from rules.ankh.late import forget

    state = blank(3, gods=("anubis", "ra", "isis"))
    for p, h in enumerate(["b4", "g6", "d1"]):
        put(state, h, "god", p)
    state["players"][0]["prisoners"] = [1, 2]
    state["players"][1]["warriors"] -= 1
    state["players"][2]["warriors"] -= 1
    state["players"][1]["devotion"] = 25
    state["players"][2]["devotion"] = 25
    forget(state, [])  # Anubis forgotten: prisoners go home
    assert state["players"][1]["warriors"] == 6 and state["players"][2]["warriors"] == 6
    state = blank(3, gods=("anubis", "ra", "isis"))
    for p, h in enumerate(["b4", "g6", "d1"]):
        put(state, h, "god", p)
    state["players"][0]["prisoners"] = [1, 2]
    state["players"][0]["devotion"] = 25
    state["players"][2]["devotion"] = 25
    forget(state, [])  # Ra forgotten: its imprisoned warrior leaves the game
    assert state["players"][0]["prisoners"] == [2]


@pytest.mark.rule("ANKH-R116")
@pytest.mark.rule("ANKH-R118")
def test_isis_protects_adjacent_figures_in_battle_resolution():
    state = battle_of("ra", "isis")
    put(state, "c4", "warrior", 1)  # next to Ra's god b4: Protected
    put(state, "e5", "warrior", 1)  # not next to an enemy
    put(state, "a4", "warrior", 0)
    conflict(state)
    state, _ = play(state, (0, "card:chariots"), (1, "card:flood"))
    assert key(state) == "isis" and ids(state) == ["save:c4", "done"]
    state, _ = play(state, (1, "save:c4"))
    assert "c4" in state["figures"] and "e5" not in state["figures"]


@pytest.mark.rule("ANKH-R116")
def test_isis_doomed_figures_in_hex_order_so_a_reloaded_state_continues_alike():
    state = battle_of("ra", "isis")
    put(state, "e5", "warrior", 1)  # added before c4: the live dict is not in hex order
    put(state, "c4", "warrior", 1)
    put(state, "a4", "warrior", 0)
    conflict(state)
    reloaded = reload(ENGINE, state)
    moves = ((0, "card:chariots"), (1, "card:flood"))
    state, _ = play(state, *moves)
    reloaded, _ = play(reloaded, *moves)
    isis = next(t for t in state["stack"] if t["t"] == "isis")
    assert isis["doomed"] == ["c4", "e5"]
    assert canonical_json(ENGINE.dump(state)) == canonical_json(ENGINE.dump(reloaded))


@pytest.mark.rule("ANKH-R119")
def test_isis_on_water_protected_everywhere():
    from rules.ankh.state import hex_regions

    state = battle_of("ra", "isis")
    del state["figures"]["d4"]
    put(state, "e6", "apep", 1)  # water in west and east
    put(state, "f6", "warrior", 0)  # east, adjacent to e6
    put(state, "b5", "warrior", 1)
    assert set(hex_regions(state, "e6")) == {"west", "east"}
    conflict(state)
    # west battle: Ra b4 god vs Isis apep + warrior; Ra wins with chariots
    state, _ = play(state, (0, "card:chariots"), (1, "card:flood"))
    assert key(state) == "isis" and "save:e6" in ids(state)


@pytest.mark.rule("ANKH-R120")
@pytest.mark.rule("ANKH-R122")
@pytest.mark.rule("ANKH-R123")
def test_osiris_underworld_token_after_losing():
    state = battle_of("ra", "osiris", plain=False)
    state["players"][0]["suns"] = 0
    conflict(state)
    state, _ = play(state, (0, "card:chariots"), (1, "card:flood"))
    assert key(state) == "osiris" and "at:b4" not in ids(state) and "uw:a4" in ids(state)
    state, _ = play(state, (1, "uw:a4"))
    assert state["underworld"] == ["a4"] and state["players"][1]["underworld_tokens"] == 2
    from rules.ankh.state import can_stand, terrain

    assert terrain(state, "a4") == "underworld"  # neither desert nor fertile
    assert not can_stand(state, "a4", 0) and can_stand(state, "a4", 1)
    from rules.ankh.conflict import build_spaces

    assert "a4" not in build_spaces(state, "west")


@pytest.mark.rule("ANKH-R121")
def test_osiris_extra_summon_on_underworld_then_chain():
    state = battle_of("osiris", "ra", plain=False)
    state["players"][1]["suns"] = 0
    state["underworld"] = ["e9"]
    task(state, new_summon(state, 0, 0))
    state, _ = play(state, (0, "pc:warrior"))
    assert "at:e9" in ids(state)
    state, _ = play(state, (0, "at:e9"), (0, "pc:warrior"))
    assert "at:d8" in ids(state)  # chained next to the underworld figure
    state, _ = play(state, (0, "at:d8"))
    assert key(state) == "action"


@pytest.mark.rule("ANKH-R124")
def test_forgotten_osiris_tokens_leave():
    from rules.ankh.late import forget

    state = blank(3, gods=("osiris", "ra", "isis"), plain=False)
    for p, h in enumerate(["b4", "g6", "d1"]):
        put(state, h, "god", p)
    state["underworld"] = ["a4"]
    state["players"][1]["devotion"] = state["players"][2]["devotion"] = 22
    forget(state, [])
    assert state["underworld"] == [] and state["players"][0]["underworld_tokens"] == 0


@pytest.mark.rule("ANKH-R125")
@pytest.mark.rule("ANKH-R126")
@pytest.mark.rule("ANKH-R127")
def test_ra_suns():
    state = battle_of("ra", "isis", plain=False)
    task(state, new_summon(state, 0, 0))
    state, _ = play(state, (0, "pc:warrior"), (0, "at:a4"))
    assert key(state) == "sun"
    state, _ = play(state, (0, "sun:yes"))
    assert state["figures"]["a4"]["radiant"] and state["players"][0]["suns"] == 2
    conflict(state)
    state, _ = play(state, (0, "card:chariots"), (1, "card:flood"))
    assert dev(state, 0) == 2  # win reward +1 for the Radiant figure
    state["figures"]["d4"] = state["figures"].pop("d4")
    put(state, "d5", "warrior", 1)
    from rules.ankh.conflict import kill

    kill(state, ["a4"], [], None, resolution=False)
    assert state["players"][0]["suns"] == 3


@pytest.mark.rule("ANKH-R118")
def test_isis_figure_dying_with_its_neighbour_is_protected():
    state = battle_of("ra", "isis")
    put(state, "a4", "warrior", 0)
    put(state, "a5", "warrior", 1)  # next to Ra's warrior a4 and god b4
    conflict(state)
    state, _ = play(state, (0, "card:flood"), (1, "card:build"))
    # tie 2 - 2: Ra holds the tie-breaker but keeps it: everybody loses
    state, _ = play(state, (0, "tie:keep"))
    assert key(state) == "isis" and "save:a5" in ids(state)
    state, _ = play(state, (1, "save:a5"))
    assert "a5" in state["figures"] and "a4" not in state["figures"]


@pytest.mark.rule("ANKH-R120")
def test_osiris_moves_a_token_from_the_board():
    state = battle_of("ra", "osiris", plain=False)
    state["players"][0]["suns"] = 0
    state["players"][1]["underworld_tokens"] = 0
    state["underworld"] = ["h7"]
    put(state, "h7", "warrior", 1)
    conflict(state)
    state, _ = play(state, (0, "card:chariots"), (1, "card:flood"))
    assert ids(state)[0] == "uwfrom:h7" and "uw:a4" not in ids(state)
    state, _ = play(state, (1, "uwfrom:h7"), (1, "uw:a4"))
    assert state["underworld"] == ["a4"]
    assert state["figures"]["h7"]["owner"] == 1  # the figure on the old space stays
