"""The views' TypedDicts (``PublicView``, ``PrivateView``, ``PrivateMe`` in rules/<game>/view.py)
name every key the view builders write and every key render/<game>/ reads."""

from __future__ import annotations

import importlib
import re
from pathlib import Path
from types import ModuleType

import pytest

from rules import registry

ROOT = Path(__file__).resolve().parents[2]
GAMES = ("amunre", "ankh", "plagues", "tekhenu")
STEPS = 40  # AI moves played from the opening: set-up, first turns, a few phases


def view_module(game: str) -> ModuleType:
    importlib.import_module(f"rules.{game}.engine")  # registers the engine
    return importlib.import_module(f"rules.{game}.view")


def declared(typed_dict: type) -> set[str]:
    """The keys of a TypedDict, its bases' included."""
    return set(typed_dict.__required_keys__) | set(typed_dict.__optional_keys__)


def keys_in_play(game: str) -> tuple[set[str], set[str], set[str]]:
    """Keys of the public views, of the private views, of ``me``, over a short AI playout."""
    engine = registry.get(game)
    state = engine.new_game(max(2, engine.min_players), None, 7)
    public: set[str] = set()
    private: set[str] = set()
    me: set[str] = set()
    for _ in range(STEPS):
        public |= set(engine.view(state, None))
        seat_view = engine.view(state, 0)
        private |= set(seat_view)
        me |= set(seat_view.get("me") or {})
        decisions = engine.pending(state)
        if engine.result(state) is not None or not decisions:
            break
        seat = decisions[0].seat
        state, _events = engine.apply(state, seat, engine.ai_choice(state, seat))
    return public, private, me


@pytest.mark.parametrize("game", GAMES)
def test_built_views_write_only_declared_keys(game: str) -> None:
    module = view_module(game)
    public, private, me = keys_in_play(game)
    assert public <= declared(module.PublicView), public - declared(module.PublicView)
    assert not public & {"me", "summary"}
    assert private <= declared(module.PrivateView), private - declared(module.PrivateView)
    assert me <= declared(module.PrivateMe), me - declared(module.PrivateMe)


@pytest.mark.parametrize("game", GAMES)
def test_renderers_read_only_declared_keys(game: str) -> None:
    module = view_module(game)
    read: set[str] = set()
    for path in (ROOT / "render" / game).glob("*.py"):
        read |= set(re.findall(r'\b(?:view|private_view)(?:\.get\(|\[)"(\w+)"', path.read_text()))
    assert read, "the pattern finds the renderer's reads"
    assert read <= declared(module.PrivateView), read - declared(module.PrivateView)


@pytest.mark.parametrize("game", GAMES)
def test_the_docs_list_every_declared_key(game: str) -> None:
    doc = (ROOT / "docs" / "views" / f"{game}.md").read_text()
    module = view_module(game)
    keys = declared(module.PrivateView) | declared(module.PrivateMe)
    missing = sorted(key for key in keys if f'"{key}"' not in doc and f"`{key}`" not in doc)
    assert not missing, missing
