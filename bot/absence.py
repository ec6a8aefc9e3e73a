"""Absent players and server admins: seat take-overs, `/game rejoin`, take-over votes,
`/notify`, and the admin actions (cancel, remove a player, guild defaults) with their log.

Migration 2's tables (``matches.settings``, ``seats.taken_over``, ``takeover_votes``,
``user_prefs``, ``admin_log``) are read and written through the ``Storage`` interface.
``AbsenceMixin`` is part of ``MatchService`` and uses only what ``ServiceCore`` (bot/model.py)
declares; every refusal raises ``ServiceError`` and changes nothing.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

import lang
from bot.deadlines import parse_ai_level, parse_on_timeout, parse_turn_time
from bot.errors import ServiceError
from bot.language import LANGUAGE_KEY, check_language
from bot.model import NOT_SEATED, LoadedMatch, MatchInfo, ServiceCore, Turn
from bot.seatnames import seat_label
from bot.storage import TAKEOVERS, AdminLogEntry
from rules.text import Msg, msg

NOTIFY = "notify"  # user_prefs key: "1" = DM me reminders

# Player-facing texts of this module (the ones with parameters are written where they are said).
TEXT_NOT_TAKEN = msg("Your seat is not played by the AI: there is nothing to rejoin.")
TEXT_VOTER_NOT_SEATED = msg("Only players seated in this match can vote to hand a seat to the AI.")
TEXT_VOTER_TAKEN = msg("Your own seat is played by the AI: use /game rejoin first.")
TEXT_OWN_SEAT = msg("You cannot vote on your own seat: use /game abandon to hand it to the AI.")
TEXT_VOTE_WHO = msg("Say whose seat to hand to the AI (a seated player).")
TEXT_REMOVE_WHO = msg("Say which player to remove (a seated user or a seat number).")
TEXT_NO_DEFAULTS = msg("Give a new default: turn_time, on_timeout, language, or several.")


def _not_here(match_id: int) -> Msg:
    return msg("There is no match #{id} in this server.", id=match_id)


def _user_not_seated(match_id: int) -> Msg:
    return msg("That user is not seated in match #{id}.", id=match_id)


def _no_seat(match_id: int, seat: int) -> Msg:
    return msg("Match #{id} has no seat {seat}.", id=match_id, seat=seat)


def _seat_ai(name: str) -> Msg:
    return msg("{name}'s seat is already played by the AI.", name=name)


def _public_label(info: MatchInfo, loaded: LoadedMatch, seat: int) -> str:
    """``seat`` named as refusals name it ("carol (C, green ▲)")."""
    return seat_label(info, seat, loaded.engine.view(loaded.state, None), mention=False)


# admin_log actions
ACTION_CANCEL = "cancel"
ACTION_REMOVE = "remove_player"
ACTION_DEFAULTS = "set_defaults"


@dataclass(frozen=True, slots=True)
class VoteResult:
    match: MatchInfo
    seat: int
    votes: int
    needed: int
    turn: Turn | None  # set when the vote handed the seat to the AI

    @property
    def passed(self) -> bool:
        return self.turn is not None


# --- the service part --------------------------------------------------------------------------
class AbsenceMixin(ServiceCore):
    """Take-overs, votes, rejoin, reminder opt-in and admin actions for ``MatchService``."""

    async def _match_in_guild(self, match_id: int, guild_id: int | None) -> MatchInfo:
        try:
            info = await self.get_match(match_id)
        except ServiceError:
            raise ServiceError(_not_here(match_id)) from None
        if guild_id is not None and info.guild_id != guild_id:
            raise ServiceError(_not_here(match_id))
        return info

    async def _hand_to_ai(self, info: MatchInfo, seat: int) -> Turn:
        """Inside the match lock: the AI plays ``seat`` from now on; AI seats act."""
        level = await self._table_ai_level(info.id)
        await self.store.set_taken_over(info.id, seat, True, self.clock(), level)
        await self.store.clear_deadlines(info.id, seat)
        info = await self.get_match(info.id)
        loaded = await self._loaded(info)
        moves = await self._run_ai(info, loaded)
        return self._turn(await self._schedule(info.id, loaded), loaded, moves)

    async def rejoin(self, match_id: int, user_id: int) -> Turn:
        """Take back a seat the AI has been playing (after a timeout, a vote or an admin)."""
        async with self.lock(match_id):
            info = await self.get_match(match_id)
            self._refuse_unless_active(info)
            seat = info.seat_of(user_id)
            if seat is None:
                raise ServiceError(NOT_SEATED)
            owner = info.seat_info(seat)
            assert owner is not None  # seat_of found it
            if not owner.taken_over:
                raise ServiceError(TEXT_NOT_TAKEN)
            await self.store.set_taken_over(match_id, seat, False, self.clock())
            info = await self.get_match(match_id)
            loaded = await self._loaded(info)
            turn = self._turn(await self._schedule(match_id, loaded), loaded, [])
        return turn

    async def vote_takeover(
        self, match_id: int, voter_id: int, seat: int | None = None, *, user_id: int | None = None
    ) -> VoteResult:
        """A seated player votes to hand an absent seat (``seat``, 0-based, or the seat of
        ``user_id``) to the AI. A majority of the other human seats (not the absent one)
        hands it over at once."""
        async with self.lock(match_id):
            info = await self.get_match(match_id)
            voter_seat = self._playing_seat(
                info, voter_id, not_seated=TEXT_VOTER_NOT_SEATED, taken_over=TEXT_VOTER_TAKEN
            )
            if user_id is not None:
                seat = info.seat_of(user_id)
                if seat is None:
                    raise ServiceError(_user_not_seated(match_id))
            if seat is None:
                raise ServiceError(TEXT_VOTE_WHO)
            if voter_seat == seat:
                raise ServiceError(TEXT_OWN_SEAT)
            target = info.seat_info(seat)
            if target is None:
                raise ServiceError(_no_seat(match_id, seat + 1))
            loaded = await self._loaded(info)
            name = _public_label(info, loaded, seat)
            if target.is_ai or target.taken_over:
                raise ServiceError(_seat_ai(name))
            decision = loaded.engine.decision_for(loaded.state, seat)
            if decision is None or decision.advisory:  # a proposal never holds up the game
                raise ServiceError(
                    msg(
                        "{name} is not holding up the game: you can only "
                        "vote on a player whose decision is waiting.",
                        name=name,
                    )
                )
            voters = [
                s.user_id
                for s in info.seats
                if s.user_id is not None and not s.taken_over and s.seat != seat
            ]
            needed = len(voters) // 2 + 1
            votes = await self.store.votes_for(match_id, seat)
            if voter_id in votes:
                raise ServiceError(
                    msg(
                        "You have already voted to hand seat {seat} to the AI "
                        "({votes} of {needed} {needed:plural:vote|votes}).",
                        seat=seat + 1,
                        votes=len(votes),
                        needed=needed,
                    )
                )
            await self.store.add_vote(match_id, seat, voter_id, self.clock())
            count = len((votes | {voter_id}) & set(voters))
            if count < needed:
                return VoteResult(info, seat, count, needed, None)
            turn = await self._hand_to_ai(info, seat)
        return VoteResult(turn.match, seat, count, needed, turn)

    async def takeover_history(self, match_id: int) -> list[int]:
        """Seats the AI took over at some point of the match (flagged results), even if the
        player came back with /game rejoin; ``seats.taken_over`` says who is away now."""
        return list((await self.store.match_settings(match_id)).get(TAKEOVERS, []))

    async def set_notify(self, user_id: int, enabled: bool) -> None:
        """Opt in (or out) of reminder DMs."""
        await self.store.set_user_pref(user_id, NOTIFY, "1" if enabled else None)

    async def notify_enabled(self, user_id: int) -> bool:
        return await self.store.get_user_pref(user_id, NOTIFY) == "1"

    # --- admins (the cog checks the Manage Server permission) --------------------------------
    async def admin_cancel(self, guild_id: int, admin_id: int, match_id: int) -> MatchInfo:
        info = await self._match_in_guild(match_id, guild_id)
        cancelled = await self.cancel(match_id, admin_id, admin=True)  # logs it, unless host
        if admin_id == info.host_id:
            await self.store.write_admin_log(
                guild_id, admin_id, ACTION_CANCEL, match_id, {"status": info.status}, self.clock()
            )
        return cancelled

    async def admin_remove_player(
        self,
        guild_id: int,
        admin_id: int,
        match_id: int,
        *,
        user_id: int | None = None,
        seat: int | None = None,
    ) -> Turn:
        """The AI plays the seat (of ``user_id``, or ``seat`` 0-based) for the rest of the
        match; the player may come back with /game rejoin."""
        await self._match_in_guild(match_id, guild_id)
        async with self.lock(match_id):
            info = await self.get_match(match_id)
            self._refuse_unless_active(info)
            if user_id is not None:
                seat = info.seat_of(user_id)
                if seat is None:
                    raise ServiceError(_user_not_seated(match_id))
            if seat is None:
                raise ServiceError(TEXT_REMOVE_WHO)
            target = info.seat_info(seat)
            if target is None:
                raise ServiceError(_no_seat(match_id, seat + 1))
            if target.is_ai or target.taken_over:
                raise ServiceError(_seat_ai(_public_label(info, await self._loaded(info), seat)))
            turn = await self._hand_to_ai(info, seat)
            await self.store.write_admin_log(
                info.guild_id,
                admin_id,
                ACTION_REMOVE,
                match_id,
                {"seat": seat, "user_id": target.user_id},
                self.clock(),
            )
        return turn

    async def admin_set_defaults(
        self,
        guild_id: int,
        admin_id: int,
        *,
        turn_time: str | None = None,
        on_timeout: str | None = None,
        language: str | None = None,
        ai_level: str | None = None,
    ) -> dict[str, Any]:
        """Change the guild's defaults for new tables (time per decision, timeout rule, the
        level of the AI playing for absent players, the language of public posts); every value
        is checked first, so a bad one changes nothing. Logged; returns the table defaults
        (``guild_language`` says the language)."""
        if turn_time is None and on_timeout is None and language is None and ai_level is None:
            raise ServiceError(TEXT_NO_DEFAULTS)
        if turn_time is not None:
            parse_turn_time(turn_time)
        if on_timeout is not None:
            parse_on_timeout(on_timeout)
        if ai_level is not None:
            parse_ai_level(ai_level)
        chosen = check_language(language) if language is not None else None
        defaults = await self.set_guild_defaults(
            guild_id, turn_time=turn_time, on_timeout=on_timeout, ai_level=ai_level
        )
        if chosen is not None:
            await self.set_guild_setting(guild_id, LANGUAGE_KEY, chosen)
        given = (
            ("turn_time", turn_time),
            ("on_timeout", on_timeout),
            ("ai_level", ai_level),
            ("language", chosen),
        )
        changed = {k: v for k, v in given if v is not None}
        await self.store.write_admin_log(
            guild_id, admin_id, ACTION_DEFAULTS, None, changed, self.clock()
        )
        return defaults

    async def guild_language(self, guild_id: int) -> str | None:
        """The language a server's new tables speak (``/admin defaults language``), or None
        (each lobby then speaks its host's language)."""
        return lang.resolve((await self.store.get_guild_settings(guild_id)).get(LANGUAGE_KEY))

    async def admin_log(self, guild_id: int, limit: int = 20) -> list[AdminLogEntry]:
        return await self.store.read_admin_log(guild_id, limit)
