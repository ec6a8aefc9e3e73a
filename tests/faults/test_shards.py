"""Two bot processes on one PostgreSQL (issue 15 item 3): ``python -m bot`` twice, as shard 0
and shard 1 of 2, against the fake Discord, which routes the guild's events to shard 1 and
DMs to shard 0, as Discord does.

- a Tekhenu match whose sealed Decrees are answered at the same moment, Alice by DM (shard 0's
  process) and Bob with "Choose privately" in the thread (shard 1's): both are applied;
- public moves with /play (shard 1), the guild's process SIGKILLed mid-match and restarted;
- a second match nobody answers, with deadlines of a few seconds: the AI answers each timed
  out decision once, whichever process scans.

Afterwards: versions run 1..n and the log replays to the snapshot, each player's answer is in
the log once, every version was posted once, each sealed decision DMed once per owner.
"""

from __future__ import annotations

import asyncio
import re
import signal
import sys
from pathlib import Path

import pytest

import rules
from bot.movelog import replay
from bot.service import MatchService
from bot.storage_pg import PgStorage
from tests.e2e.fakediscord import FakeDiscord, FakeMessage, FakeUser
from tests.faults.botenv import bot_env

pytestmark = pytest.mark.faults

GAME = "tekhenu"
SHARDS = 2
GUILD_SHARD = 1  # the guild's events go to the process of shard 1, DMs to shard 0's
TURN_SECONDS = 3.0  # the second match's time per decision
PUBLIC_MOVES = 8  # /play answers in the first match (the kill after the third)
NONCE = re.compile(r"^[tr](\d+)v(\d+)$")


class ShardProcess:
    """``python -m bot run`` serving one shard of two."""

    def __init__(self, fake: FakeDiscord, url: str, shard: int, cwd: Path) -> None:
        self.fake, self.url, self.shard, self.cwd = fake, url, shard, cwd
        self.proc: asyncio.subprocess.Process | None = None

    async def start(self) -> None:
        env = bot_env(
            self.fake,
            self.url,
            SHARD_COUNT=str(SHARDS),
            SHARD_IDS=str(self.shard),
            TURN_TIME_SECONDS=str(TURN_SECONDS),
        )
        self.proc = await asyncio.create_subprocess_exec(
            sys.executable, "-m", "bot", "run", cwd=self.cwd, env=env,
            stdout=asyncio.subprocess.DEVNULL, stderr=asyncio.subprocess.DEVNULL,
        )  # fmt: skip
        await self.fake.wait_for(
            lambda: self.shard in self.fake.connected_shards() or self.proc.returncode is not None,
            timeout=30,
            message=f"shard {self.shard}'s process did not connect",
        )
        assert self.proc.returncode is None, f"shard {self.shard}'s process exited"

    async def kill(self) -> None:
        if self.proc is not None and self.proc.returncode is None:
            self.proc.send_signal(signal.SIGKILL)
            await self.proc.wait()
        await self.fake.wait_for(lambda: self.shard not in self.fake.connected_shards(), timeout=10)


async def answered(fake: FakeDiscord, interaction) -> object:
    """An interaction's response once the bot process answered it (after a deferral)."""
    r = await interaction
    await fake.wait_for(lambda: r.text or r.message is not None and r.message.components, 15)
    return r


def control(messages: list[FakeMessage], match_id: int, seq: int) -> tuple[FakeMessage, dict]:
    """The newest message with a control of the sealed decision ``seq`` (a button or the
    menu), and that control."""
    ids = (f"scarab:pick:{match_id}:{seq}", f"scarab:{match_id}:{seq}:")
    for message in reversed(messages):
        for component in message.all_components():
            custom_id = component.get("custom_id") or ""
            if custom_id == ids[0] or custom_id.startswith(ids[1]):
                return message, component
    raise AssertionError(f"no control for decision {seq} of match {match_id}")


async def press(fake: FakeDiscord, user: FakeUser, message: FakeMessage, component: dict):
    """Choose with ``component``: the button, or the menu's first entry."""
    if component.get("options"):
        value = component["options"][0]["value"]
        return await answered(fake, fake.select(user, message, component["custom_id"], [value]))
    return await answered(fake, fake.click(user, message, component["custom_id"]))


async def sealed_at_once(fake, service, match_id, alice: FakeUser, bob: FakeUser) -> None:
    """Alice's Decree by DM (shard 0) and Bob's with "Choose privately" (shard 1), at once."""
    turn = await service.snapshot(match_id)
    seqs = {p.user_id: p.seq for p in turn.pending if p.secret}
    assert set(seqs) == {alice.id, bob.id}, turn.pending
    await fake.wait_for(lambda: any(m.all_components() for m in fake.dm_messages(bob)), timeout=20)
    thread = (await service.get_match(match_id)).thread_id
    button = f"scarab:private:{match_id}:{seqs[bob.id]}"
    status = next(m for m in reversed(fake.channel_messages(thread)) if m.component(button))
    private = (await answered(fake, fake.click(bob, status, button))).message
    assert private is not None and private.ephemeral
    dm, dm_control = control(fake.dm_messages(alice), match_id, seqs[alice.id])
    _, private_control = control([private], match_id, seqs[bob.id])
    bob_dm, _ = control(fake.dm_messages(bob), match_id, seqs[bob.id])
    answers = await asyncio.gather(
        press(fake, alice, dm, dm_control), press(fake, bob, private, private_control)
    )
    for answer in answers:  # a receipt, or a refusal (a followup)
        await fake.wait_for(lambda a=answer: "Sealed" in a.text or a.followups, timeout=15)
        assert "Sealed" in answer.text, answer.text  # neither refused as "no longer current"
    await fake.wait_for(lambda: not fake.message(dm.id).all_components(), timeout=10)
    assert "Sealed" in fake.message(dm.id).content  # Alice's receipt stays as it was
    # Bob answered in the thread, through the other process: his DM menu closes too.
    await fake.wait_for(
        lambda: not fake.message(bob_dm.id).all_components(),
        timeout=10,
        message="Bob's DM menu stayed clickable after he answered",
    )
    assert "Answered" in fake.message(bob_dm.id).content


async def play(fake, service, match_id: int, users: dict[int, FakeUser], moves: int) -> int:
    """Answer the open public decisions with /play (the first option); returns how many."""
    done = 0
    while done < moves:
        pending = None
        for _ in range(100):
            turn = await service.snapshot(match_id)
            pending = next((p for p in turn.pending if not p.is_ai and not p.secret), None)
            if pending is not None or turn.result is not None:
                break
            await asyncio.sleep(0.1)
        if pending is None:
            return done
        thread = (await service.get_match(match_id)).thread_id
        r = await fake.slash(
            users[pending.user_id],
            "play",
            {"choice": pending.options[0].id, "match": str(match_id)},
            channel=thread,
        )
        await fake.wait_for(lambda r=r: r.text, timeout=15, message="/play was never answered")
        assert "Played" in r.text, r.text
        done += 1
    return done


async def timeouts(store: PgStorage, match_id: int, count: int) -> None:
    """Wait until the AI answered ``count`` decisions whose time ran out."""
    for _ in range(int(12 * count * TURN_SECONDS)):
        moves = await store.get_moves(match_id)
        if sum(m.actor == "timeout" for m in moves) >= count:
            return
        await asyncio.sleep(0.1)
    raise AssertionError(f"fewer than {count} deadlines fired in match {match_id}")


async def settled(store: PgStorage, match_ids: list[int]) -> None:
    for _ in range(300):
        rows = [await store.get_announcement(m) for m in match_ids]
        infos = [await store.get_match(m) for m in match_ids]
        if all(
            r is not None and r.version_done >= i.version for r, i in zip(rows, infos, strict=True)
        ):
            return
        await asyncio.sleep(0.1)
    raise AssertionError("the processes never delivered what was owed")


async def check_match(fake: FakeDiscord, service: MatchService, match_id: int) -> list:
    """No move lost, duplicated or out of turn; every version posted once."""
    info = await service.get_match(match_id)
    moves = await service.moves(match_id)
    assert [m.version for m in moves] == list(range(1, info.version + 1))
    assert await service.rebuild(match_id), "the log does not replay to the snapshot"
    posted = [
        int(NONCE.match(m.data["nonce"]).group(2))
        for m in fake.channel_messages(info.thread_id)
        if NONCE.match(m.data.get("nonce") or "")
    ]
    assert len(posted) == len(set(posted)) and posted == sorted(posted), posted
    live = [m for m in fake.channel_messages(info.thread_id) if m.all_components()]
    if info.status == "active":
        row = await service.store.get_announcement(match_id)
        assert [m.id for m in live if not m.ephemeral] == [row.message_id]
    return moves


def answered_decisions(engine, info, moves, actor: str) -> list[tuple[int, int]]:
    """(seat, decision seq) of each move by ``actor``, from replays of the log before it."""
    answered = []
    for index, move in enumerate(moves):
        if move.actor == actor:
            _, seqs = replay(engine, info, moves[:index])
            answered.append((move.seat, seqs.get(move.seat, index)))
    return answered


async def test_two_processes_one_database(pg_server, tmp_path) -> None:
    url = await pg_server.fresh_url("shards")
    async with FakeDiscord(ack_timeout=3.0, guild_shard=(GUILD_SHARD, SHARDS)) as fake:
        alice, bob = fake.add_user("alice"), fake.add_user("bob")
        users = {alice.id: alice, bob.id: bob}
        dm_shard = ShardProcess(fake, url, 0, tmp_path)
        guild_shard = ShardProcess(fake, url, GUILD_SHARD, tmp_path)
        store = await PgStorage.open(url)
        service = MatchService(store)
        try:
            await dm_shard.start()
            await guild_shard.start()
            await store.set_guild_setting(fake.guild_id, "turn_timeout", "none")
            played = await open_match(fake, service, alice, bob)
            await sealed_at_once(fake, service, played, alice, bob)
            assert await play(fake, service, played, users, 3) == 3
            await guild_shard.kill()  # mid-match; DMs and deadlines go on in shard 0's process
            await store.set_guild_setting(fake.guild_id, "turn_timeout", repr(TURN_SECONDS))
            await guild_shard.start()
            timed = await open_match(fake, service, alice, bob)
            assert await play(fake, service, played, users, PUBLIC_MOVES - 3) == PUBLIC_MOVES - 3
            await timeouts(store, timed, 3)
            await settled(store, [played, timed])

            engine = rules.get(GAME)
            moves = await check_match(fake, service, played)
            humans = [m for m in moves if m.actor in {str(alice.id), str(bob.id)}]
            assert len(humans) == 2 + PUBLIC_MOVES, [(m.version, m.actor) for m in moves]
            info = await service.get_match(played)
            for actor in (str(alice.id), str(bob.id)):
                seen = answered_decisions(engine, info, moves, actor)
                assert len(seen) == len(set(seen)), f"a decision answered twice: {seen}"
            assert not [m for m in moves if m.actor == "timeout"]

            timed_moves = await check_match(fake, service, timed)
            info = await service.get_match(timed)
            fired = answered_decisions(engine, info, timed_moves, "timeout")
            assert len(fired) >= 3, [(m.version, m.actor) for m in timed_moves]
            assert len(fired) == len(set(fired)), f"a deadline fired twice: {fired}"
            assert not fake.errors, fake.errors
        finally:
            await guild_shard.kill()
            await dm_shard.kill()
            await store.close()


async def open_match(fake: FakeDiscord, service: MatchService, alice, bob) -> int:
    """A two-player Tekhenu table opened, joined and started in the guild (shard 1)."""
    r = await answered(
        fake, fake.slash(alice, "game", {"game": GAME, "seats": 2}, subcommand="new")
    )
    assert "Lobby #" in r.text, r.text
    lobby = fake.latest_message(with_components=True)
    match_id = int(lobby.embeds[0]["footer"]["text"].split()[1])
    await fake.click(bob, lobby, label="Join")
    r = await answered(fake, fake.slash(alice, "game", {}, subcommand="start"))
    assert "started" in r.text, r.text
    await fake.wait_for(
        lambda: any(m.all_components() for m in fake.dm_messages(alice)), timeout=20
    )
    return match_id
