"""``MatchService.undo``: one undo row, the restored snapshot and a version bump (the policy
and the walk: bot/movelog.py)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from bot.errors import ServiceError, StorageError, VersionConflict
from bot.model import NOT_SEATED, SAVE_FAILED, STALE, STALE_UNDO, AppliedMove, Turn
from bot.movelog import UNDO_KIND, hint_after_undo, undo_refusal, walk
from rules.core import Event
from rules.text import msg

if TYPE_CHECKING:
    from bot.service import MatchService


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
        reason = undo_refusal(engine, walked, seat, user_id)
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
        loaded.undo_seat = hint_after_undo(engine, walked)
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
