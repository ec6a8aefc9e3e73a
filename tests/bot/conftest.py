"""Fixtures for the runtime tests: a fake clock, a fresh SQLite file and a service on it."""

from __future__ import annotations

import pytest

from bot.service import MatchService
from bot.storage import SqliteStorage

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


@pytest.fixture
async def store(db_path):
    storage = await SqliteStorage.open(db_path, busy_timeout_ms=200)
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
