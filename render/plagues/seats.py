"""10 Plagues' seats: each province board (header strip, Hebrews, status, holdings, cards)
and the final score table (``draw_final``)."""

from __future__ import annotations

from typing import Any

from PIL import ImageDraw

from lang import localise, t
from render.common import (
    INK,
    INK_SOFT,
    PAPER,
    RGB,
    Cell,
    Column,
    draw_table,
    fit_font,
    fit_text,
    font,
    ordinal,
    seat_label,
    seat_token,
    text_on,
    wrap_items,
)
from render.plagues.layout import (
    BADGE_OFF,
    BADGE_ON,
    CELL_W,
    CREAM,
    DIE_BACK,
    FINAL_HEAD_H,
    FINAL_ROW_H,
    FINAL_TITLE_H,
    GOLD,
    HIGHLIGHT,
    MARGIN,
    NILE_DARK,
    PB_H,
    PB_W,
    PILL_NAME_W,
    PILL_SIZES,
    TILE_FILL,
    WIDTH,
    WINNER_FILL,
    Box,
    Places,
    cell_box,
    dev_cell,
    die_card,
    discard_box,
    edge_center,
    hebrew_space,
    line_mark,
    nile_cell,
    occupation,
    pcard_cell,
)
from render.plagues.pieces import clamp, die, draw_label, draw_tile, marker, rrect
from render.plagues.static import hebrew_column_title
from render.plagues.words import (
    BONUS_LABEL,
    CATEGORY,
    OCCUPATION,
    PROVINCE_TEXT,
    card_name,
    fit,
    seat_name,
    text_px,
    tile_kind,
    tile_text,
)
from rules.plagues.data import (
    DEV_LAST,
    DEV_VP,
    HEBREW_COLUMN,
    NILE_LAST,
    PROVINCE_LAST,
)
from rules.plagues.view import PrivateView
from rules.text import msg


# --- a province board --------------------------------------------------------------------------
def draw_player(
    draw: ImageDraw.ImageDraw,
    view: PrivateView,
    player: dict[str, Any],
    origin: tuple[int, int],
    acting: bool,
    places: Places,
    loc: str = "en",
) -> None:
    bx, by = origin
    seat = int(player.get("seat", 0))
    ai = bool(player.get("is_ai"))
    _draw_player_header(draw, view, player, origin, acting, loc)

    # cells, bonuses, lines
    cells = {**(player.get("city") or {}), **(player.get("field") or {})}
    for cell, tile in cells.items():
        if len(cell) != 2 or cell[0] not in "cf" or cell[1] not in "012345":
            continue
        box = cell_box(origin, cell)
        places.add(f"space:{cell}", box, seat)
        if tile:
            fill = TILE_FILL.get(tile_kind(tile), PAPER)
            ink = text_on(fill)
            draw.rectangle(box, fill=fill, outline=INK, width=2)
            draw.text((box[0] + 4, box[1] + 2), cell, font=font(14), fill=ink)
            draw.text(
                ((box[0] + box[2]) // 2, box[3] - 12),
                fit_text(tile_text(tile, loc), font(14), CELL_W - 4),
                font=font(14),
                fill=ink,
                anchor="mm",
            )
    for bonus in player.get("bonuses") or []:
        if not bonus.get("active"):
            continue
        a, b = bonus.get("a", ""), bonus.get("b", "")
        try:
            cx, cy = edge_center(origin, a, b)
        except (ValueError, IndexError):
            continue
        rrect(
            draw,
            (cx - 15, cy - 12, cx + 15, cy + 12),
            radius=6,
            fill=BADGE_ON,
            outline=INK,
            width=2,
        )
        draw_label(
            draw,
            (cx, cy),
            localise(BONUS_LABEL.get(bonus.get("kind", ""), "?"), loc),
            14,
            28,
            anchor="mm",
        )
    for line, complete in enumerate((player.get("lines") or [])[:4]):
        if complete:
            cx, cy = line_mark(origin, line)
            draw.ellipse((cx - 11, cy - 11, cx + 11, cy + 11), fill=GOLD, outline=INK, width=2)
            draw.text((cx, cy), "☥", font=font(15, bold=True), fill=INK, anchor="mm")

    # tracks
    dev = player.get("dev") or {}
    for track in ("city", "field"):
        pos = clamp(dev.get(track, 0), DEV_LAST)
        box = dev_cell(origin, track, pos)
        marker(draw, box, seat, str(DEV_VP[pos]))
        first, last = dev_cell(origin, track, 0), dev_cell(origin, track, DEV_LAST)
        places.add(f"track:{track}", (first[0], first[1], last[2], last[3]), seat)
    nile = clamp(player.get("nile", 0), NILE_LAST)
    marker(draw, nile_cell(origin, nile), seat, str(nile))
    pcard = clamp(player.get("province_card", 0), PROVINCE_LAST)
    for space in player.get("markers_left") or []:
        if isinstance(space, int) and 0 <= space <= PROVINCE_LAST and space != pcard:
            x0, y0, x1, y1 = pcard_cell(origin, space)
            draw.ellipse((x1 - 9, y0 + 1, x1 - 1, y0 + 9), fill=(70, 70, 70))
    marker(draw, pcard_cell(origin, pcard), seat, str(pcard))

    # die cards
    used = list(player.get("dice_used") or [])
    if ai and view.get("ai_row") is not None:
        for index, card in enumerate((view.get("ai_row") or [])[:6]):
            box = die_card(origin, index)
            if card.get("revealed") and card.get("value") is not None:
                die(draw, box, str(card["value"]), False, loc)
            else:
                rrect(draw, box, radius=5, fill=DIE_BACK, outline=INK, width=2)
                draw.text(
                    ((box[0] + box[2]) // 2, (box[1] + box[3]) // 2),
                    "?",
                    font=font(18, bold=True),
                    fill=CREAM,
                    anchor="mm",
                )
    else:
        for value in range(1, 7):
            box = die_card(origin, value - 1)
            die(draw, box, str(value), value in used, loc)
            places.add(f"die:{value}", box, seat)

    # discard and occupation tiles
    if not ai:
        discard = player.get("discard") or {}
        for slot in ("A", "B"):
            box = discard_box(origin, slot)
            places.add(f"recover:{slot}", box, seat)
            tile = discard.get(slot)
            if tile:
                draw_tile(
                    draw, (box[0] + 3, box[1] + 17, box[2] - 3, box[3] - 3), tile, size=14, loc=loc
                )
    left = set(player.get("occupation_left") or [])
    for index, name in enumerate(OCCUPATION):
        x0, y0, x1, y1 = box = occupation(origin, index)
        if name in left:
            rrect(draw, (x0 + 3, y0 + 20, x1 - 3, y1 - 3), radius=4, fill=GOLD, outline=INK)
            draw.text(
                ((x0 + x1) // 2, y0 + 30), "+2/+2", font=font(14, bold=True), fill=INK, anchor="mm"
            )
        else:
            draw_label(
                draw,
                ((x0 + x1) // 2, y0 + 30),
                t(loc, "taken"),
                14,
                x1 - x0 - 4,
                fill=INK_SOFT,
                anchor="mm",
            )

    _draw_hebrews(draw, player, origin, loc)
    _draw_status(draw, view, player, origin, loc)
    _draw_holdings(draw, player, origin, places, loc)


def _draw_player_header(
    draw: ImageDraw.ImageDraw,
    view: PrivateView,
    player: dict[str, Any],
    origin: tuple[int, int],
    acting: bool,
    loc: str = "en",
) -> None:
    bx, by = origin
    x = bx + 44 + draw_player_name(draw, view, int(player.get("seat", 0)), origin, loc)
    if acting:
        draw.text((x + 12, by + 22), "▶", font=font(18, bold=True), fill=HIGHLIGHT, anchor="mm")
    province = player.get("province")
    if player.get("is_ai"):
        name = t(loc, "AI (solo)")
    else:
        name = localise(
            PROVINCE_TEXT.get(province or "", (str(province or "—").title(), ""))[0], loc
        )
    draw.text((x + 26, by + 22), name, font=font(18, bold=True), fill=INK, anchor="lm")
    x += 26 + text_px(font(18, bold=True), name) + 10
    score = player.get("score", 0)
    score_text = t(loc, "1 VP") if score == 1 else t(loc, "{n} VP", n=score)
    draw.text(
        (bx + PB_W - 12, by + 22), score_text, font=font(20, bold=True), fill=INK, anchor="rm"
    )
    right = bx + PB_W - 12 - text_px(font(20, bold=True), score_text) - 8
    pills: list[tuple[str, RGB]] = []
    soldiers = player.get("soldiers")
    if soldiers is not None:
        pills.append((t(loc, "⚔ {n} {n:plural:soldier|soldiers}", n=soldiers), (250, 220, 150)))
    order = player.get("order")
    if order:
        pills.append((t(loc, "turn {n}", n=order), (236, 228, 208)))
    paid = player.get("paid")
    if paid is True:
        pills.append((t(loc, "paid ✓"), (196, 232, 190)))
    elif paid is False:
        pills.append((t(loc, "unpaid ✗"), (246, 196, 190)))
    if player.get("plague_cancelled"):
        pills.append((t(loc, "plague ignored"), (222, 214, 240)))
    penalties = int(player.get("penalties") or 0)
    if penalties:
        pills.append(
            (
                t(
                    loc,
                    "☠ {n} {n:plural:penalty|penalties} (−{vp} VP)",
                    n=penalties,
                    vp=3 * penalties,
                ),
                (246, 196, 190),
            )
        )
    pill_font = font(14, bold=True)
    for text, fill in reversed(pills):
        w = text_px(pill_font, text) + 12
        if right - w < x:
            break
        rrect(draw, (right - w, by + 11, right, by + 33), radius=6, fill=fill, outline=INK_SOFT)
        draw.text((right - w // 2, by + 22), text, font=pill_font, fill=INK, anchor="mm")
        right -= w + 6


NAME_ROOM = 190  # px of a player's name in their board's title bar (fitted or cut with "…")
TITLE_FILL = (238, 228, 204)  # the title bar the static layer drew the seat's name on


def draw_player_name(
    draw: ImageDraw.ImageDraw, view: PrivateView, seat: int, origin: tuple[int, int], loc: str
) -> int:
    """The player's name (the bot's ``seat_labels``) over the static "A · Seat 1" of their
    board's title bar; returns the drawn name's width (the static name's without a label)."""
    own = seat_name(seat, loc)
    name = seat_label(view, seat, own)
    if name == own:
        return text_px(font(19, bold=True), own)
    bx, by = origin
    shown, fnt = fit_font(name, (19, 17, 15), NAME_ROOM, bold=True)
    cover = max(text_px(font(19, bold=True), own), text_px(fnt, shown)) + 2
    draw.rectangle((bx + 42, by + 6, bx + 44 + cover, by + 38), fill=TITLE_FILL)
    draw.text((bx + 44, by + 22), shown, font=fnt, fill=INK, anchor="lm")
    return text_px(fnt, shown)


def _draw_hebrews(
    draw: ImageDraw.ImageDraw, player: dict[str, Any], origin: tuple[int, int], loc: str = "en"
) -> None:
    bx, by = origin
    hebrews = [int(h) for h in player.get("hebrews") or []]
    size = len(HEBREW_COLUMN)
    columns = [hebrews[i : i + size] for i in range(0, len(hebrews), size)]
    if len(columns) > 1:
        freed = t(
            loc,
            "{n} freed · sum {sum} · column {column}",
            n=len(hebrews),
            sum=sum(hebrews),
            column=len(columns),
        )
    else:
        freed = t(loc, "{n} freed · sum {sum}", n=len(hebrews), sum=sum(hebrews))
    title, size, room, bold = hebrew_column_title(loc)
    shown, fnt = fit(title, size, bold, room)
    x = bx + 12 + text_px(fnt, shown) + 14
    draw_label(draw, (x, by + 364), freed, 14, bx + 430 - x)
    for index in range(size):
        values = [column[index] for column in columns if index < len(column)]
        if not values:
            continue
        x0, y0, x1, y1 = hebrew_space(origin, index)
        draw.rectangle((x0 + 1, y0 + 18, x1 - 1, y1 - 1), fill=(255, 255, 255))
        draw.text(
            (x0 + 6, y0 + 31), str(values[0]), font=font(18, bold=True), fill=INK, anchor="lm"
        )
        if len(values) > 1:
            draw.text(
                (x1 - 4, y0 + 31),
                " ".join(str(v) for v in values[1:]),
                font=font(14, bold=True),
                fill=NILE_DARK,
                anchor="rm",
            )


def _draw_status(
    draw: ImageDraw.ImageDraw,
    view: PrivateView,
    player: dict[str, Any],
    origin: tuple[int, int],
    loc: str = "en",
) -> None:
    bx, by = origin
    x, width = bx + 442, PB_W - 442 - 10
    tokens = player.get("ankh_tokens") or {}
    soldiers = player.get("soldiers")
    if player.get("is_ai"):
        lines: list[tuple[str, bool]] = [
            (t(loc, "AI: no tribute, no losses"), True),
            (t(loc, "no plague effects, no Ankh"), False),
        ]
    else:
        lines = [
            (
                t(
                    loc,
                    "☥ active {n} (need {need})",
                    n=player.get("ankh_active", 0),
                    need=view.get("ankh_needed", "?"),
                ),
                True,
            ),
            (
                t(
                    loc,
                    "☥ tokens {board} on board · {supply} left",
                    board=tokens.get("board", 0),
                    supply=tokens.get("supply", 0),
                ),
                False,
            ),
        ]
    lines.append(
        (
            t(
                loc,
                "Income {n} ¢ · soldiers {soldiers}",
                n=player.get("income", 0),
                soldiers="—" if soldiers is None else soldiers,
            ),
            soldiers is not None,
        )
    )
    extras = []
    if player.get("special_actions_used"):
        extras.append(t(loc, "SA used {n}", n=player["special_actions_used"]))
    if player.get("power_used"):
        extras.append(t(loc, "power used"))
    province = player.get("province")
    if province in PROVINCE_TEXT and not extras:
        extras.append(localise(PROVINCE_TEXT[province][1], loc))
    if extras:
        lines.append((" · ".join(extras), False))
    for index, (text, bold) in enumerate(lines):
        draw_label(draw, (x, by + 362 + index * 18), text, 14, width, bold=bold)


def _draw_holdings(
    draw: ImageDraw.ImageDraw,
    player: dict[str, Any],
    origin: tuple[int, int],
    places: Places,
    loc: str = "en",
) -> None:
    bx, by = origin
    seat = int(player.get("seat", 0))
    kept = player.get("kept") or {}
    items = []
    if kept.get("boat"):
        items.append(t(loc, "{n} {n:plural:boat|boats}", n=kept["boat"]))
    if kept.get("coin"):
        items.append(t(loc, "{n} {n:plural:coin|coins}", n=kept["coin"]))
    provinces = kept.get("province") or []
    if provinces:
        items.append(t(loc, "Province {values}", values="+".join(str(v) for v in provinces)))
    pharaoh_tiles = int(kept.get("pharaoh_unused", 0)) + int(kept.get("pharaoh_used", 0))
    if pharaoh_tiles:
        items.append(
            t(
                loc,
                "Pharaoh tile {ready} ready / {used} used",
                ready=kept.get("pharaoh_unused", 0),
                used=kept.get("pharaoh_used", 0),
            )
        )
    cards = player.get("pharaoh_cards") or []
    if cards:
        items.append(t(loc, "pharaoh card {cards}", cards=", ".join(str(c) for c in cards)))
    first = t(loc, "Beside the board: {item}", item=items[0] if items else t(loc, "nothing"))
    lines = wrap_items([first, *items[1:]], font(15), PB_W - 24, 2, locale=loc)
    for index, line in enumerate(lines):
        draw.text((bx + 12, by + 442 + index * 19), line, font=font(15), fill=INK, anchor="lm")
    # territory cards as pills (card:<id>)
    _draw_card_pills(
        draw,
        list(player.get("territory") or []),
        seat,
        (bx + 12, by + 444 + len(lines) * 19, bx + PB_W - 12, by + PB_H - 5),
        places,
        loc,
    )


def _draw_card_pills(
    draw: ImageDraw.ImageDraw,
    territory: list[dict[str, Any]],
    seat: int,
    area: Box,
    places: Places,
    loc: str = "en",
) -> None:
    """A seat's territory cards as pills in ``area``; what does not fit becomes "+n more"."""
    x0, y0, x1, y1 = area
    pill_font, row_h = font(14, bold=True), 24
    if not territory:
        draw.text(
            (x0, y0 + 10), t(loc, "No territory cards."), font=font(14), fill=INK_SOFT, anchor="lm"
        )
        return
    # the card's name in every language (its id is made of English words: issue 12, item 8),
    # in a smaller font where a long name needs it
    fitted = [fit_font(card_name(c, loc), PILL_SIZES, PILL_NAME_W, bold=True) for c in territory]
    labels = [
        name + (" ✓" if c.get("used") else "")
        for (name, _f), c in zip(fitted, territory, strict=True)
    ]
    fonts = [fnt for _name, fnt in fitted]
    widths = [text_px(fnt, label) + 14 for fnt, label in zip(fonts, labels, strict=True)]
    rows = max(1, (y1 - y0 + 3) // row_h)
    more_w = text_px(pill_font, t(loc, "+{n} more", n=len(labels))) + 6

    def layout(count: int, reserve: int) -> list[tuple[int, int]] | None:
        spots, x, row = [], x0, 0
        for index in range(count):
            w = widths[index]
            room = x1 - (reserve if index == count - 1 else 0)
            if x + w > room and x > x0:
                x, row = x0, row + 1
            if row >= rows or x + w > room:
                return None
            spots.append((x, y0 + row * row_h))
            x += w + 6
        return spots

    shown = len(labels)
    spots = layout(shown, 0)
    while spots is None and shown > 0:
        shown -= 1
        spots = layout(shown, more_w) if shown else []
    spots = spots or []
    for index, (px, py) in enumerate(spots):
        card, w = territory[index], widths[index]
        used = bool(card.get("used"))
        colour = CATEGORY.get(card.get("category", ""), ("", BADGE_OFF))[1]
        rrect(
            draw,
            (px, py, px + w, py + 21),
            radius=6,
            fill=BADGE_OFF if used else colour,
            outline=colour if used else INK_SOFT,
            width=2 if used else 1,
        )
        draw.text(
            (px + w // 2, py + 10),
            labels[index],
            font=fonts[index],
            fill=INK_SOFT if used else text_on(colour),
            anchor="mm",
        )
        places.add(f"card:{card.get('id')}", (px, py, px + w, py + 21), seat)
    if shown < len(labels):
        px, py = (spots[-1][0] + widths[shown - 1] + 6, spots[-1][1]) if spots else (x0, y0)
        draw.text(
            (px, py + 10),
            t(loc, "+{n} more", n=len(labels) - shown),
            font=pill_font,
            fill=INK,
            anchor="lm",
        )


# --- final scores ------------------------------------------------------------------------------
BREAKDOWN = (
    ("development", msg("Dev")),
    ("nile", msg("Nile")),
    ("tiles", msg("Tiles")),
    ("pharaoh_tiles", msg("Ph. tiles")),
    ("territory", msg("Territory")),
    ("province", msg("Prov. 24")),
    ("hebrews", msg("Hebrews")),
    ("penalties", msg("Penalty")),
    ("discard", msg("Discard")),
)


def draw_final(draw: ImageDraw.ImageDraw, view: PrivateView, y: int, loc: str = "en") -> None:
    final = view.get("final") or {}
    scores = list(final.get("scores") or [])
    places = list(final.get("places") or [])
    breakdown = list(final.get("breakdown") or [])
    columns = [
        Column(t(loc, "Seat"), 190),
        Column(t(loc, "Place"), 90, "center"),
        Column(t(loc, "Total"), 90, "right"),
    ]
    columns += [Column(localise(title, loc), 100, "right") for _, title in BREAKDOWN]
    rows: list[list[Cell]] = []
    fills = []
    for seat in range(len(view.get("players") or [])):
        winner = seat < len(places) and places[seat] == 1
        own = t(loc, "Seat {n}", n=seat + 1)
        seat_text = ("★ " if winner else "") + seat_label(view, seat, own)

        def seat_cell(d, box, seat=seat, seat_text=seat_text):
            x0, y0, x1, y1 = box
            cy = (y0 + y1) // 2
            seat_token(d, (x0 + 22, cy), seat, size=26)
            draw_label(d, (x0 + 42, cy), seat_text, 16, x1 - x0 - 48, bold=True)

        items = breakdown[seat] if seat < len(breakdown) else {}
        rows.append(
            [
                seat_cell,
                ordinal(places[seat], loc) if seat < len(places) else "",
                str(scores[seat]) if seat < len(scores) else "",
                *(str(items.get(k, "")) for k, _ in BREAKDOWN),
            ]
        )
        fills.append(WINNER_FILL if winner else None)
    header_size = next(
        (
            size
            for size in (14, 13, 12, 11)
            if all(
                text_px(font(size, bold=True), column.title) <= column.width - 16
                for column in columns
            )
        ),
        11,
    )
    draw_table(
        draw,
        (MARGIN, y + FINAL_TITLE_H),
        columns,
        rows,
        row_height=FINAL_ROW_H,
        header_height=FINAL_HEAD_H,
        body_size=17,
        header_size=header_size,
        row_fills=fills,
    )
    notes = [localise(n, loc) for n in final.get("tiebreaks") or []]
    if notes:
        draw.text(
            (MARGIN + 200, y + FINAL_TITLE_H // 2),
            fit_text(" ".join(notes), font(14), WIDTH - 230),
            font=font(14),
            fill=INK_SOFT,
            anchor="lm",
        )
