"""Engine and renderer figures for every registered game (docs/architecture.md, targets)."""

from __future__ import annotations

import statistics
import time
from typing import Any

from rules.core import Engine
from rules.testing import random_playout


def engine_figures(engine: Engine, *, games: int = 10, renders: int = 30) -> dict[str, float]:
    """apply median, playout median at the largest seat count, render median and PNG size,
    board width, header-band text size, focus-image render median and PNG size."""
    seats = engine.max_players
    apply_ms: list[float] = []
    playout_s: list[float] = []
    views: list[dict[str, Any]] = []
    for seed in range(games):
        started = time.perf_counter()
        playout = random_playout(engine, seats, seed, keep_states=True)
        playout_s.append(time.perf_counter() - started)
        apply_ms.extend(_apply_times(engine, playout.states, playout.log))
        views.extend(
            engine.view(s, None) for s in playout.states[:: max(1, len(playout.states) // 5)]
        )
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
    from render.common import band_sizes

    first = render.board(game_id, views[0])  # warm the static-layer cache
    render.png(first)
    render.png(render.focus(game_id, views[0]))
    render_ms, sizes, focus_ms, focus_sizes, focus_widths = [], [], [], [], []
    for view in views:
        started = time.perf_counter()
        data = render.png(render.board(game_id, view))
        render_ms.append((time.perf_counter() - started) * 1000)
        sizes.append(len(data) / 1024)
    for view in views:
        started = time.perf_counter()
        image = render.focus(game_id, view)
        data = render.png(image)
        focus_ms.append((time.perf_counter() - started) * 1000)
        focus_sizes.append(len(data) / 1024)
        focus_widths.append(image.width)
    return {
        "render_ms_median": round(statistics.median(render_ms), 2),
        "png_kb": round(statistics.median(sizes), 1),
        "board_width_px": first.width,
        # the smallest text of the header band (its title is larger)
        "header_text_px": band_sizes(first.width)[1],
        "focus_render_ms_median": round(statistics.median(focus_ms), 2),
        "focus_png_kb": round(statistics.median(focus_sizes), 1),
        "focus_png_kb_max": round(max(focus_sizes), 1),
        "focus_width_px_max": max(focus_widths),
    }
