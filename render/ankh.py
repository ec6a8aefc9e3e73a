"""Ankh: Gods of Egypt: the board (public view) and a seat's private panel (/hand, DMs).

Only the view dicts of docs/views/ankh.md are read, never engine state. Three layers:

- the static layer (terrain hexes with their ids, the Nile, section frames, the devotion track
  cells), cached per board + player count;
- the region layer (region outlines and camels), cached per camel/region layout, which changes
  only on a Camel Caravan;
- the pieces of the moment (monuments, figures, tokens, tracks, tables), drawn on a copy.

Every hex carries its option id (``c4``); a camel edge ``camel:c4-c5`` is the edge between the
two labelled hexes. ``highlight`` takes hex ids, region ids or option ids (``to:c4``,
``camel:c4-c5``, ``aim:g5+h5``, ``keep:west1``, ``act:move``).
"""

from __future__ import annotations

import functools
import json
import math
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from typing import Any

from PIL import Image, ImageDraw

import lang
from render.common import (
    INK,
    INK_SOFT,
    PALETTE_HINT,
    PAPER,
    RGB,
    WHITE,
    Band,
    Box,
    Column,
    DrawnText,
    band_height,
    canvas_draw,
    colour_swatch,
    draw_shape,
    draw_table,
    fit_font,
    fit_text,
    focus_image,
    font,
    palette_image,
    recording_texts,
    rounded_panel,
    seat_style,
    seat_token,
    text_advance,
    text_on,
    with_band,
    wrap_items,
    wrap_text,
)
from rules.ankh.data import (
    ACTION_LABELS,
    AMUN_CARDS,
    BUILD_COST,
    CARD_NAMES,
    CARD_STRENGTH,
    CARDS,
    CONFLICTS,
    DEVOTION_TOP,
    EVENT_LABELS,
    FORGET_AFTER_CONFLICT,
    GOD_NAMES,
    GUARDIAN_LEVEL,
    GUARDIAN_NAMES,
    MERGE_AFTER_CONFLICT,
    POWER_LEVEL,
    POWER_NAMES,
    PRISON_SLOTS,
    RED_TOP,
    SCENARIO_TITLES,
)
from rules.text import msg, term

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

# Words drawn on the board are Msg terms (said in the reader's language at draw time).
GUARDIAN_SHORT = {
    "satet": term("Satet"),
    "cat_mummy": term("Cat"),
    "mummy": term("Mummy"),
    "apep": term("Apep"),
    "giant_scorpion": term("Scorp"),
    "androsphinx": term("Sphinx"),
}
CARD_SHORT = {
    "plague": term("Plague"),
    "cycle": term("Ma'at"),
    "drought": term("Drought"),
    "build": term("Build"),
    "flood": term("Flood"),
    "chariots": term("Chariots"),
    "miracle": term("Miracle"),
}
# One-line reminders of each battle card (presentation only; the rules live in rules/ankh).
CARD_BLURBS = {
    "plague": term("secret follower bids; only the top bidder's figures live"),
    "cycle": term("after the battle take all your used cards back"),
    "drought": term("if you win: +1 devotion per figure of yours on desert"),
    "build": msg("pay {cost} followers: build a monument in this region", cost=BUILD_COST),
    "flood": term("+1 follower per figure on fertile; those can't die in resolution"),
    "chariots": msg("+{n} strength", n=CARD_STRENGTH["chariots"]),
    "miracle": term("+1 devotion per figure of yours killed in this battle"),
}
EVENT_SHORT = {"control": term("Ctrl"), "caravan": term("Camel"), "conflict": "⚔"}
ACTION_SHORT = {
    "move": term("Move"),
    "summon": term("Summon"),
    "followers": term("Followers"),
    "unlock": term("Unlock"),
}
STEP_LABELS = {
    "action": term("choose an action"),
    "move": term("move figures"),
    "move_to": term("move a figure"),
    "push": term("Satet push"),
    "aim": term("Scorpion aim"),
    "summon": term("summon"),
    "summon_at": term("summon"),
    "sun": term("Ra: sun token"),
    "unlock": term("unlock a power"),
    "control": term("Control Monument"),
    "caravan": term("Camel Caravan"),
    "caravan_keep": term("keep the order token"),
    "caravan_swap": term("swap order tokens"),
    "caravan_swap_with": term("swap order tokens"),
    "obelisk": term("Obelisk Attunement"),
    "obelisk_to": term("Obelisk Attunement"),
    "amun": term("Amun: two cards?"),
    "battle_card": term("battle cards (sealed)"),
    "build": term("Build Monument"),
    "build_at": term("Build Monument"),
    "locust_bid": term("Plague bids (sealed)"),
    "imprison": term("Anubis: imprison"),
    "mummy": term("Mummy re-summon"),
    "tiebreak": term("tie-breaker"),
    "isis": term("Isis: protect"),
    "osiris": term("Osiris: underworld"),
    "osiris_to": term("Osiris: underworld"),
    "worshipful": term("Worshipful"),
}
COLOUR_NAMES = {
    "blue": term("blue"),
    "vermillion": term("vermillion"),
    "green": term("green"),
    "pink": term("pink"),
    "orange": term("orange"),
}
GAME_TITLE = "ANKH"  # the game's name, the same in every language
# the region ids of rules/ankh/data.py (a split region adds a digit: west_north1) -> their names
REGION_NAMES = {
    "west": term("West"),
    "east": term("East"),
    "delta": term("Delta"),
    "west_north": term("North-West"),
    "west_south": term("South-West"),
    "east_north": term("North-East"),
    "east_south": term("South-East"),
}

# odd-q neighbour offsets (d_row, d_col): geometry of the drawing, same as the view's ids
_NEIGHBOURS = {
    0: ((-1, 0), (-1, 1), (0, 1), (1, 0), (0, -1), (-1, -1)),
    1: ((-1, 0), (0, 1), (1, 1), (1, 0), (1, -1), (0, -1)),
}
COLS = "abcdefghijk"


def _width(text: str, fnt) -> int:
    """``text``'s width in px, cached (labels recur from board to board)."""
    return math.ceil(text_advance(fnt, text))


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


def _edge(a: str, b: str) -> tuple[str, str]:
    return (a, b) if a < b else (b, a)


def static_key(view: dict[str, Any]) -> Board:
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
        sorted(_edge(*pair.split("-", 1)) for pair in filter(None, river_part.split(";")))
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
def _geometry(board: Board) -> tuple[dict[str, tuple[float, float]], dict[str, tuple[str, ...]]]:
    centres = {h.id: centre(h.row, h.col) for h in board.hexes}
    by_pos = {(h.row, h.col): h.id for h in board.hexes}
    neighbours = {}
    for h in board.hexes:
        near = []
        for dr, dc in _NEIGHBOURS[h.col % 2]:
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


def _layout(players: int) -> Layout:
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


@functools.lru_cache(maxsize=8)
def static_layer(board: Board, players: int, locale: str = "en") -> tuple[Image.Image, Layout]:
    """Background, header band, terrain hexes with ids, the Nile, frames, devotion cells
    (cached per board, player count and language: it holds words)."""
    layout = _layout(players)
    image = Image.new("RGB", (WIDTH, layout.height), BACKGROUND)
    draw = ImageDraw.Draw(image)
    draw.rectangle((0, 0, WIDTH, HEADER_H), fill=HEADER_BG)
    draw.text((MARGIN, 12), GAME_TITLE, font=font(30, bold=True), fill=GOLD)
    subtitle = lang.t(locale, "Gods of Egypt")
    draw.text((MARGIN, 50), fit_text(subtitle, font(16), 130), font=font(16), fill=CREAM_SOFT)

    # map
    draw.rectangle(
        (MAP_X - 6, MAP_Y - 6, MAP_X + MAP_W + 6, MAP_Y + MAP_H + 6),
        fill=(226, 214, 186),
        outline=INK_SOFT,
        width=2,
    )
    centres, _neighbours = _geometry(board)
    label_font = font(14, bold=True)
    for h in board.hexes:
        cx, cy = centres[h.id]
        fill = {"fertile": FERTILE, "desert": DESERT, "water": WATER}.get(h.terrain, STONE)
        draw.polygon(hex_points(cx, cy), fill=fill, outline=HEX_LINE, width=1)
        if h.terrain == "water":  # waves: water never depends on colour alone
            for dy in (-6, 10):
                draw.arc(
                    (cx - 26, cy + dy - 5, cx - 6, cy + dy + 5), 200, 340, fill=WATER_LIGHT, width=2
                )
                draw.arc(
                    (cx + 4, cy + dy - 5, cx + 24, cy + dy + 5), 200, 340, fill=WATER_LIGHT, width=2
                )
        elif h.terrain == "desert":  # dunes
            draw.arc((cx - 34, cy + 16, cx - 18, cy + 24), 200, 340, fill=DESERT_DARK, width=2)
            draw.arc((cx + 18, cy + 16, cx + 34, cy + 24), 200, 340, fill=DESERT_DARK, width=2)
        else:  # furrows
            for dx in (-30, 24):
                draw.line((cx + dx, cy + 22, cx + dx + 6, cy + 14), fill=FERTILE_DARK, width=2)
        ink = WHITE if h.terrain == "water" else INK
        draw.text((cx, cy - HEX_H / 2 + 12), h.id, font=label_font, fill=ink, anchor="mm")
    for a, b in board.rivers:
        if a in centres and b in centres:
            p, q = edge_segment(centres[a], centres[b], 1.08)
            draw.line((p, q), fill=NILE, width=8)
    draw.text((MAP_X + 2, MAP_Y + 2), "N ↑", font=font(16, bold=True), fill=INK_SOFT)

    _draw_legend(draw, locale)

    # right column titles, each with its note right-aligned in the room the title leaves
    for section, heading, note in (
        ("actions", lang.t(locale, "Action tracks"), lang.t(locale, "▶ = marker · white = event")),
        (
            "events",
            lang.t(locale, "Event track"),
            lang.t(locale, "Ctrl = Control Monument · ⚔ = Conflict"),
        ),
        ("regions", lang.t(locale, "Regions in conflict order"), ""),
    ):
        _title_and_note(draw, (SIDE_X, SIDE_SECTIONS[section]), SIDE_W, heading, note)

    # devotion track cells
    note = lang.t(
        locale,
        "red section 0–{top}: forgotten after Conflict {n} · {win} wins · "
        "higher in a stack = ahead",
        top=RED_TOP,
        n=FORGET_AFTER_CONFLICT,
        win=DEVOTION_TOP,
    )
    _title_and_note(
        draw,
        (MARGIN, DEV_Y + 4),
        WIDTH - 2 * MARGIN,
        lang.t(locale, "Devotion track"),
        note,
        right=False,
    )
    for value in range(DEVOTION_TOP + 1):
        x0, y0, x1, y1 = _dev_cell(value)
        fill = WIN_CELL if value == DEVOTION_TOP else RED_ZONE if value <= RED_TOP else BLUE_ZONE
        draw.rectangle((x0, y0, x1, y1), fill=fill, outline=INK_SOFT)
        ink = RED_DARK if value <= RED_TOP else INK
        draw.text(
            ((x0 + x1) / 2, y0 + 11), str(value), font=font(15, bold=True), fill=ink, anchor="mm"
        )
    columns = _player_columns(locale)
    fits = all(_width(c.title, font(15, bold=True)) <= c.width - 16 for c in columns)
    draw_table(
        draw,
        (MARGIN, layout.table_y),
        columns,
        [],
        header_height=HEAD_H,
        header_size=15 if fits else 13,
    )
    x0 = _dev_cell(0)[0]
    x1 = _dev_cell(RED_TOP)[2]
    draw.rectangle((x0, DEV_Y + DEV_TITLE_H - 4, x1, DEV_Y + DEV_TITLE_H - 1), fill=RED_DARK)

    swatch = colour_swatch(
        [
            INK,
            INK_SOFT,
            CREAM,
            GOLD,
            HIGHLIGHT,
            NILE,
            CAMEL,
            REGION_LINE,
            STONE,
            UNDERWORLD,
            SUN,
            AIM,
            RED_DARK,
            MARKER,
            CONFLICT_FILL,
            WHITE,
        ],
        [
            PAPER,
            HEADER_BG,
            FERTILE,
            DESERT,
            WATER,
            RED_ZONE,
            BLUE_ZONE,
            WIN_CELL,
            ACTING_FILL,
            WINNER_FILL,
            GREY_FILL,
            CONTROL_FILL,
            CARAVAN_FILL,
            DONE_FILL,
            (255, 251, 240),
            (244, 236, 218),
            BACKGROUND,
        ],
        width=WIDTH,
    )
    image.info[PALETTE_HINT] = palette_image(image, swatch)
    return image, layout


def _title_and_note(
    draw: ImageDraw.ImageDraw,
    xy: tuple[int, int],
    width: int,
    heading: str,
    note: str,
    right: bool = True,
) -> None:
    """A section title and its small note: right-aligned (or just after the title), cut to
    the room the title leaves."""
    x, y = xy
    title = font(18, bold=True)
    heading = fit_text(heading, title, width)
    draw.text((x, y), heading, font=title, fill=INK)
    if not note:
        return
    start = x + _width(heading, title) + 16
    room = x + width - start
    small = font(14 if right or _width(note, font(15)) > room else 15)
    note = fit_text(note, small, room)
    if right:
        draw.text((x + width, y + 10), note, font=small, fill=INK_SOFT, anchor="rm")
    else:
        draw.text((start, y + 10), note, font=small, fill=INK_SOFT, anchor="lm")


def _draw_legend(draw: ImageDraw.ImageDraw, locale: str = "en") -> None:
    """Two rows of symbols and their words, laid out by the width of the words."""
    y1 = LEGEND_Y + 12
    y2 = LEGEND_Y + 36

    def god(x: float, y: float) -> None:
        seat_token(draw, (x + 14, y), 0, size=24)
        draw.ellipse((x + 1, y - 13, x + 27, y + 13), outline=GOLD, width=3)

    def guardian(x: float, y: float) -> None:
        seat_token(draw, (x + 12, y), 0, size=20)
        _pill(
            draw,
            (x + 46, y),
            lang.localise(GUARDIAN_SHORT["apep"], locale),
            font(14, bold=True),
            INK,
            WHITE,
        )

    def monuments(x: float, y: float) -> None:
        for index, kind in enumerate(("obelisk", "temple", "pyramid")):
            _monument(draw, (x + 12 + index * 30, y + 2), kind, STONE, scale=0.6)

    def underworld(x: float, y: float) -> None:
        draw.polygon(hex_points(x + 12, y, 12), outline=UNDERWORLD, width=3)
        _pill(draw, (x + 44, y), lang.t(locale, "UW"), font(14, bold=True), UNDERWORLD, WHITE)

    rows = (
        (
            y1,
            (
                (god, 32, lang.t(locale, "god (gold ring)")),
                (
                    lambda x, y: seat_token(draw, (x + 12, y), 0, size=20),
                    28,
                    lang.t(locale, "warrior"),
                ),
                (guardian, 74, lang.t(locale, "guardian")),
                (lambda x, y: _sun(draw, (x + 8, y)), 20, lang.t(locale, "radiant (Ra's sun)")),
                (
                    lambda x, y: draw.line((x, y, x + 26, y), fill=NILE, width=7),
                    32,
                    lang.t(locale, "Nile"),
                ),
                (lambda x, y: _camel_line(draw, (x, y), (x + 30, y)), 36, lang.t(locale, "camels")),
            ),
        ),
        (
            y2,
            (
                (
                    lambda x, y: draw.line((x, y, x + 26, y), fill=REGION_LINE, width=4),
                    32,
                    lang.t(locale, "region border"),
                ),
                (
                    lambda x, y: _order_token(draw, (x + 12, y), 3, r=11),
                    28,
                    lang.t(locale, "conflict order"),
                ),
                (monuments, 96, lang.t(locale, "monuments (owner colour, grey = neutral)")),
                (underworld, 68, lang.t(locale, "underworld")),
            ),
        ),
    )
    room = WIDTH - 2 * MARGIN
    for y, items in rows:
        gap = 24
        small = font(14)
        for size in (14, 13, 12):  # the largest font whose row fits
            small = font(size)
            total = sum(w + _width(label, small) for _d, w, label in items)
            gap = min(24, (room - total) // max(1, len(items) - 1))
            if gap >= 12:
                break
        gap = max(8, gap)
        x = MAP_X
        for drawer, icon_w, label in items:
            drawer(x, y)
            label = fit_text(label, small, max(20, MAP_X + room - x - icon_w))
            draw.text((x + icon_w, y), label, font=small, fill=INK, anchor="lm")
            x += icon_w + _width(label, small) + gap


def _dev_cell(value: int) -> tuple[int, int, int, int]:
    width = (WIDTH - 2 * MARGIN) // (DEVOTION_TOP + 1)
    x0 = MARGIN + value * width
    y0 = DEV_Y + DEV_TITLE_H
    return (x0, y0, x0 + width - 2, y0 + DEV_CELL_H)


# --- region layer ------------------------------------------------------------------------------
def region_key(view: dict[str, Any]) -> tuple:
    camels = tuple(sorted(_edge(str(a), str(b)) for a, b in view.get("camels", [])))
    regions = tuple(
        (str(r["id"]), tuple(sorted(r.get("hexes", []))), tuple(sorted(r.get("water", []))))
        for r in view.get("regions", [])
    )
    return camels, regions


LINES = "scarab.lines"  # region_layer().info key: (borders, camels) in board coordinates
Segment = tuple[tuple[float, float], tuple[float, float]]


@functools.lru_cache(maxsize=64)
def region_layer(board: Board, players: int, key: tuple) -> Image.Image:
    """Region borders and camels (they change only on a Caravan): a map-sized "P" layer
    (index 0 = nothing) whose ``info[LINES]`` holds its segments in board coordinates.
    ``board`` draws those few lines onto its copy of the static layer: cheaper than pasting a
    map-sized masked layer, or copying a cached full board per region layout."""
    camels, regions = key
    centres, neighbours = _geometry(board)
    member: dict[str, set[str]] = {}
    for region_id, land, water in regions:
        for h in land + water:
            member.setdefault(h, set()).add(region_id)
    rivers = set(board.rivers)
    borders = tuple(
        edge_segment(centres[h], centres[n], 1.04)
        for h, near in neighbours.items()
        for n in near
        if h < n
        and member.get(h)
        and member.get(n)
        and not member[h] & member[n]
        and (h, n) not in rivers
    )
    camel_lines = tuple(
        edge_segment(centres[a], centres[b], 0.92)
        for a, b in camels
        if a in centres and b in centres
    )
    image = Image.new("P", (MAP_W + 12, MAP_H + 12), 0)
    image.putpalette([*HEADER_BG, *REGION_LINE, *INK, *CAMEL])  # index 0: not drawn
    _draw_region_lines(ImageDraw.Draw(image), borders, camel_lines, (MAP_X - 6, MAP_Y - 6))
    image.info[LINES] = (borders, camel_lines)
    return image


def _draw_region_lines(
    draw: ImageDraw.ImageDraw,
    borders: Sequence[Segment],
    camels: Sequence[Segment],
    origin: tuple[int, int] = (0, 0),
) -> None:
    ox, oy = origin
    for (px, py), (qx, qy) in borders:
        draw.line(((px - ox, py - oy), (qx - ox, qy - oy)), fill=REGION_LINE, width=5)
    for (px, py), (qx, qy) in camels:
        _camel_line(draw, (px - ox, py - oy), (qx - ox, qy - oy))


def _camel_line(draw: ImageDraw.ImageDraw, p: tuple[float, float], q: tuple[float, float]) -> None:
    draw.line((p, q), fill=INK, width=9)
    draw.line((p, q), fill=CAMEL, width=5)
    mx, my = (p[0] + q[0]) / 2, (p[1] + q[1]) / 2
    draw.ellipse((mx - 6, my - 6, mx + 6, my + 6), fill=CAMEL, outline=INK, width=2)


# --- pieces ------------------------------------------------------------------------------------
def token(
    draw: ImageDraw.ImageDraw,
    center: tuple[float, float],
    seat: int,
    size: int = 26,
    letter: bool = True,
) -> None:
    """``common.seat_token`` drawn with filled shapes only: Pillow builds a full-image mask for
    every polygon outlined wider than 1 px, which would cost milliseconds per piece."""
    style = seat_style(seat)
    r = size / 2
    rim = max(1, size // 14)
    draw_shape(draw, style.shape, center, r + rim + 1, WHITE)
    draw_shape(draw, style.shape, center, r + rim / 2, INK)
    draw_shape(draw, style.shape, center, r - rim / 2, style.colour)
    if letter:
        fnt = font(max(14, int(size * 0.52)), bold=True)
        cx, cy = center
        if style.shape == "triangle":
            cy += r * 0.22
        draw.text((cx, cy), style.letter, font=fnt, fill=text_on(style.colour), anchor="mm")


def outline(
    draw: ImageDraw.ImageDraw, points: Sequence[tuple[float, float]], fill: RGB, width: int
) -> None:
    """A closed outline drawn as lines (no full-image polygon mask)."""
    draw.line([*points, points[0], points[1]], fill=fill, width=width, joint="curve")


def _pill(
    draw: ImageDraw.ImageDraw,
    xy: tuple[float, float],
    text: str,
    fnt,
    fill: RGB,
    ink: RGB,
    outline: RGB | None = None,
) -> None:
    w = fnt.getlength(text) + 8
    x, y = xy
    draw.rectangle((x - w / 2, y - 9, x + w / 2, y + 9), fill=fill, outline=outline)
    draw.text((x, y), text, font=fnt, fill=ink, anchor="mm")


def _sun(draw: ImageDraw.ImageDraw, xy: tuple[float, float], r: float = 7) -> None:
    x, y = xy
    for angle in range(0, 360, 45):
        dx, dy = math.cos(math.radians(angle)), math.sin(math.radians(angle))
        draw.line((x + dx * r, y + dy * r, x + dx * (r + 4), y + dy * (r + 4)), fill=INK, width=2)
    draw.ellipse((x - r, y - r, x + r, y + r), fill=SUN, outline=INK, width=2)


def _order_token(
    draw: ImageDraw.ImageDraw, xy: tuple[float, float], number: int | None, r: float = 15
) -> None:
    x, y = xy
    draw.ellipse((x - r - 2, y - r - 2, x + r + 2, y + r + 2), fill=WHITE)
    draw.ellipse((x - r, y - r, x + r, y + r), fill=INK, outline=GOLD, width=2)
    label = "?" if number is None else str(number)
    draw.text((x, y), label, font=font(max(14, int(r * 1.2)), bold=True), fill=WHITE, anchor="mm")


def _monument(
    draw: ImageDraw.ImageDraw, xy: tuple[float, float], kind: str, fill: RGB, scale: float = 1.0
) -> None:
    x, y = xy
    s = scale
    if kind == "obelisk":
        points = [
            (x - 7 * s, y + 18 * s),
            (x - 5 * s, y - 12 * s),
            (x, y - 20 * s),
            (x + 5 * s, y - 12 * s),
            (x + 7 * s, y + 18 * s),
        ]
        draw.polygon(points, fill=fill)
        outline(draw, points, INK, 2)
    elif kind == "temple":
        roof = [(x - 19 * s, y - 8 * s), (x, y - 19 * s), (x + 19 * s, y - 8 * s)]
        draw.polygon(roof, fill=fill)
        outline(draw, roof, INK, 2)
        draw.rectangle(
            (x - 17 * s, y + 13 * s, x + 17 * s, y + 18 * s), fill=fill, outline=INK, width=2
        )
        for dx in (-12, -4, 4, 12):
            draw.rectangle(
                (x + (dx - 2) * s, y - 7 * s, x + (dx + 2) * s, y + 13 * s),
                fill=fill,
                outline=INK,
                width=1,
            )
    else:  # pyramid
        body = [(x - 21 * s, y + 17 * s), (x, y - 18 * s), (x + 21 * s, y + 17 * s)]
        draw.polygon(body, fill=fill)
        outline(draw, body, INK, 2)
        draw.line((x, y - 18 * s, x + 5 * s, y + 17 * s), fill=INK, width=1)


def _owner_colour(owner: Any) -> RGB | None:
    return seat_style(int(owner)).colour if isinstance(owner, int) else None


def _draw_monument(draw, monument: dict[str, Any], xy: tuple[float, float]) -> None:
    owner = monument.get("owner")
    colour = _owner_colour(owner) or STONE
    x, y = xy
    _monument(draw, (x - 4, y + 4), str(monument.get("type", "")), colour)
    if isinstance(owner, int):  # the controller's ankh token; neutral: grey, no token
        token(draw, (x + 19, y + 14), owner, size=18)


def _draw_figure(draw, figure: dict[str, Any], xy: tuple[float, float], locale: str = "en") -> None:
    owner = int(figure.get("owner", 0) or 0)
    kind = str(figure.get("kind", "warrior"))
    x, y = xy
    if kind == "god":
        token(draw, (x, y), owner, size=32)
        draw.ellipse((x - 23, y - 23, x + 23, y + 23), outline=INK, width=5)
        draw.ellipse((x - 22, y - 22, x + 22, y + 22), outline=GOLD, width=3)
    else:
        token(draw, (x, y), owner, size=26)
    if kind not in ("god", "warrior"):
        short = lang.localise(GUARDIAN_SHORT.get(kind, kind[:6]), locale)
        _pill(draw, (x, y + 26), short, font(14, bold=True), INK, WHITE)
    if figure.get("radiant"):
        _sun(draw, (x + 20, y - 15), 6)


SPRITE_W, SPRITE_H, SPRITE_CY = 104, 88, 40


@functools.lru_cache(maxsize=512)
def sprite(
    kind: str, owner: int | None, radiant: bool = False, monument: bool = False, locale: str = "en"
) -> tuple[Image.Image, Image.Image, int, int]:
    """A figure or monument drawn once on a transparent tile (RGB + mask), pasted per call
    (per language too: a guardian carries its name)."""
    tile = Image.new("RGBA", (SPRITE_W, SPRITE_H), (0, 0, 0, 0))
    draw = ImageDraw.Draw(tile)
    xy = (SPRITE_W / 2, SPRITE_CY)
    if monument:
        _draw_monument(draw, {"type": kind, "owner": owner}, xy)
    else:
        _draw_figure(draw, {"kind": kind, "owner": owner, "radiant": radiant}, xy, locale)
    mask = tile.getchannel("A").point(lambda a: 255 if a >= 128 else 0)
    box = mask.getbbox() or (0, 0, 1, 1)
    return tile.convert("RGB").crop(box), mask.crop(box), box[0], box[1]


def _paste_sprite(
    image: Image.Image, tile: tuple[Image.Image, Image.Image, int, int], xy: tuple[float, float]
) -> None:
    rgb, mask, dx, dy = tile
    image.paste(rgb, (round(xy[0] - SPRITE_W / 2) + dx, round(xy[1] - SPRITE_CY) + dy), mask)


def _draw_aim(draw, origin: tuple[float, float], target: tuple[float, float]) -> None:
    ox, oy = origin
    tx, ty = target
    dx, dy = tx - ox, ty - oy
    length = math.hypot(dx, dy) or 1.0
    ux, uy = dx / length, dy / length
    start = (ox + ux * 20, oy + uy * 20)
    end = (tx - ux * 8, ty - uy * 8)
    draw.line((start, end), fill=WHITE, width=6)
    draw.line((start, end), fill=AIM, width=3)
    px, py = -uy, ux
    head = [
        end,
        (end[0] - ux * 12 + px * 7, end[1] - uy * 12 + py * 7),
        (end[0] - ux * 12 - px * 7, end[1] - uy * 12 - py * 7),
    ]
    draw.polygon(head, fill=AIM, outline=WHITE)
    draw.ellipse((tx - 30, ty - 30, tx + 30, ty + 30), outline=AIM, width=3)


def _region_spot(
    region: dict[str, Any], centres: dict[str, tuple[float, float]], taken: set[str]
) -> str | None:
    """The free land hex nearest to the region's middle: where its order token is drawn."""
    land = [h for h in region.get("hexes", []) if h in centres]
    if not land:
        return None
    mx = sum(centres[h][0] for h in land) / len(land)
    my = sum(centres[h][1] for h in land) / len(land)
    ranked = sorted(land, key=lambda h: ((centres[h][0] - mx) ** 2 + (centres[h][1] - my) ** 2, h))
    return next((h for h in ranked if h not in taken), ranked[0])


def _draw_map_pieces(
    draw, image: Image.Image, view: dict[str, Any], board: Board, locale: str = "en"
) -> set[str]:
    centres, _neighbours = _geometry(board)
    occupied: set[str] = set()
    for h in view.get("underworld", []) or []:
        if h in centres:
            cx, cy = centres[h]
            outline(draw, hex_points(cx, cy, R - 6), UNDERWORLD, 5)
            _pill(
                draw,
                (cx - 24, cy + 20),
                lang.t(locale, "UW"),
                font(14, bold=True),
                UNDERWORLD,
                WHITE,
            )
    for monument in view.get("monuments", []):
        h = monument.get("hex")
        if h in centres:
            occupied.add(h)
            cx, cy = centres[h]
            owner = monument.get("owner")
            tile = sprite(
                str(monument.get("type", "")),
                int(owner) if isinstance(owner, int) else None,
                monument=True,
            )
            _paste_sprite(image, tile, (cx, cy + 2))
    aims = []
    for figure in view.get("figures", []):
        h = figure.get("hex")
        if h in centres:
            occupied.add(h)
            cx, cy = centres[h]
            kind = str(figure.get("kind", "warrior"))
            tile = sprite(
                kind,
                int(figure.get("owner", 0) or 0),
                bool(figure.get("radiant")),
                locale=locale if kind in GUARDIAN_SHORT else "en",
            )
            _paste_sprite(image, tile, (cx, cy + 3))
            aim = figure.get("aim")
            if aim:
                aims.extend((h, a) for a in aim if a in centres)
    for origin, target in aims:
        _draw_aim(draw, centres[origin], centres[target])
    for region in view.get("regions", []):
        spot = _region_spot(region, centres, occupied)
        if spot is None:
            continue
        occupied.add(spot)
        cx, cy = centres[spot]
        _order_token(draw, (cx, cy - 1), region.get("token"))
        name, name_font = fit_font(
            region_name(region.get("id", ""), locale), (14, 13, 12), 2 * R + 20, bold=True
        )
        _pill(draw, (cx, cy + 25), name, name_font, REGION_LINE, WHITE)
    return occupied


# --- highlight ---------------------------------------------------------------------------------
def _highlight_targets(
    highlight: str | Iterable[str] | None, centres: dict, region_ids: set
) -> tuple[set[str], set[tuple[str, str]], set[str], set[str]]:
    """Hexes, edges, regions and action rows named by ``highlight`` (ids or option ids)."""
    if highlight is None:
        return set(), set(), set(), set()
    items = [highlight] if isinstance(highlight, str) else list(highlight)
    hexes, edges, regions, actions = set(), set(), set(), set()
    for item in items:
        prefix, _, value = str(item).partition(":")
        if not _:
            prefix, value = "", prefix
        if prefix == "act":
            actions.add(value)
            continue
        if prefix == "camel" or ("-" in value and prefix == ""):
            a, _dash, b = value.partition("-")
            if a in centres and b in centres:
                edges.add(_edge(a, b))
            continue
        for part in value.split("+"):
            if part in centres:
                hexes.add(part)
            elif part in region_ids:
                regions.add(part)
    return hexes, edges, regions, actions


def _draw_highlight(
    draw,
    board: Board,
    view: dict[str, Any],
    hexes: set[str],
    edges: set[tuple[str, str]],
    regions: set[str],
) -> None:
    centres, neighbours = _geometry(board)
    for region in view.get("regions", []):
        if region.get("id") not in regions:
            continue
        inside = set(region.get("hexes", [])) | set(region.get("water", []))
        for h in inside:
            if h not in centres:
                continue
            sides = [n for n in neighbours[h] if n not in inside]
            for n in sides:
                p, q = edge_segment(centres[h], centres[n], 1.0)
                draw.line((p, q), fill=HIGHLIGHT, width=6)
            if len(neighbours[h]) < 6:  # map edge: outline the whole hex, cheap and visible
                outline(draw, hex_points(*centres[h], R - 3), HIGHLIGHT, 2)
    for h in hexes:
        cx, cy = centres[h]
        outline(draw, hex_points(cx, cy, R - 3), WHITE, 9)
        outline(draw, hex_points(cx, cy, R - 3), HIGHLIGHT, 5)
    for a, b in edges:
        p, q = edge_segment(centres[a], centres[b], 1.0)
        draw.line((p, q), fill=WHITE, width=12)
        draw.line((p, q), fill=HIGHLIGHT, width=8)
        for x, y in (p, q):
            draw.ellipse((x - 6, y - 6, x + 6, y + 6), fill=HIGHLIGHT, outline=WHITE)


# --- board -------------------------------------------------------------------------------------
def board(
    view: dict[str, Any], *, highlight: str | Iterable[str] | None = None, locale: str = "en"
) -> Image.Image:
    """The public board of ``view``; ``highlight`` outlines hexes, camel edges, regions or an
    action row named by ids or option ids. Reads only public keys (never ``me``). Its words
    are said in ``locale``."""
    key = static_key(view)
    players = list(view.get("players", []))
    base, layout = static_layer(key, len(players), locale)
    image = base.copy()
    image.info[PALETTE_HINT] = base.info[PALETTE_HINT]
    draw = canvas_draw(image)
    _draw_region_lines(draw, *region_layer(key, len(players), region_key(view)).info[LINES])
    centres, _n = _geometry(key)
    region_ids = {str(r.get("id")) for r in view.get("regions", [])}
    hexes, edges, regions, actions = _highlight_targets(highlight, centres, region_ids)

    _draw_map_pieces(draw, image, view, key, locale)
    if hexes or edges or regions:
        _draw_highlight(draw, key, view, hexes, edges, regions)
    _draw_header(draw, view, players, locale)
    tracks = tuple(
        (str(t.get("action")), int(t.get("position", 0) or 0), max(1, int(t.get("length", 1) or 1)))
        for t in view.get("action_tracks", [])
    )
    image.paste(
        _action_tile(
            tracks, tuple(view.get("actions_this_turn") or ()), frozenset(actions), locale
        ),
        (SIDE_X - 4, SIDE_SECTIONS["actions"] + 28),
    )
    events = view.get("event_track") or {}
    image.paste(
        _event_tile(
            int(events.get("position", 0) or 0),
            tuple(events.get("spaces") or ()),
            view.get("phase") == "over",
            locale,
        ),
        (SIDE_X - 4, SIDE_SECTIONS["events"] + 24),
    )
    bottom = _draw_regions(image, view, locale)
    _draw_status(draw, view, players, bottom + 10, locale)
    _draw_devotion(draw, players)
    _draw_players(image, draw, view, players, layout, locale)
    return with_band(image, header_band(view, locale))


# steps decided on the action tracks, and in a conflict; the others are on the map, around the
# acting god's figures
FOCUS_ACTION_STEPS = frozenset({"action", "unlock"})
FOCUS_CONFLICT_STEPS = frozenset({"battle_card", "locust_bid", "tiebreak"})
ACTION_TILE_TEXT_PX = 12  # the smallest word of the pasted action tile (_action_tile)
REGIONS_TILE_TEXT_PX = 14  # ... and of the regions list (_regions_tile)
FOCUS_MAP_MIN = (7 * R, 4 * HEX_H)  # a map focus shows at least this much around its hexes


def focus(
    view: dict[str, Any], *, highlight: str | Iterable[str] | None = None, locale: str = "en"
) -> Image.Image:
    """The region the current decision is about, enlarged to read on a phone."""
    return board_and_focus(view, highlight=highlight, locale=locale)[1]


def board_and_focus(
    view: dict[str, Any], *, highlight: str | Iterable[str] | None = None, locale: str = "en"
) -> tuple[Image.Image, Image.Image]:
    """``board`` and ``focus`` from one drawing of the board (a turn post shows both)."""
    with recording_texts() as texts:
        image = board(view, highlight=highlight, locale=locale)
    texts = [*_static_texts(static_key(view), len(view.get("players", [])), locale), *texts]
    boxes = focus_boxes(view, highlight)
    tiles = [
        ACTION_TILE_TEXT_PX if box[1] == SIDE_SECTIONS["actions"] else REGIONS_TILE_TEXT_PX
        for box in boxes
        if box[0] == SIDE_X - 4
    ]
    return image, focus_image(
        image, boxes, texts, top=band_height(image.width), floor=min(tiles, default=None)
    )


@functools.lru_cache(maxsize=16)
def _static_texts(board: Board, players: int, locale: str) -> tuple[DrawnText, ...]:
    """The texts printed on the static layer (drawn once, then cached as pixels)."""
    with recording_texts() as texts:
        static_layer.__wrapped__(board, players, locale)
    return tuple(texts)


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


def focus_boxes(view: dict[str, Any], highlight: str | Iterable[str] | None = None) -> list[Box]:
    """Where on the board (under its band) the current decision is."""
    centres, _n = _geometry(static_key(view))
    region_ids = {str(r.get("id")) for r in view.get("regions", [])}
    hexes, _edges, regions, actions = _highlight_targets(highlight, centres, region_ids)
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


def header_band(view: dict[str, Any], locale: str = "en") -> Band:
    """The board's header band: game, scenario, step, whose turn (and its god), every god's
    devotion."""
    players = list(view.get("players", []))
    step = view.get("step")
    step_label = lang.localise(
        STEP_LABELS.get(str(step), str(step or "—").replace("_", " ")), locale
    )
    status = _scenario_text(view, locale)
    turn = view.get("turn_seat")
    acting = (
        (int(turn),)
        if turn is not None and view.get("phase") != "over"
        else tuple(int(seat) for seat in view.get("acting") or [])
    )
    owner = next(
        (p for p in players if turn in (p.get("seats") or []) and p.get("merged_into") is None),
        None,
    )
    who = _player_name(owner, locale) if owner and acting else "" if acting else "—"
    scores = tuple(
        (int((p.get("seats") or [i])[0]), int(p.get("devotion", 0) or 0))
        for i, p in enumerate(players)
        if p.get("merged_into") is None
    )
    return Band(
        GAME_TITLE,
        status,
        lang.t(locale, "Turn"),
        acting,
        who,
        lang.t(locale, "Devotion"),
        scores,
        step_label,
    )


def _player_name(player: dict[str, Any], locale: str = "en") -> str:
    gods = player.get("gods") or [player.get("god")]
    if gods == [None]:  # table option gods=choose: not chosen yet
        return lang.t(locale, "god: choosing…")
    return " + ".join(lang.localise(GOD_NAMES.get(g, str(g).title()), locale) for g in gods)


def _seats_text(player: dict[str, Any], locale: str = "en") -> str:
    seats = player.get("seats") or []
    letters = "+".join(seat_style(int(s)).letter for s in seats)
    if not seats:
        return lang.t(locale, "no seat")
    if len(seats) > 1:
        return lang.t(locale, "seats {letters}", letters=letters)
    return lang.t(locale, "seat {letter}", letter=letters)


def _by_number(players: Sequence[dict[str, Any]]) -> dict[int, dict[str, Any]]:
    return {int(p.get("player", i)): p for i, p in enumerate(players)}


def region_name(region_id: Any, locale: str = "en") -> str:
    """A region's name in ``locale`` (never its id): "North-West", "North-West 2"."""
    text = lang.localise(region_id, locale)
    base = text.rstrip("0123456789")
    name = REGION_NAMES.get(base)
    if name is None:
        return text
    said = lang.localise(name, locale)
    number = text[len(base) :]
    return lang.t(locale, "{region} {n}", region=said, n=number) if number else said


def _scenario_text(view: dict[str, Any], locale: str = "en") -> str:
    scenario = str(view.get("scenario") or "")
    base, _, count = scenario.rpartition("_")
    name = (
        SCENARIO_TITLES.get(base, base.replace("_", " ").title() or scenario) if count else scenario
    )
    return lang.t(
        locale, "{scenario} · {seats} players", scenario=name, seats=view.get("seats", "?")
    )


def _draw_header(
    draw, view: dict[str, Any], players: list[dict[str, Any]], locale: str = "en"
) -> None:
    left_w = 640 - 16 - 150 - 10  # the left half, up to the divider
    draw.text(
        (150, 16),
        fit_text(_scenario_text(view, locale), font(20, bold=True), left_w),
        font=font(20, bold=True),
        fill=CREAM,
    )
    events = view.get("event_track") or {}
    done = int(events.get("conflicts_done", 0) or 0)
    line = lang.t(
        locale,
        "Conflicts done {done}/{total} · merge after ⚔{merge} · forgetting after ⚔{forget}",
        done=done,
        total=CONFLICTS,
        merge=MERGE_AFTER_CONFLICT,
        forget=FORGET_AFTER_CONFLICT,
    )
    line_font = font(15) if _width(line, font(15)) <= left_w else font(14)
    draw.text((150, 46), fit_text(line, line_font, left_w), font=line_font, fill=CREAM_SOFT)
    tie = view.get("tiebreaker") or {}
    holder = tie.get("holder")
    x = 150
    label = lang.t(locale, "Tie-breaker:")
    draw.text((x, 78), label, font=font(15), fill=CREAM_SOFT, anchor="lm")
    x += _width(label, font(15)) + 8
    if holder is None:
        draw.text(
            (x, 78),
            fit_text(lang.t(locale, "in the supply"), font(15, bold=True), 150 + left_w - x),
            font=font(15, bold=True),
            fill=CREAM,
            anchor="lm",
        )
    else:
        token(draw, (x + 10, 78), int(holder), size=20)
        state = (
            lang.t(locale, "face up")
            if tie.get("face_up", True)
            else lang.t(locale, "face down (used)")
        )
        name = _player_name(_by_number(players).get(int(holder), {}), locale)
        draw.text(
            (x + 26, 78),
            fit_text(f"{name}, {state}", font(15, bold=True), 150 + left_w - x - 26),
            font=font(15, bold=True),
            fill=CREAM,
            anchor="lm",
        )

    # right half: whose turn, step, acting
    x0 = 640
    draw.line((x0 - 16, 12, x0 - 16, HEADER_H - 12), fill=(96, 82, 64), width=1)
    if view.get("phase") == "over":
        _draw_result(draw, view, players, x0, locale)
        return
    turn = view.get("turn_seat")
    label = lang.t(locale, "Turn")
    draw.text((x0, 24), label, font=font(15), fill=CREAM_SOFT, anchor="lm")
    taken = [
        lang.localise(ACTION_SHORT.get(a, a), locale) for a in view.get("actions_this_turn") or []
    ]
    actions = (
        lang.t(locale, "Actions: {actions}", actions=", ".join(taken))
        if taken
        else lang.t(locale, "Actions: none yet")
    )
    actions_w = min(_width(actions, font(15)), 300)
    actions_x = min(x0 + 350, WIDTH - MARGIN - actions_w)
    x = x0 + max(54, _width(label, font(15)) + 22)
    if turn is not None:
        token(draw, (x, 24), int(turn), size=26)
        owner = next(
            (p for p in players if turn in (p.get("seats") or []) and p.get("merged_into") is None),
            None,
        )
        who = lang.t(locale, "seat {letter}", letter=seat_style(int(turn)).letter)
        if owner:
            who = f"{who} · {_player_name(owner, locale)}"
        draw.text(
            (x + 20, 24),
            fit_text(who, font(19, bold=True), actions_x - x - 36),
            font=font(19, bold=True),
            fill=CREAM,
            anchor="lm",
        )
    draw.text(
        (actions_x, 24),
        fit_text(actions, font(15), actions_w),
        font=font(15),
        fill=CREAM_SOFT,
        anchor="lm",
    )
    step = view.get("step")
    step_label = lang.localise(
        STEP_LABELS.get(str(step), str(step or "—").replace("_", " ")), locale
    )
    label = lang.t(locale, "Now")
    draw.text((x0, 56), label, font=font(15), fill=CREAM_SOFT, anchor="lm")
    x = x0 + _width(label, font(15)) + 10
    draw.text(
        (x, 56),
        fit_text(step_label, font(19, bold=True), WIDTH - MARGIN - x),
        font=font(19, bold=True),
        fill=GOLD,
        anchor="lm",
    )
    acting = list(view.get("acting") or [])
    label = lang.t(locale, "Acting ▶")
    draw.text((x0, 86), label, font=font(15), fill=CREAM_SOFT, anchor="lm")
    x = x0 + _width(label, font(15)) + 20
    for seat in acting[:5]:
        token(draw, (x, 86), int(seat), size=24)
        x += 34
    if not acting:
        draw.text((x, 86), "—", font=font(16), fill=CREAM, anchor="lm")


def _draw_result(
    draw, view: dict[str, Any], players: list[dict[str, Any]], x0: int, locale: str = "en"
) -> None:
    heading = lang.t(locale, "GAME OVER")
    draw.text((x0, 24), heading, font=font(22, bold=True), fill=GOLD, anchor="lm")
    winner = view.get("winner")
    x = x0 + _width(heading, font(22, bold=True)) + 24
    if winner is None:
        text = lang.t(locale, "nobody wins: Egypt turned atheist")
        x, y = x0, 56
    else:
        player = _by_number(players).get(int(winner), {})
        token(draw, (x, 24), int(winner), size=26)
        text = lang.t(
            locale,
            "winner: {god} ({seats})",
            god=_player_name(player, locale),
            seats=_seats_text(player, locale),
        )
        x, y = x + 20, 24
    draw.text(
        (x, y),
        fit_text(text, font(18, bold=True), WIDTH - MARGIN - x),
        font=font(18, bold=True),
        fill=CREAM,
        anchor="lm",
    )
    result = view.get("result") or {}
    # Why the game ended and the gods (``details``), then the tie-breaks.
    reasons = (
        [*(result.get("details") or []), *(result.get("tiebreaks") or [])]
        if isinstance(result, dict)
        else None
    )
    if reasons:
        said = " ".join(lang.localise(r, locale) for r in reasons)
        draw.text(
            (x0, 86),
            fit_text(said, font(15), WIDTH - x0 - MARGIN),
            font=font(15),
            fill=CREAM_SOFT,
            anchor="lm",
        )


@functools.lru_cache(maxsize=256)
def _action_tile(
    tracks: tuple[tuple[str, int, int], ...],
    taken: tuple[str, ...],
    highlighted: frozenset[str],
    locale: str = "en",
) -> Image.Image:
    """The four action rows (cached: few combinations occur in a game)."""
    image = Image.new("RGB", (SIDE_W + 8, ACTION_TILE_H), BACKGROUND)
    draw = canvas_draw(image)
    ox = 4
    y = 2
    for action, position, length in tracks[:4]:
        label_w = 174
        row_fill = ACTING_FILL if action in taken else PAPER
        draw.rounded_rectangle(
            (ox, y, ox + SIDE_W, y + 36),
            radius=6,
            fill=row_fill,
            outline=HIGHLIGHT if action in highlighted else INK_SOFT,
            width=4 if action in highlighted else 1,
        )
        name = lang.localise(ACTION_LABELS.get(action, action), locale)
        name_font = font(15, bold=True)
        if _width(name, name_font) > label_w - 8:
            name_font = font(13, bold=True)
        if _width(name, name_font) <= label_w - 8:
            draw.text((ox + 8, y + 18), name, font=name_font, fill=INK, anchor="lm")
        else:  # a long name in two smaller lines
            for index, line in enumerate(wrap_text(name, font(12, bold=True), label_w - 8, 2)):
                draw.text(
                    (ox + 8, y + 11 + 14 * index),
                    line,
                    font=font(12, bold=True),
                    fill=INK,
                    anchor="lm",
                )
        if action in taken:
            order = lang.t(locale, "1st") if taken.index(action) == 0 else lang.t(locale, "2nd")
            draw.text(
                (ox + SIDE_W - 6, y + 18),
                order,
                font=font(14, bold=True),
                fill=RED_DARK,
                anchor="rm",
            )
        cells_x = ox + label_w
        cell_w = min(44, (ox + SIDE_W - 40 - cells_x) // (length + 1))
        for index in range(length + 1):
            x0 = cells_x + index * cell_w
            box = (x0, y + 4, x0 + cell_w - 3, y + 32)
            event = index == length
            fill = WHITE if event else (CONTROL_FILL if index else GREY_FILL)
            draw.rectangle(box, fill=fill, outline=INK_SOFT)
            if index == position:
                draw.rectangle(box, fill=MARKER)
                draw.text(
                    ((box[0] + box[2]) / 2, y + 18),
                    "▶",
                    font=font(16, bold=True),
                    fill=GOLD,
                    anchor="mm",
                )
            else:
                text = (
                    lang.t(locale, "ev")
                    if event
                    else (lang.t(locale, "st") if index == 0 else str(index))
                )
                draw.text(
                    ((box[0] + box[2]) / 2, y + 18), text, font=font(14), fill=INK_SOFT, anchor="mm"
                )
        y += 40
    return image


@functools.lru_cache(maxsize=64)
def _event_tile(
    position: int, spaces: tuple[str, ...], over: bool = False, locale: str = "en"
) -> Image.Image:
    """The event track with its marker (cached per position)."""
    image = Image.new("RGB", (SIDE_W + 8, EVENT_TILE_H), BACKGROUND)
    draw = canvas_draw(image)
    ox = 4
    y0 = 4
    per_row = 10
    cell = (SIDE_W - 4) // per_row
    cells = ["start", *spaces]
    conflict_no = 0
    for index, kind in enumerate(cells):
        row, col = divmod(index, per_row)
        x0 = ox + col * cell
        top = y0 + row * 62
        box = (x0, top, x0 + cell - 5, top + 38)
        done = 0 < index <= position
        if kind == "conflict":
            conflict_no += 1
            fill = DONE_FILL if done else CONFLICT_FILL
            draw.rectangle(box, fill=fill, outline=INK, width=2)
            text = f"⚔{conflict_no}"
            label_font = font(17, bold=True)
        else:
            fill = (
                DONE_FILL
                if done
                else (
                    CARAVAN_FILL
                    if kind == "caravan"
                    else GREY_FILL
                    if kind == "start"
                    else CONTROL_FILL
                )
            )
            draw.rounded_rectangle(box, radius=17, fill=fill, outline=INK_SOFT, width=2)
            text = (
                lang.t(locale, "start")
                if kind == "start"
                else lang.localise(EVENT_SHORT.get(kind, kind[:5]), locale)
            )
            label_font = font(14)
            if _width(text, label_font) > cell - 9:
                label_font = font(12)
            text = fit_text(text, label_font, cell - 7)
        ink = text_on(fill)
        draw.text(((box[0] + box[2]) / 2, top + 19), text, font=label_font, fill=ink, anchor="mm")
        if index == position:
            draw.rectangle(
                (box[0] - 3, box[1] - 3, box[2] + 3, box[3] + 3), outline=MARKER, width=4
            )
        if kind == "conflict" and conflict_no in (MERGE_AFTER_CONFLICT, FORGET_AFTER_CONFLICT):
            note = (
                lang.t(locale, "merge")
                if conflict_no == MERGE_AFTER_CONFLICT
                else lang.t(locale, "forget")
            )
            _cell_note(draw, (box[0] + box[2]) / 2, top + 48, note, cell + 4, RED_DARK)
        elif index == position + 1 and not over:
            _cell_note(draw, (box[0] + box[2]) / 2, top + 48, lang.t(locale, "next"), cell + 4, INK)
    y = y0 + 2 * 62 + 2
    done = max(0, min(position, len(spaces)))
    nxt = spaces[position] if position < len(spaces) else None
    if nxt:
        text = lang.t(
            locale,
            "{done}/{total} done · next: {event}",
            done=done,
            total=len(spaces),
            event=EVENT_LABELS.get(nxt, str(nxt)),
        )
    else:
        text = lang.t(
            locale,
            "{done}/{total} done · next: none (last event done)",
            done=done,
            total=len(spaces),
        )
    draw.text((ox, y), fit_text(text, font(14), SIDE_W), font=font(14), fill=INK_SOFT, anchor="lm")
    return image


def _cell_note(draw, x: float, y: float, text: str, room: int, fill: RGB) -> None:
    """A word under an event cell, smaller when it is wider than the cell."""
    fnt = font(14, bold=True)
    for smaller in (font(12, bold=True), font(12)):
        if _width(text, fnt) <= room:
            break
        fnt = smaller
    draw.text((x, y), fit_text(text, fnt, room), font=fnt, fill=fill, anchor="mm")


def _draw_regions(image: Image.Image, view: dict[str, Any], locale: str = "en") -> int:
    regions = list(view.get("regions", []))
    where: dict[str, list[str]] = {}
    for region in regions:
        for h in list(region.get("hexes", [])) + list(region.get("water", [])):
            where.setdefault(h, []).append(str(region.get("id")))
    counts: dict[str, dict[int, int]] = {}
    for figure in view.get("figures", []):
        for region_id in where.get(figure.get("hex"), []):
            per = counts.setdefault(region_id, {})
            owner = int(figure.get("owner", 0) or 0)
            per[owner] = per.get(owner, 0) + 1
    rows = tuple(
        (
            str(r.get("id")),
            r.get("token"),
            int(r.get("land", len(r.get("hexes", [])))),
            tuple(sorted(counts.get(str(r.get("id")), {}).items())),
        )
        for r in regions
    )
    current = (view.get("conflict") or {}).get("region")
    tile = _regions_tile(rows, current, locale)
    top = SIDE_SECTIONS["regions"] + 28
    image.paste(tile, (SIDE_X - 4, top))
    return top + tile.height


@functools.lru_cache(maxsize=256)
def _regions_tile(rows: tuple, current: str | None, locale: str = "en") -> Image.Image:
    """Regions in conflict order with their token, size and figures per god (cached)."""
    row_h = 30 if len(rows) <= 6 else 26
    image = Image.new("RGB", (SIDE_W + 8, max(1, len(rows) * row_h)), BACKGROUND)
    draw = canvas_draw(image)
    ox, y = 4, 0
    for region_id, number, land, per in rows:
        fill = ACTING_FILL if region_id == current else PAPER
        draw.rectangle((ox, y, ox + SIDE_W, y + row_h - 3), fill=fill, outline=INK_SOFT)
        cy = y + (row_h - 3) / 2
        _order_token(draw, (ox + 16, cy), number, r=11)
        draw.text(
            (ox + 34, cy),
            fit_text(region_name(region_id, locale), font(15, bold=True), 120),
            font=font(15, bold=True),
            fill=INK,
            anchor="lm",
        )
        draw.text(
            (ox + 160, cy),
            fit_text(lang.t(locale, "{n} land", n=land), font(14), 66),
            font=font(14),
            fill=INK_SOFT,
            anchor="lm",
        )
        x = ox + 230
        if not per:
            draw.text(
                (x, cy), lang.t(locale, "no figures"), font=font(14), fill=INK_SOFT, anchor="lm"
            )
        for owner, count in per:
            token(draw, (x + 9, cy), owner, size=18)
            draw.text((x + 21, cy), f"×{count}", font=font(14, bold=True), fill=INK, anchor="lm")
            x += 54
        if region_id == current:
            draw.text(
                (ox + SIDE_W - 6, cy),
                lang.t(locale, "◀ now"),
                font=font(14, bold=True),
                fill=RED_DARK,
                anchor="rm",
            )
        y += row_h
    return image


def _hand_text(hand: Sequence[str], used: Sequence[str], locale: str = "en") -> str:
    if not hand:
        return lang.t(locale, "in hand: none")
    if len(hand) == len(CARDS) and set(hand) == set(CARDS):
        return lang.t(locale, "in hand: all {n}", n=len(hand))
    if set(hand) | set(used) == set(CARDS) and len(hand) > 3:
        return lang.t(locale, "in hand: the other {n}", n=len(hand))
    return lang.t(locale, "in hand {n}: {cards}", n=len(hand), cards=_cards_text(hand, locale))


def _cards_text(cards: Iterable[str], locale: str = "en") -> str:
    return ", ".join(lang.localise(CARD_SHORT.get(c, str(c)), locale) for c in cards)


def _draw_status(
    draw, view: dict[str, Any], players: list[dict[str, Any]], y: int, locale: str = "en"
) -> None:
    """The conflict in progress (battle, cards, bids, strength), then supply and guardians."""
    bottom = MAP_Y + MAP_H + 4
    conflict = view.get("conflict")
    by_number = _by_number(players)
    if conflict:
        battle = conflict.get("battle") or {}
        height = 40 + (len(battle.get("participants") or []) * 26 if battle else 0)
        height = min(height, bottom - y)
        rounded_panel(
            draw,
            (SIDE_X, y, SIDE_X + SIDE_W, y + height),
            fill=(252, 232, 226),
            outline=CONFLICT_FILL,
            radius=8,
            width=3,
        )
        queue = ", ".join(region_name(q, locale) for q in conflict.get("queue") or [])
        region = region_name(conflict.get("region"), locale)
        title = (
            lang.t(locale, "⚔ Conflict in {region} · then: {queue}", region=region, queue=queue)
            if queue
            else lang.t(locale, "⚔ Conflict in {region} · then: none", region=region)
        )
        amun = lang.t(locale, "Amun plays {n}", n=AMUN_CARDS) if battle.get("amun_two") else ""
        room = SIDE_W - 20 - (_width(amun, font(14, bold=True)) + 16 if amun else 0)
        draw.text(
            (SIDE_X + 10, y + 18),
            fit_text(title, font(16, bold=True), room),
            font=font(16, bold=True),
            fill=CONFLICT_FILL,
            anchor="lm",
        )
        ty = y + 44
        played = battle.get("played") or {}
        bids = battle.get("bids") or {}
        strength = battle.get("strength") or {}
        winner = battle.get("winner")
        for number in battle.get("participants") or []:
            if ty + 12 > y + height:
                break
            player = by_number.get(int(number), {})
            token(draw, (SIDE_X + 20, ty), int(number), size=20)
            parts = [_player_name(player, locale)]
            cards = played.get(str(number))
            if cards:
                parts.append(lang.t(locale, "played {cards}", cards=_cards_text(cards, locale)))
            elif not played:
                parts.append(
                    lang.t(locale, "card ✓ picked")
                    if player.get("answered")
                    else lang.t(locale, "card: choosing…")
                )
            if str(number) in bids:
                parts.append(lang.t(locale, "bid {n}", n=bids[str(number)]))
            if str(number) in strength:
                parts.append(lang.t(locale, "strength {n}", n=strength[str(number)]))
            if winner is not None and int(winner) == int(number):
                parts.append(lang.t(locale, "★ WINS"))
            text = " · ".join(parts)
            draw.text(
                (SIDE_X + 36, ty),
                fit_text(text, font(15), SIDE_W - 46),
                font=font(15),
                fill=INK,
                anchor="lm",
            )
            ty += 26
        if amun:
            draw.text(
                (SIDE_X + SIDE_W - 10, y + 18),
                amun,
                font=font(14, bold=True),
                fill=INK,
                anchor="rm",
            )
        y += height + 8
    # supply and guardian cards
    supply = view.get("supply") or {}
    order = supply.get("order_tokens") or []
    guardians = [
        lang.t(
            locale,
            "L{level} {guardian} {left}",
            level=c.get("level"),
            guardian=lang.localise(GUARDIAN_NAMES.get(c.get("kind"), c.get("kind")), locale),
            left=c.get("left", 0),
        )
        for c in view.get("guardian_cards") or []
    ]
    lines = [
        lang.t(
            locale,
            "Supply: obelisk {obelisk} · temple {temple} · pyramid {pyramid} · camels {camels}",
            obelisk=supply.get("obelisk", 0),
            temple=supply.get("temple", 0),
            pyramid=supply.get("pyramid", 0),
            camels=supply.get("camels", 0),
        ),
        lang.t(locale, "Order tokens left: {tokens}", tokens=", ".join(str(t) for t in order))
        if order
        else lang.t(locale, "Order tokens left: none"),
        lang.t(locale, "Guardians left: {guardians}", guardians=" · ".join(guardians))
        if guardians
        else lang.t(locale, "Guardians left: none"),
    ]
    lines = [fit_text(line, font(15), SIDE_W - 16) for line in lines]
    lines = lines[: max(0, (bottom - y - 12) // 22)]  # a long battle leaves less room
    if not lines:
        return
    height = 12 + 22 * len(lines)
    rounded_panel(
        draw,
        (SIDE_X, y, SIDE_X + SIDE_W, y + height),
        fill=PAPER,
        outline=INK_SOFT,
        radius=8,
        width=1,
    )
    for index, line in enumerate(lines):
        draw.text((SIDE_X + 8, y + 17 + 22 * index), line, font=font(15), fill=INK, anchor="lm")


def _draw_devotion(draw, players: list[dict[str, Any]]) -> None:
    stacks: dict[int, list[dict[str, Any]]] = {}
    for player in players:
        if player.get("merged_into") is not None or player.get("forgotten"):
            continue
        value = max(0, min(DEVOTION_TOP, int(player.get("devotion", 0) or 0)))
        stacks.setdefault(value, []).append(player)
    size = 20
    for value, stack in stacks.items():
        x0, _y0, x1, y1 = _dev_cell(value)
        stack.sort(key=lambda p: (int(p.get("stack", 0) or 0), int(p.get("player", 0))))
        for index, player in enumerate(stack):
            cy = y1 - 15 - index * (size + 4)
            token(draw, ((x0 + x1) / 2, cy), int(player.get("player", 0)), size=size)


def _reserve_lines(player: dict[str, Any], locale: str = "en") -> list[str]:
    first = lang.t(
        locale,
        "warriors {warriors} · ankh {ankh} · dashboard {dashboard}",
        warriors=player.get("warriors", 0),
        ankh=player.get("ankh_reserve", 0),
        dashboard=player.get("dashboard_tokens", 0),
    )
    extras = []
    guardians = player.get("guardians") or []
    if guardians:
        extras.append(", ".join(lang.localise(GUARDIAN_NAMES.get(g, g), locale) for g in guardians))
    gods = player.get("gods") or [player.get("god")]
    if "ra" in gods:
        extras.append(lang.t(locale, "suns {n}", n=player.get("suns", 0)))
    if "osiris" in gods:
        extras.append(lang.t(locale, "underworld {n}", n=player.get("underworld_tokens", 0)))
    if "amun" in gods:
        extras.append(
            lang.t(locale, "Amun token up")
            if player.get("amun_token")
            else lang.t(locale, "Amun token down")
        )
    if "anubis" in gods:
        prisoners = player.get("prisoners") or []
        letters = ",".join(seat_style(int(p)).letter for p in prisoners)
        extras.append(
            lang.t(locale, "prison {n}/{slots}", n=len(prisoners), slots=PRISON_SLOTS)
            + (f" ({letters})" if letters else "")
        )
    return [first, " · ".join(extras) or lang.t(locale, "no guardians")]


PLAYER_COLUMNS = (
    Column("God · seats", 236),
    Column("Devotion", 92, "center"),
    Column("Followers", 104, "center"),
    Column("Reserve", 330),
    Column("Ankh powers", 250),
    Column("Battle cards", 316),
)
TABLE_W = sum(c.width for c in PLAYER_COLUMNS)
ZEBRA = ((255, 251, 240), (244, 236, 218))


@functools.lru_cache(maxsize=4)
def _player_columns(locale: str = "en") -> tuple[Column, ...]:
    """The table's columns with their titles in ``locale``."""
    titles = (
        lang.t(locale, "God · seats"),
        lang.t(locale, "Devotion"),
        lang.t(locale, "Followers"),
        lang.t(locale, "Reserve"),
        lang.t(locale, "Ankh powers"),
        lang.t(locale, "Battle cards"),
    )
    return tuple(
        Column(title, column.width, column.align)
        for title, column in zip(titles, PLAYER_COLUMNS, strict=True)
    )


def _draw_players(
    image: Image.Image,
    draw,
    view: dict[str, Any],
    players: list[dict[str, Any]],
    layout: Layout,
    locale: str = "en",
) -> None:
    acting = {int(s) for s in view.get("acting") or []}
    first = view.get("first_player")
    winner = view.get("winner")
    by_number = _by_number(players)
    y = layout.table_y + HEAD_H
    for index, player in enumerate(players):
        number = int(player.get("player", 0))
        seats = {int(s) for s in player.get("seats") or []}
        merged = player.get("merged_into")
        into = _player_name(by_number.get(int(merged), {}), locale) if merged is not None else None
        flags = (
            winner is not None and int(winner) == number,
            first in seats,
            bool(acting & seats),
            into,
            index % 2,
        )
        image.paste(
            _player_row(json.dumps(player, sort_keys=True, default=str), flags, locale), (MARGIN, y)
        )
        y += ROW_H
    draw.rectangle((MARGIN, layout.table_y, MARGIN + TABLE_W, y), outline=(70, 58, 44), width=2)


@functools.lru_cache(maxsize=512)
def _player_row(player_json: str, flags: tuple, locale: str = "en") -> Image.Image:
    """One row of the player table (cached: most rows do not change from one turn to the next)."""
    player = json.loads(player_json)
    is_winner, is_first, is_acting, merged_into, zebra = flags
    gone = merged_into is not None or player.get("forgotten")
    fill = (
        WINNER_FILL
        if is_winner
        else GREY_FILL
        if gone
        else ACTING_FILL
        if is_acting
        else ZEBRA[zebra]
    )
    image = Image.new("RGB", (TABLE_W, ROW_H), fill)
    d = canvas_draw(image)
    number = int(player.get("player", 0))
    cy = ROW_H // 2
    # god and seats
    token(d, (22, cy), number, size=30)
    d.text(
        (44, cy - 11),
        fit_text(_player_name(player, locale), font(16, bold=True), 120),
        font=font(16, bold=True),
        fill=INK,
        anchor="lm",
    )
    sub = _seats_text(player, locale)
    if merged_into is not None:
        sub = lang.t(locale, "merged: {god}", god=merged_into)
    elif player.get("forgotten"):
        sub = lang.t(locale, "forgotten")
    marks = ("★" if is_winner else "") + ("☥" if is_first else "") + ("▶" if is_acting else "")
    d.text((230, cy - 11), marks, font=font(18, bold=True), fill=INK, anchor="rm")
    sub_room = 150
    if player.get("answered"):
        sealed = lang.t(locale, "✓ sealed")
        d.text((230, cy + 12), sealed, font=font(14, bold=True), fill=(0, 110, 60), anchor="rm")
        sub_room = min(150, 230 - 8 - 44 - _width(sealed, font(14, bold=True)))
    d.text(
        (44, cy + 12), fit_text(sub, font(14), sub_room), font=font(14), fill=INK_SOFT, anchor="lm"
    )
    x = PLAYER_COLUMNS[0].width
    # devotion and followers
    cx = x + PLAYER_COLUMNS[1].width // 2
    d.text(
        (cx, 18), str(player.get("devotion", 0)), font=font(20, bold=True), fill=INK, anchor="mm"
    )
    if player.get("red"):
        red = lang.t(locale, "red zone")
        red_font = (
            font(14, bold=True)
            if _width(red, font(14, bold=True)) <= PLAYER_COLUMNS[1].width - 6
            else font(12, bold=True)
        )
        d.text(
            (cx, 40),
            fit_text(red, red_font, PLAYER_COLUMNS[1].width - 4),
            font=red_font,
            fill=RED_DARK,
            anchor="mm",
        )
    x += PLAYER_COLUMNS[1].width
    d.text(
        (x + PLAYER_COLUMNS[2].width // 2, cy),
        str(player.get("followers", 0)),
        font=font(20, bold=True),
        fill=INK,
        anchor="mm",
    )
    x += PLAYER_COLUMNS[2].width
    powers = sorted(player.get("powers") or [], key=lambda p: (POWER_LEVEL.get(p, 9), p))
    power_items = [lang.localise(POWER_NAMES.get(p, p), locale) for p in powers]
    power_lines = wrap_items(power_items, font(15), 236, 2, ", ", locale=locale) or [
        lang.t(locale, "no powers")
    ]
    used = player.get("used") or []
    hand = player.get("hand") or []
    used_line = (
        lang.t(locale, "used: {cards}", cards=_cards_text(used, locale))
        if used
        else lang.t(locale, "used: none")
    )
    card_lines = [used_line, _hand_text(hand, used, locale)]
    for column, lines, bold_first in (
        (PLAYER_COLUMNS[3], _reserve_lines(player, locale), False),
        (PLAYER_COLUMNS[4], power_lines, False),
        (PLAYER_COLUMNS[5], card_lines, True),
    ):
        for index, line in enumerate(lines[:2]):
            fnt = font(15, bold=bold_first and index == 0)
            d.text(
                (x + 8, 15 + index * 24),
                fit_text(line, fnt, column.width - 14),
                font=fnt,
                fill=INK,
                anchor="lm",
            )
        x += column.width
    return image


# --- private panel -----------------------------------------------------------------------------
PANEL_W = 900


def panel(private_view: dict[str, Any], *, locale: str = "en") -> Image.Image:
    """One seat's panel: its god's battle cards (hand and used), powers, reserve and its sealed
    answer (battle card picks or Plague bid), in ``locale``."""
    me = private_view.get("me")
    if not me:
        raise ValueError("panel() needs a private view (with 'me')")
    seat = int(me.get("seat", 0))
    players = private_view.get("players", [])
    by_number = _by_number(players)
    number = int(me.get("player", seat))
    player = by_number.get(number, {})
    hand = [c for c in CARDS if c in (player.get("hand") or [])] + [
        c for c in player.get("hand") or [] if c not in CARDS
    ]
    used = list(player.get("used") or [])
    powers = sorted(player.get("powers") or [], key=lambda p: (POWER_LEVEL.get(p, 9), p))
    power_items = [
        lang.t(
            locale,
            "{name} (L{level})",
            name=lang.localise(POWER_NAMES.get(p, p), locale),
            level=POWER_LEVEL.get(p, "?"),
        )
        for p in powers
    ]
    power_text = (
        lang.t(locale, "Ankh powers: {powers}", powers=", ".join(power_items))
        if powers
        else lang.t(locale, "Ankh powers: none")
    )
    power_lines = wrap_text(power_text, font(16), PANEL_W - 40, max_lines=3)  # up to 12
    row_h = 46
    height = (
        124
        + 34
        + max(1, len(hand)) * row_h
        + 8
        + 34 * 2
        + 44
        + 74
        + 16
        + 22 * (len(power_lines) - 1)
    )
    image = Image.new("RGB", (PANEL_W, height), BACKGROUND)
    draw = canvas_draw(image)

    draw.rectangle((0, 0, PANEL_W, 110), fill=HEADER_BG)
    token(draw, (44, 44), number, size=48)
    style = seat_style(seat)
    colour = lang.localise(COLOUR_NAMES.get(style.colour_name, style.colour_name), locale)
    name = _player_name(player, locale)
    if number != seat:  # a merged seat plays the greater god's pieces
        title = lang.t(
            locale,
            "{god} · your seat {letter} ({colour}) · pieces {pieces}",
            god=name,
            letter=style.letter,
            colour=colour,
            pieces=seat_style(number).letter,
        )
    else:
        title = lang.t(
            locale,
            "{god} · your seat {letter} ({colour})",
            god=name,
            letter=style.letter,
            colour=colour,
        )
    draw.text(
        (80, 28),
        fit_text(title, font(24, bold=True), PANEL_W - 100),
        font=font(24, bold=True),
        fill=CREAM,
        anchor="lm",
    )
    devotion = player.get("devotion", 0)
    sub = (
        lang.t(
            locale,
            "{scenario} · devotion {n} (red zone)",
            scenario=_scenario_text(private_view, locale),
            n=devotion,
        )
        if player.get("red")
        else lang.t(
            locale,
            "{scenario} · devotion {n}",
            scenario=_scenario_text(private_view, locale),
            n=devotion,
        )
    )
    draw.text(
        (80, 60),
        fit_text(sub, font(16), PANEL_W - 100),
        font=font(16),
        fill=CREAM_SOFT,
        anchor="lm",
    )
    stats = "   ".join(
        [
            lang.t(locale, "Followers {n}", n=player.get("followers", 0)),
            *_reserve_lines(player, locale),
        ]
    )
    draw.text(
        (20, 92),
        fit_text(stats, font(16, bold=True), PANEL_W - 40),
        font=font(16, bold=True),
        fill=GOLD,
        anchor="lm",
    )

    y = 124
    heading = lang.t(locale, "Battle cards in hand ({n})", n=len(hand))
    draw.text(
        (20, y),
        fit_text(heading, font(19, bold=True), PANEL_W - 40),
        font=font(19, bold=True),
        fill=INK,
    )
    y += 34
    sealed = me.get("sealed")
    picked = set(sealed) if isinstance(sealed, list) else set()
    if not hand:
        empty = lang.t(locale, "No cards in hand (Cycle of Ma'at brings them back).")
        draw.text(
            (24, y + row_h // 2),
            fit_text(empty, font(17), PANEL_W - 48),
            font=font(17),
            fill=INK,
            anchor="lm",
        )
        y += row_h
    picked_word = lang.t(locale, "✓ picked")
    for card in hand:
        chosen = card in picked
        fill = ACTING_FILL if chosen else PAPER
        rounded_panel(
            draw,
            (16, y, PANEL_W - 16, y + row_h - 6),
            fill=fill,
            outline=HIGHLIGHT if chosen else INK_SOFT,
            radius=8,
            width=3 if chosen else 1,
        )
        mid = y + (row_h - 6) // 2
        bonus = CARD_STRENGTH.get(card, 0)
        draw.rounded_rectangle((16, y, 86, y + row_h - 6), radius=8, fill=CONFLICT_FILL)
        draw.text((51, mid), f"+{bonus}", font=font(20, bold=True), fill=WHITE, anchor="mm")
        card_name = lang.localise(CARD_NAMES.get(card, card), locale)
        name_font = font(19, bold=True)
        if _width(card_name, name_font) > 200:
            name_font = font(16, bold=True)
        draw.text(
            (100, mid), fit_text(card_name, name_font, 200), font=name_font, fill=INK, anchor="lm"
        )
        # the option id (card:plague) stays as typed in /play
        tag = f"card:{card}" if not chosen else picked_word
        tag_font = font(14, bold=chosen)
        tag_w = _width(tag, tag_font)
        draw.text(
            (PANEL_W - 30, mid), tag, font=tag_font, fill=INK if chosen else INK_SOFT, anchor="rm"
        )
        _draw_blurb(
            draw,
            (310, mid),
            lang.localise(CARD_BLURBS.get(card, ""), locale),
            PANEL_W - 30 - tag_w - 12 - 310,
        )
        y += row_h
    y += 8
    used_names = [lang.localise(CARD_NAMES.get(c, c), locale) for c in used]
    used_text = (
        lang.t(locale, "Used (face up, public): {cards}", cards=", ".join(used_names))
        if used
        else lang.t(locale, "Used (face up, public): none")
    )
    _panel_line(draw, y + 12, used_text)
    y += 34
    for index, line in enumerate(power_lines):
        draw.text((20, y + 12 + 22 * index), line, font=font(16), fill=INK, anchor="lm")
    y += 34 + 22 * (len(power_lines) - 1)
    guardians = player.get("guardians") or []
    guard_items = [
        lang.t(
            locale,
            "{name} (L{level})",
            name=lang.localise(GUARDIAN_NAMES.get(g, g), locale),
            level=GUARDIAN_LEVEL.get(g, "?"),
        )
        for g in guardians
    ]
    guard_text = (
        lang.t(locale, "Guardians in reserve: {guardians}", guardians=", ".join(guard_items))
        if guardians
        else lang.t(locale, "Guardians in reserve: none")
    )
    _panel_line(draw, y + 12, guard_text)
    y += 44

    rounded_panel(
        draw, (16, y, PANEL_W - 16, y + 74), fill=(232, 238, 250), outline=NILE, radius=10, width=2
    )
    label, note = _sealed_words(private_view, sealed, locale)
    draw.text(
        (32, y + 24),
        fit_text(label, font(19, bold=True), PANEL_W - 64),
        font=font(19, bold=True),
        fill=INK,
        anchor="lm",
    )
    draw.text(
        (32, y + 52),
        fit_text(note, font(15), PANEL_W - 64),
        font=font(15),
        fill=INK_SOFT,
        anchor="lm",
    )
    return image


def _panel_line(draw, y: int, text: str) -> None:
    """One line of the panel, a size smaller when the words are long."""
    fnt = font(16) if _width(text, font(16)) <= PANEL_W - 40 else font(14)
    draw.text((20, y), fit_text(text, fnt, PANEL_W - 40), font=fnt, fill=INK, anchor="lm")


def _draw_blurb(draw, xy: tuple[int, int], text: str, room: int) -> None:
    """A card's reminder: one line at 15 px, else two smaller lines."""
    x, mid = xy
    if _width(text, font(15)) <= room:
        draw.text((x, mid), text, font=font(15), fill=INK_SOFT, anchor="lm")
        return
    lines = wrap_text(text, font(13), room, max_lines=2)
    top = mid - 8 * (len(lines) - 1)
    for index, line in enumerate(lines):
        draw.text((x, top + 16 * index), line, font=font(13), fill=INK_SOFT, anchor="lm")


def _sealed_words(view: dict[str, Any], sealed: Any, locale: str = "en") -> tuple[str, str]:
    step = view.get("step")
    if isinstance(sealed, list) and sealed:
        names = " + ".join(lang.localise(CARD_NAMES.get(c, c), locale) for c in sealed)
        return (
            lang.t(locale, "Your sealed battle card: {cards}", cards=names),
            lang.t(locale, "secret until every participant has picked"),
        )
    if isinstance(sealed, int) and not isinstance(sealed, bool):
        label = (
            lang.t(locale, "Your sealed Plague bid: {n} follower", n=sealed)
            if sealed == 1
            else lang.t(locale, "Your sealed Plague bid: {n} followers", n=sealed)
        )
        return (
            label,
            lang.t(locale, "secret until every bidder has answered; all bids are sacrificed"),
        )
    if step == "battle_card":
        return (
            lang.t(locale, "Battle card: not picked yet"),
            lang.t(locale, "answer in your DM or with /play card:<name>"),
        )
    if step == "locust_bid":
        return (
            lang.t(locale, "Plague bid: not sealed yet"),
            lang.t(locale, "answer in your DM or with /play bid:<n>"),
        )
    return (
        lang.t(locale, "No sealed answer pending"),
        lang.t(locale, "battle cards and Plague bids are sealed"),
    )
