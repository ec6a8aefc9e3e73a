"""Keeping the database small: what a finished match keeps, and for how long.

A match stores one snapshot (its latest state) and its move log. Almost all of a move row is
its events (the texts of what happened: about 97 % of the log). Once a match is over
(finished or cancelled) and ``COMPACT_AFTER`` has passed:

- ``compact`` (once its thread owes no announcement): its moves' events are deflated (zlib),
  losslessly, so ``/log``, ``/export``, ``/stats``, the rematch and ``rebuild`` read exactly
  what they read before, without replaying the log on a later version of the engine;
- with ``KEEP_FINISHED_DAYS`` set (``bot.settings``), a match over for longer than that is
  deleted with all its rows: it leaves ``/stats`` and ``/leaderboard`` too. Unset: kept.

``prune`` does both, a batch at a time; the client runs it at start-up and every hour
(``cogs.upkeep``). Storage never reads the clock: the times come from the service's clock.
"""

from __future__ import annotations

import logging
from dataclasses import dataclass, field
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from bot.service import MatchService

log = logging.getLogger(__name__)

COMPACT_AFTER = 24 * 3600.0  # a match over for this long has its announcements long done
DAY = 24 * 3600.0
BATCH = 25  # matches per storage transaction (short, so moves of running matches wait little)


@dataclass(slots=True)
class PruneReport:
    compacted: list[int] = field(default_factory=list)
    deleted: list[int] = field(default_factory=list)


async def prune(
    service: MatchService,
    *,
    keep_finished_days: float | None = None,
    now: float | None = None,
    max_batches: int = 400,
) -> PruneReport:
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
        log.info(
            "upkeep: %d finished matches compacted, %d deleted",
            len(report.compacted),
            len(report.deleted),
        )
    return report
