"""Languages (issue 6, item 7) from the player's and the admin's side: ``/language`` (a user's
choice), ``/admin defaults language`` (a server's default for new tables), the texts of the
absence, admin, stats and help cogs said in Portuguese and Polish."""

from __future__ import annotations

from types import SimpleNamespace

import pytest

import lang
from bot.errors import ServiceError, reason
from bot.language import LANGUAGE_KEY
from rules.text import Msg
from tests.bot.conftest import ALICE, CHANNEL, GUILD, HOST

ADMIN = 77
HOUR = 3600.0


async def toy(service, *players, turn_time=None, language=None):
    info = await service.create_lobby(
        GUILD,
        CHANNEL,
        HOST,
        "toy",
        1 + len(players),
        {"rounds": "3"},
        turn_time=turn_time,
        language=language,
    )
    for user in players:
        await service.join(info.id, user)
    return info


# --- /language ---------------------------------------------------------------------------------
async def test_a_user_chooses_polish_then_follows_the_client_again(service, store):
    assert await service.language_for(ALICE, "pt-BR") == "pt-BR"  # no choice: the client's
    assert await service.set_user_language(ALICE, "pl") == "pl"
    assert await store.get_user_pref(ALICE, LANGUAGE_KEY) == "pl"
    assert await service.language_for(ALICE, "pt-BR") == "pl"  # the choice wins
    assert await service.set_user_language(ALICE, "Português (Brasil)") == "pt-BR"
    assert await service.user_language(ALICE) == "pt-BR"
    assert await service.set_user_language(ALICE, None) is None  # "auto"
    assert await store.get_user_pref(ALICE, LANGUAGE_KEY) is None
    assert await service.language_for(ALICE, "pl") == "pl"
    assert await service.language_for(ALICE, "de") == "en"  # a client Scarab does not speak


async def test_an_unknown_language_is_refused_and_nothing_is_stored(service, store):
    with pytest.raises(ServiceError) as refused:
        await service.set_user_language(ALICE, "fr")
    said = reason(refused.value)
    assert isinstance(said, Msg)
    assert said == "Scarab does not speak 'fr'. Choose one of: English, Português (Brasil), Polski."
    assert lang.localise(said, "pl").startswith("Scarab nie mówi w języku 'fr'.")
    assert await store.get_user_pref(ALICE, LANGUAGE_KEY) is None
    await service.set_user_language(ALICE, "pl")
    with pytest.raises(ServiceError):
        await service.set_user_language(ALICE, "klingon")
    assert await store.get_user_pref(ALICE, LANGUAGE_KEY) == "pl"  # the old choice stays


class FakeResponse:
    def __init__(self, sent: list[str]) -> None:
        self.sent = sent

    def is_done(self) -> bool:
        return False

    async def send_message(self, content: str, **kwargs) -> None:
        self.sent.append(content)


def interaction_of(service, user_id: int, locale: str = "en-US") -> SimpleNamespace:
    sent: list[str] = []
    return SimpleNamespace(
        client=SimpleNamespace(service=service),
        locale=locale,
        id=1,
        user=SimpleNamespace(id=user_id),
        response=FakeResponse(sent),
        sent=sent,
    )


async def test_the_language_command_answers_in_the_chosen_language(service, store):
    from cogs.language import Language

    cog = Language(SimpleNamespace())
    interaction = interaction_of(service, ALICE)
    await Language.language.callback(cog, interaction, "pl")
    assert interaction.sent == ["Będę z tobą rozmawiać w języku: Polski."]
    interaction = interaction_of(service, ALICE, locale="pt-BR")
    await Language.language.callback(cog, interaction, "auto")
    assert interaction.sent == ["Vou voltar a seguir o idioma do seu Discord."]
    assert await store.get_user_pref(ALICE, LANGUAGE_KEY) is None
    interaction = interaction_of(service, ALICE, locale="pl")
    await Language.language.callback(cog, interaction, "fr")
    assert interaction.sent == [
        "⛔ Scarab nie mówi w języku 'fr'. Wybierz jeden z: English, Português (Brasil), Polski."
    ]


# --- /admin defaults language ------------------------------------------------------------------
async def test_the_guild_default_language_is_checked_logged_and_used(service):
    assert await service.guild_language(GUILD) is None
    with pytest.raises(ServiceError, match="^Scarab does not speak 'fr'"):
        await service.admin_set_defaults(GUILD, ADMIN, language="fr")
    with pytest.raises(ServiceError, match="^Unknown time per decision"):
        await service.admin_set_defaults(GUILD, ADMIN, turn_time="3h", language="pl")
    assert await service.guild_language(GUILD) is None  # nothing changed
    assert await service.admin_log(GUILD) == []  # and nothing was logged
    before = await service.guild_defaults(GUILD)

    assert await service.admin_set_defaults(GUILD, ADMIN, language="pl") == before
    assert await service.guild_language(GUILD) == "pl"
    assert await service.guild_language(GUILD + 1) is None
    (entry,) = await service.admin_log(GUILD)
    assert (entry.user_id, entry.action, entry.match_id, entry.detail) == (
        ADMIN,
        "set_defaults",
        None,
        {"language": "pl"},
    )

    info = await toy(service, ALICE, language="pt-BR")  # the server's default wins
    assert await service.match_language(info.id) == "pl"
    await service.admin_set_defaults(GUILD, ADMIN, language="Português (Brasil)")
    info = await toy(service, ALICE)
    assert await service.match_language(info.id) == "pt-BR"


async def test_without_a_guild_default_a_lobby_speaks_its_hosts_language(service):
    info = await toy(service, ALICE, language="pl")
    assert await service.match_language(info.id) == "pl"
    info = await toy(service, ALICE)
    assert await service.match_language(info.id) == "en"


async def test_admin_texts_are_said_in_each_language(service):
    from cogs.admin import describe_defaults, describe_entry

    await service.admin_set_defaults(
        GUILD, ADMIN, turn_time="72h", on_timeout="takeover", language="pl"
    )
    text = describe_defaults(
        await service.guild_defaults(GUILD), await service.guild_language(GUILD)
    )
    assert "Time per decision: **72h**" in text and "Language of public posts: **Polski**" in text
    assert "Czas na decyzję: **72h**" in lang.localise(text, "pl")
    assert "SI przejmuje miejsce do końca partii" in lang.localise(text, "pl")
    assert "o idioma do anfitrião" in lang.localise(describe_defaults({}, None), "pt-BR")
    (entry,) = await service.admin_log(GUILD)
    assert "set the defaults (" in describe_entry(entry)
    assert "definiu os padrões (" in lang.localise(describe_entry(entry), "pt-BR")


# --- reminders ---------------------------------------------------------------------------------
async def test_a_reminder_in_polish(service, clock):
    from cogs.absence import TEXT_THEN, Absence, reminder_dm_text, reminder_text

    await service.admin_set_defaults(GUILD, ADMIN, language="pl")
    info = await toy(service, ALICE, turn_time="1h")
    await service.start(info.id, HOST)
    await service.set_thread(info.id, 5000)
    await service.submit(info.id, HOST, "pick:3", decision_seq=0)
    clock.advance(HOUR / 2)
    (reminder,) = (await service.process_deadlines()).reminders
    said = lang.localise(reminder_text(reminder, TEXT_THEN["ai_moves"]), "pl")
    assert said.startswith(f"⏰ <@{ALICE}>: partia #{info.id} czeka na twoją decyzję (")
    assert "Zostało 30 min, do <t:" in said and "potem SI podejmie tę decyzję za ciebie." in said

    # The cog posts it in the match's language, and DMs it in the player's own.
    posts: dict[int, list[str]] = {}

    class Channel:
        def __init__(self, key: int) -> None:
            self.key = key

        async def send(self, content: str, **kwargs) -> None:
            posts.setdefault(self.key, []).append(content)

    async def create_dm(user):
        return Channel(-user.id)

    bot = SimpleNamespace(
        service=service,
        create_dm=create_dm,
        get_partial_messageable=lambda thread_id, guild_id: Channel(thread_id),
    )
    await service.set_notify(ALICE, True)
    await service.set_user_language(ALICE, "pt-BR")
    await Absence.remind(SimpleNamespace(bot=bot), reminder)
    (public,) = posts[5000]
    assert public == said
    (dm,) = posts[-ALICE]
    assert dm.startswith(f"⏰ Sua vez na partida #{info.id} de **")
    assert dm == lang.localise(reminder_dm_text(reminder, TEXT_THEN["ai_moves"]), "pt-BR")


# --- /help -------------------------------------------------------------------------------------
@pytest.mark.parametrize("locale", ["en", "pt-BR", "pl"])
def test_help_fits_a_message_in_every_language(locale):
    import rules
    from cogs.help import HELP, help_text

    text = help_text(locale)
    assert len(text) <= 2000, (locale, len(text))
    for command in ("/notify", "/admin", "/game rejoin", "/game vote", "/export", "/stats"):
        assert command in text, (locale, command)
    assert all(f"`{gid}`" in text for gid in rules.ENGINES)
    if locale != "en":
        assert lang.catalogue(locale)[HELP.template] in text  # said in that language
