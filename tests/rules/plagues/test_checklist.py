"""Every checklist id PLG-R001..PLG-R305 is covered by at least one tagged test."""

from __future__ import annotations

import pathlib
import re

HERE = pathlib.Path(__file__).parent
IDS = {f"PLG-R{n:03d}" for n in range(1, 306)}


def tagged_ids() -> set[str]:
    tagged: set[str] = set()
    for path in HERE.glob("test_*.py"):
        if path.name == "test_checklist.py":
            continue
        text = path.read_text()
        tagged |= set(re.findall(r'mark\.rule\("(PLG-R\d{3})"\)', text))
    return tagged


def test_every_rule_id_is_tagged():
    assert sorted(IDS - tagged_ids()) == []
