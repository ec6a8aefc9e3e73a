"""10 Plagues' private panel (/hand, DMs): a seat's cards and choices."""

from __future__ import annotations

from typing import Any

from PIL import Image, ImageDraw

from lang import localise, t
from render.common import (
    INK,
    INK_SOFT,
    PAPER,
    canvas_draw,
    fit_text,
    font,
    rounded_panel,
    seat_style,
    seat_token,
    text_on,
    wrap_items,
    wrap_text,
)
from render.plagues.layout import BACKGROUND, BADGE_OFF, CREAM, CREAM_SOFT, GOLD, HEADER_BG, PANEL_W
from render.plagues.pieces import draw_label, draw_tile, rrect
from render.plagues.words import (
    CATEGORY,
    PHARAOH_SHORT,
    PROVINCE_TEXT,
    card_name,
    ids_shown,
    option_id,
    text_px,
    tile_text,
    use_label,
)
from rules.plagues.data import (
    TERRITORIES,
)
from rules.plagues.view import PHASE_NAMES, PrivateView
from rules.text import msg


def panel(private_view: PrivateView, *, locale: str = "en") -> Image.Image:
    """One seat's hand, its words in ``locale``: tiles or cards to choose from (Edfu / Buto),
    cards put under the deck (known only to this seat), territory cards in full, and what lies
    beside the board."""
    loc = locale
    me = private_view.get("me")
    if not me:
        raise ValueError("panel() needs a private view (with 'me')")
    seat = int(me["seat"])
    player: dict[str, Any] = next(
        (p for p in private_view.get("players", []) if p.get("seat") == seat), {}
    )
    drawn = [str(d) for d in me.get("drawn") or []]
    bottom = [str(b) for b in me.get("buto_bottom") or []]
    territory = list(player.get("territory") or [])
    drawn_cards = [d for d in drawn if d in TERRITORIES]
    drawn_tiles = [d for d in drawn if d not in TERRITORIES]

    kept = player.get("kept") or {}
    beside = []
    if kept.get("boat"):
        beside.append(t(loc, "{n} {n:plural:boat|boats}", n=kept["boat"]))
    if kept.get("coin"):
        beside.append(t(loc, "{n} {n:plural:coin|coins}", n=kept["coin"]))
    if kept.get("province"):
        beside.append(
            t(loc, "Province {values}", values="+".join(str(v) for v in kept["province"]))
        )
    if kept.get("pharaoh_unused"):
        beside.append(
            t(
                loc,
                "{n} Pharaoh {n:plural:tile|tiles} ready (token:plague / token:penalty)",
                n=kept["pharaoh_unused"],
            )
        )
    cards = player.get("pharaoh_cards") or []
    if cards:
        described = []
        for c in cards:
            top, low = PHARAOH_SHORT.get(c, ("", ""))
            effect = " ".join(localise(part, loc) for part in (top, low)).strip()
            described.append(f"{c} ({effect})")
        beside.append(t(loc, "pharaoh cards {cards}", cards=", ".join(described)))
    discard = player.get("discard") or {}
    lost = [f"{slot}: {tile_text(tile, loc)}" for slot, tile in sorted(discard.items()) if tile]
    if lost:
        beside.append(t(loc, "discard {tiles}", tiles=", ".join(lost)))
    beside_lines = wrap_items(
        beside or [t(loc, "Nothing beside your board.")], font(16), PANEL_W - 40, 3, locale=loc
    )
    row_h = 48
    height = 120 + 26 + 20 * len(beside_lines)
    if drawn_tiles:
        height += 40 + 70
    if drawn_cards:
        height += 40 + len(drawn_cards) * row_h
    height += 40 + max(1, len(territory)) * row_h
    if bottom:
        height += 40 + 28 * ((len(bottom) + 1) // 2)
    height += 20
    image = Image.new("RGB", (PANEL_W, height), BACKGROUND)
    draw = canvas_draw(image)

    draw.rectangle((0, 0, PANEL_W, 110), fill=HEADER_BG)
    seat_token(draw, (44, 46), seat, size=48)
    style = seat_style(seat)
    province = player.get("province")
    name, power = PROVINCE_TEXT.get(province or "", (str(province or "—").title(), ""))
    colour = {
        "blue": msg("blue"),
        "vermillion": msg("vermillion"),
        "green": msg("green"),
        "pink": msg("pink"),
        "orange": msg("orange"),
    }.get(style.colour_name, style.colour_name)
    draw_label(
        draw,
        (80, 28),
        t(
            loc,
            "Your hand · Seat {n} ({letter}, {colour}) · {province}",
            n=seat + 1,
            letter=style.letter,
            colour=colour,
            province=name,
        ),
        22,
        PANEL_W - 100,
        bold=True,
        fill=CREAM,
    )
    phase = private_view.get("phase", "")
    line = t(
        loc,
        "Round {round}/{last} · {phase}",
        round=private_view.get("round", "?"),
        last=private_view.get("last_round", 10),
        phase=PHASE_NAMES.get(phase, phase),
    )
    if power:
        line = f"{line} · {localise(power, loc)}"
    draw_label(draw, (80, 58), line, 16, PANEL_W - 100, fill=CREAM_SOFT)
    used = set(player.get("dice_used") or [])
    unused = [str(v) for v in range(1, 7) if v not in used]
    coins = (
        t(loc, "Coins {n} + card 3", n=kept.get("coin", 0))
        if 3 in (player.get("pharaoh_cards") or [])
        else t(loc, "Coins {n}", n=kept.get("coin", 0))
    )
    stats = "   ".join(
        (
            t(loc, "Unused dice {dice}", dice=" ".join(unused) or "—"),
            coins,
            t(loc, "Income {n}", n=player.get("income", 0)),
            f"☥ {player.get('ankh_active', 0)}",
            t(loc, "VP {n}", n=player.get("score", 0)),
        )
    )
    draw_label(draw, (20, 92), stats, 18, PANEL_W - 40, bold=True, fill=GOLD)

    y = 126
    for index, text in enumerate(beside_lines):
        draw.text((20, y + 10 + index * 20), text, font=font(16), fill=INK, anchor="lm")
    y += 26 + 20 * len(beside_lines)

    if drawn_tiles:
        y = _panel_title(draw, y, t(loc, "Edfu: keep one of the drawn tiles (keep:<tile>)"))
        x = 20
        for tile in drawn_tiles:
            draw_tile(draw, (x, y, x + 124, y + 40), tile, loc=loc)
            if ids_shown(loc):
                draw.text(
                    (x + 62, y + 54),
                    option_id("keep", tile),
                    font=font(14),
                    fill=INK_SOFT,
                    anchor="mm",
                )
            x += 136
        y += 70
    if drawn_cards:
        y = _panel_title(draw, y, t(loc, "Buto: keep one of these cards (keep:<id>)"))
        for cid in drawn_cards:
            _panel_card(draw, y, {"id": cid}, row_h, "keep", loc)
            y += row_h
    y = _panel_title(draw, y, t(loc, "Your territory cards (card:<id> to use)"))
    if not territory:
        draw.text(
            (24, y + row_h // 2 - 4),
            t(loc, "No territory cards yet."),
            font=font(17),
            fill=INK,
            anchor="lm",
        )
        y += row_h
    for card in territory:
        _panel_card(draw, y, card, row_h, "card", loc)
        y += row_h
    if bottom:
        y = _panel_title(draw, y, t(loc, "Put under the territory deck (only you know)"))
        for index, cid in enumerate(bottom):
            col, row = index % 2, index // 2
            name = localise(TERRITORIES.get(cid, {}).get("name", cid), loc)
            draw.text(
                (24 + col * 430, y + 12 + row * 28),
                fit_text(name, font(15), 410),
                font=font(15),
                fill=INK,
                anchor="lm",
            )
    return image


def _panel_title(draw: ImageDraw.ImageDraw, y: int, title: str) -> int:
    draw_label(draw, (20, y + 20), title, 18, PANEL_W - 40, bold=True)
    return y + 40


def _panel_card(
    draw: ImageDraw.ImageDraw,
    y: int,
    card: dict[str, Any],
    row_h: int,
    prefix: str,
    loc: str = "en",
) -> None:
    cid = str(card.get("id", "?"))
    data = TERRITORIES.get(cid, {})
    category = card.get("category") or data.get("cat", "")
    label, colour = CATEGORY.get(category, (str(category).upper(), BADGE_OFF))
    box = (16, y, PANEL_W - 16, y + row_h - 6)
    rounded_panel(draw, box, fill=PAPER, outline=colour, radius=8, width=2)
    rrect(draw, (16, y, 170, y + row_h - 6), radius=8, fill=colour)
    mid = y + (row_h - 6) // 2
    label = localise(label, loc)
    if text_px(font(14, bold=True), label) <= 146:
        draw.text((93, mid), label, font=font(14, bold=True), fill=text_on(colour), anchor="mm")
    else:
        lines = wrap_text(label, font(12, bold=True), 146, max_lines=2)
        for index, line in enumerate(lines):
            draw.text(
                (93, mid + (index - (len(lines) - 1) / 2) * 15),
                line,
                font=font(12, bold=True),
                fill=text_on(colour),
                anchor="mm",
            )
    name = card_name(card, loc)
    if ids_shown(loc):
        draw.text(
            (184, mid - 9),
            fit_text(name, font(17, bold=True), 520),
            font=font(17, bold=True),
            fill=INK,
            anchor="lm",
        )
        draw.text((184, mid + 11), f"{prefix}:{cid}", font=font(14), fill=INK_SOFT, anchor="lm")
    else:  # the name in up to two lines
        lines = wrap_text(name, font(16, bold=True), 520, max_lines=2)
        for index, line in enumerate(lines):
            draw.text(
                (184, mid + (index - (len(lines) - 1) / 2) * 19),
                line,
                font=font(16, bold=True),
                fill=INK,
                anchor="lm",
            )
    status = ""
    if card.get("used"):
        status = t(loc, "used ✓")
    elif data.get("use"):
        status = use_label(data["use"], loc)
    if status:
        draw_label(
            draw, (PANEL_W - 30, mid), status, 16, PANEL_W - 30 - 184 - 530, bold=True, anchor="rm"
        )
