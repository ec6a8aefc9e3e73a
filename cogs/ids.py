"""The one parser for the numbers a user can type or a component can carry: match ids in
``match:`` options and the ids inside ``scarab:...`` custom ids.

An id is 1 to 18 ASCII digits (``ID``), so it always fits SQLite's 64-bit INTEGER and ``int()``
never fails on it: ``²``, Arabic-Indic digits, ``99999999999999999999`` or a 6,000-digit number
are not ids. Every ``DynamicItem`` template builds on ``ID``; a custom id that matches no
template is answered by ``cogs.guard``.

``match_here`` applies the scope rule of ``bot.scope`` (a match is used only in its own server;
in a DM only by its players) to a parsed id.
"""

from __future__ import annotations

import re
from typing import TYPE_CHECKING

import discord

from bot.errors import ServiceError
from bot.scope import check_scope
from rules.text import msg

if TYPE_CHECKING:
    from bot.model import MatchInfo

ID = r"(?:0|[1-9][0-9]{0,17})"  # what a custom id's number looks like (a regex fragment)
_MATCH_ID = re.compile(rf"#?\s*({ID})")


def parse_id(text: str) -> int | None:
    """``text`` as an id (see ``ID``), or None."""
    found = re.fullmatch(ID, text)
    return int(found[0]) if found else None


def parse_match_id(raw: str) -> int:
    """A typed ``match:`` value: ``12``, ``#12``, or an autocomplete choice ``#12 Amun-Re —
    ...`` -> 12. Raises ``ServiceError`` with a player-readable reason otherwise."""
    text = str(raw).strip()
    head = text.split(None, 1)[0] if text else ""
    found = _MATCH_ID.fullmatch(head) or _MATCH_ID.fullmatch(text)
    if found is None or int(found[1]) == 0:
        raise ServiceError(msg("'{raw}' is not a match number.", raw=text[:40]))
    return int(found[1])


async def match_here(interaction: discord.Interaction, match_id: int) -> MatchInfo:
    """The match ``match_id`` if the caller may use it here (``bot.scope``); raises
    ``ServiceError`` otherwise."""
    info = await interaction.client.service.get_match(match_id)  # type: ignore[attr-defined]
    check_scope(info, guild_id=interaction.guild_id, user_id=interaction.user.id)
    return info
