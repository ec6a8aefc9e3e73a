"""Solo mode against the AI seat: PLG-R266..PLG-R305."""

from __future__ import annotations

import pytest

from rules.plagues import ENGINE as E
from rules.plagues.scoring import breakdown, hebrew_points
from rules.plagues.solo import ai_pick, ai_turn
from rules.plagues.state import soldiers
from tests.rules.plagues.scenario import key, new, resolve, started, to_step


def solo(seed: int = 1, **opts: str) -> dict:
    state = new(1, seed, **opts)
    return state


@pytest.mark.rule("PLG-R266")
@pytest.mark.rule("PLG-R267")
@pytest.mark.rule("PLG-R268")
@pytest.mark.rule("PLG-R269")
@pytest.mark.rule("PLG-R270")
def test_solo_setup():
    state = solo(3, province="buto")
    human, ai = state["players"]
    assert human["province"] == "buto" and ai["province"] is None
    assert ai["dev"] == [1, 1] and human["dev"] == [0, 0]
    assert state["order"] == [0, 1] and human["pcard"] == 1 and ai["pcard"] == 2
    assert sorted(state["ai_row"]) == [1, 2, 3, 4, 5, 6]
    rows = {tuple(solo(s)["ai_row"]) for s in range(8)}
    assert len(rows) > 1
    view = E.view(state, None)
    assert view["ai_row"] == [{"value": None, "revealed": False}] * 6
    assert view["players"][1]["ankh_tokens"] == {"board": 0, "supply": 0}


@pytest.mark.rule("PLG-R271")
@pytest.mark.rule("PLG-R298")
def test_no_moses_in_solo():
    state = solo()
    assert E.view(state, None)["moses_rounds"] == []
    short = solo(short="on")
    assert E.view(short, None)["last_round"] == 8


@pytest.mark.rule("PLG-R272")
@pytest.mark.rule("PLG-R274")
def test_ai_needs_no_input():
    state = solo(2)
    seats = set()
    while state["phase"] == "dice":
        decision = E.pending(state)[0]
        seats.add(decision.seat)
        state, _ = E.apply(state, decision.seat, E.ai_choice(state, decision.seat))
    assert seats == {0}
    assert state["ai_pos"] == 6


def ai_state(row: list[int]) -> dict:
    state = solo(5)
    state["ai_row"] = row
    state["ai_pos"] = 0
    state["stacks"] = [[], []]
    return state


@pytest.mark.rule("PLG-R273")
@pytest.mark.rule("PLG-R275")
@pytest.mark.rule("PLG-R276")
@pytest.mark.rule("PLG-R277")
def test_ai_pharaoh_action():
    state = ai_state([1, 4, 2, 4, 2, 3])
    ai = state["players"][1]
    pcard = ai["pcard"]
    events = []
    ai_turn(state, 1, events)
    assert state["pharaoh"][3] == 1 and ai["pcard"] == pcard + 3 and state["ai_pos"] == 2
    assert events[0].data == {"action_card": 1, "value": 4, "action": "pharaoh"}
    ai_turn(state, 1, events)  # card 4 already taken: action lost
    assert ai["pcard"] == pcard + 3 and any(e.kind == "ai_lost" for e in events)
    ai_turn(state, 1, events)  # card 3: taken, no effect
    assert state["pharaoh"][2] == 1


@pytest.mark.rule("PLG-R278")
@pytest.mark.rule("PLG-R279")
@pytest.mark.rule("PLG-R280")
def test_ai_tile_action():
    state = ai_state([3, 2, 4, 6, 3, 1])
    ai = state["players"][1]
    state["dice_spaces"] = ["boat", "province3", "sphinx", "coin", "pharaoh", None]
    events = []
    ai_turn(state, 1, events)
    resolve(state, 1, None)
    assert "province3" in ai["kept"] and ai["pcard"] == 2 + 3
    ai_turn(state, 1, events)  # space 6 empty now? slid: 5 tiles left
    resolve(state, 1, None)
    for cell in ("c0", "c1", "c2", "c3", "c4", "c5"):
        ai["cells"][cell] = "obelisk"
    state["dice_spaces"][0] = "sphinx"
    before = len(state["removed"])
    ai_turn(state, 1, events)
    resolve(state, 1, None)
    assert len(state["removed"]) == before + 1


@pytest.mark.rule("PLG-R281")
@pytest.mark.rule("PLG-R283")
def test_ai_placement_priority():
    state = ai_state([3, 1, 3, 1, 3, 1])
    ai = state["players"][1]
    ai["cells"]["f4"] = "herd"
    ai["cells"]["f2"] = "plantation"
    state["dice_spaces"][0] = "plantation"
    ai_turn(state, 1, [])
    resolve(state, 1, None)
    # f5 activates dev_city (f4-f5); f1 would activate soldiers only; dev first
    assert ai["cells"]["f5"] == "plantation"
    ai["dev"] = [1, 3]
    for cell in ("f0", "f1"):
        ai["cells"][cell] = "herd"
    state["dice_spaces"][0] = "herd"
    ai_turn(state, 1, [])
    resolve(state, 1, None)  # the field fills: occupation tile
    assert ai["cells"]["f3"] == "herd" and "field" not in ai["occ"]
    assert ai["dev"] == [3, 3]  # +2 as two steps on the track behind


@pytest.mark.rule("PLG-R282")
def test_ai_development_ties_ask_the_human():
    state = ai_state([1, 1, 1, 1, 1, 1])
    ai = state["players"][1]
    ai["dev"] = [2, 2]
    ai_turn(state, 1, [])
    resolve(state, 1, None)
    decision = E.pending(state)[0]
    assert decision.seat == 0 and decision.key == "ai_track_tie"
    resolve(state, 1, None, "track:field")
    assert ai["dev"] == [2, 3]
    state["pharaoh"][0] = None
    state["ai_pos"] = 0
    ai_turn(state, 1, [])
    resolve(state, 1, None)
    assert ai["dev"] == [3, 3] and key(state) is None


@pytest.mark.rule("PLG-R284")
@pytest.mark.rule("PLG-R285")
@pytest.mark.rule("PLG-R286")
@pytest.mark.rule("PLG-R287")
def test_ai_hebrews():
    state = ai_state([5, 1, 6, 2, 5, 3])
    ai = state["players"][1]
    state["hebrews"] = [1, 3, 2]
    ai["hebrews"] = [1, 1, 1]
    state["dice_spaces"][0] = "coin"
    ai_turn(state, 1, [])
    resolve(state, 1, None)  # space 4: dice space 1's tile
    assert ai["hebrews"][-1] == 3 and "coin" in ai["kept"]
    ai["penalties"] = ["lice"]
    ai_turn(state, 1, [])  # space 5: not for the AI
    assert ai["hebrews"][-1] == 2 and ai["penalties"] == ["lice"]
    state["hebrews"] = []
    events = []
    ai_turn(state, 1, events)
    assert any(e.kind == "ai_lost" for e in events)
    state["hebrews"] = [1, 3]
    ai["pcard"] = 5
    resolve(state, 1, {"k": "adv", "what": "province", "n": 1})
    assert ai["hebrews"][-1] == 3


@pytest.mark.rule("PLG-R288")
@pytest.mark.rule("PLG-R289")
def test_ai_soldiers_and_order():
    state = ai_state([6, 1, 5, 2, 4, 3])
    state["pharaoh"][1] = 1
    assert soldiers(state, 1) == 6 + 5 + 4 + 5
    state["players"][0]["dice_used"] = [1, 2, 3]
    state["counter"] = 6
    state["ai_pos"] = 6
    started(state)
    assert state["order"] == [1, 0]


@pytest.mark.rule("PLG-R290")
@pytest.mark.rule("PLG-R291")
@pytest.mark.rule("PLG-R294")
def test_ai_territory_priority():
    state = ai_state([1] * 6)
    ai = state["players"][1]
    state["territories"] = ["sa_soldiers", "ib_nile_2", "tr_coin_1", "tr_soldier"]
    ai_pick(state, 1, [])
    assert ai["terr"] == [{"id": "tr_coin_1", "used": False}]
    ai["kept"] = ["boat", "province1"]
    from rules.plagues.state import income

    assert income(state, 1) == 0
    state["territories"] = ["sa_soldiers", "ib_nile_2"]
    ai_pick(state, 1, [])
    assert ai["nile"] == 2 and state["territories"] == ["sa_soldiers"]
    events = []
    ai_pick(state, 1, events)
    assert state["territories"] == ["sa_soldiers"] and events[-1].kind == "no_pick"


@pytest.mark.rule("PLG-R292")
@pytest.mark.rule("PLG-R293")
@pytest.mark.rule("PLG-R295")
@pytest.mark.rule("PLG-R296")
@pytest.mark.rule("PLG-R297")
def test_ai_round_exemptions():
    state = solo(4)
    state["plague"] = "darkness"
    state = to_step(state, "plague")
    ai = state["players"][1]
    human = state["players"][0]
    assert human["terr"] == [] and (ai["terr"] or state["territory_discard"])
    assert ai["paid"] is None
    row = list(state["ai_row"])
    while state["round"] == 1:
        decision = E.pending(state)[0]
        assert decision.seat == 0
        state, _ = E.apply(state, 0, E.ai_choice(state, 0))
    assert state["ai_pos"] == 0 and sorted(state["ai_row"]) == sorted(row)
    assert ai["penalties"] == []
    state["plague"] = "boils"
    ai["cells"].update(f1="herd", f2="herd")
    from rules.plagues.state import plague_on

    assert not plague_on(state, 1, "boils")


@pytest.mark.rule("PLG-R299")
@pytest.mark.rule("PLG-R300")
@pytest.mark.rule("PLG-R301")
def test_human_hebrew_rule():
    state = solo()
    human, ai = state["players"]
    ai["hebrews"] = [3, 3, 3, 3]
    human["hebrews"] = [3, 3, 2, 1, 1]  # fact 11: 10 reaches the minimum
    assert hebrew_points(state) == [14, 18]
    human["hebrews"] = [3, 3, 2, 1]
    assert hebrew_points(state) == [0, 18]
    human["hebrews"] = [3, 3, 3, 3]
    assert hebrew_points(state) == [16, 16]
    ai["hebrews"] = [1]
    human["hebrews"] = [1, 1]
    assert hebrew_points(state) == [18, 14]  # no minimum for the AI


@pytest.mark.rule("PLG-R302")
@pytest.mark.rule("PLG-R303")
@pytest.mark.rule("PLG-R304")
@pytest.mark.rule("PLG-R305")
def test_ai_scoring():
    state = solo()
    ai = state["players"][1]
    ai["dev"] = [4, 6]
    ai["nile"] = 11
    ai["cells"].update(c0="sphinx", f0="herd")
    ai["kept"] = ["coin", "boat", "pharaoh"]
    ai["terr"] = [{"id": "sc_lines", "used": False}, {"id": "tr_coin_1", "used": False}]
    ai["pcard"] = 24
    ai["penalties"] = ["lice"]
    ai["hebrews"] = [3]
    parts = breakdown(state, 1)
    assert parts == {
        "development": 5,
        "nile": 6,
        "tiles": 4,
        "pharaoh_tiles": 2,
        "territory": 6,
        "province": 0,
        "hebrews": 18,
        "penalties": 0,
        "discard": 0,
    }
    assert E.result(state) is None
