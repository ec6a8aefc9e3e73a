"""Issue 10, item 6: no reminders for the past. After downtime, due rows are read ``limit`` at a
time; a reminder whose decision's deadline has already passed is never handed out, whichever
batch of the scan its row is read in."""

from __future__ import annotations

from tests.bot.conftest import ALICE, CHANNEL, GUILD, HOST

HOUR = 3600.0


async def waiting_matches(service, count: int) -> list[int]:
    """``count`` toy matches with a 1 h limit, each waiting for Alice (the host answered)."""
    ids = []
    for _ in range(count):
        info = await service.create_lobby(
            GUILD, CHANNEL, HOST, "toy", 2, {"rounds": "3"}, turn_time="1h"
        )
        await service.join(info.id, ALICE)
        await service.start(info.id, HOST)
        await service.submit(info.id, HOST, "pick:1", decision_seq=0)
        ids.append(info.id)
    return ids


async def test_after_downtime_30_overdue_decisions_time_out_without_reminders(
    service, store, clock
):
    ids = await waiting_matches(service, 30)
    await service.set_notify(ALICE, True)  # a /notify user would get the reminders by DM too
    # 30 matches x (two reminders + the deadline) = 90 due rows: more than one batch of 50,
    # and the reminders (due earlier) fill the first batch.
    clock.advance(5 * HOUR)
    report = await service.process_deadlines(limit=50)
    assert report.reminders == []
    assert sorted(t.match_id for t in report.timeouts) == ids
    assert {t.user_id for t in report.timeouts} == {ALICE}
    assert len(report.turns) == 30
    for match_id in ids:  # nothing left to fire for the answered decisions
        assert all(not d.kind.startswith("remind:1:") for d in await store.deadlines_for(match_id))
    # The next scan has nothing stale to say either.
    assert (await service.process_deadlines(limit=50)).reminders == []


async def test_small_batches_skip_every_past_reminder(service, clock):
    ids = await waiting_matches(service, 3)
    clock.advance(2 * HOUR)
    report = await service.process_deadlines(limit=1)  # every row in its own batch
    assert report.reminders == []
    assert sorted(t.match_id for t in report.timeouts) == ids


async def test_a_reminder_still_fires_while_its_deadline_is_ahead(service, clock):
    (match_id,) = await waiting_matches(service, 1)
    clock.advance(0.95 * HOUR)  # both reminders due, the deadline 3 minutes ahead
    report = await service.process_deadlines(limit=1)
    assert [(r.match.id, r.user_id, r.percent) for r in report.reminders] == [(match_id, ALICE, 90)]
    assert 0 < report.reminders[0].remaining <= 0.05 * HOUR + 1
    assert report.timeouts == []
