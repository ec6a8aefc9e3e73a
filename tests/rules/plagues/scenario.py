"""Small scenario states for rule tests: a real new game, then edited by hand.

``resolve`` pushes one task for a seat and answers its decisions in order, without moving
the game flow on (so a test sees exactly one effect chain)."""

from __future__ import annotations

from rules.core import Event
from rules.plagues import ENGINE
from rules.plagues import tasks as T
from rules.plagues.data import CELLS
from rules.plagues.steps import answer, decisions, run_autos

E = ENGINE


def new(seats: int = 2, seed: int = 1, **options: str) -> dict:
    return E.new_game(seats, options, seed)


def blank(seats: int = 2, seed: int = 1, **options: str) -> dict:
    """A new game with every player's board empty, tracks at 0, no pending task, and the
    first phase-1 turn about to start (flow step 'turns', counter 0)."""
    state = new(seats, seed, **options)
    for seat, player in enumerate(state["players"]):
        for cell in CELLS:
            if player["cells"][cell]:
                state["reserve"].insert(0, player["cells"][cell])
                player["cells"][cell] = None
        player["nile"] = 0
        player["pcard"] = 0
        if state["ai"] != seat:
            player["dev"] = [0, 0]
        player["occ"] = ["city", "field", "river"]
        player["markers"] = [6, 9, 12]
    state["stacks"] = [[] for _ in state["players"]]
    state["step"], state["counter"], state["phase"] = "turns", 0, "dice"
    return state


def started(state: dict) -> dict:
    """Let the flow open its next decision (after a hand-made edit)."""
    from rules.plagues.engine import progress

    progress(state, [])
    return state


def resolve(state: dict, seat: int, task: dict | None, *answers: str) -> list[Event]:
    """Push ``task`` (if any) for ``seat``, run the chain, answer each decision in turn."""
    events: list[Event] = []
    if task is not None:
        T.push(state, seat, task)
    run_autos(state, events)
    for option in answers:
        decs = decisions(state)
        assert decs, f"no decision open for {option!r}"
        dec = decs[0]
        ids = dec.option_ids()
        assert option in ids, f"{option!r} not in {ids} ({dec.key})"
        answer(state, dec.seat, option, events)
        run_autos(state, events)
    return events


def options(state: dict) -> list[str]:
    decs = decisions(state)
    return decs[0].option_ids() if decs else []


def key(state: dict) -> str | None:
    decs = decisions(state)
    return decs[0].key if decs else None


def put(state: dict, seat: int, **cells: str) -> None:
    for cell, tile in cells.items():
        state["players"][seat]["cells"][cell] = tile


def play(state: dict, *moves: tuple[int, str]) -> dict:
    for seat, option in moves:
        state, _ = E.apply(state, seat, option)
    return state


def to_step(state: dict, step: str, *, limit: int = 3000) -> dict:
    """Play the baseline AI until the flow reaches ``step`` (a step or a phase name)."""
    for _ in range(limit):
        if step in (state["step"], state["phase"]):
            return state
        decs = E.pending(state)
        assert decs, "game over before the step"
        seat = decs[0].seat
        state, _ = E.apply(state, seat, E.ai_choice(state, seat))
    raise AssertionError(step)
