"""Amun-Re's focus image: the region the current decision is about, readable on a phone."""

from __future__ import annotations

from collections.abc import Iterable

from PIL import Image

from render.amunre.board import board, highlights
from render.amunre.layout import HEADER_H, HEADER_SPLITS, MARGIN, static_key
from render.amunre.seats import score_columns
from render.amunre.static import static_layer, static_texts
from render.common import (
    Box,
    band_height,
    focus_image,
    recording_texts,
)
from rules.amunre.view import PrivateView


def focus(
    view: PrivateView, *, highlight: str | Iterable[str] | None = None, locale: str = "en"
) -> Image.Image:
    """The region the current decision is about, enlarged to read on a phone: the provinces
    in auction, the offering tile, the acting seats' provinces or the scores."""
    return board_and_focus(view, highlight=highlight, locale=locale)[1]


def board_and_focus(
    view: PrivateView, *, highlight: str | Iterable[str] | None = None, locale: str = "en"
) -> tuple[Image.Image, Image.Image]:
    """``board`` and ``focus`` from one drawing of the board (a turn post shows both)."""
    with recording_texts() as texts:
        image = board(view, highlight=highlight, locale=locale)
    printed = static_texts(static_key(view["provinces"]), len(view.get("players", [])), locale)
    return image, focus_image(
        image,
        focus_boxes(view, highlight, locale),
        [*printed, *texts],
        top=band_height(image.width),
    )


def focus_boxes(
    view: PrivateView, highlight: str | Iterable[str] | None = None, locale: str = "en"
) -> list[Box]:
    """Where on the board (under its band) the current decision is."""
    provinces = view["provinces"]
    players = view.get("players", [])
    _base, layout = static_layer(static_key(provinces), len(players), locale)
    phase = view.get("phase", "")
    acting = set(view.get("acting") or [])
    marked = highlights(highlight)
    ids = [p["id"] for p in provinces if p["id"] in marked]
    if phase == "auction":
        ids += [p["id"] for p in provinces if p.get("in_auction")]
    elif phase == "purchase":
        ids += [p["id"] for p in provinces if p.get("owner") in acting]
    boxes: list[Box] = [layout.boxes[i] for i in dict.fromkeys(ids) if i in layout.boxes]
    if phase == "offering" or not boxes:
        boxes.insert(0, (HEADER_SPLITS[1], 0, HEADER_SPLITS[2], HEADER_H))
    if phase in ("harvest", "over", "purchase") or not ids:
        seat_vp_gold = sum(c.width for c in score_columns(locale, "")[:3])
        boxes.append((MARGIN, layout.score_y, MARGIN + seat_vp_gold, layout.height))
    return boxes
