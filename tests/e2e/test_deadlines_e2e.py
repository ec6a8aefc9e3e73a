"""Issue 6 end to end on the toy game: a reminder (thread mention + opted-in DM), a deadline
that passes so the AI moves, `/admin` refused without Manage Server, a vote by a non-seated
user refused, and admin actions that work and are logged.

The bot runs with an injected clock (FakeClock) and a fast deadline loop, so time passes at
the test's command.
"""

from __future__ import annotations

from bot.service import MatchService
from cogs.client import ScarabBot
from tests.bot.conftest import FakeClock
from tests.e2e.fakediscord import MEMBER_PERMISSIONS, FakeDiscord

HOUR = 3600
MANAGE_GUILD = 1 << 5


def new_bot(store, fake: FakeDiscord, clock: FakeClock) -> ScarabBot:
    return ScarabBot(
        store,
        dev_guild_id=fake.guild_id,
        deadline_interval=0.05,
        service=MatchService(store, clock=clock),
    )


async def start_toy(fake: FakeDiscord, host, guest, **table):
    await fake.slash(
        host, "game", {"game": "toy", "seats": 2, "options": "rounds=3", **table}, subcommand="new"
    )
    lobby = fake.latest_message(with_components=True)
    await fake.click(guest, lobby, label="Join")
    await fake.click(host, fake.message(lobby.id), label="Start")
    (thread,) = fake.threads()
    return thread


def texts(fake: FakeDiscord, channel) -> list[str]:
    return [m.content or "" for m in fake.channel_messages(channel)]


async def test_reminder_then_the_deadline_passes_and_the_ai_moves(
    fake: FakeDiscord, storage, toy_engine
) -> None:
    clock = FakeClock()
    alice = fake.add_user("alice")
    bob = fake.add_user("bob")
    async with fake.run_bot(new_bot(storage, fake, clock)):
        r = await fake.slash(bob, "notify", {"enabled": True})
        assert r.ephemeral and "DM" in r.text, r.text
        r = await fake.slash(
            alice,
            "game",
            {"game": "toy", "seats": 2, "options": "rounds=1", "turn_time": "1h"},
            subcommand="new",
        )
        assert "Time per decision: **1h**" in r.text, r.text
        lobby = fake.latest_message(with_components=True)
        await fake.click(bob, lobby, label="Join")
        await fake.click(alice, fake.message(lobby.id), label="Start")
        (thread,) = fake.threads()
        await fake.wait_for(lambda: any(m.buttons() for m in fake.dm_messages(alice)))
        dm = [m for m in fake.dm_messages(alice) if m.buttons()][-1]
        await fake.click(alice, dm, label="Pick 3")  # Alice seals; Bob is away

        clock.advance(HOUR / 2)
        await fake.wait_for(lambda: any(t.startswith("⏰") for t in texts(fake, thread)))
        (reminder,) = [t for t in texts(fake, thread) if t.startswith("⏰")]
        assert bob.mention in reminder and alice.mention not in reminder, reminder
        assert "30 min left" in reminder, reminder
        await fake.wait_for(lambda: any("⏰" in (m.content or "") for m in fake.dm_messages(bob)))
        assert not any("⏰" in (m.content or "") for m in fake.dm_messages(alice))  # no opt-in

        clock.advance(0.4 * HOUR)  # close to the deadline: a second reminder
        await fake.wait_for(
            lambda: len([t for t in texts(fake, thread) if t.startswith("⏰")]) == 2
        )
        assert "6 min left" in texts(fake, thread)[-1], texts(fake, thread)[-1]
        clock.advance(0.1 * HOUR)
        await fake.wait_for(lambda: any("ran out of time" in t for t in texts(fake, thread)))
        # The AI sealed for Bob; the reveal made Alice the leader, whose turn is announced.
        await fake.wait_for(
            lambda: (
                (m := fake.latest_message(thread, with_components=True)) is not None
                and m.find_button("Bank") is not None
            )
        )
        r = await fake.slash(alice, "log", {"n": 10}, channel=thread.id)
        assert "Revealed" in r.text, r.text
        live = fake.latest_message(thread, with_components=True)
        await fake.click(alice, live, label="Bank")
        await fake.wait_for(lambda: any("Game over" in t for t in texts(fake, thread)))
        reminders = [t for t in texts(fake, thread) if t.startswith("⏰")]
        assert len(reminders) == 2, reminders  # half time and 90 %, each once


async def test_takeover_rejoin_and_refusals(fake: FakeDiscord, storage, toy_engine) -> None:
    clock = FakeClock()
    alice = fake.add_user("alice")
    bob = fake.add_user("bob")
    carol = fake.add_user("carol")  # a spectator
    boss = fake.add_user("boss", permissions=MEMBER_PERMISSIONS | MANAGE_GUILD)
    async with fake.run_bot(new_bot(storage, fake, clock)):
        thread = await start_toy(fake, alice, bob, turn_time="1h", on_timeout="takeover")
        # A vote by a user who is not seated is refused, and changes nothing.
        r = await fake.slash(carol, "game", {"player": bob}, subcommand="vote", channel=thread.id)
        assert r.ephemeral and "Only players seated" in r.text, r.text
        # Spectators may watch.
        r = await fake.slash(carol, "board", channel=thread.id)
        assert "match #1" in r.text, r.text
        # /admin without Manage Server is refused, and changes nothing.
        for sub, opts in (
            ("cancel", {}),
            ("remove", {"player": bob}),
            ("defaults", {"turn_time": "72h"}),
            ("log", {}),
        ):
            r = await fake.slash(carol, "admin", opts, subcommand=sub, channel=thread.id)
            assert r.ephemeral and "Manage Server" in r.text, (sub, r.text)
        r = await fake.slash(boss, "admin", {}, subcommand="log")
        assert "No admin actions" in r.text, r.text

        # Alice's time runs out: the AI takes her seat for the rest of the match.
        await fake.wait_for(lambda: any(m.buttons() for m in fake.dm_messages(bob)))
        dm = [m for m in fake.dm_messages(bob) if m.buttons()][-1]
        await fake.click(bob, dm, label="Pick 1")
        clock.advance(HOUR)
        await fake.wait_for(
            lambda: any("for the rest of the match" in t for t in texts(fake, thread))
        )
        r = await fake.slash(bob, "game", {}, subcommand="rejoin", channel=thread.id)
        assert r.ephemeral and "not played by the AI" in r.text, r.text
        r = await fake.slash(alice, "game", {}, subcommand="rejoin", channel=thread.id)
        assert r.ephemeral and "You are back" in r.text, r.text
        await fake.wait_for(lambda: any("is back" in t for t in texts(fake, thread)))

        # An admin removes Bob (the seat goes to the AI), then cancels; both are logged.
        r = await fake.slash(boss, "admin", {"player": bob}, subcommand="remove", channel=thread.id)
        assert "the AI plays their seat" in r.text, r.text
        r = await fake.slash(
            boss, "admin", {"turn_time": "72h", "on_timeout": "takeover"}, subcommand="defaults"
        )
        assert "72h" in r.text and "rest of the match" in r.text, r.text
        r = await fake.slash(boss, "admin", {}, subcommand="cancel", channel=thread.id)
        assert "cancelled" in r.text, r.text
        r = await fake.slash(boss, "admin", {}, subcommand="log")
        assert r.text.count(boss.mention) == 3, r.text
        assert "cancelled match #1" in r.text and "removed a player" in r.text, r.text
