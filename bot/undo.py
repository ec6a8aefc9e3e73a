"""Undo, after Board Game Arena's policy: a player may take back their own steps within the
current turn until another seat has acted, hidden information was revealed or randomness was
drawn (``Engine.undo_barrier`` says which moves are final).

An undo is a stored row (``moves.kind = 'undo'``) that takes back the latest standing move of
its seat: the log stays append-only and ``walk`` (used by ``bot.service.replay``) skips both, so
the replay law still holds. The decisions the undo reopens get back the seqs they had before the
move (the same decision, so its deadline keeps running and its old buttons work again), while
the buttons posted after the move are stale.

``MatchService.undo`` calls ``undo_move`` here; ``undoable_seat`` keeps the in-memory hint the
turn message uses to show its Undo button.
"""

from __future__ import annotations

from collections import deque
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from bot.errors import ServiceError, StorageError, VersionConflict
from bot.model import NOT_SEATED, NOT_STARTED, SAVE_FAILED, STALE, AppliedMove, MatchInfo, Turn
from bot.storage import MatchRecord, MoveRecord
from rules.core import Decision, Engine, Event
from rules.text import msg

if TYPE_CHECKING:
    from bot.service import MatchService

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
STALE_UNDO = msg("That undo button is no longer current.")


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


def _by_seat(decisions: list[Decision]) -> dict[int, Decision]:
    out: dict[int, Decision] = {}
    for decision in decisions:
        out.setdefault(decision.seat, decision)
    return out


def _seat_count(record: MatchRecord | MatchInfo) -> int:
    return record.seats if isinstance(record, MatchRecord) else record.seat_count


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
    from bot.service import next_seqs

    if record.seed is None:
        raise ServiceError(NOT_STARTED)
    seats, options, seed = _seat_count(record), record.options, record.seed
    state = engine.new_game(seats, options, seed)
    seqs = {seat: 0 for seat in _by_seat(engine.pending(state))}
    standing: list[MoveRecord] = []
    recent: deque[Step] = deque(maxlen=max(keep, 1))
    for move in moves:
        before = _by_seat(engine.pending(state))
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
    from bot.service import next_seqs

    state = engine.new_game(_seat_count(record), record.options, record.seed)
    seqs = {seat: 0 for seat in _by_seat(engine.pending(state))}
    for move in standing:
        before = _by_seat(engine.pending(state))
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


def refusal(engine: Engine, walked: Walk, seat: int, user_id: int) -> str | None:
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


def _hint_after_undo(engine: Engine, walked: Walk) -> int | None:
    """Who may undo once the last step is taken back: the step before it, if it stands."""
    if len(walked.recent) < 2:
        return None
    prev, last = walked.recent[-2], walked.recent[-1]
    return undoable_seat(
        engine, prev.before, prev.move.seat, last.before, prev.events, prev.move.actor
    )


async def undo_move(
    service: MatchService, match_id: int, user_id: int, *, version: int | None = None
) -> Turn:
    """Take back the caller's latest step (see the module docstring for the policy). One
    transaction: an undo row + the restored snapshot + a version bump."""
    async with service.lock(match_id):
        info = await service.get_match(match_id)
        service._refuse_unless_active(info)
        seat = info.seat_of(user_id)
        if seat is None:
            raise ServiceError(NOT_SEATED)
        if version is not None and version != info.version:
            raise ServiceError(STALE_UNDO)
        engine = service.engine(info.game_id)
        walked = walk(engine, info, await service.store.get_moves(match_id))
        if (
            walked.last is not None
            and walked.last.move.seat != seat
            and walked.last.move.actor == str(user_id)
            and seat in engine.co_seats(walked.state, walked.last.move.seat)
        ):
            seat = walked.last.move.seat  # their step for a seat sharing theirs (co_seats)
        reason = refusal(engine, walked, seat, user_id)
        if reason is not None:
            raise ServiceError(reason)
        last = walked.last
        assert last is not None
        new_version = info.version + 1
        # The reopened decisions keep the seqs they had: the same decision (and its deadline).
        restored, seqs = last.before, dict(last.seqs_before)
        label = engine.option_label(restored, seat, last.move.option_id)
        owner = info.seat_info(seat)
        who = f"<@{user_id}>" if owner is None or owner.user_id != user_id else owner.label
        event = Event(
            "undo",
            msg("↩️ {who} took back a step: {label}.", who=who, label=label),
            {"undone": last.move.version},
            seat=seat,
        )
        try:
            await service.store.record_move(
                match_id,
                expected_version=info.version,
                seat=seat,
                option_id=last.move.option_id,
                actor=str(user_id),
                events=[event.to_json()],
                state=engine.dump(restored),
                seqs=seqs,
                status="active",
                result=None,
                now=service.clock(),
                kind=UNDO_KIND,
            )
        except VersionConflict:
            service._forget(match_id)
            raise ServiceError(STALE) from None
        except StorageError as exc:
            raise ServiceError(SAVE_FAILED) from exc
        service._forget(match_id)
        info = await service.get_match(match_id)
        loaded = await service._loaded(info)
        loaded.undo_seat = _hint_after_undo(engine, walked)
        moves = [
            AppliedMove(
                version=new_version,
                seat=seat,
                option_id=UNDO_KIND,
                label=label,
                actor=str(user_id),
                secret=False,
                events=[event],
            )
        ]
        moves.extend(await service._run_ai(info, loaded))
        turn = service._turn(await service._schedule(match_id, loaded), loaded, moves)
    return turn


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
