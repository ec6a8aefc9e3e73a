"""The search AI's proposals for Tekhenu (``Engine.search_candidates``, docs/ai/tekhenu.md).

A Tekhenu turn is a chain of small answers (a die, Scribes on it, the action, where to build),
and the search's one-step screening sees nothing change when a die is taken: the die's worth
shows only once its action is done. So every answer is played to the end of the seat's turn
with the goal policy (``rules/tekhenu/policy.py``) answering the rest of the chain, the position is
scored by the seat's estimated margin over the best other seat (``estimate.py``), and the best
few become the search's candidates. It reads only the state it is given (the search's own
sample), so it never peeks.
"""

from __future__ import annotations

from rules.core import Decision, Engine, clone_state
from rules.tekhenu import policy
from rules.tekhenu.state import State

PROPOSALS = 3  # how many answers to propose, best first
TURN_MOVES = 8  # at most this many further answers of the seat to finish its turn
TURN_START = "take"  # the next turn of the seat begins here: the lookahead stops
MAX_OPTIONS = 40  # decisions with more answers (placing a Pillar) keep the plain screening


def propose(engine: Engine, state: State, seat: int) -> list[str]:
    """The ``PROPOSALS`` answers of ``seat``'s open decision whose turn, finished by the
    goal policy, leaves the best estimated margin."""
    decision = engine.decision_for(state, seat)
    if decision is None or not 2 < len(decision.options) <= MAX_OPTIONS:
        return []
    worth = {option.id: finish_turn(engine, state, seat, option.id) for option in decision.options}
    return sorted(worth, key=lambda oid: (-worth[oid], oid))[:PROPOSALS]


def finish_turn(engine: Engine, state: State, seat: int, option_id: str) -> float:
    """``seat``'s estimated margin after answering ``option_id`` and playing the rest of its
    turn with the goal policy."""
    world = clone_state(state)
    engine._apply(world, seat, option_id)  # noqa: SLF001 - the contract's in-place step
    for _ in range(TURN_MOVES):
        decision = _open(engine, world, seat)
        if decision is None or decision.key == TURN_START:
            break
        engine._apply(world, seat, policy.choose(world, decision))  # noqa: SLF001
    values = engine.estimate(world)
    others = [v for s, v in enumerate(values) if s != seat]
    return values[seat] - (max(others) if others else 0.0)


def _open(engine: Engine, state: State, seat: int) -> Decision | None:
    """``seat``'s decision if it is the first one open, else None."""
    pending = engine.pending(state)
    return pending[0] if pending and pending[0].seat == seat else None
