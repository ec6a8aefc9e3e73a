"""Ankh's focus image: the region the current decision is about, readable on a phone."""

from __future__ import annotations

from collections.abc import Iterable

from PIL import Image

from render.ankh.board import board, highlight_targets
from render.ankh.layout import (
    HEX_H,
    LEGEND_Y,
    MAP_H,
    MAP_W,
    MAP_X,
    MAP_Y,
    MARGIN,
    SIDE_SECTIONS,
    SIDE_X,
    WIDTH,
    R,
    geometry,
    static_key,
)
from render.ankh.static import static_texts
from render.common import (
    Box,
    band_height,
    focus_image,
    recording_texts,
)
from rules.ankh.view import PrivateView

# steps decided on the action tracks, and in a conflict; the others are on the map, around the
# acting god's figures
FOCUS_ACTION_STEPS = frozenset({"action", "unlock"})


FOCUS_CONFLICT_STEPS = frozenset({"battle_card", "locust_bid", "tiebreak"})


ACTION_TILE_TEXT_PX = 12  # the smallest word of the pasted action tile (_action_tile)


REGIONS_TILE_TEXT_PX = 14  # ... and of the regions list (_regions_tile)


FOCUS_MAP_MIN = (7 * R, 4 * HEX_H)  # a map focus shows at least this much around its hexes


def focus(
    view: PrivateView, *, highlight: str | Iterable[str] | None = None, locale: str = "en"
) -> Image.Image:
    """The region the current decision is about, enlarged to read on a phone."""
    return board_and_focus(view, highlight=highlight, locale=locale)[1]


def board_and_focus(
    view: PrivateView, *, highlight: str | Iterable[str] | None = None, locale: str = "en"
) -> tuple[Image.Image, Image.Image]:
    """``board`` and ``focus`` from one drawing of the board (a turn post shows both)."""
    with recording_texts() as texts:
        image = board(view, highlight=highlight, locale=locale)
    texts = [*static_texts(static_key(view), len(view.get("players", [])), locale), *texts]
    boxes = focus_boxes(view, highlight)
    tiles = [
        ACTION_TILE_TEXT_PX if box[1] == SIDE_SECTIONS["actions"] else REGIONS_TILE_TEXT_PX
        for box in boxes
        if box[0] == SIDE_X - 4
    ]
    return image, focus_image(
        image, boxes, texts, top=band_height(image.width), floor=min(tiles, default=None)
    )


def _hex_box(centres: dict[str, tuple[float, float]], hexes: Iterable[str]) -> Box | None:
    points = [centres[h] for h in hexes if h in centres]
    if not points:
        return None
    x0, x1 = min(x for x, _ in points) - 1.3 * R, max(x for x, _ in points) + 1.3 * R
    y0, y1 = min(y for _, y in points) - HEX_H, max(y for _, y in points) + HEX_H
    grow_x, grow_y = max(0.0, FOCUS_MAP_MIN[0] - (x1 - x0)), max(0.0, FOCUS_MAP_MIN[1] - (y1 - y0))
    return (
        int(max(MAP_X, x0 - grow_x / 2)),
        int(max(MAP_Y, y0 - grow_y / 2)),
        int(min(MAP_X + MAP_W, x1 + grow_x / 2)),
        int(min(MAP_Y + MAP_H, y1 + grow_y / 2)),
    )


def focus_boxes(view: PrivateView, highlight: str | Iterable[str] | None = None) -> list[Box]:
    """Where on the board (under its band) the current decision is."""
    centres, _n = geometry(static_key(view))
    region_ids = {str(r.get("id")) for r in view.get("regions", [])}
    hexes, _edges, regions, actions = highlight_targets(highlight, centres, region_ids)
    step = str(view.get("step") or "")
    boxes: list[Box] = []
    if step in FOCUS_ACTION_STEPS or actions:
        boxes.append(
            (SIDE_X - 4, SIDE_SECTIONS["actions"], WIDTH - MARGIN, SIDE_SECTIONS["events"] - 4)
        )
    if step in FOCUS_CONFLICT_STEPS:
        boxes.append((SIDE_X - 4, SIDE_SECTIONS["regions"], WIDTH - MARGIN, LEGEND_Y))
        current = (view.get("conflict") or {}).get("region")
        regions = set(regions) | ({str(current)} if current else set())
    named = set(hexes) | {
        h
        for r in view.get("regions", [])
        if str(r.get("id")) in regions
        for h in r.get("hexes") or []
    }
    if not named and step not in FOCUS_ACTION_STEPS | FOCUS_CONFLICT_STEPS:
        turn = view.get("turn_seat")
        owner = next((p for p in view.get("players", []) if turn in (p.get("seats") or [])), None)
        number = owner.get("player") if owner else None
        named = {str(f.get("hex")) for f in view.get("figures", []) if f.get("owner") == number}
    box = _hex_box(centres, named)
    if box is not None:
        boxes.append(box)
    return boxes or [
        (SIDE_X - 4, SIDE_SECTIONS["actions"], WIDTH - MARGIN, SIDE_SECTIONS["events"] - 4)
    ]
