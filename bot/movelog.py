"""The move log, read without storage: decision sequence numbers, who may answer what,
replaying a log from ``new_game(seed)``, and the undo walk.

Undo follows Board Game Arena's policy: a player may take back their own steps within the
current turn until another seat has acted, hidden information was revealed or randomness was
drawn (``Engine.undo_barrier`` says which moves are final). An undo is a stored row
(``moves.kind = 'undo'``) that takes back the latest standing move of its seat: the log stays
append-only and ``walk`` skips both, so the replay law still holds. The decisions an undo
reopens get back the seqs they had before the move (the same decision, so its deadline keeps
running and its old buttons work again), while the buttons posted after the move are stale.

Pure: no storage, no asyncio. ``MatchService`` (bot/service.py) reads the log and calls these.
"""

from __future__ import annotations

from collections import deque
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from bot.errors import ServiceError
from bot.model import NOT_STARTED, MatchInfo
from rules.core import Decision, Engine, Event
from rules.text import msg

if TYPE_CHECKING:
    from bot.storage import MatchRecord, MoveRecord

UNDO_KIND = "undo"
KEEP_STATES = 32  # states kept while replaying, so taking back a recent move needs no replay

# What players read (one place, for the translators).
NOTHING_TO_UNDO = msg("There is nothing to undo yet.")
NO_MOVE_OF_YOURS = msg("You have no move to undo: the last move was not yours.")
OTHER_SEAT_ACTED = msg(
    "You cannot undo any more: another seat has acted since your last move, so it stands."
)
TIMED_OUT = msg("The AI answered that decision when your time ran out, so it cannot be undone.")
NOT_YOURS = msg("That move was not made by you, so you cannot undo it.")
BARRIER = msg(
    "That move cannot be taken back: it answered a sealed choice, revealed hidden "
    "information or drew at random."
)


def _same_decision(a: Decision, b: Decision) -> bool:
    return (a.key, a.prompt, a.secret, a.option_ids()) == (
        b.key,
        b.prompt,
        b.secret,
        b.option_ids(),
    )


def next_seqs(
    before: Mapping[int, Decision],
    after: list[Decision],
    actor: int | None,
    old: Mapping[int, int],
    version: int,
) -> dict[int, int]:
    """Decision sequence numbers after a move that produced ``version``.

    A seat keeps its seq while its open decision is unchanged and it did not just answer
    (another seat answering a simultaneous decision); otherwise the decision is new and its
    seq is the version at which it was posed. An advisory decision closes by itself when the
    decisions that matter are answered: once this move poses an awaited decision anew, the
    advisory ones open after it are new questions too, even if they read the same.
    """
    seqs: dict[int, int] = {}
    for decision in after:
        if decision.seat in seqs:
            continue
        prev = before.get(decision.seat)
        if (
            prev is not None
            and decision.seat != actor
            and decision.seat in old
            and _same_decision(prev, decision)
        ):
            seqs[decision.seat] = old[decision.seat]
        else:
            seqs[decision.seat] = version
    first = first_per_seat(after).values()
    if any(not d.advisory and seqs[d.seat] == version for d in first):
        seqs.update({d.seat: version for d in first if d.advisory})
    return seqs


def answerable(engine: Engine, state: Any, seat: int) -> list[Decision]:
    """The open decisions the owner of ``seat`` may answer: the seat's own first, then those
    of seats sharing it (``Engine.co_seats``, seats playing one side)."""
    pending = engine.pending(state)
    own = [d for d in pending if d.seat == seat][:1]
    shared = [d for d in pending if d.seat != seat and seat in engine.co_seats(state, d.seat)]
    return own + list(first_per_seat(shared).values())


def first_per_seat(decisions: list[Decision]) -> dict[int, Decision]:
    out: dict[int, Decision] = {}
    for decision in decisions:
        out.setdefault(decision.seat, decision)
    return out


def replay(
    engine: Engine, record: MatchRecord | MatchInfo, moves: list[MoveRecord]
) -> tuple[Any, dict[int, int]]:
    """Rebuild a match's state and decision seqs from ``new_game(seed)`` and its move log;
    undo rows take back moves (``walk``)."""
    walked = walk(engine, record, moves)
    return walked.state, walked.seqs


@dataclass(frozen=True, slots=True)
class Step:
    """One standing move met while replaying, with what taking it back needs."""

    move: MoveRecord
    before: Any  # the state before the move
    seqs_before: dict[int, int]
    events: list[Event]


@dataclass(slots=True)
class Walk:
    """The outcome of replaying a log with its undo rows."""

    state: Any
    seqs: dict[int, int]
    recent: deque[Step] = field(default_factory=deque)  # the last standing moves, oldest first
    standing_seats: set[int] = field(default_factory=set)

    @property
    def last(self) -> Step | None:
        return self.recent[-1] if self.recent else None


def _seat_count(record: MatchRecord | MatchInfo) -> int:
    return record.seat_count if isinstance(record, MatchInfo) else record.seats


def walk(
    engine: Engine,
    record: MatchRecord | MatchInfo,
    moves: Sequence[MoveRecord],
    *,
    keep: int = KEEP_STATES,
) -> Walk:
    """Replay ``moves`` from ``new_game(seed)``: 'move' rows are applied, each 'undo' row takes
    back the latest standing move of its seat. Decision seqs follow ``next_seqs``; a take-back
    restores the seqs from before the move."""
    if record.seed is None:
        raise ServiceError(NOT_STARTED)
    seats, options, seed = _seat_count(record), record.options, record.seed
    state = engine.new_game(seats, options, seed)
    seqs = {seat: 0 for seat in first_per_seat(engine.pending(state))}
    standing: list[MoveRecord] = []
    recent: deque[Step] = deque(maxlen=max(keep, 1))
    for move in moves:
        before = first_per_seat(engine.pending(state))
        if move.kind == UNDO_KIND:
            index = next(
                (i for i in range(len(standing) - 1, -1, -1) if standing[i].seat == move.seat), None
            )
            if index is None:
                continue  # nothing of that seat stands: the row changes nothing
            if index == len(standing) - 1 and recent:
                step = recent.pop()
                standing.pop()
                state, seqs = step.before, dict(step.seqs_before)
            else:  # an older move, or states no longer kept: replay what stands
                del standing[index]
                recent.clear()
                state, seqs = _replay_standing(engine, record, standing)
            continue
        after, events = engine.apply(state, move.seat, move.option_id)
        recent.append(Step(move, state, seqs, events))
        standing.append(move)
        seqs = next_seqs(before, engine.pending(after), move.seat, seqs, move.version)
        state = after
    if standing and not recent:  # the last move's state before it was not kept
        before_state, before_seqs = _replay_standing(engine, record, standing[:-1])
        _, events = engine.apply(before_state, standing[-1].seat, standing[-1].option_id)
        recent.append(Step(standing[-1], before_state, before_seqs, events))
    return Walk(state, seqs, recent, {move.seat for move in standing})


def _replay_standing(
    engine: Engine, record: MatchRecord | MatchInfo, standing: Sequence[MoveRecord]
) -> tuple[Any, dict[int, int]]:
    """State and seqs after the standing moves alone (seqs from their own versions)."""
    assert record.seed is not None  # walk refuses a match not started
    state = engine.new_game(_seat_count(record), record.options, record.seed)
    seqs = {seat: 0 for seat in first_per_seat(engine.pending(state))}
    for move in standing:
        before = first_per_seat(engine.pending(state))
        state, _ = engine.apply(state, move.seat, move.option_id)
        seqs = next_seqs(before, engine.pending(state), move.seat, seqs, move.version)
    return state, seqs


def is_player(actor: str) -> bool:
    """A move a player made themselves (not the AI, not a timeout)."""
    return actor.isdigit()


def undoable_seat(
    engine: Engine, before: Any, seat: int, after: Any, events: list[Event], actor: str
) -> int | None:
    """The seat that may take this move back right after it, or None."""
    if not is_player(actor) or engine.undo_barrier(before, seat, after, events):
        return None
    return seat


def undo_refusal(engine: Engine, walked: Walk, seat: int, user_id: int) -> str | None:
    """Why ``seat`` (played by ``user_id``) may not undo now, or None when it may."""
    last = walked.last
    if last is None:
        return NOTHING_TO_UNDO
    if last.move.seat != seat:
        return OTHER_SEAT_ACTED if seat in walked.standing_seats else NO_MOVE_OF_YOURS
    if last.move.actor != str(user_id):
        return TIMED_OUT if last.move.actor == "timeout" else NOT_YOURS
    if engine.undo_barrier(last.before, seat, walked.state, last.events):
        return BARRIER
    return None


def hint_after_undo(engine: Engine, walked: Walk) -> int | None:
    """Who may undo once the last step is taken back: the step before it, if it stands."""
    if len(walked.recent) < 2:
        return None
    prev, last = walked.recent[-2], walked.recent[-1]
    return undoable_seat(
        engine, prev.before, prev.move.seat, last.before, prev.events, prev.move.actor
    )


def standing_moves(moves: Sequence[MoveRecord]) -> list[MoveRecord]:
    """The moves that stand: undo rows and the moves they took back left out (for exports)."""
    standing: list[MoveRecord] = []
    for move in moves:
        if move.kind != UNDO_KIND:
            standing.append(move)
            continue
        for i in range(len(standing) - 1, -1, -1):
            if standing[i].seat == move.seat:
                del standing[i]
                break
    return standing
