"""The Discord client: ``ScarabBot`` and ``run_bot`` (used by ``python -m bot``). The cogs
see it through ``cogs.common.ScarabClient``: the client imports the cogs, never the reverse.

``setup_hook`` is the one place where start-up happens: the match service is built on the
storage passed in, the cogs are loaded, the persistent components (``DynamicItem``s, whose
custom ids carry all their state) are registered, and the slash commands are synced.
"""

from __future__ import annotations

import dataclasses
import logging
from typing import Any

import discord
from discord.ext import commands

from bot.deadlines import set_default_turn_time
from bot.leases import DEFAULT_KEY, process_key
from bot.outbox import Outbox
from bot.service import MatchService
from bot.settings import Settings
from bot.storage import Storage
from cogs import render_pool
from cogs.announce import Announcer
from cogs.common import ScarabClient
from cogs.components import DYNAMIC_ITEMS
from cogs.history import RematchButton
from cogs.lobby import LobbyButton
from cogs.translator import CatalogueTranslator

log = logging.getLogger(__name__)

EXTENSIONS = (
    "cogs.guard",
    "cogs.lobby",
    "cogs.play",
    "cogs.help",
    "cogs.history",
    "cogs.stats",
    "cogs.absence",
    "cogs.admin",
    "cogs.rules_help",
    "cogs.language",
    "cogs.upkeep",
)


def default_intents() -> discord.Intents:
    """Slash commands and components need only the guilds intent (no message content)."""
    intents = discord.Intents.none()
    intents.guilds = True
    return intents


class ScarabBot(ScarabClient):
    """Scarab's client. Tests pass overrides through ``**options`` (for example
    ``chunk_guilds_at_startup=False``, ``guild_ready_timeout=0.1``)."""

    def __init__(
        self,
        storage: Storage,
        *,
        dev_guild_id: int | None = None,
        keep_finished_days: float | None = None,
        service: MatchService | None = None,
        sync_commands: bool = True,
        deadline_interval: float | None = None,
        outbox_poll: float | None = None,
        process_key: str = DEFAULT_KEY,
        **options: Any,
    ) -> None:
        options.setdefault("intents", default_intents())
        options.setdefault("help_command", None)
        options.setdefault("chunk_guilds_at_startup", False)
        options.setdefault(
            "allowed_mentions", discord.AllowedMentions(everyone=False, roles=False, users=True)
        )
        super().__init__(command_prefix=commands.when_mentioned, **options)
        self.storage = storage
        self.dev_guild_id = dev_guild_id
        self.keep_finished_days = keep_finished_days  # cogs.upkeep; None: keep for ever
        # Every Scarab component (set in setup_hook); cogs.guard answers the custom ids
        # that match none of them.
        self.dynamic_items: tuple[type[discord.ui.DynamicItem[Any]], ...] = ()
        self.sync_commands = sync_commands
        self.deadline_interval = deadline_interval  # seconds between deadline scans (cogs.absence)
        self._given_service = service
        self.service: MatchService = service  # type: ignore[assignment]  # set in setup_hook
        self.announcer: Any = None
        self.outbox: Outbox | None = None  # bot/outbox.py: delivers owed announcements
        self.outbox_poll = outbox_poll
        self.process_key = process_key  # bot/leases.py: this process among those sharing the db

    async def setup_hook(self) -> None:
        # Boards are drawn by the announcer once per turn post, not by the service per click.
        self.service = self._given_service or MatchService(
            self.storage, process_key=self.process_key
        )
        self.announcer = Announcer(self)
        self.outbox = (
            Outbox(self.service, self.announcer.deliver, poll=self.outbox_poll)
            if self.outbox_poll
            else Outbox(self.service, self.announcer.deliver)
        )
        self.announcer.on_failure = self.outbox.failed  # retried with backoff
        self.service.on_owed = self.outbox.kick  # AI moves whose caller was refused
        for extension in EXTENSIONS:
            await self.load_extension(extension)
        self.dynamic_items = (*DYNAMIC_ITEMS, LobbyButton, RematchButton)
        self.add_dynamic_items(*self.dynamic_items)
        await self.tree.set_translator(CatalogueTranslator())
        if self.sync_commands:
            await self.sync_app_commands()

    async def sync_app_commands(self) -> None:
        if self.dev_guild_id:
            guild = discord.Object(id=self.dev_guild_id)
            self.tree.copy_global_to(guild=guild)
            synced = await self.tree.sync(guild=guild)
            log.info("synced %d commands to guild %s", len(synced), self.dev_guild_id)
        else:
            synced = await self.tree.sync()
            log.info("synced %d global commands", len(synced))

    async def on_ready(self) -> None:
        log.info(
            "connected as %s (%s) to %d guild(s)",
            self.user,
            getattr(self.user, "id", "?"),
            len(self.guilds),
        )
        if self.outbox is not None:
            self.outbox.start()  # first: what a restart left owed (once; idempotent)

    async def close(self) -> None:
        if self.outbox is not None:
            await self.outbox.stop()
        if isinstance(self.service, MatchService):
            self.service.close()  # the AI's process pool
        await super().close()


class ShardedScarabBot(ScarabBot, commands.AutoShardedBot):
    """Scarab serving ``shard_ids`` of ``shard_count`` shards (``SHARD_COUNT``/``SHARD_IDS``):
    one of several processes on one PostgreSQL database (docs/deploy.md, "Sharding")."""


def create_bot(settings: Settings, storage: Storage, **options: Any) -> ScarabBot:
    """The client for ``settings``: sharded when ``SHARD_COUNT`` is set. Only the process
    holding shard 0 syncs the slash commands at start-up (``run --no-sync``: none does)."""
    render_pool.configure(settings.render_processes)
    if settings.turn_time_seconds:  # tests: deadlines in seconds, scanned often enough
        set_default_turn_time(settings.turn_time_seconds)
        options.setdefault("deadline_interval", max(0.2, settings.turn_time_seconds / 10))
    options.setdefault("sync_commands", settings.sync_commands and settings.holds_shard_zero)
    options.setdefault("process_key", process_key(settings.shard_ids))
    kind: type[ScarabBot] = ScarabBot
    if settings.shard_count:
        kind = ShardedScarabBot
        options.setdefault("shard_count", settings.shard_count)
        options.setdefault("shard_ids", list(settings.shard_ids or range(settings.shard_count)))
    return kind(
        storage,
        dev_guild_id=settings.dev_guild_id,
        keep_finished_days=settings.keep_finished_days,
        **options,
    )


async def run_bot(settings: Settings, storage: Storage) -> None:
    """Log in and run until the connection closes. Logging is set up by ``bot.__main__``."""
    bot = create_bot(settings, storage)
    async with bot:
        await bot.start(settings.token or "")


class DiscordFrontend:
    """What ``python -m bot`` runs (bot/frontend.py, the ``scarab.frontends`` entry point)."""

    async def run(self, settings: Settings, storage: Storage) -> None:
        await run_bot(settings, storage)

    async def sync_commands(self, settings: Settings, storage: Storage) -> None:
        bot = create_bot(dataclasses.replace(settings, sync_commands=True), storage)
        async with bot:
            await bot.login(settings.token or "")


FRONTEND = DiscordFrontend()
