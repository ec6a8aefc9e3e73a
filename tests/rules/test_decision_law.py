"""The zero-option law for every game, seat count and table option: no open decision ever
offers nothing (``Engine.check_decisions``, checked by ``apply`` on every new state and by
the playout driver on the first one), and every game ends.

Two kinds of playout: purely random answers (odd corners) and every seat played by the
baseline AI (what take-overs and AI tables do). The normal run plays 2 seeds per cell and
kind; ``pytest -m sweep`` plays 200.

The same playouts check the never-peek law (issue 13 item 2, ``rules.testing.check_hidden_law``)
at every ``HIDDEN_LAW_EVERY``-th state, for every seat, in games that implement
``Engine.sample_hidden``; every game must implement it.

A few other random playouts check the reload law (``rules.testing.check_reload_law``): a
state loaded from its stored form continues exactly like the live one.
"""

from __future__ import annotations

from typing import Any

import pytest

import rules
from rules.core import Engine, canonical_json
from rules.testing import (
    Move,
    ai_option,
    check_hidden_law,
    check_reload_law,
    mixed_option,
    random_option,
    random_playout,
    table_settings,
)

CHOOSERS = {"random": random_option, "ai": ai_option}
HIDDEN_LAW_EVERY = 50  # states between two never-peek checks: ~25 s CPU in the normal run


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


def samples_hidden(engine: Engine) -> bool:
    return type(engine).sample_hidden is not Engine.sample_hidden


def hidden_law_checker(engine: Engine, seats: int, seed: int):
    """An ``on_step`` for ``random_playout``: the never-peek law every HIDDEN_LAW_EVERY-th state
    for every seat, or None when the engine does not sample hidden information yet."""
    if not samples_hidden(engine):
        return None
    steps = [0]

    def check(before: Any, _after: Any, _move: Move) -> None:
        steps[0] += 1
        if steps[0] % HIDDEN_LAW_EVERY == 0:
            for seat in range(seats):
                check_hidden_law(engine, before, seat, seed + steps[0])

    return check


def play_to_the_end(
    game_id: str, seats: int, setting: dict[str, str], seed: int, chooser: str
) -> None:
    engine = rules.get(game_id)
    on_step = hidden_law_checker(engine, seats, seed)
    playout = random_playout(
        engine, seats, seed, setting, chooser=CHOOSERS[chooser], on_step=on_step
    )
    assert engine.pending(playout.state) == []
    assert engine.result(playout.state) is not None, f"{game_id} seed {seed}: no result"


def test_cells_cover_every_game_and_seat_count():
    covered = {(g, n) for g, n, _ in CELLS}
    assert covered == {
        (g, n) for g, e in rules.ENGINES.items() for n in range(e.min_players, e.max_players + 1)
    }
    assert len(CELLS) > len(covered)  # table options are covered too


@pytest.mark.parametrize("game_id", sorted(rules.ENGINES))
def test_every_game_samples_hidden_information(game_id):
    """Issue 13 item 2: a search AI determinizes with sample_hidden, so every game needs it."""
    assert samples_hidden(rules.get(game_id))


RELOAD_SEEDS = range(2)  # one playout at the fewest seats, one at the most: ~40 s in all


@pytest.mark.parametrize("seed", RELOAD_SEEDS)
@pytest.mark.parametrize("game_id", sorted(rules.ENGINES))
def test_a_reloaded_state_continues_like_the_live_one(game_id, seed):
    """The reload law (``rules.testing.check_reload_law``): nothing reads dict insertion
    order, which storage (sorted keys) does not keep."""
    engine = rules.get(game_id)
    seats = (engine.min_players, engine.max_players)[seed % 2]
    # Half the answers from the AI: it reaches battles and powers random play rarely does.
    assert check_reload_law(engine, seats, 900 + seed, chooser=mixed_option) > 100


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
