"""lang.localise, rules.text.Msg and language choice (issue 6, item 7)."""

from __future__ import annotations

import pickle

import pytest

import lang
from rules.core import Event, Result
from rules.text import Msg, decode, encode, msg, term


def test_a_msg_is_its_english_text() -> None:
    text = msg("{seat} builds a Statue for {god}.", seat="Seat 1", god=term("Horus"))
    assert text == "Seat 1 builds a Statue for Horus."
    assert isinstance(text, str) and isinstance(text, Msg)
    assert pickle.loads(pickle.dumps(text)).params["god"].template == "Horus"


def test_lists_are_said_as_lists() -> None:
    text = msg("Left: {items}.", items=[term("Gold"), term("Stone")])
    assert text == "Left: Gold, Stone."


def test_json_keeps_the_template() -> None:
    text = msg("{seat} passes.", seat=msg("Seat {n}", n=2))
    again = decode(encode(text))
    assert again == text and again.template == text.template
    assert again.params["seat"].params == {"n": 2}


def test_events_and_results_keep_their_texts_through_json() -> None:
    event = Event("pass", msg("{seat} passes.", seat="A"))
    assert Event.from_json(event.to_json()).text.template == "{seat} passes."
    result = Result((1, 2), (2, 1), tiebreaks=(msg("Tie broken by {what}.", what=term("Gold")),))
    assert decode(result.to_json()["tiebreaks"])[0].template == "Tie broken by {what}."


def test_unknown_templates_fall_back_to_english() -> None:
    assert lang.localise(msg("No such text {n}", n=3), "pl") == "No such text 3"
    assert lang.localise("plain", "pt-BR") == "plain"


@pytest.mark.parametrize(
    "code,expected",
    [
        ("en-US", "en"),
        ("en-GB", "en"),
        ("pt-BR", "pt-BR"),
        ("pt-br", "pt-BR"),
        ("pl", "pl"),
        ("Polski", "pl"),
        ("fr", None),
        ("", None),
        (None, None),
        ("klingon", None),
    ],
)
def test_resolve(code, expected) -> None:
    assert lang.resolve(code) == expected


def test_translated_templates_are_used() -> None:
    text = msg("I will speak {language} to you.", language="Polski")
    assert lang.localise(text, "pl") != str(text)
    assert "Polski" in lang.localise(text, "pl")
    assert lang.localise(text, "pt-BR") != str(text)
