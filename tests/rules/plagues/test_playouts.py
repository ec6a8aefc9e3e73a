"""Random playouts with invariant checks, the replay and round-trip laws, the
hidden-information law, and an independent recount of the final scores.

The normal run plays 25 seeds per seat count and variant; ``pytest -m sweep`` plays 200."""

from __future__ import annotations

import json
from collections import Counter

import pytest

from rules.core import canonical_json
from rules.plagues import ENGINE
from rules.plagues.data import (
    BONUS_EDGES,
    DEV_LAST,
    LINES,
    LOSS_CARDS,
    LOSSES_BY_ROUND,
    NILE_LAST,
    NILE_VP,
    PROVINCE_LAST,
    TILE_GROUPS,
)
from rules.testing import (
    check_hidden_information,
    check_replay_law,
    check_round_trip,
    mixed_option,
    random_playout,
)

VARIANTS = {
    "normal": {},
    "short": {"short": "on"},
    "advanced": {"advanced": "on"},
    "draft": {"provinces": "draft"},
}


def tiles_in_play(seats: int) -> Counter:
    n = max(2, seats)
    return (
        Counter({tile: 0 for tile, _, _ in TILE_GROUPS})
        + Counter({tile: 0 for tile, _, _ in TILE_GROUPS})
        + Counter(
            [
                tile
                for tile, min_players, count in TILE_GROUPS
                if min_players <= n
                for _ in range(count)
            ]
        )
    )


def located_tiles(state) -> Counter:
    tiles = list(state["reserve"]) + [t for t in state["dice_spaces"] if t] + state["removed"]
    for player in state["players"]:
        tiles += [t for t in player["cells"].values() if t]
        tiles += player["kept"]
        tiles += [t for t in player["discard"].values() if t]
        tiles += player["drawn_tiles"]
    for stack in state["stacks"]:
        tiles += [task["tile"] for task in stack if "tile" in task]
    return Counter(tiles)


def recount(state) -> list[int]:
    """The final scores from scratch (PLG-R204..PLG-R214, PLG-R302..PLG-R304)."""
    players = state["players"]
    sums = [sum(p["hebrews"]) for p in players]
    vp = (18, 14, 10, 6)[: len(players)]
    totals = []
    for seat, player in enumerate(players):
        ai = state["ai"] == seat
        better = sum(1 for s in sums if s > sums[seat])
        tied = sum(1 for s in sums if s == sums[seat])
        hebrew = sum(vp[better : better + tied]) // tied
        if state["solo"] and not ai and better == 1 and sums[seat] < 10:
            hebrew = 0
        cells = player["cells"]
        on_board = sum(1 for t in cells.values() if t)
        kept = player["kept"]
        total = (
            min(player["dev"])
            + 1
            + NILE_VP.get(player["nile"], 0)
            + on_board
            + sum(1 for t in kept if t == "boat" or t.startswith("province"))
            + 2 * kept.count("pharaoh")
            + hebrew
        )
        if ai:
            total += kept.count("coin")
            for card in player["terr"]:
                total += 4 if card["id"].startswith("sc_") else 2
        else:
            total += 6 if player["pcard"] == PROVINCE_LAST else 0
            total -= 3 * len(player["penalties"])
            total -= 2 * sum(1 for t in player["discard"].values() if t)
            lines = sum(
                1
                for line in LINES
                if None not in [cells[c] for c in line] and len({cells[c] for c in line}) == 3
            )
            active = {k for a, b, k in BONUS_EDGES if cells[a] and cells[b]}
            egypt = sum(1 for t in cells.values() if t == "egyptian")
            city = sum(1 for c, t in cells.items() if t and c[0] == "c")
            ankh = (
                min(2, lines)
                + (player["nile"] == NILE_LAST)
                + (len(player["hebrews"]) >= 7)
                + (player["pcard"] >= 21)
                + (state["pharaoh"][4] == seat)
            )
            for card in player["terr"]:
                cid = card["id"]
                total += {
                    "sc_flat": 4,
                    "sc_lines": 3 * min(2, lines),
                    "sc_egyptians": 2 * min(3, egypt),
                    "sc_city_field": 5 if city >= 3 and on_board - city >= 3 else 0,
                    "sc_hebrew_pairs": min(12, len(player["hebrews"])) // 2,
                    "sc_empty_discard": 0 if any(player["discard"].values()) else 5,
                    "sc_bonuses": 5 if {"coin", "soldiers", "hebrew"} <= active else 0,
                    "sc_ankh": ankh,
                }.get(cid, 2 if cid.startswith("tr_") else 0)
        totals.append(total)
    return totals


class Checker:
    def __init__(self, seats: int):
        self.expected = tiles_in_play(seats)
        self.expected = +self.expected

    def __call__(self, before, after, move) -> None:
        assert +located_tiles(after) == self.expected, "tile conservation"
        for seat, player in enumerate(after["players"]):
            assert 0 <= player["dev"][0] <= DEV_LAST and 0 <= player["dev"][1] <= DEV_LAST
            assert 0 <= player["nile"] <= NILE_LAST and 0 <= player["pcard"] <= PROVINCE_LAST
            assert set(player["markers"]) <= {6, 9, 12}
            # a neutral marker still there was never reached (PLG-R157)
            assert all(m > player["pcard"] for m in player["markers"])
            # PLG-R051: after phase 1 every human has turned exactly 3 dice
            if after["ai"] != seat and (
                after["phase"] == "territories" or after["step"] in ("tribute", "losses", "uses")
            ):
                assert len(player["dice_used"]) == 3
            if after["ai"] != seat:
                assert len(player["dice_used"]) == len(set(player["dice_used"])) <= 3
        if after["loss"] is not None and after["step"] not in ("over", "reveal"):
            assert len(LOSS_CARDS[after["loss"]]) == LOSSES_BY_ROUND[after["round"] - 1]
        if after["solo"]:  # PLG-R272: the AI seat never answers anything
            assert all(d.seat == 0 for d in ENGINE.pending(after))
        if after["phase"] == "dice" and before["phase"] == "plague":
            assert after["round"] == before["round"] + 1


def bonuses_match_enclosure(state) -> None:
    view = ENGINE.view(state, None)
    for pv in view["players"]:
        cells = {**pv["city"], **pv["field"]}
        for bonus in pv["bonuses"]:
            assert bonus["active"] == (
                cells[bonus["a"]] is not None and cells[bonus["b"]] is not None
            )
        lines = sum(pv["lines"])
        if not pv["is_ai"]:
            assert pv["ankh_tokens"]["board"] == min(2, lines)


def play(seats: int, seed: int, variant: str):
    checker = Checker(seats)
    playout = random_playout(
        ENGINE, seats, seed, VARIANTS[variant], chooser=mixed_option, on_step=checker
    )
    state = playout.state
    assert state["phase"] == "over"
    last = 8 if variant == "short" else 10
    assert state["round"] <= last
    assert state["round"] == last or len(state["reserve"]) <= 2
    result = ENGINE.result(state)
    assert list(result.scores) == recount(state)
    assert list(result.scores) == state["final"]["scores"]
    bonuses_match_enclosure(state)
    return playout


SEEDS = range(25)


@pytest.mark.parametrize("variant", list(VARIANTS))
@pytest.mark.parametrize("seats", [1, 2, 3, 4])
def test_playouts(seats, variant):
    for seed in SEEDS:
        playout = play(seats, seed, variant)
        if seed < 3:
            check_replay_law(ENGINE, playout)


@pytest.mark.parametrize("seats", [1, 2, 3, 4])
def test_round_trip_mid_game(seats):
    playout = random_playout(ENGINE, seats, 7, chooser=mixed_option, keep_states=True)
    middle = len(playout.log) // 2
    check_round_trip(ENGINE, playout.states[middle], playout.log[middle : middle + 20])
    for state in playout.states[::25]:
        bonuses_match_enclosure(state)
        raw = ENGINE.dump(state)
        assert json.loads(json.dumps(raw)) == raw  # plain JSON: no tuples, int keys


@pytest.mark.parametrize("seats", [1, 2, 3, 4])
def test_hidden_information(seats):
    """No decision is sealed (part C): the law finds nothing to hide; the decks, reserve and
    drawn cards never show in another seat's view."""
    playout = random_playout(ENGINE, seats, 11, chooser=mixed_option, keep_states=True)
    checked = sum(check_hidden_information(ENGINE, s) for s in playout.states[::10])
    assert checked == 0
    for state in playout.states[::7]:
        public = canonical_json(ENGINE.view(state, None)).decode()
        assert 'reserve":[' not in public and 'deck":[' not in public
        for seat, player in enumerate(state["players"]):
            if player["drawn_tiles"] or player["drawn_cards"]:
                for other in range(len(state["players"])):
                    if other != seat:
                        assert ENGINE.view(state, other)["me"]["drawn"] == []


def test_replay_every_seat_count():
    for seats in (1, 2, 3, 4):
        check_replay_law(ENGINE, play(seats, 99, "normal"))


def test_dump_is_plain_json_and_deterministic():
    a = ENGINE.new_game(3, {}, 5)
    b = ENGINE.new_game(3, {}, 5)
    assert canonical_json(ENGINE.dump(a)) == canonical_json(ENGINE.dump(b))


@pytest.mark.sweep
@pytest.mark.parametrize("variant", list(VARIANTS))
@pytest.mark.parametrize("seats", [1, 2, 3, 4])
def test_sweep(seats, variant):
    for seed in range(200):
        play(seats, 1000 + seed, variant)
