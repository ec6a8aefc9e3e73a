"""The zero-option law for every game, seat count and table option: no open decision ever
offers nothing (``Engine.check_decisions``, checked by ``apply`` on every new state and by
the playout driver on the first one), and every game ends.

Two kinds of playout: purely random answers (odd corners) and every seat played by the
baseline AI (what take-overs and AI tables do). The normal run plays 2 seeds per cell and
kind; ``pytest -m sweep`` plays 200.
"""

from __future__ import annotations

import pytest

import rules
from rules.core import canonical_json
from rules.testing import ai_option, random_option, random_playout, table_settings

CHOOSERS = {"random": random_option, "ai": ai_option}


def _cells() -> list[tuple[str, int, dict[str, str]]]:
    """(game, seats, table option) for every seat count and every choice of every option,
    leaving out a choice that deals exactly the default game at that seat count (a solo-only
    option at a multi-seat table)."""
    cells = []
    for game_id, engine in sorted(rules.ENGINES.items()):
        for seats in range(engine.min_players, engine.max_players + 1):
            default = canonical_json(engine.dump(engine.new_game(seats, {}, 1)))
            for setting in table_settings(engine):
                dealt = canonical_json(engine.dump(engine.new_game(seats, setting, 1)))
                if setting and dealt == default:
                    continue
                cells.append((game_id, seats, setting))
    return cells


CELLS = _cells()
CELL_IDS = [
    f"{g}-{n}-" + ("+".join(f"{k}={v}" for k, v in s.items()) or "default") for g, n, s in CELLS
]


def play_to_the_end(
    game_id: str, seats: int, setting: dict[str, str], seed: int, chooser: str
) -> None:
    engine = rules.get(game_id)
    playout = random_playout(engine, seats, seed, setting, chooser=CHOOSERS[chooser])
    assert engine.pending(playout.state) == []
    assert engine.result(playout.state) is not None, f"{game_id} seed {seed}: no result"


def test_cells_cover_every_game_and_seat_count():
    covered = {(g, n) for g, n, _ in CELLS}
    assert covered == {
        (g, n) for g, e in rules.ENGINES.items() for n in range(e.min_players, e.max_players + 1)
    }
    assert len(CELLS) > len(covered)  # table options are covered too


@pytest.mark.parametrize("chooser", list(CHOOSERS))
@pytest.mark.parametrize(("game_id", "seats", "setting"), CELLS, ids=CELL_IDS)
def test_every_decision_has_an_option(game_id, seats, setting, chooser):
    for seed in range(2):
        play_to_the_end(game_id, seats, setting, 500 + seed, chooser)


@pytest.mark.sweep
@pytest.mark.parametrize("chooser", list(CHOOSERS))
@pytest.mark.parametrize(("game_id", "seats", "setting"), CELLS, ids=CELL_IDS)
def test_sweep_every_decision_has_an_option(game_id, seats, setting, chooser):
    for seed in range(200):
        play_to_the_end(game_id, seats, setting, 2000 + seed, chooser)
