"""Player-facing text that can be said in every language Scarab speaks.

Engines, the service and the cogs write their texts in English as ``msg(template, **params)``:
a ``Msg`` *is* the English string (a ``str`` subclass, so comparing, logging and JSON keep
working) and remembers its template and parameters, so ``lang.localise(text, locale)`` can say it
again in Brazilian Portuguese or Polish at the edge (a Discord message, a button).

- ``template`` is a ``str.format`` template with named fields: ``"{seat} builds Pillar {tile}."``;
  it is also the catalogue key (``lang/catalog/<locale>/*.json``), like a gettext msgid.
- A parameter may be another ``Msg`` (a game term: ``term("Horus")``), a list of them (said
  as a comma-separated list), or a number / plain string (names, ids), which stays as it is.
- ``term(word)`` marks a word or name from a data table: ``GOD_NAMES = {"ra": term("Ra")}``.

Nothing here does I/O; the catalogues are read in ``lang``.
"""

from __future__ import annotations

from typing import Any

JOINER = ", "


class Msg(str):
    """English text plus how to say it in another language (``template`` and ``params``)."""

    template: str
    params: dict[str, Any]

    def __new__(cls, template: str, params: dict[str, Any] | None = None) -> Msg:
        # Engines build thousands of these per game: no copies, lists joined only if present.
        if params:
            for value in params.values():
                if value.__class__ is list or value.__class__ is tuple:
                    english = template.format(**{k: _english(v) for k, v in params.items()})
                    break
            else:
                english = template.format(**params)
        else:
            params, english = {}, template
        text = super().__new__(cls, english)
        text.template = template
        text.params = params
        return text

    # Pickling (state copies) keeps str's own protocol: the English text as the constructor's
    # argument, then template and params restored from __dict__, without formatting again.

    def __copy__(self) -> Msg:
        return self

    def __deepcopy__(self, memo: dict[int, Any]) -> Msg:
        return self

    def to_json(self) -> dict[str, Any]:
        """``{"t": template, "p": params}`` with nested texts encoded the same way."""
        encoded: dict[str, Any] = {"t": self.template}
        if self.params:
            encoded["p"] = {k: encode(v) for k, v in self.params.items()}
        return encoded


def msg(template: str, /, **params: Any) -> Msg:
    """A translatable text: ``msg("{seat} passes.", seat=name)``."""
    return Msg(template, params)  # ``params`` is this call's own dict: no copy needed


def term(word: str) -> Msg:
    """A translatable word or name without parameters (a god, a card, a resource)."""
    return Msg(word)


def encode(value: Any) -> Any:
    """A text (or list, or plain value) as JSON: texts keep their template and parameters."""
    if isinstance(value, Msg):
        return value.to_json()
    if isinstance(value, list | tuple):
        return [encode(v) for v in value]
    return value


def decode(raw: Any) -> Any:
    """The inverse of ``encode``."""
    if isinstance(raw, dict) and "t" in raw:
        return Msg(raw["t"], {k: decode(v) for k, v in raw.get("p", {}).items()})
    if isinstance(raw, list):
        return [decode(v) for v in raw]
    return raw


def _english(value: Any) -> Any:
    if isinstance(value, list | tuple):
        return JOINER.join(str(v) for v in value)
    return value
