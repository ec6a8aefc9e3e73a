"""Every checklist id TEK-R001..TEK-R349 is covered by at least one tagged test."""

from __future__ import annotations

import pathlib
import re

HERE = pathlib.Path(__file__).parent
IDS = {f"TEK-R{n:03d}" for n in range(1, 350)}


def test_every_rule_id_is_tagged():
    tagged = set()
    for path in HERE.glob("test_*.py"):
        if path.name == "test_checklist.py":
            continue
        text = path.read_text()
        tagged |= set(re.findall(r'mark\.rule\("(TEK-R\d{3})"\)', text))
    assert sorted(IDS - tagged) == []
