"""The languages Scarab speaks: English (the source), Brazilian Portuguese and Polish.

Texts are written in English as ``rules.text.msg(template, **params)``; each non-English
language has a catalogue that maps the English template to its own
(``lang/catalog/<locale>/<area>.json``, one file per area: a game, the bot, the commands...).
``localise(text, locale)`` says a text in a language, falling back to English for a template a
catalogue lacks (the test suite fails on such a gap: tests/lang).

Game terms follow the rulebooks in the language (the Portuguese rulebooks; Tekhenu's Polish one).
"""

from __future__ import annotations

import json
from collections.abc import Mapping
from functools import cache
from pathlib import Path
from typing import Any

from rules.text import JOINER, Msg, format_text, msg, name_seats, term

__all__ = [
    "ENGLISH",
    "NAMES",
    "SUPPORTED",
    "Msg",
    "catalogue",
    "localise",
    "msg",
    "resolve",
    "t",
    "term",
]

ENGLISH = "en"
SUPPORTED: tuple[str, ...] = ("en", "pt-BR", "pl")
NAMES: dict[str, str] = {"en": "English", "pt-BR": "Português (Brasil)", "pl": "Polski"}
CATALOG_DIR = Path(__file__).parent / "catalog"


def resolve(code: str | None) -> str | None:
    """The supported language for a Discord locale or a user's input (``"en-GB"`` -> ``"en"``,
    ``"pt-br"`` -> ``"pt-BR"``), or None when Scarab does not speak it."""
    if not code:
        return None
    value = str(getattr(code, "value", code)).strip().replace("_", "-")
    lowered = value.lower()
    if lowered in ("en", "en-us", "en-gb", "english"):
        return ENGLISH
    if lowered in ("pt-br", "pt", "português", "portugues", "português (brasil)"):
        return "pt-BR"
    if lowered in ("pl", "pl-pl", "polski", "polish"):
        return "pl"
    return None


@cache
def catalogue(locale: str) -> dict[str, str]:
    """English template -> this language's template, merged over all areas."""
    merged: dict[str, str] = {}
    folder = CATALOG_DIR / locale
    for path in sorted(folder.glob("*.json")) if folder.is_dir() else ():
        merged.update(json.loads(path.read_text(encoding="utf-8")))
    return merged


def localise(text: Any, locale: str | None, seats: Mapping[int, Any] | None = None) -> str:
    """``text`` said in ``locale``: a ``Msg`` is translated with its parameters (nested texts
    too); anything else is returned as a string unchanged. ``seats`` (seat -> label) names the
    seats the text refers to (``rules.text.seat_ref``): "carol (C, green ▲)" for "Seat 3"."""
    if seats:
        text = name_seats(text, seats)
    if not isinstance(text, Msg):
        return "" if text is None else str(text)
    if locale is None or locale == ENGLISH:
        return str.__str__(text)
    template = catalogue(locale).get(text.template, text.template)
    params = {key: _param(value, locale) for key, value in text.params.items()}
    try:
        return format_text(template, params, locale)
    except (KeyError, IndexError, ValueError):  # a broken translation: say it in English
        return str.__str__(text)


def t(locale: str | None, template: str, /, **params: Any) -> str:
    """Say ``msg(template, **params)`` in ``locale`` at once (for the bot's own texts and the
    boards' labels). English is formatted directly, without building a ``Msg``."""
    if (locale is None or locale == ENGLISH) and not any(
        value.__class__ is list or value.__class__ is tuple for value in params.values()
    ):
        return format_text(template, params) if params else template
    return localise(msg(template, **params), locale)


def _param(value: Any, locale: str) -> Any:
    if isinstance(value, Msg):
        return localise(value, locale)
    if isinstance(value, list | tuple):
        return JOINER.join(str(_param(v, locale)) for v in value)
    return value
