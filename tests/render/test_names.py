"""Players' names on the boards (issue 12, item 3): the bot puts each seat's display name in
the view (``seat_labels``); every game draws them on its seat strips and score tables, fitted
or cut with "…", in every language, whatever the name: emoji, Hebrew or Arabic, 32 characters.
Each drawn name's ink box stays inside its image and overlaps no other text."""

from __future__ import annotations

from typing import Any

import pytest

import render
import rules
from render.common import DrawnText, drawable_name, recording_texts, seat_label
from rules.testing import random_option, random_playout

LONG = "Maximiliana Wróblewska-Dąbrowska"  # 32 characters, Discord's longest display name
NAMES = [LONG, "bob 🐍🔥", "כרמל לוי", "كارول", "Zoë 👩‍👩‍👧 Łódź"]
SEATS = {"amunre": 5, "ankh": 5, "plagues": 4, "tekhenu": 4}


def named(view: dict[str, Any], names: list[str]) -> dict[str, Any]:
    return {**view, "seat_labels": names[: len(view.get("seat_marks") or names)]}


def positions(game: str) -> list[dict[str, Any]]:
    """A mid-game and the final public view of a random match at the game's largest table."""
    engine = rules.get(game)
    playout = random_playout(engine, SEATS[game], seed=3, keep_states=True, chooser=random_option)
    middle = playout.states[len(playout.states) // 2]
    return [engine.view(middle, None), engine.view(playout.state, None)]


def overlaps(a: tuple[float, ...], b: tuple[float, ...]) -> bool:
    return min(a[2], b[2]) - max(a[0], b[0]) > 1 and min(a[3], b[3]) - max(a[1], b[1]) > 1


def name_texts(texts: list[DrawnText], names: list[str]) -> list[DrawnText]:
    """The drawn texts that show a player's name (whole, or cut with "…")."""
    shown = [drawable_name(n) for n in names]
    return [text for text in texts if any(name[:5] in text.text for name in shown if name)]


def test_drawable_names() -> None:
    assert drawable_name("bob 🐍🔥") == "bob"
    assert drawable_name("Zoë 👩‍👩‍👧 Łódź") == "Zoë Łódź"
    assert drawable_name("כרמל") == "למרכ"  # visual order for the basic layout
    assert drawable_name("carol עברית") == "carol עברית"  # mixed: left as typed
    assert drawable_name("🐍") == ""
    view = {"seat_labels": ["🐍", None, "ann"]}
    assert [seat_label(view, s, "Seat") for s in range(4)] == ["Seat", "Seat", "ann", "Seat"]


@pytest.mark.parametrize("game", sorted(SEATS))
def test_names_fit_their_boxes_in_every_language(game: str) -> None:
    drawn_names = 0
    for view in positions(game):
        for locale in ("en", "pt-BR", "pl"):
            with recording_texts() as texts:
                image = render.board(game, named(view, NAMES), locale=locale)
            names = name_texts(texts, NAMES)
            assert names, f"{game} {locale}: no player's name drawn"
            drawn_names += len(names)
            for text in names:
                box = text.box()
                assert box is not None
                width, height = text.canvas
                assert box[0] >= 0 and box[1] >= 0, (game, locale, text.text, box)
                assert box[2] <= width and box[3] <= height, (game, locale, text.text, box)
                others = [t for t in texts if t.layer == text.layer and t is not text]
                for other in others:
                    other_box = other.box()
                    if other_box and other.text.strip() and other not in names:
                        assert not overlaps(box, other_box), (
                            game, locale, text.text, box, other.text, other_box
                        )  # fmt: skip
            assert image.size[0] <= 1400
    assert drawn_names


@pytest.mark.parametrize("game", sorted(SEATS))
def test_the_longest_name_is_cut_not_spilled(game: str) -> None:
    view = positions(game)[-1]
    longest = "Aleksandra Konstantynopolitańska"  # 32 characters, not drawn before (caches)
    with recording_texts() as texts:
        render.board(game, named(view, [longest] * 5), locale="pl")
    drawn = [text for text in texts if "Ale" in text.text]
    assert drawn
    for text in drawn:
        assert text.text.endswith("…") or text.font.getlength(text.text) <= text.canvas[0]
