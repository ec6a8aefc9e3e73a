"""Why an answer is not offered, in the player's words (``Engine.explain_refusal``).

The engine only ever offers legal options; this module reads the same state to say why a
typed answer is not among them: a die card already turned (PLG-R050), a tile for the wrong
area or a full one (PLG-R009..PLG-R011, PLG-R062), a Hebrew the die cannot free
(PLG-R098 / PLG-R099), a coin payment without a coin (PLG-R129, PLG-R172, PLG-R232), a
once-per-round power used twice (PLG-R217). None means "no better words": the generic
refusal is shown.
"""

from __future__ import annotations

from rules.core import Decision
from rules.plagues.data import CELLS, CITY_CELLS, FLIES_CARDS, TERRITORIES
from rules.plagues.state import (
    State,
    a_tile,
    area_cells,
    can_receive,
    coin_payable,
    plague_on,
    tile_name,
)

POWER_ANSWERS = {"abydos": "abydos", "edfu": "edfu"}   # option head -> province
NO_COIN = "that needs a coin tile or pharaoh card 3, and you have neither"


def _area(cells: tuple[str, ...]) -> str:
    if len(cells) == len(CELLS):
        return "city or field area"
    return "city area" if cells[0] in CITY_CELLS else "field area"


def _task(state: State, seat: int) -> dict:
    stack = state["stacks"][seat]
    return stack[-1] if stack else {}


def explain(state: State, decision: Decision, option_id: str) -> str | None:
    seat = decision.seat
    player = state["players"][seat]
    head, _, arg = option_id.partition(":")
    task = _task(state, seat)
    if head in POWER_ANSWERS:                                   # PLG-R217 / PLG-R218 / PLG-R223
        province = POWER_ANSWERS[head]
        if player["province"] != province:
            mine = (player["province"] or "none yet").title()
            return f"That is {province.title()}'s power; your province is {mine}."
        if player["power_used"]:
            return (f"{province.title()}'s power works once per round and you have used it "
                    "this round already.")
        if province == "edfu" and decision.key == "action" and task.get("v") != 3:
            return f"Edfu's power needs a die of value 3, not {task.get('v')}."
        if province == "abydos" and decision.key != "abydos":
            return "Abydos's power is offered right after you turn a die card."
        return None
    if head == "die":                                           # PLG-R050 / PLG-R052
        if not arg.isdigit() or not 1 <= int(arg) <= 6:
            return f"There is no die card '{arg}': your die cards are 1 to 6."
        if int(arg) in player["dice_used"]:
            return f"You have already used your die card {arg} this round."
        return None
    if head == "space" and decision.key == "space":             # PLG-R009..PLG-R011
        tile = task.get("tile", "")
        cells = area_cells(tile)
        if arg not in CELLS:
            return f"There is no space '{arg}': city spaces are c0–c5, field spaces f0–f5."
        if arg not in cells:
            return (f"{a_tile(tile).capitalize()} goes in your {_area(cells)} "
                    f"({cells[0]}–{cells[-1]}), not on {arg}.")
        if player["cells"][arg] is not None:
            return f"Space {arg} already holds {a_tile(player['cells'][arg])}."
        return None
    if decision.key == "action":
        value = task.get("v", 0)
        if option_id == "tile":                                 # PLG-R057 / PLG-R062
            tile = state["dice_spaces"][value - 1] if 1 <= value <= 6 else None
            if tile is None:
                return f"Dice space {value} is empty."
            if not can_receive(player, tile):
                return (f"Your {_area(area_cells(tile))} is full: you cannot receive "
                        f"the {tile_name(tile)} on space {value}.")
            return None
        if head == "hebrew" and arg.isdigit():                  # PLG-R098 / PLG-R099
            from rules.plagues.dice import hebrew_need

            hebrew = int(arg)
            if hebrew not in state["hebrews"]:
                return f"There is no Hebrew of value {hebrew} to free."
            need = hebrew_need(state, seat, hebrew)
            if value < need:
                return (f"A die of {value} cannot free a Hebrew of value {hebrew}: "
                        f"it needs at least {need}.")
            return None
        if option_id == "pharaoh" and 1 <= value <= 6:
            if state["pharaoh"][value - 1] is not None:
                return f"Pharaoh card {value} is already taken this round."
            if value in FLIES_CARDS and plague_on(state, seat, "flies"):   # PLG-R172
                return (f"Under Flies, pharaoh card {value} costs a coin tile, "
                        "and you have none.")
    if head == "pay" and not coin_payable(state, seat):         # PLG-R129 / PLG-R090
        return f"You cannot pay 1 coin: {NO_COIN}."
    if head == "card" and arg in TERRITORIES:                   # PLG-R230..PLG-R255
        name = TERRITORIES[arg]["name"]
        held = next((card for card in player["terr"] if card["id"] == arg), None)
        if held is None:
            return f"You do not hold {name}."
        if held["used"]:
            return f"You have used {name} already this round."
        if arg.startswith("tr_") and not coin_payable(state, seat):
            what = "Skipping the tribute" if arg == "tr_skip_tribute" else f"Using {name}"
            return f"{what} costs 1 coin: {NO_COIN}."
        if arg == "tr_skip_tribute" and decision.key != "tribute":
            return f"{name} is used when you pay the tribute (phase 3)."
    return None
