"""Seats sharing one side (``Engine.co_seats``, a team game's shape) through Discord, with the toy
pair game (tests/support/pairgame.py): seats 0 (alice) and 2 (carol) share side A, seat 1 (bob)
plays side B. Both owners of side A get its sealed decision by DM and either may answer it
(the first answer counts), and each may use the other's menu when both seats answer at once;
bob may not."""

from __future__ import annotations

from cogs.client import ScarabBot
from tests.e2e.conftest import seat_menu
from tests.e2e.fakediscord import FakeDiscord


async def test_both_owners_of_a_shared_seat_may_answer(
    fake: FakeDiscord, storage, pair_engine
) -> None:
    alice, bob, carol = fake.add_user("alice"), fake.add_user("bob"), fake.add_user("carol")
    async with fake.run_bot(ScarabBot(storage, dev_guild_id=fake.guild_id)) as bot:
        await fake.slash(
            alice, "game", {"game": "pair", "seats": 3, "options": "rounds=1"}, subcommand="new"
        )
        lobby = fake.latest_message(with_components=True)
        await fake.click(bob, lobby, label="Join")
        await fake.click(carol, fake.message(lobby.id), label="Join")
        await fake.click(alice, fake.message(lobby.id), label="Start")
        (thread,) = fake.threads()
        turn_msg = fake.latest_message(thread, with_components=True)
        assert alice.mention in turn_msg.content and carol.mention in turn_msg.content
        assert f"{alice.mention} & {carol.mention}" in str(turn_msg.embeds), turn_msg.embeds
        # Side A's sealed decision goes to both of its owners.
        await fake.wait_for(
            lambda: all(any(m.buttons() for m in fake.dm_messages(u)) for u in (alice, bob, carol))
        )
        dm_alice = [m for m in fake.dm_messages(alice) if m.buttons()][-1]
        dm_carol = [m for m in fake.dm_messages(carol) if m.buttons()][-1]
        assert "together with" in dm_carol.content, dm_carol.content
        await fake.click(carol, dm_carol, label="Pick 3")
        assert "Sealed" in fake.message(dm_carol.id).content
        # Her partner's DM menu closes: the first answer counted (issue 15 item 2).
        await fake.wait_for(lambda: not fake.message(dm_alice.id).all_components())
        assert "Answered" in fake.message(dm_alice.id).content
        dm_bob = [m for m in fake.dm_messages(bob) if m.buttons()][-1]
        await fake.click(bob, dm_bob, label="Pick 1")
        # Seats 0 and 2 each say something at once: one menu per seat; either owner of side A
        # may use either menu, bob neither.
        msg = fake.latest_message(thread, with_components=True)
        menu_0, menu_2 = seat_menu(msg, 0), seat_menu(msg, 2)
        r = await fake.select(bob, msg, menu_0, ["cheer"])
        assert r.ephemeral and "only its owner" in r.text, r.text
        await fake.select(carol, msg, menu_0, ["cheer"])  # her partner's menu
        # Seat 2 is left: its buttons; alice answers for her partner this time.
        assert menu_2 and fake.message(msg.id).find_button("Boo")
        r = await fake.click(bob, fake.message(msg.id), label="Boo")
        assert r.ephemeral, r.text
        await fake.click(alice, fake.message(msg.id), label="Boo")
        match = (await bot.service.match_for_thread(thread.id)).id
        moves = await bot.service.moves(match)
        assert [(m.seat, m.actor) for m in moves] == [
            (0, str(carol.id)),
            (1, str(bob.id)),
            (0, str(carol.id)),
            (2, str(alice.id)),
        ]
        assert (await bot.service.get_match(match)).status == "finished"
        assert await bot.service.rebuild(match)
