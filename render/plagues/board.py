"""10 Plagues' board: the static layer plus the pieces of the moment, the header and the
collective board."""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from PIL import Image, ImageDraw

from lang import localise, t
from render.common import (
    INK,
    INK_SOFT,
    PAPER,
    WHITE,
    Band,
    canvas_draw,
    fit_text,
    font,
    seat_label,
    seat_token,
    text_on,
    with_band,
    wrap_text,
)
from render.plagues.layout import (
    BAD,
    BADGE_OFF,
    COLL_Y,
    CREAM,
    CREAM_SOFT,
    GOOD,
    HEBREW_BOX,
    HIGHLIGHT,
    LOSS_BOX,
    MARGIN,
    PAPYRUS_NOW,
    PLAGUE_BOX,
    ROW3_Y,
    SUPPLY_BOX,
    TERRITORY_BOX,
    WIDTH,
    Box,
    Layout,
    Places,
    dice_space,
    hebrew_tile,
    loss_part,
    papyrus_cell,
    pharaoh_card,
    static_key,
    territory_card,
)
from render.plagues.pieces import draw_label, draw_tile, rrect
from render.plagues.seats import draw_final, draw_player
from render.plagues.static import static_layer
from render.plagues.words import (
    CATEGORY,
    STEPS,
    TIMING,
    fit,
    ids_shown,
    option_id,
    text_px,
    use_label,
)
from rules.plagues.data import (
    TERRITORIES,
)
from rules.plagues.view import PHASE_NAMES, PrivateView


def highlights(highlight: str | Iterable[str] | None) -> set[str]:
    if highlight is None:
        return set()
    if isinstance(highlight, str):
        return {highlight}
    return {str(h) for h in highlight}


def board(
    view: PrivateView, *, highlight: str | Iterable[str] | None = None, locale: str = "en"
) -> Image.Image:
    """The public board, its words in ``locale``. Reads only public keys of ``view`` (a private
    view's "me" is ignored)."""
    image, _places, table_layout = board_places(view, highlight, locale)
    return with_band(image, header_band(view, locale))


def board_places(
    view: PrivateView, highlight: str | Iterable[str] | None, locale: str
) -> tuple[Image.Image, Places, Layout]:
    """The board under its band, where each option-id place was drawn, and its layout."""
    key = static_key(view, locale)
    base, layout = static_layer(key)
    image = base.copy()
    draw = canvas_draw(image)
    places = Places()
    _draw_header(draw, view, locale)
    _draw_collective(draw, view, places, locale)
    players = view.get("players") or []
    acting = set(view.get("acting") or [])
    for player in players:
        seat = int(player.get("seat", 0))
        if seat < len(layout.boards):
            draw_player(draw, view, player, layout.boards[seat], seat in acting, places, locale)
    if layout.final_y is not None:
        draw_final(draw, view, layout.final_y, locale)
    marks = highlights(highlight)
    if marks:
        for box in resolve(marks, view, places):
            x0, y0, x1, y1 = box
            rrect(draw, (x0 - 6, y0 - 6, x1 + 6, y1 + 6), radius=8, outline=INK, width=2)
            rrect(draw, (x0 - 4, y0 - 4, x1 + 4, y1 + 4), radius=7, outline=HIGHLIGHT, width=4)
    return image, places, layout


def header_band(view: PrivateView, loc: str = "en") -> Band:
    """The board's header band: game, round and phase, step, whose turn, every score."""
    phase = view.get("phase", "")
    status = t(
        loc,
        "Round {round}/{last} · {phase}",
        round=view.get("round", "?"),
        last=view.get("last_round") or 10,
        phase=PHASE_NAMES.get(phase, phase),
    )
    step = view.get("step")
    detail = localise(STEPS.get(step, step), loc) if step and phase != "over" else ""
    acting = tuple(int(seat) for seat in view.get("acting") or [])
    waiting = t(loc, "nobody") if phase == "over" else "" if acting else "—"
    scores = tuple(
        (int(p.get("seat", i)), int(p.get("score", 0) or 0))
        for i, p in enumerate(view.get("players") or [])
    )
    return Band(
        t(loc, "10 PLAGUES OF EGYPT"),
        status,
        t(loc, "Turn"),
        acting,
        waiting,
        t(loc, "VP"),
        scores,
        detail,
    )


def resolve(marks: set[str], view: PrivateView, places: Places) -> list[Box]:
    """Option ids (and their colon tokens) -> the boxes to outline.

    Shared places: ``tile:k``, ``swap:a:b``, ``hebrew:v``, ``pick:<id>`` (or a face-up card
    id), ``pharaoh:k``, ``cancel:n``, ``token:plague``; ``die:k`` with ``tile`` or ``pharaoh``
    marks dice space or pharaoh card k. A seat's places (``space:c4``/``c4``, ``die:k``,
    ``recover:A``, ``slot:A``, ``drop:A``, ``track:city``, ``card:<id>``) are marked on the
    boards of the seats named by ``seat:N`` marks, else of the current seat, else the acting
    seats.
    """
    boxes: list[Box] = []
    names: set[str] = set()
    seat_names: set[str] = set()
    seats = {
        int(m.split(":")[1]) for m in marks if m.startswith("seat:") and m.split(":")[1].isdigit()
    }
    if not seats:
        current = view.get("current")
        seats = {current} if current is not None else set(view.get("acting") or [])
    dice = [m.split(":")[1] for m in marks if m.startswith("die:") and m.count(":") >= 1]
    for mark in marks:
        parts = mark.split(":")
        head = parts[0]
        if head in ("tile", "hebrew", "pharaoh", "cancel") and len(parts) == 2:
            names.add(mark)
        elif head == "swap" and len(parts) == 3:
            names.update((f"tile:{parts[1]}", f"tile:{parts[2]}"))
        elif head in ("pick", "keep") and len(parts) == 2:
            names.add(f"pick:{parts[1]}")
        elif mark in places.shared and not mark.startswith(("tile", "hebrew")):
            names.add(mark)
        elif mark == "token:plague":
            names.add("plague")
        elif f"pick:{mark}" in places.shared:
            names.add(f"pick:{mark}")
        if head == "space" and len(parts) == 2:
            seat_names.add(f"space:{parts[1]}")
        elif len(parts) == 1 and len(mark) == 2 and mark[0] in "cf" and mark[1] in "012345":
            seat_names.add(f"space:{mark}")
        elif head == "die" and len(parts) >= 2:
            seat_names.add(f"die:{parts[1]}")
        elif head in ("recover", "slot", "drop") and len(parts) == 2:
            seat_names.add(f"recover:{parts[1]}")
        elif head in ("track", "pay") and len(parts) == 2:
            seat_names.update(
                {"track:city", "track:field"} if parts[1] == "split" else {f"track:{parts[1]}"}
            )
        elif head == "card" and len(parts) == 2:
            for (_seat, name), found in places.seat.items():
                if name == mark:
                    boxes.extend(found)
    for value in dice:
        if "tile" in marks:
            names.add(f"tile:{value}")
        if "pharaoh" in marks:
            names.add(f"pharaoh:{value}")
    for name in sorted(names):
        boxes.extend(places.shared.get(name, []))
    for seat in sorted(s for s in seats if s is not None):
        for name in sorted(seat_names):
            boxes.extend(places.seat.get((seat, name), []))
    return boxes


def _draw_header(draw: ImageDraw.ImageDraw, view: PrivateView, loc: str = "en") -> None:
    phase = view.get("phase", "")
    last = view.get("last_round") or 10
    title = t(
        loc,
        "Round {round}/{last} · {phase}",
        round=view.get("round", "?"),
        last=last,
        phase=PHASE_NAMES.get(phase, phase),
    )
    step = view.get("step")
    draw_label(draw, (345, 18), title, 18, 435, bold=True, fill=CREAM)
    parts = []
    if step and phase != "over":
        parts.append(localise(STEPS.get(step, step), loc))
    if (view.get("plague") or {}).get("id") == "locusts":
        parts.append(t(loc, "tribute {n} +1 Locusts", n=view.get("tribute", "?")))
    else:
        parts.append(t(loc, "tribute {n}", n=view.get("tribute", "?")))
    parts.append(t(loc, "☥ needed {n}", n=view.get("ankh_needed", "?")))
    if view.get("round") in (view.get("moses_rounds") or []):
        parts.append(t(loc, "Moses ✦"))
    draw_label(draw, (345, 46), " · ".join(parts), 15, 435, fill=CREAM_SOFT)
    x = 805
    for index, seat in enumerate(view.get("turn_order") or []):
        draw.text((x, 46), f"{index + 1}.", font=font(15, bold=True), fill=CREAM, anchor="lm")
        seat_token(draw, (x + 30, 45), seat, size=24)
        x += 56
    acting = list(view.get("acting") or [])
    x = 1058
    for seat in acting[:5]:
        seat_token(draw, (x, 45), seat, size=24)
        x += 36
    if len(acting) == 1:
        draw_label(
            draw,
            (x - 12, 45),
            seat_label(view, acting[0], t(loc, "Seat {n}", n=acting[0] + 1)),
            16,
            WIDTH - MARGIN - x + 12,
            bold=True,
            fill=CREAM,
        )
    elif not acting:
        draw_label(
            draw,
            (1045, 45),
            t(loc, "nobody") if phase == "over" else "—",
            16,
            WIDTH - MARGIN - 1045,
            fill=CREAM,
        )


def _draw_collective(
    draw: ImageDraw.ImageDraw, view: PrivateView, places: Places, loc: str = "en"
) -> None:
    # dice spaces
    spaces = list(view.get("dice_spaces") or [])
    for k in range(1, 7):
        x0, y0, x1, y1 = space = dice_space(k)
        places.add(f"tile:{k}", space)
        tile = spaces[k - 1] if k - 1 < len(spaces) else None
        inner = (x0 + 6, y0 + 44, x1 - 6, y1 - 8)
        if tile:
            draw_tile(draw, inner, tile, loc=loc)
        else:
            rrect(draw, inner, radius=6, outline=INK_SOFT, width=1)
            draw_label(
                draw,
                ((x0 + x1) // 2, (inner[1] + inner[3]) // 2),
                t(loc, "empty"),
                14,
                inner[2] - inner[0] - 6,
                fill=INK_SOFT,
                anchor="mm",
            )
    # Hebrews
    hebrews = list(view.get("hebrews") or [])
    for index, value in enumerate(hebrews[:3]):
        box = hebrew_tile(index)
        rrect(draw, box, radius=8, fill=(250, 250, 250), outline=INK, width=2)
        draw.text(
            ((box[0] + box[2]) // 2, (box[1] + box[3]) // 2),
            str(value),
            font=font(28, bold=True),
            fill=INK,
            anchor="mm",
        )
        places.add(f"hebrew:{value}", box)
    if not hebrews:
        draw_label(
            draw,
            (HEBREW_BOX[0] + 14, COLL_Y + 66),
            t(loc, "none left this round"),
            15,
            HEBREW_BOX[2] - HEBREW_BOX[0] - 24,
            fill=INK_SOFT,
        )
    elif len(hebrews) > 3:
        draw.text(
            (HEBREW_BOX[2] - 8, COLL_Y + 14),
            f"+{len(hebrews) - 3}",
            font=font(15, bold=True),
            fill=INK,
            anchor="rm",
        )
    draw_label(
        draw,
        (HEBREW_BOX[0] + 10, COLL_Y + 148),
        t(loc, "Hebrew reserve {n}", n=view.get("hebrew_reserve", 0)),
        14,
        HEBREW_BOX[2] - HEBREW_BOX[0] - 16,
        bold=True,
    )
    # supply
    lines = (
        t(loc, "Reserve {n} {n:plural:tile|tiles}", n=view.get("reserve", 0)),
        t(loc, "Out of game {n}", n=view.get("removed", 0)),
        t(loc, "Plague deck {n}", n=view.get("plague_deck", 0)),
        t(loc, "Loss deck {n}", n=view.get("loss_deck", 0)),
        t(loc, "Territory deck {n}", n=view.get("territory_deck", 0)),
    )
    supply_w = SUPPLY_BOX[2] - SUPPLY_BOX[0] - 16
    for index, line in enumerate(lines):
        draw_label(
            draw,
            (SUPPLY_BOX[0] + 10, COLL_Y + 42 + index * 22),
            line,
            15,
            supply_w,
            bold=index == 0,
        )
    if int(view.get("reserve", 99)) <= 2:
        draw_label(
            draw,
            (SUPPLY_BOX[0] + 10, COLL_Y + 148),
            t(loc, "≤ 2: last round!"),
            14,
            supply_w,
            bold=True,
            fill=BAD,
        )
    _draw_plague(draw, view.get("plague"), places, loc)
    _draw_papyrus(draw, view)
    _draw_loss(draw, view.get("loss_card"), places, loc)
    # pharaoh cards: holder tokens
    for card in view.get("pharaoh_cards") or []:
        n = int(card.get("n", 0))
        if not 1 <= n <= 6:
            continue
        x0, y0, x1, y1 = box = pharaoh_card(n)
        places.add(f"pharaoh:{n}", box)
        holder = card.get("holder")
        if holder is None:
            draw_label(
                draw,
                ((x0 + x1) // 2, y1 - 18),
                t(loc, "free"),
                14,
                x1 - x0 - 6,
                bold=True,
                fill=GOOD,
                anchor="mm",
            )
        else:
            rrect(draw, (x0 + 3, y1 - 34, x1 - 3, y1 - 3), radius=5, fill=WHITE)
            seat_token(draw, ((x0 + x1) // 2, y1 - 18), holder, size=24)
    # territory cards
    cards = list(view.get("territories") or [])
    for index, card in enumerate(cards):
        box = territory_card(index, len(cards))
        _territory(draw, box, card, loc)
        places.add(f"pick:{card.get('id')}", box)
    if not cards:
        draw.text(
            (TERRITORY_BOX[0] + 14, ROW3_Y + 70),
            t(loc, "No face-up territory cards."),
            font=font(16),
            fill=INK_SOFT,
            anchor="lm",
        )
    draw.text(
        (TERRITORY_BOX[2] - 10, ROW3_Y + 14),
        t(loc, "deck {n}", n=view.get("territory_deck", 0)),
        font=font(15),
        fill=INK,
        anchor="rm",
    )


def _territory(draw: ImageDraw.ImageDraw, box: Box, card: dict[str, Any], loc: str = "en") -> None:
    x0, y0, x1, y1 = box
    cid = str(card.get("id", "?"))
    category = card.get("category") or TERRITORIES.get(cid, {}).get("cat", "")
    label, colour = CATEGORY.get(category, (str(category).upper(), BADGE_OFF))
    rrect(draw, box, radius=8, fill=PAPER, outline=colour, width=3)
    rrect(draw, (x0, y0, x1, y0 + 24), radius=8, fill=colour)
    draw.rectangle((x0, y0 + 14, x1, y0 + 24), fill=colour)
    pick = f"pick:{cid}" if ids_shown(loc) else ""
    pick_w = text_px(font(14), pick) if pick else -8
    draw_label(
        draw,
        (x0 + 10, y0 + 12),
        localise(label, loc),
        14,
        x1 - x0 - 28 - pick_w,
        bold=True,
        fill=text_on(colour),
    )
    if pick:
        draw.text((x1 - 10, y0 + 12), pick, font=font(14), fill=text_on(colour), anchor="rm")
    name = localise(card.get("name") or TERRITORIES.get(cid, {}).get("name", cid), loc)
    lines = wrap_text(name, font(16, bold=True), x1 - x0 - 20, max_lines=2)
    for index, line in enumerate(lines):
        draw.text(
            (x0 + 10, y0 + 40 + index * 21), line, font=font(16, bold=True), fill=INK, anchor="lm"
        )
    text = localise(card.get("text") or "", loc)
    if text and text != name and len(lines) < 2:
        shown, text_font = fit(text, 14, False, x1 - x0 - 20)
        draw.text(
            (x0 + 10, y0 + 64),
            shown,
            font=text_font,
            fill=INK_SOFT,
            anchor="lm",
        )
    extra = TERRITORIES.get(cid, {})
    if extra.get("use"):
        draw_label(
            draw,
            (x1 - 10, y1 - 12),
            use_label(extra["use"], loc),
            14,
            x1 - x0 - 20,
            fill=INK_SOFT,
            anchor="rm",
        )


def _draw_plague(
    draw: ImageDraw.ImageDraw, plague: dict[str, Any] | None, places: Places, loc: str = "en"
) -> None:
    x0, y0, x1, y1 = PLAGUE_BOX
    places.add("plague", PLAGUE_BOX)
    if not plague:
        draw.text(
            (x0 + 12, y0 + 60), t(loc, "none revealed"), font=font(17), fill=INK_SOFT, anchor="lm"
        )
        return
    timing = localise(TIMING.get(plague.get("timing", ""), str(plague.get("timing", ""))), loc)
    pill = font(14, bold=True)
    pill_w = text_px(pill, timing) + 14
    immediate = bool(plague.get("immediate"))
    fill = (255, 190, 60) if immediate else (222, 214, 240)
    rrect(draw, (x1 - 10 - pill_w, y0 + 4, x1 - 10, y0 + 24), radius=6, fill=fill, outline=INK_SOFT)
    draw.text((x1 - 10 - pill_w // 2, y0 + 14), timing, font=pill, fill=INK, anchor="mm")
    name = localise(plague.get("name", plague.get("id", "?")), loc)
    size = next((z for z in (20, 18, 16) if text_px(font(z, bold=True), name) <= x1 - x0 - 24), 16)
    draw.text(
        (x0 + 12, y0 + 44),
        fit_text(name, font(size, bold=True), x1 - x0 - 24),
        font=font(size, bold=True),
        fill=BAD,
        anchor="lm",
    )
    for index, line in enumerate(
        wrap_text(localise(plague.get("text", ""), loc), font(15), x1 - x0 - 24, max_lines=3)
    ):
        draw.text((x0 + 12, y0 + 72 + index * 20), line, font=font(15), fill=INK, anchor="lm")
    draw_label(
        draw,
        (x0 + 12, y1 - 14),
        t(loc, "unpaid tribute: penalty card −3 VP"),
        14,
        x1 - x0 - 24,
        fill=INK_SOFT,
    )


def _draw_papyrus(draw: ImageDraw.ImageDraw, view: PrivateView) -> None:
    round_ = view.get("round")
    if not isinstance(round_, int) or not 1 <= round_ <= 10:
        return
    top = papyrus_cell(round_, 0)
    bottom = papyrus_cell(round_, 4)
    draw.rectangle((top[0], top[1], top[2], bottom[3]), outline=(200, 120, 0), width=3)
    draw.rectangle((top[0] + 2, top[1] + 2, top[2] - 2, top[3] - 1), fill=PAPYRUS_NOW)
    draw.text(
        ((top[0] + top[2]) // 2, (top[1] + top[3]) // 2),
        str(round_),
        font=font(14, bold=True),
        fill=INK,
        anchor="mm",
    )


def _draw_loss(
    draw: ImageDraw.ImageDraw, card: dict[str, Any] | None, places: Places, loc: str = "en"
) -> None:
    x0, y0, x1, y1 = LOSS_BOX
    if not card:
        draw.text(
            (x0 + 12, y0 + 60), t(loc, "none revealed"), font=font(17), fill=INK_SOFT, anchor="lm"
        )
        return
    cid, losses = card.get("id", "?"), card.get("losses")
    title = (
        t(loc, "{id} · {n} {n:plural:loss|losses}", id=cid, n=losses)
        if isinstance(losses, int)
        else cid
    )
    draw.text((x1 - 10, y0 + 14), title, font=font(14, bold=True), fill=BAD, anchor="rm")
    parts = list(card.get("parts") or [])
    for index, part in enumerate(parts[:3]):
        box = loss_part(index)
        places.add(f"cancel:{index + 1}", box)
        rrect(draw, box, radius=5, fill=(250, 228, 220), outline=(200, 150, 140))
        draw.text(
            (box[0] + 6, (box[1] + box[3]) // 2),
            option_id("cancel", index + 1),
            font=font(14),
            fill=INK_SOFT,
            anchor="lm",
        )
        alternatives = [localise(a, loc) for a in part]
        text = (
            alternatives[0]
            if len(alternatives) == 1
            else " / ".join(f"alt:{j + 1} {a}" for j, a in enumerate(alternatives))
        )
        room, cy = box[2] - box[0] - 80, (box[1] + box[3]) // 2
        if text_px(font(13, bold=True), text) <= room:
            draw_label(draw, (box[0] + 74, cy), text, 15, room, bold=True)
        else:  # two lines in the part's box
            lines = wrap_text(text, font(12, bold=True), room, max_lines=2)
            for row, line in enumerate(lines):
                draw.text(
                    (box[0] + 74, cy + (row - (len(lines) - 1) / 2) * 13),
                    line,
                    font=font(12, bold=True),
                    fill=INK,
                    anchor="lm",
                )
