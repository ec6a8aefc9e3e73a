"""Errors the runtime raises. Each message is one sentence meant for a person to read."""

from __future__ import annotations

from typing import Any

from rules.text import Msg


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


class NotYourTurn(ServiceError):
    """A seated player answered while no decision of theirs is open. The message (a
    ``rules.text.Msg`` with a ``{names}`` field) names the awaited seats without mentions
    ("bob (B, vermillion ■)", an AI's name); ``waiting`` holds ``(seat, user id or None,
    label)`` for each and ``marks`` each one's ``seat_marks`` entry (None without one), so a
    cog can name the players instead (``said(names)``)."""

    def __init__(
        self,
        message: str,
        waiting: tuple[tuple[int, int | None, str], ...] = (),
        marks: tuple[dict[str, Any] | None, ...] = (),
    ) -> None:
        super().__init__(message)
        self.waiting = waiting
        self.marks = marks

    def said(self, names: list[str]) -> str:
        """The same refusal naming the awaited seats as ``names`` (one per ``waiting``)."""
        text = reason(self)
        if (
            not isinstance(text, Msg)
            or "names" not in text.params
            or len(names) != len(self.waiting)
        ):
            return text
        return Msg(text.template, {**text.params, "names": list(names)})


def reason(exc: BaseException) -> str:
    """An error's message as raised: a ``rules.text.Msg`` stays one, so it can be said in the
    reader's language (``str(exc)`` would flatten it to English)."""
    if exc.args and isinstance(exc.args[0], str):
        return exc.args[0]
    return str(exc)
