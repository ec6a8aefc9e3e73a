"""The lobby names every table option and its value in the reader's language: no raw ids."""

from __future__ import annotations

import pytest

import rules
from cogs.lobby import describe_options
from lang import SUPPORTED, localise
from rules.text import Msg

GAMES = ("tekhenu", "ankh", "amunre", "plagues")
SAID = {
    "en": ["Advanced papyrus: **off**", "Solo: your province: **Edfu** ✱"],
    "pt-BR": ["Papiro avançado: **desligado**", ": **Edfu** ✱"],
    "pl": [": **wyłączone**", ": **Edfu** ✱"],
}


@pytest.mark.parametrize("loc", SUPPORTED)
def test_plagues_options_are_said_in_the_readers_language(loc: str) -> None:
    lines = describe_options("plagues", {"advanced": "off", "province": "edfu"}, loc)
    for line, expected in zip(lines, SAID[loc], strict=True):
        assert expected in line, (loc, lines)
        assert "`" not in line and "edfu" not in line, line


@pytest.mark.parametrize("loc", SUPPORTED)
@pytest.mark.parametrize("game", GAMES)
def test_no_option_or_value_id_is_shown(game: str, loc: str) -> None:
    """Every value has a translatable name (tests/lang checks the catalogues have it)."""
    for variant in rules.get(game).variants:
        for choice in variant.choices:
            label = variant.choice_label(choice)
            assert isinstance(label, Msg), (game, variant.key, choice)
            (line,) = describe_options(game, {variant.key: choice}, loc)
            assert line.endswith(
                f": **{localise(label, loc)}**" + ("" if choice == variant.default else " ✱")
            )
            assert "`" not in line, line
