"""Issue 11, items 1-5: rules followed exactly (see docs/notation/plagues.md, "Rules followed
exactly?"). Each scenario uses its own numbers."""

from __future__ import annotations

import random

import pytest

from rules.plagues import ENGINE as E
from rules.plagues.die_actions import action_options
from rules.plagues.refusals import explain
from rules.plagues.state import ankh_symbols, soldiers
from rules.plagues.uses import extras
from rules.testing import random_option
from tests.rules.plagues.scenario import blank, key, options, put, resolve, started


def neutral(seats: int = 2, seed: int = 3) -> dict:
    state = blank(seats, seed)
    for player in state["players"]:
        player["province"] = "memphis"
    state["plague"] = "blood"
    return state


def ids(state: dict, seat: int, ctx: str, value: int | None = None) -> list[str]:
    return [o.id for o in extras(state, seat, ctx, value)]


def no_empty_decision(state: dict) -> None:
    for decision in E.pending(state):
        assert decision.options, f"{decision.key} for seat {decision.seat} has no options"


# --- item 1: Moses serves the tied seats one at a time ------------------------------------
@pytest.mark.rule("PLG-R158")
@pytest.mark.rule("PLG-R199")
def test_moses_hebrews_run_out_for_the_last_tied_seats():
    state = neutral(4, seed=8)
    for player in state["players"]:
        player["pcard"] = 5  # all tied: effect 4 moves everyone 5 -> 7
    state["hebrews"] = [1, 3]  # 2 Hebrews for 4 seats crossing space 6
    state["phase"], state["step"], state["counter"], state["round"] = "plague", "moses", 0, 6
    started(state)
    no_empty_decision(state)
    first = state["order"][0]
    assert E.pending(state)[0].seat == first and key(state) == "hebrew"
    state, events = E.apply(state, first, "hebrew:3")
    no_empty_decision(state)
    # the 2nd seat had one Hebrew left (taken at once); the 3rd and 4th get nothing ("se houver")
    got = [len(state["players"][s]["hebrews"]) for s in state["order"]]
    assert got == [1, 1, 0, 0]
    assert sum(e.kind == "nothing" for e in events) == 2
    assert all(6 not in p["markers"] for p in state["players"])


@pytest.mark.rule("PLG-R069")
@pytest.mark.rule("PLG-R159")
def test_moses_take_any_tile_when_nothing_is_left():
    state = neutral(2, seed=9)
    for seat, player in enumerate(state["players"]):
        player["pcard"] = 8  # tied: effect 4 moves both 8 -> 10 past space 9
        player["markers"] = [9, 12]
        player["occ"] = ["river"]  # occupation tiles already taken
        put(
            state,
            seat,
            f0="herd",
            f1="plantation",
            f2="herd",
            f3="plantation",
            f4="herd",
            f5="plantation",
            c0="sphinx",
            c1="obelisk",
            c2="sphinx",
            c3="obelisk",
            c4="sphinx",
        )  # full fields, one city space left
    state["reserve"] = []
    state["dice_spaces"] = ["sphinx", "plantation", None, None, None, None]
    state["phase"], state["step"], state["counter"], state["round"] = "plague", "moses", 3, 6
    started(state)
    first, second = state["order"]
    assert E.pending(state)[0].seat == first and options(state) == ["tile:1"]
    state, events = E.apply(state, first, "tile:1")
    # only a plantation is left and the second seat's field is full: no empty menu, nothing
    assert any(e.kind == "nothing" and e.seat == second for e in events)
    assert all(d.options for d in E.pending(state))


@pytest.mark.rule("PLG-R055")
@pytest.mark.rule("PLG-R199")
def test_random_chooser_never_meets_an_empty_decision():
    for options_ in ({}, {"short": "on"}, {"advanced": "on"}, {"provinces": "draft"}):
        for seats in (3, 4):
            seed = 40 + seats
            rng = random.Random(seed)
            state = E.new_game(seats, options_, seed)
            while E.pending(state):
                no_empty_decision(state)
                decision = rng.choice(E.pending(state))
                state, _ = E.apply(state, decision.seat, random_option(E, state, decision, rng))
            assert state["phase"] == "over"


# --- item 2: a spent pharaoh card 3 stays out of the row ------------------------------------
@pytest.mark.rule("PLG-R088")
@pytest.mark.rule("PLG-R090")
@pytest.mark.rule("PLG-R096")
def test_card3_spent_in_phase1_stays_unavailable():
    state = neutral()
    resolve(state, 0, {"k": "action", "v": 3}, "pharaoh")
    resolve(state, 0, {"k": "action", "v": 1}, "pharaoh", "pay:field")  # only card 3 pays
    assert state["players"][0]["dev"][1] == 2 and state["pharaoh"][2] is None
    assert E.view(state, None)["pharaoh_cards"][2]["holder"] == 0  # taken this round
    resolve(state, 1, {"k": "action", "v": 3})
    decision = E.pending(state)[0]
    assert decision.seat == 1 and "pharaoh" not in decision.option_ids()
    assert "already taken" in str(explain(state, decision, "pharaoh"))


@pytest.mark.rule("PLG-R090")
@pytest.mark.rule("PLG-R232")
def test_paying_one_coin_lets_the_player_choose_the_source():
    state = neutral()
    player = state["players"][0]
    player["kept"] += ["coin", "coin"]
    state["pharaoh"][2] = 0
    resolve(state, 0, {"k": "card1"})
    assert {"pay:city:card3", "pay:city:tile", "pay:split:tile"} <= set(options(state))
    refusal = explain(state, E.pending(state)[0], "pay:city")
    assert "pay:city:card3, pay:city:tile" in str(refusal)
    resolve(state, 0, None, "pay:city:tile")
    assert player["kept"].count("coin") == 1 and state["pharaoh"][2] == 0
    # a single-use trade card: one option per source, the label says what pays
    put(state, 0, c0="sphinx", f0="plantation")
    player["terr"] = [{"id": "tr_development", "used": False}]
    uses = {o.id: o.label for o in extras(state, 0, "turn")}
    assert set(uses) == {"card:tr_development:card3", "card:tr_development:tile"}
    resolve(state, 0, {"k": "turn"}, "card:tr_development:card3", "track:split")
    assert state["pharaoh"][2] is None and player["kept"].count("coin") == 1
    assert "pharaoh" not in [o.id for o in action_options(state, 1, 3)]


@pytest.mark.rule("PLG-R130")
@pytest.mark.rule("PLG-R132")
def test_tribute_plan_card3_or_tiles():
    state = neutral()
    state["round"], state["phase"] = 4, "plague"  # tribute 3, Memphis pays 2
    player = state["players"][0]
    player["nile"] = 2  # 1 coin of income
    player["kept"] += ["coin", "coin"]
    state["pharaoh"][2] = 0
    resolve(state, 0, {"k": "tribute"})
    assert options(state) == ["pay:card3", "pay:tiles"]
    labels = {o.id: str(o.label) for o in E.pending(state)[0].options}
    assert labels["pay:card3"] == "Pay the tribute of 2: income 1, pharaoh card 3 and 0 coin tiles"
    assert labels["pay:tiles"] == (
        "Pay the tribute of 2: income 1 and 1 coin tile (pharaoh card 3 goes back unused)"
    )
    resolve(state, 0, None, "pay:tiles")
    assert player["paid"] and player["kept"].count("coin") == 1
    assert state["pharaoh"][2] is None  # card 3 returns at the tribute anyway


# --- item 3: the Pharaoh tile only where the plague still acts ------------------------------
@pytest.mark.rule("PLG-R166")
@pytest.mark.rule("PLG-R174")
def test_boils_tile_not_offered_after_the_soldiers_count():
    state = neutral(3)
    state["plague"] = "boils"
    player = state["players"][1]
    player["kept"].append("pharaoh")
    put(state, 1, f1="plantation", f2="herd")  # soldiers bonus active
    assert "token:plague" not in ids(state, 1, "turn")
    assert "token:plague" in ids(state, 1, "soldiers")
    before = soldiers(state, 1)
    state["phase"] = "territories"
    assert "token:plague" not in ids(state, 1, "pick")  # counted already: it would do nothing
    put(state, 1, f1=None)
    assert "token:plague" not in ids(state, 1, "soldiers")  # no bonus to lose
    assert soldiers(state, 1) == before


@pytest.mark.rule("PLG-R166")
@pytest.mark.rule("PLG-R181")
def test_hail_tile_only_when_it_changes_the_tribute():
    state = neutral()
    state["plague"], state["phase"], state["round"] = "hail", "plague", 3  # Memphis pays 2
    player = state["players"][0]
    player["kept"] += ["pharaoh", "coin", "coin"]
    put(state, 0, c1="sphinx", c2="obelisk")  # a coin bonus (blocked by Hail)
    assert "token:plague" in ids(state, 0, "tribute")  # saves a coin tile
    player["nile"] = 5  # 2 Nile coins cover it anyway
    assert "token:plague" not in ids(state, 0, "tribute")


# --- item 4: uses that become possible during the turn --------------------------------------
@pytest.mark.rule("PLG-R047")
@pytest.mark.rule("PLG-R249")
def test_third_ankh_completed_by_the_action_allows_take_tile_before_the_turn_ends():
    state = neutral()
    player = state["players"][0]
    player["terr"] = [{"id": "sa_take_tile", "used": False}]
    player["nile"] = 12  # 1 Ankh symbol
    put(state, 0, c0="sphinx", c1="obelisk", c2="egyptian", f3="herd", f4="plantation")
    assert ankh_symbols(state, 0) == 2
    state["dice_spaces"] = ["boat", "sphinx", "coin", "egyptian", "herd", "boat"]
    resolve(state, 0, {"k": "turn"}, "die:4", "tile", "space:f5")  # 3rd Ankh symbol
    assert ankh_symbols(state, 0) == 3
    assert key(state) == "turn_end"
    assert options(state) == ["card:sa_take_tile", "done"]
    resolve(state, 0, None, "card:sa_take_tile", "tile:1")
    assert player["kept"].count("boat") == 1 and key(state) is None


@pytest.mark.rule("PLG-R047")
@pytest.mark.rule("PLG-R173")
def test_lice_tile_offered_once_the_die_is_turned():
    state = neutral()
    state["plague"] = "lice"
    player = state["players"][0]
    player["kept"].append("pharaoh")
    put(state, 0, c3="sphinx", c4="obelisk")  # hebrew bonus (blocked by Lice)
    state["hebrews"] = [3, 3, 1]
    assert "token:plague" not in ids(state, 0, "turn")
    resolve(state, 0, {"k": "turn"}, "die:5")
    assert "hebrew:3" not in options(state) and "token:plague" in options(state)
    resolve(state, 0, None, "token:plague")
    assert key(state) == "action" and "hebrew:3" in options(state)
    resolve(state, 0, None, "hebrew:3")
    assert player["hebrews"] == [3]


@pytest.mark.rule("PLG-R047")
@pytest.mark.rule("PLG-R242")
def test_special_action_taken_in_the_pick_is_usable_in_that_turn():
    state = neutral()
    state["phase"] = "territories"
    state["territories"] = ["sa_egyptians_boat", "sc_flat", "ib_nile_1"]
    put(state, 0, c0="egyptian", f0="egyptian")
    resolve(state, 0, {"k": "pick"}, "pick:sa_egyptians_boat")
    assert key(state) == "turn_end" and options(state) == ["card:sa_egyptians_boat", "done"]
    resolve(state, 0, None, "card:sa_egyptians_boat")
    assert state["players"][0]["nile"] == 1 and key(state) is None


# --- item 5: the swap belongs to taking a tile ----------------------------------------------
@pytest.mark.rule("PLG-R245")
def test_swap_then_the_die_collects_a_tile():
    state = neutral()
    player = state["players"][0]
    player["terr"] = [{"id": "sa_swap_tiles", "used": False}]
    player["pcard"] = 21  # 1 Ankh symbol
    put(
        state, 0, c0="sphinx", c1="sphinx", c2="obelisk", c3="obelisk", c4="sphinx", c5="egyptian"
    )  # full city
    state["dice_spaces"] = ["herd", "obelisk", "sphinx", "coin", "obelisk", "boat"]
    resolve(state, 0, {"k": "action", "v": 3})
    assert "card:sa_swap_tiles" in options(state)
    resolve(state, 0, None, "card:sa_swap_tiles")
    # only swaps that leave a tile the seat can receive on space 3
    swaps = options(state)
    assert "swap:1:3" in swaps and "swap:3:4" in swaps and "swap:3:6" in swaps
    assert "swap:1:2" not in swaps and "swap:2:3" not in swaps and "swap:3:5" not in swaps
    resolve(state, 0, None, "swap:3:4")
    assert player["kept"].count("coin") == 1 and key(state) is None
    assert state["dice_spaces"][:5] == ["herd", "obelisk", "sphinx", "obelisk", "boat"]
