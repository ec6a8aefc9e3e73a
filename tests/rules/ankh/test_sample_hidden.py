"""Issue 13 item 2, the AI never peeks: ``sample_hidden`` redraws what other gods have sealed
(battle card picks, Locust bids, a merged god's proposal) and keeps everything else."""

from __future__ import annotations

import pytest

from rules.ankh import ENGINE
from rules.core import Rng
from rules.testing import check_hidden_law, hidden_zones_differ, mixed_option, random_playout

from .scenario import play
from .test_hidden import battle_state
from .test_late import merged_battle


def samples(state, seat: int, seeds=range(12)):
    return [ENGINE.sample_hidden(state, seat, Rng.from_seed(seed)) for seed in seeds]


def picks(state, player: int) -> list[str]:
    return state["conflict"]["battle"]["picks"][str(player)]


def test_other_gods_battle_cards_are_redrawn_and_the_own_pick_kept():
    state, _ = play(battle_state(), (0, "card:plague"), (1, "card:flood"))
    drawn = samples(state, 0)
    for sample in drawn:
        assert picks(sample, 0) == ["plague"]
        assert len(picks(sample, 1)) == 1 and picks(sample, 1)[0] in state["players"][1]["hand"]
        assert picks(sample, 2) == []  # seat 2 has not picked: nothing to redraw
    assert len({picks(sample, 1)[0] for sample in drawn}) > 1
    for seat in range(3):
        check_hidden_law(ENGINE, state, seat, 3)


def test_amun_half_way_through_two_cards_may_have_picked_none_or_one():
    state, _ = play(battle_state(("amun", "osiris", "isis")), (0, "amun:two"), (0, "card:plague"))
    counts = {len(picks(sample, 0)) for sample in samples(state, 1)}
    assert counts == {0, 1}
    assert all(picks(sample, 0) == ["plague"] for sample in samples(state, 0))
    check_hidden_law(ENGINE, state, 1, 4)


def test_other_locust_bids_are_redrawn_within_their_followers():
    state, _ = play(battle_state(), (0, "card:plague"), (1, "card:flood"), (2, "card:miracle"))
    state, _ = play(state, (1, "bid:3"), (2, "bid:1"))
    drawn = samples(state, 2)
    bids = [sample["stack"][-1]["bids"] for sample in drawn]
    assert all(bid["2"] == 1 and 0 <= bid["1"] <= 3 and "0" not in bid for bid in bids)
    assert len({bid["1"] for bid in bids}) > 1
    assert any(hidden_zones_differ(ENGINE, drawn[0], other, ["stack"]) for other in drawn[1:])
    for seat in range(3):
        check_hidden_law(ENGINE, state, seat, 5)


def test_a_merged_gods_proposal_is_hidden_from_others_only():
    """Seats 1 (greater) and 2 (lesser) play one god; seat 2 proposes a card to seat 1."""
    state, _ = play(merged_battle(), (2, "card:flood"))
    proposal = {"1": "card:flood"}
    for seat in (1, 2):
        assert all(s["stack"][-1]["proposals"] == proposal for s in samples(state, seat))
        check_hidden_law(ENGINE, state, seat, 6)
    others = [sample["stack"][-1]["proposals"]["1"] for sample in samples(state, 0)]
    assert len(set(others)) > 1
    check_hidden_law(ENGINE, state, 0, 6)


@pytest.mark.parametrize("seats", [2, 3, 4, 5])
def test_the_law_holds_over_random_playouts(seats):
    """Two seeds; every 60th state and every 6th sealed step, every seat: the law."""
    checked = sealed_steps = 0
    for seed in range(2):
        playout = random_playout(ENGINE, seats, 90 + seed, chooser=mixed_option, keep_states=True)
        for index, state in enumerate(playout.states):
            sealed = any(d.secret for d in ENGINE.pending(state))
            if index % 60 and not (sealed and index % 6 == 0):
                continue
            sealed_steps += sealed
            for seat in range(seats):
                check_hidden_law(ENGINE, state, seat, index)
                checked += 1
    assert checked > 10 and sealed_steps > 0
