"""``ai.loop_lag_ms_p99``: how late the event loop runs while AI seats think (issue 13 item 4).

A ticker task sleeps 10 ms in a loop and records by how much each wake-up overshoots, while
two "matches" ask the service's ``AIRunner`` (a process pool sized to the cores) for ``hard``
decisions on mid-game states of every searching game, one after another each. With the search
off the loop the lag stays that of an idle loop on a busy machine; run inline, every decision
would block it for its whole duration.
"""

from __future__ import annotations

import asyncio
import time
from typing import Any

import rules
from bench.ai_timing import _mid_game_states
from bot.ai_runner import AIRunner, searches

TICK_S = 0.010
DECISIONS_PER_GAME = 5
LEVEL = "hard"


def loop_lag_ms_p99(decisions_per_game: int = DECISIONS_PER_GAME) -> dict[str, float]:
    """The p99 and max overshoot of a 10 ms sleep while hard decisions run in the pool."""
    jobs = _jobs(decisions_per_game)
    return asyncio.run(_measure(jobs))


def _jobs(per_game: int) -> list[tuple[Any, Any, Any]]:
    jobs = []
    for _game_id, engine in sorted(rules.ENGINES.items()):
        for state, seat in _mid_game_states(engine, per_game):
            decision = engine.decision_for(state, seat)
            if decision is not None and searches(engine, decision, LEVEL):
                jobs.append((engine, state, decision))
    return jobs


async def _measure(jobs: list[tuple[Any, Any, Any]]) -> dict[str, float]:
    runner = AIRunner()
    lags: list[float] = []
    thinking = True

    async def ticker() -> None:
        while thinking:
            started = time.perf_counter()
            await asyncio.sleep(TICK_S)
            lags.append((time.perf_counter() - started - TICK_S) * 1000)

    async def match(share: list[tuple[Any, Any, Any]]) -> None:
        for seed, (engine, state, decision) in enumerate(share):
            await runner.decide(engine, state, decision, LEVEL, seed)

    tick = asyncio.create_task(ticker())
    started = time.perf_counter()
    try:
        await asyncio.gather(match(jobs[0::2]), match(jobs[1::2]))
    finally:
        thinking = False
        await tick
        runner.shutdown()
    ordered = sorted(lags)
    return {
        "loop_lag_ms_p99": round(ordered[int(0.99 * (len(ordered) - 1))], 1),
        "loop_lag_ms_max": round(ordered[-1], 1),
        "loop_lag_ticks": len(lags),
        "loop_lag_decisions": len(jobs),
        "loop_lag_fallbacks": runner.fallbacks,
        "loop_lag_wall_s": round(time.perf_counter() - started, 1),
    }


if __name__ == "__main__":
    print(loop_lag_ms_p99())
