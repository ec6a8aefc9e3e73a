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
    COLOUR_NAMES,
    COLOURS,
    GOD_NAMES,
    GODS,
    LIGHT_NAMES,
    PIECE_NAMES,
    PIECES,
    PILLARS,
    TEMPLE_BUILDINGS,
    ra_slot_for,
)
from rules.tekhenu.state import State, can_pay, die_purity, light_of, scribe_budget
from rules.tekhenu.turn import ANUBIS_COST
from rules.text import msg, term

# When each Blessing is played (TEK-R119, B.13).
BLESSING_MOMENT = {
    **{card: term("when you Produce, before the goods are taken") for card in PRODUCE_BLESSINGS},
    "B07": term("during your turn, between its steps (not in the middle of an action)"),
    "B08": term("during your turn, between its steps (not in the middle of an action)"),
    "B09": term("right after you take a die, to turn it to any face"),
    "B10": term("right after you take a die, to turn it to any face"),
    "B11": term("right after you take a die, to treat it as another colour"),
    "B12": term("right after you take a die, to treat it as another colour"),
    "B13": term("when you pay for a Ra or Horus action"),
    "B14": term("when you pay for a Ra or Horus action"),
    "B15": term("when you pay for a Bastet or Hathor action"),
    "B16": term("when you pay for a Bastet or Hathor action"),
    "B17": term("right after you take a die (for the adjacent God action)"),
    "B18": term("right after you take a die (for the adjacent God action)"),
    "B19": term("right after you take a die (for the opposite God action)"),
    "B20": term("right after you take a die (for the opposite God action)"),
    "B23": term("at the start of your turn, before you take a die"),
    "B24": term("at the start of your turn, before you take a die"),
}
BLESSING_HEADS = {"face": ("B09", "B10"), "colour": ("B11", "B12")}


def explain(state: State, decision: Decision, option_id: str) -> str | None:
    seat = decision.seat
    player = state["players"][seat]
    head, _, rest = option_id.partition(":")
    blessing = _blessing_of(head, rest)
    if blessing is not None:
        if head in BLESSING_HEADS and any(
            opt.id.startswith(f"{head}:") for opt in decision.options
        ):
            return None  # the right moment; the value or colour asked for is not offered
        return _blessing(state, decision, player, blessing)
    if head in ("die", "anubis"):
        return _die(state, decision, head, rest)
    if head == "sc":
        if decision.key != "modify":
            return msg("You change a die's value with Scribes right after you take it.")
        if scribe_budget(state, seat) < 1:
            return msg("Changing the die's value costs 1 Scribe, and you have none.")
        return _die_range(state, rest)
    if head == "act":
        return _god_action(state, decision, player, rest)
    if head == "build" and decision.key == "hathor":
        return _hathor_space(state, player, rest)
    if head == "refresh" and decision.key == "thoth":
        cost = thoth_count(decision_value(state, decision))[1]
        if not can_pay(state, seat, {"papyrus": cost + 1}):
            return msg(
                "Refreshing a market section costs 1 Papyrus on top of the action's "
                "{cost}, and you have {papyrus} Papyrus and {gold} Gold.",
                cost=cost,
                papyrus=player["res"]["papyrus"],
                gold=player["gold"],
            )
        return None
    if head == "bread" and decision.key == "bread" and rest.isdigit():
        return msg(
            "You cannot pay {n} Bread: you have {bread} Bread and {gold} Gold (Gold may "
            "stand in for Bread).",
            n=rest,
            bread=player["res"]["bread"],
            gold=player["gold"],
        )
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
        if len(cards) > 1:
            return msg("You do not hold Blessing {card} or {other}.", card=cards[0], other=cards[1])
        return msg("You do not hold Blessing {card}.", card=cards[0])
    card = held[0]
    moment = BLESSING_MOMENT.get(card)
    offered = {
        opt.id.split(":")[1]
        for opt in decision.options
        if opt.id.startswith(("bless:", "extra:")) and ":" in opt.id
    }
    if card in offered:
        return None  # the right moment; some other part of the answer is wrong
    if (
        card in ("B17", "B18")
        and decision.key == "modify"
        and scribe_budget(state, decision.seat) < 1
    ):
        return msg("Blessing {card} costs 1 Scribe, and you have none.", card=card)
    if (
        card in ("B19", "B20")
        and decision.key == "modify"
        and (player["happiness"] < 1 or player["population"] < 1)
    ):
        return msg(
            "Blessing {card} costs 1 Happiness and 1 Population, and you have "
            "{happiness} Happiness and {population} Population.",
            card=card,
            happiness=player["happiness"],
            population=player["population"],
        )
    if card in ("B17", "B18", "B19", "B20") and decision.key == "modify":
        # TEK-R238..R241 (issue 11): offered only when that God action can be performed
        return msg(
            "Blessing {card}'s extra action could not be performed with this die, "
            "before or after your regular action (or not for that god).",
            card=card,
        )
    if card in ("B11", "B12") and decision.key == "modify" and state["turn"]["anubis"]:
        return msg("A colour Blessing cannot change an Anubis die.")
    if moment is None:
        return msg("Blessing {card} is not played now.", card=card)
    return msg("Blessing {card} is played {moment}, not now.", card=card, moment=moment)


# --- taking a die --------------------------------------------------------------------------
def _parse_die(rest: str) -> tuple[str, str, int] | None:
    god, _, die = rest.partition(":")
    colour = die.rstrip("0123456789")
    digits = die[len(colour) :]
    if god not in GODS or colour not in COLOURS or not digits.isdigit():
        return None
    return god, colour, int(digits)


def _die(state: State, decision: Decision, head: str, rest: str) -> str | None:
    if decision.key != "take":
        if state["turn"] is not None and state["turn"].get("colour"):
            return msg("You have already taken your die this turn.")
        return msg("You take a die on your turn, when asked to take one.")
    parsed = _parse_die(rest)
    if parsed is None:
        return msg(
            "'{head}:{rest}' is not a die: write it as {head}:<god>:<colour><value>, "
            "e.g. {head}:ra:white5.",
            head=head,
            rest=rest,
        )
    god, colour, value = parsed
    if [colour, value] not in state["sections"][god]:
        return msg(
            "There is no {colour} {value} in {god}'s section.",
            colour=COLOUR_NAMES[colour],
            value=value,
            god=GOD_NAMES[god],
        )
    seat = decision.seat
    turn = state["turn"]
    if head == "anubis":
        budget = scribe_budget(state, seat)
        if not turn["free_anubis"] and budget < ANUBIS_COST:
            return msg(
                "An Anubis action costs {cost} {cost:plural:Scribe|Scribes}, and you have "
                "{scribes}.",
                cost=ANUBIS_COST,
                scribes=state["players"][seat]["scribe"],
            )
        return None
    if turn["free_anubis"]:
        return msg(
            "You played a Blessing for a free Anubis action: take this turn's die as "
            "anubis:{rest}.",
            rest=rest,
        )
    if die_purity(state, god, colour) == "forbidden":
        return msg(
            "The {colour} {value} is Forbidden in {god}'s section (it is {light}): only "
            "Technology T08 or a colour Blessing (B11/B12) lets you take a Forbidden "
            "die.",
            colour=COLOUR_NAMES[colour],
            value=value,
            god=GOD_NAMES[god],
            light=LIGHT_NAMES[light_of(state, god)],
        )
    return msg(
        "No action would be possible with the {colour} {value} from {god}'s section.",
        colour=COLOUR_NAMES[colour],
        value=value,
        god=GOD_NAMES[god],
    )


def _die_range(state: State, rest: str) -> str | None:
    turn = state["turn"]
    try:
        delta = int(rest)
    except ValueError:
        return None
    if abs(delta) > 2 or delta == 0:
        return msg("One Scribe changes the die's value by 1 or 2.")
    if not 1 <= turn["value"] + delta <= 6:
        return msg("A die value stays between 1 and 6; yours is {value}.", value=turn["value"])
    return None


# --- God actions ---------------------------------------------------------------------------
def _god_action(state: State, decision: Decision, player: dict, god: str) -> str | None:
    if god not in GODS:
        return msg("There is no god '{god}': the gods are {gods}.", god=god, gods=", ".join(GODS))
    if decision.key != "action":
        return msg("You choose your action after you have taken and placed a die.")
    turn = state["turn"]
    name = GOD_NAMES[god]
    if not turn["anubis"] and god != turn["src"]:
        return msg(
            "Your die comes from {src}'s section: it gives the {src} action (or "
            "Production), not {god}. An Anubis action lets you choose any god.",
            src=GOD_NAMES[turn["src"]],
            god=name,
        )
    pieces = {"horus": "statues", "ra": "pillars", "hathor": "buildings", "osiris": "buildings"}
    kind = pieces.get(god)
    if kind and player[kind] <= 0:
        return msg(
            "All {count} of your {pieces} are built: the {god} action needs one more.",
            count=PIECES[kind],
            pieces=PIECE_NAMES[kind],
            god=name,
        )
    seat = decision.seat
    value = turn["value"]
    res = player["res"]
    if god == "osiris" and player["happiness"] <= 0:
        return msg("The Osiris action costs 1 Happiness, and your Happiness is 0.")
    if god == "horus":
        cost = statue_cost(player).get("granite", 0)
        if cost and not can_pay(state, seat, {"granite": cost}):
            return msg(
                "Your next Statue costs {cost} Granite, and you have {granite} Granite "
                "and {gold} Gold.",
                cost=cost,
                granite=res["granite"],
                gold=player["gold"],
            )
    if god == "ra":
        tile = state["ra"][ra_slot_for(value)]
        if tile is None:
            return msg("No Pillar tile is left in the display slot for a {value}.", value=value)
        data = PILLARS[tile]
        pillar_cost = {"limestone": data.limestone, "granite": data.granite}
        if not can_pay(state, seat, pillar_cost) and not _waivable(player, god):
            return msg(
                "Pillar {tile} costs {cost_limestone} Limestone and {cost_granite} "
                "Granite, and you have {limestone} Limestone, {granite} Granite and "
                "{gold} Gold.",
                tile=tile,
                cost_limestone=data.limestone,
                cost_granite=data.granite,
                limestone=res["limestone"],
                granite=res["granite"],
                gold=player["gold"],
            )
    if god == "hathor":
        spaces = open_building_spaces(state)
        if not spaces:
            return msg("Every building space around the Temple Complex is taken.")
        cheapest = min(TEMPLE_BUILDINGS[wid][2] for wid in spaces)
        if not can_pay(state, seat, {"bread": cheapest}) and not _waivable(player, god):
            return msg(
                "The cheapest open building space costs {cost} Bread, and you have "
                "{bread} Bread and {gold} Gold.",
                cost=cheapest,
                bread=res["bread"],
                gold=player["gold"],
            )
    if god == "bastet" and not can_pay(state, seat, {"papyrus": 2}) and not _waivable(player, god):
        return msg(
            "The Bastet action costs 2 Papyrus, and you have {papyrus} Papyrus and {gold} Gold.",
            papyrus=res["papyrus"],
            gold=player["gold"],
        )
    if god == "thoth":
        count, cost = thoth_count(value)
        if cost and not can_pay(state, seat, {"papyrus": cost}):
            return msg(
                "Taking {count} {count:plural:card|cards} with Thoth costs {cost} Papyrus, "
                "and you have {papyrus} Papyrus and {gold} Gold.",
                count=count,
                cost=cost,
                papyrus=res["papyrus"],
                gold=player["gold"],
            )
    return msg("The {god} action is not possible with a {value} right now.", god=name, value=value)


def _waivable(player: dict, god: str) -> bool:
    return any(card in player["blessings"] for card in WAIVERS.get(god, ()))


def _hathor_space(state: State, player: dict, wid: str) -> str | None:
    if wid not in TEMPLE_BUILDINGS:
        return msg("There is no building space '{space}': they are w0..w4 and s0..s4.", space=wid)
    if wid in state["tbuild"]:
        return msg("Building space {space} is taken.", space=wid)
    if state["n"] in TEMPLE_BUILDINGS[wid][3]:
        return msg("Building space {space} is closed at this player count.", space=wid)
    bread = TEMPLE_BUILDINGS[wid][2]
    return msg(
        "Building space {space} costs {cost} Bread, and you have {bread} Bread and {gold} Gold.",
        space=wid,
        cost=bread,
        bread=player["res"]["bread"],
        gold=player["gold"],
    )
