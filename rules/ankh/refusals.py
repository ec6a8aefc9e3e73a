"""Why an answer was refused, in the player's words (``AnkhEngine.explain_refusal``): moves
onto water or occupied spaces, summons away from your pieces, unlocks without enough
followers, camel lines that leave a region under 6 land spaces or do not connect, ..."""

from __future__ import annotations

from rules.ankh.actions import summon_spaces
from rules.ankh.board import (
    HEXES,
    LAND,
    NEIGHBORS,
    WATER,
    _vertices_of_edge,
    distance,
    edge,
    valid_lines,
)
from rules.ankh.data import (
    ACTION_LABELS,
    ACTIONS,
    GOD_NAMES,
    GUARDIAN_LEVEL,
    GUARDIAN_NAMES,
    MAX_CAMELS_PER_LINE,
    MIN_REGION_LAND,
    MONUMENT_NAMES,
    MOVE_RANGE,
    POWER_LEVEL,
    POWER_NAMES,
    UNLOCK_LEVELS,
)
from rules.ankh.state import State, figure_label, name, player_of, seats_text
from rules.core import Decision
from rules.text import Msg, msg


def explain(state: State, decision: Decision, option_id: str) -> Msg | None:
    kind, _, arg = option_id.partition(":")
    key = decision.key
    task = state["stack"][-1] if state["stack"] else {}
    if kind == "power":
        return _unlock(state, decision, arg)
    if key == "unlock" and option_id == "skip":  # ANKH-R033 / R044 / R045
        return msg(
            "As your first action, Unlock Ankh Power unlocks a power whenever you have "
            "the followers for it: the rulebook lets you advance a marker without "
            "performing its action only for your second action."
        )
    if key == "god" and kind == "god":
        taken = [i for i, pl in enumerate(state["players"]) if arg in pl["gods"]]
        if taken:
            return msg(
                "{god} is already taken by {seat}: choose another god.",
                god=GOD_NAMES.get(arg, arg),
                seat=seats_text([taken[0]]),
            )
        return msg(
            "'{god}' is not a god of Ankh: choose Amun, Anubis, Isis, Osiris or Ra.", god=arg
        )
    if key == "guardian" and kind == "guardian":
        level = task.get("level")
        labels = [o.label for o in decision.options]
        names = (
            labels[0]
            if len(labels) == 1
            else msg("{first} or {second}", first=labels[0], second=labels[-1])
            if labels
            else ""
        )
        if arg in GUARDIAN_LEVEL:
            return msg(
                "{guardian} is a level-{level} guardian: choose the level-{wanted} one ({names}).",
                guardian=GUARDIAN_NAMES[arg],
                level=GUARDIAN_LEVEL[arg],
                wanted=level,
                names=names,
            )
        return msg("'{guardian}' is not a guardian: choose {names}.", guardian=arg, names=names)
    if key == "action" and kind == "act":
        if arg not in ACTIONS:
            return msg("The actions are act:move, act:summon, act:followers and act:unlock.")
        first = ACTIONS[task.get("min", -1)] if task.get("min", -1) >= 0 else None
        return msg(
            "Your second action must come from a row below your first action "
            "({first}): the rows are Move, Summon, Gain Followers, Unlock, top to "
            "bottom.",
            first=ACTION_LABELS[first] if first else msg("the first"),
        )
    if key == "move" and kind == "fig":
        return _pick_figure(state, decision, task, arg)
    if key == "move_to" and kind == "to":
        return _move_to(state, task, arg)
    if key == "summon" and kind == "pc":
        return _summon_piece(state, task, arg)
    if key == "summon_at" and kind == "at":
        return _summon_at(state, task, arg)
    if key == "battle_card" and kind == "card":
        return msg(
            "That card is not in your hand (played cards stay face up until Cycle of Ma'at)."
        )
    if key == "locust_bid" and kind == "bid":
        return msg("You can bid any number of your own followers, from 0 to all of them.")
    if key == "caravan":
        return _camel(state, decision, task, option_id)
    return None


# --- moves ------------------------------------------------------------------------------
def _pick_figure(state: State, decision: Decision, task: dict, hex_: str) -> Msg:
    fig = state["figures"].get(hex_)
    if fig is None:
        return msg("There is no figure on {hex}.", hex=hex_)
    if fig["owner"] != task.get("p"):
        return msg(
            "The figure on {hex} is {figure}, not yours.", hex=hex_, figure=figure_label(state, fig)
        )
    if hex_ in task.get("moved", ()):
        return msg("The figure on {hex} has already moved this action.", hex=hex_)
    return msg(
        "The figure on {hex} has no empty space within {n} {n:plural:space|spaces} to move to.",
        hex=hex_,
        n=MOVE_RANGE,
    )


def _move_to(state: State, task: dict, hex_: str) -> Msg:
    origin = task.get("sel")
    if hex_ not in HEXES:
        return msg("There is no space {hex} on the board.", hex=hex_)
    if hex_ in WATER:
        return msg("{hex} is water: a figure cannot end its move on water.", hex=hex_)
    if origin and distance(origin, hex_) > MOVE_RANGE:
        return msg(
            "{hex} is {n} {n:plural:space|spaces} away: a figure moves at most {most}.",
            hex=hex_,
            n=distance(origin, hex_),
            most=MOVE_RANGE,
        )
    if hex_ in state["figures"]:
        return msg(
            "{hex} is occupied by {figure}: a figure must end its move on an empty space.",
            hex=hex_,
            figure=figure_label(state, state["figures"][hex_]),
        )
    if hex_ in state["monuments"]:
        return msg(
            "{hex} holds a monument ({monument}): end the move on an empty space.",
            hex=hex_,
            monument=MONUMENT_NAMES[state["monuments"][hex_]["type"]],
        )
    if hex_ in state["underworld"]:
        return msg(
            "{hex} is an underworld portal: only Osiris's figures may stand there.", hex=hex_
        )
    return msg(
        "A figure must end its move on an empty land space within {n} {n:plural:space|spaces}.",
        n=MOVE_RANGE,
    )


# --- summons ----------------------------------------------------------------------------
def _summon_piece(state: State, task: dict, piece: str) -> Msg:
    pl = state["players"][task["p"]]
    if piece == "warrior" and pl["warriors"] <= 0:
        return msg("You have no warrior left in your reserve.")
    if piece in GUARDIAN_NAMES and piece not in pl["guardians"]:
        return msg("You have no {guardian} in your reserve.", guardian=GUARDIAN_NAMES[piece])
    if piece == "prisoner":
        return msg("Anubis holds none of your warriors, or you have no follower to pay him.")
    return msg("That figure has no space to be summoned on.")


def _summon_at(state: State, task: dict, hex_: str) -> Msg:
    if hex_ not in HEXES:
        return msg("There is no space {hex} on the board.", hex=hex_)
    if hex_ in state["figures"] or hex_ in state["monuments"]:
        return msg("{hex} is occupied: summon onto an empty space.", hex=hex_)
    piece = task.get("piece") or "warrior"
    if hex_ in WATER and piece != "apep":
        return msg("{hex} is water: only Apep may be summoned onto water.", hex=hex_)
    if hex_ in state["underworld"] and hex_ not in summon_spaces(state, task, piece):
        return msg("{hex} is an underworld portal: only Osiris summons there.", hex=hex_)
    if not task.get("regular", True):
        return msg(
            "You have used your summon: only an extra summon (a pyramid or a portal) is left."
        )
    return msg(
        "{hex} is not next to one of your figures or to a monument you control (in the "
        "same region, with no river or camel between): a summoned figure must be.",
        hex=hex_,
    )


# --- unlocks ----------------------------------------------------------------------------
def _unlock(state: State, decision: Decision, power: str) -> Msg:
    if power not in POWER_LEVEL:
        return msg("'{power}' is not an ankh power.", power=power)
    player = player_of(state, decision.seat)
    pl = state["players"][player]
    label = POWER_NAMES[power]
    if power in pl["powers"]:
        return msg("{god} has already unlocked {power}.", god=name(state, player), power=label)
    if pl["unlocks"] >= len(UNLOCK_LEVELS):
        return msg("No ankh token is left on your dashboard: you cannot unlock more powers.")
    level = UNLOCK_LEVELS[pl["unlocks"]]
    if POWER_LEVEL[power] != level:
        return msg(
            "{power} is a level-{level} power, and your next ankh token unlocks a "
            "level-{next} power.",
            power=label,
            level=POWER_LEVEL[power],
            next=level,
        )
    if pl["followers"] < level:
        return msg(
            "Not enough followers: unlocking {power} costs {level} "
            "{level:plural:follower|followers} and {god} has {followers}.",
            power=label,
            level=level,
            god=name(state, player),
            followers=pl["followers"],
        )
    if decision.key == "action":
        return msg("Take the Unlock Ankh Power action first (act:unlock), then choose the power.")
    return msg("{power} cannot be unlocked now.", power=label)


# --- camel caravans ---------------------------------------------------------------------
def _camel(state: State, decision: Decision, task: dict, option_id: str) -> Msg | None:
    line = [tuple(e) for e in task.get("line", ())]
    if option_id == "done":
        return msg(
            "The line is not finished: it must run from a river, water, camel or the map "
            "edge to another and split its region in two."
        )
    if not option_id.startswith("camel:") or "-" not in option_id:
        return None
    a, _, b = option_id[6:].partition("-")
    if a not in HEXES or b not in HEXES or b not in NEIGHBORS[a]:
        return msg(
            "{a} and {b} are not neighbouring spaces: a camel stands on their shared edge.",
            a=a,
            b=b,
        )
    e = edge(a, b)
    if a not in LAND or b not in LAND:
        return msg("A camel cannot stand next to water: it goes between two land spaces.")
    if list(e) in state["camels"] or e in line:
        return msg("There is already a camel between {a} and {b}.", a=a, b=b)
    if len(line) >= min(MAX_CAMELS_PER_LINE, state["camel_supply"]):
        return msg(
            "A line has at most {n} {n:plural:camel|camels} (and as many as are left).",
            n=MAX_CAMELS_PER_LINE,
        )
    if line:
        ends = {v for c in line for v in _vertices_of_edge(*c)}
        if not ends & set(_vertices_of_edge(*e)):
            return msg(
                "A camel between {a} and {b} does not connect to the line placed so far: "
                "each camel continues the line from its end.",
                a=a,
                b=b,
            )
    camels = frozenset(tuple(c) for c in state["camels"])
    want = set(line) | {e}
    if not any(want <= ln for ln in valid_lines(camels, 1)):
        return msg(
            "A camel between {a} and {b} cannot be part of a line that runs from a "
            "river, water, camel or the map edge to another and splits one region "
            "within {n} {n:plural:camel|camels}.",
            a=a,
            b=b,
            n=MAX_CAMELS_PER_LINE,
        )
    return msg(
        "That line would leave part of the region with fewer than {n} land spaces: "
        "each new region needs at least 6.",
        n=MIN_REGION_LAND,
    )
