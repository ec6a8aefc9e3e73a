"""Pool workers (AI searches, boards) and their fork server end with the bot process, even
when it is SIGKILLed (bot/pools.py): a killed bot used to leave about 650 MB behind."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import time
from pathlib import Path

from bot.pools import alive

ROOT = Path(__file__).resolve().parents[2]

CHILD = """
import multiprocessing.forkserver, os, sys, time
from bot.pools import worker_pool
pool = worker_pool(2, ["rules"])
workers = {pool.submit(time.sleep, 0.3) and None for _ in range(4)}
pids = sorted({pool.submit(os.getpid).result() for _ in range(8)})
server = multiprocessing.forkserver._forkserver._forkserver_pid
print(" ".join(map(str, [server, *pids])), flush=True)
time.sleep(120)
"""


def wait_until(condition, seconds: float) -> bool:
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        if condition():
            return True
        time.sleep(0.1)
    return condition()


def test_workers_and_fork_server_exit_when_the_bot_is_killed() -> None:
    child = subprocess.Popen(
        [sys.executable, "-c", CHILD],
        cwd=ROOT,
        env={**os.environ, "PYTHONPATH": str(ROOT)},
        stdout=subprocess.PIPE,
        text=True,
    )
    try:
        line = child.stdout.readline() if child.stdout else ""
        server, *workers = map(int, line.split())
        assert workers and all(alive(pid) for pid in [server, *workers]), line
        child.send_signal(signal.SIGKILL)
        child.wait(timeout=10)
        assert wait_until(lambda: not any(alive(pid) for pid in workers), 15), workers
        assert wait_until(lambda: not alive(server), 15), server
    finally:
        child.kill()


def test_alive_knows_this_process_and_a_finished_one() -> None:
    assert alive(os.getpid())
    done = subprocess.Popen([sys.executable, "-c", "pass"])
    done.wait(timeout=30)
    assert not alive(done.pid)
