"""AI levels: ``easy`` is each game's heuristic as it is, ``normal`` and ``hard`` search (or,
where ``GAME_PLANS`` says so, plan the seat's turn: ``ai.plan``; where ``POLICY_LEVELS`` says
so, play the game's rollout policy without searching).

Budgets are counted in iterations, so a decision is reproducible from (state, seat, level,
seed). The time cap is only a safety net for a slow machine: hitting it makes the answer
depend on the clock, and the calibrated budgets below should never reach it (docs/ai.md).
"""

from __future__ import annotations

from typing import Any

from ai.plan import Plan, plan
from ai.search import Budget, search
from rules.core import Engine, Rng

LEVELS: dict[str, Budget | None] = {
    "easy": None,
    "normal": Budget(iterations=16, depth=12, time_cap_s=1.0),
    "hard": Budget(iterations=40, depth=16, time_cap_s=2.0),
}
# Games whose simulated moves cost about three times as much (measured, docs/ai.md) search
# fewer iterations, so every game meets the same time targets.
GAME_BUDGETS: dict[tuple[str, str], Budget | None] = {
    # Tekhenu: the goal policy (rules/tekhenu/policy.py) as prior and rollouts, docs/ai/tekhenu.md.
    ("tekhenu", "normal"): Budget(iterations=8, depth=10, time_cap_s=1.0, policy_prior=True),
    # Its `hard` also rewards the seat's own VP (a 0.3 share, over 150 VP): step 9 there; in
    # the seat's last 2 turns its rollouts play to the end of the game (40 moves): step 12.
    ("tekhenu", "hard"): Budget(
        iterations=24,
        depth=12,
        time_cap_s=2.0,
        policy_prior=True,
        score_weight=0.3,
        score_scale=150.0,
        end_turns=2,
        end_depth=40,
    ),
    # Amun-Re at 5 seats: 40 x 16 measured 1.7 s p95 (load 4-5) and reached the time cap.
    ("amunre", "hard"): Budget(iterations=32, depth=12, time_cap_s=2.0),
    # Ankh: the search over the game's policy (prior and rollouts), docs/ai/ankh.md.
    ("ankh", "hard"): Budget(iterations=16, depth=10, time_cap_s=2.0, policy_prior=True),
}
# Games whose levels plan the seat's whole turn instead of searching (docs/ai.md): 10 Plagues,
# where a turn is a chain of small answers (die, action, space, track) and the search's
# rollouts measured weaker than the planner in the solo seat. Counted in leaves, like budgets.
GAME_PLANS: dict[tuple[str, str], Plan] = {
    ("plagues", "normal"): Plan(worlds=1, depth=3, finish=6, stop_keys=("die",)),
    # Answers within 3 VP of the best go to the fewest penalty cards (plan_cost, solo only).
    ("plagues", "hard"): Plan(worlds=5, depth=3, finish=6, stop_keys=("die",), tie_margin=3.0),
}
# Levels that answer with the game's rollout policy (``engine.rollout_choice``) instead of
# searching, because the search measured weaker than the policy there (Ankh, docs/ai.md).
POLICY_LEVELS: frozenset[tuple[str, str]] = frozenset({("ankh", "normal")})
DEFAULT_LEVEL = "normal"


def budget_for(level: str, game_id: str = "") -> Budget | None:
    if level not in LEVELS:
        known = ", ".join(LEVELS)
        raise ValueError(f"unknown AI level {level!r} (known: {known})")
    return GAME_BUDGETS.get((game_id, level), LEVELS[level])


def decide(engine: Engine, state: Any, seat: int, level: str, seed: int) -> str:
    """``seat``'s answer to its open decision at ``level``; the same inputs give the same
    answer. A decision with one option is answered at once, without searching."""
    budget = budget_for(level, engine.game_id)
    spec = GAME_PLANS.get((engine.game_id, level))
    decision = engine.open_decision(state, seat)
    if len(decision.options) == 1:
        return decision.options[0].id
    if spec is not None:
        return plan(engine, state, seat, spec, seed).option_id
    if (engine.game_id, level) in POLICY_LEVELS:
        # The policy reads the state it is given: a determinization, so it never peeks.
        world = engine.sample_hidden(state, seat, Rng.from_seed(seed))
        return engine.rollout_choice(world, seat)
    if budget is None:
        return engine.ai_choice(state, seat)
    return search(engine, state, seat, budget, seed).option_id
