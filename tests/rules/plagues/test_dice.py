"""Phase 1, dice, and the round structure: PLG-R043..PLG-R116."""

from __future__ import annotations

import pytest

from rules.plagues import ENGINE as E
from rules.plagues.board import advance, take_from_space
from rules.plagues.state import ankh_symbols, ankh_tokens, bonus_active, income, soldiers
from tests.rules.plagues.scenario import (
    blank,
    key,
    options,
    put,
    resolve,
    started,
    to_step,
)


def neutral(seats: int = 2, seed: int = 1) -> dict:
    state = blank(seats, seed)
    for player in state["players"]:
        player["province"] = "memphis"
    state["plague"] = "blood"  # no effect after the reveal
    return state


@pytest.mark.rule("PLG-R043")
@pytest.mark.rule("PLG-R044")
def test_round_structure():
    state = started(neutral(3, seed=2))
    phases = []
    for _ in range(2000):
        if not phases or phases[-1] != (state["round"], state["phase"]):
            phases.append((state["round"], state["phase"]))
        if state["round"] == 2:
            break
        seat = E.pending(state)[0].seat
        state, _ = E.apply(state, seat, E.ai_choice(state, seat))
    assert phases[:4] == [(1, "dice"), (1, "territories"), (1, "plague"), (2, "dice")]


@pytest.mark.rule("PLG-R045")
@pytest.mark.rule("PLG-R119")
def test_phase_two_order_carries_to_next_round():
    state = to_step(started(neutral(3, seed=3)), "plague")
    order = list(state["order"])
    sold = [state["players"][s]["soldiers"] for s in order]
    assert sold == sorted(sold, reverse=True)
    state = to_step(state, "dice")
    assert state["round"] == 2
    assert E.pending(state)[0].seat == order[0]


@pytest.mark.rule("PLG-R117")
@pytest.mark.rule("PLG-R119")
def test_soldiers_and_turn_order_are_announced():
    """The public 'order' event says what each seat played and the resulting order."""
    state = started(neutral(3, seed=3))
    announced = []
    while state["phase"] == "dice":
        seat = E.pending(state)[0].seat
        state, events = E.apply(state, seat, E.ai_choice(state, seat))
        announced += [e for e in events if e.kind == "order"]
    (event,) = announced
    assert event.private_to is None
    counts = [p["soldiers"] for p in state["players"]]
    assert event.data == {"order": state["order"], "soldiers": counts}
    for seat, count in enumerate(counts):
        assert f"Seat {seat + 1} {count}" in event.text
    order = ", ".join(f"Seat {s + 1}" for s in state["order"])
    assert event.text.endswith(f"Turn order: {order}.")


@pytest.mark.rule("PLG-R046")
@pytest.mark.rule("PLG-R083")
@pytest.mark.rule("PLG-R086")
def test_chain_resolves_depth_first():
    state = neutral()
    player = state["players"][0]
    player["pcard"] = 7
    put(state, 0, c0="sphinx", c1="obelisk", c2="egyptian", c3="sphinx", c4="obelisk")
    # the 6th city tile: dev bonus c4-c5 (field +1), then occupation: dev +2 (choice), then
    # province +2 which passes space 9 (take any tile)
    resolve(state, 0, {"k": "recv", "tile": "obelisk"})
    assert player["cells"]["c5"] == "obelisk" and player["dev"][1] == 1
    assert key(state) == "track" and "city" not in player["occ"]
    resolve(state, 0, None, "track:split")
    assert player["dev"] == [1, 2] and player["pcard"] == 9
    assert key(state) == "tile"


@pytest.mark.rule("PLG-R047")
@pytest.mark.rule("PLG-R165")
@pytest.mark.rule("PLG-R167")
def test_pharaoh_tile_offered_during_turn():
    state = neutral()
    player = state["players"][0]
    player["kept"].append("pharaoh")
    player["penalties"] = ["lice"]
    resolve(state, 0, {"k": "turn"})
    assert "token:penalty" in options(state)
    resolve(state, 0, None, "token:penalty")
    assert player["penalties"] == [] and player["ph_used"] == 1
    assert key(state) == "die" and "token:penalty" not in options(state)


@pytest.mark.rule("PLG-R048")
@pytest.mark.rule("PLG-R118")
@pytest.mark.rule("PLG-R248")
def test_soldier_step_is_simultaneous():
    state = neutral(3, seed=4)
    for seat in (0, 1):
        state["players"][seat]["terr"].append({"id": "sa_soldiers", "used": False})
        state["players"][seat]["pcard"] = 10
    state["counter"] = 9  # every phase-1 turn done
    for player in state["players"]:
        player["dice_used"] = [1, 2, 3]
    started(state)
    decisions = E.pending(state)
    assert sorted(d.seat for d in decisions) == [0, 1]
    assert all(d.key == "sa_soldiers" for d in decisions)
    before = soldiers(state, 1)
    state, _ = E.apply(state, 1, "card:sa_soldiers")
    assert soldiers(state, 1) == before + 2
    assert sorted(d.seat for d in E.pending(state)) == [0, 1]  # 1 still answers "done"


@pytest.mark.rule("PLG-R049")
@pytest.mark.rule("PLG-R156")
def test_track_ends():
    state = neutral()
    events = []
    advance(state, 0, "city", 40, events)
    advance(state, 0, "boat", 40, events)
    advance(state, 0, "province", 40, events)
    player = state["players"][0]
    assert player["dev"][0] == 14 and player["nile"] == 12 and player["pcard"] == 24
    advance(state, 0, "field", -3, events)
    assert player["dev"][1] == 0


@pytest.mark.rule("PLG-R050")
@pytest.mark.rule("PLG-R051")
@pytest.mark.rule("PLG-R052")
@pytest.mark.rule("PLG-R053")
def test_three_turns_with_unused_dice():
    state = neutral()
    started(state)
    seen = []
    while state["phase"] == "dice":
        decision = E.pending(state)[0]
        if decision.key == "die":
            used = state["players"][decision.seat]["dice_used"]
            assert not any(f"die:{v}" in decision.option_ids() for v in used)
            seen.append(decision.seat)
        state, _ = E.apply(state, decision.seat, E.ai_choice(state, decision.seat))
    assert sorted(seen) == [0, 0, 0, 1, 1, 1]
    assert all(len(p["dice_used"]) == 3 for p in state["players"])
    state = to_step(state, "turns")
    assert all(p["dice_used"] == [] for p in state["players"])


@pytest.mark.rule("PLG-R054")
@pytest.mark.rule("PLG-R055")
@pytest.mark.rule("PLG-R057")
@pytest.mark.rule("PLG-R088")
def test_action_menu():
    state = neutral()
    state["hebrews"] = [1, 2, 3]
    state["players"][0]["discard"]["B"] = "sphinx"
    resolve(state, 0, {"k": "action", "v": 4})
    assert options(state) == ["tile", "pharaoh", "hebrew:1", "hebrew:2", "recover:B", "pass"]
    resolve(state, 0, None, "pass")
    assert state["players"][0]["discard"]["B"] == "sphinx"


@pytest.mark.rule("PLG-R056")
@pytest.mark.rule("PLG-R058")
@pytest.mark.rule("PLG-R060")
def test_take_slides_and_refills():
    state = neutral()
    state["dice_spaces"] = ["coin", "boat", "herd", "sphinx", "coin", "boat"]
    state["reserve"].append("obelisk")
    assert take_from_space(state, 4) == "sphinx"
    assert state["dice_spaces"] == ["coin", "boat", "herd", "coin", "boat", "obelisk"]


@pytest.mark.rule("PLG-R059")
@pytest.mark.rule("PLG-R061")
def test_take_last_space_and_empty_reserve():
    state = neutral()
    state["dice_spaces"] = ["coin", "boat", "herd", "sphinx", "coin", "boat"]
    state["reserve"] = []
    assert take_from_space(state, 6) == "boat"
    assert state["dice_spaces"] == ["coin", "boat", "herd", "sphinx", "coin", None]
    take_from_space(state, 2)
    assert state["dice_spaces"] == ["coin", "herd", "sphinx", "coin", None, None]
    resolve(state, 0, {"k": "action", "v": 6})
    assert "tile" not in options(state)


@pytest.mark.rule("PLG-R062")
@pytest.mark.rule("PLG-R063")
def test_full_areas_refuse_tiles():
    state = neutral()
    put(
        state, 0, c0="sphinx", c1="obelisk", c2="egyptian", c3="sphinx", c4="obelisk", c5="egyptian"
    )
    state["dice_spaces"] = ["sphinx", "herd", "egyptian", "coin", None, None]
    resolve(state, 0, {"k": "action", "v": 1})
    assert "tile" not in options(state)
    resolve(
        state,
        0,
        None,
        "pass",
    )
    resolve(state, 0, {"k": "action", "v": 2})
    assert "tile" in options(state)
    resolve(state, 0, None, "pass")
    for cell in ("f0", "f1", "f2", "f3", "f4", "f5"):
        state["players"][0]["cells"][cell] = "herd"
    resolve(state, 0, {"k": "action", "v": 3})
    assert "tile" not in options(state)


@pytest.mark.rule("PLG-R064")
def test_placement_choice():
    state = neutral()
    put(state, 0, f0="herd")
    state["dice_spaces"][2] = "egyptian"
    resolve(state, 0, {"k": "action", "v": 3}, "tile")
    assert options(state) == [
        "space:c0",
        "space:c1",
        "space:c2",
        "space:c3",
        "space:c4",
        "space:c5",
        "space:f1",
        "space:f2",
        "space:f3",
        "space:f4",
        "space:f5",
    ]
    resolve(state, 0, None, "space:f3")
    assert state["players"][0]["cells"]["f3"] == "egyptian"


@pytest.mark.rule("PLG-R065")
@pytest.mark.rule("PLG-R066")
@pytest.mark.rule("PLG-R068")
def test_beside_tiles():
    state = neutral()
    player = state["players"][0]
    for tile in ("boat", "coin", "pharaoh"):
        resolve(state, 0, {"k": "recv", "tile": tile})
    assert player["nile"] == 1 and sorted(player["kept"]) == ["boat", "coin", "pharaoh"]
    assert E.view(state, None)["players"][0]["kept"]["pharaoh_unused"] == 1
    assert not any(player["cells"].values())


@pytest.mark.rule("PLG-R069")
@pytest.mark.rule("PLG-R105")
def test_take_any_tile_without_die():
    state = neutral()
    state["dice_spaces"] = ["sphinx", "herd", "coin", None, None, None]
    resolve(state, 0, {"k": "take_tile"})
    assert options(state) == ["tile:1", "tile:2", "tile:3"]
    resolve(state, 0, None, "tile:3")
    assert state["players"][0]["kept"] == ["coin"]
    # nothing happens when no tile can be received
    state["dice_spaces"] = ["sphinx", None, None, None, None, None]
    for cell in ("c0", "c1", "c2", "c3", "c4", "c5"):
        state["players"][0]["cells"][cell] = "obelisk"
    events = resolve(state, 0, {"k": "take_tile"})
    assert key(state) is None and any(e.kind == "nothing" for e in events)


@pytest.mark.rule("PLG-R070")
@pytest.mark.rule("PLG-R071")
@pytest.mark.rule("PLG-R072")
@pytest.mark.rule("PLG-R073")
@pytest.mark.rule("PLG-R074")
@pytest.mark.rule("PLG-R153")
def test_adjacency_bonus_gained_lost_regained():
    state = neutral()
    player = state["players"][0]
    put(state, 0, c0="sphinx")
    resolve(state, 0, {"k": "recv", "tile": "obelisk"}, "space:c1")
    assert player["dev"][0] == 1  # dev_city active
    from rules.plagues.board import remove_tile

    remove_tile(state, 0, "c1", [])
    assert player["dev"][0] == 0
    resolve(state, 0, {"k": "recv", "tile": "egyptian"}, "space:c1")
    assert player["dev"][0] == 1
    player["dev"][0] = 0
    remove_tile(state, 0, "c1", [])
    assert player["dev"][0] == 0  # never below 0


@pytest.mark.rule("PLG-R075")
@pytest.mark.rule("PLG-R076")
@pytest.mark.rule("PLG-R077")
def test_coin_soldier_hebrew_bonuses():
    state = neutral()
    put(state, 0, c1="sphinx", c2="obelisk", f1="herd", f2="plantation", c3="sphinx", c4="obelisk")
    player = state["players"][0]
    assert bonus_active(player, "coin") == 1 and income(state, 0) == 1
    assert soldiers(state, 0) == 21 + 3
    from rules.plagues.die_actions import hebrew_need

    assert hebrew_need(state, 0, 3) == 3


@pytest.mark.rule("PLG-R078")
@pytest.mark.rule("PLG-R079")
@pytest.mark.rule("PLG-R080")
@pytest.mark.rule("PLG-R081")
@pytest.mark.rule("PLG-R082")
def test_lines_and_ankh_tokens():
    state = neutral()
    put(state, 0, c0="sphinx", c1="obelisk")
    resolve(state, 0, {"k": "recv", "tile": "egyptian"}, "space:c2")
    assert ankh_tokens(state, 0) == 1 and ankh_symbols(state, 0) == 1
    put(state, 0, c3="sphinx", c4="sphinx", c5="obelisk")
    assert ankh_tokens(state, 0) == 1  # same types twice: not a line
    put(state, 0, c4="egyptian", f0="herd", f1="plantation", f2="egyptian")
    assert ankh_tokens(state, 0) == 2  # 3 lines, only 2 tokens
    from rules.plagues.board import remove_tile

    remove_tile(state, 0, "c1", [])
    remove_tile(state, 0, "f1", [])
    assert ankh_tokens(state, 0) == 1
    view = E.view(state, None)["players"][0]["ankh_tokens"]
    assert view == {"board": 1, "supply": 1}


@pytest.mark.rule("PLG-R084")
@pytest.mark.rule("PLG-R087")
def test_field_occupation_once():
    state = neutral()
    player = state["players"][0]
    put(state, 0, f0="herd", f1="plantation", f2="egyptian", f3="herd", f4="plantation")
    resolve(state, 0, {"k": "recv", "tile": "herd"}, "track:city")
    assert player["occ"] == ["city", "river"] and player["pcard"] == 2
    from rules.plagues.board import remove_tile

    remove_tile(state, 0, "f5", [])
    resolve(state, 0, {"k": "recv", "tile": "herd"})
    assert player["pcard"] == 2 and key(state) is None


@pytest.mark.rule("PLG-R085")
def test_river_occupation():
    state = neutral()
    player = state["players"][0]
    player["nile"] = 5
    resolve(state, 0, {"k": "adv", "what": "boat", "n": 2}, "track:field")
    assert player["dev"][1] == 2 and player["pcard"] == 2 and "river" not in player["occ"]


@pytest.mark.rule("PLG-R089")
@pytest.mark.rule("PLG-R090")
@pytest.mark.rule("PLG-R093")
@pytest.mark.rule("PLG-R095")
def test_pharaoh_cards_effects():
    state = neutral()
    player = state["players"][0]
    resolve(state, 0, {"k": "action", "v": 4}, "pharaoh")
    resolve(state, 0, {"k": "action", "v": 6}, "pharaoh")
    assert player["pcard"] == 3 and player["nile"] == 2
    assert state["pharaoh"][3] == 0 and state["pharaoh"][5] == 0
    resolve(state, 1, {"k": "action", "v": 4})
    assert "pharaoh" not in options(state)
    resolve(state, 1, None, "pass")
    resolve(state, 0, {"k": "action", "v": 1}, "pharaoh")
    assert options(state) == ["track:city", "track:field"]
    resolve(state, 0, None, "track:field")
    assert player["dev"] == [0, 1]


@pytest.mark.rule("PLG-R090")
@pytest.mark.rule("PLG-R092")
def test_card_one_paid_with_card_three():
    state = neutral()
    player = state["players"][0]
    resolve(state, 0, {"k": "action", "v": 3}, "pharaoh")
    assert state["pharaoh"][2] == 0
    resolve(state, 0, {"k": "action", "v": 1}, "pharaoh", "pay:city")
    assert player["dev"][0] == 2 and state["pharaoh"][2] is None
    player["kept"].append("coin")
    state["pharaoh"][0] = None
    resolve(state, 0, {"k": "action", "v": 1}, "pharaoh", "pay:split")
    assert player["dev"] == [3, 1] and "coin" not in player["kept"]


@pytest.mark.rule("PLG-R091")
@pytest.mark.rule("PLG-R094")
@pytest.mark.rule("PLG-R096")
@pytest.mark.rule("PLG-R185")
def test_cards_two_and_five():
    state = neutral()
    state["players"][0]["dice_used"] = [2, 5, 6]
    base = soldiers(state, 0)
    resolve(state, 0, {"k": "action", "v": 2}, "pharaoh")
    resolve(state, 0, {"k": "action", "v": 5}, "pharaoh")
    assert soldiers(state, 0) == base + 5 and ankh_symbols(state, 0) == 1
    from rules.plagues.rounds import end_of_round_first

    end_of_round_first(state, [])
    assert state["pharaoh"] == [None] * 6


@pytest.mark.rule("PLG-R097")
@pytest.mark.rule("PLG-R098")
@pytest.mark.rule("PLG-R100")
@pytest.mark.rule("PLG-R101")
@pytest.mark.rule("PLG-R102")
@pytest.mark.rule("PLG-R103")
def test_freeing_hebrews():
    state = neutral()
    player = state["players"][0]
    state["hebrews"] = [1, 2, 3]
    resolve(state, 0, {"k": "action", "v": 3})
    assert [o for o in options(state) if o.startswith("hebrew")] == ["hebrew:1"]
    resolve(state, 0, None, "hebrew:1")
    assert player["hebrews"] == [1] and player["pcard"] == 1 and state["hebrews"] == [2, 3]
    resolve(state, 0, {"k": "action", "v": 6})
    assert [o for o in options(state) if o.startswith("hebrew")] == ["hebrew:2", "hebrew:3"]
    resolve(state, 0, None, "hebrew:3")
    assert player["hebrews"] == [1, 3] and player["nile"] == 1
    assert state["hebrews"] == [2]


@pytest.mark.rule("PLG-R099")
@pytest.mark.rule("PLG-R173")
def test_hebrew_bonus_and_lice():
    state = neutral()
    state["hebrews"] = [2, 3]
    put(state, 0, c3="sphinx", c4="obelisk")
    state["plague"] = "blood"
    resolve(state, 0, {"k": "action", "v": 3})
    assert "hebrew:2" in options(state) and "hebrew:3" in options(state)
    resolve(state, 0, None, "pass")
    state["plague"] = "lice"
    resolve(state, 0, {"k": "action", "v": 3})
    assert not [o for o in options(state) if o.startswith("hebrew")]


@pytest.mark.rule("PLG-R104")
@pytest.mark.rule("PLG-R106")
@pytest.mark.rule("PLG-R107")
@pytest.mark.rule("PLG-R108")
@pytest.mark.rule("PLG-R109")
@pytest.mark.rule("PLG-R110")
@pytest.mark.rule("PLG-R111")
def test_hebrew_column_bonuses():
    state = neutral()
    player = state["players"][0]
    player["hebrews"] = [1, 1]
    state["hebrews"] = [1, 1, 1]
    state["hebrew_reserve"] = [1] * 12
    resolve(state, 0, {"k": "action", "v": 2}, "hebrew:1", "track:city")  # space 3
    assert player["dev"][0] == 1
    resolve(state, 0, {"k": "action", "v": 2}, "hebrew:1")  # space 4: a tile
    assert key(state) == "tile"
    resolve(state, 0, None, options(state)[0])
    while key(state):
        resolve(state, 0, None, options(state)[0])
    player["penalties"] = ["lice", "flies"]
    resolve(state, 0, {"k": "action", "v": 2}, "hebrew:1")  # space 5
    assert player["penalties"] == ["lice"]
    state["hebrews"] = [1, 1, 1]
    resolve(state, 0, {"k": "action", "v": 2}, "hebrew:1", "track:field")  # space 6
    assert ankh_symbols(state, 0) == 0
    resolve(state, 0, {"k": "action", "v": 2}, "hebrew:1")  # space 7: Ankh
    assert len(player["hebrews"]) == 7 and ankh_symbols(state, 0) == 1
    pcard = player["pcard"]
    resolve(state, 0, {"k": "action", "v": 2}, "hebrew:1")  # 2nd column, space 1
    assert player["pcard"] == pcard + 1
    state["hebrews"] = [1] * 3
    player["hebrews"] = [1] * 13
    before = (player["pcard"], player["nile"], list(player["dev"]))
    resolve(state, 0, {"k": "action", "v": 2}, "hebrew:1")  # 2nd column space 7
    assert (player["pcard"], player["nile"], list(player["dev"])) == before
    assert key(state) is None and ankh_symbols(state, 0) == 1


@pytest.mark.rule("PLG-R112")
@pytest.mark.rule("PLG-R113")
@pytest.mark.rule("PLG-R114")
@pytest.mark.rule("PLG-R115")
@pytest.mark.rule("PLG-R116")
def test_recovering_a_discard():
    state = neutral()
    player = state["players"][0]
    player["discard"] = {"A": "plantation", "B": "egyptian"}
    put(state, 0, f0="herd")
    for value, expected in (
        (1, ["recover:A"]),
        (2, ["recover:A"]),
        (3, ["recover:B"]),
        (4, ["recover:B"]),
        (5, []),
        (6, []),
    ):
        resolve(state, 0, {"k": "action", "v": value})
        assert [o for o in options(state) if o.startswith("recover")] == expected
        resolve(state, 0, None, "pass")
    resolve(state, 0, {"k": "action", "v": 1}, "recover:A", "space:f1")
    assert player["cells"]["f1"] == "plantation" and player["dev"][1] == 1  # dev bonus
    assert player["discard"]["A"] is None
    for cell in ("c0", "c1", "c2", "c3", "c4", "c5", "f2", "f3", "f4", "f5"):
        player["cells"][cell] = "egyptian"
    resolve(state, 0, {"k": "action", "v": 3})
    assert "recover:B" not in options(state)
