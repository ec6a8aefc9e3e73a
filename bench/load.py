"""The load figure (issue 15 item 7): moves per second, each followed by its board drawn as the
announcer draws it (``cogs.common.pictures``: the render pool), for one bot process and for two
processes on one PostgreSQL (pgserver), with the event loop's lag (p99).

Each process (``python -m bench.load --worker URL``) plays its own matches, several at once,
through ``MatchService.submit`` for ``seconds``, while a probe measures how late a 10 ms sleep
wakes up. No Discord: what is measured is the service, the database and the drawing.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import random
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

from bench.service import _database, _engine

ROOT = Path(__file__).resolve().parents[1]
PROBE_S = 0.01
NOTES: dict[str, Any] = {}


def percentile(values: list[float], fraction: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(fraction * len(ordered)))] if ordered else 0.0


async def _probe(lags: list[float], stop: asyncio.Event) -> None:
    """How late the event loop wakes a 10 ms sleep, in milliseconds."""
    loop = asyncio.get_running_loop()
    while not stop.is_set():
        started = loop.time()
        await asyncio.sleep(PROBE_S)
        lags.append(max(0.0, (loop.time() - started - PROBE_S) * 1000))


async def _table(service: Any, engine: Any, rng: random.Random, users: list[int]) -> Any:
    info = await service.create_lobby(1, 2, users[0], engine.game_id, len(users), {})
    for user in users[1:]:
        await service.join(info.id, user)
    return await service.start(info.id, users[0], seed=rng.randrange(1 << 30))


async def _play(service: Any, engine: Any, seed: int, until: float, counts: list[int]) -> None:
    """One table after another: answer, then draw the board, until ``until``."""
    from cogs.announce import highlight_of
    from cogs.common import meta_text, pictures

    rng = random.Random(seed)
    users = [seed * 10 + seat for seat in range(engine.max_players)]
    turn = await _table(service, engine, rng, users)
    while time.monotonic() < until:
        if turn.finished:
            turn = await _table(service, engine, rng, users)
            continue
        pending = turn.pending[rng.randrange(len(turn.pending))]
        option = rng.choice(pending.options).id  # a player's click: no AI thinking here
        turn = await service.submit(
            turn.match.id, pending.user_id, option, decision_seq=pending.seq
        )
        await pictures(
            turn.match.game_id,
            turn.view,
            highlight=sorted(highlight_of(turn)) or None,
            locale="en",
            meta=meta_text(turn.match.id, turn.version),
        )
        counts[0] += 1


async def worker(url: str, seconds: float, tables: int, first_seed: int) -> dict[str, float]:
    """One process's share: ``tables`` matches played at once for ``seconds``."""
    from bot.service import MatchService
    from bot.stores import open_storage
    from cogs import render_pool
    from cogs.common import pictures

    await render_pool.started()
    store = await open_storage(url)
    service = MatchService(store)
    try:
        with _engine(None) as engine:
            view = engine.view(engine.new_game(engine.max_players, None, 1), None)
            await pictures(engine.game_id, view, highlight=None, locale="en", meta="warm")
            lags: list[float] = []
            stop = asyncio.Event()
            probe = asyncio.create_task(_probe(lags, stop))
            counts = [0]
            started = time.monotonic()
            until = started + seconds
            await asyncio.gather(
                *(_play(service, engine, first_seed + n, until, counts) for n in range(tables))
            )
            elapsed = time.monotonic() - started
            stop.set()
            await probe
    finally:
        await store.close()
    return {
        "game": engine.game_id,
        "moves": counts[0],
        "seconds": elapsed,
        "lag_ms_p99": percentile(lags, 0.99),
    }


def _processes(url: str, count: int, seconds: float, tables: int) -> dict[str, float]:
    """``count`` worker processes at once on ``url``: their moves per second together and
    the worst event-loop lag p99 among them."""
    runs = [
        subprocess.Popen(
            [
                sys.executable,
                "-m",
                "bench.load",
                "--worker",
                url,
                "--seconds",
                str(seconds),
                "--tables",
                str(tables),
                "--seed",
                str(1000 * (n + 1) + count * 100_000),
            ],
            cwd=ROOT,
            stdout=subprocess.PIPE,
            text=True,
        )  # fmt: skip
        for n in range(count)
    ]
    results = []
    for run in runs:
        out, _ = run.communicate(timeout=seconds * 10 + 120)
        if run.returncode != 0:
            raise RuntimeError(f"a load worker failed (exit {run.returncode})")
        results.append(json.loads(out.strip().splitlines()[-1]))
    NOTES[f"{count}_process"] = results
    moves = sum(r["moves"] for r in results)
    return {
        "moves_per_s": round(moves / max(r["seconds"] for r in results), 1),
        "lag_ms_p99": round(max(r["lag_ms_p99"] for r in results), 1),
    }


def load_figures(seconds: float = 10.0, tables: int = 8) -> dict[str, float]:
    """Moves per second with a board each and the event-loop lag p99: one process, then two
    processes on one PostgreSQL."""
    with (
        tempfile.TemporaryDirectory(prefix="scarab-load-") as tmp,
        _database("postgres", tmp) as url,
    ):
        one = _processes(url, 1, seconds, tables)
        two = _processes(url, 2, seconds, tables)
    return {
        "moves_per_s_1_process": one["moves_per_s"],
        "lag_ms_p99_1_process": one["lag_ms_p99"],
        "moves_per_s_2_processes": two["moves_per_s"],
        "lag_ms_p99_2_processes": two["lag_ms_p99"],
    }


def main() -> None:
    parser = argparse.ArgumentParser(prog="python -m bench.load", description=__doc__)
    parser.add_argument("--worker", metavar="URL", help="run one worker process on URL")
    parser.add_argument("--seconds", type=float, default=10.0)
    parser.add_argument("--tables", type=int, default=8, help="matches played at once")
    parser.add_argument("--seed", type=int, default=1000)
    args = parser.parse_args()
    if args.worker:
        result = asyncio.run(worker(args.worker, args.seconds, args.tables, args.seed))
        print(json.dumps(result))
        return
    print(json.dumps(load_figures(args.seconds, args.tables)))
    print(json.dumps(NOTES))


if __name__ == "__main__":
    main()
