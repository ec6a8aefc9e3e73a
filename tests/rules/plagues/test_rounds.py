"""Province card, Pharaoh tile, plague effects, end of round, Moses and the game end:
PLG-R156..PLG-R203."""

from __future__ import annotations

import pytest

from rules.plagues import ENGINE as E
from rules.plagues.plague import pay_tribute
from rules.plagues.rounds import end_of_round_first, end_of_round_second, game_over
from rules.plagues.state import ankh_symbols, income, soldiers, tribute_due
from rules.plagues.uses import extras
from tests.rules.plagues.scenario import blank, key, options, put, resolve, started


def neutral(seats: int = 2, seed: int = 1) -> dict:
    state = blank(seats, seed)
    for player in state["players"]:
        player["province"] = "memphis"
    state["plague"] = "blood"
    return state


@pytest.mark.rule("PLG-R157")
@pytest.mark.rule("PLG-R158")
@pytest.mark.rule("PLG-R159")
@pytest.mark.rule("PLG-R160")
@pytest.mark.rule("PLG-R164")
def test_province_card_bonuses_in_order():
    state = neutral()
    player = state["players"][0]
    state["hebrews"] = [1, 3]
    player["pcard"] = 5
    resolve(state, 0, {"k": "adv", "what": "province", "n": 8})
    assert player["markers"] == [] and player["pcard"] == 13
    assert key(state) == "hebrew"  # space 6 first
    resolve(state, 0, None, "hebrew:3")
    # the Hebrew's column space 1 gives province +1 at once (14)
    assert player["hebrews"] == [3] and player["pcard"] == 14
    assert key(state) == "tile"  # then space 9
    resolve(state, 0, None, options(state)[0])
    while key(state) == "space":
        resolve(state, 0, None, options(state)[0])
    assert key(state) == "track"  # then space 12: +2 or 1 + 1
    assert options(state) == ["track:city", "track:field", "track:split"]
    resolve(state, 0, None, "track:city")
    assert player["dev"][0] >= 2


@pytest.mark.rule("PLG-R161")
@pytest.mark.rule("PLG-R228")
def test_two_special_actions_from_space_13():
    state = neutral()
    player = state["players"][0]
    player["nile"] = 9
    put(state, 0, c0="egyptian", f0="egyptian")
    player["terr"] = [
        {"id": "sa_diamond_province", "used": False},
        {"id": "sa_egyptians_boat", "used": False},
    ]
    resolve(state, 0, {"k": "turn"}, "card:sa_diamond_province")
    assert player["pcard"] == 2
    assert "card:sa_egyptians_boat" not in options(state)
    player["pcard"] = 13
    assert "card:sa_egyptians_boat" in options(state)


@pytest.mark.rule("PLG-R162")
@pytest.mark.rule("PLG-R163")
@pytest.mark.rule("PLG-R209")
def test_province_21_and_24():
    state = neutral()
    player = state["players"][0]
    player["pcard"] = 21
    assert ankh_symbols(state, 0) == 1
    from rules.plagues.scoring import breakdown

    assert breakdown(state, 0)["province"] == 0
    player["pcard"] = 24
    assert breakdown(state, 0)["province"] == 6


@pytest.mark.rule("PLG-R166")
@pytest.mark.rule("PLG-R174")
def test_pharaoh_tile_cancels_the_plague():
    state = neutral()
    state["plague"] = "boils"
    player = state["players"][0]
    player["kept"].append("pharaoh")
    put(state, 0, f1="herd", f2="plantation")
    base = soldiers(state, 0)
    # Boils acts when the soldiers count: the tile is offered there (the soldier step), not in
    # a phase-1 turn where it would change nothing yet (PLG-R047: used at the step it acts on).
    resolve(state, 0, {"k": "turn"})
    assert "token:plague" not in options(state)
    state["stacks"][0] = []
    resolve(state, 0, {"k": "soldiers"}, "token:plague")
    assert soldiers(state, 0) == base + 3 and player["cancelled"]
    assert "token:plague" not in options(state)


@pytest.mark.rule("PLG-R168")
@pytest.mark.rule("PLG-R171")
@pytest.mark.rule("PLG-R175")
@pytest.mark.rule("PLG-R176")
@pytest.mark.rule("PLG-R187")
def test_immediate_plague_at_reveal():
    state = neutral()
    for player in state["players"]:
        player["pcard"] = 5
        player["nile"] = 3
    state["players"][0]["kept"].append("pharaoh")
    state["plague_deck"].append("frogs")
    state["step"] = "end"
    state["phase"] = "plague"
    state["round"] = 2
    started(state)
    decisions = E.pending(state)
    assert [(d.seat, d.key) for d in decisions] == [(0, "use_token")]
    state, _ = E.apply(state, 0, "token:plague")
    assert state["players"][0]["pcard"] == 5 and state["players"][1]["pcard"] == 3
    assert state["round"] == 3
    # blood: every boat -1, at the reveal
    state = neutral()
    state["players"][0]["nile"] = 4
    state["players"][1]["nile"] = 0
    state["plague_deck"].append("blood")
    events = []
    end_of_round_first(state, events)
    assert state["plague"] == "blood" and state["players"][0]["nile"] == 4
    end_of_round_second(state, events)
    assert [p["nile"] for p in state["players"]] == [3, 0]


@pytest.mark.rule("PLG-R169")
@pytest.mark.rule("PLG-R207")
def test_pharaoh_tiles_score_two():
    state = neutral()
    state["players"][0]["kept"] = ["pharaoh", "pharaoh"]
    state["players"][0]["ph_used"] = 1
    from rules.plagues.scoring import breakdown

    assert breakdown(state, 0)["pharaoh_tiles"] == 4
    assert breakdown(state, 0)["tiles"] == 0


@pytest.mark.rule("PLG-R170")
@pytest.mark.rule("PLG-R180")
@pytest.mark.rule("PLG-R222")
def test_locusts_and_memphis():
    state = neutral()
    state["round"] = 5
    state["plague"] = "locusts"
    state["players"][1]["province"] = "abydos"
    assert tribute_due(state, 0) == 4 and tribute_due(state, 1) == 5


@pytest.mark.rule("PLG-R172")
def test_flies():
    state = neutral()
    state["plague"] = "flies"
    resolve(state, 0, {"k": "action", "v": 4})
    assert "pharaoh" not in options(state)
    resolve(state, 0, None, "pass")
    resolve(state, 0, {"k": "action", "v": 3})
    assert "pharaoh" in options(state)
    resolve(state, 0, None, "pass")
    state["players"][0]["kept"] = ["coin"]
    resolve(state, 0, {"k": "action", "v": 4}, "pharaoh")
    assert state["players"][0]["kept"] == [] and state["players"][0]["pcard"] == 3


@pytest.mark.rule("PLG-R177")
@pytest.mark.rule("PLG-R178")
def test_darkness():
    state = neutral(4, seed=3)
    state["plague"] = "darkness"
    for seat, player in enumerate(state["players"]):
        player["dice_used"] = [1, 2, 3]
        player["pcard"] = 4 + 2 * (3 - seat)  # order 0, 1, 2, 3
    state["players"][1]["cancelled"] = True
    state["counter"] = 12
    started(state)
    assert state["order"] == [0, 1, 2, 3]
    seen = []
    while state["phase"] == "territories":
        decision = E.pending(state)[0]
        seen.append(decision.seat)
        state, _ = E.apply(state, decision.seat, decision.option_ids()[0])
    assert seen == [1]
    assert state["players"][3]["pcard"] == 4  # no +2 for the last player either
    assert len(state["territory_discard"]) >= 2


@pytest.mark.rule("PLG-R179")
def test_firstborn():
    state = neutral()
    state["plague"] = "firstborn"
    state["players"][0]["nile"] = 12
    assert ankh_symbols(state, 0) == 1
    state["phase"] = "plague"
    assert ankh_symbols(state, 0) == 0


@pytest.mark.rule("PLG-R181")
def test_hail():
    state = neutral()
    put(state, 0, c1="sphinx", c2="obelisk", f3="herd", f4="egyptian")
    assert income(state, 0) == 2
    state["plague"] = "hail"
    assert income(state, 0) == 0


@pytest.mark.rule("PLG-R182")
def test_livestock():
    state = neutral()
    player = state["players"][0]
    put(state, 0, f0="plantation", f1="herd", c0="egyptian", f2="egyptian")
    player["terr"] = [
        {"id": "tr_coin_2", "used": False},
        {"id": "sa_egyptians_boat", "used": False},
    ]
    assert income(state, 0) == 1 and "card:sa_egyptians_boat" in [
        o.id for o in extras(state, 0, "turn")
    ]
    state["plague"] = "livestock"
    assert income(state, 0) == 0 and extras(state, 0, "turn") == []


@pytest.mark.rule("PLG-R183")
def test_plague_names():
    from rules.plagues.data import PLAGUES

    assert PLAGUES["darkness"][0] == "Darkness"
    assert {v[1] for v in PLAGUES.values()} == {"immediate", "phase1", "phase2", "phase3", "round"}


@pytest.mark.rule("PLG-R184")
@pytest.mark.rule("PLG-R201")
@pytest.mark.rule("PLG-R203")
def test_last_round_skips_end_of_round():
    state = neutral()
    state["round"] = 10
    state["phase"], state["step"] = "plague", "end"
    state["pharaoh"][0] = 1
    started(state)
    assert state["phase"] == "over" and state["pharaoh"][0] == 1
    assert E.result(state) is not None


@pytest.mark.rule("PLG-R186")
@pytest.mark.rule("PLG-R188")
@pytest.mark.rule("PLG-R189")
@pytest.mark.rule("PLG-R190")
@pytest.mark.rule("PLG-R191")
def test_end_of_round_steps():
    state = neutral()
    state["dice_spaces"] = ["sphinx", "obelisk", "herd", "coin", None, None]
    state["reserve"] = ["boat", "egyptian", "plantation"]
    state["hebrews"] = [3]
    state["hebrew_reserve"] = [1, 2]
    state["territory_deck"] = ["sc_flat", "sc_ankh"]
    state["players"][0]["terr"] = [
        {"id": "sa_soldiers", "used": True},
        {"id": "tr_development", "used": True},
    ]
    state["players"][0]["power_used"] = True
    events = []
    end_of_round_first(state, events)
    end_of_round_second(state, events)
    assert state["territories"] == ["sc_ankh", "sc_flat"]
    assert state["hebrews"] == [2, 1] and state["hebrews_out"] == [3]
    assert state["dice_spaces"] == ["herd", "coin", "plantation", "egyptian", "boat", None]
    assert sorted(state["reserve"]) == ["obelisk", "sphinx"]
    assert state["round"] == 2
    assert state["players"][0]["terr"] == [
        {"id": "sa_soldiers", "used": False},
        {"id": "tr_development", "used": True},
    ]
    assert state["players"][0]["power_used"] is False


@pytest.mark.rule("PLG-R192")
@pytest.mark.rule("PLG-R193")
@pytest.mark.rule("PLG-R194")
@pytest.mark.rule("PLG-R195")
@pytest.mark.rule("PLG-R196")
@pytest.mark.rule("PLG-R197")
@pytest.mark.rule("PLG-R198")
@pytest.mark.rule("PLG-R199")
def test_moses():
    state = neutral(3, seed=2)
    state["round"] = 3
    p = state["players"]
    p[0]["dev"], p[1]["dev"], p[2]["dev"] = [0, 2], [1, 1], [0, 3]
    p[0]["nile"], p[1]["nile"], p[2]["nile"] = 2, 2, 5
    p[0]["pcard"], p[1]["pcard"], p[2]["pcard"] = 5, 7, 8
    p[0]["markers"] = [6, 9, 12]
    state["phase"], state["step"], state["counter"] = "plague", "moses", 0
    state["hebrews"] = [2, 2, 2]
    started(state)
    assert [x["dev"][0] for x in p] == [1, 1, 1]  # seats 0 and 2 tied behind
    assert [x["dev"][1] for x in p] == [2, 2, 3]  # seat 1 alone behind
    assert [x["nile"] for x in p] == [3, 3, 5]
    assert p[0]["pcard"] == 8  # +2 passes 6: a Hebrew, whose column space 1 gives +1
    assert p[0]["hebrews"] == [2]


@pytest.mark.rule("PLG-R200")
@pytest.mark.rule("PLG-R202")
def test_end_conditions():
    state = neutral()
    state["round"] = 4
    state["reserve"] = ["coin"] * 3
    assert not game_over(state)
    state["reserve"] = ["coin"] * 2
    assert game_over(state)
    short = blank(2, 1, short="on")
    short["round"] = 8
    assert game_over(short)
    assert E.view(short, None)["moses_rounds"] == [3, 6]
    assert E.view(short, None)["last_round"] == 8


@pytest.mark.rule("PLG-R255")
def test_skip_tribute_card():
    state = neutral()
    state["round"] = 9
    player = state["players"][0]
    put(state, 0, c0="egyptian")
    player["kept"] = ["boat", "coin"]
    player["terr"] = [{"id": "tr_skip_tribute", "used": False}]
    state["phase"] = "plague"
    resolve(state, 0, {"k": "tribute"}, "card:tr_skip_tribute", "pay")
    assert player["paid"] is True and player["kept"] == ["boat"]
    pay_tribute(state, 1, [])
    assert state["players"][1]["paid"] is False


@pytest.mark.rule("PLG-R044")
@pytest.mark.rule("PLG-R192")
def test_moses_then_game_end_without_end_of_round():
    state = neutral(3, seed=2)
    state["round"] = 3
    state["reserve"] = ["coin", "boat"]  # the reserve rule ends the game
    for seat, player in enumerate(state["players"]):
        player["dev"] = [seat, 2]
    state["pharaoh"][0] = 2
    state["phase"], state["step"], state["counter"] = "plague", "moses", 0
    started(state)
    assert state["phase"] == "over"
    assert state["players"][0]["dev"] == [1, 3]  # Moses acted in the last round
    assert state["pharaoh"][0] == 2  # no end-of-round steps


@pytest.mark.rule("PLG-R048")
def test_uses_window_after_losses():
    state = neutral(3, seed=2)
    state["order"] = [2, 0, 1]
    for seat in (1, 2):
        state["players"][seat]["kept"] = ["pharaoh"]
        state["players"][seat]["penalties"] = ["lice"]
    state["phase"], state["step"], state["counter"] = "plague", "uses", 0
    started(state)
    asked = []
    while state["step"] == "uses":
        decision = E.pending(state)[0]
        assert decision.key == "use_card"
        asked.append(decision.seat)
        option = "token:penalty" if "token:penalty" in decision.option_ids() else "done"
        state, _ = E.apply(state, decision.seat, option)
    assert asked == [2, 2, 1, 1]
    assert all(not p["penalties"] for p in state["players"])
