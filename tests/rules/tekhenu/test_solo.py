"""Botankhamun (A.20): setup, the pyramid and the Deben, die choice, actions, Maat, scoring."""

from __future__ import annotations

import pytest

from rules.tekhenu import ENGINE, flow, scoring, solo
from rules.tekhenu.data import BOT_TILES, PYRAMID_INDEX
from rules.testing import random_playout
from tests.rules.tekhenu.scenario import clear_dice, light_for, new, options, put_die, vp

BOT = 1


@pytest.mark.rule("TEK-R005")
@pytest.mark.rule("TEK-R297")
@pytest.mark.rule("TEK-R298")
@pytest.mark.rule("TEK-R299")
@pytest.mark.rule("TEK-R300")
@pytest.mark.rule("TEK-R302")
@pytest.mark.rule("TEK-R303")
@pytest.mark.rule("TEK-R305")
@pytest.mark.rule("TEK-R306")
@pytest.mark.rule("TEK-R307")
def test_solo_setup_easy():
    state = new(1, 3)
    assert state["n"] == 2 and state["bot"] == BOT and sum(state["bag"].values()) + 18 == 22
    bot = state["players"][BOT]
    assert (bot["happiness"], bot["population"], bot["vp"]) == (4, 7, 10)
    assert (bot["gold"], bot["scribe"]) == (0, 0) and "dealt" not in bot
    assert state["god_statues"]["osiris"] == [BOT] and bot["statues"] == 5
    assert sorted(state["solo"]["pyramid"]) == sorted(BOT_TILES)
    assert state["solo"]["progress"] is None
    assert len(ENGINE.pending(state)) == 1  # only the player keeps a Decree
    state, _ = ENGINE.apply(state, 0, ENGINE.pending(state)[0].options[0].id)
    assert state["order"] == [BOT, 0] or ENGINE.pending(state)[0].key == "draft"


@pytest.mark.rule("TEK-R301")
@pytest.mark.rule("TEK-R304")
def test_solo_starting_cards_and_destiny():
    state = new(1, 4)
    state, _ = ENGINE.apply(state, 0, ENGINE.pending(state)[0].options[0].id)
    assert len(options(state)) == 3  # draw 3
    state, _ = ENGINE.apply(state, 0, options(state)[0])
    assert len(options(state)) == 2
    state, _ = ENGINE.apply(state, 0, options(state)[0])
    assert state["order"] == [BOT, 0]
    assert state["players"][BOT]["destiny"] in ("A01", "A02")
    assert len(options(state)) == 3
    assert state["players"][BOT]["gold"] == 0 and state["players"][BOT]["scribe"] == 0
    random_start = new(1, 4, solo_random_start="yes")
    random_start, _ = ENGINE.apply(random_start, 0, ENGINE.pending(random_start)[0].options[0].id)
    assert len(random_start["players"][0]["starting"]) == 2
    assert ENGINE.pending(random_start)[0].key == "destiny"


@pytest.mark.rule("TEK-R308")
@pytest.mark.rule("TEK-R309")
def test_solo_difficulty_setups():
    medium = new(1, 2, solo_difficulty="medium")
    assert medium["osiris"] == {"o5_bread": BOT, "o5_granite": BOT}
    assert medium["temple"]["t22"][2] == BOT and medium["players"][BOT]["vp"] == 10
    assert len(medium["pile"]) == 27 - 3 - 1
    hard = new(1, 2, solo_difficulty="hard")
    assert hard["god_statues"]["osiris"] == [BOT] and hard["god_statues"]["thoth"] == [BOT]
    assert hard["players"][BOT]["statues"] == 4


@pytest.mark.rule("TEK-R310")
@pytest.mark.rule("TEK-R311")
def test_pyramid_walk():
    for seed in range(20):
        state = new(1, seed)
        path = [solo.advance_progress(state) for _ in range(4)]
        assert path[0] == 0
        assert path in (
            [0, 1, 2, 3],
            [0, 1, 2, 6],
            [0, 1, 5, 6],
            [0, 1, 5, 8],
            [0, 4, 5, 6],
            [0, 4, 5, 8],
            [0, 4, 7, 8],
            [0, 4, 7, 9],
        )
    assert PYRAMID_INDEX[(3, 0)] == 9


def bot_state(seed=1):
    state = new(1, seed)
    state["stack"] = []
    state["phase"] = "turns"
    clear_dice(state)
    return state


@pytest.mark.rule("TEK-R312")
@pytest.mark.rule("TEK-R313")
@pytest.mark.rule("TEK-R315")
@pytest.mark.rule("TEK-R316")
def test_god_tile_die_choice():
    state = bot_state()
    light_for(state, "ra", "sunny")
    put_die(state, "ra", "white", 4)  # pure
    put_die(state, "ra", "yellow", 4)  # tainted
    put_die(state, "ra", "black", 6)  # forbidden
    assert solo.god_tile_die(state, "ra") == ("ra", "white", 4)
    state["sections"]["ra"] = [["black", 6]]
    put_die(state, "horus", "grey", 2)  # counter-clockwise from Ra is Horus
    put_die(state, "hathor", "grey", 6)
    assert solo.god_tile_die(state, "ra") == ("horus", "grey", 2)
    state["solo"]["pyramid"] = ["BA2"] + state["solo"]["pyramid"][1:]
    state["solo"]["progress"] = None
    events = []
    solo.bot_turn(state, events)
    assert state["players"][BOT]["below"] == [["grey", 2]]


@pytest.mark.rule("TEK-R317")
@pytest.mark.rule("TEK-R318")
@pytest.mark.rule("TEK-R319")
def test_resource_tile_die_choice():
    state = bot_state()
    light_for(state, "bastet", "shaded")
    put_die(state, "bastet", "black", 3)
    put_die(state, "ra", "black", 5)
    put_die(state, "thoth", "black", 5)
    state["god_statues"]["thoth"] = [BOT]
    pick = solo.resource_tile_die(state, ("granite", "papyrus"))
    from rules.tekhenu.state import die_purity

    eligible = [g for g in ("ra", "thoth") if die_purity(state, g, "black") != "forbidden"]
    if "thoth" in eligible:
        assert pick == ("thoth", "black", 5)
    state2 = bot_state()
    put_die(state2, "osiris", "grey", 3)
    assert solo.resource_tile_die(state2, ("granite", "limestone", "bread", "papyrus")) == (
        "osiris",
        "grey",
        3,
    )


@pytest.mark.rule("TEK-R314")
@pytest.mark.rule("TEK-R320")
@pytest.mark.rule("TEK-R321")
@pytest.mark.rule("TEK-R322")
@pytest.mark.rule("TEK-R323")
@pytest.mark.rule("TEK-R324")
def test_bot_horus():
    state = bot_state()
    solo.bot_horus(state, 3, "white", [])
    assert state["god_statues"]["ra"] == [BOT]
    solo.bot_horus(state, 3, "white", [])  # Ra full: fallbacks
    state2 = bot_state()
    state2["god_statues"]["ra"] = [0]
    state2["osiris"] = {
        f"o{r}_{d}": 0 for r in (1, 2) for d in ("papyrus", "bread", "limestone", "granite")
    }
    state2["temple"] = {"t12": ["P22", 0, BOT]}
    solo.bot_horus(state2, 3, "white", [])
    # no Osiris space changes control: the Temple space whose line holds a bot Pillar
    assert state2["people"]["po_work"] is None and state2["people"]["po_quar"] is None
    assert state2["people"]["pt_n2"] == BOT
    state2["osiris"] = {
        "o2_limestone": 0,
        "o3_limestone": BOT,
        "o1_papyrus": 0,
        "o2_papyrus": 0,
        "o1_bread": 0,
        "o2_bread": 0,
    }
    state2["people"] = {k: None for k in state2["people"]}
    solo.bot_horus(state2, 3, "white", [])
    assert state2["people"]["po_quar"] == BOT  # wins granite (empty) and the limestone tie
    assert state2["players"][BOT]["gold"] == 0  # the setup Gold is discarded
    state3 = bot_state()
    state3["god_statues"]["ra"] = [0]
    state3["people"] = {"pt_e2": 0, "pt_n2": 0, "po_work": 0, "po_quar": 0}
    before = vp(state3, BOT)
    solo.bot_horus(state3, 3, "white", [])
    assert vp(state3, BOT) == before + 3
    # bot bonus by slot pair, also for its own action (2-player rule)
    state4 = bot_state()
    state4["god_statues"]["thoth"] = [BOT]
    from rules.tekhenu.actions import horus_bonuses

    before = vp(state4, BOT)
    horus_bonuses(state4, BOT, "thoth", [])
    assert vp(state4, BOT) == before + 1 and state4["players"][BOT]["scribe"] == 1


@pytest.mark.rule("TEK-R325")
@pytest.mark.rule("TEK-R326")
@pytest.mark.rule("TEK-R327")
def test_bot_ra():
    state = bot_state()
    state["ra"] = ["P01", "P02", "P03"]
    state["pile"] = ["P05"]
    state["tbuild"] = {"w1": 0}
    before = vp(state, BOT)
    solo.bot_ra(state, 1, "white", [])  # right slot, 3 VP
    placed = [sp for sp, t in state["temple"].items() if t[2] == BOT]
    assert len(placed) == 1 and state["temple"][placed[0]][:2] == ["P03", 0]
    space = placed[0]
    from rules.tekhenu.actions import buildings_in_lines, matching_edges

    _m, touching = matching_edges(state, space, "P03", 0)
    assert vp(state, BOT) - before == 3 + touching + buildings_in_lines(state, space)
    assert state["ra"] == ["P05", "P01", "P02"]
    assert state["players"][BOT]["happiness"] == 4  # P03's ability ignored


@pytest.mark.rule("TEK-R328")
@pytest.mark.rule("TEK-R329")
@pytest.mark.rule("TEK-R330")
def test_bot_hathor_bastet():
    state = bot_state()
    state["temple"] = {"t30": ["P22", 0, BOT]}
    before = vp(state, BOT)
    solo.bot_hathor(state, 3, "white", [])
    assert state["tbuild"] == {"w3": BOT} and vp(state, BOT) == before + 3
    assert state["players"][BOT]["population"] == 10
    assert state["market_open"][2]  # the bot opens section 3 too
    bot = state["players"][BOT]
    bot["happiness"], bot["population"] = 9, 10
    solo.bot_bastet(state, 4, "white", [])
    # 9 -> 10, Population 11 instead, 11, Population 12 instead
    assert (bot["happiness"], bot["population"], bot["scribe"]) == (11, 12, 1)
    assert bot["gold"] == 0


@pytest.mark.rule("TEK-R331")
def test_bot_thoth():
    state = bot_state()
    state["players"][BOT]["happiness"] = 5
    row = list(state["market"][1])
    solo.bot_thoth(state, 4, "white", [])
    assert state["players"][BOT]["bot_cards"] == [row[2], row[3]]  # Technologies first


@pytest.mark.rule("TEK-R332")
@pytest.mark.rule("TEK-R333")
@pytest.mark.rule("TEK-R334")
def test_bot_osiris():
    state = bot_state()
    solo.bot_osiris(state, 2, "black", [])
    assert state["osiris"] == {"o2_granite": BOT}
    solo.bot_osiris(state, 2, "black", [])
    assert state["osiris"]["o2_papyrus"] == BOT  # cyclic to the right
    for d in ("bread", "limestone"):
        state["osiris"][f"o2_{d}"] = 0
    solo.bot_osiris(state, 2, "white", [])
    assert state["osiris"]["o1_limestone"] == BOT  # row above
    solo.bot_osiris(state, 1, "grey", [])
    assert state["osiris"]["o1_papyrus"] == BOT  # fewest Buildings, tie -> leftmost
    assert state["players"][BOT]["happiness"] == 4
    state["players"][BOT]["buildings"] = 0
    size = len(state["osiris"])
    solo.bot_osiris(state, 3, "white", [])
    assert len(state["osiris"]) == size


@pytest.mark.rule("TEK-R335")
@pytest.mark.rule("TEK-R336")
@pytest.mark.rule("TEK-R337")
def test_bot_maat():
    state = new(1, 5)
    state = state if False else state
    from tests.rules.tekhenu.scenario import play_setup

    state = play_setup(state)
    state["stack"] = []
    state["maat_phases"] = 1
    state["players"][0]["left"] = [["white", 3]]
    flow.maat_resolve(state, [])
    assert state["players"][BOT]["maat"] == 3
    assert state["order"] == [BOT, 0]  # |3| tie: the bot's Ankh 4 beats 0..3
    state["players"][0]["left"] = [["white", 2]]
    flow.maat_resolve(state, [])
    assert state["order"] == [0, BOT]
    state["players"][0]["left"] = [["white", 4]]
    flow.maat_resolve(state, [])
    assert state["order"] == [BOT, 0]
    events = []
    flow.maat_cleanup(state, events)
    assert state["players"][BOT]["destiny"] in ("A01", "A02")
    state["stack"] = []
    old = list(state["solo"]["pyramid"])
    state["solo"]["progress"] = 6
    flow.maat_end(state, [])
    assert state["solo"]["progress"] is None and sorted(old) == sorted(state["solo"]["pyramid"])


@pytest.mark.rule("TEK-R338")
@pytest.mark.rule("TEK-R339")
@pytest.mark.rule("TEK-R340")
@pytest.mark.rule("TEK-R341")
@pytest.mark.rule("TEK-R342")
def test_bot_scoring():
    state = bot_state()
    bot = state["players"][BOT]
    bot["bot_cards"] = ["B01", "T02", "D03", "D04"]
    bot["scribe"] = 5
    bot["happiness"] = 9
    bot["buildings"] = 6
    state["players"][0]["statues"] = 6
    before = vp(state, BOT)
    scoring.scoring_steps(state, [])
    statues = 1  # 1 built at setup: 1 VP
    assert vp(state, BOT) - before == 2 + 2 + statues + 3
    assert bot["bot_cards"] == ["T02", "D03", "D04"]
    state["order"] = [BOT, 0]
    before = vp(state, BOT)
    scoring.end_bonuses(state, [])
    assert vp(state, BOT) - before == 3 + 8 + 2
    state["options"]["solo_decree_8"] = "yes"
    before = vp(state, BOT)
    scoring.end_bonuses(state, [])
    assert vp(state, BOT) - before == 3 + 16 + 2
    state["players"][0]["vp"] = bot["vp"]
    state["players"][0]["scribe"] = 6
    assert scoring.final_result(state).places == (1, 2)


@pytest.mark.rule("TEK-R343")
def test_seeded_randomness_is_reproducible():
    one = random_playout(ENGINE, 1, 9, {"solo_difficulty": "hard"})
    two = random_playout(ENGINE, 1, 9, {"solo_difficulty": "hard"})
    assert one.log == two.log and ENGINE.dump(one.state) == ENGINE.dump(two.state)
    assert not any(d.seat == BOT for d in ENGINE.pending(ENGINE.new_game(1, {}, 1)))


@pytest.mark.rule("TEK-R314")
def test_bot_discards_setup_gold():
    state = bot_state()
    solo.bot_osiris(state, 2, "yellow", [])
    assert state["osiris"] == {"o2_papyrus": BOT} and state["row2_gold"] == 0
    assert state["players"][BOT]["gold"] == 0 and state["players"][BOT]["res"]["papyrus"] == 0
