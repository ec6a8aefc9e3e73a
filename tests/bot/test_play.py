"""Playing through the service: whole matches, refusals, seqs, restart, replay, concurrency,
commit failures and lazy loading."""

from __future__ import annotations

import asyncio
import json
import sqlite3

import pytest

from bot.errors import NotYourTurn, ServiceError
from bot.model import STALE
from bot.service import MatchService
from bot.storage import SqliteStorage
from lang import localise
from rules.core import canonical_json
from tests.bot.conftest import ALICE, BOB, CHANNEL, GUILD, HOST, lobby


async def play_out(service: MatchService, match_id: int, turn, *, choose=None):
    """Answer every human decision (last option, or ``choose``) until the game ends."""
    turns = [turn]
    while not turn.finished:
        pending = [p for p in turn.pending if not p.is_ai]
        assert pending, "a running match must be waiting for a human"
        p = pending[0]
        option = choose(p) if choose else p.options[-1].id
        turn = await service.submit(match_id, p.user_id, option, decision_seq=p.seq)
        turns.append(turn)
    return turns


@pytest.mark.both_stores
async def test_a_whole_match_against_the_ai(service, store, clock):
    info = await lobby(service, 2, ais=1)
    turn = await service.start(info.id, HOST)
    # The AI sealed at once; the host's sealed decision is still the one posed at version 0.
    assert [(m.seat, m.actor, m.secret) for m in turn.moves] == [(1, "ai", True)]
    assert [e.text for e in turn.moves[0].events] == ["Seat 2 has sealed."]
    assert [e.private_to for e in turn.moves[0].private_events] == [1]
    assert [(p.seat, p.user_id, p.seq, p.secret) for p in turn.pending] == [(0, HOST, 0, True)]
    assert turn.secret_seats == [0]
    assert turn.version == 1 and turn.result is None
    assert "my_pick" not in json.dumps(turn.view)

    clock.advance(60)
    turns = await play_out(service, info.id, turn, choose=lambda p: p.options[0].id)
    final = turns[-1]
    assert final.finished and final.match.status == "finished"
    assert final.result is not None and final.match.result == final.result
    assert final.pending == [] and final.secret_seats == []
    versions = [m.version for t in turns for m in t.moves]
    assert versions == list(range(1, final.version + 1))  # every move reported exactly once
    moves = await store.get_moves(info.id)
    assert [(m.seat, m.option_id) for m in moves] == [
        (m.seat, m.option_id) for t in turns for m in t.moves
    ]
    assert {m.actor for m in moves} == {"ai", str(HOST)}
    assert moves[-1].created_at == clock.now

    with pytest.raises(ServiceError, match="^This match is over.$"):
        await service.submit(info.id, HOST, "bank")
    public = await service.log(info.id, 100)
    assert any(text.startswith("Revealed") for text in public)
    assert not any(text.startswith("You sealed") for text in public)
    mine = await service.log(info.id, 100, user_id=HOST)
    assert "You sealed pick:1." in mine and "You sealed pick:3." not in mine
    assert await service.log(info.id, 2) == public[-2:]
    assert await service.rebuild(info.id)


async def test_submit_refusals_and_decision_seqs(service):
    info = await lobby(service, 2, rounds="1", players=(ALICE,))
    with pytest.raises(ServiceError, match="^This match has not started yet.$"):
        await service.submit(info.id, HOST, "pick:1")
    turn = await service.start(info.id, HOST, seed=5)
    assert turn.moves == [] and {p.seq for p in turn.pending} == {0}
    with pytest.raises(ServiceError, match="^You are not seated in this match.$"):
        await service.submit(info.id, BOB, "pick:1")
    with pytest.raises(ServiceError, match="^'pick:9' is not one of your current choices.$"):
        await service.submit(info.id, HOST, "pick:9")
    with pytest.raises(ServiceError, match=f"^{STALE}$"):
        await service.submit(info.id, HOST, "pick:1", decision_seq=3)

    turn = await service.submit(info.id, HOST, "pick:3", decision_seq=0)
    # Alice's sealed decision did not change, so her seq did not either.
    assert [(p.seat, p.seq) for p in turn.pending] == [(1, 0)]
    # Issue 12 item 7: the true reason, not "no longer current": the sealed answer is in.
    with pytest.raises(
        ServiceError,
        match=r"^Your seat has already answered this sealed round: "
        r"waiting for Seat 2\.$",
    ):
        await service.submit(info.id, HOST, "pick:2")
    with pytest.raises(ServiceError, match=r"^Your seat has already answered this sealed round"):
        await service.submit(info.id, HOST, "pick:2", decision_seq=0)

    turn = await service.submit(info.id, ALICE, "pick:1", decision_seq=0)
    (leader,) = turn.pending
    assert (leader.seat, leader.seq, leader.secret) == (0, 2, False)  # a new decision
    with pytest.raises(ServiceError, match=f"^{STALE}$"):
        await service.submit(info.id, HOST, "bank", decision_seq=0)
    # Nothing of Alice's is open: whose turn it is, with or without an old button's seq.
    for seq in (None, 0):
        with pytest.raises(ServiceError, match=r"^It is not your turn: waiting for Seat 1\.$"):
            await service.submit(info.id, ALICE, "bank", decision_seq=seq)
    assert [o.id for o in await service.options_for(info.id, HOST)] == ["bank", "gamble"]
    assert await service.options_for(info.id, ALICE) == []
    assert await service.options_for(info.id, BOB) == []
    assert await service.options_for(999, HOST) == []
    turn = await service.submit(info.id, HOST, "bank", decision_seq=2)
    assert turn.finished
    with pytest.raises(ServiceError, match="^This match is over.$"):
        await service.submit(info.id, HOST, "bank", decision_seq=2)


async def test_views_keep_secrets(service):
    info = await lobby(service, 2, players=(ALICE,))
    await service.start(info.id, HOST)
    await service.submit(info.id, HOST, "pick:2")
    assert (await service.private_view(info.id, HOST))["my_pick"] == 2
    assert "my_pick" not in await service.private_view(info.id, ALICE)
    turn = await service.snapshot(info.id)
    assert "my_pick" not in turn.view and turn.moves == []
    with pytest.raises(ServiceError, match="^You are not seated in this match.$"):
        await service.private_view(info.id, BOB)


async def test_restart_continues_the_match(db_path, clock, toy_engine):
    store = await SqliteStorage.open(db_path)
    service = MatchService(store, clock=clock, seed_source=lambda: 9)
    info = await lobby(service, 3, players=(ALICE,), ais=1)
    turn = await service.start(info.id, HOST)
    turn = await service.submit(info.id, HOST, "pick:2", decision_seq=0)
    before = turn.pending
    await store.close()

    store = await SqliteStorage.open(db_path)  # a new process: nothing in memory
    service = MatchService(store, clock=clock)
    turn = await service.snapshot(info.id)
    assert turn.pending == before  # same decisions, same seqs: old buttons still work
    (alice,) = [p for p in turn.pending if p.user_id == ALICE]
    turn = await service.submit(info.id, ALICE, "pick:1", decision_seq=alice.seq)
    turns = await play_out(service, info.id, turn)
    assert turns[-1].finished
    assert await service.rebuild(info.id)
    await store.close()

    # The same answers without a restart end in the very same stored state.
    store2 = await SqliteStorage.open(db_path.replace("scarab", "again"))
    again = MatchService(store2, clock=clock, seed_source=lambda: 9)
    other = await lobby(again, 3, players=(ALICE,), ais=1)
    await again.start(other.id, HOST)
    original = await SqliteStorage.open(db_path)
    for move in (await original.get_moves(info.id))[1:]:
        if move.actor != "ai":
            await again.submit(other.id, int(move.actor), move.option_id)
    a, b = await original.get_snapshot(info.id), await store2.get_snapshot(other.id)
    assert canonical_json(a.state) == canonical_json(b.state)
    await original.close()
    await store2.close()


async def test_rebuild_from_the_log_matches_the_snapshot(service, store, db_path):
    info = await lobby(service, 3, players=(ALICE,), ais=1)
    turn = await service.start(info.id, HOST)
    await play_out(service, info.id, turn)
    assert await service.rebuild(info.id)

    with sqlite3.connect(db_path) as conn:  # damage the snapshot behind the service's back
        conn.execute("UPDATE snapshots SET state = json_set(state, '$.scores[0]', 999)")
    assert not await service.rebuild(info.id)
    assert not await service.rebuild(info.id)  # only reported, not changed
    assert await service.rebuild(info.id, repair=True) is False
    assert await service.rebuild(info.id)
    with pytest.raises(ServiceError, match="^This match has not started yet.$"):
        await service.rebuild((await lobby(service, 2)).id)


async def test_a_missing_snapshot_is_rebuilt_from_the_log(service, store, db_path, toy_engine):
    info = await lobby(service, 2, players=(ALICE,))
    await service.start(info.id, HOST)
    await service.submit(info.id, HOST, "pick:2")
    with sqlite3.connect(db_path) as conn:
        conn.execute("DELETE FROM snapshots")
    fresh = MatchService(store)
    turn = await fresh.submit(info.id, ALICE, "pick:1", decision_seq=0)
    assert turn.version == 2 and turn.pending[0].seat == 0  # the leader decides
    assert await fresh.rebuild(info.id)  # the next move wrote a full snapshot again


@pytest.mark.both_stores
async def test_two_identical_submits_apply_once(service, store):
    info = await lobby(service, 2, players=(ALICE,))
    await service.start(info.id, HOST)
    outcomes = await asyncio.gather(
        service.submit(info.id, HOST, "pick:3", decision_seq=0),
        service.submit(info.id, HOST, "pick:3", decision_seq=0),
        return_exceptions=True,
    )
    applied = [o for o in outcomes if not isinstance(o, BaseException)]
    refused = [o for o in outcomes if isinstance(o, BaseException)]
    assert len(applied) == 1 and len(refused) == 1
    # The second click finds the seat's sealed answer already in (issue 12 item 7).
    assert isinstance(refused[0], ServiceError)
    assert str(refused[0]) == (
        "Your seat has already answered this sealed round: waiting for Seat 2."
    )
    assert len(await store.get_moves(info.id)) == 1

    outcomes = await asyncio.gather(
        service.submit(info.id, ALICE, "pick:1"),
        service.submit(info.id, ALICE, "pick:1"),
        return_exceptions=True,
    )
    assert sorted(str(o) if isinstance(o, ServiceError) else "ok" for o in outcomes) == [
        "It is not your turn: waiting for Seat 1.",
        "ok",
    ]
    assert len(await store.get_moves(info.id)) == 2


async def test_two_services_on_one_file_conflict_cleanly(db_path, toy_engine):
    """Two processes (scale-out) on one database: the version guard refuses the late one."""
    one = MatchService(await SqliteStorage.open(db_path))
    two = MatchService(await SqliteStorage.open(db_path))
    info = await lobby(one, 2, players=(ALICE,))
    await one.start(info.id, HOST)
    await two.snapshot(info.id)  # both have the state cached at version 0
    await one.submit(info.id, HOST, "pick:1", decision_seq=0)
    turn = await two.submit(info.id, ALICE, "pick:2", decision_seq=0)  # sees version 1 first
    assert turn.version == 2
    assert len(await one.store.get_moves(info.id)) == 2
    await one.store.close()
    await two.store.close()


async def test_a_failed_commit_changes_nothing(service, store, monkeypatch):
    info = await lobby(service, 2, players=(ALICE,))
    await service.start(info.id, HOST)
    before = await service.snapshot(info.id)
    conn = store._conn
    real_commit = conn.commit
    calls = []

    async def failing_commit():
        calls.append(1)
        raise sqlite3.OperationalError("disk I/O error")

    monkeypatch.setattr(conn, "commit", failing_commit)
    with pytest.raises(ServiceError, match="^Scarab could not save that move, so nothing"):
        await service.submit(info.id, HOST, "pick:3", decision_seq=0)
    assert calls == [1]
    monkeypatch.setattr(conn, "commit", real_commit)

    assert await store.get_moves(info.id) == []
    assert (await service.get_match(info.id)).version == 0
    after = await service.snapshot(info.id)
    assert after.view == before.view and after.pending == before.pending
    assert [o.id for o in await service.options_for(info.id, HOST)] == [
        "pick:1",
        "pick:2",
        "pick:3",
    ]
    turn = await service.submit(info.id, HOST, "pick:3", decision_seq=0)  # the retry works
    assert turn.version == 1 and len(await store.get_moves(info.id)) == 1


async def test_a_failed_ai_commit_resumes_later(service, store, monkeypatch):
    info = await lobby(service, 2, ais=1)
    await service.start(info.id, HOST)  # the AI sealed: version 1
    real = store.record_move

    async def fail_for_ai(match_id, **kw):
        if kw["actor"] == "ai":
            raise sqlite3.OperationalError("disk I/O error") from None
        return await real(match_id, **kw)

    async def store_error_for_ai(match_id, **kw):
        try:
            return await fail_for_ai(match_id, **kw)
        except sqlite3.OperationalError as exc:
            from bot.storage import storage_error

            raise storage_error("x", exc) from exc

    monkeypatch.setattr(store, "record_move", store_error_for_ai)
    turn = await service.submit(info.id, HOST, "pick:1", decision_seq=0)
    # The human move is saved and reported; the AI's answer (leader: bank) is not.
    assert [(m.seat, m.actor) for m in turn.moves] == [(0, str(HOST))]
    assert turn.version == 2 and [p.seat for p in turn.pending] == [1]
    monkeypatch.setattr(store, "record_move", real)
    turn = await service.advance(info.id)
    assert [(m.seat, m.actor) for m in turn.moves] == [(1, "ai"), (1, "ai")]
    assert [p.seat for p in turn.pending] == [0]


async def test_abandon_hands_the_seat_to_the_ai(service):
    info = await lobby(service, 2, players=(ALICE,))
    await service.start(info.id, HOST)
    with pytest.raises(ServiceError, match="^You are not seated in this match.$"):
        await service.abandon(info.id, BOB)
    turn = await service.abandon(info.id, HOST)
    assert turn.match.host_id == ALICE
    assert turn.match.seat_info(0).is_ai and turn.match.seat_of(HOST) is None
    assert [(m.seat, m.actor) for m in turn.moves] == [(0, "ai")]  # the AI sealed at once
    turn = await service.abandon(info.id, ALICE)
    assert turn.match.status == "cancelled" and turn.pending == []
    with pytest.raises(ServiceError, match="^This match has not started yet: use /game leave"):
        await service.abandon((await lobby(service, 2)).id, HOST)


async def test_startup_is_lazy_with_10000_matches(db_path, toy_engine, monkeypatch):
    store = await SqliteStorage.open(db_path)
    await store.close()
    state = toy_engine.dump(toy_engine.new_game(2, None, 1))
    with sqlite3.connect(db_path) as conn:
        conn.executemany(
            "INSERT INTO matches (id, guild_id, channel_id, game_id, options, seats, seed, "
            "status, version, host_id, created_at, updated_at) "
            "VALUES (?, ?, ?, 'toy', '{\"rounds\":\"3\"}', 2, 1, 'active', 0, ?, 0, 0)",
            [(i, i % 100, CHANNEL, HOST) for i in range(1, 10_001)],
        )
        conn.executemany(
            "INSERT INTO seats (match_id, seat, user_id, is_ai, joined_at) VALUES (?, ?, ?, 0, 0)",
            [(i, seat, 100 + seat) for i in range(1, 10_001) for seat in (0, 1)],
        )
        conn.executemany(
            "INSERT INTO snapshots (match_id, version, state, seqs, updated_at) "
            'VALUES (?, 0, ?, \'{"0":0,"1":0}\', 0)',
            [(i, json.dumps(state)) for i in range(1, 10_001)],
        )
    loads = []
    real_load = toy_engine.load
    monkeypatch.setattr(toy_engine, "load", lambda raw: loads.append(1) or real_load(raw))

    store = await SqliteStorage.open(db_path)
    service = MatchService(store)
    listed = await service.list_matches(GUILD % 100 + 5)
    assert len(listed) == 100 and all(len(m.seats) == 2 for m in listed)
    assert loads == [] and service.snapshot_loads == 0
    assert await store.count_matches() == 10_000

    await service.snapshot(listed[0].id)
    assert len(loads) == 1 and service.snapshot_loads == 1
    await service.snapshot(listed[0].id)  # cached now
    assert len(loads) == 1
    await store.close()


async def test_who_answered_a_sealed_round_survives_a_restart(db_path, clock, toy_engine):
    store = await SqliteStorage.open(db_path)
    service = MatchService(store, clock=clock, seed_source=lambda: 9)
    info = await lobby(service, 3, players=(ALICE,), ais=1)
    turn = await service.start(info.id, HOST)
    assert turn.sealed_answered == (2,)  # the AI seat sealed at once
    turn = await service.submit(info.id, HOST, "pick:2", decision_seq=0)
    assert turn.sealed_answered == (0, 2) and [p.seat for p in turn.pending] == [1]
    await store.close()

    store = await SqliteStorage.open(db_path)
    turn = await MatchService(store, clock=clock).snapshot(info.id)
    assert turn.sealed_answered == (0, 2)
    turn = await MatchService(store, clock=clock).submit(info.id, ALICE, "pick:1")
    # Revealed; the AI seat led, banked, and has already sealed the next round.
    assert turn.view["round"] == 2 and turn.sealed_answered == (2,)
    assert sorted(p.seat for p in turn.pending) == [0, 1]
    await store.close()


async def test_turn_refusal_says_why_nothing_is_open(service):
    """What a cog shows when it finds nothing open for the caller (issue 12 item 7)."""
    info = await lobby(service, 2, rounds="1", players=(ALICE,))
    await service.start(info.id, HOST, seed=5)
    assert str(await service.turn_refusal(info.id, BOB)) == "You are not seated in this match."
    assert str(await service.turn_refusal(info.id, HOST)) == STALE  # something is open
    await service.submit(info.id, HOST, "pick:3", decision_seq=0)
    assert str(await service.turn_refusal(info.id, HOST)) == (
        "Your seat has already answered this sealed round: waiting for Seat 2."
    )


async def test_not_your_turn_names_the_seat_with_its_marks(store, clock):
    """Issue 12: the refusal labels the awaited seat as everywhere else, "bob (B, vermillion
    ■)": the name kept on the seat with its letter, colour and shape, in every language; the
    error carries the marks so a cog can put Discord's display name beside them."""
    service = MatchService(store, clock=clock, seed_source=lambda: 42)
    info = await service.create_lobby(GUILD, CHANNEL, HOST, "amunre", 3)
    info = await service.join(info.id, ALICE)
    info = await service.join(info.id, BOB)
    await service.start(info.id, HOST)
    names = {HOST: "hostie", ALICE: "alice", BOB: "bob"}
    for user, name in names.items():
        await service.remember_name(info.id, user, name)
    turn = await service.snapshot(info.id)
    (pending,) = turn.pending
    seat, user = pending.seat, pending.user_id
    other = next(u for u in names if u != user)
    with pytest.raises(NotYourTurn) as refused:
        await service.submit(info.id, other, pending.options[0].id)
    letter, shape = ("A", "●", "B", "■", "C", "▲")[2 * seat : 2 * seat + 2]
    colour = (
        {"en": "blue", "pt-BR": "azul", "pl": "niebieski"},
        {"en": "vermillion", "pt-BR": "vermelhão", "pl": "cynobrowy"},
        {"en": "green", "pt-BR": "verde", "pl": "zielony"},
    )[seat]
    name = names[user]
    said = {
        "en": f"It is not your turn: waiting for {name} ({letter}, {colour['en']} {shape}).",
        "pt-BR": f"Não é a sua vez: aguardando {name} ({letter}, {colour['pt-BR']} {shape}).",
        "pl": f"To nie twoja tura: czekamy na {name} ({letter}, {colour['pl']} {shape}).",
    }
    for locale, text in said.items():
        assert localise(refused.value.args[0], locale) == text
    assert [(s, u) for s, u, _ in refused.value.waiting] == [(seat, user)]
    assert refused.value.marks[0]["letter"] == letter
