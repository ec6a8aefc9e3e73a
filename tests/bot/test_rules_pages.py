"""The /rules reference pages (bot/rules_pages.py): every game has every topic, pages fit in a
Discord embed, and every checklist id a page cites exists in ../shared/rules/<game>.md."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

import rules
from bot.rules_pages import PAGES, TOPICS, page, topics

CHECKLISTS = Path(__file__).resolve().parents[3] / "shared" / "rules"
PREFIX = {"amunre": "AMR", "ankh": "ANKH", "plagues": "PLG", "tekhenu": "TEK"}


def test_every_game_has_every_topic() -> None:
    assert set(PAGES) == set(PREFIX) == {g for g in rules.ENGINES if g in PREFIX}
    for game_id in PAGES:
        assert topics(game_id) == list(TOPICS), game_id
        for topic in ("turn", "actions", "scoring"):
            assert page(game_id, topic) is not None
    assert page("amunre", "nope") is None and page("nope", "turn") is None


@pytest.mark.parametrize("game_id", sorted(PAGES))
def test_pages_fit_and_cite_their_rules(game_id: str) -> None:
    for topic, entry in PAGES[game_id].items():
        assert 0 < len(entry.text) <= 4096, (game_id, topic)  # an embed description
        assert len(entry.title) <= 256
        assert rules.get(game_id).title.split(":")[0] in entry.title
        assert entry.rules, (game_id, topic)
        for rule_id in entry.rules:
            assert rule_id.startswith(PREFIX[game_id] + "-R"), rule_id


@pytest.mark.parametrize("game_id", sorted(PAGES))
def test_cited_rules_exist_in_the_checklist(game_id: str) -> None:
    checklist = CHECKLISTS / f"{game_id}.md"
    if not checklist.exists():
        pytest.skip(f"no checklist at {checklist}")
    known = set(re.findall(rf"{PREFIX[game_id]}-R\d{{3}}", checklist.read_text("utf-8")))
    for topic, entry in PAGES[game_id].items():
        missing = [rule_id for rule_id in entry.rules if rule_id not in known]
        assert not missing, (game_id, topic, missing)
