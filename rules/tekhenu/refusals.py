"""Why an answer is not offered, in the player's words (``Engine.explain_refusal``).

The engine only offers legal options; this module reads the same state to say why a typed
answer is not among them: a Forbidden die without T08 or a colour Blessing (TEK-R063),
Scribes, resources or Happiness you do not have (TEK-R065/R067/R070/R134), a piece when all
of that kind are built (TEK-R007), a Blessing played at the wrong moment or not held.
None means "no better words": the generic refusal is shown.
"""

from __future__ import annotations

from rules.core import Decision
from rules.tekhenu.actions import (
    PRODUCE_BLESSINGS,
    WAIVERS,
    open_building_spaces,
    statue_cost,
    thoth_count,
)
from rules.tekhenu.data import (
    COLOURS,
    GOD_NAMES,
    GODS,
    PIECES,
    PILLARS,
    TEMPLE_BUILDINGS,
    ra_slot_for,
)
from rules.tekhenu.state import State, can_pay, die_purity, light_of, scribe_budget
from rules.tekhenu.turn import ANUBIS_COST

# When each Blessing is played (TEK-R119, B.13).
BLESSING_MOMENT = {
    **{card: "when you Produce, before the goods are taken" for card in PRODUCE_BLESSINGS},
    "B07": "at the start or the end of your turn",
    "B08": "at the start or the end of your turn",
    "B09": "right after you take a die, to turn it to any face",
    "B10": "right after you take a die, to turn it to any face",
    "B11": "right after you take a die, to treat it as another colour",
    "B12": "right after you take a die, to treat it as another colour",
    "B13": "when you pay for a Ra or Horus action",
    "B14": "when you pay for a Ra or Horus action",
    "B15": "when you pay for a Bastet or Hathor action",
    "B16": "when you pay for a Bastet or Hathor action",
    "B17": "right after you take a die (for the adjacent God action)",
    "B18": "right after you take a die (for the adjacent God action)",
    "B19": "right after you take a die (for the opposite God action)",
    "B20": "right after you take a die (for the opposite God action)",
    "B23": "at the start of your turn, before you take a die",
    "B24": "at the start of your turn, before you take a die",
}
BLESSING_HEADS = {"face": ("B09", "B10"), "colour": ("B11", "B12")}
PIECE_NAMES = {"buildings": "Buildings", "pillars": "Pillars", "statues": "Statues"}


def explain(state: State, decision: Decision, option_id: str) -> str | None:
    seat = decision.seat
    player = state["players"][seat]
    head, _, rest = option_id.partition(":")
    blessing = _blessing_of(head, rest)
    if blessing is not None:
        if head in BLESSING_HEADS and any(opt.id.startswith(f"{head}:")
                                          for opt in decision.options):
            return None  # the right moment; the value or colour asked for is not offered
        return _blessing(state, decision, player, blessing)
    if head in ("die", "anubis"):
        return _die(state, decision, head, rest)
    if head == "sc":
        if decision.key != "modify":
            return "You change a die's value with Scribes right after you take it."
        if scribe_budget(state, seat) < 1:
            return "Changing the die's value costs 1 Scribe, and you have none."
        return _die_range(state, rest)
    if head == "act":
        return _god_action(state, decision, player, rest)
    if head == "build" and decision.key == "hathor":
        return _hathor_space(state, player, rest)
    if head == "refresh" and decision.key == "thoth":
        cost = thoth_count(decision_value(state, decision))[1]
        if not can_pay(state, seat, {"papyrus": cost + 1}):
            return (f"Refreshing a market section costs 1 Papyrus on top of the action's {cost}, "
                    f"and you have {player['res']['papyrus']} Papyrus and {player['gold']} Gold.")
        return None
    if head == "bread" and decision.key == "bread" and rest.isdigit():
        return (f"You cannot pay {rest} Bread: you have {player['res']['bread']} Bread and "
                f"{player['gold']} Gold (Gold may stand in for Bread).")
    return None


def decision_value(state: State, decision: Decision) -> int:
    frame = state["stack"][-1] if state["stack"] else {}
    return int(frame.get("ctx", {}).get("v", 1))


# --- Blessings -------------------------------------------------------------------------------
def _blessing_of(head: str, rest: str) -> str | None:
    if head == "bless":
        return rest.split(":")[0].upper() or None
    if head == "extra":
        return rest.split(":")[0].upper() or None
    if head in BLESSING_HEADS:
        return "/".join(BLESSING_HEADS[head])
    return None


def _blessing(state: State, decision: Decision, player: dict, card: str) -> str | None:
    cards = card.split("/")
    held = [c for c in cards if c in player["blessings"]]
    if not held:
        return f"You do not hold Blessing {' or '.join(cards)}."
    card = held[0]
    moment = BLESSING_MOMENT.get(card)
    offered = {opt.id.split(":")[1] for opt in decision.options
               if opt.id.startswith(("bless:", "extra:")) and ":" in opt.id}
    if card in offered:
        return None  # the right moment; some other part of the answer is wrong
    if card in ("B17", "B18") and decision.key == "modify" and scribe_budget(
            state, decision.seat) < 1:
        return f"Blessing {card} costs 1 Scribe, and you have none."
    if card in ("B19", "B20") and decision.key == "modify" and (
            player["happiness"] < 1 or player["population"] < 1):
        return (f"Blessing {card} costs 1 Happiness and 1 Population, and you have "
                f"{player['happiness']} Happiness and {player['population']} Population.")
    if card in ("B11", "B12") and decision.key == "modify" and state["turn"]["anubis"]:
        return "A colour Blessing cannot change an Anubis die."
    if moment is None:
        return f"Blessing {card} is not played now."
    return f"Blessing {card} is played {moment}, not now."


# --- taking a die --------------------------------------------------------------------------
def _parse_die(rest: str) -> tuple[str, str, int] | None:
    god, _, die = rest.partition(":")
    colour = die.rstrip("0123456789")
    digits = die[len(colour):]
    if god not in GODS or colour not in COLOURS or not digits.isdigit():
        return None
    return god, colour, int(digits)


def _die(state: State, decision: Decision, head: str, rest: str) -> str | None:
    if decision.key != "take":
        if state["turn"] is not None and state["turn"].get("colour"):
            return "You have already taken your die this turn."
        return "You take a die on your turn, when asked to take one."
    parsed = _parse_die(rest)
    if parsed is None:
        return (f"'{head}:{rest}' is not a die: write it as {head}:<god>:<colour><value>, e.g. "
                f"{head}:ra:white5.")
    god, colour, value = parsed
    if [colour, value] not in state["sections"][god]:
        return f"There is no {colour} {value} in {GOD_NAMES[god]}'s section."
    seat = decision.seat
    turn = state["turn"]
    if head == "anubis":
        budget = scribe_budget(state, seat)
        if not turn["free_anubis"] and budget < ANUBIS_COST:
            return (f"An Anubis action costs {ANUBIS_COST} Scribes, and you have "
                    f"{state['players'][seat]['scribe']}.")
        return None
    if turn["free_anubis"]:
        return ("You played a Blessing for a free Anubis action: take this turn's die as "
                f"anubis:{rest}.")
    if die_purity(state, god, colour) == "forbidden":
        return (f"The {colour} {value} is Forbidden in {GOD_NAMES[god]}'s section (it is "
                f"{light_of(state, god)}): only Technology T08 or a colour Blessing (B11/B12) "
                "lets you take a Forbidden die.")
    return (f"No action would be possible with the {colour} {value} from "
            f"{GOD_NAMES[god]}'s section.")


def _die_range(state: State, rest: str) -> str | None:
    turn = state["turn"]
    try:
        delta = int(rest)
    except ValueError:
        return None
    if abs(delta) > 2 or delta == 0:
        return "One Scribe changes the die's value by 1 or 2."
    if not 1 <= turn["value"] + delta <= 6:
        return f"A die value stays between 1 and 6; yours is {turn['value']}."
    return None


# --- God actions ---------------------------------------------------------------------------
def _god_action(state: State, decision: Decision, player: dict, god: str) -> str | None:
    if god not in GODS:
        return f"There is no god '{god}': the gods are {', '.join(GODS)}."
    if decision.key != "action":
        return "You choose your action after you have taken and placed a die."
    turn = state["turn"]
    name = GOD_NAMES[god]
    if not turn["anubis"] and god != turn["src"]:
        return (f"Your die comes from {GOD_NAMES[turn['src']]}'s section: it gives the "
                f"{GOD_NAMES[turn['src']]} action (or Production), not {name}. An Anubis "
                "action lets you choose any god.")
    pieces = {"horus": "statues", "ra": "pillars", "hathor": "buildings", "osiris": "buildings"}
    kind = pieces.get(god)
    if kind and player[kind] <= 0:
        return (f"All {PIECES[kind]} of your {PIECE_NAMES[kind]} are built: the {name} action "
                f"needs one more.")
    seat = decision.seat
    value = turn["value"]
    res = player["res"]
    if god == "osiris" and player["happiness"] <= 0:
        return "The Osiris action costs 1 Happiness, and your Happiness is 0."
    if god == "horus":
        cost = statue_cost(player).get("granite", 0)
        if cost and not can_pay(state, seat, {"granite": cost}):
            return (f"Your next Statue costs {cost} Granite, and you have {res['granite']} "
                    f"Granite and {player['gold']} Gold.")
    if god == "ra":
        tile = state["ra"][ra_slot_for(value)]
        if tile is None:
            return f"No Pillar tile is left in the display slot for a {value}."
        data = PILLARS[tile]
        cost = {"limestone": data.limestone, "granite": data.granite}
        if not can_pay(state, seat, cost) and not _waivable(player, god):
            return (f"Pillar {tile} costs {data.limestone} Limestone and {data.granite} "
                    f"Granite, and you have {res['limestone']} Limestone, {res['granite']} "
                    f"Granite and {player['gold']} Gold.")
    if god == "hathor":
        spaces = open_building_spaces(state)
        if not spaces:
            return "Every building space around the Temple Complex is taken."
        cheapest = min(TEMPLE_BUILDINGS[wid][2] for wid in spaces)
        if not can_pay(state, seat, {"bread": cheapest}) and not _waivable(player, god):
            return (f"The cheapest open building space costs {cheapest} Bread, and you have "
                    f"{res['bread']} Bread and {player['gold']} Gold.")
    if god == "bastet" and not can_pay(state, seat, {"papyrus": 2}) \
            and not _waivable(player, god):
        return (f"The Bastet action costs 2 Papyrus, and you have {res['papyrus']} Papyrus "
                f"and {player['gold']} Gold.")
    if god == "thoth":
        count, cost = thoth_count(value)
        if cost and not can_pay(state, seat, {"papyrus": cost}):
            return (f"Taking {count} cards with Thoth costs {cost} Papyrus, and you have "
                    f"{res['papyrus']} Papyrus and {player['gold']} Gold.")
    return f"The {name} action is not possible with a {value} right now."


def _waivable(player: dict, god: str) -> bool:
    return any(card in player["blessings"] for card in WAIVERS.get(god, ()))


def _hathor_space(state: State, player: dict, wid: str) -> str | None:
    if wid not in TEMPLE_BUILDINGS:
        return f"There is no building space '{wid}': they are w0..w4 and s0..s4."
    if wid in state["tbuild"]:
        return f"Building space {wid} is taken."
    if state["n"] in TEMPLE_BUILDINGS[wid][3]:
        return f"Building space {wid} is closed at this player count."
    bread = TEMPLE_BUILDINGS[wid][2]
    return (f"Building space {wid} costs {bread} Bread, and you have {player['res']['bread']} "
            f"Bread and {player['gold']} Gold.")
