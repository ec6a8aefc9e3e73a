"""bench.arena smoke tests: tiny seeded games, a table and JSON (docs/ai.md)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

import rules
from bench import arena
from bench.policies import POLICIES
from tests.ai.hiddentoy import HIDDEN_TOY


@pytest.fixture
def toy_registered(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setitem(rules.ENGINES, HIDDEN_TOY.game_id, HIDDEN_TOY)


def test_arena_plays_seeded_games_and_writes_json(
    toy_registered: None, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    out = tmp_path / "arena.json"
    argv = ["--game", "hiddentoy", "--seats", "2", "--games", "2", "--workers", "1"]
    summary = arena.main([*argv, "--json", str(out)])
    assert summary["games"] == 2
    assert summary["fair_share"] == 0.5
    assert 0.0 <= summary["first_share"] <= 1.0
    assert "first place" in capsys.readouterr().out
    report = json.loads(out.read_text())
    assert [game["challenger_seat"] for game in report["games"]] == [0, 1]
    again = arena.main(argv)
    assert again["mean_margin"] == summary["mean_margin"]  # seeded: the same games again


def test_wilson_interval_contains_the_share() -> None:
    low, high = arena.wilson(6, 10)
    assert low < 0.6 < high
    assert arena.wilson(0, 10)[0] == 0.0


@pytest.mark.parametrize(
    "policy",
    ["amunre_offer_plus3", "amunre_offer_minus2", "amunre_always_theft", "amunre_max_bid"],
)
def test_amunre_fixed_policies_play_legal_games(policy: str) -> None:
    spec = arena.GameSpec("amunre", 3, seed=4, challenger=policy, field="easy", challenger_seat=1)
    record = arena.play_game(spec)
    assert len(record.scores) == 3 and record.moves > 50
    assert policy in POLICIES
