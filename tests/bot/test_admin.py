"""Issue 6, item 6: admin actions (cancel, remove a player, guild defaults), each logged.

The Manage Server check lives in cogs/admin.py (see the e2e test); the service trusts it.
"""

from __future__ import annotations

import pytest

from bot.errors import ServiceError
from tests.bot.conftest import ALICE, BOB, CHANNEL, GUILD, HOST

ADMIN = 77


async def table(service, *players, **settings):
    info = await service.create_lobby(
        GUILD, CHANNEL, HOST, "toy", 1 + len(players), {"rounds": "3"}, **settings
    )
    for user in players:
        await service.join(info.id, user)
    return info


async def test_admin_cancel_is_logged(service, store, clock):
    info = await table(service, ALICE)
    await service.start(info.id, HOST)
    clock.advance(5)
    cancelled = await service.admin_cancel(GUILD, ADMIN, info.id)
    assert cancelled.status == "cancelled"
    assert await store.deadlines_for(info.id) == []
    (entry,) = await service.admin_log(GUILD)
    assert (entry.user_id, entry.action, entry.match_id, entry.detail, entry.created_at) == (
        ADMIN,
        "cancel",
        info.id,
        {"status": "active"},
        clock.now,
    )
    with pytest.raises(ServiceError, match="^This match is already over.$"):
        await service.admin_cancel(GUILD, ADMIN, info.id)
    assert len(await service.admin_log(GUILD)) == 1  # a refusal logs nothing


async def test_an_admin_who_hosts_is_logged_too_but_the_host_alone_is_not(service):
    info = await table(service, ALICE)
    await service.cancel(info.id, HOST)  # the host cancels their own table: not an admin act
    assert await service.admin_log(GUILD) == []
    info = await table(service, ALICE)
    await service.cancel(info.id, ADMIN, admin=True)  # /game cancel by a server admin
    info2 = await table(service, ALICE)
    await service.admin_cancel(GUILD, HOST, info2.id)  # /admin cancel by a hosting admin
    assert [(e.user_id, e.match_id) for e in await service.admin_log(GUILD)] == [
        (HOST, info2.id),
        (ADMIN, info.id),
    ]


async def test_another_servers_match_is_refused(service):
    info = await table(service, ALICE)
    await service.start(info.id, HOST)
    for call in (
        service.admin_cancel(GUILD + 1, ADMIN, info.id),
        service.admin_remove_player(GUILD + 1, ADMIN, info.id, user_id=ALICE),
        service.admin_cancel(GUILD, ADMIN, 999),
    ):
        with pytest.raises(ServiceError, match=r"^There is no match #\d+ in this server.$"):
            await call
    assert (await service.get_match(info.id)).status == "active"
    assert await service.admin_log(GUILD) == []
    assert await service.admin_log(GUILD + 1) == []


async def test_remove_a_player_gives_the_seat_to_the_ai(service, store):
    info = await table(service, ALICE, BOB)
    await service.start(info.id, HOST)
    await service.submit(info.id, HOST, "pick:1", decision_seq=0)
    with pytest.raises(ServiceError, match="^That user is not seated in match"):
        await service.admin_remove_player(GUILD, ADMIN, info.id, user_id=99)
    with pytest.raises(ServiceError, match="^Say which player to remove"):
        await service.admin_remove_player(GUILD, ADMIN, info.id)
    turn = await service.admin_remove_player(GUILD, ADMIN, info.id, user_id=BOB)
    bob = turn.match.seat_info(2)
    assert bob.user_id == BOB and bob.taken_over
    assert any(m.seat == 2 and m.actor == "ai" for m in turn.moves)  # the AI sealed for Bob
    assert all(d.seat != 2 for d in await store.deadlines_for(info.id))
    (entry,) = await service.admin_log(GUILD)
    assert (entry.action, entry.match_id, entry.detail) == (
        "remove_player",
        info.id,
        {"seat": 2, "user_id": BOB},
    )
    with pytest.raises(
        ServiceError, match=r"^Seat 3 \(AI, normal\)'s seat is already played by the AI\.$"
    ):
        await service.admin_remove_player(GUILD, ADMIN, info.id, seat=2)
    turn = await service.rejoin(info.id, BOB)  # the player may come back
    assert not turn.match.seat_info(2).taken_over


async def test_remove_needs_a_running_match(service):
    info = await table(service, ALICE)
    with pytest.raises(ServiceError, match="^This match has not started yet.$"):
        await service.admin_remove_player(GUILD, ADMIN, info.id, user_id=ALICE)


async def test_guild_defaults_are_validated_and_logged(service):
    assert await service.guild_defaults(GUILD) == {
        "turn_time": 86400.0,
        "on_timeout": "ai_moves",
        "ai_level": "normal",
    }
    with pytest.raises(ServiceError, match="^Give a new default"):
        await service.admin_set_defaults(GUILD, ADMIN)
    with pytest.raises(ServiceError, match="^Unknown time per decision '3h'"):
        await service.admin_set_defaults(GUILD, ADMIN, turn_time="3h")
    assert await service.admin_log(GUILD) == []
    defaults = await service.admin_set_defaults(
        GUILD, ADMIN, turn_time="72h", on_timeout="takeover"
    )
    assert defaults == {"turn_time": 72 * 3600.0, "on_timeout": "takeover", "ai_level": "normal"}
    defaults = await service.admin_set_defaults(GUILD, ADMIN, turn_time="none")
    assert defaults == {"turn_time": None, "on_timeout": "takeover", "ai_level": "normal"}
    info = await table(service, ALICE)
    assert await service.table_settings_of(info.id) == defaults
    assert await service.guild_defaults(GUILD + 1) == {
        "turn_time": 86400.0,
        "on_timeout": "ai_moves",
        "ai_level": "normal",
    }
    log = await service.admin_log(GUILD)
    assert [(e.action, e.detail) for e in log] == [
        ("set_defaults", {"turn_time": "none"}),
        ("set_defaults", {"turn_time": "72h", "on_timeout": "takeover"}),
    ]
