"""Fixtures proving the step machine keeps every game's behaviour and stored format.

``python -m tests.rules.steps_compat`` wrote ``tests/rules/fixtures/steps_compat/*.json`` from
the engines as they were before ``rules/steps.py`` (random playouts, solo included): the move
list, a digest of every position (dump, pending decisions, events) and full dumps at a few
points. ``tests/rules/test_steps_compat.py`` replays and reloads them.
"""

from __future__ import annotations

import hashlib
import json
from pathlib import Path
from typing import Any

import rules
from rules.core import Decision, Engine, Event, canonical_json
from rules.testing import mixed_option, random_playout

FIXTURES = Path(__file__).parent / "fixtures" / "steps_compat"
CHECKPOINTS = 4  # full dumps kept per game, spread over its moves

# (game, seats, seed, options): every game at its solo or smallest count and at its largest
CASES: list[tuple[str, int, int, dict[str, str]]] = [
    ("tekhenu", 1, 3, {"solo_difficulty": "hard"}),
    ("tekhenu", 2, 5, {}),
    ("tekhenu", 4, 8, {}),
    ("ankh", 2, 4, {}),
    ("ankh", 3, 6, {"gods": "choose", "guardians": "choose"}),
    ("ankh", 5, 9, {}),
    ("plagues", 1, 2, {}),
    ("plagues", 2, 7, {"provinces": "draft", "advanced": "on"}),
    ("plagues", 4, 11, {}),
]


def pending_ids(decisions: list[Decision]) -> list[list[Any]]:
    return [[d.seat, d.key, d.option_ids()] for d in decisions]


def position_digest(engine: Engine, state: Any, events: list[Event]) -> str:
    """One short digest of a position: its dump, every pending decision in full, the events
    that led to it."""
    decisions = [
        [d.seat, d.key, str(d.prompt), d.secret, d.advisory]
        + [[o.id, str(o.label), str(o.detail)] for o in d.options]
        for d in engine.pending(state)
    ]
    payload = {
        "dump": json.loads(canonical_json(engine.dump(state))),
        "decisions": decisions,
        "events": [e.to_json() for e in events],
    }
    return hashlib.sha256(canonical_json(payload)).hexdigest()[:16]


def trace(engine: Engine, case: dict[str, Any]) -> list[str]:
    """The digest after new_game and after each move of ``case["moves"]``."""
    state = engine.new_game(case["seats"], case["options"], case["seed"])
    digests = [position_digest(engine, state, [])]
    for seat, option_id in case["moves"]:
        state, events = engine.apply(state, seat, option_id)
        digests.append(position_digest(engine, state, events))
    return digests


def make_case(game: str, seats: int, seed: int, options: dict[str, str]) -> dict[str, Any]:
    engine = rules.get(game)
    playout = random_playout(engine, seats, seed, options, chooser=mixed_option)
    case: dict[str, Any] = {
        "game": game,
        "seats": seats,
        "seed": seed,
        "options": playout.options,
        "moves": [list(move) for move in playout.log],
    }
    case["digests"] = trace(engine, case)
    points = sorted({len(playout.log) * (i + 1) // (CHECKPOINTS + 1) for i in range(CHECKPOINTS)})
    case["checkpoints"] = checkpoints(engine, case, points)
    result = engine.result(playout.state)
    case["result"] = result.to_json() if result else None
    return case


def checkpoints(engine: Engine, case: dict[str, Any], points: list[int]) -> list[dict[str, Any]]:
    """The stored form at each point, and how a state loaded from it went on."""
    state = engine.new_game(case["seats"], case["options"], case["seed"])
    out = []
    for index, (seat, option_id) in enumerate(case["moves"]):
        if index in points:
            dump = json.loads(canonical_json(engine.dump(state)))
            loaded = engine.load(json.loads(json.dumps(dump)))
            out.append(
                {
                    "after": index,
                    "dump": dump,
                    "pending": pending_ids(engine.pending(loaded)),
                    "continued": continuation(engine, loaded, case["moves"][index:]),
                }
            )
        state, _events = engine.apply(state, seat, option_id)
    return out


def continuation(engine: Engine, state: Any, moves: list[list[Any]]) -> str:
    """One digest of every position a (loaded) state passes through playing ``moves``, and of
    its result. (Recorded from loaded states: before the reload law, a loaded Ankh state could
    order a list differently from the live one it was dumped from.)"""
    chain = hashlib.sha256()
    for seat, option_id in moves:
        state, events = engine.apply(state, seat, option_id)
        chain.update(position_digest(engine, state, events).encode())
    result = engine.result(state)
    chain.update(canonical_json(result.to_json() if result else None))
    return chain.hexdigest()[:16]


def fixture_path(game: str, seats: int, seed: int) -> Path:
    return FIXTURES / f"{game}_{seats}p_seed{seed}.json"


def main() -> None:
    FIXTURES.mkdir(parents=True, exist_ok=True)
    for game, seats, seed, options in CASES:
        case = make_case(game, seats, seed, options)
        path = fixture_path(game, seats, seed)
        path.write_text(json.dumps(case, separators=(",", ":"), sort_keys=True) + "\n")
        print(path.name, len(case["moves"]), "moves", path.stat().st_size // 1024, "KB")


if __name__ == "__main__":
    main()
