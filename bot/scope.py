"""Matches stay in their server: who may use a match, and where.

Match ids are sequential, so anyone can type another server's id. A command or component that
names a match is served only

- in a server channel, when the match belongs to that server;
- in a direct message, when the caller is seated in the match (sealed choices, ``/hand`` and
  ``/play`` from a DM work for a match's own players, and for nobody else).

Refusals say which rule applied, in the same words ``/export`` uses, and never show anything
of the match itself.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from bot.errors import ServiceError
from rules.text import Msg, msg

if TYPE_CHECKING:
    from bot.model import MatchInfo


def other_server(match_id: int) -> Msg:
    return msg("Match #{id} is played in another server: use this command there.", id=match_id)


def not_yours(match_id: int) -> Msg:
    return msg(
        "In a direct message only your own matches can be used, and you are not "
        "seated in match #{id}.",
        id=match_id,
    )


def check_scope(info: MatchInfo, *, guild_id: int | None, user_id: int) -> None:
    """Raise ``ServiceError`` unless ``user_id`` may use ``info`` from ``guild_id`` (None: a
    direct message)."""
    if guild_id is not None:
        if info.guild_id != guild_id:
            raise ServiceError(other_server(info.id))
        return
    if info.seat_of(user_id) is None:
        raise ServiceError(not_yours(info.id))
