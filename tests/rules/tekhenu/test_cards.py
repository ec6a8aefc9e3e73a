"""Every card: Starting, Destiny, Decrees, Blessings, Technologies and Pillar tiles (A.19)."""

from __future__ import annotations

import pytest

from rules.tekhenu import ENGINE, scoring
from rules.tekhenu.actions import matching_edges
from rules.tekhenu.data import PILLARS
from tests.rules.tekhenu.scenario import (
    act,
    at_turn,
    current,
    empty_hand,
    give,
    key,
    light_for,
    me,
    options,
    put_die,
    res,
    reset_board,
    vp,
)


def base(seats=2, seed=1):
    state = at_turn(seats, seed)
    if key(state) == "turn_start":
        state, _ = me(state, "go")
    seat = current(state)
    reset_board(state)
    for s in range(len(state["players"])):
        empty_hand(state, s)
    return state, seat


def reward(state, seat, card):
    state = ENGINE.copy(state)
    state["stack"].append({"k": "rewards", "s": seat, "left": [card]})
    state["players"][seat]["starting"] = [card]
    return me(state, f"use:{card}")[0]


# --- Starting cards ------------------------------------------------------------------------
@pytest.mark.rule("TEK-R182")
def test_s01_osiris_row_5_no_happiness_loss():
    state, seat = base()
    state = reward(state, seat, "S01")
    assert key(state) == "osiris" and all(o.startswith("space:o5_") for o in options(state))
    state, _ = me(state, "space:o5_bread")
    p = state["players"][seat]
    assert p["happiness"] == 2 and p["prod"]["bread"] == 4 and p["res"]["bread"] == 2


@pytest.mark.rule("TEK-R183")
@pytest.mark.rule("TEK-R184")
def test_s02_s03_osiris_row_3_district_kinds():
    state, seat = base()
    s2 = reward(state, seat, "S02")
    assert options(s2) == ["space:o3_limestone", "space:o3_granite"]
    s3 = reward(state, seat, "S03")
    assert options(s3) == ["space:o3_papyrus", "space:o3_bread"]
    s3, _ = me(s3, "space:o3_papyrus")
    assert s3["players"][seat]["happiness"] == 2


@pytest.mark.rule("TEK-R185")
@pytest.mark.rule("TEK-R190")
@pytest.mark.rule("TEK-R191")
def test_gain_any_resources():
    state, seat = base()
    s4 = reward(state, seat, "S04")
    assert options(s4) == ["gain:papyrus", "gain:bread", "gain:limestone", "gain:granite"]
    s4, _ = me(s4, "gain:papyrus", "gain:papyrus", "gain:bread", "gain:granite", "gain:granite")
    assert s4["players"][seat]["res"] == {"papyrus": 2, "bread": 1, "limestone": 0, "granite": 2}
    s9 = reward(state, seat, "S09")
    assert options(s9) == ["gain:limestone", "gain:granite"]
    s9, _ = me(s9, "gain:limestone", "gain:limestone", "gain:granite")
    assert res(s9, seat, "limestone") == 2 and res(s9, seat, "granite") == 1
    s10 = reward(state, seat, "S10")
    assert options(s10) == ["gain:bread", "gain:papyrus"]


@pytest.mark.rule("TEK-R186")
@pytest.mark.rule("TEK-R187")
def test_s05_s06_draw_two_keep_one():
    state, seat = base()
    for card, kind, field in (
        ("S05", "technology", "technologies"),
        ("S06", "blessing", "blessings"),
    ):
        top2 = list(reversed(state["decks"][kind][-2:]))
        size = len(state["decks"][kind])
        after = reward(state, seat, card)
        assert ENGINE.view(after, seat)["me"]["drawn"] == top2
        assert ENGINE.view(after, None)["players"][seat][field] == []
        assert sorted(options(after)) == sorted(f"keep:{c}" for c in top2)
        after, _ = me(after, f"keep:{top2[1]}")
        assert after["players"][seat][field] == [top2[1]]
        assert len(after["decks"][kind]) == size - 1 and top2[0] in after["decks"][kind]


@pytest.mark.rule("TEK-R188")
@pytest.mark.rule("TEK-R189")
@pytest.mark.rule("TEK-R192")
@pytest.mark.rule("TEK-R193")
@pytest.mark.rule("TEK-R345")
def test_fixed_starting_rewards():
    state, seat = base()
    s07 = reward(state, seat, "S07")["players"][seat]
    assert (s07["scribe"], s07["gold"]) == (2, 1)
    assert reward(state, seat, "S08")["players"][seat]["res"] == {
        "papyrus": 1,
        "bread": 1,
        "limestone": 1,
        "granite": 1,
    }
    give(state, seat, happiness=5, population=5)
    after = reward(state, seat, "S11")
    assert (after["players"][seat]["population"], after["players"][seat]["happiness"]) == (8, 7)
    assert reward(state, seat, "S12")["players"][seat]["gold"] == 2


# --- Destiny cards ---------------------------------------------------------------------------
@pytest.mark.rule("TEK-R194")
@pytest.mark.rule("TEK-R195")
@pytest.mark.rule("TEK-R196")
@pytest.mark.rule("TEK-R197")
def test_destiny_rewards():
    state, seat = base()
    assert reward(state, seat, "A01")["players"][seat]["scribe"] == 1
    assert reward(state, seat, "A02")["players"][seat]["gold"] == 1
    assert reward(state, seat, "A04")["players"][seat]["faith"] == 1
    a3 = reward(state, seat, "A03")
    assert options(a3) == ["population", "happiness"]
    assert me(a3, "population")[0]["players"][seat]["population"] == 6
    assert me(a3, "happiness")[0]["players"][seat]["happiness"] == 3


# --- Decrees ---------------------------------------------------------------------------------
def decree_state():
    state, seat = base(3)
    return state, seat, state["players"][seat]


@pytest.mark.rule("TEK-R198")
@pytest.mark.rule("TEK-R199")
@pytest.mark.rule("TEK-R204")
@pytest.mark.rule("TEK-R205")
def test_decrees_a_and_c():
    state, seat, p = decree_state()
    p["technologies"] = ["T01", "T02"]
    p["decrees"] = ["D01", "D02", "D07", "D12"]
    p["scribe"] = 4
    p["gold"], p["res"] = 3, {"papyrus": 5, "bread": 5, "limestone": 5, "granite": 5}
    assert scoring.decree_vp(state, seat, "D01", p["decrees"]) == 6
    assert scoring.decree_vp(state, seat, "D02", p["decrees"]) == 4 * 3  # A, C, E
    assert scoring.decree_vp(state, seat, "D07", p["decrees"]) == 12
    assert scoring.decree_vp(state, seat, "D08", p["decrees"]) == 20  # 26 capped
    p["res"] = {"papyrus": 1, "bread": 0, "limestone": 0, "granite": 0}
    p["excess"] = 9
    assert scoring.decree_vp(state, seat, "D08", p["decrees"]) == 7


@pytest.mark.rule("TEK-R200")
@pytest.mark.rule("TEK-R201")
def test_d03_and_d04():
    state, seat, p = decree_state()
    p["decrees"] = ["D03", "D07", "D04"]
    p["scribe"], p["gold"] = 5, 3
    p["population"] = 16  # 3 triangles
    p["res"] = {"papyrus": 2, "bread": 0, "limestone": 0, "granite": 0}
    before = vp(state, seat)
    scoring.score_decrees(state, seat, ["D03", "D07", "D04"], [])
    # D04: pays 3 (2 papyrus + 1 gold... most plentiful first), D03 pays 2 gold, doubles D07
    assert vp(state, seat) == before + 9 + 15 + 15
    p = state["players"][seat]
    assert p["gold"] == 0 and p["res"]["papyrus"] == 0


@pytest.mark.rule("TEK-R202")
@pytest.mark.rule("TEK-R203")
def test_d05_d06():
    state, seat, p = decree_state()
    p["happiness"] = 19
    for other in range(3):
        if other != seat:
            state["players"][other]["happiness"] = 4
    assert scoring.decree_vp(state, seat, "D05", []) == 16
    assert scoring.decree_vp(state, seat, "D06", []) == 15


@pytest.mark.rule("TEK-R206")
@pytest.mark.rule("TEK-R207")
@pytest.mark.rule("TEK-R208")
@pytest.mark.rule("TEK-R209")
@pytest.mark.rule("TEK-R210")
@pytest.mark.rule("TEK-R211")
@pytest.mark.rule("TEK-R212")
@pytest.mark.rule("TEK-R213")
@pytest.mark.rule("TEK-R214")
@pytest.mark.rule("TEK-R215")
@pytest.mark.rule("TEK-R216")
@pytest.mark.rule("TEK-R218")
def test_board_decrees():
    state, seat, p = decree_state()
    state["osiris"] = {
        "o1_papyrus": seat,
        "o2_granite": seat,
        "o3_limestone": seat,
        "o4_bread": (seat + 1) % 3,
    }
    state["tbuild"] = {"w1": seat, "s2": seat}
    p["buildings"] = 10 - 5
    p["pillars"] = 8 - 3
    p["statues"] = 6 - 3
    p["statue_list"] = [["ra", "ra:1"], ["people", "pt_e2"], ["horus", "horus:1"]]
    vals = {
        d: scoring.decree_vp(state, seat, d, [])
        for d in (
            "D09",
            "D10",
            "D11",
            "D12",
            "D13",
            "D14",
            "D15",
            "D16",
            "D17",
            "D18",
            "D19",
            "D21",
        )
    }
    assert vals == {
        "D09": 6,
        "D10": 3,
        "D11": 6,
        "D12": 6,
        "D13": 9,
        "D14": 10,
        "D15": 10,
        "D16": 8,
        "D17": 12,
        "D18": 9,
        "D19": 5,
        "D21": 5,
    }


@pytest.mark.rule("TEK-R217")
@pytest.mark.rule("TEK-R219")
@pytest.mark.rule("TEK-R221")
def test_d20_d22_d24():
    state, seat, p = decree_state()
    state["order"] = [seat, (seat + 1) % 3, (seat + 2) % 3]
    assert scoring.decree_vp(state, seat, "D20", []) == 10
    state["order"] = state["order"][1:] + state["order"][:1]
    assert scoring.decree_vp(state, seat, "D20", []) == 0
    state["order"] = [(seat + 2) % 3, seat, (seat + 1) % 3]
    assert scoring.decree_vp(state, seat, "D20", []) == 5
    p["left"] = [["white", 5], ["brown", 2]]
    p["right"] = [["black", 6]]
    assert scoring.decree_vp(state, seat, "D22", []) == 4  # ceil(7 / 2)
    state["tbuild"] = {"w2": seat, "s1": seat}
    state["people"]["pt_e2"] = seat
    state["temple"] = {"t21": ["P22", 0, seat]}
    assert scoring.decree_vp(state, seat, "D24", []) == 2 + 2  # statues ignored


@pytest.mark.rule("TEK-R220")
def test_d23_before_final_scoring():
    state, seat, p = decree_state()
    p["decrees"] = ["D23"]
    state["stack"] = []
    state["scorings"] = 1
    state["scored"] = ["I"]
    state["flow"] = "scoring"
    from rules.tekhenu.machine import advance

    advance(state, [])
    assert key(state) == "d23" and options(state, seat) == ["d23", "skip"]
    for other in range(3):  # every player answers the sealed question (issue 11)
        if other != seat:
            assert options(state, other) == ["skip"]
    state, _ = ENGINE.apply(state, seat, "d23")
    for other in range(3):
        if other != seat:
            state, _ = ENGINE.apply(state, other, "skip")
    assert key(state) == "extra_pick"
    state, _ = me(state, "act:bastet", "value:2")
    assert (
        state["players"][seat]["scribe"] == 2 and state["players"][seat]["res"]["papyrus"] == 0
    )  # free: paid nothing
    assert state["scorings"] == 2
    assert ENGINE.view(state, None)["players"][seat]["decrees_revealed"] == ["D23"]


# --- Blessings -----------------------------------------------------------------------------
@pytest.mark.rule("TEK-R222")
@pytest.mark.rule("TEK-R223")
@pytest.mark.rule("TEK-R224")
@pytest.mark.rule("TEK-R225")
@pytest.mark.rule("TEK-R226")
@pytest.mark.rule("TEK-R227")
@pytest.mark.parametrize(
    "card,field,amount",
    [
        ("B01", "limestone", 4),
        ("B02", "granite", 4),
        ("B03", "bread", 4),
        ("B04", "papyrus", 4),
        ("B05", "gold", 3),
        ("B06", "scribe", 2),
    ],
)
def test_production_blessings(card, field, amount):
    state, seat = base()
    state["players"][seat]["blessings"] = [card]
    state, _ = act(state, seat, None, 2, src="die", res="brown" and "bread")
    assert options(state) == [f"bless:{card}", "go"]
    state, _ = me(state, f"bless:{card}", "go")
    p = state["players"][seat]
    got = p["res"][field] if field in p["res"] else p[field]
    assert got == amount + (2 if field == "bread" else 0)
    assert p["excess"] == 0 and p["blessings"] == [] and card in state["discards"]["blessing"]


@pytest.mark.rule("TEK-R228")
@pytest.mark.rule("TEK-R229")
def test_b07_b08():
    state = at_turn(2, 2)
    seat = current(state)
    state["players"][seat]["blessings"] = ["B07", "B08"]
    state["stack"].append({"k": "turn_start", "s": seat})
    give(state, seat, happiness=2, population=5)
    assert options(state) == ["bless:B07:population", "bless:B07:happiness", "go"]
    state, _ = me(state, "bless:B07:population", "bless:B08:happiness")
    p = state["players"][seat]
    assert (p["population"], p["happiness"]) == (8, 5)


def take_state(colour, value, light="sunny", god="hathor"):
    state, seat = base()
    from tests.rules.tekhenu.scenario import clear_dice

    clear_dice(state)
    light_for(state, god, light)
    put_die(state, god, colour, value)
    for _ in range(4):
        put_die(state, "osiris" if god != "osiris" else "ra", "grey", 1)
    return state, seat


@pytest.mark.rule("TEK-R230")
@pytest.mark.rule("TEK-R231")
def test_b09_b10_any_face():
    state, seat = take_state("white", 2)
    state["players"][seat]["blessings"] = ["B09"]
    state, _ = me(state, "die:hathor:white2")
    assert [o for o in options(state) if o.startswith("face:")] == [
        "face:1",
        "face:3",
        "face:4",
        "face:5",
        "face:6",
    ]
    state, _ = me(state, "face:6", "done")
    assert state["players"][seat]["left"] == [["white", 6]]


@pytest.mark.rule("TEK-R232")
@pytest.mark.rule("TEK-R233")
@pytest.mark.rule("TEK-R061")
def test_b11_b12_recolour_forbidden_die():
    state, seat = take_state("black", 3, "sunny")  # forbidden
    assert "die:hathor:black3" not in options(state)
    state["players"][seat]["blessings"] = ["B11"]
    assert "die:hathor:black3" in options(state)
    state, _ = me(state, "die:hathor:black3")
    assert "done" not in options(state)
    assert "colour:white" in options(state) and "colour:brown" not in options(state)
    state, _ = me(state, "colour:white", "nudge:+1")
    assert "nudge:+1" not in options(state)
    state, _ = me(state, "done")
    assert state["players"][seat]["left"] == [["white", 4]]
    assert "prod:limestone" in options(state)


@pytest.mark.rule("TEK-R234")
@pytest.mark.rule("TEK-R235")
@pytest.mark.rule("TEK-R236")
@pytest.mark.rule("TEK-R237")
def test_cost_blessings():
    state, seat = base()
    state["players"][seat]["blessings"] = ["B13"]
    state, _ = act(state, seat, "horus", 2)
    assert options(state) == ["bless:B13"]  # cannot pay otherwise
    state, _ = me(state, "bless:B13", "god:horus")
    assert state["players"][seat]["statues"] == 5
    state, seat = base()
    state["players"][seat]["blessings"] = ["B16"]
    give(state, seat, papyrus=2)
    state, _ = act(state, seat, "bastet", 3)
    assert options(state) == ["bless:B16", "skip"]
    state, _ = me(state, "bless:B16")
    assert res(state, seat, "papyrus") == 2


@pytest.mark.rule("TEK-R238")
@pytest.mark.rule("TEK-R239")
@pytest.mark.rule("TEK-R240")
@pytest.mark.rule("TEK-R241")
@pytest.mark.rule("TEK-R347")
def test_extra_god_actions():
    state, seat = take_state("white", 2, "sunny", "hathor")
    state["players"][seat]["blessings"] = ["B17", "B19"]
    give(state, seat, scribe=1, papyrus=2, happiness=3, population=6)
    state, _ = me(state, "die:hathor:white2")
    ids = options(state)
    assert "extra:B17:bastet" in ids and "extra:B19:osiris" in ids
    # No Limestone or Granite for any Pillar, before or after the regular action: the Ra
    # extra action cannot be performed, so it is not offered (issue 11, item 8)
    assert "extra:B17:ra" not in ids
    state, _ = me(state, "extra:B17:bastet", "extra:B19:osiris", "done", "prod:limestone")
    assert options(state) == ["regular_first", "extra_first"]
    state, _ = me(state, "regular_first")
    p = state["players"][seat]
    assert p["scribe"] == 0 + 2  # paid 1, Bastet value 2 gave 2
    assert p["happiness"] == 3 - 1 + 2  # B19 cost 1, Bastet +2
    assert key(state) == "osiris" and options(state)[0].startswith("space:o2_")
    state, _ = me(state, options(state)[0])
    assert state["players"][seat]["left"] == [["white", 2]]  # scales unaffected


@pytest.mark.rule("TEK-R242")
@pytest.mark.rule("TEK-R243")
@pytest.mark.rule("TEK-R348")
@pytest.mark.rule("TEK-R257")
def test_b21_produce_twice_stacks():
    state, seat = base()
    state["players"][seat]["blessings"] = ["B21", "B22", "B01"]
    state["players"][seat]["technologies"] = ["T12"]
    before = vp(state, seat)
    state, _ = act(state, seat, None, 5, src="die", res="papyrus")
    state, _ = me(state, "bless:B21", "bless:B22", "bless:B01", "go")
    p = state["players"][seat]
    assert p["res"]["papyrus"] == 6 and p["excess"] == 9 and p["res"]["limestone"] == 4
    assert vp(state, seat) == before + 9


@pytest.mark.rule("TEK-R244")
@pytest.mark.rule("TEK-R245")
@pytest.mark.rule("TEK-R268")
def test_b23_free_anubis_and_t23():
    state, seat = take_state("grey", 4)
    state["players"][seat]["blessings"] = ["B24"]
    state["players"][seat]["technologies"] = ["T23"]
    state["stack"].append({"k": "turn_start", "s": seat})
    state, _ = me(state, "bless:B24")
    before = vp(state, seat)
    state, _ = me(state, "anubis:hathor:grey4")
    assert state["players"][seat]["scribe"] == 0 and vp(state, seat) == before + 3


# --- Technologies -------------------------------------------------------------------------
@pytest.mark.rule("TEK-R246")
@pytest.mark.rule("TEK-R247")
@pytest.mark.rule("TEK-R248")
@pytest.mark.rule("TEK-R249")
@pytest.mark.rule("TEK-R251")
@pytest.mark.rule("TEK-R265")
@pytest.mark.rule("TEK-R266")
@pytest.mark.rule("TEK-R344")
def test_god_action_technologies():
    state, seat = base()
    state["players"][seat]["technologies"] = ["T01", "T02", "T03", "T04", "T06", "T20", "T21"]
    give(state, seat, happiness=3, population=8)
    before = vp(state, seat)
    s, _ = act(state, seat, "osiris", 1)
    s, _ = me(s, "space:o1_papyrus")
    assert vp(s, seat) == before + 2
    s, _ = act(state, seat, "horus", 2)  # T04 granite before the action pays the Statue
    s, _ = me(s, "god:horus")
    assert vp(s, seat) == before + 2 and res(s, seat, "granite") == 0
    s, _ = act(state, seat, "thoth", 1)
    assert res(s, seat, "papyrus") == 1  # T20 before
    card = s["market"][0][0]
    s, _ = me(s, "section:1", f"card:{card}")
    assert vp(s, seat) == before + 2 and card in s["players"][seat]["blessings"]
    give(state, seat, papyrus=2)
    s, _ = act(state, seat, "bastet", 5)
    p = s["players"][seat]
    assert vp(s, seat) == before + 2 and (p["population"], p["happiness"]) == (9, 3 + 5 + 1)
    give(state, seat, bread=2)  # 2-player spaces cost 3+: only with T21's Bread
    s, _ = act(state, seat, "hathor", 3)
    assert res(s, seat, "bread") == 3 and options(s) == [
        "build:w1",
        "build:w3",
        "build:s1",
        "build:s3",
    ]
    state["ra"] = ["P22", "P22", "P22"]
    give(state, seat, limestone=2)
    s, _ = act(state, seat, "ra", 6)
    s, _ = me(s, "space:t22", "rot:0")
    assert vp(s, seat) == before + 2 + 2 + 1 + matching_edges(s, "t22", "P22", 0)[0]


@pytest.mark.rule("TEK-R250")
def test_t05():
    state, seat = base()
    state["players"][seat]["technologies"] = ["T05"]
    state["temple"] = {"t10": ["P22", 0, seat], "t12": ["P22", 0, seat]}
    give(state, seat, bread=3)
    before = vp(state, seat)
    state, _ = act(state, seat, "hathor", 2)
    state, _ = me(state, "build:w1")
    assert vp(state, seat) == before + 10


@pytest.mark.rule("TEK-R253")
def test_t08_forbidden_die():
    state, seat = take_state("black", 5, "sunny")
    state["players"][seat]["technologies"] = ["T08"]
    state, _ = me(state, "die:hathor:black5")
    assert options(state) == ["t08:pure", "t08:tainted"]
    state, _ = me(state, "t08:tainted", "done")
    assert state["players"][seat]["right"] == [["black", 5]]


@pytest.mark.rule("TEK-R255")
def test_t10_gold_as_scribes():
    state, seat = take_state("white", 2)
    state["players"][seat]["technologies"] = ["T10"]
    give(state, seat, gold=2)
    before = vp(state, seat)
    assert "anubis:hathor:white2" in options(state)
    state, _ = me(state, "die:hathor:white2", "sc:+1", "sc:+1")
    assert state["players"][seat]["gold"] == 0 and vp(state, seat) == before + 1  # once


@pytest.mark.rule("TEK-R256")
def test_t11_value_one():
    state, seat = base()
    state["players"][seat]["technologies"] = ["T11"]
    before = vp(state, seat)
    s, _ = act(state, seat, None, 1, src="die", res="bread")
    assert vp(s, seat) == before + 2
    s, _ = act(state, seat, None, 1, src="card", res="bread")
    assert vp(s, seat) == before


@pytest.mark.rule("TEK-R258")
def test_t13():
    state, seat = base()
    state["players"][seat]["technologies"] = ["T13"]
    state, _ = act(state, seat, None, 2, src="die", res="bread")
    assert options(state) == ["adj:0", "adj:-1", "adj:+1"]
    state, _ = me(state, "adj:+1")
    p = state["players"][seat]
    assert p["res"]["bread"] == 2 + 1 and p["excess"] == 1


@pytest.mark.rule("TEK-R259")
def test_t14():
    state, seat = base()
    state["players"][seat]["technologies"] = ["T14"]
    give(state, seat, happiness=3)
    state, _ = act(state, seat, "osiris", 3, src="die")
    assert options(state) == ["adj:-2", "adj:-1", "adj:0", "adj:+1", "adj:+2"]
    state, _ = me(state, "adj:+2")
    assert all(o.startswith("space:o5_") for o in options(state))


@pytest.mark.rule("TEK-R260")
@pytest.mark.rule("TEK-R261")
def test_t15_t16():
    from rules.tekhenu import flow

    state, seat = base(3)
    state["players"][seat]["technologies"] = ["T15", "T16"]
    assert flow.ankh(state, seat) == 5
    state["stack"] = []
    state["maat_phases"] = 0
    state["flow"] = "maat_start"
    events = []
    flow.maat_start(state, events)
    assert state["players"][seat]["faith"] == 2
    state["stack"] = []
    state["players"][seat]["faith"] = 0
    for s in range(3):
        state["players"][s]["left"] = [] if s == seat else [["white", 3]]
    before = vp(state, seat)
    flow.maat_resolve(state, events)
    assert state["order"][0] == seat and vp(state, seat) == before + 2


@pytest.mark.rule("TEK-R262")
def test_t17():
    state, seat = base()
    state["players"][seat]["technologies"] = ["T17"]
    before = vp(state, seat)
    state, _ = act(state, seat, None, 2, src="die", res="bread")
    assert vp(state, seat) == before + 2


@pytest.mark.rule("TEK-R263")
def test_t18():
    state, seat = take_state("white", 2)
    state["players"][seat]["technologies"] = ["T18"]
    before = vp(state, seat)
    state, _ = me(state, "die:hathor:white2", "done")
    assert vp(state, seat) == before + 1


@pytest.mark.rule("TEK-R264")
def test_t19():
    state, seat = take_state("yellow", 3, "sunny")  # tainted
    state["players"][seat]["technologies"] = ["T19"]
    give(state, seat, scribe=1, bread=4)
    state, _ = me(state, "die:hathor:yellow3", "done", "act:hathor")
    assert options(state) == ["t19", "skip"]
    state, _ = me(state, "t19")
    assert res(state, seat, "papyrus") == 2 and key(state) == "hathor"


@pytest.mark.rule("TEK-R267")
def test_t22():
    state, seat = base()
    state["players"][seat]["technologies"] = ["T22"]
    give(state, seat, limestone=1)
    before = vp(state, seat)
    state, _ = act(state, seat, "horus", 2)
    state, _ = me(state, "god:horus")
    assert res(state, seat, "limestone") == 0 and vp(state, seat) == before + 1


@pytest.mark.rule("TEK-R269")
def test_t24():
    state, seat = base()
    state["players"][seat]["technologies"] = ["T24"]
    state["players"][seat]["blessings"] = ["B06"]
    state, _ = act(state, seat, None, 2, src="die", res="bread")
    state, _ = me(state, "bless:B06", "go")
    assert state["players"][seat]["gold"] == 1


# --- Pillar tiles ---------------------------------------------------------------------------
def build_pillar(tile, space="t22", seat_state=None):
    state, seat = seat_state or base()
    state["ra"] = [tile, "P22", "P22"]
    state["players"][seat]["technologies"] = ["T09"]
    give(state, seat, limestone=5, granite=5)
    before = {"vp": vp(state, seat), **dict(state["players"][seat]["res"])}
    state, _ = act(state, seat, "ra", 6)
    state, _ = me(state, f"space:{space}", "rot:0")
    return state, seat, before


BASE_VP = 2 + 1  # t22 reward 2 VP + left slot 1 VP (no neighbours, no edges)


@pytest.mark.rule("TEK-R270")
@pytest.mark.rule("TEK-R271")
@pytest.mark.rule("TEK-R272")
@pytest.mark.rule("TEK-R277")
@pytest.mark.rule("TEK-R278")
@pytest.mark.rule("TEK-R285")
@pytest.mark.rule("TEK-R286")
@pytest.mark.rule("TEK-R287")
@pytest.mark.parametrize(
    "tile,field,amount",
    [
        ("P01", "population", 3),
        ("P02", "scribe", 1),
        ("P03", "happiness", 2),
        ("P07", "vp", 1),
        ("P08", "vp", 1),
        ("P09", "vp", 1),
        ("P16", "gold", 2),
        ("P17", "gold", 2),
        ("P18", "gold", 2),
    ],
)
def test_simple_pillar_abilities(tile, field, amount):
    state, seat = base()
    give(state, seat, population=10, happiness=2)
    state, seat, before = build_pillar(tile, seat_state=(state, seat))
    p = state["players"][seat]
    if field == "vp":
        assert vp(state, seat) == before["vp"] + BASE_VP + amount
    else:
        start = {"population": 10, "happiness": 2, "scribe": 0, "gold": 0}[field]
        assert p[field] == start + amount
    assert PILLARS[tile].ability in ("population", "scribe", "happiness", "vp", "gold")


@pytest.mark.rule("TEK-R273")
@pytest.mark.rule("TEK-R274")
def test_edge_bonus_pillars():
    for tile in ("P04", "P05"):
        state, seat, before = build_pillar(tile, "t00")
        matches, _ = matching_edges(state, "t00", tile, 0)
        reward_vp = 0  # t00 gives Faith
        assert vp(state, seat) == before["vp"] + 2 * matches + 1 + matches + reward_vp


@pytest.mark.rule("TEK-R275")
def test_p06_buildings_in_line():
    state, seat = base()
    state["tbuild"] = {"w2": 1 - seat, "s2": seat}
    state, seat, before = build_pillar("P06", seat_state=(state, seat))
    assert vp(state, seat) == before["vp"] + BASE_VP + 2 + 2


@pytest.mark.rule("TEK-R279")
@pytest.mark.rule("TEK-R280")
def test_thoth_pillars():
    for tile in ("P10", "P11"):
        state, seat = base()
        give(state, seat, happiness=3)
        state, seat, _ = build_pillar(tile, seat_state=(state, seat))
        assert key(state) == "thoth" and options(state) == ["section:1"]


@pytest.mark.rule("TEK-R281")
def test_p12_horus_value_choice():
    state, seat = base()
    state, seat, _ = build_pillar("P12", seat_state=(state, seat))
    assert key(state) == "p12_value"
    assert options(state) == ["value:1", "value:2", "value:3"]
    state, _ = me(state, "value:3")
    assert options(state)[0] == "god:ra"
    state, _ = me(state, "god:ra")
    assert res(state, seat, "granite") == 5 - 3 - 1  # tile 3 granite, Statue 1 granite


@pytest.mark.rule("TEK-R282")
@pytest.mark.rule("TEK-R283")
def test_decree_pillars_are_secret():
    for tile in ("P13", "P14"):
        state, seat = base()
        top = state["decks"]["decree"][-1]
        state["ra"] = [tile, "P22", "P22"]
        state["players"][seat]["technologies"] = ["T09"]
        give(state, seat, limestone=5, granite=5)
        state, _ = act(state, seat, "ra", 6)
        state, events = me(state, "space:t22", "rot:0")
        assert top in state["players"][seat]["decrees"]
        assert all(top not in e.text or e.private_to == seat for e in events)
        assert top not in str(ENGINE.view(state, None))


@pytest.mark.rule("TEK-R284")
def test_p15_osiris_row_three():
    state, seat = base()
    give(state, seat, happiness=2)
    state, seat, _ = build_pillar("P15", seat_state=(state, seat))
    assert key(state) == "osiris" and options(state)[0].startswith("space:o3_")
    state, _ = me(state, options(state)[0])
    assert state["players"][seat]["happiness"] == 1


@pytest.mark.rule("TEK-R288")
@pytest.mark.rule("TEK-R289")
@pytest.mark.rule("TEK-R290")
def test_double_reward_pillars():
    for tile in ("P19", "P20", "P21"):
        state, seat, before = build_pillar(tile, "t01")  # 2 papyrus
        cost = PILLARS[tile]
        assert res(state, seat, "papyrus") == 4
        assert res(state, seat, "limestone") == 5 - cost.limestone
    state, seat, before = build_pillar("P19", "t22")  # 2 VP: not doubled
    assert vp(state, seat) == before["vp"] + BASE_VP


@pytest.mark.rule("TEK-R291")
@pytest.mark.rule("TEK-R292")
@pytest.mark.rule("TEK-R293")
@pytest.mark.rule("TEK-R294")
@pytest.mark.rule("TEK-R295")
@pytest.mark.rule("TEK-R296")
@pytest.mark.parametrize("tile", ["P22", "P23", "P24", "P25", "P26", "P27"])
def test_pillars_without_ability(tile):
    state, seat, before = build_pillar(tile)
    assert vp(state, seat) == before["vp"] + BASE_VP
    assert PILLARS[tile].light == "none"


@pytest.mark.rule("TEK-R238")
def test_extra_action_may_come_first():
    state, seat = take_state("white", 2, "sunny", "hathor")
    state["players"][seat]["blessings"] = ["B18"]
    give(state, seat, scribe=1, papyrus=2, happiness=3, population=6)
    state, _ = me(
        state, "die:hathor:white2", "extra:B18:bastet", "done", "prod:limestone", "extra_first"
    )
    p = state["players"][seat]
    # Bastet (value 2) resolved, then the Production of the same die
    assert p["happiness"] == 5 and p["res"]["limestone"] == 2


@pytest.mark.rule("TEK-R228")
def test_b07_also_at_the_end_of_the_turn():
    state, seat = take_state("white", 2)
    state["players"][seat]["blessings"] = ["B08"]
    state["stack"].append({"k": "turn_start", "s": seat})
    state, _ = me(state, "go", "die:hathor:white2", "done", "prod:limestone")
    assert key(state) == "turn_end"
    assert options(state) == ["bless:B08:population", "bless:B08:happiness", "end"]
    state, _ = me(state, "bless:B08:population")
    assert state["players"][seat]["population"] == 8 and state["turn"]["seat"] != seat
