"""The baseline AI: always legal, deterministic, and sensible in the simple cases."""

from __future__ import annotations

import pytest

from rules.ankh import ENGINE
from rules.testing import ai_option, random_playout

from .scenario import blank, conflict, ids, mon, play, put, task, turn


@pytest.mark.parametrize("seats", [2, 3, 4, 5])
def test_ai_plays_whole_games(seats):
    playout = random_playout(ENGINE, seats, 40 + seats, chooser=ai_option)
    again = random_playout(ENGINE, seats, 40 + seats, chooser=ai_option)
    assert playout.log == again.log
    assert ENGINE.result(playout.state) is not None


def test_ai_moves_towards_monuments():
    state = blank()
    put(state, "a8", "god", 0)
    mon(state, "e4", "temple", None)
    task(state, {"t": "move", "seat": 0, "p": 0, "moved": [], "sel": None})
    assert ENGINE.ai_choice(state, 0) == "fig:a8"
    state, _ = play(state, (0, "fig:a8"))
    choice = ENGINE.ai_choice(state, 0)
    from rules.ankh.board import distance

    assert choice.startswith("to:") and distance(choice[3:], "e4") < distance("a8", "e4")


def test_ai_summons_before_conflict():
    state = blank()
    put(state, "b4", "god", 0)
    put(state, "g6", "god", 1)
    state["event_pos"] = 3  # the next event is a Conflict
    state["players"][0]["followers"] = 0
    turn(state, 0)
    while ENGINE.pending(state)[0].seat == 0:
        state, _ = play(state, (0, ENGINE.ai_choice(state, 0)))
    assert "summon" in state["turn"]["taken"] or any(
        f["owner"] == 0 and f["kind"] == "warrior" for f in state["figures"].values()
    )
    assert state["players"][0]["warriors"] == 5


def test_ai_plays_chariots_when_it_can_win():
    state = blank()
    put(state, "b4", "god", 0)
    put(state, "d4", "god", 1)
    put(state, "d5", "warrior", 1)
    conflict(state)
    assert "card:chariots" in ids(state, 0)
    assert ENGINE.ai_choice(state, 0) == "card:chariots"
