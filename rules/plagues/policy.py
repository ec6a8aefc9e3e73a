"""The search AI's rollout policy for 10 Plagues (docs/ai.md): the heuristic (ai.py), plus a
plan for the rising tributes. The heuristic looks only at this round's tribute; here a coin
tile, a boat step and a paid track step are also weighed by the penalty cards they save or
cost over the rest of the game (estimate.expected_penalties). Played on sampled worlds only;
the ``easy`` level stays ai.choose."""

from __future__ import annotations

from rules.core import Decision
from rules.plagues import ai
from rules.plagues.data import BONUS_EDGES
from rules.plagues.estimate import expected_penalties
from rules.plagues.state import State, tile_type

PLAN_WEIGHT = 1.0  # heuristic points per VP of expected penalty saved
HEBREW_RACE_BONUS = 1.0  # heuristic points for a Hebrew while the ranking is open
HEBREW_SAFE_LEAD = 4  # Hebrew values ahead of every other seat: the ranking is safe
EDGE_START_SHARE = 0.3  # a half-built coin bonus: this share of the income it will bring


def choose(state: State, decision: Decision) -> str:
    seat = decision.seat
    if state["ai"] == seat:
        return ai.choose(state, decision)
    plan = _Plan(state, seat)
    best, best_score = decision.options[0].id, float("-inf")
    for option in decision.options:
        score = _score(state, decision, option.id, plan)
        if score > best_score:
            best, best_score = option.id, score
    return best


class _Plan:
    """The penalty a coin tile, a boat step or a coin spent changes, computed once."""

    def __init__(self, state: State, seat: int) -> None:
        self.state, self.seat = state, seat
        self.base = expected_penalties(state, seat)
        self._cache: dict[str, float] = {}

    def gain(self, what: str) -> float:
        if what not in self._cache:
            self._cache[what] = self._gain(what)
        return self._cache[what]

    def _gain(self, what: str) -> float:
        change = {
            "coin": {"coins": 1},
            "spend": {"coins": -1 if "coin" in self.state["players"][self.seat]["kept"] else 0},
            "boat": {"nile": 1},
            "boat2": {"nile": 2},
            "income": {"steady": 1},
        }[what]
        return self.base - expected_penalties(self.state, self.seat, **change)

    def tile(self, tile: str | None) -> float:
        if tile is None:
            return 0.0
        kind = tile_type(tile)
        if kind in ("coin", "boat"):
            return PLAN_WEIGHT * self.gain(kind)
        return 0.0


def _score(state: State, decision: Decision, option: str, plan: _Plan) -> float:
    base = ai._score(state, decision, option)  # noqa: SLF001 - the heuristic's rules of thumb
    key, seat = decision.key, decision.seat
    spaces = state["dice_spaces"]
    if key == "die" and option.startswith("die:"):
        from rules.plagues.dice import action_options

        value = int(option.split(":")[1])
        return (
            max(
                ai._action_score(state, seat, value, o.id)  # noqa: SLF001
                + _action_plan(state, value, o.id, plan)
                for o in action_options(state, seat, value)
            )
            - 0.25 * value
        )
    if key == "action":
        value = state["stacks"][seat][-1]["v"] if state["stacks"][seat] else 1
        return base + _action_plan(state, value, option, plan)
    if key == "tile":
        return base + plan.tile(spaces[int(option.split(":")[1]) - 1])
    if key == "edfu_keep":
        return base + plan.tile(option.split(":")[1])
    if key == "space":
        return base + PLAN_WEIGHT * _coin_edge(state, seat, option.split(":")[1], plan)
    if key == "pick_territory" and option.startswith("pick:tr_coin"):
        return base + PLAN_WEIGHT * plan.gain("income")
    if key == "track" and option.startswith("pay:"):
        return base + PLAN_WEIGHT * plan.gain("spend")  # a negative gain: the coin is missed
    return base


def _action_plan(state: State, value: int, option: str, plan: _Plan) -> float:
    if option == "tile":
        return plan.tile(state["dice_spaces"][value - 1])
    if option.startswith("hebrew:"):
        return _hebrew_race(state, plan.seat)
    if option == "pharaoh" and value == 3:
        return PLAN_WEIGHT * plan.gain("coin")  # pharaoh card 3: a coin at this tribute
    if option == "card:sa_die_as_six" or (option == "pharaoh" and value == 6):
        return PLAN_WEIGHT * plan.gain("boat2")  # pharaoh card 6: boat +2
    return 0.0


def _hebrew_race(state: State, seat: int) -> float:
    """The Hebrews' ranking (PLG-R210..PLG-R212) is worth far more than the heuristic's flat
    value while the race is open: a bonus unless the seat is already safely ahead."""
    sums = [sum(p["hebrews"]) for p in state["players"]]
    best_other = max(v for s, v in enumerate(sums) if s != seat)
    return HEBREW_RACE_BONUS if sums[seat] <= best_other + HEBREW_SAFE_LEAD else 0.0


def _coin_edge(state: State, seat: int, cell: str, plan: _Plan) -> float:
    """A coin bonus (PLG-R070) this placement completes is +1 income for every later tribute;
    one it starts is worth a share of that."""
    cells = state["players"][seat]["cells"]
    value = 0.0
    for a, b, kind in BONUS_EDGES:
        if kind == "coin" and cell in (a, b):
            other = b if cell == a else a
            value += plan.gain("income") * (1.0 if cells[other] is not None else EDGE_START_SHARE)
    return value
