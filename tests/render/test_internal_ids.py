"""Issue 12, item 8: no raw ids or clipped words on a board, in any language.

Full random matches of every game are drawn in English, Brazilian Portuguese and Polish (board
and seat 0's panel at every sampled state); every text drawn is recorded.

An *internal id* is, in a drawn text:
- a snake_case identifier: two or more lower-case words or numbers joined by "_"
  (``sc_hebrew_pairs``, ``west_north``, ``turn_end``);
- an option-id-like setting, ``name=value`` (``solo_difficulty=hard``);
- a whole text that is the id of a named thing of the game's data module: a region of
  rules/ankh/data.py (``east``, ``delta2``), a territory card of rules/plagues/data.py.
Allowed, because players type them (docs/languages.md, "Not translated"): an option id in its
typed notation ``prefix:value`` (``pick:sc_ankh``, ``tile:3``), and the board coordinates that
*are* option values, printed the same in every language beside the thing they name: Tekhenu's
people-statue and Osiris spaces (rules/tekhenu/data.py ``PEOPLE_SPACES``, ``OSIRIS_SPACES``),
as Ankh's hex ids and Amun-Re's province tags are.

A *clipped label* is a text cut with "…" (a text that only starts with "…" is not cut). There
is none in any language: a long label wraps, shrinks (not below the game's smallest size) or
is said shorter in the catalogue.
"""

from __future__ import annotations

import re
from collections import Counter

import pytest

import lang
import render
import rules
from rules.ankh.data import SCENARIOS
from rules.plagues.data import TERRITORIES
from rules.tekhenu.data import OSIRIS_SPACES, PEOPLE_SPACES
from rules.testing import random_playout
from tests.render.test_languages import _clear_caches, drawn_texts

GAMES = ("amunre", "ankh", "plagues", "tekhenu")
LOCALES = ("en", "pt-BR", "pl")
SAMPLES = 25  # states drawn per match

SNAKE = re.compile(r"(?<![\w:./=<-])[a-z][a-z0-9]*(?:_[a-z0-9]+)+(?![\w>])")
SETTING = re.compile(r"(?<![\w:])[a-z][a-z0-9_]*=[a-z0-9_]+")
COORDINATES = frozenset(PEOPLE_SPACES) | frozenset(OSIRIS_SPACES)
ANKH_REGIONS = frozenset(
    str(region["name"]) for scenario in SCENARIOS for region in scenario.get("regions", [])
)
NAMED_IDS = {
    "ankh": re.compile(rf"({'|'.join(sorted(ANKH_REGIONS, key=len, reverse=True))})\d*"),
    "plagues": re.compile("|".join(re.escape(cid) for cid in sorted(TERRITORIES))),
}


def internal_ids(game: str, text: str) -> list[str]:
    found = [m for m in SNAKE.findall(text) if m not in COORDINATES]
    found += SETTING.findall(text)
    named = NAMED_IDS.get(game)
    if named is not None and named.fullmatch(text.strip(" ()·:")):
        found.append(text)
    return found


def _said_with_ellipsis() -> frozenset[str]:
    """Words a template itself ends with "…" ("card: choosing…"), in every language."""
    english = list(lang.catalogue("pt-BR"))  # the catalogue's keys are the English templates
    texts = [*english, *(t for loc in LOCALES[1:] for t in lang.catalogue(loc).values())]
    return frozenset(word for text in texts for word in re.findall(r"[^\W\d_]+…", text))


SAID_WITH_ELLIPSIS = _said_with_ellipsis()


def is_clipped(text: str) -> bool:
    text = text.lstrip("… ")
    for word in SAID_WITH_ELLIPSIS:
        text = text.replace(word, "")
    return "…" in text


def match_texts(game: str, locale: str, seed: int) -> list[str]:
    engine = rules.get(game)
    played = random_playout(engine, engine.max_players, seed, keep_states=True)
    states = played.states[:: max(1, len(played.states) // SAMPLES)] + [played.state]
    _clear_caches()  # static layers are drawn again, in this language
    with drawn_texts() as texts:
        for state in states:
            render.board(game, engine.view(state, None), locale=locale)
            render.panel(game, engine.view(state, 0), locale=locale)
    _clear_caches()
    return texts


def check_match(game: str, locale: str, seed: int) -> Counter:
    texts = match_texts(game, locale, seed)
    assert len(texts) > 100
    ids = sorted({(found, text) for text in texts for found in internal_ids(game, text)})
    assert not ids, f"{game} ({locale}) draws internal ids: {ids[:15]}"
    return Counter(text for text in texts if is_clipped(text))


@pytest.mark.parametrize("locale", LOCALES)
@pytest.mark.parametrize("game", GAMES)
def test_a_full_match_draws_no_internal_id(game, locale):
    clipped = check_match(game, locale, seed=7)
    assert not clipped, f"{game} ({locale}) clips labels: {sorted(clipped)[:15]}"


@pytest.mark.sweep
@pytest.mark.parametrize("seed", range(8, 14))
@pytest.mark.parametrize("locale", LOCALES)
@pytest.mark.parametrize("game", GAMES)
def test_more_matches_draw_no_internal_id(game, locale, seed):
    clipped = check_match(game, locale, seed)
    assert not clipped, f"{game} ({locale}, seed {seed}) clips labels: {sorted(clipped)[:15]}"


def test_the_definition():
    assert internal_ids("plagues", "sc_hebrew_pairs") and internal_ids("ankh", "west_north")
    assert internal_ids("ankh", "delta2") and internal_ids("plagues", "sc_ankh ✓used")
    assert internal_ids("tekhenu", "Tury · krok: turn_end")
    assert internal_ids("amunre", "**off** (solo_difficulty=hard)")
    assert not internal_ids("plagues", "pick:sc_ankh") and not internal_ids("tekhenu", "o1_bread")
    assert not internal_ids("ankh", "Delta 2") and not internal_ids("ankh", "c4")
    assert not internal_ids("tekhenu", "option id die:<god>:<colour><value>")
    assert is_clipped("▶ jogan…") and not is_clipped("… deciding")
    assert not is_clipped("Osiris · card: choosing…") and is_clipped("Osiris · card: choo…")
