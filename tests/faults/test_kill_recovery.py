"""Fault injection (issue 10): the real bot process (``python -m bot``) against the fake
Discord, SIGKILLed at chosen points of scripted matches of all four games, and Discord answering
500/503/429 for a while on posts, edits and DM opens. After each fault the bot is started again
and, once it has recovered, the test checks:

- no stored move lost or duplicated: the log replays to the stored snapshot, versions run
  1..n, and every answer the player was told was accepted is in the log;
- every committed version announced exactly once: the outbox shows it delivered, no version
  was posted twice (each post carries its version in its nonce);
- the live turn message is current (its components carry the open decisions' seqs) and is the
  only message with components; it mentions the player to move, who was pinged by one post
  for that decision; each sealed decision was DMed once to each owner.

Kill points: right after the n-th move committed by that process (between a commit and its
announcement, between a human's commit and the AI's, during start-up's AI moves or recovery),
just before a thread post reaches Discord, just after Discord accepted a thread post (before
the bot learnt its id: the nonce keeps it single), and just after a DM was accepted.

Run: ``pytest -m faults -s`` prints the counts (kills, outages, moves checked, announcements
owed and delivered).
"""

from __future__ import annotations

import asyncio
import random
import re
import signal
import sys
from collections import Counter
from dataclasses import dataclass, field
from pathlib import Path

import pytest
from aiohttp import web

import rules
from bot.service import MatchService
from bot.storage import Storage
from bot.stores import open_storage
from tests.e2e.fakediscord import FakeDiscord, FakeUser
from tests.faults.botenv import bot_env

pytestmark = pytest.mark.faults

KILLS_PER_GAME = 13  # 52 kill points in all
ANSWERS_PER_RUN = 6  # answers driven before a run that was not killed is killed anyway
SETTLE_S = 20.0
NONCE = re.compile(r"^[tr](\d+)v(\d+)$")


@dataclass
class Counts:
    kills: Counter = field(default_factory=Counter)
    outages: Counter = field(default_factory=Counter)
    moves_checked: int = 0
    checks: int = 0
    owed: int = 0  # versions owed to a thread when a bot process started
    delivered: int = 0  # of them, delivered once it had recovered

    def line(self) -> str:
        return (
            f"faults: {sum(self.kills.values())} kills {dict(self.kills)}, "
            f"{sum(self.outages.values())} outages {dict(self.outages)}, "
            f"{self.checks} recoveries checked, {self.moves_checked} moves checked, "
            f"announcements owed {self.owed}, delivered {self.delivered}"
        )


COUNTS = Counts()


class BotProcess:
    """``python -m bot`` on the fake, with at most one kill point armed."""

    def __init__(self, fake: FakeDiscord, db: str, cwd: Path) -> None:
        self.fake, self.db, self.cwd = fake, db, cwd
        self.proc: asyncio.subprocess.Process | None = None
        self.armed: tuple[str, int] | None = None  # (kind, nth) for the fake-side points
        self.seen: Counter = Counter()
        fake.on_request(self._hook)

    async def start(
        self, *, kill_after_commits: int = 0, armed: tuple[str, int] | None = None
    ) -> None:
        env = bot_env(self.fake, self.db, SCARAB_KILL_AFTER_COMMITS=str(kill_after_commits or ""))
        connections = len(self.fake.identify_payloads)
        self.armed, self.seen = armed, Counter()
        self.proc = await asyncio.create_subprocess_exec(
            sys.executable,
            "-m",
            "bot",
            cwd=self.cwd,
            env=env,
            stdout=asyncio.subprocess.DEVNULL,
            stderr=asyncio.subprocess.DEVNULL,
        )
        await self.fake.wait_for(
            lambda: (
                self.dead
                or (len(self.fake.identify_payloads) > connections and self.fake.connected)
            ),
            timeout=30,
            message="the bot process did not connect",
        )

    @property
    def dead(self) -> bool:
        return self.proc is None or self.proc.returncode is not None

    async def kill(self) -> None:
        if self.proc is not None and self.proc.returncode is None:
            self.proc.send_signal(signal.SIGKILL)
        if self.proc is not None:
            await self.proc.wait()

    async def wait_dead(self, timeout: float = 5.0) -> bool:
        if self.proc is None:
            return True
        try:
            await asyncio.wait_for(self.proc.wait(), timeout)
        except TimeoutError:
            return False
        return True

    def _hook(self, rec) -> web.Response | None:
        """Fake-side kill points: just before a thread post, just after one, after a DM."""
        if self.armed is None or self.dead:
            return None
        kind, nth = self.armed
        thread_post = (
            rec.method == "POST"
            and re.fullmatch(r"/channels/\d+/messages", rec.path)
            and not self._is_dm(rec.path)
        )
        dm_post = (
            rec.method == "POST"
            and re.fullmatch(r"/channels/\d+/messages", rec.path)
            and self._is_dm(rec.path)
        )
        hit = {"before_post": thread_post, "after_post": thread_post, "after_dm": dm_post}[kind]
        if not hit:
            return None
        self.seen[kind] += 1
        if self.seen[kind] < nth:
            return None
        self.armed = None
        assert self.proc is not None
        if kind == "before_post":
            self.proc.send_signal(signal.SIGKILL)  # the post never reaches Discord
            return web.Response(status=503)
        # Discord accepts it; the bot dies before it reads the answer.
        asyncio.get_running_loop().call_soon(self.proc.send_signal, signal.SIGKILL)
        return None

    def _is_dm(self, path: str) -> bool:
        channel = int(path.split("/")[2])
        return channel in self.fake.dm_channel_ids.values()


@dataclass
class Table:
    game: str
    fake: FakeDiscord
    store: Storage
    service: MatchService
    human: FakeUser
    match_id: int = 0
    acked: int = 0  # answers the player was told were accepted
    unknown: int = 0  # answers whose reply was lost with the process


async def open_table(table: Table, bot: BotProcess, seats: int) -> None:
    fake, human = table.fake, table.human
    await fake.slash(human, "game", {"game": table.game, "seats": seats}, subcommand="new")
    lobby = fake.latest_message(with_components=True)
    for _ in range(seats - 1):
        await fake.click(human, fake.message(lobby.id), label="Add AI")
    table.match_id = max(
        m.id for m in await table.service.list_matches(fake.guild_id, active_only=False)
    )
    try:
        await fake.click(human, fake.message(lobby.id), label="Start")
    except AssertionError:
        assert bot.dead, "Start was not answered by a live bot"


async def drive(table: Table, bot: BotProcess, answers: int) -> None:
    """Answer the human's decisions with /play (the first option) until ``answers`` were
    sent, the process died or the game ended."""
    fake, service = table.fake, table.service
    for _ in range(answers):
        if bot.dead:
            return
        pending = None
        deadline = asyncio.get_running_loop().time() + SETTLE_S  # a pool may be starting
        while asyncio.get_running_loop().time() < deadline:
            info = await service.get_match(table.match_id)
            if info.status != "active" or bot.dead:
                return
            pending = await service.pending_for(table.match_id, table.human.id)
            if pending is not None:
                break
            await asyncio.sleep(0.1)  # the AI (or a recovery) is moving
        if pending is None:
            raise AssertionError(f"{table.game}: nobody asked the human to move")
        option = pending.options[0].id
        where = info.thread_id or info.channel_id
        try:
            r = await fake.slash(
                table.human, "play", {"choice": option, "match": str(table.match_id)}, channel=where
            )
        except AssertionError:
            table.unknown += 1
            assert await bot.wait_dead(2.0), "an answer was lost by a live bot"
            return
        # The command was acknowledged (deferred); its answer follows once it was applied.
        await fake.wait_for(
            lambda r=r: r.text or bot.dead, timeout=15, message="/play was never answered"
        )
        if "Played" in r.text or "Sealed" in r.text:
            table.acked += 1
        elif not r.text:
            table.unknown += 1  # the process died before it could reply
        else:
            now = await MatchService(table.store).pending_for(table.match_id, table.human.id)
            raise AssertionError(
                f"{table.game}: /play {option} refused: {r.text}; the test saw "
                f"{pending}; the store now says {now}"
            )


async def settle(table: Table, bot: BotProcess) -> bool:
    """Wait until the recovered bot delivered everything owed (False: it died meanwhile)."""
    store = table.store
    loop = asyncio.get_running_loop()
    deadline = loop.time() + SETTLE_S
    while loop.time() < deadline:
        if bot.dead:
            return False
        info = await store.get_match(table.match_id)
        row = await store.get_announcement(table.match_id)
        waiting = await store.ai_waiting_matches()
        if (
            info.status != "lobby"
            and row is not None
            and row.version_done >= info.version
            and table.match_id not in waiting
        ):
            return True
        await asyncio.sleep(0.1)
    raise AssertionError(f"{table.game}: the bot never delivered what was owed")


async def check(table: Table) -> None:
    """The invariants, on a recovered, idle bot."""
    fake, store, service, m = table.fake, table.store, table.service, table.match_id
    info = await service.get_match(m)
    moves = await store.get_moves(m)
    assert [mv.version for mv in moves] == list(range(1, info.version + 1))
    assert await service.rebuild(m), f"{table.game}: the log does not replay to the snapshot"
    human_moves = [mv for mv in moves if mv.actor == str(table.human.id)]
    assert table.acked <= len(human_moves) <= table.acked + table.unknown, (
        table.acked,
        len(human_moves),
        table.unknown,
    )
    row = await store.get_announcement(m)
    assert row.version_done == info.version and not row.owed
    assert info.thread_id is not None, "a started match always gets its thread"
    posts = [
        msg
        for msg in fake.channel_messages(info.thread_id)
        if msg.interaction_token is None and not msg.ephemeral
    ]
    posted = [
        (msg, int(NONCE.match(msg.data["nonce"]).group(2)))
        for msg in posts
        if NONCE.match(msg.data.get("nonce") or "")
    ]
    versions = [version for _, version in posted]
    assert len(versions) == len(set(versions)), f"a version was posted twice: {versions}"
    assert versions == sorted(versions)
    live = [msg for msg in posts if msg.all_components()]
    COUNTS.moves_checked += len(moves)
    COUNTS.checks += 1
    if info.status != "active":
        assert posts[-1].id == row.message_id and "Game over" in posts[-1].content
        return
    assert [msg.id for msg in live] == [row.message_id], "one live turn message"
    turn = await service.snapshot(m)
    ids = " ".join(c.get("custom_id") or "" for c in live[0].all_components())
    for pending in turn.pending:
        if pending.is_ai:
            continue
        if pending.secret:
            assert f"scarab:private:{m}:" in ids, ids
            dms = [
                msg
                for msg in fake.dm_messages(table.human)
                if re.search(
                    rf"scarab:(pick:)?{m}:{pending.seq}(:|$)",
                    " ".join(c.get("custom_id") or "" for c in msg.all_components()),
                )
            ]
            assert len(dms) == 1, f"sealed decision {pending.seq}: {len(dms)} DMs"
        else:
            assert f"{m}:{pending.seq}" in ids, (pending.seq, ids)
        assert table.human.mention in live[0].content, live[0].content
        # Pinged by one post this turn: the live one (earlier turns' posts are summaries).
        pings = [
            msg
            for msg, version in posted
            if version >= row.turn_version
            and table.human.mention in msg.content
            and not msg.content.startswith("▸")
        ]
        assert [msg.id for msg in pings] == [row.message_id], [msg.content for msg in pings]
        unsummarised = [
            msg
            for msg in posts[:-1]
            if not msg.content.startswith("▸")
            and msg.embeds
            and "game over" not in msg.content.lower()
        ]
        assert not unsummarised, "an older turn post was left as it was"


KILL_KINDS = ("commit", "commit", "commit", "before_post", "after_post", "after_dm")
OUTAGES = (
    ("POST", r"/channels/\d+/messages", 503),
    ("PATCH", r"/channels/\d+/messages/\d+", 500),
    ("POST", r"/users/@me/channels", 503),
    ("POST", r"/channels/\d+/messages", 429),
)


@pytest.mark.parametrize("game", sorted(rules.ENGINES))
async def test_kills_and_outages_lose_and_repeat_nothing(game, tmp_path) -> None:
    engine = rules.ENGINES[game]
    seats = max(2, engine.min_players)
    rng = random.Random(f"faults:{game}")
    db = str(tmp_path / "scarab.sqlite3")
    async with FakeDiscord(ack_timeout=3.0) as fake:
        human = fake.add_user("alice")
        store = await open_storage(db)
        bot = BotProcess(fake, db, tmp_path)
        try:
            table = Table(game, fake, store, MatchService(store), human)
            kills = 0
            first = True
            while kills < KILLS_PER_GAME:
                kind = KILL_KINDS[kills % len(KILL_KINDS)]
                nth = rng.randint(1, 3)
                await bot.start(
                    kill_after_commits=nth if kind == "commit" else 0,
                    armed=None if kind == "commit" else (kind, nth),
                )
                if first:
                    await open_table(table, bot, seats)
                    first = False
                else:
                    info = await store.get_match(table.match_id)
                    row = await store.get_announcement(table.match_id)
                    owed = info.version - (row.version_done if row else -1)
                    if not await settle(table, bot):
                        COUNTS.kills[f"{kind} (recovering)"] += 1
                        kills += 1
                        continue
                    COUNTS.owed += max(owed, 0)
                    COUNTS.delivered += max(owed, 0)
                    await check(table)
                if kills % 4 == 3 and not bot.dead:  # Discord misbehaves for a while
                    method, path, status = OUTAGES[
                        (kills // 4 + sorted(rules.ENGINES).index(game)) % len(OUTAGES)
                    ]
                    fake.outage(method, path, status=status, seconds=1.0)
                    COUNTS.outages[f"{status} {method} {path}"] += 1
                await drive(table, bot, ANSWERS_PER_RUN)
                if (await store.get_match(table.match_id)).status != "active":
                    break  # the game ended: the last recovery below checks the result post
                if not await bot.wait_dead(0.5):
                    await bot.kill()  # not reached: a kill at an arbitrary idle point
                    kind = "idle"
                elif kind == "commit":  # where it landed: before an AI's move, or a post
                    last = (await store.recent_moves(table.match_id, 1) or [None])[-1]
                    waiting = table.match_id in await store.ai_waiting_matches()
                    kind = (
                        "commit: human's, before the AI's"
                        if waiting and last is not None and last.actor == str(human.id)
                        else "commit: AI's, before the next AI's"
                        if waiting
                        else "commit: before its announcement"
                    )
                fake.end_outages()
                COUNTS.kills[kind] += 1
                kills += 1
            await bot.kill()
            fake.end_outages()
            await bot.start()
            assert await settle(table, bot)
            await check(table)
            assert not fake.errors, fake.errors
        finally:
            await bot.kill()
            await store.close()
    print(f"\n{game}: {COUNTS.line()}")
