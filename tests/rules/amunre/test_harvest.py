"""Phase 4 — harvest and income: AMR-R053..AMR-R060."""

from __future__ import annotations

import pytest

from rules.amunre import ENGINE
from tests.rules.amunre.scenario import (
    gold,
    harvest_state,
    options,
    play,
    restart_harvest,
    set_hand,
)


def setup(tile, hands=None, **provinces):
    """provinces: pid=(seat, farmers, extra)."""
    holdings = {}
    for pid, (seat, _, _) in provinces.items():
        holdings.setdefault(seat, []).append(pid)
    state = harvest_state(tile=tile, holdings=holdings)
    for seat in range(3):
        set_hand(state, seat, **(hands or {}).get(seat, {}))
    for pid, (_, farmers, extra) in provinces.items():
        state["provinces"][pid].update(farmers=farmers, extra_farmers=extra)
    return restart_harvest(state)


def collect_all(state):
    while ENGINE.pending(state) and state["phase"] == "harvest":
        d = ENGINE.pending(state)[0]
        state, _ = play(state, (d.seat, "collect"))
    return state


@pytest.mark.rule("AMR-R053")
@pytest.mark.rule("AMR-R054")
@pytest.mark.parametrize("tile,per", [(1, 1), (2, 2), (3, 3), (4, 4)])
def test_farmers_times_tile_gold_extra_farmers_included(tile, per):
    state = setup(
        tile, {0: {"bountiful_harvest": 1}}, thebes=(0, 3, 1), mendes=(1, 5, 0), memphis=(2, 0, 0)
    )
    state, _ = play(state, (0, "collect"))
    assert gold(state, 0) == 20 + 4 * per
    assert gold(state, 1) == 20 + 5 * per
    assert gold(state, 2) == 20


@pytest.mark.rule("AMR-R055")
@pytest.mark.rule("AMR-R056")
@pytest.mark.parametrize("tile,caravan", [(1, 7), (2, 7), (3, 0), (4, 0)])
def test_mines_always_caravans_only_with_a_camel(tile, caravan):
    state = setup(
        tile, {0: {"fixed_income": 1}}, berenike=(0, 0, 0), sawu=(1, 0, 0), memphis=(2, 0, 0)
    )
    state, _ = play(state, (0, "collect"))
    assert gold(state, 0) == 20 + 8  # Berenike's mine, whatever the tile
    assert gold(state, 1) == 20 + caravan  # Sawu's caravan


@pytest.mark.rule("AMR-R057")
def test_bountiful_harvest_one_extra_gold_per_farmer_in_one_province():
    state = setup(
        3,
        {0: {"bountiful_harvest": 1}},
        thebes=(0, 4, 1),
        abydos=(0, 2, 0),
        mendes=(1, 0, 0),
        memphis=(2, 0, 0),
    )
    state, _ = play(state, (0, "bountiful:thebes"))
    assert gold(state, 0) == 20 + 5 * 4 + 2 * 3
    assert state["favor_discard"]["bountiful_harvest"] == 1


@pytest.mark.rule("AMR-R058")
def test_fixed_income_replaces_one_provinces_income_with_8():
    state = setup(
        2,
        {0: {"fixed_income": 1}},
        sawu=(0, 1, 0),
        abydos=(0, 2, 0),
        mendes=(1, 0, 0),
        memphis=(2, 0, 0),
    )
    state, _ = play(state, (0, "fixed:sawu"))
    assert gold(state, 0) == 20 + 8 + 2 * 2  # Sawu: 8 instead of 7 + 2; Abydos normal


@pytest.mark.rule("AMR-R059")
def test_both_green_cards_name_two_different_provinces():
    state = setup(
        2,
        {0: {"fixed_income": 1, "bountiful_harvest": 1}},
        sawu=(0, 1, 0),
        abydos=(0, 2, 0),
        mendes=(1, 0, 0),
        memphis=(2, 0, 0),
    )
    opts = options(state, 0)
    assert "bountiful:abydos+fixed:sawu" in opts and "bountiful:sawu+fixed:abydos" in opts
    assert "bountiful:sawu+fixed:sawu" not in opts
    state, _ = play(state, (0, "bountiful:abydos+fixed:sawu"))
    assert gold(state, 0) == 20 + 8 + 2 * 3


@pytest.mark.rule("AMR-R060")
def test_only_green_card_holders_are_asked_at_once_in_public():
    state = setup(
        2,
        {0: {"fixed_income": 1}, 2: {"bountiful_harvest": 1}},
        thebes=(0, 2, 0),
        mendes=(1, 3, 0),
        memphis=(2, 1, 0),
    )
    pending = ENGINE.pending(state)
    assert sorted(d.seat for d in pending) == [0, 2]
    assert not any(d.secret for d in pending)
    state, events = play(state, (2, "bountiful:memphis"))
    assert gold(state, 1) == 20  # income waits until every holder answered
    assert any(e.private_to is None and "Bountiful" in e.text for e in events)
    state, _ = play(state, (0, "collect"))
    assert (gold(state, 0), gold(state, 1), gold(state, 2)) == (24, 26, 23)
    nobody = setup(2, {}, thebes=(0, 2, 0), mendes=(1, 3, 0), memphis=(2, 1, 0))
    assert nobody["harvest"]["waiting"] == []  # nobody else is asked
