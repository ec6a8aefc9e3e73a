"""Stats: ``/stats [user]`` and ``/leaderboard <game>``, per server. The numbers and the
rating rules are in ``bot.ratings``; this cog only formats them."""

from __future__ import annotations

import discord
from discord import app_commands
from discord.ext import commands

import rules
from bot.ratings import RATING_RULE, PlayerStats, guild_stats, leaderboard, user_stats
from cogs.common import MAX_CONTENT, bot_of, clip, game_title, refuse, reply
from cogs.lobby import game_autocomplete

LEADERBOARD_SIZE = 15

# Every text a player may read from this cog.
TEXT = {
    "server_only": "Stats are kept per server: use this command in a server channel.",
    "unknown_game": "Unknown game '{game}'. Games: {known}.",
    "no_games": "{who} has not finished a match in this server yet.",
    "no_board": "Nobody has finished a match of {title} in this server yet.",
    "stats_title": "**Stats of {who}** in this server",
    "board_title": "**{title} — leaderboard** (this server)",
    "line": ("**{title}**: {played} played, {wins} won, average score {avg:.1f}, "
             "rating {rating}{flags}"),
    "board_line": "{rank}. <@{user}> — rating {rating} · {played} played, {wins} won, "
                  "average {avg:.1f}{flags}",
    "unrated": "— (no human opponent yet)",
    "with_ai": "with AI: {n}",
    "taken_over": "taken over by the AI: {n}",
}


def rating_text(stats: PlayerStats) -> str:
    return f"{round(stats.rating)}" if stats.has_rating else TEXT["unrated"]


def flags_text(stats: PlayerStats) -> str:
    """The marks for matches with AI seats or take-overs."""
    flags = []
    if stats.with_ai:
        flags.append(TEXT["with_ai"].format(n=stats.with_ai))
    if stats.taken_over:
        flags.append(TEXT["taken_over"].format(n=stats.taken_over))
    return f" ({', '.join(flags)})" if flags else ""


class Stats(commands.Cog):
    def __init__(self, bot: commands.Bot) -> None:
        self.bot = bot

    @app_commands.command(name="stats",
                          description="Games played, wins, average score and rating per game")
    @app_commands.describe(user="Whose stats (default: yours)")
    async def stats(self, interaction: discord.Interaction,
                    user: discord.User | None = None) -> None:
        if interaction.guild_id is None:
            await refuse(interaction, TEXT["server_only"])
            return
        who = user or interaction.user
        table = await guild_stats(bot_of(interaction).service, interaction.guild_id)
        mine = user_stats(table, who.id)
        if not mine:
            await reply(interaction, TEXT["no_games"].format(who=who.mention))
            return
        lines = [TEXT["stats_title"].format(who=who.mention)]
        for s in mine:
            lines.append(TEXT["line"].format(title=game_title(s.game_id), played=s.played,
                                             wins=s.wins, avg=s.average_score,
                                             rating=rating_text(s), flags=flags_text(s)))
        lines.append(f"_{RATING_RULE}_")
        await reply(interaction, clip("\n".join(lines), MAX_CONTENT))

    @app_commands.command(name="leaderboard", description="The best rated players of a game")
    @app_commands.describe(game="Which game")
    @app_commands.autocomplete(game=game_autocomplete)
    async def leaderboard(self, interaction: discord.Interaction, game: str) -> None:
        if interaction.guild_id is None:
            await refuse(interaction, TEXT["server_only"])
            return
        if game not in rules.ENGINES:
            known = ", ".join(sorted(rules.ENGINES)) or "none"
            await refuse(interaction, TEXT["unknown_game"].format(game=game, known=known))
            return
        table = await guild_stats(bot_of(interaction).service, interaction.guild_id)
        board = leaderboard(table, game)
        title = game_title(game)
        if not board:
            await reply(interaction, TEXT["no_board"].format(title=title))
            return
        lines = [TEXT["board_title"].format(title=title)]
        for rank, s in enumerate(board[:LEADERBOARD_SIZE], start=1):
            lines.append(TEXT["board_line"].format(rank=rank, user=s.user_id,
                                                   rating=rating_text(s), played=s.played,
                                                   wins=s.wins, avg=s.average_score,
                                                   flags=flags_text(s)))
        lines.append(f"_{RATING_RULE}_")
        await reply(interaction, clip("\n".join(lines), MAX_CONTENT),
                    allowed_mentions=discord.AllowedMentions.none())


async def setup(bot: commands.Bot) -> None:
    await bot.add_cog(Stats(bot))
