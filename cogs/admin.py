"""``/admin``: server admins (Manage Server) cancel matches, remove players (the AI takes the
seat) and set the guild's defaults for new tables; every action is written to the admin log,
which ``/admin log`` shows. Anyone else gets an ephemeral refusal and nothing changes.
"""

from __future__ import annotations

import logging
from datetime import UTC, datetime

import discord
from discord import app_commands
from discord.ext import commands

from bot.deadlines import (
    DEFAULT_ON_TIMEOUT,
    ON_TIMEOUT_KEY,
    TIMEOUT_LABELS,
    TURN_TIME_KEY,
    describe_turn_time,
)
from bot.errors import ServiceError
from cogs.absence import post
from cogs.common import MAX_CONTENT, bot_of, clip, refuse, reply
from cogs.lobby import announce_cancel, find_match, match_autocomplete, update_lobby_message
from cogs.table_options import ON_TIMEOUT_CHOICES, TURN_TIME_CHOICES

log = logging.getLogger(__name__)

# Player-facing texts of this module.
TEXT_NO_PERMISSION = ("Only server admins (Manage Server permission) can use /admin: nothing "
                      "was changed.")
TEXT_CANCELLED = "Match #{id} is cancelled (logged)."
TEXT_REMOVED = "{mention} was removed from match #{id}: the AI plays their seat (logged)."
TEXT_REMOVED_PUBLIC = ("🛡️ A server admin removed {mention} from the match: the AI plays their "
                       "seat. `/game rejoin` takes it back.")
TEXT_DEFAULTS = ("**Defaults for new tables in this server**\nTime per decision: **{time}**\n"
                 "When the time runs out: **{policy}**")
TEXT_DEFAULTS_SAVED = "Saved (logged).\n"
TEXT_LOG_EMPTY = "No admin actions have been logged in this server."
TEXT_LOG_TITLE = "**Admin log** (newest first)"
ACTION_NAMES = {"cancel": "cancelled", "remove_player": "removed a player from",
                "set_defaults": "set the defaults"}


def has_manage_server(interaction: discord.Interaction) -> bool:
    perms = interaction.permissions
    return bool(interaction.guild_id and (perms.manage_guild or perms.administrator))


async def admin_only(interaction: discord.Interaction) -> bool:
    if has_manage_server(interaction):
        return True
    await refuse(interaction, TEXT_NO_PERMISSION)
    return False


def describe_defaults(defaults: dict) -> str:
    policy = defaults.get(ON_TIMEOUT_KEY, DEFAULT_ON_TIMEOUT)
    return TEXT_DEFAULTS.format(time=describe_turn_time(defaults.get(TURN_TIME_KEY)),
                                policy=TIMEOUT_LABELS.get(policy, policy))


def describe_entry(entry) -> str:
    when = datetime.fromtimestamp(entry.created_at, UTC).strftime("%Y-%m-%d %H:%M UTC")
    what = ACTION_NAMES.get(entry.action, entry.action)
    target = f" match #{entry.match_id}" if entry.match_id is not None else ""
    detail = ", ".join(f"{k}={v}" for k, v in entry.detail.items())
    return f"• {when} — <@{entry.user_id}> {what}{target}" + (f" ({detail})" if detail else "")


class Admin(commands.Cog):
    admin = app_commands.Group(name="admin", description="Server admin tools for Scarab",
                               guild_only=True,
                               default_permissions=discord.Permissions(manage_guild=True))

    def __init__(self, bot: commands.Bot) -> None:
        self.bot = bot

    @admin.command(name="cancel", description="Cancel a lobby or a running match")
    @app_commands.describe(match="Match number (default: this thread's match)")
    @app_commands.autocomplete(match=match_autocomplete)
    async def cancel(self, interaction: discord.Interaction, match: str | None = None) -> None:
        if not await admin_only(interaction):
            return
        service = bot_of(interaction).service
        try:
            info = await find_match(interaction, match, ("lobby", "active"))
            await interaction.response.defer(ephemeral=True, thinking=True)
            info = await service.admin_cancel(interaction.guild_id, interaction.user.id,
                                              info.id)
        except ServiceError as exc:
            await refuse(interaction, str(exc))
            return
        await update_lobby_message(interaction, info)
        await announce_cancel(interaction, info)
        await reply(interaction, TEXT_CANCELLED.format(id=info.id))

    @admin.command(name="remove", description="Remove a player from a match: the AI takes "
                                              "their seat")
    @app_commands.describe(player="The player to remove",
                           match="Match number (default: this thread's match)")
    @app_commands.autocomplete(match=match_autocomplete)
    async def remove(self, interaction: discord.Interaction, player: discord.User,
                     match: str | None = None) -> None:
        if not await admin_only(interaction):
            return
        bot = bot_of(interaction)
        try:
            info = await find_match(interaction, match, ("active",))
            await interaction.response.defer(ephemeral=True, thinking=True)
            turn = await bot.service.admin_remove_player(
                interaction.guild_id, interaction.user.id, info.id, user_id=player.id)
        except ServiceError as exc:
            await refuse(interaction, str(exc))
            return
        mention = f"<@{player.id}>"
        await reply(interaction, TEXT_REMOVED.format(mention=mention, id=info.id))
        await post(bot, turn.match.thread_id, turn.match.guild_id,
                   TEXT_REMOVED_PUBLIC.format(mention=mention))
        await bot.announcer.announce(turn)

    @admin.command(name="defaults",
                   description="Show or set this server's defaults for new tables")
    @app_commands.describe(turn_time="Time per decision for new tables",
                           on_timeout="What happens when a player's time runs out")
    @app_commands.choices(turn_time=TURN_TIME_CHOICES, on_timeout=ON_TIMEOUT_CHOICES)
    async def defaults(self, interaction: discord.Interaction,
                       turn_time: app_commands.Choice[str] | None = None,
                       on_timeout: app_commands.Choice[str] | None = None) -> None:
        if not await admin_only(interaction):
            return
        service = bot_of(interaction).service
        try:
            if turn_time is None and on_timeout is None:
                await reply(interaction,
                            describe_defaults(await service.guild_defaults(interaction.guild_id)))
                return
            defaults = await service.admin_set_defaults(
                interaction.guild_id, interaction.user.id,
                turn_time=turn_time.value if turn_time else None,
                on_timeout=on_timeout.value if on_timeout else None)
        except ServiceError as exc:
            await refuse(interaction, str(exc))
            return
        await reply(interaction, TEXT_DEFAULTS_SAVED + describe_defaults(defaults))

    @admin.command(name="log", description="The latest admin actions in this server")
    @app_commands.describe(n="How many entries (default 10)")
    async def log_command(self, interaction: discord.Interaction,
                          n: app_commands.Range[int, 1, 50] = 10) -> None:
        if not await admin_only(interaction):
            return
        entries = await bot_of(interaction).service.admin_log(interaction.guild_id, n)
        if not entries:
            await reply(interaction, TEXT_LOG_EMPTY)
            return
        lines = [TEXT_LOG_TITLE] + [describe_entry(e) for e in entries]
        await reply(interaction, clip("\n".join(lines), MAX_CONTENT))


async def setup(bot: commands.Bot) -> None:
    await bot.add_cog(Admin(bot))
