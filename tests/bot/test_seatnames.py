"""bot.seatnames: one builder names seats in refusals (the service) and posts (the cogs)."""

from __future__ import annotations

from bot.model import MatchInfo, SeatInfo
from bot.seatnames import seat_label, seat_name
from cogs.common import player_name
from lang import localise
from rules.core import seat_marks

SEATS = [
    SeatInfo(0, 11, False, "carol*"),
    SeatInfo(1, None, True, None, ai_level="hard"),
    SeatInfo(2, 33, False, "dan", taken_over=True, ai_level="normal"),
    SeatInfo(3, 44, False, None),
]
INFO = MatchInfo(1, 1, 2, 3, "toy", "Toy", {}, SEATS, 5, "active", 4, 11)
VIEW = {"seat_marks": seat_marks(5), "seat_names": ["", "", "", "", "Botankhamun"]}


def text(value: str) -> str:
    return localise(value, "en")


def test_every_kind_of_seat_is_named():
    assert text(seat_name(INFO, 0, VIEW)) == "carol*"
    assert text(seat_name(INFO, 1, VIEW)) == "🤖 AI (hard)"
    assert text(seat_name(INFO, 2, VIEW)) == "dan (AI, normal)"
    assert text(seat_name(INFO, 3, VIEW)) == "<@44>"
    assert text(seat_name(INFO, 3, VIEW, mention=False)) == "Seat 4"
    assert text(seat_name(INFO, 4, VIEW)) == "🤖 Botankhamun"


def test_the_label_adds_the_seat_mark_and_the_front_end_escapes():
    label = text(seat_label(INFO, 2, VIEW))
    mark = VIEW["seat_marks"][2]
    assert label.startswith("dan (AI, normal) (C, ") and label.endswith(f"{mark['shape']})")
    assert text(player_name(INFO, 0, VIEW)) == "carol\\*"
    assert text(seat_name(INFO, 0, VIEW)) == "carol*"  # the service's refusals: as kept
