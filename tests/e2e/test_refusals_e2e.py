"""Refusals say the true reason through Discord (issue 12 item 7): a seated player who uses
the turn post or ``/play`` while no decision of theirs is open is told it is not their turn
and whose it is (by name, no mention); a button of their own earlier decision is "no longer
current" while they have a newer one open; an Amun-Re bid typed with ``/play`` that is too
low gets the game's own reason. Nothing changes each time."""

from __future__ import annotations

from cogs.client import ScarabBot
from rules.amunre.data import PROVINCE_BY_ID
from tests.e2e.fakediscord import FakeDiscord
from tests.e2e.table import open_and_start

SEAT_LETTERS_SHAPES = (("A", "●"), ("B", "■"), ("C", "▲"))
COLOURS = (
    {"en": "blue", "pt-BR": "azul", "pl": "niebieski"},
    {"en": "vermillion", "pt-BR": "vermelhão", "pl": "cynobrowy"},
    {"en": "green", "pt-BR": "verde", "pl": "zielony"},
)


def refusal_of(response) -> str:
    assert response.ephemeral, response.text
    assert response.text.startswith("⛔ "), response.text
    assert "<@" not in response.text, response.text  # names, never mentions
    return response.text[2:]


async def test_out_of_turn_presses_and_play_say_whose_turn(
    fake: FakeDiscord, storage, steps_engine
) -> None:
    alice, bob = fake.add_user("alice"), fake.add_user("bob")
    async with fake.run_bot(ScarabBot(storage, dev_guild_id=fake.guild_id)) as bot:
        thread = await open_and_start(fake, "steps", alice, bob)
        post = fake.latest_message(thread, with_components=True)
        waiting = "It is not your turn: waiting for alice (Seat 1)."
        # Bob presses the turn post's button while it is alice's turn.
        r = await fake.click(bob, post, label="Hire a farmer")
        assert refusal_of(r) == waiting
        # ... or types /play.
        r = await fake.slash(bob, "play", {"choice": "farmer"}, channel=thread.id)
        assert refusal_of(r) == waiting
        assert [m.option_id for m in await bot.service.moves(1)] == []

        r = await fake.click(alice, post, label="Hire a farmer")
        assert not r.ephemeral and "⛔" not in r.text, r.text
        assert [m.option_id for m in await bot.service.moves(1)] == ["farmer"]

        # Alice ends her turn: now she is the one told whose turn it is.
        await fake.click(alice, fake.message(post.id), label="End the turn")
        post = fake.latest_message(thread, with_components=True)
        r = await fake.click(alice, post, label="Buy a camel")
        assert refusal_of(r) == "It is not your turn: waiting for bob (Seat 2)."
        r = await fake.slash(alice, "play", {"choice": "camel"}, channel=thread.id)
        assert refusal_of(r) == "It is not your turn: waiting for bob (Seat 2)."
        assert [m.option_id for m in await bot.service.moves(1)] == ["farmer", "end"]


async def test_a_button_of_an_earlier_decision_is_no_longer_current(
    fake: FakeDiscord, storage, pair_engine
) -> None:
    """Round 1's sealed DM of alice is answered with /play; a click on its old button arriving
    in round 2, while alice has a new decision open, is stale, not "not your turn"."""
    alice, bob, carol = fake.add_user("alice"), fake.add_user("bob"), fake.add_user("carol")
    async with fake.run_bot(ScarabBot(storage, dev_guild_id=fake.guild_id)) as bot:
        await fake.slash(
            alice, "game", {"game": "pair", "seats": 3, "options": "rounds=2"}, subcommand="new"
        )
        lobby = fake.latest_message(with_components=True)
        await fake.click(bob, lobby, label="Join")
        await fake.click(carol, fake.message(lobby.id), label="Join")
        await fake.click(alice, fake.message(lobby.id), label="Start")
        (thread,) = fake.threads()
        await fake.wait_for(lambda: any(m.buttons() for m in fake.dm_messages(alice)))
        dm = [m for m in fake.dm_messages(alice) if m.buttons()][-1]
        pick_3 = dm.find_button("Pick 3")["custom_id"]
        for user, choice in ((alice, "pick:2"), (bob, "pick:1"), (alice, "cheer"), (carol, "boo")):
            r = await fake.slash(user, "play", {"choice": choice}, channel=thread.id)
            assert "⛔" not in r.text, r.text
        pending = await bot.service.pending_for(1, alice.id)
        assert pending is not None and pending.decision.key == "seal"  # round 2
        # The round-1 menu was closed into a receipt once answered by /play ...
        await fake.wait_for(lambda: not fake.message(dm.id).all_components())
        version = (await bot.service.snapshot(1)).version
        # ... but a client still showing it can send its click (Discord allows that race).
        r = await fake._component_interaction(
            alice, fake.message(dm.id), {"custom_id": pick_3, "component_type": 2}, None, 10.0
        )
        assert refusal_of(r) == "That choice is no longer current."
        assert (await bot.service.snapshot(1)).version == version


async def test_amunre_bid_too_low_typed_with_play(fake: FakeDiscord, storage) -> None:
    users = [fake.add_user(name) for name in ("alice", "bob", "carol")]
    async with fake.run_bot(ScarabBot(storage, dev_guild_id=fake.guild_id)) as bot:
        thread = await open_and_start(fake, "amunre", *users)
        by_id = {u.id: u for u in users}
        turn = await bot.service.snapshot(1)
        (first,) = turn.pending
        pid = next(o.id.split(":")[1] for o in first.options if o.id.startswith("bid:"))
        r = await fake.slash(
            by_id[first.user_id], "play", {"choice": f"bid:{pid}:6"}, channel=thread.id
        )
        assert "Played" in r.text, r.text
        turn = await bot.service.snapshot(1)
        (second,) = turn.pending
        assert second.user_id != first.user_id
        before = turn.version
        r = await fake.slash(
            by_id[second.user_id], "play", {"choice": f"bid:{pid}:3"}, channel=thread.id
        )
        name = PROVINCE_BY_ID[pid].name
        assert refusal_of(r) == f"{name} already has a bid of 6: bid 10 or more."
        assert (await bot.service.snapshot(1)).version == before
        # Out of turn, the first bidder hears whose turn it is.
        r = await fake.slash(
            by_id[first.user_id], "play", {"choice": f"bid:{pid}:10"}, channel=thread.id
        )
        owner = by_id[second.user_id]
        letter, shape = SEAT_LETTERS_SHAPES[second.seat]
        colour = COLOURS[second.seat]
        assert refusal_of(r) == (
            f"It is not your turn: waiting for {owner.name} ({letter}, {colour['en']} {shape})."
        )
        # The same label in every language: name, seat letter, colour and shape.
        said = {
            "pt-BR": "Não é a sua vez: aguardando "
            f"{owner.name} ({letter}, {colour['pt-BR']} {shape}).",
            "pl": f"To nie twoja tura: czekamy na {owner.name} ({letter}, {colour['pl']} {shape}).",
        }
        for locale, text in said.items():
            r = await fake.slash(
                by_id[first.user_id],
                "play",
                {"choice": f"bid:{pid}:10"},
                channel=thread.id,
                locale=locale,
            )
            assert refusal_of(r) == text
        # A press on the turn post's menu says the same.
        post = fake.latest_message(thread, with_components=True)
        menu = post.selects()[0]
        r = await fake.select(
            by_id[first.user_id], post, menu["custom_id"], [menu["options"][0]["value"]]
        )
        assert refusal_of(r) == (
            f"It is not your turn: waiting for {owner.name} ({letter}, {colour['en']} {shape})."
        )
        assert (await bot.service.snapshot(1)).version == before


async def test_a_press_on_a_button_the_message_no_longer_carries_is_answered(
    fake: FakeDiscord, storage, steps_engine
) -> None:
    """A client that has not yet seen an edit can press a button the message no longer
    carries; discord.py drops such a press silently, so the guard answers it."""
    alice, bob = fake.add_user("alice"), fake.add_user("bob")
    async with fake.run_bot(ScarabBot(storage, dev_guild_id=fake.guild_id)) as bot:
        thread = await open_and_start(fake, "steps", alice, bob)
        post = fake.latest_message(thread, with_components=True)
        old = fake._component_target(post, None, "Hire a farmer")["custom_id"]
        r = await fake.click(alice, post, label="Hire a farmer")
        assert "⛔" not in r.text, r.text
        edited = fake.message(post.id)
        assert old not in [c.get("custom_id") for c in edited.all_components()]
        version = (await bot.service.snapshot(1)).version
        r = await fake._component_interaction(
            alice, edited, {"custom_id": old, "component_type": 2}, None, 10.0
        )
        assert refusal_of(r) == "That choice is no longer current."
        assert (await bot.service.snapshot(1)).version == version
