"""Issue 11, item 13: the engine and the board drawing read the same numbers.

The Conflict after which gods merge, the one after which gods in the red section are
forgotten, and the top of the red section each live once, in ``rules/ankh/data.py``. These
tests pin the engine's behaviour to those names and check that the board drawing prints the
same names, so a literal creeping back into either side fails here.
"""

from __future__ import annotations

import sys

import pytest

import lang
import render.ankh
from render.ankh import static, words
from rules.ankh import data
from rules.ankh.late import forget

from .scenario import blank, conflict, put


def _three(devotions: tuple[int, int, int], conflicts_before: int):
    state = blank(3, gods=("ra", "osiris", "isis"))
    put(state, "b4", "god", 0)
    put(state, "g6", "god", 1)
    put(state, "d1", "god", 2)
    for player, value in enumerate(devotions):
        state["players"][player]["devotion"] = value
    state["conflicts"] = conflicts_before
    state["event_pos"] = 3  # well before the last Conflict of the event track
    return state


@pytest.mark.rule("ANKH-R142")
@pytest.mark.rule("ANKH-R155")
@pytest.mark.parametrize("number", range(1, 6))
def test_the_engine_merges_and_forgets_at_the_data_conflicts(number):
    """Conflict ``number`` ends: a merge only at MERGE_AFTER_CONFLICT, forgetting only at
    FORGET_AFTER_CONFLICT (devotions 27 / 8 / 3: two gods in the red section)."""
    state = _three((27, 8, 3), number - 1)
    conflict(state)
    assert state["conflicts"] == number
    merged = any(pl["merged_into"] is not None for pl in state["players"])
    forgotten = any(pl["forgotten"] for pl in state["players"])
    assert merged == (number == data.MERGE_AFTER_CONFLICT)
    assert forgotten == (number == data.FORGET_AFTER_CONFLICT)


@pytest.mark.rule("ANKH-R142")
def test_no_merge_below_the_data_player_count():
    state = blank(data.MERGE_MIN_PLAYERS - 1)
    put(state, "b4", "god", 0)
    put(state, "g6", "god", 1)
    state["players"][0]["devotion"], state["players"][1]["devotion"] = 24, 23
    state["conflicts"], state["event_pos"] = data.MERGE_AFTER_CONFLICT - 1, 3
    conflict(state)
    assert all(pl["merged_into"] is None for pl in state["players"])


@pytest.mark.rule("ANKH-R155")
def test_the_forget_threshold_is_the_data_red_top():
    """A pawn on RED_TOP is forgotten, one on RED_TOP + 1 is not."""
    state = _three((data.RED_TOP, data.RED_TOP + 1, data.RED_TOP + 7), 0)
    forget(state, [])
    assert [pl["forgotten"] for pl in state["players"]] == [True, False, False]


class _Spy:
    """Stands in for ``lang`` inside render.ankh and records every template's arguments."""

    def __init__(self) -> None:
        self.calls: dict[str, dict] = {}

    def t(self, locale, template, **kw):
        self.calls[template] = kw
        return lang.t(locale, template, **kw)

    def __getattr__(self, name):
        return getattr(lang, name)


def test_the_board_draws_the_engine_numbers(monkeypatch):
    """The header and the devotion track print the data module's numbers, and the event track
    marks the Conflict cells MERGE_AFTER_CONFLICT and FORGET_AFTER_CONFLICT."""
    spy = _Spy()
    drawing = sys.modules["render.ankh.board"]  # the module; render.ankh.board is the function
    for module in (drawing, static):
        monkeypatch.setattr(module, "lang", spy)
    assert drawing.MERGE_AFTER_CONFLICT is data.MERGE_AFTER_CONFLICT
    assert drawing.FORGET_AFTER_CONFLICT is data.FORGET_AFTER_CONFLICT
    assert static.RED_TOP is data.RED_TOP and static.DEVOTION_TOP is data.DEVOTION_TOP
    from rules.ankh import ENGINE

    view = ENGINE.view(ENGINE.new_game(3, {"scenario": "middle_kingdom"}, 5), None)
    static.static_layer.cache_clear()
    drawing._event_tile.cache_clear()
    render.ankh.board(view)
    header = next(kw for tpl, kw in spy.calls.items() if tpl.startswith("Conflicts done"))
    assert header["merge"] == data.MERGE_AFTER_CONFLICT
    assert header["forget"] == data.FORGET_AFTER_CONFLICT
    assert header["total"] == data.CONFLICTS == data.EVENT_TRACK.count("conflict")
    track = next(kw for tpl, kw in spy.calls.items() if tpl.startswith("red section"))
    assert track == {"top": data.RED_TOP, "n": data.FORGET_AFTER_CONFLICT, "win": data.DEVOTION_TOP}
    assert words.CARD_BLURBS["build"].params == {"cost": data.BUILD_COST}
    assert words.CARD_BLURBS["chariots"].params == {"n": data.CARD_STRENGTH["chariots"]}
    assert "merge" in spy.calls and "forget" in spy.calls  # the two Conflict cells' notes
    static.static_layer.cache_clear()
    drawing._event_tile.cache_clear()
