"""Rounds, Rotations, the Maat phase and the Scorings (A.4, A.15..A.18)."""

from __future__ import annotations

import pytest

from rules.tekhenu import ENGINE, flow, scoring
from rules.tekhenu.data import GODS
from rules.tekhenu.state import balance, dice_on_board
from rules.testing import random_playout
from tests.rules.tekhenu.scenario import at_turn, empty_hand, me, options, reset_board, vp


def playout_log(seats, seed, options_=None):
    events = []

    def hook(before, after, move):
        events.append((before, after, move))

    ENGINE_events = []
    state = ENGINE.new_game(seats, options_ or {}, seed)
    import random

    rng = random.Random(seed)
    while ENGINE.pending(state):
        decision = rng.choice(ENGINE.pending(state))
        option = ENGINE.ai_choice(state, decision.seat)
        before = state
        state, evs = ENGINE.apply(state, decision.seat, option)
        ENGINE_events.append((before, state, evs))
    return state, ENGINE_events


@pytest.mark.rule("TEK-R047")
@pytest.mark.rule("TEK-R048")
@pytest.mark.rule("TEK-R049")
@pytest.mark.rule("TEK-R051")
@pytest.mark.rule("TEK-R055")
@pytest.mark.rule("TEK-R056")
@pytest.mark.rule("TEK-R058")
@pytest.mark.rule("TEK-R148")
@pytest.mark.rule("TEK-R155")
def test_game_structure():
    state, history = playout_log(3, 4)
    rotations = [e for _b, _a, evs in history for e in evs if e.kind == "rotation"]
    maats = [e for _b, _a, evs in history for e in evs if e.kind == "maat"]
    scorings = [e for _b, _a, evs in history for e in evs if e.kind == "scoring"]
    rounds = [e.data["round"] for _b, _a, evs in history for e in evs if e.kind == "round"]
    assert rounds == list(range(1, 17))
    assert len(rotations) == 8 and len(maats) == 4 and len(scorings) == 2
    # the scorings fall in Maat phases 2 and 4
    order = [e.kind for _b, _a, evs in history for e in evs if e.kind in ("maat", "scoring")]
    assert order == ["maat", "maat", "scoring", "maat", "maat", "scoring"]
    # one turn per player per round, in turn order; order only changes in Maat phases
    turns = [
        (e.data["round"], e.data["seat"])
        for _b, _a, evs in history
        for e in evs
        if e.kind == "turn"
    ]
    assert len(turns) == 16 * 3
    for r in range(1, 17):
        assert sorted(s for rr, s in turns if rr == r) == [0, 1, 2]
    order_changes = [e for _b, _a, evs in history for e in evs if e.kind == "order"]
    assert len(order_changes) == 1 + 4  # setup + each Maat phase
    # the disc turned one section clockwise per Rotation
    assert [e.data["disc_pos"] for e in rotations] == [
        (history[0][0]["disc_pos"] + i) % 6 for i in range(1, 9)
    ]
    assert state["phase"] == "over" and state["round"] == 16
    assert state["final"] is not None


@pytest.mark.rule("TEK-R052")
@pytest.mark.rule("TEK-R053")
@pytest.mark.rule("TEK-R057")
@pytest.mark.rule("TEK-R158")
@pytest.mark.rule("TEK-R156")
def test_rotations_refill_shaded_sections():
    for seats in (1, 2, 3, 4):
        state, history = playout_log(seats, 11)
        for _before, after, evs in history:
            kinds = [e.kind for e in evs]
            if "rotation" in kinds and after["phase"] == "turns" and "round" in kinds:
                at = kinds.index("rotation")
                taken = kinds[at:].count("take")  # the bot may already have played
                assert sum(len(d) for d in after["sections"].values()) + taken == 18
                if "maat" in kinds:
                    assert all(dice_on_board(p) == 0 for p in after["players"])
                    assert all(p["faith"] == 0 and p["excess"] == 0 for p in after["players"])


@pytest.mark.rule("TEK-R050")
def test_rotation_counts_anubis_dice():
    state = at_turn(2, 1)
    last = state["order"][-1]
    state["turn_idx"] = 1
    state["players"][last]["below"] = [["grey", 3]]
    state["players"][last]["left"] = [["white", 2]]
    state["stack"] = []
    state["flow"] = "after_turn"
    from rules.tekhenu.machine import advance

    events = []
    state["players"][state["order"][0]]["left"] = [["white", 1], ["white", 1]]
    advance(state, events)
    assert any(e.kind == "rotation" for e in events)


@pytest.mark.rule("TEK-R149")
@pytest.mark.rule("TEK-R150")
@pytest.mark.rule("TEK-R151")
@pytest.mark.rule("TEK-R152")
def test_balance_faith_and_vp_loss():
    player = {
        "left": [["white", 3], ["brown", 2]],
        "right": [["black", 6], ["grey", 4]],
        "excess": 1,
        "faith_l": 0,
        "faith_r": 0,
        "below": [["white", 6]],
    }
    assert balance(player) == -6  # rulebook example
    player["faith_l"] = 1
    assert balance(player) == -5
    table = {0: 0, 5: 0, -1: 0, -2: 0, -3: 1, -5: 1, -6: 2, -8: 2, -9: 3, -20: 3}
    for value, loss in table.items():
        assert flow.maat_loss(value) == loss


@pytest.mark.rule("TEK-R150")
@pytest.mark.rule("TEK-R153")
@pytest.mark.rule("TEK-R154")
@pytest.mark.rule("TEK-R077")
def test_maat_resolve_order_and_loss():
    state = at_turn(3, 2)
    reset_board(state)
    state["maat_phases"] = 1
    p = state["players"]
    p[0]["left"], p[1]["right"], p[2]["left"] = [["white", 2]], [["black", 2]], [["white", 1]]
    p[0]["destiny"], p[1]["destiny"], p[2]["destiny"] = "A01", "A04", "A02"
    p[1]["right"].append(["black", 6])  # -8
    p[1]["vp"] = 1
    state["order"] = [0, 1, 2]
    state["markers"] = {"I": (state["disc_pos"] + 3) % 6, "II": state["disc_pos"]}
    events = []
    flow.maat_resolve(state, events)
    assert [q["maat"] for q in p] == [2, -8, 1]
    assert p[1]["vp"] == 0  # lost 2, never below 0
    assert state["order"] == [2, 0, 1]
    assert state["flow"] == "maat_cleanup"  # arrow on marker II, but I is lowest
    state["markers"]["I"] = state["disc_pos"]
    flow.maat_resolve(state, events)
    assert state["flow"] == "scoring"
    # +k against -k: higher Ankh first
    p[0]["left"], p[1]["right"] = [["white", 3]], [["black", 3]]
    p[2]["left"] = [["white", 5]]
    flow.maat_resolve(state, events)
    assert state["order"] == [1, 0, 2]  # A04 (Ankh 3) before A01 (Ankh 0)


def test_faith_is_sealed_then_revealed():
    state = at_turn(2, 3)
    reset_board(state)
    state["stack"] = []
    for s in (0, 1):
        state["players"][s]["faith"] = 2
        state["players"][s]["left"] = [["white", 1]] * 4
    state["flow"] = "maat_start"
    from rules.tekhenu.machine import advance

    advance(state, [])
    decisions = ENGINE.pending(state)
    assert len(decisions) == 2 and all(d.secret for d in decisions)
    assert decisions[0].option_ids() == ["faith:0", "faith:+1", "faith:-1", "faith:+2", "faith:-2"]
    state, events = ENGINE.apply(state, 0, "faith:-2")
    assert ENGINE.view(state, None)["players"][0]["answered"]
    assert ENGINE.view(state, None)["players"][0]["scales"]["faith_right"] == 0
    state, events = ENGINE.apply(state, 1, "faith:+1")
    assert state["players"][0]["maat"] == 2 and state["players"][1]["maat"] == 5


def test_faith_sequential_variant():
    state = at_turn(2, 3, maat_faith_sequential="yes")
    state["stack"] = []
    for s in (0, 1):
        state["players"][s]["faith"] = 1
    state["flow"] = "maat_start"
    from rules.tekhenu.machine import advance

    advance(state, [])
    decisions = ENGINE.pending(state)
    assert len(decisions) == 1 and not decisions[0].secret
    assert decisions[0].seat == state["order"][0]


@pytest.mark.rule("TEK-R157")
def test_destiny_after_maat_in_new_order():
    state = at_turn(3, 5)
    state["stack"] = []
    state["order"] = [2, 0, 1]
    events = []
    flow.maat_cleanup(state, events)
    decision = ENGINE.pending(state)[0]
    assert decision.key == "destiny" and decision.seat == 2 and len(decision.options) == 4
    gold = state["players"][2]["gold"]
    state, _ = ENGINE.apply(state, 2, "destiny:A02")
    assert state["players"][2]["gold"] == gold + 1  # reward at once
    assert ENGINE.pending(state)[0].seat == 0


def scoring_state():
    state = at_turn(3, 7)
    reset_board(state)
    for s in range(3):
        empty_hand(state, s)
    return state


@pytest.mark.rule("TEK-R159")
@pytest.mark.rule("TEK-R160")
@pytest.mark.rule("TEK-R161")
def test_district_majorities():
    state = scoring_state()
    state["osiris"] = {"o3_papyrus": 0, "o2_bread": 1, "o5_papyrus": 1, "o6_limestone": 2}
    state["people"]["po_work"] = 2
    assert scoring.district_winner(state, "papyrus") == 2  # tie 1-1-1: people Statue is top
    state["people"]["po_work"] = None
    assert scoring.district_winner(state, "papyrus") == 0  # tie 1-1: row 3 above row 5
    assert scoring.district_winner(state, "bread") == 1
    assert scoring.district_winner(state, "granite") is None
    state["people"]["po_quar"] = 0
    assert scoring.district_winner(state, "granite") == 0  # counts in both districts below
    assert scoring.district_winner(state, "limestone") == 0


@pytest.mark.rule("TEK-R162")
@pytest.mark.rule("TEK-R163")
@pytest.mark.rule("TEK-R164")
@pytest.mark.rule("TEK-R165")
@pytest.mark.rule("TEK-R166")
@pytest.mark.rule("TEK-R167")
def test_scoring_steps():
    state = scoring_state()
    state["tbuild"] = {"w2": 0, "s1": 0, "s3": 1}
    state["people"]["pt_e2"] = 0
    state["temple"] = {"t21": ["P22", 0, 0], "t23": ["P23", 0, 1]}
    p0 = state["players"][0]
    p0["statues"] = 3  # 3 built: 6 VP
    p0["happiness"] = 16  # 9 VP
    p0["prod"] = {"papyrus": 6, "bread": 6, "limestone": 2, "granite": 5}
    p0["buildings"] = 6  # 4 built: row VP 0+1+0+2 = 3, Bread 1+0+1+0 = 2
    before = {s: vp(state, s) for s in range(3)}
    events = []
    scoring.scoring_steps(state, events)
    temple = 3  # w2, s1, pt_e2
    pillar = 3  # t21: w2 (row 2), s1 (col 1), pt_e2 (row 2)
    assert vp(state, 0) - before[0] == temple + pillar + 6 + 9 + 4 + 3
    # seat 1: one building s3, pillar t23 sees s3 -> 1 + 1, no statues, happiness 2 -> 0
    assert vp(state, 1) - before[1] == 1 + 1
    assert scoring.bread_owed(p0) == 2


@pytest.mark.rule("TEK-R168")
@pytest.mark.rule("TEK-R169")
@pytest.mark.rule("TEK-R262")
def test_bread_payment():
    state = scoring_state()
    seat = 0
    state["players"][seat]["buildings"] = 5  # 5 built -> 3 Bread
    state["players"][seat]["res"]["bread"] = 1
    state["players"][seat]["gold"] = 1
    state["stack"] = [{"k": "bread", "s": seat}]
    assert options(state) == ["bread:2", "bread:1", "bread:0"]
    before = vp(state, seat)
    state["flow"] = "maat_cleanup"
    state, _ = me(state, "bread:2")
    assert vp(state, seat) == before - 3
    assert state["players"][seat]["gold"] == 0
    state["players"][seat]["technologies"] = ["T17"]
    assert scoring.bread_owed(state["players"][seat]) == 0


@pytest.mark.rule("TEK-R170")
@pytest.mark.rule("TEK-R171")
@pytest.mark.rule("TEK-R172")
@pytest.mark.rule("TEK-R173")
@pytest.mark.rule("TEK-R174")
@pytest.mark.rule("TEK-R175")
@pytest.mark.rule("TEK-R178")
def test_end_of_game():
    state = scoring_state()
    state["players"][0]["decrees"] = ["D07", "D08", "D12", "D13", "D18"]
    state["players"][0]["scribe"] = 2
    state["stack"] = []
    state["flow"] = "final_decrees"
    from rules.tekhenu.machine import advance

    advance(state, [])
    assert state["players"][0]["revealed"] == ["D07", "D08", "D12", "D13", "D18"]
    while ENGINE.pending(state)[0].seat != 0:
        d = ENGINE.pending(state)[0]
        state, _ = ENGINE.apply(state, d.seat, "done")
    assert options(state) == [
        "score:D07",
        "score:D08",
        "score:D12",
        "score:D13",
        "score:D18",
        "done",
    ]
    state, _ = me(state, "score:D07")
    assert "score:D08" not in options(state)  # same symbol C
    before = vp(state, 0)
    state, _ = me(state, "score:D18", "score:D12")
    assert vp(state, 0) == before + 6  # D07 3x2, D18 and D12 zero
    while state["phase"] != "over":
        d = ENGINE.pending(state)[0]
        state, _ = ENGINE.apply(state, d.seat, "done")
    result = ENGINE.result(state)
    assert sorted(result.places)[0] == 1


@pytest.mark.rule("TEK-R175")
def test_tie_breaks():
    state = scoring_state()
    for s in range(3):
        state["players"][s]["vp"] = 50
    state["players"][1]["scribe"] = 3
    state["order"] = [2, 0, 1]
    result = scoring.final_result(state)
    assert result.places == (3, 1, 2)
    state["players"][1]["scribe"] = 0
    result = scoring.final_result(state)
    assert result.places == (2, 3, 1) and result.tiebreaks
    state["players"][0]["vp"] = 60
    assert scoring.final_result(state).places == (1, 3, 2)


@pytest.mark.rule("TEK-R174")
@pytest.mark.rule("TEK-R178")
def test_turn_order_bonus_by_player_count():
    for seats, gains in ((2, [3, 0]), (3, [3, 2, 0]), (4, [3, 2, 0, 0])):
        state = at_turn(seats, 1)
        before = [vp(state, s) for s in state["order"]]
        scoring.end_bonuses(state, [])
        assert [vp(state, s) - b for s, b in zip(state["order"], before, strict=True)] == gains


def test_full_games_end():
    for seats in (1, 2, 3, 4):
        p = random_playout(ENGINE, seats, 3)
        assert ENGINE.result(p.state) is not None and GODS


@pytest.mark.rule("TEK-R179")
@pytest.mark.rule("TEK-R176")
@pytest.mark.rule("TEK-R181")
@pytest.mark.parametrize(
    "seats,spaces,open_spaces,per_section",
    [(2, 1, 6, 2), (3, 2, 8, 3), (4, 3, 10, 4), (1, 1, 6, 2)],
)
def test_player_count_rules(seats, spaces, open_spaces, per_section):
    from rules.tekhenu.actions import open_building_spaces

    state = at_turn(seats, 2)
    view = ENGINE.view(state, None)
    assert view["god_statue_spaces"] == spaces
    assert len(open_building_spaces(state)) == open_spaces
    if seats == 3:
        assert sorted(w for w, b in view["temple_buildings"].items() if b["closed"]) == ["s4", "w4"]
    before = {god: len(state["sections"][god]) for god in GODS}
    state["stack"] = []
    flow.rotation_dice(state, [])
    added = {god: len(state["sections"][god]) - before[god] for god in GODS}
    assert sorted(added.values()) == [0, 0, 0, 0, per_section, per_section]
