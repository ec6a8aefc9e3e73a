"""A turn planner over the engine contract (docs/ai.md): every chain of the seat's own answers a
few decisions deep, scored by the engine's evaluation, on a few sampled worlds.

Where a seat answers many small decisions in a row (10 Plagues: a die, its action, where the
tile goes, which track), one answer alone changes little and a rollout policy decides the
rest; the planner instead tries every combination of the seat's next ``depth`` answers, plays
on with the fast policy (``engine.rollout_choice``) until the chain ends, and scores the
result by the seat's estimated margin over the best other seat (``engine.estimate``). An
answer's value is the best chain that starts with it, averaged over ``worlds`` determinizations
(``engine.sample_hidden``, common to every answer), so the planner never sees the true state.

The chain ends when another seat must answer, the game ends, the seat meets a decision whose
key is in ``stop_keys`` (the start of its next turn), or after ``finish`` policy moves. The
expansion is bounded by ``max_leaves`` per answer and world: past it, the remaining answers
of a node are played by the policy instead of being tried. Everything is seeded: the answer
depends only on (state, seat, parameters, seed).

With ``tie_margin`` above 0 the planner also averages the engine's ``plan_cost`` (a second
objective, lower is better) at the end of each answer's best chain, and among the answers whose
value is within ``tie_margin`` of the best it takes the one of least cost: a goal the estimate
prices only in its own unit (10 Plagues: penalty cards) is bought for at most that much value.
"""

from __future__ import annotations

from dataclasses import dataclass

from ai.search import advance
from rules.core import Engine, Rng


@dataclass(frozen=True, slots=True)
class Plan:
    """How far the planner looks: ``worlds`` determinizations, every chain of ``depth`` own
    answers, then up to ``finish`` policy moves until a ``stop_keys`` decision."""

    worlds: int = 2
    depth: int = 3
    finish: int = 6
    max_leaves: int = 400
    stop_keys: tuple[str, ...] = ()
    tie_margin: float = 0.0  # answers this near the best value are told apart by plan_cost


@dataclass(frozen=True, slots=True)
class PlanResult:
    option_id: str
    values: dict[str, float]
    leaves: int


def plan(engine: Engine, state: object, seat: int, spec: Plan, seed: int) -> PlanResult:
    decision = engine.open_decision(state, seat)
    options = decision.option_ids()
    if len(options) == 1:
        return PlanResult(options[0], {options[0]: 0.0}, 0)
    rng = Rng.from_seed(seed)
    totals = dict.fromkeys(options, 0.0)
    costs = dict.fromkeys(options, 0.0)
    counter = _Counter()
    for _ in range(spec.worlds):
        world = engine.sample_hidden(state, seat, Rng(rng.next_u64()))
        for oid in options:
            counter.left = spec.max_leaves
            after = engine.copy(world)
            advance(engine, after, seat, oid)
            value, cost = _best(engine, after, seat, spec, spec.depth - 1, decision.key, counter)
            totals[oid] += value
            costs[oid] += cost
    values = {oid: round(totals[oid] / spec.worlds, 4) for oid in options}
    best = max(options, key=lambda oid: (totals[oid], -options.index(oid)))
    if spec.tie_margin > 0:
        best = _least_cost_near_best(options, totals, costs, best, spec.tie_margin * spec.worlds)
    return PlanResult(best, values, counter.leaves)


def _least_cost_near_best(
    options: list[str], totals: dict[str, float], costs: dict[str, float], best: str, margin: float
) -> str:
    """Among the answers within ``margin`` of the best total, the one of least cost (then the
    best total, then the first listed)."""
    near = [oid for oid in options if totals[oid] >= totals[best] - margin]
    return min(near, key=lambda oid: (costs[oid], -totals[oid], options.index(oid)))


class _Counter:
    def __init__(self) -> None:
        self.left = 0
        self.leaves = 0


def _best(
    engine: Engine, world: object, seat: int, spec: Plan, depth: int, root_key: str, c: _Counter
) -> tuple[float, float]:
    """The best chain's value from here, and the cost at its end (the first best chain)."""
    decision = _own_next(engine, world, seat, spec.stop_keys)
    if decision is None:
        return _leaf(engine, world, seat, spec, c)
    if depth <= 0 or c.left <= 0 or len(decision.options) == 1:
        if len(decision.options) == 1:
            advance(engine, world, seat, decision.options[0].id)
            return _best(engine, world, seat, spec, depth, root_key, c)
        _finish(engine, world, seat, spec)
        return _leaf(engine, world, seat, spec, c)
    best = (float("-inf"), 0.0)
    for option in decision.options:
        if c.left <= 0:
            break
        branch = engine.copy(world)
        advance(engine, branch, seat, option.id)
        chain = _best(engine, branch, seat, spec, depth - 1, root_key, c)
        if chain[0] > best[0]:
            best = chain
    return best


def _own_next(engine: Engine, world: object, seat: int, stop_keys: tuple[str, ...]):
    """The seat's next decision in its chain, or None when the chain is over."""
    decisions = engine.pending(world)
    if not decisions or decisions[0].seat != seat:
        return None
    decision = decisions[0]
    if decision.key in stop_keys:
        return None
    return decision


def _finish(engine: Engine, world: object, seat: int, spec: Plan) -> None:
    for _ in range(spec.finish):
        decision = _own_next(engine, world, seat, spec.stop_keys)
        if decision is None:
            return
        advance(engine, world, seat, engine.rollout_choice(world, seat))


def _leaf(engine: Engine, world: object, seat: int, spec: Plan, c: _Counter) -> tuple[float, float]:
    c.left -= 1
    c.leaves += 1
    cost = engine.plan_cost(world, seat) if spec.tie_margin > 0 else 0.0
    estimates = engine.estimate(world)
    mine = estimates[seat]
    if len(estimates) < 2:
        return mine, cost
    return mine - max(e for s, e in enumerate(estimates) if s != seat), cost
