"""Amun-Re's board: the static layer plus the pieces of the moment and the header."""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from PIL import Image, ImageDraw

from lang import t
from render.amunre.layout import (
    AUCTION_EDGE,
    AUCTION_FILL,
    COL_W,
    CREAM,
    CREAM_SOFT,
    FARMER,
    GOLD,
    HEADER_SPLITS,
    HIGHLIGHT,
    MARGIN,
    PYRAMID,
    STONE,
    WIDTH,
    field_slot,
    piece_row,
    static_key,
)
from render.amunre.seats import draw_scoreboard
from render.amunre.static import static_layer
from render.amunre.words import GAME_TITLE, TILE_EFFECTS, gold_text, kingdom_round, phase_text, say
from render.common import (
    INK,
    INK_SOFT,
    Band,
    canvas_draw,
    draw_shape,
    fit_font,
    fit_text,
    font,
    seat_label,
    seat_style,
    seat_token,
    text_advance,
    with_band,
)
from rules.amunre.view import PrivateView


# --- dynamic pieces ---
def highlights(highlight: str | Iterable[str] | None) -> set[str]:
    if highlight is None:
        return set()
    if isinstance(highlight, str):
        return {highlight}
    return set(highlight)


def board(
    view: PrivateView, *, highlight: str | Iterable[str] | None = None, locale: str = "en"
) -> Image.Image:
    """The public board, its words in ``locale``. Reads only public keys of ``view`` (a private
    view's "me" is ignored)."""
    provinces = view["provinces"]
    players = view.get("players", [])
    base, layout = static_layer(static_key(provinces), len(players), locale)
    image = base.copy()
    draw = canvas_draw(image)
    _draw_header(draw, view, locale)
    marked = highlights(highlight)
    for province in provinces:
        box = layout.boxes[province["id"]]
        _draw_province(draw, province, box, locale, view)
        if province["id"] in marked:
            x0, y0, x1, y1 = box
            draw.rounded_rectangle(
                (x0 - 7, y0 - 7, x1 + 7, y1 + 7), radius=14, outline=INK, width=2
            )
            draw.rounded_rectangle(
                (x0 - 5, y0 - 5, x1 + 5, y1 + 5), radius=13, outline=HIGHLIGHT, width=5
            )
    draw_scoreboard(draw, view, layout, locale)
    return with_band(image, header_band(view, locale))


def header_band(view: PrivateView, locale: str = "en") -> Band:
    """The board's header band: game, kingdom and round, phase, whose turn, every score."""
    phase = view.get("phase", "")
    status = " · ".join(
        (
            kingdom_round(locale, view.get("kingdom"), view.get("round", "?")),
            phase_text(locale, phase),
        )
    )
    acting = tuple(int(seat) for seat in view.get("acting") or [])
    waiting = t(locale, "nobody") if phase == "over" else "" if acting else "—"
    scores = tuple(
        (int(p.get("seat", i)), int(p.get("score", 0) or 0))
        for i, p in enumerate(view.get("players", []))
    )
    return Band(GAME_TITLE, status, t(locale, "Turn"), acting, waiting, t(locale, "VP"), scores)


def _draw_header(draw: ImageDraw.ImageDraw, view: PrivateView, locale: str) -> None:
    phase = view.get("phase", "")
    room = HEADER_SPLITS[0] - MARGIN - 8
    text, fnt = fit_font(
        kingdom_round(locale, view.get("kingdom"), view.get("round", "?")),
        (22, 20, 18),
        room,
        bold=True,
    )
    draw.text((MARGIN, 58), text, font=fnt, fill=CREAM)
    text, fnt = fit_font(phase_text(locale, phase), (18, 16, 15), room)
    draw.text((MARGIN, 92), text, font=fnt, fill=CREAM)
    draw.text(
        (MARGIN, 120),
        t(locale, "{n} {n:plural:seat|seats}", n=view.get("seats", len(view.get("players", [])))),
        font=font(15),
        fill=CREAM_SOFT,
    )

    start = view.get("start_player")
    if start is not None:
        seat_token(draw, (418, 52), start, size=30)
        own = t(locale, "Seat {letter}", letter=seat_style(start).letter)
        name, fnt = fit_font(seat_label(view, start, own), (18, 16, 15), 664 - 8 - 442, bold=True)
        draw.text((442, 52), name, font=fnt, fill=CREAM, anchor="lm")
    acting = list(view.get("acting") or [])
    if acting:
        x = 418
        for seat in acting[:5]:
            seat_token(draw, (x, 120), seat, size=30)
            x += 42
        if len(acting) == 1:
            own = t(locale, "Seat {letter}", letter=seat_style(acting[0]).letter)
            name, fnt = fit_font(seat_label(view, acting[0], own), (18, 16, 15), 664 - 8 - (x - 18))
            draw.text((x - 18, 120), name, font=fnt, fill=CREAM, anchor="lm")
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
    draw: ImageDraw.ImageDraw,
    province: dict[str, Any],
    box: tuple[int, int, int, int],
    locale: str,
    view: PrivateView | None = None,
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
    for index in range(on_fields):
        fx0, fy0, fx1, fy1 = field_slot(box, index, locale)
        if owner is None:
            draw.ellipse((fx0 + 3, fy0 + 3, fx1 - 3, fy1 - 3), fill=FARMER, outline=INK, width=2)
        else:  # the owner's farmers in the seat's shape and colour, not colour alone
            style = seat_style(owner)
            centre, r = ((fx0 + fx1) / 2, (fy0 + fy1) / 2), (fx1 - fx0) / 2 - 3
            draw_shape(draw, style.shape, centre, r, style.colour, INK, 2)
    if extra:
        ex = field_slot(box, fields, locale)[0] + (4 if fields else 48)
        draw.text((ex, y0 + 81), f"+{extra}", font=font(17, bold=True), fill=INK, anchor="lm")
        text, fnt = fit_font(t(locale, "extra"), (14, 13, 12), x1 - 6 - ex)
        draw.text((ex, y0 + 98), text, font=fnt, fill=INK_SOFT, anchor="lm")

    # stones and pyramids: icon + count (a double pyramid reads "×2")
    stones = int(province.get("stones", 0))
    pyramids = int(province.get("pyramids", 0))
    sy = y0 + 115
    _label, _label2, stone_x, _pyramids_x, pyramid_x = piece_row(locale)
    _count(draw, (x0 + stone_x, sy), stones, "stone")
    _count(draw, (x0 + pyramid_x, sy), pyramids, "pyramid")

    if owner is not None and not in_auction:
        style = seat_style(owner)
        draw.line((x0 + 10, y0 + 136, x1 - 10, y0 + 136), fill=style.colour, width=2)
        seat_token(draw, (x0 + 26, y0 + 158), owner, size=30)
        # the owner as every board names a seat: the player's name, else "Seat B"
        own = t(locale, "Seat {letter}", letter=style.letter)
        label = fit_text(
            t(locale, "owner: {name}", name=seat_label(view or {}, owner, own)),
            font(16, bold=True),
            COL_W - 60,
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
        parts.append(t(locale, "{n} favor {n:plural:card|cards}", n=bonus["favor"]))
    if bonus.get("gold"):
        parts.append(say(locale, gold_text(int(bonus["gold"]))))
    if bonus.get("stones"):
        parts.append(t(locale, "{n} {n:plural:stone|stones}", n=bonus["stones"]))
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
