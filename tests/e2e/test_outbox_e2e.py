"""Announcements are durable (issue 10, items 1-3), end to end through the fake Discord:
Discord answering 503 on posts, edits, thread creation and DM opens, a restart with an
announcement owed, AI seats a failed save left waiting, and a repeated ``/play``.

Every check counts what reached Discord: each committed version is shown once, the live turn
message is current and the player to move is mentioned once."""

from __future__ import annotations

import asyncio
import re
import sqlite3

from bot.storage import storage_error
from cogs.client import ScarabBot
from tests.e2e.fakediscord import FakeDiscord
from tests.e2e.table import open_lobby_of, start_lobby

POSTS = r"/channels/\d+/messages"
EDITS = r"/channels/\d+/messages/\d+"


def new_bot(store, fake: FakeDiscord) -> ScarabBot:
    bot = ScarabBot(store, dev_guild_id=fake.guild_id, outbox_poll=0.1)
    return bot


async def fast_retries(bot: ScarabBot) -> None:
    bot.outbox.base = bot.outbox.cap = 0.1  # seconds between retries


def posts_in(fake: FakeDiscord, channel_id: int) -> list:
    """Messages Discord accepted in a channel (not ephemeral, not interaction replies)."""
    return [m for m in fake.channel_messages(channel_id) if m.interaction_token is None]


async def owed(store, match_id: int = 1):
    row = await store.get_announcement(match_id)
    version = (await store.get_match(match_id)).version
    return row, version


async def settled(store, match_id: int = 1, polls: int = 200):
    """``owed`` once the outbox has caught up with the match (a DM can arrive before the
    announcement row is marked done), or as it stands after ``polls`` tries."""
    for _ in range(polls):
        row, version = await owed(store, match_id)
        if row is not None and (row.version_done, row.owed) == (version, False):
            break
        await asyncio.sleep(0.05)
    return row, version


async def test_a_move_during_an_outage_is_announced_once_after_it(fake, storage, toy_engine):
    alice, bob = fake.add_user("alice"), fake.add_user("bob")
    async with fake.run_bot(new_bot(storage, fake)) as bot:
        await fast_retries(bot)
        thread = await start_lobby(fake, alice, await open_lobby_of(fake, "toy", alice, bob))
        first = fake.latest_message(thread, with_components=True)
        await fake.wait_for(lambda: [m for m in fake.dm_messages(bob) if m.buttons()])
        dm_a = [m for m in fake.dm_messages(alice) if m.buttons()][-1]
        dm_b = [m for m in fake.dm_messages(bob) if m.buttons()][-1]
        await fake.click(alice, dm_a, label="Pick 3")
        # Discord answers 503 to every post and edit in the thread for a while.
        posts = fake.outage("POST", POSTS, status=503)
        edits = fake.outage("PATCH", EDITS, status=503)
        r = await fake.click(bob, dm_b, label="Pick 1")
        assert "Sealed" in fake.message(dm_b.id).content, r  # the move itself was accepted
        row, version = await owed(storage)
        assert version == 2 and row.version_done < 2 and row.owed
        await fake.wait_for(
            lambda: posts.hits + edits.hits >= 3, message="the outbox did not retry"
        )
        assert (await storage.get_announcement(1)).attempts >= 2
        assert fake.latest_message(thread, with_components=True).id == first.id
        fake.end_outages()
        await fake.wait_for(
            lambda: (
                getattr(fake.latest_message(thread, with_components=True), "id", first.id)
                != first.id
            ),
            message="the owed turn was never posted",
        )
        row, version = await settled(storage)  # the post can show before its row is saved
        assert (row.version_done, row.owed) == (2, False)
        live = fake.latest_message(thread, with_components=True)
        assert live.find_button("Bank") and live.id == row.message_id
        assert live.content == f"{alice.mention}: your turn."
        mentions = [
            m
            for m in posts_in(fake, thread.id)
            if alice.mention in m.content and "your turn" in m.content
        ]
        assert len(mentions) == 1  # pinged once, however many retries
        assert fake.message(first.id).content.startswith("▸ ")  # the old turn: a summary


async def test_a_restart_posts_what_was_owed_fresh(fake, storage, toy_engine):
    alice, bob = fake.add_user("alice"), fake.add_user("bob")
    async with fake.run_bot(new_bot(storage, fake)) as bot:
        thread = await start_lobby(fake, alice, await open_lobby_of(fake, "toy", alice, bob))
        await fake.wait_for(lambda: [m for m in fake.dm_messages(bob) if m.buttons()])
        dm_a = [m for m in fake.dm_messages(alice) if m.buttons()][-1]
        dm_b = [m for m in fake.dm_messages(bob) if m.buttons()][-1]
        await fake.click(alice, dm_a, label="Pick 3")
        fake.outage("*", r"/channels/\d+/messages(/\d+)?", status=503)
        await fake.click(bob, dm_b, label="Pick 1")
        before = len(posts_in(fake, thread.id))
    # The bot stops with the new turn owed; Discord is back when it starts again.
    fake.end_outages()
    async with fake.run_bot(new_bot(storage, fake)) as bot:
        await fake.wait_for(
            lambda: len(posts_in(fake, thread.id)) > before,
            message="the restarted bot did not post the owed turn",
        )
        await asyncio.sleep(0.3)
        assert len(posts_in(fake, thread.id)) == before + 1
        row, version = await owed(storage)
        assert (row.version_done, row.message_id) == (version, posts_in(fake, thread.id)[-1].id)
        # The next step of that turn edits the new message (same process now).
        live = fake.message(row.message_id)
        assert live.find_button("Bank"), live
        await fake.click(alice, live, label="Bank")
        assert bot.outbox is not None


async def test_start_without_a_thread_opens_it_later(fake, storage, toy_engine):
    alice, bob = fake.add_user("alice"), fake.add_user("bob")
    async with fake.run_bot(new_bot(storage, fake)) as bot:
        await fast_retries(bot)
        lobby = await open_lobby_of(fake, "toy", alice, bob)
        fake.outage("POST", r"/channels/\d+/messages/\d+/threads", status=503)
        r = await fake.click(alice, fake.message(lobby.id), label="Start")
        assert "thread opens in a moment" in r.text, r.text
        info = await bot.service.get_match(1)
        assert info.status == "active" and info.thread_id is None and not fake.threads()
        fake.end_outages()
        await fake.wait_for(lambda: fake.threads(), message="the thread never opened")
        thread = fake.threads()[0]
        assert thread.id == lobby.id  # opened on the lobby message
        await fake.wait_for(lambda: fake.latest_message(thread, with_components=True))
        assert (await bot.service.get_match(1)).thread_id == thread.id
        # The lobby keeps no Start button: it says where the match is played.
        await fake.wait_for(
            lambda: not fake.message(lobby.id).find_button("Start"),
            message="the lobby still offers Start",
        )
        assert thread.mention in str(fake.message(lobby.id).embeds)
        await fake.wait_for(lambda: [m for m in fake.dm_messages(bob) if m.buttons()])
        for user in (alice, bob):
            assert len([m for m in fake.dm_messages(user) if m.buttons()]) == 1


async def test_sealed_dms_wait_out_an_outage_and_are_sent_once(fake, storage, toy_engine):
    alice, bob = fake.add_user("alice"), fake.add_user("bob")
    async with fake.run_bot(new_bot(storage, fake)) as bot:
        await fast_retries(bot)
        lobby = await open_lobby_of(fake, "toy", alice, bob)
        dm_opens = fake.outage("POST", r"/users/@me/channels", status=503)
        await fake.click(alice, fake.message(lobby.id), label="Start")
        thread = fake.threads()[0]
        await fake.wait_for(lambda: dm_opens.hits >= 3)
        # Nothing says "answer in your DMs" while no DM could be sent.
        assert not fake.latest_message(thread, with_components=True)
        fake.end_outages()
        await fake.wait_for(
            lambda: fake.latest_message(thread, with_components=True),
            message="the sealed round was never posted",
        )
        await asyncio.sleep(0.3)
        for user in (alice, bob):
            assert len([m for m in fake.dm_messages(user) if m.buttons()]) == 1
        sent = await storage.dms_sent(1)
        assert sorted((seat, seq) for seat, seq, _ in sent) == [(0, 0), (1, 0)]
        assert not any(sent.values())
        assert len([m for m in posts_in(fake, thread.id) if m.all_components()]) == 1


async def test_an_ai_seat_left_waiting_moves_at_start_up(fake, storage, toy_engine, monkeypatch):
    alice = fake.add_user("alice")
    real = storage.record_move

    async def full_disk_for_ai(match_id, **kw):
        if kw["actor"] == "ai":
            raise storage_error("x", sqlite3.OperationalError("database or disk is full"))
        return await real(match_id, **kw)

    async with fake.run_bot(new_bot(storage, fake)):
        thread = await start_lobby(fake, alice, await open_lobby_of(fake, "toy", alice, ais=1))
        monkeypatch.setattr(storage, "record_move", full_disk_for_ai)
        await fake.wait_for(lambda: [m for m in fake.dm_messages(alice) if m.buttons()])
        dm = [m for m in fake.dm_messages(alice) if m.buttons()][-1]
        await fake.click(alice, dm, label="Pick 1")  # the AI leads the round; cannot save
        assert await storage.ai_waiting_matches() == [1]
        version = (await storage.get_match(1)).version
    monkeypatch.setattr(storage, "record_move", real)
    async with fake.run_bot(new_bot(storage, fake)):
        await fake.wait_for(
            lambda: [m for m in fake.dm_messages(alice) if m.buttons() and m.id != dm.id],
            message="the AI never moved after the restart",
        )
        assert (await storage.get_match(1)).version > version
        assert await storage.ai_waiting_matches() == []
        row, now = await settled(storage)
        assert (row.version_done, row.owed) == (now, False)
        live = fake.message(row.message_id)
        assert live.channel_id == thread.id and live.all_components()
        # The AI's moves were announced: its bank/gamble step is in the new turn's post.
        assert re.search(r"Seat 2 chose (bank|gamble)\.", str(live.embeds)), live.embeds


async def test_a_repeated_play_answers_one_decision_only(fake, storage, steps_engine):
    alice, bob = fake.add_user("alice"), fake.add_user("bob")
    async with fake.run_bot(new_bot(storage, fake)) as bot:
        thread = await start_lobby(fake, alice, await open_lobby_of(fake, "steps", alice, bob))
        # "Hire a farmer" is offered again right after it is taken: two identical commands
        # sent at once answer one decision; the other is no longer current.
        one, two = await asyncio.gather(
            fake.slash(alice, "play", {"choice": "farmer"}, channel=thread.id),
            fake.slash(alice, "play", {"choice": "farmer"}, channel=thread.id),
        )
        texts = sorted([one.text, two.text])
        assert sum("Played" in t for t in texts) == 1, texts
        assert sum("no longer current" in t for t in texts) == 1, texts
        moves = await bot.service.moves(1)
        assert [(m.seat, m.option_id) for m in moves] == [(0, "farmer")]
        r = await fake.slash(alice, "play", {"choice": "farmer"}, channel=thread.id)
        assert "Played" in r.text, r.text  # sent later: answers the decision open now
        assert len(await bot.service.moves(1)) == 2
