"""Posting a match's turns in its thread, game-agnostically.

Given a ``Turn`` from the service (after its commit), the ``Announcer`` keeps one live turn
message per match:

- a new turn (the seats to act changed) turns the previous message into a one-line summary and
  posts a new message: embed + board PNG, whose turn (mention), the moves just applied, and
  components for the open public decision — or, when several seats answer public decisions at
  the same time, one labelled menu per seat (up to Discord's 5 action rows; the rest use
  ``/play``); as those seats answer, the same message is edited;
- a further step of the same turn edits that message (text, components and pictures);
- every post and edit shows the position after the latest committed move: the board (the moves
  just made outlined, in every language) and the focus on the current decision, drawn once per
  delivery (never for the positions in between), each PNG stamped ``match=<id>;version=<n>``
  in its ``scarab`` chunk (``render.png_meta`` reads it back);
- sealed (secret) decisions are sent by DM with the seat's private panel; the thread shows
  who has answered and a "Choose privately" button for players whose DMs are closed.

Delivery is durable (issue 10): the service stores, in each move's transaction, the version a
match's thread owes (``Storage.get_announcement``); ``deliver`` brings the thread up to it from
storage and marks it done only after Discord accepted the post or edit, with the live message's
id and turn. Posts carry a nonce per version (Discord returns the first message for a repeated
nonce), each sealed decision's DM is recorded once per (match, seat, seq, user), and after a
restart the live turn is posted anew (a notification), never edited into an older message.
A failure leaves it owed: ``bot/outbox.py`` retries with backoff, at start-up and on every
deadline scan.
"""

from __future__ import annotations

import asyncio
import hashlib
import logging
from collections import defaultdict
from typing import TYPE_CHECKING, Any

import discord

from cogs.common import (
    MAX_CONTENT,
    ScarabClient,
    board_names,
    clip,
    files_of,
    game_title,
    meta_text,
    mover_seats,
    one_line,
    opening_events,
    panel_file,
    pictures,
    public_event_texts,
    score_unit,
    seat_labels,
    seat_name,
)
from cogs.components import MAX_ROWS, decision_view, menu_labels, sealed_view, seats_view
from cogs.delivery import LOBBY, DeliveryFailed, open_match_thread
from cogs.history import rematch_view, takeover_notes
from cogs.lobby import lobby_embed, lobby_view
from cogs.undo import add_undo_button
from lang import ENGLISH, localise, t
from rules.text import msg

if TYPE_CHECKING:
    from bot.model import AppliedMove, MatchInfo, PendingDecision, Turn

log = logging.getLogger(__name__)

TURN = "turn"  # message kind stored with service.set_message
ROSTER = "roster"  # the roster posted when the match starts (once)
ANNOUNCE_LEASE = "announce"  # lease "announce:<match>": one process delivers a match at a time
LEASE_SECONDS = 60.0  # a delivery whose process died is taken over after this long
LEASE_WAIT = 15.0  # seconds a delivery waits for another process's delivery of the match
EMBED_TEXT = 4000
FIELD_TEXT = 1024


def turn_key(decisions: list[PendingDecision]) -> tuple:
    """What identifies 'the same turn': the public seats to act, or one sealed round."""
    sealed = [d for d in decisions if d.secret]
    if sealed:
        return ("sealed", min(d.seq for d in sealed))
    return ("seats", tuple(sorted({d.seat for d in decisions})))


def highlight_of(turn: Turn) -> set[str]:
    """What the board should outline: the public moves just made, as option ids and their
    colon-separated tokens (``bid:thebes:6`` -> ``thebes``), per the notation convention,
    plus ``seat:<n>`` for each mover so per-player boards outline the right player."""
    marks: set[str] = set()
    for move in turn.moves:
        if not move.secret:
            marks.add(f"seat:{move.seat}")
            marks.add(move.option_id)
            marks.update(part for part in move.option_id.split(":") if part)
    return marks


def together(
    turn: Turn, seat: int, skip: set[int] | frozenset[int] = frozenset(), loc: str = ENGLISH
) -> str:
    """``seat``'s name with those of the seats sharing it (one side, ``Engine.co_seats``)
    that are not in ``skip``: "<@1> & <@3>" (said in ``loc``)."""
    seats = [seat] + [s for s in turn.seats_with(seat) if s != seat and s not in skip]
    return " & ".join(localise(seat_name(turn.match, s, turn.view), loc) for s in seats)


def turn_order(turn: Turn) -> list[int]:
    """The seats in the order they play: the public view's ``turn_order`` when the game gives
    one, else seat order; engine seats (a solo bot) included."""
    count = max(len(turn.view.get("seat_marks") or []), turn.match.seat_count)
    order = [s for s in turn.view.get("turn_order") or [] if isinstance(s, int) and s < count]
    return order + [s for s in range(count) if s not in order]


def roster_text(turn: Turn, loc: str = ENGLISH) -> str:
    """The roster posted when a match starts: one line per seat in turn order, "1. @carol —
    carol (C, green ▲)" (the mention pings each player once)."""
    info = turn.match
    lines = [t(loc, "👥 **Players** (in turn order):")]
    for place, seat in enumerate(turn_order(turn), start=1):
        entry = info.seat_info(seat)
        label = localise(seat_name(info, seat, turn.view), loc)
        if entry is not None and entry.user_id is not None:
            lines.append(f"{place}. <@{entry.user_id}> — {label}")
        else:
            lines.append(f"{place}. {label}")
    return clip("\n".join(lines), MAX_CONTENT)


def _key(raw: Any) -> tuple | None:
    """A stored turn key (JSON lists) as the tuple ``turn_key`` gives."""
    if raw is None:
        return None
    return tuple(tuple(part) if isinstance(part, list) else part for part in raw)


def post_nonce(match: int, version: int, kind: str = "t") -> str:
    """The nonce of a post (Discord keeps one message per nonce for a few minutes, so a post
    repeated after a crash between Discord's answer and our commit is not posted twice)."""
    return f"{kind}{match}v{version}"[:25]


def dm_nonce(match: int, seat: int, seq: int, user_id: int) -> str:
    digest = hashlib.sha1(f"{match}:{seat}:{seq}:{user_id}".encode()).hexdigest()
    return f"d{digest[:24]}"


class Announcer:
    """Delivers each match's announcement outbox (``Storage.get_announcement``): what the
    thread owes is stored with every move; it is marked done only after Discord accepted the
    post or edit, with the process that delivered it (``delivered_by``). In memory: only which
    matches this process delivered since it started (after a restart the live turn it showed
    is posted anew, never edited into an older message; another process's is continued)."""

    def __init__(self, bot: ScarabClient) -> None:
        self.bot = bot
        self._locks: defaultdict[int, asyncio.Lock] = defaultdict(asyncio.Lock)
        self._delivered: set[int] = set()  # matches delivered since this process started
        self.dm_closed: defaultdict[int, set[int]] = defaultdict(set)  # match -> user ids
        self._names: dict[int, str] = {}  # user id -> display name (the Undo button's label)
        self.on_failure: Any = None  # async (match_id) -> None: the outbox's backoff

    # ------------------------------------------------------------------ entry points

    async def announce(
        self, turn: Turn, *, thread_id: int | None = None, fresh: bool = False, intro: str = ""
    ) -> bool:
        """Deliver what ``turn``'s match thread owes, with ``turn`` (the caller's copy of the
        committed position) when it is what is owed. Never raises: a failure is left owed
        and retried with backoff. Returns whether the thread is up to date."""
        return await self.deliver(turn.match.id, hint=turn, thread_id=thread_id, intro=intro)

    async def deliver(
        self,
        match_id: int,
        *,
        hint: Turn | None = None,
        thread_id: int | None = None,
        intro: str = "",
    ) -> bool:
        """Bring the match's thread up to its stored version (the outbox worker's call).
        One process at a time delivers a match (its lease, bot/leases.py); when another keeps
        it, what is owed stays owed for the outbox."""
        leases = self.bot.service.leases
        async with (
            self._locks[match_id],
            leases.hold(f"{ANNOUNCE_LEASE}:{match_id}", LEASE_SECONDS, LEASE_WAIT) as lease,
        ):
            if lease is None:
                log.info("match %s: another process is delivering it", match_id)
                return False
            try:
                await self._deliver(match_id, hint, thread_id, intro, lease.taken_over)
            except Exception as exc:
                if isinstance(exc, DeliveryFailed | discord.HTTPException):
                    log.warning("announcing match %s failed (%s); it stays owed", match_id, exc)
                else:
                    log.exception("announcing match %s failed; it stays owed", match_id)
                if self.on_failure is not None:
                    try:
                        await self.on_failure(match_id)
                    except Exception:
                        log.exception("match %s: could not schedule a retry", match_id)
                return False
            return True

    async def close_match(self, info: MatchInfo, note: str) -> None:
        """A cancelled match: its live turn message loses its components and says why."""
        async with self._locks[info.id]:
            try:
                message_id = (await self.bot.service.get_messages(info.id)).get(TURN)
                if message_id is None or not info.thread_id:
                    return
                channel = self.bot.get_partial_messageable(info.thread_id, guild_id=info.guild_id)
                note = localise(note, await self.bot.service.match_language(info.id))
                await channel.get_partial_message(message_id).edit(
                    content=clip(note, MAX_CONTENT), embed=None, attachments=[], view=None
                )
            except Exception:
                log.warning("could not close the turn message of match %s", info.id, exc_info=True)

    async def probe_dms(self, info: MatchInfo, user_ids: list[int], thread_id: int) -> list[int]:
        """DM each player a start note; return who could not be reached (DMs closed)."""
        closed: list[int] = []
        for uid in user_ids:
            loc = await self.bot.service.dm_language(info.id, uid)
            text = t(
                loc,
                "🎲 Your **{game}** match #{id} has started in {thread}. Sealed "
                "choices will come here by DM.",
                game=game_title(info.game_id),
                id=info.id,
                thread=f"<#{thread_id}>",
            )
            if await self._dm(uid, text) is False:  # closed; a Discord failure is not
                closed.append(uid)
                self.dm_closed[info.id].add(uid)
        return closed

    # ------------------------------------------------------------------ the work

    async def _deliver(
        self,
        match: int,
        hint: Turn | None,
        thread_id: int | None,
        intro: str,
        cut_short: bool = False,
    ) -> None:
        """``cut_short``: a delivery of this match stopped midway (its process died) and may
        have left a post whose id was never stored."""
        service = self.bot.service
        store = service.store
        info = await service.get_match(match)
        if info.status == "lobby":
            return
        row = await store.get_announcement(match)
        if row is None:  # a match started before the outbox: its thread showed the past
            done = (hint.version - len(hint.moves)) if hint is not None else info.version
        else:
            done = row.version_done
        now = service.clock()
        if info.status == "cancelled" or done >= info.version:
            if row is not None and row.owed:  # nothing more to show (cancelled)
                await store.announcement_delivered(
                    match,
                    version=info.version,
                    channel_id=row.channel_id,
                    message_id=row.message_id,
                    turn_version=row.turn_version,
                    turn_key=row.turn_key,
                    now=now,
                    by=self.bot.service.leases.key,
                )
            elif (
                hint is not None
                and not hint.moves
                and hint.version == info.version
                and info.status == "active"
                and row is not None
                and row.message_id
                and row.channel_id
            ):
                await self._refresh(hint, row)  # seats changed hands: same position
            return
        first = list(range(max(done, 0) + 1, info.version + 1)) if hint is not None else None
        if (
            hint is not None
            and hint.version == info.version
            and [m.version for m in hint.moves] == first
        ):
            turn = hint
        else:
            turn = await service.announcement_turn(match, done)
        if done < 0 and not intro:
            intro = msg("Match #{id} has started. Good luck!", id=match)
        channel_id = thread_id or info.thread_id or await open_match_thread(self.bot, info)
        channel = self.bot.get_partial_messageable(channel_id, guild_id=info.guild_id)
        loc = await service.match_language(match)
        decisions = list(turn.pending)
        await self._close_dm_menus(turn)
        events = public_event_texts(turn)
        key = turn_key(decisions) if decisions else ("over",)
        sent = await store.dms_sent(match)
        self.dm_closed[match] |= {uid for (_, _, uid), closed in sent.items() if closed}
        old_id = live_key = turn_version = None
        if row is not None and row.message_id is not None and row.channel_id == channel_id:
            old_id, live_key, turn_version = row.message_id, _key(row.turn_key), row.turn_version
        elif row is None:
            old_id = (await service.get_messages(match)).get(TURN)
        earlier = []  # texts of the live turn's moves shown already
        if old_id is not None and turn_version is not None and turn_version < done:
            earlier = await service.public_texts(match, turn_version, done)
        restarted = cut_short or self._first_since_restart(match, row)

        if (
            not restarted
            and turn.result is None
            and old_id
            and live_key is not None
            and self._same_turn(live_key, key, turn)
        ):
            drawn = await self._pictures(turn, loc)  # the position after the latest move
            if await self._edit_turn(
                channel, old_id, turn, decisions, earlier + events, loc=loc, drawn=drawn
            ):
                await self._send_dms(turn, decisions, sent)
                await store.announcement_delivered(
                    match,
                    version=info.version,
                    channel_id=channel_id,
                    message_id=old_id,
                    turn_version=turn_version,
                    turn_key=list(key),
                    now=service.clock(),
                    by=service.leases.key,
                )
                return

        if old_id:
            await self._close_turn(channel, old_id, turn, live_key, earlier, loc=loc)
        if restarted and channel_id != info.channel_id:  # in the match's own thread
            await self._close_orphans(channel, old_id, loc)
        if done < 0:  # the first delivery: who is who, before the first turn post
            await self._post_roster(channel, turn, loc)
        new_id: int | None
        if turn.result is not None:
            new_id = await self._post_result(channel, turn, events, loc=loc)
        else:
            await self._send_dms(turn, decisions, sent)
            new_id = await self._post_turn(channel, turn, decisions, events, intro, loc=loc)
        await store.announcement_delivered(
            match,
            version=info.version,
            channel_id=channel_id,
            message_id=new_id,
            turn_version=info.version,
            turn_key=list(key),
            now=service.clock(),
            by=service.leases.key,
        )
        self._delivered.add(match)
        if turn.result is not None:
            self.dm_closed.pop(match, None)
        if done < 0:  # the first post: the lobby says so, even after a crash during Start
            await self._lobby_started(info, channel_id)

    def _first_since_restart(self, match: int, row: Any) -> bool:
        """Whether this process delivers ``match`` for the first time since it (re)started
        while its last delivery was this process's own, before the restart: the live turn is
        then posted anew. A delivery by another process is continued in place."""
        if match in self._delivered:
            return False
        by = row.delivered_by if row is not None else None
        return by is None or by == self.bot.service.leases.key

    async def _refresh(self, turn: Turn, row: Any) -> None:
        """Nothing new was committed but who answers changed (an abandon, a rejoin, a vote):
        the live message shows its owners, and a new owner of a sealed decision gets its DM."""
        service = self.bot.service
        match = turn.match.id
        channel = self.bot.get_partial_messageable(row.channel_id, guild_id=turn.match.guild_id)
        loc = await service.match_language(match)
        decisions = list(turn.pending)
        earlier = (
            await service.public_texts(match, row.turn_version, row.version_done)
            if row.turn_version is not None
            else []
        )
        sent = await service.store.dms_sent(match)
        if await self._edit_turn(channel, row.message_id, turn, decisions, earlier, loc=loc):
            await self._send_dms(turn, decisions, sent)
            await self._close_dm_menus(turn)

    async def _lobby_started(self, info: MatchInfo, thread_id: int) -> None:
        try:
            message_id = (await self.bot.service.get_messages(info.id)).get(LOBBY)
            if message_id is None:
                return
            info = await self.bot.service.get_match(info.id)
            loc = await self.bot.service.match_language(info.id)
            channel = self.bot.get_partial_messageable(info.channel_id, guild_id=info.guild_id)
            note = msg("Started: {thread}", thread=f"<#{thread_id}>")
            await channel.get_partial_message(message_id).edit(
                embed=lobby_embed(info, note, loc), view=lobby_view(info, loc)
            )
        except Exception:
            log.warning("could not update the lobby message of match %s", info.id, exc_info=True)

    async def _close_orphans(
        self, channel: discord.PartialMessageable, live_id: int | None, loc: str
    ) -> None:
        """After a restart: a turn post Discord accepted just before the process stopped,
        whose id was never stored, loses its components (it showed an older position)."""
        me = self.bot.user.id if self.bot.user else None
        after = discord.Object(id=live_id) if live_id else None
        try:
            async for message in channel.history(limit=25, after=after):
                if (
                    message.author.id == me
                    and message.components
                    and message.id != live_id
                    and message.content[:1] != "▸"
                ):
                    await message.edit(
                        content=f"▸ {t(loc, 'Turn over.')}", embed=None, attachments=[], view=None
                    )
        except (discord.Forbidden, discord.NotFound):
            log.warning("could not look for orphaned turn posts", exc_info=True)
        except discord.HTTPException as exc:
            raise DeliveryFailed(f"looking for orphaned turn posts: {exc}") from exc

    @staticmethod
    def _same_turn(known: tuple, key: tuple, turn: Turn) -> bool:
        """Whether ``turn`` continues the turn the live message shows (``known``)."""
        movers = mover_seats(turn)
        if known[0] == key[0] == "seats" and len(known[1]) > 1 and set(key[1]) < set(known[1]):
            # A simultaneous public step: some of its seats have answered.
            return all(seat in known[1] for seat in movers)
        if known != key:
            return False
        if key[0] == "seats":
            # Moves by seats outside this turn (e.g. AI seats in between) end it.
            return all(seat in key[1] for seat in movers)
        return True

    # ------------------------------------------------------------------ messages

    def _embed(
        self,
        turn: Turn,
        decisions: list[PendingDecision],
        events: list[str],
        intro: str = "",
        *,
        fresh_post: bool = True,
        loc: str = ENGLISH,
        due: dict[tuple[int, int], float] | None = None,
    ) -> discord.Embed:
        """The turn message's embed, said in ``loc`` (the match's language): where the game
        stands (the view's ``round_label``), every seat's score on one line, whose turn and
        until when (``due``: (seat, seq) -> time, shown as a Discord timestamp that every
        client says in its own language and time zone)."""
        info = turn.match
        due = due or {}
        labels = seat_labels(info, turn.view)
        lines: list[str] = []
        if intro:
            lines.append(localise(intro, loc))
        lines.extend(self._standing(turn, loc))
        public = [d for d in decisions if not d.secret]
        sealed = [d for d in decisions if d.secret]
        awaited = [d for d in public if not d.decision.advisory]
        if len(awaited) > 1:
            lines.append(
                t(
                    loc,
                    "**{n} players answer at the same time**, each with their own menu below:",
                    n=len(awaited),
                )
            )
        for d in public:
            who = together(turn, d.seat, loc=loc)
            prompt = localise(d.decision.prompt, loc, labels)
            if d.decision.advisory:  # a proposal never holds up the game: not a "Turn"
                lines.append(t(loc, "**May propose:** {who} — {prompt}", who=who, prompt=prompt))
            else:
                lines.append(t(loc, "**Turn:** {who} — {prompt}", who=who, prompt=prompt))
                if (d.seat, d.seq) in due:
                    lines.append(self._deadline(due[(d.seat, d.seq)], loc))
            if len(d.options) > 25:
                lines.append(
                    t(
                        loc,
                        "{n} choices: the menu shows the first 24; type `/play` to "
                        "search them all.",
                        n=len(d.options),
                    )
                )
        overflow = self._overflow(decisions)
        if overflow:
            names = ", ".join(localise(seat_name(info, d.seat, turn.view), loc) for d in overflow)
            lines.append(
                t(loc, "No room for more menus here: {names}, answer with `/play`.", names=names)
            )
        if sealed:
            lines.append(self._sealed_status(turn, sealed, loc))
            times = [due[(d.seat, d.seq)] for d in sealed if (d.seat, d.seq) in due]
            if times:
                lines.append(self._deadline(min(times), loc))
        embed = discord.Embed(
            title=t(loc, "{game} — match #{id}", game=game_title(info.game_id), id=info.id),
            description=clip("\n".join(lines), EMBED_TEXT),
            colour=discord.Colour.gold(),
        )
        history = events  # a further step of the turn passes the turn's texts so far
        if history:
            embed.add_field(
                name=t(loc, "Last moves"),
                value=clip(one_line(history[-8:], 1000, loc, labels), FIELD_TEXT),
                inline=False,
            )
        embed.set_footer(text=t(loc, "Match {id} · /play, /board, /hand, /log", id=info.id))
        return embed

    @staticmethod
    def _standing(turn: Turn, loc: str = ENGLISH) -> list[str]:
        """Where the game stands, from the public view's optional keys: the round and phase
        (``round_label``) and every seat's score on one line (``scores``)."""
        lines: list[str] = []
        label = turn.view.get("round_label")
        if label:
            lines.append(f"**{localise(label, loc)}**")
        scores = turn.view.get("scores")
        if scores:
            marks = " · ".join(
                f"{localise(seat_name(turn.match, seat, turn.view), loc)} {score}"
                for seat, score in enumerate(scores)
            )
            lines.append(
                t(loc, "Scores ({unit}): {marks}", unit=score_unit(turn.view), marks=marks)
            )
        return lines

    @staticmethod
    def _deadline(when: float, loc: str = ENGLISH) -> str:
        return t(loc, "⏰ Time runs out {when}", when=f"<t:{int(when)}:R>")

    async def _undo_name(self, turn: Turn) -> str | None:
        """The display name of the player who may undo now (the Undo button names them): from
        the cache, else asked of Discord once per process."""
        owner = turn.match.seat_info(turn.undo_seat) if turn.undo_seat is not None else None
        if owner is None or owner.user_id is None or owner.is_ai:
            return None
        return await self._display_name(turn, owner.user_id)

    async def _display_name(self, turn: Turn, uid: int) -> str | None:
        """A user's display name: from the cache, else asked of Discord once per process."""
        guild = self.bot.get_guild(turn.match.guild_id) if turn.match.guild_id else None
        person = (guild.get_member(uid) if guild else None) or self.bot.get_user(uid)
        if person is not None:
            return person.display_name
        if uid not in self._names:
            try:
                self._names[uid] = (await self.bot.fetch_user(uid)).display_name
            except discord.HTTPException:
                log.info("no display name for user %s", uid, exc_info=True)
                return None
        return self._names[uid]

    def _sealed_status(self, turn: Turn, sealed: list[PendingDecision], loc: str = ENGLISH) -> str:
        info = turn.match
        waiting = {d.seat for d in sealed if not d.decision.advisory}  # proposals never hold up
        seats = waiting | set(turn.sealed_answered)  # the service knows, even after a restart
        # A seat answering for seats that share it (``co_seats``) is shown with them.
        marks = [
            f"{'⏳' if seat in waiting else '✅'} {together(turn, seat, seats, loc)}"
            for seat in sorted(seats)
        ]
        text = t(loc, "🔒 **Sealed answers** — {marks}", marks=", ".join(marks))
        closed = [
            uid
            for uid in self.dm_closed.get(info.id, ())
            if any(uid in d.owner_ids for d in sealed)
        ]
        if closed:
            names = ", ".join(f"<@{uid}>" for uid in closed)
            text += "\n" + t(
                loc,
                "⚠️ I could not DM {names} (DMs closed): press **Choose "
                "privately** below to answer.",
                names=names,
            )
        else:
            text += "\n" + t(loc, "Answer in your DMs, or press **Choose privately**.")
        return text

    def _view(
        self,
        turn: Turn,
        decisions: list[PendingDecision],
        loc: str = ENGLISH,
        undo_name: str | None = None,
    ) -> discord.ui.View | None:
        info = turn.match
        public = [d for d in decisions if not d.secret]
        sealed = [d for d in decisions if d.secret]
        view: discord.ui.View | None
        if len(public) > 1:
            view, _ = seats_view(info, public, MAX_ROWS - bool(sealed), loc)
        else:
            labels = menu_labels(info, turn.view)
            view = decision_view(info.id, public[0], loc, labels) if public else None
        if sealed:
            private = sealed_view(info.id, min(d.seq for d in sealed), loc)
            if view is None:
                return add_undo_button(private, turn, loc, undo_name)
            for item in private.children:
                view.add_item(item)
        # issue 6: while the last mover may take it back
        return add_undo_button(view, turn, loc, undo_name)

    @staticmethod
    def _overflow(decisions: list[PendingDecision]) -> list[PendingDecision]:
        """Public decisions open at once that get no menu of their own (too many rows)."""
        public = [d for d in decisions if not d.secret]
        if len(public) <= 1:
            return []
        rows = MAX_ROWS - any(d.secret for d in decisions)
        fitted = [d for d in public if d.options][:rows]
        return [d for d in public if d not in fitted]

    def _mentions(self, turn: Turn, decisions: list[PendingDecision], loc: str = ENGLISH) -> str:
        owners: list[int] = []
        for d in decisions:  # every owner of each acting seat (co_seats: several)
            for uid in d.owner_ids:
                if uid not in owners:
                    owners.append(uid)
        if not owners:
            return ""
        who = ", ".join(f"<@{uid}>" for uid in owners)
        if all(d.secret for d in decisions):
            return t(loc, "{who}: your sealed answers, please.", who=who)
        return t(loc, "{who}: your turn.", who=who)

    async def _post_turn(
        self,
        channel: discord.PartialMessageable,
        turn: Turn,
        decisions: list[PendingDecision],
        events: list[str],
        intro: str,
        *,
        loc: str = ENGLISH,
    ) -> int | None:
        info = turn.match
        due = await self.bot.service.decision_deadlines(info.id)
        embed = self._embed(turn, decisions, events, intro, loc=loc, due=due)
        drawn = await self._pictures(turn, loc)
        kwargs: dict[str, Any] = {"embed": embed}
        if drawn:
            embed.set_image(url="attachment://board.png")
            kwargs["files"] = files_of(drawn)
        view = self._view(turn, decisions, loc, await self._undo_name(turn))
        if view is not None:
            kwargs["view"] = view
        content = self._mentions(turn, decisions, loc)
        try:
            message = await channel.send(
                content=content or None, nonce=post_nonce(info.id, info.version), **kwargs
            )
            if view is not None and not message.components:
                # Discord answered with our earlier post of this nonce, closed since as an
                # orphan of a crash: it becomes the live turn again.
                await message.edit(
                    content=content or None, embed=embed, view=view, attachments=files_of(drawn)
                )
        except discord.HTTPException as exc:
            raise DeliveryFailed(f"posting the turn of match {info.id}: {exc}") from exc
        return message.id

    async def _edit_turn(
        self,
        channel: discord.PartialMessageable,
        message_id: int,
        turn: Turn,
        decisions: list[PendingDecision],
        events: list[str],
        *,
        loc: str = ENGLISH,
        drawn: list[tuple[str, bytes]] | None = None,
    ) -> bool:
        """Edit the live turn message; ``drawn`` (the pictures of the position after the
        latest move) replaces its pictures, else (the same position) they stay."""
        due = await self.bot.service.decision_deadlines(turn.match.id)
        embed = self._embed(turn, decisions, events, fresh_post=False, loc=loc, due=due)
        embed.set_image(url="attachment://board.png")
        view = self._view(turn, decisions, loc, await self._undo_name(turn))
        kwargs: dict[str, Any] = {}
        if drawn:
            kwargs["attachments"] = files_of(drawn)
        try:
            await channel.get_partial_message(message_id).edit(
                content=self._mentions(turn, decisions, loc) or None,
                embed=embed,
                view=view,
                **kwargs,
            )
        except discord.NotFound:
            log.warning("turn message %s is gone; posting anew", message_id)
            return False
        except discord.HTTPException as exc:
            raise DeliveryFailed(f"editing turn message {message_id}: {exc}") from exc
        return True

    async def _close_turn(
        self,
        channel: discord.PartialMessageable,
        message_id: int,
        turn: Turn,
        old_key: tuple | None,
        earlier: list[str] | None = None,
        *,
        loc: str = ENGLISH,
    ) -> None:
        """The finished turn's message becomes one line: who moved and what happened
        (``earlier``: the texts it showed already)."""
        info = turn.match
        lines = list(earlier or []) + opening_events(turn)
        if old_key is None and turn.moves:  # after a restart: the seat that just moved
            old_key = ("sealed",) if turn.moves[0].secret else ("seats", (turn.moves[0].seat,))
        who = ""
        if old_key and old_key[0] == "sealed":
            who = t(loc, "Sealed answers")
        elif old_key and old_key[0] == "seats" and old_key[1]:
            who = ", ".join(localise(seat_name(info, seat, turn.view), loc) for seat in old_key[1])
        labels = seat_labels(info, turn.view)
        summary = one_line(lines, 1800, loc, labels) or t(loc, "Turn over.")
        if who:
            summary = f"{who}: {summary}"
        try:
            await channel.get_partial_message(message_id).edit(
                content=clip(f"▸ {summary}", MAX_CONTENT), embed=None, attachments=[], view=None
            )
        except discord.NotFound:
            log.warning("turn message %s is gone: nothing to summarise", message_id)
        except discord.HTTPException as exc:
            raise DeliveryFailed(f"summarising turn message {message_id}: {exc}") from exc

    async def _post_roster(
        self, channel: discord.PartialMessageable, turn: Turn, loc: str = ENGLISH
    ) -> None:
        """Who is who, posted once when the match starts: each seat in turn order with its
        player's mention and name, letter, colour and shape. Recorded as the match's
        ``roster`` message, so a re-delivery after a failure or a restart never posts it
        twice (and a nonce covers a crash between Discord's answer and the record)."""
        info = turn.match
        if ROSTER in await self.bot.service.get_messages(info.id):
            return
        try:
            message = await channel.send(
                content=roster_text(turn, loc), nonce=post_nonce(info.id, 0, "n")
            )
        except discord.HTTPException as exc:
            raise DeliveryFailed(f"posting the roster of match {info.id}: {exc}") from exc
        await self.bot.service.set_message(info.id, ROSTER, message.id, channel_id=channel.id)

    async def _post_result(
        self,
        channel: discord.PartialMessageable,
        turn: Turn,
        events: list[str],
        *,
        loc: str = ENGLISH,
    ) -> int:
        info = turn.match
        result = turn.result
        assert result is not None  # posted only for a finished match
        order = sorted(range(len(result.scores)), key=lambda s: (result.places[s], s))
        medals = {1: "🥇", 2: "🥈", 3: "🥉"}
        if not result.winners:  # nobody won: no places, each seat's score, highest first
            order = sorted(order, key=lambda s: -result.scores[s])
        lines = [
            f"{medals.get(result.places[s], f'{result.places[s]}.') if result.winners else '•'} "
            f"{localise(seat_name(info, s, turn.view), loc)} — "
            f"{localise(self._score(turn, result.scores[s]), loc)}"
            for s in order
        ]
        # what ended the game, what each card scored...
        labels = seat_labels(info, turn.view)
        lines.extend(localise(detail, loc, labels) for detail in result.details)
        for reason in result.tiebreaks:
            said = localise(reason, loc, labels)
            lines.append(t(loc, "_Tie-break: {reason}_", reason=said))
        # issue 6: flag absent players
        lines.extend(localise(note, loc) for note in await takeover_notes(self.bot, info))
        embed = discord.Embed(
            title=t(
                loc, "{game} — match #{id}: game over", game=game_title(info.game_id), id=info.id
            ),
            description=clip("\n".join(lines), EMBED_TEXT),
            colour=discord.Colour.green(),
        )
        breakdown = self._breakdown(turn, order, loc)
        if breakdown:
            embed.add_field(
                name=t(loc, "Score breakdown"),
                value=clip("\n".join(breakdown), FIELD_TEXT),
                inline=False,
            )
        if events:
            embed.add_field(
                name=t(loc, "Last moves"),
                value=clip(one_line(events[-8:], 1000, loc, labels), FIELD_TEXT),
                inline=False,
            )
        drawn = await self._pictures(turn, loc, focus=False)  # the final board
        kwargs: dict[str, Any] = {"embed": embed}
        if drawn:
            embed.set_image(url="attachment://board.png")
            kwargs["files"] = files_of(drawn)
        winners = [seat_name(info, s, turn.view) for s in order if result.places[s] == 1]
        verdict = (
            msg("{count:plural:Winner|Winners}: {names}", count=len(winners), names=winners)
            if winners
            else msg("Nobody wins.")
        )
        kwargs["view"] = rematch_view(info.id, loc)  # issue 6: same seats and options again
        content = t(loc, "🏁 Game over! {verdict}", verdict=verdict)
        try:
            message = await channel.send(
                content=content, nonce=post_nonce(info.id, info.version, "r"), **kwargs
            )
            if not message.components:  # our earlier post, closed since (see _post_turn)
                await message.edit(
                    content=content, embed=embed, view=kwargs["view"], attachments=files_of(drawn)
                )
        except discord.HTTPException as exc:
            raise DeliveryFailed(f"posting the result of match {info.id}: {exc}") from exc
        return message.id

    @staticmethod
    def _score(turn: Turn, score: int) -> str:
        """A seat's final score with what it counts: the game's unit, else points ("1 point")."""
        if turn.view.get("score_unit"):
            return msg("{n} {unit}", n=score, unit=score_unit(turn.view))
        return msg("{n} {n:plural:point|points}", n=score)

    @staticmethod
    def _breakdown(turn: Turn, order: list[int], loc: str = ENGLISH) -> list[str]:
        """One line per seat (in ``order``): its score by the game's scoring categories (the
        public view's ``score_breakdown``)."""
        parts = turn.view.get("score_breakdown") or []
        lines = []
        for seat in order:
            if seat < len(parts) and parts[seat]:
                said = " · ".join(
                    f"{localise(label, loc)} {points}" for label, points in parts[seat]
                )
                lines.append(f"{localise(seat_name(turn.match, seat, turn.view), loc)}: {said}")
        return lines

    async def _pictures(
        self, turn: Turn, loc: str = ENGLISH, *, focus: bool = True
    ) -> list[tuple[str, bytes]]:
        """The pictures of ``turn``'s position (after its latest move), drawn once per post
        or edit, in the match's language, the moves just made outlined, each PNG stamped with
        the match version it shows (``render.png_meta``)."""
        return await pictures(
            turn.match.game_id,
            board_names(turn.match, turn.view, loc),  # the players' names on the board
            highlight=sorted(highlight_of(turn)) or None,
            locale=loc,
            meta=meta_text(turn.match.id, turn.version),
            focus=focus,
        )

    # ------------------------------------------------------------------ direct messages

    async def _send_dms(
        self, turn: Turn, decisions: list[PendingDecision], sent: dict[tuple[int, int, int], bool]
    ) -> None:
        """DM each sealed decision to its owners once per (match, seat, decision seq): each
        DM Discord accepted (or refused for closed DMs) is stored, so a re-delivery after a
        failure or a restart sends only the missing ones."""
        info = turn.match
        for d in decisions:
            if not d.secret:
                continue
            # Every owner of the seat (co_seats: several): either may answer, the first
            # answer counts and the other's menu is no longer current.
            for uid in d.owner_ids:
                if (d.seat, d.seq, uid) in sent:
                    continue
                message = await self._send_dm(turn, d, uid)
                await self.bot.service.store.record_dm(
                    info.id,
                    d.seat,
                    d.seq,
                    uid,
                    message is None,
                    self.bot.service.clock(),
                    (message.channel.id, message.id) if message is not None else None,
                )
                sent[(d.seat, d.seq, uid)] = message is None

    async def _send_dm(self, turn: Turn, d: PendingDecision, uid: int) -> discord.Message | None:
        """Send one sealed decision's DM; None when the user's DMs are closed."""
        info = turn.match
        loc = await self.bot.service.dm_language(info.id, uid)
        try:
            private_view = await self.bot.service.private_view(info.id, uid)
        except Exception:
            log.exception("no private view for seat %s of match %s", d.seat, info.id)
            private_view = None
        file = (
            await panel_file(
                info.game_id, private_view, locale=loc, meta=meta_text(info.id, turn.version)
            )
            if private_view is not None
            else None
        )
        text = t(
            loc,
            "🔒 **{game} — match #{id}**: {prompt}",
            game=game_title(info.game_id),
            id=info.id,
            prompt=localise(d.decision.prompt, loc, seat_labels(info, turn.view)),
        )
        text += "\n" + (  # when the others learn the answer: the game's word, else the default
            localise(d.decision.reveal, loc)
            if d.decision.reveal
            else t(loc, "Your answer stays sealed until everyone has answered.")
        )
        if len(d.owner_ids) > 1:
            text += "\n" + t(
                loc,
                "You answer this together with {names}: the first answer counts.",
                names=together(turn, d.seat, loc=loc),
            )
        sent = await self._dm(
            uid,
            text,
            file=file,
            view=decision_view(info.id, d, loc, menu_labels(info, turn.view)),
            nonce=dm_nonce(info.id, d.seat, d.seq, uid),
            required=True,
        )
        if not sent:
            self.dm_closed[info.id].add(uid)
            return None
        return sent if isinstance(sent, discord.Message) else None

    async def _close_dm_menus(self, turn: Turn) -> None:
        """Each sealed DM menu whose decision is no longer open becomes a receipt saying who
        answered, in every owner's DM, whichever process delivered it (the menus live in
        ``dm_sent``): a co-owner answered it (``Engine.co_seats``), the answer came by
        ``/play`` or "Choose privately", or another seat's answer closed it. A menu answered
        from itself was settled by ``submit_choice`` with its own receipt. A failure is left
        for the next delivery."""
        store = self.bot.service.store
        match = turn.match.id
        still_open = {(d.seat, d.seq) for d in turn.pending}
        for menu in await store.open_dm_menus(match):
            if (menu.seat, menu.decision_seq) in still_open:
                continue
            answer = next((m for m in reversed(turn.moves) if m.seat == menu.seat), None)
            receipt = await self._dm_receipt(turn, answer, menu.user_id)
            channel = self.bot.get_partial_messageable(menu.channel_id)
            try:
                await channel.get_partial_message(menu.message_id).edit(
                    content=receipt, view=None, attachments=[], embed=None
                )
            except discord.NotFound:
                pass
            except discord.HTTPException:
                log.warning("could not close a DM menu of match %s", match, exc_info=True)
                continue
            await store.dm_menu_settled(match, menu.seat, menu.decision_seq, menu.user_id)

    async def _dm_receipt(self, turn: Turn, answer: AppliedMove | None, uid: int) -> str:
        """What a closed DM menu says to ``uid``: who answered it (or whose answer closed it)."""
        loc = await self.bot.service.dm_language(turn.match.id, uid)
        if answer is not None:
            return t(loc, "✅ Answered by {name}.", name=await self._mover_name(turn, answer, loc))
        if not turn.moves:
            return t(loc, "⏹ This question is no longer current.")
        names = [await self._mover_name(turn, move, loc) for move in turn.moves]
        return t(
            loc,
            "⏹ {names} answered: this question is closed.",
            names=", ".join(dict.fromkeys(names)),
        )

    async def _mover_name(self, turn: Turn, move: AppliedMove, loc: str) -> str:
        """Who made ``move``: the player's display name, else the seat's name."""
        if move.timed_out:
            return t(loc, "the AI, as time ran out")
        if move.actor.isdigit():
            name = await self._display_name(turn, int(move.actor))
            if name:
                return name
        return localise(seat_name(turn.match, move.seat, turn.view), loc)

    async def _dm(
        self, user_id: int, text: str, *, required: bool = False, **kwargs: Any
    ) -> discord.Message | bool | None:
        """The message when sent, False when the user's DMs are closed. Another failure is logged
        (None), or, when the DM is ``required`` (a sealed decision), raised as
        ``DeliveryFailed`` (sent later)."""
        kwargs = {k: v for k, v in kwargs.items() if v is not None}
        try:
            channel = await self.bot.create_dm(discord.Object(id=user_id))
            sent = await channel.send(clip(text, MAX_CONTENT), **kwargs)
        except discord.Forbidden:
            return False
        except discord.HTTPException as exc:
            if required:
                raise DeliveryFailed(f"a DM to {user_id}: {exc}") from exc
            log.warning("DM to %s failed", user_id, exc_info=True)
            return None
        return sent
