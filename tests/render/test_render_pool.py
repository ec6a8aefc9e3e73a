"""Boards drawn in a process pool sized to the cores (cogs/render_pool.py, issue 15 item 7)."""

from __future__ import annotations

import os

import pytest

import rules
from cogs import render_pool
from cogs.common import pictures


@pytest.fixture
def unconfigured(monkeypatch):
    """The pool sized as in production (tests/conftest.py draws in a thread for every other
    test, and stops this one's pool afterwards)."""
    monkeypatch.setattr(render_pool, "_configured", None)


async def test_boards_are_drawn_in_worker_processes(monkeypatch, unconfigured) -> None:
    monkeypatch.delenv("RENDER_PROCESSES", raising=False)
    assert render_pool.pool_size() == len(os.sched_getaffinity(0))
    assert await render_pool.started()
    assert await render_pool.draw(os.getpid) != os.getpid()
    with pytest.raises(KeyError):
        await render_pool.draw(rules.get, "no such game")
    engine = rules.get("plagues")
    view = engine.view(engine.new_game(2, None, 1), None)
    drawn = await pictures("plagues", view, highlight=None, locale="en", meta="match=1;version=0")
    assert drawn and drawn[0][0] == "board.png" and drawn[0][1][:8] == b"\x89PNG\r\n\x1a\n"


async def test_no_pool_draws_in_a_thread(monkeypatch, unconfigured) -> None:
    monkeypatch.setenv("RENDER_PROCESSES", "0")
    render_pool.shutdown()
    assert render_pool.pool_size() == 0
    assert await render_pool.draw(os.getpid) == os.getpid()
