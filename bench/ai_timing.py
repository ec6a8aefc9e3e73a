"""``<game>.ai_ms_p95_<level>``: how long one AI decision takes at each level (docs/ai.md).

A handful of decisions from mid-game states of one heuristic game (decisions with a real
choice only), so the figure stays cheap; with so few samples the p95 is close to the max.
"""

from __future__ import annotations

import time
from typing import Any

import ai
from rules.core import Engine
from rules.testing import ai_option, random_playout

DECISIONS = 5
SEED = 13


def ai_figures(engine: Engine, *, decisions: int = DECISIONS) -> dict[str, float]:
    states = _mid_game_states(engine, decisions)
    figures: dict[str, float] = {}
    for level in ai.LEVELS:
        try:
            times = [_decision_ms(engine, state, seat, level) for state, seat in states]
        except NotImplementedError:  # the game cannot determinize yet (no sample_hidden)
            continue
        figures[f"ai_ms_p95_{level}"] = round(_p95(times), 1)
    return figures


def _mid_game_states(engine: Engine, count: int) -> list[tuple[Any, int]]:
    seats = min(engine.max_players, max(engine.min_players, 3))
    playout = random_playout(engine, seats, SEED, chooser=ai_option, keep_states=True)
    middle = playout.states[len(playout.states) // 4 : 3 * len(playout.states) // 4]
    chosen = []
    for state in middle[:: max(1, len(middle) // (4 * count))]:
        decision = engine.pending(state)[0]
        if len(decision.options) > 1:
            chosen.append((state, decision.seat))
    step = max(1, len(chosen) // count)
    return chosen[::step][:count]


def _decision_ms(engine: Engine, state: Any, seat: int, level: str) -> float:
    started = time.perf_counter()
    ai.decide(engine, state, seat, level, SEED)
    return (time.perf_counter() - started) * 1000


def _p95(times: list[float]) -> float:
    ordered = sorted(times)
    return ordered[min(len(ordered) - 1, int(0.95 * len(ordered)))]
