"""Engine and renderer figures for every registered game (docs/architecture.md, targets)."""

from __future__ import annotations

import statistics
import time
from typing import Any

from rules.core import Engine
from rules.testing import random_playout


def engine_figures(engine: Engine, *, games: int = 10, renders: int = 30) -> dict[str, float]:
    """apply median, playout median at the largest seat count, render median and PNG size."""
    seats = engine.max_players
    apply_ms: list[float] = []
    playout_s: list[float] = []
    views: list[dict[str, Any]] = []
    for seed in range(games):
        started = time.perf_counter()
        playout = random_playout(engine, seats, seed, keep_states=True)
        playout_s.append(time.perf_counter() - started)
        apply_ms.extend(_apply_times(engine, playout.states, playout.log))
        views.extend(engine.view(s, None) for s in playout.states[:: max(1, len(playout.states)
                                                                     // 5)])
    figures = {
        "apply_ms_median": round(statistics.median(apply_ms), 4),
        "playout_s": round(statistics.median(playout_s), 4),
    }
    figures.update(_render_figures(engine.game_id, views[:renders]))
    return figures


def _apply_times(engine: Engine, states: list[Any], log: list[tuple[int, str]]) -> list[float]:
    times = []
    for state, (seat, option_id) in zip(states, log, strict=True):
        started = time.perf_counter()
        engine.apply(state, seat, option_id)
        times.append((time.perf_counter() - started) * 1000)
    return times


def _render_figures(game_id: str, views: list[dict[str, Any]]) -> dict[str, float]:
    import render

    render.png(render.board(game_id, views[0]))  # warm the static-layer cache
    render_ms, sizes = [], []
    for view in views:
        started = time.perf_counter()
        data = render.png(render.board(game_id, view))
        render_ms.append((time.perf_counter() - started) * 1000)
        sizes.append(len(data) / 1024)
    return {"render_ms_median": round(statistics.median(render_ms), 2),
            "png_kb": round(statistics.median(sizes), 1)}
