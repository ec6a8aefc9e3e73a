"""Every text a game shows exists in every language (issue 6, item 7): prompts, option labels,
events, refusals, end-of-game lines and table options, collected over real playouts."""

from __future__ import annotations

import random
from typing import Any

import pytest

import rules
from rules.core import Engine, IllegalMove
from rules.testing import random_playout
from rules.text import Msg
from tests.lang.texts import gaps_of

GAMES = ("amunre", "ankh", "plagues", "tekhenu")
SEEDS = (1, 2)
REFUSALS_PER_STEP = 3


def game_texts(engine: Engine, seats: int, seed: int) -> list[Any]:
    """The texts one playout shows, with refusals of options offered at other times."""
    texts: list[Any] = []
    seen_ids: list[str] = []
    rng = random.Random(seed)

    def on_step(before: Any, after: Any, move: tuple[int, str]) -> None:
        for decision in engine.pending(before):
            texts.append(decision.prompt)
            texts.extend(option.label for option in decision.options)
            texts.extend(option.detail for option in decision.options if option.detail)
            seen_ids.extend(option.id for option in decision.options[:5])
        _, events = engine.apply(before, *move)
        texts.extend(event.text for event in events)
        texts.extend(_refusals(engine, after, seen_ids, rng))

    playout = random_playout(engine, seats, seed, on_step=on_step)
    result = engine.result(playout.state)
    if result is not None:
        texts.extend(result.tiebreaks)
        texts.extend(result.details)
    texts.extend(_refusals(engine, playout.state, seen_ids, rng))
    return texts


def _refusals(engine: Engine, state: Any, seen_ids: list[str], rng: random.Random) -> list[Any]:
    reasons: list[Any] = []
    for decision in engine.pending(state)[:1]:
        offered = set(decision.option_ids())
        tries = [i for i in rng.sample(seen_ids, min(len(seen_ids), 8)) if i not in offered]
        for option_id in tries[:REFUSALS_PER_STEP] + ["no-such-option"]:
            reasons.append(_refusal(engine, state, decision.seat, option_id))
    if not engine.pending(state):
        reasons.append(_refusal(engine, state, 0, "anything"))
    return reasons


def _refusal(engine: Engine, state: Any, seat: int, option_id: str) -> Any:
    try:
        engine.apply(state, seat, option_id)
    except IllegalMove as exc:
        return exc.args[0]
    return None


def _table_option_texts(engine: Engine) -> list[Any]:
    texts: list[Any] = [variant.label for variant in engine.variants]
    texts += [variant.choice_label(c) for variant in engine.variants for c in variant.choices]
    for bad in ({"no_such_option": "1"}, {v.key: "not-a-choice" for v in engine.variants[:1]}):
        try:
            engine.normalise_options(bad)
        except IllegalMove as exc:
            texts.append(exc.args[0])
    for seats in (engine.min_players - 1, engine.max_players + 1):
        try:
            engine.check_seats(seats)
        except IllegalMove as exc:
            texts.append(exc.args[0])
    return texts


@pytest.mark.parametrize("game", GAMES)
def test_every_game_text_is_translated(game: str) -> None:
    engine = rules.get(game)
    texts = _table_option_texts(engine)
    for seats in sorted({engine.min_players, engine.max_players}):
        for seed in SEEDS:
            texts += game_texts(engine, seats, seed)
    assert len(texts) > 100
    gaps = gaps_of(t for t in texts if t is not None)
    for locale, missing in gaps.items():
        assert not missing, (
            f"{game}: {len(missing)} texts have no {locale} translation:\n"
            + "\n".join(missing[:60])
        )


def _texts_in(node: Any) -> list[Msg]:
    """Every ``Msg`` inside a view (names of gods, provinces, cards, seats, the score unit)."""
    if isinstance(node, Msg):
        return [node]
    if isinstance(node, dict):
        return [text for value in node.values() for text in _texts_in(value)]
    if isinstance(node, list | tuple):
        return [text for value in node for text in _texts_in(value)]
    return []


@pytest.mark.parametrize("game", GAMES)
def test_public_views_name_things_in_every_language(game: str) -> None:
    """The names a public view carries for the boards and the bot (seat names, score unit,
    gods, provinces, cards...) are texts every language can say."""
    engine = rules.get(game)
    state = engine.new_game(engine.max_players, engine.normalise_options({}), 1)
    texts = _texts_in(engine.view(state, None))
    assert texts, f"{game}: its public view names nothing translatable"
    gaps = gaps_of(texts)
    assert not any(gaps.values()), gaps
