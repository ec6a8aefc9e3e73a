"""``/hand`` says in plain words what only a seat knows: every private view carries a ``summary``
(a list of texts) that exists in every language, is built from that seat's own view alone, and
never appears in the public view. Collected over real playouts of every game."""

from __future__ import annotations

import importlib
from typing import Any

import pytest

import rules
from rules.core import Engine
from rules.testing import random_playout
from tests.lang.texts import gaps_of

GAMES = ("amunre", "ankh", "plagues", "tekhenu")
SEEDS = (1, 2)


def _cases() -> list[tuple[str, int, int]]:
    cases = []
    for game in GAMES:
        engine = rules.get(game)
        for seats in sorted({engine.min_players, engine.max_players}):
            cases += [(game, seats, seed) for seed in SEEDS]
    return cases


def _summaries(engine: Engine, game: str, seats: int, seed: int) -> list[Any]:
    """Every summary text shown over one playout, checking each view on the way."""
    build = importlib.import_module(f"rules.{game}.view").private_summary
    texts: list[Any] = []

    def check(state: Any) -> None:
        assert "summary" not in engine.view(state, None)
        for seat in range(seats):
            view = engine.view(state, seat)
            summary = view.get("summary")
            assert isinstance(summary, list), (game, seat, view.keys())
            # Built from this seat's own view only: nothing another seat hides gets in.
            assert summary == build(view)
            texts.extend(summary)

    def on_step(before: Any, after: Any, move: tuple[int, str]) -> None:
        check(after)

    playout = random_playout(engine, seats, seed, on_step=on_step)
    check(playout.state)
    return texts


@pytest.mark.parametrize(("game", "seats", "seed"), _cases())
def test_every_private_view_has_a_translated_summary(game: str, seats: int, seed: int) -> None:
    engine = rules.get(game)
    texts = _summaries(engine, game, seats, seed)
    assert texts or game == "plagues", f"{game}: no summary ever said anything"
    gaps = gaps_of(texts)
    assert not any(gaps.values()), f"{game}: summary texts without a translation: {gaps}"


def test_tekhenu_summary_names_only_the_own_decrees() -> None:
    """The Decrees of another seat never show in a seat's summary (TEK-R030)."""
    engine = rules.get("tekhenu")
    seen = {"checked": 0}

    def on_step(before: Any, after: Any, move: tuple[int, str]) -> None:
        for seat, player in enumerate(after["players"]):
            text = " ".join(engine.view(after, seat)["summary"])
            mine = set(player["decrees"]) | set(player.get("dealt", []))
            for other, rival in enumerate(after["players"]):
                hidden = set(rival["decrees"]) | set(rival.get("dealt", []))
                for card in hidden - mine if other != seat else ():
                    assert card not in text, (seat, card, text)
                    seen["checked"] += 1
            for card in player["decrees"]:
                assert card in text

    random_playout(engine, 2, 1, on_step=on_step)
    assert seen["checked"] > 0
