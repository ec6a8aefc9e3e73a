"""Amun-Re: the board (public view) and a seat's private panel (/hand, DMs).

Only the view dicts of docs/views/amunre.md are read, never engine state. The static layer
(Nile, banks, region bands, province frames with their permanent features) is drawn once per
province layout and cached; each call copies it and draws the pieces of the moment.
"""

from __future__ import annotations

import functools
from collections import Counter, defaultdict
from collections.abc import Iterable
from dataclasses import dataclass
from typing import Any

from PIL import Image, ImageDraw

from render.common import (
    INK,
    INK_SOFT,
    PALETTE_HINT,
    PAPER,
    RGB,
    WHITE,
    Column,
    canvas_draw,
    colour_swatch,
    draw_table,
    fit_text,
    font,
    palette_image,
    rounded_panel,
    seat_style,
    seat_token,
    text_on,
    wrap_items,
)
from rules.amunre.data import FAVOR_CARDS, TILE_BY_NUMBER

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
COL_X = (MARGIN, MARGIN + COL_W + COL_GAP, NILE_X1 + COL_GAP // 2 + 2,
         NILE_X1 + COL_GAP // 2 + 2 + COL_W + COL_GAP)

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

PHASES = {
    "auction": "Phase 1/4 · Province auction",
    "purchase": "Phase 2/4 · Purchases & building",
    "offering": "Phase 3/4 · Offerings to Amun-Re",
    "harvest": "Phase 4/4 · Harvest & income",
    "over": "Game over · final scores",
}
KINGDOMS = {1: "Old Kingdom", 2: "New Kingdom"}

# Offering tiles: gold per farmer, VP per temple, camel (caravans pay), from the data module.
TILE_EFFECTS = {t.tile: (t.gold_per_farmer, t.vp_per_temple, t.camel)
                for t in TILE_BY_NUMBER.values()}

# Favor card presentation (rules/amunre.md A10): English name, phase colour, what it does.
PHASE_COLOURS: dict[str, tuple[RGB, str]] = {
    "red": ((196, 40, 40), "auction"),
    "purple": ((118, 60, 160), "purchases"),
    "blue": ((32, 98, 196), "offerings"),
    "green": ((36, 132, 60), "harvest"),
    "yellow": ((226, 184, 0), "scoring"),
    "grey": ((120, 120, 120), "?"),
}
PHASE_COLOUR = {"auction": "red", "purchase": "purple", "offering": "blue", "harvest": "green",
                "scoring": "yellow"}
# One-line reminders of what each card does (presentation only; the rules live in rules/amunre).
CARD_BLURBS = {
    "protection": "block the space above your bid",
    "bribe": "bid again on the card you were outbid on",
    "architect": "2 stones in a province become a pyramid",
    "extra_farmer": "a free farmer, no field needed",
    "offering_adjust": "±3 on the collective offering",
    "bountiful_harvest": "+1 gold per farmer in one province",
    "fixed_income": "one province yields exactly 8 gold",
    "master_scribes": "3 VP: ≥ 7 favor symbols/bonuses",
    "master_farmers": "3 VP: ≥ 9 farmers",
    "same_bank": "3 VP: all provinces on one bank",
    "nile_or_border": "3 VP: all on the Nile, or none",
    "upper_or_lower": "3 VP: all Upper or all Lower",
}
CARDS: dict[str, tuple[str, str, str]] = {
    card.id: (card.name, PHASE_COLOUR[card.phase], CARD_BLURBS.get(card.id, ""))
    for card in FAVOR_CARDS
}
THEFT = ("Theft", "blue", "offer −3 collectively, take 3 gold, no reward")
COLOUR_ORDER = ["red", "purple", "blue", "green", "yellow", "grey"]


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
        StaticProvince(p["id"], p.get("name", p["id"]), p.get("region", "lower"),
                       p.get("bank", "west"), bool(p.get("nile", False)),
                       _hint(p, "row"), max(0, min(3, _hint(p, "col"))),
                       int(p.get("fields", 0)), int(p.get("favor_limit", 0)),
                       int(p.get("gold_mine", 0)), int(p.get("caravan", 0)),
                       int(p.get("temples", 0)))
        for p in provinces)


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
        stack = max(len(cells[(row, col)]) for col in range(4) if cells.get((row, col))) \
            if any(cells.get((row, c)) for c in range(4)) else 1
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
def static_layer(provinces: tuple[StaticProvince, ...], seats: int) -> tuple[Image.Image, Layout]:
    """Background, Nile, banks, region labels and province frames with permanent features."""
    layout, bands = _layout(provinces, seats)
    image = Image.new("RGB", (WIDTH, layout.height), (245, 236, 214))
    draw = ImageDraw.Draw(image)
    map_top = HEADER_H
    land_top = map_top + SEA_H

    # header band
    draw.rectangle((0, 0, WIDTH, HEADER_H), fill=HEADER_BG)
    draw.text((MARGIN, 10), "AMUN-RE", font=font(30, bold=True), fill=GOLD)
    draw.text((400, 10), "Start player ☥", font=font(15), fill=CREAM_SOFT)
    draw.text((400, 78), "Acting now ▶", font=font(15), fill=CREAM_SOFT)
    draw.text((790, 10), "Offering tile", font=font(15), fill=CREAM_SOFT)
    draw.text((1040, 10), "Decks", font=font(15), fill=CREAM_SOFT)
    for x in (385, 650, 1025):
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
    draw.polygon([(nile_mid - delta_w, land_top), (nile_mid + delta_w, land_top),
                  (NILE_X1, land_top + 2 * BOX_H // 3), (NILE_X1, layout.map_bottom),
                  (NILE_X0, layout.map_bottom), (NILE_X0, land_top + 2 * BOX_H // 3)],
                 fill=NILE)
    for y in range(land_top + 20, layout.map_bottom - 40, 46):
        draw.arc((nile_mid - 22, y, nile_mid + 2, y + 10), 200, 340, fill=NILE_LIGHT, width=2)
        draw.arc((nile_mid, y + 20, nile_mid + 24, y + 30), 200, 340, fill=NILE_LIGHT, width=2)
    draw.rectangle((0, map_top, WIDTH, land_top), fill=SEA)
    draw.text((WIDTH // 2, map_top + SEA_H // 2), "MEDITERRANEAN SEA · north ↑ · the Nile "
              "flows north into the delta", font=font(16, bold=True), fill=WHITE, anchor="mm")
    nile_font = font(20, bold=True)
    for index, letter in enumerate("NILE"):
        y = layout.map_bottom - 150 + index * 28
        draw.text((nile_mid, y), letter, font=nile_font, fill=WHITE, anchor="mm",
                  stroke_width=2, stroke_fill=SEA)

    # column labels (bank and Nile/border, as used by the scoring cards)
    label_y = land_top + BANK_LABEL_H // 2
    labels = ("WEST · border (desert)", "WEST BANK · on the Nile",
              "EAST BANK · on the Nile", "EAST · border (desert)")
    for col, label in enumerate(labels):
        draw.text((COL_X[col] + COL_W // 2, label_y), label, font=font(16, bold=True),
                  fill=INK, anchor="mm")

    # region bands
    for region, y, count in bands:
        fill = REGION_LOWER if region == "lower" else REGION_UPPER
        draw.rectangle((0, y, WIDTH, y + REGION_BAND_H), fill=fill)
        if region == "lower":
            text = f"LOWER EGYPT · north, downstream (delta) · {count} provinces"
        elif region == "upper":
            text = f"UPPER EGYPT · south, upstream · {count} provinces"
        else:
            text = f"{region.upper()} · {count} provinces"
        draw.text((MARGIN, y + REGION_BAND_H // 2), text, font=font(18, bold=True), fill=CREAM,
                  anchor="lm")
    draw.text((MARGIN, layout.map_bottom - SOUTH_H // 2),
              "south ↓ upstream (Nubia)", font=font(15, bold=True), fill=INK_SOFT, anchor="lm")

    # province frames and their permanent features
    for province in provinces:
        _draw_static_province(draw, province, layout.boxes[province.id])

    # scoreboard title
    draw.text((MARGIN, layout.score_y + SCORE_TITLE_H // 2), "Scoreboard",
              font=font(22, bold=True), fill=INK, anchor="lm")
    draw.text((WIDTH - MARGIN, layout.score_y + SCORE_TITLE_H // 2),
              "☥ start player · ▶ acting · seats: colour + letter + shape",
              font=font(15), fill=INK_SOFT, anchor="rm")

    swatch = colour_swatch(
        [INK, INK_SOFT, CREAM, GOLD, HIGHLIGHT, AUCTION_EDGE, FARMER, STONE, PYRAMID, WHITE,
         *(c for c, _ in PHASE_COLOURS.values())],
        [PAPER, HEADER_BG, AUCTION_FILL, ACTING_FILL, WINNER_FILL, (255, 251, 240),
         (244, 236, 218), FIELD, DESERT, FERTILE], width=WIDTH)
    image.info[PALETTE_HINT] = palette_image(image, swatch)
    return image, layout


def _badges(province: StaticProvince) -> list[tuple[str, RGB]]:
    badges = []
    if province.favor_limit:
        badges.append((f"favor {province.favor_limit}", BADGE_FAVOR))
    if province.gold_mine:
        badges.append((f"mine {province.gold_mine}", BADGE_MINE))
    if province.caravan:
        badges.append((f"caravan {province.caravan}", BADGE_CARAVAN))
    if province.temples:
        badges.append((f"temple ×{province.temples}", BADGE_TEMPLE))
    return badges


def _field_slot(box: tuple[int, int, int, int], index: int) -> tuple[int, int, int, int]:
    x = box[0] + 62 + index * 25
    y = box[1] + 70
    return (x, y, x + 22, y + 22)


def _draw_static_province(draw: ImageDraw.ImageDraw, province: StaticProvince,
                          box: tuple[int, int, int, int]) -> None:
    x0, y0, x1, _y1 = box
    rounded_panel(draw, box, fill=PAPER, outline=INK_SOFT, radius=10, width=2)
    pill_font = font(15)
    pill_w = int(pill_font.getlength(province.id)) + 14
    draw.rounded_rectangle((x1 - 8 - pill_w, y0 + 8, x1 - 8, y0 + 30), radius=6, fill=PILL,
                           outline=INK_SOFT)
    draw.text((x1 - 8 - pill_w // 2, y0 + 19), province.id, font=pill_font, fill=INK,
              anchor="mm")
    room = COL_W - 30 - pill_w
    size = next((s for s in (21, 19, 17) if font(s, bold=True).getlength(province.name) <= room),
                17)
    name = fit_text(province.name, font(size, bold=True), room)
    draw.text((x0 + 10, y0 + 19), name, font=font(size, bold=True), fill=INK, anchor="lm")
    # permanent features
    x = x0 + 10
    badges = _badges(province) or [("no symbols", PAPER)]
    for label, fill in badges:
        w = int(font(15).getlength(label)) + 12
        draw.rounded_rectangle((x, y0 + 38, x + w, y0 + 60), radius=5, fill=fill,
                               outline=INK_SOFT if fill != PAPER else None)
        draw.text((x + w // 2, y0 + 49), label, font=font(15), fill=INK, anchor="mm")
        x += w + 6
    draw.text((x0 + 10, y0 + 81), "fields", font=font(15), fill=INK_SOFT, anchor="lm")
    if province.fields:
        for index in range(province.fields):
            draw.rectangle(_field_slot(box, index), fill=FIELD, outline=INK_SOFT)
    else:
        draw.text((x0 + 62, y0 + 81), "none", font=font(15), fill=INK_SOFT, anchor="lm")
    draw.text((x0 + 10, y0 + 115), "stones", font=font(15), fill=INK_SOFT, anchor="lm")
    draw.text((x0 + 130, y0 + 115), "pyramids", font=font(15), fill=INK_SOFT, anchor="lm")


# --- dynamic pieces ---
def _highlights(highlight: str | Iterable[str] | None) -> set[str]:
    if highlight is None:
        return set()
    if isinstance(highlight, str):
        return {highlight}
    return set(highlight)


def board(view: dict[str, Any], *, highlight: str | Iterable[str] | None = None) -> Image.Image:
    """The public board. Reads only public keys of ``view`` (a private view's "me" is ignored)."""
    provinces = view["provinces"]
    players = view.get("players", [])
    base, layout = static_layer(static_key(provinces), len(players))
    image = base.copy()
    draw = canvas_draw(image)
    _draw_header(draw, view)
    marked = _highlights(highlight)
    for province in provinces:
        box = layout.boxes[province["id"]]
        _draw_province(draw, province, box)
        if province["id"] in marked:
            x0, y0, x1, y1 = box
            draw.rounded_rectangle((x0 - 7, y0 - 7, x1 + 7, y1 + 7), radius=14, outline=INK,
                                   width=2)
            draw.rounded_rectangle((x0 - 5, y0 - 5, x1 + 5, y1 + 5), radius=13,
                                   outline=HIGHLIGHT, width=5)
    _draw_scoreboard(draw, view, layout)
    return image


def _draw_header(draw: ImageDraw.ImageDraw, view: dict[str, Any]) -> None:
    phase = view.get("phase", "")
    kingdom = KINGDOMS.get(view.get("kingdom"), f"Kingdom {view.get('kingdom')}")
    draw.text((MARGIN, 58), f"{kingdom} · Round {view.get('round', '?')}/6",
              font=font(22, bold=True), fill=CREAM)
    draw.text((MARGIN, 92), PHASES.get(phase, f"Phase: {phase}"), font=font(18), fill=CREAM)
    draw.text((MARGIN, 120), f"{view.get('seats', len(view.get('players', [])))} seats",
              font=font(15), fill=CREAM_SOFT)

    start = view.get("start_player")
    if start is not None:
        seat_token(draw, (418, 52), start, size=30)
        draw.text((442, 52), f"Seat {seat_style(start).letter}", font=font(18, bold=True),
                  fill=CREAM, anchor="lm")
    acting = list(view.get("acting") or [])
    if acting:
        x = 418
        for seat in acting[:5]:
            seat_token(draw, (x, 120), seat, size=30)
            x += 42
        if len(acting) == 1:
            draw.text((x - 18, 120), f"Seat {seat_style(acting[0]).letter}",
                      font=font(18, bold=True), fill=CREAM, anchor="lm")
    else:
        draw.text((404, 120), "nobody" if phase == "over" else "—", font=font(18),
                  fill=CREAM, anchor="lm")

    _draw_tile(draw, view.get("tile"), (664, 16))
    collective = view.get("collective_offering")
    draw.text((664, 124), "Last collective offering: "
              + ("—" if collective is None else str(collective)), font=font(16), fill=CREAM,
              anchor="lm")

    draw.text((1040, 46), f"Favor deck {view.get('favor_deck', 0)}", font=font(20, bold=True),
              fill=CREAM, anchor="lm")
    draw.text((1040, 80), f"Province deck {view.get('province_deck', 0)}",
              font=font(20, bold=True), fill=CREAM, anchor="lm")
    discard = sum(int(v) for v in (view.get("favor_discard") or {}).values())
    draw.text((1040, 114), f"Discard pile {discard} (below)", font=font(16), fill=CREAM_SOFT,
              anchor="lm")


def _card_sort(card_type: str) -> tuple[int, str]:
    colour = CARDS.get(card_type, ("", "grey", ""))[1]
    return COLOUR_ORDER.index(colour), CARDS.get(card_type, (card_type,))[0]


def _draw_tile(draw: ImageDraw.ImageDraw, tile: int | None, origin: tuple[int, int]) -> None:
    x, y = origin
    if tile is None:
        draw.rounded_rectangle((x, y, x + 96, y + 90), radius=10, outline=CREAM_SOFT, width=2)
        draw.text((x + 48, y + 45), "none", font=font(16), fill=CREAM_SOFT, anchor="mm")
        draw.text((x + 126, y + 40), "no offering yet", font=font(17), fill=CREAM, anchor="lm")
        return
    draw.rounded_rectangle((x, y, x + 96, y + 90), radius=10, fill=GOLD, outline=CREAM, width=2)
    draw.text((x + 48, y + 42), str(tile), font=font(46, bold=True), fill=INK, anchor="mm")
    draw.text((x + 48, y + 78), f"tile {tile}", font=font(14, bold=True), fill=INK,
              anchor="mm")
    gold, vp, camel = TILE_EFFECTS.get(tile, (tile, tile, tile <= 2))
    lines = (f"{gold} gold / farmer", f"{vp} VP / temple",
             "camel: caravans pay" if camel else "no camel: no caravans")
    for index, line in enumerate(lines):
        draw.text((x + 110, y + 26 + index * 24), line, font=font(17, bold=index < 2),
                  fill=CREAM)


def _draw_province(draw: ImageDraw.ImageDraw, province: dict[str, Any],
                   box: tuple[int, int, int, int]) -> None:
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
        fx0, fy0, fx1, fy1 = _field_slot(box, index)
        draw.ellipse((fx0 + 3, fy0 + 3, fx1 - 3, fy1 - 3), fill=farmer_fill, outline=INK,
                     width=2)
    if extra:
        ex = _field_slot(box, fields)[0] + (4 if fields else 48)
        draw.text((ex, y0 + 81), f"+{extra}", font=font(17, bold=True), fill=INK, anchor="lm")
        draw.text((ex, y0 + 98), "extra", font=font(14), fill=INK_SOFT, anchor="lm")

    # stones and pyramids: icon + count (a double pyramid reads "×2")
    stones = int(province.get("stones", 0))
    pyramids = int(province.get("pyramids", 0))
    sy = y0 + 115
    _count(draw, (x0 + 66, sy), stones, "stone")
    _count(draw, (x0 + 206, sy), pyramids, "pyramid")

    if owner is not None and not in_auction:
        style = seat_style(owner)
        draw.line((x0 + 10, y0 + 136, x1 - 10, y0 + 136), fill=style.colour, width=2)
        seat_token(draw, (x0 + 26, y0 + 158), owner, size=30)
        label = fit_text(f"owner: Seat {style.letter}", font(16, bold=True), COL_W - 60)
        draw.text((x0 + 50, y0 + 158), label, font=font(16, bold=True), fill=INK, anchor="lm")

    if in_auction:
        bonus = province.get("immediate") or {}
        parts = [f"{bonus[k]} {label}" for k, label in
                 (("favor", "favor"), ("gold", "gold"), ("stones", "stone"))
                 if bonus.get(k)]
        text = "Bonus: " + (" + ".join(parts) if parts else "none")
        draw.text((x0 + 10, y0 + 147), fit_text(text, font(15, bold=True), COL_W - 110),
                  font=font(15, bold=True), fill=INK, anchor="lm")
        draw.text((x1 - 10, y0 + 147), "IN AUCTION", font=font(14, bold=True),
                  fill=(140, 96, 0), anchor="rm")
        bid = province.get("bid")
        bx = x0 + 10
        if bid:
            draw.text((bx, y0 + 167), "Top bid", font=font(15), fill=INK, anchor="lm")
            seat_token(draw, (bx + 74, y0 + 166), bid["seat"], size=22)
            draw.text((bx + 92, y0 + 167), str(bid["value"]), font=font(18, bold=True),
                      fill=INK, anchor="lm")
        else:
            draw.text((bx, y0 + 167), "No bid yet", font=font(15), fill=INK, anchor="lm")
        blocked = province.get("blocked") or []
        if blocked:
            draw.text((x1 - 10, y0 + 167), "blocked " + ", ".join(str(b) for b in blocked),
                      font=font(15, bold=True), fill=(150, 20, 20), anchor="rm")


def _count(draw: ImageDraw.ImageDraw, xy: tuple[int, int], count: int, kind: str) -> None:
    x, y = xy
    if count <= 0:
        draw.text((x, y), "0", font=font(17), fill=INK_SOFT, anchor="lm")
        return
    if kind == "stone":
        draw.rectangle((x, y - 8, x + 16, y + 8), fill=STONE, outline=INK, width=2)
    else:
        draw.polygon([(x + 9, y - 10), (x + 19, y + 8), (x - 1, y + 8)], fill=PYRAMID,
                     outline=INK, width=2)
    draw.text((x + 22, y), f"×{count}", font=font(18, bold=True), fill=INK, anchor="lm")


def _offering_text(player: dict[str, Any], phase: str) -> str:
    offering = player.get("offering")
    if offering:
        text = "Theft (−3)" if offering.get("theft") else f"{offering.get('amount', 0)} gold"
        adjust = offering.get("adjust")
        if adjust:
            text += f", adjust {int(adjust):+d}"
        return text
    if phase == "offering":
        return "✓ answered" if player.get("answered") else "… deciding"
    return ""


def _offering_title(phase: str, revealed: bool) -> str:
    if phase == "offering":
        return "Offering (revealed)" if revealed else "Offering (sealed)"
    return "Last offering" if revealed else "Offering"


def _ordinal(n: int) -> str:
    return f"{n}{ {1: 'st', 2: 'nd', 3: 'rd'}.get(n if n < 20 else n % 10, 'th') }"


def _draw_scoreboard(draw: ImageDraw.ImageDraw, view: dict[str, Any], layout: Layout) -> None:
    players = view.get("players", [])
    phase = view.get("phase", "")
    acting = set(view.get("acting") or [])
    start = view.get("start_player")
    top = max((p.get("score", 0) for p in players), default=0)
    revealed = any(p.get("offering") for p in players)
    columns = [Column("Seat", 170), Column("VP", 90, "right"), Column("Gold", 90, "right"),
               Column("Favor cards", 120, "center"), Column("Theft", 120, "center"),
               Column("Provinces (this kingdom)", 360),
               Column(_offering_title(phase, revealed), 230),
               Column("Offer rank", 108, "center")]
    rows, fills = [], []
    for player in players:
        seat = player["seat"]
        winner = phase == "over" and player.get("score", 0) == top

        def seat_cell(d, box, seat=seat, winner=winner):
            x0, y0, _x1, y1 = box
            cy = (y0 + y1) // 2
            seat_token(d, (x0 + 22, cy), seat, size=28)
            d.text((x0 + 44, cy), seat_style(seat).colour_name, font=font(15), fill=INK,
                   anchor="lm")
            marks = ("★" if winner else "") + ("☥" if seat == start else "") \
                + ("▶" if seat in acting else "")
            d.text((x0 + 164, cy), marks, font=font(20, bold=True), fill=INK, anchor="rm")

        rank = player.get("rank")
        rows.append([
            seat_cell, str(player.get("score", 0)), str(player.get("gold", 0)),
            str(player.get("favor_cards", 0)), "✓ in hand" if player.get("has_theft") else "—",
            ", ".join(player.get("provinces", [])) or "—", _offering_text(player, phase),
            _ordinal(rank) if rank else "",
        ])
        fills.append(WINNER_FILL if winner else ACTING_FILL if seat in acting else None)
    bottom = draw_table(draw, (MARGIN, layout.score_y + SCORE_TITLE_H), columns, rows,
                        row_height=SCORE_ROW_H, header_height=SCORE_HEAD_H, body_size=18,
                        header_size=15, row_fills=fills)
    discard = view.get("favor_discard") or {}
    entries = [f"{_card_name(k)} {v}"
               for k, v in sorted(discard.items(), key=lambda kv: _card_sort(kv[0])) if v]
    label = "Favor discard pile:"
    draw.text((MARGIN, bottom + 20), label, font=font(16, bold=True), fill=INK, anchor="lm")
    indent = MARGIN + int(font(16, bold=True).getlength(label)) + 10
    lines = wrap_items(entries, font(16), WIDTH - MARGIN - indent, max_lines=2) or ["empty"]
    for index, line in enumerate(lines):
        draw.text((indent, bottom + 20 + index * 24), line, font=font(16), fill=INK,
                  anchor="lm")


def _card_name(card_type: str) -> str:
    return CARDS.get(card_type, (card_type.replace("_", " ").title(),))[0]


# --- private panel ---
PANEL_W = 900


def panel(private_view: dict[str, Any]) -> Image.Image:
    """One seat's hand: favor cards by type in their phase colour, Theft, gold, sealed answer."""
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
    draw.text((80, 28), f"Your hand · Seat {style.letter} ({style.colour_name})",
              font=font(24, bold=True), fill=CREAM, anchor="lm")
    kingdom = KINGDOMS.get(private_view.get("kingdom"), "")
    draw.text((80, 60), f"{kingdom} · Round {private_view.get('round', '?')}/6 · "
              f"{PHASES.get(private_view.get('phase', ''), '')}", font=font(16), fill=CREAM_SOFT,
              anchor="lm")
    stats = (f"Gold {player.get('gold', 0)}   VP {player.get('score', 0)}   "
             f"Favor cards {sum(hand.values())}   Provinces: "
             + (", ".join(player.get("provinces", [])) or "—"))
    draw.text((20, 92), fit_text(stats, font(18, bold=True), PANEL_W - 40),
              font=font(18, bold=True), fill=GOLD, anchor="lm")

    y = 126
    entries = [(CARDS.get(k, (_card_name(k), "grey", "")), n) for k, n in cards]
    if player.get("has_theft"):
        entries.append((THEFT, 1))
    if not entries:
        draw.text((24, y + row_h // 2), "No favor cards in hand.", font=font(18), fill=INK,
                  anchor="lm")
    for (name, colour_key, effect), count in entries:
        colour, phase_name = PHASE_COLOURS[colour_key]
        rounded_panel(draw, (16, y, PANEL_W - 16, y + row_h - 6), fill=PAPER, outline=colour,
                      radius=8, width=2)
        draw.rounded_rectangle((16, y, 150, y + row_h - 6), radius=8, fill=colour)
        draw.text((83, y + (row_h - 6) // 2), phase_name, font=font(15, bold=True),
                  fill=text_on(colour), anchor="mm")
        draw.text((166, y + (row_h - 6) // 2), name, font=font(20, bold=True), fill=INK,
                  anchor="lm")
        draw.text((420, y + (row_h - 6) // 2), fit_text(effect, font(15), 380), font=font(15),
                  fill=INK_SOFT, anchor="lm")
        draw.text((PANEL_W - 30, y + (row_h - 6) // 2), f"×{count}", font=font(22, bold=True),
                  fill=INK, anchor="rm")
        y += row_h

    y += 14
    sealed = me.get("sealed")
    rounded_panel(draw, (16, y, PANEL_W - 16, y + 70), fill=(232, 238, 250),
                  outline=PHASE_COLOURS["blue"][0], radius=10, width=2)
    if sealed:
        label = "Your sealed offering: " + _sealed_text(sealed)
        sub = f"option {sealed} · secret until every seat has answered"
    elif private_view.get("phase") == "offering":
        label = "Offering: not sealed yet"
        sub = "answer in your DM or with /play"
    else:
        label = "No sealed answer pending"
        sub = "offerings are sealed in phase 3"
    draw.text((32, y + 22), fit_text(label, font(19, bold=True), PANEL_W - 64),
              font=font(19, bold=True), fill=INK, anchor="lm")
    draw.text((32, y + 50), sub, font=font(15), fill=INK_SOFT, anchor="lm")
    return image


def _sealed_text(option_id: str) -> str:
    """Human words for an offering option id (``offer:5+adjust``, ``theft``)."""
    parts = option_id.split("+")
    words = []
    for part in parts:
        if part == "theft":
            words.append("Theft card")
        elif part.startswith("offer:"):
            words.append(f"{part.split(':', 1)[1]} gold")
        elif part == "adjust":
            words.append("with Offering Adjustment")
        else:
            words.append(part)
    return " ".join(words)
