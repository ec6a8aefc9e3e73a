"""Issue 11 "Rules as printed": the checks behind docs/notation/ankh.md, section "Rules
followed exactly?" (each former shortcut either follows the rule or is shown harmless here)."""

from __future__ import annotations

import pytest

import rules
from rules.ankh import ENGINE
from rules.ankh.board import valid_lines
from rules.ankh.events import caravan_decision, open_lines
from rules.ankh.state import clone
from rules.core import IllegalMove
from rules.testing import random_playout

from .scenario import blank, conflict, dev, ids, key, mon, play, put, task


@pytest.mark.rule("ANKH-R033")
@pytest.mark.rule("ANKH-R044")
def test_declining_a_first_action_unlock_is_refused_with_the_reason():
    state = blank()
    put(state, "b4", "god", 0)
    state["players"][0]["followers"] = 2
    task(state, {"t": "action", "seat": 0, "n": 1, "min": -1})
    state, _ = play(state, (0, "act:unlock"))
    assert key(state) == "unlock" and "skip" not in ids(state)
    with pytest.raises(IllegalMove) as refused:
        ENGINE.apply(state, 0, "skip")
    assert "only for your second action" in str(refused.value)


def _battle_card_steps(seats: int, seed: int):
    """Every state of a random playout where battle cards are being picked."""
    playout = random_playout(ENGINE, seats, seed, keep_states=True)
    for state in playout.states:
        if state["stack"] and state["stack"][-1]["t"] == "cards":
            yield state


@pytest.mark.rule("ANKH-R069")
@pytest.mark.rule("ANKH-R086")
@pytest.mark.parametrize("seats,seed", [(2, 3), (3, 4), (4, 5), (5, 6)])
def test_no_participant_ever_has_an_empty_hand(seats, seed):
    """Cycle of Ma'at never stays among the used cards (playing it takes every used card
    back), so a hand always holds at least Cycle of Ma'at: every participant picks."""
    seen = 0
    for state in _battle_card_steps(seats, seed):
        battle = state["conflict"]["battle"]
        asked = {state["seat_player"][d.seat] for d in ENGINE.pending(state)}
        for p in battle["participants"]:
            picks = battle["picks"][str(p)]
            hand = state["players"][p]["hand"]
            assert "cycle" in hand or "cycle" in picks
            if len(picks) < battle["need"][str(p)]:
                assert p in asked
        seen += 1
    assert seen > 0


@pytest.mark.rule("ANKH-R093")
@pytest.mark.rule("ANKH-R135")
def test_a_killed_mummy_counts_for_miracle():
    """The Mummy is killed, then re-summoned: Miracle counts it (Ra: Mummy + warrior = 2)."""
    state = blank(2, gods=("ra", "isis"))
    put(state, "b4", "god", 0)
    put(state, "a4", "mummy", 0)
    put(state, "c4", "warrior", 0)
    put(state, "d4", "god", 1)
    put(state, "d5", "warrior", 1)
    conflict(state)
    state, _ = play(state, (0, "card:miracle"), (1, "card:chariots"))
    assert key(state) == "mummy"
    state, _ = play(state, (0, ids(state, 0)[0]))
    assert dev(state, 0) == 2
    assert sum(f["kind"] == "mummy" for f in state["figures"].values()) == 1


def _lines_by_answers(state: dict, caravan: dict) -> tuple[set, bool]:
    """Every line the camel-by-camel answers can finish with ``done``, exploring every
    order of placement (memoised on the set of camels placed so far)."""
    finished: set = set()
    seen: set = set()
    dead_end = False
    stack = [frozenset()]
    while stack:
        chosen = stack.pop()
        if chosen in seen:
            continue
        seen.add(chosen)
        caravan["line"] = [list(e) for e in sorted(chosen)]
        (decision,) = caravan_decision(state, caravan)
        option_ids = decision.option_ids()
        if not [o for o in option_ids if o != "skip"]:
            dead_end = True
        if "done" in option_ids:
            finished.add(chosen)
        for oid in option_ids:
            if oid.startswith("camel:"):
                a, b = oid[6:].split("-")
                stack.append(chosen | {tuple(sorted((a, b)))})
    return finished, dead_end


@pytest.mark.rule("ANKH-R053")
@pytest.mark.rule("ANKH-R054")
@pytest.mark.parametrize(
    "scenario,seats", [("middle_kingdom", 2), ("old_kingdom", 4), ("middle_kingdom", 5)]
)
def test_camel_by_camel_reaches_exactly_the_legal_lines(scenario, seats):
    """Exhaustive: placing one camel at a time (any order) can finish exactly the legal
    lines (every one of them, nothing else), and never leaves the player without a legal
    way on."""
    state = clone(ENGINE.new_game(seats, {"scenario": scenario}, 2))
    caravan = {"t": "caravan", "seat": 0, "p": 0, "line": []}
    legal = {frozenset(ln) for ln in open_lines(state, [])}
    assert legal  # there are lines to place on this board
    camels = frozenset(tuple(e) for e in state["camels"])
    assert legal <= set(valid_lines(camels))
    finished, dead_end = _lines_by_answers(state, caravan)
    assert finished == legal and not dead_end


def test_rules_package_has_ankh():
    assert rules.get("ankh") is ENGINE


@pytest.mark.rule("ANKH-R100")
@pytest.mark.rule("ANKH-R101")
def test_obelisk_attunement_may_move_a_figure_again():
    """Any of your figures, from anywhere: the warrior already next to the obelisk (a6) moves
    to b7 and, on a later turn of the alternation, on to a8; Isis has the power too and moves
    in between (least devotion first: Ra on 4, Isis on 1)."""
    state = blank(2, gods=("ra", "isis"))
    put(state, "b4", "god", 0)
    put(state, "a6", "warrior", 0)
    put(state, "d4", "god", 1)
    put(state, "h2", "warrior", 1)
    mon(state, "a7", "obelisk", 0)
    mon(state, "e8", "obelisk", 1)
    for p, devotion in ((0, 4), (1, 1)):
        state["players"][p]["powers"] = ["obelisk_attunement"]
        state["players"][p]["devotion"] = devotion
    conflict(state)
    state, _ = play(state, (1, "fig:h2"), (1, "to:d8"), (0, "fig:a6"), (0, "to:b7"), (1, "pass"))
    assert "fig:b7" in ids(state, 0)  # the warrior moved already, and may move again
    state, _ = play(state, (0, "fig:b7"), (0, "to:a8"), (0, "pass"))
    assert key(state) == "battle_card"
    assert state["figures"]["a8"] == {"kind": "warrior", "owner": 0, "radiant": False, "aim": None}
    assert "b7" not in state["figures"] and "a6" not in state["figures"]


@pytest.mark.rule("ANKH-R101")
def test_obelisk_attunement_waits_for_a_god_that_cannot_move_yet():
    """Ra's obelisk (a7) is surrounded by Isis' warriors, so Ra cannot move first; once Isis
    moves one of them to her own obelisk (e8), the freed space is Ra's to take."""
    state = blank(2, gods=("ra", "isis"))
    put(state, "b4", "god", 0)
    put(state, "d4", "god", 1)
    for hex_ in ("a6", "a8", "b6", "b7"):
        put(state, hex_, "warrior", 1)
    mon(state, "a7", "obelisk", 0)
    mon(state, "e8", "obelisk", 1)
    for p, devotion in ((0, 1), (1, 5)):
        state["players"][p]["powers"] = ["obelisk_attunement"]
        state["players"][p]["devotion"] = devotion
    conflict(state)
    assert [d.seat for d in ENGINE.pending(state)] == [1]  # Ra is passed over, not out
    state, _ = play(state, (1, "fig:a6"), (1, "to:d8"))
    assert [d.seat for d in ENGINE.pending(state)] == [0]
    state, _ = play(state, (0, "fig:b4"))
    assert ids(state, 0) == ["to:a6"]
    state, _ = play(state, (0, "to:a6"), (1, "pass"))
    assert key(state) == "battle_card"  # Ra has no free space left and Isis has passed
    assert state["figures"]["a6"]["kind"] == "god" and state["figures"]["a6"]["owner"] == 0
