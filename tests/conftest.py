import pytest

from rules.registry import ENGINES
from tests.support.toygame import TOY


@pytest.fixture
def toy_engine():
    """The toy game, registered for the duration of one test."""
    ENGINES[TOY.game_id] = TOY
    yield TOY
    ENGINES.pop(TOY.game_id, None)
