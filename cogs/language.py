"""``/language``: choose the language Scarab speaks to you (English, Português (Brasil),
Polski), or follow your Discord client again."""

from __future__ import annotations

import discord
from discord import app_commands
from discord.ext import commands

import lang
from bot.errors import ServiceError, reason
from cogs.common import bot_of, refuse, reply
from rules.text import msg

AUTOMATIC = "auto"


async def language_autocomplete(
    interaction: discord.Interaction, current: str
) -> list[app_commands.Choice[str]]:
    choices = [(lang.t(await _language(interaction), "Automatic (my Discord language)"), AUTOMATIC)]
    choices += [(name, code) for code, name in lang.NAMES.items()]
    typed = current.strip().lower()
    return [
        app_commands.Choice(name=name, value=value)
        for name, value in choices
        if typed in name.lower() or typed in value.lower()
    ]


async def _language(interaction: discord.Interaction) -> str:
    return await bot_of(interaction).service.language_for(interaction.user.id, interaction.locale)


class Language(commands.Cog):
    def __init__(self, bot: commands.Bot) -> None:
        self.bot = bot

    @app_commands.command(name="language", description="Choose the language Scarab speaks to you")
    @app_commands.describe(language="English, Português (Brasil), Polski, or automatic")
    @app_commands.autocomplete(language=language_autocomplete)
    async def language(self, interaction: discord.Interaction, language: str) -> None:
        service = bot_of(interaction).service
        try:
            code = None if language.strip().lower() == AUTOMATIC else language
            chosen = await service.set_user_language(interaction.user.id, code)
        except ServiceError as exc:
            await refuse(interaction, reason(exc))
            return
        if chosen is None:
            await reply(interaction, msg("I will follow your Discord language again."))
        else:
            await reply(
                interaction, msg("I will speak {language} to you.", language=lang.NAMES[chosen])
            )


async def setup(bot: commands.Bot) -> None:
    await bot.add_cog(Language(bot))
