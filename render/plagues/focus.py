"""10 Plagues' focus image: the region the current decision is about, readable on a phone."""

from __future__ import annotations

from collections.abc import Iterable

from PIL import Image

from render.common import (
    band_height,
    focus_image,
    recording_texts,
    with_band,
)
from render.plagues.board import board_places, header_band, highlights, resolve
from render.plagues.layout import PB_H, PB_W, Box, Layout, Places, static_key
from render.plagues.static import static_texts
from rules.plagues.view import PrivateView

# the shared places each phase's decision is about (the acting seat's board comes with them)
FOCUS_PLACES = {
    "dice": ("tile:", "hebrew:"),
    "territories": ("pick:",),
    "plague": ("cancel:", "plague"),
}


def focus(
    view: PrivateView, *, highlight: str | Iterable[str] | None = None, locale: str = "en"
) -> Image.Image:
    """The region the current decision is about, enlarged to read on a phone: the dice
    spaces and Hebrews, the territory cards or the plague, and the acting seat's board."""
    return board_and_focus(view, highlight=highlight, locale=locale)[1]


def board_and_focus(
    view: PrivateView, *, highlight: str | Iterable[str] | None = None, locale: str = "en"
) -> tuple[Image.Image, Image.Image]:
    """``board`` and ``focus`` from one drawing of the board (a turn post shows both)."""
    with recording_texts() as texts:
        image, places, layout = board_places(view, highlight, locale)
    image = with_band(image, header_band(view, locale))
    printed = static_texts(static_key(view, locale))
    return image, focus_image(
        image,
        focus_boxes(view, places, layout, highlight),
        [*printed, *texts],
        top=band_height(image.width),
    )


def _union(boxes: list[Box]) -> Box:
    return (
        min(b[0] for b in boxes),
        min(b[1] for b in boxes),
        max(b[2] for b in boxes),
        max(b[3] for b in boxes),
    )


def focus_boxes(
    view: PrivateView,
    places: Places,
    layout: Layout,
    highlight: str | Iterable[str] | None = None,
) -> list[Box]:
    """Where on the board (under its band) the current decision is."""
    groups: list[Box] = []
    marks = highlights(highlight)
    if marks:
        groups += resolve(marks, view, places)
    for prefix in FOCUS_PLACES.get(str(view.get("phase") or ""), ()):
        found = [
            box for name, boxes in places.shared.items() if name.startswith(prefix) for box in boxes
        ]
        if found:
            groups.append(_union(found))
    # one seat's board: the current seat's, else the only acting seat's (a decision all seats
    # make at once is about the shared places)
    current = view.get("current")
    acting = [int(seat) for seat in view.get("acting") or []]
    seats = (
        {int(current)}
        if current is not None and int(current) in acting
        else set(acting)
        if len(acting) == 1 or not groups
        else set()
    )
    for seat in sorted(seats)[:1]:
        if seat < len(layout.boards):
            x, y = layout.boards[seat]
            groups.append((x, y, x + PB_W, y + PB_H))
    return groups
