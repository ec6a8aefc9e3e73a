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
    GUARDIAN_LEVEL,
    GUARDIAN_NAMES,
    MAX_CAMELS_PER_LINE,
    MIN_REGION_LAND,
    POWER_LEVEL,
    POWER_NAMES,
    UNLOCK_LEVELS,
)
from rules.ankh.state import State, figure_label, name, player_of
from rules.core import Decision


def explain(state: State, decision: Decision, option_id: str) -> str | None:
    kind, _, arg = option_id.partition(":")
    key = decision.key
    task = state["stack"][-1] if state["stack"] else {}
    if kind == "power":
        return _unlock(state, decision, arg)
    if key == "god" and kind == "god":
        taken = [i for i, pl in enumerate(state["players"]) if arg in pl["gods"]]
        if taken:
            return f"{arg.title()} is already taken by seat {taken[0] + 1}: choose another god."
        return f"'{arg}' is not a god of Ankh: choose Amun, Anubis, Isis, Osiris or Ra."
    if key == "guardian" and kind == "guardian":
        level = task.get("level")
        names = " or ".join(o.label for o in decision.options)
        if arg in GUARDIAN_LEVEL:
            return (f"{GUARDIAN_NAMES[arg]} is a level-{GUARDIAN_LEVEL[arg]} guardian: choose "
                    f"the level-{level} one ({names}).")
        return f"'{arg}' is not a guardian: choose {names}."
    if key == "action" and kind == "act":
        if arg not in ACTIONS:
            return "The actions are act:move, act:summon, act:followers and act:unlock."
        first = ACTIONS[task.get("min", -1)] if task.get("min", -1) >= 0 else None
        return (f"Your second action must come from a row below your first action "
                f"({ACTION_LABELS[first] if first else 'the first'}): the rows are Move, "
                "Summon, Gain Followers, Unlock, top to bottom.")
    if key == "move" and kind == "fig":
        return _pick_figure(state, decision, task, arg)
    if key == "move_to" and kind == "to":
        return _move_to(state, task, arg)
    if key == "summon" and kind == "pc":
        return _summon_piece(state, task, arg)
    if key == "summon_at" and kind == "at":
        return _summon_at(state, task, arg)
    if key == "battle_card" and kind == "card":
        return "That card is not in your hand (played cards stay face up until Cycle of Ma'at)."
    if key == "locust_bid" and kind == "bid":
        return "You can bid any number of your own followers, from 0 to all of them."
    if key == "caravan":
        return _camel(state, decision, task, option_id)
    return None


# --- moves ------------------------------------------------------------------------------
def _pick_figure(state: State, decision: Decision, task: dict, hex_: str) -> str:
    fig = state["figures"].get(hex_)
    if fig is None:
        return f"There is no figure on {hex_}."
    if fig["owner"] != task.get("p"):
        return f"The figure on {hex_} is {figure_label(state, fig)}, not yours."
    if hex_ in task.get("moved", ()):
        return f"The figure on {hex_} has already moved this action."
    return f"The figure on {hex_} has no empty space within 3 spaces to move to."


def _move_to(state: State, task: dict, hex_: str) -> str:
    origin = task.get("sel")
    if hex_ not in HEXES:
        return f"There is no space {hex_} on the board."
    if hex_ in WATER:
        return f"{hex_} is water: a figure cannot end its move on water."
    if origin and distance(origin, hex_) > 3:
        return f"{hex_} is {distance(origin, hex_)} spaces away: a figure moves at most 3."
    if hex_ in state["figures"]:
        return (f"{hex_} is occupied by {figure_label(state, state['figures'][hex_])}: "
                "a figure must end its move on an empty space.")
    if hex_ in state["monuments"]:
        return f"{hex_} holds a {state['monuments'][hex_]['type']}: end the move on an empty space."
    if hex_ in state["underworld"]:
        return f"{hex_} is an underworld portal: only Osiris's figures may stand there."
    return "A figure must end its move on an empty land space within 3 spaces."


# --- summons ----------------------------------------------------------------------------
def _summon_piece(state: State, task: dict, piece: str) -> str:
    pl = state["players"][task["p"]]
    if piece == "warrior" and pl["warriors"] <= 0:
        return "You have no warrior left in your reserve."
    if piece in GUARDIAN_NAMES and piece not in pl["guardians"]:
        return f"You have no {GUARDIAN_NAMES[piece]} in your reserve."
    if piece == "prisoner":
        return "Anubis holds none of your warriors, or you have no follower to pay him."
    return "That figure has no space to be summoned on."


def _summon_at(state: State, task: dict, hex_: str) -> str:
    if hex_ not in HEXES:
        return f"There is no space {hex_} on the board."
    if hex_ in state["figures"] or hex_ in state["monuments"]:
        return f"{hex_} is occupied: summon onto an empty space."
    piece = task.get("piece") or "warrior"
    if hex_ in WATER and piece != "apep":
        return f"{hex_} is water: only Apep may be summoned onto water."
    if hex_ in state["underworld"] and hex_ not in summon_spaces(state, task, piece):
        return f"{hex_} is an underworld portal: only Osiris summons there."
    if not task.get("regular", True):
        return "You have used your summon: only an extra summon (a pyramid or a portal) is left."
    return (f"{hex_} is not next to one of your figures or to a monument you control "
            "(in the same region, with no river or camel between): a summoned figure must be.")


# --- unlocks ----------------------------------------------------------------------------
def _unlock(state: State, decision: Decision, power: str) -> str:
    if power not in POWER_LEVEL:
        return f"'{power}' is not an ankh power."
    player = player_of(state, decision.seat)
    pl = state["players"][player]
    label = POWER_NAMES[power]
    if power in pl["powers"]:
        return f"{name(state, player)} has already unlocked {label}."
    if pl["unlocks"] >= len(UNLOCK_LEVELS):
        return "No ankh token is left on your dashboard: you cannot unlock more powers."
    level = UNLOCK_LEVELS[pl["unlocks"]]
    if POWER_LEVEL[power] != level:
        return (f"{label} is a level-{POWER_LEVEL[power]} power, and your next ankh token "
                f"unlocks a level-{level} power.")
    if pl["followers"] < level:
        return (f"Not enough followers: unlocking {label} costs {level} follower(s) and "
                f"{name(state, player)} has {pl['followers']}.")
    if decision.key == "action":
        return "Take the Unlock Ankh Power action first (act:unlock), then choose the power."
    return f"{label} cannot be unlocked now."


# --- camel caravans ---------------------------------------------------------------------
def _camel(state: State, decision: Decision, task: dict, option_id: str) -> str | None:
    line = [tuple(e) for e in task.get("line", ())]
    if option_id == "done":
        return ("The line is not finished: it must run from a river, water, camel or the map "
                "edge to another and split its region in two.")
    if not option_id.startswith("camel:") or "-" not in option_id:
        return None
    a, _, b = option_id[6:].partition("-")
    if a not in HEXES or b not in HEXES or b not in NEIGHBORS[a]:
        return f"{a} and {b} are not neighbouring spaces: a camel stands on their shared edge."
    e = edge(a, b)
    if a not in LAND or b not in LAND:
        return "A camel cannot stand next to water: it goes between two land spaces."
    if list(e) in state["camels"] or e in line:
        return f"There is already a camel between {a} and {b}."
    if len(line) >= min(MAX_CAMELS_PER_LINE, state["camel_supply"]):
        return f"A line has at most {MAX_CAMELS_PER_LINE} camels (and as many as are left)."
    if line:
        ends = {v for c in line for v in _vertices_of_edge(*c)}
        if not ends & set(_vertices_of_edge(*e)):
            return (f"A camel between {a} and {b} does not connect to the line placed so far: "
                    "each camel continues the line from its end.")
    camels = frozenset(tuple(c) for c in state["camels"])
    want = set(line) | {e}
    if not any(want <= ln for ln in valid_lines(camels, 1)):
        return (f"A camel between {a} and {b} cannot be part of a line that runs from a "
                "river, water, camel or the map edge to another and splits one region "
                f"within {MAX_CAMELS_PER_LINE} camels.")
    return (f"That line would leave part of the region with fewer than {MIN_REGION_LAND} "
            "land spaces: each new region needs at least 6.")
