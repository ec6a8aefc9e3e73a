import os

import pytest

from cogs import render_pool
from rules.registry import ENGINES
from tests.support.rulespec import PREFIX, defined_ids, item_rule_ids, spec_path
from tests.support.toygame import TOY


@pytest.fixture(autouse=True)
def drawing_in_a_thread():
    """In this process boards are drawn in a thread: the test-only games (toy, pair) are
    registered here, and a render pool's worker processes would not know them. A test that
    builds a production client (``create_bot`` configures the pool) or tests the pool itself
    (tests/render/test_render_pool.py) gets the thread back afterwards; real bot processes
    (tests/faults) keep their pool."""
    render_pool.configure(0)
    yield
    render_pool.configure(0)
    render_pool.shutdown()


def pytest_addoption(parser: pytest.Parser) -> None:
    parser.addoption(
        "--rule",
        action="append",
        default=[],
        metavar="ID",
        help="run only the tests tagged with this rule id of docs/rules/ (a rule marker or the id "
        "in the test's docstring), e.g. --rule TEK-R140; may be given more than once",
    )


def pytest_collection_modifyitems(config: pytest.Config, items: list[pytest.Item]) -> None:
    wanted = {rule_id.strip().upper() for rule_id in config.getoption("rule")}
    if not wanted:
        return
    for rule_id in sorted(wanted):
        game_id = next((g for g, p in PREFIX.items() if rule_id.startswith(p + "-R")), None)
        if game_id is None or (spec_path(game_id).exists() and rule_id not in defined_ids(game_id)):
            raise pytest.UsageError(f"--rule {rule_id}: no such rule id in docs/rules/")
    selected, deselected = [], []
    for item in items:
        (selected if item_rule_ids(item) & wanted else deselected).append(item)
    if deselected:
        config.hook.pytest_deselected(items=deselected)
        items[:] = selected


@pytest.fixture
def toy_engine():
    """The toy game, registered for the duration of one test."""
    ENGINES[TOY.game_id] = TOY
    yield TOY
    ENGINES.pop(TOY.game_id, None)


@pytest.fixture(scope="session")
def pg_server():
    """One real PostgreSQL (pgserver) for the whole run. Where pgserver is missing its tests
    are skipped, unless SCARAB_REQUIRE_POSTGRES=1 (.ci/run) makes that a failure."""
    if not os.environ.get("SCARAB_REQUIRE_POSTGRES"):
        pytest.importorskip("pgserver", reason="pgserver (the test extra) starts PostgreSQL")
    from tests.support.pg import PgServer

    server = PgServer()
    yield server
    server.stop()
