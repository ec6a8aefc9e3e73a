"""An in-process fake Discord (REST + gateway) for end-to-end tests of a real discord.py bot.

The fake is an aiohttp server on 127.0.0.1 (random free port) speaking enough of Discord's API v10
REST routes and gateway websocket for an unmodified discord.py 2.7 ``Client``/``commands.Bot``:
login, application-command sync, messages (JSON or multipart with files), threads, DMs (with
closed-DM users), interaction callbacks and followups. It models one guild with one text channel
and keeps all state (messages, threads, DMs, commands) across bot instances, so a test can stop a
bot and start a new one on the same fake (a "restart"). It knows nothing about any particular bot.

Facts it relies on: docs/architecture.md, "The fake Discord" (Route.BASE / DEFAULT_GATEWAY patching,
JSON content type, READY needs ``s``, ``?with_response=1`` callback bodies, ...).

Driver API (everything is async where it talks to the bot; every wait has a timeout and raises
``AssertionError`` instead of hanging)::

    async with FakeDiscord() as fake:                  # or the ``fake`` fixture in conftest.py
        alice = fake.add_user("alice")                 # guild member; add before starting the bot
        bob = fake.add_user("bob", dms_open=False)     # DMs to bob fail with 403 / code 50007
        async with fake.run_bot(bot, token="x"):       # patches discord.py, waits for on_ready
            r = await fake.slash(alice, "game", {"size": 3}, subcommand="new")
            #   subcommand="group sub" nests a group; channel=thread / channel id / "dm";
            #   option types come from the synced definition (user/channel options resolved)
            r.content, r.embeds, r.components, r.ephemeral, r.attachments, r.file_bytes()
            r.callback_type     # 4 message, 5 deferred (thinking), 6 deferred update, 7 update,
                                # 8 autocomplete, 9 modal
            r.message           # the original response (FakeMessage), r.followups, r.messages
            r.created           # every message the bot created while handling it (any channel)
            r.updated           # the component message after a type 7 / @original edit
            r.modal, r.choices  # modal payload (type 9), autocomplete choices (type 8)
            r.text              # content + embed texts of all its messages, for loose asserts
            choices = await fake.autocomplete(alice, "play", {"choice": "a"}, focused="choice")
            msg = fake.latest_message(with_components=True)  # in fake.channel by default
            r = await fake.click(alice, msg, "custom-id")    # or label="Join"
            r = await fake.select(alice, msg, "select-id", ["v1"])
            r = await fake.submit_modal(alice, r, {"text-input-id": "value"})
            fake.channel_messages(channel), fake.dm_messages(user), fake.threads(), fake.thread(n)
            msg.find_button("Join"), msg.buttons(), msg.selects(), msg.file_bytes("board.png")
            await fake.wait_for(lambda: fake.dm_messages(alice), timeout=5)
        # leaving run_bot closes the bot; a new bot may be started on the same fake
        # world building: fake.add_text_channel(name), fake.add_role(name, perms),
        # fake.add_user(...) while connected sends GUILD_MEMBER_ADD; await fake.dispatch(t, d)
        # sends any raw gateway event. Ids: fake.guild_id, fake.app_id, fake.bot_user,
        # fake.channel (the text channel); fake.guild_commands[gid] / fake.global_commands.
    fake.failed_dms       # (user id, message data) for DMs refused with 50007
    fake.identify_payloads  # one per bot connection (IDENTIFY data)
    # Shards: several bot connections (processes) may be connected at once, each IDENTIFYing
    # as [shard id, shard count]; the guild's events and interactions go to shard
    # (guild_id >> 22) % count, DMs to shard 0, as on Discord. FakeDiscord(guild_shard=(1, 2))
    # picks a guild id that shard 1 of 2 serves; fake.connected_shards(), fake.shard_of(gid).
    fake.requests         # every REST request: RecordedRequest(method, path, query, json, files,
                          # status); fake.requests_matching("POST", r"/channels/\\d+/messages")
    fake.errors           # exceptions inside the fake (the conftest fixture asserts none)
    fault = fake.outage("POST", r"/channels/\\d+/messages", status=503, times=3)  # or seconds=
    #   Discord answering 500/503/429 for a while (429s carry retry_after); fault.hits counts
    #   them; fake.end_outages() ends them all. fake.on_request(callback) runs callback(rec)
    #   before each REST request is handled (a fault-injection test may kill the bot there);
    #   a web.Response it returns is the answer instead.
    #   A message posted with an enforced nonce that was posted before returns that message,
    #   as Discord does, instead of a second one.
    fake.unknown_routes   # requests for routes the fake does not implement (answered 404)
    fake.cut_off          # requests whose client hung up before the fake had read them whole
                          # (a bot killed mid-upload): not acted on, not an error of the fake

``slash``/``click``/``select``/``submit_modal`` send an INTERACTION_CREATE and return once the bot
acknowledged it (callback received) and settled: discord.py's own handler tasks for that
interaction (CommandTree-invoker, discord-ui-*) have finished, no REST request is in flight and
the fake saw no request for a short quiet period. Work the bot schedules elsewhere may finish
later; use ``wait_for``. An interaction not acknowledged within ``ack_timeout`` (3 s, as on
Discord) is gone: a late callback gets 404 / 10062. A second callback gets 400 / 40060, a
followup before any callback 404 / 10015. Messages are validated against Discord's main limits
(empty message, 2000 characters, 10 embeds, 5 action rows of 5 buttons, custom_id length and
uniqueness, 25 select options) and refused with 400 / 50035 or 50006, as Discord would.
"""

from __future__ import annotations

import asyncio
import contextlib
import itertools
import json
import re
import secrets
import time
import traceback
from collections.abc import AsyncIterator, Callable, Iterable
from dataclasses import dataclass, field
from datetime import UTC, datetime
from typing import Any

import yarl
from aiohttp import WSMsgType, web

DISCORD_EPOCH_MS = 1420070400000
EPHEMERAL = 1 << 6
LOADING = 1 << 7
HAS_THREAD = 1 << 5
KEPT_FLAGS = EPHEMERAL | (1 << 2) | (1 << 12) | (1 << 15)  # ephemeral, suppress embeds/notif, v2

# channel types
GUILD_TEXT, DM, PUBLIC_THREAD, PRIVATE_THREAD = 0, 1, 11, 12
# interaction types
PING, APP_COMMAND, COMPONENT, AUTOCOMPLETE, MODAL_SUBMIT = 1, 2, 3, 4, 5

MEMBER_PERMISSIONS = (
    (1 << 6)
    | (1 << 10)
    | (1 << 11)
    | (1 << 14)
    | (1 << 15)
    | (1 << 16)
    | (1 << 31)
    | (1 << 35)
    | (1 << 38)
)  # add reactions, view, send, embed, attach, history, app commands, public threads, in threads
BOT_PERMISSIONS = MEMBER_PERMISSIONS | (1 << 13) | (1 << 34) | (1 << 36)  # + manage msgs/threads

HANDLER_TASK_PREFIXES = (
    "CommandTree-invoker",
    "discord-ui-",
    "discord.py: interaction",
    "discord.py: app_command_completion",
)

_ids = itertools.count(1)


def snowflake() -> int:
    """A fresh, increasing, time-based Discord snowflake."""
    return ((int(time.time() * 1000) - DISCORD_EPOCH_MS) << 22) + (next(_ids) % (1 << 22))


def now_iso() -> str:
    return datetime.now(UTC).isoformat()


def _json_response(data: Any, status: int = 200) -> web.Response:
    # discord.py only parses bodies whose Content-Type is exactly application/json
    return web.Response(
        body=json.dumps(data).encode(), status=status, content_type="application/json"
    )


def _error(status: int, code: int, message: str, errors: Any = None) -> web.Response:
    """An error body. ``errors``: "field: problem" strings, nested as Discord does."""
    body: dict[str, Any] = {"code": code, "message": message}
    if errors:
        nested: dict[str, Any] = {}
        for text in errors:
            key, _, problem = str(text).partition(": ")
            entry = nested.setdefault(key if problem else "_", {"_errors": []})
            entry["_errors"].append({"code": "INVALID", "message": problem or key})
        body["errors"] = nested
    return _json_response(body, status)


JSON_BODY = web.RequestKey("fakediscord_json", object)
FILES = web.RequestKey("fakediscord_files", list)


def _walk_components(components: Iterable[dict]) -> Iterable[dict]:
    for comp in components or ():
        yield comp
        yield from _walk_components(comp.get("components") or ())
        if isinstance(comp.get("accessory"), dict):
            yield from _walk_components([comp["accessory"]])
        if isinstance(comp.get("component"), dict):
            yield from _walk_components([comp["component"]])


def _id(obj: Any) -> int:
    return int(obj.id) if hasattr(obj, "id") else int(obj)


# --------------------------------------------------------------------------------------- model


@dataclass(eq=False)
class FakeUser:
    id: int
    name: str
    bot: bool = False
    dms_open: bool = True
    roles: list[int] = field(default_factory=list)
    flags: int = 0  # guild member flags
    permissions: int = MEMBER_PERMISSIONS
    joined_at: str = field(default_factory=now_iso)
    locale: str = "en-US"  # the language of this user's Discord client
    nick: str | None = None  # the server nickname (discord.py's display_name prefers it)

    @property
    def mention(self) -> str:
        return f"<@{self.id}>"

    def payload(self) -> dict:
        data = {
            "id": str(self.id),
            "username": self.name,
            "global_name": self.name,
            "discriminator": "0",
            "avatar": None,
            "public_flags": 0,
        }
        if self.bot:
            data["bot"] = True
        return data

    def member_payload(self, *, with_user: bool = True, permissions: bool = False) -> dict:
        data: dict[str, Any] = {
            "roles": [str(r) for r in self.roles],
            "joined_at": self.joined_at,
            "flags": self.flags,
            "deaf": False,
            "mute": False,
            "nick": self.nick,
            "pending": False,
        }
        if with_user:
            data["user"] = self.payload()
        if permissions:
            data["permissions"] = str(self.permissions)
        return data


@dataclass(eq=False)
class FakeChannel:
    id: int
    type: int
    name: str = ""
    guild_id: int | None = None
    parent_id: int | None = None
    owner_id: int | None = None
    recipient: FakeUser | None = None
    position: int = 0
    archived: bool = False
    locked: bool = False
    invitable: bool = True
    auto_archive_duration: int = 1440
    created: str = field(default_factory=now_iso)
    members: set[int] = field(default_factory=set)
    last_message_id: int | None = None
    message_count: int = 0

    @property
    def is_thread(self) -> bool:
        return self.type in (10, PUBLIC_THREAD, PRIVATE_THREAD)

    @property
    def is_dm(self) -> bool:
        return self.type == DM

    @property
    def mention(self) -> str:
        return f"<#{self.id}>"

    def payload(self) -> dict:
        last = str(self.last_message_id) if self.last_message_id else None
        if self.is_dm:
            assert self.recipient is not None
            return {
                "id": str(self.id),
                "type": DM,
                "last_message_id": last,
                "recipients": [self.recipient.payload()],
            }
        data: dict[str, Any] = {
            "id": str(self.id),
            "type": self.type,
            "name": self.name,
            "guild_id": str(self.guild_id),
            "position": self.position,
            "parent_id": str(self.parent_id) if self.parent_id else None,
            "last_message_id": last,
            "rate_limit_per_user": 0,
            "flags": 0,
        }
        if self.is_thread:
            data.update(
                owner_id=str(self.owner_id),
                message_count=self.message_count,
                total_message_sent=self.message_count,
                member_count=len(self.members),
                thread_metadata={
                    "archived": self.archived,
                    "auto_archive_duration": self.auto_archive_duration,
                    "archive_timestamp": self.created,
                    "locked": self.locked,
                    "invitable": self.invitable,
                    "create_timestamp": self.created,
                },
            )
        else:
            data.update(permission_overwrites=[], nsfw=False, topic=None)
        return data


@dataclass(eq=False)
class FakeMessage:
    """A message as stored by the fake. ``data`` holds the Discord fields (content, embeds, ...)."""

    id: int
    channel_id: int
    author: dict
    data: dict
    files: dict[str, tuple[str, bytes]] = field(default_factory=dict)  # attachment id -> file
    guild_id: int | None = None
    deleted: bool = False
    interaction_token: str | None = None
    timestamp: str = field(default_factory=now_iso)
    edited_timestamp: str | None = None
    edits: int = 0

    @property
    def content(self) -> str:
        return self.data.get("content") or ""

    @property
    def embeds(self) -> list[dict]:
        return self.data.get("embeds") or []

    @property
    def components(self) -> list[dict]:
        return self.data.get("components") or []

    @property
    def flags(self) -> int:
        return int(self.data.get("flags") or 0)

    @property
    def ephemeral(self) -> bool:
        return bool(self.flags & EPHEMERAL)

    @property
    def loading(self) -> bool:
        return bool(self.flags & LOADING)

    @property
    def attachments(self) -> list[dict]:
        return self.data.get("attachments") or []

    @property
    def author_id(self) -> int:
        return int(self.author["id"])

    def all_components(self) -> list[dict]:
        """Every component, flattened out of action rows / containers / sections."""
        return list(_walk_components(self.components))

    def buttons(self) -> list[dict]:
        return [c for c in self.all_components() if c.get("type") == 2]

    def selects(self) -> list[dict]:
        return [c for c in self.all_components() if c.get("type") in (3, 5, 6, 7, 8)]

    def component(self, custom_id: str) -> dict | None:
        return next((c for c in self.all_components() if c.get("custom_id") == custom_id), None)

    def find_button(self, label: str) -> dict | None:
        """The first button whose label equals ``label`` (or contains it, as a fallback)."""
        buttons = self.buttons()
        exact = [b for b in buttons if b.get("label") == label]
        loose = [b for b in buttons if label in (b.get("label") or "")]
        return next(iter(exact + loose), None)

    def file_bytes(self, filename: str | None = None) -> bytes:
        """Bytes of the named attachment, or of the first attachment."""
        for att in self.attachments:
            if filename is None or att["filename"] == filename:
                return self.files[str(att["id"])][1]
        raise KeyError(f"message {self.id} has no attachment {filename!r}: {self.attachments}")

    def payload(self) -> dict:
        data = {
            "id": str(self.id),
            "channel_id": str(self.channel_id),
            "type": self.data.get("type", 0),
            "author": self.author,
            "content": self.content,
            "embeds": self.embeds,
            "components": self.components,
            "attachments": self.attachments,
            "flags": self.flags,
            "timestamp": self.timestamp,
            "edited_timestamp": self.edited_timestamp,
            "tts": bool(self.data.get("tts")),
            "mention_everyone": False,
            "mentions": [],
            "mention_roles": [],
            "pinned": False,
        }
        if self.guild_id is not None:
            data["guild_id"] = str(self.guild_id)
        for key in (
            "webhook_id",
            "application_id",
            "interaction_metadata",
            "thread",
            "message_reference",
            "poll",
        ):
            if key in self.data:
                data[key] = self.data[key]
        return data

    def __repr__(self) -> str:
        return (
            f"<FakeMessage id={self.id} channel={self.channel_id} content={self.content!r} "
            f"embeds={len(self.embeds)} components={len(self.all_components())} "
            f"ephemeral={self.ephemeral}>"
        )


@dataclass
class RecordedRequest:
    method: str
    path: str  # without the /api/v10 prefix
    query: dict
    json: Any
    files: list[str]
    status: int | None = None


@dataclass(eq=False)
class Outage:
    """Requests matching ``method`` and ``path`` (a regex on the path without the API prefix)
    are answered with ``status`` ``times`` times, or until ``until`` (monotonic time)."""

    method: str
    path: str
    status: int
    times: int | None = None
    until: float | None = None
    retry_after: float = 0.2
    hits: int = 0

    def active(self) -> bool:
        if self.times is not None and self.hits >= self.times:
            return False
        return self.until is None or time.monotonic() < self.until

    def matches(self, method: str, path: str) -> bool:
        return (
            self.method in ("*", method)
            and re.fullmatch(self.path, path) is not None
            and self.active()
        )


@dataclass(eq=False)
class _Interaction:
    id: int
    token: str
    type: int
    payload: dict
    channel_id: int
    user: FakeUser
    message: FakeMessage | None  # the component's message
    created: float = field(default_factory=time.monotonic)
    callback_type: int | None = None
    callback_data: dict | None = None
    original: FakeMessage | None = None
    followups: list[FakeMessage] = field(default_factory=list)
    created_messages: list[FakeMessage] = field(default_factory=list)
    answered: asyncio.Event = field(default_factory=asyncio.Event)


class Response:
    """What the bot answered to one interaction (a live view: later followups show up too)."""

    def __init__(self, inter: _Interaction) -> None:
        self._inter = inter

    @property
    def interaction_id(self) -> int:
        return self._inter.id

    @property
    def callback_type(self) -> int | None:
        return self._inter.callback_type

    @property
    def callback(self) -> dict | None:
        """The raw callback body data (``data`` of ``{"type", "data"}``)."""
        return self._inter.callback_data

    @property
    def deferred(self) -> bool:
        return self.callback_type in (5, 6)

    @property
    def message(self) -> FakeMessage | None:
        """The original response message (type 4, or type 5 once the followup replaced it)."""
        return self._inter.original

    @property
    def followups(self) -> list[FakeMessage]:
        return list(self._inter.followups)

    @property
    def messages(self) -> list[FakeMessage]:
        msgs = [self._inter.original] if self._inter.original else []
        return [m for m in msgs + self._inter.followups if not m.deleted]

    @property
    def created(self) -> list[FakeMessage]:
        """Every message the bot created (any channel, any route) while handling this."""
        return list(self._inter.created_messages)

    @property
    def updated(self) -> FakeMessage | None:
        """The component's message, after a type 7 update or an @original edit."""
        return self._inter.message if self.callback_type in (6, 7) else None

    @property
    def choices(self) -> list[dict]:
        return (self.callback or {}).get("choices", []) if self.callback_type == 8 else []

    @property
    def modal(self) -> dict | None:
        return self.callback if self.callback_type == 9 else None

    def _main(self) -> FakeMessage | None:
        if self.callback_type in (6, 7) and not self.messages:
            return self._inter.message
        msgs = self.messages
        return msgs[0] if msgs else None

    @property
    def content(self) -> str:
        m = self._main()
        return m.content if m else ""

    @property
    def text(self) -> str:
        """Content plus every embed's title/description/fields/footer of all messages."""
        parts: list[str] = []
        main = self._main()
        msgs = self.messages or ([main] if main else [])
        for m in msgs:
            parts.append(m.content)
            for e in m.embeds:
                parts += [e.get("title") or "", e.get("description") or ""]
                for f in e.get("fields") or ():
                    parts += [f.get("name") or "", f.get("value") or ""]
                parts.append((e.get("footer") or {}).get("text") or "")
            for c in m.all_components():
                parts.append(c.get("content") or "")
        return "\n".join(p for p in parts if p)

    @property
    def embeds(self) -> list[dict]:
        m = self._main()
        return m.embeds if m else []

    @property
    def components(self) -> list[dict]:
        m = self._main()
        return m.components if m else []

    @property
    def ephemeral(self) -> bool:
        m = self._main()
        return bool(m and m.ephemeral)

    @property
    def attachments(self) -> list[dict]:
        m = self._main()
        return m.attachments if m else []

    def file_bytes(self, filename: str | None = None) -> bytes:
        m = self._main()
        if m is None:
            raise KeyError("no message in this response")
        return m.file_bytes(filename)

    def find_button(self, label: str) -> dict | None:
        m = self._main()
        return m.find_button(label) if m else None

    def __repr__(self) -> str:
        return (
            f"<Response callback_type={self.callback_type} content={self.content!r} "
            f"ephemeral={self.ephemeral} messages={self.messages}>"
        )


class _Gateway:
    def __init__(self, ws: web.WebSocketResponse) -> None:
        self.ws = ws
        self.seq = 0
        self.session_id = secrets.token_hex(16)
        self.lock = asyncio.Lock()
        self.identified = False
        self.shard = (0, 1)  # [shard id, shard count] from IDENTIFY

    async def send(self, payload: dict) -> None:
        async with self.lock:
            await self.ws.send_str(json.dumps(payload))

    async def dispatch(self, event: str, data: dict) -> None:
        async with self.lock:
            self.seq += 1
            await self.ws.send_str(json.dumps({"op": 0, "t": event, "s": self.seq, "d": data}))


# ---------------------------------------------------------------------------------------- fake


class FakeDiscord:
    API_PREFIX = "/api/v10"

    def __init__(
        self,
        *,
        guild_name: str = "Fake Guild",
        channel_name: str = "general",
        bot_name: str = "FakeBot",
        ack_timeout: float | None = 3.0,
        settle_quiet: float = 0.05,
        max_file_size: int = 25 * 1024 * 1024,
        guild_shard: tuple[int, int] | None = None,
    ) -> None:
        self.ack_timeout = ack_timeout
        self.settle_quiet = settle_quiet
        self.max_file_size = max_file_size
        self.app_id = snowflake()
        self.bot_user = FakeUser(snowflake(), bot_name, bot=True, permissions=BOT_PERMISSIONS)
        self.guild_id = snowflake()
        while guild_shard and (self.guild_id >> 22) % guild_shard[1] != guild_shard[0]:
            self.guild_id = snowflake()  # a guild that this shard of that many serves
        self.guild_name = guild_name
        self.owner_id = snowflake()  # a guild owner who is not a member the tests drive
        self.bot_role_id = snowflake()
        self.bot_user.roles.append(self.bot_role_id)
        self.roles: dict[int, dict] = {}
        self.users: dict[int, FakeUser] = {}
        self.channels: dict[int, FakeChannel] = {}
        self.messages: dict[int, FakeMessage] = {}
        self.dm_channel_ids: dict[int, int] = {}
        self.global_commands: dict[str, dict] = {}
        self.guild_commands: dict[int, dict[str, dict]] = {}
        self.requests: list[RecordedRequest] = []
        self.errors: list[str] = []
        self.unknown_routes: list[RecordedRequest] = []
        self.cut_off: list[RecordedRequest] = []  # requests whose client hung up mid-body
        self.failed_dms: list[tuple[int, dict]] = []  # (user id, message data) refused by 50007
        self.identify_payloads: list[dict] = []
        self.outages: list[Outage] = []
        self._request_hooks: list[Callable[[RecordedRequest], Any]] = []
        self._nonces: dict[tuple[int, str], int] = {}  # (channel, nonce) -> message id
        self._interactions: dict[str, _Interaction] = {}
        self._gateways: list[_Gateway] = []
        self._active: _Gateway | None = None  # the last connection identified
        self._shards: dict[int, _Gateway] = {}  # shard id -> its connection
        self.shard_count = 1
        self._inflight = 0
        self._last_activity = time.monotonic()
        self._created_listeners: list[list[FakeMessage]] = []
        self._runner: web.AppRunner | None = None
        self.port: int | None = None
        self._add_role(self.guild_id, "@everyone", MEMBER_PERMISSIONS)
        self._add_role(self.bot_role_id, bot_name, BOT_PERMISSIONS, managed=True)
        self.channel = self.add_text_channel(channel_name)
        self.users[self.bot_user.id] = self.bot_user

    # ------------------------------------------------------------------ faults

    def outage(
        self,
        method: str,
        path: str,
        *,
        status: int = 503,
        times: int | None = None,
        seconds: float | None = None,
        retry_after: float = 0.2,
    ) -> Outage:
        """Answer matching REST requests with ``status`` (500, 503, 429...) for ``times``
        requests or ``seconds`` (neither: until ``end_outages``)."""
        until = time.monotonic() + seconds if seconds is not None else None
        fault = Outage(method, path, status, times, until, retry_after)
        self.outages.append(fault)
        return fault

    def end_outages(self) -> None:
        self.outages.clear()

    def on_request(self, callback: Callable[[RecordedRequest], Any]) -> None:
        """Call ``callback(request)`` before each REST request is handled."""
        self._request_hooks.append(callback)

    def _outage_response(self, method: str, path: str) -> web.Response | None:
        for fault in self.outages:
            if fault.matches(method, path):
                fault.hits += 1
                if fault.status == 429:
                    body = {
                        "message": "You are being rate limited.",
                        "retry_after": fault.retry_after,
                        "global": False,
                    }
                    return web.Response(
                        body=json.dumps(body).encode(),
                        status=429,
                        content_type="application/json",
                        headers={"Via": "1.1 google"},
                    )
                return _error(fault.status, 0, f"{fault.status}: fake outage")
        return None

    # ------------------------------------------------------------------ lifecycle

    async def start(self) -> FakeDiscord:
        app = web.Application(middlewares=[self._middleware], client_max_size=64 * 1024 * 1024)
        self._add_routes(app)
        self._runner = web.AppRunner(app, handle_signals=False)
        await self._runner.setup()
        site = web.TCPSite(self._runner, "127.0.0.1", 0)
        await site.start()
        server = site._server
        assert isinstance(server, asyncio.Server) and server.sockets
        self.port = server.sockets[0].getsockname()[1]
        return self

    async def stop(self) -> None:
        for gw in list(self._gateways):
            with contextlib.suppress(Exception):
                await gw.ws.close()
        if self._runner is not None:
            await self._runner.cleanup()
            self._runner = None

    async def __aenter__(self) -> FakeDiscord:
        return await self.start()

    async def __aexit__(self, *exc: object) -> None:
        await self.stop()

    @property
    def http_base(self) -> str:
        return f"http://127.0.0.1:{self.port}"

    @property
    def api_base(self) -> str:
        return self.http_base + self.API_PREFIX

    @property
    def gateway_url(self) -> str:
        return f"ws://127.0.0.1:{self.port}/gateway"

    @property
    def connected(self) -> bool:
        return bool(self.connected_shards())

    def shard_of(self, guild_id: int | None) -> int:
        """Discord's routing: a guild's events go to shard ``(guild_id >> 22) % count``,
        DMs (no guild) to shard 0."""
        return 0 if guild_id is None else (int(guild_id) >> 22) % self.shard_count

    def connected_shards(self) -> set[int]:
        return {sid for sid, gw in self._shards.items() if not gw.ws.closed}

    def _gateway_for(self, guild_id: Any) -> _Gateway | None:
        """The connection serving ``guild_id``'s shard (None: DMs, shard 0)."""
        gw = self._shards.get(self.shard_of(int(guild_id) if guild_id else None))
        return gw if gw is not None and not gw.ws.closed else None

    @contextlib.asynccontextmanager
    async def run_bot(
        self,
        bot: Any,
        token: str = "fake-token",
        *,
        timeout: float = 10.0,
        guild_ready_timeout: float | None = 0.05,
    ) -> AsyncIterator[Any]:
        """Start ``bot`` (a discord.py Client) against this fake; close it on exit.

        Patches ``discord.http.Route.BASE`` and ``DiscordWebSocket.DEFAULT_GATEWAY`` for the
        duration, waits for on_ready (raising the start task's exception if it died first), and
        shortens the client's ``guild_ready_timeout`` (a private attribute) unless None.
        """
        import discord.gateway
        import discord.http

        old_base = discord.http.Route.BASE
        old_gateway = discord.gateway.DiscordWebSocket.DEFAULT_GATEWAY
        discord.http.Route.BASE = self.api_base
        discord.gateway.DiscordWebSocket.DEFAULT_GATEWAY = yarl.URL(self.gateway_url)
        if guild_ready_timeout is not None:
            bot._connection.guild_ready_timeout = guild_ready_timeout
        task = asyncio.create_task(bot.start(token), name="fakediscord-bot")
        try:
            await self.wait_for(
                lambda: bot.is_ready() or task.done(),
                timeout=timeout,
                message="bot did not become ready",
            )
            if task.done():
                task.result()  # raises the bot's startup error
                raise AssertionError("bot.start() returned before the bot was ready")
            yield bot
        finally:
            try:
                await asyncio.wait_for(bot.close(), timeout)
                await asyncio.wait_for(asyncio.shield(task), timeout)
            except (asyncio.CancelledError, Exception):
                task.cancel()
                with contextlib.suppress(BaseException):
                    await task
            discord.http.Route.BASE = old_base
            discord.gateway.DiscordWebSocket.DEFAULT_GATEWAY = old_gateway
            self._active = None

    # ------------------------------------------------------------------ world building

    def _add_role(self, role_id: int, name: str, perms: int, *, managed: bool = False) -> dict:
        role = {
            "id": str(role_id),
            "name": name,
            "permissions": str(perms),
            "position": len(self.roles),
            "color": 0,
            "colors": {"primary_color": 0},
            "hoist": False,
            "managed": managed,
            "mentionable": False,
            "flags": 0,
        }
        if managed:
            role["tags"] = {"bot_id": str(self.bot_user.id)}
        self.roles[role_id] = role
        return role

    def add_role(self, name: str, permissions: int = MEMBER_PERMISSIONS) -> int:
        role_id = snowflake()
        self._add_role(role_id, name, permissions)
        return role_id

    def add_user(
        self,
        name: str,
        *,
        dms_open: bool = True,
        roles: Iterable[int] = (),
        flags: int = 0,
        permissions: int = MEMBER_PERMISSIONS,
        bot: bool = False,
        locale: str = "en-US",
        nick: str | None = None,
    ) -> FakeUser:
        """Add a guild member. If a bot is connected it gets GUILD_MEMBER_ADD."""
        user = FakeUser(
            snowflake(),
            name,
            bot=bot,
            dms_open=dms_open,
            roles=list(roles),
            flags=flags,
            permissions=permissions,
            locale=locale,
            nick=nick,
        )
        self.users[user.id] = user
        if self.connected:
            data = user.member_payload() | {"guild_id": str(self.guild_id)}
            self._spawn_dispatch("GUILD_MEMBER_ADD", data)
        return user

    def add_text_channel(self, name: str) -> FakeChannel:
        ch = FakeChannel(
            snowflake(),
            GUILD_TEXT,
            name,
            guild_id=self.guild_id,
            position=sum(1 for c in self.channels.values() if not c.is_thread),
        )
        self.channels[ch.id] = ch
        if self.connected:
            self._spawn_dispatch("CHANNEL_CREATE", ch.payload())
        return ch

    def user(self, user: FakeUser | int) -> FakeUser:
        return self.users[_id(user)]

    def get_channel(self, channel: FakeChannel | int | None) -> FakeChannel:
        return self.channel if channel is None else self.channels[_id(channel)]

    # ------------------------------------------------------------------ accessors

    def channel_messages(
        self, channel: FakeChannel | int | None = None, *, include_ephemeral: bool = False
    ) -> list[FakeMessage]:
        """Live messages of a channel/thread/DM, oldest first (ephemeral ones excluded)."""
        cid = self.get_channel(channel).id
        return [
            m
            for m in self.messages.values()
            if m.channel_id == cid and not m.deleted and (include_ephemeral or not m.ephemeral)
        ]

    def dm_channel(self, user: FakeUser | int) -> FakeChannel | None:
        cid = self.dm_channel_ids.get(_id(user))
        return self.channels[cid] if cid else None

    def dm_messages(self, user: FakeUser | int) -> list[FakeMessage]:
        ch = self.dm_channel(user)
        return self.channel_messages(ch) if ch else []

    def latest_message(
        self, channel: FakeChannel | int | None = None, *, with_components: bool = False
    ) -> FakeMessage | None:
        msgs = self.channel_messages(channel)
        if with_components:
            msgs = [m for m in msgs if m.all_components()]
        return msgs[-1] if msgs else None

    def message(self, message_id: int) -> FakeMessage:
        return self.messages[int(message_id)]

    def threads(self, parent: FakeChannel | int | None = None) -> list[FakeChannel]:
        threads = [c for c in self.channels.values() if c.is_thread]
        if parent is not None:
            threads = [t for t in threads if t.parent_id == _id(parent)]
        return threads

    def thread(self, name: str) -> FakeChannel:
        for t in self.threads():
            if t.name == name:
                return t
        raise KeyError(f"no thread named {name!r}; threads: {[t.name for t in self.threads()]}")

    def requests_matching(self, method: str, path_regex: str) -> list[RecordedRequest]:
        rx = re.compile(path_regex)
        return [r for r in self.requests if r.method == method and rx.fullmatch(r.path)]

    async def wait_for(
        self, predicate: Callable[[], Any], timeout: float = 10.0, *, message: str = ""
    ) -> Any:
        """Poll ``predicate`` (sync or async) until truthy; return its value or fail."""
        deadline = time.monotonic() + timeout
        while True:
            value = predicate()
            if asyncio.iscoroutine(value):
                value = await value
            if value:
                return value
            if time.monotonic() > deadline:
                raise AssertionError(f"timed out after {timeout}s waiting: {message or predicate}")
            await asyncio.sleep(0.01)

    # ------------------------------------------------------------------ interactions driver

    def _command_def(self, name: str) -> dict | None:
        guild_cmds = self.guild_commands.get(self.guild_id, {})
        return guild_cmds.get(name) or self.global_commands.get(name)

    def _channel_for_interaction(
        self, channel: FakeChannel | int | str | None, user: FakeUser
    ) -> FakeChannel:
        if channel == "dm":
            return self._ensure_dm(user)
        return self.get_channel(channel)  # type: ignore[arg-type]

    def _base_interaction(
        self,
        itype: int,
        user: FakeUser,
        channel: FakeChannel,
        data: dict,
        locale: str | None,
        message: FakeMessage | None = None,
    ) -> dict:
        payload: dict[str, Any] = {
            "id": str(snowflake()),
            "application_id": str(self.app_id),
            "type": itype,
            "token": "itok-" + secrets.token_urlsafe(24),
            "version": 1,
            "data": data,
            "channel_id": str(channel.id),
            "channel": channel.payload(),
            "locale": locale or user.locale,
            "app_permissions": str(BOT_PERMISSIONS),
            "attachment_size_limit": self.max_file_size,
            "entitlements": [],
        }
        if channel.is_dm:
            payload["user"] = user.payload()
            payload["context"] = 1
            payload["authorizing_integration_owners"] = {"0": str(user.id)}
        else:
            payload["guild_id"] = str(self.guild_id)
            payload["guild_locale"] = "en-US"
            payload["guild"] = {"id": str(self.guild_id), "locale": "en-US", "features": []}
            payload["member"] = user.member_payload(permissions=True)
            payload["context"] = 0
            payload["authorizing_integration_owners"] = {"0": str(self.guild_id)}
        if message is not None:
            payload["message"] = message.payload()
        return payload

    def _option_type(self, opt_def: dict | None, value: Any) -> int:
        if opt_def is not None and "type" in opt_def:
            return int(opt_def["type"])
        if isinstance(value, bool):
            return 5
        if isinstance(value, int):
            return 4
        if isinstance(value, float):
            return 10
        if isinstance(value, FakeUser):
            return 6
        if isinstance(value, FakeChannel):
            return 7
        return 3

    def _build_options(
        self,
        defs: list[dict] | None,
        options: dict[str, Any],
        focused: str | None,
        resolved: dict,
    ) -> list[dict]:
        defs_by_name = {d["name"]: d for d in defs or ()}
        out = []
        for name, value in options.items():
            otype = self._option_type(defs_by_name.get(name), value)
            if otype in (6, 9) and not isinstance(value, FakeChannel):
                user = self.users[_id(value)]
                resolved.setdefault("users", {})[str(user.id)] = user.payload()
                resolved.setdefault("members", {})[str(user.id)] = user.member_payload(
                    with_user=False, permissions=True
                )
                value = str(user.id)
            elif otype == 7:
                ch = self.get_channel(value)
                cdata = ch.payload() | {"permissions": str(MEMBER_PERMISSIONS)}
                resolved.setdefault("channels", {})[str(ch.id)] = cdata
                value = str(ch.id)
            opt: dict[str, Any] = {"name": name, "type": otype, "value": value}
            if focused == name:
                opt["focused"] = True
                opt["value"] = str(value)
            out.append(opt)
        return out

    def _command_data(
        self,
        name: str,
        subcommand: str | None,
        options: dict[str, Any] | None,
        focused: str | None,
    ) -> dict:
        cmd = self._command_def(name)
        cmd_id = cmd["id"] if cmd else str(snowflake())
        defs = (cmd or {}).get("options")
        resolved: dict = {}
        leaf_defs = defs
        path = subcommand.split() if subcommand else []
        chain: list[tuple[str, int]] = []
        for i, part in enumerate(path):
            sub_def = next((d for d in leaf_defs or () if d["name"] == part), None)
            kind = sub_def["type"] if sub_def else (2 if i < len(path) - 1 else 1)
            chain.append((part, kind))
            leaf_defs = (sub_def or {}).get("options")
        leaf = self._build_options(leaf_defs, options or {}, focused, resolved)
        for part, kind in reversed(chain):
            leaf = [{"name": part, "type": kind, "options": leaf}]
        data: dict[str, Any] = {"id": cmd_id, "name": name, "type": 1, "options": leaf}
        if cmd and cmd.get("guild_id"):
            data["guild_id"] = cmd["guild_id"]
        if resolved:
            data["resolved"] = resolved
        return data

    async def slash(
        self,
        user: FakeUser | int,
        name: str,
        options: dict[str, Any] | None = None,
        *,
        subcommand: str | None = None,
        channel: FakeChannel | int | str | None = None,
        locale: str | None = None,
        timeout: float = 10.0,
    ) -> Response:
        """Run ``/name [group] [subcommand] options...``; ``subcommand`` may be "group sub".

        ``channel`` defaults to the guild text channel; pass a thread, or "dm" for the user's DM
        with the bot. Option types come from the synced command definition when there is one.
        """
        u = self.user(user)
        ch = self._channel_for_interaction(channel, u)
        data = self._command_data(name, subcommand, options, None)
        payload = self._base_interaction(APP_COMMAND, u, ch, data, locale)
        return await self._run_interaction(payload, u, ch, None, timeout)

    async def autocomplete(
        self,
        user: FakeUser | int,
        name: str,
        options: dict[str, Any],
        *,
        focused: str,
        subcommand: str | None = None,
        channel: FakeChannel | int | str | None = None,
        locale: str | None = None,
        timeout: float = 10.0,
    ) -> list[dict]:
        """Autocomplete option ``focused`` (its current text in ``options``); returns choices."""
        u = self.user(user)
        ch = self._channel_for_interaction(channel, u)
        data = self._command_data(name, subcommand, options, focused)
        payload = self._base_interaction(AUTOCOMPLETE, u, ch, data, locale)
        resp = await self._run_interaction(payload, u, ch, None, timeout)
        assert resp.callback_type == 8, f"autocomplete answered with type {resp.callback_type}"
        return resp.choices

    def _resolve_message(self, message: FakeMessage | int) -> FakeMessage:
        msg = message if isinstance(message, FakeMessage) else self.messages[int(message)]
        assert not msg.deleted, f"message {msg.id} was deleted"
        return msg

    def _component_target(self, msg: FakeMessage, custom_id: str | None, label: str | None) -> dict:
        if custom_id is None and label is None:
            raise ValueError("give a custom_id or a label")
        comp = msg.component(custom_id) if custom_id is not None else msg.find_button(label or "")
        if comp is None:
            raise AssertionError(
                f"no component {custom_id or label!r} on {msg!r}: "
                f"{[(c.get('custom_id'), c.get('label')) for c in msg.all_components()]}"
            )
        if comp.get("disabled"):
            raise AssertionError(f"component {custom_id or label!r} is disabled on {msg!r}")
        if comp.get("type") == 2 and "custom_id" not in comp:
            raise AssertionError(f"button {label!r} is a link/premium button; it cannot be clicked")
        return comp

    async def click(
        self,
        user: FakeUser | int,
        message: FakeMessage | int,
        custom_id: str | None = None,
        *,
        label: str | None = None,
        locale: str | None = None,
        timeout: float = 10.0,
    ) -> Response:
        """Click an (enabled) button of ``message`` chosen by custom_id or label."""
        u = self.user(user)
        msg = self._resolve_message(message)
        comp = self._component_target(msg, custom_id, label)
        if comp.get("type") != 2:
            raise AssertionError(f"{comp.get('custom_id')!r} is not a button: {comp}")
        data = {"custom_id": comp["custom_id"], "component_type": 2}
        return await self._component_interaction(u, msg, data, locale, timeout)

    async def select(
        self,
        user: FakeUser | int,
        message: FakeMessage | int,
        custom_id: str,
        values: list[str],
        *,
        locale: str | None = None,
        timeout: float = 10.0,
    ) -> Response:
        """Choose ``values`` in a select menu of ``message`` (checked against its options)."""
        u = self.user(user)
        msg = self._resolve_message(message)
        comp = self._component_target(msg, custom_id, None)
        ctype = comp.get("type")
        if ctype not in (3, 5, 6, 7, 8):
            raise AssertionError(f"{custom_id!r} is not a select menu: {comp}")
        lo, hi = comp.get("min_values", 1), comp.get("max_values", 1)
        if not lo <= len(values) <= hi:
            raise AssertionError(f"{len(values)} values for a select taking {lo}..{hi}")
        data: dict[str, Any] = {
            "custom_id": custom_id,
            "component_type": ctype,
            "values": [str(v) for v in values],
        }
        if ctype == 3:
            allowed = {o["value"] for o in comp.get("options", ())}
            bad = [v for v in values if v not in allowed]
            if bad:
                raise AssertionError(f"values {bad} are not options of {custom_id!r}: {allowed}")
        elif ctype in (5, 6, 7):
            resolved: dict = {}
            for v in values:
                if int(v) in self.users:
                    usr = self.users[int(v)]
                    resolved.setdefault("users", {})[v] = usr.payload()
                    resolved.setdefault("members", {})[v] = usr.member_payload(with_user=False)
                elif int(v) in self.roles:
                    resolved.setdefault("roles", {})[v] = self.roles[int(v)]
                elif int(v) in self.channels:
                    resolved.setdefault("channels", {})[v] = self.channels[int(v)].payload()
            data["resolved"] = resolved
        return await self._component_interaction(u, msg, data, locale, timeout)

    async def _component_interaction(
        self, user: FakeUser, msg: FakeMessage, data: dict, locale: str | None, timeout: float
    ) -> Response:
        ch = self.channels[msg.channel_id]
        payload = self._base_interaction(COMPONENT, user, ch, data, locale, message=msg)
        return await self._run_interaction(payload, user, ch, msg, timeout)

    async def submit_modal(
        self,
        user: FakeUser | int,
        modal: Response | dict,
        values: dict[str, str],
        *,
        locale: str | None = None,
        timeout: float = 10.0,
    ) -> Response:
        """Submit a modal the bot opened (a type 9 Response, or its modal dict) with values."""
        u = self.user(user)
        source: _Interaction | None = modal._inter if isinstance(modal, Response) else None
        mdata = modal.modal if isinstance(modal, Response) else modal
        assert mdata is not None, "that response did not open a modal"
        rows = []
        for comp in mdata.get("components", ()):
            inputs = [c for c in _walk_components([comp]) if c.get("type") == 4]
            subs = [
                {
                    "type": 4,
                    "custom_id": c["custom_id"],
                    "value": values.get(c["custom_id"], c.get("value") or ""),
                }
                for c in inputs
            ]
            if not subs:
                continue
            if comp.get("type") == 18:
                rows.append({"type": 18, "component": subs[0]})
            else:
                rows.append({"type": 1, "components": subs})
        data = {"custom_id": mdata["custom_id"], "components": rows}
        ch = self.channels[source.channel_id] if source else self.channel
        msg = source.message if source else None
        payload = self._base_interaction(MODAL_SUBMIT, u, ch, data, locale, message=msg)
        return await self._run_interaction(payload, u, ch, msg, timeout)

    async def _run_interaction(
        self,
        payload: dict,
        user: FakeUser,
        channel: FakeChannel,
        msg: FakeMessage | None,
        timeout: float,
    ) -> Response:
        gw = self._gateway_for(payload.get("guild_id"))
        if gw is None:
            raise AssertionError(
                f"no bot is connected to shard {self.shard_of(payload.get('guild_id'))} "
                "of the fake gateway"
            )
        inter = _Interaction(
            int(payload["id"]), payload["token"], payload["type"], payload, channel.id, user, msg
        )
        self._interactions[inter.token] = inter
        before = set(asyncio.all_tasks())
        self._created_listeners.append(inter.created_messages)
        try:
            try:
                await gw.dispatch("INTERACTION_CREATE", payload)
            except ConnectionResetError:  # the bot process died as the interaction was sent
                shard = self.shard_of(payload.get("guild_id"))
                raise AssertionError(
                    f"the bot's gateway connection (shard {shard}) closed: no bot got it"
                ) from None
            try:
                await asyncio.wait_for(inter.answered.wait(), timeout)
            except TimeoutError:
                raise AssertionError(
                    f"the bot did not answer interaction type {inter.type} "
                    f"({payload.get('data', {}).get('name') or payload['data'].get('custom_id')})"
                    f" within {timeout}s"
                ) from None
            await self._settle(before, time.monotonic() + timeout)
        finally:
            self._created_listeners.remove(inter.created_messages)
        return Response(inter)

    async def _settle(self, before: set[asyncio.Task], deadline: float) -> None:
        while True:
            pending = [
                t
                for t in asyncio.all_tasks() - before
                if not t.done() and t.get_name().startswith(HANDLER_TASK_PREFIXES)
            ]
            quiet = time.monotonic() - self._last_activity >= self.settle_quiet
            if not pending and self._inflight == 0 and quiet:
                return
            if time.monotonic() > deadline:
                raise AssertionError(
                    f"bot still busy after the deadline: {[t.get_name() for t in pending]}, "
                    f"{self._inflight} requests in flight"
                )
            await asyncio.sleep(0.01)

    # ------------------------------------------------------------------ gateway

    def _spawn_dispatch(self, event: str, data: dict) -> None:
        gw = self._gateway_for(data.get("guild_id"))
        if gw is None:
            return

        async def send() -> None:
            try:
                await gw.dispatch(event, data)
            except Exception:  # the bot went away; nothing to deliver to
                pass

        asyncio.get_running_loop().create_task(send(), name=f"fakediscord-dispatch-{event}")

    async def dispatch(self, event: str, data: dict) -> None:
        """Send a raw gateway DISPATCH to the connected bot (for events the driver lacks)."""
        gw = self._gateway_for(data.get("guild_id"))
        if gw is None:
            raise AssertionError("no bot is connected to the fake gateway")
        await gw.dispatch(event, data)

    def guild_payload(self) -> dict:
        members = [u.member_payload() for u in self.users.values()]
        channels = [c.payload() for c in self.channels.values() if not c.is_thread and not c.is_dm]
        threads = [c.payload() for c in self.channels.values() if c.is_thread and not c.archived]
        return {
            "id": str(self.guild_id),
            "name": self.guild_name,
            "icon": None,
            "owner_id": str(self.owner_id),
            "unavailable": False,
            "member_count": len(members),
            "large": False,
            "features": [],
            "preferred_locale": "en-US",
            "roles": list(self.roles.values()),
            "emojis": [],
            "stickers": [],
            "channels": channels,
            "threads": threads,
            "members": members,
            "presences": [],
            "voice_states": [],
            "stage_instances": [],
            "guild_scheduled_events": [],
            "soundboard_sounds": [],
            "joined_at": now_iso(),
            "premium_tier": 0,
            "system_channel_id": None,
        }

    async def _gateway_handler(self, request: web.Request) -> web.WebSocketResponse:
        ws = web.WebSocketResponse(compress=False, max_msg_size=0)
        await ws.prepare(request)
        gw = _Gateway(ws)
        self._gateways.append(gw)
        try:
            await gw.send({"op": 10, "d": {"heartbeat_interval": 41250}})
            async for msg in ws:
                if msg.type != WSMsgType.TEXT:
                    continue
                data = json.loads(msg.data)
                op = data.get("op")
                if op == 1:
                    await gw.send({"op": 11})
                elif op == 2:
                    identify = data.get("d") or {}
                    self.identify_payloads.append(identify)
                    shard_id, count = identify.get("shard") or (0, 1)
                    gw.identified, gw.shard = True, (int(shard_id), int(count))
                    self.shard_count = int(count)
                    self._shards[int(shard_id)] = gw
                    self._active = gw
                    served = self.shard_of(self.guild_id) == int(shard_id)
                    await gw.dispatch(
                        "READY",
                        {
                            "v": 10,
                            "user": self.bot_user.payload()
                            | {"verified": True, "mfa_enabled": False},
                            "guilds": (
                                [{"id": str(self.guild_id), "unavailable": True}] if served else []
                            ),
                            "session_id": gw.session_id,
                            "resume_gateway_url": self.gateway_url,
                            "application": {"id": str(self.app_id), "flags": 0},
                            "private_channels": [],
                            "relationships": [],
                            "user_settings": {},
                            "shard": list(gw.shard),
                        },
                    )
                    if served:
                        await gw.dispatch("GUILD_CREATE", self.guild_payload())
                elif op == 6:  # RESUME: sessions are not kept; make it identify again
                    await gw.send({"op": 9, "d": False})
                elif op == 8:
                    d = data.get("d") or {}
                    await gw.dispatch(
                        "GUILD_MEMBERS_CHUNK",
                        {
                            "guild_id": str(self.guild_id),
                            "members": [u.member_payload() for u in self.users.values()],
                            "chunk_index": 0,
                            "chunk_count": 1,
                            "not_found": [],
                            "nonce": d.get("nonce"),
                        },
                    )
        except Exception:
            self.errors.append(traceback.format_exc())
        finally:
            self._gateways.remove(gw)
            if self._shards.get(gw.shard[0]) is gw:
                del self._shards[gw.shard[0]]
            if self._active is gw:
                self._active = None
        return ws

    # ------------------------------------------------------------------ REST plumbing

    def _add_routes(self, app: web.Application) -> None:
        p = self.API_PREFIX
        r = app.router
        r.add_get("/gateway", self._gateway_handler)
        r.add_get(p + "/gateway", self._get_gateway)
        r.add_get(p + "/gateway/bot", self._get_gateway)
        r.add_get(p + "/users/@me", self._get_me)
        r.add_get(p + "/users/{uid}", self._get_user)
        r.add_get(p + "/oauth2/applications/@me", self._get_app)
        r.add_get(p + "/applications/@me", self._get_app)
        for path in ("/applications/{app}/commands", "/applications/{app}/guilds/{gid}/commands"):
            r.add_get(p + path, self._get_commands)
            r.add_put(p + path, self._put_commands)
            r.add_post(p + path, self._post_command)
        r.add_get(p + "/guilds/{gid}", self._get_guild)
        r.add_get(p + "/guilds/{gid}/channels", self._get_guild_channels)
        r.add_get(p + "/guilds/{gid}/members/{uid}", self._get_member)
        r.add_get(p + "/channels/{cid}", self._get_channel)
        r.add_patch(p + "/channels/{cid}", self._patch_channel)
        r.add_delete(p + "/channels/{cid}", self._delete_channel)
        r.add_get(p + "/channels/{cid}/messages", self._get_messages)
        r.add_post(p + "/channels/{cid}/messages", self._post_message)
        r.add_get(p + "/channels/{cid}/messages/{mid}", self._get_message)
        r.add_patch(p + "/channels/{cid}/messages/{mid}", self._patch_message)
        r.add_delete(p + "/channels/{cid}/messages/{mid}", self._delete_message)
        r.add_post(p + "/channels/{cid}/messages/{mid}/threads", self._post_message_thread)
        r.add_post(p + "/channels/{cid}/threads", self._post_thread)
        r.add_put(p + "/channels/{cid}/thread-members/{uid}", self._put_thread_member)
        r.add_delete(p + "/channels/{cid}/thread-members/{uid}", self._delete_thread_member)
        r.add_post(p + "/channels/{cid}/typing", self._no_content)
        r.add_put(p + "/channels/{cid}/messages/{mid}/reactions/{emoji}/@me", self._no_content)
        r.add_delete(p + "/channels/{cid}/messages/{mid}/reactions/{emoji}/@me", self._no_content)
        r.add_post(p + "/users/@me/channels", self._post_dm)
        r.add_post(p + "/interactions/{iid}/{token}/callback", self._post_callback)
        r.add_post(p + "/webhooks/{app}/{token}", self._post_followup)
        r.add_get(p + "/webhooks/{app}/{token}/messages/{mid}", self._get_webhook_message)
        r.add_patch(p + "/webhooks/{app}/{token}/messages/{mid}", self._patch_webhook_message)
        r.add_delete(p + "/webhooks/{app}/{token}/messages/{mid}", self._delete_webhook_message)
        r.add_get("/attachments/{cid}/{aid}/{filename}", self._get_attachment)

    @web.middleware
    async def _middleware(self, request: web.Request, handler: Any) -> web.StreamResponse:
        if request.path == "/gateway":
            return await handler(request)
        self._inflight += 1
        self._last_activity = time.monotonic()
        try:
            path = request.path
            if path.startswith(self.API_PREFIX):
                path = path[len(self.API_PREFIX) :]
            rec = RecordedRequest(request.method, path, dict(request.query), None, [])
            self.requests.append(rec)
            try:
                body, files = await self._read_body(request)
                rec.json, rec.files = body, [f[0] for f in files]
                request[JSON_BODY], request[FILES] = body, files
                resp = None
                for hook in self._request_hooks:
                    result = hook(rec)
                    if asyncio.iscoroutine(result):
                        result = await result
                    if isinstance(result, web.Response):
                        resp = resp or result  # the hook answers instead of the handler
                resp = resp or self._outage_response(request.method, path) or await handler(request)
            except web.HTTPNotFound:
                self.unknown_routes.append(rec)
                resp = _error(404, 0, "404: Not Found")
            except web.HTTPMethodNotAllowed:
                self.unknown_routes.append(rec)
                resp = _error(405, 0, "405: Method Not Allowed")
            except ConnectionResetError:  # the client went away mid-request (a killed bot):
                self.cut_off.append(rec)  # like Discord, act on nothing not received whole
                resp = web.Response(status=499)  # no one reads it ("client closed request")
            except Exception:
                self.errors.append(f"{request.method} {request.path}\n{traceback.format_exc()}")
                # not a 5xx: discord.py would sleep and retry those
                resp = _error(400, 0, "fake discord internal error (see fake.errors)")
            rec.status = resp.status
            return resp
        finally:
            self._inflight -= 1
            self._last_activity = time.monotonic()

    async def _read_body(self, request: web.Request) -> tuple[Any, list[tuple[str, bytes]]]:
        ctype = request.content_type
        files: list[tuple[str, bytes]] = []
        if ctype.startswith("multipart/"):
            body: Any = None
            reader = await request.multipart()
            indexed: dict[int, tuple[str, bytes]] = {}
            async for part in reader:
                name = part.name or ""  # type: ignore[union-attr]
                raw = await part.read()  # type: ignore[union-attr]
                if name == "payload_json":
                    body = json.loads(raw)
                else:
                    m = re.fullmatch(r"files\[(\d+)\]", name)
                    index = int(m.group(1)) if m else len(indexed)
                    indexed[index] = (part.filename or name, bytes(raw))  # type: ignore[union-attr]
            files = [indexed[i] for i in sorted(indexed)]
            return body, files
        if request.can_read_body:
            text = await request.text()
            if text:
                return json.loads(text), files
        return None, files

    def _json(
        self, request: web.Request
    ) -> Any:  # a JSON body: an object, or a list (bulk command upload)
        return request.get(JSON_BODY) or {}

    # ------------------------------------------------------------------ REST: users, app, guild

    async def _no_content(self, request: web.Request) -> web.Response:
        return web.Response(status=204)

    async def _get_gateway(self, request: web.Request) -> web.Response:
        return _json_response(
            {
                "url": self.gateway_url,
                "shards": 1,
                "session_start_limit": {
                    "total": 1000,
                    "remaining": 1000,
                    "reset_after": 0,
                    "max_concurrency": 1,
                },
            }
        )

    async def _get_me(self, request: web.Request) -> web.Response:
        return _json_response(self.bot_user.payload() | {"verified": True, "mfa_enabled": False})

    async def _get_user(self, request: web.Request) -> web.Response:
        user = self.users.get(int(request.match_info["uid"]))
        if user is None:
            return _error(404, 10013, "Unknown User")
        return _json_response(user.payload())

    async def _get_app(self, request: web.Request) -> web.Response:
        return _json_response(
            {
                "id": str(self.app_id),
                "name": self.bot_user.name,
                "description": "",
                "icon": None,
                "bot_public": True,
                "bot_require_code_grant": False,
                "owner": {
                    "id": str(self.owner_id),
                    "username": "owner",
                    "discriminator": "0",
                    "avatar": None,
                    "global_name": "owner",
                },
                "verify_key": "0" * 64,
                "flags": 0,
                "team": None,
                "summary": "",
                "bot": self.bot_user.payload(),
            }
        )

    async def _get_guild(self, request: web.Request) -> web.Response:
        if int(request.match_info["gid"]) != self.guild_id:
            return _error(404, 10004, "Unknown Guild")
        data = self.guild_payload()
        for key in ("members", "channels", "threads", "presences", "voice_states"):
            data.pop(key)
        return _json_response(data)

    async def _get_guild_channels(self, request: web.Request) -> web.Response:
        if int(request.match_info["gid"]) != self.guild_id:
            return _error(404, 10004, "Unknown Guild")
        return _json_response(self.guild_payload()["channels"])

    async def _get_member(self, request: web.Request) -> web.Response:
        user = self.users.get(int(request.match_info["uid"]))
        if int(request.match_info["gid"]) != self.guild_id or user is None:
            return _error(404, 10007, "Unknown Member")
        return _json_response(user.member_payload())

    # ------------------------------------------------------------------ REST: commands
    # (descriptions and their localizations must be 1-100 characters, as on Discord)

    def _command_store(self, request: web.Request) -> dict[str, dict]:
        gid = request.match_info.get("gid")
        if gid is None:
            return self.global_commands
        return self.guild_commands.setdefault(int(gid), {})

    def _store_command(self, store: dict[str, dict], cmd: dict, gid: str | None) -> dict:
        ctype = cmd.get("type", 1)
        old = store.get(cmd["name"])
        stored = {
            "id": old["id"] if old else str(snowflake()),
            "application_id": str(self.app_id),
            "version": str(snowflake()),
            "type": ctype,
            "description": cmd.get("description", "") if ctype == 1 else "",
            "options": cmd.get("options", []),
            "default_member_permissions": cmd.get("default_member_permissions"),
            "dm_permission": cmd.get("dm_permission", True),
            "nsfw": cmd.get("nsfw", False),
        } | {k: v for k, v in cmd.items() if k not in ("id", "application_id", "version")}
        if gid is not None:
            stored["guild_id"] = gid
        store[cmd["name"]] = stored
        return stored

    async def _get_commands(self, request: web.Request) -> web.Response:
        return _json_response(list(self._command_store(request).values()))

    async def _put_commands(self, request: web.Request) -> web.Response:
        store = self._command_store(request)
        cmds: list[dict[str, Any]] = self._json(request) or []
        names = [c["name"] for c in cmds]
        if len(set(names)) != len(names):
            return _error(400, 50035, "Invalid Form Body (duplicate command names)")
        bad = [text for cmd in cmds for text in _localized_texts(cmd) if not 1 <= len(text) <= 100]
        if bad:
            return _error(400, 50035, f"Invalid Form Body (localized text length): {bad[:3]}")
        old = dict(store)
        store.clear()
        out = []
        gid = request.match_info.get("gid")
        for cmd in cmds:
            if cmd["name"] in old:
                store[cmd["name"]] = old[cmd["name"]]
            out.append(self._store_command(store, cmd, gid))
        return _json_response(out)

    async def _post_command(self, request: web.Request) -> web.Response:
        cmd = self._json(request)
        return _json_response(
            self._store_command(self._command_store(request), cmd, request.match_info.get("gid")),
            201,
        )

    # ------------------------------------------------------------------ REST: channels, threads

    def _channel_or_404(self, request: web.Request) -> FakeChannel | web.Response:
        ch = self.channels.get(int(request.match_info["cid"]))
        if ch is None:
            return _error(404, 10003, "Unknown Channel")
        return ch

    async def _get_channel(self, request: web.Request) -> web.Response:
        ch = self._channel_or_404(request)
        return ch if isinstance(ch, web.Response) else _json_response(ch.payload())

    async def _patch_channel(self, request: web.Request) -> web.Response:
        ch = self._channel_or_404(request)
        if isinstance(ch, web.Response):
            return ch
        body = self._json(request)
        for key in ("name", "archived", "locked", "invitable", "auto_archive_duration", "position"):
            if key in body:
                setattr(ch, key, body[key])
        if ch.is_thread:
            self._spawn_dispatch("THREAD_UPDATE", ch.payload())
        else:
            self._spawn_dispatch("CHANNEL_UPDATE", ch.payload())
        return _json_response(ch.payload())

    async def _delete_channel(self, request: web.Request) -> web.Response:
        ch = self._channel_or_404(request)
        if isinstance(ch, web.Response):
            return ch
        del self.channels[ch.id]
        if ch.is_thread:
            self._spawn_dispatch(
                "THREAD_DELETE",
                {
                    "id": str(ch.id),
                    "guild_id": str(self.guild_id),
                    "parent_id": str(ch.parent_id),
                    "type": ch.type,
                },
            )
        else:
            self._spawn_dispatch("CHANNEL_DELETE", ch.payload())
        return _json_response(ch.payload())

    def _make_thread(
        self, parent: FakeChannel, body: dict, *, thread_id: int | None, owner: FakeUser
    ) -> FakeChannel:
        ttype = int(body.get("type") or (PUBLIC_THREAD if thread_id else PRIVATE_THREAD))
        th = FakeChannel(
            thread_id or snowflake(),
            ttype,
            str(body.get("name", "thread"))[:100],
            guild_id=self.guild_id,
            parent_id=parent.id,
            owner_id=owner.id,
            auto_archive_duration=int(body.get("auto_archive_duration") or 1440),
            invitable=bool(body.get("invitable", True)),
            members={owner.id},
        )
        self.channels[th.id] = th
        self._spawn_dispatch("THREAD_CREATE", th.payload() | {"newly_created": True})
        return th

    async def _post_message_thread(self, request: web.Request) -> web.Response:
        parent = self._channel_or_404(request)
        if isinstance(parent, web.Response):
            return parent
        msg = self.messages.get(int(request.match_info["mid"]))
        if msg is None or msg.deleted or msg.channel_id != parent.id:
            return _error(404, 10008, "Unknown Message")
        if parent.is_thread or parent.is_dm:
            return _error(400, 50024, "Cannot execute action on this channel type")
        if msg.id in self.channels:
            return _error(400, 160004, "A thread has already been created for this message")
        body = self._json(request)
        if not body.get("name"):
            return _error(400, 50035, "Invalid Form Body", ["name: required"])
        th = self._make_thread(
            parent, body | {"type": PUBLIC_THREAD}, thread_id=msg.id, owner=self.bot_user
        )
        msg.data["flags"] = msg.flags | HAS_THREAD
        msg.data["thread"] = th.payload()
        return _json_response(th.payload(), 201)

    async def _post_thread(self, request: web.Request) -> web.Response:
        parent = self._channel_or_404(request)
        if isinstance(parent, web.Response):
            return parent
        if parent.is_thread or parent.is_dm:
            return _error(400, 50024, "Cannot execute action on this channel type")
        body = self._json(request)
        if not body.get("name"):
            return _error(400, 50035, "Invalid Form Body", ["name: required"])
        th = self._make_thread(parent, body, thread_id=None, owner=self.bot_user)
        return _json_response(th.payload(), 201)

    async def _put_thread_member(self, request: web.Request) -> web.Response:
        ch = self._channel_or_404(request)
        if isinstance(ch, web.Response):
            return ch
        uid = request.match_info["uid"]
        ch.members.add(self.bot_user.id if uid == "@me" else int(uid))
        return web.Response(status=204)

    async def _delete_thread_member(self, request: web.Request) -> web.Response:
        ch = self._channel_or_404(request)
        if isinstance(ch, web.Response):
            return ch
        uid = request.match_info["uid"]
        ch.members.discard(self.bot_user.id if uid == "@me" else int(uid))
        return web.Response(status=204)

    def _ensure_dm(self, user: FakeUser) -> FakeChannel:
        cid = self.dm_channel_ids.get(user.id)
        if cid is None:
            ch = FakeChannel(snowflake(), DM, recipient=user)
            self.channels[ch.id] = ch
            self.dm_channel_ids[user.id] = ch.id
            return ch
        return self.channels[cid]

    async def _post_dm(self, request: web.Request) -> web.Response:
        rid = self._json(request).get("recipient_id")
        user = self.users.get(int(rid)) if rid is not None else None
        if user is None:
            return _error(400, 50033, "Invalid Recipient(s)")
        return _json_response(self._ensure_dm(user).payload())

    # ------------------------------------------------------------------ REST: messages

    def _validate(self, data: dict, files: list, *, creating: bool) -> web.Response | None:
        errors: list[str] = []
        content = data.get("content") or ""
        if len(content) > 2000:
            errors.append("content: must be 2000 or fewer in length")
        embeds = data.get("embeds") or []
        if len(embeds) > 10:
            errors.append("embeds: must be 10 or fewer in length")
        total = 0
        for i, e in enumerate(embeds):
            title, desc = e.get("title") or "", e.get("description") or ""
            fields = e.get("fields") or []
            if len(title) > 256:
                errors.append(f"embeds.{i}.title: must be 256 or fewer in length")
            if len(desc) > 4096:
                errors.append(f"embeds.{i}.description: must be 4096 or fewer in length")
            if len(fields) > 25:
                errors.append(f"embeds.{i}.fields: must be 25 or fewer in length")
            for f in fields:
                if not f.get("name") or not f.get("value"):
                    errors.append(f"embeds.{i}.fields: name and value are required")
                elif len(f["name"]) > 256 or len(f["value"]) > 1024:
                    errors.append(f"embeds.{i}.fields: name <= 256, value <= 1024")
            total += (
                len(title)
                + len(desc)
                + sum(len(f.get("name") or "") + len(f.get("value") or "") for f in fields)
            )
            total += len((e.get("footer") or {}).get("text") or "")
            total += len((e.get("author") or {}).get("name") or "")
        if total > 6000:
            errors.append("embeds: total size must be 6000 or fewer")
        components = data.get("components") or []
        v2 = bool(int(data.get("flags") or 0) & (1 << 15))
        if not v2:
            if len(components) > 5:
                errors.append("components: must be 5 or fewer in length")
            for i, row in enumerate(components):
                inner = row.get("components") or []
                if row.get("type") != 1:
                    errors.append(f"components.{i}: top-level components must be action rows")
                elif not 1 <= len(inner) <= 5:
                    errors.append(f"components.{i}: an action row holds 1 to 5 components")
                elif any(c.get("type") != 2 for c in inner) and len(inner) != 1:
                    errors.append(f"components.{i}: a select menu fills its action row")
        seen: set[str] = set()
        for c in _walk_components(components):
            cid = c.get("custom_id")
            if cid is not None:
                if len(cid) > 100:
                    errors.append(f"custom_id {cid[:20]!r}...: must be 100 or fewer in length")
                if cid in seen:
                    errors.append(f"custom_id {cid!r}: component custom id cannot be duplicated")
                seen.add(cid)
            if c.get("type") == 2:
                if len(c.get("label") or "") > 80:
                    errors.append(f"button {cid!r}: label must be 80 or fewer in length")
                if not c.get("label") and not c.get("emoji"):
                    errors.append(f"button {cid!r}: needs a label or an emoji")
            if c.get("type") == 3:
                opts = c.get("options") or []
                if not 1 <= len(opts) <= 25:
                    errors.append(f"select {cid!r}: must have 1 to 25 options")
                values = [o.get("value") for o in opts]
                if len(set(values)) != len(values):
                    errors.append(f"select {cid!r}: option values must be unique")
                for o in opts:
                    if len(o.get("label") or "") > 100 or len(o.get("value") or "") > 100:
                        errors.append(f"select {cid!r}: option label/value over 100 characters")
        for name, raw in files:
            if len(raw) > self.max_file_size:
                errors.append(f"file {name!r}: request entity too large")
        if errors:
            return _error(400, 50035, "Invalid Form Body", errors)
        has_attachments = bool(files) or bool(data.get("attachments"))
        if creating and not (
            content
            or embeds
            or components
            or has_attachments
            or data.get("poll")
            or data.get("sticker_ids")
        ):
            return _error(400, 50006, "Cannot send an empty message")
        return None

    def _apply_attachments(self, msg: FakeMessage, data: dict, files: list) -> None:
        old = {str(a["id"]): a for a in msg.attachments}
        new_list: list[dict] = []
        used: set[int] = set()

        def add_file(index: int, description: str | None = None) -> None:
            name, raw = files[index]
            aid = str(snowflake())
            att = {
                "id": aid,
                "filename": name,
                "size": len(raw),
                "url": f"{self.http_base}/attachments/{msg.channel_id}/{aid}/{name}",
                "proxy_url": f"{self.http_base}/attachments/{msg.channel_id}/{aid}/{name}",
                "content_type": "image/png"
                if name.lower().endswith(".png")
                else "application/octet-stream",
            }
            if description:
                att["description"] = description
            msg.files[aid] = (name, raw)
            new_list.append(att)
            used.add(index)

        if "attachments" in data:
            for entry in data.get("attachments") or []:
                eid = str(entry.get("id"))
                if eid in old:
                    new_list.append(old[eid])
                elif eid.isdigit() and int(eid) < len(files):
                    add_file(int(eid), entry.get("description"))
        else:
            new_list.extend(old.values())
        for i in range(len(files)):
            if i not in used:
                add_file(i)
        kept = {str(a["id"]) for a in new_list}
        msg.files = {k: v for k, v in msg.files.items() if k in kept}
        msg.data["attachments"] = new_list

    def _create_message(
        self,
        channel: FakeChannel,
        data: dict,
        files: list,
        *,
        flags: int | None = None,
        interaction: _Interaction | None = None,
        message_id: int | None = None,
    ) -> FakeMessage:
        kept = {
            k: data[k]
            for k in ("content", "embeds", "components", "tts", "poll", "message_reference")
            if k in data and data[k] is not None
        }
        kept["flags"] = (int(data.get("flags") or 0) & KEPT_FLAGS) if flags is None else flags
        msg = FakeMessage(
            message_id or snowflake(),
            channel.id,
            self.bot_user.payload(),
            kept,
            guild_id=None if channel.is_dm else self.guild_id,
        )
        if interaction is not None:
            msg.interaction_token = interaction.token
            msg.data["webhook_id"] = str(self.app_id)
            msg.data["application_id"] = str(self.app_id)
            msg.data["type"] = 20 if interaction.type == APP_COMMAND else 0
            msg.data["interaction_metadata"] = {
                "id": str(interaction.id),
                "type": interaction.type,
                "user": interaction.user.payload(),
                "authorizing_integration_owners": interaction.payload.get(
                    "authorizing_integration_owners", {}
                ),
            }
        self._apply_attachments(msg, data, files)
        self.messages[msg.id] = msg
        if not msg.ephemeral:
            channel.last_message_id = msg.id
            channel.message_count += 1
        for listener in self._created_listeners:
            listener.append(msg)
        return msg

    def _edit_message(self, msg: FakeMessage, data: dict, files: list) -> None:
        for key in ("content", "embeds", "components", "poll"):
            if key in data:
                msg.data[key] = (
                    data[key] if data[key] is not None else ("" if key == "content" else [])
                )
        if "flags" in data and data["flags"] is not None:
            msg.data["flags"] = (msg.flags & (EPHEMERAL | HAS_THREAD)) | (
                int(data["flags"]) & KEPT_FLAGS & ~EPHEMERAL
            )
        msg.data["flags"] = msg.flags & ~LOADING
        if "attachments" in data or files:
            self._apply_attachments(msg, data, files)
        msg.edited_timestamp = now_iso()
        msg.edits += 1

    def _message_or_404(self, request: web.Request) -> FakeMessage | web.Response:
        msg = self.messages.get(int(request.match_info["mid"]))
        if msg is None or msg.deleted or msg.channel_id != int(request.match_info["cid"]):
            return _error(404, 10008, "Unknown Message")
        return msg

    async def _post_message(self, request: web.Request) -> web.Response:
        ch = self._channel_or_404(request)
        if isinstance(ch, web.Response):
            return ch
        data, files = self._json(request), request[FILES]
        if ch.is_dm and ch.recipient is not None and not ch.recipient.dms_open:
            self.failed_dms.append((ch.recipient.id, data))
            return _error(403, 50007, "Cannot send messages to this user")
        if ch.is_thread and ch.locked:
            return _error(403, 50083, "Thread is archived")
        if int(data.get("flags") or 0) & EPHEMERAL:
            return _error(400, 50035, "Invalid Form Body", ["flags: ephemeral via REST"])
        bad = self._validate(data, files, creating=True)
        if bad is not None:
            return bad
        if ch.is_thread and ch.archived:
            ch.archived = False  # sending to an unlocked archived thread unarchives it
        nonce = data.get("nonce")
        if nonce is not None and data.get("enforce_nonce"):
            earlier = self.messages.get(self._nonces.get((ch.id, str(nonce)), 0))
            if earlier is not None and not earlier.deleted:
                return _json_response(earlier.payload())  # Discord: no second message
        msg = self._create_message(ch, data, files)
        if nonce is not None:
            msg.data["nonce"] = str(nonce)
            self._nonces[(ch.id, str(nonce))] = msg.id
        return _json_response(msg.payload())

    async def _get_messages(self, request: web.Request) -> web.Response:
        ch = self._channel_or_404(request)
        if isinstance(ch, web.Response):
            return ch
        msgs = list(reversed(self.channel_messages(ch)))  # newest first
        q = request.query
        if "before" in q:
            msgs = [m for m in msgs if m.id < int(q["before"])]
        if "after" in q:
            msgs = [m for m in msgs if m.id > int(q["after"])]
        limit = int(q.get("limit", 50))
        return _json_response([m.payload() for m in msgs[:limit]])

    async def _get_message(self, request: web.Request) -> web.Response:
        msg = self._message_or_404(request)
        return msg if isinstance(msg, web.Response) else _json_response(msg.payload())

    async def _patch_message(self, request: web.Request) -> web.Response:
        msg = self._message_or_404(request)
        if isinstance(msg, web.Response):
            return msg
        if msg.author_id != self.bot_user.id:
            return _error(403, 50005, "Cannot edit a message authored by another user")
        data, files = self._json(request), request[FILES]
        bad = self._validate(data, files, creating=False)
        if bad is not None:
            return bad
        self._edit_message(msg, data, files)
        return _json_response(msg.payload())

    async def _delete_message(self, request: web.Request) -> web.Response:
        msg = self._message_or_404(request)
        if isinstance(msg, web.Response):
            return msg
        msg.deleted = True
        return web.Response(status=204)

    async def _get_attachment(self, request: web.Request) -> web.StreamResponse:
        aid = request.match_info["aid"]
        for msg in self.messages.values():
            if aid in msg.files:
                return web.Response(body=msg.files[aid][1], content_type="application/octet-stream")
        return _error(404, 0, "404: Not Found")

    # ------------------------------------------------------------------ REST: interactions

    async def _post_callback(self, request: web.Request) -> web.Response:
        inter = self._interactions.get(request.match_info["token"])
        if inter is None or str(inter.id) != request.match_info["iid"]:
            return _error(404, 10062, "Unknown interaction")
        if inter.callback_type is not None:
            return _error(400, 40060, "Interaction has already been acknowledged.")
        if self.ack_timeout is not None and time.monotonic() - inter.created > self.ack_timeout:
            return _error(404, 10062, "Unknown interaction")
        body, files = self._json(request), request[FILES]
        ctype = int(body.get("type", 0))
        data = body.get("data") or {}
        allowed = {
            APP_COMMAND: {4, 5, 9},
            COMPONENT: {4, 5, 6, 7, 9},
            AUTOCOMPLETE: {8},
            MODAL_SUBMIT: {4, 5, 6, 7},
            PING: {1},
        }[inter.type]
        if ctype not in allowed:
            return _error(
                400,
                50035,
                "Invalid Form Body",
                [f"type: {ctype} is not valid for interaction type {inter.type}"],
            )
        if ctype in (4, 7):
            bad = self._validate(data, files, creating=ctype == 4)
            if bad is not None:
                return bad
        if ctype in (6, 7) and inter.message is None:
            return _error(400, 50035, "Invalid Form Body", ["no message to update"])
        channel = self.channels[inter.channel_id]
        resource: dict[str, Any] = {"type": ctype}
        info: dict[str, Any] = {"id": str(inter.id), "type": inter.type}
        if ctype == 4:
            inter.original = self._create_message(channel, data, files, interaction=inter)
        elif ctype == 5:
            flags = LOADING | (int(data.get("flags") or 0) & EPHEMERAL)
            inter.original = self._create_message(
                channel, {"content": ""}, [], flags=flags, interaction=inter
            )
            info["response_message_loading"] = True
        elif ctype == 7:
            assert inter.message is not None
            self._edit_message(inter.message, data, files)
        if inter.original is not None:
            resource["message"] = inter.original.payload()
            info["response_message_id"] = str(inter.original.id)
            info["response_message_ephemeral"] = inter.original.ephemeral
        elif ctype in (6, 7) and inter.message is not None:
            info["response_message_id"] = str(inter.message.id)
            if ctype == 7:
                resource["message"] = inter.message.payload()
        inter.callback_type = ctype
        inter.callback_data = data
        inter.answered.set()
        if request.query.get("with_response") in ("1", "true", "True"):
            return _json_response({"interaction": info, "resource": resource})
        return web.Response(status=204)

    def _webhook_interaction(self, request: web.Request) -> _Interaction | web.Response:
        inter = self._interactions.get(request.match_info["token"])
        if inter is None or request.match_info["app"] != str(self.app_id):
            return _error(404, 10015, "Unknown Webhook")
        if inter.callback_type is None:
            return _error(404, 10015, "Unknown Webhook")
        return inter

    def _webhook_message(self, inter: _Interaction, mid: str) -> FakeMessage | None:
        if mid == "@original":
            msg = inter.original
            if msg is None and inter.callback_type in (6, 7):
                msg = inter.message
        else:
            msg = self.messages.get(int(mid)) if mid.isdigit() else None
            own = msg is not None and msg.interaction_token == inter.token
            if not own and not (msg is inter.message and inter.callback_type in (6, 7)):
                msg = None
        return None if msg is None or msg.deleted else msg

    async def _post_followup(self, request: web.Request) -> web.Response:
        inter = self._webhook_interaction(request)
        if isinstance(inter, web.Response):
            return inter
        data, files = self._json(request), request[FILES]
        if inter.original is not None and inter.original.loading:
            bad = self._validate(data, files, creating=False)
            if bad is not None:
                return bad
            # the first followup after a thinking defer replaces the loading message
            self._edit_message(inter.original, data, files)
            msg = inter.original
        else:
            bad = self._validate(data, files, creating=True)
            if bad is not None:
                return bad
            channel = self.channels[inter.channel_id]
            msg = self._create_message(channel, data, files, interaction=inter)
            inter.followups.append(msg)
        if request.query.get("wait") in ("1", "true", "True"):
            return _json_response(msg.payload())
        return web.Response(status=204)

    async def _get_webhook_message(self, request: web.Request) -> web.Response:
        inter = self._webhook_interaction(request)
        if isinstance(inter, web.Response):
            return inter
        msg = self._webhook_message(inter, request.match_info["mid"])
        if msg is None:
            return _error(404, 10008, "Unknown Message")
        return _json_response(msg.payload())

    async def _patch_webhook_message(self, request: web.Request) -> web.Response:
        inter = self._webhook_interaction(request)
        if isinstance(inter, web.Response):
            return inter
        msg = self._webhook_message(inter, request.match_info["mid"])
        if msg is None:
            return _error(404, 10008, "Unknown Message")
        data, files = self._json(request), request[FILES]
        bad = self._validate(data, files, creating=False)
        if bad is not None:
            return bad
        self._edit_message(msg, data, files)
        return _json_response(msg.payload())

    async def _delete_webhook_message(self, request: web.Request) -> web.Response:
        inter = self._webhook_interaction(request)
        if isinstance(inter, web.Response):
            return inter
        msg = self._webhook_message(inter, request.match_info["mid"])
        if msg is None:
            return _error(404, 10008, "Unknown Message")
        msg.deleted = True
        return web.Response(status=204)


def _localized_texts(node: dict) -> list[str]:
    """Every description/name localization of a command payload, options and choices too."""
    texts = []
    for key in ("description_localizations", "name_localizations"):
        texts += list((node.get(key) or {}).values())
    for child in list(node.get("options") or []) + list(node.get("choices") or []):
        texts += _localized_texts(child)
    return texts
