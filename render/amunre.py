"""Amun-Re: the board (public view) and a seat's private panel (/hand, DMs).

Only the view dicts of docs/views/amunre.md are read, never engine state. The static layer
(Nile, banks, region bands, province frames with their permanent features) is drawn once per
province layout and language and cached; each call copies it and draws the pieces of the moment.
Every word is said in the match's language (``locale``): labels through ``lang.t`` and texts of
the view (``Msg``) through ``lang.localise``.
"""

from __future__ import annotations

import functools
from collections import Counter, defaultdict
from collections.abc import Iterable
from dataclasses import dataclass
from typing import Any

from PIL import Image, ImageDraw

from lang import localise, t
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
    draw_table,
    fit_font,
    fit_text,
    focus_image,
    font,
    ordinal,
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
from rules.amunre.data import FAVOR_CARDS, TILE_BY_NUMBER
from rules.text import Msg, msg, term

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

GAME_TITLE = "AMUN-RE"  # the game's name, the same in every language

PHASES: dict[str, Msg] = {
    "auction": msg("Phase 1/4 · Province auction"),
    "purchase": msg("Phase 2/4 · Purchases & building"),
    "offering": msg("Phase 3/4 · Offerings to Amun-Re"),
    "harvest": msg("Phase 4/4 · Harvest & income"),
    "over": msg("Game over · final scores"),
}
KINGDOMS: dict[int, Msg] = {1: term("Old Kingdom"), 2: term("New Kingdom")}

# Seat colours by their English name in render.common (the seat letter stays as it is).
SEAT_COLOURS: dict[str, Msg] = {
    "blue": term("blue"),
    "vermillion": term("vermillion"),
    "green": term("green"),
    "pink": term("pink"),
    "orange": term("orange"),
}

# Offering tiles: gold per farmer, VP per temple, camel (caravans pay), from the data module.
TILE_EFFECTS = {
    tile.tile: (tile.gold_per_farmer, tile.vp_per_temple, tile.camel)
    for tile in TILE_BY_NUMBER.values()
}

# Favor card presentation (rules/amunre.md A10): name, phase colour, what it does.
PHASE_COLOURS: dict[str, tuple[RGB, Msg | str]] = {
    "red": ((196, 40, 40), term("auction")),
    "purple": ((118, 60, 160), term("purchases")),
    "blue": ((32, 98, 196), term("offerings")),
    "green": ((36, 132, 60), term("harvest")),
    "yellow": ((226, 184, 0), term("scoring")),
    "grey": ((120, 120, 120), "?"),
}
PHASE_COLOUR = {
    "auction": "red",
    "purchase": "purple",
    "offering": "blue",
    "harvest": "green",
    "scoring": "yellow",
}
# One-line reminders of what each card does (presentation only; the rules live in rules/amunre).
CARD_BLURBS: dict[str, Msg] = {
    "protection": msg("block the space above your bid"),
    "bribe": msg("bid again on the card you were outbid on"),
    "architect": msg("2 stones in a province become a pyramid"),
    "extra_farmer": msg("a free farmer, no field needed"),
    "offering_adjust": msg("±3 on the collective offering"),
    "bountiful_harvest": msg("+1 gold per farmer in one province"),
    "fixed_income": msg("one province yields exactly 8 gold"),
    "master_scribes": msg("3 VP: ≥ 7 favor symbols/bonuses"),
    "master_farmers": msg("3 VP: ≥ 9 farmers"),
    "same_bank": msg("3 VP: all provinces on one bank"),
    "nile_or_border": msg("3 VP: all on the Nile, or none"),
    "upper_or_lower": msg("3 VP: all Upper or all Lower"),
}
CARDS: dict[str, tuple[Msg | str, str, Msg | str]] = {
    card.id: (card.name, PHASE_COLOUR[card.phase], CARD_BLURBS.get(card.id, ""))
    for card in FAVOR_CARDS
}
THEFT = (term("Theft"), "blue", msg("offer −3 collectively, take 3 gold, no reward"))
COLOUR_ORDER = ["red", "purple", "blue", "green", "yellow", "grey"]


def _gold(n: int) -> Msg:
    return msg("1 gold") if n == 1 else msg("{n} gold", n=n)


def _say(locale: str, text: Any) -> str:
    return localise(text, locale)


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


def _layout(provinces: tuple[StaticProvince, ...], seats: int) -> tuple[Layout, list]:
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


@functools.lru_cache(maxsize=16)
def static_layer(
    provinces: tuple[StaticProvince, ...], seats: int, locale: str = "en"
) -> tuple[Image.Image, Layout]:
    """Background, Nile, banks, region labels and province frames with permanent features, with
    their words in ``locale`` (cached per layout and language)."""
    layout, bands = _layout(provinces, seats)
    image = Image.new("RGB", (WIDTH, layout.height), (245, 236, 214))
    draw = ImageDraw.Draw(image)
    map_top = HEADER_H
    land_top = map_top + SEA_H

    # header band
    draw.rectangle((0, 0, WIDTH, HEADER_H), fill=HEADER_BG)
    draw.text((MARGIN, 10), GAME_TITLE, font=font(30, bold=True), fill=GOLD)
    headings = (
        t(locale, "Start player ☥"),
        t(locale, "Acting now ▶"),
        t(locale, "Offering tile"),
        t(locale, "Decks"),
    )
    for x, y, heading, right in (
        (400, 10, headings[0], HEADER_SPLITS[1]),
        (400, 78, headings[1], HEADER_SPLITS[1]),
        (790, 10, headings[2], HEADER_SPLITS[2]),
        (1040, 10, headings[3], WIDTH),
    ):
        text, fnt = fit_font(heading, (15, 14, 13), right - x - 10)
        draw.text((x, y), text, font=fnt, fill=CREAM_SOFT)
    for x in HEADER_SPLITS:
        draw.line((x, 12, x, HEADER_H - 12), fill=(96, 82, 64), width=1)

    # land: desert borders and fertile Nile banks, the Nile in the middle, the sea in the north
    west_edge = COL_X[1] - COL_GAP // 2
    east_edge = COL_X[3] - COL_GAP // 2
    draw.rectangle((0, land_top, west_edge, layout.map_bottom), fill=DESERT)
    draw.rectangle((east_edge, land_top, WIDTH, layout.map_bottom), fill=DESERT)
    draw.rectangle((west_edge, land_top, east_edge, layout.map_bottom), fill=FERTILE)
    for x in range(8, WIDTH, 36):  # dune / furrow texture, cheap and static
        for y in range(land_top + 10, layout.map_bottom, 28):
            on_desert = x < west_edge or x > east_edge
            colour = DESERT_DARK if on_desert else FERTILE_DARK
            draw.arc((x, y, x + 18, y + 8), 200, 340, fill=colour, width=1)
    nile_mid = (NILE_X0 + NILE_X1) // 2
    delta_w = 2 * COL_W // 3
    draw.polygon(
        [
            (nile_mid - delta_w, land_top),
            (nile_mid + delta_w, land_top),
            (NILE_X1, land_top + 2 * BOX_H // 3),
            (NILE_X1, layout.map_bottom),
            (NILE_X0, layout.map_bottom),
            (NILE_X0, land_top + 2 * BOX_H // 3),
        ],
        fill=NILE,
    )
    for y in range(land_top + 20, layout.map_bottom - 40, 46):
        draw.arc((nile_mid - 22, y, nile_mid + 2, y + 10), 200, 340, fill=NILE_LIGHT, width=2)
        draw.arc((nile_mid, y + 20, nile_mid + 24, y + 30), 200, 340, fill=NILE_LIGHT, width=2)
    draw.rectangle((0, map_top, WIDTH, land_top), fill=SEA)
    sea, sea_font = fit_font(
        t(locale, "MEDITERRANEAN SEA · north ↑ · the Nile flows north into the delta"),
        (16, 15, 14),
        WIDTH - 2 * MARGIN,
        bold=True,
    )
    draw.text((WIDTH // 2, map_top + SEA_H // 2), sea, font=sea_font, fill=WHITE, anchor="mm")
    nile_font = font(20, bold=True)
    river = t(locale, "NILE")
    for index, letter in enumerate(river):
        y = layout.map_bottom - 150 + index * 28
        draw.text(
            (nile_mid, y),
            letter,
            font=nile_font,
            fill=WHITE,
            anchor="mm",
            stroke_width=2,
            stroke_fill=SEA,
        )

    # column labels (bank and Nile/border, as used by the scoring cards)
    label_y = land_top + BANK_LABEL_H // 2
    labels = (
        t(locale, "WEST · border (desert)"),
        t(locale, "WEST BANK · on the Nile"),
        t(locale, "EAST BANK · on the Nile"),
        t(locale, "EAST · border (desert)"),
    )
    for col, label in enumerate(labels):
        text, fnt = fit_font(label, (16, 15, 14, 13), COL_W - 4, bold=True)
        draw.text((COL_X[col] + COL_W // 2, label_y), text, font=fnt, fill=INK, anchor="mm")

    # region bands
    for region, y, count in bands:
        fill = REGION_LOWER if region == "lower" else REGION_UPPER
        draw.rectangle((0, y, WIDTH, y + REGION_BAND_H), fill=fill)
        if region == "lower":
            text = t(
                locale, "LOWER EGYPT · north, downstream (delta) · {count} provinces", count=count
            )
        elif region == "upper":
            text = t(locale, "UPPER EGYPT · south, upstream · {count} provinces", count=count)
        else:
            text = t(locale, "{region} · {count} provinces", region=region.upper(), count=count)
        text, fnt = fit_font(text, (18, 16), WIDTH - 2 * MARGIN, bold=True)
        draw.text((MARGIN, y + REGION_BAND_H // 2), text, font=fnt, fill=CREAM, anchor="lm")
    draw.text(
        (MARGIN, layout.map_bottom - SOUTH_H // 2),
        t(locale, "south ↓ upstream (Nubia)"),
        font=font(15, bold=True),
        fill=INK_SOFT,
        anchor="lm",
    )

    # province frames and their permanent features
    for province in provinces:
        _draw_static_province(draw, province, layout.boxes[province.id], locale)

    # scoreboard title
    title = t(locale, "Scoreboard")
    draw.text(
        (MARGIN, layout.score_y + SCORE_TITLE_H // 2),
        title,
        font=font(22, bold=True),
        fill=INK,
        anchor="lm",
    )
    legend_room = WIDTH - 2 * MARGIN - text_advance(font(22, bold=True), title) - 24
    legend, legend_font = fit_font(
        t(locale, "☥ start player · ▶ acting · seats: colour + letter + shape"),
        (15, 14, 13),
        legend_room,
    )
    draw.text(
        (WIDTH - MARGIN, layout.score_y + SCORE_TITLE_H // 2),
        legend,
        font=legend_font,
        fill=INK_SOFT,
        anchor="rm",
    )

    swatch = colour_swatch(
        [
            INK,
            INK_SOFT,
            CREAM,
            GOLD,
            HIGHLIGHT,
            AUCTION_EDGE,
            FARMER,
            STONE,
            PYRAMID,
            WHITE,
            *(c for c, _ in PHASE_COLOURS.values()),
        ],
        [
            PAPER,
            HEADER_BG,
            AUCTION_FILL,
            ACTING_FILL,
            WINNER_FILL,
            (255, 251, 240),
            (244, 236, 218),
            FIELD,
            DESERT,
            FERTILE,
        ],
        width=WIDTH,
    )
    image.info[PALETTE_HINT] = palette_image(image, swatch)
    return image, layout


def _badges(province: StaticProvince, locale: str) -> list[tuple[str, RGB]]:
    badges = []
    if province.favor_limit:
        badges.append((t(locale, "favor {n}", n=province.favor_limit), BADGE_FAVOR))
    if province.gold_mine:
        badges.append((t(locale, "mine {n}", n=province.gold_mine), BADGE_MINE))
    if province.caravan:
        badges.append((t(locale, "caravan {n}", n=province.caravan), BADGE_CARAVAN))
    if province.temples:
        badges.append((t(locale, "temple ×{n}", n=province.temples), BADGE_TEMPLE))
    return badges


def _field_slot(
    box: tuple[int, int, int, int], index: int, locale: str = "en"
) -> tuple[int, int, int, int]:
    x = box[0] + _fields_x(locale) + index * 25
    y = box[1] + 70
    return (x, y, x + 22, y + 22)


@functools.lru_cache(maxsize=8)
def _fields_x(locale: str) -> int:
    """x offset of the first field slot: after the word "fields" in ``locale``."""
    return max(62, 10 + round(text_advance(font(15), t(locale, "fields"))) + 8)


@functools.lru_cache(maxsize=8)
def _piece_row(locale: str) -> tuple[str, str, int, int, int]:
    """The stones/pyramids row of a province in ``locale``: both labels and the x offsets
    (from the box's left edge) of the stone icon, the pyramids label and the pyramid icon,
    placed after the words so longer words push the icons right."""
    label_font = font(15)
    stones, pyramids = t(locale, "stones"), t(locale, "pyramids")
    stone_x = max(66, 10 + round(text_advance(label_font, stones)) + 6)
    pyramids_x = max(130, stone_x + 64)
    pyramid_x = max(206, pyramids_x + round(text_advance(label_font, pyramids)) + 5)
    return stones, pyramids, stone_x, pyramids_x, pyramid_x


def _draw_static_province(
    draw: ImageDraw.ImageDraw, province: StaticProvince, box: tuple[int, int, int, int], locale: str
) -> None:
    x0, y0, x1, _y1 = box
    rounded_panel(draw, box, fill=PAPER, outline=INK_SOFT, radius=10, width=2)
    pill_font = font(15)
    pill_w = int(pill_font.getlength(province.id)) + 14
    draw.rounded_rectangle(
        (x1 - 8 - pill_w, y0 + 8, x1 - 8, y0 + 30), radius=6, fill=PILL, outline=INK_SOFT
    )
    draw.text((x1 - 8 - pill_w // 2, y0 + 19), province.id, font=pill_font, fill=INK, anchor="mm")
    room = COL_W - 30 - pill_w
    name, name_font = fit_font(_say(locale, province.name), (21, 19, 17), room, bold=True)
    draw.text((x0 + 10, y0 + 19), name, font=name_font, fill=INK, anchor="lm")
    # permanent features
    badges = _badges(province, locale) or [(t(locale, "no symbols"), PAPER)]
    room = COL_W - 20 - 6 * (len(badges) - 1) - 12 * len(badges)
    badge_font = next(
        (
            font(s)
            for s in (15, 14, 13, 12)
            if sum(text_advance(font(s), label) for label, _ in badges) <= room
        ),
        font(12),
    )
    x = x0 + 10
    for label, fill in badges:
        label = fit_text(label, badge_font, max(20, x1 - 10 - x - 12))
        w = int(badge_font.getlength(label)) + 12
        draw.rounded_rectangle(
            (x, y0 + 38, x + w, y0 + 60),
            radius=5,
            fill=fill,
            outline=INK_SOFT if fill != PAPER else None,
        )
        draw.text((x + w // 2, y0 + 49), label, font=badge_font, fill=INK, anchor="mm")
        x += w + 6
    if province.fields:
        draw.text(
            (x0 + 10, y0 + 81), t(locale, "fields"), font=font(15), fill=INK_SOFT, anchor="lm"
        )
        for index in range(province.fields):
            draw.rectangle(_field_slot(box, index, locale), fill=FIELD, outline=INK_SOFT)
    else:  # extra farmers are drawn after the first slot's place + 48
        room = _fields_x(locale) + 48 - 10 - 6
        fields, fields_font = fit_font(t(locale, "no fields"), (15, 14, 13), room)
        draw.text((x0 + 10, y0 + 81), fields, font=fields_font, fill=INK_SOFT, anchor="lm")
    stones, pyramids, _stone_x, pyramids_x, _pyramid_x = _piece_row(locale)
    draw.text((x0 + 10, y0 + 115), stones, font=font(15), fill=INK_SOFT, anchor="lm")
    draw.text((x0 + pyramids_x, y0 + 115), pyramids, font=font(15), fill=INK_SOFT, anchor="lm")


# --- dynamic pieces ---
def _highlights(highlight: str | Iterable[str] | None) -> set[str]:
    if highlight is None:
        return set()
    if isinstance(highlight, str):
        return {highlight}
    return set(highlight)


def board(
    view: dict[str, Any], *, highlight: str | Iterable[str] | None = None, locale: str = "en"
) -> Image.Image:
    """The public board, its words in ``locale``. Reads only public keys of ``view`` (a private
    view's "me" is ignored)."""
    provinces = view["provinces"]
    players = view.get("players", [])
    base, layout = static_layer(static_key(provinces), len(players), locale)
    image = base.copy()
    draw = canvas_draw(image)
    _draw_header(draw, view, locale)
    marked = _highlights(highlight)
    for province in provinces:
        box = layout.boxes[province["id"]]
        _draw_province(draw, province, box, locale)
        if province["id"] in marked:
            x0, y0, x1, y1 = box
            draw.rounded_rectangle(
                (x0 - 7, y0 - 7, x1 + 7, y1 + 7), radius=14, outline=INK, width=2
            )
            draw.rounded_rectangle(
                (x0 - 5, y0 - 5, x1 + 5, y1 + 5), radius=13, outline=HIGHLIGHT, width=5
            )
    _draw_scoreboard(draw, view, layout, locale)
    return with_band(image, header_band(view, locale))


def header_band(view: dict[str, Any], locale: str = "en") -> Band:
    """The board's header band: game, kingdom and round, phase, whose turn, every score."""
    phase = view.get("phase", "")
    status = " · ".join(
        (_kingdom_round(locale, view.get("kingdom"), view.get("round", "?")), _phase(locale, phase))
    )
    acting = tuple(int(seat) for seat in view.get("acting") or [])
    waiting = t(locale, "nobody") if phase == "over" else "" if acting else "—"
    scores = tuple(
        (int(p.get("seat", i)), int(p.get("score", 0) or 0))
        for i, p in enumerate(view.get("players", []))
    )
    return Band(GAME_TITLE, status, t(locale, "Turn"), acting, waiting, t(locale, "VP"), scores)


def focus(
    view: dict[str, Any], *, highlight: str | Iterable[str] | None = None, locale: str = "en"
) -> Image.Image:
    """The region the current decision is about, enlarged to read on a phone: the provinces
    in auction, the offering tile, the acting seats' provinces or the scores."""
    return board_and_focus(view, highlight=highlight, locale=locale)[1]


def board_and_focus(
    view: dict[str, Any], *, highlight: str | Iterable[str] | None = None, locale: str = "en"
) -> tuple[Image.Image, Image.Image]:
    """``board`` and ``focus`` from one drawing of the board (a turn post shows both)."""
    with recording_texts() as texts:
        image = board(view, highlight=highlight, locale=locale)
    printed = _static_texts(static_key(view["provinces"]), len(view.get("players", [])), locale)
    return image, focus_image(
        image,
        focus_boxes(view, highlight, locale),
        [*printed, *texts],
        top=band_height(image.width),
    )


@functools.lru_cache(maxsize=16)
def _static_texts(
    provinces: tuple[StaticProvince, ...], seats: int, locale: str
) -> tuple[DrawnText, ...]:
    """The texts printed on the static layer (drawn once, then cached as pixels)."""
    with recording_texts() as texts:
        static_layer.__wrapped__(provinces, seats, locale)
    return tuple(texts)


def focus_boxes(
    view: dict[str, Any], highlight: str | Iterable[str] | None = None, locale: str = "en"
) -> list[Box]:
    """Where on the board (under its band) the current decision is."""
    provinces = view["provinces"]
    players = view.get("players", [])
    _base, layout = static_layer(static_key(provinces), len(players), locale)
    phase = view.get("phase", "")
    acting = set(view.get("acting") or [])
    marked = _highlights(highlight)
    ids = [p["id"] for p in provinces if p["id"] in marked]
    if phase == "auction":
        ids += [p["id"] for p in provinces if p.get("in_auction")]
    elif phase == "purchase":
        ids += [p["id"] for p in provinces if p.get("owner") in acting]
    boxes: list[Box] = [layout.boxes[i] for i in dict.fromkeys(ids) if i in layout.boxes]
    if phase == "offering" or not boxes:
        boxes.insert(0, (HEADER_SPLITS[1], 0, HEADER_SPLITS[2], HEADER_H))
    if phase in ("harvest", "over", "purchase") or not ids:
        seat_vp_gold = sum(c.width for c in _score_columns(locale, "")[:3])
        boxes.append((MARGIN, layout.score_y, MARGIN + seat_vp_gold, layout.height))
    return boxes


def _kingdom_round(locale: str, kingdom: Any, round_: Any) -> str:
    name = KINGDOMS.get(kingdom) or msg("Kingdom {n}", n=kingdom)
    return t(locale, "{kingdom} · Round {round}/6", kingdom=name, round=round_)


def _phase(locale: str, phase: str) -> str:
    return _say(locale, PHASES.get(phase) or msg("Phase: {phase}", phase=phase))


def _draw_header(draw: ImageDraw.ImageDraw, view: dict[str, Any], locale: str) -> None:
    phase = view.get("phase", "")
    room = HEADER_SPLITS[0] - MARGIN - 8
    text, fnt = fit_font(
        _kingdom_round(locale, view.get("kingdom"), view.get("round", "?")),
        (22, 20, 18),
        room,
        bold=True,
    )
    draw.text((MARGIN, 58), text, font=fnt, fill=CREAM)
    text, fnt = fit_font(_phase(locale, phase), (18, 16, 15), room)
    draw.text((MARGIN, 92), text, font=fnt, fill=CREAM)
    draw.text(
        (MARGIN, 120),
        t(locale, "{n} seats", n=view.get("seats", len(view.get("players", [])))),
        font=font(15),
        fill=CREAM_SOFT,
    )

    start = view.get("start_player")
    if start is not None:
        seat_token(draw, (418, 52), start, size=30)
        draw.text(
            (442, 52),
            t(locale, "Seat {letter}", letter=seat_style(start).letter),
            font=font(18, bold=True),
            fill=CREAM,
            anchor="lm",
        )
    acting = list(view.get("acting") or [])
    if acting:
        x = 418
        for seat in acting[:5]:
            seat_token(draw, (x, 120), seat, size=30)
            x += 42
        if len(acting) == 1:
            draw.text(
                (x - 18, 120),
                t(locale, "Seat {letter}", letter=seat_style(acting[0]).letter),
                font=font(18, bold=True),
                fill=CREAM,
                anchor="lm",
            )
    else:
        draw.text(
            (404, 120),
            t(locale, "nobody") if phase == "over" else "—",
            font=font(18),
            fill=CREAM,
            anchor="lm",
        )

    _draw_tile(draw, view.get("tile"), (664, 16), locale)
    collective = view.get("collective_offering")
    text, fnt = fit_font(
        t(
            locale,
            "Last collective offering: {value}",
            value="—" if collective is None else collective,
        ),
        (16, 15, 14),
        HEADER_SPLITS[2] - 664 - 8,
    )
    draw.text((664, 124), text, font=fnt, fill=CREAM, anchor="lm")

    room = WIDTH - 1040 - 8
    for y, label, size in (
        (46, t(locale, "Favor deck {n}", n=view.get("favor_deck", 0)), 20),
        (80, t(locale, "Province deck {n}", n=view.get("province_deck", 0)), 20),
    ):
        text, fnt = fit_font(label, (size, 18, 17, 16), room, bold=True)
        draw.text((1040, y), text, font=fnt, fill=CREAM, anchor="lm")
    discard = sum(int(v) for v in (view.get("favor_discard") or {}).values())
    text, fnt = fit_font(t(locale, "Discard pile {n} (below)", n=discard), (16, 15, 14), room)
    draw.text((1040, 114), text, font=fnt, fill=CREAM_SOFT, anchor="lm")


def _card_sort(card_type: str) -> tuple[int, str]:
    colour = CARDS.get(card_type, ("", "grey", ""))[1]
    return COLOUR_ORDER.index(colour), CARDS.get(card_type, (card_type,))[0]


def _draw_tile(
    draw: ImageDraw.ImageDraw, tile: int | None, origin: tuple[int, int], locale: str
) -> None:
    x, y = origin
    room = HEADER_SPLITS[2] - (x + 110) - 8
    if tile is None:
        draw.rounded_rectangle((x, y, x + 96, y + 90), radius=10, outline=CREAM_SOFT, width=2)
        text, fnt = fit_font(t(locale, "none"), (16, 15, 14), 86)
        draw.text((x + 48, y + 45), text, font=fnt, fill=CREAM_SOFT, anchor="mm")
        text, fnt = fit_font(t(locale, "no offering yet"), (17, 16, 15), room + 16)
        draw.text((x + 126, y + 40), text, font=fnt, fill=CREAM, anchor="lm")
        return
    draw.rounded_rectangle((x, y, x + 96, y + 90), radius=10, fill=GOLD, outline=CREAM, width=2)
    draw.text((x + 48, y + 42), str(tile), font=font(46, bold=True), fill=INK, anchor="mm")
    text, fnt = fit_font(t(locale, "tile {tile}", tile=tile), (14, 13, 12), 88, bold=True)
    draw.text((x + 48, y + 78), text, font=fnt, fill=INK, anchor="mm")
    gold, vp, camel = TILE_EFFECTS.get(tile, (tile, tile, tile <= 2))
    lines = (
        t(locale, "{gold} gold / farmer", gold=gold),
        t(locale, "{vp} VP / temple", vp=vp),
        t(locale, "camel: caravans pay") if camel else t(locale, "no camel: no caravans"),
    )
    for index, line in enumerate(lines):
        text, fnt = fit_font(line, (17, 16, 15, 14), room, bold=index < 2)
        draw.text((x + 110, y + 26 + index * 24), text, font=fnt, fill=CREAM)


def _draw_province(
    draw: ImageDraw.ImageDraw, province: dict[str, Any], box: tuple[int, int, int, int], locale: str
) -> None:
    x0, y0, x1, y1 = box
    owner = province.get("owner")
    in_auction = bool(province.get("in_auction"))
    if in_auction:
        draw.rounded_rectangle((x0 + 3, y0 + 134, x1 - 3, y1 - 3), radius=8, fill=AUCTION_FILL)
        draw.rounded_rectangle(box, radius=10, outline=AUCTION_EDGE, width=5)
    elif owner is not None:
        draw.rounded_rectangle(box, radius=10, outline=seat_style(owner).colour, width=4)

    # farmers on fields, extra farmers after them
    fields = int(province.get("fields", 0))
    farmers = int(province.get("farmers", 0))
    extra = int(province.get("extra_farmers", 0))
    on_fields = min(farmers, fields)
    extra += farmers - on_fields
    farmer_fill = seat_style(owner).colour if owner is not None else FARMER
    for index in range(on_fields):
        fx0, fy0, fx1, fy1 = _field_slot(box, index, locale)
        draw.ellipse((fx0 + 3, fy0 + 3, fx1 - 3, fy1 - 3), fill=farmer_fill, outline=INK, width=2)
    if extra:
        ex = _field_slot(box, fields, locale)[0] + (4 if fields else 48)
        draw.text((ex, y0 + 81), f"+{extra}", font=font(17, bold=True), fill=INK, anchor="lm")
        text, fnt = fit_font(t(locale, "extra"), (14, 13, 12), x1 - 6 - ex)
        draw.text((ex, y0 + 98), text, font=fnt, fill=INK_SOFT, anchor="lm")

    # stones and pyramids: icon + count (a double pyramid reads "×2")
    stones = int(province.get("stones", 0))
    pyramids = int(province.get("pyramids", 0))
    sy = y0 + 115
    _label, _label2, stone_x, _pyramids_x, pyramid_x = _piece_row(locale)
    _count(draw, (x0 + stone_x, sy), stones, "stone")
    _count(draw, (x0 + pyramid_x, sy), pyramids, "pyramid")

    if owner is not None and not in_auction:
        style = seat_style(owner)
        draw.line((x0 + 10, y0 + 136, x1 - 10, y0 + 136), fill=style.colour, width=2)
        seat_token(draw, (x0 + 26, y0 + 158), owner, size=30)
        label = fit_text(
            t(locale, "owner: Seat {letter}", letter=style.letter), font(16, bold=True), COL_W - 60
        )
        draw.text((x0 + 50, y0 + 158), label, font=font(16, bold=True), fill=INK, anchor="lm")

    if in_auction:
        _draw_auction(draw, province, box, locale)


def _draw_auction(
    draw: ImageDraw.ImageDraw, province: dict[str, Any], box: tuple[int, int, int, int], locale: str
) -> None:
    x0, y0, x1, _y1 = box
    bonus = province.get("immediate") or {}
    parts = []
    if bonus.get("favor"):
        parts.append(t(locale, "{n} favor", n=bonus["favor"]))
    if bonus.get("gold"):
        parts.append(_say(locale, _gold(int(bonus["gold"]))))
    if bonus.get("stones"):
        parts.append(t(locale, "{n} stone", n=bonus["stones"]))
    text = (
        t(locale, "Bonus: {items}", items=" + ".join(parts)) if parts else t(locale, "Bonus: none")
    )
    tag = t(locale, "IN AUCTION")
    tag_font = font(14, bold=True)
    room = COL_W - 28 - text_advance(tag_font, tag)
    blocked = province.get("blocked") or []
    # a long bonus takes the whole first row; the tag then goes to the bid row (if free)
    tag_below = not blocked and text_advance(font(13, bold=True), text) > room
    text, fnt = fit_font(text, (15, 14, 13, 12), COL_W - 20 if tag_below else room, bold=True)
    draw.text((x0 + 10, y0 + 147), text, font=fnt, fill=INK, anchor="lm")
    draw.text(
        (x1 - 10, y0 + (167 if tag_below else 147)),
        tag,
        font=tag_font,
        fill=(140, 96, 0),
        anchor="rm",
    )
    bid = province.get("bid")
    bx = x0 + 10
    if bid:
        label = t(locale, "Top bid")
        draw.text((bx, y0 + 167), label, font=font(15), fill=INK, anchor="lm")
        tx = bx + round(text_advance(font(15), label)) + 17
        seat_token(draw, (tx, y0 + 166), bid["seat"], size=22)
        value = str(bid["value"])
        draw.text((tx + 18, y0 + 167), value, font=font(18, bold=True), fill=INK, anchor="lm")
        left = tx + 18 + round(text_advance(font(18, bold=True), value))
    else:
        label = t(locale, "No bid yet")
        draw.text((bx, y0 + 167), label, font=font(15), fill=INK, anchor="lm")
        left = bx + round(text_advance(font(15), label))
    if blocked:
        text, fnt = fit_font(
            t(locale, "blocked {spaces}", spaces=", ".join(str(b) for b in blocked)),
            (15, 14, 13),
            x1 - 10 - left - 10,
            bold=True,
        )
        draw.text((x1 - 10, y0 + 167), text, font=fnt, fill=(150, 20, 20), anchor="rm")


def _count(draw: ImageDraw.ImageDraw, xy: tuple[int, int], count: int, kind: str) -> None:
    x, y = xy
    if count <= 0:
        draw.text((x, y), "0", font=font(17), fill=INK_SOFT, anchor="lm")
        return
    if kind == "stone":
        draw.rectangle((x, y - 8, x + 16, y + 8), fill=STONE, outline=INK, width=2)
    else:
        draw.polygon(
            [(x + 9, y - 10), (x + 19, y + 8), (x - 1, y + 8)], fill=PYRAMID, outline=INK, width=2
        )
    draw.text((x + 22, y), f"×{count}", font=font(18, bold=True), fill=INK, anchor="lm")


def _offering_text(player: dict[str, Any], phase: str, locale: str) -> str:
    offering = player.get("offering")
    if offering:
        amount = (
            msg("Theft (−3)") if offering.get("theft") else _gold(int(offering.get("amount", 0)))
        )
        adjust = offering.get("adjust")
        if adjust:
            return t(locale, "{offer}, adjust {delta:+d}", offer=amount, delta=int(adjust))
        return _say(locale, amount)
    if phase == "offering":
        return t(locale, "✓ answered") if player.get("answered") else t(locale, "… deciding")
    return ""


def _offering_title(phase: str, revealed: bool) -> Msg:
    if phase == "offering":
        return msg("Offering (revealed)") if revealed else msg("Offering (sealed)")
    return msg("Last offering") if revealed else msg("Offering")


def _colour_name(seat: int, locale: str) -> str:
    name = seat_style(seat).colour_name
    return _say(locale, SEAT_COLOURS.get(name, name))


# scoreboard columns: width in English; a longer heading widens its column at the expense of
# the provinces column (the widest), which never drops below PROVINCES_MIN
SCORE_COLUMNS = (
    (170, "left"),
    (90, "right"),
    (90, "right"),
    (120, "center"),
    (120, "center"),
    (360, "left"),
    (230, "left"),
    (108, "center"),
)
PROVINCES_COLUMN = 5
PROVINCES_MIN = 230


@functools.lru_cache(maxsize=32)
def _score_columns(locale: str, offering_title: str) -> tuple[Column, ...]:
    titles = (
        t(locale, "Seat"),
        t(locale, "VP"),
        t(locale, "Gold"),
        t(locale, "Favor cards"),
        t(locale, "Theft"),
        t(locale, "Provinces (this kingdom)"),
        offering_title,
        t(locale, "Offer rank"),
    )
    head = font(15, bold=True)
    widths = [width for width, _align in SCORE_COLUMNS]
    widest_colour = max(text_advance(font(15), _colour_name(seat, locale)) for seat in range(5))
    widths[0] = max(widths[0], round(44 + widest_colour + 50))
    for index, title in enumerate(titles):
        if index != PROVINCES_COLUMN:
            widths[index] = max(widths[index], round(text_advance(head, title)) + 18)
    spare = sum(width for width, _align in SCORE_COLUMNS) - sum(widths)
    widths[PROVINCES_COLUMN] = max(PROVINCES_MIN, widths[PROVINCES_COLUMN] + spare)
    return tuple(
        Column(title, width, align)
        for title, width, (_base, align) in zip(titles, widths, SCORE_COLUMNS, strict=True)
    )


def _draw_scoreboard(
    draw: ImageDraw.ImageDraw, view: dict[str, Any], layout: Layout, locale: str
) -> None:
    players = view.get("players", [])
    phase = view.get("phase", "")
    acting = set(view.get("acting") or [])
    start = view.get("start_player")
    top = max((p.get("score", 0) for p in players), default=0)
    revealed = any(p.get("offering") for p in players)
    columns = _score_columns(locale, _say(locale, _offering_title(phase, revealed)))
    seat_w = columns[0].width
    in_hand = t(locale, "✓ in hand")
    rows, fills = [], []
    for player in players:
        seat = player["seat"]
        winner = phase == "over" and player.get("score", 0) == top

        def seat_cell(d, box, seat=seat, winner=winner):
            x0, y0, _x1, y1 = box
            cy = (y0 + y1) // 2
            seat_token(d, (x0 + 22, cy), seat, size=28)
            marks = (
                ("★" if winner else "")
                + ("☥" if seat == start else "")
                + ("▶" if seat in acting else "")
            )
            mark_font = font(20, bold=True)
            room = seat_w - 6 - 44 - (text_advance(mark_font, marks) + 6 if marks else 0)
            name, name_font = fit_font(_colour_name(seat, locale), (15, 14, 13), room)
            d.text((x0 + 44, cy), name, font=name_font, fill=INK, anchor="lm")
            d.text((x0 + seat_w - 6, cy), marks, font=mark_font, fill=INK, anchor="rm")

        rank = player.get("rank")
        rows.append(
            [
                seat_cell,
                str(player.get("score", 0)),
                str(player.get("gold", 0)),
                str(player.get("favor_cards", 0)),
                in_hand if player.get("has_theft") else "—",
                ", ".join(player.get("provinces", [])) or "—",
                _offering_text(player, phase, locale),
                ordinal(rank, locale) if rank else "",
            ]
        )
        fills.append(WINNER_FILL if winner else ACTING_FILL if seat in acting else None)
    bottom = draw_table(
        draw,
        (MARGIN, layout.score_y + SCORE_TITLE_H),
        columns,
        rows,
        row_height=SCORE_ROW_H,
        header_height=SCORE_HEAD_H,
        body_size=18,
        header_size=15,
        row_fills=fills,
    )
    discard = view.get("favor_discard") or {}
    entries = [
        f"{_card_name(k, locale)} {v}"
        for k, v in sorted(discard.items(), key=lambda kv: _card_sort(kv[0]))
        if v
    ]
    label = t(locale, "Favor discard pile:")
    draw.text((MARGIN, bottom + 20), label, font=font(16, bold=True), fill=INK, anchor="lm")
    indent = MARGIN + int(font(16, bold=True).getlength(label)) + 10
    lines = wrap_items(entries, font(16), WIDTH - MARGIN - indent, 2, locale=locale) or [
        t(locale, "no cards yet")
    ]
    for index, line in enumerate(lines):
        draw.text((indent, bottom + 20 + index * 24), line, font=font(16), fill=INK, anchor="lm")


def _card_name(card_type: str, locale: str = "en") -> str:
    return _say(locale, CARDS.get(card_type, (card_type.replace("_", " ").title(),))[0])


# --- private panel ---
PANEL_W = 900


def panel(private_view: dict[str, Any], *, locale: str = "en") -> Image.Image:
    """One seat's hand: favor cards by type in their phase colour, Theft, gold, sealed answer,
    its words in ``locale``."""
    me = private_view.get("me")
    if not me:
        raise ValueError("panel() needs a private view (with 'me')")
    seat = me["seat"]
    player = next((p for p in private_view.get("players", []) if p.get("seat") == seat), {})
    hand = {k: v for k, v in (me.get("hand") or {}).items() if v}
    cards = sorted(hand.items(), key=lambda kv: _card_sort(kv[0]))
    rows = len(cards) + (1 if player.get("has_theft") else 0)
    row_h = 50
    height = 130 + max(1, rows) * row_h + 110
    image = Image.new("RGB", (PANEL_W, height), (245, 236, 214))
    draw = canvas_draw(image)

    draw.rectangle((0, 0, PANEL_W, 110), fill=HEADER_BG)
    seat_token(draw, (44, 44), seat, size=48)
    style = seat_style(seat)
    text, fnt = fit_font(
        t(
            locale,
            "Your hand · Seat {letter} ({colour})",
            letter=style.letter,
            colour=SEAT_COLOURS.get(style.colour_name, style.colour_name),
        ),
        (24, 22, 20),
        PANEL_W - 100,
        bold=True,
    )
    draw.text((80, 28), text, font=fnt, fill=CREAM, anchor="lm")
    when = _kingdom_round(locale, private_view.get("kingdom"), private_view.get("round", "?"))
    phase = private_view.get("phase", "")
    if phase in PHASES:
        when = f"{when} · {_phase(locale, phase)}"
    draw.text(
        (80, 60),
        fit_text(when, font(16), PANEL_W - 100),
        font=font(16),
        fill=CREAM_SOFT,
        anchor="lm",
    )
    stats = t(
        locale,
        "Gold {gold}   VP {vp}   Favor cards {cards}   Provinces: {provinces}",
        gold=player.get("gold", 0),
        vp=player.get("score", 0),
        cards=sum(hand.values()),
        provinces=", ".join(player.get("provinces", [])) or "—",
    )
    draw.text(
        (20, 92),
        fit_text(stats, font(18, bold=True), PANEL_W - 40),
        font=font(18, bold=True),
        fill=GOLD,
        anchor="lm",
    )

    y = 126
    entries = [(CARDS.get(k, (_card_name(k), "grey", "")), n) for k, n in cards]
    if player.get("has_theft"):
        entries.append((THEFT, 1))
    if not entries:
        draw.text(
            (24, y + row_h // 2),
            t(locale, "No favor cards in hand."),
            font=font(18),
            fill=INK,
            anchor="lm",
        )
    mid = (row_h - 6) // 2
    for (name, colour_key, effect), count in entries:
        colour, phase_name = PHASE_COLOURS[colour_key]
        rounded_panel(
            draw,
            (16, y, PANEL_W - 16, y + row_h - 6),
            fill=PAPER,
            outline=colour,
            radius=8,
            width=2,
        )
        draw.rounded_rectangle((16, y, 150, y + row_h - 6), radius=8, fill=colour)
        text, fnt = fit_font(_say(locale, phase_name), (15, 14, 13), 126, bold=True)
        draw.text((83, y + mid), text, font=fnt, fill=text_on(colour), anchor="mm")
        _draw_card_name(draw, _say(locale, name), (166, y + mid), 244)
        _draw_effect(draw, _say(locale, effect), (420, y + mid), 390)
        draw.text(
            (PANEL_W - 30, y + mid), f"×{count}", font=font(22, bold=True), fill=INK, anchor="rm"
        )
        y += row_h

    y += 14
    sealed = me.get("sealed")
    rounded_panel(
        draw,
        (16, y, PANEL_W - 16, y + 70),
        fill=(232, 238, 250),
        outline=PHASE_COLOURS["blue"][0],
        radius=10,
        width=2,
    )
    if sealed:
        label = t(locale, "Your sealed offering: {offer}", offer=_sealed_text(sealed, locale))
        sub = t(locale, "option {option} · secret until every seat has answered", option=sealed)
    elif phase == "offering":
        label = t(locale, "Offering: not sealed yet")
        sub = t(locale, "answer in your DM or with /play")
    else:
        label = t(locale, "No sealed answer pending")
        sub = t(locale, "offerings are sealed in phase 3")
    draw.text(
        (32, y + 22),
        fit_text(label, font(19, bold=True), PANEL_W - 64),
        font=font(19, bold=True),
        fill=INK,
        anchor="lm",
    )
    draw.text(
        (32, y + 50),
        fit_text(sub, font(15), PANEL_W - 64),
        font=font(15),
        fill=INK_SOFT,
        anchor="lm",
    )
    return image


def _draw_card_name(draw: ImageDraw.ImageDraw, name: str, xy: tuple[int, int], width: int) -> None:
    """A card's name: one line (20 px, smaller if needed), or two lines at 16 px."""
    x, y = xy
    text, fnt = fit_font(name, (20, 18, 17), width, bold=True)
    if text == name:
        draw.text((x, y), text, font=fnt, fill=INK, anchor="lm")
        return
    lines = wrap_text(name, font(16, bold=True), width, max_lines=2)
    for index, line in enumerate(lines):
        offset = (index - (len(lines) - 1) / 2) * 19
        draw.text((x, round(y + offset)), line, font=font(16, bold=True), fill=INK, anchor="lm")


def _draw_effect(draw: ImageDraw.ImageDraw, effect: str, xy: tuple[int, int], width: int) -> None:
    """A card's reminder: one line at 15 px, or two at 14 px when it is longer."""
    x, y = xy
    if text_advance(font(15), effect) <= width:
        draw.text((x, y), effect, font=font(15), fill=INK_SOFT, anchor="lm")
        return
    lines = wrap_text(effect, font(14), width, max_lines=2)
    for index, line in enumerate(lines):
        offset = (index - (len(lines) - 1) / 2) * 17
        draw.text((x, round(y + offset)), line, font=font(14), fill=INK_SOFT, anchor="lm")


def _sealed_text(option_id: str, locale: str = "en") -> str:
    """Words for an offering option id (``offer:5+adjust``, ``theft``) in ``locale``."""
    parts = option_id.split("+")
    words = []
    for part in parts:
        if part == "theft":
            words.append(t(locale, "Theft card"))
        elif part.startswith("offer:"):
            amount = part.split(":", 1)[1]
            words.append(
                _say(locale, _gold(int(amount)) if amount.isdigit() else msg("{n} gold", n=amount))
            )
        elif part == "adjust":
            words.append(t(locale, "with Offering Adjustment"))
        else:
            words.append(part)
    return " ".join(words)
