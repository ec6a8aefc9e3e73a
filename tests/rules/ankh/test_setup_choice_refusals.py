"""Table options (scenario per seat count, gods chosen in turn order) and the reasons given
for refused answers (the bad-input list of the Ankh issue)."""

from __future__ import annotations

import pytest

from rules.ankh import ENGINE
from rules.ankh.board import LAND, NEIGHBORS, WATER, candidate_edges, edge, valid_lines
from rules.ankh.data import GODS, GUARDIANS, SCENARIOS
from rules.core import IllegalMove, canonical_json
from tests.rules.ankh.scenario import blank, ids, key, put, task, turn


def refused(state, seat: int, option: str) -> str:
    """The IllegalMove text; the state is left untouched."""
    before = canonical_json(ENGINE.dump(state))
    with pytest.raises(IllegalMove) as err:
        ENGINE.apply(state, seat, option)
    assert canonical_json(ENGINE.dump(state)) == before
    return str(err.value)


# --- table options ----------------------------------------------------------------------
@pytest.mark.rule("ANKH-R023")
def test_scenario_option_covers_every_scenario_of_each_seat_count():
    variant = next(v for v in ENGINE.variants if v.key == "scenario")
    assert variant.default == "random" and "random" in variant.choices
    for seats in range(ENGINE.min_players, ENGINE.max_players + 1):
        ids_ = {s["id"] for s in SCENARIOS if s["id"].endswith(f"_{seats}p")}
        assert {f"{c}_{seats}p" for c in variant.choices if c != "random"} == ids_
        for choice in variant.choices:
            state = ENGINE.new_game(seats, {"scenario": choice}, 4)
            assert state["scenario"] in ids_
        drawn = {ENGINE.new_game(seats, {}, seed)["scenario"] for seed in range(12)}
        assert drawn == ids_  # random draws among the scenarios of that seat count


@pytest.mark.rule("ANKH-R001")
@pytest.mark.rule("ANKH-R017")
@pytest.mark.rule("ANKH-R020")
def test_gods_chosen_in_turn_order_before_anything_else():
    state = ENGINE.new_game(4, {"gods": "choose"}, 11)
    first = state["first_player"]
    order = [(first + k) % 4 for k in range(4)]
    assert all(pl["gods"] == [] for pl in state["players"])
    view = ENGINE.view(state, None)
    assert [p["god"] for p in view["players"]] == [None] * 4
    picked = []
    for n, seat in enumerate(order):
        (decision,) = ENGINE.pending(state)
        assert decision.key == "god" and decision.seat == seat and not decision.secret
        assert decision.option_ids() == [f"god:{g}" for g in GODS if g not in picked]
        assert all(o.detail for o in decision.options)
        assert f"Seat {seat + 1}" in decision.prompt
        god = ("ra", "osiris", "amun", "isis")[n]
        if picked:
            msg = refused(state, seat, f"god:{picked[0]}")
            assert "already taken by Seat" in msg
        state, events = ENGINE.apply(state, seat, f"god:{god}")
        picked.append(god)
        assert events[0].text == f"Seat {seat + 1} chooses {god.title()}."
    assert "The gods: " in events[-1].text and f"Seat {first + 1} plays first" in events[-1].text
    assert [state["players"][s]["gods"] for s in order] == [[g] for g in picked]
    ra, osiris = state["players"][order[0]], state["players"][order[1]]
    assert ra["suns"] == 3 and osiris["underworld_tokens"] == 3
    assert state["players"][order[2]]["amun_up"]
    (decision,) = ENGINE.pending(state)
    assert decision.key == "action" and decision.seat == first


def test_gods_choose_replays_and_plays_out():
    state = ENGINE.new_game(3, {"gods": "choose"}, 5)
    log = []
    while ENGINE.pending(state) and len(log) < 400:
        d = ENGINE.pending(state)[0]
        option = ENGINE.ai_choice(state, d.seat)
        log.append((d.seat, option))
        state, _ = ENGINE.apply(ENGINE.load(ENGINE.dump(state)), d.seat, option)
    assert ENGINE.result(state) is not None
    again = ENGINE.new_game(3, {"gods": "choose"}, 5)
    for seat, option in log:
        again, _ = ENGINE.apply(again, seat, option)
    assert canonical_json(ENGINE.dump(again)) == canonical_json(ENGINE.dump(state))
    assert [pl["gods"][0] for pl in ENGINE.new_game(3, {}, 5)["players"]] == [
        pl["gods"][0] for pl in ENGINE.new_game(3, {"gods": "random"}, 5)["players"]
    ]


def test_option_labels_are_readable():
    labels = {v.key: v.label for v in ENGINE.variants}
    assert "seat count" in labels["scenario"] and "chosen" in labels["gods"]
    assert "chosen" in labels["guardians"]
    with pytest.raises(IllegalMove) as err:
        ENGINE.normalise_options({"gods": "pick"})
    assert "choose" in str(err.value)


# --- bad input --------------------------------------------------------------------------
@pytest.mark.rule("ANKH-R039")
def test_moving_onto_water_or_an_occupied_space_is_explained():
    state = blank()
    put(state, "c4", "warrior", 0)
    put(state, "b4", "warrior", 1)
    turn(state)
    state, _ = ENGINE.apply(state, 0, "act:move")
    state, _ = ENGINE.apply(state, 0, "fig:c4")
    assert key(state) == "move_to"
    water = next(
        w
        for w in sorted(WATER)
        if any(n in LAND for n in NEIGHBORS[w]) and f"to:{w}" not in ids(state) and _near(w, "c4")
    )
    assert "water" in refused(state, 0, f"to:{water}")
    msg = refused(state, 0, "to:b4")
    assert "occupied" in msg and "b4" in msg
    far = next(h for h in sorted(LAND) if not _near(h, "c4") and h not in state["figures"])
    assert "at most 3" in refused(state, 0, f"to:{far}")
    assert "no space" in refused(state, 0, "to:z9")
    from rules.ankh.refusals import explain

    pick = ENGINE.pending(state)[0].__class__(0, "move", "", ())
    state["stack"][-1]["sel"] = None
    assert "not yours" in explain(state, pick, "fig:b4")


def _near(a: str, b: str) -> bool:
    from rules.ankh.board import distance

    return distance(a, b) <= 3


@pytest.mark.rule("ANKH-R041")
def test_summoning_with_no_adjacent_piece_is_explained():
    state = blank()
    put(state, "c4", "warrior", 0)
    turn(state)
    state, _ = ENGINE.apply(state, 0, "act:summon")
    state, _ = ENGINE.apply(state, 0, "pc:warrior")
    assert key(state) == "summon_at"
    far = next(h for h in sorted(LAND) if f"at:{h}" not in ids(state) and not _near(h, "c4"))
    msg = refused(state, 0, f"at:{far}")
    assert "not next to one of your figures" in msg, msg
    assert "occupied" in refused(state, 0, "at:c4")


@pytest.mark.rule("ANKH-R044")
@pytest.mark.rule("ANKH-R045")
def test_unlocking_without_enough_followers_is_explained():
    state = blank()
    put(state, "c4", "warrior", 0)
    state["players"][0]["followers"] = 0
    turn(state)
    msg = refused(state, 0, "power:commanding")
    assert "Not enough followers" in msg and "costs 1 follower" in msg and "has 0" in msg, msg
    state["players"][0]["followers"] = 1
    assert "level-3 power" in refused(state, 0, "power:glorious")
    assert "act:unlock" in refused(state, 0, "power:commanding")
    # R045: the action itself stays legal and does nothing (the marker still moves)
    state, events = ENGINE.apply(state, 0, "act:unlock")
    assert key(state) == "unlock"
    state, _ = ENGINE.apply(state, 0, "power:commanding")
    assert "already unlocked" in refused_later(state)


def refused_later(state) -> str:
    from rules.ankh.refusals import explain
    from rules.core import Decision

    return explain(state, Decision(0, "action", "", ()), "power:commanding")


@pytest.mark.rule("ANKH-R053")
@pytest.mark.rule("ANKH-R054")
def test_camel_lines_that_do_not_connect_or_leave_small_regions_are_explained():
    state = blank()
    task(state, {"t": "caravan", "seat": 0, "p": 0, "line": []})
    assert key(state) == "caravan"
    camels = frozenset()
    offered = set(ids(state))
    # an edge that only fits lines leaving a part under 6 land spaces
    small = [
        e
        for e in candidate_edges(camels)
        if f"camel:{e[0]}-{e[1]}" not in offered and any(e in ln for ln in valid_lines(camels, 1))
    ]
    assert small
    a, b = small[0]
    msg = refused(state, 0, f"camel:{a}-{b}")
    assert "fewer than 6" in msg, msg
    first = sorted(offered - {"skip", "done"})[0]
    state, _ = ENGINE.apply(state, 0, first)
    x, y = first[6:].split("-")
    far = next(
        e
        for e in candidate_edges(camels)
        if not {e[0], e[1]} & ({x, y} | set(NEIGHBORS[x]) | set(NEIGHBORS[y]))
    )
    msg = refused(state, 0, f"camel:{far[0]}-{far[1]}")
    assert "does not connect" in msg, msg
    land, water = next((h, w) for h in sorted(LAND) for w in NEIGHBORS[h] if w in WATER)
    assert "water" in refused(state, 0, f"camel:{edge(land, water)[0]}-{edge(land, water)[1]}")
    if "done" not in ids(state):
        assert "not finished" in refused(state, 0, "done")


@pytest.mark.rule("ANKH-R025")
def test_guardians_chosen_by_the_first_player_after_the_gods():
    state = ENGINE.new_game(2, {"gods": "choose", "guardians": "choose"}, 3)
    first = state["first_player"]
    keys = []
    while ENGINE.pending(state)[0].key in ("god", "guardian"):
        (d,) = ENGINE.pending(state)
        keys.append(d.key)
        if d.key == "guardian":
            level = len([k for k in keys if k == "guardian"])
            assert d.seat == first and f"level-{level} guardian" in d.prompt
            assert [o.id for o in d.options] == [f"guardian:{k}" for k in GUARDIANS[level]]
            other = GUARDIANS[level % 3 + 1][0]
            assert f"level-{level % 3 + 1} guardian" in refused(state, first, f"guardian:{other}")
            kind = GUARDIANS[level][1]
            state, events = ENGINE.apply(state, first, f"guardian:{kind}")
            assert state["guardian_cards"][str(level)] == {"kind": kind, "left": 1}  # 2 seats
            assert events[0].text.startswith(f"Level-{level} guardian: ")
        else:
            state, _ = ENGINE.apply(state, d.seat, ENGINE.ai_choice(state, d.seat))
    assert keys == ["god", "god", "guardian", "guardian", "guardian"]
    assert ENGINE.pending(state)[0].key == "action"
    assert [c["kind"] for _, c in sorted(state["guardian_cards"].items())] == [
        GUARDIANS[1][1],
        GUARDIANS[2][1],
        GUARDIANS[3][1],
    ]


# --- what the bot announces -------------------------------------------------------------
@pytest.mark.rule("ANKH-R149")
@pytest.mark.rule("ANKH-R150")
def test_merge_is_announced_as_one_god_with_both_seats():
    from rules.ankh.late import forget, merge
    from tests.rules.ankh.scenario import blank as blank_

    state = blank_(3, gods=("ra", "osiris", "isis"))
    for seat, hex_ in enumerate(("b4", "g6", "d1")):
        put(state, hex_, "god", seat)
    state["players"][0]["devotion"] = 9
    state["players"][1]["devotion"] = 5
    state["players"][2]["devotion"] = 2
    events = []
    merge(state, events)
    (event,) = events
    assert event.text == (
        "Isis, the lesser god, merges into Osiris: Osiris+Isis is one god "
        "played by Seat 2 and Seat 3 (each on their own turn, one action); "
        "in battles Seat 3 proposes and Seat 2, the greater god's seat, "
        "decides."
    )
    assert event.data["seats"] == [1, 2]
    # ANKH-R153: each seat answers only its own questions (the lesser seat proposes)
    assert [ENGINE.co_seats(state, s) for s in range(3)] == [(0,), (1,), (2,)]
    view = ENGINE.view(state, None)
    merged = [p for p in view["players"] if len(p["seats"]) > 1]
    assert merged == [next(p for p in view["players"] if p["player"] == 1)]
    assert merged[0]["gods"] == ["osiris", "isis"]
    state["players"][0]["devotion"] = 25
    forget(state, [])
    result = ENGINE.result(state)
    assert result.places == (1, 2, 2)
    assert (
        "Gods: Ra (Seat 1): 25 devotion; Osiris+Isis (Seat 2 and Seat 3): 2 devotion, merged, "
        "forgotten." in result.details
    )
    assert "Merged seats share their god's place." in result.details
    assert result.tiebreaks == ()  # no god tied on devotion


def test_event_texts_read_well():
    from rules.ankh.state import article

    assert article("obelisk") == "an obelisk" and article("Apep") == "an Apep"
    assert article("temple") == "a temple"
    state = blank()
    put(state, "c4", "warrior", 0)
    put(state, "d4", "warrior", 1)
    from rules.ankh.conflict import kill

    events = []
    kill(state, ["d4"], events, None, False)
    assert events[0].text == "Osiris's warrior on d4 is killed."
