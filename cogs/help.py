"""``/help``: a short guide to Scarab's commands, in the reader's language."""

from __future__ import annotations

import discord
from discord import app_commands
from discord.ext import commands

import lang
import rules
from cogs.common import MAX_CONTENT, lang_of
from rules.text import msg

HELP = msg("""\
**Scarab** hosts play-by-chat matches of Egyptian board games. Each match plays in its own thread.

**Tables**
• `/game new game seats [options]` — open a lobby here (options like `key=value,key=value`)
• `/game join` · `/game leave` — take or give up a seat (or press the lobby's buttons)
• `/game addbot [level]` — the host fills a seat with an AI player (easy, normal or hard)
• `/game start` — the host deals the game; a thread opens for it
• `/game cancel` — the host (or an admin) ends a match · `/game abandon` — hand your seat to the AI
• `/game list` — open lobbies and running matches

**Playing**
• Press the buttons or pick from the menu on the turn message.
• `/play choice` — answer by typing: autocomplete lists your current options.
• Sealed choices (bids, offerings…) come by DM. DMs closed? Press **Choose privately**.
• `/board` — the current board · `/hand` — your private view (only you) · `/log` — recent moves
• **Undo** takes back your own steps until another seat acts (not a roll, a draw or a sealed answer)
• `/rules game [topic]` — a game's turn structure, actions and scoring

**History and stats**
• `/export` — a finished match as JSON (seats, options, seed, moves) that replays it
• **Rematch** (under the result) — a new lobby with the same seats and options
• `/stats [user]` · `/leaderboard game` — played, wins, average score, Elo rating (per game; \
human duels only; a seat the AI took over is a loss)

**Absent players**
• `/notify` — DM reminders before your time to answer runs out
• `/game vote player` — vote to hand an absent player's seat to the AI · `/game rejoin` — take \
your seat back
• `/admin` — server admins: cancel, remove a player, table defaults, log

Only a seat's owner can answer its decision; anyone may watch.""")


def help_text(locale: str | None) -> str:
    """The guide in ``locale``, with the games this Scarab hosts (under 2000 characters)."""
    games = [
        lang.msg(
            "{title} (`{gid}`, {low}–{high})",
            title=e.title,
            gid=gid,
            low=e.min_players,
            high=e.max_players,
        )
        for gid, e in sorted(rules.ENGINES.items())
    ]
    if not games:
        return lang.localise(HELP, locale)
    return lang.t(locale, "{help}\n\n**Games:** {games}", help=HELP, games=games)


class Help(commands.Cog):
    def __init__(self, bot: commands.Bot) -> None:
        self.bot = bot

    @app_commands.command(name="help", description="How to play with Scarab")
    async def help(self, interaction: discord.Interaction) -> None:
        text = help_text(await lang_of(interaction))
        await interaction.response.send_message(text[:MAX_CONTENT], ephemeral=True)


async def setup(bot: commands.Bot) -> None:
    await bot.add_cog(Help(bot))
