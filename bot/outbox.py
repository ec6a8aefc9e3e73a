"""The announcement outbox's worker (issue 10): every accepted move is announced exactly once.

Each move's transaction stores the version its match's thread owes (``Storage.record_move``,
``start_match``); the announcer marks it done only after Discord accepted the post or edit.
``Outbox`` delivers what is still owed: at start-up (after letting AI seats that a failed save
left waiting move), after each failure with exponential backoff (``next_try_at``), and on every
deadline scan. Delivery itself (``deliver(match_id)``, the announcer's) is idempotent: it brings
the thread up to the stored version, editing the live message or posting once.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
from collections.abc import Awaitable, Callable
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from bot.service import MatchService

log = logging.getLogger(__name__)

BACKOFF_BASE = 2.0  # seconds before the first retry; doubles with each failure in a row
BACKOFF_CAP = 60.0
POLL_INTERVAL = 5.0  # seconds between looks at the outbox when nothing woke the worker
BATCH = 100
CONCURRENCY = 4  # matches delivered at once (each in its own thread: boards render in threads)


def backoff(attempts: int, base: float = BACKOFF_BASE, cap: float = BACKOFF_CAP) -> float:
    """Seconds to wait after ``attempts`` failures in a row (1 -> base, 2 -> 2 base, ...)."""
    return min(cap, base * 2 ** max(attempts - 1, 0))


class Outbox:
    def __init__(
        self,
        service: MatchService,
        deliver: Callable[[int], Awaitable[bool]],
        *,
        base: float = BACKOFF_BASE,
        cap: float = BACKOFF_CAP,
        poll: float = POLL_INTERVAL,
        concurrency: int = CONCURRENCY,
    ) -> None:
        self.service = service
        self.deliver = deliver
        self.base, self.cap, self.poll = base, cap, poll
        self._slots = asyncio.Semaphore(max(1, concurrency))
        self.delivered = 0  # deliveries that brought a thread up to date
        self.failures = 0
        self._wake = asyncio.Event()
        self._task: asyncio.Task[None] | None = None
        self._pass = asyncio.Lock()

    def kick(self, match_id: int | None = None) -> None:
        """Something is owed now (e.g. AI moves whose caller's answer was refused)."""
        self._wake.set()

    async def failed(self, match_id: int) -> None:
        """A delivery failed: retry after the backoff for its failures in a row."""
        self.failures += 1
        store, now = self.service.store, self.service.clock()
        record = await store.get_announcement(match_id)
        attempts = (record.attempts if record else 0) + 1
        await store.announcement_failed(match_id, now + backoff(attempts, self.base, self.cap), now)

    async def deliver_due(self) -> int:
        """Deliver every owed announcement whose backoff has passed; returns how many
        threads were brought up to date."""
        async with self._pass:
            done = 0
            seen: set[int] = set()
            while True:
                rows = [
                    row
                    for row in await self.service.store.owed_announcements(
                        self.service.clock(), BATCH
                    )
                    if row.match_id not in seen
                ]
                if not rows:
                    return done
                seen.update(row.match_id for row in rows)
                results = await asyncio.gather(*(self._deliver_one(row.match_id) for row in rows))
                done += sum(results)

    async def _deliver_one(self, match_id: int) -> bool:
        async with self._slots:
            try:
                delivered = await self.deliver(match_id)
            except Exception:
                log.exception("match %s: delivering its announcement failed", match_id)
                return False
        if delivered:
            self.delivered += 1
        return delivered

    async def recover(self) -> int:
        """Start-up: AI seats left waiting move (their moves become owed), then everything
        owed is delivered. Returns the threads brought up to date."""
        try:
            await self.service.resume_ai()
        except Exception:
            log.exception("resuming waiting AI seats failed")
        return await self.deliver_due()

    def start(self) -> None:
        if self._task is None or self._task.done():
            self._task = asyncio.create_task(self._run(), name="scarab-outbox")

    async def stop(self) -> None:
        if self._task is not None:
            self._task.cancel()
            with contextlib.suppress(asyncio.CancelledError, Exception):
                await self._task
            self._task = None

    async def _run(self) -> None:
        try:
            await self.recover()
        except Exception:
            log.exception("delivering the owed announcements at start-up failed")
        while True:
            with contextlib.suppress(TimeoutError):
                await asyncio.wait_for(self._wake.wait(), self.poll)
            self._wake.clear()
            try:
                await self.deliver_due()
            except Exception:
                log.exception("the outbox pass failed; it runs again")
