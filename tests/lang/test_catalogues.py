"""Every text exists in every language (issue 6, item 7): a template written in the source, a
command or option description, or a choice name that a catalogue lacks fails here."""

from __future__ import annotations

import json

import pytest
from discord import app_commands

import lang
from cogs.client import EXTENSIONS, ScarabBot
from tests.lang.texts import TRANSLATED, fields, source_templates, untranslated

MAX_COMMAND_TEXT = 100  # Discord's limit for descriptions and choice names


@pytest.mark.parametrize("locale", TRANSLATED)
def test_every_source_template_is_in_the_catalogue(locale: str) -> None:
    catalogue = lang.catalogue(locale)
    missing = {
        template: where
        for template, where in source_templates().items()
        if untranslated(lang.msg(template), locale) and template not in catalogue
    }
    assert not missing, f"{len(missing)} texts have no {locale} translation: " + "\n".join(
        f"{where}: {template!r}"
        for template, where in sorted(missing.items(), key=lambda kv: kv[1])
    )


@pytest.mark.parametrize("locale", TRANSLATED)
def test_translations_keep_the_placeholders(locale: str) -> None:
    wrong = {
        english: said
        for english, said in lang.catalogue(locale).items()
        if fields(english) != fields(said) or not said.strip()
    }
    assert not wrong, f"{locale} entries with other placeholders or empty: {wrong}"


@pytest.mark.parametrize("locale", TRANSLATED)
def test_catalogue_files_agree(locale: str) -> None:
    """Areas may repeat an English text only with the same translation."""
    seen: dict[str, tuple[str, str]] = {}
    clashes = []
    files = sorted((lang.CATALOG_DIR / locale).glob("*.json"))
    assert files, f"no catalogue for {locale}"
    for path in files:
        for english, said in json.loads(path.read_text(encoding="utf-8")).items():
            if english in seen and seen[english][1] != said:
                clashes.append((english, seen[english][0], path.name))
            seen.setdefault(english, (path.name, said))
    assert not clashes, f"translated differently in two files: {clashes}"


def test_every_locale_has_the_same_areas() -> None:
    areas = {
        locale: sorted(p.name for p in (lang.CATALOG_DIR / locale).glob("*.json"))
        for locale in TRANSLATED
    }
    assert len({tuple(a) for a in areas.values()}) == 1, areas


async def _command_texts() -> list[tuple[str, str]]:
    """(where, text) for every command/group description, option description and choice."""
    bot = ScarabBot(storage=None, sync_commands=False)  # type: ignore[arg-type]
    for extension in EXTENSIONS:
        await bot.load_extension(extension)
    texts = []
    for command in bot.tree.walk_commands():
        texts.append((f"/{command.qualified_name}", command.description))
        if isinstance(command, app_commands.Command):
            for param in command.parameters:
                texts.append((f"/{command.qualified_name} {param.name}", param.description))
                texts += [
                    (f"/{command.qualified_name} {param.name}={c.value}", c.name)
                    for c in param.choices
                ]
    await bot.close()
    return texts


@pytest.mark.parametrize("locale", TRANSLATED)
async def test_every_command_text_is_translated(locale: str) -> None:
    texts = await _command_texts()
    assert len(texts) > 40  # every cog's commands were found
    catalogue = lang.catalogue(locale)
    missing = [(where, text) for where, text in texts if text not in catalogue]
    assert not missing, f"commands without a {locale} text: {missing}"
    too_long = [
        (where, catalogue[text]) for where, text in texts if len(catalogue[text]) > MAX_COMMAND_TEXT
    ]
    assert not too_long, too_long


async def test_the_translator_gives_discord_each_language() -> None:
    from discord import Locale
    from discord.app_commands import TranslationContext, TranslationContextLocation

    from cogs.translator import CatalogueTranslator

    translator = CatalogueTranslator()
    where = TranslationContext(TranslationContextLocation.command_description, None)
    english = "Choose the language Scarab speaks to you"
    said = await translator.translate(
        app_commands.locale_str(english), Locale.brazil_portuguese, where
    )
    assert said and said != english
    assert said == lang.catalogue("pt-BR")[english]
    assert (
        await translator.translate(app_commands.locale_str(english), Locale.american_english, where)
        is None
    )
    name = TranslationContext(TranslationContextLocation.command_name, None)
    assert (
        await translator.translate(app_commands.locale_str("language"), Locale.polish, name) is None
    )
