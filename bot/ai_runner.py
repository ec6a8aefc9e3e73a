"""AI seats' decisions off the event loop (issue 13 item 4, docs/ai.md).

``ai.decide`` at ``normal`` and ``hard`` searches for up to a second or two: it runs in a
process pool (one worker per core, created at the first search, shut down with the service),
so Discord heartbeats and other matches never wait. A worker gets only plain data (game id,
the dumped state, seat, level, seed) and rebuilds the state itself. The seed is a stable
function of the match and its version, so a replay or a restart picks the same move.

If the pool breaks or a decision takes longer than ``timeout`` seconds, that move falls back
to the game's heuristic (``easy``), logged; the match goes on. ``easy`` and decisions with one
option run inline: the heuristic takes well under a millisecond, less than a trip to the pool.
"""

from __future__ import annotations

import asyncio
import hashlib
import importlib
import logging
import os
from concurrent.futures import Executor
from concurrent.futures.process import BrokenProcessPool
from typing import Any

import ai
import rules
from ai.levels import budget_for
from bot.pools import worker_pool
from rules.core import Decision, Engine

log = logging.getLogger(__name__)

DEFAULT_TIMEOUT = 30.0  # seconds a search may take, queueing included, before the fallback
# Tests switch the search off (tests/bot/conftest.py) so whole games through AI seats stay
# fast; tests marked ``search_ai`` keep it.
SEARCH_ENABLED = True


def ai_seed(match_seed: int | None, match_id: int, version: int, seat: int) -> int:
    """The seed of one AI decision: the same match, version and seat give the same seed."""
    key = f"{match_seed}:{match_id}:{version}:{seat}".encode()
    return int.from_bytes(hashlib.blake2b(key, digest_size=8).digest(), "big") >> 1


def engine_class_path(engine: Engine) -> str:
    """Where a worker finds an engine the registry lacks (a test's game): module:class."""
    return f"{type(engine).__module__}:{type(engine).__qualname__}"


def worker_engine(game_id: str, class_path: str) -> Engine:
    """The registered engine, else a fresh instance of its class (engines are stateless)."""
    engine = rules.ENGINES.get(game_id)
    if engine is None:
        module, name = class_path.split(":")
        engine = getattr(importlib.import_module(module), name)()
    return engine


def decide_in_worker(
    game_id: str, class_path: str, dumped: Any, seat: int, level: str, seed: int
) -> str:
    """A pool worker's job: rebuild the state from its dump and search."""
    engine = worker_engine(game_id, class_path)
    return ai.decide(engine, engine.load(dumped), seat, level, seed)


def heuristic_option(engine: Engine, state: Any, decision: Decision) -> str:
    """The game's heuristic answer, or the first option if the heuristic fails or strays."""
    try:
        option_id = engine.ai_choice(state, decision.seat)
    except Exception:
        log.exception("%s AI failed; taking the first option", engine.game_id)
        return decision.options[0].id
    if decision.option(option_id) is None:
        log.warning(
            "%s AI chose %r, which is not offered; taking the first option",
            engine.game_id,
            option_id,
        )
        return decision.options[0].id
    return option_id


def searches(engine: Engine, decision: Decision, level: str) -> bool:
    """Whether this decision at this level goes to the pool (else the heuristic, inline)."""
    if not SEARCH_ENABLED or len(decision.options) < 2:
        return False
    try:
        return budget_for(level, engine.game_id) is not None
    except ValueError:
        return False  # an unknown level plays as easy


class AIRunner:
    """Answers AI decisions: the heuristic inline, searches in a lazily created process pool."""

    def __init__(self, workers: int | None = None, timeout: float = DEFAULT_TIMEOUT) -> None:
        self.workers = workers or os.cpu_count() or 1
        self.timeout = timeout
        self._executor: Executor | None = None
        self.searches = 0  # decisions sent to the pool
        self.fallbacks = 0  # moves the heuristic made because the pool failed or was slow

    def _pool(self) -> Executor:
        if self._executor is None:
            self._executor = self._new_executor()
        return self._executor

    def _new_executor(self) -> Executor:
        return worker_pool(self.workers, ["ai", "rules"])

    async def decide(
        self, engine: Engine, state: Any, decision: Decision, level: str, seed: int
    ) -> str:
        """``decision.seat``'s answer at ``level``; always an offered option."""
        if not searches(engine, decision, level):
            return heuristic_option(engine, state, decision)
        self.searches += 1
        dumped = engine.dump(state)
        job = (engine.game_id, engine_class_path(engine), dumped, decision.seat, level, seed)
        try:
            option_id = await asyncio.wait_for(self._submit(job), self.timeout)
        except BrokenProcessPool:
            log.error("%s AI: the process pool broke; the heuristic moves", engine.game_id)
            self._discard_pool()
            return self._fallback(engine, state, decision)
        except TimeoutError:
            log.error(
                "%s AI: no %s answer within %.0f s; the heuristic moves",
                engine.game_id,
                level,
                self.timeout,
            )
            return self._fallback(engine, state, decision)
        except Exception:
            log.exception("%s AI: the %s search failed; the heuristic moves", engine.game_id, level)
            return self._fallback(engine, state, decision)
        if decision.option(option_id) is None:
            log.warning("%s AI: search chose %r, not offered", engine.game_id, option_id)
            return self._fallback(engine, state, decision)
        return option_id

    async def _submit(self, job: tuple[Any, ...]) -> str:
        """Run ``decide_in_worker(*job)`` in the pool. The submission itself runs in a thread:
        starting a worker process (the first one starts the fork server, which imports the
        games) would otherwise block the event loop for most of a second."""
        pool = self._pool()
        future = await asyncio.to_thread(pool.submit, decide_in_worker, *job)
        return await asyncio.wrap_future(future)

    def _fallback(self, engine: Engine, state: Any, decision: Decision) -> str:
        self.fallbacks += 1
        return heuristic_option(engine, state, decision)

    def _discard_pool(self) -> None:
        executor, self._executor = self._executor, None
        if executor is not None:
            executor.shutdown(wait=False, cancel_futures=True)

    def shutdown(self) -> None:
        """Stop the workers (a search still running is abandoned)."""
        self._discard_pool()
