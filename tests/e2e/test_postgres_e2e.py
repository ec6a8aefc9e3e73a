"""The real bot on PostgreSQL (pgserver) against the fake Discord, with TURN_TIME_SECONDS=2: a
toy match where one player answers, the other is away, the real 2-second deadline passes and
the AI answers for them, and the match plays on to its end; every move is stored once."""

from __future__ import annotations

from bot.deadlines import set_default_turn_time
from bot.settings import load_settings
from bot.storage_pg import PgStorage
from bot.stores import open_storage
from cogs.client import create_bot
from tests.e2e.fakediscord import FakeDiscord


def texts(fake: FakeDiscord, channel) -> list[str]:
    return [m.content or "" for m in fake.channel_messages(channel)]


async def test_a_real_deadline_passes_on_postgresql(fake: FakeDiscord, toy_engine, pg_server):
    store = await open_storage(await pg_server.fresh_url())
    assert isinstance(store, PgStorage)
    settings = load_settings({"TURN_TIME_SECONDS": "2", "DEV_GUILD_ID": str(fake.guild_id)})
    alice, bob = fake.add_user("alice"), fake.add_user("bob")
    try:
        async with fake.run_bot(create_bot(settings, store)):
            r = await fake.slash(
                alice, "game", {"game": "toy", "seats": 2, "options": "rounds=1"}, subcommand="new"
            )
            assert "Time per decision: **2 s**" in r.text, r.text
            lobby = fake.latest_message(with_components=True)
            await fake.click(bob, lobby, label="Join")
            await fake.click(alice, fake.message(lobby.id), label="Start")
            (thread,) = fake.threads()
            await fake.wait_for(lambda: any(m.buttons() for m in fake.dm_messages(alice)))
            dm = [m for m in fake.dm_messages(alice) if m.buttons()][-1]
            await fake.click(alice, dm, label="Pick 3")  # Bob is away
            await fake.wait_for(
                lambda: any("ran out of time" in t for t in texts(fake, thread)), timeout=20
            )
            await fake.wait_for(
                lambda: any("Game over" in t for t in texts(fake, thread)), timeout=30
            )
        (match,) = await store.list_matches(fake.guild_id, None)
        moves = await store.get_moves(match.id)
        assert match.status == "finished"
        assert [m.version for m in moves] == list(range(1, match.version + 1))
        assert "timeout" in {m.actor for m in moves}  # the deadline answered for Bob
    finally:
        set_default_turn_time(None)
        await store.close()
