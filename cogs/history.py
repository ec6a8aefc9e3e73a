"""History: ``/export`` (a finished match as a JSON file) and the end-of-match pieces the
announcer adds to its result post: the Rematch button (``scarab:rematch:<match>``, a
``DynamicItem``, so it works after a restart) and the take-over notes.

The work is in ``bot.export`` and ``bot.rematch``; this cog only talks to Discord.
"""

from __future__ import annotations

import io
import logging
import re
from typing import TYPE_CHECKING, Any

import discord
from discord import app_commands
from discord.ext import commands

import lang
from bot.errors import ServiceError, reason
from bot.export import export_match, to_bytes
from bot.rematch import REMATCH_KIND, open_rematch
from cogs.common import ScarabClient, bot_of, clip, game_title, lang_of, refuse, reply
from cogs.guard import GuardedItem
from cogs.ids import ID, parse_match_id
from cogs.lobby import LOBBY, lobby_buttons, lobby_embed
from rules.text import Msg, msg

if TYPE_CHECKING:
    from bot.model import MatchInfo

log = logging.getLogger(__name__)

REMATCH_LABEL = msg("Rematch")


# --------------------------------------------------------------------------- the result post


def rematch_view(match_id: int, locale: str | None = None) -> discord.ui.View:
    """The Rematch button under a result; ``locale``: the match's language."""
    view = discord.ui.View(timeout=None)
    view.add_item(RematchButton(match_id, locale))
    return view


async def takeover_notes(bot: ScarabClient, info: MatchInfo) -> list[Msg]:
    """One line per seat the AI took over from an absent player (flagged in the results);
    say them with ``lang.localise`` in the match's language."""
    try:
        taken = (await bot.service.store.taken_over_seats([info.id])).get(info.id, set())
    except Exception:
        log.exception("match %s: could not read the taken-over seats", info.id)
        return []
    notes = []
    for seat in sorted(taken):
        entry = info.seat_info(seat)
        if entry is not None and entry.user_id is not None:
            notes.append(
                msg(
                    "⚠️ {who}: the AI played this seat after its player ran out of "
                    "time; it counts as a loss for them.",
                    who=f"<@{entry.user_id}>",
                )
            )
    return notes


class RematchButton(
    GuardedItem,
    discord.ui.DynamicItem[discord.ui.Button],
    template=rf"scarab:rematch:(?P<match>{ID})",
):
    def __init__(self, match: int, locale: str | None = None) -> None:
        self.match = match
        super().__init__(
            discord.ui.Button(
                label=lang.localise(REMATCH_LABEL, locale),
                emoji="🔁",
                style=discord.ButtonStyle.primary,
                custom_id=f"scarab:rematch:{match}",
            )
        )

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction, item: discord.ui.Item[Any], match: re.Match[str], /
    ) -> RematchButton:
        return cls(int(match["match"]))

    async def run(self, interaction: discord.Interaction) -> None:
        await rematch(interaction, self.match)


async def rematch(interaction: discord.Interaction, match_id: int) -> None:
    """Open the rematch lobby in the old match's channel and point the thread at it."""
    bot = bot_of(interaction)
    service = bot.service
    await interaction.response.defer(ephemeral=True, thinking=True)
    try:
        info = await open_rematch(service, match_id, interaction.user.id)
    except ServiceError as exc:
        await refuse(interaction, reason(exc))
        return
    players = ", ".join(f"<@{uid}>" for uid in info.human_ids) or "—"
    channel = bot.get_partial_messageable(info.channel_id, guild_id=info.guild_id)
    public = await service.match_language(info.id)
    try:
        message = await channel.send(
            content=lang.t(
                public,
                "🔁 Rematch of match #{old}: {players}, same seats and "
                "options. The host starts it when everyone is ready.",
                old=match_id,
                players=players,
            ),
            embed=lobby_embed(info, loc=public),
            view=lobby_buttons(info.id, public),
        )
    except discord.HTTPException:
        log.exception("could not post the rematch lobby of match %s", match_id)
        await service.cancel(info.id, interaction.user.id)
        await service.clear_message(match_id, f"{REMATCH_KIND}{info.id}")
        await refuse(
            interaction,
            msg("I could not post the rematch lobby in <#{channel}>.", channel=info.channel_id),
        )
        return
    await service.set_message(info.id, LOBBY, message.id, channel_id=info.channel_id)
    await service.set_message(
        match_id, f"{REMATCH_KIND}{info.id}", message.id, channel_id=info.channel_id
    )
    old = await service.get_match(match_id)
    if old.thread_id and old.thread_id != info.channel_id:
        thread = bot.get_partial_messageable(old.thread_id, guild_id=old.guild_id)
        try:
            await thread.send(
                lang.t(
                    await service.match_language(match_id),
                    "🔁 {user} opened a rematch: lobby #{new} in <#{channel}>.",
                    user=interaction.user.mention,
                    new=info.id,
                    channel=info.channel_id,
                )
            )
        except discord.HTTPException:
            log.warning("could not announce the rematch in the thread of match %s", match_id)
    await reply(
        interaction,
        msg("Rematch lobby #{new} is open in <#{channel}>.", new=info.id, channel=info.channel_id),
    )


# --------------------------------------------------------------------------- /export


async def match_to_export(interaction: discord.Interaction, raw: str | None) -> int:
    """The match id named by ``match:`` (an id or '#12'), else this thread's match."""
    if raw:
        return parse_match_id(raw)
    if interaction.channel_id is not None:
        info = await bot_of(interaction).service.match_for_thread(interaction.channel_id)
        if info is not None:
            return info.id
    raise ServiceError(msg("Use this in a match's thread, or give `match:`."))


class History(commands.Cog):
    def __init__(self, bot: commands.Bot) -> None:
        self.bot = bot

    @app_commands.command(
        name="export", description="Download a finished match as JSON (seats, options, seed, moves)"
    )
    @app_commands.describe(match="Match number (default: this thread's match)")
    async def export(self, interaction: discord.Interaction, match: str | None = None) -> None:
        service = bot_of(interaction).service
        try:
            match_id = await match_to_export(interaction, match)
            await interaction.response.defer(ephemeral=True, thinking=True)
            data = await export_match(service, match_id, guild_id=interaction.guild_id)
        except ServiceError as exc:
            await refuse(interaction, reason(exc))
            return
        file = discord.File(io.BytesIO(to_bytes(data)), filename=f"scarab-match-{match_id}.json")
        text = lang.t(
            await lang_of(interaction),
            "**{title} — match #{id}**: seats, table options, seed and all {moves} "
            "moves. Replaying the log from the seed reproduces the match.",
            title=game_title(data["game"]),
            id=match_id,
            moves=len(data["moves"]),
        )
        await reply(interaction, clip(text, 2000), file=file)


async def setup(bot: commands.Bot) -> None:
    await bot.add_cog(History(bot))
