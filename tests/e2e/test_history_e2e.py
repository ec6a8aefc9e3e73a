"""History and stats end to end (issue 6): the end-of-match post (scores, tie-break lines, an
image, a working Rematch button), ``/export`` replayed to the same final state, ``/stats``,
``/leaderboard`` and their refusals, on the toy game through the fake Discord."""

from __future__ import annotations

import json
import sys
import types

import pytest
from PIL import Image

from bot.export import replay_export
from bot.service import MatchService
from cogs.client import ScarabBot
from rules.core import Result, canonical_json
from rules.registry import ENGINES
from tests.e2e.fakediscord import FakeDiscord
from tests.support.toygame import ToyEngine

TIEBREAK = "equal scores are shared"


class TieBreakToy(ToyEngine):
    """The toy game, whose result also names a tie-break reason."""

    def result(self, state):
        result = super().result(state)
        return None if result is None else Result(result.scores, result.places, (TIEBREAK,))


@pytest.fixture
def toy_with_image(toy_engine, monkeypatch):
    """A tie-break reason in the result and a tiny board renderer for the toy game."""
    monkeypatch.setitem(ENGINES, "toy", TieBreakToy())
    module = types.ModuleType("render.toy")
    module.board = lambda view, highlight=None, locale="en": Image.new("RGB", (48, 32), "gold")
    module.panel = lambda view, locale="en": Image.new("RGB", (32, 32), "navy")
    monkeypatch.setitem(sys.modules, "render.toy", module)


async def test_result_post_rematch_export_and_stats(
    fake: FakeDiscord, storage, toy_with_image
) -> None:
    alice = fake.add_user("alice")
    bob = fake.add_user("bob")
    carol = fake.add_user("carol")
    # A finished match of another server, in the same database.
    service = MatchService(storage)
    other = await service.create_lobby(424242, 1, alice.id, "toy", 2, {"rounds": "1"})
    await service.add_ai(other.id, alice.id)
    turn = await service.start(other.id, alice.id)
    while not turn.finished:
        (mine,) = [p for p in turn.pending if not p.is_ai]
        turn = await service.submit(other.id, alice.id, mine.options[0].id)

    async with fake.run_bot(ScarabBot(storage, dev_guild_id=fake.guild_id)):
        await fake.slash(
            alice, "game", {"game": "toy", "seats": 3, "options": "rounds=1"}, subcommand="new"
        )
        lobby = fake.latest_message(with_components=True)
        await fake.click(bob, lobby, label="Join")
        await fake.click(alice, fake.message(lobby.id), label="Add AI")
        await fake.click(alice, fake.message(lobby.id), label="Start")
        (thread,) = fake.threads()
        match_id = other.id + 1
        # The AI sealed 3; Alice seals 2 and Bob 1: the AI leads, banks, and the match ends.
        for user, label in ((alice, "Pick 2"), (bob, "Pick 1")):
            await fake.wait_for(lambda u=user: any(m.buttons() for m in fake.dm_messages(u)))
            dm = [m for m in fake.dm_messages(user) if m.buttons()][-1]
            await fake.click(user, dm, label=label)
        post = await fake.wait_for(
            lambda: next(
                (m for m in fake.channel_messages(thread) if m.content.startswith("🏁")), None
            )
        )

        # The end-of-match post: scores, tie-break line, image, Rematch button.
        text = post.embeds[0]["description"]
        assert "points" in text and "alice" in text and "bob" in text, text  # names (issue 12)
        assert f"Tie-break: {TIEBREAK}" in text, text
        assert post.embeds[0]["image"]["url"] == "attachment://board.png"
        assert post.file_bytes("board.png").startswith(b"\x89PNG")
        button = post.find_button("Rematch")
        assert button is not None and button["custom_id"] == f"scarab:rematch:{match_id}"

        # /log shows the last events in plain language.
        r = await fake.slash(carol, "log", {"n": 2}, channel=thread.id)
        assert r.ephemeral and r.text.count("• ") == 2, r.text

        # /export in the thread: the JSON replays to the stored final state.
        r = await fake.slash(carol, "export", channel=thread.id)
        assert r.ephemeral and "seed" in r.text, r.text
        assert r.attachments[0]["filename"] == f"scarab-match-{match_id}.json"
        data = json.loads(r.file_bytes())
        assert [s["ai"] for s in data["seats"]] == [False, False, True]
        assert data["seed"] is not None and data["moves"]
        engine, state = replay_export(data)
        snapshot = await storage.get_snapshot(match_id)
        assert canonical_json(engine.dump(state)) == canonical_json(snapshot.state)
        # Bad input: a match of another server.
        r = await fake.slash(alice, "export", {"match": str(other.id)})
        assert r.ephemeral and "another server" in r.text and not r.attachments, r.text

        # Rematch: only the match's players; a new lobby with the same seats and options.
        r = await fake.click(carol, post, label="Rematch")
        assert r.ephemeral and "Only the players" in r.text, r.text
        r = await fake.click(bob, post, label="Rematch")
        assert r.ephemeral and f"lobby #{match_id + 1}" in r.text, r.text
        rematch = fake.latest_message(with_components=True)
        assert rematch.id != lobby.id and f"lobby #{match_id + 1}" in rematch.embeds[0]["title"]
        seats = rematch.embeds[0]["description"]
        assert alice.mention in seats and bob.mention in seats and "AI" in seats, seats
        assert "Rounds: **1** ✱" in json.dumps(rematch.embeds[0], ensure_ascii=False), (
            rematch.embeds
        )
        assert any("opened a rematch" in m.content for m in fake.channel_messages(thread))
        r = await fake.click(alice, post, label="Rematch")
        assert r.ephemeral and "already open" in r.text, r.text
        await fake.click(bob, rematch, label="Start")  # Bob hosts the rematch
        assert len(fake.threads()) == 2
        # The running rematch cannot be exported yet.
        r = await fake.slash(alice, "export", {"match": str(match_id + 1)})
        assert r.ephemeral and "still running" in r.text, r.text

        # Stats and leaderboard of this server.
        r = await fake.slash(alice, "stats")
        assert r.ephemeral and "Toy Duel" in r.text and "1 played" in r.text, r.text
        assert "with AI: 1" in r.text and "Elo" in r.text, r.text
        r = await fake.slash(carol, "stats", {"user": bob.id})
        assert bob.mention in r.text and "1 played" in r.text, r.text
        r = await fake.slash(carol, "stats")
        assert "not finished a match" in r.text, r.text
        r = await fake.slash(carol, "leaderboard", {"game": "toy"})
        assert "leaderboard" in r.text and alice.mention in r.text, r.text
        assert bob.mention in r.text and "rating 1500" in r.text, r.text  # a draw
        r = await fake.slash(carol, "leaderboard", {"game": "chess"})
        assert r.ephemeral and "Unknown game 'chess'" in r.text, r.text
        r = await fake.slash(carol, "help")
        assert "/export" in r.text and "/leaderboard" in r.text, r.text

    # After a restart the Rematch button still answers (its state is in its custom id).
    async with fake.run_bot(ScarabBot(storage, dev_guild_id=fake.guild_id)):
        r = await fake.click(alice, fake.message(post.id), label="Rematch")
        assert r.ephemeral and f"already open: lobby #{match_id + 1}" in r.text, r.text
