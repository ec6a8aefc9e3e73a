"""Ankh's geometry: sizes, colours, the hex grid (flat-top, odd-q) and the side sections."""

from __future__ import annotations

import functools
import math
from dataclasses import dataclass

from render.common import (
    RGB,
)
from rules.ankh.data import (
    DEVOTION_TOP,
    NEIGHBORS_EVEN_COL,
    NEIGHBORS_ODD_COL,
)
from rules.ankh.view import PrivateView

# --- geometry (px) -----------------------------------------------------------------------------
WIDTH = 1360


MARGIN = 16


HEADER_H = 104


R = 46  # hex circumradius (flat-top hexes, "odd-q": odd columns half a hex further south)


HEX_H = math.sqrt(3) * R


MAP_X = MARGIN


MAP_Y = HEADER_H + 12


MAP_W = int(17 * R)


MAP_H = int(10 * HEX_H)


LEGEND_Y = MAP_Y + MAP_H + 6


LEGEND_H = 50


SIDE_X = MAP_X + MAP_W + 18


SIDE_W = WIDTH - MARGIN - SIDE_X


DEV_Y = LEGEND_Y + LEGEND_H + 8


DEV_TITLE_H = 30


DEV_CELL_H = 140


TABLE_GAP = 14


ROW_H = 54


HEAD_H = 30


# --- colours ---
HEADER_BG: RGB = (46, 38, 30)


CREAM: RGB = (250, 240, 215)


CREAM_SOFT: RGB = (205, 190, 160)


GOLD: RGB = (232, 188, 72)


BACKGROUND: RGB = (245, 236, 214)


FERTILE: RGB = (172, 208, 128)


FERTILE_DARK: RGB = (132, 178, 96)


DESERT: RGB = (238, 214, 158)


DESERT_DARK: RGB = (208, 178, 112)


WATER: RGB = (104, 164, 220)


WATER_LIGHT: RGB = (168, 206, 240)


NILE: RGB = (24, 92, 186)


HEX_LINE: RGB = (120, 104, 80)


REGION_LINE: RGB = (72, 40, 24)


CAMEL: RGB = (176, 112, 44)


HIGHLIGHT: RGB = (214, 0, 118)


STONE: RGB = (196, 190, 178)


UNDERWORLD: RGB = (92, 40, 128)


SUN: RGB = (255, 204, 0)


AIM: RGB = (200, 16, 16)


RED_ZONE: RGB = (238, 170, 160)


RED_DARK: RGB = (176, 40, 32)


BLUE_ZONE: RGB = (188, 210, 238)


WIN_CELL: RGB = (246, 214, 96)


ACTING_FILL: RGB = (255, 232, 150)


WINNER_FILL: RGB = (255, 214, 120)


GREY_FILL: RGB = (214, 208, 198)


CONFLICT_FILL: RGB = (150, 52, 40)


CONTROL_FILL: RGB = (236, 224, 196)


CARAVAN_FILL: RGB = (222, 184, 128)


DONE_FILL: RGB = (200, 196, 188)


MARKER: RGB = (40, 40, 40)


# odd-q neighbour offsets (d_row, d_col) by column parity, as the rules data defines them
NEIGHBOURS = {0: NEIGHBORS_EVEN_COL, 1: NEIGHBORS_ODD_COL}


# --- static keys and geometry ------------------------------------------------------------------
@dataclass(frozen=True)
class StaticHex:
    id: str
    row: int
    col: int
    terrain: str


@dataclass(frozen=True, eq=False)
class Board:
    """Terrain and rivers; compared and hashed by a fingerprint string (cheap cache keys)."""

    hexes: tuple[StaticHex, ...]
    rivers: tuple[tuple[str, str], ...]
    fingerprint: str

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Board) and other.fingerprint == self.fingerprint

    def __hash__(self) -> int:
        return hash(self.fingerprint)


def edge(a: str, b: str) -> tuple[str, str]:
    return (a, b) if a < b else (b, a)


def static_key(view: PrivateView) -> Board:
    """The never-changing part of a view (terrain and rivers): the static layer's cache key."""
    hexes = view.get("hexes", [])
    fingerprint = (
        ";".join(f"{h['id']},{h['row']},{h['col']},{h['terrain']}" for h in hexes)
        + "|"
        + ";".join(f"{a}-{b}" for a, b in view.get("river_edges", []))
    )
    return _board(fingerprint)


@functools.lru_cache(maxsize=16)
def _board(fingerprint: str) -> Board:
    hex_part, _, river_part = fingerprint.partition("|")
    hexes = []
    for item in filter(None, hex_part.split(";")):
        hex_id, row, col, terrain = item.split(",")
        hexes.append(StaticHex(hex_id, int(row), int(col), terrain))
    rivers = tuple(
        sorted(edge(*pair.split("-", 1)) for pair in filter(None, river_part.split(";")))
    )
    return Board(tuple(hexes), rivers, fingerprint)


def centre(row: int, col: int) -> tuple[float, float]:
    return (MAP_X + R + 1.5 * R * col, MAP_Y + HEX_H / 2 + HEX_H * (row + 0.5 * (col % 2)))


def hex_points(cx: float, cy: float, r: float = R) -> list[tuple[float, float]]:
    return [
        (cx + r * math.cos(math.radians(a)), cy + r * math.sin(math.radians(a)))
        for a in range(0, 360, 60)
    ]


@functools.lru_cache(maxsize=16)
def geometry(board: Board) -> tuple[dict[str, tuple[float, float]], dict[str, tuple[str, ...]]]:
    centres = {h.id: centre(h.row, h.col) for h in board.hexes}
    by_pos = {(h.row, h.col): h.id for h in board.hexes}
    neighbours = {}
    for h in board.hexes:
        near = []
        for dr, dc in NEIGHBOURS[h.col % 2]:
            other = by_pos.get((h.row + dr, h.col + dc))
            if other:
                near.append(other)
        neighbours[h.id] = tuple(near)
    return centres, neighbours


def edge_segment(
    a: tuple[float, float], b: tuple[float, float], shrink: float = 1.0
) -> tuple[tuple[float, float], tuple[float, float]]:
    """The shared side of two neighbouring hexes with centres ``a`` and ``b``."""
    mx, my = (a[0] + b[0]) / 2, (a[1] + b[1]) / 2
    dx, dy = b[0] - a[0], b[1] - a[1]
    length = math.hypot(dx, dy) or 1.0
    px, py = -dy / length, dx / length
    half = R / 2 * shrink
    return (mx - px * half, my - py * half), (mx + px * half, my + py * half)


@dataclass(frozen=True)
class Layout:
    height: int
    table_y: int
    players: int


def table_layout(players: int) -> Layout:
    table_y = DEV_Y + DEV_TITLE_H + DEV_CELL_H + TABLE_GAP
    height = table_y + HEAD_H + max(2, players) * ROW_H + 16
    return Layout(height, table_y, players)


# --- static layer ------------------------------------------------------------------------------
ACTION_TILE_H = 4 * 40


EVENT_TILE_H = 144


SIDE_SECTIONS = {  # title y offsets in the right column
    "actions": MAP_Y,
    "events": MAP_Y + 200,
    "regions": MAP_Y + 370,
}


def dev_cell(value: int) -> tuple[int, int, int, int]:
    width = (WIDTH - 2 * MARGIN) // (DEVOTION_TOP + 1)
    x0 = MARGIN + value * width
    y0 = DEV_Y + DEV_TITLE_H
    return (x0, y0, x0 + width - 2, y0 + DEV_CELL_H)


LINES = "scarab.lines"  # region_layer().info key: (borders, camels) in board coordinates


Segment = tuple[tuple[float, float], tuple[float, float]]


SPRITE_W, SPRITE_H, SPRITE_CY = 104, 88, 40


# --- private panel -----------------------------------------------------------------------------
PANEL_W = 900
