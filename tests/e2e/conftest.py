"""Fixtures for end-to-end tests against the in-process fake Discord (see fakediscord.py)."""

import pytest

from bot.stores import open_storage
from rules.registry import ENGINES
from tests.e2e.fakediscord import FakeDiscord, FakeMessage
from tests.support.pairgame import PAIR
from tests.support.proposalgame import PROPOSAL
from tests.support.stepsgame import STEPS


@pytest.fixture
async def fake():
    """A running FakeDiscord; fails the test if the fake itself raised while serving it."""
    async with FakeDiscord() as f:
        yield f
        assert not f.errors, "the fake Discord raised:\n" + "\n".join(f.errors)


@pytest.fixture
async def storage(tmp_path):
    """A fresh SQLite store for one bot."""
    store = await open_storage(str(tmp_path / "scarab.sqlite3"))
    yield store
    await store.close()


def _registered(engine):
    """Register a toy engine (tests/support) for one test."""
    ENGINES[engine.game_id] = engine
    yield engine
    ENGINES.pop(engine.game_id, None)


@pytest.fixture
def steps_engine():
    yield from _registered(STEPS)


@pytest.fixture
def pair_engine():
    yield from _registered(PAIR)


@pytest.fixture
def proposal_engine():
    yield from _registered(PROPOSAL)


def seat_menu(msg: FakeMessage, seat: int) -> str:
    """The custom id of ``seat``'s own menu: ``scarab:seat:<match>:<seat>:<seq>``."""
    (cid,) = [
        c["custom_id"]
        for c in msg.selects()
        if c["custom_id"].split(":")[1] == "seat" and c["custom_id"].split(":")[3] == str(seat)
    ]
    return cid


@pytest.fixture(autouse=True)
def _heuristic_ai_unless_marked(request, monkeypatch):
    """AI seats play the heuristic at every level, unless the test is marked ``search_ai``:
    the suites play whole games through AI seats, which a search would make minutes long."""
    if request.node.get_closest_marker("search_ai") is None:
        monkeypatch.setattr("bot.ai_runner.SEARCH_ENABLED", False)
