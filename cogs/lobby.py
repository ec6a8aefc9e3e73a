"""``/game ...``: open a lobby, join, leave, add AI seats, start, cancel, list.

The lobby message carries Join / Leave / Add AI / Start / Cancel buttons whose custom ids
(``scarab:lobby:<match>:<action>``) hold all their state, so they survive restarts.
"""

from __future__ import annotations

import logging
import re
from typing import TYPE_CHECKING, Any

import discord
from discord import app_commands
from discord.ext import commands

import rules
from ai.levels import DEFAULT_LEVEL
from bot.errors import ServiceError, reason
from cogs.common import (
    ai_name,
    bot_of,
    clip,
    game_title,
    is_admin,
    lang_of,
    parse_table_options,
    refuse,
    reply,
)
from cogs.delivery import LOBBY, DeliveryFailed, open_match_thread
from cogs.guard import GuardedItem, remember_player
from cogs.ids import ID, parse_match_id
from cogs.table_options import (
    AI_LEVEL_CHOICES,
    ON_TIMEOUT_CHOICES,
    TURN_TIME_CHOICES,
    describe_timing,
)
from lang import ENGLISH, localise, t
from rules.text import msg

if TYPE_CHECKING:
    from bot.model import MatchInfo

log = logging.getLogger(__name__)

LOBBY_ACTIONS = ("join", "leave", "addbot", "start", "cancel")
STATUS_TEXT = {
    "lobby": msg("lobby"),
    "active": msg("active"),
    "finished": msg("finished"),
    "cancelled": msg("cancelled"),
}
# What a lobby command tells its caller once done.
DONE = {
    "join": msg("You joined match #{id}."),
    "leave": msg("You left match #{id}."),
    "addbot": msg("An AI joined match #{id}."),
    "cancel": msg("Match #{id} is cancelled."),
}


def status_text(status: str) -> str:
    return STATUS_TEXT.get(status, status)


# --------------------------------------------------------------------------- lobby message


def lobby_embed(info: MatchInfo, note: str = "", loc: str = ENGLISH) -> discord.Embed:
    """The lobby message, said in ``loc`` (the match's language: ``service.match_language``)."""
    title = game_title(info.game_id)
    lines = []
    entries = {e.seat: e for e in info.seats}
    for seat in range(info.seat_count):
        entry = entries.get(seat)
        if entry is None:
            lines.append(t(loc, "{n}. _open_", n=seat + 1))
        elif entry.is_ai:
            name = ai_name(entry.name, seat, entry.ai_level)
            lines.append(f"{seat + 1}. 🤖 {localise(name, loc)}")
        else:
            lines.append(f"{seat + 1}. <@{entry.user_id}>")
    embed = discord.Embed(
        title=t(loc, "{game} — lobby #{id}", game=title, id=info.id),
        description="\n".join(lines),
        colour=discord.Colour.blurple(),
    )
    embed.add_field(name=t(loc, "Host"), value=f"<@{info.host_id}>")
    options = describe_options(info.game_id, info.options, loc)
    if options:
        embed.add_field(
            name=t(loc, "Table options"), value=clip("\n".join(options), 1024), inline=False
        )
    if info.status != "lobby":
        embed.add_field(name=t(loc, "Status"), value=localise(status_text(info.status), loc))
    if note:
        embed.add_field(name="\u200b", value=clip(localise(note, loc), 1024), inline=False)
    embed.set_footer(text=t(loc, "Match {id} · /game join match:{id}", id=info.id))
    return embed


def describe_options(game_id: str, options: dict[str, str], loc: str = ENGLISH) -> list[str]:
    """``Short game (8 rounds): **on**`` for each table option, its name and value said in
    ``loc`` by the engine's labels (no raw ids)."""
    try:
        variants = {v.key: v for v in rules.get(game_id).variants}
    except Exception:
        variants = {}
    lines = []
    for key, value in options.items():
        variant = variants.get(key)
        if variant is None:
            continue  # an option this game no longer has: nothing a player could read
            continue
        mark = "" if value == variant.default else " ✱"
        name = localise(variant.choice_label(value), loc)
        lines.append(f"{localise(variant.label, loc)}: **{name}**{mark}")
    return lines


def lobby_view(info: MatchInfo, loc: str = ENGLISH) -> discord.ui.View | None:
    if info.status != "lobby":
        return None
    return lobby_buttons(info.id, loc)


def lobby_buttons(match_id: int, loc: str = ENGLISH) -> discord.ui.View:
    """The buttons under an open lobby (``lobby_view`` of a match still in its lobby)."""
    view = discord.ui.View(timeout=None)
    for action in LOBBY_ACTIONS:
        view.add_item(LobbyButton(match_id, action, loc))
    return view


_BUTTON_LOOK = {
    "join": (msg("Join"), discord.ButtonStyle.success),
    "leave": (msg("Leave"), discord.ButtonStyle.secondary),
    "addbot": (msg("Add AI"), discord.ButtonStyle.secondary),
    "start": (msg("Start"), discord.ButtonStyle.primary),
    "cancel": (msg("Cancel"), discord.ButtonStyle.danger),
}


class LobbyButton(
    GuardedItem,
    discord.ui.DynamicItem[discord.ui.Button],
    template=rf"scarab:lobby:(?P<match>{ID}):(?P<action>join|leave|addbot|start|cancel)",
):
    def __init__(self, match: int, action: str, loc: str = ENGLISH) -> None:
        self.match = match
        self.action = action
        label, style = _BUTTON_LOOK[action]
        super().__init__(
            discord.ui.Button(
                label=localise(label, loc), style=style, custom_id=f"scarab:lobby:{match}:{action}"
            )
        )

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction, item: discord.ui.Item[Any], match: re.Match[str], /
    ) -> LobbyButton:
        return cls(int(match["match"]), match["action"])

    async def run(self, interaction: discord.Interaction) -> None:
        if self.action == "start":
            await start_match(interaction, self.match)
            return
        await interaction.response.defer()
        try:
            info = await lobby_action(interaction, self.match, self.action)
        except ServiceError as exc:
            await refuse(interaction, reason(exc))
            return
        await update_lobby_message(interaction, info)
        if self.action == "cancel":
            await announce_cancel(interaction, info)


async def announce_cancel(interaction: discord.Interaction, info: MatchInfo) -> None:
    """A cancelled running match says so in its thread."""
    thread_id = info.thread_id
    if not thread_id:
        return
    bot = bot_of(interaction)
    loc = await bot.service.match_language(info.id)
    await bot.announcer.close_match(info, t(loc, "🛑 Match #{id} was cancelled.", id=info.id))
    channel = bot.get_partial_messageable(thread_id, guild_id=info.guild_id)
    try:
        await channel.send(
            t(
                loc,
                "🛑 Match #{id} was cancelled by {user}.",
                id=info.id,
                user=interaction.user.mention,
            )
        )
    except discord.HTTPException:
        log.warning("could not post the cancellation of match %s", info.id)


async def lobby_action(
    interaction: discord.Interaction, match: int, action: str, level: str = DEFAULT_LEVEL
) -> MatchInfo:
    """join / leave / addbot (at ``level``) / cancel through the service; raises
    ServiceError."""
    service = bot_of(interaction).service
    user = interaction.user.id
    if action == "join":
        await service.join(match, user)
        await remember_player(interaction, match)
        return await service.get_match(match)
    if action == "leave":
        return await service.leave(match, user)
    if action == "addbot":
        return await service.add_ai(match, user, level)
    if action == "cancel":
        return await service.cancel(match, user, admin=is_admin(interaction))
    raise ServiceError(msg("Unknown lobby action '{action}'.", action=action))


async def update_lobby_message(
    interaction: discord.Interaction, info: MatchInfo, note: str = ""
) -> None:
    """Redraw the lobby message (found through the service's message records)."""
    bot = bot_of(interaction)
    try:
        records = await bot.service.get_messages(info.id)
    except ServiceError:
        records = {}
    message_id = records.get(LOBBY)
    if message_id is None:
        return
    loc = await bot.service.match_language(info.id)
    channel = bot.get_partial_messageable(info.channel_id, guild_id=info.guild_id)
    try:
        await channel.get_partial_message(message_id).edit(
            embed=lobby_embed(info, note, loc), view=lobby_view(info, loc)
        )
    except discord.HTTPException:
        log.warning("could not update lobby message of match %s", info.id, exc_info=True)


# --------------------------------------------------------------------------- starting


async def start_match(interaction: discord.Interaction, match: int) -> None:
    """Start: the service deals the game, a thread opens on the lobby message, turn one."""
    bot = bot_of(interaction)
    service = bot.service
    await interaction.response.defer(ephemeral=True, thinking=True)
    try:
        turn = await service.start(match, interaction.user.id)
    except ServiceError as exc:
        await refuse(interaction, reason(exc))
        return
    info = turn.match
    # The start is committed with its announcement owed: should anything below fail or the
    # bot stop here, the outbox opens the thread and posts the first turn (issue 10).
    try:
        thread_id = await open_thread(interaction, info)
    except DeliveryFailed:
        log.warning("match %s: no thread yet; the outbox opens it", match)
        await bot.announcer.announce(turn)
        await reply(
            interaction, msg("Match #{id} started; its thread opens in a moment.", id=match)
        )
        return
    closed = await bot.announcer.probe_dms(info, info.human_ids, thread_id)
    loc = await service.match_language(match)
    intro = t(loc, "Match #{id} has started. Good luck!", id=match)
    if closed:
        names = ", ".join(f"<@{uid}>" for uid in closed)
        intro += "\n" + t(
            loc,
            "⚠️ I cannot DM {names} (DMs closed): sealed choices will use "
            "the **Choose privately** button here.",
            names=names,
        )
    await bot.announcer.announce(turn, thread_id=thread_id, intro=intro)
    await update_lobby_message(
        interaction, info, note=msg("Started: {thread}", thread=f"<#{thread_id}>")
    )
    await reply(
        interaction, msg("Match #{id} started in {thread}.", id=match, thread=f"<#{thread_id}>")
    )


async def open_thread(interaction: discord.Interaction, info: MatchInfo) -> int:
    """The match's thread, opened on the lobby message and stored (``open_match_thread``);
    raises ``DeliveryFailed`` when Discord cannot open it now."""
    return await open_match_thread(bot_of(interaction), info)


# --------------------------------------------------------------------------- lookups


async def find_match(
    interaction: discord.Interaction,
    raw: str | None,
    statuses: tuple[str, ...] = ("lobby", "active"),
) -> MatchInfo:
    """The match named by ``raw`` (an id, '#12' too) or the one of this channel/thread."""
    if interaction.guild_id is None:
        raise ServiceError(msg("Use this command in a server channel."))
    service = bot_of(interaction).service
    matches = await service.list_matches(interaction.guild_id, active_only=True)
    if raw:
        match_id = parse_match_id(raw)
        for info in matches:
            if info.id == match_id:
                return info
        raise ServiceError(msg("There is no open match #{id} in this server.", id=match_id))
    here = interaction.channel_id
    found = [m for m in matches if m.thread_id == here]
    if not found:
        found = [m for m in matches if m.channel_id == here and m.status in statuses]
    if len(found) == 1:
        return found[0]
    if not found:
        raise ServiceError(
            msg("No match here: use this in a match's thread or lobby channel, or give `match:`.")
        )
    ids = ", ".join(f"#{m.id}" for m in found)
    raise ServiceError(msg("Several matches here ({ids}): say which with `match:`.", ids=ids))


async def match_autocomplete(
    interaction: discord.Interaction, current: str
) -> list[app_commands.Choice[str]]:
    if interaction.guild_id is None:
        return []
    try:
        matches = await bot_of(interaction).service.list_matches(
            interaction.guild_id, active_only=True
        )
    except Exception:
        return []
    typed = current.strip().lstrip("#").lower()
    loc = await lang_of(interaction)
    choices = []
    for info in matches:
        label = t(
            loc,
            "#{id} {game} — {status}, {filled}/{seats} {seats:plural:seat|seats}",
            id=info.id,
            game=game_title(info.game_id),
            status=status_text(info.status),
            filled=len(info.seats),
            seats=info.seat_count,
        )
        if typed and typed not in label.lower():
            continue
        choices.append(app_commands.Choice(name=clip(label, 100), value=str(info.id)))
    return choices[:25]


async def game_autocomplete(
    interaction: discord.Interaction, current: str
) -> list[app_commands.Choice[str]]:
    typed = current.lower()
    loc = await lang_of(interaction)
    out = []
    for game_id, engine in sorted(rules.ENGINES.items()):
        label = t(
            loc,
            "{game} ({low}–{high} players)",
            game=engine.title,
            low=engine.min_players,
            high=engine.max_players,
        )
        if typed and typed not in label.lower() and typed not in game_id:
            continue
        out.append(app_commands.Choice(name=clip(label, 100), value=game_id))
    return out[:25]


async def options_autocomplete(
    interaction: discord.Interaction, current: str
) -> list[app_commands.Choice[str]]:
    """``key=value`` suggestions from the chosen game's table options (``engine.variants``);
    earlier comma-separated entries are kept, the last one is completed."""
    game = getattr(interaction.namespace, "game", None)
    engine = rules.ENGINES.get(game or "")
    if engine is None:
        return []
    head, _, last = current.rpartition(",")
    prefix = f"{head.strip()}, " if head.strip() else ""
    taken = {part.split("=", 1)[0].strip() for part in head.split(",") if "=" in part}
    typed = last.strip().lower()
    loc = await lang_of(interaction)
    out = []
    for variant in engine.variants:
        if variant.key in taken:
            continue
        for value in variant.choices:
            token = f"{variant.key}={value}"
            name = (
                t(loc, "{option}: {value} (default)", option=variant.label, value=value)
                if value == variant.default
                else f"{localise(variant.label, loc)}: {value}"
            )
            if typed and typed not in token.lower() and typed not in name.lower():
                continue
            full = prefix + token
            if len(full) > 100:
                continue
            shown = f"{prefix}{name}" if prefix else name
            out.append(app_commands.Choice(name=clip(shown, 100), value=full))
    return out[:25]


# --------------------------------------------------------------------------- the cog


class Lobby(commands.Cog):
    game = app_commands.Group(
        name="game", description="Open, join and start matches", guild_only=True
    )

    def __init__(self, bot: commands.Bot) -> None:
        self.bot = bot

    @game.command(name="new", description="Open a lobby for a new match in this channel")
    @app_commands.describe(
        game="Which game",
        seats="Number of seats (players + AI; default: the game's maximum)",
        options="Table options key=value, comma-separated: start typing for suggestions",
        turn_time="Time per decision (default: this server's, else 24 hours)",
        on_timeout="When a player's time runs out (default: the AI plays that decision)",
        ai_level="How well the AI plays for absent players (default: this server's, else normal)",
    )
    @app_commands.autocomplete(game=game_autocomplete, options=options_autocomplete)
    @app_commands.choices(
        turn_time=TURN_TIME_CHOICES, on_timeout=ON_TIMEOUT_CHOICES, ai_level=AI_LEVEL_CHOICES
    )
    async def new(
        self,
        interaction: discord.Interaction,
        game: str,
        seats: app_commands.Range[int, 1, 8] | None = None,
        options: str | None = None,
        turn_time: app_commands.Choice[str] | None = None,
        on_timeout: app_commands.Choice[str] | None = None,
        ai_level: app_commands.Choice[str] | None = None,
    ) -> None:
        service = bot_of(interaction).service
        if game not in rules.ENGINES:
            known = ", ".join(sorted(rules.ENGINES)) or msg("none")
            await refuse(
                interaction, msg("Unknown game '{game}'. Games: {known}.", game=game, known=known)
            )
            return
        try:
            table = parse_table_options(options)
        except ValueError as exc:
            await refuse(interaction, reason(exc))
            return
        if (
            not isinstance(interaction.channel, discord.abc.Messageable)
            or interaction.guild_id is None
        ):
            await refuse(interaction, msg("Open lobbies in a server channel."))
            return
        await interaction.response.defer(ephemeral=True, thinking=True)
        try:
            info = await service.create_lobby(
                interaction.guild_id,
                interaction.channel.id,
                interaction.user.id,
                game,
                seats,
                table,
                turn_time=turn_time.value if turn_time else None,
                on_timeout=on_timeout.value if on_timeout else None,
                language=await lang_of(interaction),
                ai_level=ai_level.value if ai_level else None,
            )
        except ServiceError as exc:
            await refuse(interaction, reason(exc))
            return
        await remember_player(interaction, info.id)  # the host's name on seat A
        loc = await service.match_language(info.id)
        try:
            message = await interaction.channel.send(
                embed=lobby_embed(info, loc=loc), view=lobby_buttons(info.id, loc)
            )
        except discord.HTTPException as exc:
            await refuse(
                interaction,
                msg("I cannot post in this channel ({error}).", error=exc.text or str(exc)),
            )
            return
        await service.set_message(info.id, LOBBY, message.id)
        timing = await describe_timing(service, info.id)
        if timing:
            await reply(
                interaction,
                msg(
                    "Lobby #{id} is open: press **Join** to sit down.\n{timing}",
                    id=info.id,
                    timing=timing,
                ),
            )
        else:
            await reply(
                interaction, msg("Lobby #{id} is open: press **Join** to sit down.", id=info.id)
            )

    @game.command(name="join", description="Take a seat in a lobby")
    @app_commands.describe(match="Match number (default: the lobby in this channel)")
    @app_commands.autocomplete(match=match_autocomplete)
    async def join(self, interaction: discord.Interaction, match: str | None = None) -> None:
        await self._lobby_command(interaction, match, "join")

    @game.command(name="leave", description="Give up your seat in a lobby")
    @app_commands.autocomplete(match=match_autocomplete)
    async def leave(self, interaction: discord.Interaction, match: str | None = None) -> None:
        await self._lobby_command(interaction, match, "leave")

    @game.command(name="addbot", description="Fill a seat of your lobby with an AI player")
    @app_commands.describe(level="How well the AI plays (default: normal)")
    @app_commands.autocomplete(match=match_autocomplete)
    @app_commands.choices(level=AI_LEVEL_CHOICES)
    async def addbot(
        self,
        interaction: discord.Interaction,
        match: str | None = None,
        level: app_commands.Choice[str] | None = None,
    ) -> None:
        await self._lobby_command(
            interaction, match, "addbot", level=level.value if level else DEFAULT_LEVEL
        )

    @game.command(name="cancel", description="Cancel your match (host or server admin)")
    @app_commands.autocomplete(match=match_autocomplete)
    async def cancel(self, interaction: discord.Interaction, match: str | None = None) -> None:
        await self._lobby_command(interaction, match, "cancel", statuses=("lobby", "active"))

    @game.command(name="abandon", description="Leave a running match: an AI takes your seat")
    @app_commands.autocomplete(match=match_autocomplete)
    async def abandon(self, interaction: discord.Interaction, match: str | None = None) -> None:
        bot = bot_of(interaction)
        try:
            info = await find_match(interaction, match, ("active",))
            await interaction.response.defer(ephemeral=True, thinking=True)
            turn = await bot.service.abandon(info.id, interaction.user.id)
        except ServiceError as exc:
            await refuse(interaction, reason(exc))
            return
        await reply(interaction, msg("You left match #{id}; an AI plays your seat.", id=info.id))
        thread_id = turn.match.thread_id
        if thread_id:
            channel = bot.get_partial_messageable(thread_id, guild_id=turn.match.guild_id)
            loc = await bot.service.match_language(info.id)
            try:
                await channel.send(
                    t(loc, "🤖 {user} left; an AI plays their seat.", user=interaction.user.mention)
                )
            except discord.HTTPException:
                log.warning("could not post the abandon of match %s", info.id)
        await bot.announcer.announce(turn)

    @game.command(name="start", description="Start your lobby's match (host)")
    @app_commands.autocomplete(match=match_autocomplete)
    async def start(self, interaction: discord.Interaction, match: str | None = None) -> None:
        try:
            info = await find_match(interaction, match, ("lobby",))
        except ServiceError as exc:
            await refuse(interaction, reason(exc))
            return
        await start_match(interaction, info.id)

    @game.command(name="list", description="Open lobbies and running matches in this server")
    async def list_matches(self, interaction: discord.Interaction) -> None:
        assert interaction.guild_id is not None  # /game is guild_only
        try:
            matches = await bot_of(interaction).service.list_matches(
                interaction.guild_id, active_only=True
            )
        except ServiceError as exc:
            await refuse(interaction, reason(exc))
            return
        if not matches:
            await reply(
                interaction, msg("No open lobbies or running matches. Start one with `/game new`.")
            )
            return
        loc = await lang_of(interaction)
        lines = []
        for info in matches[:20]:
            where = info.thread_id or info.channel_id
            lines.append(
                t(
                    loc,
                    "**#{id}** {game} — {status}, {filled}/{seats} {seats:plural:seat|seats}, in "
                    "{where}",
                    id=info.id,
                    game=game_title(info.game_id),
                    status=status_text(info.status),
                    filled=len(info.seats),
                    seats=info.seat_count,
                    where=f"<#{where}>",
                )
            )
        if len(matches) > 20:
            lines.append(t(loc, "… and {n} more.", n=len(matches) - 20))
        await reply(interaction, "\n".join(lines))

    async def _lobby_command(
        self,
        interaction: discord.Interaction,
        raw: str | None,
        action: str,
        statuses: tuple[str, ...] = ("lobby",),
        level: str = DEFAULT_LEVEL,
    ) -> None:
        try:
            info = await find_match(interaction, raw, statuses)
            await interaction.response.defer(ephemeral=True, thinking=True)
            info = await lobby_action(interaction, info.id, action, level)
        except ServiceError as exc:
            await refuse(interaction, reason(exc))
            return
        await update_lobby_message(interaction, info)
        if action == "cancel":
            await announce_cancel(interaction, info)
        await reply(interaction, msg(DONE[action].template, id=info.id))


async def setup(bot: commands.Bot) -> None:
    await bot.add_cog(Lobby(bot))
