"""The six God actions and Resource Production (A.7..A.14)."""

from __future__ import annotations

import pytest

from rules.tekhenu import ENGINE
from rules.tekhenu.actions import god_legal, matching_edges, tile_edge
from rules.tekhenu.data import HORUS_GOD, PILLARS
from rules.tekhenu.state import can_pay, light_of
from tests.rules.tekhenu.scenario import (
    act,
    at_turn,
    empty_hand,
    give,
    key,
    light_for,
    me,
    options,
    res,
    reset_board,
    vp,
)


def base(seats=2, seed=1):
    state = at_turn(seats, seed)
    seat = state["turn"]["seat"]
    reset_board(state)
    for s in range(len(state["players"])):
        empty_hand(state, s)
    state["horus_bonus"] = [
        {"papyrus": 1},
        {"bread": 1},
        {"limestone": 1},
        {"gold": 1},
        {"granite": 1},
        {"scribe": 1},
    ]
    return state, seat


@pytest.mark.rule("TEK-R074")
@pytest.mark.rule("TEK-R075")
@pytest.mark.rule("TEK-R065")
def test_gold_is_wild_scribes_and_faith_are_not_resources():
    state, seat = base()
    give(state, seat, scribe=5, faith=5)
    assert not can_pay(state, seat, {"papyrus": 1})
    give(state, seat, gold=2)
    assert can_pay(state, seat, {"papyrus": 1, "granite": 1})
    assert not can_pay(state, seat, {"papyrus": 3})
    assert god_legal(state, seat, "bastet", 3)
    give(state, seat, gold=1)
    assert not god_legal(state, seat, "bastet", 3)


@pytest.mark.rule("TEK-R076")
def test_excess_tokens_on_the_pan_cannot_be_spent():
    state, seat = base()
    state["players"][seat]["excess"] = 5
    assert not can_pay(state, seat, {"papyrus": 1})


@pytest.mark.rule("TEK-R078")
@pytest.mark.rule("TEK-R079")
@pytest.mark.rule("TEK-R080")
@pytest.mark.rule("TEK-R081")
@pytest.mark.rule("TEK-R007")
@pytest.mark.rule("TEK-R008")
def test_horus_statue_for_a_god():
    state, seat = base(2)
    give(state, seat, granite=1)
    state, _ = act(state, seat, "horus", 4)
    assert options(state) == [
        "god:hathor",
        "people:pt_e2",
        "people:pt_n2",
        "people:po_work",
        "people:po_quar",
    ]
    assert HORUS_GOD[4] == "hathor"
    state, _ = me(state, "god:hathor")
    player = state["players"][seat]
    assert state["god_statues"]["hathor"] == [seat]
    assert player["statues"] == 5 and res(state, seat, "granite") == 0
    give(state, seat, granite=5)
    state, _ = act(state, seat, "horus", 4)
    assert "god:hathor" not in options(state)  # N = 2: one space per god
    state, _ = me(state, "people:pt_e2")
    assert res(state, seat, "granite") == 4  # 2nd Statue also costs 1
    state["players"][seat]["statues"] = 0
    assert not god_legal(state, seat, "horus", 4)


@pytest.mark.rule("TEK-R081")
@pytest.mark.rule("TEK-R181")
def test_god_statue_spaces_by_player_count():
    for seats, spaces in ((4, 3), (3, 2)):
        state, seat = base(seats)
        for n in range(spaces):
            state["god_statues"]["ra"].append((seat + 1 + n) % seats)
        give(state, seat, granite=3)
        state, _ = act(state, seat, "horus", 3)
        assert "god:ra" not in options(state)


@pytest.mark.rule("TEK-R082")
@pytest.mark.rule("TEK-R083")
@pytest.mark.rule("TEK-R084")
@pytest.mark.rule("TEK-R181")
@pytest.mark.rule("TEK-R252")
def test_horus_bonus_for_other_players_actions_4p():
    state, seat = base(4)
    other = (seat + 1) % 4
    state["god_statues"]["bastet"] = [other, other]
    state["players"][other]["technologies"] = ["T07"]
    give(state, seat, papyrus=2)
    before = dict(state["players"][other]["res"])
    state, _ = act(state, seat, "bastet", 5, src="pillar")
    after = state["players"][other]["res"]
    assert after["granite"] == before["granite"] + 1 + 1  # slot 5 bonus once, +1 T07
    give(state, other, papyrus=2)
    state, _ = act(state, other, "bastet", 5)
    assert state["players"][other]["res"]["granite"] == after["granite"]  # own action: none


@pytest.mark.rule("TEK-R088")
@pytest.mark.rule("TEK-R085")
@pytest.mark.rule("TEK-R086")
@pytest.mark.rule("TEK-R087")
def test_people_statue_gold_and_temple_line():
    state, seat = base(2)
    give(state, seat, granite=1)
    state["temple"]["t20"] = ["P22", 0, seat]
    state["temple"]["t24"] = ["P23", 0, seat]
    state["temple"]["t12"] = ["P24", 0, seat]
    before = vp(state, seat)
    state, _ = act(state, seat, "horus", 6)
    state, _ = me(state, "people:pt_e2")
    assert state["people"]["pt_e2"] == seat
    assert state["players"][seat]["gold"] == 1 and state["people_gold"]["pt_e2"] == 0
    assert vp(state, seat) == before + 6  # 2 own Pillars in row 2
    assert state["god_statues"]["thoth"] == []


@pytest.mark.rule("TEK-R177")
@pytest.mark.rule("TEK-R180")
def test_statue_bonus_two_and_three_players():
    state, seat = base(2)
    state["god_statues"]["bastet"] = [seat]
    give(state, seat, papyrus=2)
    state, _ = act(state, seat, "bastet", 5)
    assert res(state, seat, "granite") == 1  # N = 2: own action pays too
    state, seat = base(3)
    give(state, seat, granite=1)
    state, _ = act(state, seat, "horus", 5)
    state, _ = me(state, "god:bastet")
    assert res(state, seat, "granite") == 1  # N = 3: once when building
    give(state, seat, papyrus=2)
    state, _ = act(state, seat, "bastet", 5)
    assert res(state, seat, "granite") == 1  # not for his own later actions


@pytest.mark.rule("TEK-R089")
@pytest.mark.rule("TEK-R090")
@pytest.mark.rule("TEK-R091")
@pytest.mark.rule("TEK-R092")
@pytest.mark.rule("TEK-R095")
@pytest.mark.rule("TEK-R096")
@pytest.mark.rule("TEK-R098")
@pytest.mark.rule("TEK-R099")
def test_ra_pillar():
    state, seat = base(2)
    state["ra"] = ["P22", "P23", "P25"]
    state["pile"] = ["P26", "P27"]
    give(state, seat, limestone=5, granite=5)
    state["tbuild"]["w1"] = 1 - seat
    state["tbuild"]["s3"] = seat
    before = vp(state, seat)
    state, _ = act(state, seat, "ra", 4)  # centre slot: P23 (1 limestone, 1 granite)
    assert key(state) == "ra_space" and len(options(state)) == 25
    state, _ = me(state, "space:t13")
    assert options(state) == ["rot:0", "rot:1", "rot:2", "rot:3"]
    matches, _ = matching_edges(state, "t13", "P23", 0)
    state, _ = me(state, "rot:0")
    assert state["temple"]["t13"] == ["P23", 0, seat]
    assert res(state, seat, "limestone") == 4 + 1  # paid 1, space t13 gives 1 limestone
    assert res(state, seat, "granite") == 4
    assert vp(state, seat) == before + 2 + matches + 2  # 2 Buildings in line, edges, centre
    assert state["ra"] == ["P27", "P22", "P25"]  # slide right, new tile on the left
    assert state["players"][seat]["pillars"] == 7


@pytest.mark.rule("TEK-R093")
@pytest.mark.rule("TEK-R094")
def test_edge_matching_and_corner_doubling():
    state, seat = base(2)
    # P04 edges N blue, E red, S red, W blue; corner t00 touches N border blue, W border green
    assert tile_edge("P04", 0, "N") == "blue" and tile_edge("P04", 1, "E") == "blue"
    assert matching_edges(state, "t00", "P04", 0) == (1, 2)
    # rotation 1: N <- W(blue), W <- S(red)
    state["ra"] = ["P22", "P22", "P04"]
    give(state, seat, limestone=1, granite=2)
    state["temple"]["t01"] = ["P26", 0, 1 - seat]  # its W edge red
    light_for(state, "ra", "dark")  # P04's ability (sunny) does not fire
    before = vp(state, seat)
    state, _ = act(state, seat, "ra", 1)
    state, _ = me(state, "space:t00", "rot:0")
    # N blue = border blue, E red = P26's W red, W blue != border green -> 2 matches x 2 (corner)
    assert vp(state, seat) == before + 4 + 3


@pytest.mark.rule("TEK-R097")
@pytest.mark.rule("TEK-R276")
@pytest.mark.rule("TEK-R254")
def test_pillar_ability_only_in_matching_light_or_t09():
    state, seat = base(2)
    tile = "P07"  # sunny, 1 VP
    state["ra"] = [tile, "P22", "P22"]
    give(state, seat, limestone=4)
    sunny = light_of(state, "ra") == "sunny"
    before = vp(state, seat)
    state2, events = act(state, seat, "ra", 6)
    state2, events = me(state2, "space:t22", "rot:0")
    gained = vp(state2, seat) - before
    base_gain = 2 + 1 + 0  # centre 2 VP reward, left slot 1 VP, no edges
    assert gained == base_gain + (1 if sunny else 0)
    state["players"][seat]["technologies"] = ["T09"]
    state3, _ = act(state, seat, "ra", 6)
    state3, _ = me(state3, "space:t22", "rot:0")
    assert vp(state3, seat) - before == base_gain + 1


@pytest.mark.rule("TEK-R100")
def test_empty_ra_slot_cannot_be_used():
    state, seat = base(2)
    state["ra"] = ["P22", None, "P22"]
    give(state, seat, limestone=5, granite=5)
    assert not god_legal(state, seat, "ra", 3)
    assert god_legal(state, seat, "ra", 5)


@pytest.mark.rule("TEK-R101")
@pytest.mark.rule("TEK-R102")
@pytest.mark.rule("TEK-R103")
@pytest.mark.rule("TEK-R104")
@pytest.mark.rule("TEK-R105")
@pytest.mark.rule("TEK-R106")
@pytest.mark.rule("TEK-R107")
def test_hathor_building():
    state, seat = base(2)
    assert not god_legal(state, seat, "hathor", 3)
    give(state, seat, bread=4, population=5)
    state, _ = act(state, seat, "hathor", 3)
    assert options(state) == [
        "build:w1",
        "build:w2",
        "build:w3",
        "build:s1",
        "build:s2",
        "build:s3",
    ]  # w0/w4/s0/s4 closed with 2 players
    state["temple"]["t10"] = ["P22", 0, seat]
    state["temple"]["t11"] = ["P22", 0, 1 - seat]
    before = vp(state, seat)
    state, _ = me(state, "build:w1")
    player = state["players"][seat]
    assert state["tbuild"]["w1"] == seat and player["buildings"] == 9
    assert vp(state, seat) == before + 3
    # t12 1 papyrus -> 1, t13 1 limestone -> 1, t14 2 granite -> 1
    assert player["res"] == {"papyrus": 1, "bread": 1, "limestone": 1, "granite": 1}
    assert player["population"] == 8


@pytest.mark.rule("TEK-R108")
@pytest.mark.rule("TEK-R109")
@pytest.mark.rule("TEK-R110")
def test_population_opens_market_sections():
    state, seat = base(3)
    give(state, seat, bread=4, population=8)
    state, events = act(state, seat, "hathor", 6)
    state, events = me(state, "build:w1")
    assert state["market_open"] == [True, True, True, True]  # 8 + 6 = 14 passes 9 and 13
    assert [c[0] for c in state["market"][2]] == ["B", "T", "T", "D"]
    assert [c[0] for c in state["market"][3]] == ["B", "T", "D", "D"]


@pytest.mark.rule("TEK-R111")
@pytest.mark.rule("TEK-R112")
@pytest.mark.rule("TEK-R113")
def test_bastet():
    state, seat = base(2)
    give(state, seat, papyrus=2, happiness=3, population=7)
    state, _ = act(state, seat, "bastet", 6)
    player = state["players"][seat]
    assert player["happiness"] == 7 and player["scribe"] == 0  # grey 6 moves only 4
    assert player["res"]["papyrus"] == 0
    for value, scribes in ((1, 2), (2, 2), (3, 1), (4, 1), (5, 0)):
        state, seat = base(2)
        give(state, seat, papyrus=2, scribe=0)
        state, _ = act(state, seat, "bastet", value)
        assert state["players"][seat]["scribe"] == scribes


@pytest.mark.rule("TEK-R114")
@pytest.mark.rule("TEK-R115")
@pytest.mark.rule("TEK-R116")
@pytest.mark.rule("TEK-R117")
@pytest.mark.rule("TEK-R118")
@pytest.mark.rule("TEK-R346")
def test_happiness_track_rewards_once():
    state, seat = base(2)
    give(state, seat, papyrus=2, happiness=15, population=21)
    state, _ = act(state, seat, "bastet", 6)
    player = state["players"][seat]
    assert player["gold"] == 1 and player["scribe"] == 1  # 16 and 19
    assert player["flags"] == {"h16": True, "h19": True, "h21": True}
    assert key(state) == "extra_pick"  # 21: an extra action at once, no die
    state, _ = me(state, "prod:bread")
    assert options(state) == [f"value:{v}" for v in range(1, 7)]
    state, _ = me(state, "value:5")
    player = state["players"][seat]
    assert player["res"]["bread"] == 2 and player["excess"] == 3
    assert player["left"] == player["right"] == player["below"] == []
    # dropping and climbing again gives nothing
    player["happiness"] = 14
    give(state, seat, papyrus=2)
    state, _ = act(state, seat, "bastet", 6)
    assert state["players"][seat]["gold"] == 1 and key(state) != "extra_pick"


@pytest.mark.rule("TEK-R122")
@pytest.mark.rule("TEK-R123")
@pytest.mark.rule("TEK-R124")
@pytest.mark.rule("TEK-R125")
@pytest.mark.rule("TEK-R126")
@pytest.mark.rule("TEK-R127")
@pytest.mark.rule("TEK-R131")
def test_thoth_sections_counts_and_costs():
    state, seat = base(2)
    give(state, seat, happiness=0)
    assert not god_legal(state, seat, "thoth", 1)
    give(state, seat, happiness=4)
    state2, _ = act(state, seat, "thoth", 2)
    assert [o for o in options(state2) if o.startswith("section")] == ["section:1"]
    give(state, seat, happiness=5, papyrus=3)
    state3, _ = act(state, seat, "thoth", 6)
    assert "section:1" in options(state3) and "section:2" in options(state3)
    state3, _ = me(state3, "section:1")
    assert res(state3, seat, "papyrus") == 0
    cards = [c for c in state["market"][0]]
    state3, _ = me(state3, f"card:{cards[0]}", f"card:{cards[1]}", f"card:{cards[2]}")
    player = state3["players"][seat]
    assert len(player["blessings"]) == 2 and len(player["technologies"]) == 1
    give(state, seat, papyrus=2)
    state4, _ = act(state, seat, "thoth", 3)
    state4, _ = me(state4, "section:2")
    assert res(state4, seat, "papyrus") == 0 and key(state4) == "thoth_take"


@pytest.mark.rule("TEK-R128")
@pytest.mark.rule("TEK-R129")
@pytest.mark.rule("TEK-R119")
@pytest.mark.rule("TEK-R120")
def test_thoth_refresh_and_end_of_turn_refill():
    state, seat = base(2)
    give(state, seat, happiness=5, papyrus=1)
    old = list(state["market"][0])
    state, _ = act(state, seat, "thoth", 1)
    assert "refresh:1" in options(state) and "refresh:2" in options(state)
    state, _ = me(state, "refresh:1")
    assert "refresh:1" not in options(state) and "refresh:2" not in options(state)  # no papyrus
    assert sorted(state["discards"]["blessing"] + state["discards"]["technology"]) == sorted(old)
    new = list(state["market"][0])
    state, _ = me(state, "section:1", f"card:{new[2]}")
    assert state["market"][0][2] is None  # refilled only at the end of the turn
    assert state["players"][seat]["technologies"] == [new[2]]
    from rules.tekhenu.cards import refill_market

    refill_market(state)
    assert state["market"][0][2] is not None and state["market"][0][2][0] == "T"


@pytest.mark.rule("TEK-R130")
def test_deck_reshuffles_discard():
    from rules.tekhenu.cards import draw_card

    state, _seat = base(2)
    state["discards"]["blessing"] = list(state["decks"]["blessing"])
    state["decks"]["blessing"] = []
    card = draw_card(state, "blessing")
    assert card is not None and state["discards"]["blessing"] == []
    state["decks"]["decree"] = []
    state["discards"]["decree"] = []
    assert draw_card(state, "decree") is None


@pytest.mark.rule("TEK-R121")
@pytest.mark.rule("TEK-R330")
def test_market_decree_is_secret_but_known():
    state, seat = base(3)
    give(state, seat, happiness=9, population=9)
    from rules.tekhenu.tracks import open_market_section

    open_market_section(state, 2, [])
    decree = state["market"][2][3]
    state, _ = act(state, seat, "thoth", 1)
    state, _ = me(state, "section:3", f"card:{decree}")
    assert state["players"][seat]["decrees"][-1] == decree
    public = ENGINE.view(state, None)["players"][seat]
    assert public["decrees_known"] == [decree]


@pytest.mark.rule("TEK-R132")
@pytest.mark.rule("TEK-R133")
@pytest.mark.rule("TEK-R134")
@pytest.mark.rule("TEK-R135")
@pytest.mark.rule("TEK-R136")
@pytest.mark.rule("TEK-R143")
def test_osiris_row_one():
    state, seat = base(2)
    state, _ = act(state, seat, "osiris", 1)
    assert options(state) == [
        "space:o1_papyrus",
        "space:o1_bread",
        "space:o1_limestone",
        "space:o1_granite",
    ]
    state, _ = me(state, "space:o1_bread")
    player = state["players"][seat]
    assert player["happiness"] == 1 and player["buildings"] == 9
    assert player["prod"]["bread"] == 3 and player["res"]["bread"] == 1
    give(state, seat, happiness=0)
    assert not god_legal(state, seat, "osiris", 2)
    give(state, seat, happiness=3)
    for district in ("papyrus", "bread", "limestone", "granite"):
        state["osiris"][f"o2_{district}"] = 1 - seat
    assert not god_legal(state, seat, "osiris", 2)  # row full (Δ10)
    assert god_legal(state, seat, "osiris", 3)


@pytest.mark.rule("TEK-R137")
@pytest.mark.rule("TEK-R138")
@pytest.mark.rule("TEK-R139")
@pytest.mark.rule("TEK-R140")
@pytest.mark.rule("TEK-R141")
@pytest.mark.rule("TEK-R142")
def test_osiris_rows_two_to_six():
    state, seat = base(2)
    give(state, seat, happiness=6)
    state, _ = act(state, seat, "osiris", 2)
    state, _ = me(state, "space:o2_papyrus")
    assert state["players"][seat]["gold"] == 1 and state["row2_gold"] == 0
    state, _ = act(state, seat, "osiris", 2)
    state, _ = me(state, "space:o2_bread")
    assert state["players"][seat]["gold"] == 1  # only the first builder
    state, _ = act(state, seat, "osiris", 3)
    state, _ = me(state, "space:o3_limestone")
    p = state["players"][seat]
    assert (p["prod"]["limestone"], p["prod"]["granite"], p["res"]["limestone"]) == (3, 3, 1)
    state, _ = act(state, seat, "osiris", 4)
    state, _ = me(state, "space:o4_granite")
    p = state["players"][seat]
    assert (p["prod"]["granite"], p["prod"]["bread"], p["gold"]) == (4, 4, 2)
    state, _ = act(state, seat, "osiris", 5)
    state, _ = me(state, "space:o5_granite")
    p = state["players"][seat]
    assert (p["prod"]["granite"], p["res"]["granite"]) == (6, 1 + 2)
    state, _ = act(state, seat, "osiris", 6)
    state, _ = me(state, "space:o6_granite")
    assert key(state) == "osiris_any"
    state, _ = me(state, "track:granite")
    p = state["players"][seat]
    assert p["prod"]["granite"] == 6 and p["res"]["granite"] == 3 + 2  # stops at 6


@pytest.mark.rule("TEK-R144")
@pytest.mark.rule("TEK-R145")
@pytest.mark.rule("TEK-R146")
@pytest.mark.rule("TEK-R147")
def test_production_and_excess():
    state, seat = base(2)
    state["players"][seat]["prod"]["papyrus"] = 3
    state, _ = act(state, seat, None, 5, src="die", res="papyrus")
    p = state["players"][seat]
    assert p["res"]["papyrus"] == 3 and p["excess"] == 2
    state, seat = base(2)
    state["players"][seat]["prod"]["granite"] = 5
    state, _ = act(state, seat, None, 4, src="die", res="granite")
    p = state["players"][seat]
    assert p["res"]["granite"] == 4 and p["excess"] == 0
    from rules.tekhenu.data import DIE_RESOURCE

    assert DIE_RESOURCE == {
        "yellow": "papyrus",
        "brown": "bread",
        "white": "limestone",
        "black": "granite",
    }
    assert PILLARS["P01"].ability == "population"
