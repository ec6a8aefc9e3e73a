"""Ankh's board: the cached layers plus the pieces of the moment, the header and side tiles."""

from __future__ import annotations

import functools
import math
from collections.abc import Iterable
from typing import Any

from PIL import Image

import lang
from render.ankh.layout import (
    ACTING_FILL,
    ACTION_TILE_H,
    AIM,
    BACKGROUND,
    CARAVAN_FILL,
    CONFLICT_FILL,
    CONTROL_FILL,
    CREAM,
    CREAM_SOFT,
    DONE_FILL,
    EVENT_TILE_H,
    GOLD,
    GREY_FILL,
    HEADER_H,
    HIGHLIGHT,
    LINES,
    MAP_H,
    MAP_Y,
    MARGIN,
    MARKER,
    RED_DARK,
    REGION_LINE,
    SIDE_SECTIONS,
    SIDE_W,
    SIDE_X,
    UNDERWORLD,
    WIDTH,
    Board,
    R,
    dev_cell,
    edge,
    edge_segment,
    geometry,
    hex_points,
    static_key,
)
from render.ankh.pieces import order_token, outline, paste_sprite, pill, sprite, token
from render.ankh.seats import draw_players
from render.ankh.static import draw_region_lines, region_key, region_layer, static_layer
from render.ankh.words import (
    ACTION_SHORT,
    EVENT_SHORT,
    GAME_TITLE,
    GUARDIAN_SHORT,
    STEP_LABELS,
    cards_text,
    player_name,
    players_by_number,
    region_name,
    scenario_text,
    seats_text,
    text_px,
)
from render.common import (
    INK,
    INK_SOFT,
    PALETTE_HINT,
    PAPER,
    RGB,
    WHITE,
    Band,
    canvas_draw,
    fit_font,
    fit_text,
    font,
    named_seats,
    ordinal,
    rounded_panel,
    seat_style,
    text_on,
    with_band,
    wrap_items,
    wrap_text,
)
from rules.ankh.data import (
    ACTION_LABELS,
    AMUN_CARDS,
    CONFLICTS,
    DEVOTION_TOP,
    EVENT_LABELS,
    FORGET_AFTER_CONFLICT,
    GUARDIAN_NAMES,
    MERGE_AFTER_CONFLICT,
)
from rules.ankh.view import PrivateView


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
    draw, image: Image.Image, view: PrivateView, board: Board, locale: str = "en"
) -> set[str]:
    centres, _neighbours = geometry(board)
    occupied: set[str] = set()
    for h in view.get("underworld", []) or []:
        if h in centres:
            cx, cy = centres[h]
            outline(draw, hex_points(cx, cy, R - 6), UNDERWORLD, 5)
            pill(
                draw,
                (cx - 24, cy + 20),
                lang.t(locale, "UW"),
                font(14, bold=True),
                UNDERWORLD,
                WHITE,
            )
    for monument in view.get("monuments", []):
        h = monument.get("hex", "")
        if h in centres:
            occupied.add(h)
            cx, cy = centres[h]
            owner = monument.get("owner")
            tile = sprite(
                str(monument.get("type", "")),
                int(owner) if isinstance(owner, int) else None,
                monument=True,
            )
            paste_sprite(image, tile, (cx, cy + 2))
    aims: list[tuple[str, str]] = []  # (the aiming figure's hex, the hex it aims at)
    for figure in view.get("figures", []):
        h = figure.get("hex", "")
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
            paste_sprite(image, tile, (cx, cy + 3))
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
        order_token(draw, (cx, cy - 1), region.get("token"))
        name, name_font = fit_font(
            region_name(region.get("id", ""), locale), (14, 13, 12), 2 * R + 20, bold=True
        )
        pill(draw, (cx, cy + 25), name, name_font, REGION_LINE, WHITE)
    return occupied


# --- highlight ---------------------------------------------------------------------------------
def highlight_targets(
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
                edges.add(edge(a, b))
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
    view: PrivateView,
    hexes: set[str],
    edges: set[tuple[str, str]],
    regions: set[str],
) -> None:
    centres, neighbours = geometry(board)
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
    view: PrivateView, *, highlight: str | Iterable[str] | None = None, locale: str = "en"
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
    draw_region_lines(draw, *region_layer(key, len(players), region_key(view)).info[LINES])
    centres, _n = geometry(key)
    region_ids = {str(r.get("id")) for r in view.get("regions", [])}
    hexes, edges, regions, actions = highlight_targets(highlight, centres, region_ids)

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
    draw_players(image, draw, view, players, layout, locale)
    return with_band(image, header_band(view, locale))


def header_band(view: PrivateView, locale: str = "en") -> Band:
    """The board's header band: game, scenario, step, whose turn (and its god), every god's
    devotion."""
    players = list(view.get("players", []))
    step = view.get("step")
    step_label = lang.localise(
        STEP_LABELS.get(str(step), str(step or "—").replace("_", " ")), locale
    )
    status = scenario_text(view, locale)
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
    who = player_name(owner, locale) if owner and acting else "" if acting else "—"
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


def _draw_header(
    draw, view: PrivateView, players: list[dict[str, Any]], locale: str = "en"
) -> None:
    left_w = 640 - 16 - 150 - 10  # the left half, up to the divider
    draw.text(
        (150, 16),
        fit_text(scenario_text(view, locale), font(20, bold=True), left_w),
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
    line_font = font(15) if text_px(line, font(15)) <= left_w else font(14)
    draw.text((150, 46), fit_text(line, line_font, left_w), font=line_font, fill=CREAM_SOFT)
    tie = view.get("tiebreaker") or {}
    holder = tie.get("holder")
    x = 150
    label = lang.t(locale, "Tie-breaker:")
    draw.text((x, 78), label, font=font(15), fill=CREAM_SOFT, anchor="lm")
    x += text_px(label, font(15)) + 8
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
        name = player_name(players_by_number(players).get(int(holder), {}), locale)
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
    actions_w = min(text_px(actions, font(15)), 300)
    actions_x = min(x0 + 350, WIDTH - MARGIN - actions_w)
    x = x0 + max(54, text_px(label, font(15)) + 22)
    if turn is not None:
        token(draw, (x, 24), int(turn), size=26)
        owner = next(
            (p for p in players if turn in (p.get("seats") or []) and p.get("merged_into") is None),
            None,
        )
        who = lang.t(locale, "seat {letter}", letter=seat_style(int(turn)).letter)
        if owner:
            who = f"{who} · {player_name(owner, locale)}"
        who, who_font = fit_font(who, (19, 18, 17, 16, 15, 14), actions_x - x - 36, bold=True)
        draw.text(
            (x + 20, 24),
            who,
            font=who_font,
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
    x = x0 + text_px(label, font(15)) + 10
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
    x = x0 + text_px(label, font(15)) + 20
    for seat in acting[:5]:
        token(draw, (x, 86), int(seat), size=24)
        x += 34
    if not acting:
        draw.text((x, 86), "—", font=font(16), fill=CREAM, anchor="lm")


RESULT_SIZES = (15, 14, 13, 12)


def _draw_result(
    draw, view: PrivateView, players: list[dict[str, Any]], x0: int, locale: str = "en"
) -> None:
    heading = lang.t(locale, "GAME OVER")
    draw.text((x0, 24), heading, font=font(22, bold=True), fill=GOLD, anchor="lm")
    winner = view.get("winner")
    x = x0 + text_px(heading, font(22, bold=True)) + 24
    if winner is None:
        text = lang.t(locale, "nobody wins: Egypt turned atheist")
        x, y = x + 4, 24
    else:
        player = players_by_number(players).get(int(winner), {})
        token(draw, (x, 24), int(winner), size=26)
        text = lang.t(
            locale,
            "winner: {god} ({seats})",
            god=player_name(player, locale),
            seats=seats_text(player, locale),
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
        said = " ".join(lang.localise(r, locale, named_seats(view)) for r in reasons)
        lines, fnt = _result_lines(said, WIDTH - x0 - MARGIN)
        step = fnt.size + 4
        for index, line in enumerate(lines):
            draw.text((x0, 52 + step * index), line, font=fnt, fill=CREAM_SOFT, anchor="lm")


def _result_lines(said: str, width: int) -> tuple[list[str], Any]:
    """Why the game ended, in the largest font whose lines fit under the result line."""
    for size in RESULT_SIZES:
        fnt = font(size)
        lines = wrap_text(said, fnt, width)
        if 52 + (size + 4) * (len(lines) - 1) + size // 2 <= HEADER_H - 4:
            return lines, fnt
    size = RESULT_SIZES[-1]
    lines = wrap_text(said, font(size), width, max_lines=(HEADER_H - 60) // (size + 4) + 1)
    return lines, font(size)


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
        if text_px(name, name_font) > label_w - 8:
            name_font = font(13, bold=True)
        if text_px(name, name_font) <= label_w - 8:
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
            order = ordinal(taken.index(action) + 1, locale)
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
        passed = 0 < index <= position
        if kind == "conflict":
            conflict_no += 1
            fill = DONE_FILL if passed else CONFLICT_FILL
            draw.rectangle(box, fill=fill, outline=INK, width=2)
            text = f"⚔{conflict_no}"
            label_font = font(17, bold=True)
        else:
            fill = (
                DONE_FILL
                if passed
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
            if text_px(text, label_font) > cell - 9:
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
        if text_px(text, fnt) <= room:
            break
        fnt = smaller
    draw.text((x, y), fit_text(text, fnt, room), font=fnt, fill=fill, anchor="mm")


def _draw_regions(image: Image.Image, view: PrivateView, locale: str = "en") -> int:
    regions = list(view.get("regions", []))
    where: dict[str, list[str]] = {}
    for region in regions:
        for h in list(region.get("hexes", [])) + list(region.get("water", [])):
            where.setdefault(h, []).append(str(region.get("id")))
    counts: dict[str, dict[int, int]] = {}
    for figure in view.get("figures", []):
        for region_id in where.get(figure.get("hex", ""), []):
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
        order_token(draw, (ox + 16, cy), number, r=11)
        name, name_font = fit_font(region_name(region_id, locale), (15, 14, 13, 12), 120, bold=True)
        draw.text(
            (ox + 34, cy),
            name,
            font=name_font,
            fill=INK,
            anchor="lm",
        )
        draw.text(
            (ox + 160, cy),
            fit_text(lang.t(locale, "land: {n}", n=land), font(14), 66),
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


def _draw_status(
    draw, view: PrivateView, players: list[dict[str, Any]], y: int, locale: str = "en"
) -> None:
    """The conflict in progress (battle, cards, bids, strength), then supply and guardians."""
    bottom = MAP_Y + MAP_H + 4
    conflict = view.get("conflict")
    by_number = players_by_number(players)
    if conflict:
        battle = conflict.get("battle") or {}
        title_lines = _conflict_title(conflict, battle, locale)
        height = 20 * len(title_lines) + 20
        height += len(battle.get("participants") or []) * 26 if battle else 0
        height = min(height, bottom - y)
        rounded_panel(
            draw,
            (SIDE_X, y, SIDE_X + SIDE_W, y + height),
            fill=(252, 232, 226),
            outline=CONFLICT_FILL,
            radius=8,
            width=3,
        )
        for index, line in enumerate(title_lines):
            draw.text(
                (SIDE_X + 10, y + 18 + 20 * index),
                line,
                font=font(16, bold=True),
                fill=CONFLICT_FILL,
                anchor="lm",
            )
        ty = y + 24 + 20 * len(title_lines)
        played = battle.get("played") or {}
        bids = battle.get("bids") or {}
        strength = battle.get("strength") or {}
        winner = battle.get("winner")
        for number in battle.get("participants") or []:
            if ty + 12 > y + height:
                break
            player = by_number.get(int(number), {})
            token(draw, (SIDE_X + 20, ty), int(number), size=20)
            parts = [player_name(player, locale)]
            cards = played.get(str(number))
            if cards:
                parts.append(lang.t(locale, "played {cards}", cards=cards_text(cards, locale)))
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
        amun = _amun_text(battle, locale)
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
            guardian=lang.localise(GUARDIAN_NAMES.get(c.get("kind", ""), c.get("kind")), locale),
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
    ]
    lines = [fit_text(line, font(15), SIDE_W - 16) for line in lines]
    lines += _guardian_lines(guardians, locale)
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


def _amun_text(battle: dict[str, Any], locale: str) -> str:
    return lang.t(locale, "Amun plays {n}", n=AMUN_CARDS) if battle.get("amun_two") else ""


def _conflict_title(conflict: dict[str, Any], battle: dict[str, Any], locale: str) -> list[str]:
    """The conflict's title, wrapped beside Amun's note: the queue of next conflicts in full."""
    queue = ", ".join(region_name(q, locale) for q in conflict.get("queue") or [])
    region = region_name(conflict.get("region"), locale)
    title = (
        lang.t(locale, "⚔ Conflict in {region} · then: {queue}", region=region, queue=queue)
        if queue
        else lang.t(locale, "⚔ Conflict in {region} · then: none", region=region)
    )
    amun = _amun_text(battle, locale)
    room = SIDE_W - 20 - (text_px(amun, font(14, bold=True)) + 16 if amun else 0)
    return wrap_text(title, font(16, bold=True), room)


def _guardian_lines(guardians: list[str], locale: str) -> list[str]:
    """ "Guardians left: ...", wrapped between guardians."""
    if not guardians:
        return [lang.t(locale, "Guardians left: none")]
    head = lang.t(locale, "Guardians left: {guardians}", guardians=guardians[0])
    return wrap_items([head, *guardians[1:]], font(15), SIDE_W - 16, locale=locale)


def _draw_devotion(draw, players: list[dict[str, Any]]) -> None:
    stacks: dict[int, list[dict[str, Any]]] = {}
    for player in players:
        if player.get("merged_into") is not None or player.get("forgotten"):
            continue
        value = max(0, min(DEVOTION_TOP, int(player.get("devotion", 0) or 0)))
        stacks.setdefault(value, []).append(player)
    size = 20
    for value, stack in stacks.items():
        x0, _y0, x1, y1 = dev_cell(value)
        stack.sort(key=lambda p: (int(p.get("stack", 0) or 0), int(p.get("player", 0))))
        for index, player in enumerate(stack):
            cy = y1 - 15 - index * (size + 4)
            token(draw, ((x0 + x1) / 2, cy), int(player.get("player", 0)), size=size)
