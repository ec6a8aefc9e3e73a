"""What the language tests look for: the templates written in the source, and the parts of a
text that a catalogue cannot say."""

from __future__ import annotations

import ast
import string
from collections.abc import Iterable, Iterator
from pathlib import Path
from typing import Any

import lang
from rules.text import Msg

ROOT = Path(__file__).resolve().parents[2]
SOURCE_DIRS = ("rules", "render", "bot", "cogs", "lang")
TRANSLATED = tuple(code for code in lang.SUPPORTED if code != lang.ENGLISH)
# msg(template, ...), term(word), t(locale, template, ...): where the template is.
TEMPLATE_ARG = {"msg": 0, "term": 0, "t": 1}


def source_files() -> Iterator[Path]:
    for folder in SOURCE_DIRS:
        yield from sorted((ROOT / folder).rglob("*.py"))


def _called_name(node: ast.Call) -> str | None:
    func = node.func
    if isinstance(func, ast.Name):
        return func.id
    if isinstance(func, ast.Attribute):
        return func.attr
    return None


def source_templates() -> dict[str, str]:
    """Every literal template in the source: template -> "file:line" of its first use."""
    found: dict[str, str] = {}
    for path in source_files():
        tree = ast.parse(path.read_text(encoding="utf-8"))
        for node in ast.walk(tree):
            if not isinstance(node, ast.Call):
                continue
            index = TEMPLATE_ARG.get(_called_name(node) or "")
            if index is None or len(node.args) <= index:
                continue
            arg = node.args[index]
            if isinstance(arg, ast.Constant) and isinstance(arg.value, str):
                found.setdefault(arg.value, f"{path.relative_to(ROOT)}:{node.lineno}")
    return found


def fields(template: str) -> set[str]:
    """The named fields of a ``str.format`` template."""
    return {
        name.split(".")[0].split("[")[0]
        for _, name, _, _ in string.Formatter().parse(template)
        if name
    }


def untranslated(text: Any, locale: str) -> list[str]:
    """The parts of ``text`` that ``locale`` cannot say: templates missing from its catalogue,
    and plain strings with words in them (English that was never made a ``Msg``)."""
    if isinstance(text, Msg):
        gaps = (
            []
            if text.template in lang.catalogue(locale) or not _has_words(text.template)
            else [text.template]
        )
        for value in text.params.values():
            gaps += _param_gaps(value, locale)
        return gaps
    if isinstance(text, str) and _has_words(text):
        return [f"(plain str) {text}"]
    return []


def _param_gaps(value: Any, locale: str) -> list[str]:
    if isinstance(value, Msg):
        return untranslated(value, locale)
    if isinstance(value, list | tuple):
        return [gap for item in value for gap in _param_gaps(item, locale)]
    return []  # names, numbers and ids stay as they are


def _has_words(text: str) -> bool:
    """Text with a word to translate (not only numbers, symbols, placeholders or emoji)."""
    stripped = "".join(part for part, *_ in string.Formatter().parse(text)) if "{" in text else text
    return any(ch.isalpha() for ch in stripped)


def gaps_of(texts: Iterable[Any]) -> dict[str, list[str]]:
    """locale -> sorted untranslated parts over all ``texts``."""
    return {
        locale: sorted({gap for text in texts for gap in untranslated(text, locale)})
        for locale in TRANSLATED
    }
