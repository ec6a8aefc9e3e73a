"""Lobbies: creating, joining, leaving, AI seats, starting, cancelling, and every refusal."""

from __future__ import annotations

import pytest

from bot.errors import ServiceError
from tests.bot.conftest import ALICE, BOB, CAROL, CHANNEL, GUILD, HOST, lobby


async def test_create_lobby_seats_the_host(service, clock):
    info = await service.create_lobby(GUILD, CHANNEL, HOST, "toy", 3, {})
    assert info.status == "lobby" and info.version == 0
    assert info.title == "Toy Duel"
    assert info.options == {"rounds": "3"}  # defaults filled in
    assert [(s.seat, s.user_id, s.is_ai) for s in info.seats] == [(0, HOST, False)]
    assert info.seat_count == 3 and info.free_seats == [1, 2]
    assert info.host_id == HOST and info.created_at == clock.now


@pytest.mark.parametrize(
    "game, seats, options, message",
    [
        ("chess", 2, {}, "There is no game called 'chess' here"),
        ("toy", 5, {}, "Toy Duel takes 2–3 seats, not 5."),
        ("toy", 2, {"speed": "fast"}, "Unknown table option"),
        ("toy", 2, {"rounds": "7"}, "Rounds: '7' is not one of 3, 1."),
    ],
)
async def test_create_lobby_refusals(service, game, seats, options, message):
    with pytest.raises(ServiceError, match=message):
        await service.create_lobby(GUILD, CHANNEL, HOST, game, seats, options)


async def test_join_refusals(service):
    info = await lobby(service, 2, players=(ALICE,))
    with pytest.raises(ServiceError, match="^You are already seated in this match.$"):
        await service.join(info.id, ALICE)
    with pytest.raises(ServiceError, match="^This table is full.$"):
        await service.join(info.id, BOB)
    await service.start(info.id, HOST)
    with pytest.raises(ServiceError, match="^This match has already started.$"):
        await service.join(info.id, CAROL)
    with pytest.raises(ServiceError, match="^There is no match #999.$"):
        await service.join(999, CAROL)


async def test_leave_and_host_handover(service):
    info = await lobby(service, 3, players=(ALICE,))
    with pytest.raises(ServiceError, match="^You are not seated in this match.$"):
        await service.leave(info.id, BOB)
    info = await service.leave(info.id, HOST)
    assert info.host_id == ALICE and info.status == "lobby"
    assert [s.user_id for s in info.seats] == [ALICE]
    info = await service.join(info.id, BOB)
    assert info.seat_of(BOB) == 0  # the lowest free seat
    info = await service.leave(info.id, ALICE)
    assert info.host_id == BOB
    info = await service.leave(info.id, BOB)
    assert info.status == "cancelled"  # nobody left to host


async def test_host_leaving_with_only_ai_cancels(service):
    info = await lobby(service, 2, ais=1)
    info = await service.leave(info.id, HOST)
    assert info.status == "cancelled"
    with pytest.raises(ServiceError, match="^This match was cancelled.$"):
        await service.join(info.id, ALICE)


async def test_add_and_remove_ai(service):
    info = await lobby(service, 3, players=(ALICE,))
    with pytest.raises(ServiceError, match="^Only the host can add AI players.$"):
        await service.add_ai(info.id, ALICE)
    info = await service.add_ai(info.id, HOST)
    assert [(s.seat, s.is_ai, s.user_id) for s in info.seats][-1] == (2, True, None)
    assert info.seats[-1].label == "AI (normal)"  # the default level
    assert info.seats[-1].ai_level == "normal"
    with pytest.raises(ServiceError, match="^This table is full.$"):
        await service.add_ai(info.id, HOST)
    with pytest.raises(ServiceError, match="^Only the host can remove AI players.$"):
        await service.remove_ai(info.id, ALICE)
    info = await service.remove_ai(info.id, HOST)
    assert info.free_seats == [2]
    with pytest.raises(ServiceError, match="^There is no AI player to remove.$"):
        await service.remove_ai(info.id, HOST)


@pytest.mark.parametrize("level", ["easy", "normal", "hard"])
async def test_an_ai_seat_keeps_its_level(service, level):
    info = await lobby(service, 3, players=(ALICE,))
    info = await service.add_ai(info.id, HOST, level)
    assert (info.seats[-1].ai_level, info.seats[-1].label) == (level, f"AI ({level})")
    assert (await service.get_match(info.id)).seats[-1].ai_level == level  # stored


async def test_an_unknown_ai_level_is_refused_and_seats_nobody(service):
    info = await lobby(service, 3, players=(ALICE,))
    with pytest.raises(ServiceError, match="^Unknown AI level 'genius': use one of easy, normal"):
        await service.add_ai(info.id, HOST, "genius")
    assert (await service.get_match(info.id)).free_seats == [2]


async def test_the_table_ai_level_defaults_to_normal_and_can_be_chosen(service):
    info = await service.create_lobby(1, 10, HOST, "toy", 2)
    assert (await service.table_settings_of(info.id))["ai_level"] == "normal"
    info = await service.create_lobby(1, 10, HOST, "toy", 2, ai_level="hard")
    assert (await service.table_settings_of(info.id))["ai_level"] == "hard"
    await service.set_guild_defaults(1, ai_level="easy")
    info = await service.create_lobby(1, 10, HOST, "toy", 2)
    assert (await service.table_settings_of(info.id))["ai_level"] == "easy"
    with pytest.raises(ServiceError, match="^Unknown AI level"):
        await service.set_guild_defaults(1, ai_level="genius")


async def test_start_refusals(service):
    info = await lobby(service, 3, players=(ALICE,))
    with pytest.raises(ServiceError, match="^Only the host can start this match.$"):
        await service.start(info.id, ALICE)
    with pytest.raises(
        ServiceError, match="^Only 2 of 3 seats are filled: every seat needs a player or an AI"
    ):
        await service.start(info.id, HOST)
    await service.add_ai(info.id, HOST)
    turn = await service.start(info.id, HOST)
    assert turn.match.status == "active"
    with pytest.raises(ServiceError, match="^This match has already started.$"):
        await service.start(info.id, HOST)
    with pytest.raises(ServiceError, match="^This match has already started.$"):
        await service.add_ai(info.id, HOST)
    with pytest.raises(ServiceError, match="use /game abandon"):
        await service.leave(info.id, ALICE)


async def test_start_records_a_random_seed(store, clock, toy_engine):
    from bot.service import MatchService

    service = MatchService(store, clock=clock)
    info = await lobby(service, 2, players=(ALICE,))
    turn = await service.start(info.id, HOST)
    assert isinstance(turn.match.seed, int)
    assert (await store.get_match(info.id)).seed == turn.match.seed


async def test_cancel(service):
    info = await lobby(service, 2, players=(ALICE,))
    with pytest.raises(
        ServiceError, match="^Only the host or a server admin can cancel this match.$"
    ):
        await service.cancel(info.id, ALICE)
    await service.start(info.id, HOST)
    info = await service.cancel(info.id, ALICE, admin=True)
    assert info.status == "cancelled"
    with pytest.raises(ServiceError, match="^This match is already over.$"):
        await service.cancel(info.id, HOST)
    with pytest.raises(ServiceError, match="^This match was cancelled.$"):
        await service.submit(info.id, HOST, "pick:1")


async def test_list_and_lookups(service):
    first = await lobby(service, 2, players=(ALICE,))
    second = await lobby(service, 2)
    await service.cancel(second.id, HOST)
    other = await service.create_lobby(GUILD + 1, CHANNEL, HOST, "toy", 2, {})
    assert [m.id for m in await service.list_matches(GUILD)] == [first.id]
    assert [m.id for m in await service.list_matches(GUILD, active_only=False)] == [
        second.id,
        first.id,
    ]
    assert [m.id for m in await service.matches_for_user(ALICE)] == [first.id]
    assert {m.id for m in await service.matches_for_user(HOST)} == {first.id, other.id}
    await service.set_thread(first.id, 777)
    assert (await service.match_for_thread(777)).id == first.id
    assert await service.match_for_thread(778) is None
    await service.set_message(first.id, "lobby", 9001)
    await service.set_message(first.id, "turn", 9002, channel_id=555)
    assert await service.get_messages(first.id) == {"lobby": 9001, "turn": 9002}
    refs = await service.get_message_refs(first.id)
    assert (refs["lobby"].channel_id, refs["turn"].channel_id) == (777, 555)
    await service.clear_message(first.id, "lobby")
    assert await service.get_messages(first.id) == {"turn": 9002}


async def test_display_names_are_kept_and_refreshed(service):
    """Issue 12: a player's server display name is kept on their seat (one line, at most 32
    characters), refreshed when it changes, asked anew after leaving and joining again."""
    info = await lobby(service, 3, players=(ALICE,))
    await service.remember_name(info.id, ALICE, "  carol\n🐍 " + "x" * 40)
    assert (await service.get_match(info.id)).seat_info(
        1
    ).name == "carol 🐍 " + "x" * 24  # 32 characters
    await service.remember_name(info.id, ALICE, "carol")
    await service.remember_name(info.id, BOB, "bob")  # not seated: nothing to keep
    await service.remember_name(info.id, ALICE, None)  # nothing known: the name stays
    seats = (await service.get_match(info.id)).seats
    assert [(s.user_id, s.name) for s in seats] == [(HOST, None), (ALICE, "carol")]
    await service.leave(info.id, ALICE)
    await service.join(info.id, ALICE)
    await service.remember_name(info.id, ALICE, "carol")
    assert (await service.get_match(info.id)).seat_info(1).name == "carol"
