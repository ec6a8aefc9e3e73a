"""Issue 11: every option that pays says what it will pay (TEK-R075: the named resource
first, then Gold); with T10/T22 and more than one mix that can matter, it says that the player
chooses the mix next (tests/rules/tekhenu/test_payment_choice.py)."""

from __future__ import annotations

import pytest

from rules.core import Decision
from rules.tekhenu import ENGINE
from tests.rules.tekhenu.scenario import act, at_turn, empty_hand, give, reset_board


def base(seats=2, seed=5):
    state = at_turn(seats, seed)
    seat = state["turn"]["seat"]
    reset_board(state)
    for s in range(len(state["players"])):
        empty_hand(state, s)
    return state, seat


def labels(state) -> dict[str, str]:
    decision: Decision = ENGINE.pending(state)[0]
    return {o.id: o.label for o in decision.options}


@pytest.mark.rule("TEK-R075")
@pytest.mark.rule("TEK-R078")
def test_statue_label_shows_gold_for_granite():
    state, seat = base()
    give(state, seat, gold=2)
    state, _ = act(state, seat, "horus", 2)
    shown = labels(state)
    assert all(text.endswith("(pay 1 gold)") for text in shown.values()), shown


@pytest.mark.rule("TEK-R075")
@pytest.mark.rule("TEK-R267")
def test_pillar_label_shows_the_t22_stone_and_gold():
    state, seat = base()
    state["ra"] = ["P22", "P23", "P25"]  # centre slot P23: 1 Limestone, 1 Granite
    give(state, seat, limestone=1, gold=1)
    state["players"][seat]["technologies"] = ["T22"]
    state, _ = act(state, seat, "ra", 4)
    state, _ = ENGINE.apply(state, seat, "space:t22")
    shown = labels(state)
    assert all(text.endswith("(pay 1 limestone, 1 gold)") for text in shown.values()), shown
    give(state, seat, limestone=2, gold=0)
    assert labels(state)["rot:0"].endswith("(pay 2 limestone)")


@pytest.mark.rule("TEK-R075")
@pytest.mark.rule("TEK-R255")
def test_hathor_and_bastet_labels_with_scribes_for_gold():
    state, seat = base()
    give(state, seat, bread=1, scribe=3, population=5)
    state["players"][seat]["technologies"] = ["T10"]
    hathor, _ = act(state, seat, "hathor", 2)
    shown = labels(hathor)
    # 3 Scribes (keeping the Bread) is a choice too: asked next.
    assert shown["build:w1"] == "Building on w1 (3 Bread) (3 bread: you choose how to pay)"
    assert shown["build:w2"] == "Building on w2 (4 Bread) (pay 1 bread, 3 scribe)"
    give(state, seat, papyrus=1, gold=1)
    state["stack"].append({"k": "extra_pick", "s": seat, "src": "h21"})
    # T10 with Scribes: 1 Papyrus and a Scribe (+1 VP), or 2 Scribes... are asked next.
    assert labels(state)["act:bastet"] == "Bastet action (2 papyrus: you choose how to pay)"


@pytest.mark.rule("TEK-R075")
@pytest.mark.rule("TEK-R128")
def test_named_costs_show_only_a_substitute():
    state, seat = base()
    give(state, seat, happiness=5, gold=1)
    state, _ = act(state, seat, "thoth", 1)
    assert labels(state)["refresh:1"] == "Pay 1 Papyrus: refresh section 1 (pay 1 gold)"
    give(state, seat, papyrus=1, gold=0)
    assert labels(state)["refresh:1"] == "Pay 1 Papyrus: refresh section 1"
    state, seat = base()
    give(state, seat, happiness=5, papyrus=1, gold=1)
    state, _ = act(state, seat, "thoth", 4)  # 2 Papyrus for 2 cards
    assert labels(state)["section:1"] == "Take 2 cards from section 1 (pay 1 papyrus, 1 gold)"


@pytest.mark.rule("TEK-R075")
@pytest.mark.rule("TEK-R168")
def test_bread_at_scoring_shows_gold():
    state, seat = base()
    give(state, seat, bread=1, gold=1)
    state["players"][seat]["buildings"] = 10 - 3  # 3 buildings: Bread owed
    from rules.tekhenu.scoring import bread_owed

    owed = bread_owed(state["players"][seat])
    assert owed >= 2
    state["stack"].append({"k": "bread", "s": seat})
    shown = labels(state)
    assert shown["bread:1"].startswith("Pay 1 Bread") and "(pay" not in shown["bread:1"]
    assert shown["bread:2"].endswith("(pay 1 bread, 1 gold)")
