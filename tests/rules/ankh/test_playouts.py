"""Random playouts with invariant checks, the replay and round-trip laws and the hidden-
information law on battle cards and locust bids.

The normal run plays 25 seeds per seat count; ``pytest -m sweep`` plays 200."""

from __future__ import annotations

import json
from collections import Counter

import pytest

from rules.ankh import ENGINE
from rules.ankh.board import WATER
from rules.ankh.data import (
    CAMEL_SUPPLY,
    CARDS,
    DEVOTION_TOP,
    MONUMENT_SUPPLY,
    MONUMENT_TYPES,
    WARRIORS_PER_GOD,
    guardian_minis,
)
from rules.testing import (
    check_hidden_information,
    check_replay_law,
    check_round_trip,
    mixed_option,
    random_playout,
)


def check_invariants(state):
    seats = state["seats"]
    figures = dict(state["figures"])
    for t in state["stack"]:  # a figure Satet is pushing is off the board for a moment
        if t["t"] == "push":
            figures["pushed"] = t["fig"]
    # one piece per space: figures never share a hex with a monument
    assert not set(figures) & set(state["monuments"])
    for hex_, fig in state["figures"].items():
        if hex_ in WATER:
            assert fig["kind"] == "apep", f"{fig} on water {hex_}"
        owner = state["players"][fig["owner"]]
        assert owner["merged_into"] is None and not owner["forgotten"]
    for kind in MONUMENT_TYPES:
        on_board = sum(1 for m in state["monuments"].values() if m["type"] == kind)
        assert on_board + state["supply"][kind] == MONUMENT_SUPPLY
    assert len(state["camels"]) + state["camel_supply"] == CAMEL_SUPPLY
    assert len(state["camels"]) == len({tuple(e) for e in state["camels"]})
    tokens = [r["token"] for r in state["regions"]]
    if None not in tokens:
        assert len(set(tokens)) == len(tokens)
        assert sorted(tokens + state["order_tokens"]) == list(range(1, 9))
    guardians = Counter()
    for i, pl in enumerate(state["players"]):
        assert pl["followers"] >= 0
        assert 0 <= pl["devotion"] <= DEVOTION_TOP
        assert sorted(pl["hand"] + pl["used"]) == sorted(CARDS) or not (pl["hand"] or pl["used"])
        guardians.update(pl["guardians"])
        if pl["merged_into"] is not None or pl["forgotten"]:
            continue
        owned = sum(1 for m in state["monuments"].values() if m["owner"] == i)
        assert owned <= pl["ankh_tokens"]
        on_board = sum(1 for f in figures.values() if f["owner"] == i and f["kind"] == "warrior")
        jailed = sum(other["prisoners"].count(i) for other in state["players"])
        assert on_board + pl["warriors"] + jailed == WARRIORS_PER_GOD, (i, on_board, pl, jailed)
        gods = sum(1 for f in figures.values() if f["owner"] == i and f["kind"] == "god")
        assert gods == 1
        if "ra" in pl["gods"]:  # sun tokens are on the dashboard or on Radiant figures
            radiant = sum(1 for f in figures.values() if f["owner"] == i and f.get("radiant"))
            assert pl["suns"] + radiant == 3
        if "osiris" in pl["gods"]:
            assert pl["underworld_tokens"] + len(state["underworld"]) == 3
        assert len(pl["prisoners"]) <= 3
    guardians.update(f["kind"] for f in figures.values() if f["kind"] not in ("god", "warrior"))
    for card in state["guardian_cards"].values():
        assert guardians[card["kind"]] + card["left"] <= guardian_minis(card["kind"], seats)
    assert sum(1 for pl in state["players"] for _ in pl["seats"]) == seats


class Checker:
    def __init__(self):
        self.hidden = 0
        self.mid = None

    def __call__(self, before, after, move):
        check_invariants(after)
        self.steps = getattr(self, "steps", 0) + 1
        if self.steps % 7 == 0:  # plain JSON types only (copy() relies on it)
            assert json.loads(json.dumps(after)) == after
        if self.hidden < 6 and any(d.secret for d in ENGINE.pending(after)):
            self.hidden += check_hidden_information(ENGINE, after, len(after["seat_player"]))
        if self.mid is None and after["conflicts"] >= 1 and ENGINE.pending(after):
            self.mid = after


def play(seats, seed, options=None):
    checker = Checker()
    playout = random_playout(ENGINE, seats, seed, options, chooser=mixed_option, on_step=checker)
    state = playout.state
    assert ENGINE.pending(state) == []
    result = ENGINE.result(state)
    assert result is not None and len(result.places) == seats
    assert all(1 <= p <= seats for p in result.places)
    return playout, checker


@pytest.mark.parametrize("seats", [2, 3, 4, 5])
@pytest.mark.parametrize("scenario", ["middle_kingdom", "old_kingdom"])
def test_random_playouts(seats, scenario):
    hidden = 0
    for seed in range(13 if scenario == "middle_kingdom" else 12):
        options = {"scenario": scenario, "gods": "fixed" if seed % 3 == 2 else "random"}
        playout, checker = play(seats, seed, options)
        hidden += checker.hidden
        if seed % 6 == 0:
            check_replay_law(ENGINE, playout)
            if checker.mid is not None:
                decision = ENGINE.pending(checker.mid)[0]
                check_round_trip(ENGINE, checker.mid, [(decision.seat, decision.options[0].id)])
    assert hidden > 0


@pytest.mark.sweep
@pytest.mark.parametrize("seats", [2, 3, 4, 5])
def test_sweep(seats):
    for seed in range(200):
        play(seats, 1000 + seed)
