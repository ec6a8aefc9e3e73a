"""An advisory decision through Discord, with the toy proposal game
(tests/support/proposalgame.py): alice (seat 1) decides, bob (seat 2) may propose. The thread
mentions both, names alice's question as the turn and bob's as "May propose" (never "Turn"),
/board waits only for alice. When alice answers first, bob's untouched proposal closes (the
next round asks him anew, and the old question is no longer current); bob's proposal shows in
alice's prompt, and her different answer decides."""

from __future__ import annotations

import pytest

from bot.errors import ServiceError
from cogs.client import ScarabBot
from tests.e2e.conftest import seat_menu
from tests.e2e.fakediscord import FakeDiscord


async def test_a_proposal_is_offered_but_never_waited_for(
    fake: FakeDiscord, storage, proposal_engine
) -> None:
    alice, bob = fake.add_user("alice"), fake.add_user("bob")
    async with fake.run_bot(ScarabBot(storage, dev_guild_id=fake.guild_id)) as bot:
        await fake.slash(alice, "game", {"game": "proposal", "seats": 2}, subcommand="new")
        lobby = fake.latest_message(with_components=True)
        await fake.click(bob, lobby, label="Join")
        await fake.click(alice, fake.message(lobby.id), label="Start")
        (thread,) = fake.threads()
        match = (await bot.service.match_for_thread(thread.id)).id
        msg = fake.latest_message(thread, with_components=True)
        said = str(msg.embeds)
        assert alice.mention in msg.content and bob.mention in msg.content  # both are asked
        assert "**Turn:** alice" in said, said  # names in the embed (issue 12)
        assert "**May propose:** bob" in said, said
        assert "**Turn:** bob" not in said and "2 players answer" not in said, said
        r = await fake.slash(bob, "board", {}, channel=thread.id)
        assert "Waiting for: " + alice.mention in r.text and bob.mention not in r.text, r.text
        # Round 1: alice answers first. Bob's proposal question closes with it: round 2 asks
        # him anew (a new seq, though it reads the same), and the old one is no longer current.
        stale = seat_menu(msg, 1)
        await fake.select(alice, msg, seat_menu(msg, 0), ["pick:3"])
        msg = fake.latest_message(thread, with_components=True)
        fresh = seat_menu(msg, 1)
        assert fresh != stale and stale not in str(msg.components), msg.components
        with pytest.raises(ServiceError, match="no longer current"):
            await bot.service.submit(match, bob.id, "pick:2", decision_seq=int(stale.split(":")[4]))
        # Round 2: bob proposes 2 from his own menu; alice's prompt then shows it, and she
        # answers otherwise: her answer decides.
        await fake.select(bob, msg, fresh, ["pick:2"])
        msg = fake.latest_message(thread, with_components=True)
        said = str(msg.embeds)
        assert "seat 2 proposes 2" in said and "May propose" not in said, said
        await fake.click(alice, msg, label="Pick 1")
        moves = await bot.service.moves(match)
        assert [(m.seat, m.actor, m.option_id) for m in moves] == [
            (0, str(alice.id), "pick:3"),
            (1, str(bob.id), "pick:2"),
            (0, str(alice.id), "pick:1"),
        ]
        info = await bot.service.get_match(match)
        assert info.status == "finished" and info.result.scores == (4, 4)
        assert await bot.service.rebuild(match)


async def test_a_sealed_proposal_menu_says_who_closed_it(
    fake: FakeDiscord, storage, proposal_engine
) -> None:
    """Like a merged Ankh god's battle: both seats are asked by DM; when the greater seat
    (alice) answers first, bob's proposal menu becomes a receipt naming her, not a live menu
    that answers "no longer current"."""
    alice, bob = fake.add_user("alice"), fake.add_user("bob")
    async with fake.run_bot(ScarabBot(storage, dev_guild_id=fake.guild_id)):
        await fake.slash(
            alice,
            "game",
            {"game": "proposal", "seats": 2, "options": "rounds=1, sealed=1"},
            subcommand="new",
        )
        lobby = fake.latest_message(with_components=True)
        await fake.click(bob, lobby, label="Join")
        await fake.click(alice, fake.message(lobby.id), label="Start")
        await fake.wait_for(
            lambda: all(any(m.buttons() for m in fake.dm_messages(u)) for u in (alice, bob))
        )
        dm_alice = [m for m in fake.dm_messages(alice) if m.buttons()][-1]
        dm_bob = [m for m in fake.dm_messages(bob) if m.buttons()][-1]
        await fake.click(alice, dm_alice, label="Pick 2")
        await fake.wait_for(lambda: "alice answered" in fake.message(dm_bob.id).content)
        assert not fake.message(dm_bob.id).buttons(), fake.message(dm_bob.id).components
        assert "Sealed" in fake.message(dm_alice.id).content  # her own receipt stays
