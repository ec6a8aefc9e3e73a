"""``python -m tools.guide`` (issue 12): the docs' real turn posts are made by playing through
the bot against the fake Discord. It runs here for one game into a temporary directory, so the
script cannot rot; the committed pages in docs/guide/ are checked for every game."""

from __future__ import annotations

import ast
import re
from pathlib import Path

import render
from tools import guide

ROOT = Path(__file__).resolve().parents[2]
MAX_PNG = 500 * 1024


async def test_the_guide_script_writes_a_real_turn_post(tmp_path: Path) -> None:
    out = tmp_path / "guide"
    written = await guide.main_async(["amunre"], out)
    assert sorted(p.name for p in written) == [
        "turn-amunre-board.png",
        "turn-amunre-focus.png",
        "turn-amunre.md",
    ]
    page = (out / "turn-amunre.md").read_text(encoding="utf-8")
    for part in ("# A turn post: Amun-Re", "**Amun-Re — match #1**", "**Turn:** ", "Last moves"):
        assert part in page, part
    assert "Time runs out <t:" in page  # the deadline, as Discord gets it
    assert not re.search(r"<@!?\d", page) and "> @alice" in page  # mentions as Discord shows
    assert "Seat 1" not in page  # players are named, menus too
    assert "](turn-amunre-board.png)" in page and "](turn-amunre-focus.png)" in page
    for name in ("board", "focus"):
        data = (out / f"turn-amunre-{name}.png").read_bytes()
        assert 0 < len(data) <= MAX_PNG
        assert render.png_meta(data)["match"] == "1"


def test_the_committed_guide_has_every_game() -> None:
    docs = ROOT / "docs" / "guide"
    index = (docs / "README.md").read_text(encoding="utf-8")
    for game in guide.GAMES:
        page = docs / f"turn-{game}.md"
        assert f"({page.name})" in index, game
        text = page.read_text(encoding="utf-8")
        for picture in (f"turn-{game}-board.png", f"turn-{game}-focus.png"):
            assert f"]({picture})" in text, picture
            assert 0 < (docs / picture).stat().st_size <= MAX_PNG, picture


def test_the_bot_never_imports_the_tools() -> None:
    for package in ("bot", "cogs", "rules", "render", "lang"):
        for path in (ROOT / package).rglob("*.py"):
            for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
                if isinstance(node, ast.ImportFrom | ast.Import):
                    names = (
                        [node.module or ""]
                        if isinstance(node, ast.ImportFrom)
                        else [a.name for a in node.names]
                    )
                    assert not any(n.split(".")[0] == "tools" for n in names), path
