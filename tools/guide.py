"""Real turn posts for ``docs/guide/``: ``python -m tools.guide [--out DIR] [game ...]``.

For each game, a few moves are played through the real bot against the fake Discord of the
end-to-end tests (``tests/e2e/fakediscord.py``, driven by ``tests/e2e/table.py``): the players
answer with the engine's baseline AI choice, from the thread's buttons and menus or their DMs,
until a fixed number of moves is made and the open decision is a public one. The live turn
message is then written out as it was posted: ``turn-<game>-board.png`` and
``turn-<game>-focus.png`` (the attachments, byte for byte) and ``turn-<game>.md`` (its content,
embed and components). Seeds and the bot's clock are fixed, so the pages change only when the
bot's posts do. Needs the test dependencies (aiohttp); never imported by the bot.
"""

from __future__ import annotations

import argparse
import asyncio
import re
import tempfile
from dataclasses import dataclass
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

import rules
from bot.service import MatchService
from cogs.client import ScarabBot
from tests.e2e.fakediscord import FakeDiscord, FakeMessage
from tests.e2e.table import SEED, Table, delivered, open_lobby_of, start_lobby

OUT = Path(__file__).resolve().parent.parent / "docs" / "guide"
# game -> (seats, moves played before the post is taken)
GAMES: dict[str, tuple[int, int]] = {
    "tekhenu": (2, 30),
    "ankh": (3, 9),
    "amunre": (3, 4),
    "plagues": (3, 6),
}
NAMES = ("alice", "bob", "carol", "dan")
NOW = datetime(2026, 11, 26, 12, 0, tzinfo=UTC).timestamp()  # the bot's clock, fixed
MAX_EXTRA_MOVES = 40  # moves played on past ``moves`` looking for a public decision
BUTTON_STYLES = {1: "primary", 2: "secondary", 3: "success", 4: "danger", 5: "link"}


@dataclass
class Post:
    """The live turn message of one match, as Discord stored it."""

    game: str
    seats: int
    moves: int
    message: FakeMessage
    names: dict[int, str]  # user id -> name, to show mentions as Discord does

    def file(self, name: str) -> bytes | None:
        try:
            return self.message.file_bytes(name)
        except KeyError:
            return None


async def capture(game: str, workdir: Path, *, seats: int = 0, moves: int = 0) -> Post:
    """Play ``moves`` moves of ``game`` at a table of ``seats`` and read its live turn post."""
    seats = seats or GAMES[game][0]
    moves = moves or GAMES[game][1]
    async with FakeDiscord() as fake:
        users = [fake.add_user(name) for name in NAMES[:seats]]
        table = await Table.open(fake, game, users, workdir)
        service = MatchService(table.store, clock=lambda: NOW, seed_source=lambda: SEED)
        table.bot = ScarabBot(table.store, dev_guild_id=fake.guild_id, service=service)
        try:
            async with fake.run_bot(table.bot):
                lobby = await open_lobby_of(fake, game, users[0], *users[1:])
                table.read_lobby(lobby)
                await start_lobby(fake, users[0], lobby)
                await table.started()
                played = 0
                while True:
                    turn, _state = await table.position()
                    public = [p for p in turn.pending if not p.decision.secret]
                    if turn.result is not None or (played >= moves and public):
                        break
                    if played >= moves + MAX_EXTRA_MOVES:
                        break
                    await table.step()
                    played += 1
                _info, live = await delivered(table)
        finally:
            await table.store.close()
        if fake.errors:
            raise RuntimeError("the fake Discord raised:\n" + "\n".join(fake.errors))
        return Post(game, seats, played, live, {u.id: u.name for u in users})


def shown(text: str, names: dict[int, str]) -> str:
    """``text`` with user mentions as Discord shows them (``@alice``): the fake's user ids
    change from run to run."""
    return re.sub(r"<@!?(\d+)>", lambda m: "@" + names.get(int(m[1]), "someone"), text)


def quoted(text: str) -> list[str]:
    """``text`` as a Markdown block quote (Discord markdown left as posted)."""
    return [f"> {line}" if line else ">" for line in text.splitlines()] or [">"]


def component_lines(components: list[dict[str, Any]]) -> list[str]:
    lines: list[str] = []
    for row in components:
        for comp in row.get("components", [row]):
            kind = comp.get("type")
            if kind == 2:
                emoji = (comp.get("emoji") or {}).get("name") or ""
                label = " ".join(p for p in (emoji, comp.get("label") or "") if p)
                style = BUTTON_STYLES.get(comp.get("style", 2), "")
                off = ", disabled" if comp.get("disabled") else ""
                lines.append(f"- Button **{label}** ({style}{off})")
            elif kind == 3:
                options = comp.get("options") or []
                lines.append(f"- Menu *{comp.get('placeholder') or ''}* ({len(options)} entries):")
                for option in options:
                    about = f" — {option['description']}" if option.get("description") else ""
                    emoji = (option.get("emoji") or {}).get("name")
                    label = f"{emoji} {option['label']}" if emoji else option["label"]
                    lines.append(f"  - {label}{about}")
    return lines


def page(post: Post, pictures: list[tuple[str, str]]) -> str:
    """The Markdown page of a turn post: what Discord shows, in order."""
    message, names = post.message, post.names
    lines = [
        f"# A turn post: {rules.get(post.game).title}",
        "",
        f"Generated by `python -m tools.guide {post.game}`: a {post.seats}-seat match after "
        f"{post.moves} moves played through the real bot against the fake Discord of the "
        "end-to-end tests. The text is the message as posted (Discord markdown kept; a "
        "mention `<@id>` is shown as Discord shows it, `@alice`). See [README.md](README.md) "
        "for what each part means.",
        "",
    ]
    if message.content:
        lines += ["## Message", "", *quoted(shown(message.content, names)), ""]
    for embed in message.embeds:
        lines += ["## Embed", ""]
        if embed.get("title"):
            lines += [f"**{shown(embed['title'], names)}**", ""]
        if embed.get("description"):
            lines += [*quoted(shown(embed["description"], names)), ""]
        for field in embed.get("fields", []):
            lines += [f"*{field['name']}*", "", *quoted(shown(field["value"], names)), ""]
        image = (embed.get("image") or {}).get("url", "")
        if image.startswith("attachment://"):
            lines += [f"Image: `{image}`", ""]
        footer = (embed.get("footer") or {}).get("text")
        if footer:
            lines += [f"Footer: *{footer}*", ""]
    components = component_lines(message.components)
    if components:
        lines += ["## Buttons and menus", "", *components, ""]
    if pictures:
        lines += ["## Pictures", ""]
        for name, path in pictures:
            lines += [f"`{name}`:", "", f"![{name}]({path})", ""]
    return "\n".join(lines).rstrip() + "\n"


def write(post: Post, out: Path) -> list[Path]:
    """The post's pictures and page in ``out``; the paths written."""
    out.mkdir(parents=True, exist_ok=True)
    written: list[Path] = []
    pictures: list[tuple[str, str]] = []
    for name in ("board.png", "focus.png"):
        data = post.file(name)
        if data is None:
            continue
        path = out / f"turn-{post.game}-{name}"
        path.write_bytes(data)
        written.append(path)
        pictures.append((name, path.name))
    path = out / f"turn-{post.game}.md"
    path.write_text(page(post, pictures), encoding="utf-8")
    written.append(path)
    return written


async def main_async(games: list[str], out: Path) -> list[Path]:
    written: list[Path] = []
    for game in games:
        with tempfile.TemporaryDirectory() as work:
            post = await capture(game, Path(work))
        written += write(post, out)
    return written


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(prog="python -m tools.guide", description=__doc__)
    parser.add_argument("games", nargs="*", metavar="game", help=f"of {', '.join(GAMES)} (all)")
    parser.add_argument("--out", type=Path, default=OUT, help="where to write (docs/guide)")
    args = parser.parse_args(argv)
    unknown = [game for game in args.games if game not in GAMES]
    if unknown:
        parser.error(f"unknown game(s): {', '.join(unknown)}")
    for path in asyncio.run(main_async(args.games or list(GAMES), args.out)):
        print(f"{path}  {path.stat().st_size // 1024} KB")


if __name__ == "__main__":
    main()
