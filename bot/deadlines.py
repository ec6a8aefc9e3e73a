"""Deadlines: the time per decision, reminders, and what happens when the time runs out.

A table option (``matches.settings``, bot-level, not an engine variant) sets the time a human
has for one decision: none, 1 h, 12 h, 24 h or 72 h (default 24 h, or the guild's default),
and the timeout policy:

- ``ai_moves``: the AI answers that one decision for the absent player;
- ``takeover``: the AI answers it and plays the seat for the rest of the match
  (``seats.taken_over = 1``, the user keeps the seat for ``/game rejoin`` and fair ratings).

The AI that answers for an absent player plays at the table's AI level (``ai_level``: easy,
normal or hard; default normal, or the guild's default).

Every newly posed human decision gets stored rows (``deadlines``): a reminder at half time and
another close to the deadline (90 %), and the deadline itself. Rows survive restarts; a loop in
the client calls ``MatchService.process_deadlines`` every few seconds (and once at start-up,
which catches up). A reminder row is claimed (``fired = 1``) before it is handed out, so it
fires once; a turn row is deleted after the AI has answered, and answering is idempotent (the
decision's seq must still be open), so a crash in between never answers twice. With several
processes on one database, one process at a time acts on a match's due rows: it holds the
match's lease (bot/leases.py) meanwhile.

``DeadlinesMixin`` is part of ``MatchService``; it uses only what ``ServiceCore``
(bot/model.py) declares: the service's lock, ``_apply``, ``_run_ai``, ``_turn``...
"""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

from ai.levels import DEFAULT_LEVEL, LEVELS
from bot.errors import ServiceError
from bot.model import AppliedMove, LoadedMatch, MatchInfo, ServiceCore, Turn
from rules.core import Decision
from rules.text import Msg, msg

log = logging.getLogger(__name__)

# --- the policy ------------------------------------------------------------------------------
TURN_TIMES: dict[str, float | None] = {
    "none": None,
    "1h": 3600.0,
    "12h": 12 * 3600.0,
    "24h": 24 * 3600.0,
    "72h": 72 * 3600.0,
}
DEFAULT_TURN_TIME = "24h"
AI_MOVES = "ai_moves"  # the AI plays that one decision
TAKEOVER = "takeover"  # the AI takes the seat for the rest of the match
ON_TIMEOUT = (AI_MOVES, TAKEOVER)
DEFAULT_ON_TIMEOUT = AI_MOVES
REMINDER_FRACTIONS = (0.5, 0.9)  # half time, and close to the deadline
MAX_BATCHES = 100  # due rows are read this many times ``limit`` per scan, at most
DEADLINE_LEASE = "deadlines"  # lease "deadlines:<match>": one process acts on its due rows
LEASE_SECONDS = 60.0  # a holder that died mid-scan is relieved after this long

# Keys: in matches.settings and (as a guild's defaults) in guild_settings.
TURN_TIME_KEY = "turn_time"  # match setting: seconds per decision, or null for no limit
ON_TIMEOUT_KEY = "on_timeout"
GUILD_TURN_TIME = "turn_timeout"  # guild default: seconds, or "none"
GUILD_ON_TIMEOUT = "on_timeout"
AI_LEVEL_KEY = "ai_level"  # the level of the AI that plays for absent players (both places)

TURN_KIND = "turn"  # deadline row kinds: "turn:<seq>" and "remind:<seq>:<percent>"
REMIND_KIND = "remind"

# Player-facing texts of this module.
TEXT_BAD_TIME = msg("A turn time limit must be longer than zero.")
TIMEOUT_LABELS: dict[str, Msg] = {
    AI_MOVES: msg("the AI plays that decision"),
    TAKEOVER: msg("the AI takes the seat over for the rest of the match"),
}


def parse_turn_time(value: str | float | None) -> float | None:
    """A token (``none``/``1h``/``12h``/``24h``/``72h``) or seconds -> seconds or None."""
    if value is None:
        return None
    if isinstance(value, int | float):
        if value <= 0:
            raise ServiceError(TEXT_BAD_TIME)
        return float(value)
    token = value.strip().lower()
    if token in TURN_TIMES:
        return TURN_TIMES[token]
    raise ServiceError(
        msg(
            "Unknown time per decision '{value}': use one of {known}.",
            value=value,
            known=", ".join(TURN_TIMES),
        )
    )


def parse_on_timeout(value: str) -> str:
    token = value.strip().lower()
    if token not in ON_TIMEOUT:
        raise ServiceError(
            msg(
                "Unknown timeout rule '{value}': use one of {known}.",
                value=value,
                known=", ".join(ON_TIMEOUT),
            )
        )
    return token


def parse_ai_level(value: str) -> str:
    token = value.strip().lower()
    if token not in LEVELS:
        raise ServiceError(
            msg(
                "Unknown AI level '{value}': use one of {known}.",
                value=value,
                known=", ".join(LEVELS),
            )
        )
    return token


def describe_turn_time(seconds: float | None) -> str:
    """``24h``, ``none`` (a ``Msg``), or a plain duration for limits that are not one of the
    tokens."""
    if seconds is None:
        return msg("none")
    for token, value in TURN_TIMES.items():
        if value == seconds:
            return token
    return describe_duration(seconds)


def describe_duration(seconds: float) -> str:
    seconds = max(0, int(round(seconds)))
    if seconds >= 3600:
        hours, rest = divmod(seconds, 3600)
        return f"{hours}h{rest // 60:02d}" if rest >= 60 else f"{hours}h"
    if seconds >= 60:
        return f"{seconds // 60} min"
    return f"{seconds} s"


_default_turn_seconds: float | None = None  # TURN_TIME_SECONDS (bot/settings.py)


def set_default_turn_time(seconds: float | None) -> None:
    """The process's default time per decision instead of 24 h (``None``: back to 24 h)."""
    global _default_turn_seconds
    _default_turn_seconds = seconds


def guild_turn_time(guild: Mapping[str, str]) -> float | None:
    """A guild's default time per decision (24 h unless the guild set one)."""
    raw = guild.get(GUILD_TURN_TIME)
    if raw is None:
        return _default_turn_seconds or TURN_TIMES[DEFAULT_TURN_TIME]
    if raw == "none":
        return None
    seconds = float(raw)
    return seconds if seconds > 0 else None


def table_settings(
    guild: Mapping[str, str],
    turn_time: str | float | None = None,
    on_timeout: str | None = None,
    ai_level: str | None = None,
) -> dict[str, Any]:
    """The bot-level table options of a new match: what was asked for, else the guild's
    defaults, else 24 h, ``ai_moves`` and the ``normal`` AI. Raises ServiceError on unknown
    values."""
    seconds = guild_turn_time(guild) if turn_time is None else parse_turn_time(turn_time)
    policy = parse_on_timeout(on_timeout or guild.get(GUILD_ON_TIMEOUT) or DEFAULT_ON_TIMEOUT)
    level = parse_ai_level(ai_level or guild.get(AI_LEVEL_KEY) or DEFAULT_LEVEL)
    return {TURN_TIME_KEY: seconds, ON_TIMEOUT_KEY: policy, AI_LEVEL_KEY: level}


def match_turn_time(settings: Mapping[str, Any], guild: Mapping[str, str]) -> float | None:
    """Seconds per decision for a match; matches from before table settings existed follow
    the guild's explicit limit only (they never had one by default)."""
    if TURN_TIME_KEY in settings:
        value = settings[TURN_TIME_KEY]
        return float(value) if value else None
    raw = guild.get(GUILD_TURN_TIME)
    return guild_turn_time(guild) if raw is not None else None


def match_on_timeout(settings: Mapping[str, Any]) -> str:
    value = settings.get(ON_TIMEOUT_KEY)
    return value if value in ON_TIMEOUT else DEFAULT_ON_TIMEOUT


def match_ai_level(settings: Mapping[str, Any]) -> str:
    """The level of the AI playing for a match's absent players (older tables: normal)."""
    value = settings.get(AI_LEVEL_KEY)
    return value if value in LEVELS else DEFAULT_LEVEL


def deadline_rows(seq: int, posed_at: float, limit: float) -> list[tuple[str, float]]:
    """The rows for one decision posed at ``posed_at``: reminders, then the deadline."""
    rows = [
        (f"{REMIND_KIND}:{seq}:{round(f * 100)}", posed_at + limit * f) for f in REMINDER_FRACTIONS
    ]
    rows.append((f"{TURN_KIND}:{seq}", posed_at + limit))
    return rows


def awaited_seats(decisions: list[Decision]) -> set[int]:
    """The seats the game waits for: those with an open decision that is not advisory (an
    advisory one closes by itself, ``rules.core.Decision``)."""
    return {d.seat for d in decisions if not d.advisory}


def parse_kind(kind: str) -> tuple[str, int, int | None] | None:
    """``turn:<seq>`` -> ("turn", seq, None); ``remind:<seq>:<pct>`` -> ("remind", seq, pct)."""
    parts = kind.split(":")
    try:
        if parts[0] == TURN_KIND and len(parts) == 2:
            return TURN_KIND, int(parts[1]), None
        if parts[0] == REMIND_KIND and len(parts) == 3:
            return REMIND_KIND, int(parts[1]), int(parts[2])
    except ValueError:
        return None
    return None


def _later_reminder_due(row: Any, seq: int, percent: int, now: float) -> bool:
    """``row`` is a reminder of the same decision, later than ``percent``, due already."""
    parsed = parse_kind(row.kind)
    return (
        parsed is not None
        and parsed[0] == REMIND_KIND
        and parsed[1] == seq
        and (parsed[2] or 0) > percent
        and row.due_at <= now
    )


# --- what the loop announces -------------------------------------------------------------------
@dataclass(frozen=True, slots=True)
class Reminder:
    """A human's decision is still open: mention them in the thread (and DM if opted in)."""

    match: MatchInfo
    seat: int
    user_id: int
    percent: int  # of the time used: 50 or 90
    due_at: float  # when the time runs out
    remaining: float  # seconds left when the reminder fired
    prompt: str


@dataclass(frozen=True, slots=True)
class TimedOut:
    """A seat ran out of time; ``taken_over``: the AI plays it for the rest of the match."""

    match_id: int
    seat: int
    user_id: int
    taken_over: bool


@dataclass(slots=True)
class DeadlineReport:
    turns: list[Turn] = field(default_factory=list)  # one per match that moved: announce
    reminders: list[Reminder] = field(default_factory=list)
    timeouts: list[TimedOut] = field(default_factory=list)


# --- the service part --------------------------------------------------------------------------
class DeadlinesMixin(ServiceCore):
    """Deadline scheduling and firing for ``MatchService`` (see the module docstring)."""

    _deadline_lock: asyncio.Lock | None = None
    _limit_cache: dict[int, float | None] | None = None

    async def set_turn_timeout(self, guild_id: int, seconds: float | None) -> None:
        """The guild's default time per decision for new tables (None: no limit)."""
        if seconds is not None and seconds <= 0:
            raise ServiceError(TEXT_BAD_TIME)
        await self.store.set_guild_setting(
            guild_id, GUILD_TURN_TIME, "none" if seconds is None else repr(float(seconds))
        )

    async def turn_timeout(self, guild_id: int) -> float | None:
        """The guild's explicit default time per decision (None: none set, or no limit)."""
        raw = (await self.store.get_guild_settings(guild_id)).get(GUILD_TURN_TIME)
        return float(raw) if raw and raw != "none" else None

    async def guild_defaults(self, guild_id: int) -> dict[str, Any]:
        """The table settings a new match in this guild gets when the host asks for none."""
        return table_settings(await self.store.get_guild_settings(guild_id))

    async def set_guild_defaults(
        self,
        guild_id: int,
        *,
        turn_time: str | None = None,
        on_timeout: str | None = None,
        ai_level: str | None = None,
    ) -> dict[str, Any]:
        """Change a guild's defaults (validated first: nothing changes on a bad value)."""
        seconds = parse_turn_time(turn_time) if turn_time is not None else None
        policy = parse_on_timeout(on_timeout) if on_timeout is not None else None
        level = parse_ai_level(ai_level) if ai_level is not None else None
        if turn_time is not None:
            await self.set_turn_timeout(guild_id, seconds)
        if policy is not None:
            await self.store.set_guild_setting(guild_id, GUILD_ON_TIMEOUT, policy)
        if level is not None:
            await self.store.set_guild_setting(guild_id, AI_LEVEL_KEY, level)
        return await self.guild_defaults(guild_id)

    async def table_settings_of(self, match_id: int) -> dict[str, Any]:
        """A match's time per decision and timeout rule, as in force."""

        info = await self.get_match(match_id)
        settings = await self.store.match_settings(match_id)
        guild = await self.store.get_guild_settings(info.guild_id)
        return {
            TURN_TIME_KEY: match_turn_time(settings, guild),
            ON_TIMEOUT_KEY: match_on_timeout(settings),
            AI_LEVEL_KEY: match_ai_level(settings),
        }

    async def _table_limit(self, info: MatchInfo) -> float | None:
        """Seconds per decision of a match (cached: a table's setting never changes)."""

        if self._limit_cache is None:
            self._limit_cache = {}
        if info.id in self._limit_cache:
            return self._limit_cache[info.id]
        settings = await self.store.match_settings(info.id)
        guild = await self.store.get_guild_settings(info.guild_id)
        limit = match_turn_time(settings, guild)
        if TURN_TIME_KEY in settings:  # older tables follow the guild's setting: not cached
            if len(self._limit_cache) > 4096:
                self._limit_cache.clear()
            self._limit_cache[info.id] = limit
        return limit

    async def _deadline_rows(
        self, info: MatchInfo, seqs: Mapping[int, int], version: int, decisions: list[Decision]
    ) -> list[tuple[int, str, float]]:
        """For a move producing ``version`` (which leaves ``decisions`` open): the rows of the
        human decisions it newly posed, written in the move's own transaction
        (``Storage.record_move``); none for an advisory one. Rows of decisions answered
        meanwhile stay until due and are dropped then (an undo may reopen them)."""
        limit = await self._table_limit(info)
        if limit is None:
            return []
        now = self.clock()
        rows: list[tuple[int, str, float]] = []
        held = awaited_seats(decisions)
        for seat, seq in sorted(seqs.items()):
            owner = info.seat_info(seat)
            if (
                seq != version
                or seat not in held
                or owner is None
                or owner.is_ai
                or owner.taken_over
            ):
                continue
            rows.extend((seat, kind, due) for kind, due in deadline_rows(seq, now, limit))
        return rows

    async def _schedule(self, match_id: int, loaded: LoadedMatch) -> MatchInfo:
        """After a commit (inside the match lock): give each newly posed human decision its
        reminder and deadline rows when the table has a time limit. Returns the MatchInfo."""

        info = await self.get_match(match_id)
        if info.status != "active":
            await self.store.clear_deadlines(match_id)
            return info
        limit = await self._table_limit(info)
        if limit is None:
            return info
        existing = {(d.seat, d.kind) for d in await self.store.deadlines_for(match_id)}
        now = self.clock()
        rows: list[tuple[int, str, float]] = []
        for decision in loaded.engine.pending(loaded.state):
            owner = info.seat_info(decision.seat)
            if decision.advisory or owner is None or owner.is_ai or owner.taken_over:
                continue  # the game never waits for an advisory answer
            seq = loaded.seqs.get(decision.seat, loaded.version)
            if (decision.seat, f"{TURN_KIND}:{seq}") in existing:
                continue
            rows.extend((decision.seat, kind, due) for kind, due in deadline_rows(seq, now, limit))
        if rows:
            await self.store.add_deadlines(match_id, rows)
        return info

    async def decision_deadlines(self, match_id: int) -> dict[tuple[int, int], float]:
        """When each open human decision times out: (seat, seq) -> due time (the clock's
        seconds), from the ``turn:<seq>`` rows; a table without a time limit has none."""
        prefix = f"{TURN_KIND}:"
        return {
            (row.seat, int(row.kind[len(prefix) :])): row.due_at
            for row in await self.store.deadlines_for(match_id)
            if row.seat is not None
            and row.kind.startswith(prefix)
            and row.kind[len(prefix) :].isdigit()
        }

    async def fire_deadlines(self, now: float | None = None, limit: int = 50) -> list[Turn]:
        """``process_deadlines`` for callers that only announce moves (reminders are claimed
        and dropped)."""
        return (await self.process_deadlines(now, limit)).turns

    async def process_deadlines(self, now: float | None = None, limit: int = 50) -> DeadlineReport:
        """Act on every due row, ``limit`` rows at a time: reminders for decisions still open
        (claimed, so each fires once; of two due ones only the later is sent, none when the
        decision's own deadline has passed, whichever batch of the scan reads its row), and
        the AI answering for humans who ran out of time (actor "timeout"; with the
        ``takeover`` rule the AI keeps the seat), then AI seats follow. Rows of decisions
        answered meanwhile are dropped. Never raises for one bad match."""
        if self._deadline_lock is None:
            self._deadline_lock = asyncio.Lock()
        report = DeadlineReport()
        async with self._deadline_lock:
            now = self.clock() if now is None else now
            for _ in range(MAX_BATCHES):
                rows = await self.store.due_deadlines(now, limit)
                by_match: dict[int, list[Any]] = {}
                for row in rows:
                    by_match.setdefault(row.match_id, []).append(row)
                for match_id, match_rows in by_match.items():
                    try:
                        await self._process_claimed(match_id, match_rows, now, report)
                    except Exception:
                        log.exception("match %s: processing its deadlines failed", match_id)
                if len(rows) < limit:
                    break
            # AI seats never wait: one that a failed save left with an open decision moves
            # now (issue 10); its moves are announced like a timeout's.
            turns = {turn.match.id for turn in report.turns}
            report.turns.extend(
                turn for turn in await self.resume_ai(limit) if turn.match.id not in turns
            )
        return report

    async def _process_claimed(
        self, match_id: int, rows: list[Any], now: float, report: DeadlineReport
    ) -> None:
        """``_process_match`` while this process holds the match's deadline lease; another
        process holding it is acting on the same rows (bot/leases.py)."""
        async with self.leases.hold(f"{DEADLINE_LEASE}:{match_id}", LEASE_SECONDS) as lease:
            if lease is not None:
                await self._process_match(match_id, rows, now, report)

    async def _process_match(
        self, match_id: int, rows: list[Any], now: float, report: DeadlineReport
    ) -> None:

        info: MatchInfo | None
        try:
            info = await self.get_match(match_id)
        except ServiceError:
            info = None
        open_now: dict[int, tuple[int, str]] = {}  # human seat -> (seq, prompt) still open
        if info is not None and info.status == "active":
            async with self.lock(match_id):
                info = await self.get_match(match_id)
                loaded = await self._loaded(info)
                for decision in loaded.engine.pending(loaded.state):
                    owner = info.seat_info(decision.seat)
                    if (
                        decision.advisory
                        or owner is None
                        or owner.user_id is None
                        or owner.is_ai
                        or owner.taken_over
                    ):
                        continue  # an advisory decision never times out nor is reminded
                    seq = loaded.seqs.get(decision.seat, loaded.version)
                    open_now.setdefault(decision.seat, (seq, decision.prompt))
        stale: list[int] = []
        expired: list[Any] = []
        reminders: dict[int, list[tuple[int, int]]] = {}  # seat -> (row id, percent)
        for row in rows:
            parsed = parse_kind(row.kind)
            if (
                parsed is None
                or row.seat is None
                or row.seat not in open_now
                or open_now[row.seat][0] != parsed[1]
            ):
                stale.append(row.id)  # answered meanwhile, or the seat changed hands
            elif parsed[0] == TURN_KIND:
                expired.append(row)
            else:
                reminders.setdefault(row.seat, []).append((row.id, parsed[2] or 0))
        await self.store.delete_deadlines(stale)
        claimed = await self.store.claim_deadlines(
            [row_id for pairs in reminders.values() for row_id, _ in pairs]
        )
        timed_out = {row.seat for row in expired}
        for seat, pairs in sorted(reminders.items()):
            percents = [percent for row_id, percent in pairs if row_id in claimed]
            if not percents or seat in timed_out or info is None:
                continue  # taken by another pass, or the time is up already
            seq, prompt = open_now[seat]
            unfired = [d for d in await self.store.deadlines_for(match_id) if d.seat == seat]
            due = next((d.due_at for d in unfired if d.kind == f"{TURN_KIND}:{seq}"), now)
            if due <= now or any(_later_reminder_due(d, seq, max(percents), now) for d in unfired):
                # After downtime the rows of one decision may be read in different batches
                # of this scan: past its deadline the timeout notice follows (a reminder would
                # say "0 s left"), and of two due reminders only the later one is sent.
                continue
            owner = info.seat_info(seat)
            # open_now holds only the seats of humans (seated, not AI, not taken over)
            assert owner is not None and owner.user_id is not None
            report.reminders.append(
                Reminder(info, seat, owner.user_id, max(percents), due, max(0.0, due - now), prompt)
            )
        if not expired:
            return
        try:
            turn = await self._time_out(
                match_id, [(row.seat, open_now[row.seat][0]) for row in expired], report.timeouts
            )
        except ServiceError as exc:  # kept: the next scan tries again
            log.warning(
                "match %s: timing out seats %s failed: %s", match_id, sorted(timed_out), exc
            )
            return
        await self.store.delete_deadlines([row.id for row in expired])
        if turn is not None:
            report.turns.append(turn)

    async def _time_out(
        self, match_id: int, expired: list[tuple[int, int]], timeouts: list[TimedOut] | None = None
    ) -> Turn | None:

        moves: list[AppliedMove] = []
        async with self.lock(match_id):
            info = await self.get_match(match_id)
            if info.status != "active":
                return None
            loaded = await self._loaded(info)
            settings = await self.store.match_settings(match_id)
            policy, level = match_on_timeout(settings), match_ai_level(settings)
            for seat, seq in expired:
                owner = info.seat_info(seat)
                decision = loaded.engine.decision_for(loaded.state, seat)
                if (
                    owner is None
                    or owner.is_ai
                    or owner.taken_over
                    or decision is None
                    or decision.advisory
                    or loaded.seqs.get(seat) != seq
                ):
                    continue  # answered in time, or the seat changed hands
                option_id = await self._ai_answer(info, loaded, decision, level)
                moves.append(await self._apply(info, loaded, seat, option_id, "timeout"))
                if policy == TAKEOVER:
                    await self.store.set_taken_over(match_id, seat, True, self.clock(), level)
                    await self.store.clear_deadlines(match_id, seat)
                if timeouts is not None and owner.user_id is not None:
                    timeouts.append(TimedOut(match_id, seat, owner.user_id, policy == TAKEOVER))
            if not moves:
                return None
            info = await self.get_match(match_id)
            moves.extend(await self._run_ai(info, loaded))
            turn = self._turn(await self._schedule(match_id, loaded), loaded, moves)
        return turn
