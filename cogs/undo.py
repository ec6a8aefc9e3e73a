"""The Undo button on a turn message (policy: bot/movelog.py).

Custom id ``scarab:undo:<match>:<version>``: the match version the button was posted at, so a
button left on an older message answers "no longer current". Only the owner of the seat that
just moved may press it; the service refuses everyone else with a clear reason.
"""

from __future__ import annotations

import logging
import re
from typing import TYPE_CHECKING, Any

import discord

from bot.errors import ServiceError, reason
from cogs.common import MAX_LABEL, bot_of, clip, refuse
from cogs.guard import GuardedItem
from cogs.ids import ID
from lang import localise
from rules.text import msg

if TYPE_CHECKING:
    from bot.model import Turn

log = logging.getLogger(__name__)

UNDO_LABEL = msg("Undo")
UNDONE_RECEIPT = msg("↩️ Step taken back.")


def undo_custom_id(match: int, version: int) -> str:
    return f"scarab:undo:{match}:{version}"


class UndoButton(
    GuardedItem,
    discord.ui.DynamicItem[discord.ui.Button],
    template=rf"scarab:undo:(?P<match>{ID}):(?P<version>{ID})",
):
    def __init__(
        self, match: int, version: int, locale: str | None = None, name: str | None = None
    ) -> None:
        self.match = match
        self.version = version
        # the button says whose move it takes back
        label = msg("Undo {name}'s move", name=name) if name else UNDO_LABEL
        super().__init__(
            discord.ui.Button(
                label=clip(localise(label, locale), MAX_LABEL),
                emoji="↩️",
                style=discord.ButtonStyle.secondary,
                custom_id=undo_custom_id(match, version),
            )
        )

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction, item: discord.ui.Item[Any], match: re.Match[str], /
    ) -> UndoButton:
        return cls(int(match["match"]), int(match["version"]))

    async def run(self, interaction: discord.Interaction) -> None:
        bot = bot_of(interaction)
        await interaction.response.defer()
        try:
            turn = await bot.service.undo(self.match, interaction.user.id, version=self.version)
        except ServiceError as exc:
            await refuse(interaction, reason(exc))
            return
        await bot.announcer.announce(turn)


def add_undo_button(
    view: discord.ui.View | None, turn: Turn, locale: str | None = None, name: str | None = None
) -> discord.ui.View | None:
    """Add the Undo button to a turn message's components while the seat that just moved may
    take its step back; leaves the view alone when it is full. ``locale``: the match's
    language (``service.match_language``), for the button's label; ``name``: the display name
    of the player whose move it takes back (the label names them)."""
    if turn.undo_seat is None or turn.result is not None:
        return view
    owner = turn.match.seat_info(turn.undo_seat)
    if owner is None or owner.is_ai:
        return view
    view = view if view is not None else discord.ui.View(timeout=None)
    try:
        view.add_item(UndoButton(turn.match.id, turn.match.version, locale, name))
    except ValueError:  # five full rows already
        log.info("no room for the Undo button on match %s", turn.match.id)
    return view
