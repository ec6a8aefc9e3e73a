"""Amun-Re's geometry: sizes, colours and where each province box, bank and table goes."""

from __future__ import annotations

import functools
from collections import Counter, defaultdict
from collections.abc import Iterable
from dataclasses import dataclass
from typing import Any

from lang import t
from render.common import (
    RGB,
    font,
    text_advance,
)

# --- geometry (px) -----------------------------------------------------------------------------
WIDTH = 1320


MARGIN = 16


COL_W = 290


COL_GAP = 12


NILE_W = 88


BOX_H = 180


ROW_GAP = 12


STACK_GAP = 8


HEADER_H = 150


SEA_H = 30


BANK_LABEL_H = 30


REGION_BAND_H = 34


SOUTH_H = 28


SCORE_TITLE_H = 40


SCORE_ROW_H = 40


SCORE_HEAD_H = 30


FOOTER_H = 64  # favor discard pile, two lines


# columns: 0 west border, 1 west Nile bank, 2 east Nile bank, 3 east border (view row/col hint)
_WEST_NILE_X = MARGIN + 2 * COL_W + COL_GAP


NILE_X0 = _WEST_NILE_X + (COL_GAP // 2 + 2)


NILE_X1 = NILE_X0 + NILE_W


COL_X = (
    MARGIN,
    MARGIN + COL_W + COL_GAP,
    NILE_X1 + COL_GAP // 2 + 2,
    NILE_X1 + COL_GAP // 2 + 2 + COL_W + COL_GAP,
)


# header sections: start player / acting, offering tile, decks (x of their left edges)
HEADER_SPLITS = (385, 650, 1025)


# --- colours ---
HEADER_BG: RGB = (52, 42, 32)


CREAM: RGB = (250, 240, 215)


CREAM_SOFT: RGB = (205, 190, 160)


GOLD: RGB = (232, 188, 72)


DESERT: RGB = (233, 211, 160)


DESERT_DARK: RGB = (214, 186, 128)


FERTILE: RGB = (186, 214, 150)


FERTILE_DARK: RGB = (150, 190, 112)


NILE: RGB = (62, 130, 196)


NILE_LIGHT: RGB = (120, 176, 226)


SEA: RGB = (44, 104, 170)


REGION_LOWER: RGB = (92, 64, 40)


REGION_UPPER: RGB = (120, 52, 36)


AUCTION_EDGE: RGB = (196, 140, 0)


AUCTION_FILL: RGB = (255, 236, 168)


HIGHLIGHT: RGB = (214, 0, 118)


FARMER: RGB = (120, 78, 40)


STONE: RGB = (150, 150, 150)


PYRAMID: RGB = (222, 176, 82)


FIELD: RGB = (226, 214, 160)


ACTING_FILL: RGB = (255, 232, 150)


WINNER_FILL: RGB = (255, 214, 120)


BADGE_FAVOR: RGB = (221, 206, 240)


BADGE_MINE: RGB = (246, 214, 96)


BADGE_CARAVAN: RGB = (228, 196, 150)


BADGE_TEMPLE: RGB = (214, 214, 220)


PILL: RGB = (236, 228, 208)


# --- static layer ---
@dataclass(frozen=True)
class StaticProvince:
    id: str
    name: str
    region: str
    bank: str
    nile: bool
    row: int
    col: int
    fields: int
    favor_limit: int
    gold_mine: int
    caravan: int
    temples: int


@dataclass(frozen=True)
class Layout:
    boxes: dict[str, tuple[int, int, int, int]]
    map_bottom: int
    height: int
    score_y: int


def _hint(province: dict[str, Any], key: str) -> int:
    if key in province:
        return int(province[key])
    return int(province.get("map", {}).get(key, 0))


def static_key(provinces: Iterable[dict[str, Any]]) -> tuple[StaticProvince, ...]:
    """The hashable, never-changing part of the province list (the static layer's cache key)."""
    return tuple(
        StaticProvince(
            p["id"],
            p.get("name", p["id"]),
            p.get("region", "lower"),
            p.get("bank", "west"),
            bool(p.get("nile", False)),
            _hint(p, "row"),
            max(0, min(3, _hint(p, "col"))),
            int(p.get("fields", 0)),
            int(p.get("favor_limit", 0)),
            int(p.get("gold_mine", 0)),
            int(p.get("caravan", 0)),
            int(p.get("temples", 0)),
        )
        for p in provinces
    )


def province_layout(provinces: tuple[StaticProvince, ...], seats: int) -> tuple[Layout, list]:
    """Deterministic layout: rows north->south; provinces sharing a row/col cell are stacked
    in data order; a region band precedes each run of rows of one region."""
    cells: dict[tuple[int, int], list[StaticProvince]] = defaultdict(list)
    for province in provinces:
        cells[(province.row, province.col)].append(province)
    rows = sorted({p.row for p in provinces})
    y = HEADER_H + SEA_H + BANK_LABEL_H
    boxes: dict[str, tuple[int, int, int, int]] = {}
    bands: list[tuple[str, int, int]] = []  # (region, y, count)
    previous_region = None
    for row in rows:
        in_row = [p for p in provinces if p.row == row]
        region = Counter(p.region for p in in_row).most_common(1)[0][0]
        if region != previous_region:
            count = sum(1 for p in provinces if p.region == region)
            bands.append((region, y, count))
            y += REGION_BAND_H + 6
            previous_region = region
        stack = (
            max(len(cells[(row, col)]) for col in range(4) if cells.get((row, col)))
            if any(cells.get((row, c)) for c in range(4))
            else 1
        )
        for col in range(4):
            for index, province in enumerate(cells.get((row, col), [])):
                top = y + index * (BOX_H + STACK_GAP)
                boxes[province.id] = (COL_X[col], top, COL_X[col] + COL_W, top + BOX_H)
        y += stack * BOX_H + (stack - 1) * STACK_GAP + ROW_GAP
    map_bottom = y + SOUTH_H
    score_y = map_bottom + 12
    height = score_y + SCORE_TITLE_H + SCORE_HEAD_H + max(1, seats) * SCORE_ROW_H + FOOTER_H
    return Layout(boxes, map_bottom, height, score_y), bands


def field_slot(
    box: tuple[int, int, int, int], index: int, locale: str = "en"
) -> tuple[int, int, int, int]:
    x = box[0] + fields_x(locale) + index * 25
    y = box[1] + 70
    return (x, y, x + 22, y + 22)


@functools.lru_cache(maxsize=8)
def fields_x(locale: str) -> int:
    """x offset of the first field slot: after the word "fields" in ``locale``."""
    return max(62, 10 + round(text_advance(font(15), t(locale, "fields"))) + 8)


@functools.lru_cache(maxsize=8)
def piece_row(locale: str) -> tuple[str, str, int, int, int]:
    """The stones/pyramids row of a province in ``locale``: both labels and the x offsets
    (from the box's left edge) of the stone icon, the pyramids label and the pyramid icon,
    placed after the words so longer words push the icons right."""
    label_font = font(15)
    stones, pyramids = t(locale, "stones"), t(locale, "pyramids")
    stone_x = max(66, 10 + round(text_advance(label_font, stones)) + 6)
    pyramids_x = max(130, stone_x + 64)
    pyramid_x = max(206, pyramids_x + round(text_advance(label_font, pyramids)) + 5)
    return stones, pyramids, stone_x, pyramids_x, pyramid_x


# --- private panel ---
PANEL_W = 900
