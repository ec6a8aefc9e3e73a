"""The map: terrain, regions, adjacency (ANKH-R004..R010) and the camel caravan suite
(ANKH-R053..R056)."""

from __future__ import annotations

import pytest

from rules.ankh import ENGINE
from rules.ankh.board import LAND, NEIGHBORS, RIVER, TERRAIN, WATER, valid_lines
from rules.ankh.state import adjacent, hex_regions, region_land

from .scenario import blank, ids, mon, play, put, task


@pytest.mark.rule("ANKH-R004")
def test_terrain_and_three_regions():
    assert sum(1 for t in TERRAIN.values() if t == "fertile") == 43
    assert sum(1 for t in TERRAIN.values() if t == "desert") == 39
    assert len(WATER) == 19
    state = blank()
    sizes = {name: len(land) for name, land in region_land(state).items()}
    assert sizes == {"west": 32, "east": 28, "delta": 22}


@pytest.mark.rule("ANKH-R005")
def test_one_piece_per_space():
    state = blank()
    put(state, "b4", "god", 0)
    mon(state, "c4", "temple", None)
    task(state, {"t": "move", "seat": 0, "p": 0, "moved": [], "sel": None})
    state, _ = play(state, (0, "fig:b4"))
    assert "to:c4" not in ids(state) and "to:b4" not in ids(state)
    put(state, "d4", "warrior", 1)
    assert "to:d4" not in ids(state)


@pytest.mark.rule("ANKH-R006")
def test_water_cannot_be_occupied():
    state = blank()
    put(state, "b4", "god", 0)
    task(state, {"t": "move", "seat": 0, "p": 0, "moved": [], "sel": None})
    state, _ = play(state, (0, "fig:b4"))
    assert "to:c5" not in ids(state) and "c5" in WATER


@pytest.mark.rule("ANKH-R007")
def test_water_in_every_region_it_touches():
    state = blank()
    assert set(hex_regions(state, "k1")) == {"delta", "east"}
    assert set(hex_regions(state, "e6")) == {"west", "east"}
    # a figure on such water takes part in both regions
    put(state, "e6", "apep", 0)
    from rules.ankh.state import owners_in

    assert 0 in owners_in(state, "west") and 0 in owners_in(state, "east")
    assert adjacent(state, "e6", "f6") and adjacent(state, "e6", "e5")


@pytest.mark.rule("ANKH-R008")
def test_adjacency_needs_same_region_and_no_river_or_camel():
    state = blank()
    a, b = sorted(RIVER)[0]
    assert b in NEIGHBORS[a] and not adjacent(state, a, b)
    assert adjacent(state, "b4", "c4")
    state["camels"] = [["b4", "c4"]]
    assert not adjacent(state, "b4", "c4")


@pytest.mark.rule("ANKH-R009")
@pytest.mark.rule("ANKH-R010")
def test_camels_are_not_figures_and_base_strength_one():
    from rules.ankh.conflict import strength

    state = blank()
    state["camels"] = [["b4", "c4"]]
    assert "b4" not in state["figures"]
    put(state, "b4", "warrior", 0)
    put(state, "b3", "satet", 0)
    put(state, "a4", "god", 0)
    battle = {"region": "west", "played": {}}
    assert strength(state, battle, 0) == 3


# --- camel caravan suite -------------------------------------------------------------
def caravan_state():
    state = blank()
    put(state, "d3", "god", 0)
    task(state, {"t": "caravan", "seat": 0, "p": 0, "line": []})
    return state


@pytest.mark.rule("ANKH-R053")
def test_camel_lines_only_on_land_edges_of_one_region():
    lines = valid_lines(frozenset())
    assert lines
    for line in lines:
        assert 1 <= len(line) <= 6
        for a, b in line:
            assert a in LAND and b in LAND
            assert (a, b) not in RIVER
            assert hex_regions(blank(), a) == hex_regions(blank(), b)


@pytest.mark.rule("ANKH-R054")
def test_every_line_splits_one_region_into_two_big_ones():
    state = blank()
    for line in valid_lines(frozenset())[:40]:
        trial = dict(state)
        trial["camels"] = sorted([list(e) for e in line])
        from rules.ankh.board import compute_regions

        comps = compute_regions(frozenset(line))
        assert len(comps) == 4
        assert all(len(c) >= 6 for c in comps)


@pytest.mark.rule("ANKH-R054")
def test_illegal_lines_are_never_offered():
    state = caravan_state()
    offered = {o[6:] for o in ids(state) if o.startswith("camel:")}
    # a river edge, a water edge and an edge whose region cut would leave < 6 hexes
    a, b = sorted(RIVER)[0]
    assert f"{a}-{b}" not in offered
    assert "b4-c5" not in offered and "c4-c5" not in offered
    # the corner hex a1: cutting it off alone would make a 1-hex region
    from rules.ankh.board import compute_regions

    for line in valid_lines(frozenset()):
        parts = [c for c in compute_regions(frozenset(line)) if "a1" in c]
        assert len(parts[0]) >= 6
    assert "skip" in ids(state) and "done" not in ids(state)


@pytest.mark.rule("ANKH-R054")
@pytest.mark.rule("ANKH-R055")
def test_line_splits_and_adjacency_is_recomputed():
    state = caravan_state()
    line = sorted(valid_lines(frozenset()), key=lambda ln: (len(ln), sorted(ln)))[0]
    for a, b in sorted(line):
        assert "done" not in ids(state)
        state, _ = play(state, (0, f"camel:{a}-{b}"))
    assert "done" in ids(state)
    state, events = play(state, (0, "done"))
    region = [n for n in region_land(state) if n not in ("west", "east", "delta")]
    assert len(region) == 2
    for a, b in line:
        assert not adjacent(state, a, b)  # camels cut adjacency
    assert state["camel_supply"] == 30 - len(line)
    assert ids(state) == [f"keep:{region[0]}", f"keep:{region[1]}"]
    old = {r["name"]: r["token"] for r in blank()["regions"]}
    parent = region[0][:-1]
    state, _ = play(state, (0, f"keep:{region[1]}"))
    tokens = {r["name"]: r["token"] for r in state["regions"]}
    assert tokens[region[1]] == old[parent]
    assert tokens[region[0]] == 4  # the lowest token in the supply
    assert 4 not in state["order_tokens"]


@pytest.mark.rule("ANKH-R056")
def test_swap_tokens_after_caravan():
    state = caravan_state()
    line = sorted(valid_lines(frozenset()), key=lambda ln: (len(ln), sorted(ln)))[0]
    for a, b in sorted(line):
        state, _ = play(state, (0, f"camel:{a}-{b}"))
    state, _ = play(state, (0, "done"))
    new = [o[5:] for o in ids(state)]
    state, _ = play(state, (0, f"keep:{new[0]}"))
    assert "skip" in ids(state)
    state, _ = play(state, (0, f"swap:{new[1]}"))
    assert f"with:{new[0]}" in ids(state) and "with:delta" in ids(state)
    before = {r["name"]: r["token"] for r in state["regions"]}
    state, _ = play(state, (0, "with:delta"))
    after = {r["name"]: r["token"] for r in state["regions"]}
    assert after["delta"] == before[new[1]] and after[new[1]] == before["delta"]
    assert ENGINE.pending(state)[0].key == "action"  # the turn moved on


@pytest.mark.rule("ANKH-R054")
@pytest.mark.rule("ANKH-R008")
def test_split_regions_fight_separately():
    from rules.ankh.board import compute_regions

    from .scenario import conflict, dev

    state = caravan_state()
    line = sorted(valid_lines(frozenset()), key=lambda ln: (len(ln), sorted(ln)))[0]
    parts = [c for c in compute_regions(frozenset(line)) if c not in compute_regions(frozenset())]
    a, b = sorted(parts[0])[0], sorted(parts[1])[0]
    for e in sorted(line):
        state, _ = play(state, (0, f"camel:{e[0]}-{e[1]}"))
    state, _ = play(state, (0, "done"))
    new = [o[5:] for o in ids(state)]
    state, _ = play(state, (0, f"keep:{new[0]}"), (0, "skip"))
    state["figures"] = {}
    put(state, a, "god", 0)
    put(state, b, "god", 1)
    assert hex_regions(state, a) != hex_regions(state, b)
    conflict(state)
    assert dev(state, 0) == 1 and dev(state, 1) == 1  # two dominations, no battle
