"""Checks every game's tests reuse: random playouts and the laws of docs/architecture.md.

Pure helpers (no pytest import) so ``python -m bench`` can drive playouts too. Each check
raises ``AssertionError`` with a message naming the law that broke.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Any

from rules.core import Decision, Engine, Rng, canonical_json

Move = tuple[int, str]
Chooser = Callable[[Engine, Any, Decision, random.Random], str]


def random_option(engine: Engine, state: Any, decision: Decision, rng: random.Random) -> str:
    return rng.choice(decision.options).id


def ai_option(engine: Engine, state: Any, decision: Decision, rng: random.Random) -> str:
    return engine.ai_choice(state, decision.seat)


def mixed_option(engine: Engine, state: Any, decision: Decision, rng: random.Random) -> str:
    """Half the answers from the baseline AI, half at random: reaches odd corners fast."""
    if rng.random() < 0.5:
        return engine.ai_choice(state, decision.seat)
    return random_option(engine, state, decision, rng)


@dataclass
class Playout:
    seats: int
    options: dict[str, str]
    seed: int
    state: Any
    log: list[Move] = field(default_factory=list)
    states: list[Any] = field(default_factory=list)


def random_playout(
    engine: Engine,
    seats: int,
    seed: int,
    options: dict[str, str] | None = None,
    *,
    chooser: Chooser = random_option,
    max_steps: int = 20_000,
    keep_states: bool = False,
    on_step: Callable[[Any, Any, Move], None] | None = None,
) -> Playout:
    """Play a whole game. Among simultaneous decisions, a random seat answers first.

    ``on_step(before, after, move)`` runs after every move, for invariant checks.
    """
    rng = random.Random(seed)
    options = engine.normalise_options(options)
    state = engine.new_game(seats, options, seed)
    playout = Playout(seats, options, seed, state)
    for _ in range(max_steps):
        decisions = engine.check_decisions(state)  # the zero-option law, first state included
        if not decisions:
            playout.state = state
            return playout
        decision = rng.choice(decisions)
        option_id = chooser(engine, state, decision, rng)
        before = state
        state, _events = engine.apply(state, decision.seat, option_id)
        move = (decision.seat, option_id)
        playout.log.append(move)
        if keep_states:
            playout.states.append(before)
        if on_step is not None:
            on_step(before, state, move)
    raise AssertionError(f"{engine.game_id}: no end after {max_steps} moves (seed {seed})")


def table_settings(engine: Engine) -> list[dict[str, str]]:
    """Every table option once: the defaults, then each other choice of each variant alone
    (the rest at their defaults). Sweeps play each of these at every seat count."""
    settings: list[dict[str, str]] = [{}]
    for variant in engine.variants:
        settings += [
            {variant.key: choice} for choice in variant.choices if choice != variant.default
        ]
    return settings


def replay(engine: Engine, seats: int, options: dict[str, str], seed: int, log: list[Move]) -> Any:
    state = engine.new_game(seats, options, seed)
    for seat, option_id in log:
        state, _events = engine.apply(state, seat, option_id)
    return state


def check_replay_law(engine: Engine, playout: Playout) -> None:
    """new_game(seed) + the logged moves reproduces dump(state) byte for byte."""
    again = replay(engine, playout.seats, playout.options, playout.seed, playout.log)
    assert canonical_json(engine.dump(again)) == canonical_json(engine.dump(playout.state)), (
        f"replay law broken for {engine.game_id} seed {playout.seed}"
    )


def check_round_trip(engine: Engine, state: Any, next_moves: Sequence[Move] = ()) -> None:
    """load(dump(s)) dumps identically and continues exactly like s."""
    raw = engine.dump(state)
    encoded = canonical_json(raw)
    loaded = engine.load(canonical_json_roundtrip(raw))
    assert canonical_json(engine.dump(loaded)) == encoded, "dump/load does not round-trip"
    assert canonical_json(engine.view(loaded, None)) == canonical_json(engine.view(state, None))
    for seat, option_id in next_moves:
        state, _ = engine.apply(state, seat, option_id)
        loaded, _ = engine.apply(loaded, seat, option_id)
    assert canonical_json(engine.dump(loaded)) == canonical_json(engine.dump(state)), (
        "a loaded state continues differently from the original"
    )


def reload(engine: Engine, state: Any) -> Any:
    """``state`` as storage gives it back: dumped, through JSON text, loaded."""
    return engine.load(canonical_json_roundtrip(engine.dump(state)))


def check_reload_law(
    engine: Engine,
    seats: int,
    seed: int,
    options: dict[str, str] | None = None,
    *,
    chooser: Chooser = random_option,
    every: int = 10,
    horizon: int = 60,
    max_steps: int = 20_000,
) -> int:
    """A loaded state continues exactly like the original: in a playout, every ``every``-th
    state is reloaded and the copy given the same moves as the live game for ``horizon``
    moves, their dumps and events compared after each one. Returns the moves compared.

    Catches logic that reads dict insertion order, which storage (sorted keys) does not keep.
    """
    rng = random.Random(seed)
    state = engine.new_game(seats, engine.normalise_options(options), seed)
    twins: list[tuple[int, int, Any]] = []  # (move it was reloaded at, moves left, copy)
    compared = 0
    for step in range(max_steps):
        decisions = engine.pending(state)
        if not decisions:
            return compared
        if step % every == 0:
            twins.append((step, horizon, reload(engine, state)))
        decision = rng.choice(decisions)
        option_id = chooser(engine, state, decision, rng)
        state, events = engine.apply(state, decision.seat, option_id)
        expected = canonical_json([engine.dump(state), [e.to_json() for e in events]])
        following = []
        for start, left, twin in twins:
            twin, events = engine.apply(twin, decision.seat, option_id)
            got = canonical_json([engine.dump(twin), [e.to_json() for e in events]])
            assert got == expected, (
                f"reload law broken for {engine.game_id} seed {seed}: the state reloaded at "
                f"move {start} differs from the live one after move {step + 1}"
            )
            compared += 1
            if left > 1:
                following.append((start, left - 1, twin))
        twins = following
    raise AssertionError(f"{engine.game_id}: no end after {max_steps} moves (seed {seed})")


def canonical_json_roundtrip(raw: dict[str, Any]) -> dict[str, Any]:
    """Pass a dump through real JSON text, as storage does."""
    import json

    return json.loads(canonical_json(raw))


def check_hidden_information(engine: Engine, state: Any, seats: int | None = None) -> int:
    """For every pending secret decision while other decisions are still open, any two of
    its options must leave the public view (and every other seat's view) identical.

    With ``seats``, every other seat's private view is compared, not only the seats that are
    answering too; seats that share the decision (``Engine.co_seats``) are not onlookers.
    Returns how many secret decisions were checked, so callers can assert coverage.
    """
    decisions = engine.pending(state)
    checked = 0
    for decision in decisions:
        if not decision.secret or len(decisions) < 2 or len(decision.options) < 2:
            continue
        others = range(seats) if seats is not None else (d.seat for d in decisions)
        # Co-seats (a merged god's partner) share the decision, so they may see the answer.
        sharing = set(engine.co_seats(state, decision.seat)) | {decision.seat}
        onlookers = [None] + sorted({seat for seat in others if seat not in sharing})
        first, second = decision.options[0].id, decision.options[-1].id
        after_first, events_first = engine.apply(state, decision.seat, first)
        after_second, events_second = engine.apply(state, decision.seat, second)
        if not (
            _round_goes_on(engine, decisions, decision, after_first)
            and _round_goes_on(engine, decisions, decision, after_second)
        ):
            continue  # the last answer that counted: the engine reveals the round now
        for onlooker in onlookers:
            view_a = canonical_json(engine.view(after_first, onlooker))
            view_b = canonical_json(engine.view(after_second, onlooker))
            assert view_a == view_b, (
                f"{engine.game_id}: seat {decision.seat}'s sealed answer {first!r} vs {second!r} "
                f"shows in the view of {onlooker!r}"
            )
        for event in events_first + events_second:
            assert event.private_to in (decision.seat,) or _text_hides(event, first, second), (
                f"{engine.game_id}: a public event reveals a sealed answer: {event.text!r}"
            )
        checked += 1
    return checked


def _round_goes_on(engine: Engine, before: list[Decision], answered: Decision, after: Any) -> bool:
    """Whether another seat's decision that was open with ``answered`` is still open after it
    (else ``answered`` closed the round, and a reveal is due: a merged Ankh god's proposal
    closes with the greater seat's answer)."""
    waiting = {(d.seat, d.key) for d in before if d.seat != answered.seat}
    return any((d.seat, d.key) in waiting for d in engine.pending(after))


def _text_hides(event: Any, first: str, second: str) -> bool:
    payload = canonical_json(event.data).decode() + event.text
    return first not in payload and second not in payload


def check_hidden_law(engine: Engine, state: Any, seat: int, seed: int, moves: int = 3) -> Any:
    """The never-peek law (issue 13 item 2) for one state and seat; returns the sample.

    ``engine.sample_hidden(state, seat, Rng.from_seed(seed))`` must leave ``state`` untouched,
    look the same to ``seat`` and to the public, pose ``seat`` the same decision, round-trip,
    pass the zero-option law, make ``ai_choice`` answer as on ``state``, and go on for
    ``moves`` random legal moves.
    """
    name = f"{engine.game_id} seat {seat} seed {seed}"
    before = canonical_json(engine.dump(state))
    sampled = engine.sample_hidden(state, seat, Rng.from_seed(seed))
    assert canonical_json(engine.dump(state)) == before, f"{name}: sample_hidden mutated its input"
    for onlooker in (seat, None):
        assert canonical_json(engine.view(sampled, onlooker)) == canonical_json(
            engine.view(state, onlooker)
        ), f"never-peek law: {name}: the sample changes view(., {onlooker!r})"
    mine = engine.decision_for(state, seat)
    assert _decision_shape(mine) == _decision_shape(engine.decision_for(sampled, seat)), (
        f"never-peek law: {name}: the sample changes the seat's pending decision"
    )
    check_round_trip(engine, sampled)
    engine.check_decisions(sampled)
    if mine is not None:
        assert engine.ai_choice(state, seat) == engine.ai_choice(sampled, seat), (
            f"never-peek law: {name}: ai_choice reads something hidden from its seat"
        )
    _play_on(engine, sampled, random.Random(seed), moves)
    return sampled


def _decision_shape(decision: Decision | None) -> Any:
    """What a seat sees of its decision: key, prompt, flags, each option's id, label, detail."""
    if decision is None:
        return None
    options = [(o.id, str(o.label), str(o.detail)) for o in decision.options]
    return (decision.key, str(decision.prompt), decision.secret, decision.advisory, options)


def _play_on(engine: Engine, state: Any, rng: random.Random, moves: int) -> None:
    for _ in range(moves):
        decisions = engine.check_decisions(state)
        if not decisions:
            return
        decision = rng.choice(decisions)
        state, _events = engine.apply(state, decision.seat, rng.choice(decision.options).id)


def differing_keys(engine: Engine, first: Any, second: Any) -> list[str]:
    """The top-level entries of the two states' dumps that differ, sorted."""
    raw_a, raw_b = engine.dump(first), engine.dump(second)
    keys = set(raw_a) | set(raw_b)
    return sorted(k for k in keys if canonical_json(raw_a.get(k)) != canonical_json(raw_b.get(k)))


def hidden_zones_differ(
    engine: Engine, first: Any, second: Any, zones: Sequence[str] | None = None
) -> bool:
    """Whether two samples of one state differ in what they redrew: in one of ``zones`` (dump
    keys) when given, else anywhere but the engine's random state ``rng``. A sample_hidden that
    returns its input (or only reseeds) gives False for every pair of seeds."""
    changed = set(differing_keys(engine, first, second))
    return bool(changed & set(zones)) if zones is not None else bool(changed - {"rng"})
