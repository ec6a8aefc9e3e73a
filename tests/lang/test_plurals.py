"""Counts meet nouns in the right form in every language (issue 12, item 9): a template says a
noun's forms after ``:plural:`` (``"{n} {n:plural:card|cards}"``), each language in its own
plural rules (``rules.text.PLURAL_RULES``): English and Portuguese one|other, Polish
one|few|many. Every counted template is rendered with counts 1, 2, 5, 12 and 22 in each
language, and no English template may write "card(s)" or put a bare count before a plural
noun."""

from __future__ import annotations

import re
import string

import pytest

import lang
from rules.text import PLURAL, msg
from tests.lang.texts import source_templates

COUNTS = (1, 2, 5, 12, 22)
FORMS = {"en": 2, "pt-BR": 2, "pl": 3}  # how many forms each language lists
# the form each language uses for each count: index into its forms
EXPECTED = {
    "en": {0: 1, 1: 0, 2: 1, 5: 1, 12: 1, 22: 1},
    "pt-BR": {0: 1, 1: 0, 2: 1, 5: 1, 12: 1, 22: 1},
    "pl": {0: 2, 1: 0, 2: 1, 5: 2, 12: 2, 22: 1, 25: 2, 104: 1, 112: 2},
}
# A count field right before a counted noun in the plural must pick its form.
COUNT_FIELDS = (
    "n|count|cost|level|needed|votes|seats|minis|coins|tiles|cards|gain|scribes|pillars|"
    "statues|built|filled|most|need"
)
COUNTED_NOUNS = (
    "cards|followers|camels|spaces|tiles|seats|votes|stones|farmers|pyramids|temples|fields|"
    "points|soldiers|losses|coins|pillars|statues|minis|Scribes|rounds|boats|provinces|"
    "penalties|players"
)
# On a board, a count before a countable noun in the singular ("{n} boat") is as wrong as
# "1 tiles".
BARE_SINGULAR = re.compile(
    r"\{\w+\} (?:card|follower|camel|space|tile|seat|vote|stone|farmer|pyramid|temple|field|"
    r"point|soldier|loss|coin|pillar|statue|Scribe|round|boat|province|penalty|player|land)\b"
)
BARE_COUNT = re.compile(
    rf"\{{(?:{COUNT_FIELDS})\}} (?:(?:coin|bonus|free|favor|battle|land) )?(?:{COUNTED_NOUNS})\b"
)
# counts that are never 1 (a range, a constant of at least 2)
NEVER_ONE = (
    "{n} players answer at the same time",
    "{n} choices: the menu",
    "Take {count} cards from",
    "Thoth: take {count} cards",
    "Amun: announce that you play {n} cards",
    "Yes, play {n} cards",
    "Amun announces {n} battle cards",
    "{seat} draws {count} favor cards",
    "{n} favor cards",
    "{n} farmers",
    "{n} stones",
    "needs exactly {need} stones",
    "{god}: pick a figure to move (each up to {n} spaces)",
    "fewer than {n} land spaces: each new region needs at least 6",
    "pay {cost} followers: build a monument",
    "{scenario} · {seats} players",  # Ankh seats 2 to 5
)
CHECKED = ("rules/", "bot/", "cogs/", "render/")


def _plural_specs(template: str) -> list[tuple[str, list[str]]]:
    """(field, forms) of each ``plural:`` field in ``template``."""
    return [
        (name, spec[len(PLURAL) :].split("|"))
        for _, name, spec, _ in string.Formatter().parse(template)
        if name and spec and spec.startswith(PLURAL)
    ]


def _counted_templates() -> dict[str, str]:
    return {t: where for t, where in source_templates().items() if PLURAL in t}


@pytest.mark.parametrize("locale", sorted(EXPECTED))
def test_each_language_picks_its_plural_form(locale: str) -> None:
    template = "{n}:{n:plural:a|b|c}"
    for count, index in EXPECTED[locale].items():
        said = lang.localise(msg(template, n=count), locale) if locale != "en" else None
        said = said or str(msg(template, n=count))
        assert said == f"{count}:{'abc'[index]}", (locale, count, said)


def test_plural_texts_are_used() -> None:
    assert len(_counted_templates()) >= 40


@pytest.mark.parametrize("locale", sorted(FORMS))
def test_every_counted_template_lists_its_forms_and_renders_them(locale: str) -> None:
    catalogue = lang.catalogue(locale)
    wrong = []
    for english, where in _counted_templates().items():
        said = english if locale == "en" else catalogue.get(english)
        if said is None:
            continue  # a missing translation fails in test_catalogues
        specs = _plural_specs(said)
        counted = {name for name, _ in _plural_specs(english) + specs}
        if locale != "en" and not specs and PLURAL not in said:
            # a language may avoid the count before a noun ("karty łaski: {n}")
            continue
        for name, forms in specs:
            if len(forms) != FORMS[locale] or not all(forms):
                wrong.append(f"{where}: {locale} lists {forms} for {name}")
        fields = {n for _, n, _, _ in string.Formatter().parse(said) if n}
        params = {f: (7 if f in counted else "X") for f in fields}
        for name, forms in specs:
            for count in COUNTS:
                text = lang.localise(msg(english, **{**params, name: count}), locale)
                expected = forms[EXPECTED[locale][count]]
                if expected not in text or PLURAL in text:
                    wrong.append(f"{where}: {locale} n={count}: {text!r} lacks {expected!r}")
    assert not wrong, "\n".join(wrong[:40])


def test_no_english_template_leaves_a_plural_to_chance() -> None:
    """No "card(s)", and no count before a counted noun without picking its form."""
    wrong = []
    for template, where in source_templates().items():
        if not where.startswith(CHECKED):
            continue
        if re.search(r"\w\((s|es)\)", template):
            wrong.append(f"{where}: {template!r}")
            continue
        found_all = list(BARE_COUNT.finditer(template))
        if where.startswith("render/"):  # engines pick the singular with a test of their own
            found_all += BARE_SINGULAR.finditer(template)
        for found in found_all:
            if not any(ok in template for ok in NEVER_ONE):
                wrong.append(f"{where}: {found.group(0)!r} in {template!r}")
    assert not wrong, "\n".join(wrong)


def test_one_point_is_singular() -> None:
    card = "{n} {n:plural:card|cards}"
    assert [str(msg(card, n=n)) for n in (1, 2)] == ["1 card", "2 cards"]
    text = "{n} {n:plural:karta|karty|kart}"
    assert [lang.t("pl", text, n=n) for n in (1, 2, 5, 22)] == [
        "1 karta",
        "2 karty",
        "5 kart",
        "22 karty",
    ]


@pytest.mark.parametrize(
    ("template", "said"),
    [
        (
            "Pillar pile: {n} {n:plural:tile|tiles}",
            ("Pillar pile: 1 tile", "Stos Filarów: 5 płytek"),
        ),
        ("Card pile: {n} {n:plural:card|cards}", ("Card pile: 1 card", "Stos kart: 5 kart")),
        ("Reserve {n} {n:plural:tile|tiles}", ("Reserve 1 tile", "Rezerwa: 5 żetonów")),
        ("{n} {n:plural:seat|seats}", ("1 seat", "5 miejsc")),
        ("{n} {n:plural:coin|coins}", ("1 coin", "5 monet")),
    ],
)
def test_board_labels_count_in_each_language(template: str, said: tuple[str, str]) -> None:
    """The boards' counted labels (issue 12): "1 tile", never "1 tiles"; Polish many."""
    one, polish_five = said
    assert lang.t("en", template, n=1) == one
    assert "1 " in lang.t("pt-BR", template, n=1)
    assert lang.t("pl", template, n=5) == polish_five
