"""The Scarab bot end to end on the toy game (tests/support/toygame.py): lobby, sealed DMs,
public buttons, refusals. Fast; the full Amun-Re match is in test_amunre_e2e.py."""

from __future__ import annotations

from cogs.client import ScarabBot
from tests.e2e.fakediscord import FakeDiscord


def new_bot(store, fake: FakeDiscord) -> ScarabBot:
    return ScarabBot(store, dev_guild_id=fake.guild_id)


async def test_toy_lobby_and_first_round(fake: FakeDiscord, storage, toy_engine) -> None:
    alice = fake.add_user("alice")
    bob = fake.add_user("bob")
    async with fake.run_bot(new_bot(storage, fake)):
        r = await fake.slash(alice, "game", {"game": "toy", "seats": 2}, subcommand="new")
        assert r.ephemeral, r
        lobby = fake.latest_message(with_components=True)
        assert lobby is not None and "lobby" in lobby.embeds[0]["title"]
        r = await fake.click(bob, lobby, label="Join")
        r = await fake.click(bob, fake.message(lobby.id), label="Start")
        assert r.ephemeral and "host" in r.text.lower(), r.text
        r = await fake.click(alice, fake.message(lobby.id), label="Start")
        threads = fake.threads()
        assert len(threads) == 1
        thread = threads[0]
        turn = fake.latest_message(thread)
        assert turn is not None, fake.channel_messages(thread)
        # Sealed round: both DMed with buttons; a watcher cannot open the private menu.
        dave = fake.add_user("dave")
        status = fake.latest_message(thread, with_components=True)
        r = await fake.click(dave, status, label="Choose privately")
        assert r.ephemeral and "not seated" in r.text, r.text
        await fake.wait_for(lambda: any(m.buttons() for m in fake.dm_messages(alice)))
        dm = [m for m in fake.dm_messages(alice) if m.buttons()][-1]
        r = await fake.click(alice, dm, label="Pick 3")
        assert "Sealed" in fake.message(dm.id).content
        dm_b = [m for m in fake.dm_messages(bob) if m.buttons()][-1]
        r = await fake.click(bob, dm_b, label="Pick 1")
        # Alice leads: public buttons in the thread.
        msg = fake.latest_message(thread, with_components=True)
        assert msg is not None and msg.find_button("Bank"), msg
        r = await fake.click(bob, msg, label="Bank")
        assert r.ephemeral, r
        r = await fake.click(alice, msg, label="Bank")
        texts = [m.content for m in fake.channel_messages(thread)]
        assert any(t.startswith("▸") for t in texts), texts
        # the turn summary names the player (issue 12), the roster came first, once
        assert any(t.startswith(f"▸ {alice.name}: ") for t in texts), texts
        assert [t for t in texts if t.startswith("👥")] == [texts[0]], texts
        assert f"1. {alice.mention} — alice" in texts[0], texts[0]


async def test_toy_commands_and_ai_seat(fake: FakeDiscord, storage, toy_engine) -> None:
    alice = fake.add_user("alice")
    bob = fake.add_user("bob")
    async with fake.run_bot(new_bot(storage, fake)):
        r = await fake.slash(alice, "help")
        assert r.ephemeral and "/play" in r.text and "Toy Duel" in r.text, r.text
        choices = await fake.autocomplete(
            alice, "game", {"game": "to"}, focused="game", subcommand="new"
        )
        assert [c["value"] for c in choices] == ["toy"], choices
        r = await fake.slash(alice, "game", {"game": "nope", "seats": 2}, subcommand="new")
        assert r.ephemeral and "Unknown game" in r.text, r.text
        r = await fake.slash(
            alice, "game", {"game": "toy", "seats": 2, "options": "rounds"}, subcommand="new"
        )
        assert r.ephemeral and "key=value" in r.text, r.text
        r = await fake.slash(
            alice, "game", {"game": "toy", "seats": 2, "options": "rounds=1"}, subcommand="new"
        )
        lobby = fake.latest_message(with_components=True)
        r = await fake.click(bob, lobby, label="Add AI")
        assert r.ephemeral and "host" in r.text.lower(), r.text
        await fake.click(alice, lobby, label="Add AI")
        assert "AI" in fake.message(lobby.id).embeds[0]["description"]
        r = await fake.slash(bob, "game", {}, subcommand="join")
        assert r.ephemeral and "full" in r.text.lower(), r.text
        r = await fake.slash(alice, "game", {}, subcommand="list")
        assert "#1" in r.text and "lobby" in r.text, r.text
        await fake.click(alice, lobby, label="Start")
        assert fake.message(lobby.id).components == []  # the lobby buttons are gone
        thread = fake.threads()[0]
        # The AI has sealed already; Alice is asked by DM.
        live = fake.latest_message(thread, with_components=True)
        assert "✅ 🤖" in live.embeds[0]["description"], live.embeds
        r = await fake.slash(alice, "hand", channel=thread.id)
        assert r.ephemeral and "Your decision" in r.text and "`pick:1`" in r.text, r.text
        r = await fake.slash(bob, "hand", channel=thread.id)
        assert r.ephemeral and "not seated" in r.text, r.text
        r = await fake.slash(bob, "board", channel=thread.id)
        assert r.ephemeral and "match #1" in r.text, r.text
        choices = await fake.autocomplete(
            alice, "play", {"choice": "3"}, focused="choice", channel=thread.id
        )
        assert [c["value"] for c in choices] == ["pick:3"], choices
        r = await fake.slash(alice, "play", {"choice": "Pick 3"}, channel=thread.id)
        assert r.ephemeral and "Sealed" in r.text, r.text
        r = await fake.slash(alice, "play", {"choice": "pick:9"}, channel=thread.id)
        assert r.ephemeral and "⛔" in r.text, r.text
        r = await fake.slash(bob, "log", {"n": 5}, channel=thread.id)
        assert "sealed" in r.text.lower(), r.text
        assert "You sealed" not in r.text  # Alice's private event stays hers
        r = await fake.slash(bob, "game", {}, subcommand="cancel", channel=thread.id)
        assert r.ephemeral and "host" in r.text.lower(), r.text
        r = await fake.slash(alice, "game", {}, subcommand="cancel", channel=thread.id)
        assert "cancelled" in r.text, r.text
        assert "cancelled" in fake.channel_messages(thread)[-1].content
        assert not any(m.all_components() for m in fake.channel_messages(thread))


def dump(fake: FakeDiscord, channel) -> str:  # debugging aid
    out = []
    for m in fake.channel_messages(channel):
        out.append(
            f"{m.id} {m.content!r} {[e.get('description') for e in m.embeds]} "
            f"{[(c.get('custom_id'), c.get('label')) for c in m.all_components()]}"
        )
    return "\n".join(out)
