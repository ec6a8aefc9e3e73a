"""A typed "skip" at a first-action Unlock says why it is refused (issue 12 item 7), and
changes nothing."""

from __future__ import annotations

import pytest

from rules.ankh import ENGINE
from rules.core import IllegalMove, canonical_json

from .scenario import blank, ids, play, put, task


@pytest.mark.rule("ANKH-R033")
@pytest.mark.rule("ANKH-R044")
def test_skipping_a_first_action_unlock_is_refused_with_its_reason():
    state = blank()
    put(state, "b4", "god", 0)
    state["players"][0]["followers"] = 3
    task(state, {"t": "action", "seat": 0, "n": 1, "min": -1})
    state, _ = play(state, (0, "act:unlock"))
    assert "skip" not in ids(state)
    before = canonical_json(ENGINE.dump(state))
    with pytest.raises(IllegalMove) as refused:
        ENGINE.apply(state, 0, "skip")
    assert canonical_json(ENGINE.dump(state)) == before
    text = str(refused.value)
    assert text.startswith("As your first action, Unlock Ankh Power unlocks a power"), text
    assert "only for your second action" in text, text
