"""Slash-command texts in every language: discord.py calls ``translate`` for each command and
option description and each choice name when the commands are synced; Discord then shows each
client its own language. Command and option *names* stay English, so they are the same for
everyone (``/play``) and appear that way in the help and the docs."""

from __future__ import annotations

from discord import Locale, app_commands
from discord.app_commands import TranslationContextLocation as Where

import lang

UNTRANSLATED = (Where.command_name, Where.group_name, Where.parameter_name)


class CatalogueTranslator(app_commands.Translator):
    async def translate(
        self,
        string: app_commands.locale_str,
        locale: Locale,
        context: app_commands.TranslationContextTypes,
    ) -> str | None:
        code = lang.resolve(locale.value)
        if code is None or code == lang.ENGLISH or context.location in UNTRANSLATED:
            return None
        return lang.catalogue(code).get(string.message)
