"""Issue 6, items 1 and 2: time per decision, reminders, timeouts, take-overs, votes, rejoin.

Everything runs on an injected clock (FakeClock): reminders and deadlines are stored rows,
fired once, and survive a restart of the service.
"""

from __future__ import annotations

import asyncio

import pytest

from bot.deadlines import (
    DeadlineReport,
    deadline_rows,
    describe_turn_time,
    parse_kind,
    table_settings,
)
from bot.errors import ServiceError
from bot.service import MatchService
from bot.storage import SqliteStorage
from tests.bot.conftest import ALICE, BOB, CHANNEL, GUILD, HOST

HOUR = 3600.0
DAY = 24 * HOUR


async def toy(service, *players, rounds="3", turn_time=None, on_timeout=None):
    info = await service.create_lobby(
        GUILD,
        CHANNEL,
        HOST,
        "toy",
        1 + len(players),
        {"rounds": rounds},
        turn_time=turn_time,
        on_timeout=on_timeout,
    )
    for user in players:
        await service.join(info.id, user)
    return info


def kinds(rows):
    return sorted((d.seat, d.kind) for d in rows)


# --- the policy ---------------------------------------------------------------------------------
def test_policy_helpers():
    assert table_settings({}) == {"turn_time": DAY, "on_timeout": "ai_moves", "ai_level": "normal"}
    assert table_settings({}, "none", "takeover") == {
        "turn_time": None,
        "on_timeout": "takeover",
        "ai_level": "normal",
    }
    assert table_settings({"turn_timeout": "3600.0", "on_timeout": "takeover"}) == {
        "turn_time": HOUR,
        "on_timeout": "takeover",
        "ai_level": "normal",
    }
    assert table_settings({"turn_timeout": "none"}) == {
        "turn_time": None,
        "on_timeout": "ai_moves",
        "ai_level": "normal",
    }
    with pytest.raises(ServiceError, match="Unknown time per decision '2h'"):
        table_settings({}, "2h")
    with pytest.raises(ServiceError, match="Unknown timeout rule 'kick'"):
        table_settings({}, None, "kick")
    assert deadline_rows(7, 1000.0, 100.0) == [
        ("remind:7:50", 1050.0),
        ("remind:7:90", 1090.0),
        ("turn:7", 1100.0),
    ]
    assert parse_kind("turn:3") == ("turn", 3, None)
    assert parse_kind("remind:3:90") == ("remind", 3, 90)
    assert parse_kind("turn") is None and parse_kind("remind:x:1") is None
    assert [describe_turn_time(s) for s in (None, HOUR, 72 * HOUR, 90.0)] == [
        "none",
        "1h",
        "72h",
        "1 min",
    ]


async def test_table_settings_default_guild_and_explicit(service, store):
    info = await toy(service, ALICE)
    assert await store.match_settings(info.id) == {
        "turn_time": DAY,
        "on_timeout": "ai_moves",
        "ai_level": "normal",
        "language": "en",
    }  # the match's language
    await service.set_guild_defaults(GUILD, turn_time="12h", on_timeout="takeover")
    info = await toy(service, ALICE)
    assert await service.table_settings_of(info.id) == {
        "turn_time": 12 * HOUR,
        "on_timeout": "takeover",
        "ai_level": "normal",
    }
    info = await toy(service, ALICE, turn_time="1h", on_timeout="ai_moves")
    assert await service.table_settings_of(info.id) == {
        "turn_time": HOUR,
        "on_timeout": "ai_moves",
        "ai_level": "normal",
    }


async def test_a_bad_table_option_opens_nothing(service):
    with pytest.raises(ServiceError, match="Unknown time per decision"):
        await toy(service, ALICE, turn_time="5m")
    with pytest.raises(ServiceError, match="Unknown timeout rule"):
        await service.set_guild_defaults(GUILD, turn_time="1h", on_timeout="nope")
    assert await service.list_matches(GUILD) == []
    assert await service.guild_settings(GUILD) == {}  # the valid half was not saved either


async def test_no_time_limit_no_rows(service, store, clock):
    info = await toy(service, ALICE, turn_time="none")
    await service.start(info.id, HOST)
    assert await store.deadlines_for(info.id) == []
    clock.advance(10 * DAY)
    assert await service.process_deadlines() == DeadlineReport()


# --- reminders ----------------------------------------------------------------------------------
@pytest.mark.both_stores
async def test_reminders_at_half_time_and_near_the_deadline_fire_once(service, store, clock):
    info = await toy(service, ALICE, turn_time="1h")
    await service.start(info.id, HOST)
    start = clock.now
    assert kinds(await store.deadlines_for(info.id)) == [
        (0, "remind:0:50"),
        (0, "remind:0:90"),
        (0, "turn:0"),
        (1, "remind:0:50"),
        (1, "remind:0:90"),
        (1, "turn:0"),
    ]
    await service.submit(info.id, HOST, "pick:3", decision_seq=0)  # the host answers at once

    clock.advance(HOUR / 2 - 1)
    assert await service.process_deadlines() == DeadlineReport()
    clock.advance(1)
    report = await service.process_deadlines()
    (reminder,) = report.reminders  # Alice only: the host has answered
    assert (reminder.user_id, reminder.seat, reminder.percent) == (ALICE, 1, 50)
    assert reminder.due_at == start + HOUR and reminder.remaining == HOUR / 2
    assert reminder.prompt == "Seal a number" and reminder.match.id == info.id
    assert report.turns == [] and report.timeouts == []
    assert (await service.process_deadlines()).reminders == []  # fired once

    clock.advance(0.4 * HOUR)
    (reminder,) = (await service.process_deadlines()).reminders
    assert reminder.percent == 90 and reminder.remaining == pytest.approx(0.1 * HOUR)
    assert (await service.process_deadlines()).reminders == []


async def test_no_reminder_once_answered(service, clock):
    info = await toy(service, ALICE, turn_time="1h")
    await service.start(info.id, HOST)
    await service.submit(info.id, HOST, "pick:1", decision_seq=0)
    await service.submit(info.id, ALICE, "pick:1", decision_seq=0)
    clock.advance(0.95 * HOUR)
    report = await service.process_deadlines()
    # Nothing of the answered seals reminds anyone; the leader's decision, posed at the
    # same moment, reminds once (only the later of two due reminders is sent).
    assert [(r.seat, r.percent, r.prompt) for r in report.reminders] == [(0, 90, "Bank or gamble?")]
    assert report.turns == []


async def test_reminders_and_deadlines_survive_a_restart_without_firing_twice(
    db_path, clock, toy_engine
):
    store = await SqliteStorage.open(db_path)
    service = MatchService(store, clock=clock)
    info = await toy(service, ALICE, turn_time="1h")
    await service.start(info.id, HOST)
    clock.advance(HOUR / 2)
    assert len((await service.process_deadlines()).reminders) == 2  # both seats
    await store.close()

    store = await SqliteStorage.open(db_path)  # a restart: nothing lives only in memory
    service = MatchService(store, clock=clock)
    assert await service.process_deadlines() == DeadlineReport()
    clock.advance(0.4 * HOUR)
    assert sorted(r.user_id for r in (await service.process_deadlines()).reminders) == [HOST, ALICE]
    await store.close()

    store = await SqliteStorage.open(db_path)
    service = MatchService(store, clock=clock)
    clock.advance(0.1 * HOUR)
    report = await service.process_deadlines()
    assert report.reminders == []
    (turn,) = report.turns
    assert sorted((m.seat, m.actor) for m in turn.moves[:2]) == [(0, "timeout"), (1, "timeout")]
    assert await service.process_deadlines() == DeadlineReport()
    await store.close()


async def test_after_a_long_downtime_the_deadline_fires_without_stale_reminders(service, clock):
    info = await toy(service, ALICE, turn_time="1h")
    await service.start(info.id, HOST)
    await service.submit(info.id, HOST, "pick:1", decision_seq=0)
    clock.advance(5 * HOUR)
    report = await service.process_deadlines()
    assert report.reminders == []
    assert [(t.seat, t.user_id, t.taken_over) for t in report.timeouts] == [(1, ALICE, False)]
    assert [m.actor for m in report.turns[0].moves][:1] == ["timeout"]


async def test_concurrent_scans_fire_each_row_once(service, clock):
    info = await toy(service, ALICE, turn_time="1h")
    await service.start(info.id, HOST)
    clock.advance(HOUR / 2)
    reports = await asyncio.gather(*(service.process_deadlines() for _ in range(4)))
    assert sum(len(r.reminders) for r in reports) == 2
    clock.advance(HOUR / 2)
    reports = await asyncio.gather(*(service.process_deadlines() for _ in range(4)))
    moves = [m for r in reports for t in r.turns for m in t.moves if m.actor == "timeout"]
    assert sorted(m.seat for m in moves) == [0, 1]


# --- absent players -----------------------------------------------------------------------------
@pytest.mark.both_stores
async def test_takeover_policy_hands_the_seat_to_the_ai_until_rejoin(service, store, clock):
    info = await toy(service, ALICE, turn_time="1h", on_timeout="takeover")
    await service.start(info.id, HOST)
    await service.submit(info.id, HOST, "pick:1", decision_seq=0)
    clock.advance(HOUR)
    report = await service.process_deadlines()
    assert [(t.seat, t.user_id, t.taken_over) for t in report.timeouts] == [(1, ALICE, True)]
    (turn,) = report.turns
    alice = turn.match.seat_info(1)
    assert alice.user_id == ALICE and alice.taken_over and not alice.is_ai
    # Alice's seat (pick:3 > pick:1) leads: the AI answered that decision too.
    assert [(m.seat, m.actor) for m in turn.moves][:2] == [(1, "timeout"), (1, "ai")]
    assert all(p.seat == 0 or p.is_ai for p in turn.pending)
    assert all(d.seat == 0 for d in await store.deadlines_for(info.id))  # none for Alice

    with pytest.raises(ServiceError, match="^The AI plays your seat now: use /game rejoin"):
        await service.submit(info.id, ALICE, "pick:1")
    with pytest.raises(ServiceError, match="^Your seat is not played by the AI"):
        await service.rejoin(info.id, HOST)
    with pytest.raises(ServiceError, match="^You are not seated in this match.$"):
        await service.rejoin(info.id, BOB)
    turn = await service.rejoin(info.id, ALICE)
    assert not turn.match.seat_info(1).taken_over
    assert await service.takeover_history(info.id) == [1]  # the results stay flagged
    # Back to normal: Alice's next decision is hers and timed again.
    (pending,) = [p for p in turn.pending if p.seat == 1] or [None]
    if pending is not None:
        assert not pending.is_ai
        assert (1, f"turn:{pending.seq}") in kinds(await store.deadlines_for(info.id))


async def test_results_stay_flagged_when_the_ai_finished_the_match(service, clock):
    info = await toy(service, ALICE, rounds="1", turn_time="1h", on_timeout="takeover")
    await service.start(info.id, HOST)
    await service.submit(info.id, HOST, "pick:3", decision_seq=0)
    clock.advance(HOUR)
    (turn,) = (await service.process_deadlines()).turns
    if not turn.finished:  # the host leads and banks
        turn = await service.submit(info.id, HOST, "bank")
    assert turn.finished and turn.match.seat_info(1).taken_over
    with pytest.raises(ServiceError, match="^This match is over.$"):
        await service.rejoin(info.id, ALICE)


@pytest.mark.both_stores
async def test_vote_hands_an_absent_seat_to_the_ai(service, store, clock):
    info = await toy(service, ALICE, BOB, turn_time="24h")
    await service.start(info.id, HOST)
    await service.submit(info.id, HOST, "pick:1", decision_seq=0)
    await service.submit(info.id, ALICE, "pick:1", decision_seq=0)

    with pytest.raises(ServiceError, match="^Only players seated in this match can vote"):
        await service.vote_takeover(info.id, 99, user_id=BOB)
    with pytest.raises(ServiceError, match="^You cannot vote on your own seat"):
        await service.vote_takeover(info.id, BOB, user_id=BOB)
    with pytest.raises(ServiceError, match="^That user is not seated in match"):
        await service.vote_takeover(info.id, HOST, user_id=99)
    with pytest.raises(ServiceError, match="^Seat 2 is not holding up the game"):
        await service.vote_takeover(info.id, HOST, 1)  # Alice has answered
    assert await store.votes_for(info.id, 2) == set()

    first = await service.vote_takeover(info.id, HOST, user_id=BOB)
    assert (first.votes, first.needed, first.passed) == (1, 2, False)
    with pytest.raises(ServiceError, match=r"already voted .* \(1 of 2 votes\)"):
        await service.vote_takeover(info.id, HOST, 2)
    second = await service.vote_takeover(info.id, ALICE, 2)
    assert second.passed and second.match.seat_info(2).taken_over
    assert any(m.seat == 2 and m.actor == "ai" for m in second.turn.moves)
    assert await store.votes_for(info.id, 2) == set()
    with pytest.raises(
        ServiceError, match=r"^Seat 3 \(AI, normal\)'s seat is already played by the AI\.$"
    ):
        await service.vote_takeover(info.id, HOST, 2)
    turn = await service.rejoin(info.id, BOB)
    assert not turn.match.seat_info(2).taken_over


async def test_votes_need_a_running_match(service):
    info = await toy(service, ALICE)
    with pytest.raises(ServiceError, match="^This match has not started yet.$"):
        await service.vote_takeover(info.id, HOST, 1)


async def test_notify_preference(service):
    assert not await service.notify_enabled(ALICE)
    await service.set_notify(ALICE, True)
    assert await service.notify_enabled(ALICE)
    await service.set_notify(ALICE, False)
    assert not await service.notify_enabled(ALICE)


async def test_abandon_after_a_takeover_gives_a_plain_ai_seat(service, clock):
    info = await toy(service, ALICE, BOB, turn_time="1h", on_timeout="takeover")
    await service.start(info.id, HOST)
    await service.submit(info.id, HOST, "pick:1", decision_seq=0)
    await service.submit(info.id, BOB, "pick:1", decision_seq=0)
    clock.advance(HOUR)
    await service.process_deadlines()
    info = await service.get_match(info.id)
    assert [s.taken_over for s in info.seats] == [False, True, False]
    turn = await service.abandon(info.id, ALICE)
    assert turn.match.seat_info(1).is_ai and not turn.match.seat_info(1).taken_over


async def test_rows_of_answered_decisions_are_dropped_when_due(service, store, clock):
    info = await toy(service, ALICE, turn_time="1h")
    turn = await service.start(info.id, HOST)
    for _ in range(3):  # a few quick moves; each new decision brings its rows
        clock.advance(60)
        pending = turn.pending[0]
        user = HOST if pending.seat == 0 else ALICE
        options = {"seal": "pick:2", "leader": "bank"}
        turn = await service.submit(
            info.id, user, options[pending.decision.key], decision_seq=pending.seq
        )
    open_seqs = {(p.seat, p.seq) for p in turn.pending}
    stale = [
        d
        for d in await store.deadlines_for(info.id)
        if (d.seat, int(d.kind.split(":")[1])) not in open_seqs
    ]
    assert stale  # answered decisions' rows wait until they fall due
    clock.advance(HOUR - 60)  # every row of the early decisions is due now
    report = await service.process_deadlines(limit=2)  # several batches
    assert report.turns == []  # the current decisions were posed later: not due yet
    rows = await store.deadlines_for(info.id)
    assert {(d.seat, int(d.kind.split(":")[1])) for d in rows} <= open_seqs
