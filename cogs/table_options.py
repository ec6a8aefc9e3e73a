"""Slash-command choices for the bot-level table options (bot/deadlines.py): the time per
decision, what happens when it runs out and the AI's level. Used by ``/game new``,
``/game addbot`` and ``/admin defaults``."""

from __future__ import annotations

from typing import Any

from discord import app_commands

from bot.deadlines import (
    AI_LEVEL_KEY,
    ON_TIMEOUT_KEY,
    TIMEOUT_LABELS,
    TURN_TIME_KEY,
    describe_turn_time,
)
from bot.model import AI_LEVEL_NAMES
from rules.text import msg

TURN_TIME_CHOICES = [
    app_commands.Choice(name="No time limit", value="none"),
    app_commands.Choice(name="1 hour", value="1h"),
    app_commands.Choice(name="12 hours", value="12h"),
    app_commands.Choice(name="24 hours", value="24h"),
    app_commands.Choice(name="72 hours", value="72h"),
]
ON_TIMEOUT_CHOICES = [
    app_commands.Choice(name="The AI plays that decision", value="ai_moves"),
    app_commands.Choice(name="The AI takes the seat for the rest of the match", value="takeover"),
]

AI_LEVEL_CHOICES = [
    app_commands.Choice(name="Easy", value="easy"),
    app_commands.Choice(name="Normal", value="normal"),
    app_commands.Choice(name="Hard", value="hard"),
]

TEXT_TIMING = msg(
    "Time per decision: **{time}**; when it runs out, {policy}.\n"
    "The AI that plays for absent players: **{level}**."
)


async def describe_timing(service: Any, match_id: int) -> str:
    """For the host: the table's time per decision, timeout rule and AI level (a ``Msg``; empty
    when the settings cannot be read)."""
    try:
        settings = await service.table_settings_of(match_id)
    except Exception:
        return ""
    return msg(
        TEXT_TIMING.template,
        time=describe_turn_time(settings[TURN_TIME_KEY]),
        policy=TIMEOUT_LABELS[settings[ON_TIMEOUT_KEY]],
        level=AI_LEVEL_NAMES[settings[AI_LEVEL_KEY]],
    )
