"""``python -m bench [--json] [--games N]``: the performance figures of docs/architecture.md.

Prints one line per figure (or one JSON object with ``--json``) for every registered game and
for the match service, plus the machine it ran on. Benchmarks are never asserted in tests.
"""

from __future__ import annotations

import argparse
import json
import os
import platform

import rules
from bench import load, service
from bench.ai_timing import ai_figures
from bench.engines import engine_figures
from bench.loop_lag import loop_lag_ms_p99


def machine() -> str:
    model = platform.processor() or platform.machine()
    try:
        with open("/proc/cpuinfo", encoding="utf-8") as cpuinfo:
            for line in cpuinfo:
                if line.startswith("model name"):
                    model = line.split(":", 1)[1].strip()
                    break
    except OSError:
        pass
    return f"{os.cpu_count()} cores, {model}, Python {platform.python_version()}"


def collect(
    games: int, *, ai_levels: bool = True, load_seconds: float = 10.0
) -> dict[str, dict[str, float]]:
    figures = {
        game_id: engine_figures(engine, games=games)
        for game_id, engine in sorted(rules.ENGINES.items())
    }
    if ai_levels:
        for game_id, engine in sorted(rules.ENGINES.items()):
            figures[game_id].update(ai_figures(engine))
        figures["ai"] = loop_lag_ms_p99()  # the event loop while hard seats search in the pool
    figures["service"] = {
        "move_ms_p95": round(service.move_ms_p95(), 2),
        "move_ms_p95_postgres": round(service.move_ms_p95(store="postgres"), 2),
        "startup_10k_s": round(service.startup_10k_s(), 3),
        "recovery_s": round(service.recovery_s(), 2),
    }
    if load_seconds > 0:  # moves/s with a board each: one process, two on one PostgreSQL
        figures["load"] = load.load_figures(load_seconds)
    return figures


def main() -> None:
    parser = argparse.ArgumentParser(prog="python -m bench", description=__doc__)
    parser.add_argument("--json", action="store_true", help="print one JSON object")
    parser.add_argument("--games", type=int, default=10, help="playouts per game (default 10)")
    parser.add_argument("--no-ai", action="store_true", help="skip the AI decision timings")
    parser.add_argument(
        "--load-seconds",
        type=float,
        default=10.0,
        help="seconds each load run plays (default 10; 0 skips the load figure)",
    )
    args = parser.parse_args()
    figures = collect(args.games, ai_levels=not args.no_ai, load_seconds=args.load_seconds)
    if args.json:
        print(json.dumps(figures, sort_keys=True))
        return
    print(f"machine: {machine()}")
    for group, values in figures.items():
        for key, value in values.items():
            print(f"{group}.{key}: {value}")
    if service.NOTES:
        print(f"service notes: {service.NOTES}")
    if load.NOTES:
        print(f"load notes: {load.NOTES}")


if __name__ == "__main__":
    main()
