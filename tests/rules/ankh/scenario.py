"""Small scenario builders for the Ankh rule tests: an empty Middle Kingdom board (regions
west = token 1, east = 2, delta = 3 for 2 seats) with chosen gods, pieces and a chosen task."""

from __future__ import annotations

from typing import Any

from rules.ankh import ENGINE
from rules.ankh.engine import progress
from rules.ankh.setup import new_player
from rules.core import Event

State = dict[str, Any]

# Handy hexes (west region unless noted).
WEST_FERTILE = ["a1", "a2", "b2", "c3", "d3", "e4", "e7", "e8", "e9", "f4", "f5"]
WEST_DESERT = [
    "a3",
    "a4",
    "a5",
    "a6",
    "a7",
    "a8",
    "b3",
    "b4",
    "b5",
    "b6",
    "b7",
    "b8",
    "c4",
    "c7",
    "c8",
    "c9",
    "d4",
    "d5",
    "d7",
    "d8",
    "e5",
]


def blank(
    seats: int = 2,
    gods: tuple[str, ...] = ("ra", "osiris", "isis", "anubis", "amun"),
    seed: int = 1,
    plain: bool = True,
) -> State:
    """An empty board: no figures, no monuments, seat 0 first, nothing pending. With
    ``plain`` Ra has no sun token and Osiris no underworld token, so neither ability acts."""
    state = ENGINE.new_game(seats, {"scenario": "middle_kingdom"}, seed)
    state["players"] = [new_player(s, gods[s]) for s in range(seats)]
    if plain:
        for pl in state["players"]:
            pl["suns"] = pl["underworld_tokens"] = 0
    state["first_player"] = 0
    for kind in state["supply"]:
        state["supply"][kind] = 10
    state["figures"] = {}
    state["monuments"] = {}
    for i, pl in enumerate(state["players"]):
        pl["stack"] = seats - i
    state["stack_counter"] = seats
    state["turn"] = {"seat": 0, "taken": []}
    state["stack"] = []
    return state


def put(state: State, hex_: str, kind: str, owner: int, radiant: bool = False) -> None:
    state["figures"][hex_] = {"kind": kind, "owner": owner, "radiant": radiant, "aim": None}
    pl = state["players"][owner]
    if kind == "warrior":
        pl["warriors"] -= 1


def mon(state: State, hex_: str, kind: str, owner: int | None = None) -> None:
    state["monuments"][hex_] = {"type": kind, "owner": owner}
    state["supply"][kind] -= 1


def task(state: State, *tasks: dict) -> list[Event]:
    """Run the given tasks (first one first) on top of an end-of-turn marker."""
    state["phase"] = "play"
    state["stack"] = [{"t": "end_turn", "seat": state["turn"]["seat"]}]
    state["stack"].extend(reversed(tasks))
    events: list[Event] = []
    progress(state, events)
    return events


def turn(state: State, seat: int = 0) -> list[Event]:
    state["turn"] = {"seat": seat, "taken": []}
    return task(state, {"t": "action", "seat": seat, "n": 1, "min": -1})


def conflict(state: State, trigger: int = 0) -> list[Event]:
    return task(state, {"t": "conflict", "seat": trigger, "p": trigger})


def play(state: State, *moves: tuple[int, str]) -> tuple[State, list[Event]]:
    events: list[Event] = []
    for seat, option in moves:
        state, evs = ENGINE.apply(state, seat, option)
        events += evs
    return state, events


def ids(state: State, seat: int | None = None) -> list[str]:
    decisions = ENGINE.pending(state)
    for d in decisions:
        if seat is None or d.seat == seat:
            return d.option_ids()
    return []


def key(state: State) -> str | None:
    decisions = ENGINE.pending(state)
    return decisions[0].key if decisions else None


def dev(state: State, player: int) -> int:
    return state["players"][player]["devotion"]


def texts(events: list[Event]) -> str:
    return "\n".join(e.text for e in events)
