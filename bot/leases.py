"""Leases: a piece of work claimed by one process among several on one database (issue 15).

A lease is a row ``leases(name, holder, expires_at)``. The holder is ``<process key>/<run id>``:
the process key names a process's place (its shards, ``SHARD_IDS``), the run id one start of
it. A lease may be taken when it is free (released, or never held), expired, held by this run,
or held by an earlier run of this same process key (which died: a process never runs twice).
Taking a lease that was not released means its holder stopped mid-work: ``Lease.taken_over``.

An SQLite store serves one process (``Storage.shared`` is False): there every claim succeeds
at once without touching the database, and the process's own asyncio locks serialise the work.
"""

from __future__ import annotations

import asyncio
import contextlib
import secrets
from collections.abc import AsyncIterator, Callable
from dataclasses import dataclass

from bot.storage import Storage

DEFAULT_KEY = "all"  # a process serving every shard (or no sharding)
WAIT_STEP = 0.05  # seconds between tries while another process holds a lease


def process_key(shard_ids: tuple[int, ...] | None) -> str:
    """The key of a process serving ``shard_ids`` (None: all of them)."""
    return DEFAULT_KEY if not shard_ids else "shards-" + "-".join(map(str, sorted(shard_ids)))


@dataclass(frozen=True, slots=True)
class Lease:
    name: str
    taken_over: bool  # its previous holder never released it: it stopped mid-work


class Leases:
    """This process's leases on ``store``."""

    def __init__(
        self, store: Storage, key: str = DEFAULT_KEY, clock: Callable[[], float] | None = None
    ) -> None:
        import time

        self.store = store
        self.key = key
        self.holder = f"{key}/{secrets.token_hex(6)}"
        self.clock = clock or time.time

    async def claim(self, name: str, ttl: float) -> Lease | None:
        """Take ``name`` for ``ttl`` seconds, or None when another process holds it."""
        if not self.store.shared:
            return Lease(name, taken_over=False)
        previous = await self.store.claim_lease(name, self.holder, self.clock(), ttl)
        if previous is None:
            return None
        return Lease(name, taken_over=bool(previous) and previous != self.holder)

    async def release(self, name: str) -> None:
        if self.store.shared:
            await self.store.release_lease(name, self.holder)

    @contextlib.asynccontextmanager
    async def hold(self, name: str, ttl: float, wait: float = 0.0) -> AsyncIterator[Lease | None]:
        """Hold ``name`` for the block (None when another process kept it for ``wait``
        seconds); released afterwards, even on failure."""
        lease = await self.claim(name, ttl)
        waited = 0.0
        while lease is None and waited < wait:
            await asyncio.sleep(WAIT_STEP)
            waited += WAIT_STEP
            lease = await self.claim(name, ttl)
        try:
            yield lease
        finally:
            if lease is not None:
                await self.release(name)
