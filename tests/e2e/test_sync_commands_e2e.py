"""``python -m bot sync-commands`` registers the slash commands and exits; ``run --no-sync``
starts the bot without touching them (so only one process of several syncs)."""

from __future__ import annotations

import dataclasses

import discord.http

import bot.__main__ as entry
from bot.settings import load_settings
from cogs.client import create_bot
from tests.e2e.fakediscord import FakeDiscord


def settings_for(fake: FakeDiscord, tmp_path):
    return load_settings(
        {
            "DISCORD_TOKEN": "fake-token",
            "DATABASE": str(tmp_path / "scarab.sqlite3"),
            "DEV_GUILD_ID": str(fake.guild_id),
        }
    )


async def test_sync_commands_registers_them_and_returns(fake: FakeDiscord, tmp_path, monkeypatch):
    monkeypatch.setattr(discord.http.Route, "BASE", fake.api_base)
    assert fake.guild_commands.get(fake.guild_id, {}) == {}
    assert await entry._sync_commands(settings_for(fake, tmp_path)) == 0
    assert {"game", "log", "notify"} <= set(fake.guild_commands[fake.guild_id])


async def test_run_no_sync_leaves_the_commands_alone(fake: FakeDiscord, storage, tmp_path):
    settings = dataclasses.replace(settings_for(fake, tmp_path), sync_commands=False)
    async with fake.run_bot(create_bot(settings, storage)):
        pass
    assert fake.guild_commands.get(fake.guild_id, {}) == {}
    async with fake.run_bot(create_bot(dataclasses.replace(settings, sync_commands=True), storage)):
        pass
    assert "game" in fake.guild_commands[fake.guild_id]
