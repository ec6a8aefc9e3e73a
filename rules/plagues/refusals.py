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
from rules.plagues.data import CELLS, CITY_CELLS, FLIES_CARDS, PROVINCE_NAMES, TERRITORIES
from rules.plagues.die_actions import hebrew_need
from rules.plagues.state import (
    State,
    a_tile,
    area_cells,
    can_receive,
    coin_payable,
    pharaoh_free,
    plague_on,
    tile_name,
)
from rules.text import Msg, msg, term

POWER_ANSWERS = {"abydos": "abydos", "edfu": "edfu"}  # option head -> province


def _area(cells: tuple[str, ...]) -> Msg:
    if len(cells) == len(CELLS):
        return term("city or field area")
    return term("city area") if cells[0] in CITY_CELLS else term("field area")


def _task(state: State, seat: int) -> dict:
    stack = state["stacks"][seat]
    return stack[-1] if stack else {}


def explain(state: State, decision: Decision, option_id: str) -> Msg | None:
    seat = decision.seat
    player = state["players"][seat]
    head, _, arg = option_id.partition(":")
    task = _task(state, seat)
    fuller = [i for i in decision.option_ids() if i.startswith(option_id + ":")]
    if fuller and head in ("pay", "card"):  # PLG-R090 / PLG-R130 / PLG-R232
        return msg(
            "You hold both pharaoh card 3 and a coin tile: say which pays ({options}).",
            options=", ".join(fuller),
        )
    if head in POWER_ANSWERS:  # PLG-R217 / PLG-R218 / PLG-R223
        province = POWER_ANSWERS[head]
        if player["province"] != province:
            mine = PROVINCE_NAMES.get(player["province"]) or term("none yet")
            return msg(
                "That is {province}'s power; your province is {mine}.",
                province=PROVINCE_NAMES[province],
                mine=mine,
            )
        if player["power_used"]:
            return msg(
                "{province}'s power works once per round and you have used it this round already.",
                province=PROVINCE_NAMES[province],
            )
        if province == "edfu" and decision.key == "action" and task.get("v") != 3:
            return msg("Edfu's power needs a die of value 3, not {value}.", value=task.get("v"))
        if province == "abydos" and decision.key != "abydos":
            return msg("Abydos's power is offered right after you turn a die card.")
        return None
    if head == "die":  # PLG-R050 / PLG-R052
        if not arg.isdigit() or not 1 <= int(arg) <= 6:
            return msg("There is no die card '{card}': your die cards are 1 to 6.", card=arg)
        if int(arg) in player["dice_used"]:
            return msg("You have already used your die card {card} this round.", card=arg)
        return None
    if head == "space" and decision.key == "space":  # PLG-R009..PLG-R011
        tile = task.get("tile", "")
        cells = area_cells(tile)
        if arg not in CELLS:
            return msg(
                "There is no space '{cell}': city spaces are c0–c5, field spaces f0–f5.", cell=arg
            )
        if arg not in cells:
            return msg(
                "{tile} goes in your {area} ({first}–{last}), not on {cell}.",
                tile=a_tile(tile, capital=True),
                area=_area(cells),
                first=cells[0],
                last=cells[-1],
                cell=arg,
            )
        if player["cells"][arg] is not None:
            return msg(
                "Space {cell} already holds {tile}.", cell=arg, tile=a_tile(player["cells"][arg])
            )
        return None
    if decision.key == "action":
        value = task.get("v", 0)
        if option_id == "tile":  # PLG-R057 / PLG-R062
            tile = state["dice_spaces"][value - 1] if 1 <= value <= 6 else None
            if tile is None:
                return msg("Dice space {space} is empty.", space=value)
            if not can_receive(player, tile):
                return msg(
                    "Your {area} is full: you cannot receive the {tile} on space {space}.",
                    area=_area(area_cells(tile)),
                    tile=tile_name(tile),
                    space=value,
                )
            return None
        if head == "hebrew" and arg.isdigit():  # PLG-R098 / PLG-R099
            hebrew = int(arg)
            if hebrew not in state["hebrews"]:
                return msg("There is no Hebrew of value {hebrew} to free.", hebrew=hebrew)
            need = hebrew_need(state, seat, hebrew)
            if value < need:
                return msg(
                    "A die of {value} cannot free a Hebrew of value {hebrew}: it needs "
                    "at least {need}.",
                    value=value,
                    hebrew=hebrew,
                    need=need,
                )
            return None
        if option_id == "pharaoh" and 1 <= value <= 6:
            if not pharaoh_free(state, value):
                return msg("Pharaoh card {n} is already taken this round.", n=value)
            if value in FLIES_CARDS and plague_on(state, seat, "flies"):  # PLG-R172
                return msg(
                    "Under Flies, pharaoh card {n} costs a coin tile, and you have none.", n=value
                )
    if head == "pay" and not coin_payable(state, seat):  # PLG-R129 / PLG-R090
        return msg(
            "You cannot pay 1 coin: that needs a coin tile or pharaoh card 3, and you have neither."
        )
    if head == "card" and arg in TERRITORIES:  # PLG-R230..PLG-R255
        name = TERRITORIES[arg]["name"]
        held = next((card for card in player["terr"] if card["id"] == arg), None)
        if held is None:
            return msg("You do not hold {card}.", card=name)
        if held["used"]:
            return msg("You have used {card} already this round.", card=name)
        if arg.startswith("tr_") and not coin_payable(state, seat):
            what = (
                term("Skipping the tribute")
                if arg == "tr_skip_tribute"
                else msg("Using {card}", card=name)
            )
            return msg(
                "{what} costs 1 coin: that needs a coin tile or pharaoh card 3, and you "
                "have neither.",
                what=what,
            )
        if arg == "tr_skip_tribute" and decision.key != "tribute":
            return msg("{card} is used when you pay the tribute (phase 3).", card=name)
    return None
