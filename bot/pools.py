"""Process pools (AI searches, board drawings) whose workers never outlive the bot process.

A ``ProcessPoolExecutor`` worker blocks on its call queue, whose write end it holds itself, so
it never notices that the process that made the pool is gone: after a crash or a SIGKILL of the
bot its workers, and the ``forkserver`` they keep alive, would stay forever (measured: about
650 MB a killed bot). Each worker here watches the bot process and exits with it; once its
workers are gone the fork server sees its last client leave and exits too.
"""

from __future__ import annotations

import multiprocessing
import os
import threading
import time
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path

WATCH_SECONDS = 1.0  # how often a worker checks that the bot process still runs


def worker_pool(workers: int, preload: list[str]) -> ProcessPoolExecutor:
    """A pool of ``workers`` processes made by the fork server (never a fork of the running
    event loop), ``preload`` imported once by the server; each worker exits with this process."""
    method = "forkserver" if "forkserver" in multiprocessing.get_all_start_methods() else None
    context = multiprocessing.get_context(method)
    if method == "forkserver":
        context.set_forkserver_preload(preload)
    return ProcessPoolExecutor(
        workers, mp_context=context, initializer=exit_with, initargs=(os.getpid(),)
    )


def exit_with(parent: int) -> None:
    """In a worker: a daemon thread ends this process once ``parent`` is gone."""
    threading.Thread(
        target=_watch, args=(parent,), daemon=True, name="scarab-exit-with-parent"
    ).start()


def _watch(parent: int) -> None:
    while alive(parent):
        time.sleep(WATCH_SECONDS)
    os._exit(0)


def alive(pid: int) -> bool:
    """Whether process ``pid`` runs (a zombie, dead but not yet reaped, does not)."""
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    except PermissionError:
        return True
    try:
        state = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()[0]
    except (OSError, IndexError):
        return True  # no /proc (not Linux): the signal check above is all there is
    return state not in ("Z", "X")
