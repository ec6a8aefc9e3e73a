"""Undo inside a turn, end to end through the fake Discord (issue 6, item 3), on the small
step game of tests/support/stepsgame.py: hire a farmer, take it back with the Undo button,
refusals for others and after another seat acted, and the button after a restart."""

from __future__ import annotations

from cogs.client import ScarabBot
from tests.e2e.fakediscord import FakeDiscord
from tests.e2e.table import open_and_start


async def test_undo_a_step_inside_a_turn(fake: FakeDiscord, storage, steps_engine) -> None:
    alice = fake.add_user("alice")
    bob = fake.add_user("bob")
    carol = fake.add_user("carol")
    async with fake.run_bot(ScarabBot(storage, dev_guild_id=fake.guild_id)):
        thread = await open_and_start(fake, "steps", alice, bob)
        turn = fake.latest_message(thread, with_components=True)
        assert turn.find_button("Hire a farmer") and not turn.find_button("Undo"), turn
        await fake.click(alice, turn, label="Hire a farmer")
        turn = fake.message(turn.id)
        assert turn.find_button("Undo"), turn.components
        assert "hired a farmer" in str(turn.embeds)

        # Only the seat that moved may take it back; watchers neither.
        r = await fake.click(bob, turn, label="Undo")
        assert r.ephemeral and "last move was not yours" in r.text, r.text
        r = await fake.click(carol, turn, label="Undo")
        assert r.ephemeral and "not seated" in r.text, r.text

        r = await fake.click(alice, turn, label="Undo")
        assert not r.ephemeral, r.text
        turn = fake.message(turn.id)
        assert "took back a step: Hire a farmer" in str(turn.embeds), turn.embeds
        assert not turn.find_button("Undo")  # nothing of Alice's left to take back
        assert await _service_totals(storage) == [0, 0]

        await fake.click(alice, turn, label="Buy a camel")
    # A restart: the Undo button posted before it still works.
    async with fake.run_bot(ScarabBot(storage, dev_guild_id=fake.guild_id)):
        turn = fake.message(turn.id)
        assert await _service_totals(storage) == [2, 0]
        r = await fake.click(alice, turn, label="Undo")
        assert not r.ephemeral, r.text
        assert await _service_totals(storage) == [0, 0]
        # After a restart the live turn is posted anew (a notification), never edited into
        # the message posted before it (issue 10); that one becomes a summary.
        posted = fake.latest_message(thread, with_components=True)
        assert posted.id != turn.id and not fake.message(turn.id).components
        assert "took back a step: Buy a camel" in fake.message(turn.id).content
        turn = posted

        # A camel, the end of her turn, then Bob acts: Alice's steps stand.
        await fake.click(alice, turn, label="Buy a camel")
        await fake.click(alice, fake.message(turn.id), label="End the turn")
        await fake.wait_for(lambda: fake.latest_message(thread, with_components=True).id != turn.id)
        bobs = fake.latest_message(thread, with_components=True)
        assert bobs.find_button("Undo"), bobs.components  # until Bob acts
        await fake.click(bob, bobs, label="Hire a farmer")
        bobs = fake.message(bobs.id)
        r = await fake.click(alice, bobs, label="Undo")
        assert r.ephemeral and "another seat has acted" in r.text, r.text
        assert await _service_totals(storage) == [2, 1]


async def _service_totals(storage) -> list[int]:
    snapshot = await storage.get_snapshot(1)
    return snapshot.state["totals"]
