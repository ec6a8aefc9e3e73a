"""Absent players: the deadline loop, reminders, ``/notify``, ``/game rejoin``, ``/game vote``.

The loop calls ``service.process_deadlines()`` every ``bot.deadline_interval`` seconds (and
once at start-up, which catches up on deadlines that passed while the bot was down); the
service's injected clock decides what is due, so tests drive it without waiting. Reminders
mention the player in the match thread and, if they opted in with ``/notify``, DM them; moves
the AI made for a late player go to the announcer like any other turn.

``/game rejoin`` and ``/game vote`` join the ``/game`` group of ``cogs.lobby`` (loaded first).
"""

from __future__ import annotations

import logging
from typing import TYPE_CHECKING, Any

import discord
from discord import app_commands
from discord.ext import commands, tasks

from bot.deadlines import Reminder, TimedOut, describe_duration, match_on_timeout
from bot.errors import ServiceError, reason
from cogs.common import MAX_CONTENT, ScarabClient, bot_of, clip, game_title, refuse, reply
from cogs.lobby import find_match, match_autocomplete
from lang import localise
from rules.text import Msg, msg

if TYPE_CHECKING:
    from bot.model import Turn

log = logging.getLogger(__name__)

DEFAULT_INTERVAL = 30.0  # seconds between two deadline scans

# What the AI does when the time runs out, as said in a reminder.
TEXT_THEN = {
    "ai_moves": msg("the AI plays that decision for you"),
    "takeover": msg("the AI takes your seat over for the rest of the match"),
}


def interval_of(bot: commands.Bot) -> float:
    return float(getattr(bot, "deadline_interval", None) or DEFAULT_INTERVAL)


async def post(
    bot: ScarabClient, thread_id: int | None, guild_id: int, text: str, locale: str | None = None
) -> bool:
    """Post in a match thread; a ``Msg`` is said in ``locale`` (the match's language)."""
    if not thread_id:
        return False
    channel = bot.get_partial_messageable(thread_id, guild_id=guild_id)
    try:
        await channel.send(
            clip(localise(text, locale), MAX_CONTENT),
            allowed_mentions=discord.AllowedMentions(users=True),
        )
    except discord.HTTPException:
        log.warning("could not post in thread %s", thread_id, exc_info=True)
        return False
    return True


async def send_dm(bot: ScarabClient, user_id: int, text: str, locale: str | None = None) -> bool:
    try:
        channel = await bot.create_dm(discord.Object(id=user_id))
        await channel.send(clip(localise(text, locale), MAX_CONTENT))
    except discord.HTTPException:
        log.info("reminder DM to %s failed", user_id)
        return False
    return True


def reminder_text(reminder: Reminder, then: Msg) -> Msg:
    """The reminder posted in the match thread (say it in the match's language)."""
    return msg(
        "⏰ {mention}: match #{id} is waiting for your decision ({prompt}). "
        "{left} left, until <t:{due}:f>; then {then}.",
        mention=f"<@{reminder.user_id}>",
        id=reminder.match.id,
        prompt=reminder.prompt,
        left=describe_duration(reminder.remaining),
        due=int(reminder.due_at),
        then=then,
    )


def reminder_dm_text(reminder: Reminder, then: Msg) -> Msg:
    """The reminder DM (say it in ``service.dm_language``)."""
    info = reminder.match
    return msg(
        "⏰ Your turn in **{title}** match #{id}{where}: {prompt}. {left} left, until "
        "<t:{due}:f>; then {then}.",
        title=game_title(info.game_id),
        id=info.id,
        where=f" (<#{info.thread_id}>)" if info.thread_id else "",
        prompt=reminder.prompt,
        left=describe_duration(reminder.remaining),
        due=int(reminder.due_at),
        then=then,
    )


def timeout_text(timeout: TimedOut) -> Msg:
    """What the match thread reads when a player ran out of time."""
    mention = f"<@{timeout.user_id}>"
    if timeout.taken_over:
        return msg(
            "⌛ {mention} ran out of time: the AI plays their seat for the rest of the "
            "match. `/game rejoin` takes it back.",
            mention=mention,
        )
    return msg(
        "⌛ {mention} ran out of time: the AI played that decision for them.", mention=mention
    )


class Absence(commands.Cog):
    def __init__(self, bot: ScarabClient) -> None:
        self.bot = bot
        self.deadline_loop.change_interval(seconds=interval_of(bot))

    async def cog_load(self) -> None:
        game = self.bot.tree.get_command("game")
        if isinstance(game, app_commands.Group):
            command: app_commands.Command[Any, ..., None]
            for command in (rejoin_command, vote_command):
                game.add_command(command, override=True)
        else:
            log.warning("no /game group: /game rejoin and /game vote are unavailable")
        self.deadline_loop.start()

    async def cog_unload(self) -> None:
        self.deadline_loop.cancel()

    # ------------------------------------------------------------------ the loop

    @tasks.loop(seconds=DEFAULT_INTERVAL)
    async def deadline_loop(self) -> None:
        try:
            await self.run_deadlines()
        except Exception:
            log.exception("the deadline loop failed; it runs again next time")

    @deadline_loop.before_loop
    async def _wait_ready(self) -> None:
        await self.bot.wait_until_ready()

    async def run_deadlines(self) -> None:
        """One scan: post reminders, say who timed out, announce the moves that followed."""
        report = await self.bot.service.process_deadlines()
        for reminder in report.reminders:
            await self.remind(reminder)
        notes: dict[int, list[TimedOut]] = {}
        for timeout in report.timeouts:
            notes.setdefault(timeout.match_id, []).append(timeout)
        for turn in report.turns:
            locale = await self.bot.service.match_language(turn.match.id)
            for timeout in notes.get(turn.match.id, ()):
                await post(
                    self.bot,
                    turn.match.thread_id,
                    turn.match.guild_id,
                    timeout_text(timeout),
                    locale,
                )
            await self.bot.announcer.announce(turn)
        if self.bot.outbox is not None:
            await self.bot.outbox.deliver_due()  # what failed earlier and is due again

    async def remind(self, reminder: Reminder) -> None:
        info = reminder.match
        settings = await self.bot.service.table_settings_of(info.id)
        then = TEXT_THEN[match_on_timeout(settings)]
        service = self.bot.service
        await post(
            self.bot,
            info.thread_id,
            info.guild_id,
            reminder_text(reminder, then),
            await service.match_language(info.id),
        )
        if await service.notify_enabled(reminder.user_id):
            await send_dm(
                self.bot,
                reminder.user_id,
                reminder_dm_text(reminder, then),
                await service.dm_language(info.id, reminder.user_id),
            )

    # ------------------------------------------------------------------ /notify

    @app_commands.command(
        name="notify", description="Get a DM reminder before your time per decision runs out"
    )
    @app_commands.describe(enabled="On: DM me reminders; off: only mention me in the thread")
    async def notify(self, interaction: discord.Interaction, enabled: bool = True) -> None:
        await bot_of(interaction).service.set_notify(interaction.user.id, enabled)
        if enabled:
            await reply(
                interaction, msg("🔔 You will get reminders by DM before your time runs out.")
            )
        else:
            await reply(
                interaction,
                msg("🔕 No more reminder DMs (you are still mentioned in the match thread)."),
            )


# ---------------------------------------------------------------------- /game rejoin, vote


async def _announce_after(interaction: discord.Interaction, turn: Turn, text: Msg) -> None:
    bot = bot_of(interaction)
    await post(
        bot,
        turn.match.thread_id,
        turn.match.guild_id,
        text,
        await bot.service.match_language(turn.match.id),
    )
    await bot.announcer.announce(turn)


@app_commands.command(name="rejoin", description="Take back your seat from the AI")
@app_commands.describe(match="Match number (default: this thread's match)")
@app_commands.autocomplete(match=match_autocomplete)
async def rejoin_command(interaction: discord.Interaction, match: str | None = None) -> None:
    service = bot_of(interaction).service
    try:
        info = await find_match(interaction, match, ("active",))
        await interaction.response.defer(ephemeral=True, thinking=True)
        turn = await service.rejoin(info.id, interaction.user.id)
    except ServiceError as exc:
        await refuse(interaction, reason(exc))
        return
    await reply(
        interaction, msg("You are back in match #{id}: your seat is yours again.", id=info.id)
    )
    await _announce_after(
        interaction,
        turn,
        msg("↩️ {mention} is back and plays their seat again.", mention=interaction.user.mention),
    )


@app_commands.command(name="vote", description="Vote to hand an absent player's seat to the AI")
@app_commands.describe(player="The absent player", match="Match number (default: this thread's)")
@app_commands.autocomplete(match=match_autocomplete)
async def vote_command(
    interaction: discord.Interaction, player: discord.User, match: str | None = None
) -> None:
    service = bot_of(interaction).service
    try:
        info = await find_match(interaction, match, ("active",))
        await interaction.response.defer(ephemeral=True, thinking=True)
        result = await service.vote_takeover(info.id, interaction.user.id, user_id=player.id)
    except ServiceError as exc:
        await refuse(interaction, reason(exc))
        return
    target = f"<@{player.id}>"
    if result.turn is not None:
        await reply(
            interaction, msg("The vote passed: the AI plays seat {seat} now.", seat=result.seat + 1)
        )
        await _announce_after(
            interaction,
            result.turn,
            msg(
                "🗳️ The players voted: the AI plays {target}'s seat for the "
                "rest of the match. `/game rejoin` takes it back.",
                target=target,
            ),
        )
        return
    await reply(
        interaction,
        msg(
            "Your vote to hand seat {seat} to the AI is counted ({votes} of {needed}).",
            seat=result.seat + 1,
            votes=result.votes,
            needed=result.needed,
        ),
    )
    bot = bot_of(interaction)
    await post(
        bot,
        info.thread_id,
        info.guild_id,
        msg(
            "🗳️ {voter} votes to hand {target}'s seat to the AI ({votes} of {needed} "
            "{needed:plural:vote|votes} needed).",
            voter=interaction.user.mention,
            target=target,
            votes=result.votes,
            needed=result.needed,
        ),
        await bot.service.match_language(info.id),
    )


async def setup(bot: commands.Bot) -> None:
    await bot.add_cog(Absence(bot))  # type: ignore[arg-type]
