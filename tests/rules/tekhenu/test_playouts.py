"""Random playouts for 1-4 seats (and the table options) with invariant checks, the replay
law, a mid-game dump/load round trip and the hidden-information law.

The normal run plays 25 seeds per seat count; ``pytest -m sweep`` plays 200."""

from __future__ import annotations

import pytest

from rules.tekhenu import ENGINE
from rules.tekhenu.data import RESOURCES, VP_START
from rules.testing import (
    check_hidden_information,
    check_replay_law,
    check_round_trip,
    mixed_option,
    random_playout,
)

BAG = {1: 22, 2: 22, 3: 24, 4: 26}
VARIANTS = (
    {},
    {"solo_difficulty": "medium", "printed_horus_bonuses": "yes"},
    {"solo_difficulty": "hard", "solo_decree_8": "yes", "maat_faith_sequential": "yes"},
    {"solo_random_start": "yes"},
)


def check_invariants(before, after, move) -> None:
    seats = after["seats"]
    # dice conservation: bag + disc + boards (above/below the scales, the bot's dice)
    board = sum(len(d) for d in after["sections"].values())
    held = sum(len(p["left"]) + len(p["right"]) + len(p["below"]) for p in after["players"])
    turn = after["turn"]
    if turn is not None and turn["colour"] is not None and turn["pan"] is None:
        held += 1  # the die in hand, before it is placed on the scales
    assert sum(after["bag"].values()) + board + held == BAG[seats], "dice not conserved"
    assert all(n >= 0 for n in after["bag"].values())
    assert 0 <= after["round"] <= 16
    for player in after["players"]:
        for key in (
            "vp",
            "gold",
            "scribe",
            "faith",
            "excess",
            "buildings",
            "pillars",
            "statues",
            "happiness",
            "population",
        ):
            assert player[key] >= 0, key
        assert all(player["res"][res] >= 0 for res in RESOURCES)
        assert all(2 <= player["prod"][res] <= 6 for res in RESOURCES)
        assert player["happiness"] <= max(player["population"], 0) or player["is_bot"]
        assert len(player["left"]) + len(player["right"]) + len(player["below"]) <= 4
    # every VP change is on the score log: the score is a recount of it
    for seat, player in enumerate(after["players"]):
        logged = sum(vp for s, vp, _reason in after["log"] if s == seat)
        assert player["vp"] == VP_START + logged


def play(seats: int, seed: int):
    options = VARIANTS[seed % len(VARIANTS)] if seats == 1 else VARIANTS[(seed % 2) * 2 % 4]
    if seats > 1:
        options = {k: v for k, v in options.items() if not k.startswith("solo")}
    playout = random_playout(
        ENGINE,
        seats,
        seed,
        options,
        chooser=mixed_option,
        keep_states=True,
        on_step=check_invariants,
    )
    state = playout.state
    assert state["phase"] == "over" and state["round"] == 16
    assert state["rotations"] == 8 and state["maat_phases"] == 4 and state["scorings"] == 2
    result = ENGINE.result(state)
    assert result is not None and len(result.scores) == len(state["players"])
    assert list(result.scores) == [p["vp"] for p in state["players"]]
    check_replay_law(ENGINE, playout)
    middle = len(playout.states) // 2
    check_round_trip(ENGINE, playout.states[middle], playout.log[middle : middle + 6])
    checked = 0
    for index, before in enumerate(playout.states):
        if any(d.secret for d in ENGINE.pending(before)):
            checked += check_hidden_information(ENGINE, before, before["seats"])
            # decrees never appear in the public view
            public = str(ENGINE.view(before, None))
            for player in before["players"]:
                for card in player["decrees"] + player.get("dealt", []):
                    if card not in player["known"]:
                        assert f"'{card}'" not in public
        if index > 40 and checked:
            break
    return playout


@pytest.mark.parametrize("seats", [1, 2, 3, 4])
@pytest.mark.parametrize("seed", range(25))
def test_playout(seats, seed):
    play(seats, seed)


@pytest.mark.sweep
@pytest.mark.parametrize("seats", [1, 2, 3, 4])
@pytest.mark.parametrize("seed", range(1000, 1200))
def test_playout_sweep(seats, seed):
    play(seats, seed)


@pytest.mark.parametrize("seats", [1, 2, 3, 4])
def test_ai_only_games_finish_and_are_deterministic(seats):
    from rules.testing import ai_option

    one = random_playout(ENGINE, seats, 5, chooser=ai_option)
    two = random_playout(ENGINE, seats, 5, chooser=ai_option)
    assert one.log == two.log
    assert ENGINE.result(one.state) == ENGINE.result(two.state)


def test_largest_table_plays_a_long_game():
    """The 4-seat game runs to its end (its speed is measured by `python -m bench`, not here)."""
    playout = random_playout(ENGINE, 4, 77, chooser=mixed_option)
    assert len(playout.log) > 200
