"""Every registered game plays a whole match through the service, across a restart, and its
snapshot equals a replay of its move log."""

from __future__ import annotations

import random

import pytest

import rules
from bot.service import MatchService
from bot.storage import SqliteStorage
from tests.bot.conftest import CHANNEL, GUILD, HOST

GAMES = sorted(rules.ENGINES) + ["toy"]


@pytest.mark.parametrize("game_id", GAMES)
async def test_whole_match_with_ai_seats_and_a_restart(game_id, db_path, toy_engine):
    engine = rules.get(game_id)
    rng = random.Random(3)
    store = await SqliteStorage.open(db_path)
    service = MatchService(store, seed_source=lambda: 1234)
    info = await service.create_lobby(GUILD, CHANNEL, HOST, game_id, engine.max_players)
    for _ in range(engine.max_players - 1):
        info = await service.add_ai(info.id, HOST)
    turn = await service.start(info.id, HOST)
    answered = 0
    while not turn.finished:
        (mine,) = [p for p in turn.pending if p.user_id == HOST]
        option = mine.options[rng.randrange(len(mine.options))].id
        turn = await service.submit(info.id, HOST, option, decision_seq=mine.seq)
        answered += 1
        if answered == 5:  # restart: a new storage and service on the same file
            await store.close()
            store = await SqliteStorage.open(db_path)
            service = MatchService(store)
            turn = await service.snapshot(info.id)
    assert turn.result is not None and turn.match.status == "finished"
    assert len(await store.get_moves(info.id)) == turn.version
    assert await service.rebuild(info.id)
    await store.close()
