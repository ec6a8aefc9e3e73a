"""Phase 3 — offerings to Amun-Re: AMR-R038..AMR-R052."""

from __future__ import annotations

import pytest

from rules.amunre import ENGINE
from rules.amunre.offering import tile_for
from rules.core import canonical_json
from tests.rules.amunre.scenario import (
    decision,
    gold,
    offering_state,
    options,
    play,
    seal_all,
    set_hand,
)

HOLD = {0: ["thebes"], 1: ["mendes"], 2: ["memphis"]}
HOLD4 = {0: ["thebes"], 1: ["mendes"], 2: ["memphis"], 3: ["abu"]}


@pytest.mark.rule("AMR-R038")
def test_all_seats_commit_at_once_gold_or_theft_never_zero():
    state = offering_state(holdings=HOLD)
    set_hand(state, 0, architect=1, bribe=1)
    pending = ENGINE.pending(state)
    assert sorted(d.seat for d in pending) == [0, 1, 2]
    assert all(d.secret and d.key == "offering" for d in pending)
    opts = options(state, 0)
    assert "theft" in opts and "offer:0" not in opts
    assert [o for o in opts if o.startswith("offer:")][-1] == "offer:22"  # 20 gold + 2 cards
    assert not any(o.startswith("sell:") for o in opts)  # no public act inside a sealed choice


@pytest.mark.rule("AMR-R039")
def test_adjustment_attaches_to_either_commitment_only_for_holders():
    state = offering_state(holdings=HOLD)
    set_hand(state, 0, offering_adjust=1)
    opts = options(state, 0)
    assert "theft+adjust" in opts and "offer:5+adjust" in opts
    assert "offer:21" in opts and "offer:21+adjust" not in opts  # the attached card is not gold
    assert not any("+adjust" in o for o in options(state, 1))


@pytest.mark.rule("AMR-R040")
@pytest.mark.rule("AMR-R093")
def test_nothing_revealed_until_everyone_committed():
    state = offering_state(holdings=HOLD)
    before = {s: ENGINE.view(state, s) for s in (None, 1, 2)}
    state, events = play(state, (0, "offer:7"))
    assert [e.text for e in events if e.private_to is None] == ["Seat 1 has made an offering."]
    for s in (None, 1, 2):
        after = ENGINE.view(state, s)
        assert after["players"][0]["answered"] is True
        after["players"][0]["answered"] = False
        after["acting"] = before[s]["acting"]
        assert canonical_json(after) == canonical_json(before[s])
    assert ENGINE.view(state, 0)["me"]["sealed"] == "offer:7"
    state, events = play(state, (1, "offer:3"), (2, "theft"))
    assert any(e.kind == "reveal_offerings" for e in events)
    view = ENGINE.view(state, None)
    assert view["players"][0]["offering"]["amount"] == 7
    assert view["players"][2]["offering"]["theft"] is True


@pytest.mark.rule("AMR-R041")
def test_offering_paid_and_shortfall_paid_with_cards():
    state = offering_state(holdings=HOLD)
    state["players"][0]["gold"] = 2
    set_hand(state, 0, architect=1, bribe=1, master_farmers=1)
    state, _ = seal_all(state, {0: "offer:4", 1: "offer:1", 2: "offer:1"})
    assert gold(state, 0) == 0
    assert decision(state, 0).key == "pay"
    assert state["debt"]["amount"] == 2
    state, _ = play(state, (0, "pay:bribe"), (0, "pay:master_farmers"))
    assert state["players"][0]["hand"] == {"architect": 1}
    assert state["favor_discard"]["bribe"] == 1
    assert gold(state, 1) == 19 and gold(state, 2) == 19
    assert state["players"][0]["gold"] == 0


@pytest.mark.rule("AMR-R042")
@pytest.mark.rule("AMR-R045")
def test_collective_offering_and_theft():
    state = offering_state(seats=4, holdings=HOLD4)
    state, _ = seal_all(state, {0: "offer:5", 1: "offer:2", 2: "offer:6", 3: "theft"})
    assert state["collective_offering"] == 5 + 2 + 6 - 3
    assert state["tile"] == 2
    assert gold(state, 3) == 23 and state["players"][3]["theft"] is True


@pytest.mark.rule("AMR-R043")
@pytest.mark.rule("AMR-R047")
def test_adjustments_in_turn_order_of_this_rounds_start_player():
    state = offering_state(seats=4, start=1, holdings=HOLD4)
    set_hand(state, 0, offering_adjust=1)
    set_hand(state, 2, offering_adjust=1)
    # the example of PT-S/ex: 5 + 2 + 6 - 3 = 10, one +3 -> 13 -> tile 3
    state, _ = seal_all(state, {0: "offer:9+adjust", 1: "offer:2", 2: "offer:1+adjust", 3: "theft"})
    assert state["collective_offering"] == 9 + 2 + 1 - 3
    assert state["start_player"] == 1  # not moved yet
    first = decision(state, 2)
    assert first.key == "adjust" and [d.seat for d in ENGINE.pending(state)] == [2]
    assert {"adjust:+3", "adjust:-3"} <= set(first.option_ids())
    state, _ = play(state, (2, "adjust:+3"))
    assert [d.seat for d in ENGINE.pending(state)] == [0]
    state, events = play(state, (0, "adjust:+3"))
    assert state["collective_offering"] == 15 and state["tile"] == 3
    assert state["start_player"] == 0  # now rank 1 takes the marker
    kinds = [e.kind for e in events]
    assert kinds.index("adjust") < kinds.index("tile") < kinds.index("start_player")
    view = ENGINE.view(state, None)
    assert view["players"][0]["offering"] == {
        "theft": False,
        "amount": 9,
        "adjust": 3,
        "adjust_attached": True,
    }
    assert view["players"][0]["rank"] == 1  # the individual offering did not change


@pytest.mark.rule("AMR-R044")
def test_tile_thresholds():
    assert [tile_for(t) for t in (-9, -3, 0, 2, 3, 12, 13, 22, 23, 60)] == [
        1,
        1,
        1,
        1,
        2,
        2,
        3,
        3,
        4,
        4,
    ]
    state = offering_state(holdings=HOLD)
    state["tile"] = 4
    state, _ = seal_all(state, {0: "theft", 1: "theft", 2: "theft"})
    assert state["collective_offering"] == -9 and state["tile"] == 1  # replaces the old tile


@pytest.mark.rule("AMR-R046")
@pytest.mark.rule("AMR-R047")
def test_ranking_ties_go_to_the_seat_nearer_the_start_player():
    state = offering_state(seats=4, start=2, holdings=HOLD4)
    state, _ = seal_all(state, {0: "offer:6", 1: "offer:3", 2: "theft", 3: "offer:6"})
    ranks = state["offering"]["ranks"]
    assert ranks == [2, 3, None, 1]  # seat 3 comes before seat 0 after start player 2
    assert state["start_player"] == 3


@pytest.mark.rule("AMR-R047")
def test_start_player_stays_when_everyone_steals():
    state = offering_state(start=2, holdings=HOLD)
    state, _ = seal_all(state, {0: "theft", 1: "theft", 2: "theft"})
    assert state["start_player"] == 2
    assert all(p["gold"] == 23 for p in state["players"])


@pytest.mark.rule("AMR-R048")
def test_rewards_three_two_one_in_rank_order_none_for_theft():
    state = offering_state(seats=4, holdings=HOLD4)
    state, _ = seal_all(state, {0: "offer:2", 1: "offer:8", 2: "offer:5", 3: "theft"})
    order = []
    while state["phase"] == "offering":
        d = ENGINE.pending(state)[0]
        assert d.key == "reward"
        order.append(d.seat)
        state, _ = play(state, (d.seat, "reward:favor"))
    assert order == [1, 1, 1, 2, 2, 0]


@pytest.mark.rule("AMR-R049")
@pytest.mark.rule("AMR-R050")
@pytest.mark.rule("AMR-R051")
def test_reward_items():
    state = offering_state(holdings={0: ["mendes", "berenike"], 1: ["thebes"], 2: ["memphis"]})
    state["provinces"]["mendes"]["stones"] = 2
    state, _ = seal_all(state, {0: "offer:9", 1: "offer:1", 2: "theft"})
    opts = options(state, 0)
    assert "reward:favor" in opts  # Mendes has no favor symbol: rewards ignore the limit
    assert "reward:farmer:mendes" in opts and "reward:farmer:berenike" not in opts  # 0 fields
    assert {"reward:stone:mendes", "reward:stone:berenike"} <= set(opts)
    state, events = play(state, (0, "reward:stone:mendes"))
    assert state["provinces"]["mendes"]["pyramids"] == 1  # AMR-R034 in this phase too
    hand = sum(state["players"][0]["hand"].values())
    state, events = play(state, (0, "reward:favor"), (0, "reward:farmer:mendes"))
    assert sum(state["players"][0]["hand"].values()) == hand + 1
    assert state["provinces"]["mendes"]["farmers"] == 1


@pytest.mark.rule("AMR-R052")
def test_no_architect_or_extra_farmer_in_the_offering_phase():
    state = offering_state(holdings=HOLD)
    set_hand(state, 0, architect=1, extra_farmer=1)
    state["provinces"]["thebes"]["stones"] = 2
    state, _ = seal_all(state, {0: "offer:9", 1: "offer:1", 2: "offer:1"})
    opts = options(state, 0)
    assert decision(state, 0).key == "reward"
    assert not any(o.startswith(("architect", "extrafarmer")) for o in opts)
