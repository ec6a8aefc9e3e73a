"""The /rules reference pages (bot/rules_pages.py): every game has every topic, pages fit in a
Discord embed in every language, and every rule id a page cites is defined in the rule
specification docs/rules/<game>.md."""

from __future__ import annotations

import re

import pytest

import lang
import rules
from bot.rules_pages import PAGES, TOPICS, page, topics, unknown_game, unknown_topic
from cogs.rules_help import find_topic, rules_embed
from rules.text import Msg
from tests.support.rulespec import PREFIX, defined_ids, spec_path


def test_every_game_has_every_topic() -> None:
    assert set(PAGES) == set(PREFIX) == {g for g in rules.ENGINES if g in PREFIX}
    for game_id in PAGES:
        assert topics(game_id) == list(TOPICS), game_id
        for topic in ("turn", "actions", "scoring"):
            assert page(game_id, topic) is not None
    assert page("amunre", "nope") is None and page("nope", "turn") is None


@pytest.mark.parametrize("game_id", sorted(PAGES))
def test_pages_fit_and_cite_their_rules(game_id: str) -> None:
    for topic, entry in PAGES[game_id].items():
        assert 0 < len(entry.text) <= 4096, (game_id, topic)  # an embed description
        assert len(entry.title) <= 256
        assert rules.get(game_id).title.split(":")[0] in entry.title
        assert entry.rules, (game_id, topic)
        for rule_id in entry.rules:
            assert rule_id.startswith(PREFIX[game_id] + "-R"), rule_id


@pytest.mark.parametrize("game_id", sorted(PAGES))
def test_cited_rules_exist_in_the_specification(game_id: str) -> None:
    assert spec_path(game_id).exists(), f"missing rule specification {spec_path(game_id)}"
    known = set(defined_ids(game_id))
    for topic, entry in PAGES[game_id].items():
        missing = [rule_id for rule_id in entry.rules if rule_id not in known]
        assert not missing, (game_id, topic, missing)


# --------------------------------------------------------------------------- every language

LOCALES = lang.SUPPORTED  # "en" (the source), "pt-BR", "pl"
EMBED_TOTAL = 6000  # Discord: title + description + footer of one embed
CHOICE_NAME = 100  # Discord: an autocomplete choice name


def _numbers(text: str) -> list[str]:
    return sorted(re.findall(r"\d+", text))


@pytest.mark.parametrize("locale", LOCALES)
@pytest.mark.parametrize("game_id", sorted(PAGES))
def test_every_page_renders_within_the_limits(game_id: str, locale: str) -> None:
    for topic, entry in PAGES[game_id].items():
        assert isinstance(entry.title, Msg) and isinstance(entry.text, Msg), (game_id, topic)
        embed = rules_embed(game_id, topic, locale)
        assert embed is not None
        title, text, footer = embed.title or "", embed.description or "", embed.footer.text or ""
        assert 0 < len(text) <= 4096 and 0 < len(title) <= 256, (game_id, topic, locale)
        assert len(footer) <= 2048 and len(title) + len(text) + len(footer) <= EMBED_TOTAL
        assert "{" not in text and "}" not in text  # a template said without its braces
        if locale == lang.ENGLISH:
            assert (title, text) == (entry.title, entry.text)
            continue
        catalogue = lang.catalogue(locale)
        assert entry.title.template in catalogue and entry.text.template in catalogue, (
            game_id,
            topic,
            locale,
        )
        assert text != entry.text and title != entry.title, (game_id, topic, locale)
        # the markdown, bullets and every number stay as they are in English
        for mark in ("•", "**", "`", "\n"):
            assert text.count(mark) == entry.text.count(mark), (game_id, topic, locale, mark)
        assert _numbers(text) == _numbers(entry.text), (game_id, topic, locale)
        assert "/rules" in footer and game_id in footer


@pytest.mark.parametrize("locale", LOCALES)
def test_topic_names_and_refusals_are_said_in_every_language(locale: str) -> None:
    for topic, name in TOPICS.items():
        said = lang.localise(name, locale)
        assert 0 < len(said) <= CHOICE_NAME
        assert find_topic("tekhenu", said, locale) == topic  # a typed topic name finds its page
        assert find_topic("tekhenu", topic, locale) == topic
    assert find_topic("tekhenu", "combat", locale) is None
    refusals = (unknown_game("chess", ["`ankh`"]), unknown_topic("combat", "Tekhenu", ["`turn`"]))
    for refusal in refusals:
        said = lang.localise(refusal, locale)
        assert "`" in said and ("chess" in said or "combat" in said), said
        if locale != lang.ENGLISH:
            assert said != refusal and refusal.template in lang.catalogue(locale)
