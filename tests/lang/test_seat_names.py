"""Seat references in texts (``rules.text.seat_ref``) are named by the bot at display time,
and every game's public view carries each seat's letter, colour and shape (``seat_marks``)."""

from __future__ import annotations

import pytest

import rules
from lang import localise
from rules.core import Event, seat_marks
from rules.text import msg, name_seats, referenced_seat, seat_ref

CAROL = msg(
    "{name} ({letter}, {colour} {shape})", name="carol", letter="C", colour=msg("green"), shape="▲"
)


def test_a_seat_reference_reads_seat_n_until_named() -> None:
    assert seat_ref(2) == "Seat 3"
    assert referenced_seat(seat_ref(2)) == 2
    assert referenced_seat(msg("Seat {n}", n="x")) is None
    assert referenced_seat("Seat 3") is None


def test_nested_references_are_named_in_every_language() -> None:
    text = msg("{seat} outbids {other}.", seat=seat_ref(2), other=seat_ref(0))
    labels = {2: CAROL}
    assert localise(text, "en", labels) == "carol (C, green ▲) outbids Seat 1."
    assert localise(text, "pt-BR", labels).startswith("carol (C, verde ▲)")
    assert localise(text, "pl", labels).startswith("carol (C, zielony ▲)")
    assert localise(text, "en") == "Seat 3 outbids Seat 1."  # no labels: as before


def test_stored_events_are_named_after_a_round_trip() -> None:
    event = Event("pass", msg("{seat} passes.", seat=seat_ref(1)))
    stored = Event.from_json(event.to_json()).text
    assert localise(stored, "en", {1: "bob (B, vermillion ■)"}) == "bob (B, vermillion ■) passes."


def test_lists_and_plain_values_pass_through() -> None:
    assert name_seats([seat_ref(0), "x", 3], {0: "ann"}) == ["ann", "x", 3]
    untouched = msg("{n} points", n=3)
    assert name_seats(untouched, {0: "ann"}) is untouched


@pytest.mark.parametrize("game", ["amunre", "ankh", "plagues", "tekhenu"])
def test_every_public_view_has_seat_marks(game: str) -> None:
    engine = rules.get(game)
    seats = max(engine.min_players, 2)
    view = engine.view(engine.new_game(seats, {}, 7), None)
    marks = view["seat_marks"]
    assert len(marks) == seats
    assert [m["letter"] for m in marks] == ["A", "B", "C", "D", "E"][:seats]
    assert len({m["shape"] for m in marks}) == seats


def test_seat_marks_agree_with_the_boards() -> None:
    from render.common import SEAT_STYLES

    shapes = {"circle": "●", "square": "■", "triangle": "▲", "diamond": "◆", "hexagon": "⬢"}
    for mark, style in zip(seat_marks(5), SEAT_STYLES, strict=True):
        assert mark["letter"] == style.letter
        assert mark["colour"] == style.colour_name
        assert mark["shape"] == shapes[style.shape]
