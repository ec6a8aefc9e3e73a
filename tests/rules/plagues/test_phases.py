"""Phase 2 (PLG-R117..PLG-R125) and phase 3 (PLG-R126..PLG-R155)."""

from __future__ import annotations

import pytest

from rules.plagues import ENGINE as E
from rules.plagues.plague import assign_penalty, pay_tribute
from rules.plagues.state import ankh_symbols, income, soldiers
from rules.plagues.territories import set_turn_order
from tests.rules.plagues.scenario import blank, key, options, put, resolve, started


def neutral(seats: int = 2, seed: int = 1) -> dict:
    state = blank(seats, seed)
    for player in state["players"]:
        player["province"] = "memphis"
    state["plague"] = "blood"
    return state


def to_picks(state: dict) -> dict:
    state["counter"] = 3 * len(state["players"])
    for player in state["players"]:
        player["dice_used"] = [1, 2, 3]
    return started(state)


@pytest.mark.rule("PLG-R117")
@pytest.mark.rule("PLG-R252")
def test_soldier_total():
    """Fact 1: Rui's unused dice 2 + 3 + 6 = 11, +3 bonus, +5 card 2 = 19."""
    state = neutral()
    player = state["players"][0]
    player["dice_used"] = [1, 4, 5]
    put(state, 0, f1="herd", f2="plantation")
    state["pharaoh"][1] = 0
    assert soldiers(state, 0) == 19
    put(state, 0, c0="sphinx", c1="obelisk")
    player["terr"].append({"id": "tr_soldier", "used": False})
    assert soldiers(state, 0) == 20


@pytest.mark.rule("PLG-R120")
def test_order_tie_breaks():
    """Fact 2: Ana and Léo 14 and on province space 5; Ana's boat is ahead."""
    state = neutral(4, seed=2)
    for _seat, player in enumerate(state["players"]):
        player["dice_used"] = [1, 2, 3]  # 15 soldiers each
        player["pcard"] = 5
    state["players"][0]["nile"] = 2
    state["players"][1]["nile"] = 1
    put(state, 2, c0="sphinx")  # 3rd criterion: tiles on board
    state["players"][3]["hebrews"] = [1]  # 4th: Hebrews
    state["order"] = [3, 2, 1, 0]
    set_turn_order(state, [])
    assert state["order"] == [0, 1, 2, 3]
    state["players"][2]["cells"]["c0"] = None
    state["players"][3]["hebrews"] = []
    state["players"][0]["nile"] = state["players"][1]["nile"] = 0
    state["order"] = [3, 1, 2, 0]
    set_turn_order(state, [])  # RECON 5th: previous order
    assert state["order"] == [3, 1, 2, 0]


@pytest.mark.rule("PLG-R121")
@pytest.mark.rule("PLG-R122")
@pytest.mark.rule("PLG-R125")
def test_two_player_picks():
    state = to_picks(neutral())
    cards = list(state["territories"])
    first = state["order"][0]
    assert E.pending(state)[0].seat == first and key(state) == "pick_territory"
    state, _ = E.apply(state, first, f"pick:{cards[0]}")
    second = state["order"][1]
    state, _ = E.apply(state, second, f"pick:{cards[1]}")
    assert cards[2] in state["territory_discard"] and state["territories"] == []
    assert state["phase"] == "plague"


@pytest.mark.rule("PLG-R123")
@pytest.mark.rule("PLG-R124")
def test_three_and_four_player_picks():
    state = to_picks(neutral(3, seed=5))
    for _ in range(3):
        seat = E.pending(state)[0].seat
        state, _ = E.apply(state, seat, options(state)[0])
        while key(state) in ("track", "space", "tile", "hebrew", "buto"):
            seat = E.pending(state)[0].seat
            state, _ = E.apply(state, seat, options(state)[-1])
    kept = sum(len(p["terr"]) for p in state["players"])
    assert state["territories"] == [] and kept + len(state["territory_discard"]) == 3
    assert all(c.startswith("ib_") for c in state["territory_discard"])
    four = to_picks(neutral(4, seed=5))
    last = four["order"][3]
    pcard = four["players"][last]["pcard"]
    for _ in range(3):
        seat = E.pending(four)[0].seat
        assert seat != last
        four, _ = E.apply(four, seat, options(four)[0])
        while key(four) in ("track", "space", "tile", "hebrew", "buto"):
            four, _ = E.apply(four, E.pending(four)[0].seat, options(four)[-1])
    assert four["players"][last]["pcard"] == pcard + 2


@pytest.mark.rule("PLG-R004")
@pytest.mark.rule("PLG-R126")
@pytest.mark.rule("PLG-R128")
@pytest.mark.rule("PLG-R129")
@pytest.mark.rule("PLG-R130")
def test_tribute_from_every_source():
    """Fact 3: Bia, round 3, tribute 3 = 1 coin bonus + 1 coin tile + 1 Nile coin."""
    state = neutral()
    state["round"] = 3
    player = state["players"][0]
    player["province"] = "abydos"
    put(state, 0, c1="sphinx", c2="obelisk")
    player["nile"] = 2
    player["kept"] = ["coin", "coin"]
    assert income(state, 0) == 2
    pay_tribute(state, 0, [])
    assert player["paid"] is True and player["kept"] == ["coin"]
    assert state["removed"] == ["coin"]


@pytest.mark.rule("PLG-R131")
@pytest.mark.rule("PLG-R132")
@pytest.mark.rule("PLG-R133")
def test_tribute_failure_keeps_coins():
    """Fact 4: Rui, round 9, 8 = 2 bonuses + 2 tiles + 3 Nile + card 3; one space back: 7."""
    state = neutral()
    state["round"] = 9
    player = state["players"][0]
    player["province"] = "abydos"
    put(state, 0, c1="sphinx", c2="obelisk", f3="herd", f4="egyptian")
    player["kept"] = ["coin", "coin"]
    state["pharaoh"][2] = 0
    player["nile"] = 8
    pay_tribute(state, 0, [])
    assert player["paid"] and player["kept"] == [] and state["pharaoh"][2] is None
    player["kept"] = ["coin", "coin"]
    state["pharaoh"][2] = 0
    player["nile"] = 7
    pay_tribute(state, 0, [])
    assert player["paid"] is False and player["kept"] == ["coin", "coin"]
    assert state["pharaoh"][2] is None
    state["players"][1]["paid"] = True
    assert ankh_symbols(state, 0) == 0
    assert state["plague"] == "blood"
    assign_penalty(state, [])
    assert player["penalties"] == ["blood"]


@pytest.mark.rule("PLG-R127")
def test_tribute_in_turn_order():
    state = neutral(3, seed=6)
    for player in state["players"]:
        player["hebrews"] = [1, 1, 1, 1]
        player["terr"] = [{"id": "sa_hebrew_income", "used": False}]
    state["order"] = [2, 0, 1]
    state["phase"], state["step"], state["counter"] = "plague", "tribute", 0
    started(state)
    seen = []
    for _ in range(3):
        decision = E.pending(state)[0]
        assert decision.key == "tribute"
        seen.append(decision.seat)
        state, _ = E.apply(state, decision.seat, "pay")
    assert seen == [2, 0, 1]


@pytest.mark.rule("PLG-R134")
@pytest.mark.rule("PLG-R135")
def test_penalty_tie_break():
    state = neutral(3, seed=2)
    for _seat, player in enumerate(state["players"]):
        player["paid"] = False
        player["pcard"] = 4
        player["nile"] = 2
    state["players"][2]["paid"] = True
    state["players"][1]["hebrews"] = [1]
    assign_penalty(state, [])
    assert state["players"][0]["penalties"] == ["blood"]
    assert state["players"][1]["penalties"] == []
    state["players"][0]["penalties"] = []
    state["players"][1]["hebrews"] = []
    assign_penalty(state, [])
    assert all(p["penalties"] == [] for p in state["players"])
    assert state["plague_fate"] == "out"


def loss_state(card: str, round_: int = 1) -> dict:
    state = neutral()
    state["loss"] = card
    state["round"] = round_
    state["phase"] = "plague"
    return state


@pytest.mark.rule("PLG-R136")
@pytest.mark.rule("PLG-R155")
def test_loss_step_simultaneous():
    state = neutral()
    state["loss"] = "L1a"
    state["phase"], state["step"], state["counter"] = "plague", "tribute", 2
    for player in state["players"]:
        player["nile"] = 3
    started(state)
    assert sorted(d.seat for d in E.pending(state)) == [0, 1]
    # The question names the round's plague and which part of the loss card it is.
    assert sorted(str(d.prompt) for d in E.pending(state)) == [
        f"Seat {n}: loss card of the Water into blood round, loss 1 of 1: which one do you suffer?"
        for n in (1, 2)
    ]
    state, _ = E.apply(state, 1, "alt:2")
    state, _ = E.apply(state, 0, "alt:2")
    assert "L1a" in state["loss_discard"]
    assert "blood" in state["plague_discard"]


@pytest.mark.rule("PLG-R138")
@pytest.mark.rule("PLG-R139")
@pytest.mark.rule("PLG-R141")
@pytest.mark.rule("PLG-R142")
@pytest.mark.rule("PLG-R145")
@pytest.mark.rule("PLG-R148")
def test_cancel_a_loss_with_ankh():
    """Fact 7: Ana, round 6, 2 Ankh; cancels the 3rd loss (remove an egyptian)."""
    state = loss_state("L3a", 6)
    player = state["players"][0]
    put(
        state,
        0,
        c0="sphinx",
        c1="egyptian",
        c2="obelisk",
        f0="herd",
        f1="plantation",
        f2="egyptian",
    )
    player["dev"] = [3, 3]
    player["nile"] = 4
    assert ankh_symbols(state, 0) == 2
    resolve(state, 0, {"k": "loss"})
    assert options(state) == ["cancel:1", "cancel:2", "cancel:3", "cancel:none"]
    resolve(state, 0, None, "cancel:3")
    assert player["dev"] == [2, 3] and player["nile"] == 2
    assert player["cells"]["c1"] == "egyptian"
    # without cancelling, the egyptian is removed by the player's choice
    state = loss_state("L3a", 6)
    put(state, 0, c1="egyptian", f2="egyptian")
    state["players"][0]["nile"] = 12
    state["players"][0]["pcard"] = 21
    resolve(state, 0, {"k": "loss"}, "cancel:none")
    assert options(state) == ["space:c1", "space:f2"]
    resolve(state, 0, None, "space:f2", "slot:B")
    assert state["players"][0]["discard"]["B"] == "egyptian"


@pytest.mark.rule("PLG-R140")
@pytest.mark.rule("PLG-R094")
def test_card_five_spent_only_if_needed():
    state = loss_state("L1a", 1)
    state["pharaoh"][4] = 0
    resolve(state, 0, {"k": "loss"}, "cancel:1")
    assert state["pharaoh"][4] is None
    state = loss_state("L1a", 1)
    state["pharaoh"][4] = 0
    state["players"][0]["nile"] = 12
    resolve(state, 0, {"k": "loss"}, "cancel:1")
    assert state["pharaoh"][4] == 0


@pytest.mark.rule("PLG-R143")
@pytest.mark.rule("PLG-R144")
@pytest.mark.rule("PLG-R146")
@pytest.mark.rule("PLG-R147")
def test_alternatives():
    """Fact 6: Bia, round 1, no Ankh: city track -1 or boat -1 (losing her Nile coin)."""
    state = loss_state("L1a")
    player = state["players"][0]
    player["nile"] = 2
    player["dev"] = [1, 0]
    resolve(state, 0, {"k": "loss"})
    assert options(state) == ["alt:1", "alt:2"]
    resolve(state, 0, None, "alt:2")
    assert player["nile"] == 1 and income(state, 0) == 0
    player["dev"] = [0, 0]
    resolve(state, 0, {"k": "loss"}, "alt:1")  # nothing to lose: no effect
    assert player["dev"] == [0, 0] and player["nile"] == 1


@pytest.mark.rule("PLG-R149")
@pytest.mark.rule("PLG-R150")
def test_province_and_one_of_losses():
    state = loss_state("L2c", 3)
    state["players"][0]["pcard"] = 5
    resolve(state, 0, {"k": "loss"})
    assert state["players"][0]["pcard"] == 2
    state = loss_state("L2a", 3)
    put(state, 0, c0="sphinx", c1="obelisk", f2="egyptian")
    resolve(state, 0, {"k": "loss"})
    assert options(state) == ["space:c0", "space:c1"]
    resolve(state, 0, None, "space:c1", "slot:A")
    assert state["players"][0]["discard"]["A"] == "obelisk"


@pytest.mark.rule("PLG-R151")
@pytest.mark.rule("PLG-R152")
def test_both_loss_and_overflow():
    state = loss_state("L3d", 6)
    player = state["players"][0]
    put(state, 0, c0="obelisk", f0="herd")
    player["discard"] = {"A": "sphinx", "B": None}
    resolve(state, 0, {"k": "loss"})
    assert player["discard"] == {"A": "sphinx", "B": "obelisk"}
    assert options(state) == ["drop:A", "drop:B", "drop:new"]
    resolve(state, 0, None, "drop:A")
    assert player["discard"] == {"A": "herd", "B": "obelisk"} and state["removed"] == ["sphinx"]
    # only one of the two types on the board: only that one goes
    state = loss_state("L3d", 6)
    put(state, 0, f0="herd", c0="sphinx")
    resolve(state, 0, {"k": "loss"})
    assert key(state) == "discard_slot"
    resolve(state, 0, None, "slot:B")
    assert state["players"][0]["discard"] == {"A": None, "B": "herd"}
    assert state["players"][0]["cells"]["c0"] == "sphinx" and key(state) is None


@pytest.mark.rule("PLG-R154")
def test_moving_back_keeps_one_time_rewards():
    state = neutral()
    player = state["players"][0]
    player["pcard"] = 23
    player["markers"] = []
    player["nile"] = 12
    state["phase"] = "plague"
    assert ankh_symbols(state, 0) == 2
    resolve(state, 0, {"k": "adv", "what": "province", "n": -3})
    resolve(state, 0, {"k": "adv", "what": "boat", "n": -1})
    assert ankh_symbols(state, 0) == 0 and player["markers"] == []
    resolve(state, 0, {"k": "adv", "what": "province", "n": 3})
    assert key(state) is None  # no second bonus
