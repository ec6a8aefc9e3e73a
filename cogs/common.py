"""Helpers shared by the cogs: seats and events of the service's ``Turn``/``MatchInfo`` as
Discord text, replies, rendering off the event loop, small parsers."""

from __future__ import annotations

import io
import logging
from collections.abc import Callable, Iterable
from typing import TYPE_CHECKING, Any

import discord
from discord.ext import commands

import render
import rules
from bot import seatnames
from bot.model import DEFAULT_AI_NAME, ai_seat_name
from cogs import render_pool
from lang import localise
from render import meta_text as meta_text  # the PNG chunk: which match version a picture shows
from rules.text import Msg, msg, referenced_seat

if TYPE_CHECKING:
    from PIL import Image

    from bot.model import MatchInfo, Turn
    from bot.outbox import Outbox
    from bot.service import MatchService
    from bot.storage import Storage

log = logging.getLogger(__name__)


class ScarabClient(commands.Bot):
    """What the cogs may use of Scarab's client (``cogs.client.ScarabBot`` sets it up): the
    cogs import this, never the client module, and the client imports the cogs."""

    storage: Storage
    service: MatchService
    announcer: Any  # cogs.announce.Announcer
    outbox: Outbox | None
    dev_guild_id: int | None
    keep_finished_days: float | None  # cogs.upkeep; None: keep for ever
    deadline_interval: float | None  # seconds between deadline scans (cogs.absence)
    # Every Scarab component; cogs.guard answers the custom ids that match none of them.
    dynamic_items: tuple[type[discord.ui.DynamicItem[Any]], ...]


# Discord limits we design around.
MAX_BUTTONS = 5
MAX_SELECT = 25
MAX_LABEL = 80
MAX_SELECT_TEXT = 100
MAX_CONTENT = 2000
NOT_CURRENT = msg("That choice is no longer current.")
AI_NAME = DEFAULT_AI_NAME  # how the service names the AI seats it adds


# --------------------------------------------------------------------------- service objects


def seat_name(info: MatchInfo, seat: int, view: dict[str, Any] | None = None) -> str:
    """A display text for a seat: its player's name with the seat's letter, colour and shape
    when the view has them (``seat_label``), else the name alone. Localise it where shown."""
    return seat_label(info, seat, view)


def escape_name(name: str) -> str:
    """A display name as plain text in a message: no markdown, no mentions."""
    return discord.utils.escape_mentions(discord.utils.escape_markdown(name))


def player_name(
    info: MatchInfo, seat: int, view: dict[str, Any] | None = None, *, mention: bool = True
) -> str:
    """Who plays ``seat`` (``bot.seatnames.seat_name``), the name escaped for Discord."""
    return seatnames.seat_name(info, seat, view, mention=mention, escape=escape_name)


def seat_label(
    info: MatchInfo, seat: int, view: dict[str, Any] | None = None, *, mention: bool = True
) -> str:
    """``"carol (C, green ▲)"`` (``bot.seatnames.seat_label``), the name escaped for Discord."""
    return seatnames.seat_label(info, seat, view, mention=mention, escape=escape_name)


def seat_labels(info: MatchInfo, view: dict[str, Any] | None) -> dict[int, str]:
    """Every seat's label (``seat_label``), for ``lang.localise(text, loc, seats=...)``: the
    seat references in engine texts ("Seat 3") become "carol (C, green ▲)"."""
    count = max(len((view or {}).get("seat_marks") or []), info.seat_count)
    return {seat: seat_label(info, seat, view) for seat in range(count)}


def board_names(info: MatchInfo, view: dict[str, Any], loc: str) -> dict[str, Any]:
    """``view`` with ``seat_labels``: each engine seat's display name (said in ``loc``; None
    where no name is known: the board names the seat itself) for the board's seat strips and
    score tables (names are public)."""
    count = max(len(view.get("seat_marks") or []), info.seat_count)
    names: list[str | None] = []
    for seat in range(count):
        entry = info.seat_info(seat)
        if entry is not None and not entry.is_ai:
            names.append(entry.name or None)
        else:
            name = player_name(info, seat, view)
            names.append(None if referenced_seat(name) is not None else localise(name, loc))
    return {**view, "seat_labels": names}


def ai_name(name: str | None, seat: int, level: str | None = None) -> str:
    """An AI seat's name, said in every language: "AI (hard)" for the seats the service adds
    (pass ``SeatInfo.ai_level``), the given name for others."""
    return ai_seat_name(name, seat, level)


def score_unit(view: dict[str, Any] | None) -> str:
    """What the game's scores count (the public view's optional ``score_unit``)."""
    unit = (view or {}).get("score_unit")
    if isinstance(unit, Msg):
        return unit
    return str(unit) if unit else msg("points")


def public_event_texts(turn: Turn) -> list[str]:
    """Texts of the public events of every move in ``turn`` (``AppliedMove.events`` holds
    public events only)."""
    return [event.text for move in turn.moves for event in move.events]


def opening_events(turn: Turn) -> list[str]:
    """Public event texts of the first mover's leading moves (the end of the previous turn)."""
    texts: list[str] = []
    for move in turn.moves:
        if move.seat != turn.moves[0].seat:
            break
        texts.extend(event.text for event in move.events)
    return texts


def mover_seats(turn: Turn) -> list[int]:
    return [move.seat for move in turn.moves]


def game_title(game_id: str) -> str:
    try:
        return rules.get(game_id).title
    except Exception:  # unknown game id: show it as is
        return game_id


# --------------------------------------------------------------------------- replies


async def lang_of(interaction: discord.Interaction) -> str:
    """The language to answer this user in: their ``/language`` choice, else their client's."""
    return await bot_of(interaction).service.language_for(interaction.user.id, interaction.locale)


async def reply(
    interaction: discord.Interaction, message: str, *, ephemeral: bool = True, **kwargs: Any
) -> None:
    """Answer an interaction whether or not it was already acknowledged. A ``Msg`` is said in
    the user's language (``lang_of``)."""
    if isinstance(message, Msg):
        message = localise(message, await lang_of(interaction))
    message = message[:MAX_CONTENT]
    try:
        if interaction.response.is_done():
            await interaction.followup.send(message, ephemeral=ephemeral, **kwargs)
        else:
            await interaction.response.send_message(message, ephemeral=ephemeral, **kwargs)
    except discord.HTTPException:
        log.exception("could not reply to interaction %s", interaction.id)


async def refuse(interaction: discord.Interaction, reason: str) -> None:
    """Every refusal is ephemeral and says why, in the user's language."""
    await reply(interaction, f"⛔ {localise(reason, await lang_of(interaction))}", ephemeral=True)


def is_admin(interaction: discord.Interaction) -> bool:
    perms = getattr(interaction.user, "guild_permissions", None)
    return bool(perms and (perms.manage_guild or perms.administrator))


# --------------------------------------------------------------------------- rendering


async def board_file(
    game_id: str,
    view: dict,
    *,
    highlight: list[str] | None = None,
    filename: str = "board.png",
    locale: str | None = None,
    meta: str | None = None,
) -> discord.File | None:
    """Render the public board (its words in ``locale``) off the event loop; None when the
    renderer fails. ``meta`` (``render.meta_text(match, version)``) is written into the PNG's
    ``scarab`` chunk: which match version the picture shows."""
    return await _render(filename, board_png, game_id, view, highlight, locale, meta)


def board_png(
    game_id: str, view: dict, highlight: list[str] | None, locale: str | None, meta: str | None
) -> bytes:
    """The public board as PNG bytes. Blocking: drawn in the render pool."""
    return render.png(render.board(game_id, view, highlight=highlight, locale=locale), meta=meta)


def panel_png(game_id: str, private_view: dict, locale: str | None, meta: str | None) -> bytes:
    """A seat's private panel as PNG bytes. Blocking: drawn in the render pool."""
    return render.png(render.panel(game_id, private_view, locale=locale), meta=meta)


async def panel_file(
    game_id: str,
    private_view: dict,
    filename: str = "hand.png",
    *,
    locale: str | None = None,
    meta: str | None = None,
) -> discord.File | None:
    return await _render(filename, panel_png, game_id, private_view, locale, meta)


def turn_pictures(
    game_id: str,
    view: dict,
    *,
    highlight: list[str] | None,
    locale: str,
    meta: str,
    focus: bool = True,
) -> list[tuple[str, bytes]]:
    """The pictures of a turn post, drawn once per announced position (never per
    intermediate move): the board (``board.png``, the last moves outlined) and, when the game
    draws one, the focus on the current decision (``focus.png``), both carrying ``meta`` in
    their ``scarab`` chunk. Blocking: call it off the event loop (``pictures``)."""

    images: tuple[Image.Image, ...] | None = None
    if focus:
        try:  # the board drawn once for both pictures
            images = render.board_and_focus(game_id, view, highlight=highlight, locale=locale)
        except AttributeError as exc:  # a game without a focus picture: the board only
            log.info("no focus image for %s: %s", game_id, exc)
    if images is None:
        images = (render.board(game_id, view, highlight=highlight, locale=locale),)
    return [
        (name, render.png(image, meta=meta))
        for name, image in zip(("board.png", "focus.png"), images, strict=False)
    ]


async def pictures(
    game_id: str,
    view: dict,
    *,
    highlight: list[str] | None,
    locale: str,
    meta: str,
    focus: bool = True,
) -> list[tuple[str, bytes]]:
    """``turn_pictures`` in the render pool (cogs/render_pool.py); ``[]`` when the renderer
    fails (text only)."""
    try:
        return await render_pool.draw(
            turn_pictures, game_id, view, highlight=highlight, locale=locale, meta=meta, focus=focus
        )
    except KeyError as exc:  # a game without a renderer: text only
        log.info("no image for %s: %s", game_id, exc)
    except Exception:
        log.exception("rendering the pictures of %s failed", game_id)
    return []


def files_of(drawn: list[tuple[str, bytes]]) -> list[discord.File]:
    """Fresh ``discord.File`` objects (each is consumed by one upload)."""
    return [discord.File(io.BytesIO(data), filename=name) for name, data in drawn]


async def _render(filename: str, work: Callable[..., bytes], *args: Any) -> discord.File | None:
    try:
        data = await render_pool.draw(work, *args)
    except KeyError as exc:  # a game without a renderer: text only
        log.info("no image for %s: %s", filename, exc)
        return None
    except Exception:
        log.exception("rendering %s failed", filename)
        return None
    return discord.File(io.BytesIO(data), filename=filename)


# --------------------------------------------------------------------------- text


def clip(text: str, limit: int) -> str:
    return text if len(text) <= limit else text[: limit - 1] + "…"


def one_line(
    texts: Iterable[str],
    limit: int = 300,
    loc: str | None = None,
    seats: dict[int, Any] | None = None,
) -> str:
    """Texts on one line, each said in ``loc`` (English by default), the seats they refer to
    named by ``seats`` (``seat_labels``)."""
    said = (localise(t, loc, seats) for t in texts)
    return clip(" · ".join(t.strip() for t in said if t and t.strip()), limit)


def parse_table_options(raw: str | None) -> dict[str, str]:
    """``"key=value, other=x"`` -> dict. Raises ValueError with a player-readable message."""
    options: dict[str, str] = {}
    if not raw:
        return options
    for part in raw.split(","):
        part = part.strip()
        if not part:
            continue
        if "=" not in part:
            raise ValueError(msg("Table option '{part}' must look like key=value.", part=part))
        key, value = (s.strip() for s in part.split("=", 1))
        if not key:
            raise ValueError(msg("Table option '{part}' has no key.", part=part))
        options[key] = value
    return options


def bot_of(interaction: discord.Interaction) -> ScarabClient:
    return interaction.client  # type: ignore[return-value]
