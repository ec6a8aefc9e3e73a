"""Determinized Monte Carlo search at the decision's root, over the engine contract
(docs/ai.md).

The search never sees the true state: every simulation starts from
``engine.sample_hidden(state, seat, rng)``, a state agreeing with what ``seat`` may know with
everything hidden redrawn (other seats' hands and sealed answers, deck order, future dice).
Each seat's sealed answers are therefore decided in its own information set.

1. Screening: every offered answer is played once on one determinization and scored by
   ``engine.estimate``; the heuristic's answer plus the best-looking others (as many as the
   budget can compare) become candidates.
2. Sequential halving with common random numbers: in each round every surviving candidate
   is played on the same fresh determinizations, then the rest of the game is played by
   the fast policy (``engine.rollout_choice``, by default the heuristic) for every seat for
   ``depth`` moves and scored by
   the seat's margin over the best other seat, squashed to [0, 1]. The worse half is dropped.
   The heuristic's answer carries a small bonus, so a small budget moves off it only for an
   answer that is clearly better on the same worlds.

``Budget.iterations`` counts simulations (rollouts); the screening adds one cheap step per
offered answer. Everything is seeded, so the answer depends only on (state, seat, budget,
seed); the time cap is a safety net that breaks that when it is hit.
"""

from __future__ import annotations

import math
import time
from dataclasses import dataclass
from typing import Any

from rules.core import Decision, Engine, Rng

HEURISTIC_BONUS = 0.25  # the heuristic's answer is credited with this share of the spread
# between the best and the worst candidate's mean reward when candidates are ranked
MIN_SIMULATIONS_PER_CANDIDATE = 2  # in the first halving round
MIN_MARGIN_SCALE = 2.0  # a margin of this many points already counts clearly ...
MARGIN_SCALE_SHARE = 0.1  # ... or this share of the leading estimate, if larger
LINEAR_WEIGHT = 0.3  # a linear share of the margin, so a seat far behind or ahead still
# sees which answer gains points (the logistic alone is flat there)
WIN_WEIGHT = 0.5  # at the end of a game: this much for first place, the rest for the margin
MAX_ROLLOUT_MOVES = 20_000  # a safety bound on one simulation


@dataclass(frozen=True, slots=True)
class Budget:
    """How hard one decision is searched. ``iterations`` (simulations) is the budget results
    reproduce by; ``time_cap_s`` is only a safety net (hitting it makes the answer depend on
    the machine, and calibrated budgets never should)."""

    iterations: int
    depth: int
    time_cap_s: float | None = None
    policy_prior: bool = False  # the prior (credited, always a candidate) is the rollout
    # policy's answer (``engine.rollout_choice``) instead of the heuristic's (``ai_choice``)
    score_weight: float = 0.0  # this share of the reward is the seat's own estimated score,
    score_scale: float = 100.0  # ... over this many points (capped at 1): scoring, not only
    # the margin (a margin-only search of every seat plays the others down as much as up)
    end_turns: int = 0  # with at most this many of the seat's turns left (``engine.turns_left``)
    end_depth: int = 0  # ... rollouts play this many moves instead of ``depth``: to the end


@dataclass(frozen=True, slots=True)
class SearchResult:
    option_id: str
    iterations: int
    visits: dict[str, int]
    means: dict[str, float]
    timed_out: bool = False


class _Clock:
    def __init__(self, cap_s: float | None) -> None:
        self.cap_s = cap_s
        self.started = time.monotonic()
        self.expired = False

    def out(self) -> bool:
        if self.cap_s is not None and time.monotonic() - self.started > self.cap_s:
            self.expired = True
        return self.expired


def search(engine: Engine, state: Any, seat: int, budget: Budget, seed: int) -> SearchResult:
    """The searching seat's answer to its open decision, from its own view only."""
    decision = engine.open_decision(state, seat)
    offered = _committal(engine, state, decision)
    if len(offered) == 1:
        only = offered[0]
        return SearchResult(only, 0, {only: 0}, {only: 0.0})
    rng = Rng.from_seed(seed)
    clock = _Clock(budget.time_cap_s)
    first = engine.search_world(state, seat, rng)
    chooser = engine.rollout_choice if budget.policy_prior else engine.ai_choice
    heuristic = chooser(first, seat)
    if heuristic not in offered:  # the prior stepped back in a menu: no candidate then
        heuristic = offered[0]
    proposals = [p for p in engine.search_candidates(first, seat) if p in offered]
    candidates = _screen(engine, first, offered, seat, heuristic, proposals, budget, rng)
    depth = rollout_depth(engine, state, seat, budget)
    totals = {oid: 0.0 for oid in candidates}
    visits = {oid: 0 for oid in candidates}
    alive, used = list(candidates), 0
    rounds = max(1, math.ceil(math.log2(len(alive))))
    for round_index in range(rounds):
        per_candidate = max(1, (budget.iterations - used) // (len(alive) * (rounds - round_index)))
        for _ in range(per_candidate):
            if used + len(alive) > budget.iterations or clock.out():
                break
            world_seed = rng.next_u64()
            for oid in alive:
                world = engine.search_world(state, seat, Rng(world_seed))
                totals[oid] += _rollout(engine, world, seat, oid, budget, depth)
                visits[oid] += 1
                used += 1
        alive = _better_half(alive, totals, visits, heuristic)
        if len(alive) == 1 or clock.expired:
            break
    best = _ranked(alive, totals, visits, heuristic)[0]
    return SearchResult(
        best,
        used,
        visits,
        {oid: round(totals[oid] / visits[oid], 4) for oid in candidates if visits[oid]},
        clock.expired,
    )


def _committal(engine: Engine, state: Any, decision: Decision) -> list[str]:
    """The answers the search compares: all offered but the game's menu navigation
    (``engine.navigation_options``), unless nothing else is offered."""
    skip = engine.navigation_options(state, decision)
    offered = [oid for oid in decision.option_ids() if oid not in skip]
    return offered or decision.option_ids()


def _screen(
    engine: Engine,
    world: Any,
    offered: list[str],
    seat: int,
    heuristic: str,
    proposals: list[str],
    budget: Budget,
    rng: Rng,
) -> list[str]:
    """The prior's answer, the game's proposed candidates, then the others that look best
    one step ahead, as many as the budget can compare (each at least twice in the first
    round)."""
    width = _width(budget.iterations)
    first = [heuristic, *(p for p in proposals if p != heuristic)][:width]
    others = [oid for oid in offered if oid not in first]
    if len(first) + len(others) <= width:
        return [*first, *others]
    rng.shuffle(others)  # seeded tie-break among answers that look alike
    looks = {oid: _one_step(engine, world, seat, oid, budget) for oid in others}
    others.sort(key=lambda oid: -looks[oid])
    return [*first, *others[: width - len(first)]]


def _width(iterations: int) -> int:
    """The most candidates whose first halving round still gets two simulations each."""
    width = 2
    while (width + 1) * MIN_SIMULATIONS_PER_CANDIDATE * math.ceil(
        math.log2(width + 1)
    ) <= iterations:
        width += 1
    return width


def _one_step(engine: Engine, world: Any, seat: int, option_id: str, budget: Budget) -> float:
    after = engine.copy(world)
    advance(engine, after, seat, option_id)
    return reward(engine, after, seat, budget)


def rollout_depth(engine: Engine, state: Any, seat: int, budget: Budget) -> int:
    """``budget.end_depth`` in the seat's last ``budget.end_turns`` turns (the rollouts reach
    the real final scores there), else ``budget.depth``."""
    if budget.end_turns <= 0:
        return budget.depth
    left = engine.turns_left(state, seat)
    near_end = left is not None and left <= budget.end_turns
    return max(budget.depth, budget.end_depth) if near_end else budget.depth


def _rollout(
    engine: Engine, world: Any, seat: int, option_id: str, budget: Budget, depth: int
) -> float:
    advance(engine, world, seat, option_id)
    for _ in range(min(depth, MAX_ROLLOUT_MOVES)):
        decisions = engine.pending(world)
        if not decisions:
            break
        acting = next((d for d in decisions if d.seat == seat), decisions[0])
        advance(engine, world, acting.seat, engine.rollout_choice(world, acting.seat))
    return reward(engine, world, seat, budget)


def advance(engine: Engine, world: Any, seat: int, option_id: str) -> None:
    """Play an offered answer on the search's own determinization, in place.

    ``Engine.apply`` would copy the state and list the decisions twice more on every move;
    the world is the search's private sample and the answer comes from ``pending``, so the
    game's ``_apply`` is called directly (a third of the cost of a simulated move)."""
    engine._apply(world, seat, option_id)  # noqa: SLF001 - the contract's in-place step


def _better_half(
    alive: list[str], totals: dict[str, float], visits: dict[str, int], heuristic: str
) -> list[str]:
    ranked = _ranked(alive, totals, visits, heuristic)
    return ranked[: max(1, math.ceil(len(ranked) / 2))]


def _ranked(
    alive: list[str], totals: dict[str, float], visits: dict[str, int], heuristic: str
) -> list[str]:
    """Best first. The heuristic's bonus is a share of the spread of every candidate tried,
    so it means the same whatever the reward scale of the position."""
    means = {oid: totals[oid] / visits[oid] for oid in totals if visits[oid]}
    bonus = HEURISTIC_BONUS * (max(means.values()) - min(means.values())) if means else 0.0

    def score(oid: str) -> float:
        return means.get(oid, 0.0) + (bonus if oid == heuristic else 0.0)

    return sorted(alive, key=lambda oid: (-score(oid), alive.index(oid)))


def reward(engine: Engine, world: Any, seat: int, budget: Budget) -> float:
    """A simulation's reward in [0, 1]: the seat's standing (``evaluate``), with
    ``budget.score_weight`` of it given to the seat's own estimated score instead."""
    estimates = engine.estimate(world)
    standing = evaluate(engine, world, seat, estimates)
    if not budget.score_weight:
        return standing
    own = max(0.0, min(1.0, estimates[seat] / budget.score_scale))
    return (1 - budget.score_weight) * standing + budget.score_weight * own


def evaluate(engine: Engine, world: Any, seat: int, estimates: list[float]) -> float:
    """The searching seat's standing in [0, 1] from the world's ``estimates``: its margin over
    the best other seat, squashed; at the end of the game half of it is whether it won."""
    if len(estimates) < 2:
        return 0.5
    mine = estimates[seat]
    best_other = max(e for s, e in enumerate(estimates) if s != seat)
    lead = max(MIN_MARGIN_SCALE, max(abs(e) for e in estimates))
    scale = max(MIN_MARGIN_SCALE, MARGIN_SCALE_SHARE * lead)
    margin = mine - best_other
    logistic = 1.0 / (1.0 + math.exp(-margin / scale))
    linear = 0.5 + max(-0.5, min(0.5, margin / (2 * lead)))
    margin_value = (1 - LINEAR_WEIGHT) * logistic + LINEAR_WEIGHT * linear
    result = engine.result(world)
    if result is None:
        return margin_value
    places = result.places
    won = 1.0 if places[seat] == 1 else 0.0
    if won and places.count(1) > 1:
        won = 1.0 / places.count(1)
    return WIN_WEIGHT * won + (1 - WIN_WEIGHT) * margin_value
