"""Province powers (PLG-R217..PLG-R224) and territory cards (PLG-R226..PLG-R264)."""

from __future__ import annotations

import pytest

from rules.plagues import ENGINE as E
from rules.plagues.scoring import scoring_card
from rules.plagues.state import ankh_symbols, income, soldiers
from rules.plagues.territories import gain_territory
from rules.plagues.uses import extras
from tests.rules.plagues.scenario import blank, key, options, put, resolve


def neutral(seats: int = 2, seed: int = 1) -> dict:
    state = blank(seats, seed)
    for player in state["players"]:
        player["province"] = "memphis"
    state["plague"] = "blood"
    return state


def ids(state: dict, seat: int, ctx: str) -> list[str]:
    return [o.id for o in extras(state, seat, ctx)]


@pytest.mark.rule("PLG-R217")
@pytest.mark.rule("PLG-R218")
@pytest.mark.rule("PLG-R219")
def test_abydos():
    state = neutral()
    state["players"][0]["province"] = "abydos"
    resolve(state, 0, {"k": "turn"}, "die:1")
    assert options(state) == ["abydos:keep", "abydos:2", "abydos:3"]
    resolve(state, 0, None, "abydos:3")
    assert key(state) == "action"
    resolve(state, 0, None, "pharaoh")
    assert state["pharaoh"][2] == 0 and state["players"][0]["dice_used"] == [1]
    resolve(state, 0, {"k": "turn"}, "die:6")
    assert key(state) == "action"  # once per round
    resolve(state, 0, None, "pass")
    state["players"][0]["dice_used"] = [1, 6, 2]
    assert soldiers(state, 0) == 3 + 4 + 5  # printed values for phase 2


@pytest.mark.rule("PLG-R220")
@pytest.mark.rule("PLG-R221")
def test_buto():
    state = neutral()
    state["players"][0]["province"] = "buto"
    state["territories"] = ["sc_flat", "ib_nile_1", "sc_ankh"]
    state["territory_deck"] = ["sc_lines", "tr_coin_1", "sa_soldiers"]
    resolve(state, 0, {"k": "pick"}, "pick:sc_flat")
    assert options(state) == ["buto:draw", "buto:no"]
    resolve(state, 0, None, "buto:draw")
    assert options(state) == ["keep:sc_flat", "keep:sa_soldiers", "keep:tr_coin_1"]
    assert E.view(state, 0)["me"]["drawn"] == ["sc_flat", "sa_soldiers", "tr_coin_1"]
    assert "me" not in E.view(state, None)
    resolve(state, 0, None, "keep:tr_coin_1")
    # "devolve as outras duas no fundo da pilha": the player puts them there, in his order
    assert options(state) == ["bottom:sc_flat", "bottom:sa_soldiers"]
    resolve(state, 0, None, "bottom:sa_soldiers")
    assert state["players"][0]["terr"] == [{"id": "tr_coin_1", "used": False}]
    assert state["territory_deck"] == ["sa_soldiers", "sc_flat", "sc_lines"]
    assert E.view(state, 0)["me"]["buto_bottom"] == ["sc_flat", "sa_soldiers"]


@pytest.mark.rule("PLG-R223")
@pytest.mark.rule("PLG-R224")
def test_edfu():
    state = neutral()
    state["players"][0]["province"] = "edfu"
    state["reserve"] = ["herd", "coin", "sphinx", "boat", "pharaoh", "sphinx", "obelisk"]
    resolve(state, 0, {"k": "action", "v": 3}, "edfu")
    assert options(state) == [
        "keep:boat",
        "keep:coin",
        "keep:obelisk",
        "keep:pharaoh",
        "keep:sphinx",
    ]
    assert sorted(E.view(state, 0)["me"]["drawn"]) == sorted(
        ["obelisk", "sphinx", "pharaoh", "boat", "sphinx", "coin"]
    )
    assert E.view(state, 1)["me"]["drawn"] == []
    resolve(state, 0, None, "keep:boat")
    assert state["players"][0]["nile"] == 1 and len(state["reserve"]) == 6
    resolve(state, 0, {"k": "action", "v": 3})
    assert "edfu" not in options(state)  # once per round
    resolve(state, 0, None, "pass")
    # nothing receivable: all go back, die spent
    state = neutral()
    state["players"][0]["province"] = "edfu"
    put(state, 0, c0="sphinx", c1="sphinx", c2="sphinx", c3="sphinx", c4="sphinx", c5="sphinx")
    state["reserve"] = ["obelisk", "obelisk"]
    events = resolve(state, 0, {"k": "action", "v": 3}, "edfu")
    assert key(state) is None and len(state["reserve"]) == 2
    assert any(e.kind == "edfu_none" for e in events)


@pytest.mark.rule("PLG-R226")
@pytest.mark.rule("PLG-R235")
@pytest.mark.rule("PLG-R236")
@pytest.mark.rule("PLG-R237")
@pytest.mark.rule("PLG-R238")
@pytest.mark.rule("PLG-R239")
@pytest.mark.rule("PLG-R240")
@pytest.mark.rule("PLG-R241")
def test_immediate_cards():
    state = neutral()
    player = state["players"][0]
    for cid in (
        "ib_dev_city",
        "ib_dev_field",
        "ib_dev_both",
        "ib_province_2",
        "ib_province_3",
        "ib_nile_1",
        "ib_nile_2",
    ):
        gain_territory(state, 0, cid, [])
    assert player["dev"] == [2, 2] and player["pcard"] == 5 and player["nile"] == 3
    assert player["terr"] == [] and len(state["territory_discard"]) == 7


@pytest.mark.rule("PLG-R227")
@pytest.mark.rule("PLG-R229")
@pytest.mark.rule("PLG-R247")
def test_special_action_once_per_round():
    state = neutral()
    player = state["players"][0]
    player["terr"] = [{"id": "sa_recover_free", "used": False}]
    player["discard"]["A"] = "herd"
    assert ids(state, 0, "turn") == []
    player["nile"] = 12
    state["pharaoh"][4] = 0  # card 5 counts, nothing spent
    assert ankh_symbols(state, 0) == 2
    resolve(state, 0, {"k": "turn"}, "card:sa_recover_free", "recover:A")
    while key(state) == "space":
        resolve(state, 0, None, options(state)[0])
    assert "herd" in player["cells"].values() and state["pharaoh"][4] == 0
    assert player["terr"][0]["used"] and "card:sa_recover_free" not in options(state)


@pytest.mark.rule("PLG-R230")
@pytest.mark.rule("PLG-R231")
@pytest.mark.rule("PLG-R250")
@pytest.mark.rule("PLG-R251")
def test_permanent_trade_cards():
    state = neutral()
    player = state["players"][0]
    player["terr"] = [{"id": "tr_coin_1", "used": False}, {"id": "tr_coin_2", "used": False}]
    assert income(state, 0) == 0
    player["kept"] = ["boat", "province3"]
    assert income(state, 0) == 1
    player["discard"]["A"] = "herd"
    put(state, 0, f0="plantation")
    assert income(state, 0) == 1  # the discard does not count
    put(state, 0, f5="herd")
    assert income(state, 0) == 2


@pytest.mark.rule("PLG-R232")
@pytest.mark.rule("PLG-R233")
@pytest.mark.rule("PLG-R253")
def test_single_use_trade():
    state = neutral()
    player = state["players"][0]
    put(state, 0, c0="sphinx", f0="plantation")
    player["terr"] = [{"id": "tr_development", "used": False}]
    assert ids(state, 0, "turn") == []  # no coin to pay
    player["kept"] = ["coin"]
    resolve(state, 0, {"k": "turn"}, "card:tr_development", "track:split")
    assert player["dev"] == [1, 1] and player["kept"] == []
    assert player["terr"][0]["used"]
    from rules.plagues.rounds import reset_round

    reset_round(state)
    assert player["terr"][0]["used"]  # never again
    from rules.plagues.scoring import breakdown

    assert breakdown(state, 0)["territory"] == 2


@pytest.mark.rule("PLG-R254")
@pytest.mark.rule("PLG-R256")
@pytest.mark.rule("PLG-R249")
def test_take_tile_and_penalty_cards():
    state = neutral()
    player = state["players"][0]
    put(state, 0, c0="obelisk", f0="herd", c1="egyptian")
    player["kept"] = ["coin", "coin", "province1"]
    player["penalties"] = ["lice"]
    player["terr"] = [
        {"id": "tr_take_tile", "used": False},
        {"id": "tr_discard_penalty", "used": False},
        {"id": "sa_take_tile", "used": False},
    ]
    assert ids(state, 0, "pick") == ["card:tr_take_tile", "card:tr_discard_penalty"]
    resolve(state, 0, {"k": "uses"}, "card:tr_discard_penalty")
    assert player["penalties"] == []
    state["dice_spaces"][0] = "boat"
    resolve(state, 0, None, "card:tr_take_tile", "tile:1")
    assert player["kept"] == ["province1", "boat"] and player["nile"] == 1
    player["nile"] = 12
    player["pcard"] = 21
    state["pharaoh"][4] = 0
    assert "card:sa_take_tile" in options(state)


@pytest.mark.rule("PLG-R234")
@pytest.mark.rule("PLG-R257")
@pytest.mark.rule("PLG-R258")
@pytest.mark.rule("PLG-R259")
@pytest.mark.rule("PLG-R260")
@pytest.mark.rule("PLG-R261")
@pytest.mark.rule("PLG-R262")
@pytest.mark.rule("PLG-R263")
@pytest.mark.rule("PLG-R264")
def test_scoring_cards():
    state = neutral()
    state["phase"] = "over"
    player = state["players"][0]
    assert [
        scoring_card(state, 0, c)
        for c in (
            "sc_flat",
            "sc_lines",
            "sc_egyptians",
            "sc_city_field",
            "sc_hebrew_pairs",
            "sc_empty_discard",
            "sc_bonuses",
            "sc_ankh",
        )
    ] == [4, 0, 0, 0, 0, 5, 0, 0]
    put(
        state,
        0,
        c0="sphinx",
        c1="obelisk",
        c2="egyptian",
        c3="egyptian",
        c4="sphinx",
        c5="obelisk",
        f0="egyptian",
        f1="herd",
        f2="plantation",
        f3="egyptian",
    )
    player["hebrews"] = [1] * 15
    player["discard"]["A"] = "herd"
    state["pharaoh"][4] = 0
    assert [
        scoring_card(state, 0, c)
        for c in (
            "sc_flat",
            "sc_lines",
            "sc_egyptians",
            "sc_city_field",
            "sc_hebrew_pairs",
            "sc_empty_discard",
            "sc_bonuses",
            "sc_ankh",
        )
    ] == [4, 6, 6, 5, 6, 0, 5, 4]
    assert E.view(state, None)["players"][0]["territory"] == []


@pytest.mark.rule("PLG-R242")
@pytest.mark.rule("PLG-R244")
def test_boat_and_diamond_actions():
    state = neutral()
    player = state["players"][0]
    player["terr"] = [
        {"id": "sa_egyptians_boat", "used": False},
        {"id": "sa_diamond_province", "used": False},
    ]
    put(state, 0, c0="egyptian")
    player["nile"] = 6
    assert ids(state, 0, "turn") == []
    put(state, 0, f4="egyptian")
    player["nile"] = 7
    assert ids(state, 0, "turn") == ["card:sa_egyptians_boat", "card:sa_diamond_province"]
    resolve(state, 0, {"k": "turn"}, "card:sa_egyptians_boat")
    assert player["nile"] == 8


@pytest.mark.rule("PLG-R243")
def test_die_as_six():
    state = neutral()
    state["players"][0]["terr"] = [{"id": "sa_die_as_six", "used": False}]
    resolve(state, 0, {"k": "action", "v": 4})
    assert "card:sa_die_as_six" in options(state)
    resolve(state, 0, None, "card:sa_die_as_six")
    assert state["pharaoh"][5] == 0 and state["players"][0]["nile"] == 2


@pytest.mark.rule("PLG-R245")
def test_swap_tiles():
    state = neutral()
    player = state["players"][0]
    player["terr"] = [{"id": "sa_swap_tiles", "used": False}]
    player["nile"] = 12
    state["dice_spaces"] = ["coin", "boat", "herd", "sphinx", "coin", "province3"]
    # "antes de gastar um dado para coletar uma ficha": the swap belongs to taking a tile, so
    # after it the die collects the tile on its space at once (no pharaoh card, Hebrew, pass).
    resolve(state, 0, {"k": "action", "v": 2}, "card:sa_swap_tiles", "swap:2:6")
    assert state["dice_spaces"][4] == "boat" and key(state) is None
    assert "province3" in player["kept"] and player["pcard"] == 3


@pytest.mark.rule("PLG-R246")
def test_hebrew_income():
    state = neutral()
    state["round"] = 2
    player = state["players"][0]
    player["hebrews"] = [1, 1, 1, 1]
    player["terr"] = [{"id": "sa_hebrew_income", "used": False}]
    state["phase"] = "plague"
    resolve(state, 0, {"k": "tribute"}, "card:sa_hebrew_income", "pay")
    assert player["paid"] is True and income(state, 0) == 2
