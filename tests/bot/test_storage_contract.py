"""The Storage contract on both backends (``any_store``: SQLite and PostgreSQL), and what only
the PostgreSQL store has: its migrations, its append-only log, the row lock of a move across two
connections, and one-sentence errors for a server it cannot use."""

from __future__ import annotations

import asyncio

import asyncpg
import pytest

from bot.errors import StorageError, VersionConflict
from bot.migrations_pg import SCHEMA_VERSION, migrate, schema_version
from bot.storage import Storage
from bot.storage_pg import PgStorage, is_postgres_url, redact
from bot.stores import open_storage

NOW = 1_700_000_000.0


async def started(store: Storage, seats: int = 2, host: int = 5) -> int:
    match = await store.create_match(
        guild_id=1, channel_id=2, game_id="toy", options={"r": "3"}, seats=seats, host_id=host,
        now=NOW,
    )  # fmt: skip
    for seat in range(1, seats):
        await store.put_seat(match.id, seat, None, f"AI {seat}", NOW)
    await store.start_match(
        match.id, seed=7, state={"n": 0}, seqs={0: 1}, status="active", result=None, now=NOW
    )
    return match.id


async def move(store: Storage, match_id: int, expected: int, **extra) -> int:
    fields = dict(
        seat=0, option_id=f"o{expected}", actor="5", events=[{"e": expected}],
        state={"n": expected + 1}, seqs={0: expected + 2}, status="active", result=None,
        now=NOW + expected + 1,
    )  # fmt: skip
    fields.update(extra)
    return await store.record_move(match_id, expected_version=expected, **fields)


async def test_matches_seats_and_listing(any_store):
    store = any_store
    first = await started(store)
    lobby = await store.create_match(
        guild_id=1, channel_id=3, game_id="toy", options={}, seats=3, host_id=6, now=NOW
    )
    await store.put_seat(lobby.id, 1, 5, "five", NOW + 1)
    await store.update_match(lobby.id, NOW + 2, thread_id=77, status="lobby")
    assert [m.id for m in await store.list_matches(1)] == [lobby.id, first]
    assert [m.id for m in await store.list_matches(1, ["active"], limit=5)] == [first]
    assert [m.id for m in await store.matches_for_user(5, ["lobby"])] == [lobby.id]
    assert (await store.match_for_thread(77)).id == lobby.id
    assert await store.count_matches() == 2
    record = await store.get_match(lobby.id)
    assert (record.thread_id, record.updated_at, record.options) == (77, NOW + 2, {})
    assert [(s.seat, s.user_id, s.is_ai) for s in record.seat_rows] == [
        (0, 6, False),
        (1, 5, False),
    ]
    await store.remove_seat(lobby.id, 1, NOW + 3)
    assert len((await store.get_match(lobby.id)).seat_rows) == 1
    with pytest.raises(ValueError):
        await store.update_match(lobby.id, NOW, version=3)
    assert await store.get_match(999) is None


async def test_a_players_display_name_is_kept_on_their_seat(any_store):
    store = any_store
    match_id = await started(store, seats=2, host=5)
    assert await store.set_seat_name(match_id, 5, "carol 🐍") is True
    assert await store.set_seat_name(match_id, 5, "carol 🐍") is False  # same name: no write
    assert await store.set_seat_name(match_id, 99, "nobody") is False  # not seated
    rows = (await store.get_match(match_id)).seat_rows
    assert [(s.seat, s.name) for s in rows] == [(0, "carol 🐍"), (1, "AI 1")]  # AI name kept
    assert await store.set_seat_name(match_id, 5, "קרול") is True
    assert (await store.get_match(match_id)).seat_rows[0].name == "קרול"


async def test_moves_snapshot_and_a_stale_version(any_store):
    store = any_store
    match_id = await started(store)
    with pytest.raises(VersionConflict):
        await store.start_match(
            match_id, seed=1, state={}, seqs={}, status="active", result=None, now=NOW
        )
    assert await move(store, match_id, 0) == 1
    assert await move(store, match_id, 1, secret=True, deadlines=[(0, "turn:3", NOW + 9)]) == 2
    with pytest.raises(VersionConflict):
        await move(store, match_id, 1)
    assert (await store.get_match(match_id)).version == 2  # the refused move changed nothing
    moves = await store.get_moves(match_id)
    assert [(m.version, m.option_id, m.events, m.secret) for m in moves] == [
        (1, "o0", [{"e": 0}], False),
        (2, "o1", [{"e": 1}], True),
    ]
    assert [m.version for m in await store.get_moves(match_id, after=1)] == [2]
    assert [m.version for m in await store.recent_moves(match_id, 1)] == [2]
    snapshot = await store.get_snapshot(match_id)
    assert (snapshot.version, snapshot.state, snapshot.seqs) == (2, {"n": 2}, {0: 3})
    await store.put_snapshot(match_id, version=2, state={"n": 9}, seqs={1: 4}, now=NOW)
    assert (await store.get_snapshot(match_id)).seqs == {1: 4}
    assert [d.kind for d in await store.deadlines_for(match_id)] == ["turn:3"]
    await move(store, match_id, 2, status="finished", result={"winners": [0]})
    record = await store.get_match(match_id)
    assert (record.status, record.result) == ("finished", {"winners": [0]})
    with pytest.raises(VersionConflict):  # a finished match takes no move
        await move(store, match_id, 3)


async def test_the_announcement_outbox_and_dms(any_store):
    store = any_store
    match_id = await started(store)
    await move(store, match_id, 0)
    owed = await store.get_announcement(match_id)
    assert (owed.version_owed, owed.version_done, owed.owed) == (1, -1, True)
    assert [a.match_id for a in await store.owed_announcements(NOW)] == [match_id]
    assert await store.announcement_failed(match_id, NOW + 30, NOW) == 1
    assert await store.announcement_failed(match_id, NOW + 60, NOW) == 2
    assert await store.owed_announcements(NOW + 59) == []
    await store.announcement_delivered(
        match_id, version=1, channel_id=8, message_id=9, turn_version=1, turn_key=[1, "x"], now=NOW,
        by="shards-1",
    )  # fmt: skip
    done = await store.get_announcement(match_id)
    assert (done.version_done, done.turn_key, done.attempts, done.owed) == (1, [1, "x"], 0, False)
    assert done.delivered_by == "shards-1"
    assert (await store.get_messages(match_id))["turn"].message_id == 9
    await store.owe_announcement(match_id, 0, NOW)  # never lowers what is owed
    assert (await store.get_announcement(match_id)).version_owed == 1
    await store.record_dm(match_id, 0, 3, 5, False, NOW)
    await store.record_dm(match_id, 0, 3, 5, True, NOW)
    assert await store.dms_sent(match_id) == {(0, 3, 5): True}
    assert await store.open_dm_menus(match_id) == []  # DMs closed: no menu
    await store.record_dm(match_id, 1, 3, 6, False, NOW, (70, 71))
    (menu,) = await store.open_dm_menus(match_id)
    assert (menu.seat, menu.decision_seq, menu.user_id, menu.channel_id, menu.message_id) == (
        1, 3, 6, 70, 71,
    )  # fmt: skip
    await store.dm_menu_settled(match_id, 1, 3, 6)
    assert await store.open_dm_menus(match_id) == []
    await store.delete_message(match_id, "turn")
    assert await store.get_messages(match_id) == {}


async def test_leases_claim_work_for_one_process(any_store):
    store = any_store
    assert await store.claim_lease("deadlines:1", "shards-0/a", NOW, 30) == ""
    assert await store.claim_lease("deadlines:1", "shards-1/b", NOW + 29, 30) is None
    assert await store.claim_lease("deadlines:1", "shards-0/a", NOW + 1, 30) == "shards-0/a"
    # A new run of the same process takes it at once: its earlier run died holding it.
    assert await store.claim_lease("deadlines:1", "shards-0/c", NOW + 2, 30) == "shards-0/a"
    await store.release_lease("deadlines:1", "shards-1/b")  # not its holder: no effect
    assert await store.claim_lease("deadlines:1", "shards-1/b", NOW + 3, 30) is None
    await store.release_lease("deadlines:1", "shards-0/c")
    assert await store.claim_lease("deadlines:1", "shards-1/b", NOW + 4, 30) == ""
    # Expired: anyone may take it, and sees it was never released.
    assert await store.claim_lease("deadlines:1", "shards-2/d", NOW + 35, 30) == "shards-1/b"


async def test_pg_a_lease_goes_to_one_of_two_processes_at_once(pg_server):
    url = await pg_server.fresh_url()
    one, two = await PgStorage.open(url), await PgStorage.open(url)
    try:
        for round_ in range(10):
            name = f"announce:{round_}"
            outcomes = await asyncio.gather(
                one.claim_lease(name, "shards-0/a", NOW, 30),
                two.claim_lease(name, "shards-1/b", NOW, 30),
            )
            assert sorted(map(repr, outcomes)) == ["''", "None"]
    finally:
        await one.close()
        await two.close()


async def test_ai_waiting_matches_sees_an_open_ai_seat(any_store):
    store = any_store
    match_id = await started(store)
    assert await store.ai_waiting_matches() == []
    await move(store, match_id, 0, seqs={1: 4})  # now the AI seat 1 must answer
    assert await store.ai_waiting_matches() == [match_id]


async def test_deadlines_claims_votes_and_takeovers(any_store):
    store = any_store
    match_id = await started(store, seats=3)
    await store.put_seat(match_id, 2, 6, None, NOW)
    await store.add_deadlines(match_id, [(0, "turn:1", NOW + 10), (0, "remind:1:50", NOW + 5)])
    await store.add_deadlines(match_id, [(0, "turn:1", NOW + 99)])  # kept, not re-armed
    due = await store.due_deadlines(NOW + 10)
    assert [(d.kind, d.due_at) for d in due] == [("remind:1:50", NOW + 5), ("turn:1", NOW + 10)]
    ids = [d.id for d in due]
    assert await store.claim_deadlines(ids) == set(ids)
    assert await store.claim_deadlines(ids) == set()  # each fires once
    await store.add_deadlines(match_id, [(2, "turn:2", NOW)])
    (row,) = await store.deadlines_for(match_id)
    await store.delete_deadlines([row.id])
    await store.set_deadline(match_id, None, "lobby", NOW)
    await store.clear_deadlines(match_id, seat=0)
    assert [d.kind for d in await store.deadlines_for(match_id)] == ["lobby"]
    await store.clear_deadlines(match_id)
    assert await store.deadlines_for(match_id) == []

    assert await store.add_vote(match_id, 2, 5, NOW) is True
    assert await store.add_vote(match_id, 2, 5, NOW) is False
    assert await store.votes_for(match_id, 2) == {5}
    await store.set_match_settings(match_id, {"turn_time": 60}, NOW)
    await store.set_taken_over(match_id, 2, True, NOW + 1)
    assert await store.votes_for(match_id, 2) == set()
    assert await store.match_settings(match_id) == {"turn_time": 60, "takeovers": [2]}
    assert await store.taken_over_seats([match_id]) == {match_id: {2}}
    await store.set_taken_over(match_id, 2, False, NOW + 2)
    assert await store.taken_over_seats([match_id]) == {match_id: set()}
    assert (await store.match_settings(match_id))["takeovers"] == [2]  # the record stays


async def test_preferences_and_the_admin_log(any_store):
    store = any_store
    await store.set_user_pref(5, "locale", "pl")
    assert await store.get_user_pref(5, "locale") == "pl"
    await store.set_user_pref(5, "locale", None)
    assert await store.get_user_pref(5, "locale") is None
    await store.write_admin_log(1, 5, "cancel", None, {"why": "test"}, NOW)
    await store.write_admin_log(1, 5, "kick", 3, {}, NOW + 1)
    entries = await store.read_admin_log(1)
    assert [(e.action, e.match_id, e.detail) for e in entries] == [
        ("kick", 3, {}),
        ("cancel", None, {"why": "test"}),
    ]


async def test_compact_and_delete_finished_matches(any_store):
    store = any_store
    match_id = await started(store)
    await move(store, match_id, 0)
    await move(store, match_id, 1, status="finished", result={"w": 1})
    await store.announcement_delivered(
        match_id, version=2, channel_id=1, message_id=2, turn_version=2, turn_key=None, now=NOW
    )
    before = await store.get_moves(match_id)
    assert await store.compact_finished(NOW + 100) == [match_id]
    assert await store.compact_finished(NOW + 100) == []
    assert await store.get_moves(match_id) == before  # lossless
    assert await store.delete_finished(NOW + 100) == [match_id]
    assert await store.get_match(match_id) is None
    assert await store.get_moves(match_id) == []


# --- PostgreSQL only ------------------------------------------------------------------------


async def test_pg_migrations_are_numbered_and_idempotent(pg_server):
    url = await pg_server.fresh_url()
    conn = await asyncpg.connect(url)
    try:
        assert await schema_version(conn) == 0
        assert await migrate(conn) == SCHEMA_VERSION
        assert await migrate(conn) == 0
        assert await schema_version(conn) == SCHEMA_VERSION
        await conn.execute("UPDATE schema_version SET version = $1", SCHEMA_VERSION + 1)
    finally:
        await conn.close()
    with pytest.raises(StorageError, match="newer Scarab"):
        await PgStorage.open(url)


async def test_pg_a_failing_migration_leaves_the_previous_version(pg_server, monkeypatch):
    import bot.migrations_pg as migrations

    url = await pg_server.fresh_url()
    await (await PgStorage.open(url)).close()
    broken = "CREATE TABLE half_done (x int); INSERT INTO no_such_table VALUES (1);"
    monkeypatch.setattr(migrations, "MIGRATIONS", (*migrations.MIGRATIONS, broken))
    monkeypatch.setattr(migrations, "SCHEMA_VERSION", SCHEMA_VERSION + 1)
    with pytest.raises(StorageError, match="no_such_table"):
        await PgStorage.open(url)
    conn = await asyncpg.connect(url)
    try:
        assert await schema_version(conn) == SCHEMA_VERSION
        assert await conn.fetchval("SELECT to_regclass('half_done')") is None
    finally:
        await conn.close()


async def test_pg_the_move_log_is_append_only(pg_server):
    url = await pg_server.fresh_url()
    store = await open_storage(url)  # the URL selects PostgreSQL
    try:
        assert isinstance(store, PgStorage)
        await move(store, await started(store), 0)
    finally:
        await store.close()
    conn = await asyncpg.connect(url)
    try:
        with pytest.raises(asyncpg.RaiseError, match="append-only"):
            await conn.execute("UPDATE moves SET option_id = 'z'")
    finally:
        await conn.close()


async def test_pg_two_processes_racing_for_one_version_apply_one_move(pg_server):
    """Two stores (as two processes would) submit against the same version at once: the row
    lock lets one commit; the other sees the new version and gets VersionConflict."""
    url = await pg_server.fresh_url()
    one, two = await PgStorage.open(url), await PgStorage.open(url)
    try:
        match_id = await started(one)
        for expected in range(10):
            outcomes = await asyncio.gather(
                move(one, match_id, expected, actor="one"),
                move(two, match_id, expected, actor="two"),
                return_exceptions=True,
            )
            assert sorted(type(o).__name__ for o in outcomes) == ["VersionConflict", "int"]
        moves = await one.get_moves(match_id)
        assert [m.version for m in moves] == list(range(1, 11))
        assert (await two.get_snapshot(match_id)).version == 10
    finally:
        await one.close()
        await two.close()


async def test_pg_errors_are_one_sentence_without_the_password(pg_server):
    missing = pg_server.url("no_such_database")
    with pytest.raises(StorageError, match="has no such database") as caught:
        await PgStorage.open(missing)
    assert "\n" not in str(caught.value)
    with pytest.raises(StorageError, match="cannot be reached") as caught:
        await PgStorage.open("postgresql://scarab:s3cret@127.0.0.1:1/scarab")
    assert "s3cret" not in str(caught.value)
    assert redact("postgresql://u:pw@h/db") == "postgresql://u:***@h/db"
    assert is_postgres_url("postgres://h/db") and not is_postgres_url("scarab.sqlite3")


async def test_seat_ai_levels(any_store):
    """An AI seat's level and a taken-over seat's level (issue 13), cleared on rejoin."""
    store = any_store
    match_id = await started(store, seats=3)
    await store.put_seat(match_id, 2, None, "AI (seat 3)", NOW, "hard")

    async def levels() -> list[tuple[int, bool, str | None]]:
        record = await store.get_match(match_id)
        return [(s.seat, s.taken_over, s.ai_level) for s in record.seat_rows]

    assert await levels() == [(0, False, None), (1, False, None), (2, False, "hard")]
    await store.set_taken_over(match_id, 0, True, NOW, "normal")
    assert (await levels())[0] == (0, True, "normal")
    await store.set_taken_over(match_id, 0, False, NOW)
    assert (await levels())[0] == (0, False, None)
    await store.put_seat(match_id, 2, 9, None, NOW, "hard")  # a human: no level kept
    assert (await levels())[2] == (2, False, None)
