"""Bad input gets a clear reason and changes nothing (Engine.explain_refusal)."""

from __future__ import annotations

import pytest

from rules.core import IllegalMove, canonical_json
from rules.plagues import ENGINE as E
from rules.plagues import tasks as T
from rules.plagues.data import CITY_CELLS
from tests.rules.plagues.scenario import blank, started


def refused(state: dict, option: str, reason: str) -> None:
    """``option`` is refused with ``reason`` and the state is untouched."""
    (decision,) = E.pending(state)
    before = canonical_json(E.dump(state))
    with pytest.raises(IllegalMove, match=reason):
        E.apply(state, decision.seat, option)
    assert canonical_json(E.dump(state)) == before


def asking(task: dict, seats: int = 2, **player: object) -> dict:
    state = blank(seats)
    state["players"][0].update(player)
    T.push(state, 0, task)
    return state


@pytest.mark.rule("PLG-R050")
def test_a_die_already_used_this_round():
    state = blank(2)
    state["players"][state["order"][0]]["dice_used"] = [2]
    state = started(state)
    refused(state, "die:2", "already used your die card 2 this round")
    refused(state, "die:9", "die cards are 1 to 6")


@pytest.mark.rule("PLG-R009")
@pytest.mark.rule("PLG-R010")
@pytest.mark.rule("PLG-R062")
def test_a_tile_in_the_wrong_area_or_a_full_one():
    state = asking({"k": "place", "tile": "sphinx"})
    refused(state, "space:f0", r"A sphinx tile goes in your city area \(c0–c5\), not on f0")
    refused(state, "space:x9", "There is no space 'x9'")
    state["players"][0]["cells"]["c1"] = "obelisk"
    refused(state, "space:c1", "Space c1 already holds an obelisk tile")
    full = asking({"k": "action", "v": 1})
    for cell in CITY_CELLS:
        full["players"][0]["cells"][cell] = "obelisk"
    full["dice_spaces"][0] = "sphinx"
    refused(full, "tile", "Your city area is full: you cannot receive the sphinx tile on space 1")


@pytest.mark.rule("PLG-R098")
@pytest.mark.rule("PLG-R099")
def test_a_hebrew_the_die_cannot_free():
    state = asking({"k": "action", "v": 4})
    state["hebrews"] = [3, 1]
    refused(state, "hebrew:3", "A die of 4 cannot free a Hebrew of value 3: it needs at least 6")
    refused(state, "hebrew:5", "There is no Hebrew of value 5")


@pytest.mark.rule("PLG-R129")
@pytest.mark.rule("PLG-R232")
@pytest.mark.rule("PLG-R172")
def test_paying_with_coins_you_do_not_have():
    refused(asking({"k": "card1"}), "pay:city", "You cannot pay 1 coin")
    state = asking({"k": "tribute"}, terr=[{"id": "tr_skip_tribute", "used": False}])
    refused(state, "card:tr_skip_tribute", "Skipping the tribute costs 1 coin")
    refused(state, "card:sc_flat", "You do not hold")
    flies = asking({"k": "action", "v": 2})
    flies["plague"] = "flies"
    refused(flies, "pharaoh", "Under Flies, pharaoh card 2 costs a coin tile")


@pytest.mark.rule("PLG-R217")
@pytest.mark.rule("PLG-R218")
@pytest.mark.rule("PLG-R223")
def test_a_once_per_round_power_twice():
    state = asking({"k": "action", "v": 3}, province="abydos", power_used=True)
    refused(state, "abydos:2", "once per round and you have used it this round already")
    state = asking({"k": "action", "v": 3}, province="edfu", power_used=True)
    refused(state, "edfu", "once per round")
    state = asking({"k": "action", "v": 3}, province="memphis")
    refused(state, "edfu", "That is Edfu's power; your province is Memphis")
    refused(asking({"k": "action", "v": 3}), "nonsense", "not one of your current choices")
