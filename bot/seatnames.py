"""How every message names a seat: the player, the AI or the official solo bot playing it, with
the seat's letter, colour and shape ("carol (C, green ▲)"). Refusals (the service) and posts
(the cogs) use the same builder; only the front end knows how to escape a name's markup."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from bot.model import AI_LEVEL_NAMES, MatchInfo, ai_seat_name, marked_seat
from rules.text import msg, referenced_seat


def _as_is(name: str) -> str:
    return name


def taken_over_name(player: str, level: str | None) -> str:
    """A human seat the AI plays for now: "<player> (AI, normal)"."""
    if level not in AI_LEVEL_NAMES:  # taken over before levels were stored
        return msg("{player} (AI)", player=player)
    return msg("{player} (AI, {level})", player=player, level=AI_LEVEL_NAMES[level])


def seat_name(
    info: MatchInfo,
    seat: int,
    view: dict[str, Any] | None = None,
    *,
    mention: bool = True,
    escape: Callable[[str], str] = _as_is,
) -> str:
    """Who plays ``seat``: the player's display name (``escape``d; when none is known yet a
    mention, or "Seat N" with ``mention=False``), the AI's name, or for an engine seat without
    a lobby seat record (an official solo bot) the public view's ``seat_names`` entry
    (``"🤖 Botankhamun"``)."""
    entry = info.seat_info(seat)
    if entry is None:
        names = (view or {}).get("seat_names") or []
        if 0 <= seat < len(names) and names[seat] and referenced_seat(names[seat]) is None:
            return msg("🤖 {name}", name=names[seat])
        return msg("Seat {n}", n=seat + 1)
    if entry.is_ai:
        return msg("🤖 {name}", name=ai_seat_name(entry.name, seat, entry.ai_level))
    known = f"<@{entry.user_id}>" if mention else msg("Seat {n}", n=seat + 1)
    if entry.name:
        known = escape(entry.name)
    if entry.taken_over:
        return taken_over_name(known, entry.ai_level)
    return known


def seat_label(
    info: MatchInfo,
    seat: int,
    view: dict[str, Any] | None = None,
    *,
    mention: bool = True,
    escape: Callable[[str], str] = _as_is,
) -> str:
    """``"carol (C, green ▲)"``: ``seat_name`` with the seat's letter, colour and shape (the
    public view's ``seat_marks``), so colour is never the only mark."""
    name = seat_name(info, seat, view, mention=mention, escape=escape)
    marks = (view or {}).get("seat_marks") or []
    return marked_seat(name, marks[seat]) if 0 <= seat < len(marks) else name
