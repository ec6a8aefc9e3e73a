"""Purity, taking a die, Scribes and Anubis (A.3, A.5, A.6)."""

from __future__ import annotations

import pytest

from rules.tekhenu import ENGINE
from rules.tekhenu.data import COLOURS, DISC_PATTERN, GODS, LIGHTS, PURITY
from rules.tekhenu.state import die_purity, light_of
from tests.rules.tekhenu.scenario import (
    at_turn,
    clear_dice,
    current,
    empty_hand,
    give,
    key,
    light_for,
    me,
    options,
    put_die,
    vp,
)


@pytest.mark.rule("TEK-R039")
def test_disc_lights():
    state = at_turn(2, 1)
    for pos in range(6):
        state["disc_pos"] = pos
        lights = [light_of(state, god) for god in GODS]
        assert sorted(lights) == ["dark", "dark", "shaded", "shaded", "sunny", "sunny"]
        assert light_of(state, GODS[pos]) == DISC_PATTERN[0] == "sunny"


@pytest.mark.rule("TEK-R040")
@pytest.mark.rule("TEK-R041")
@pytest.mark.rule("TEK-R042")
@pytest.mark.rule("TEK-R043")
@pytest.mark.rule("TEK-R044")
@pytest.mark.rule("TEK-R045")
def test_purity_table():
    expected = {
        "white": ("pure", "tainted", "forbidden"),
        "yellow": ("tainted", "pure", "forbidden"),
        "brown": ("forbidden", "pure", "tainted"),
        "black": ("forbidden", "tainted", "pure"),
        "grey": ("tainted", "tainted", "tainted"),
    }
    for colour, row in expected.items():
        assert tuple(PURITY[colour][light] for light in LIGHTS) == row
    assert all(PURITY[c]["shaded"] != "forbidden" for c in COLOURS)


@pytest.mark.rule("TEK-R046")
@pytest.mark.rule("TEK-R054")
def test_purity_recomputed_after_rotation():
    state = at_turn(2, 1)
    light_for(state, "ra", "sunny")
    before = die_purity(state, "ra", "white")
    state["disc_pos"] = (state["disc_pos"] + 3) % 6  # Ra now dark or shaded
    assert before == "pure" and die_purity(state, "ra", "white") != "pure"


def turn_state(seats=2, seed=1):
    state = at_turn(seats, seed)
    if key(state) == "turn_start":
        state, _ = me(state, "go")
    seat = current(state)
    clear_dice(state)
    empty_hand(state, seat)
    return state, seat


@pytest.mark.rule("TEK-R060")
@pytest.mark.rule("TEK-R061")
@pytest.mark.rule("TEK-R062")
@pytest.mark.rule("TEK-R063")
@pytest.mark.rule("TEK-R349")
def test_take_a_die_and_place_it():
    state, seat = turn_state()
    light_for(state, "bastet", "sunny")
    put_die(state, "bastet", "white", 4)  # pure
    put_die(state, "bastet", "black", 6)  # forbidden in sunlight
    put_die(state, "bastet", "yellow", 2)  # tainted
    assert options(state) == ["die:bastet:white4", "die:bastet:yellow2"]
    state, _ = me(state, "die:bastet:white4")
    assert key(state) == "modify" and options(state) == ["done"]
    state, _ = me(state, "done")
    player = state["players"][seat]
    assert player["left"] == [["white", 4]] and player["right"] == []
    assert options(state) == ["prod:limestone"]  # Bastet needs 2 Papyrus
    state, _ = me(state, "prod:limestone")
    assert player is not state["players"][seat]
    assert state["players"][seat]["left"] == [["white", 4]]  # value unchanged
    assert state["players"][seat]["res"]["limestone"] == 2  # marker on 2
    state2, seat2 = turn_state()
    light_for(state2, "bastet", "sunny")
    put_die(state2, "bastet", "yellow", 2)
    give(state2, seat2, papyrus=2)
    state2, _ = me(state2, "die:bastet:yellow2", "done")
    assert state2["players"][seat2]["right"] == [["yellow", 2]]
    assert options(state2) == ["act:bastet", "prod:papyrus"]


@pytest.mark.rule("TEK-R064")
@pytest.mark.rule("TEK-R065")
@pytest.mark.rule("TEK-R066")
def test_grey_die_needs_a_legal_god_action():
    state, seat = turn_state()
    put_die(state, "bastet", "grey", 5)
    put_die(state, "ra", "white", 3)
    light_for(state, "ra", "sunny")
    ids = options(state)
    assert "die:bastet:grey5" not in ids  # no Papyrus: Bastet illegal, grey never produces
    give(state, seat, papyrus=2)
    assert "die:bastet:grey5" in options(state)
    state, _ = me(state, "die:bastet:grey5", "done")
    assert options(state) == ["act:bastet"]


@pytest.mark.rule("TEK-R066")
def test_no_die_qualifies_takes_any_without_action():
    state, seat = turn_state()
    light_for(state, "bastet", "sunny")
    for _ in range(3):
        put_die(state, "bastet", "grey", 5)  # some for the next player
    ids = options(state)
    assert ids == ["die:bastet:grey5"]
    state, _ = me(state, "die:bastet:grey5")
    assert state["players"][seat]["right"] == [["grey", 5]]
    assert state["turn"]["seat"] != seat  # no action: the turn is over


@pytest.mark.rule("TEK-R067")
@pytest.mark.rule("TEK-R068")
@pytest.mark.rule("TEK-R069")
def test_scribes_shift_the_die():
    state, seat = turn_state()
    light_for(state, "hathor", "sunny")
    put_die(state, "hathor", "white", 2)
    give(state, seat, scribe=3)
    state, _ = me(state, "die:hathor:white2")
    assert sorted(options(state)) == ["done", "sc:+1", "sc:+2", "sc:-1"]  # never below 1
    state, _ = me(state, "sc:+2", "sc:+2")
    assert state["turn"]["value"] == 6
    assert "sc:+1" not in options(state) and "sc:+2" not in options(state)  # no wrap 6 -> 1
    state, _ = me(state, "done")
    player = state["players"][seat]
    assert player["scribe"] == 1 and player["left"] == [["white", 6]]


@pytest.mark.rule("TEK-R070")
@pytest.mark.rule("TEK-R071")
@pytest.mark.rule("TEK-R072")
@pytest.mark.rule("TEK-R073")
@pytest.mark.rule("TEK-R050")
def test_anubis_action():
    state, seat = turn_state()
    light_for(state, "ra", "sunny")
    put_die(state, "ra", "black", 3)  # forbidden
    give(state, seat, scribe=3)
    assert "die:ra:black3" not in options(state)
    assert "anubis:ra:black3" in options(state)
    state, _ = me(state, "anubis:ra:black3")
    assert state["players"][seat]["scribe"] == 1
    state, _ = me(state, "sc:+2", "done")
    player = state["players"][seat]
    assert player["below"] == [["black", 5]] and player["left"] == player["right"] == []
    ids = options(state)
    assert {"prod:papyrus", "prod:bread", "prod:limestone", "prod:granite"} <= set(ids)
    state, _ = me(state, "prod:papyrus")
    assert state["players"][seat]["res"]["papyrus"] == 2
    assert state["players"][seat]["excess"] == 3
    from rules.tekhenu.state import balance, dice_on_board

    assert balance(state["players"][seat]) == -3  # below-the-scales die ignored
    assert dice_on_board(state["players"][seat]) == 1


def test_anubis_needs_two_scribes():
    state, seat = turn_state()
    put_die(state, "ra", "grey", 3)
    give(state, seat, scribe=1)
    assert not any(o.startswith("anubis:") for o in options(state))


@pytest.mark.rule("TEK-R059")
def test_turn_sequence_start_cards_then_die():
    state = at_turn(2, 1)
    if key(state) == "turn_start":
        state, _ = me(state, "go")
    seat = current(state)
    state["players"][seat]["blessings"] = ["B23"]
    state["stack"][-1:] = [{"k": "take", "s": seat}, {"k": "turn_start", "s": seat}]
    assert key(state) == "turn_start"
    assert options(state) == ["bless:B23", "go"]
    state, _ = me(state, "bless:B23")
    assert all(o.startswith("anubis:") for o in options(state))
    assert "(free)" in ENGINE.pending(state)[0].options[0].label
    _ = vp
