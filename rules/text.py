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
- Where a count meets a noun, the template says the noun's forms after ``:plural:`` and the
  count's value picks one: ``"{n} {n:plural:card|cards}"`` ("1 card", "2 cards"). Each language
  lists its own forms in its plural order (``PLURAL_RULES``): English and Portuguese
  ``one|other``, Polish ``one|few|many`` (``"{n} {n:plural:karta|karty|kart}"``).
- ``seat_ref(seat)`` names a seat ("Seat 3" in English) as a reference the bot resolves when
  it shows the text (``name_seats``): the player's name with the seat's letter, colour and
  shape. Stored events keep the reference, so old logs show names too.

Nothing here does I/O; the catalogues are read in ``lang``.
"""

from __future__ import annotations

import string
from collections.abc import Callable, Mapping
from typing import Any

JOINER = ", "
PLURAL = "plural:"  # the format spec that picks a noun's form by a count


def _one_other(n: int) -> int:
    """English and Brazilian Portuguese: 1 is singular, everything else plural (0 included:
    "0 pontos")."""
    return 0 if n == 1 else 1


def _polish(n: int) -> int:
    """Polish: one (1), few (2-4, 22-24, ... but not 12-14), many (the rest: 0, 5-21, 25...)."""
    if n == 1:
        return 0
    if n % 10 in (2, 3, 4) and n % 100 not in (12, 13, 14):
        return 1
    return 2


# locale -> count -> index of the form to use among the template's ``plural:`` forms
PLURAL_RULES: dict[str, Callable[[int], int]] = {
    "en": _one_other,
    "pt-BR": _one_other,
    "pl": _polish,
}


class _Formatter(string.Formatter):
    """``str.format`` plus the ``plural:`` format spec, in one language's plural rules."""

    def __init__(self, locale: str) -> None:
        self.rule = PLURAL_RULES.get(locale, _one_other)

    def format_field(self, value: Any, format_spec: str) -> Any:
        if format_spec.startswith(PLURAL):
            forms = format_spec[len(PLURAL) :].split("|")
            return forms[min(self.rule(abs(int(value))), len(forms) - 1)]
        return super().format_field(value, format_spec)


_FORMATTERS = {locale: _Formatter(locale) for locale in PLURAL_RULES}


def format_text(template: str, params: dict[str, Any], locale: str = "en") -> str:
    """``template.format(**params)``, with ``plural:`` fields said in ``locale``."""
    if PLURAL in template:
        return _FORMATTERS.get(locale, _FORMATTERS["en"]).vformat(template, (), params)
    return template.format(**params)


class Msg(str):
    """English text plus how to say it in another language (``template`` and ``params``)."""

    template: str
    params: dict[str, Any]

    def __new__(cls, template: str, params: dict[str, Any] | None = None) -> Msg:
        # Engines build thousands of these per game: no copies, lists joined only if present.
        if params:
            for value in params.values():
                if value.__class__ is list or value.__class__ is tuple:
                    english = format_text(template, {k: _english(v) for k, v in params.items()})
                    break
            else:
                english = format_text(template, params)
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


SEAT_REF = "Seat {n}"  # the template of a seat reference; ``n`` counts from 1


def seat_ref(seat: int) -> Msg:
    """A reference to ``seat`` (0-based) in a text: "Seat 3" until the bot names the seat."""
    return Msg(SEAT_REF, {"n": seat + 1})


def referenced_seat(value: Any) -> int | None:
    """The seat (0-based) a seat reference names, or None for any other value."""
    if isinstance(value, Msg) and value.template == SEAT_REF:
        n = value.params.get("n")
        if isinstance(n, int) and not isinstance(n, bool) and n >= 1:
            return n - 1
    return None


def name_seats(value: Any, labels: Mapping[int, Any]) -> Any:
    """``value`` with every seat reference (nested ones too) replaced by ``labels[seat]``
    (a ``Msg`` or plain text); references to seats without a label stay as they are."""
    if not labels:
        return value
    seat = referenced_seat(value)
    if seat is not None:
        return labels.get(seat, value)
    if isinstance(value, Msg):
        if not value.params:
            return value
        params = {k: name_seats(v, labels) for k, v in value.params.items()}
        if all(params[k] is v for k, v in value.params.items()):
            return value
        return Msg(value.template, params)
    if isinstance(value, list | tuple):
        return [name_seats(v, labels) for v in value]
    return value


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
