"""Getting a match onto Discord: its thread, and ``DeliveryFailed`` for a post that Discord
refused for now (the outbox tries again later). Used by the announcer and the lobby."""

from __future__ import annotations

import logging
from typing import TYPE_CHECKING

import discord

from cogs.common import ScarabClient, clip, game_title
from lang import localise

if TYPE_CHECKING:
    from bot.model import MatchInfo

log = logging.getLogger(__name__)

LOBBY = "lobby"  # message kind of the lobby message (cogs/lobby.py), where the thread opens
THREAD_EXISTS = 160004  # "A thread has already been created for this message"


class DeliveryFailed(Exception):
    """Discord refused a post, edit or DM for now (5xx, 429, network): try again later."""


async def _fetched(bot: ScarabClient, channel_id: int) -> object | None:
    """A channel this process has not cached (its guild is another shard's): asked of Discord."""
    try:
        return await bot.fetch_channel(channel_id)
    except (discord.NotFound, discord.Forbidden):
        return None
    except discord.HTTPException as exc:
        raise DeliveryFailed(f"looking up channel {channel_id}: {exc}") from exc


async def open_match_thread(bot: ScarabClient, info: MatchInfo) -> int:
    """The match's thread, opened on the lobby message (or in the lobby's channel) and stored;
    inside a thread already, that thread. A message keeps one thread, whose id is the
    message's: opening it again after a crash finds the same thread."""
    if info.thread_id:
        return info.thread_id
    loc = await bot.service.match_language(info.id)
    name = clip(f"{localise(game_title(info.game_id), loc)} #{info.id}", 100)
    channel = bot.get_partial_messageable(info.channel_id, guild_id=info.guild_id)
    cached = bot.get_channel(info.channel_id) or await _fetched(bot, info.channel_id)
    thread_id = info.channel_id  # play in the lobby channel itself when no thread can open
    if isinstance(cached, discord.Thread):
        thread_id = cached.id
    else:
        lobby_id = (await bot.service.get_messages(info.id)).get(LOBBY)
        try:
            if lobby_id is not None:
                thread = await channel.get_partial_message(lobby_id).create_thread(
                    name=name, auto_archive_duration=10080
                )
                thread_id = thread.id
            elif isinstance(cached, discord.TextChannel):
                thread = await cached.create_thread(
                    name=name, type=discord.ChannelType.public_thread, auto_archive_duration=10080
                )
                thread_id = thread.id
        except discord.HTTPException as exc:
            if lobby_id is not None and exc.code == THREAD_EXISTS:
                thread_id = lobby_id  # opened before a crash: the thread has the message's id
            elif isinstance(exc, discord.Forbidden | discord.NotFound):
                log.warning("could not open a thread for match %s", info.id, exc_info=True)
            else:
                raise DeliveryFailed(f"opening the thread of match {info.id}") from exc
    await bot.service.set_thread(info.id, thread_id)
    return thread_id
