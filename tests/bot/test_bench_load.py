"""``python -m bench``'s load worker runs (its figures are never asserted: speed is bench's)."""

from __future__ import annotations

from bench.load import percentile, worker


async def test_a_load_worker_plays_and_measures(pg_server) -> None:
    result = await worker(await pg_server.fresh_url("load"), 1.0, 2, 7)
    assert result["moves"] > 0 and result["seconds"] >= 1.0
    assert result["lag_ms_p99"] >= 0.0
    assert percentile([3.0, 1.0, 2.0], 0.99) == 3.0 and percentile([], 0.99) == 0.0
