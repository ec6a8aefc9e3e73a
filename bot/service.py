"""The match service: every change to a match goes through here (see docs/architecture.md).

Cogs call ``MatchService`` and never touch storage or engines. Each match has one
``asyncio.Lock``; each accepted answer is one storage transaction (move log + snapshot +
version bump) and only then does the in-memory copy advance, so nothing is announced or cached
that is not on disk. AI seats answer through the same path right after a human, until a human
must act or the game ends.

Match states are loaded lazily: a small LRU cache holds the states of recently played matches
and a cache miss reads one snapshot. The move log is the source of truth: ``rebuild`` replays it
(replay law) and compares the result with the snapshot.
"""

from __future__ import annotations

import asyncio
import logging
import secrets
import time
import weakref
from collections import OrderedDict
from collections.abc import Callable, Mapping
from typing import Any

import lang
import rules
from ai.levels import DEFAULT_LEVEL
from bot.absence import ACTION_CANCEL, AbsenceMixin
from bot.ai_runner import AIRunner, ai_seed, heuristic_option
from bot.deadlines import DeadlinesMixin, match_ai_level, parse_ai_level, table_settings
from bot.errors import NotYourTurn, ServiceError, StorageError, VersionConflict, reason
from bot.language import LANGUAGE_KEY, LanguageMixin
from bot.leases import DEFAULT_KEY, Leases
from bot.model import (
    AI_ACTOR,
    FULL,
    LEGACY_AI_LEVEL,
    NOT_SEATED,
    NOT_STARTED,
    NOT_YOUR_TURN,
    SAVE_FAILED,
    STALE,
    STALE_UNDO,
    STARTED,
    TAKEN_OVER,
    AppliedMove,
    LoadedMatch,
    MatchInfo,
    PendingDecision,
    SeatInfo,
    ServiceCore,
    Turn,
    display_name,
)
from bot.movelog import (
    UNDO_KIND,
    Walk,
    answerable,
    first_per_seat,
    hint_after_undo,
    is_player,
    next_seqs,
    replay,
    undo_refusal,
    undoable_seat,
    walk,
)
from bot.seatnames import seat_label
from bot.storage import LIVE_STATUSES, MatchRecord, MessageRecord, MoveRecord, Storage
from rules.core import Decision, Engine, Event, IllegalMove, Option, Result, canonical_json
from rules.text import Msg, decode, msg, name_seats

log = logging.getLogger(__name__)

TURN_TIMEOUT = "turn_timeout"  # guild setting: seconds a human has for one decision
CONFLICT_RETRIES = 5  # an answer re-checked after other processes committed first


class Conflicted(ServiceError):
    """Another process committed a move of the match first (``VersionConflict``)."""


# --- helpers ---------------------------------------------------------------------------------
def _result_from_json(raw: Mapping[str, Any] | None) -> Result | None:
    if raw is None:
        return None
    return Result(
        tuple(raw["scores"]),
        tuple(raw["places"]),
        tuple(decode(raw.get("tiebreaks", []))),
        tuple(decode(raw.get("details", []))),
    )


# --- the service -------------------------------------------------------------------------------
class MatchService(DeadlinesMixin, AbsenceMixin, LanguageMixin, ServiceCore):
    """Create, join, start and play matches. Every refusal raises ``ServiceError``."""

    def __init__(
        self,
        store: Storage,
        clock: Callable[[], float] = time.time,
        *,
        cache_size: int = 256,
        seed_source: Callable[[], int] | None = None,
        ai_step_limit: int = 10_000,
        ai_runner: AIRunner | None = None,
        process_key: str = DEFAULT_KEY,
    ) -> None:
        self.store = store
        # Work claimed across processes on one database: deadlines, announcements.
        self.leases = Leases(store, process_key, clock)
        self.clock = clock
        self.cache_size = cache_size
        self.ai_step_limit = ai_step_limit
        self.ai_runner = ai_runner or AIRunner()  # bot/ai_runner.py: searches off the loop
        self._seed_source = seed_source or (lambda: secrets.randbits(63))
        self._cache: OrderedDict[int, LoadedMatch] = OrderedDict()
        self._names: dict[tuple[int, int], str] = {}  # (match, user) -> the name stored
        self._locks: weakref.WeakValueDictionary[int, asyncio.Lock] = weakref.WeakValueDictionary()
        self.snapshot_loads = 0  # how many states were read from storage (cache misses)
        # Called with a match id when moves were committed that the caller will not announce
        # (a refused answer after AI seats resumed): the bot's outbox delivers them.
        self.on_owed: Callable[[int], Any] | None = None
        self._user_languages: dict[int, str | None] = {}  # bot/language.py
        self._match_languages: dict[int, str] = {}

    # --- plumbing -------------------------------------------------------------------------
    def lock(self, match_id: int) -> asyncio.Lock:
        """The lock that serialises every change to one match."""
        lock = self._locks.get(match_id)
        if lock is None:
            lock = asyncio.Lock()
            self._locks[match_id] = lock
        return lock

    @staticmethod
    def engine(game_id: str) -> Engine:
        try:
            return rules.get(game_id)
        except KeyError:
            known = ", ".join(sorted(rules.ENGINES)) or msg("none")
            raise ServiceError(
                msg(
                    "There is no game called '{game}' here (available: {known}).",
                    game=game_id,
                    known=known,
                )
            ) from None

    def _info_from(self, record: MatchRecord) -> MatchInfo:
        engine = rules.ENGINES.get(record.game_id)
        return MatchInfo(
            id=record.id,
            guild_id=record.guild_id,
            channel_id=record.channel_id,
            thread_id=record.thread_id,
            game_id=record.game_id,
            title=engine.title if engine else record.game_id,
            options=dict(record.options),
            seats=[
                SeatInfo(
                    s.seat,
                    s.user_id,
                    s.is_ai,
                    s.name,
                    s.taken_over,
                    (s.ai_level or LEGACY_AI_LEVEL) if s.is_ai else s.ai_level,
                )
                for s in record.seat_rows
            ],
            seat_count=record.seats,
            status=record.status,
            version=record.version,
            host_id=record.host_id,
            result=_result_from_json(record.result),
            seed=record.seed,
            created_at=record.created_at,
            updated_at=record.updated_at,
        )

    async def get_match(self, match_id: int) -> MatchInfo:
        record = await self.store.get_match(match_id)
        if record is None:
            raise ServiceError(msg("There is no match #{id}.", id=match_id))
        return self._info_from(record)

    def _forget(self, match_id: int) -> None:
        self._cache.pop(match_id, None)

    async def _loaded(self, info: MatchInfo) -> LoadedMatch:
        cached = self._cache.get(info.id)
        if cached is not None and cached.version == info.version:
            self._cache.move_to_end(info.id)
            return cached
        engine = self.engine(info.game_id)
        snapshot = await self.store.get_snapshot(info.id)
        self.snapshot_loads += 1
        loaded: LoadedMatch | None = None
        if snapshot is not None and snapshot.version == info.version:
            try:
                loaded = LoadedMatch(
                    engine, engine.load(snapshot.state), snapshot.version, dict(snapshot.seqs)
                )
            except Exception:
                log.exception("match %s: the snapshot does not load", info.id)
        if loaded is None:
            if info.seed is None:
                raise ServiceError(NOT_STARTED)
            log.warning("match %s: no usable snapshot, replaying the move log", info.id)
            moves = await self.store.get_moves(info.id)
            try:
                state, seqs = replay(engine, info, moves)
            except Exception as exc:
                log.exception("match %s: replaying the move log failed", info.id)
                raise ServiceError(
                    msg("Match #{id} cannot be loaded: its saved state is damaged.", id=info.id)
                ) from exc
            loaded = LoadedMatch(engine, state, info.version, seqs)
        loaded.sealed_answered = await self._sealed_answered_from_log(info.id, loaded)
        loaded.undo_seat = await self._undo_seat_from_log(info, loaded)
        self._remember(info.id, loaded)
        return loaded

    def _remember(self, match_id: int, loaded: LoadedMatch) -> None:
        """Cache a match's state as the most recent one, keeping at most ``cache_size``."""
        self._cache[match_id] = loaded
        self._cache.move_to_end(match_id)
        while len(self._cache) > self.cache_size:
            self._cache.popitem(last=False)

    async def _undo_seat_from_log(self, info: MatchInfo, loaded: LoadedMatch) -> int | None:
        """After a reload, who may undo the last step (the Undo button's hint): worked out
        from the stored log when a player made the last move (a replay, off the event loop)."""
        if info.status != "active":
            return None
        last = await self.store.recent_moves(info.id, 1)
        if not last or not is_player(last[-1].actor):
            return None
        moves = await self.store.get_moves(info.id)
        walked = await asyncio.to_thread(walk, loaded.engine, info, moves, keep=2)
        step = walked.last
        if step is None:
            return None
        return undoable_seat(
            loaded.engine, step.before, step.move.seat, walked.state, step.events, step.move.actor
        )

    async def _sealed_answered_from_log(self, match_id: int, loaded: LoadedMatch) -> set[int]:
        """Seats that answered the open sealed round: every answer since it was posed."""
        sealed = [d for d in loaded.engine.pending(loaded.state) if d.secret]
        if not sealed:
            return set()
        opened = min(loaded.seqs.get(d.seat, loaded.version) for d in sealed)
        moves = await self.store.get_moves(match_id, after=opened)
        return {move.seat for move in moves} - {d.seat for d in sealed}

    def _turn(self, info: MatchInfo, loaded: LoadedMatch | None, moves: list[AppliedMove]) -> Turn:
        if loaded is None:
            return Turn(info, moves, [], {}, info.result)
        engine = loaded.engine
        pending: list[PendingDecision] = []
        shared: dict[int, tuple[int, ...]] = {}
        for seat in range(info.seat_count):
            together = tuple(engine.co_seats(loaded.state, seat))
            if len(together) > 1:
                shared[seat] = together
        if info.status == "active":
            for decision in engine.pending(loaded.state):
                owner = info.seat_info(decision.seat)
                co_owners = tuple(
                    partner.user_id
                    for partner in map(info.seat_info, shared.get(decision.seat, ()))
                    if partner is not None
                    and partner.seat != decision.seat
                    and partner.user_id is not None
                    and not partner.is_ai
                    and not partner.taken_over
                )
                pending.append(
                    PendingDecision(
                        decision.seat,
                        owner.user_id if owner else None,
                        (owner.is_ai or owner.taken_over) if owner else True,
                        loaded.seqs.get(decision.seat, loaded.version),
                        decision,
                        co_owners,
                    )
                )
        result = engine.result(loaded.state)
        undo_seat = loaded.undo_seat if info.status == "active" else None
        return Turn(
            info,
            moves,
            pending,
            engine.view(loaded.state, None),
            result,
            sealed_answered=tuple(sorted(loaded.sealed_answered)),
            undo_seat=undo_seat,
            co_seats=shared,
        )

    # --- moves ------------------------------------------------------------------------------
    async def _apply(
        self,
        info: MatchInfo,
        loaded: LoadedMatch,
        seat: int,
        option_id: str,
        actor: str,
        *,
        conflict: bool = False,
    ) -> AppliedMove:
        """Apply one answer and commit it; the cache advances only after the commit. When
        another process committed first, ``STALE`` is raised (``Conflicted`` with
        ``conflict``: the caller reloads and checks the answer again)."""
        engine = loaded.engine
        before = first_per_seat(engine.pending(loaded.state))
        decision = before.get(seat)
        option = decision.option(option_id) if decision else None
        try:
            new_state, events = engine.apply(loaded.state, seat, option_id)
        except IllegalMove as exc:
            raise ServiceError(self._named(reason(exc), info, loaded)) from None
        except Exception as exc:
            log.exception(
                "match %s: engine failed on seat %s answering %r", info.id, seat, option_id
            )
            raise ServiceError(
                msg("The game engine failed on that choice, so nothing changed: please report it.")
            ) from exc
        after = engine.pending(new_state)
        version = loaded.version + 1
        seqs = next_seqs(before, after, seat, loaded.seqs, version)
        result = engine.result(new_state)
        status = "active" if after else "finished"
        deadlines = await self._deadline_rows(info, seqs, version, after)
        try:
            await self.store.record_move(
                info.id,
                expected_version=loaded.version,
                seat=seat,
                option_id=option_id,
                actor=actor,
                events=[event.to_json() for event in events],
                state=engine.dump(new_state),
                seqs=seqs,
                status=status,
                result=result.to_json() if result else None,
                now=self.clock(),
                deadlines=deadlines,
                secret=bool(decision and decision.secret),
            )
        except VersionConflict:
            self._forget(info.id)
            raise (Conflicted if conflict else ServiceError)(STALE) from None
        except StorageError as exc:
            log.error("match %s: saving a move failed: %s", info.id, exc)
            raise ServiceError(SAVE_FAILED) from exc
        loaded.undo_seat = undoable_seat(engine, loaded.state, seat, new_state, events, actor)
        loaded.state, loaded.version, loaded.seqs = new_state, version, seqs
        if any(d.secret for d in after) and decision is not None and decision.secret:
            loaded.sealed_answered.add(seat)
        elif not any(d.secret for d in after):
            loaded.sealed_answered.clear()
        return AppliedMove(
            version=version,
            seat=seat,
            option_id=option_id,
            label=option.label if option else option_id,
            actor=actor,
            secret=bool(decision and decision.secret),
            events=[e for e in events if e.private_to is None],
            private_events=[e for e in events if e.private_to is not None],
        )

    def _ai_option(self, engine: Engine, state: Any, decision: Decision) -> str:
        """The heuristic's answer (``easy``), inline."""
        return heuristic_option(engine, state, decision)

    async def _ai_answer(
        self, info: MatchInfo, loaded: LoadedMatch, decision: Decision, level: str
    ) -> str:
        """The AI's answer to ``decision`` at ``level``, searched off the event loop; seeded by
        the match and its version, so the same version always gets the same answer."""
        seed = ai_seed(info.seed, info.id, loaded.version, decision.seat)
        return await self.ai_runner.decide(loaded.engine, loaded.state, decision, level, seed)

    async def _table_ai_level(self, match_id: int) -> str:
        """The level of the AI that plays for the table's absent players."""
        return match_ai_level(await self.store.match_settings(match_id))

    def close(self) -> None:
        """Stop what the service runs beside the event loop (the AI's process pool)."""
        self.ai_runner.shutdown()

    async def _run_ai(self, info: MatchInfo, loaded: LoadedMatch) -> list[AppliedMove]:
        """Let AI seats answer, one transaction each, until a human must act or the game ends.

        A failure to save stops the AI (already committed moves stay); the next call resumes.
        """
        moves: list[AppliedMove] = []
        if info.status != "active":
            return moves
        levels = {seat.seat: seat.ai_level for seat in info.seats if seat.is_ai or seat.taken_over}
        if any(level is None for level in levels.values()):  # taken over: the table's level
            table_level = await self._table_ai_level(info.id)
            levels = {seat: level or table_level for seat, level in levels.items()}
        for _ in range(self.ai_step_limit):
            decision = next(
                (d for d in loaded.engine.pending(loaded.state) if d.seat in levels), None
            )
            if decision is None:
                break
            level = levels[decision.seat] or LEGACY_AI_LEVEL
            option_id = await self._ai_answer(info, loaded, decision, level)
            try:
                moves.append(await self._apply(info, loaded, decision.seat, option_id, AI_ACTOR))
            except ServiceError as exc:
                log.error("match %s: AI seat %s could not move: %s", info.id, decision.seat, exc)
                break
        return moves

    def _refuse_unless_active(self, info: MatchInfo) -> None:
        if info.status == "lobby":
            raise ServiceError(NOT_STARTED)
        if info.status == "finished":
            raise ServiceError(msg("This match is over."))
        if info.status == "cancelled":
            raise ServiceError(msg("This match was cancelled."))

    def _playing_seat(
        self,
        info: MatchInfo,
        user_id: int,
        *,
        not_seated: Msg = NOT_SEATED,
        taken_over: Msg = TAKEN_OVER,
    ) -> int:
        """The seat ``user_id`` plays in a running match; refused when the match is not
        running, they hold no seat (``not_seated``), or the AI has taken theirs over
        (``taken_over``)."""
        self._refuse_unless_active(info)
        seat = info.seat_of(user_id)
        if seat is None:
            raise ServiceError(not_seated)
        owner = info.seat_info(seat)
        assert owner is not None  # seat_of found it
        if owner.taken_over:
            raise ServiceError(taken_over)
        return seat

    def _refuse_unless_lobby(self, info: MatchInfo) -> None:
        if info.status == "active":
            raise ServiceError(STARTED)
        if info.status == "finished":
            raise ServiceError(msg("This match is over."))
        if info.status == "cancelled":
            raise ServiceError(msg("This match was cancelled."))

    # --- lobby ------------------------------------------------------------------------------
    async def create_lobby(
        self,
        guild_id: int,
        channel_id: int,
        host_id: int,
        game_id: str,
        seats: int | None = None,
        options: Mapping[str, str] | None = None,
        *,
        turn_time: str | float | None = None,
        on_timeout: str | None = None,
        language: str | None = None,
        ai_level: str | None = None,
    ) -> MatchInfo:
        """Open a table; the host takes seat 0. ``seats`` defaults to the game's maximum.
        ``turn_time``/``on_timeout``/``ai_level`` are bot-level table options (bot/deadlines.py;
        default: the guild's defaults, else 24h, ai_moves and normal), stored in
        ``matches.settings`` with the language of its public posts (the guild's default, else
        ``language``, else English)."""
        engine = self.engine(game_id)
        seat_count = engine.max_players if seats is None else seats
        try:
            engine.check_seats(seat_count)
            normalised = engine.normalise_options(dict(options or {}))
        except IllegalMove as exc:
            raise ServiceError(reason(exc)) from None
        guild = await self.store.get_guild_settings(guild_id)
        settings = table_settings(guild, turn_time, on_timeout, ai_level)
        settings[LANGUAGE_KEY] = (
            lang.resolve(guild.get(LANGUAGE_KEY)) or lang.resolve(language) or lang.ENGLISH
        )
        record = await self.store.create_match(
            guild_id=guild_id,
            channel_id=channel_id,
            game_id=game_id,
            options=normalised,
            seats=seat_count,
            host_id=host_id,
            now=self.clock(),
        )
        await self.store.set_match_settings(record.id, settings, self.clock())
        return self._info_from(record)

    async def join(self, match_id: int, user_id: int) -> MatchInfo:
        async with self.lock(match_id):
            info = await self.get_match(match_id)
            self._refuse_unless_lobby(info)
            if info.seat_of(user_id) is not None:
                raise ServiceError(msg("You are already seated in this match."))
            if info.is_full:
                raise ServiceError(FULL)
            await self.store.put_seat(match_id, info.free_seats[0], user_id, None, self.clock())
            self._names.pop((match_id, user_id), None)  # a new seat: its name is asked anew
            return await self.get_match(match_id)

    async def remember_name(self, match_id: int, user_id: int, name: str | None) -> None:
        """Keep a player's display name on their seat (at join, refreshed when they act), so
        texts and boards name people. Never raises; writes only when the name changed."""
        cleaned = display_name(name)
        if not cleaned or self._names.get((match_id, user_id)) == cleaned:
            return
        try:
            changed = await self.store.set_seat_name(match_id, user_id, cleaned)
        except Exception:
            log.warning("match %s: could not keep the name of %s", match_id, user_id, exc_info=True)
            return
        if changed:  # (unchanged may also mean "not seated yet": asked again next time)
            self._names[(match_id, user_id)] = cleaned

    async def leave(self, match_id: int, user_id: int) -> MatchInfo:
        """Leave a lobby. A leaving host hands the table to the next player, or, with no other
        player left, the lobby is cancelled."""
        async with self.lock(match_id):
            info = await self.get_match(match_id)
            if info.status == "active":
                raise ServiceError(
                    msg(
                        "This match has already started: use /game abandon to hand your seat to "
                        "the AI."
                    )
                )
            self._refuse_unless_lobby(info)
            seat = info.seat_of(user_id)
            if seat is None:
                raise ServiceError(NOT_SEATED)
            now = self.clock()
            await self.store.remove_seat(match_id, seat, now)
            if user_id == info.host_id:
                others = [uid for uid in info.human_ids if uid != user_id]
                if others:
                    await self.store.update_match(match_id, now, host_id=others[0])
                else:
                    await self.store.update_match(match_id, now, status="cancelled")
            return await self.get_match(match_id)

    async def add_ai(self, match_id: int, user_id: int, level: str = DEFAULT_LEVEL) -> MatchInfo:
        """Seat an AI playing at ``level`` (easy, normal, hard); host only."""
        level = parse_ai_level(level)
        async with self.lock(match_id):
            info = await self.get_match(match_id)
            self._refuse_unless_lobby(info)
            if user_id != info.host_id:
                raise ServiceError(msg("Only the host can add AI players."))
            if info.is_full:
                raise ServiceError(FULL)
            seat = info.free_seats[0]
            name = f"AI (seat {seat + 1})"
            await self.store.put_seat(match_id, seat, None, name, self.clock(), level)
            return await self.get_match(match_id)

    async def remove_ai(self, match_id: int, user_id: int, seat: int | None = None) -> MatchInfo:
        """Take an AI seat (the given one, else the last) out of a lobby; host only."""
        async with self.lock(match_id):
            info = await self.get_match(match_id)
            self._refuse_unless_lobby(info)
            if user_id != info.host_id:
                raise ServiceError(msg("Only the host can remove AI players."))
            ai = [s.seat for s in info.seats if s.is_ai]
            if seat is None and ai:
                seat = ai[-1]
            if seat is None or seat not in ai:
                raise ServiceError(msg("There is no AI player to remove."))
            await self.store.remove_seat(match_id, seat, self.clock())
            return await self.get_match(match_id)

    async def start(self, match_id: int, user_id: int, seed: int | None = None) -> Turn:
        """Deal the game (the seed is random unless given, and recorded), then let AI seats
        act until a human must."""
        async with self.lock(match_id):
            info = await self.get_match(match_id)
            self._refuse_unless_lobby(info)
            if user_id != info.host_id:
                raise ServiceError(msg("Only the host can start this match."))
            filled = len(info.seats)
            if filled < info.seat_count:
                raise ServiceError(
                    msg(
                        "Only {filled} of {seats} {seats:plural:seat is|seats are} filled: every "
                        "seat needs a player or an AI before the match can start (invite "
                        "players or use /game addbot).",
                        filled=filled,
                        seats=info.seat_count,
                    )
                )
            engine = self.engine(info.game_id)
            seed = self._seed_source() if seed is None else seed
            try:
                state = engine.new_game(info.seat_count, info.options, seed)
            except IllegalMove as exc:
                raise ServiceError(reason(exc)) from None
            seqs = {seat: 0 for seat in first_per_seat(engine.check_decisions(state))}
            result = engine.result(state)
            status = "active" if engine.pending(state) else "finished"
            try:
                await self.store.start_match(
                    match_id,
                    seed=seed,
                    state=engine.dump(state),
                    seqs=seqs,
                    status=status,
                    result=result.to_json() if result else None,
                    now=self.clock(),
                )
            except VersionConflict:
                raise ServiceError(STARTED) from None
            except StorageError as exc:
                log.error("match %s: saving the start failed: %s", match_id, exc)
                raise ServiceError(
                    msg(
                        "Scarab could not save the new match, so it has not started: please try "
                        "again."
                    )
                ) from exc
            loaded = LoadedMatch(engine, state, 0, seqs)
            self._remember(match_id, loaded)
            info = await self.get_match(match_id)
            moves = await self._run_ai(info, loaded)
            turn = self._turn(await self._schedule(match_id, loaded), loaded, moves)
        return turn

    async def cancel(self, match_id: int, user_id: int, *, admin: bool = False) -> MatchInfo:
        """End a lobby or a running match without a result; the host or a server admin."""
        async with self.lock(match_id):
            info = await self.get_match(match_id)
            if info.is_over:
                raise ServiceError(msg("This match is already over."))
            if not admin and user_id != info.host_id:
                raise ServiceError(msg("Only the host or a server admin can cancel this match."))
            await self.store.update_match(match_id, self.clock(), status="cancelled")
            await self.store.clear_deadlines(match_id)
            if admin and user_id != info.host_id:  # every admin action is logged
                await self.store.write_admin_log(
                    info.guild_id,
                    user_id,
                    ACTION_CANCEL,
                    match_id,
                    {"status": info.status},
                    self.clock(),
                )
            self._forget(match_id)
            return await self.get_match(match_id)

    async def abandon(self, match_id: int, user_id: int) -> Turn:
        """Leave a running match: the AI takes the seat over. When no human is left the match
        is cancelled; a leaving host hands the host role to the next player."""
        async with self.lock(match_id):
            info = await self.get_match(match_id)
            if info.status == "lobby":
                raise ServiceError(msg("This match has not started yet: use /game leave instead."))
            self._refuse_unless_active(info)
            seat = info.seat_of(user_id)
            if seat is None:
                raise ServiceError(NOT_SEATED)
            now = self.clock()
            others = [uid for uid in info.human_ids if uid != user_id]
            if not others:
                await self.store.update_match(match_id, now, status="cancelled")
                await self.store.clear_deadlines(match_id)
            elif user_id == info.host_id:
                await self.store.update_match(match_id, now, host_id=others[0])
            level = await self._table_ai_level(match_id)
            await self.store.put_seat(match_id, seat, None, f"AI (seat {seat + 1})", now, level)
            await self.store.clear_deadlines(match_id, seat)
            info = await self.get_match(match_id)
            loaded = await self._loaded(info)
            moves = await self._run_ai(info, loaded)
            turn = self._turn(await self._schedule(match_id, loaded), loaded, moves)
        return turn

    # --- play -------------------------------------------------------------------------------
    async def submit(
        self,
        match_id: int,
        user_id: int,
        option_id: str,
        *,
        decision_seq: int | None = None,
        for_seat: int | None = None,
    ) -> Turn:
        """Answer the caller's open decision. Returns, after commit, every move applied in this
        call: the caller's, then the AI seats' that followed.

        The caller's own seat's decision comes first; without one, a decision of a seat that
        shares the caller's (``Engine.co_seats``: seats playing one side) is answered, and
        logged, as that seat's with the caller as actor. ``decision_seq`` picks the decision
        it was posed with; ``for_seat`` (a seat's own menu) names the seat to answer for."""
        async with self.lock(match_id):
            for attempt in range(CONFLICT_RETRIES):
                try:
                    return await self._submit_locked(
                        match_id, user_id, option_id, decision_seq, for_seat
                    )
                except Conflicted:
                    # Another process committed first (only the database lock is shared):
                    # the answer is checked again against what it holds now.
                    log.info("match %s: a concurrent move (try %d); re-checking", match_id, attempt)
            raise ServiceError(STALE)

    async def _submit_locked(
        self,
        match_id: int,
        user_id: int,
        option_id: str,
        decision_seq: int | None,
        for_seat: int | None,
    ) -> Turn:
        """``submit`` inside the match's process lock; raises ``Conflicted`` when another
        process wrote the match between reading it and committing the answer."""
        info = await self.get_match(match_id)
        seat = self._playing_seat(info, user_id)
        loaded = await self._loaded(info)
        moves = await self._run_ai(info, loaded)  # resume AI seats a failure left waiting
        try:
            if moves:
                info = await self.get_match(match_id)
                self._refuse_unless_active(info)
            open_ = answerable(loaded.engine, loaded.state, seat)
            if not open_:  # nothing of theirs is open: say whose turn it is
                raise self._not_your_turn(info, loaded, seat)
            if for_seat is not None:
                open_ = [d for d in open_ if d.seat == for_seat]
            if decision_seq is not None:
                open_ = [d for d in open_ if loaded.seqs.get(d.seat) == decision_seq]
            if not open_:
                raise ServiceError(STALE if decision_seq is not None else NOT_YOUR_TURN)
            moves.append(
                await self._apply(
                    info, loaded, open_[0].seat, option_id, str(user_id), conflict=not moves
                )
            )
        except ServiceError:
            if moves and self.on_owed is not None:
                self.on_owed(match_id)  # the AI's resumed moves are announced anyway
            raise
        moves.extend(await self._run_ai(info, loaded))
        turn = self._turn(await self._schedule(match_id, loaded), loaded, moves)
        return turn

    @staticmethod
    def _human_id(info: MatchInfo, seat: int) -> int | None:
        entry = info.seat_info(seat)
        return entry.user_id if entry is not None else None

    def _named(self, text: Any, info: MatchInfo, loaded: LoadedMatch) -> Any:
        """An engine's text with its seat references naming the seats (``seat_label``)."""
        view = loaded.engine.view(loaded.state, None)
        count = max(len(view.get("seat_marks") or []), info.seat_count)
        return name_seats(text, {s: seat_label(info, s, view, mention=False) for s in range(count)})

    def _not_your_turn(self, info: MatchInfo, loaded: LoadedMatch, seat: int) -> ServiceError:
        """The refusal for a seated player with no open decision: whose turn it is (the seats
        the game waits for, without mentions), or that their sealed answer is already in."""
        pending = loaded.engine.pending(loaded.state)
        awaited = list(dict.fromkeys(d.seat for d in pending if not d.advisory))
        if not awaited:
            return ServiceError(NOT_YOUR_TURN)
        view = loaded.engine.view(loaded.state, None)
        marks = view.get("seat_marks") or []
        waiting = [
            (other, self._human_id(info, other), seat_label(info, other, view, mention=False))
            for other in awaited
        ]
        labels = [label for _, _, label in waiting]
        if seat in loaded.sealed_answered and any(d.secret for d in pending):
            text = msg(
                "Your seat has already answered this sealed round: waiting for {names}.",
                names=labels,
            )
        else:
            text = msg("It is not your turn: waiting for {names}.", names=labels)
        return NotYourTurn(
            text, tuple(waiting), tuple(marks[o] if o < len(marks) else None for o in awaited)
        )

    async def turn_refusal(self, match_id: int, user_id: int) -> ServiceError:
        """Why the caller cannot answer now (for a cog that found nothing open for them):
        not seated, the AI plays their seat, the match is not running, or whose turn it is."""
        async with self.lock(match_id):
            info = await self.get_match(match_id)
            try:
                seat = self._playing_seat(info, user_id)
            except ServiceError as exc:
                return exc
            loaded = await self._loaded(info)
            if answerable(loaded.engine, loaded.state, seat):
                return ServiceError(STALE)
            return self._not_your_turn(info, loaded, seat)

    async def undo(self, match_id: int, user_id: int, *, version: int | None = None) -> Turn:
        """Take back the caller's latest step in the current turn (policy: bot/movelog.py).
        ``version`` (from an Undo button) must still be the match's version. One transaction:
        an undo row + the restored snapshot + a version bump."""
        async with self.lock(match_id):
            info = await self.get_match(match_id)
            self._refuse_unless_active(info)
            seat = info.seat_of(user_id)
            if seat is None:
                raise ServiceError(NOT_SEATED)
            if version is not None and version != info.version:
                raise ServiceError(STALE_UNDO)
            engine = self.engine(info.game_id)
            walked = walk(engine, info, await self.store.get_moves(match_id))
            if (
                walked.last is not None
                and walked.last.move.seat != seat
                and walked.last.move.actor == str(user_id)
                and seat in engine.co_seats(walked.state, walked.last.move.seat)
            ):
                seat = walked.last.move.seat  # their step for a seat sharing theirs (co_seats)
            reason = undo_refusal(engine, walked, seat, user_id)
            if reason is not None:
                raise ServiceError(reason)
            turn = await self._record_undo(info, engine, walked, seat, user_id)
        return turn

    async def _record_undo(
        self, info: MatchInfo, engine: Engine, walked: Walk, seat: int, user_id: int
    ) -> Turn:
        """Inside the match lock: log the undo of ``walked.last`` (already allowed), restore
        the state before it, and let AI seats act."""
        match_id = info.id
        last = walked.last
        assert last is not None
        new_version = info.version + 1
        # The reopened decisions keep the seqs they had: the same decision (and its deadline).
        restored, seqs = last.before, dict(last.seqs_before)
        label = engine.option_label(restored, seat, last.move.option_id)
        owner = info.seat_info(seat)
        who = f"<@{user_id}>" if owner is None or owner.user_id != user_id else owner.label
        event = Event(
            "undo",
            msg("↩️ {who} took back a step: {label}.", who=who, label=label),
            {"undone": last.move.version},
            seat=seat,
        )
        try:
            await self.store.record_move(
                match_id,
                expected_version=info.version,
                seat=seat,
                option_id=last.move.option_id,
                actor=str(user_id),
                events=[event.to_json()],
                state=engine.dump(restored),
                seqs=seqs,
                status="active",
                result=None,
                now=self.clock(),
                kind=UNDO_KIND,
            )
        except VersionConflict:
            self._forget(match_id)
            raise ServiceError(STALE) from None
        except StorageError as exc:
            raise ServiceError(SAVE_FAILED) from exc
        self._forget(match_id)
        info = await self.get_match(match_id)
        loaded = await self._loaded(info)
        loaded.undo_seat = hint_after_undo(engine, walked)
        moves = [
            AppliedMove(
                version=new_version,
                seat=seat,
                option_id=UNDO_KIND,
                label=label,
                actor=str(user_id),
                secret=False,
                events=[event],
            )
        ]
        moves.extend(await self._run_ai(info, loaded))
        return self._turn(await self._schedule(match_id, loaded), loaded, moves)

    async def advance(self, match_id: int) -> Turn:
        """Let AI seats act if any is waiting (after a failed save); returns the position."""
        async with self.lock(match_id):
            info = await self.get_match(match_id)
            self._refuse_unless_active(info)
            loaded = await self._loaded(info)
            moves = await self._run_ai(info, loaded)
            turn = self._turn(await self._schedule(match_id, loaded), loaded, moves)
        return turn

    async def resume_ai(self, limit: int = 100) -> list[Turn]:
        """Let every AI seat that a failed save left waiting move (start-up and each deadline
        scan). Never raises for one bad match; returns the turns that moved."""
        turns: list[Turn] = []
        for match_id in await self.store.ai_waiting_matches(limit):
            try:
                turn = await self.advance(match_id)
            except ServiceError as exc:
                log.warning("match %s: resuming its AI seats failed: %s", match_id, exc)
                continue
            except Exception:
                log.exception("match %s: resuming its AI seats failed", match_id)
                continue
            if turn.moves:
                turns.append(turn)
        return turns

    async def announcement_turn(self, match_id: int, after: int) -> Turn:
        """The current position with every move logged after version ``after`` (public
        events only): what the thread still owes, rebuilt from storage (the outbox)."""
        info = await self.get_match(match_id)
        if info.status == "lobby":
            raise ServiceError(NOT_STARTED)
        async with self.lock(match_id):
            info = await self.get_match(match_id)
            loaded = await self._loaded(info)
            records = await self.store.get_moves(match_id, after=max(after, 0))
            moves = [self._applied_from_log(record) for record in records]
            turn = self._turn(info, loaded, moves)
        return turn

    async def public_texts(self, match_id: int, after: int, upto: int) -> list[str]:
        """Public event texts of the moves logged after version ``after`` up to ``upto``."""
        return [
            event.text
            for record in await self.store.get_moves(match_id, after=after)
            if record.version <= upto
            for event in self._applied_from_log(record).events
        ]

    @staticmethod
    def _applied_from_log(record: MoveRecord) -> AppliedMove:
        events = [Event.from_json(raw) for raw in record.events]
        option_id = record.option_id if record.kind == "move" else record.kind  # "undo"
        return AppliedMove(
            version=record.version,
            seat=record.seat,
            option_id=option_id,
            label=record.option_id,
            actor=record.actor,
            secret=record.secret,
            events=[e for e in events if e.private_to is None],
            private_events=[e for e in events if e.private_to is not None],
        )

    async def snapshot(self, match_id: int) -> Turn:
        """The current position; nothing is applied."""
        info = await self.get_match(match_id)
        if info.status == "lobby":
            raise ServiceError(NOT_STARTED)
        async with self.lock(match_id):
            info = await self.get_match(match_id)
            loaded = await self._loaded(info)
            turn = self._turn(info, loaded, [])
        return turn

    async def private_view(self, match_id: int, user_id: int) -> dict[str, Any]:
        """``engine.view(state, seat)`` for the caller's seat: what only they may see."""
        info = await self.get_match(match_id)
        if info.status == "lobby":
            raise ServiceError(NOT_STARTED)
        seat = info.seat_of(user_id)
        if seat is None:
            raise ServiceError(NOT_SEATED)
        loaded = await self._loaded(info)
        return loaded.engine.view(loaded.state, seat)

    async def pending_for(self, match_id: int, user_id: int) -> PendingDecision | None:
        """The caller's open decision with its seq, or None: their own seat's, else one of a
        seat sharing theirs (``Engine.co_seats``); ``user_id`` is the caller."""
        try:
            info = await self.get_match(match_id)
        except ServiceError:
            return None
        seat = info.seat_of(user_id)
        if info.status != "active" or seat is None:
            return None
        loaded = await self._loaded(info)
        open_ = answerable(loaded.engine, loaded.state, seat)
        if not open_:
            return None
        decision = open_[0]  # the caller's own seat's, else one of a seat sharing it
        return PendingDecision(
            decision.seat, user_id, False, loaded.seqs.get(decision.seat, loaded.version), decision
        )

    async def co_seats(self, match_id: int, seat: int) -> tuple[int, ...]:
        """``seat`` and the seats whose owners may also answer its decisions (seats playing one
        side, ``Engine.co_seats``); ``(seat,)`` when the match is not running."""
        info = await self.get_match(match_id)
        if info.status != "active":
            return (seat,)
        loaded = await self._loaded(info)
        return tuple(loaded.engine.co_seats(loaded.state, seat))

    async def options_for(self, match_id: int, user_id: int) -> list[Option]:
        """The caller's current options (empty when nothing is asked of them)."""
        pending = await self.pending_for(match_id, user_id)
        return list(pending.decision.options) if pending else []

    async def log(self, match_id: int, limit: int = 20, *, user_id: int | None = None) -> list[str]:
        """The last ``limit`` event texts, oldest first. Public events only, plus, when
        ``user_id`` is seated, the events private to that seat."""
        info = await self.get_match(match_id)
        seat = info.seat_of(user_id) if user_id is not None else None
        texts: list[str] = []
        for move in await self.store.recent_moves(match_id, limit):
            for raw in move.events:
                private_to = raw.get("private_to")
                if private_to is None or (seat is not None and private_to == seat):
                    texts.append(decode(raw["msg"]) if "msg" in raw else raw["text"])  # a Msg
        return texts[-limit:] if limit > 0 else []

    async def moves(self, match_id: int) -> list[MoveRecord]:
        """The whole move log (for exports and admins; option ids of sealed answers are in it)."""
        return await self.store.get_moves(match_id)

    async def rebuild(self, match_id: int, *, repair: bool = False) -> bool:
        """Replay the move log from ``new_game(seed)`` and compare with the stored snapshot
        (state and decision seqs). Returns True when they agree; with ``repair`` a
        disagreeing snapshot is replaced by the replayed one (the log is the truth)."""
        async with self.lock(match_id):
            info = await self.get_match(match_id)
            if info.status == "lobby":
                raise ServiceError(NOT_STARTED)
            engine = self.engine(info.game_id)
            state, seqs = replay(engine, info, await self.store.get_moves(match_id))
            snapshot = await self.store.get_snapshot(match_id)
            same = (
                snapshot is not None
                and snapshot.version == info.version
                and canonical_json(snapshot.state) == canonical_json(engine.dump(state))
                and snapshot.seqs == seqs
            )
            if not same:
                log.warning("match %s: the snapshot disagrees with the move log", match_id)
                if repair:
                    await self.store.put_snapshot(
                        match_id,
                        version=info.version,
                        state=engine.dump(state),
                        seqs=seqs,
                        now=self.clock(),
                    )
                    self._forget(match_id)
            return same

    # --- timers: bot/deadlines.py (DeadlinesMixin); absences, admins: bot/absence.py --------

    # --- lookups ------------------------------------------------------------------------------
    async def list_matches(
        self, guild_id: int, *, active_only: bool = True, limit: int | None = None
    ) -> list[MatchInfo]:
        """A guild's matches, newest first; ``active_only`` keeps lobbies and running matches.
        Reads match rows only: no state is loaded."""
        statuses = LIVE_STATUSES if active_only else None
        records = await self.store.list_matches(guild_id, statuses, limit)
        return [self._info_from(record) for record in records]

    async def matches_for_user(
        self, user_id: int, *, active_only: bool = True, limit: int | None = None
    ) -> list[MatchInfo]:
        statuses = LIVE_STATUSES if active_only else None
        records = await self.store.matches_for_user(user_id, statuses, limit)
        return [self._info_from(record) for record in records]

    async def match_for_thread(self, thread_id: int) -> MatchInfo | None:
        """The match played in a thread (the newest, if several), or None."""
        record = await self.store.match_for_thread(thread_id)
        return self._info_from(record) if record else None

    # --- Discord bookkeeping ------------------------------------------------------------------
    async def set_thread(self, match_id: int, thread_id: int | None) -> None:
        await self.get_match(match_id)
        await self.store.update_match(match_id, self.clock(), thread_id=thread_id)

    async def set_message(
        self, match_id: int, kind: str, message_id: int, *, channel_id: int | None = None
    ) -> None:
        """Remember a live message (``kind`` e.g. "turn", "lobby"); the channel defaults to
        the match's thread, else its channel."""
        info = await self.get_match(match_id)
        channel = channel_id or info.thread_id or info.channel_id
        await self.store.set_message(match_id, kind, channel, message_id, self.clock())

    async def get_messages(self, match_id: int) -> dict[str, int]:
        """kind -> message id."""
        refs = await self.store.get_messages(match_id)
        return {kind: ref.message_id for kind, ref in refs.items()}

    async def get_message_refs(self, match_id: int) -> dict[str, MessageRecord]:
        """kind -> MessageRecord(kind, channel_id, message_id)."""
        return await self.store.get_messages(match_id)

    async def clear_message(self, match_id: int, kind: str) -> None:
        await self.store.delete_message(match_id, kind)

    async def guild_settings(self, guild_id: int) -> dict[str, str]:
        return await self.store.get_guild_settings(guild_id)

    async def set_guild_setting(self, guild_id: int, key: str, value: str | None) -> None:
        await self.store.set_guild_setting(guild_id, key, value)
