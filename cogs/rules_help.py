"""``/rules <game> [topic]``: short reference pages (texts in bot/rules_pages.py)."""

from __future__ import annotations

import discord
from discord import app_commands
from discord.ext import commands

from bot.rules_pages import PAGES, TOPICS, UNKNOWN_GAME, UNKNOWN_TOPIC, page
from cogs.common import game_title, refuse

DEFAULT_TOPIC = "overview"
FOOTER = "/rules {game} [topic] · topics: {topics}"


def _games_text() -> str:
    return ", ".join(f"`{gid}` ({game_title(gid)})" for gid in sorted(PAGES))


def _topics_text(game_id: str) -> str:
    return ", ".join(f"`{topic}`" for topic in PAGES[game_id])


def rules_embed(game_id: str, topic: str) -> discord.Embed | None:
    found = page(game_id, topic)
    if found is None:
        return None
    embed = discord.Embed(title=found.title, description=found.text,
                          colour=discord.Colour.dark_gold())
    embed.set_footer(text=FOOTER.format(game=game_id, topics=", ".join(PAGES[game_id])))
    return embed


class RulesHelp(commands.Cog):
    def __init__(self, bot: commands.Bot) -> None:
        self.bot = bot

    @app_commands.command(name="rules", description="Rules reference for a game")
    @app_commands.describe(game="The game", topic="overview, turn, actions or scoring")
    async def rules(self, interaction: discord.Interaction, game: str,
                    topic: str | None = None) -> None:
        game_id = game.strip().lower()
        if game_id not in PAGES:
            await refuse(interaction, UNKNOWN_GAME.format(game=game, games=_games_text()))
            return
        wanted = (topic or DEFAULT_TOPIC).strip().lower()
        embed = rules_embed(game_id, wanted)
        if embed is None:
            await refuse(interaction, UNKNOWN_TOPIC.format(
                topic=topic, title=game_title(game_id), topics=_topics_text(game_id)))
            return
        await interaction.response.send_message(embed=embed, ephemeral=True)

    @rules.autocomplete("game")
    async def game_autocomplete(self, interaction: discord.Interaction,
                                current: str) -> list[app_commands.Choice[str]]:
        typed = current.strip().lower()
        return [app_commands.Choice(name=f"{game_title(gid)} ({gid})", value=gid)
                for gid in sorted(PAGES)
                if typed in gid or typed in game_title(gid).lower()][:25]

    @rules.autocomplete("topic")
    async def topic_autocomplete(self, interaction: discord.Interaction,
                                 current: str) -> list[app_commands.Choice[str]]:
        game_id = str(getattr(interaction.namespace, "game", "") or "").strip().lower()
        names = list(PAGES.get(game_id, TOPICS))
        typed = current.strip().lower()
        return [app_commands.Choice(name=TOPICS.get(name, name), value=name)
                for name in names if typed in name or typed in TOPICS.get(name, "").lower()][:25]


async def setup(bot: commands.Bot) -> None:
    await bot.add_cog(RulesHelp(bot))
