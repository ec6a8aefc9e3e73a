"""Issue 11, TEK-R075 with T10 (TEK-R255) and T22 (TEK-R267): where the mix of a payment can
change a result, the player chooses it at a ``pay`` step; elsewhere nothing is asked."""

from __future__ import annotations

import pytest

from rules.core import Decision
from rules.tekhenu import ENGINE
from rules.tekhenu.state import payment_mixes
from tests.rules.tekhenu.scenario import act, at_turn, empty_hand, give, reset_board


def base(seats=2, seed=11):
    state = at_turn(seats, seed)
    seat = state["turn"]["seat"]
    reset_board(state)
    for s in range(len(state["players"])):
        empty_hand(state, s)
    return state, seat


def decision(state) -> Decision:
    return ENGINE.pending(state)[0]


def labels(state) -> dict[str, str]:
    return {o.id: str(o.label) for o in decision(state).options}


def tokens(state, seat) -> dict[str, int]:
    player = state["players"][seat]
    return {
        **{k: v for k, v in player["res"].items() if v},
        "gold": player["gold"],
        "scribe": player["scribe"],
    }


def statue(state, seat):
    """A Horus action (value 2) up to the Statue choice."""
    state, _ = act(state, seat, "horus", 2)
    assert decision(state).key == "horus"
    return state


@pytest.mark.rule("TEK-R267")
@pytest.mark.rule("TEK-R075")
def test_t22_the_other_stone_is_offered_with_its_vp():
    state, seat = base()
    give(state, seat, granite=2, limestone=3, gold=1)
    state["players"][seat]["technologies"] = ["T22"]
    state = statue(state, seat)  # the first Statue costs 1 Granite
    assert labels(state)["god:horus"] == "Statue for Horus (1 granite: you choose how to pay)"
    vp = state["players"][seat]["vp"]
    state, _ = ENGINE.apply(state, seat, "god:horus")
    asked = decision(state)
    assert asked.key == "pay" and asked.seat == seat
    assert str(asked.prompt) == "How do you pay 1 granite?"
    assert labels(state) == {
        "pay:1gra": "Pay 1 granite",
        "pay:1lim": "Pay 1 limestone (+1 VP, T22)",
        "pay:1gold": "Pay 1 gold",
    }
    before = state["players"][seat]["statues"]
    state, events = ENGINE.apply(state, seat, "pay:1lim")
    player = state["players"][seat]
    assert player["statues"] == before - 1  # the Statue was built after the payment
    assert tokens(state, seat) == {"granite": 2, "limestone": 2, "gold": 1, "scribe": 0}
    assert state["turn"]["t22"] and any(e.data.get("reason") == "T22" for e in events)
    assert player["vp"] >= vp + 1


@pytest.mark.rule("TEK-R267")
def test_t22_vp_shown_only_once_in_a_turn():
    state, seat = base()
    give(state, seat, granite=2, limestone=3)
    state["players"][seat]["technologies"] = ["T22"]
    state["turn"]["t22"] = True  # already earned this turn
    state = statue(state, seat)
    state, _ = ENGINE.apply(state, seat, "god:horus")
    assert labels(state) == {"pay:1gra": "Pay 1 granite", "pay:1lim": "Pay 1 limestone"}
    vp = state["players"][seat]["vp"]
    state, events = ENGINE.apply(state, seat, "pay:1lim")
    assert not any(e.data.get("reason") == "T22" for e in events)
    assert state["players"][seat]["vp"] >= vp  # the Statue's own VP only


@pytest.mark.rule("TEK-R267")
@pytest.mark.rule("TEK-R075")
def test_one_possible_mix_asks_nothing():
    state, seat = base()
    give(state, seat, granite=3)  # T22 but no Limestone, no Gold: one way to pay
    state["players"][seat]["technologies"] = ["T22"]
    state = statue(state, seat)
    assert labels(state)["god:horus"] == "Statue for Horus (pay 1 granite)"
    state, _ = ENGINE.apply(state, seat, "god:horus")
    assert decision(state).key != "pay"
    assert state["players"][seat]["res"]["granite"] == 2


@pytest.mark.rule("TEK-R075")
def test_without_t10_or_t22_nothing_changes():
    state, seat = base()
    give(state, seat, granite=1, limestone=3, gold=2, scribe=2)
    state = statue(state, seat)
    assert labels(state)["god:horus"] == "Statue for Horus (pay 1 granite)"
    state, _ = ENGINE.apply(state, seat, "god:horus")
    assert decision(state).key != "pay"
    assert tokens(state, seat) == {"limestone": 3, "gold": 2, "scribe": 2}


@pytest.mark.rule("TEK-R267")
@pytest.mark.rule("TEK-R075")
def test_a_gold_for_a_stone_is_a_choice_only_under_t22():
    state, seat = base()
    give(state, seat, granite=1, gold=1)
    assert payment_mixes(state, seat, {"granite": 1}) == [{"granite": 1}]
    state["players"][seat]["technologies"] = ["T22"]
    # Under T22 a kept Granite can still earn a +1 VP later (paid for Limestone): Gold is no
    # longer always the better token to keep.
    assert payment_mixes(state, seat, {"granite": 1}) == [{"granite": 1}, {"gold": 1}]
    # Paying Limestone + Granite with a Limestone and a Gold is one payment, not a T22 swap.
    give(state, seat, limestone=1, granite=0, gold=1)
    assert payment_mixes(state, seat, {"limestone": 1, "granite": 1}) == [
        {"limestone": 1, "gold": 1}
    ]


@pytest.mark.rule("TEK-R255")
@pytest.mark.rule("TEK-R075")
def test_t10_scribes_for_bread_never_gold_while_bread_is_left():
    state, seat = base()
    give(state, seat, bread=2, gold=2, scribe=2)
    state["players"][seat]["technologies"] = ["T10"]
    mixes = payment_mixes(state, seat, {"bread": 2})
    assert mixes[0] == {"bread": 2}
    assert {"bread": 1, "scribe": 1} in mixes and {"scribe": 2} in mixes
    # A Gold paid while a Bread stays is never offered: the kept Gold could do all it does.
    assert all(not (m.get("gold") and m.get("bread", 0) < 2) for m in mixes)


@pytest.mark.rule("TEK-R255")
def test_t10_building_paid_with_a_scribe_earns_the_vp():
    state, seat = base()
    give(state, seat, bread=3, scribe=2, population=5)
    state["players"][seat]["technologies"] = ["T10"]
    state, _ = act(state, seat, "hathor", 2)
    shown = labels(state)
    assert shown["build:w1"] == "Building on w1 (3 Bread) (3 bread: you choose how to pay)"
    state, _ = ENGINE.apply(state, seat, "build:w1")
    shown = labels(state)
    assert shown["pay:3bre"] == "Pay 3 bread"
    assert shown["pay:2bre+1scr"] == "Pay 2 bread, 1 scribe (+1 VP, T10)"
    vp = state["players"][seat]["vp"]
    state, events = ENGINE.apply(state, seat, "pay:2bre+1scr")
    player = state["players"][seat]
    assert (player["res"]["bread"], player["gold"], player["scribe"]) == (1, 0, 1)
    assert state["turn"]["t10"] and any(e.data.get("reason") == "T10" for e in events)
    assert state["players"][seat]["vp"] >= vp + 1


def t19_step(state, seat):
    """The T19 question (1 Scribe to Produce first) of a Tainted black die of value 3."""
    state["turn"].update(colour="black", value=3, src="ra", purity="tainted")
    state["players"][seat]["technologies"].append("T19")
    state["stack"].append({"k": "t19", "s": seat})
    return state


@pytest.mark.rule("TEK-R255")
@pytest.mark.rule("TEK-R075")
def test_t10_gold_for_a_scribe_cost_is_asked_with_its_vp():
    state, seat = base()
    give(state, seat, gold=1, scribe=1)
    state["players"][seat]["technologies"] = ["T10"]
    state = t19_step(state, seat)
    label = labels(state)["t19"]
    assert label.endswith("first (you choose how to pay)"), label
    state, _ = ENGINE.apply(state, seat, "t19")
    assert decision(state).key == "pay"
    assert labels(state) == {"pay:1scr": "Pay 1 scribe", "pay:1gold": "Pay 1 gold (+1 VP, T10)"}
    vp = state["players"][seat]["vp"]
    state, events = ENGINE.apply(state, seat, "pay:1gold")
    player = state["players"][seat]
    assert (player["gold"], player["scribe"]) == (0, 1)
    assert any(e.data.get("reason") == "T10" for e in events) and player["vp"] >= vp + 1


@pytest.mark.rule("TEK-R255")
@pytest.mark.rule("TEK-R075")
def test_scribe_cost_labels_show_gold_standing_in():
    state, seat = base()
    give(state, seat, gold=2)
    state["players"][seat]["technologies"] = ["T10"]
    state = t19_step(state, seat)
    assert labels(state)["t19"].endswith("first (pay 1 gold)")
    state, _ = ENGINE.apply(state, seat, "t19")  # one way to pay: nothing asked
    assert decision(state).key != "pay"
    assert state["players"][seat]["gold"] == 1
    state, seat = base()
    give(state, seat, scribe=2, gold=2)
    state = t19_step(state, seat)  # Scribes without T10: the label names the cost already
    assert labels(state)["t19"] == "Spend 1 Scribe: produce 3 granite first"


@pytest.mark.rule("TEK-R255")
@pytest.mark.rule("TEK-R267")
def test_the_ai_takes_the_free_vp():
    state, seat = base()
    give(state, seat, granite=2, limestone=2)
    state["players"][seat]["technologies"] = ["T22"]
    state = statue(state, seat)
    state, _ = ENGINE.apply(state, seat, "god:horus")
    assert ENGINE.ai_choice(state, seat) == "pay:1lim"
    state["turn"]["t22"] = True  # no VP left to earn: the default plan
    assert ENGINE.ai_choice(state, seat) == "pay:1gra"


@pytest.mark.rule("TEK-R075")
def test_a_pending_payment_survives_dump_and_load():
    state, seat = base()
    give(state, seat, granite=2, limestone=2, scribe=1)
    state["players"][seat]["technologies"] = ["T22", "T10"]
    state = statue(state, seat)
    state, _ = ENGINE.apply(state, seat, "god:horus")
    loaded = ENGINE.load(ENGINE.dump(state))
    assert labels(loaded) == labels(state)
    a, _ = ENGINE.apply(state, seat, "pay:1scr")
    b, _ = ENGINE.apply(loaded, seat, "pay:1scr")
    assert ENGINE.dump(a) == ENGINE.dump(b)
    assert tokens(a, seat) == {"granite": 2, "limestone": 2, "gold": 0, "scribe": 0}


@pytest.mark.rule("TEK-R255")
@pytest.mark.rule("TEK-R075")
def test_bread_mix_outside_the_payers_turn_is_asked_without_vp():
    state, seat = base()
    give(state, seat, bread=1, scribe=2)
    state["players"][seat]["technologies"] = ["T10"]
    state["players"][seat]["buildings"] = 10 - 3  # 3 buildings: Bread owed
    state["turn"]["seat"] = 1 - seat  # not this player's turn (like the Scoring): no T10 VP
    state["stack"].append({"k": "bread", "s": seat})
    assert labels(state)["bread:1"].endswith("Bread (lose 3 VP) (you choose how to pay)")
    state, _ = ENGINE.apply(state, seat, "bread:1")
    assert decision(state).key == "pay"
    assert labels(state) == {"pay:1bre": "Pay 1 bread", "pay:1scr": "Pay 1 scribe"}
    vp = state["players"][seat]["vp"]
    state, _ = ENGINE.apply(state, seat, "pay:1scr")
    player = state["players"][seat]
    assert (player["res"]["bread"], player["scribe"]) == (1, 1)
    assert player["vp"] <= vp  # no T10 VP (the unpaid Bread may cost VP)
