"""Tekhenu's board: the static layer plus the pieces of the moment; ``_draw_player`` draws a
seat's strip."""

from __future__ import annotations

import functools
import math
from typing import Any

from PIL import Image, ImageDraw

import lang
from render.common import (
    INK,
    INK_SOFT,
    PALETTE_HINT,
    WHITE,
    Band,
    canvas_draw,
    fit_text,
    font,
    seat_style,
    text_on,
    with_band,
    wrap_text,
)
from render.tekhenu.layout import (
    CARD_FILL,
    CLOSED_FILL,
    CREAM,
    CREAM_SOFT,
    DIE,
    DIE_FILL,
    DIE_STEP,
    DIE_X_STEP,
    DISC_CX,
    DISC_CY,
    DISC_R,
    EDGE_FILL,
    GOLD,
    HIGHLIGHT,
    INNER_W,
    LIGHT_FILL,
    M_H,
    M_HEAD_H,
    M_TITLE_H,
    M_W,
    M_Y,
    MARGIN,
    O_LABEL_W,
    O_ROW_H,
    O_ROWS_Y,
    O_X,
    OB_Y,
    ROW_LABEL_W,
    SEC_GAP,
    SEC_H,
    SEC_HEAD_H,
    SEC_ROWS_Y,
    SEC_W,
    SECTION_BOX,
    SIDE_W,
    SIDE_X,
    TILE_FILL,
    WEDGE_ANGLE,
    WIDTH,
    Box,
    market_box,
    osiris_box,
    ra_slot_box,
    slot_box,
    static_key,
    strip_box,
)
from render.tekhenu.pieces import die_piece, token
from render.tekhenu.seats import draw_player
from render.tekhenu.static import static_layer
from render.tekhenu.words import (
    CARD_LETTER,
    DIFFICULTY,
    EDGE_CODE,
    GAME_NAME,
    KIND_TEXT,
    LIGHT_TEXT,
    RESOURCE_TEXT,
    STEPS,
    ability_text,
    fit,
    item_lines,
    length,
    player_name,
    say,
    wrap,
)
from rules.tekhenu.data import (
    CARD_TEXT,
    COLOUR_NAMES,
    DECREE_SYMBOL,
    DESTINY_ANKH,
    DISTRICTS,
    GOD_NAMES,
    GODS,
    PILLARS,
    PURITY_NAMES,
    STARTING_INITIATIVE,
    STARTING_TEXT,
)
from rules.tekhenu.view import PHASE_NAMES, PrivateView
from rules.text import term


# --- the board ---
def board(
    view: PrivateView, *, highlight: str | list[str] | None = None, locale: str = "en"
) -> Image.Image:
    """The public board of ``view`` in ``locale`` (private keys are never read)."""
    loc = locale or "en"
    base, layout = static_layer(static_key(view), loc)
    image = base.copy()
    image.info[PALETTE_HINT] = base.info[PALETTE_HINT]
    draw = canvas_draw(image)
    places: dict[str, Box] = dict(layout.boxes)
    dice_boxes: dict[tuple[str, str], Box] = {}
    players = view.get("players") or []

    _draw_header(draw, view, loc)
    _draw_disc(draw, view, loc)
    for section in view.get("sections") or []:
        _draw_section(draw, view, section, dice_boxes, loc)
    _draw_side(draw, view, places, loc)
    _draw_temple(draw, view, places, loc)
    _draw_osiris(draw, view, loc)
    _draw_market(draw, view, places, loc)
    for index, player in enumerate(players[: static_key(view)[0]]):
        draw_player(draw, view, player, strip_box(layout, index), loc)
    if highlight:
        _draw_highlights(draw, highlight, places, dice_boxes)
    return with_band(image, header_band(view, loc))


def header_band(view: PrivateView, loc: str = "en") -> Band:
    """The board's header band: game, round, phase and step, whose turn, every seat's VP."""
    phase = view.get("phase", "")
    step = view.get("step") or ""
    status = " · ".join(
        (
            lang.t(loc, "Round {round}/16", round=view.get("round", "?")),
            say(PHASE_NAMES.get(phase, phase), loc),
        )
    )
    detail = say(STEPS[step], loc) if step in STEPS and phase != "over" else ""
    acting = tuple(int(seat) for seat in view.get("acting") or [])
    waiting = (
        player_name(view, acting[0], loc)
        if len(acting) == 1
        else lang.t(loc, "nobody")
        if phase == "over"
        else ""
        if acting
        else "—"
    )
    scores = tuple(
        (int(p.get("seat", i)), int(p.get("vp", 0) or 0))
        for i, p in enumerate(view.get("players") or [])
    )
    return Band(
        GAME_NAME, status, lang.t(loc, "Turn"), acting, waiting, lang.t(loc, "VP"), scores, detail
    )


def _draw_header(draw: ImageDraw.ImageDraw, view: PrivateView, loc: str) -> None:
    text = lang.t(
        loc,
        "Round {round}/16 · Rotations {rotations}/8",
        round=view.get("round", "?"),
        rotations=view.get("rotations", 0),
    )
    draw.text(
        (MARGIN, 40), fit_text(text, font(20, bold=True), 318), font=font(20, bold=True), fill=CREAM
    )
    phase = view.get("phase", "")
    step = view.get("step") or ""
    phase_text = say(PHASE_NAMES.get(phase, phase), loc)
    if step in STEPS:
        text = lang.t(
            loc, "{phase} · step: {step}", phase=phase_text, step=say(STEPS.get(step, step), loc)
        )
    else:
        text = phase_text
    text, fnt = fit(text, 310, (16, 15, 14, 13, 12))
    draw.text((MARGIN, 66), text, font=fnt, fill=CREAM)
    seats = view.get("seats", 0)
    if view.get("solo"):
        difficulty = view.get("options", {}).get("solo_difficulty", "?")
        mode = say(DIFFICULTY.get(difficulty, difficulty), loc)
    else:
        mode = lang.t(loc, "{n} {n:plural:seat|seats}", n=seats)
    mode = lang.t(loc, "{mode} · Maat phases {n}/4", mode=mode, n=view.get("maat_phases", 0))
    mode, fnt = fit(mode, 310, (15, 14, 13, 12))
    draw.text((MARGIN, 96), mode, font=fnt, fill=CREAM_SOFT, anchor="lm")

    x = 372
    for seat in (view.get("turn_order") or [])[:5]:
        token(draw, (x, 39), seat, size=28)
        x += 40
    acting = list(view.get("acting") or [])
    x = 372
    for seat in acting[:5]:
        token(draw, (x, 92), seat, size=28)
        x += 40
    if len(acting) == 1:
        draw.text(
            (x - 16, 92),
            fit_text(player_name(view, acting[0], loc), font(16, bold=True), 700 - 8 - (x - 16)),
            font=font(16, bold=True),
            fill=CREAM,
            anchor="lm",
        )
    elif not acting:
        draw.text((358, 92), lang.t(loc, "nobody"), font=font(16), fill=CREAM, anchor="lm")

    turn = view.get("turn")
    if turn:
        seat = turn.get("seat", 0)
        token(draw, (732, 40), seat, size=30)
        draw.text(
            (754, 40),
            fit_text(player_name(view, seat, loc), font(17, bold=True), 150),
            font=font(17, bold=True),
            fill=CREAM,
            anchor="lm",
        )
        held = turn.get("die")
        if held:
            die_piece(
                draw, (716, 62), held.get("colour", "grey"), held.get("value", 0), size=40, loc=loc
            )
            where = GOD_NAMES.get(held.get("section"), held.get("section") or "?")
            colour = held.get("colour")
            text = lang.t(
                loc,
                "{colour} {value} from {god}",
                value=held.get("value"),
                colour=COLOUR_NAMES.get(colour, colour),
                god=where,
            )
            draw.text(
                (766, 72),
                fit_text(text, font(15, bold=True), 1022 - 766),
                font=font(15, bold=True),
                fill=CREAM,
                anchor="lm",
            )
            purity = held.get("purity", "")
            kind = say(
                term("Anubis") if turn.get("anubis") else PURITY_NAMES.get(purity, purity), loc
            )
            action = turn.get("action")
            action = say(GOD_NAMES.get(action, action), loc) if action else lang.t(loc, "choosing")
            draw.text(
                (766, 93),
                fit_text(
                    lang.t(loc, "{kind} · action: {action}", kind=kind, action=action),
                    font(15),
                    1022 - 766,
                ),
                font=font(15),
                fill=CREAM_SOFT,
                anchor="lm",
            )
        else:
            draw.text(
                (716, 78),
                lang.t(loc, "no die taken yet"),
                font=font(15),
                fill=CREAM_SOFT,
                anchor="lm",
            )
    else:
        draw.text((716, 40), "—", font=font(17), fill=CREAM, anchor="lm")

    decks = view.get("decks") or {}
    discards = view.get("discards") or {}
    for index, kind in enumerate(("blessing", "technology", "decree")):
        y = 38 + index * 24
        draw.rectangle((1046, y - 9, 1064, y + 9), fill=CARD_FILL[kind])
        draw.text((1055, y), CARD_LETTER[kind], font=font(14, bold=True), fill=WHITE, anchor="mm")
        text = lang.t(
            loc,
            "{kind} {n} ({discarded})",
            kind=KIND_TEXT[kind],
            n=decks.get(kind, 0),
            discarded=discards.get(kind, 0),
        )
        draw.text(
            (1072, y),
            fit_text(text, font(16), WIDTH - MARGIN - 1072),
            font=font(16),
            fill=CREAM,
            anchor="lm",
        )


def _draw_disc(draw: ImageDraw.ImageDraw, view: PrivateView, loc: str) -> None:
    """The obelisk disc: each section's light, the arrow (a cached sprite per disc state)."""
    lights = {s.get("god"): s.get("light", "shaded") for s in view.get("sections") or []}
    arrow = (view.get("disc") or {}).get("arrow")
    sprite, mask = _disc_sprite(tuple(lights.get(god, "shaded") for god in GODS), arrow, loc)
    canvas = getattr(draw, "canvas", None)
    if canvas is not None:
        canvas.paste(sprite, (DISC_CX - DISC_R - 6, DISC_CY - DISC_R - 6), mask)


@functools.lru_cache(maxsize=64)
def _disc_sprite(
    lights: tuple[str, ...], arrow: str | None, loc: str = "en"
) -> tuple[Image.Image, Image.Image]:
    r = DISC_R
    c = r + 6
    sprite = Image.new("RGB", (2 * c + 1, 2 * c + 1), (120, 98, 66))
    mask = Image.new("L", sprite.size, 0)
    ImageDraw.Draw(mask).ellipse((0, 0, 2 * c, 2 * c), fill=255)
    draw = ImageDraw.Draw(sprite)
    for god, light in zip(GODS, lights, strict=True):
        angle = WEDGE_ANGLE[god]
        fill = LIGHT_FILL.get(light, (200, 200, 200))
        draw.pieslice(
            (c - r, c - r, c + r, c + r),
            angle - 30,
            angle + 30,
            fill=fill,
            outline=(80, 64, 44),
            width=2,
        )
        rad = math.radians(angle)
        tx, ty = c + r * 0.62 * math.cos(rad), c + r * 0.62 * math.sin(rad)
        ink = text_on(fill)
        word = say(LIGHT_TEXT[light], loc) if light in LIGHT_TEXT else light.upper()
        # neighbouring wedge labels are r * 0.62 = 84 px apart: keep a gap between them
        word, fnt = fit(word, 76, (15, 13, 12, 11, 10), bold=True)
        draw.text((tx, ty - 10), word, font=fnt, fill=ink, anchor="mm")
        draw.text((tx, ty + 10), say(GOD_NAMES[god], loc), font=font(14), fill=ink, anchor="mm")
    if arrow in WEDGE_ANGLE:
        rad = math.radians(WEDGE_ANGLE[arrow])
        draw.arc(
            (c - r - 3, c - r - 3, c + r + 3, c + r + 3),
            WEDGE_ANGLE[arrow] - 28,
            WEDGE_ANGLE[arrow] + 28,
            fill=GOLD,
            width=8,
        )
        tip = (c + (r * 0.44) * math.cos(rad), c + (r * 0.44) * math.sin(rad))
        side = math.radians(WEDGE_ANGLE[arrow] + 90)
        base = (c + 30 * math.cos(rad), c + 30 * math.sin(rad))
        draw.polygon(
            [
                tip,
                (base[0] + 11 * math.cos(side), base[1] + 11 * math.sin(side)),
                (base[0] - 11 * math.cos(side), base[1] - 11 * math.sin(side)),
            ],
            fill=GOLD,
            outline=INK,
        )
    draw.ellipse((c - 34, c - 34, c + 34, c + 34), fill=(92, 74, 50), outline=GOLD, width=3)
    draw.text(
        (c, c - 8),
        fit_text(lang.t(loc, "arrow"), font(14), 64),
        font=font(14),
        fill=CREAM,
        anchor="mm",
    )
    draw.text(
        (c, c + 10),
        say(GOD_NAMES.get(arrow, "?") if arrow is not None else "?", loc),
        font=font(14, bold=True),
        fill=GOLD,
        anchor="mm",
    )
    return sprite, mask


def _draw_section(
    draw: ImageDraw.ImageDraw,
    view: PrivateView,
    section: dict[str, Any],
    dice_boxes: dict[tuple[str, str], Box],
    loc: str,
) -> None:
    god = section.get("god")
    if god not in SECTION_BOX:
        return
    x, y = SECTION_BOX[god]
    light = section.get("light", "shaded")
    fill = LIGHT_FILL.get(light, (200, 200, 200))
    draw.rounded_rectangle((x + 2, y + 2, x + SEC_W - 2, y + SEC_HEAD_H), radius=9, fill=fill)
    ink = text_on(fill)
    name = say(GOD_NAMES[god], loc)
    draw.text((x + 10, y + 15), name, font=font(19, bold=True), fill=ink, anchor="lm")
    left = x + 10 + length(name, 19, True) + 8
    draw.text(
        (left, y + 16),
        fit_text(
            f"({god}) · {say(LIGHT_TEXT.get(light, light), loc)}",
            font(14),
            int(x + SEC_W - 40 - left),
        ),
        font=font(14),
        fill=ink,
        anchor="lm",
    )
    marker = section.get("scoring_marker")
    if marker:
        mx = x + SEC_W - 22
        draw.ellipse((mx - 13, y + 3, mx + 13, y + 27), fill=GOLD, outline=INK, width=2)
        draw.text((mx, y + 15), str(marker), font=font(15, bold=True), fill=INK, anchor="mm")
    # god statues on this god's area
    owners = list((view.get("god_statues") or {}).get(god) or [])
    spaces = max(int(view.get("god_statue_spaces") or 0), len(owners))
    sx = x + SEC_W - 14
    for index in reversed(range(spaces)):
        if index < len(owners):
            token(draw, (sx - 9, y + 37), owners[index], size=20)
        else:
            draw.ellipse((sx - 17, y + 29, sx - 1, y + 45), outline=INK_SOFT, width=2)
        sx -= 26
    # dice by purity row
    rows: dict[str, list[dict[str, Any]]] = {p: [] for p in PURITY_NAMES}
    for die in section.get("dice") or []:
        rows.setdefault(die.get("purity", "tainted"), []).append(die)
    avail = SEC_W - ROW_LABEL_W - 14
    for row, purity in enumerate(PURITY_NAMES):
        dice = sorted(rows.get(purity, []), key=lambda d: (d.get("colour", ""), d.get("value", 0)))
        if not dice:
            continue
        ry = y + SEC_ROWS_Y + row * DIE_STEP
        n = len(dice)
        step: float
        if n * DIE_X_STEP <= avail + 4:
            size, step, code = DIE, DIE_X_STEP, True
        else:
            size, code = 28, False
            step = min(size + 2, (avail - size) / max(1, n - 1))
        dx = x + ROW_LABEL_W
        for index, die in enumerate(dice):
            top = ry + (DIE_STEP - 2 - size) / 2
            box = die_piece(
                draw,
                (dx + index * step, top),
                die.get("colour", "grey"),
                int(die.get("value", 0)),
                size=size,
                code=code,
                loc=loc,
            )
            dice_boxes.setdefault((god, f"{die.get('colour')}{die.get('value')}"), box)


def _draw_side(
    draw: ImageDraw.ImageDraw, view: PrivateView, places: dict[str, Box], loc: str
) -> None:
    # Horus track
    y = OB_Y + 28
    for slot in (view.get("horus_track") or [])[:6]:
        value = slot.get("value", 0)
        draw.rounded_rectangle((SIDE_X + 10, y, SIDE_X + 32, y + 18), radius=4, fill=INK)
        draw.text(
            (SIDE_X + 21, y + 9), str(value), font=font(14, bold=True), fill=WHITE, anchor="mm"
        )
        god = slot.get("god", "")
        draw.text(
            (SIDE_X + 40, y + 9),
            say(GOD_NAMES.get(god, god), loc),
            font=font(15, bold=True),
            fill=INK,
            anchor="lm",
        )
        bonus = ", ".join(
            f"+{n} {say(RESOURCE_TEXT.get(k, k), loc)}"
            for k, n in (slot.get("bonus") or {}).items()
        )
        draw.text(
            (SIDE_X + 118, y + 9),
            fit_text(bonus or "—", font(15), SIDE_W - 126),
            font=font(15),
            fill=INK,
            anchor="lm",
        )
        y += 20
    # Ra display
    for index, tile in enumerate((view.get("ra_display") or [])[:3]):
        box = ra_slot_box(index)
        cx = (box[0] + box[2]) // 2
        if not tile:
            draw.text(
                (cx, box[1] + 50),
                fit_text(lang.t(loc, "empty"), font(15), box[2] - box[0] - 4),
                font=font(15),
                fill=INK_SOFT,
                anchor="mm",
            )
            continue
        places[tile] = box
        data = PILLARS.get(tile)
        edges = dict(zip(("N", "E", "S", "W"), data.edges, strict=True)) if data else {}
        _pillar_tile(draw, (cx - 30, box[1] + 17, cx + 30, box[1] + 57), tile, None, edges, bar=11)
        if data:
            labels = [
                (say(LIGHT_TEXT.get(data.light, data.light), loc), True),
                (
                    lang.t(
                        loc,
                        "cost {limestone}L {granite}G",
                        limestone=data.limestone,
                        granite=data.granite,
                    ),
                    False,
                ),
                (ability_text(data.ability, data.params, loc), False),
            ]
        else:
            labels = []
        for k, (line, bold) in enumerate(labels):
            line, fnt = fit(line, box[2] - box[0], (13, 12, 11), bold)
            draw.text((cx, box[1] + 66 + k * 14), line, font=fnt, fill=INK, anchor="mm")
    # scoring markers, pile, bag, destiny
    y = OB_Y + 2 * (SEC_H + SEC_GAP) + 27
    parts = []
    for marker in view.get("scoring_markers") or []:
        where = GOD_NAMES.get(marker.get("god", ""), marker.get("god"))
        parts.append(
            lang.t(loc, "{id} at {god} ✓ scored", id=marker.get("id"), god=where)
            if marker.get("scored")
            else lang.t(loc, "{id} at {god}", id=marker.get("id"), god=where)
        )
    lines = item_lines(parts or ["—"], font(14), SIDE_W - 20, max_lines=2, sep=" · ", loc=loc)
    lines += [
        fit_text(
            lang.t(loc, "Pillar pile: {n} {n:plural:tile|tiles}", n=view.get("pillar_pile", 0)),
            font(14),
            SIDE_W - 20,
        )
    ]
    bag = view.get("bag") or {}
    bag_items = [
        f"{say(COLOUR_NAMES[colour], loc)} {bag.get(colour, 0)}"
        for colour in DIE_FILL
        if colour in bag
    ]
    first = (
        lang.t(loc, "Bag: {first}", first=bag_items[0]) if bag_items else lang.t(loc, "Bag: empty")
    )
    lines += item_lines(
        [first, *bag_items[1:]], font(14), SIDE_W - 20, max_lines=2, sep=" · ", loc=loc
    )
    destiny = [
        lang.t(loc, "{card} (ankh {ankh})", card=card, ankh=DESTINY_ANKH.get(card, "?"))
        for card in view.get("destiny_available") or []
    ]
    if destiny:
        lines += item_lines(
            [lang.t(loc, "Destiny: {first}", first=destiny[0]), *destiny[1:]],
            font(14),
            SIDE_W - 20,
            max_lines=2,
            sep=" · ",
            loc=loc,
        )
    for index, line in enumerate(lines[:8]):
        draw.text((SIDE_X + 10, y + index * 17), line, font=font(14), fill=INK)


def _pillar_tile(
    draw: ImageDraw.ImageDraw,
    box: Box,
    tile: str,
    owner: int | None,
    edges: dict[str, str],
    bar: int = 15,
) -> None:
    x0, y0, x1, y1 = box
    draw.rectangle(box, fill=TILE_FILL, outline=INK, width=1)
    fnt = font(14, bold=True)
    bars = {
        "N": (x0, y0, x1, y0 + bar),
        "S": (x0, y1 - bar, x1, y1),
        "W": (x0, y0, x0 + bar, y1),
        "E": (x1 - bar, y0, x1, y1),
    }
    for side in ("W", "E", "N", "S"):
        colour = edges.get(side)
        if colour not in EDGE_FILL:
            continue
        bx0, by0, bx1, by1 = bars[side]
        if side in ("W", "E"):
            by0, by1 = y0 + bar, y1 - bar
        draw.rectangle((bx0, by0, bx1, by1), fill=EDGE_FILL[colour])
        draw.text(
            ((bx0 + bx1) / 2, (by0 + by1) / 2), EDGE_CODE[colour], font=fnt, fill=WHITE, anchor="mm"
        )
    cx, cy = (x0 + x1) / 2, (y0 + y1) / 2
    if owner is not None:
        token(draw, (cx, cy - 9), owner, size=24)
        draw.text((cx, cy + 14), tile, font=font(14, bold=True), fill=INK, anchor="mm")
    else:
        draw.text((cx, cy), tile, font=font(14, bold=True), fill=INK, anchor="mm")


def _draw_temple(
    draw: ImageDraw.ImageDraw, view: PrivateView, places: dict[str, Box], loc: str
) -> None:
    for space, pillar in (view.get("temple") or {}).items():
        if not pillar or space not in places:
            continue
        tile_box = places[space]
        owner = pillar.get("owner")
        inner = (tile_box[0] + 2, tile_box[1] + 2, tile_box[2] - 2, tile_box[3] - 2)
        if owner is not None:
            draw.rectangle(tile_box, fill=seat_style(owner).colour)
        _pillar_tile(draw, inner, pillar.get("tile", "?"), owner, pillar.get("edges") or {})
        if pillar.get("tile"):
            places.setdefault(pillar["tile"], tile_box)
    for space, building in (view.get("temple_buildings") or {}).items():
        box = places.get(space)
        if box is None or not building:
            continue
        owner = building.get("owner")
        if owner is not None:  # clear of the printed name and bread cost
            if space.startswith("w"):
                token(draw, (box[2] - 16, box[3] - 15), owner, size=22)
            else:
                token(draw, (box[2] - 14, box[1] + 13), owner, size=20)
    for space, statue in (view.get("people_statues") or {}).items():
        box = places.get(space)
        if box is None or not statue:
            continue
        owner = statue.get("owner")
        gold = int(statue.get("gold") or 0)
        if owner is not None:
            token(draw, (box[2] - 16, box[3] - 16), owner, size=22)
        if gold and space == "pt_e2":
            _gold(draw, (box[0] + 5, box[3] - 18), gold, loc, box[2] - 4)
        elif gold:
            _gold(draw, (box[2] - 84, box[1] + 8), gold, loc, box[2] - 4)


def _gold(
    draw: ImageDraw.ImageDraw, xy: tuple[int, int], amount: int, loc: str, right: int
) -> None:
    x, y = xy
    draw.ellipse((x, y, x + 16, y + 16), fill=GOLD, outline=INK)
    text = lang.t(loc, "{amount} {what}", amount=amount, what=RESOURCE_TEXT["gold"])
    text, fnt = fit(text, right - x - 20, (14, 13, 12), bold=True)
    if text.endswith("…"):  # a narrow space: the coin says what, the number how many
        text, fnt = str(amount), font(14, bold=True)
    draw.text((x + 20, y + 8), text, font=fnt, fill=INK, anchor="lm")


def _draw_osiris(draw: ImageDraw.ImageDraw, view: PrivateView, loc: str) -> None:
    for space, owner in (view.get("osiris") or {}).items():
        if owner is None or not space.startswith("o") or "_" not in space:
            continue
        row_text, district = space[1:].split("_", 1)
        if not row_text.isdigit() or district not in DISTRICTS:
            continue
        box = osiris_box(int(row_text), district)
        token(draw, (box[2] - 18, box[3] - 18), owner, size=26)
    y = O_ROWS_Y + O_ROW_H
    if view.get("row2_gold"):
        draw.ellipse(
            (O_X + 26, y + O_ROW_H - 21, O_X + 42, y + O_ROW_H - 5), fill=GOLD, outline=INK
        )
        text = lang.t(loc, "1st: +{n} gold", n=int(view["row2_gold"]))
        draw.text(
            (O_X + 46, y + O_ROW_H - 13),
            fit_text(text, font(14, bold=True), O_LABEL_W - 48),
            font=font(14, bold=True),
            fill=INK,
            anchor="lm",
        )
    else:
        taken, taken_font = fit(lang.t(loc, "1st gold taken"), O_LABEL_W - 28, (14, 13, 12, 11))
        draw.text(
            (O_X + 26, y + O_ROW_H - 13),
            taken,
            font=taken_font,
            fill=INK_SOFT,
            anchor="lm",
        )


def _draw_market(
    draw: ImageDraw.ImageDraw, view: PrivateView, places: dict[str, Box], loc: str
) -> None:
    for index, section in enumerate((view.get("market") or [])[:4]):
        box = market_box(index)
        if not section.get("open"):
            draw.rounded_rectangle(
                (box[0] + 4, box[1] + M_HEAD_H, box[2] - 4, box[3] - 4), radius=8, fill=CLOSED_FILL
            )
            draw.text(
                ((box[0] + box[2]) / 2, (box[1] + box[3]) / 2 + 10),
                fit_text(lang.t(loc, "not open yet"), font(18, bold=True), M_W - 16),
                font=font(18, bold=True),
                fill=INK_SOFT,
                anchor="mm",
            )
            continue
        for slot_index, slot in enumerate((section.get("slots") or [])[:4]):
            sbox = slot_box(index, slot_index)
            card = slot.get("card")
            if not card:
                kind = slot.get("type")
                text = lang.t(loc, "empty: {kind}", kind=KIND_TEXT.get(kind, kind))
                draw.text(
                    (sbox[0] + 38, (sbox[1] + sbox[3]) / 2),
                    fit_text(text, font(14), sbox[2] - sbox[0] - 44),
                    font=font(14),
                    fill=INK_SOFT,
                    anchor="lm",
                )
                continue
            places[card] = sbox
            draw.text(
                (sbox[0] + 36, sbox[1] + 9), card, font=font(16, bold=True), fill=INK, anchor="lm"
            )
            text = say(CARD_TEXT.get(card, ""), loc)
            if card in DECREE_SYMBOL:
                draw.text(
                    (sbox[2] - 8, sbox[1] + 9),
                    lang.t(loc, "symbol {symbol}", symbol=DECREE_SYMBOL[card]),
                    font=font(14),
                    fill=INK_SOFT,
                    anchor="rm",
                )
            if card in DECREE_SYMBOL:
                wrapped = [(0, 1, line) for line in wrap(text, 13, sbox[2] - sbox[0] - 44, 2)]
                size = 13
            else:
                wrapped, size = _card_text_lines(card, text, sbox[2] - sbox[0] - 44)
            for dx, row, line in wrapped:
                draw.text(
                    (sbox[0] + 36 + dx, sbox[1] + 9 + row * 15),
                    line,
                    font=font(size),
                    fill=INK,
                    anchor="lm",
                )
    # below the market: Starting cards (setup draft)
    y = M_Y + M_TITLE_H + M_H + 3
    starting = view.get("starting_cards") or []
    if starting:
        items = [
            f"{c} ({STARTING_INITIATIVE.get(c, '?')}: {say(STARTING_TEXT.get(c, ''), loc)})"
            for c in starting
        ]
        lines = item_lines(
            [lang.t(loc, "Starting cards: {first}", first=items[0]), *items[1:]],
            font(14),
            INNER_W,
            max_lines=3,
            sep=" · ",
            loc=loc,
        )
    else:
        lines = _log_lines(view, loc)
    for index, line in enumerate(lines):
        draw.text((MARGIN, y + index * 17), line, font=font(14), fill=INK)


def _card_text_lines(card: str, text: str, width: int) -> tuple[list[tuple[int, int, str]], int]:
    """A market card's text as (x offset, row, line) under its id (row 0), in 13 or 12 px; a
    text too long for two rows also starts on the id's row, beside it."""
    for size in (13, 12):
        lines = wrap_text(text, font(size), width)
        if len(lines) <= 2:
            return [(0, 1 + k, line) for k, line in enumerate(lines)], size
    beside = int(font(16, bold=True).getlength(card)) + 10
    first, rest = _first_line(text, font(12), width - beside)
    lines = wrap_text(rest, font(12), width, max_lines=2)
    return [(beside, 0, first), *((0, 1 + k, line) for k, line in enumerate(lines))], 12


def _first_line(text: str, fnt: Any, width: int) -> tuple[str, str]:
    """The words of ``text`` that fit ``width`` px, and the rest."""
    words = text.split()
    count = 0
    while count < len(words) and fnt.getlength(" ".join(words[: count + 1])) <= width:
        count += 1
    return " ".join(words[:count]), " ".join(words[count:])


def _log_lines(view: PrivateView, loc: str) -> list[str]:
    """The last VP changes (scoring_log), newest first."""
    log = [entry for entry in view.get("scoring_log") or [] if len(entry) >= 3]
    if not log:
        return []
    items = []
    for seat, vp, reason in reversed(log[-12:]):
        who = player_name(view, int(seat), loc) if isinstance(seat, int) else str(seat)
        items.append(f"{who} {int(vp):+d} ({say(reason, loc)})")
    return item_lines(
        [lang.t(loc, "Latest VP: {first}", first=items[0]), *items[1:]],
        font(14),
        INNER_W,
        max_lines=3,
        sep=" · ",
        loc=loc,
    )


def _draw_highlights(
    draw: ImageDraw.ImageDraw,
    highlight: str | list[str],
    places: dict[str, Box],
    dice_boxes: dict[tuple[str, str], Box],
) -> None:
    items = [highlight] if isinstance(highlight, str) else list(highlight)
    boxes: list[Box] = []
    for item in items:
        parts = [p for p in str(item).split(":") if p]
        if len(parts) == 3 and parts[0] in ("die", "anubis"):
            # the die itself while it lies there, else (taken) its section
            found = dice_boxes.get((parts[1], parts[2])) or places.get(parts[1])
            if found:
                boxes.append(found)
        elif len(parts) == 2 and parts[0] in ("section", "refresh"):
            if f"section:{parts[1]}" in places:
                boxes.append(places[f"section:{parts[1]}"])
        else:
            boxes += [
                places[part] for part in parts if part in places and not part.startswith("section:")
            ]
    for box in dict.fromkeys(boxes):
        draw.rounded_rectangle(
            (box[0] - 3, box[1] - 3, box[2] + 3, box[3] + 3), radius=8, outline=HIGHLIGHT, width=5
        )
