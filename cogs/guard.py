"""Every interaction gets an answer.

- ``GuardedItem``: the mixin of every Scarab ``DynamicItem``. Its ``interaction_check`` keeps a
  component to its match's server (``cogs.ids.match_here``: a forged or stale id, another
  server's match, a DM from a non-player are refused), and its ``callback`` runs the item's
  ``run`` and answers any failure (discord.py only logs a dynamic item's exceptions).
- The ``Guard`` cog installs the global app-command error handler (``CommandTree.on_error``):
  a refusal (``ServiceError``) is shown as such, anything else gets a short apology and is
  logged; and it answers component interactions whose custom id matches no Scarab template
  (a forged ``scarab:...`` id, or one from a kind of button that no longer exists), or that
  are no longer on their message (a press from a client that had not seen the edit yet).
"""

from __future__ import annotations

import logging
from collections.abc import Mapping
from typing import Any

import discord
from discord import app_commands
from discord.ext import commands

from bot.errors import NotYourTurn, ServiceError, reason
from bot.model import marked_seat
from cogs.common import NOT_CURRENT, refuse
from cogs.ids import match_here
from lang import ENGLISH, localise
from rules.text import msg

log = logging.getLogger(__name__)

APOLOGY = msg(
    "⚠️ Sorry, something went wrong and I could not do that. The error has been "
    "logged; please try again later."
)
SERVER_ONLY = msg("Use this command in a server channel.")


async def apologise(interaction: discord.Interaction) -> None:
    """The short apology for a failed interaction, in the user's language when it can be
    found; never raises."""
    try:
        locale = await interaction.client.service.language_for(  # type: ignore[attr-defined]
            interaction.user.id, interaction.locale
        )
    except Exception:
        locale = ENGLISH
    text = localise(APOLOGY, locale)
    try:
        if interaction.response.is_done():
            await interaction.followup.send(text, ephemeral=True)
        else:
            await interaction.response.send_message(text, ephemeral=True)
    except Exception:
        log.warning("could not apologise for interaction %s", interaction.id, exc_info=True)


async def player_name(interaction: discord.Interaction, user_id: int) -> str | None:
    """A player's display name: this server's member (cached, else fetched: the bot has no
    members intent), else the Discord user; None when Discord cannot say."""
    guild = interaction.guild
    try:
        if guild is not None:
            member = guild.get_member(user_id) or await guild.fetch_member(user_id)
            return member.display_name
        user = interaction.client.get_user(user_id) or await interaction.client.fetch_user(user_id)
        return user.display_name
    except discord.HTTPException:
        return None


async def remember_player(interaction: discord.Interaction, match: int) -> None:
    """Keep the caller's server display name on their seat (refreshed whenever they act in
    a server; a DM shows no server nickname). Never raises."""
    if interaction.guild_id is None:
        return
    service = getattr(interaction.client, "service", None)
    if service is not None:
        await service.remember_name(match, interaction.user.id, interaction.user.display_name)


async def refusal(interaction: discord.Interaction, error: ServiceError) -> str:
    """A refusal's text; "not your turn" names the awaited players by their display names
    (no mention) with their seat's letter, colour and shape, "carol (C, green ▲)", where
    Discord knows them (a game without seat marks: "carol (Seat 3)")."""
    if not isinstance(error, NotYourTurn):
        return reason(error)
    names: list[str] = []
    for index, (seat, user_id, label) in enumerate(error.waiting):
        name = await player_name(interaction, user_id) if user_id is not None else None
        mark = error.marks[index] if index < len(error.marks) else None
        if not name:
            names.append(label)
        elif mark:
            names.append(marked_seat(escape(name), mark))
        else:
            names.append(
                msg("{name} ({seat})", name=escape(name), seat=msg("Seat {n}", n=seat + 1))
            )
    return error.said(names)


def escape(name: str) -> str:
    """A display name said as written: no markdown, no mention."""
    return discord.utils.escape_mentions(discord.utils.escape_markdown(name))


async def answer_failure(interaction: discord.Interaction, error: BaseException) -> None:
    """A refusal is said as such; anything else is logged and apologised for."""
    if isinstance(error, ServiceError):
        try:
            await refuse(interaction, await refusal(interaction, error))
            return
        except Exception:
            log.exception("could not refuse interaction %s", interaction.id)
    else:
        log.error("interaction %s failed", interaction.id, exc_info=error)
    await apologise(interaction)


class GuardedItem:
    """Mixin (listed first) for Scarab's ``DynamicItem`` classes, which set ``match`` and
    define ``run(interaction)`` instead of ``callback``."""

    match: int

    async def interaction_check(self, interaction: discord.Interaction, /) -> bool:
        try:
            await match_here(interaction, self.match)
        except Exception as exc:
            await answer_failure(interaction, exc)
            return False
        await remember_player(interaction, self.match)
        return True

    async def callback(self, interaction: discord.Interaction) -> Any:
        try:
            await self.run(interaction)
        except Exception as exc:
            await answer_failure(interaction, exc)

    async def run(self, interaction: discord.Interaction) -> None:
        raise NotImplementedError


def unwrap(error: BaseException) -> BaseException:
    """The error a command raised, out of discord.py's wrapper."""
    if isinstance(error, app_commands.CommandInvokeError | app_commands.TransformerError):
        return error.__cause__ or getattr(error, "original", None) or error
    return error


class Guard(commands.Cog):
    def __init__(self, bot: commands.Bot) -> None:
        self.bot = bot
        self._previous_on_error: Any = None

    async def cog_load(self) -> None:
        tree = self.bot.tree
        self._previous_on_error = tree.on_error
        tree.on_error = self.on_app_command_error  # type: ignore[method-assign]

    async def cog_unload(self) -> None:
        if self._previous_on_error is not None:
            self.bot.tree.on_error = self._previous_on_error  # type: ignore[method-assign]

    async def on_app_command_error(
        self, interaction: discord.Interaction, error: app_commands.AppCommandError
    ) -> None:
        """The global handler: every failed slash command or autocomplete is answered."""
        if interaction.type is discord.InteractionType.autocomplete:
            log.error(
                "autocomplete of %s failed",
                getattr(interaction.command, "name", "?"),
                exc_info=unwrap(error),
            )
            if not interaction.response.is_done():
                try:
                    await interaction.response.autocomplete([])
                except discord.HTTPException:
                    pass
            return
        if isinstance(error, app_commands.NoPrivateMessage):
            await refuse(interaction, SERVER_ONLY)
            return
        await answer_failure(interaction, unwrap(error))

    @commands.Cog.listener()
    async def on_interaction(self, interaction: discord.Interaction) -> None:
        """A component whose custom id no Scarab item understands still gets an answer."""
        if interaction.type is not discord.InteractionType.component:
            return
        data: Mapping[str, object] = interaction.data or {}
        custom_id = str(data.get("custom_id", ""))
        items = getattr(self.bot, "dynamic_items", ())
        if any(
            item.__discord_ui_compiled_template__.fullmatch(custom_id) for item in items
        ) and on_message(interaction.message, custom_id):
            return  # the item answers (GuardedItem)
        # Unknown, or no longer on its message (pressed on a client that had not yet seen the
        # edit): discord.py drops such a press without a word, so answer it here.
        log.info("component with an unknown or outdated custom id %r", custom_id[:120])
        try:
            await refuse(interaction, NOT_CURRENT)
        except Exception:
            await apologise(interaction)


def on_message(message: discord.Message | None, custom_id: str) -> bool:
    """Whether ``message`` still carries a component with ``custom_id`` (discord.py dispatches
    a dynamic item only then)."""
    stack = list(message.components) if message is not None else []
    while stack:
        component = stack.pop()
        if getattr(component, "custom_id", None) == custom_id:
            return True
        stack.extend(getattr(component, "children", ()))
    return False


async def setup(bot: commands.Bot) -> None:
    await bot.add_cog(Guard(bot))
