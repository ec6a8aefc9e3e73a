"""What the match service hands out: value types for matches, seats, moves and open
decisions, and the refusal texts more than one part of the bot says.

Pure data: no storage, no asyncio. ``bot.service`` produces these; cogs and the service's parts
(``bot.deadlines``, ``bot.absence``, ``bot.language``) read them. ``ServiceCore`` declares the
members of ``MatchService`` that those parts use, so each part says what it relies on.
"""

from __future__ import annotations

import re
import unicodedata
from abc import ABC, abstractmethod
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from rules.core import Decision, Engine, Event, Option, Result
from rules.text import Msg, msg

if TYPE_CHECKING:
    import asyncio

    from bot.leases import Leases
    from bot.storage import Storage

AI_ACTOR = "ai"
# AI levels (ai/levels.py), as players read them; an AI seat added before levels plays easy.
AI_LEVEL_NAMES = {"easy": msg("easy"), "normal": msg("normal"), "hard": msg("hard")}
AI_SEAT_NAMES = {"easy": msg("AI (easy)"), "normal": msg("AI (normal)"), "hard": msg("AI (hard)")}
LEGACY_AI_LEVEL = "easy"
DEFAULT_AI_NAME = re.compile(r"AI \(seat (\d+)\)")  # how the service names the AI seats it adds
TIMEOUT_ACTOR = "timeout"  # the AI answered for a human whose time ran out
STALE = msg("That choice is no longer current.")
NOT_YOUR_TURN = msg("It is not your turn.")
NOT_SEATED = msg("You are not seated in this match.")
FULL = msg("This table is full.")
STARTED = msg("This match has already started.")
NOT_STARTED = msg("This match has not started yet.")
SAVE_FAILED = msg("Scarab could not save that move, so nothing changed: please try again.")
TAKEN_OVER = msg("The AI plays your seat now: use /game rejoin to take it back.")
STALE_UNDO = msg("That undo button is no longer current.")


NAME_LENGTH = 32  # Discord's longest display name
BREAKS = ("Cc", "Zl", "Zp")  # control characters and line breaks (joiners and marks stay)


def display_name(name: str | None) -> str:
    """A display name as Scarab keeps it: one line, no control characters, at most
    ``NAME_LENGTH`` characters ("" when nothing is left)."""
    if not name:
        return ""
    kept = "".join(" " if unicodedata.category(ch) in BREAKS else ch for ch in str(name))
    return " ".join(kept.split())[:NAME_LENGTH].strip()


@dataclass(frozen=True, slots=True)
class SeatInfo:
    seat: int
    user_id: int | None  # None for an AI seat
    is_ai: bool
    name: str | None = None  # the AI's name ("AI (seat 2)"), or the player's display name
    taken_over: bool = False  # a human seat the AI plays (timeout, vote, admin): /game rejoin
    ai_level: str | None = None  # an AI seat's level; a taken-over seat's since the take-over

    @property
    def label(self) -> str:
        """How to name the seat's owner in a message: a mention, or the AI's name."""
        if self.user_id is None:
            return ai_seat_name(self.name, self.seat, self.ai_level)
        return f"<@{self.user_id}>"


def ai_seat_name(name: str | None, seat: int, level: str | None = None) -> str:
    """An AI seat's name, said in the reader's language: "AI (hard)" for the seats the
    service names itself ("AI (seat 2)" when the level is unknown), else the given name."""
    found = DEFAULT_AI_NAME.fullmatch(name or "")
    if name and not found:
        return name
    if level in AI_SEAT_NAMES:
        return AI_SEAT_NAMES[level]
    if found:
        return msg("AI (seat {n})", n=int(found[1]))
    return msg("AI {n}", n=seat + 1)


def marked_seat(name: str | Msg, mark: dict[str, Any] | None) -> str | Msg:
    """``"carol (C, green ▲)"``: a seat's name with its letter, colour and shape (the public
    view's ``seat_marks`` entry), so colour is never the only mark; the name alone without one."""
    if not mark:
        return name
    return msg(
        "{name} ({letter}, {colour} {shape})",
        name=name,
        letter=mark.get("letter", ""),
        colour=mark.get("colour", ""),
        shape=mark.get("shape", ""),
    )


@dataclass(frozen=True, slots=True)
class MatchInfo:
    id: int
    guild_id: int
    channel_id: int
    thread_id: int | None
    game_id: str
    title: str
    options: dict[str, str]
    seats: list[SeatInfo]  # filled seats, by seat number
    seat_count: int  # the seats the table was opened with
    status: str  # lobby | active | finished | cancelled
    version: int  # number of accepted moves
    host_id: int
    result: Result | None = None
    seed: int | None = None
    created_at: float = 0.0
    updated_at: float = 0.0

    def seat_of(self, user_id: int) -> int | None:
        for seat in self.seats:
            if seat.user_id == user_id:
                return seat.seat
        return None

    def seat_info(self, seat: int) -> SeatInfo | None:
        for info in self.seats:
            if info.seat == seat:
                return info
        return None

    @property
    def free_seats(self) -> list[int]:
        taken = {seat.seat for seat in self.seats}
        return [seat for seat in range(self.seat_count) if seat not in taken]

    @property
    def is_full(self) -> bool:
        return not self.free_seats

    @property
    def human_ids(self) -> list[int]:
        return [seat.user_id for seat in self.seats if seat.user_id is not None]

    @property
    def is_over(self) -> bool:
        return self.status in ("finished", "cancelled")


@dataclass(frozen=True, slots=True)
class AppliedMove:
    """One accepted answer. For a ``secret`` decision, never show ``option_id``/``label``
    publicly: the engine's public events say what may be said."""

    version: int
    seat: int
    option_id: str
    label: str
    actor: str  # the user id as text, or "ai"
    secret: bool
    events: list[Event]  # public events
    private_events: list[Event] = field(default_factory=list)  # each has private_to

    @property
    def by_ai(self) -> bool:
        return self.actor == AI_ACTOR

    @property
    def timed_out(self) -> bool:
        """The seat's owner ran out of time and the AI answered for them."""
        return self.actor == TIMEOUT_ACTOR


@dataclass(frozen=True, slots=True)
class PendingDecision:
    seat: int
    user_id: int | None
    is_ai: bool
    seq: int  # goes into custom ids: scarab:<match>:<seq>:<option id>
    decision: Decision
    co_owners: tuple[int, ...] = ()  # other humans who may answer it (seats of one side)

    @property
    def owner_ids(self) -> tuple[int, ...]:
        """Every user who may answer this decision: the seat's owner, then its co-owners."""
        own = (self.user_id,) if self.user_id is not None else ()
        return own + tuple(uid for uid in self.co_owners if uid not in own)

    @property
    def secret(self) -> bool:
        return self.decision.secret

    @property
    def options(self) -> tuple[Option, ...]:
        return self.decision.options


@dataclass(frozen=True, slots=True)
class Turn:
    """Everything needed to announce a committed change (or the current position)."""

    match: MatchInfo
    moves: list[AppliedMove]
    pending: list[PendingDecision]
    view: dict[str, Any]  # engine.view(state, None): nothing secret
    result: Result | None
    sealed_answered: tuple[int, ...] = ()  # seats that answered the open sealed round
    undo_seat: int | None = None  # the seat whose owner may undo its last step (bot/movelog.py)
    co_seats: dict[int, tuple[int, ...]] = field(default_factory=dict)
    """seat -> every seat sharing it (``Engine.co_seats``), only for seats that share one."""

    @property
    def version(self) -> int:
        return self.match.version

    @property
    def finished(self) -> bool:
        return self.match.status == "finished"

    @property
    def secret_seats(self) -> list[int]:
        """Seats with a sealed decision open: ask them by DM."""
        return [p.seat for p in self.pending if p.decision.secret]

    def pending_for(self, user_id: int) -> PendingDecision | None:
        """The user's open decision: their own seat's, else one they co-own."""
        for pending in self.pending:
            if pending.user_id == user_id:
                return pending
        for pending in self.pending:
            if user_id in pending.co_owners:
                return pending
        return None

    def seats_with(self, seat: int) -> tuple[int, ...]:
        """``seat`` and the seats that share it (one side played by several seats), in the
        engine's order."""
        return self.co_seats.get(seat, (seat,))


@dataclass(slots=True)
class LoadedMatch:
    """A match's live state in memory, replaced only after a commit."""

    engine: Engine
    state: Any
    version: int
    seqs: dict[int, int]
    sealed_answered: set[int] = field(default_factory=set)
    undo_seat: int | None = None  # may undo its last step (worked out again after a reload)


# --- what the service's parts (deadlines, absence, language) rely on --------------------------
class ServiceCore(ABC):
    """The members of ``MatchService`` that its mixins use; ``MatchService`` (and, for
    ``_schedule`` and ``set_guild_defaults``, ``DeadlinesMixin``) implements them."""

    store: Storage
    clock: Callable[[], float]
    leases: Leases  # work claimed across processes (bot/leases.py)

    @abstractmethod
    def lock(self, match_id: int) -> asyncio.Lock:
        """The lock that serialises every change to one match."""

    @abstractmethod
    async def get_match(self, match_id: int) -> MatchInfo: ...

    @abstractmethod
    async def _loaded(self, info: MatchInfo) -> LoadedMatch:
        """The match's live state (cached, else read from storage)."""

    @abstractmethod
    def _refuse_unless_active(self, info: MatchInfo) -> None: ...

    @abstractmethod
    def _playing_seat(
        self, info: MatchInfo, user_id: int, *, not_seated: Msg = ..., taken_over: Msg = ...
    ) -> int:
        """The seat ``user_id`` plays in a running match, else refused (with these texts)."""

    @abstractmethod
    async def _apply(
        self, info: MatchInfo, loaded: LoadedMatch, seat: int, option_id: str, actor: str
    ) -> AppliedMove:
        """Apply one answer and commit it."""

    @abstractmethod
    def _ai_option(self, engine: Engine, state: Any, decision: Decision) -> str: ...

    @abstractmethod
    async def _ai_answer(
        self, info: MatchInfo, loaded: LoadedMatch, decision: Decision, level: str
    ) -> str:
        """The AI's answer at ``level``, searched off the event loop (bot/ai_runner.py)."""

    @abstractmethod
    async def _run_ai(self, info: MatchInfo, loaded: LoadedMatch) -> list[AppliedMove]: ...

    @abstractmethod
    async def _table_ai_level(self, match_id: int) -> str:
        """The level of the AI that plays for the table's absent players."""

    @abstractmethod
    def _turn(
        self, info: MatchInfo, loaded: LoadedMatch | None, moves: list[AppliedMove]
    ) -> Turn: ...

    @abstractmethod
    async def _schedule(self, match_id: int, loaded: LoadedMatch) -> MatchInfo:
        """After a commit: deadline rows for the newly posed decisions (``DeadlinesMixin``)."""

    @abstractmethod
    async def resume_ai(self, limit: int = 100) -> list[Turn]: ...

    @abstractmethod
    async def cancel(self, match_id: int, user_id: int, *, admin: bool = False) -> MatchInfo: ...

    @abstractmethod
    async def set_guild_setting(self, guild_id: int, key: str, value: str | None) -> None: ...

    @abstractmethod
    async def set_guild_defaults(
        self,
        guild_id: int,
        *,
        turn_time: str | None = None,
        on_timeout: str | None = None,
        ai_level: str | None = None,
    ) -> dict[str, Any]:
        """Change a guild's table defaults (``DeadlinesMixin``)."""
