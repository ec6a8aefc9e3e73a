"""Service figures for ``python -m bench``: one move end to end, and start-up with 10,000 matches.

Both functions return a number and print nothing. ``NOTES`` says what was measured (which game,
whether the board render was included) after each call.

- ``move_ms_p95`` (and ``move_ms_p95_postgres``): one human answer on a real SQLite file (WAL,
  synchronous=FULL), or on a real PostgreSQL (pgserver, fsync on, a Unix socket), as the bot
  handles it: ``MatchService.submit`` (engine apply + one commit) and then the pictures the
  announcer draws for the new position (``cogs.common.turn_pictures``: the board with the
  move outlined and the focus image, PNG with the version chunk; skipped when ``render/`` has no
  renderer for the game). Every seat is human, so each call is one move and one post.
- ``startup_10k_s``: opening storage (migrations, write probe), building the service and listing
  one guild's matches, on a database holding 10,000 started matches.
- ``recovery_s``: a restart with 1,000 active matches whose turn is owed to their threads (the
  announcement outbox, issue 10): from starting the real client (``ScarabBot`` against the fake
  Discord of tests/e2e on loopback: login, command sync, gateway) until every owed
  announcement was delivered (turn post with its board, DMs of sealed decisions).
"""

from __future__ import annotations

import asyncio
import json
import random
import sqlite3
import tempfile
import time
from contextlib import contextmanager
from pathlib import Path
from typing import Any

from bot.model import Turn
from bot.service import MatchService
from bot.storage import SqliteStorage
from bot.stores import open_storage
from rules.core import Engine
from rules.registry import ENGINES

NOTES: dict[str, Any] = {}


@contextmanager
def _engine(game_id: str | None):
    """The named engine, else Amun-Re when registered, else the toy game (registered here)."""
    import rules  # noqa: F401  (registers every game)

    if game_id is None:
        game_id = "amunre" if "amunre" in ENGINES else "toy"
    added = False
    if game_id == "toy" and "toy" not in ENGINES:
        from tests.support.toygame import TOY

        ENGINES["toy"] = TOY
        added = True
    try:
        yield ENGINES[game_id]
    finally:
        if added:
            ENGINES.pop("toy", None)


def _renderer_for(engine: Engine) -> tuple[Any, str]:
    """What the announcer draws after a move (``cogs/announce.py``), or None with a note."""
    try:
        from cogs.announce import highlight_of
        from cogs.common import meta_text, turn_pictures
    except ImportError as exc:
        return None, f"skipped: {exc}"

    def draw(turn: Turn) -> list[tuple[str, bytes]]:
        return turn_pictures(
            turn.match.game_id,
            turn.view,
            highlight=sorted(highlight_of(turn)) or None,
            locale="en",
            meta=meta_text(turn.match.id, turn.version),
        )

    state = engine.new_game(engine.max_players, None, 1)
    try:
        turn_pictures(
            engine.game_id,
            engine.view(state, None),
            highlight=None,
            locale="en",
            meta="match=0;version=0",
        )
    except KeyError:
        return None, f"skipped: no renderer for {engine.game_id}"
    except Exception as exc:  # a renderer that is still being written
        return None, f"skipped: render failed ({type(exc).__name__}: {exc})"
    return draw, "included (board + focus, as the announcer draws them)"


async def _moves(engine: Engine, database: str, samples: int, render: Any) -> list[float]:
    store = await open_storage(database)
    service = MatchService(store)
    rng = random.Random(7)
    timings: list[float] = []
    users = [1000 + seat for seat in range(engine.max_players)]
    try:
        while len(timings) < samples:
            info = await service.create_lobby(
                1, 2, users[0], engine.game_id, engine.max_players, {}
            )
            for user in users[1:]:
                await service.join(info.id, user)
            turn = await service.start(info.id, users[0], seed=rng.randrange(1 << 30))
            while not turn.finished and len(timings) < samples:
                pending = turn.pending[rng.randrange(len(turn.pending))]
                state = service._cache[info.id].state
                assert pending.user_id is not None  # every seat is a human here
                option = engine.ai_choice(state, pending.seat)
                started = time.perf_counter()
                turn = await service.submit(
                    info.id, pending.user_id, option, decision_seq=pending.seq
                )
                if render is not None:  # the announcer's pictures, off the event loop
                    await asyncio.to_thread(render, turn)
                timings.append((time.perf_counter() - started) * 1000)
    finally:
        await store.close()
    return timings


@contextmanager
def _database(store: str, folder: str):
    """A fresh database of the named kind: an SQLite file, or a PostgreSQL server that pgserver
    starts from its wheel (Unix socket only, fsync on) and deletes afterwards."""
    if store == "sqlite":
        yield str(Path(folder) / "bench.sqlite3")
        return
    import pgserver  # the test extra

    server = pgserver.get_server(Path(folder) / "pg", cleanup_mode="delete")
    try:
        yield server.get_uri()
    finally:
        server.cleanup()


def move_ms_p95(game_id: str | None = None, samples: int = 300, store: str = "sqlite") -> float:
    """95th percentile of one move through ``MatchService.submit``, in milliseconds, on
    ``store`` ("sqlite" or "postgres")."""
    with (
        _engine(game_id) as engine,
        tempfile.TemporaryDirectory(prefix="scarab-bench-") as tmp,
        _database(store, tmp) as database,
    ):
        render, note = _renderer_for(engine)
        timings = asyncio.run(_moves(engine, database, samples, render))
    timings.sort()
    NOTES["move_ms_p95" if store == "sqlite" else f"move_ms_p95_{store}"] = {
        "game": engine.game_id,
        "render": note,
        "samples": len(timings),
        "median_ms": round(timings[len(timings) // 2], 3),
    }
    return timings[min(len(timings) - 1, int(0.95 * len(timings)))]


def _fill(path: str, engine: Engine, matches: int) -> None:
    seats = engine.max_players
    state = json.dumps(engine.dump(engine.new_game(seats, None, 1)))
    seqs = json.dumps({str(d.seat): 0 for d in engine.pending(engine.new_game(seats, None, 1))})
    options = json.dumps(engine.normalise_options(None))
    with sqlite3.connect(path) as conn:
        conn.executemany(
            "INSERT INTO matches (id, guild_id, channel_id, game_id, options, seats, seed, "
            "status, version, host_id, created_at, updated_at) "
            "VALUES (?, ?, 2, ?, ?, ?, 1, 'active', 0, 1000, 0, 0)",
            [(i, i % 200, engine.game_id, options, seats) for i in range(1, matches + 1)],
        )
        conn.executemany(
            "INSERT INTO seats (match_id, seat, user_id, is_ai, joined_at) VALUES (?, ?, ?, 0, 0)",
            [(i, seat, 1000 + seat) for i in range(1, matches + 1) for seat in range(seats)],
        )
        conn.executemany(
            "INSERT INTO snapshots (match_id, version, state, seqs, updated_at) "
            "VALUES (?, 0, ?, ?, 0)",
            [(i, state, seqs) for i in range(1, matches + 1)],
        )


async def _startup(path: str) -> tuple[float, int]:
    started = time.perf_counter()
    store = await SqliteStorage.open(path)
    service = MatchService(store)
    listed = await service.list_matches(7)
    elapsed = time.perf_counter() - started
    await store.close()
    return elapsed, len(listed)


def startup_10k_s(game_id: str | None = None, matches: int = 10_000) -> float:
    """Seconds to open storage, build the service and list one guild, with 10,000 matches."""
    with _engine(game_id) as engine, tempfile.TemporaryDirectory() as tmp:
        path = str(Path(tmp) / "bench.sqlite3")
        asyncio.run(_close_after_open(path))  # create the schema
        _fill(path, engine, matches)
        elapsed, listed = asyncio.run(_startup(path))
    NOTES["startup_10k_s"] = {"game": engine.game_id, "matches": matches, "listed": listed}
    return elapsed


async def _close_after_open(path: str) -> None:
    await (await SqliteStorage.open(path)).close()


def recovery_s(game_id: str | None = None, matches: int = 1_000) -> float:
    """Seconds from a restart to every owed announcement delivered, 1,000 matches owed."""
    with _engine(game_id) as engine, tempfile.TemporaryDirectory() as tmp:
        path = str(Path(tmp) / "bench.sqlite3")
        asyncio.run(_close_after_open(path))  # create the schema
        _fill(path, engine, matches)
        elapsed, delivered, posts = asyncio.run(_recover(path, engine, matches))
    NOTES["recovery_s"] = {
        "game": engine.game_id,
        "matches": matches,
        "delivered": delivered,
        "thread_posts": posts,
    }
    return elapsed


async def _recover(path: str, engine: Engine, matches: int) -> tuple[float, int, int]:
    import logging

    from cogs.client import ScarabBot
    from tests.e2e.fakediscord import FakeDiscord

    logging.getLogger("discord").setLevel(logging.ERROR)
    async with FakeDiscord(ack_timeout=None) as fake:
        users = [fake.add_user(f"player{seat}") for seat in range(engine.max_players)]
        threads = [
            fake._make_thread(
                fake.channel,
                {"name": f"match {i}", "type": 11},
                thread_id=None,
                owner=fake.bot_user,
            ).id
            for i in range(1, matches + 1)
        ]
        with sqlite3.connect(path) as conn:
            conn.executemany(
                "UPDATE matches SET guild_id = ?, channel_id = ?, thread_id = ? WHERE id = ?",
                [
                    (fake.guild_id, fake.channel.id, thread, i)
                    for i, thread in enumerate(threads, start=1)
                ],
            )
            conn.executemany(
                "UPDATE seats SET user_id = ? WHERE seat = ?",
                [(user.id, seat) for seat, user in enumerate(users)],
            )
            conn.executemany(
                "INSERT INTO announcements (match_id, version_owed, updated_at) VALUES (?, 0, 0)",
                [(i,) for i in range(1, matches + 1)],
            )
        store = await SqliteStorage.open(path)
        bot = ScarabBot(store, dev_guild_id=fake.guild_id)
        started = time.perf_counter()
        try:
            async with fake.run_bot(bot, timeout=60.0):
                while await store.owed_announcements(float("inf"), 1):
                    await asyncio.sleep(0.05)
                elapsed = time.perf_counter() - started
                delivered = bot.outbox.delivered if bot.outbox else 0
        finally:
            await store.close()
        posts = sum(len(fake.channel_messages(thread)) for thread in threads)
    return elapsed, delivered, posts
