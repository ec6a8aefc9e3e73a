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

import lang
from ai.levels import DEFAULT_LEVEL
from bot.absence import ACTION_CANCEL, ACTION_DEFAULTS, ACTION_REMOVE
from bot.deadlines import (
    AI_LEVEL_KEY,
    DEFAULT_ON_TIMEOUT,
    ON_TIMEOUT_KEY,
    TIMEOUT_LABELS,
    TURN_TIME_KEY,
    describe_turn_time,
)
from bot.errors import ServiceError, reason
from bot.model import AI_LEVEL_NAMES
from cogs.absence import post
from cogs.common import MAX_CONTENT, bot_of, clip, lang_of, refuse, reply
from cogs.lobby import announce_cancel, find_match, match_autocomplete, update_lobby_message
from cogs.table_options import AI_LEVEL_CHOICES, ON_TIMEOUT_CHOICES, TURN_TIME_CHOICES
from rules.text import Msg, msg

log = logging.getLogger(__name__)

NO_PERMISSION = msg(
    "Only server admins (Manage Server permission) can use /admin: nothing was changed."
)
# The languages a server's new tables may speak (``/admin defaults language``).
LANGUAGE_CHOICES = [app_commands.Choice(name=name, value=code) for code, name in lang.NAMES.items()]


def has_manage_server(interaction: discord.Interaction) -> bool:
    perms = interaction.permissions
    return bool(interaction.guild_id and (perms.manage_guild or perms.administrator))


async def admin_only(interaction: discord.Interaction) -> bool:
    if has_manage_server(interaction):
        return True
    await refuse(interaction, NO_PERMISSION)
    return False


def describe_defaults(defaults: dict, language: str | None = None) -> Msg:
    """The server's defaults for new tables; ``language``: its language, or None (each lobby
    speaks its host's language)."""
    policy = defaults.get(ON_TIMEOUT_KEY, DEFAULT_ON_TIMEOUT)
    level = defaults.get(AI_LEVEL_KEY, DEFAULT_LEVEL)
    return msg(
        "**Defaults for new tables in this server**\nTime per decision: **{time}**\n"
        "When the time runs out: **{policy}**\nThe AI that plays for absent players: "
        "**{level}**\nLanguage of public posts: **{language}**",
        time=describe_turn_time(defaults.get(TURN_TIME_KEY)),
        policy=TIMEOUT_LABELS.get(policy, policy),
        level=AI_LEVEL_NAMES.get(level, level),
        language=lang.NAMES[language] if language in lang.NAMES else msg("the host's language"),
    )


def describe_entry(entry) -> Msg:
    """One line of ``/admin log``."""
    when = datetime.fromtimestamp(entry.created_at, UTC).strftime("%Y-%m-%d %H:%M UTC")
    user = f"<@{entry.user_id}>"
    detail = ", ".join(f"{k}={v}" for k, v in entry.detail.items())
    detail = f" ({detail})" if detail else ""
    match_id = entry.match_id
    if entry.action == ACTION_CANCEL and match_id is not None:
        return msg(
            "• {when} — {user} cancelled match #{id}{detail}",
            when=when,
            user=user,
            id=match_id,
            detail=detail,
        )
    if entry.action == ACTION_REMOVE and match_id is not None:
        return msg(
            "• {when} — {user} removed a player from match #{id}{detail}",
            when=when,
            user=user,
            id=match_id,
            detail=detail,
        )
    if entry.action == ACTION_DEFAULTS:
        return msg(
            "• {when} — {user} set the defaults{detail}", when=when, user=user, detail=detail
        )
    if match_id is not None:
        return msg(
            "• {when} — {user} {action} match #{id}{detail}",
            when=when,
            user=user,
            action=entry.action,
            id=match_id,
            detail=detail,
        )
    return msg(
        "• {when} — {user} {action}{detail}",
        when=when,
        user=user,
        action=entry.action,
        detail=detail,
    )


class Admin(commands.Cog):
    admin = app_commands.Group(
        name="admin",
        description="Server admin tools for Scarab",
        guild_only=True,
        default_permissions=discord.Permissions(manage_guild=True),
    )

    def __init__(self, bot: commands.Bot) -> None:
        self.bot = bot

    @admin.command(name="cancel", description="Cancel a lobby or a running match")
    @app_commands.describe(match="Match number (default: this thread's match)")
    @app_commands.autocomplete(match=match_autocomplete)
    async def cancel(self, interaction: discord.Interaction, match: str | None = None) -> None:
        if not await admin_only(interaction):
            return
        assert interaction.guild_id is not None  # admin_only refuses outside a server
        service = bot_of(interaction).service
        try:
            info = await find_match(interaction, match, ("lobby", "active"))
            await interaction.response.defer(ephemeral=True, thinking=True)
            info = await service.admin_cancel(interaction.guild_id, interaction.user.id, info.id)
        except ServiceError as exc:
            await refuse(interaction, reason(exc))
            return
        await update_lobby_message(interaction, info)
        await announce_cancel(interaction, info)
        await reply(interaction, msg("Match #{id} is cancelled (logged).", id=info.id))

    @admin.command(
        name="remove", description="Remove a player from a match: the AI takes their seat"
    )
    @app_commands.describe(
        player="The player to remove", match="Match number (default: this thread's match)"
    )
    @app_commands.autocomplete(match=match_autocomplete)
    async def remove(
        self, interaction: discord.Interaction, player: discord.User, match: str | None = None
    ) -> None:
        if not await admin_only(interaction):
            return
        assert interaction.guild_id is not None  # admin_only refuses outside a server
        bot = bot_of(interaction)
        try:
            info = await find_match(interaction, match, ("active",))
            await interaction.response.defer(ephemeral=True, thinking=True)
            turn = await bot.service.admin_remove_player(
                interaction.guild_id, interaction.user.id, info.id, user_id=player.id
            )
        except ServiceError as exc:
            await refuse(interaction, reason(exc))
            return
        mention = f"<@{player.id}>"
        await reply(
            interaction,
            msg(
                "{mention} was removed from match #{id}: the AI plays their seat (logged).",
                mention=mention,
                id=info.id,
            ),
        )
        await post(
            bot,
            turn.match.thread_id,
            turn.match.guild_id,
            msg(
                "🛡️ A server admin removed {mention} from the match: the AI plays their "
                "seat. `/game rejoin` takes it back.",
                mention=mention,
            ),
            await bot.service.match_language(info.id),
        )
        await bot.announcer.announce(turn)

    @admin.command(name="defaults", description="Show or set this server's defaults for new tables")
    @app_commands.describe(
        turn_time="Time per decision for new tables",
        on_timeout="What happens when a player's time runs out",
        language="The language of new tables' public posts",
        ai_level="How well the AI plays for absent players",
    )
    @app_commands.choices(
        turn_time=TURN_TIME_CHOICES,
        on_timeout=ON_TIMEOUT_CHOICES,
        language=LANGUAGE_CHOICES,
        ai_level=AI_LEVEL_CHOICES,
    )
    async def defaults(
        self,
        interaction: discord.Interaction,
        turn_time: app_commands.Choice[str] | None = None,
        on_timeout: app_commands.Choice[str] | None = None,
        language: app_commands.Choice[str] | None = None,
        ai_level: app_commands.Choice[str] | None = None,
    ) -> None:
        if not await admin_only(interaction):
            return
        assert interaction.guild_id is not None  # admin_only refuses outside a server
        service = bot_of(interaction).service
        guild_id = interaction.guild_id
        try:
            if turn_time is None and on_timeout is None and language is None and ai_level is None:
                await reply(
                    interaction,
                    describe_defaults(
                        await service.guild_defaults(guild_id),
                        await service.guild_language(guild_id),
                    ),
                )
                return
            defaults = await service.admin_set_defaults(
                guild_id,
                interaction.user.id,
                turn_time=turn_time.value if turn_time else None,
                on_timeout=on_timeout.value if on_timeout else None,
                language=language.value if language else None,
                ai_level=ai_level.value if ai_level else None,
            )
        except ServiceError as exc:
            await refuse(interaction, reason(exc))
            return
        await reply(
            interaction,
            msg(
                "Saved (logged).\n{defaults}",
                defaults=describe_defaults(defaults, await service.guild_language(guild_id)),
            ),
        )

    @admin.command(name="log", description="The latest admin actions in this server")
    @app_commands.describe(n="How many entries (default 10)")
    async def log_command(
        self, interaction: discord.Interaction, n: app_commands.Range[int, 1, 50] = 10
    ) -> None:
        if not await admin_only(interaction):
            return
        assert interaction.guild_id is not None  # admin_only refuses outside a server
        entries = await bot_of(interaction).service.admin_log(interaction.guild_id, n)
        if not entries:
            await reply(interaction, msg("No admin actions have been logged in this server."))
            return
        locale = await lang_of(interaction)
        lines = [msg("**Admin log** (newest first)")] + [describe_entry(e) for e in entries]
        await reply(
            interaction, clip("\n".join(lang.localise(line, locale) for line in lines), MAX_CONTENT)
        )


async def setup(bot: commands.Bot) -> None:
    await bot.add_cog(Admin(bot))
