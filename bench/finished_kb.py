"""``python -m bench.finished_kb [--games N]``: what a finished match costs on disk.

For every registered game, N matches at the largest seat count are played to the end through
``MatchService.submit`` on a real SQLite file (every seat human, answered with the engine's
AI choice); then the database is measured (after ``VACUUM``, so free pages do not count) as it
is, and again after ``bot.upkeep.prune`` compacted the finished matches. Prints KB per
finished match (the empty schema's pages left out), and how much of it is the move log's
events. Not a test: nothing is asserted.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import random
import sqlite3
import tempfile
from pathlib import Path
from typing import Any

import rules
from bot.service import MatchService
from bot.storage import SqliteStorage
from bot.upkeep import COMPACT_AFTER, prune


class _Clock:
    def __init__(self) -> None:
        self.now = 1_700_000_000.0

    def __call__(self) -> float:
        return self.now


async def _play(path: str, game_id: str, games: int, seed: int) -> MatchService:
    store = await SqliteStorage.open(path, synchronous="OFF")
    clock = _Clock()
    service = MatchService(store, clock=clock)
    engine = rules.get(game_id)
    rng = random.Random(seed)
    users = [1000 + seat for seat in range(engine.max_players)]
    try:
        for _ in range(games):
            info = await service.create_lobby(1, 2, users[0], game_id, engine.max_players, {})
            for user in users[1:]:
                await service.join(info.id, user)
            turn = await service.start(info.id, users[0], seed=rng.randrange(1 << 30))
            while not turn.finished:
                pending = turn.pending[rng.randrange(len(turn.pending))]
                state = service._cache[info.id].state
                assert pending.user_id is not None  # every seat is a human here
                option = engine.ai_choice(state, pending.seat)
                turn = await service.submit(
                    info.id, pending.user_id, option, decision_seq=pending.seq
                )
            # What the announcer records once Discord accepted the last post.
            await store.announcement_delivered(
                info.id,
                version=turn.version,
                channel_id=None,
                message_id=None,
                turn_version=None,
                turn_key=None,
                now=clock(),
            )
        clock.now += COMPACT_AFTER + 1
        return service
    except BaseException:
        await store.close()
        raise


def _size(path: str) -> int:
    """The file's size once free pages are gone (``VACUUM``) and the WAL is checkpointed."""
    conn = sqlite3.connect(path)
    try:
        conn.execute("PRAGMA wal_checkpoint(TRUNCATE)")
        conn.execute("VACUUM")
        conn.execute("PRAGMA wal_checkpoint(TRUNCATE)")
    finally:
        conn.close()
    return os.path.getsize(path)


def _measure(path: str, games: int, empty: int) -> dict[str, float]:
    """KB per match, the empty schema's pages (``empty`` bytes) left out."""
    size = _size(path)
    conn = sqlite3.connect(path)
    try:
        events = conn.execute("SELECT coalesce(sum(length(events)), 0) FROM moves").fetchone()[0]
        moves = conn.execute("SELECT count(*) FROM moves").fetchone()[0]
    finally:
        conn.close()
    return {
        "kb_per_match": round((size - empty) / 1024 / games, 1),
        "event_kb_per_match": round(events / 1024 / games, 1),
        "moves_per_match": round(moves / games, 1),
    }


async def _empty_size(folder: str) -> int:
    path = str(Path(folder) / "empty.sqlite3")
    store = await SqliteStorage.open(path)
    await store.close()
    return _size(path)


async def _figures(game_id: str, games: int, folder: str) -> dict[str, Any]:
    path = str(Path(folder) / f"{game_id}.sqlite3")
    empty = await _empty_size(folder)
    service = await _play(path, game_id, games, seed=7)
    try:
        before = _measure(path, games, empty)
        report = await prune(service)
        after = _measure(path, games, empty)
    finally:
        await service.store.close()
    return {"games": games, "before": before, "compacted": len(report.compacted), "after": after}


def main() -> None:
    parser = argparse.ArgumentParser(prog="python -m bench.finished_kb", description=__doc__)
    parser.add_argument("--games", type=int, default=3, help="matches per game (default 3)")
    parser.add_argument("--json", action="store_true", help="print one JSON object")
    args = parser.parse_args()
    figures: dict[str, dict[str, Any]] = {}
    with tempfile.TemporaryDirectory() as folder:
        for game_id in sorted(rules.ENGINES):
            figures[game_id] = asyncio.run(_figures(game_id, args.games, folder))
    if args.json:
        print(json.dumps(figures, sort_keys=True))
        return
    for game_id, row in figures.items():
        before, after = row["before"], row["after"]
        print(
            f"{game_id}: {before['kb_per_match']} KB per finished match "
            f"({before['moves_per_match']} moves, events {before['event_kb_per_match']} KB) "
            f"-> {after['kb_per_match']} KB after compaction"
        )


if __name__ == "__main__":
    main()
