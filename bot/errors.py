"""Errors the runtime raises. Each message is one sentence meant for a person to read."""

from __future__ import annotations


class ScarabError(Exception):
    """Base class for the runtime's own errors."""


class SettingsError(ScarabError):
    """A setting in the environment or ``.env`` has an unusable value."""


class StorageError(ScarabError):
    """The database cannot be opened or written (locked, read-only, not a database...)."""


class VersionConflict(StorageError):
    """A move was written against a match version that is no longer current."""


class ServiceError(ScarabError):
    """A refusal shown to the player as is ("This table is full.")."""


def reason(exc: BaseException) -> str:
    """An error's message as raised: a ``rules.text.Msg`` stays one, so it can be said in the
    reader's language (``str(exc)`` would flatten it to English)."""
    if exc.args and isinstance(exc.args[0], str):
        return exc.args[0]
    return str(exc)
