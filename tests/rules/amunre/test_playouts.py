"""Random playouts with invariant checks, the replay and round-trip laws, the hidden-
information law on sealed offerings, and an independent recount of every kingdom scoring.

The normal run plays 25 seeds per seat count; ``pytest -m sweep`` plays 200."""

from __future__ import annotations

from collections import Counter
from unittest import mock

import pytest

from rules.amunre import ENGINE, scoring
from rules.amunre.data import PROVINCE_BY_ID, TILE_BY_NUMBER
from rules.core import clone_state as clone
from rules.testing import (
    check_hidden_information,
    check_replay_law,
    check_round_trip,
    mixed_option,
    random_playout,
)

FAVOR_TOTAL = 39


def recount_kingdom(snapshot):
    """Kingdom scoring recomputed from scratch (AMR-R066..AMR-R076), independent of scoring.py."""
    seats = snapshot["seats"]
    tile = TILE_BY_NUMBER[snapshot["tile"]]
    owned = {
        seat: [pid for pid, prov in snapshot["provinces"].items() if prov["owner"] == seat]
        for seat in range(seats)
    }
    total = [0] * seats
    for seat, pids in owned.items():
        provs = [snapshot["provinces"][pid] for pid in pids]
        data = [PROVINCE_BY_ID[pid] for pid in pids]
        total[seat] += sum(d.temples for d in data) * tile.vp_per_temple
        total[seat] += sum(p["pyramids"] for p in provs)
        total[seat] += 3 * min((p["pyramids"] for p in provs), default=0)
        hand = snapshot["players"][seat]["hand"]
        checks = {
            "master_scribes": sum(d.favor_limit + d.immediate_favor for d in data) >= 7,
            "master_farmers": sum(p["farmers"] + p["extra_farmers"] for p in provs) >= 9,
            "same_bank": len({d.bank for d in data}) == 1,
            "nile_or_border": len({d.nile for d in data}) == 1,
            "upper_or_lower": len({d.region for d in data}) == 1,
        }
        total[seat] += sum(3 for card, ok in checks.items() if ok and hand.get(card, 0))
    for bank in ("west", "east"):
        pyr = {
            s: sum(
                snapshot["provinces"][p]["pyramids"]
                for p in owned[s]
                if PROVINCE_BY_ID[p].bank == bank
            )
            for s in range(seats)
        }
        stones = {
            s: sum(
                snapshot["provinces"][p]["stones"]
                for p in owned[s]
                if PROVINCE_BY_ID[p].bank == bank
            )
            for s in range(seats)
        }
        best = max(pyr.values())
        if best == 0:
            continue
        leaders = [s for s in range(seats) if pyr[s] == best]
        most = max(stones[s] for s in leaders)
        for s in leaders:
            if stones[s] == most:
                total[s] += 5
    return total


class Checker:
    def __init__(self):
        self.hidden_checks = 0
        self.scorings = 0
        self.snapshots = []
        self.original = scoring.kingdom_scoring

    def capture(self, state, events):
        self.snapshots.append(clone(state))
        return self.original(state, events)

    def __call__(self, before, after, move):
        seats = after["seats"]
        players = after["players"]
        # no negative amounts anywhere
        for player in players:
            assert player["gold"] >= 0 and player["score"] >= 0
            assert all(n > 0 for n in player["hand"].values())
        for pid, prov in after["provinces"].items():
            assert (
                min(prov["farmers"], prov["extra_farmers"], prov["stones"], prov["pyramids"]) >= 0
            )
            assert prov["stones"] < 3  # AMR-R034: three stones never stay stones
            assert prov["farmers"] <= PROVINCE_BY_ID[pid].fields
            owner = prov["owner"]
            if owner is not None:
                assert pid in players[owner]["provinces"]
            else:
                assert prov["farmers"] == 0 and prov["extra_farmers"] == 0
        assert all(v > 0 for v in after["favor_discard"].values())
        # favor cards are conserved: hands + deck + discard + cards set aside = 39
        aside = sum(len(c) for c in after["auction"]["bonus_favor"].values())
        held = sum(sum(p["hand"].values()) for p in players)
        assert (
            held + len(after["favor_deck"]) + sum(after["favor_discard"].values()) + aside
            == FAVOR_TOTAL
        )
        # every seat owns exactly r provinces after auction round r of a kingdom
        rnd = (after["round"] - 1) % 3 + 1
        counts = [len(p["provinces"]) for p in players]
        if after["phase"] == "over":
            assert counts == [3] * seats and after["round"] == 6
        elif after["phase"] != "auction":
            assert counts == [rnd] * seats
        elif after["auction"]["settle"] is None:
            assert counts == [rnd - 1] * seats
        assert 1 <= after["round"] <= 6
        # VP changes are exactly what the score log records
        new_log = after["score_log"][len(before["score_log"]) :]
        for seat in range(seats):
            gained = players[seat]["score"] - before["players"][seat]["score"]
            assert gained == sum(vp for s, vp, *_ in new_log if s == seat)
        # AMR-R061 / AMR-R065: the two moves that end a kingdom trigger its scoring
        if before["kingdom"] != after["kingdom"] or (after["phase"] == "over"):
            self.check_scoring(before, move, new_log)
        # the sealed offering passes the hidden-information law
        pending = ENGINE.pending(after)
        if sum(d.secret for d in pending) >= 2:
            self.hidden_checks += check_hidden_information(ENGINE, after, after["seats"])

    def check_scoring(self, before, move, new_log):
        self.snapshots = []
        with mock.patch.object(scoring, "kingdom_scoring", self.capture):
            ENGINE.apply(before, *move)
        assert len(self.snapshots) == 1
        snapshot = self.snapshots[0]
        expected = recount_kingdom(snapshot)
        got = [0] * snapshot["seats"]
        for seat, vp, reason, _ in new_log:
            if not reason.startswith("gold bonus"):
                got[seat] += vp
        assert got == expected
        self.scorings += 1


def play_and_check(seats, seed):
    checker = Checker()
    playout = random_playout(
        ENGINE, seats, seed, chooser=mixed_option, keep_states=True, on_step=checker
    )
    state = playout.state
    assert state["phase"] == "over" and state["round"] == 6  # AMR-R008: after 6 rounds
    assert checker.scorings == 2
    assert checker.hidden_checks > 0
    result = ENGINE.result(state)
    log_totals = Counter()
    for seat, vp, *_ in state["score_log"]:
        log_totals[seat] += vp
    assert list(result.scores) == [log_totals[s] for s in range(seats)]
    # the gold bonus recounted from the final gold (AMR-R079)
    golds = [p["gold"] for p in state["players"]]
    bonus = [
        next(
            (vp for s, vp, r, _ in state["score_log"] if s == seat and r.startswith("gold bonus")),
            0,
        )
        for seat in range(seats)
    ]
    ranks = [1 + sum(g > mine for g in golds) for mine in golds]
    assert bonus == [{1: 6, 2: 4, 3: 2}.get(rank, 0) for rank in ranks]
    assert all(not p["hand"] for p in state["players"])  # AMR-R078
    check_replay_law(ENGINE, playout)
    middle = len(playout.states) // 2
    check_round_trip(ENGINE, playout.states[middle], playout.log[middle : middle + 12])
    return playout


@pytest.mark.parametrize("seats", [3, 4, 5])
@pytest.mark.parametrize("seed", range(25))
def test_playout(seats, seed):
    play_and_check(seats, seed)


@pytest.mark.sweep
@pytest.mark.parametrize("seats", [3, 4, 5])
@pytest.mark.parametrize("seed", range(1000, 1200))
def test_playout_sweep(seats, seed):
    play_and_check(seats, seed)


@pytest.mark.parametrize("seats", [3, 4, 5])
def test_ai_only_games_finish_and_are_deterministic(seats):
    from rules.testing import ai_option

    a = random_playout(ENGINE, seats, 77, chooser=ai_option)
    b = random_playout(ENGINE, seats, 77, chooser=ai_option)
    assert a.log == b.log
    assert ENGINE.result(a.state) is not None
