"""Fixtures for the runtime tests: a fake clock, a fresh SQLite file and a service on it, and
``any_store``: the same storage contract on SQLite and on PostgreSQL (pgserver)."""

from __future__ import annotations

import os

import pytest

from bot.service import MatchService
from bot.storage import SqliteStorage, Storage
from bot.storage_pg import PgStorage

GUILD = 1000
CHANNEL = 2000
HOST = 11
ALICE = 12
BOB = 13
CAROL = 14


class FakeClock:
    """An injected clock: starts at a fixed time and only moves when told to."""

    def __init__(self, now: float = 1_700_000_000.0) -> None:
        self.now = now

    def __call__(self) -> float:
        return self.now

    def advance(self, seconds: float) -> None:
        self.now += seconds


@pytest.fixture
def clock() -> FakeClock:
    return FakeClock()


@pytest.fixture
def db_path(tmp_path):
    return str(tmp_path / "scarab.sqlite3")


# SCARAB_TEST_STORE=postgres runs every test of ``store`` on PostgreSQL (tests that reopen the
# SQLite file by its path stay SQLite-only by nature).
DEFAULT_STORE = os.environ.get("SCARAB_TEST_STORE", "sqlite")
STORE_KINDS = ("sqlite", "postgres")


def pytest_generate_tests(metafunc: pytest.Metafunc) -> None:
    """``@pytest.mark.both_stores`` runs a test of ``store`` on each backend."""
    if "store" in metafunc.fixturenames and metafunc.definition.get_closest_marker("both_stores"):
        metafunc.parametrize("store", STORE_KINDS, indirect=True)


async def open_store(kind: str, request: pytest.FixtureRequest, db_path: str) -> Storage:
    if kind == "sqlite":
        return await SqliteStorage.open(db_path, busy_timeout_ms=200)
    server = request.getfixturevalue("pg_server")
    return await PgStorage.open(await server.fresh_url())


@pytest.fixture
async def store(request, db_path):
    storage = await open_store(getattr(request, "param", DEFAULT_STORE), request, db_path)
    yield storage
    await storage.close()


@pytest.fixture(params=STORE_KINDS)
async def any_store(request, db_path):
    """A fresh store of each kind: the storage contract tests run against both backends."""
    storage = await open_store(request.param, request, db_path)
    yield storage
    await storage.close()


@pytest.fixture
async def service(store, clock, toy_engine):
    return MatchService(store, clock=clock, seed_source=lambda: 42)


async def lobby(
    service: MatchService,
    seats: int = 2,
    rounds: str = "3",
    *,
    players: tuple[int, ...] = (),
    ais: int = 0,
):
    """A toy lobby hosted by HOST, with extra players joined and AI seats added."""
    info = await service.create_lobby(GUILD, CHANNEL, HOST, "toy", seats, {"rounds": rounds})
    for user in players:
        info = await service.join(info.id, user)
    for _ in range(ais):
        info = await service.add_ai(info.id, HOST)
    return info


@pytest.fixture(autouse=True)
def _heuristic_ai_unless_marked(request, monkeypatch):
    """AI seats play the heuristic at every level, unless the test is marked ``search_ai``:
    the suites play whole games through AI seats, which a search would make minutes long."""
    if request.node.get_closest_marker("search_ai") is None:
        monkeypatch.setattr("bot.ai_runner.SEARCH_ENABLED", False)
