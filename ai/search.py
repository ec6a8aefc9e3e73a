"""Information-set Monte Carlo tree search over the engine contract (docs/ai.md).

The search never sees the true state: every iteration starts from
``engine.sample_hidden(state, seat, rng)``, a state agreeing with what ``seat`` may know with
everything hidden redrawn. The tree holds only the searching seat's own decisions (its
information set, keyed by its own answers); every other seat, and the searching seat below
the tree, plays the fast policy (``engine.ai_choice``, sometimes a random option). Other
seats' sealed answers are part of what ``sample_hidden`` redraws, so they are determinized
away. A simulation stops after ``depth`` moves past the tree and is scored by
``engine.estimate``: the searching seat's margin over the best other seat, squashed to [0, 1].
"""

from __future__ import annotations

import math
import time
from dataclasses import dataclass, field
from typing import Any

from rules.core import Decision, Engine, Rng

EXPLORATION = 0.7  # UCB constant; rewards lie in [0, 1]
HEURISTIC_BONUS = 0.15  # prior for the heuristic's own answer, fading as 1 / (1 + visits)
WIDEN_BASE = 2  # children considered at a node's first visit ...
WIDEN_SLOPE = 1.0  # ... plus this times sqrt(visits) (progressive widening)
RANDOM_POLICY_SHARE = 0.1  # rollout moves answered at random instead of by ai_choice
MIN_MARGIN_SCALE = 2.0  # a margin of this many points already counts clearly
MARGIN_SCALE_SHARE = 0.15  # ... or this share of the leading estimate, if larger
WIN_WEIGHT = 0.5  # at the end of a game: this much for first place, the rest for the margin
MAX_GAME_MOVES = 20_000  # a safety bound on one simulation


@dataclass(frozen=True, slots=True)
class Budget:
    """How hard one decision is searched. ``iterations`` is the budget results reproduce by;
    ``time_cap_s`` is only a safety net (hitting it makes the answer depend on the machine)."""

    iterations: int
    depth: int
    time_cap_s: float | None = None


@dataclass(slots=True)
class Node:
    """One information set of the searching seat: the answers it gave on the way here."""

    children: dict[str, Node] = field(default_factory=dict)
    order: list[str] = field(default_factory=list)  # heuristic's answer first, then shuffled
    visits: int = 0
    available: int = 0  # times this node was selectable (ISMCTS availability count)
    total: float = 0.0

    def mean(self) -> float:
        return self.total / self.visits if self.visits else 0.0


@dataclass(frozen=True, slots=True)
class SearchResult:
    option_id: str
    iterations: int
    visits: dict[str, int]
    means: dict[str, float]
    timed_out: bool = False


def search(engine: Engine, state: Any, seat: int, budget: Budget, seed: int) -> SearchResult:
    """The searching seat's answer to its open decision, found by ISMCTS from its own view."""
    decision = engine.decision_for(state, seat)
    if decision is None:
        raise ValueError(f"seat {seat} has nothing to decide")
    if len(decision.options) == 1:
        only = decision.options[0].id
        return SearchResult(only, 0, {only: 0}, {only: 0.0})
    rng = Rng.from_seed(seed)
    root = Node()
    started = time.monotonic()
    iterations, timed_out = 0, False
    while iterations < budget.iterations:
        if budget.time_cap_s is not None and time.monotonic() - started > budget.time_cap_s:
            timed_out = True
            break
        world = engine.sample_hidden(state, seat, rng)
        _simulate(engine, world, seat, root, budget.depth, rng)
        iterations += 1
    return SearchResult(
        _best_answer(root, decision),
        iterations,
        {oid: child.visits for oid, child in root.children.items()},
        {oid: round(child.mean(), 4) for oid, child in root.children.items()},
        timed_out,
    )


def _simulate(engine: Engine, world: Any, seat: int, root: Node, depth: int, rng: Rng) -> None:
    """One iteration on one determinization: down the tree, one expansion, a rollout."""
    path = [root]
    node: Node | None = root
    moves_left = depth
    for _ in range(MAX_GAME_MOVES):
        decisions = engine.pending(world)
        if not decisions or moves_left <= 0:
            break
        own = next((d for d in decisions if d.seat == seat), None)
        acting = own or decisions[0]
        if own is not None and node is not None:
            option_id, child, expanded = _select(engine, world, own, node, rng)
            path.append(child)
            node = None if expanded else child
        else:
            option_id = _policy(engine, world, acting, rng)
            if node is None:
                moves_left -= 1
        advance(engine, world, acting.seat, option_id)
    reward = evaluate(engine, world, seat)
    for visited in path:
        visited.visits += 1
        visited.total += reward


def advance(engine: Engine, world: Any, seat: int, option_id: str) -> None:
    """Play an offered answer on the search's own determinization, in place.

    ``Engine.apply`` would copy the state and list the decisions twice more on every move;
    the world is the search's private sample and the answer comes from ``pending``, so the
    game's ``_apply`` is called directly (a third of the cost of a simulated move)."""
    engine._apply(world, seat, option_id)  # noqa: SLF001 - the contract's in-place step


def _select(
    engine: Engine, world: Any, decision: Decision, node: Node, rng: Rng
) -> tuple[str, Node, bool]:
    """UCB among the widened, legal children; an unvisited one is expanded (returns True)."""
    legal = decision.option_ids()
    _extend_order(engine, world, decision, node, legal, rng)
    width = WIDEN_BASE + int(WIDEN_SLOPE * math.sqrt(node.visits))
    offered = set(legal)
    candidates = [oid for oid in node.order if oid in offered][:width]
    for oid in candidates:
        child = node.children.get(oid)
        if child is None:
            child = node.children[oid] = Node()
        child.available += 1
    for oid in candidates:
        if node.children[oid].visits == 0:
            return oid, node.children[oid], True
    heuristic = node.order[0]
    best = max(candidates, key=lambda oid: _ucb(node.children[oid], oid == heuristic))
    return best, node.children[best], False


def _extend_order(
    engine: Engine, world: Any, decision: Decision, node: Node, legal: list[str], rng: Rng
) -> None:
    """The order children are widened in: the heuristic's answer, then the rest shuffled."""
    if not node.order:
        first = engine.ai_choice(world, decision.seat)
        rest = [oid for oid in legal if oid != first]
        rng.shuffle(rest)
        node.order = [first, *rest]
        return
    known = set(node.order)
    fresh = [oid for oid in legal if oid not in known]
    if fresh:
        rng.shuffle(fresh)
        node.order.extend(fresh)


def _ucb(child: Node, is_heuristic: bool) -> float:
    explore = EXPLORATION * math.sqrt(math.log(max(child.available, 1)) / child.visits)
    bonus = HEURISTIC_BONUS / (1 + child.visits) if is_heuristic else 0.0
    return child.mean() + explore + bonus


def _policy(engine: Engine, world: Any, decision: Decision, rng: Rng) -> str:
    if rng.randbelow(1000) < RANDOM_POLICY_SHARE * 1000:
        return rng.choice(decision.options).id
    return engine.ai_choice(world, decision.seat)


def evaluate(engine: Engine, world: Any, seat: int) -> float:
    """The searching seat's standing in [0, 1]: its margin over the best other seat, squashed;
    at the end of the game half of it is whether it won."""
    estimates = engine.estimate(world)
    if len(estimates) < 2:
        return 0.5
    mine = estimates[seat]
    best_other = max(e for s, e in enumerate(estimates) if s != seat)
    scale = max(MIN_MARGIN_SCALE, MARGIN_SCALE_SHARE * max(abs(e) for e in estimates))
    margin_value = 1.0 / (1.0 + math.exp(-(mine - best_other) / scale))
    result = engine.result(world)
    if result is None:
        return margin_value
    places = result.places
    won = 1.0 if places[seat] == 1 else 0.0
    if won and places.count(1) > 1:
        won = 1.0 / places.count(1)
    return WIN_WEIGHT * won + (1 - WIN_WEIGHT) * margin_value


def _best_answer(root: Node, decision: Decision) -> str:
    """The most visited answer; ties go to the better mean, then to the offered order."""
    ranked = [oid for oid in decision.option_ids() if oid in root.children]
    if not ranked:
        return root.order[0] if root.order else decision.options[0].id
    return max(
        ranked,
        key=lambda oid: (root.children[oid].visits, root.children[oid].mean(), -ranked.index(oid)),
    )
