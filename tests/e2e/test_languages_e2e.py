"""Languages through Discord (issue 6, item 7): Brazilian players whose Discord clients speak
pt-BR see Portuguese command descriptions (the synced commands carry Discord's
``description_localizations``) and Portuguese messages: the lobby, the thread's turn posts and
buttons, the sealed Decree by DM, /hand, /help, refusals and the final scores. Then one player
switches to Polish with ``/language``, and an unknown language is refused without a change.

Every text a player sees is checked against the catalogues: no English sentence that has a
translation may reach a pt-BR player.
"""

from __future__ import annotations

import asyncio
import re
import string
from collections.abc import Iterable
from typing import Any

import lang
import rules
from cogs.help import help_text
from rules.core import IllegalMove
from tests.e2e.fakediscord import FakeDiscord, FakeMessage
from tests.e2e.table import MATCH_TIMEOUT, Table

GAME = "tekhenu"
PT = "pt-BR"
TEXT_KEYS = {"content", "title", "description", "name", "value", "label", "placeholder", "text"}
MIN_FRAGMENT = 14  # characters of an English template part worth looking for


def texts_of(node: Any) -> Iterable[str]:
    """Every player-readable string in a message payload (content, embeds, components)."""
    if isinstance(node, dict):
        for key, value in node.items():
            if key in TEXT_KEYS and isinstance(value, str):
                yield value
            elif isinstance(value, dict | list):
                yield from texts_of(value)
    elif isinstance(node, list):
        for item in node:
            yield from texts_of(item)


def english_fragments(locale: str) -> set[str]:
    """Literal parts of English templates whose translation says them differently."""
    fragments = set()
    for english, said in lang.catalogue(locale).items():
        if english == said:
            continue
        for literal, *_ in string.Formatter().parse(english):
            part = literal.strip(" .:;,!?—-*`()\n")
            if len(part) >= MIN_FRAGMENT and " " in part and part not in said:
                fragments.add(part)
    return fragments


class Seen:
    """What the pt-BR players were shown."""

    def __init__(self) -> None:
        self.texts: list[str] = []

    def add(self, *items: Any) -> None:
        for item in items:
            if isinstance(item, FakeMessage):
                self.texts += list(texts_of(item.data))
            elif hasattr(item, "text"):
                self.texts += [item.text] + list(texts_of(getattr(item, "embeds", [])))
            elif isinstance(item, str):
                self.texts.append(item)

    def english(self, locale: str) -> list[tuple[str, str]]:
        fragments = [re.compile(rf"(?<!\w){re.escape(f)}(?!\w)") for f in english_fragments(locale)]
        return [
            (fragment.pattern, text[:200])
            for text in self.texts
            for fragment in fragments
            if fragment.search(text)
        ]


def said(template: str, **params: Any) -> str:
    return lang.t(PT, template, **params)


async def test_a_brazilian_table_sees_portuguese(fake: FakeDiscord, tmp_path) -> None:
    alice = fake.add_user("alice", locale=PT)
    bob = fake.add_user("bob", locale=PT)
    table = await Table.open(fake, GAME, [alice, bob], tmp_path)
    try:
        async with asyncio.timeout(MATCH_TIMEOUT), fake.run_bot(table.bot):
            await brazilian_table(table)
    finally:
        await table.store.close()


def check_command_localizations(fake: FakeDiscord) -> None:
    commands = fake.guild_commands[fake.guild_id]
    assert {"play", "game", "language", "help", "rules"} <= set(commands)
    for name, command in commands.items():
        for locale in ("pt-BR", "pl"):
            catalogue = lang.catalogue(locale)
            assert (
                command["description_localizations"][locale] == catalogue[command["description"]]
            ), (name, locale)
            for option in command.get("options", ()):
                assert (
                    option["description_localizations"][locale] == catalogue[option["description"]]
                ), (name, option["name"], locale)
    play = commands["play"]
    assert play["description_localizations"][PT] != play["description"]


async def brazilian_table(table: Table) -> None:
    fake, seen = table.fake, Seen()
    alice, bob = table.players
    check_command_localizations(fake)

    r = await fake.slash(alice, "help", {})
    seen.add(r)
    assert r.ephemeral and r.text == help_text(PT)[:2000]
    assert "Tekhenu: Obelisco do Sol" in r.text

    # --- the lobby and the thread speak the host's language
    r = await fake.slash(alice, "game", {"game": GAME, "seats": 2}, subcommand="new")
    seen.add(r)
    lobby = fake.latest_message(with_components=True)
    assert lobby is not None
    table.read_lobby(lobby)
    assert await table.bot.service.match_language(table.match_id) == PT
    assert lobby.embeds[0]["title"] == said(
        "{game} — lobby #{id}", id=table.match_id, game=rules.get(GAME).title
    )
    assert "Tekhenu: Obelisco do Sol" in lobby.embeds[0]["title"]
    join = [c for c in lobby.all_components() if c.get("type") == 2]
    seen.add(lobby)
    r = await fake.click(bob, lobby, join[0]["custom_id"])
    r = await fake.slash(alice, "game", {}, subcommand="start")
    seen.add(r)
    await table.started()

    # --- the sealed Decree comes by DM in Portuguese
    dm = [m for m in fake.dm_messages(alice) if m.all_components()]
    assert dm, "no Decree DM"
    seen.add(*dm)
    await table.play_on(until=lambda turn, state: not any(p.decision.secret for p in turn.pending))
    r = await fake.slash(alice, "hand", {}, channel=table.thread_id)
    seen.add(r)

    # --- a refusal in Portuguese, the engine's own reason; nothing changes
    turn, state = await table.position()
    waiting = turn.pending[0]
    player = table.user(waiting.user_id)
    try:
        table.engine.apply(state, waiting.seat, "no-such-option")
        raise AssertionError("the engine accepted an unknown option")
    except IllegalMove as exc:
        reason = exc.args[0]
    before = await table.stored()
    r = await table.play(player, "no-such-option", offered=False)
    seen.add(r)
    assert r.ephemeral and r.text == "⛔ " + lang.localise(reason, PT), r.text
    assert lang.localise(reason, PT) != str(reason)
    assert await table.stored() == before

    async def look(turn: Any, state: Any, pending: Any) -> bool:
        seen.add(*table.thread_messages()[-2:])
        return False

    await table.play_on(on_step=look)
    seen.add(*table.thread_messages(), *fake.dm_messages(alice), *fake.dm_messages(bob))
    info = await table.bot.service.get_match(table.match_id)
    assert info.status == "finished"
    final = table.thread_messages()[-1]
    assert final.content.startswith(said("🏁 Game over! {verdict}", verdict="")), final.content

    english = seen.english(PT)
    assert not english, f"English reached pt-BR players: {english[:10]}"
    assert len(seen.texts) > 50

    # --- Bob prefers Polish; an unknown language is refused and changes nothing
    r = await fake.slash(bob, "language", {"language": "klingon"})
    assert r.ephemeral and "klingon" in r.text
    assert await table.bot.service.user_language(bob.id) is None
    r = await fake.slash(bob, "language", {"language": "pl"})
    assert r.text == lang.t("pl", "I will speak {language} to you.", language="Polski")
    r = await fake.slash(bob, "play", {"choice": "x"}, channel=table.thread_id)
    assert r.ephemeral and r.text == "⛔ " + lang.t("pl", "This match is over."), r.text
    r = await fake.slash(bob, "language", {"language": "auto"})
    assert r.text == lang.t(PT, "I will follow your Discord language again.")
