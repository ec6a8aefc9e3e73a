"""Playing: ``/play`` (autocomplete over your current options), ``/board``, ``/hand``, ``/log``.

Buttons and select menus on turn messages and DMs are the components in ``cogs.components``;
they go through the same ``service.submit`` path.
"""

from __future__ import annotations

import logging
from typing import TYPE_CHECKING, Any

import discord
from discord import app_commands
from discord.ext import commands

from bot.errors import ServiceError, reason
from bot.scope import check_scope
from cogs.common import (
    MAX_CONTENT,
    ai_name,
    board_file,
    board_names,
    bot_of,
    clip,
    game_title,
    lang_of,
    meta_text,
    panel_file,
    refuse,
    reply,
    seat_labels,
)
from cogs.guard import refusal, remember_player
from cogs.ids import match_here, parse_match_id
from cogs.lobby import match_autocomplete
from lang import localise, t
from rules.core import seat_marks
from rules.text import msg

if TYPE_CHECKING:
    from bot.model import MatchInfo

log = logging.getLogger(__name__)

MAX_CHOICES = 25


async def resolve_match(interaction: discord.Interaction, raw: str | None) -> MatchInfo:
    """The match for a play command: ``match:`` if given, else this thread's match, else the
    caller's only running match of this server (in a DM: of all their matches; the one
    waiting for them, if several run). A match of another server is refused (``bot.scope``)."""
    service = bot_of(interaction).service
    if raw:
        return await match_here(interaction, parse_match_id(raw))
    if interaction.channel_id is not None:
        info = await service.match_for_thread(interaction.channel_id)
        if info is not None:
            check_scope(info, guild_id=interaction.guild_id, user_id=interaction.user.id)
            return info
    here = interaction.guild_id  # in a server, only its matches; in a DM, all of yours
    mine = [
        m
        for m in await service.matches_for_user(interaction.user.id, active_only=True)
        if m.status == "active" and (here is None or m.guild_id == here)
    ]
    if len(mine) == 1:
        return mine[0]
    if not mine:
        raise ServiceError(
            msg("You have no running match here: use this in a match thread, or give `match:`.")
        )
    waiting = [m for m in mine if await service.pending_for(m.id, interaction.user.id)]
    if len(waiting) == 1:
        return waiting[0]
    ids = ", ".join(f"#{m.id}" for m in mine)
    raise ServiceError(
        msg("You play in several matches ({ids}): say which with `match:`.", ids=ids)
    )


def pick_option(choice: str, options: list[Any], loc: str | None = None) -> str:
    """Accept an option id, or a label typed in full (case-insensitive), in English or in
    the player's language ``loc``."""
    text = choice.strip()
    for opt in options:
        if opt.id == text:
            return opt.id
    for opt in options:
        labels = {opt.label.strip().lower(), localise(opt.label, loc).strip().lower()}
        if text.lower() in labels or opt.id.lower() == text.lower():
            return opt.id
    return text  # the service explains why it is not a current choice


def describe_private(
    private_view: dict[str, Any], public_view: dict[str, Any], loc: str | None = None
) -> list[str]:
    """What only this seat knows, as short text lines said in ``loc``: the view's ``summary``
    when the game gives one, else the parts of the private view that the public one lacks."""
    if "summary" in private_view:
        summary = private_view["summary"]
        if not summary:
            return [t(loc, "You hold nothing secret right now.")]
        return [f"• {localise(text, loc)}" for text in summary]
    lines = []
    for key, value in private_view.items():
        if key in public_view and public_view[key] == value:
            continue
        lines.append(f"**{key}**: {_short(value, loc)}")
    return lines


def _short(value: Any, loc: str | None = None) -> str:
    if isinstance(value, dict):
        parts = [f"{k}: {_short(v, loc)}" for k, v in value.items()]
        return clip("; ".join(parts), 600) if parts else "—"
    if isinstance(value, list | tuple):
        return clip(", ".join(_short(v, loc) for v in value), 600) if value else "—"
    if value is None:
        return "—"
    return localise(value, loc) if isinstance(value, str) else str(value)


class Play(commands.Cog):
    def __init__(self, bot: commands.Bot) -> None:
        self.bot = bot

    @app_commands.command(name="play", description="Answer your current decision")
    @app_commands.describe(
        choice="Start typing to filter your options",
        match="Match number (default: this thread's match)",
    )
    @app_commands.autocomplete(match=match_autocomplete)
    async def play(
        self, interaction: discord.Interaction, choice: str, match: str | None = None
    ) -> None:
        bot = bot_of(interaction)
        # The decision open when the command arrived, taken before anything else: like a
        # button's seq, it makes a repeated or late command "no longer current" instead of
        # answering the seat's next decision (issue 10).
        try:
            info = await resolve_match(interaction, match)
            await remember_player(interaction, info.id)
            pending = await bot.service.pending_for(info.id, interaction.user.id)
        except ServiceError as exc:
            await interaction.response.defer(ephemeral=True, thinking=True)
            await refuse(interaction, reason(exc))
            return
        await interaction.response.defer(ephemeral=True, thinking=True)
        loc = await lang_of(interaction)
        options = list(pending.decision.options) if pending else []
        option_id = pick_option(choice, options, loc)
        try:
            if pending is None:  # the service says why (not your turn, taken over, over...)
                turn = await bot.service.submit(info.id, interaction.user.id, option_id)
            else:
                turn = await bot.service.submit(
                    info.id,
                    interaction.user.id,
                    option_id,
                    decision_seq=pending.seq,
                    for_seat=pending.seat,
                )
        except ServiceError as exc:
            await refuse(interaction, await refusal(interaction, exc))
            return
        label = next((o.label for o in options if o.id == option_id), option_id)
        mine = next((m for m in turn.moves if m.actor == str(interaction.user.id)), None)
        if mine and mine.secret:
            await reply(interaction, msg("✅ Sealed: **{choice}**.", choice=label))
        else:
            await reply(interaction, msg("✅ Played: **{choice}**.", choice=label))
        await bot.announcer.announce(turn)

    @play.autocomplete("choice")
    async def choice_autocomplete(
        self, interaction: discord.Interaction, current: str
    ) -> list[app_commands.Choice[str]]:
        service = bot_of(interaction).service
        try:
            info = await resolve_match(interaction, getattr(interaction.namespace, "match", None))
            options = await service.options_for(info.id, interaction.user.id)
        except Exception:
            return []
        typed = current.strip().lower()
        loc = await lang_of(interaction)
        out = []
        for opt in options:
            said = localise(opt.label, loc)
            if (
                typed
                and typed not in said.lower()
                and typed not in opt.label.lower()
                and typed not in opt.id.lower()
            ):
                continue
            name = said if opt.label == opt.id else f"{said} ({opt.id})"
            out.append(app_commands.Choice(name=clip(name, 100), value=opt.id[:100]))
            if len(out) >= MAX_CHOICES:
                break
        return out

    @app_commands.command(name="board", description="Show the current board of a match")
    @app_commands.describe(
        public="Post it for everyone (default: only you see it)",
        match="Match number (default: this thread's match)",
    )
    @app_commands.autocomplete(match=match_autocomplete)
    async def board(
        self, interaction: discord.Interaction, public: bool = False, match: str | None = None
    ) -> None:
        service = bot_of(interaction).service
        try:
            # Which match first: a refusal is never posted for everyone (public:true).
            info = await resolve_match(interaction, match)
            await interaction.response.defer(ephemeral=not public, thinking=True)
            turn = await service.snapshot(info.id)
        except ServiceError as exc:
            await refuse(interaction, reason(exc))
            return
        # Posted for everyone: the match's language; else the caller's.
        loc = await service.match_language(info.id) if public else await lang_of(interaction)
        file = await board_file(
            info.game_id,
            board_names(info, turn.view, loc),
            locale=loc,
            meta=meta_text(info.id, turn.version),
        )
        waiting = ", ".join(
            sorted(
                {
                    f"<@{p.user_id}>"
                    if not p.is_ai
                    else localise(
                        ai_name(
                            getattr(info.seat_info(p.seat), "name", None),
                            p.seat,
                            getattr(info.seat_info(p.seat), "ai_level", None),
                        ),
                        loc,
                    )
                    for p in turn.pending
                    if not p.decision.advisory
                }
            )
        )  # proposals never hold up
        text = t(loc, "**{game} — match #{id}**", game=game_title(info.game_id), id=info.id)
        if waiting:
            text += "\n" + t(loc, "Waiting for: {names}", names=waiting)
        kwargs: dict[str, Any] = {"ephemeral": not public}
        if file is not None:
            kwargs["file"] = file
        else:
            text += "\n" + t(loc, "(The board image could not be drawn.)")
        await interaction.followup.send(clip(text, MAX_CONTENT), **kwargs)

    @app_commands.command(name="hand", description="Your private view of a match (only you)")
    @app_commands.describe(match="Match number (default: this thread's match)")
    @app_commands.autocomplete(match=match_autocomplete)
    async def hand(self, interaction: discord.Interaction, match: str | None = None) -> None:
        service = bot_of(interaction).service
        await interaction.response.defer(ephemeral=True, thinking=True)
        try:
            info = await resolve_match(interaction, match)
            private_view = await service.private_view(info.id, interaction.user.id)
            turn = await service.snapshot(info.id)
            pending = await service.pending_for(info.id, interaction.user.id)
        except ServiceError as exc:
            await refuse(interaction, reason(exc))
            return
        loc = await lang_of(interaction)
        lines = [
            t(
                loc,
                "**{game} — match #{id}** (only you see this)",
                game=game_title(info.game_id),
                id=info.id,
            )
        ]
        lines += describe_private(private_view, turn.view, loc)
        if pending is not None:
            lines.append(
                "\n" + t(loc, "**Your decision:** {prompt}", prompt=pending.decision.prompt)
            )
            for opt in pending.decision.options[:20]:
                lines.append(f"• {localise(opt.label, loc)} — `{opt.id}`")
            if len(pending.decision.options) > 20:
                lines.append(
                    t(loc, "… {n} more: use `/play`.", n=len(pending.decision.options) - 20)
                )
        else:
            lines.append("\n" + t(loc, "Nothing is waiting for your answer."))
        file = await panel_file(
            info.game_id, private_view, locale=loc, meta=meta_text(info.id, turn.version)
        )
        kwargs: dict[str, Any] = {"ephemeral": True}
        if file is not None:
            kwargs["file"] = file
        await interaction.followup.send(clip("\n".join(lines), MAX_CONTENT), **kwargs)

    @app_commands.command(name="log", description="Recent moves of a match")
    @app_commands.describe(
        n="How many events (default 10)", match="Match number (default: this thread's match)"
    )
    @app_commands.autocomplete(match=match_autocomplete)
    async def log_command(
        self,
        interaction: discord.Interaction,
        n: app_commands.Range[int, 1, 50] = 10,
        match: str | None = None,
    ) -> None:
        service = bot_of(interaction).service
        try:
            info = await resolve_match(interaction, match)
            texts = await service.log(info.id, n, user_id=interaction.user.id)
        except ServiceError as exc:
            await refuse(interaction, reason(exc))
            return
        if not texts:
            await reply(interaction, msg("Match #{id}: nothing has happened yet.", id=info.id))
            return
        loc = await lang_of(interaction)
        labels = seat_labels(info, await names_view(service, info))
        body = "\n".join(f"• {localise(text, loc, labels)}" for text in texts)
        head = t(loc, "**Match #{id} — last events**", id=info.id)
        await reply(interaction, clip(f"{head}\n{body}", MAX_CONTENT))


async def names_view(service: Any, info: Any) -> dict[str, Any]:
    """The public view that names the seats (``seat_marks``, ``seat_names``): the current
    position's, or the seats' marks alone when there is none."""
    try:
        return (await service.snapshot(info.id)).view
    except ServiceError:
        return {"seat_marks": seat_marks(info.seat_count)}


async def setup(bot: commands.Bot) -> None:
    await bot.add_cog(Play(bot))
