"""The game registry: every engine registers itself at the bottom of its own package."""

from __future__ import annotations

from rules.core import Engine

ENGINES: dict[str, Engine] = {}


def register(engine: Engine) -> Engine:
    if engine.game_id in ENGINES:
        raise ValueError(f"engine {engine.game_id!r} registered twice")
    ENGINES[engine.game_id] = engine
    return engine


def get(game_id: str) -> Engine:
    try:
        return ENGINES[game_id]
    except KeyError:
        known = ", ".join(sorted(ENGINES)) or "none"
        raise KeyError(f"unknown game {game_id!r} (known: {known})") from None
