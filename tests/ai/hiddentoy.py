"""The toy duel with ``sample_hidden``: other seats' sealed picks and the dice are redrawn."""

from __future__ import annotations

from typing import Any

from rules.core import Rng
from tests.support.toygame import ToyEngine


class HiddenToyEngine(ToyEngine):
    game_id = "hiddentoy"

    def sample_hidden(self, state: dict[str, Any], seat: int, rng: Rng) -> dict[str, Any]:
        sample = self.dump(state)
        for other in sorted(sample["sealed"]):
            if other != str(seat):
                sample["sealed"][other] = 1 + rng.randbelow(3)
        sample["rng"] = rng.next_u64()
        return sample


HIDDEN_TOY = HiddenToyEngine()
