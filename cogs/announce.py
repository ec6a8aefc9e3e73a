"""Posting a match's turns in its thread, game-agnostically.

Given a ``Turn`` from the service (after its commit), the ``Announcer`` keeps one live turn
message per match:

- a new turn (the seats to act changed) turns the previous message into a one-line summary and
  posts a new message: embed + board PNG, whose turn (mention), the moves just applied, and
  components for the open public decision — or, when several seats answer public decisions at
  the same time, one labelled menu per seat (up to Discord's 5 action rows; the rest use
  ``/play``); as those seats answer, the same message is edited;
- a further step of the same turn edits that message (text and components; the board image
  stays, one image per turn post);
- sealed (secret) decisions are sent by DM with the seat's private panel; the thread shows
  who has answered and a "Choose privately" button for players whose DMs are closed.
"""

from __future__ import annotations

import asyncio
import io
import logging
from collections import defaultdict
from typing import TYPE_CHECKING, Any

import discord

from cogs.common import (
    MAX_CONTENT,
    board_file,
    clip,
    game_title,
    mover_seats,
    one_line,
    opening_events,
    panel_file,
    public_event_texts,
    score_unit,
    seat_name,
)
from cogs.components import MAX_ROWS, decision_view, sealed_view, seats_view
from cogs.history import rematch_view, takeover_notes
from cogs.undo import add_undo_button
from lang import ENGLISH, localise, t
from rules.text import msg

if TYPE_CHECKING:
    from bot.client import ScarabBot
    from bot.service import MatchInfo, PendingDecision, Turn

log = logging.getLogger(__name__)

TURN = "turn"  # message kind stored with service.set_message
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


def together(turn: Turn, seat: int, skip: set[int] | frozenset[int] = frozenset(),
             loc: str = ENGLISH) -> str:
    """``seat``'s name with those of the seats sharing it (a merged god's, ``Engine.co_seats``)
    that are not in ``skip``: "<@1> & <@3>" (said in ``loc``)."""
    seats = [seat] + [s for s in turn.seats_with(seat) if s != seat and s not in skip]
    return " & ".join(localise(seat_name(turn.match, s, turn.view), loc) for s in seats)


class Announcer:
    def __init__(self, bot: ScarabBot) -> None:
        self.bot = bot
        self._locks: defaultdict[int, asyncio.Lock] = defaultdict(asyncio.Lock)
        self._keys: dict[int, tuple] = {}          # match -> key of the live turn message
        self._lines: dict[int, list[str]] = {}      # match -> event texts of the live turn
        self._dm_sent: set[tuple[int, int, int, int]] = set()  # (match, seat, seq, user)
        self._versions: dict[int, int] = {}  # match -> version last shown
        self.dm_closed: defaultdict[int, set[int]] = defaultdict(set)  # match -> user ids

    # ------------------------------------------------------------------ entry points

    async def announce(self, turn: Turn, *, thread_id: int | None = None,
                       fresh: bool = False, intro: str = "") -> None:
        """Show ``turn`` in its match thread. Never raises: Discord errors are logged."""
        info = turn.match
        async with self._locks[info.id]:
            try:
                await self._announce(turn, thread_id or info.thread_id, fresh, intro)
            except Exception:
                log.exception("announcing match %s failed", info.id)

    async def close_match(self, info: MatchInfo, note: str) -> None:
        """A cancelled match: its live turn message loses its components and says why."""
        async with self._locks[info.id]:
            try:
                message_id = (await self.bot.service.get_messages(info.id)).get(TURN)
                if message_id is None or not info.thread_id:
                    return
                channel = self.bot.get_partial_messageable(info.thread_id,
                                                           guild_id=info.guild_id)
                note = localise(note, await self.bot.service.match_language(info.id))
                await channel.get_partial_message(message_id).edit(
                    content=clip(note, MAX_CONTENT), embed=None, attachments=[], view=None)
            except Exception:
                log.warning("could not close the turn message of match %s", info.id,
                            exc_info=True)

    async def probe_dms(self, info: MatchInfo, user_ids: list[int], thread_id: int) -> list[int]:
        """DM each player a start note; return who could not be reached (DMs closed)."""
        closed: list[int] = []
        for uid in user_ids:
            loc = await self.bot.service.dm_language(info.id, uid)
            text = t(loc, "🎲 Your **{game}** match #{id} has started in {thread}. Sealed "
                          "choices will come here by DM.", game=game_title(info.game_id),
                     id=info.id, thread=f"<#{thread_id}>")
            if not await self._dm(uid, text):
                closed.append(uid)
                self.dm_closed[info.id].add(uid)
        return closed

    # ------------------------------------------------------------------ the work

    async def _announce(self, turn: Turn, thread_id: int | None, fresh: bool,
                        intro: str) -> None:
        info = turn.match
        match = info.id
        if thread_id is None:
            log.info("match %s has no thread yet; nothing announced", match)
            return
        service = self.bot.service
        loc = await service.match_language(match)
        channel = self.bot.get_partial_messageable(thread_id, guild_id=info.guild_id)
        decisions = list(turn.pending)
        events = public_event_texts(turn)
        if info.version < self._versions.get(match, -1):
            # A newer position was shown already (two answers raced): keep only the words.
            self._lines.setdefault(match, []).extend(events)
            return
        self._versions[match] = info.version
        messages = await service.get_messages(match)
        old_id = None if fresh else messages.get(TURN)
        key = turn_key(decisions) if decisions else ("over",)

        if turn.result is None and old_id and self._same_turn(match, key, turn, decisions):
            known = match in self._keys
            lines = self._lines.setdefault(match, [])
            lines.extend(events)
            if await self._edit_turn(channel, old_id, turn, decisions, events, loc=loc):
                self._keys[match] = key
                # After a restart the DMs of this turn went out already: do not repeat them.
                await self._send_dms(turn, decisions, send=known)
                return
            del lines[len(lines) - len(events):]  # the summary below adds them again

        if old_id:
            await self._close_turn(channel, old_id, turn, self._keys.get(match), loc=loc)
        self._lines[match] = []
        self._keys[match] = key
        sealed = [d for d in decisions if d.secret]
        if turn.result is not None:
            await self._post_result(channel, turn, events, loc=loc)
            self._forget(match)
            return
        open_now = {(match, d.seat, d.seq) for d in sealed}
        self._dm_sent = {k for k in self._dm_sent if k[0] != match or k[:3] in open_now}
        await self._send_dms(turn, decisions, send=True)
        new_id = await self._post_turn(channel, turn, decisions, events, intro, loc=loc)
        if new_id is not None:
            await service.set_message(match, TURN, new_id)

    def _forget(self, match: int) -> None:
        """A finished match needs no bookkeeping (its lock stays: it may be held)."""
        for table in (self._keys, self._lines, self.dm_closed):
            table.pop(match, None)
        self._dm_sent = {k for k in self._dm_sent if k[0] != match}

    def _same_turn(self, match: int, key: tuple, turn: Turn,
                   decisions: list[PendingDecision]) -> bool:
        known = self._keys.get(match)
        movers = mover_seats(turn)
        if known is not None:
            if (known[0] == key[0] == "seats" and len(known[1]) > 1
                    and set(key[1]) < set(known[1])):
                # A simultaneous public step: some of its seats have answered.
                return all(seat in known[1] for seat in movers)
            if known != key:
                return False
            if key[0] == "seats":
                # Moves by seats outside this turn (e.g. AI seats in between) end it.
                return all(seat in key[1] for seat in movers)
            return True
        # After a restart we do not know the live message's turn: decide from the moves.
        if not movers:
            return True
        if key[0] == "sealed":
            # Same sealed round when the call began with a sealed answer, not a public move.
            return bool(turn.moves[0].secret)
        return all(seat in {d.seat for d in decisions} for seat in movers)

    # ------------------------------------------------------------------ messages

    def _embed(self, turn: Turn, decisions: list[PendingDecision], events: list[str],
               intro: str = "", *, fresh_post: bool = True, loc: str = ENGLISH
               ) -> discord.Embed:
        """The turn message's embed, said in ``loc`` (the match's language)."""
        info = turn.match
        lines: list[str] = []
        if intro:
            lines.append(localise(intro, loc))
        public = [d for d in decisions if not d.secret]
        sealed = [d for d in decisions if d.secret]
        if len(public) > 1:
            lines.append(t(loc, "**{n} players answer at the same time**, each with their own "
                                "menu below:", n=len(public)))
        for d in public:
            lines.append(t(loc, "**Turn:** {who} — {prompt}", who=together(turn, d.seat, loc=loc),
                           prompt=d.decision.prompt))
            if len(d.options) > 25:
                lines.append(t(loc, "{n} choices: the menu shows the first 24; type `/play` to "
                                    "search them all.", n=len(d.options)))
        overflow = self._overflow(decisions)
        if overflow:
            names = ", ".join(localise(seat_name(info, d.seat, turn.view), loc)
                              for d in overflow)
            lines.append(t(loc, "No room for more menus here: {names}, answer with `/play`.",
                           names=names))
        if sealed:
            lines.append(self._sealed_status(turn, sealed, loc))
        embed = discord.Embed(title=t(loc, "{game} — match #{id}", game=game_title(info.game_id),
                                      id=info.id),
                              description=clip("\n".join(lines), EMBED_TEXT),
                              colour=discord.Colour.gold())
        history = events if fresh_post else (self._lines.get(info.id) or events)
        if history:
            embed.add_field(name=t(loc, "Last moves"),
                            value=clip(one_line(history[-8:], 1000, loc), FIELD_TEXT),
                            inline=False)
        embed.set_footer(text=t(loc, "Match {id} · /play, /board, /hand, /log", id=info.id))
        return embed

    def _sealed_status(self, turn: Turn, sealed: list[PendingDecision],
                       loc: str = ENGLISH) -> str:
        info = turn.match
        waiting = {d.seat for d in sealed}
        seats = waiting | set(turn.sealed_answered)  # the service knows, even after a restart
        # A seat answering for seats that share it (a merged god) is shown with them.
        marks = [f"{'⏳' if seat in waiting else '✅'} {together(turn, seat, seats, loc)}"
                 for seat in sorted(seats)]
        text = t(loc, "🔒 **Sealed answers** — {marks}", marks=", ".join(marks))
        closed = [uid for uid in self.dm_closed.get(info.id, ())
                  if any(uid in d.owner_ids for d in sealed)]
        if closed:
            names = ", ".join(f"<@{uid}>" for uid in closed)
            text += "\n" + t(loc, "⚠️ I could not DM {names} (DMs closed): press **Choose "
                                  "privately** below to answer.", names=names)
        else:
            text += "\n" + t(loc, "Answer in your DMs, or press **Choose privately**.")
        return text

    def _view(self, turn: Turn, decisions: list[PendingDecision],
              loc: str = ENGLISH) -> discord.ui.View | None:
        info = turn.match
        public = [d for d in decisions if not d.secret]
        sealed = [d for d in decisions if d.secret]
        if len(public) > 1:
            view, _ = seats_view(info, public, MAX_ROWS - bool(sealed), loc)
        else:
            view = decision_view(info.id, public[0], loc) if public else None
        if sealed:
            private = sealed_view(info.id, min(d.seq for d in sealed), loc)
            if view is None:
                return add_undo_button(private, turn, loc)
            for item in private.children:
                view.add_item(item)
        # issue 6: while the last mover may take it back
        return add_undo_button(view, turn, loc)

    @staticmethod
    def _overflow(decisions: list[PendingDecision]) -> list[PendingDecision]:
        """Public decisions open at once that get no menu of their own (too many rows)."""
        public = [d for d in decisions if not d.secret]
        if len(public) <= 1:
            return []
        rows = MAX_ROWS - any(d.secret for d in decisions)
        fitted = [d for d in public if d.options][:rows]
        return [d for d in public if d not in fitted]

    def _mentions(self, turn: Turn, decisions: list[PendingDecision],
                  loc: str = ENGLISH) -> str:
        owners: list[int] = []
        for d in decisions:  # every owner of each acting seat (a merged god has two)
            for uid in d.owner_ids:
                if uid not in owners:
                    owners.append(uid)
        if not owners:
            return ""
        who = ", ".join(f"<@{uid}>" for uid in owners)
        if all(d.secret for d in decisions):
            return t(loc, "{who}: your sealed answers, please.", who=who)
        return t(loc, "{who}: your turn.", who=who)

    async def _post_turn(self, channel: discord.PartialMessageable, turn: Turn,
                         decisions: list[PendingDecision], events: list[str],
                         intro: str, *, loc: str = ENGLISH) -> int | None:
        info = turn.match
        embed = self._embed(turn, decisions, events, intro, loc=loc)
        file = await self._board(turn, loc)
        kwargs: dict[str, Any] = {"embed": embed}
        if file is not None:
            embed.set_image(url="attachment://board.png")
            kwargs["file"] = file
        view = self._view(turn, decisions, loc)
        if view is not None:
            kwargs["view"] = view
        content = self._mentions(turn, decisions, loc)
        try:
            message = await channel.send(content=content or None, **kwargs)
        except discord.HTTPException:
            log.exception("could not post the turn of match %s", info.id)
            return None
        return message.id

    async def _edit_turn(self, channel: discord.PartialMessageable, message_id: int, turn: Turn,
                         decisions: list[PendingDecision], events: list[str], *,
                         loc: str = ENGLISH) -> bool:
        embed = self._embed(turn, decisions, events, fresh_post=False, loc=loc)
        embed.set_image(url="attachment://board.png")  # keep the turn's board image
        view = self._view(turn, decisions, loc)
        try:
            await channel.get_partial_message(message_id).edit(
                content=self._mentions(turn, decisions, loc) or None, embed=embed, view=view)
        except discord.HTTPException:
            log.warning("could not edit turn message %s; posting anew", message_id)
            return False
        return True

    async def _close_turn(self, channel: discord.PartialMessageable, message_id: int, turn: Turn,
                          old_key: tuple | None, *, loc: str = ENGLISH) -> None:
        """The finished turn's message becomes one line: who moved and what happened."""
        info = turn.match
        lines = list(self._lines.get(info.id) or []) + opening_events(turn)
        if old_key is None and turn.moves:  # after a restart: the seat that just moved
            old_key = ("sealed",) if turn.moves[0].secret else ("seats", (turn.moves[0].seat,))
        who = ""
        if old_key and old_key[0] == "sealed":
            who = t(loc, "Sealed answers")
        elif old_key and old_key[0] == "seats" and old_key[1]:
            who = ", ".join(localise(seat_name(info, seat, turn.view), loc)
                            for seat in old_key[1])
        summary = one_line(lines, 1800, loc) or t(loc, "Turn over.")
        if who:
            summary = f"{who}: {summary}"
        try:
            await channel.get_partial_message(message_id).edit(
                content=clip(f"▸ {summary}", MAX_CONTENT), embed=None, attachments=[],
                view=None)
        except discord.HTTPException:
            log.warning("could not summarise turn message %s", message_id)

    async def _post_result(self, channel: discord.PartialMessageable, turn: Turn,
                           events: list[str], *, loc: str = ENGLISH) -> None:
        info = turn.match
        result = turn.result
        order = sorted(range(len(result.scores)), key=lambda s: (result.places[s], s))
        medals = {1: "🥇", 2: "🥈", 3: "🥉"} if result.winners else {}  # nobody won: no medals
        unit = localise(score_unit(turn.view), loc)
        lines = [f"{medals.get(result.places[s], f'{result.places[s]}.')} "
                 f"{localise(seat_name(info, s, turn.view), loc)} — {result.scores[s]} {unit}"
                 for s in order]
        # what ended the game, what each card scored...
        lines.extend(localise(detail, loc) for detail in result.details)
        for reason in result.tiebreaks:
            lines.append(t(loc, "_Tie-break: {reason}_", reason=reason))
        # issue 6: flag absent players
        lines.extend(localise(note, loc) for note in await takeover_notes(self.bot, info))
        embed = discord.Embed(title=t(loc, "{game} — match #{id}: game over",
                                      game=game_title(info.game_id), id=info.id),
                              description=clip("\n".join(lines), EMBED_TEXT),
                              colour=discord.Colour.green())
        if events:
            embed.add_field(name=t(loc, "Last moves"),
                            value=clip(one_line(events[-8:], 1000, loc), FIELD_TEXT),
                            inline=False)
        file = await self._board(turn, loc)
        kwargs: dict[str, Any] = {"embed": embed}
        if file is not None:
            embed.set_image(url="attachment://board.png")
            kwargs["file"] = file
        winners = [seat_name(info, s, turn.view) for s in order if result.places[s] == 1]
        verdict = msg("Winner: {names}", names=winners) if winners else msg("Nobody wins.")
        kwargs["view"] = rematch_view(info.id, loc)  # issue 6: same seats and options again
        try:
            message = await channel.send(content=t(loc, "🏁 Game over! {verdict}",
                                                   verdict=verdict), **kwargs)
        except discord.HTTPException:
            log.exception("could not post the result of match %s", info.id)
            return
        await self.bot.service.set_message(info.id, TURN, message.id)

    async def _board(self, turn: Turn, loc: str = ENGLISH) -> discord.File | None:
        """The board PNG in the match's language: the service's, when it rendered one in
        English, else drawn here."""
        if turn.image and loc == ENGLISH:
            return discord.File(io.BytesIO(turn.image), filename="board.png")
        return await board_file(turn.match.game_id, turn.view,
                                highlight=sorted(highlight_of(turn)) or None, locale=loc)

    # ------------------------------------------------------------------ direct messages

    async def _send_dms(self, turn: Turn, decisions: list[PendingDecision], *,
                        send: bool) -> None:
        info = turn.match
        for d in decisions:
            if not d.secret:
                continue
            # Every owner of the seat (a merged god has two): either may answer, the first
            # answer counts and the other's menu is no longer current.
            for uid in d.owner_ids:
                sent_key = (info.id, d.seat, d.seq, uid)
                if sent_key in self._dm_sent:
                    continue
                self._dm_sent.add(sent_key)
                if send:
                    await self._send_dm(turn, d, uid)

    async def _send_dm(self, turn: Turn, d: PendingDecision, uid: int) -> None:
        info = turn.match
        loc = await self.bot.service.dm_language(info.id, uid)
        try:
            private_view = await self.bot.service.private_view(info.id, uid)
        except Exception:
            log.exception("no private view for seat %s of match %s", d.seat, info.id)
            private_view = None
        file = (await panel_file(info.game_id, private_view, locale=loc)
                if private_view is not None else None)
        text = t(loc, "🔒 **{game} — match #{id}**: {prompt}\nYour answer stays sealed until "
                      "everyone has answered.", game=game_title(info.game_id), id=info.id,
                 prompt=d.decision.prompt)
        if len(d.owner_ids) > 1:
            text += "\n" + t(loc, "You answer this together with {names}: the first answer "
                                  "counts.", names=together(turn, d.seat, loc=loc))
        ok = await self._dm(uid, text, file=file, view=decision_view(info.id, d, loc))
        if not ok:
            self.dm_closed[info.id].add(uid)

    async def _dm(self, user_id: int, text: str, **kwargs: Any) -> bool:
        kwargs = {k: v for k, v in kwargs.items() if v is not None}
        try:
            channel = await self.bot.create_dm(discord.Object(id=user_id))
            await channel.send(clip(text, MAX_CONTENT), **kwargs)
        except discord.Forbidden:
            return False
        except discord.HTTPException:
            log.warning("DM to %s failed", user_id, exc_info=True)
            return False
        return True
