"""The step machine changed no game: fixtures recorded before it replay and reload identically.

Each fixture (``tests/rules/steps_compat.py``) holds a random playout of Tekhenu, Ankh or
10 Plagues: (a) replaying its moves gives the same digest (dump, pending decisions with their
prompts and labels, events) after every move and the same result; (b) each stored dump loads,
poses the same pending decisions and goes on through the same positions to the same result
as it did when loaded by the old code.
"""

from __future__ import annotations

import json

import pytest

import rules
from rules.core import canonical_json
from tests.rules.steps_compat import FIXTURES, continuation, pending_ids, trace

CASES = sorted(FIXTURES.glob("*.json"))


def load_case(path) -> dict:
    return json.loads(path.read_text())


@pytest.mark.parametrize("path", CASES, ids=[p.stem for p in CASES])
def test_replay_gives_the_recorded_positions(path) -> None:
    case = load_case(path)
    engine = rules.get(case["game"])
    assert trace(engine, case) == case["digests"]


@pytest.mark.parametrize("path", CASES, ids=[p.stem for p in CASES])
def test_stored_dumps_load_and_continue_identically(path) -> None:
    case = load_case(path)
    engine = rules.get(case["game"])
    for point in case["checkpoints"]:
        state = engine.load(json.loads(json.dumps(point["dump"])))
        assert json.loads(canonical_json(engine.dump(state))) == point["dump"]
        assert pending_ids(engine.pending(state)) == point["pending"]
        assert continuation(engine, state, case["moves"][point["after"] :]) == point["continued"]


def test_every_stepped_game_and_solo_is_covered() -> None:
    cases = [load_case(path) for path in CASES]
    assert {c["game"] for c in cases} == {"tekhenu", "ankh", "plagues"}
    assert {c["game"] for c in cases if c["seats"] == 1} == {"tekhenu", "plagues"}
    assert all(c["result"] is not None and len(c["checkpoints"]) >= 3 for c in cases)
