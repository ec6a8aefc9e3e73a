"""Which language to speak to whom (``LanguageMixin`` of ``MatchService``).

- A player's replies and DMs: their ``/language`` choice (``user_prefs.language``), else the
  language of their Discord client, else English.
- A match's public posts (thread, board captions, buttons): the match's language, fixed when
  the lobby opens: the server's default (``/admin defaults language``), else the host's.
"""

from __future__ import annotations

from typing import Any

import lang
from bot.errors import ServiceError
from bot.model import ServiceCore
from rules.text import msg

LANGUAGE_KEY = "language"  # user_prefs key, matches.settings key and guild_settings key


def check_language(code: str) -> str:
    """The supported language ``code`` names, or a refusal that lists the choices."""
    resolved = lang.resolve(code)
    if resolved is None:
        raise ServiceError(
            msg(
                "Scarab does not speak '{code}'. Choose one of: {choices}.",
                code=code,
                choices=", ".join(lang.NAMES.values()),
            )
        )
    return resolved


class LanguageMixin(ServiceCore):
    _user_languages: dict[int, str | None]  # caches, set up by MatchService.__init__
    _match_languages: dict[int, str]

    async def user_language(self, user_id: int) -> str | None:
        """The language a user chose with ``/language`` (None: follow their client)."""
        if user_id not in self._user_languages:
            stored = await self.store.get_user_pref(user_id, LANGUAGE_KEY)
            self._user_languages[user_id] = lang.resolve(stored)
        return self._user_languages[user_id]

    async def set_user_language(self, user_id: int, code: str | None) -> str | None:
        """Choose a language (None: follow the Discord client again); refuses unknown ones."""
        chosen = None if code is None else check_language(code)
        await self.store.set_user_pref(user_id, LANGUAGE_KEY, chosen)
        self._user_languages[user_id] = chosen
        return chosen

    async def language_for(self, user_id: int, client_locale: Any = None) -> str:
        """What to say to this user: their choice, else their client's language, else English."""
        return await self.user_language(user_id) or lang.resolve(client_locale) or lang.ENGLISH

    async def match_language(self, match_id: int) -> str:
        """The language of a match's public posts."""
        if match_id not in self._match_languages:
            settings = await self.store.match_settings(match_id)
            self._match_languages[match_id] = (
                lang.resolve(settings.get(LANGUAGE_KEY)) or lang.ENGLISH
            )
        return self._match_languages[match_id]

    async def set_match_language(self, match_id: int, code: str) -> None:
        chosen = check_language(code)
        settings = await self.store.match_settings(match_id)
        settings[LANGUAGE_KEY] = chosen
        await self.store.set_match_settings(match_id, settings, self.clock())
        self._match_languages[match_id] = chosen

    async def dm_language(self, match_id: int, user_id: int) -> str:
        """What to say in a DM about a match: the user's choice, else the match's language."""
        return await self.user_language(user_id) or await self.match_language(match_id)
