"""The step machine (rules/steps.py): stack order, dispatch through a game's table, hooks."""

from __future__ import annotations

from importlib import import_module

import pytest

from rules import steps
from rules.steps import Auto, Choice, StepTable


def ask(state, frame):
    return [f"ask {frame['what']}"]


def answer(state, frame, option):
    state["log"].append(f"{frame['what']}={option}")


def tick(state, frame):
    state["log"].append("tick")


def fallback(state, frame):
    state["log"].append(f"nothing for {frame['what']}")


TABLE = StepTable("k", {"ask": Choice(ask, answer, fallback), "tick": Auto(tick)})


def test_push_runs_the_first_given_frame_first() -> None:
    stack = [{"k": "tick", "n": 0}]
    steps.push(stack, {"k": "tick", "n": 1}, {"k": "tick", "n": 2})
    assert steps.top(stack) == {"k": "tick", "n": 1}
    assert [steps.pop(stack)["n"] for _ in range(3)] == [1, 2, 0]
    assert steps.top(stack) is None


def test_the_table_dispatches_by_the_kind_key() -> None:
    state = {"log": []}
    frame = {"k": "ask", "what": "die"}
    assert steps.decide(TABLE, frame, state, frame) == ["ask die"]
    steps.apply(TABLE, frame, state, frame, "4")
    steps.run(TABLE, {"k": "tick"}, state, {"k": "tick"})
    steps.on_empty(TABLE, frame, state, frame)
    assert state["log"] == ["die=4", "tick", "nothing for die"]
    assert TABLE.is_auto({"k": "tick"}) and not TABLE.is_auto(frame)


def test_another_kind_key_reads_the_same_frames_by_it() -> None:
    table = StepTable("t", {"tick": Auto(tick)})
    assert table.kind({"t": "tick", "k": "ask"}) == "tick"
    assert table.is_auto({"t": "tick"})


def test_a_choice_without_on_empty_is_simply_dropped() -> None:
    table = StepTable("k", {"ask": Choice(ask, answer)})
    state = {"log": []}
    steps.on_empty(table, {"k": "ask", "what": "x"}, state, {"k": "ask", "what": "x"})
    assert state["log"] == []


def test_unknown_and_mismatched_kinds_are_named() -> None:
    with pytest.raises(KeyError, match="'nope'"):
        TABLE.step({"k": "nope"})
    with pytest.raises(TypeError, match="'tick' is automatic"):
        steps.decide(TABLE, {"k": "tick"}, {}, {"k": "tick"})
    with pytest.raises(TypeError, match="'ask' waits for an answer"):
        steps.run(TABLE, {"k": "ask"}, {}, {"k": "ask"})


def test_decide_hooks_see_and_change_every_choice_in_order() -> None:
    def louder(state, frame, made):
        return [text.upper() for text in made]

    def counted(state, frame, made):
        return made + [len(made)]

    table = StepTable("k", TABLE.steps, decide_hooks=(louder, counted))
    frame = {"k": "ask", "what": "die"}
    assert steps.decide(table, frame, {}, frame) == ["ASK DIE", 1]


def test_the_first_apply_hook_that_handles_an_answer_replaces_the_step() -> None:
    seen = []

    def watch(state, frame, option):
        seen.append(option)
        return False

    def hold_fives(state, frame, option):
        if option == "5":
            state["log"].append("held")
            return True
        return False

    table = StepTable("k", TABLE.steps, apply_hooks=(watch, hold_fives))
    state = {"log": []}
    frame = {"k": "ask", "what": "die"}
    steps.apply(table, frame, state, frame, "5")
    steps.apply(table, frame, state, frame, "2")
    assert state["log"] == ["held", "die=2"]
    assert seen == ["5", "2"]


@pytest.mark.parametrize("game", ["ankh", "plagues", "tekhenu"])
def test_every_game_table_names_a_handler_for_each_kind(game: str) -> None:
    table = import_module(f"rules.{game}.steps").TABLE
    assert table.steps
    for kind, step in table.steps.items():
        handlers = (step.decide, step.apply) if isinstance(step, Choice) else (step.run,)
        assert all(callable(h) and h.__module__.startswith(f"rules.{game}.") for h in handlers), (
            kind
        )
