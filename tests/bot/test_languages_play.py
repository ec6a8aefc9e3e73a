"""The bot's playing texts in the player's and the match's language (issue 6, item 7): a
refusal follows the user's ``/language`` choice (else their Discord client), a lobby and the
turn message of a match follow the match's language."""

from __future__ import annotations

from types import SimpleNamespace
from typing import Any

import pytest

from bot.errors import ServiceError, reason
from bot.stores import open_storage
from cogs.announce import Announcer
from cogs.common import refuse
from cogs.components import decision_view
from cogs.lobby import lobby_embed, lobby_view
from cogs.play import resolve_match
from lang import localise
from tests.bot.conftest import ALICE, BOB, CHANNEL, GUILD, HOST, lobby


class Response:
    def __init__(self) -> None:
        self.sent: list[tuple[str, dict[str, Any]]] = []

    def is_done(self) -> bool:
        return False

    async def send_message(self, content: str, **kwargs: Any) -> None:
        self.sent.append((content, kwargs))


def interaction(service: Any, user_id: int, locale: str = "en-US") -> Any:
    """Just what ``reply``/``refuse``/``resolve_match`` read of a Discord interaction."""
    return SimpleNamespace(
        user=SimpleNamespace(id=user_id),
        locale=locale,
        id=1,
        client=SimpleNamespace(service=service),
        response=Response(),
        channel_id=None,
        guild_id=GUILD,
    )


async def test_a_portuguese_users_refusal_comes_out_in_portuguese(service):
    info = await lobby(service, players=(ALICE,))  # two seats, both taken
    await service.set_user_language(BOB, "pt-BR")
    with pytest.raises(ServiceError) as caught:
        await service.join(info.id, BOB)
    assert caught.value.args[0] == "This table is full."  # English in the source
    said = interaction(service, BOB)
    await refuse(said, reason(caught.value))
    assert said.response.sent == [("⛔ Esta mesa está cheia.", {"ephemeral": True})]


async def test_a_refusal_follows_the_discord_client_without_a_choice(service):
    said = interaction(service, BOB, locale="pl")
    with pytest.raises(ServiceError) as caught:
        await resolve_match(said, None)  # Bob plays nowhere
    await refuse(said, reason(caught.value))
    ((text, _),) = said.response.sent
    assert text.startswith("⛔ Nie masz tu trwającej partii"), text
    english = interaction(service, BOB)  # an English client gets the source text
    await refuse(english, reason(caught.value))
    assert english.response.sent[0][0].startswith("⛔ You have no running match here")


async def test_a_lobby_in_a_portuguese_match_comes_out_in_portuguese(service):
    info = await service.create_lobby(
        GUILD, CHANNEL, HOST, "toy", 2, {"rounds": "3"}, language="pt-BR"
    )
    info = await service.add_ai(info.id, HOST)
    loc = await service.match_language(info.id)
    assert loc == "pt-BR"
    embed = lobby_embed(info, loc=loc)
    assert embed.title == f"Toy Duel — sala #{info.id}"
    assert embed.description.splitlines() == [f"1. <@{HOST}>", "2. 🤖 IA (normal)"]
    assert embed.fields[0].name == "Anfitrião"
    assert embed.footer.text == f"Partida {info.id} · /game join match:{info.id}"
    labels = [item.item.label for item in lobby_view(info, loc).children]
    assert labels == ["Entrar", "Sair", "Adicionar IA", "Começar", "Cancelar"]
    english = lobby_embed(info)  # unchanged in English
    assert english.title == f"Toy Duel — lobby #{info.id}" and english.fields[0].name == "Host"


async def test_the_servers_language_overrides_the_hosts(service):
    await service.set_guild_setting(GUILD, "language", "pl")
    info = await service.create_lobby(
        GUILD, CHANNEL, HOST, "toy", 2, {"rounds": "3"}, language="pt-BR"
    )
    assert await service.match_language(info.id) == "pl"


async def test_a_turn_message_in_a_portuguese_match(service):
    info = await service.create_lobby(
        GUILD, CHANNEL, HOST, "toy", 2, {"rounds": "3"}, language="pt-BR"
    )
    await service.join(info.id, ALICE)
    turn = await service.start(info.id, HOST)
    loc = await service.match_language(info.id)
    announcer = Announcer(None)  # type: ignore[arg-type]
    decisions = list(turn.pending)
    embed = announcer._embed(turn, decisions, [], loc=loc)
    assert embed.title == f"Toy Duel — partida #{info.id}"
    assert embed.footer.text.startswith(f"Partida {info.id} ·")
    public = [d for d in decisions if not d.secret]
    sealed = [d for d in decisions if d.secret]
    assert sealed and not public  # the toy game opens with a sealed round
    assert "🔒 **Respostas secretas** —" in embed.description, embed.description
    assert "Responda no seu privado ou aperte **Escolher em particular**." in embed.description
    assert announcer._mentions(turn, sealed, loc) == (
        f"<@{HOST}>, <@{ALICE}>: suas respostas secretas, por favor."
    )
    button = announcer._view(turn, decisions, loc).children[0]
    assert button.item.label == "Escolher em particular"
    menu = decision_view(info.id, sealed[0], loc)
    assert menu is not None and all(item.item.label for item in menu.children)


async def test_an_ai_seat_is_named_in_the_match_language(service):
    info = await lobby(service, ais=1)
    (ai,) = [seat for seat in info.seats if seat.is_ai]
    assert ai.label == "AI (normal)"
    assert (
        localise(ai.label, "pt-BR") == "IA (normal)" and localise(ai.label, "pl") == "SI (normalna)"
    )


async def test_a_portuguese_table_end_to_end(tmp_path, toy_engine):
    """Through the fake Discord: a host whose client speaks Portuguese opens a lobby; the
    lobby, the thread's turn message and its buttons are Portuguese, and an English watcher's
    refusal stays English."""
    from cogs.client import ScarabBot
    from tests.e2e.fakediscord import FakeDiscord

    store = await open_storage(str(tmp_path / "scarab.sqlite3"))
    try:
        async with FakeDiscord() as fake:
            alice = fake.add_user("alice", locale="pt-BR")
            bob = fake.add_user("bob")
            async with fake.run_bot(ScarabBot(store, dev_guild_id=fake.guild_id)):
                r = await fake.slash(alice, "game", {"game": "toy", "seats": 2}, subcommand="new")
                assert r.text.startswith("A sala #"), r.text
                lobby = fake.latest_message(with_components=True)
                assert "sala #" in lobby.embeds[0]["title"], lobby.embeds
                await fake.click(bob, lobby, label="Entrar")
                r = await fake.click(bob, fake.message(lobby.id), label="Começar")
                assert r.text == "⛔ Only the host can start this match.", r.text
                r = await fake.click(alice, fake.message(lobby.id), label="Começar")
                assert r.text.startswith("A partida #"), r.text
                (thread,) = fake.threads()
                status = fake.latest_message(thread, with_components=True)
                assert status.find_button("Escolher em particular"), status
                assert "partida #" in status.embeds[0]["title"], status.embeds
            assert not fake.errors, fake.errors
    finally:
        await store.close()
