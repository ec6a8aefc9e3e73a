"""Upkeep: keeps finished matches small (``bot.upkeep.prune``), at start-up and every hour.
``KEEP_FINISHED_DAYS`` (``bot.settings``, passed as ``ScarabBot(keep_finished_days=...)``)
says how long a finished match is kept at all."""

from __future__ import annotations

import logging

from discord.ext import commands, tasks

from bot.upkeep import prune

log = logging.getLogger(__name__)

INTERVAL_HOURS = 1.0


class Upkeep(commands.Cog):
    def __init__(self, bot: commands.Bot) -> None:
        self.bot = bot

    async def cog_load(self) -> None:
        self.prune_loop.start()

    async def cog_unload(self) -> None:
        self.prune_loop.cancel()

    @tasks.loop(hours=INTERVAL_HOURS)
    async def prune_loop(self) -> None:
        try:
            await prune(
                self.bot.service,  # type: ignore[attr-defined]
                keep_finished_days=getattr(self.bot, "keep_finished_days", None),
            )
        except Exception:
            log.exception("pruning finished matches failed; it runs again next time")

    @prune_loop.before_loop
    async def _wait_ready(self) -> None:
        await self.bot.wait_until_ready()


async def setup(bot: commands.Bot) -> None:
    await bot.add_cog(Upkeep(bot))
