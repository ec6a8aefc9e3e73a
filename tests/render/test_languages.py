"""Boards and panels in every language (issue 6, item 7): a match's board is drawn in the
match's language and a private panel in its reader's. Every text a renderer draws in pt-BR or
Polish is recorded; none may hold an English word or phrase that the catalogues translate."""

from __future__ import annotations

import re
import string
import sys
from collections.abc import Iterator
from contextlib import contextmanager

import pytest
from PIL import ImageDraw

import lang
import render
import rules
from render import common
from rules.testing import random_playout

GAMES = ("amunre", "ankh", "plagues", "tekhenu")
LOCALES = ("pt-BR", "pl")
MIN_FRAGMENT = 5  # characters of an English literal part worth looking for


def _clear_caches() -> None:
    """Forget every cached layer and text sprite, so the static layers are drawn again."""
    modules = [common]
    for game in GAMES:
        package = render.renderer(game).__name__
        modules += [m for name, m in sys.modules.items() if name.startswith(package)]
    for module in modules:
        for value in vars(module).values():
            if callable(getattr(value, "cache_clear", None)):
                value.cache_clear()


@contextmanager
def drawn_texts() -> Iterator[list[str]]:
    texts: list[str] = []
    original = ImageDraw.ImageDraw.text
    original_cached = common.CachedTextDraw.text

    def spy(self, xy, text, *args, **kwargs):
        texts.append(str(text))
        return original(self, xy, text, *args, **kwargs)

    def spy_cached(self, xy, text, *args, **kwargs):
        texts.append(str(text))
        return original_cached(self, xy, text, *args, **kwargs)

    ImageDraw.ImageDraw.text = spy
    common.CachedTextDraw.text = spy_cached
    try:
        yield texts
    finally:
        ImageDraw.ImageDraw.text = original
        common.CachedTextDraw.text = original_cached


def english_words(locale: str) -> set[str]:
    """Literal parts of English templates that ``locale`` says differently."""
    parts = set()
    for english, said in lang.catalogue(locale).items():
        if english == said:
            continue
        for literal, *_ in string.Formatter().parse(english):
            part = literal.strip(" .:;,!?—-*`()\n·/+×")
            if len(part) >= MIN_FRAGMENT and any(c.isalpha() for c in part) and part not in said:
                parts.add(part)
    return parts


def sample_views(game: str) -> list[tuple[dict, dict]]:
    engine = rules.get(game)
    seats = engine.max_players
    playout = random_playout(engine, seats, seed=3, keep_states=True)
    states = playout.states[:: max(1, len(playout.states) // 6)] + [playout.state]
    return [(engine.view(state, None), engine.view(state, 0)) for state in states]


@pytest.mark.parametrize("locale", LOCALES)
@pytest.mark.parametrize("game", GAMES)
def test_boards_and_panels_are_drawn_in_the_language(game: str, locale: str) -> None:
    views = sample_views(game)
    _clear_caches()
    with drawn_texts() as texts:
        for public, private in views:
            render.board(game, public, locale=locale)
            render.panel(game, private, locale=locale)
    assert len(texts) > 30
    english = [re.compile(rf"(?<!\w){re.escape(part)}(?!\w)") for part in english_words(locale)]
    leaks = sorted(
        {(part.pattern, text) for text in texts for part in english if part.search(text)}
    )
    assert not leaks, f"{game} draws English for {locale}: {leaks[:20]}"
    _clear_caches()


@pytest.mark.parametrize("game", GAMES)
def test_english_is_the_default_and_languages_differ(game: str) -> None:
    public, _ = sample_views(game)[0]
    english = render.png(render.board(game, public))
    assert render.png(render.board(game, public, locale="en")) == english
    assert render.png(render.board(game, public, locale="pt-BR")) != english


ONE_PLURAL = re.compile(
    r"(?<![\d.,/–-])1 (?:tiles|cards|seats|boats|coins|rounds|soldiers|penalties|provinces|"
    r"followers|stones|losses|Scribes|pillars|statues|points|players)\b"
)
# (game, view key set to 1, what the board says then in en, pt-BR and pl)
COUNTED_LABELS = (
    (
        "tekhenu",
        "pillar_pile",
        ("Pillar pile: 1 tile", "Pilha de Colunas: 1 peça", "Stos Filarów: 1 płytka"),
    ),
    ("plagues", "reserve", ("Reserve 1 tile", "Reserva: 1 ficha", "Rezerwa: 1 żeton")),
)


@pytest.mark.parametrize(("game", "key", "said"), COUNTED_LABELS)
def test_board_counts_pick_the_noun_form(game: str, key: str, said: tuple[str, ...]) -> None:
    """Issue 12: a board's counted labels say "1 tile", never "1 tiles", in each language."""
    public, _ = sample_views(game)[-1]
    for locale, expected in zip(("en", "pt-BR", "pl"), said, strict=True):
        _clear_caches()
        with drawn_texts() as texts:
            render.board(game, {**public, key: 1}, locale=locale)
        assert expected in texts, (locale, [t for t in texts if "1" in t])
        if locale == "en":
            assert not [t for t in texts if ONE_PLURAL.search(t)]
    _clear_caches()
