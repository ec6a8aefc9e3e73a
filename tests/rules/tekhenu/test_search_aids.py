"""The search AI's Tekhenu aids (docs/ai/tekhenu.md): the estimate's upkeep (Bread owed at the
coming Scorings, the next Maat phase's loss) and the turn-lookahead proposals."""

from __future__ import annotations

import pytest

from rules.tekhenu import ENGINE
from rules.tekhenu.candidates import PROPOSALS, finish_turn, propose
from rules.tekhenu.data import PIECES, ROUNDS
from rules.tekhenu.estimate import (
    FAITH_VP,
    GOLD_VP,
    LATER_BREAD_VP,
    RESOURCE_VP,
    SCRIBE_VP,
    UNPAID_BREAD_VP,
    estimate,
    turns_left,
)
from rules.tekhenu.state import balance
from tests.rules.tekhenu.scenario import at_turn, current


def _plain(state: dict, seat: int, built: int) -> dict:
    """``seat`` with ``built`` Buildings, no Decrees, no Bread and no Gold."""
    player = state["players"][seat]
    player["buildings"] = PIECES["buildings"] - built
    player["decrees"] = []
    player["res"]["bread"] = 0
    player["gold"] = 0
    return state


def test_bread_owed_at_the_coming_scorings_lowers_the_estimate() -> None:
    state = _plain(at_turn(2, 3), 0, built=3)  # the row shows 2 Bread (TEK-R168, B.11)
    assert state["scorings"] == 0
    unfed = estimate(state)[0]
    state["players"][0]["res"]["bread"] = 2
    fed = estimate(state)[0]
    # 2 Bread now pay the first Scoring (3 VP each unpaid) instead of lying at 0.3 VP each
    # the later Scoring's 2 Bread cost the same either way.
    assert fed - unfed == pytest.approx(2 * RESOURCE_VP + 2 * (UNPAID_BREAD_VP - RESOURCE_VP))
    state["players"][0]["buildings"] = PIECES["buildings"] - 4  # 4th: VP, no Bread
    more = estimate(state)[0]
    assert more > fed  # the 4th building shows 2 VP and no Bread
    state["players"][0]["buildings"] = PIECES["buildings"] - 5  # 5th: one more Bread
    fifth = estimate(state)[0]
    assert more - fifth == pytest.approx(UNPAID_BREAD_VP + LATER_BREAD_VP)


def test_the_next_maat_loss_counts_after_faith() -> None:
    state = _plain(at_turn(2, 3), 1, built=0)
    player = state["players"][1]
    player["faith"] = 0
    before = estimate(state)[1]
    assert balance(player) == 0  # empty scales at the first turn
    player["excess"] = 6  # 6 excess tokens on the right pan (TEK-R147): balance -6
    low = estimate(state)[1]
    assert before - low >= 2  # -6..-8 loses 2 VP (TEK-R152)
    player["faith"] = 6  # Faith on the left pan evens the scales out (TEK-R150)
    assert estimate(state)[1] > low


def test_proposals_are_the_best_finished_turns() -> None:
    state = at_turn(2, 5)
    seat = current(state)
    decision = ENGINE.decision_for(state, seat)
    assert decision is not None and decision.key == "take"
    picks = propose(ENGINE, state, seat)
    assert len(picks) == PROPOSALS == len(set(picks))
    assert all(decision.option(p) is not None for p in picks)
    assert propose(ENGINE, state, seat) == picks  # deterministic
    worth = {o.id: finish_turn(ENGINE, state, seat, o.id) for o in decision.options}
    worst_pick = min(worth[p] for p in picks)
    assert all(worth[o] <= worst_pick for o in worth if o not in picks)
    assert ENGINE.search_candidates(state, seat) == picks


def test_holdings_lose_their_worth_with_the_last_turns() -> None:
    """TEK-R047 / R058 / R175: 16 turns a seat, and Gold, Scribes, Faith and resources score
    nothing at the end, so the estimate counts them less as the seat's last turns pass."""
    state = _plain(at_turn(2, 3), 0, built=0)
    player = state["players"][0]
    spare = {"gold": 3, "scribe": 2, "faith": 2}

    def gain() -> float:
        before = estimate(state)[0]
        player.update({key: player[key] + more for key, more in spare.items()})
        player["res"]["granite"] += 4
        after = estimate(state)[0]
        player.update({key: player[key] - more for key, more in spare.items()})
        player["res"]["granite"] -= 4
        return after - before

    full = gain()
    assert full == pytest.approx(3 * GOLD_VP + 2 * SCRIBE_VP + 2 * FAITH_VP + 4 * RESOURCE_VP)
    state["round"] = ROUNDS  # the last round; seat 0 still to play its turn: half the worth
    state["turn_idx"] = state["order"].index(0)
    assert turns_left(state, 0) == 1
    assert gain() == pytest.approx(full / 2)
    state["turn_idx"] = state["order"].index(0) + 1  # its last turn played: no worth left
    assert turns_left(state, 0) == 0
    assert gain() == pytest.approx(0.0)
