"""Players are people, not "Seat 3" (issue 12, item 3), through Discord.

Three players (carol's account name differs from her server nickname; bob's name has an emoji)
play a whole 10 Plagues match with ``/play`` in English and in pt-BR. The roster is posted once
when the match starts (mention, name, letter, colour, shape, in turn order); prompts and the
last moves of turn posts, ``/log`` and the result post name each player with their seat's
letter, colour and shape: "carol (C, green ▲)". A nickname changed mid-match is refreshed when
the player acts.
"""

from __future__ import annotations

import asyncio
from typing import Any

import pytest

import lang
from cogs.announce import ROSTER
from tests.e2e.fakediscord import FakeDiscord, FakeMessage
from tests.e2e.table import MATCH_TIMEOUT, Table, delivered

COLOURS = {"en": "green", "pt-BR": "verde"}


def label(name: str, letter: str, colour: str, shape: str) -> str:
    return f"{name} ({letter}, {colour} {shape})"


def shown(message: FakeMessage) -> str:
    """Every text of a message: content, embed description and fields."""
    parts = [message.content]
    for embed in message.embeds:
        parts.append(embed.get("description") or "")
        parts += [f"{f['name']}\n{f['value']}" for f in embed.get("fields", [])]
    return "\n".join(parts)


async def play_to_the_end(table: Table, locale: str | None, seen: list[str]) -> FakeMessage:
    """Each human answers with the engine's AI choice until the game ends; every live post's
    text is kept in ``seen``. Returns the result post."""
    fake, service = table.fake, table.bot.service
    while True:
        _info, live = await delivered(table)
        seen.append(shown(live))
        turn = await service.snapshot(table.match_id)
        if turn.result is not None:
            return live
        state = table.engine.load((await table.store.get_snapshot(table.match_id)).state)
        pending = next(p for p in turn.pending if p.user_id is not None)
        option = table.engine.ai_choice(state, pending.seat)
        r = await fake.slash(
            table.user(pending.user_id),
            "play",
            {"choice": option},
            channel=table.thread_id,
            locale=locale,
        )
        after = (await service.get_match(table.match_id)).version
        assert after > turn.version, f"{option!r} was not applied: {r.text}"
        table.actions += 1


async def start(table: Table, locale: str | None) -> None:
    fake, host = table.fake, table.players[0]
    r = await fake.slash(
        host, "game", {"game": "plagues", "seats": 3, "options": "short=on"},
        subcommand="new", locale=locale,
    )  # fmt: skip
    assert r.ephemeral and "#" in r.text, r.text
    lobby = fake.latest_message(with_components=True)
    table.match_id = int(lobby.embeds[0]["footer"]["text"].split()[1])
    for user in table.players[1:]:
        await fake.slash(user, "game", {}, subcommand="join", locale=locale)
    await fake.slash(host, "game", {}, subcommand="start", locale=locale)
    table.thread_id = fake.threads()[-1].id


@pytest.mark.parametrize("locale", ["en", "pt-BR"])
async def test_players_are_named_with_their_seat_marks(
    fake: FakeDiscord, tmp_path: Any, locale: str
) -> None:
    client = None if locale == "en" else locale
    extra = {"locale": client} if client else {}
    alice = fake.add_user("alice", **extra)
    bob = fake.add_user("bob", nick="bob 🐍", **extra)
    carol = fake.add_user("c4rol_account", nick="carol", **extra)
    table = await Table.open(fake, "plagues", [alice, bob, carol], tmp_path)
    store = table.store
    seen: list[str] = []
    try:
        async with asyncio.timeout(MATCH_TIMEOUT), table.fake.run_bot(table.bot):
            await start(table, client)
            final = await play_to_the_end(table, client, seen)
            log = await fake.slash(carol, "log", {"n": 50}, channel=table.thread_id, locale=client)
            roster_id = (await table.bot.service.get_messages(table.match_id)).get(ROSTER)
            names = [s.name for s in (await table.bot.service.get_match(table.match_id)).seats]
    finally:
        await store.close()
    carol_label = label("carol", "C", COLOURS[locale], "▲")
    assert names == ["alice", "bob 🐍", "carol"]  # server nicknames, kept on the seats

    # The roster: once, before the first turn post, with mentions and labels in turn order.
    thread = fake.channel_messages(table.thread_id)
    rosters = [m for m in thread if "👥" in m.content]
    assert len(rosters) == 1 and rosters[0].id == roster_id, [m.content for m in rosters]
    roster = rosters[0].content
    for user, text in ((bob, "bob 🐍 (B, "), (carol, carol_label)):
        assert f"<@{user.id}> — {text}" in roster, roster
    opening = table.engine.new_game(3, table.engine.normalise_options({"short": "on"}), table.seed)
    order = table.engine.view(opening, None)["turn_order"]  # the game's turn order
    letters = [line.split(" (")[1][0] for line in roster.splitlines()[1:]]
    assert letters == ["ABC"[seat] for seat in order], roster
    assert thread.index(rosters[0]) < min(thread.index(m) for m in thread if m.embeds)

    # Prompts and the last moves name carol with her seat's marks, never "Seat 3".
    turn_line = lang.t(client or "en", "**Turn:** {who} — {prompt}", who=carol_label, prompt="")
    assert any(turn_line in text for text in seen), "no prompt named carol"
    assert any(f"{carol_label}:" in text for text in seen), "no prompt text names carol"
    assert not any("Seat 3" in text or "Lugar 3" in text for text in seen)
    assert carol_label in log.text, log.text
    assert "c4rol_account" not in log.text

    # The result post names people.
    result = shown(final)
    assert "🏁" in final.content
    for text in ("alice (A, ", "bob 🐍 (B, ", carol_label):
        assert text in result, result
