"""Loaded by the bot process the fault-injection tests start (``python -m bot`` with this
folder first on PYTHONPATH). It only points discord.py at the fake Discord and arms one
chosen kill point; the bot itself runs unmodified.

Environment:
- ``SCARAB_FAKE_DISCORD``: the fake's base URL (``http://127.0.0.1:PORT``);
- ``SCARAB_KILL_AFTER_COMMITS=n``: SIGKILL this process right after the n-th move it commits
  (between the commit and the announcement, or between a human's commit and the AI's);
- ``SCARAB_FAST=1``: short waits (guild ready 0.1 s, deadline scan and outbox 0.3 s, retries
  after 0.2-1 s).
"""

from __future__ import annotations

import os
import signal

_BASE = os.environ.get("SCARAB_FAKE_DISCORD")


def _patch() -> None:
    import discord.gateway
    import discord.http
    import yarl

    discord.http.Route.BASE = f"{_BASE}/api/v10"
    discord.gateway.DiscordWebSocket.DEFAULT_GATEWAY = yarl.URL(
        f"{_BASE.replace('http', 'ws')}/gateway"
    )
    import bot.storage
    import cogs.client

    if os.environ.get("SCARAB_FAST"):
        init = cogs.client.ScarabBot.__init__

        def fast_init(self, *args, **options):
            options.setdefault("guild_ready_timeout", 0.1)
            options.setdefault("deadline_interval", 0.3)
            options.setdefault("outbox_poll", 0.3)
            init(self, *args, **options)

        cogs.client.ScarabBot.__init__ = fast_init
        import bot.outbox

        outbox_init = bot.outbox.Outbox.__init__

        def fast_outbox(self, *args, **options):
            options.update(base=0.2, cap=1.0)
            outbox_init(self, *args, **options)

        bot.outbox.Outbox.__init__ = fast_outbox

    kill_after = int(os.environ.get("SCARAB_KILL_AFTER_COMMITS") or 0)
    if kill_after:
        record_move = bot.storage.SqliteStorage.record_move
        commits = [0]

        async def record_then_die(self, *args, **kwargs):
            version = await record_move(self, *args, **kwargs)
            commits[0] += 1
            if commits[0] >= kill_after:
                os.kill(os.getpid(), signal.SIGKILL)
            return version

        bot.storage.SqliteStorage.record_move = record_then_die


if _BASE:
    _patch()
