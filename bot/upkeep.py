"""Keeping the database small: what a finished match keeps, and for how long.

A match stores one snapshot (its latest state) and its move log. Almost all of a move row is
its events (the texts of what happened: about 97 % of the log), and events are derived data:
the replay law rebuilds them from ``new_game(seed)`` and the logged answers. So, once a match
is over (finished or cancelled) and ``COMPACT_AFTER`` has passed:

- ``compact`` (once its thread owes no announcement: the outbox rebuilds those from the
  events): its 'move' rows lose their events; it keeps every move (version, seat, option,
  actor, kind, time), the undo rows whole, the final snapshot, its seats and result, so
  ``/export``, ``/stats``, the rematch and ``rebuild`` work as before, and ``/log`` rebuilds
  the texts by replay (``events_by_version``);
- with ``KEEP_FINISHED_DAYS`` set (``bot.settings``), a match over for longer than that is
  deleted with all its rows: it leaves ``/stats`` and ``/leaderboard`` too. Unset: kept.

``prune`` does both, a batch at a time; the client runs it at start-up and every hour
(``cogs.upkeep``). Storage never reads the clock: the times come from the service's clock.
"""

from __future__ import annotations

import json
import logging
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from bot.undo import UNDO_KIND
from rules.core import canonical_json

if TYPE_CHECKING:
    from bot.service import MatchInfo, MatchService
    from bot.storage import MatchRecord, MoveRecord
    from rules.core import Engine

log = logging.getLogger(__name__)

COMPACT_AFTER = 24 * 3600.0  # a match over for this long has its announcements long done
DAY = 24 * 3600.0
BATCH = 25  # matches per storage transaction (short, so moves of running matches wait little)


@dataclass(slots=True)
class PruneReport:
    compacted: list[int] = field(default_factory=list)
    deleted: list[int] = field(default_factory=list)


async def prune(service: MatchService, *, keep_finished_days: float | None = None,
                now: float | None = None, max_batches: int = 400) -> PruneReport:
    """Compact matches over for ``COMPACT_AFTER``; delete those over for longer than
    ``keep_finished_days`` (None: never)."""
    now = service.clock() if now is None else now
    report = PruneReport()
    store = service.store
    if keep_finished_days is not None:
        for _ in range(max_batches):
            ids = await store.delete_finished(now - keep_finished_days * DAY, BATCH)
            report.deleted.extend(ids)
            for match_id in ids:
                service._forget(match_id)
            if len(ids) < BATCH:
                break
    for _ in range(max_batches):
        ids = await store.compact_finished(now - COMPACT_AFTER, BATCH)
        report.compacted.extend(ids)
        if len(ids) < BATCH:
            break
    if report.compacted or report.deleted:
        log.info("upkeep: %d finished matches compacted, %d deleted", len(report.compacted),
                 len(report.deleted))
    return report


def events_by_version(engine: Engine, record: MatchRecord | MatchInfo,
                      moves: Sequence[MoveRecord]) -> dict[int, list[dict[str, Any]]]:
    """The events of every 'move' row, rebuilt by replaying the log (undo rows take back the
    latest standing move of their seat, as ``bot.undo.walk`` does)."""
    seats = getattr(record, "seat_count", None) or record.seats
    start = engine.new_game(seats, record.options, record.seed)
    state = start
    standing: list[tuple[MoveRecord, Any]] = []  # (move, the state it was applied to)
    events: dict[int, list[dict[str, Any]]] = {}
    for move in moves:
        if move.kind == UNDO_KIND:
            index = next((i for i in range(len(standing) - 1, -1, -1)
                          if standing[i][0].seat == move.seat), None)
            if index is None:
                continue
            state = standing[index][1]
            kept = [m for m, _ in standing[index + 1:]]
            del standing[index:]
            for later in kept:  # the moves after the taken-back one stand: apply them again
                standing.append((later, state))
                state, _ = engine.apply(state, later.seat, later.option_id)
            continue
        standing.append((move, state))
        state, applied = engine.apply(state, move.seat, move.option_id)
        # As stored: through canonical JSON (integer keys become strings, tuples lists).
        events[move.version] = json.loads(canonical_json([e.to_json() for e in applied]))
    return events
