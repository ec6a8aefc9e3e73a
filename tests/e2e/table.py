"""The one end-to-end driver: a table of fake users playing a real game through the real bot.

A ``Table`` seats users at a game, opens a lobby, starts the match and reads its turn post;
it answers a pending decision by pressing the button or menu entry that carries the chosen
option (in the thread, in a DM, or behind "Choose privately" for a user whose DMs are closed),
or by typing it with ``/play``; and it plays on to the end with a chooser (by default the
engine's baseline AI on the stored state). Every e2e test drives its game through this class,
so no game's test depends on another's.
"""

from __future__ import annotations

from collections.abc import Awaitable, Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import rules
from bot.service import MatchService
from bot.storage import Storage
from bot.stores import open_storage
from cogs.client import ScarabBot
from cogs.picker import BRANCH, path_of, path_text
from rules.core import canonical_json
from tests.e2e.fakediscord import FakeDiscord, FakeMessage, FakeUser

SEED = 20251126
# A whole match's safety net against a hang (every single wait has its own timeout too). Generous:
# on a busy machine a match may get a third of a core, and a slow pass is not a failure.
MATCH_TIMEOUT = 600

# (kind, message, custom id): the control that carries an option, kind "button" or "select"
Control = tuple[str, FakeMessage, str]


def make_bot(store: Storage, fake: FakeDiscord, seed: int = SEED) -> ScarabBot:
    """A bot on ``store`` whose matches are dealt from ``seed``."""
    service = MatchService(store, seed_source=lambda: seed)
    return ScarabBot(store, dev_guild_id=fake.guild_id, service=service)


@dataclass
class Table:
    fake: FakeDiscord
    game: str
    players: list[FakeUser]
    db_path: str
    closed_dm: FakeUser | None = None  # answers sealed decisions through "Choose privately"
    seed: int = SEED
    bot: ScarabBot = field(init=False)
    store: Storage = field(init=False)
    match_id: int = 0
    thread_id: int = 0
    actions: int = 0  # answers given and checked
    via: dict[str, int] = field(default_factory=dict)  # answers (and refusals) by way
    used_messages: list[int] = field(default_factory=list)  # messages answered on

    @classmethod
    async def open(
        cls,
        fake: FakeDiscord,
        game: str,
        players: list[FakeUser],
        tmp_path: Path,
        *,
        closed_dm: FakeUser | None = None,
        seed: int = SEED,
    ) -> Table:
        """A table with its store and bot open (run the bot with ``fake.run_bot(table.bot)``)."""
        table = cls(fake, game, players, str(tmp_path / "scarab.sqlite3"), closed_dm, seed)
        await table.reopen()
        return table

    async def reopen(self) -> None:
        """A new Storage on the same database file and a new bot: a restart."""
        self.store = await open_storage(self.db_path)
        self.bot = make_bot(self.store, self.fake, self.seed)
        self.used_messages.clear()

    def count(self, way: str) -> None:
        self.via[way] = self.via.get(way, 0) + 1

    # --------------------------------------------------------------- reading the match
    @property
    def engine(self) -> Any:
        return rules.get(self.game)

    async def position(self) -> tuple[Any, Any]:
        """(Turn from the service, engine state from the stored snapshot)."""
        turn = await self.bot.service.snapshot(self.match_id)
        snap = await self.store.get_snapshot(self.match_id)
        assert snap is not None
        return turn, self.engine.load(snap.state)

    async def version(self) -> int:
        return (await self.bot.service.get_match(self.match_id)).version

    async def stored(self) -> tuple[int, bytes]:
        """The match version and the stored snapshot, to show that nothing changed."""
        snap = await self.store.get_snapshot(self.match_id)
        assert snap is not None
        return await self.version(), canonical_json(snap.state)

    def user(self, user_id: int | None) -> FakeUser:
        return next(u for u in self.players if u.id == user_id)

    def thread_messages(self) -> list[FakeMessage]:
        return self.fake.channel_messages(self.thread_id)

    # --------------------------------------------------------------- lobby and start
    async def open_lobby(self, host: FakeUser, seats: int, options: str) -> FakeMessage:
        """``/game new`` by ``host``; the lobby message (its match id is remembered)."""
        r = await self.fake.slash(
            host, "game", {"game": self.game, "seats": seats, "options": options}, subcommand="new"
        )
        assert r.ephemeral and "Lobby #" in r.text, r.text
        lobby = self.fake.latest_message(with_components=True)
        assert lobby is not None and lobby.find_button("Join")
        self.read_lobby(lobby)
        return lobby

    def read_lobby(self, lobby: FakeMessage) -> None:
        self.match_id = int(lobby.embeds[0]["footer"]["text"].split()[1])

    async def started(self) -> None:
        """The match has started: follow its thread, which holds the first turn post."""
        self.thread_id = self.fake.threads()[-1].id
        assert self.thread_messages(), "no turn message in the match thread"

    async def finished(self) -> FakeMessage:
        """The match is over: the thread's last message, which announces it."""
        info = await self.bot.service.get_match(self.match_id)
        assert info.status == "finished" and info.result is not None
        final = self.thread_messages()[-1]
        assert "Game over" in final.content, final.content
        return final

    # --------------------------------------------------------------- finding controls
    def control_in(
        self, messages: list[FakeMessage], seq: int, option: str, seat: int | None = None
    ) -> Control | None:
        """The newest control in ``messages`` answering decision ``seq`` with ``option``:
        ``seat``'s own menu (several seats asked at once), a button, or the decision's menu."""
        m = self.match_id
        ids = [f"scarab:{m}:{seq}:{option}", f"scarab:pick:{m}:{seq}"]
        if seat is not None:
            ids.insert(0, f"scarab:seat:{m}:{seat}:{seq}")
        for msg in reversed(messages):
            for cid in ids:
                comp = msg.component(cid)
                if comp is None:
                    continue
                if comp["type"] == 2:
                    return "button", msg, cid
                if option in {o["value"] for o in comp.get("options", ())}:
                    return "select", msg, cid
        return None

    def control_with(
        self, custom_id: str, messages: list[FakeMessage] | None = None
    ) -> FakeMessage | None:
        """The newest message carrying ``custom_id`` (in the thread unless ``messages``)."""
        for msg in reversed(self.thread_messages() if messages is None else messages):
            if msg.component(custom_id) is not None:
                return msg
        return None

    # --------------------------------------------------------------- answering
    async def press(
        self, user: FakeUser, kind: str, msg: FakeMessage, cid: str, option: str
    ) -> Any:
        self.used_messages.append(msg.id)
        self.count(kind)
        if kind == "button":
            return await self.fake.click(user, msg, cid)
        return await self.fake.select(user, msg, cid, [option])

    async def play(self, user: FakeUser, option: str, *, offered: bool = True) -> Any:
        """``/play option`` in the thread; ``offered``: its autocomplete suggests ``option``."""
        if offered:
            choices = await self.fake.autocomplete(
                user, "play", {"choice": option}, focused="choice", channel=self.thread_id
            )
            assert option in [c["value"] for c in choices], (option, choices)
            self.count("/play")
        return await self.fake.slash(user, "play", {"choice": option}, channel=self.thread_id)

    async def private_menu(self, user: FakeUser, seq: int) -> FakeMessage:
        """Press "Choose privately" for decision ``seq``: the ephemeral menu it answers with."""
        cid = f"scarab:private:{self.match_id}:{seq}"
        status = self.control_with(cid)
        assert status is not None, "no 'Choose privately' button for the sealed decision"
        self.used_messages.append(status.id)
        r = await self.fake.click(user, status, cid)
        assert r.message is not None and r.message.ephemeral, r
        self.count("private")
        return r.message

    async def send(self, pending: Any, option: str, *, use_play: bool = False) -> Any:
        """Answer ``pending`` with ``option`` the way its player would; the response."""
        user = self.user(pending.user_id)
        seq = pending.seq
        if use_play:
            return await self.play(user, option)
        if pending.decision.secret:
            if user is self.closed_dm:
                menu: FakeMessage | None = await self.private_menu(user, seq)
                found = self.control_in([menu], seq, option)
            else:
                dms = self.fake.dm_messages(user)
                found = self.control_in(dms, seq, option)
                menu = self.control_with(f"scarab:pick:{self.match_id}:{seq}", dms)
                self.count("dm")
            if found is None and menu is not None:  # a long menu: open its groups or pages
                found = await self.step_to(user, menu, pending, option)
            assert found is not None, f"no sealed control for {option} (seq {seq})"
        else:
            found = self.control_in(self.thread_messages(), seq, option, pending.seat)
            if found is None:  # beyond the menu's first 24 entries: type it
                assert len(pending.decision.options) > 24, (option, pending.decision.options)
                return await self.play(user, option)
        return await self.press(user, *found, option)

    async def step_to(
        self, user: FakeUser, menu: FakeMessage, pending: Any, option: str
    ) -> Control:
        """Open the groups / pages of a long private menu (edited in place) down to the level
        listing ``option``."""
        path = path_of(pending.decision.options, option)
        assert path, (option, path)
        cid = f"scarab:pick:{self.match_id}:{pending.seq}"
        for depth in range(1, len(path) + 1):
            await self.fake.select(user, menu, cid, [BRANCH + path_text(path[:depth])])
            menu = self.fake.message(menu.id)
            (cid,) = [c["custom_id"] for c in menu.selects()]
            assert cid.startswith("scarab:step:"), cid
        self.count("step")
        return "select", menu, cid

    async def answer(self, pending: Any, option: str, *, use_play: bool = False) -> Any:
        """Answer ``pending`` with ``option``; check that exactly one move was applied."""
        before = await self.version()
        r = await self.send(pending, option, use_play=use_play)
        after = await self.version()
        assert after == before + 1, f"{option!r} was not applied: {getattr(r, 'text', r)}"
        self.actions += 1
        return r

    async def step(self, *, use_play: bool = False) -> Any:
        """Answer the first open decision with the baseline AI's choice."""
        turn, state = await self.position()
        pending = turn.pending[0]
        return await self.answer(
            pending, self.engine.ai_choice(state, pending.seat), use_play=use_play
        )

    async def refused(self, user: FakeUser, option: str, reason: str) -> str:
        """``/play option`` is refused, ephemerally, with ``reason``; nothing changes."""
        before = await self.stored()
        r = await self.play(user, option, offered=False)
        assert r.ephemeral and reason in r.text, (option, reason, r.text)
        assert await self.stored() == before, f"{option!r} changed the match"
        self.count("refused")
        return r.text

    async def play_on(
        self,
        *,
        until: Callable[[Any, Any], bool] | None = None,
        on_step: Callable[[Any, Any, Any], Awaitable[bool]] | None = None,
        typed_every: tuple[int, int] = (13, 7),
    ) -> None:
        """The baseline AI's choices until ``until(turn, state)`` or the end of the game.
        ``on_step(turn, state, pending)`` runs first at each step; True means it acted
        itself. With ``typed_every=(n, k)`` every answer numbered k modulo n is typed with
        ``/play`` (sealed ones excepted)."""
        every, at = typed_every
        while True:
            turn, state = await self.position()
            if turn.result is not None or (until is not None and until(turn, state)):
                return
            pending = turn.pending[0]
            if on_step is not None and await on_step(turn, state, pending):
                continue
            option = self.engine.ai_choice(state, pending.seat)
            typed = self.actions % every == at and not pending.decision.secret
            await self.answer(pending, option, use_play=typed)


async def open_and_start(fake: FakeDiscord, game: str, host: FakeUser, *others: FakeUser) -> Any:
    """A lobby for ``game`` that ``others`` join and ``host`` starts; the match thread, once
    its turn post has components."""
    lobby = await open_lobby_of(fake, game, host, *others)
    return await start_lobby(fake, host, lobby)


async def open_lobby_of(
    fake: FakeDiscord, game: str, host: FakeUser, *others: FakeUser, ais: int = 0
) -> FakeMessage:
    """A lobby for ``game`` with one seat per user and AI; ``others`` have joined, the AIs are
    added; not started."""
    seats = 1 + len(others) + ais
    await fake.slash(host, "game", {"game": game, "seats": seats}, subcommand="new")
    lobby = fake.latest_message(with_components=True)
    assert lobby is not None
    for user in others:
        await fake.click(user, fake.message(lobby.id), label="Join")
    for _ in range(ais):
        await fake.click(host, fake.message(lobby.id), label="Add AI")
    return lobby


async def start_lobby(fake: FakeDiscord, host: FakeUser, lobby: FakeMessage) -> Any:
    """``host`` presses Start; the match thread, once its turn post has components."""
    await fake.click(host, fake.message(lobby.id), label="Start")
    thread = fake.threads()[-1]
    await fake.wait_for(lambda: fake.latest_message(thread, with_components=True))
    return thread


async def delivered(table: Table) -> tuple[Any, FakeMessage]:
    """Once the thread shows the match's current version: (its MatchInfo, live message)."""
    service, store = table.bot.service, table.store

    async def done() -> Any:
        info = await service.get_match(table.match_id)
        row = await store.get_announcement(table.match_id)
        if row is None or row.version_done < info.version or row.message_id is None:
            return None
        return info, table.fake.message(row.message_id)

    return await table.fake.wait_for(done, timeout=20, message="the thread was not updated")
