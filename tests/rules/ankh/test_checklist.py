"""Every checklist id ANKH-R001..ANKH-R160 is covered by at least one tagged test."""

from __future__ import annotations

import pathlib
import re

HERE = pathlib.Path(__file__).parent
IDS = {f"ANKH-R{n:03d}" for n in range(1, 161)}


def test_every_rule_id_is_tagged():
    tagged = set()
    for path in HERE.glob("test_*.py"):
        if path.name == "test_checklist.py":
            continue
        tagged |= set(re.findall(r'mark\.rule\("(ANKH-R\d{3})"\)', path.read_text()))
    assert sorted(IDS - tagged) == []
