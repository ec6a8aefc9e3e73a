"""A match as a self-contained JSON document, and its replay (history, issue 6).

``export_match`` gathers what the replay law needs — the game, the seat count, the table options
and the seed — plus who sat where, the bot's table settings, the result and the whole move log
(``undo`` rows included). ``replay_export`` rebuilds the final state from that document alone:
``new_game(seats, options, seed)``, then every standing answer in order. An ``undo`` row takes
back the latest standing move of its seat, so the undone move and the undo row both drop out,
as in the service. The export also carries a digest of the stored state so a replay can be
checked byte for byte (``rules.core.canonical_json``).

The export reveals the seed (so every future draw) and the sealed answers: only matches that
are over can be exported, and only from the server they were played in.
"""

from __future__ import annotations

import hashlib
import json
from collections.abc import Iterable, Mapping
from typing import TYPE_CHECKING, Any

import rules
from bot.errors import ServiceError, reason
from rules.core import Engine, canonical_json
from rules.text import msg

if TYPE_CHECKING:
    from bot.service import MatchService

FORMAT = "scarab-match-export"
FORMAT_VERSION = 1


def state_digest(engine: Engine, state: Any) -> str:
    """SHA-256 of the canonical dump of ``state``: equal digests = byte-identical dumps."""
    return hashlib.sha256(canonical_json(engine.dump(state))).hexdigest()


async def export_match(
    service: MatchService, match_id: int, *, guild_id: int | None
) -> dict[str, Any]:
    """The export document of a finished (or cancelled) match of ``guild_id``.

    Raises ``ServiceError`` with the reason when the match is of another server, has not
    started, or is still running.
    """
    info = await service.get_match(match_id)
    if guild_id is None:
        raise ServiceError(msg("Use /export in the server where the match was played."))
    if info.guild_id != guild_id:
        raise ServiceError(
            msg("Match #{id} was played in another server: export it from there.", id=match_id)
        )
    if info.seed is None or info.status == "lobby":
        raise ServiceError(
            msg("Match #{id} has not started yet: there is nothing to export.", id=match_id)
        )
    if info.status == "active":
        raise ServiceError(
            msg(
                "Match #{id} is still running: its export shows the seed and the "
                "sealed answers, so it is available once the match is over.",
                id=match_id,
            )
        )
    record = await service.store.get_match(match_id)
    moves = await service.moves(match_id)
    snapshot = await service.store.get_snapshot(match_id)
    seat_rows = {row.seat: row for row in (record.seat_rows if record else ())}
    seats = []
    for seat in range(info.seat_count):
        row = seat_rows.get(seat)
        seats.append(
            {
                "seat": seat,
                "user_id": None if row is None else row.user_id,
                "ai": True if row is None else row.is_ai,
                "name": None if row is None else row.name,
                "taken_over": bool(getattr(row, "taken_over", False)),
            }
        )
    taken = await _taken_over(service, match_id)
    for entry in seats:
        entry["taken_over"] = entry["taken_over"] or entry["seat"] in taken
    data: dict[str, Any] = {
        "format": FORMAT,
        "format_version": FORMAT_VERSION,
        "match": info.id,
        "guild_id": info.guild_id,
        "game": info.game_id,
        "title": info.title,
        "status": info.status,
        "seat_count": info.seat_count,
        "seats": seats,
        "options": dict(info.options),
        "settings": await _settings(service, match_id),
        "seed": info.seed,
        "version": info.version,
        "created_at": info.created_at,
        "updated_at": info.updated_at,
        "result": info.result.to_json() if info.result else None,
        "moves": [
            {
                "version": move.version,
                "seat": move.seat,
                "option": move.option_id,
                "actor": move.actor,
                "kind": getattr(move, "kind", "move"),
                "at": move.created_at,
            }
            for move in moves
        ],
    }
    if snapshot is not None:
        data["final_state_sha256"] = hashlib.sha256(canonical_json(snapshot.state)).hexdigest()
    return data


async def _taken_over(service: MatchService, match_id: int) -> set[int]:
    finder = getattr(service.store, "taken_over_seats", None)
    if finder is None:
        return set()
    return set((await finder([match_id])).get(match_id, set()))


async def _settings(service: MatchService, match_id: int) -> dict[str, Any]:
    """The bot-level table settings (time per decision, what a timeout does)."""

    raw = await service.store.match_settings(match_id)
    return dict(raw) if isinstance(raw, Mapping) else {}


def to_bytes(data: Mapping[str, Any]) -> bytes:
    """The file players download: readable JSON (indented, keys sorted)."""
    return json.dumps(data, indent=2, sort_keys=True, ensure_ascii=False).encode() + b"\n"


def standing_moves(moves: Iterable[Mapping[str, Any]]) -> list[Mapping[str, Any]]:
    """The moves that stand after the undo rows took theirs back, in log order."""
    standing: list[Mapping[str, Any]] = []
    for move in moves:
        if move.get("kind", "move") != "undo":
            standing.append(move)
            continue
        for index in range(len(standing) - 1, -1, -1):
            if standing[index]["seat"] == move["seat"]:
                del standing[index]
                break  # with nothing of that seat standing the row changes nothing (bot.movelog)
    return standing


def replay_export(data: Mapping[str, Any]) -> tuple[Engine, Any]:
    """Rebuild the match's final state from an export alone. Raises ``ValueError`` with a
    readable reason when the document is not a valid export or a move does not replay."""
    if not isinstance(data, Mapping) or data.get("format") != FORMAT:
        raise ValueError(msg("This is not a Scarab match export."))
    version = data.get("format_version")
    if not isinstance(version, int) or version > FORMAT_VERSION:
        raise ValueError(
            msg("This export was written by a newer Scarab (format {version}).", version=version)
        )
    for name, kind in (
        ("game", str),
        ("seat_count", int),
        ("seed", int),
        ("moves", list),
        ("options", dict),
    ):
        if not isinstance(data.get(name), kind) or isinstance(data.get(name), bool):
            raise ValueError(msg("The export has no valid '{field}'.", field=name))
    try:
        engine = rules.get(data["game"])
    except KeyError:
        raise ValueError(
            msg("The export is of a game this Scarab does not know: '{game}'.", game=data["game"])
        ) from None
    state = engine.new_game(data["seat_count"], dict(data["options"]), data["seed"])
    for move in standing_moves(data["moves"]):
        try:
            state, _ = engine.apply(state, int(move["seat"]), str(move["option"]))
        except Exception as exc:  # IllegalMove, or a malformed row
            raise ValueError(
                msg(
                    "Move {version} of the export does not replay: {reason}",
                    version=move.get("version"),
                    reason=reason(exc),
                )
            ) from None
    return engine, state


def verify_export(data: Mapping[str, Any]) -> bool:
    """True when replaying the export gives exactly the state the bot had stored."""
    engine, state = replay_export(data)
    expected = data.get("final_state_sha256")
    return expected is not None and state_digest(engine, state) == expected
