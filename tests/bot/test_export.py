"""History: match exports, their replay (the replay law from the export alone), rematches."""

from __future__ import annotations

import json
import random

import pytest

import rules
from bot.errors import ServiceError
from bot.export import (
    FORMAT,
    export_match,
    replay_export,
    standing_moves,
    state_digest,
    to_bytes,
    verify_export,
)
from bot.rematch import open_rematch
from bot.service import MatchService
from rules.core import canonical_json
from tests.bot.conftest import ALICE, BOB, CHANNEL, GUILD, HOST, lobby

OTHER_GUILD = 9999


async def play_out(service: MatchService, match_id: int, turn) -> object:
    """Every human answers with the engine's own AI choice until the match ends."""
    engine = rules.get(turn.match.game_id)
    while not turn.finished:
        pending = next(p for p in turn.pending if not p.is_ai)
        state = (await service._loaded(turn.match)).state
        option = engine.ai_choice(state, pending.seat)
        turn = await service.submit(match_id, pending.user_id, option, decision_seq=pending.seq)
    return turn


async def finished_toy(service: MatchService, *, players=(ALICE,), ais=0, rounds="3"):
    info = await lobby(service, 1 + len(players) + ais, rounds, players=players, ais=ais)
    turn = await service.start(info.id, HOST)
    return await play_out(service, info.id, turn)


async def test_a_finished_amunre_match_replays_byte_for_byte_from_its_export(store, clock):
    """The export alone (JSON file round trip) rebuilds the stored final state exactly."""
    service = MatchService(store, clock=clock, seed_source=lambda: 20240601)
    info = await service.create_lobby(GUILD, CHANNEL, HOST, "amunre", 3)
    for _ in range(2):
        info = await service.add_ai(info.id, HOST)
    turn = await play_out(service, info.id, await service.start(info.id, HOST))
    assert turn.result is not None

    data = json.loads(to_bytes(await export_match(service, info.id, guild_id=GUILD)))
    assert data["format"] == FORMAT and data["game"] == "amunre"
    assert data["seed"] == 20240601 and data["seat_count"] == 3
    assert [(s["seat"], s["user_id"], s["ai"]) for s in data["seats"]] == [
        (0, HOST, False),
        (1, None, True),
        (2, None, True),
    ]
    assert len(data["moves"]) == turn.version
    assert {m["kind"] for m in data["moves"]} == {"move"}
    assert data["result"]["scores"] == list(turn.result.scores)
    assert data["options"] == info.options
    assert data["settings"] == await store.match_settings(info.id) != {}

    engine, state = replay_export(data)
    snapshot = await store.get_snapshot(info.id)
    assert canonical_json(engine.dump(state)) == canonical_json(snapshot.state)
    assert engine.result(state) == turn.result
    assert verify_export(data)
    assert state_digest(engine, state) == data["final_state_sha256"]


async def test_export_of_a_match_in_another_server_is_refused(service, store):
    turn = await finished_toy(service)
    before = await store.get_match(turn.match.id)
    with pytest.raises(ServiceError, match="another server"):
        await export_match(service, turn.match.id, guild_id=OTHER_GUILD)
    with pytest.raises(ServiceError, match="in the server"):
        await export_match(service, turn.match.id, guild_id=None)
    assert await store.get_match(turn.match.id) == before  # nothing changed


async def test_running_and_unstarted_matches_are_not_exported(service):
    info = await lobby(service, 2, players=(ALICE,))
    with pytest.raises(ServiceError, match="has not started"):
        await export_match(service, info.id, guild_id=GUILD)
    await service.start(info.id, HOST)
    with pytest.raises(ServiceError, match="still running"):  # the seed would tell the future
        await export_match(service, info.id, guild_id=GUILD)
    with pytest.raises(ServiceError, match="no match #77"):
        await export_match(service, 77, guild_id=GUILD)


async def test_export_flags_taken_over_seats(service, store):
    turn = await finished_toy(service, players=(ALICE,))
    await store._conn.execute(
        "UPDATE seats SET taken_over = 1 WHERE match_id = ? AND seat = 1", (turn.match.id,)
    )
    data = await export_match(service, turn.match.id, guild_id=GUILD)
    assert [s["taken_over"] for s in data["seats"]] == [False, True]


def toy_export(moves: list[dict], seed: int = 5) -> dict:
    return {
        "format": FORMAT,
        "format_version": 1,
        "game": "toy",
        "seat_count": 2,
        "options": {"rounds": "1"},
        "seed": seed,
        "moves": moves,
    }


def test_undo_rows_take_back_the_latest_standing_move_of_their_seat(toy_engine):
    plain = [
        {"version": 1, "seat": 0, "option": "pick:3"},
        {"version": 2, "seat": 1, "option": "pick:1"},
        {"version": 3, "seat": 0, "option": "bank"},
    ]
    undone = [
        {"version": 1, "seat": 0, "option": "pick:3"},
        {"version": 2, "seat": 1, "option": "pick:1"},
        {"version": 3, "seat": 0, "option": "gamble"},
        {"version": 4, "seat": 0, "option": "gamble", "kind": "undo"},
        {"version": 5, "seat": 0, "option": "bank"},
    ]
    assert [m["version"] for m in standing_moves(undone)] == [1, 2, 5]
    # An undo row with nothing of its seat standing changes nothing (as in bot.movelog.walk).
    idle = [{"version": 1, "seat": 1, "option": "x", "kind": "undo"}, *plain]
    assert standing_moves(idle) == plain
    engine, a = replay_export(toy_export(plain))
    _, b = replay_export(toy_export(undone))
    assert canonical_json(engine.dump(a)) == canonical_json(engine.dump(b))
    assert engine.result(b) is not None


@pytest.mark.parametrize(
    "data, reason",
    [
        ({"format": "other"}, "not a Scarab match export"),
        ({**toy_export([]), "format_version": 99}, "newer Scarab"),
        ({**toy_export([]), "seed": "x"}, "'seed'"),
        ({**toy_export([]), "game": "chess"}, "does not know"),
        (toy_export([{"version": 1, "seat": 0, "option": "pick:9"}]), "Move 1"),
    ],
)
def test_a_bad_export_is_refused_with_a_reason(toy_engine, data, reason):
    with pytest.raises(ValueError, match=reason):
        replay_export(data)


# --------------------------------------------------------------------------- rematch


async def test_rematch_opens_a_lobby_with_the_same_seats_and_options(service, store):
    info = await service.create_lobby(
        GUILD, CHANNEL, HOST, "toy", 3, {"rounds": "1"}, turn_time="1h", on_timeout="takeover"
    )
    await service.join(info.id, ALICE)
    await service.add_ai(info.id, HOST)
    old = (await play_out(service, info.id, await service.start(info.id, HOST))).match
    new = await open_rematch(service, old.id, ALICE)
    assert new.status == "lobby" and new.host_id == ALICE and new.id != old.id
    assert (new.game_id, new.seat_count, new.options) == (old.game_id, old.seat_count, old.options)
    assert [(s.seat, s.user_id, s.is_ai) for s in new.seats] == [
        (0, HOST, False),
        (1, ALICE, False),
        (2, None, True),
    ]
    assert new.channel_id == old.channel_id and new.guild_id == old.guild_id
    settings = await store.match_settings(new.id)
    assert settings == await store.match_settings(old.id) and settings["turn_time"] == 3600
    with pytest.raises(ServiceError, match=f"already open: lobby #{new.id}"):
        await open_rematch(service, old.id, HOST)
    started = await service.start(new.id, ALICE)  # the rematch is a normal lobby
    assert started.match.status == "active"


async def test_rematch_refusals(service):
    info = await lobby(service, 2, players=(ALICE,))
    await service.start(info.id, HOST)
    with pytest.raises(ServiceError, match="not over yet"):
        await open_rematch(service, info.id, HOST)
    await service.cancel(info.id, HOST)
    with pytest.raises(ServiceError, match="cancelled"):
        await open_rematch(service, info.id, HOST)
    turn = await finished_toy(service, players=(ALICE,), rounds="1")
    count = len(await service.list_matches(GUILD, active_only=False))
    with pytest.raises(ServiceError, match="Only the players"):
        await open_rematch(service, turn.match.id, BOB)
    assert len(await service.list_matches(GUILD, active_only=False)) == count


async def test_a_second_rematch_may_open_once_the_first_is_over(service):
    turn = await finished_toy(service, players=(ALICE,), rounds="1")
    first = await open_rematch(service, turn.match.id, HOST)
    await service.cancel(first.id, HOST)
    second = await open_rematch(service, turn.match.id, ALICE)
    assert second.id != first.id and second.host_id == ALICE


async def test_an_export_with_undo_rows_replays_to_the_final_state(store, clock):
    """Undo rows are in the export; replaying it skips them and the moves they took back."""
    from tests.support.stepsgame import STEPS

    rules.ENGINES[STEPS.game_id] = STEPS
    try:
        service = MatchService(store, clock=clock, seed_source=lambda: 42)
        info = await service.create_lobby(GUILD, CHANNEL, HOST, "steps", 2, {"turns": "8"})
        await service.join(info.id, BOB)
        turn = await service.start(info.id, HOST)
        chooser = random.Random(11)
        while not turn.finished:
            p = turn.pending[0]
            if turn.undo_seat is not None and chooser.random() < 0.4:
                turn = await service.undo(info.id, HOST if turn.undo_seat == 0 else BOB)
            else:
                turn = await service.submit(
                    info.id, p.user_id, chooser.choice(p.options).id, decision_seq=p.seq
                )
        data = json.loads(to_bytes(await export_match(service, info.id, guild_id=GUILD)))
        assert sum(m["kind"] == "undo" for m in data["moves"]) >= 2
        engine, state = replay_export(data)
        snapshot = await store.get_snapshot(info.id)
        assert canonical_json(engine.dump(state)) == canonical_json(snapshot.state)
        assert verify_export(data)
    finally:
        rules.ENGINES.pop(STEPS.game_id, None)


async def test_the_result_post_flags_taken_over_seats(service, store):
    from types import SimpleNamespace

    from cogs.history import takeover_notes

    turn = await finished_toy(service, players=(ALICE,), ais=1, rounds="1")
    bot = SimpleNamespace(service=service)
    assert await takeover_notes(bot, turn.match) == []
    await store._conn.execute(
        "UPDATE seats SET taken_over = 1 WHERE match_id = ? AND seat = 1", (turn.match.id,)
    )
    (note,) = await takeover_notes(bot, turn.match)
    assert f"<@{ALICE}>" in note and "loss" in note
