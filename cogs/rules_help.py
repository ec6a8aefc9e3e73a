"""``/rules <game> [topic]``: short reference pages (texts in bot/rules_pages.py), said in the
user's language (``lang_of``); the command and option descriptions are translated by Discord
(cogs/translator.py) from the catalogues."""

from __future__ import annotations

import discord
from discord import app_commands
from discord.ext import commands

from bot.rules_pages import PAGES, TOPICS, page, unknown_game, unknown_topic
from cogs.common import game_title, lang_of, refuse
from lang import localise
from rules.text import Msg, msg

DEFAULT_TOPIC = "overview"
MIN_TYPED = 3  # letters of a topic name that pick it when they match only one topic


def _games() -> list[Msg]:
    return [msg("`{game}` ({title})", game=gid, title=game_title(gid)) for gid in sorted(PAGES)]


def _topics(game_id: str) -> list[Msg]:
    return [msg("`{topic}`", topic=topic) for topic in PAGES[game_id]]


def find_topic(game_id: str, typed: str, locale: str | None) -> str | None:
    """The topic id for what the user typed: the id itself (``scoring``), or a topic name in
    the user's language or in English that only one topic of the game matches."""
    wanted = typed.strip().lower()
    names = PAGES.get(game_id, {})
    if wanted in names:
        return wanted
    if len(wanted) < MIN_TYPED:
        return None
    found = {
        topic
        for topic in names
        if topic in TOPICS
        for said in (localise(TOPICS[topic], locale), str(TOPICS[topic]))
        if wanted in said.lower()
    }
    return found.pop() if len(found) == 1 else None


def rules_embed(game_id: str, topic: str, locale: str | None = None) -> discord.Embed | None:
    found = page(game_id, topic)
    if found is None:
        return None
    embed = discord.Embed(
        title=localise(found.title, locale),
        description=localise(found.text, locale),
        colour=discord.Colour.dark_gold(),
    )
    embed.set_footer(
        text=localise(
            msg(
                "/rules {game} [topic] · topics: {topics}",
                game=game_id,
                topics=list(PAGES[game_id]),
            ),
            locale,
        )
    )
    return embed


class RulesHelp(commands.Cog):
    def __init__(self, bot: commands.Bot) -> None:
        self.bot = bot

    @app_commands.command(name="rules", description="Rules reference for a game")
    @app_commands.describe(game="The game", topic="overview, turn, actions or scoring")
    async def rules(
        self, interaction: discord.Interaction, game: str, topic: str | None = None
    ) -> None:
        locale = await lang_of(interaction)
        game_id = game.strip().lower()
        if game_id not in PAGES:
            await refuse(interaction, unknown_game(game, _games()))
            return
        wanted = find_topic(game_id, topic or DEFAULT_TOPIC, locale)
        embed = rules_embed(game_id, wanted, locale) if wanted else None
        if embed is None:
            await refuse(
                interaction, unknown_topic(str(topic), game_title(game_id), _topics(game_id))
            )
            return
        await interaction.response.send_message(embed=embed, ephemeral=True)

    @rules.autocomplete("game")
    async def game_autocomplete(
        self, interaction: discord.Interaction, current: str
    ) -> list[app_commands.Choice[str]]:
        locale = await lang_of(interaction)
        typed = current.strip().lower()
        choices = []
        for gid in sorted(PAGES):
            title = localise(game_title(gid), locale)
            if typed in gid or typed in title.lower():
                choices.append(
                    app_commands.Choice(
                        name=localise(
                            msg("{title} ({game})", title=game_title(gid), game=gid), locale
                        )[:100],
                        value=gid,
                    )
                )
        return choices[:25]

    @rules.autocomplete("topic")
    async def topic_autocomplete(
        self, interaction: discord.Interaction, current: str
    ) -> list[app_commands.Choice[str]]:
        locale = await lang_of(interaction)
        game_id = str(getattr(interaction.namespace, "game", "") or "").strip().lower()
        names = list(PAGES.get(game_id, TOPICS))
        typed = current.strip().lower()
        choices = []
        for name in names:
            said = localise(TOPICS[name], locale) if name in TOPICS else name
            if typed in name or typed in said.lower():
                choices.append(app_commands.Choice(name=said[:100], value=name))
        return choices[:25]


async def setup(bot: commands.Bot) -> None:
    await bot.add_cog(RulesHelp(bot))
