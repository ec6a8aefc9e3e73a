"""Phase 2 — purchases and building: AMR-R026..AMR-R037."""

from __future__ import annotations

import pytest

from rules.amunre import ENGINE
from rules.amunre.data import purchase_cost
from rules.core import IllegalMove
from tests.rules.amunre.scenario import decision, gold, options, play, purchase_state, set_hand

HOLD = {0: ["thebes"], 1: ["mendes"], 2: ["memphis"]}


@pytest.mark.rule("AMR-R026")
def test_purchase_turns_in_turn_order_one_seat_at_a_time():
    state = purchase_state(start=1, holdings=HOLD)
    assert [d.seat for d in ENGINE.pending(state)] == [1]
    state, _ = play(state, (1, "buy:farmer:2"), (1, "farmer:mendes"))
    assert [d.seat for d in ENGINE.pending(state)] == [1]  # still seat 1's turn
    state, _ = play(state, (1, "farmer:mendes"), (1, "done"))
    assert [d.seat for d in ENGINE.pending(state)] == [2]
    state, _ = play(state, (2, "done"))
    assert [d.seat for d in ENGINE.pending(state)] == [0]
    state, _ = play(state, (0, "done"))
    assert state["phase"] == "offering"


@pytest.mark.rule("AMR-R027")
def test_fixed_order_favor_then_farmers_then_stones():
    state = purchase_state(holdings=HOLD)
    opts = options(state, 0)
    assert {"buy:favor:1", "buy:farmer:1", "buy:stone:1", "done"} <= set(opts)
    state, _ = play(state, (0, "buy:farmer:1"), (0, "farmer:thebes"))
    opts = options(state, 0)
    assert not any(o.startswith(("buy:favor", "buy:farmer")) for o in opts)  # not reopened
    assert "buy:stone:1" in opts
    state, _ = play(state, (0, "buy:stone:1"), (0, "stone:thebes"))
    assert not any(o.startswith("buy:") for o in options(state, 0))


@pytest.mark.rule("AMR-R028")
def test_cost_is_triangular_per_kind():
    assert [purchase_cost(n) for n in range(1, 10)] == [1, 3, 6, 10, 15, 21, 28, 36, 45]
    state = purchase_state(holdings=HOLD)
    state["players"][0]["gold"] = 100
    state, _ = play(state, (0, "buy:farmer:3"), *[(0, "farmer:thebes")] * 3)
    assert gold(state, 0) == 94
    state, _ = play(state, (0, "buy:stone:4"), *[(0, "stone:thebes")] * 4)
    assert gold(state, 0) == 84  # each kind priced on its own: 6 + 10


@pytest.mark.rule("AMR-R029")
def test_favor_purchase_limited_by_highest_single_symbol():
    state = purchase_state(holdings={0: ["thebes", "edfu"], 1: ["mendes"], 2: ["faiyum"]})
    state["players"][0]["gold"] = 50
    favor = [o for o in options(state, 0) if o.startswith("buy:favor")]
    assert favor == ["buy:favor:1", "buy:favor:2"]  # 2 + 2 symbols: limit 2, not 4
    deck = len(state["favor_deck"])
    state, events = play(state, (0, "buy:favor:2"))
    assert gold(state, 0) == 47 and len(state["favor_deck"]) == deck - 2
    assert sum(state["players"][0]["hand"].values()) == 3
    assert any(e.private_to == 0 and "You draw" in e.text for e in events)
    state, _ = play(state, (0, "done"))
    assert not any(o.startswith("buy:favor") for o in options(state, 1))  # Mendes: none
    state, _ = play(state, (1, "done"))
    state["players"][2]["gold"] = 50
    assert [o for o in options(state, 2) if o.startswith("buy:favor")][-1] == "buy:favor:4"


@pytest.mark.rule("AMR-R030")
def test_farmers_limited_by_free_fields_and_placed_on_them():
    state = purchase_state(holdings={0: ["thebes", "dakhla"], 1: ["mendes"], 2: ["memphis"]})
    state["players"][0]["gold"] = 100
    state["provinces"]["thebes"]["farmers"] = 3
    farmers = [o for o in options(state, 0) if o.startswith("buy:farmer")]
    assert farmers[-1] == "buy:farmer:3"  # 1 free in Thebes + 2 in Dakhla
    state, _ = play(state, (0, "buy:farmer:3"), (0, "farmer:thebes"))
    assert decision(state, 0).key == "place_farmer"
    assert [o for o in options(state, 0) if o.startswith("farmer:")] == ["farmer:dakhla"]
    state, _ = play(state, (0, "farmer:dakhla"), (0, "farmer:dakhla"))
    assert state["provinces"]["thebes"]["farmers"] == 4
    assert state["provinces"]["dakhla"]["farmers"] == 2
    assert decision(state, 0).key == "purchase"


@pytest.mark.rule("AMR-R031")
@pytest.mark.rule("AMR-R034")
@pytest.mark.rule("AMR-R035")
def test_stones_any_number_three_make_a_pyramid_and_pyramids_add_up():
    state = purchase_state(holdings={0: ["thebes", "abu"], 1: ["mendes"], 2: ["memphis"]})
    state["players"][0]["gold"] = 100
    state, events = play(state, (0, "buy:stone:7"), *[(0, "stone:thebes")] * 6, (0, "stone:abu"))
    thebes = state["provinces"]["thebes"]
    assert (thebes["stones"], thebes["pyramids"]) == (0, 2)  # a double pyramid, same turn
    assert (state["provinces"]["abu"]["stones"], state["provinces"]["abu"]["pyramids"]) == (1, 0)
    assert sum("builds a pyramid" in e.text for e in events) == 2


@pytest.mark.rule("AMR-R032")
def test_purchases_optional_and_need_the_gold():
    state = purchase_state(holdings=HOLD)
    state["players"][0]["gold"] = 5
    set_hand(state, 0, architect=1, bribe=1)
    opts = options(state, 0)
    assert "buy:stone:2" in opts and "buy:stone:3" not in opts  # 6 > 5 gold
    state, _ = play(state, (0, "sell:bribe"))  # may sell first
    assert "buy:stone:3" in options(state, 0)
    state, _ = play(state, (0, "done"))  # nothing bought: fine
    assert decision(state, 1) is not None


@pytest.mark.rule("AMR-R033")
@pytest.mark.rule("AMR-R036")
def test_architect_turns_two_stones_into_a_pyramid_even_if_bought_now():
    state = purchase_state(holdings=HOLD)
    set_hand(state, 0)
    state["favor_deck"].append("architect")  # the next card drawn
    state, _ = play(state, (0, "buy:favor:1"))
    assert not any(o.startswith("architect:") for o in options(state, 0))  # needs 2 stones
    state, _ = play(state, (0, "buy:stone:2"), (0, "stone:thebes"), (0, "stone:thebes"))
    assert "architect:thebes" in options(state, 0)
    state, _ = play(state, (0, "architect:thebes"))
    assert state["provinces"]["thebes"]["stones"] == 0
    assert state["provinces"]["thebes"]["pyramids"] == 1
    assert state["favor_discard"]["architect"] == 1


@pytest.mark.rule("AMR-R036")
def test_architect_only_in_own_purchase_turn_and_exactly_two_stones():
    state = purchase_state(holdings={0: ["thebes", "abu"], 1: ["mendes"], 2: ["memphis"]})
    state["provinces"]["thebes"]["stones"] = 2
    state["provinces"]["abu"]["stones"] = 1
    assert [o for o in options(state, 0) if o.startswith("architect")] == ["architect:thebes"]
    state["provinces"]["mendes"]["stones"] = 2
    with pytest.raises(IllegalMove):
        ENGINE.apply(state, 1, "architect:mendes")  # not seat 1's turn


@pytest.mark.rule("AMR-R037")
def test_extra_farmer_needs_no_field():
    state = purchase_state(holdings={0: ["berenike", "thebes"], 1: ["mendes"], 2: ["memphis"]})
    set_hand(state, 0, extra_farmer=1)
    state["provinces"]["thebes"]["farmers"] = 4  # full
    opts = options(state, 0)
    assert "extrafarmer:berenike" in opts and "extrafarmer:thebes" in opts
    assert not any(o.startswith("buy:farmer") for o in opts)
    state, _ = play(state, (0, "extrafarmer:berenike"))
    berenike = state["provinces"]["berenike"]
    assert berenike["extra_farmers"] == 1 and berenike["farmers"] == 0
    assert "extra_farmer" not in state["players"][0]["hand"]
