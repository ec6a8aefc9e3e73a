"""The search AI's rollout policy for Ankh (``AnkhEngine.rollout_choice``, docs/ai.md).

The heuristic (``rules/ankh/ai.py``, the ``easy`` level) answers every Camel Caravan with
skip. Splitting a region pays: every region is one more place to dominate or win at each
Conflict (ANKH-R065, R075), and monument majorities (R066) are counted per region. This
policy plays the heuristic everywhere else and, at a Camel Caravan, lays the legal line whose
split gains its god the most Conflict devotion against the best rival, or skips when none
gains. It reads the full state, and the search calls it only on its own sampled worlds.
"""

from __future__ import annotations

from rules.ankh import ai
from rules.ankh.board import compute_regions, edge
from rules.ankh.data import DOMINATE_DEVOTION, WIN_DEVOTION
from rules.ankh.events import _camels, open_lines
from rules.ankh.state import State, player_of
from rules.core import Decision

CONTEST_SHARE = 0.5  # a contested region: this share of the battle's reward, on average


def choose(state: State, decision: Decision) -> str:
    if decision.key == "caravan":
        return _caravan(state, decision)
    return ai.choose(state, decision)


def region_values(state: State, regions: tuple[frozenset, ...]) -> dict[int, float]:
    """Each god's devotion from one Conflict over ``regions`` if nothing moved: majorities,
    plus dominating a region held alone, plus a share of the battle where contested."""
    figures, monuments = state["figures"], state["monuments"]
    out: dict[int, float] = {}
    for land in regions:
        counts: dict[int, int] = {}
        for h in land:
            f = figures.get(h)
            if f is not None:
                counts[f["owner"]] = counts.get(f["owner"], 0) + 1
        if not counts:
            continue
        kinds: dict[str, dict[int, int]] = {}
        for h in land:
            m = monuments.get(h)
            if m is not None and m["owner"] is not None:
                per = kinds.setdefault(m["type"], {})
                per[m["owner"]] = per.get(m["owner"], 0) + 1
        for per in kinds.values():
            best = max(per.values())
            leaders = [p for p, n in per.items() if n == best]
            if len(leaders) == 1 and leaders[0] in counts:
                out[leaders[0]] = out.get(leaders[0], 0.0) + 1.0
        if len(counts) == 1:
            (owner,) = counts
            out[owner] = out.get(owner, 0.0) + DOMINATE_DEVOTION
            continue
        total = sum(counts.values())
        for owner, n in counts.items():
            out[owner] = out.get(owner, 0.0) + WIN_DEVOTION * CONTEST_SHARE * 2 * n / total
    return out


def _advantage(values: dict[int, float], player: int) -> float:
    others = [v for p, v in values.items() if p != player]
    return values.get(player, 0.0) - max(others, default=0.0)


def best_line(state: State, player: int, chosen: list) -> tuple[frozenset | None, float]:
    """The open line (containing ``chosen``) that most improves ``player``'s Conflict
    devotion over the best rival, and that improvement (negative if every line loses)."""
    camels = _camels(state)
    base = _advantage(region_values(state, compute_regions(camels)), player)
    best: frozenset | None = None
    gain = float("-inf")
    for line in open_lines(state, chosen):
        after = _advantage(region_values(state, compute_regions(camels | line)), player)
        if after - base > gain + 1e-9:
            best, gain = line, after - base
    return best, gain


def _caravan(state: State, decision: Decision) -> str:
    ids = decision.option_ids()
    task = state["stack"][-1]
    player = player_of(state, decision.seat)
    chosen = [tuple(e) for e in task["line"]]
    line, gain = best_line(state, player, chosen)
    if line is None or (not chosen and gain <= 0):
        return "skip" if "skip" in ids else ("done" if "done" in ids else ids[0])
    missing = sorted(line - {edge(*e) for e in chosen})
    if not missing:
        return "done" if "done" in ids else ids[0]
    a, b = missing[0]
    option = f"camel:{a}-{b}"
    return option if option in ids else ids[0]
