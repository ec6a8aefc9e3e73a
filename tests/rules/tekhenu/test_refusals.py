"""Bad input gets a clear reason and changes nothing (Engine.explain_refusal)."""

from __future__ import annotations

import pytest

from rules.core import IllegalMove, canonical_json
from rules.tekhenu import ENGINE
from tests.rules.tekhenu.scenario import (
    give,
    key,
    light_for,
    me,
    put_die,
)
from tests.rules.tekhenu.test_turn import turn_state


def refused(state, option: str) -> str:
    """The refusal text; the state is untouched."""
    before = canonical_json(ENGINE.dump(state))
    seat = ENGINE.pending(state)[0].seat
    with pytest.raises(IllegalMove) as info:
        ENGINE.apply(state, seat, option)
    assert canonical_json(ENGINE.dump(state)) == before
    return str(info.value)


def at_action(god: str, colour: str = "yellow", value: int = 3, **goods: int):
    """The current player has taken ``colour value`` from ``god``'s section and placed it."""
    state, seat = turn_state()
    light_for(state, god, "shaded")
    put_die(state, god, colour, value)
    put_die(state, "thoth", "grey", 1)  # a second die keeps the turn going
    give(state, seat, **goods)
    state, _ = me(state, f"die:{god}:{colour}{value}", "done")
    assert key(state) == "action"
    return state, seat


@pytest.mark.rule("TEK-R044")
@pytest.mark.rule("TEK-R063")
def test_forbidden_die_without_the_card():
    state, seat = turn_state()
    light_for(state, "ra", "sunny")
    put_die(state, "ra", "black", 4)  # Forbidden in sunlight
    put_die(state, "ra", "white", 2)
    text = refused(state, "die:ra:black4")
    assert "Forbidden" in text and "T08" in text and "B11/B12" in text, text
    assert "no black 3" in refused(state, "die:ra:black3")
    state["players"][seat]["technologies"].append("T08")
    assert "die:ra:black4" in ENGINE.pending(state)[0].option_ids()


@pytest.mark.rule("TEK-R067")
@pytest.mark.rule("TEK-R070")
def test_scribes_you_do_not_have():
    state, seat = turn_state()
    put_die(state, "ra", "white", 2)
    put_die(state, "thoth", "grey", 1)
    give(state, seat, scribe=1)
    assert refused(state, "anubis:ra:white2") == (
        "An Anubis action costs 2 Scribes, and you have 1."
    )
    give(state, seat, scribe=0)
    state, _ = me(state, "die:ra:white2")
    assert key(state) == "modify"
    assert refused(state, "sc:+1") == "Changing the die's value costs 1 Scribe, and you have none."


@pytest.mark.rule("TEK-R065")
def test_resources_you_do_not_have():
    state, _ = at_action("bastet", "yellow", 3, papyrus=1)
    text = refused(state, "act:bastet")
    assert text == "The Bastet action costs 2 Papyrus, and you have 1 Papyrus and 0 Gold.", text
    state, _ = at_action("thoth", "yellow", 4, papyrus=1)
    assert "costs 2 Papyrus" in refused(state, "act:thoth")


@pytest.mark.rule("TEK-R168")
def test_bread_you_do_not_have():
    state, seat = turn_state()
    state["stack"] = [{"k": "bread", "s": seat}]
    state["players"][seat]["buildings"] = 7  # 3 built: 2 Bread owed
    give(state, seat, bread=1)
    assert key(state) == "bread"
    text = refused(state, "bread:2")
    assert "you have 1 Bread and 0 Gold" in text, text


@pytest.mark.rule("TEK-R007")
def test_building_past_a_component_limit():
    state, seat = at_action("hathor", "yellow", 3, bread=5)
    state["players"][seat]["buildings"] = 0
    assert refused(state, "act:hathor") == (
        "All 10 of your Buildings are built: the Hathor action needs one more."
    )
    state, seat = at_action("horus", "yellow", 3, granite=5)
    state["players"][seat]["statues"] = 0
    assert "All 6 of your Statues are built" in refused(state, "act:horus")


@pytest.mark.rule("TEK-R134")
def test_osiris_at_happiness_zero():
    state, seat = at_action("osiris", "yellow", 3, happiness=0)
    assert refused(state, "act:osiris") == (
        "The Osiris action costs 1 Happiness, and your Happiness is 0."
    )


@pytest.mark.rule("TEK-R063")
def test_action_of_another_god():
    state, _ = at_action("bastet", "yellow", 3, papyrus=2)
    text = refused(state, "act:ra")
    assert "comes from Bastet's section" in text and "Anubis" in text, text


@pytest.mark.rule("TEK-R119")
def test_blessing_at_the_wrong_moment():
    state, seat = at_action("bastet", "yellow", 3, papyrus=2)
    player = state["players"][seat]
    assert refused(state, "bless:B07:happiness") == "You do not hold Blessing B07."
    player["blessings"] += ["B07", "B09", "B13", "B01", "B23"]
    # B07: "any time during your turn" (TEK-R228), so at the action choice too
    assert "bless:B07:happiness" in ENGINE.pending(state)[0].option_ids()
    hathor, seat2 = at_action("hathor", "yellow", 3, bread=4)
    hathor["players"][seat2]["blessings"].append("B07")
    hathor, _ = me(hathor, "act:hathor")
    assert key(hathor) == "hathor"  # in the middle of an action
    assert refused(hathor, "bless:B07:happiness") == (
        "Blessing B07 is played during your turn, between its steps (not in the middle of "
        "an action), not now."
    )
    assert "right after you take a die" in refused(state, "face:5")
    assert "when you pay for a Ra or Horus action" in refused(state, "bless:B13")
    assert "when you Produce" in refused(state, "bless:B01")
    assert "at the start of your turn, before you take a die" in refused(state, "bless:B23")


def test_unknown_answers_keep_the_generic_refusal():
    state, seat = turn_state()
    put_die(state, "ra", "white", 2)
    put_die(state, "thoth", "grey", 1)
    assert "is not one of your current choices" in refused(state, "fly:away")
    state["players"][seat]["blessings"].append("B09")
    state, _ = me(state, "die:ra:white2")
    assert "face:3" in ENGINE.pending(state)[0].option_ids()
    assert "is not one of your current choices" in refused(state, "face:2")  # already a 2
