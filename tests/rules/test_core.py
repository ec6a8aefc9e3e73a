"""The engine contract itself, exercised through the toy game."""

import json
import pathlib

import pytest

import rules
from rules.core import (
    Decision,
    EmptyDecision,
    Event,
    IllegalMove,
    Option,
    Rng,
    canonical_json,
)
from rules.testing import (
    check_hidden_information,
    check_replay_law,
    check_round_trip,
    random_playout,
    table_settings,
)
from tests.support.toygame import TOY

ROOT = pathlib.Path(__file__).resolve().parents[2]


def test_rng_is_deterministic_and_compact():
    a, b = Rng.from_seed(42), Rng.from_seed(42)
    draws = [a.randbelow(10) for _ in range(50)]
    assert draws == [b.randbelow(10) for _ in range(50)]
    assert set(draws) <= set(range(10)) and len(set(draws)) > 5
    resumed = Rng(a.state)
    assert [resumed.next_u64() for _ in range(3)] == [a.next_u64() for _ in range(3)]
    assert json.loads(json.dumps(a.state)) == a.state


def test_rng_shuffle_is_a_permutation():
    items = list(range(20))
    Rng.from_seed(7).shuffle(items)
    assert sorted(items) == list(range(20)) and items != list(range(20))


def test_illegal_move_leaves_state_untouched(toy_engine):
    state = toy_engine.new_game(2, {}, 1)
    before = canonical_json(toy_engine.dump(state))
    with pytest.raises(IllegalMove, match="not one of your current choices"):
        toy_engine.apply(state, 0, "pick:9")
    with pytest.raises(IllegalMove, match="not your turn"):
        toy_engine.apply(state, 5, "pick:1")
    assert canonical_json(toy_engine.dump(state)) == before


def test_apply_returns_a_new_state(toy_engine):
    state = toy_engine.new_game(2, {}, 1)
    new_state, events = toy_engine.apply(state, 0, "pick:2")
    assert new_state is not state and state["sealed"] == {}
    assert all(isinstance(event, Event) for event in events)


def test_registry_lookup(toy_engine):
    assert rules.get("toy") is toy_engine and rules.ENGINES["toy"] is toy_engine
    with pytest.raises(KeyError, match="unknown game"):
        rules.get("chess")


def test_table_options_are_checked():
    assert TOY.normalise_options(None) == {"rounds": "3"}
    with pytest.raises(IllegalMove, match="Unknown table option"):
        TOY.normalise_options({"speed": "fast"})
    with pytest.raises(IllegalMove, match="not one of"):
        TOY.normalise_options({"rounds": "9"})
    with pytest.raises(IllegalMove, match="seats"):
        TOY.new_game(7, {}, 1)


def test_decision_lookup():
    decision = Decision(0, "k", "p", (Option("a", "A"), Option("b", "B")))
    assert decision.option("b").label == "B" and decision.option("z") is None
    assert decision.option_ids() == ["a", "b"]


@pytest.mark.parametrize("seed", range(10))
def test_playout_helpers_hold_for_the_toy_game(seed):
    playout = random_playout(TOY, 2 + seed % 2, seed, keep_states=True)
    assert TOY.result(playout.state) is not None
    check_replay_law(TOY, playout)
    check_round_trip(
        TOY, playout.states[len(playout.states) // 2], playout.log[len(playout.states) // 2 :]
    )
    checked = sum(check_hidden_information(TOY, s) for s in playout.states)
    assert checked > 0


def test_hidden_information_check_catches_a_leak():
    class LeakyToy(type(TOY)):
        def view(self, state, seat):
            return {**super().view(state, seat), "sealed": dict(state["sealed"])}

    with pytest.raises(AssertionError, match="shows in the view"):
        check_hidden_information(LeakyToy(), TOY.new_game(2, {}, 3))


def test_ci_runs_the_readme_test_command():
    readme = (ROOT / "README.md").read_text()
    ci = (ROOT / ".ci" / "run").read_text()
    commands = [
        line.strip() for line in readme.splitlines() if line.startswith("    python3 -m venv")
    ]
    assert len(commands) == 2, "README must open with the run and test commands"
    assert "-m bot" in commands[0] and "pytest" in commands[1]
    assert commands[1] in ci


def test_co_seats_default_is_the_seat_alone(toy_engine):
    """Engine.co_seats: the seats whose owners may also answer a seat's decisions. By
    default only the seat itself; a game with shared seats (a merged Ankh god) overrides it."""
    state = toy_engine.new_game(3, {}, 1)
    assert [toy_engine.co_seats(state, seat) for seat in range(3)] == [(0,), (1,), (2,)]
    ankh = rules.get("ankh")
    state = ankh.new_game(3, {}, 1)
    assert [ankh.co_seats(state, seat) for seat in range(3)] == [(0,), (1,), (2,)]


class _DeadEndToy(type(TOY)):
    """Poses an empty 'leader' decision once a leader is known: a softlock."""

    def pending(self, state):
        decisions = super().pending(state)
        return [
            Decision(d.seat, d.key, d.prompt, ()) if d.key == "leader" else d for d in decisions
        ]


def test_zero_option_law_stops_an_engine_that_poses_an_empty_decision():
    """A decision nobody can answer is an engine bug: apply raises EmptyDecision (nothing is
    returned, the input state is untouched) instead of handing out a softlocked state."""
    engine = _DeadEndToy()
    state = engine.new_game(2, {}, 4)
    state, _ = engine.apply(state, 0, "pick:3")
    before = canonical_json(engine.dump(state))
    with pytest.raises(EmptyDecision, match="'leader' for seat 0 has no option"):
        engine.apply(state, 1, "pick:1")
    assert canonical_json(engine.dump(state)) == before
    with pytest.raises(EmptyDecision):
        random_playout(engine, 2, 4)


def test_zero_option_law_checks_a_first_state():
    class DeadStart(type(TOY)):
        def pending(self, state):
            return [Decision(0, "seal", "Seal", (), secret=True)]

    with pytest.raises(EmptyDecision, match="'seal' for seat 0"):
        random_playout(DeadStart(), 2, 1)
    assert TOY.check_decisions(TOY.new_game(3, {}, 1)) == TOY.pending(TOY.new_game(3, {}, 1))


def test_table_settings_name_every_choice_once():
    assert table_settings(TOY) == [{}, {"rounds": "1"}]
    plagues = rules.get("plagues")
    settings = table_settings(plagues)
    assert {} in settings and {"short": "on"} in settings and {"province": "edfu"} in settings
    assert len(settings) == 1 + sum(len(v.choices) - 1 for v in plagues.variants)


@pytest.mark.parametrize("game", sorted(rules.ENGINES))
def test_the_ai_hooks_refuse_a_seat_with_nothing_to_decide(game):
    """Engine.open_decision, shared by every game's AI hooks and the search: a seat that is
    not being asked gets a clear refusal naming the seat, not a crash inside the AI."""
    engine = rules.ENGINES[game]
    state = engine.new_game(engine.max_players, {}, 3)
    while len(waiting := {d.seat for d in engine.pending(state)}) == engine.max_players:
        first = engine.pending(state)[0]  # everyone is asked at the start (a setup choice)
        state, _ = engine.apply(state, first.seat, first.options[0].id)
    idle = min(set(range(engine.max_players)) - waiting)
    for hook in (engine.open_decision, engine.ai_choice, engine.rollout_choice):
        with pytest.raises(IllegalMove) as refused:
            hook(state, idle)
        assert "nothing to decide" in str(refused.value)
    asked = min(waiting)
    assert engine.open_decision(state, asked) == engine.decision_for(state, asked)
