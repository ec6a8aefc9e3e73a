"""Boards are drawn in a pool of processes sized to the cores (issue 15 item 7), so one bot
process's throughput grows with the machine: Pillow holds the GIL for most of a drawing, so
threads would share one core.

``RENDER_PROCESSES`` sets the pool's size (``0``: draw in a thread, as before). The pool starts
on first use with the ``forkserver`` method (never a fork of the running event loop); a pool
that broke (a worker died) is replaced, and a drawing it lost is drawn in a thread.
"""

from __future__ import annotations

import asyncio
import functools
import logging
import multiprocessing
import os
from collections.abc import Callable
from concurrent.futures import ProcessPoolExecutor
from concurrent.futures.process import BrokenProcessPool
from typing import Any, TypeVar

log = logging.getLogger(__name__)

T = TypeVar("T")
PRELOAD = ["render", "cogs.common"]  # imported once by the fork server, not per drawing

_pool: ProcessPoolExecutor | None = None
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


def _executor() -> ProcessPoolExecutor | None:
    global _pool
    if _pool is None and pool_size() > 0:
        method = "forkserver" if "forkserver" in multiprocessing.get_all_start_methods() else None
        context = multiprocessing.get_context(method)
        if method == "forkserver":
            context.set_forkserver_preload(PRELOAD)
        _pool = ProcessPoolExecutor(max_workers=pool_size(), mp_context=context)
    return _pool


async def draw(work: Callable[..., T], *args: Any, **kwargs: Any) -> T:
    """``work(*args, **kwargs)`` (a module-level function, its arguments picklable) in the
    pool, else in a thread. Its exceptions are raised here."""
    call = functools.partial(work, *args, **kwargs)
    pool = _executor()
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


def _give_up(pool: ProcessPoolExecutor) -> None:
    """A pool that broke or cannot start workers: the next drawing starts a new one."""
    global _pool
    log.warning("the render pool failed; drawing in a thread meanwhile", exc_info=True)
    if _pool is pool:
        _pool = None
    pool.shutdown(wait=False, cancel_futures=True)


def shutdown() -> None:
    """Stop the pool's workers (at exit; a later drawing starts a new pool)."""
    global _pool
    pool, _pool = _pool, None
    if pool is not None:
        pool.shutdown(wait=False, cancel_futures=True)
