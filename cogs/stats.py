"""Stats: ``/stats [user]`` and ``/leaderboard <game>``, per server. The numbers and the
rating rules are in ``bot.ratings``; this cog only formats them, in the reader's language."""

from __future__ import annotations

import discord
from discord import app_commands
from discord.ext import commands

import rules
from bot.ratings import RATING_RULE, PlayerStats, guild_stats, leaderboard, user_stats
from cogs.common import MAX_CONTENT, bot_of, clip, game_title, lang_of, refuse, reply
from cogs.lobby import game_autocomplete
from lang import localise
from rules.text import Msg, msg

LEADERBOARD_SIZE = 15

SERVER_ONLY = msg("Stats are kept per server: use this command in a server channel.")


def rating_text(stats: PlayerStats) -> str:
    return f"{round(stats.rating)}" if stats.has_rating else msg("— (no human opponent yet)")


def flags_text(stats: PlayerStats) -> str:
    """The marks for matches with AI seats or take-overs (a ``Msg``, or "" for none)."""
    flags: list[Msg] = []
    if stats.with_ai:
        flags.append(msg("with AI: {n}", n=stats.with_ai))
    if stats.taken_over:
        flags.append(msg("taken over by the AI: {n}", n=stats.taken_over))
    return msg(" ({flags})", flags=flags) if flags else ""


def stats_line(stats: PlayerStats) -> Msg:
    """One game of ``/stats``."""
    return msg(
        "**{title}**: {played} played, {wins} won, average score {avg:.1f}, rating {rating}{flags}",
        title=game_title(stats.game_id),
        played=stats.played,
        wins=stats.wins,
        avg=stats.average_score,
        rating=rating_text(stats),
        flags=flags_text(stats),
    )


def board_line(rank: int, stats: PlayerStats) -> Msg:
    """One player of ``/leaderboard``."""
    return msg(
        "{rank}. <@{user}> — rating {rating} · {played} played, {wins} won, "
        "average {avg:.1f}{flags}",
        rank=rank,
        user=stats.user_id,
        rating=rating_text(stats),
        played=stats.played,
        wins=stats.wins,
        avg=stats.average_score,
        flags=flags_text(stats),
    )


class Stats(commands.Cog):
    def __init__(self, bot: commands.Bot) -> None:
        self.bot = bot

    @app_commands.command(
        name="stats", description="Games played, wins, average score and rating per game"
    )
    @app_commands.describe(user="Whose stats (default: yours)")
    async def stats(
        self, interaction: discord.Interaction, user: discord.User | None = None
    ) -> None:
        if interaction.guild_id is None:
            await refuse(interaction, SERVER_ONLY)
            return
        who = user or interaction.user
        table = await guild_stats(bot_of(interaction).service, interaction.guild_id)
        mine = user_stats(table, who.id)
        if not mine:
            await reply(
                interaction,
                msg("{who} has not finished a match in this server yet.", who=who.mention),
            )
            return
        locale = await lang_of(interaction)
        lines = [msg("**Stats of {who}** in this server", who=who.mention)]
        lines += [stats_line(s) for s in mine]
        lines.append(msg("_{rule}_", rule=RATING_RULE))
        await reply(
            interaction, clip("\n".join(localise(line, locale) for line in lines), MAX_CONTENT)
        )

    @app_commands.command(name="leaderboard", description="The best rated players of a game")
    @app_commands.describe(game="Which game")
    @app_commands.autocomplete(game=game_autocomplete)
    async def leaderboard(self, interaction: discord.Interaction, game: str) -> None:
        if interaction.guild_id is None:
            await refuse(interaction, SERVER_ONLY)
            return
        if game not in rules.ENGINES:
            known = ", ".join(sorted(rules.ENGINES)) or msg("none")
            await refuse(
                interaction, msg("Unknown game '{game}'. Games: {known}.", game=game, known=known)
            )
            return
        table = await guild_stats(bot_of(interaction).service, interaction.guild_id)
        board = leaderboard(table, game)
        title = game_title(game)
        if not board:
            await reply(
                interaction,
                msg("Nobody has finished a match of {title} in this server yet.", title=title),
            )
            return
        locale = await lang_of(interaction)
        lines = [msg("**{title} — leaderboard** (this server)", title=title)]
        lines += [board_line(rank, s) for rank, s in enumerate(board[:LEADERBOARD_SIZE], start=1)]
        lines.append(msg("_{rule}_", rule=RATING_RULE))
        await reply(
            interaction,
            clip("\n".join(localise(line, locale) for line in lines), MAX_CONTENT),
            allowed_mentions=discord.AllowedMentions.none(),
        )


async def setup(bot: commands.Bot) -> None:
    await bot.add_cog(Stats(bot))
