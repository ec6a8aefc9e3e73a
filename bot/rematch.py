"""Rematch: a new lobby with the same seats (the same users and AI seats, in the same places),
the same game options and the same table settings as a finished match (issue 6, history)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from bot.errors import ServiceError
from bot.language import LANGUAGE_KEY
from rules.text import msg

if TYPE_CHECKING:
    from bot.model import MatchInfo
    from bot.service import MatchService

REMATCH_KIND = "rematch:"  # message record on the old match: "rematch:<new match id>"

# Every text a player may read from this module.
TEXT = {
    "not_over": msg("Match #{id} is not over yet: a rematch opens when it ends."),
    "cancelled": msg("Match #{id} was cancelled: open a new table with /game new."),
    "not_player": msg("Only the players of match #{id} can call a rematch."),
    "already": msg("A rematch of match #{id} is already open: lobby #{new}."),
}


def _refusal(key: str, **params: int) -> ServiceError:
    return ServiceError(msg(TEXT[key].template, **params))


async def open_rematch(service: MatchService, match_id: int, user_id: int) -> MatchInfo:
    """Open the rematch lobby of ``match_id`` for ``user_id`` (its host), in the old match's
    channel, every seat filled as before. One open rematch per match: a second press names it.
    Raises ``ServiceError`` with the reason."""
    async with service.lock(match_id):
        info = await service.get_match(match_id)
        if info.status == "cancelled":
            raise _refusal("cancelled", id=match_id)
        if info.status != "finished":
            raise _refusal("not_over", id=match_id)
        if user_id not in info.human_ids:
            raise _refusal("not_player", id=match_id)
        for kind in await service.get_messages(match_id):
            if kind.startswith(REMATCH_KIND):
                earlier = await service.get_match(int(kind[len(REMATCH_KIND) :]))
                if earlier.status in ("lobby", "active"):
                    raise _refusal("already", id=match_id, new=earlier.id)
        old_settings = await service.store.match_settings(match_id)
        new = await service.create_lobby(
            info.guild_id,
            info.channel_id,
            user_id,
            info.game_id,
            info.seat_count,
            info.options,
            language=old_settings.get(LANGUAGE_KEY),
        )
        store, now = service.store, service.clock()
        # The bot-level table settings too (time per decision, what a timeout does).
        await store.set_match_settings(new.id, old_settings, now)
        async with service.lock(new.id):
            await store.remove_seat(new.id, 0, now)  # the host sits where they sat before
            for seat in info.seats:
                await store.put_seat(
                    new.id,
                    seat.seat,
                    seat.user_id,
                    seat.name,
                    now,
                    seat.ai_level,
                )
        await service.set_message(
            match_id, f"{REMATCH_KIND}{new.id}", 0, channel_id=info.channel_id
        )
        return await service.get_match(new.id)
