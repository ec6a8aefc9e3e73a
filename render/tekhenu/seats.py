"""Tekhenu's seat strips: one per seat (``draw_player``), and Botankhamun's in solo games."""

from __future__ import annotations

from typing import Any

from PIL import ImageDraw

import lang
from render.common import (
    INK,
    INK_SOFT,
    WHITE,
    fit_font,
    fit_text,
    font,
    ordinal,
    seat_style,
)
from render.tekhenu.layout import (
    ACTING_FILL,
    HAPPY_BAR,
    HIGHLIGHT,
    POP_BAR,
    PROD_STEP,
    WINNER_FILL,
    Box,
)
from render.tekhenu.pieces import die_piece, production_track, token, track_bar
from render.tekhenu.words import (
    BOT_NAME,
    DEBEN_TEXT,
    DIFFICULTY_WORD,
    RESOURCE_TEXT,
    SEAT_COLOUR,
    fit,
    item_lines,
    length,
    player_name,
    say,
)
from rules.tekhenu.data import (
    DESTINY_ANKH,
    MARKET_HAPPINESS,
    RESOURCES,
)
from rules.tekhenu.view import PrivateView


def draw_player(
    draw: ImageDraw.ImageDraw, view: PrivateView, player: dict[str, Any], box: Box, loc: str
) -> None:
    x0, y0, x1, y1 = box
    seat = int(player.get("seat", 0))
    acting = seat in (view.get("acting") or [])
    final = view.get("final") or {}
    places = final.get("places") or []
    place = places[seat] if seat < len(places) else None
    if place == 1:
        draw.rounded_rectangle((x0 + 3, y0 + 3, x0 + 192, y1 - 3), radius=8, fill=WINNER_FILL)
    elif acting:
        draw.rounded_rectangle((x0 + 3, y0 + 3, x0 + 192, y1 - 3), radius=8, fill=ACTING_FILL)
    style = seat_style(seat)
    draw.rounded_rectangle((x0, y0, x1, y1), radius=10, outline=style.colour, width=3)
    token(draw, (x0 + 30, y0 + 30), seat, size=36)
    bot = bool(player.get("is_bot"))
    title = BOT_NAME if bot else player_name(view, seat, loc)
    size = next((s for s in (18, 16, 15) if length(title, s, True) <= 132), 15)
    draw.text(
        (x0 + 58, y0 + 21),
        fit_text(title, font(size, bold=True), 132),
        font=font(size, bold=True),
        fill=INK,
        anchor="lm",
    )
    colour = say(SEAT_COLOUR.get(style.colour_name, style.colour_name), loc)
    sub = lang.t(loc, "{colour} · bot", colour=colour) if bot else colour
    draw.text(
        (x0 + 58, y0 + 42), fit_text(sub, font(14), 132), font=font(14), fill=INK_SOFT, anchor="lm"
    )
    draw.text(
        (x0 + 12, y0 + 71),
        f"{say(RESOURCE_TEXT['vp'], loc)} {player.get('vp', 0)}",
        font=font(26, bold=True),
        fill=INK,
        anchor="lm",
    )
    order = view.get("turn_order") or []
    marks = []
    if seat in order:
        marks.append(lang.t(loc, "order {n}/{total}", n=order.index(seat) + 1, total=len(order)))
    if view.get("current") == seat:
        marks.append(lang.t(loc, "☥ turn"))
    elif acting:
        marks.append(lang.t(loc, "▶ acting"))
    if place:
        rank = ordinal(place, loc)
        marks = [
            lang.t(loc, "{place} place ★", place=rank)
            if place == 1
            else lang.t(loc, "{place} place", place=rank)
        ]
    text, fnt = fit_font(" · ".join(marks), (15, 14, 13, 12), 180, bold=True)
    draw.text((x0 + 12, y0 + 97), text, font=fnt, fill=INK, anchor="lm")
    if player.get("answered") and view.get("phase") in ("maat", "setup"):
        draw.text(
            (x0 + 12, y0 + 112),
            fit_text(lang.t(loc, "✓ answered"), font(14), 180),
            font=font(14),
            fill=INK_SOFT,
            anchor="lm",
        )

    # populace
    px = x0 + 204
    happiness, population = int(player.get("happiness", 0)), int(player.get("population", 0))
    draw.text(
        (px, y0 + 32),
        lang.t(loc, "Happiness {n}", n=happiness),
        font=font(16, bold=True),
        fill=INK,
        anchor="lm",
    )
    track_bar(draw, (px, y0 + 42), happiness, HAPPY_BAR)
    draw.text(
        (px, y0 + 71),
        lang.t(loc, "Population {n}", n=population),
        font=font(16, bold=True),
        fill=INK,
        anchor="lm",
    )
    track_bar(draw, (px, y0 + 81), population, POP_BAR)
    reach = sum(1 for h in MARKET_HAPPINESS if happiness >= h)
    flags = player.get("flags") or {}
    got = [str(k[1:]) for k in ("h16", "h19", "h21") if flags.get(k)]
    line = (
        lang.t(loc, "market 1–{n}", n=reach)
        if reach > 1
        else (lang.t(loc, "market 1") if reach else lang.t(loc, "no market"))
    )
    if got:
        line = lang.t(loc, "{market} · bonus {levels} ✓", market=line, levels=", ".join(got))
    draw.text(
        (px, y0 + 111),
        fit_text(line, font(14), 454 - 204 - 12),
        font=font(14),
        fill=INK_SOFT,
        anchor="lm",
    )

    if bot:
        _draw_bot(draw, view, player, box, loc)
        return
    # production tracks and resources
    rx = x0 + 454
    production = player.get("production") or {}
    resources = player.get("resources") or {}
    production_track(
        draw, (rx, y0 + 27), tuple(int(production.get(res, 0)) for res in RESOURCES), loc
    )
    for index, res in enumerate(RESOURCES):
        draw.text(
            (rx + 206, y0 + 36 + index * PROD_STEP),
            str(resources.get(res, 0)),
            font=font(17, bold=True),
            fill=INK,
            anchor="lm",
        )

    _draw_scales(draw, player, (x0 + 736, y0), loc)

    # supply and cards
    ex = x0 + 1010
    width = x1 - ex - 10
    lines = [
        (
            lang.t(
                loc,
                "Gold {gold} · Scribes {scribes} · Faith {faith}",
                gold=player.get("gold", 0),
                scribes=player.get("scribes", 0),
                faith=player.get("faith", 0),
            ),
            True,
        ),
        (
            lang.t(
                loc,
                "Left: {buildings} bldg · {pillars} {pillars:plural:pillar|pillars} · "
                "{statues} {statues:plural:statue|statues}",
                buildings=player.get("buildings_left", 0),
                pillars=player.get("pillars_left", 0),
                statues=player.get("statues_left", 0),
            ),
            False,
        ),
    ]
    destiny = player.get("destiny")
    count = player.get("decrees", 0)
    revealed = player.get("decrees_revealed")
    if revealed is not None:
        decrees = lang.t(
            loc,
            "Decrees {n} revealed: {cards}",
            n=count,
            cards=" ".join(revealed) or lang.t(loc, "none"),
        )
    elif player.get("decrees_known"):
        decrees = lang.t(
            loc, "Decrees {n} · known {cards}", n=count, cards=" ".join(player["decrees_known"])
        )
    else:
        decrees = lang.t(loc, "Decrees {n}", n=count)
    other = []
    if destiny:
        ankh = player.get("ankh")
        ankh = DESTINY_ANKH.get(destiny, "?") if ankh is None else ankh
        other.append(lang.t(loc, "Destiny {card} (ankh {ankh})", card=destiny, ankh=ankh))
    starting = player.get("starting") or []
    if starting:
        other.append(lang.t(loc, "Starting {cards}", cards=" ".join(starting)))
    items = [decrees, *(other or [lang.t(loc, "Destiny —")])]
    packed = item_lines(items, font(13), width, max_lines=2, sep=" · ", loc=loc)
    lines += [(line, False) for line in packed]  # Decrees, Destiny, Starting: two lines at most
    for key in ("blessings", "technologies"):
        cards = list(player.get(key) or [])
        if key == "blessings":
            first = (
                lang.t(loc, "Blessings {card}", card=cards[0])
                if cards
                else lang.t(loc, "Blessings —")
            )
        else:
            first = lang.t(loc, "Tech. {card}", card=cards[0]) if cards else lang.t(loc, "Tech. —")
        items = [first, *cards[1:]]
        lines += [
            (line, False)
            for line in item_lines(items, font(14), width, max_lines=1, sep=" ", loc=loc)
        ]
    for index, (line, bold) in enumerate(lines[:6]):
        line, fnt = fit(line, width, (14, 13, 12), bold)
        draw.text((ex, y0 + 31 + index * 16), line, font=fnt, fill=INK, anchor="lm")


def _draw_scales(
    draw: ImageDraw.ImageDraw, player: dict[str, Any], origin: tuple[int, int], loc: str = "en"
) -> None:
    sx, y0 = origin
    scales = player.get("scales") or {}
    rows = (
        (lang.t(loc, "left"), scales.get("left") or [], 0),
        (lang.t(loc, "right pan"), scales.get("right") or [], int(scales.get("excess") or 0)),
        (lang.t(loc, "below"), scales.get("below") or [], 0),
    )
    label_w = max(54, max(int(length(label, 14, True)) + 8 for label, _d, _e in rows))
    for index, (label, dice, excess) in enumerate(rows):
        y = y0 + 35 + index * 26
        draw.text((sx, y), label, font=font(14, bold=True), fill=INK_SOFT, anchor="lm")
        x: float = sx + label_w
        room = 204 - label_w
        step = 28 if len(dice) <= 5 and len(dice) * 28 <= room else room / max(1, len(dice))
        if excess and len(dice) > 1:  # the dice close up so "+n excess" is read in full
            excess_w = length(lang.t(loc, "+{n} excess", n=excess), 12)
            step = max(8, min(step, (238 - label_w - excess_w) / (len(dice) - 1)))
        for k, die in enumerate(dice):
            die_piece(
                draw,
                (x + k * step, y - 12),
                die.get("colour", "grey"),
                int(die.get("value", 0)),
                size=24,
                code=False,
            )
        x += max(0, len(dice) - 1) * step + (30 if dice else 0)
        if excess:
            text, fnt = fit_font(
                lang.t(loc, "+{n} excess", n=excess), (14, 13, 12, 11), int(sx + 268 - x)
            )
            draw.text((x + 2, y), text, font=fnt, fill=INK, anchor="lm")
    balance = int(player.get("balance") or 0)
    text = lang.t(loc, "balance {n:+d}", n=balance)
    draw.text(
        (sx, y0 + 111),
        text,
        font=font(16, bold=True),
        fill=(170, 30, 30) if balance < 0 else INK,
        anchor="lm",
    )
    extra = []
    faith_left, faith_right = (
        int(scales.get("faith_left") or 0),
        int(scales.get("faith_right") or 0),
    )
    if faith_left or faith_right:
        extra.append(lang.t(loc, "faith {left}L/{right}R", left=faith_left, right=faith_right))
    if player.get("maat") is not None:
        extra.append(lang.t(loc, "Maat {n:+d}", n=int(player["maat"])))
    if extra:
        left = sx + 6 + length(text, 16, True)
        said, said_font = fit(" · ".join(extra), int(sx + 266 - left), (14, 13, 12, 11))
        draw.text(
            (left, y0 + 111),
            said,
            font=said_font,
            fill=INK,
            anchor="lm",
        )


def _draw_bot(
    draw: ImageDraw.ImageDraw,
    view: PrivateView,
    player: dict[str, Any],
    box: Box,
    loc: str = "en",
) -> None:
    """Botankhamun: the action-tile pyramid (Progress marker), Deben, its dice and supply."""
    x0, y0, x1, _y1 = box
    bot = view.get("bot") or {}
    bx = x0 + 454
    pyramid = list(bot.get("pyramid") or [])
    progress = bot.get("progress")
    tile_w, tile_h = 60, 21
    index = 0
    for row, width in enumerate((4, 3, 2, 1)):
        y = y0 + 116 - row * (tile_h + 2) - tile_h
        for col in range(width):
            x = bx + row * (tile_w + 4) // 2 + col * (tile_w + 4)
            tile = pyramid[index] if index < len(pyramid) else "?"
            reached = progress is not None and index == progress
            draw.rounded_rectangle(
                (x, y, x + tile_w, y + tile_h),
                radius=4,
                fill=ACTING_FILL if reached else WHITE,
                outline=HIGHLIGHT if reached else INK_SOFT,
                width=3 if reached else 1,
            )
            draw.text(
                (x + tile_w / 2, y + tile_h / 2),
                tile,
                font=font(14, bold=reached),
                fill=INK,
                anchor="mm",
            )
            index += 1
    ix = x0 + 736
    at = pyramid[progress] if progress is not None and 0 <= progress < len(pyramid) else None
    deben = bot.get("deben")
    difficulty = bot.get("difficulty")
    lines = [
        lang.t(loc, "Progress: tile {tile}", tile=at)
        if at
        else lang.t(loc, "Progress: left of the base"),
        lang.t(
            loc, "Deben (last flip): {face}", face=DEBEN_TEXT.get(deben, deben) if deben else "—"
        ),
        lang.t(
            loc,
            "Difficulty: {level}",
            level=DIFFICULTY_WORD.get(difficulty, difficulty) if difficulty else "—",
        ),
    ]
    for k, line in enumerate(lines):
        draw.text(
            (ix, y0 + 33 + k * 20),
            fit_text(line, font(15), 260),
            font=font(15),
            fill=INK,
            anchor="lm",
        )
    dice = bot.get("dice") or []
    label = lang.t(loc, "dice:") if dice else lang.t(loc, "dice: none")
    draw.text((ix, y0 + 100), label, font=font(14, bold=True), fill=INK_SOFT, anchor="lm")
    dx = max(44, int(length(label, 14, True)) + 10) if dice else 44
    for k, die in enumerate(dice[:6]):
        die_piece(
            draw,
            (ix + dx + k * 28, y0 + 88),
            die.get("colour", "grey"),
            int(die.get("value", 0)),
            size=24,
            code=False,
        )
    ex = x0 + 1010
    lines = [
        lang.t(loc, "Card pile: {n} {n:plural:card|cards}", n=player.get("bot_cards", 0)),
        lang.t(
            loc,
            "Scribes {scribes} · Gold {gold}",
            scribes=player.get("scribes", 0),
            gold=player.get("gold", 0),
        ),
        lang.t(loc, "Buildings left {n}", n=player.get("buildings_left", 0)),
        lang.t(loc, "Pillars left {n}", n=player.get("pillars_left", 0)),
        lang.t(loc, "Statues left {n}", n=player.get("statues_left", 0)),
    ]
    for k, line in enumerate(lines):
        draw.text(
            (ex, y0 + 31 + k * 17),
            fit_text(line, font(14), x1 - ex - 10),
            font=font(14),
            fill=INK,
            anchor="lm",
        )
