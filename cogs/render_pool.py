"""Boards are drawn in a pool of processes sized to the cores (issue 15 item 7), so one bot
process's throughput grows with the machine: Pillow holds the GIL for most of a drawing, so
threads would share one core.

``RENDER_PROCESSES`` sets the pool's size (``0``: draw in a thread, as before). The pool starts
on first use, in a thread, with the ``forkserver`` method (never a fork of the running event
loop); until its workers run, and when it broke (a worker died; a new one starts), drawings are
made in a thread.
"""

from __future__ import annotations

import asyncio
import functools
import logging
import os
from collections.abc import Callable
from concurrent.futures import ProcessPoolExecutor
from concurrent.futures.process import BrokenProcessPool
from typing import Any, TypeVar

from bot.pools import worker_pool

log = logging.getLogger(__name__)

T = TypeVar("T")
PRELOAD = ["render", "cogs.common"]  # imported once by the fork server, not per drawing

_pool: ProcessPoolExecutor | None = None
_starting: asyncio.Task[None] | None = None  # the pool starting in a thread
_configured: int | None = None  # RENDER_PROCESSES from the settings (bot/settings.py)


def configure(processes: int | None) -> None:
    """The pool's size from the settings (None: the environment, else the cores)."""
    global _configured
    _configured = processes


def pool_size() -> int:
    """Worker processes: ``RENDER_PROCESSES`` if set, else the cores this process may use."""
    if _configured is not None:
        return _configured
    raw = os.environ.get("RENDER_PROCESSES", "").strip()
    if raw.isdigit():
        return int(raw)
    try:
        return len(os.sched_getaffinity(0))
    except AttributeError:  # not on Linux
        return os.cpu_count() or 1


def _started_pool() -> ProcessPoolExecutor:
    """A new pool with every worker running (blocking for seconds: the fork server imports
    ``PRELOAD`` first). Called in a thread, never on the event loop."""
    pool = worker_pool(pool_size(), PRELOAD)
    for future in [pool.submit(os.getpid) for _ in range(pool_size())]:
        future.result()
    return pool


async def _start() -> None:
    global _pool, _starting
    try:
        _pool = await asyncio.to_thread(_started_pool)
    except Exception:
        log.warning("the render pool could not start; drawing in threads", exc_info=True)
        _starting = None  # tried again by a later drawing


def _ready_pool() -> ProcessPoolExecutor | None:
    """The pool once its workers run; the first call starts it in the background (drawings
    go to threads meanwhile, so the event loop never waits for processes to start)."""
    global _starting
    loop = asyncio.get_running_loop()
    if _starting is not None and _pool is None and _starting.get_loop() is not loop:
        _starting = None  # begun under an event loop that has ended
    if _pool is None and _starting is None and pool_size() > 0:
        _starting = loop.create_task(_start(), name="scarab-render-pool")
    return _pool


async def draw(work: Callable[..., T], *args: Any, **kwargs: Any) -> T:
    """``work(*args, **kwargs)`` (a module-level function, its arguments picklable) in the
    pool, else in a thread. Its exceptions are raised here."""
    call = functools.partial(work, *args, **kwargs)
    pool = _ready_pool()
    if pool is not None:
        try:
            future = pool.submit(call)
        except (BrokenProcessPool, RuntimeError, OSError):
            _give_up(pool)
        else:
            try:
                return await asyncio.wrap_future(future)
            except BrokenProcessPool:
                _give_up(pool)
    return await asyncio.to_thread(call)


async def started() -> bool:
    """Start the pool now and wait until its workers run (bench, tests); False without one."""
    _ready_pool()
    if _starting is not None:
        await asyncio.shield(_starting)
    return _pool is not None


def _give_up(pool: ProcessPoolExecutor) -> None:
    """A pool that broke or cannot start workers: the next drawing starts a new one."""
    global _pool, _starting
    log.warning("the render pool failed; drawing in a thread meanwhile", exc_info=True)
    if _pool is pool:
        _pool, _starting = None, None
    pool.shutdown(wait=False, cancel_futures=True)


def shutdown() -> None:
    """Stop the pool's workers (at exit; a later drawing starts a new pool)."""
    global _pool, _starting
    pool, _pool, _starting = _pool, None, None
    if pool is not None:
        pool.shutdown(wait=False, cancel_futures=True)
