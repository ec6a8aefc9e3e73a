"""Small scenario builders for the Tekhenu rule tests: a game played through setup by the
baseline AI, then edited to the situation a test needs."""

from __future__ import annotations

from typing import Any

from rules.core import Event
from rules.tekhenu import ENGINE
from rules.tekhenu.data import GODS, RESOURCES
from rules.tekhenu.machine import advance

State = dict[str, Any]


def new(seats: int = 2, seed: int = 1, **options: str) -> State:
    return ENGINE.new_game(seats, options, seed)


def play_setup(state: State) -> State:
    """Answer every setup decision with the AI until the first turn's die choice."""
    while state["phase"] == "setup":
        decision = ENGINE.pending(state)[0]
        state, _ = ENGINE.apply(state, decision.seat, ENGINE.ai_choice(state, decision.seat))
    return state


def at_turn(seats: int = 2, seed: int = 1, **options: str) -> State:
    """A game at its first human turn, with the current player's die choice open."""
    state = play_setup(new(seats, seed, **options))
    assert state["stack"][-1]["k"] in ("take", "turn_start")
    return state


def current(state: State) -> int:
    return state["turn"]["seat"]


def clear_dice(state: State) -> None:
    for god in GODS:
        state["sections"][god] = []


def put_die(state: State, god: str, colour: str, value: int) -> None:
    state["sections"][god].append([colour, value])


def light_for(state: State, god: str, light: str) -> None:
    """Turn the disc so ``god``'s section has ``light``."""
    from rules.tekhenu.state import light_of

    for pos in range(6):
        state["disc_pos"] = pos
        if light_of(state, god) == light:
            return
    raise AssertionError(light)


def give(state: State, seat: int, **goods: int) -> None:
    player = state["players"][seat]
    for key, amount in goods.items():
        if key in RESOURCES:
            player["res"][key] = amount
        elif key in ("gold", "scribe", "faith", "happiness", "population", "vp"):
            player[key] = amount
        else:
            raise KeyError(key)


def empty_hand(state: State, seat: int) -> None:
    player = state["players"][seat]
    player["blessings"] = []
    player["technologies"] = []
    player["res"] = {res: 0 for res in RESOURCES}
    player["gold"] = 0
    player["scribe"] = 0


def play(state: State, *moves: tuple[int, str]) -> tuple[State, list[Event]]:
    events: list[Event] = []
    for seat, option_id in moves:
        state, new_events = ENGINE.apply(state, seat, option_id)
        events.extend(new_events)
    return state, events


def me(state: State, *options: str) -> tuple[State, list[Event]]:
    """Play options for whoever is asked. A nearly empty disc (tests clear it) gets filler
    dice first, so the next player's turn can start."""
    events: list[Event] = []
    for option_id in options:
        if sum(len(d) for d in state["sections"].values()) <= 2 and state["phase"] == "turns":
            state["sections"]["osiris"].extend([["grey", 1]] * 6)
        seat = ENGINE.pending(state)[0].seat
        state, new_events = ENGINE.apply(state, seat, option_id)
        events.extend(new_events)
    return state, events


def options(state: State, seat: int | None = None) -> list[str]:
    decisions = ENGINE.pending(state)
    if seat is None:
        return decisions[0].option_ids() if decisions else []
    decision = ENGINE.decision_for(state, seat)
    return decision.option_ids() if decision else []


def key(state: State) -> str:
    decisions = ENGINE.pending(state)
    return decisions[0].key if decisions else ""


def act(
    state: State, seat: int, god: str | None, value: int, src: str = "card", **extra: Any
) -> tuple[State, list[Event]]:
    """Start an action directly (as a card would) on a copy of the state."""
    state = ENGINE.copy(state)
    events: list[Event] = []
    ctx = {"s": seat, "god": god, "v": value, "src": src, **extra}
    state["stack"].append({"k": "action", "ctx": ctx})
    advance(state, events)
    return state, events


def vp(state: State, seat: int) -> int:
    return state["players"][seat]["vp"]


def res(state: State, seat: int, name: str) -> int:
    return state["players"][seat]["res"][name]


def run_to(state: State, predicate, chooser=None, limit: int = 5000) -> State:
    """Advance with the AI until ``predicate(state)`` holds."""
    for _ in range(limit):
        if predicate(state):
            return state
        decisions = ENGINE.pending(state)
        if not decisions:
            break
        decision = decisions[0]
        option = (chooser or ENGINE.ai_choice)(state, decision.seat)
        state, _ = ENGINE.apply(state, decision.seat, option)
    assert predicate(state), "state never reached"
    return state


def reset_board(state: State) -> None:
    """Forget every setup reward: fresh players (keeping Decrees) and an empty board."""
    from rules.tekhenu.state import new_player

    for seat, player in enumerate(state["players"]):
        fresh = new_player(bot=player["is_bot"])
        fresh["decrees"] = player["decrees"]
        fresh["destiny"] = player["destiny"]
        if player["is_bot"]:
            fresh["happiness"], fresh["population"] = player["happiness"], player["population"]
        state["players"][seat] = fresh
    state["osiris"] = {}
    state["tbuild"] = {}
    state["temple"] = {}
    state["god_statues"] = {god: [] for god in GODS}
    state["row2_gold"] = 1
