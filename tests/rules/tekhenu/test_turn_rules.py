"""Turn-level rules of issue 11: the market after Botankhamun's turn, side actions and the die
on the scales, an empty-deck Thoth, exact dice reach, extra actions only when possible,
B07/B08 any time during the turn, and Maat turn-order ties."""

from __future__ import annotations

import pytest

from rules.tekhenu import ENGINE, flow, solo
from rules.tekhenu.data import MARKET_HAPPINESS
from tests.rules.tekhenu.scenario import (
    act,
    at_turn,
    clear_dice,
    current,
    empty_hand,
    give,
    key,
    light_for,
    me,
    new,
    options,
    put_die,
    reset_board,
)


def base(seats=2, seed=3):
    state = at_turn(seats, seed)
    if key(state) == "turn_start":
        state, _ = me(state, "go")
    seat = current(state)
    reset_board(state)
    for s in range(len(state["players"])):
        empty_hand(state, s)
    clear_dice(state)
    for _ in range(4):  # filler dice for the next turns
        put_die(state, "ra", "grey", 1)
    return state, seat


# --- item 6: the market after Botankhamun's turn (TEK-R129) ----------------------------------
@pytest.mark.rule("TEK-R129")
@pytest.mark.rule("TEK-R331")
def test_market_refilled_after_the_bots_thoth():
    state = new(1, 7)
    state["stack"] = []
    state["phase"] = "turns"
    clear_dice(state)
    bot = state["bot"]
    light_for(state, "thoth", "shaded")
    put_die(state, "thoth", "white", 6)  # 3 cards
    state["solo"]["pyramid"] = ["BA5"] + state["solo"]["pyramid"][1:]
    state["solo"]["progress"] = None
    state["players"][bot]["happiness"] = MARKET_HAPPINESS[0]
    before = list(state["market"][0])
    assert None not in before
    events = []
    solo.bot_turn(state, events)
    took = state["players"][bot]["bot_cards"]
    assert len(took) == 3 and set(took) <= set(before)
    # the slots are refilled at the end of the bot's turn, before the player's next turn
    assert None not in state["market"][0]
    assert not set(took) & set(state["market"][0])


# --- item 9: side actions never turn the die on the scales (TEK-R069) ------------------------
@pytest.mark.rule("TEK-R069")
@pytest.mark.rule("TEK-R238")
@pytest.mark.rule("TEK-R259")
def test_t14_on_an_extra_action_keeps_the_die_on_the_pan():
    state, seat = base()
    player = state["players"][seat]
    player["technologies"] = ["T14"]
    player["blessings"] = ["B18"]
    give(state, seat, scribe=1, happiness=6, population=9)
    light_for(state, "thoth", "shaded")  # yellow is Pure there
    put_die(state, "thoth", "yellow", 3)
    # B18 on a Thoth die: the adjacent Osiris action with the same die
    state, _ = me(
        state, "die:thoth:yellow3", "extra:B18:osiris", "done", "prod:papyrus", "extra_first"
    )
    assert key(state) == "t14"
    state, _ = me(state, "adj:-2")  # Osiris in row 1
    assert state["players"][seat]["left"] == [["yellow", 3]]  # scales unaffected
    state, _ = me(state, "space:o1_bread")
    p = state["players"][seat]
    assert state["turn"] is None or state["turn"]["seat"] != seat
    assert p["left"] == [["yellow", 3]]
    # the regular Production still used the die's 3 (Papyrus marker 2: keep 2, 1 excess)
    assert p["res"]["papyrus"] == 2 and p["excess"] == 1


@pytest.mark.rule("TEK-R069")
@pytest.mark.rule("TEK-R264")
@pytest.mark.rule("TEK-R258")
def test_t13_on_a_t19_production_keeps_the_die_on_the_pan():
    state, seat = base()
    player = state["players"][seat]
    player["technologies"] = ["T13", "T19"]
    give(state, seat, scribe=1, papyrus=2, happiness=2, population=12)
    light_for(state, "bastet", "shaded")  # black is Tainted in shade
    put_die(state, "bastet", "black", 2)
    state, _ = me(state, "die:bastet:black2", "done", "act:bastet")
    assert key(state) == "t19"
    state, _ = me(state, "t19")
    assert key(state) == "t13"
    state, _ = me(state, "adj:+1")  # the side Production with a 3
    p = state["players"][seat]
    assert p["right"] == [["black", 2]]  # the die on the pan keeps its 2
    assert p["res"]["granite"] == 2 + 1  # 3 produced, marker 2: keep 2 (+1 T13), 1 excess
    assert p["happiness"] == 4  # the regular Bastet used the die's own 2


@pytest.mark.rule("TEK-R069")
@pytest.mark.rule("TEK-R259")
def test_t14_on_the_regular_action_turns_the_die():
    state, seat = base()
    player = state["players"][seat]
    player["technologies"] = ["T14"]
    give(state, seat, happiness=3, population=9)
    light_for(state, "osiris", "shaded")
    put_die(state, "osiris", "yellow", 4)
    state, _ = me(state, "die:osiris:yellow4", "done", "act:osiris", "adj:+1")
    assert state["players"][seat]["left"] == [["yellow", 5]]


# --- item 12: Thoth needs all its cards (TEK-R126/R127) ------------------------------------
def starve_section(state, section, keep):
    """Empty every deck and discard pile, leaving ``keep`` cards in market section ``section``."""
    for kind in state["decks"]:
        state["decks"][kind] = []
        state["discards"][kind] = []
    slots = state["market"][section]
    for index in range(len(slots)):
        if index >= keep:
            slots[index] = None


@pytest.mark.rule("TEK-R126")
@pytest.mark.rule("TEK-R127")
def test_thoth_refused_when_too_few_cards_can_be_drawn():
    from rules.tekhenu.actions import god_legal

    state, seat = base()
    give(state, seat, papyrus=5, happiness=4, population=8)  # section 1 only
    starve_section(state, 0, 2)
    assert god_legal(state, seat, "thoth", 4)  # 2 cards: exactly what section 1 holds
    assert not god_legal(state, seat, "thoth", 5)  # 3 cards: refused, not 2 for 3 Papyrus
    light_for(state, "thoth", "shaded")
    put_die(state, "thoth", "grey", 6)
    put_die(state, "thoth", "yellow", 5)
    ids = options(state)
    assert "die:thoth:grey6" not in ids  # grey: Thoth is its only action, and it cannot be done
    state, _ = me(state, "die:thoth:yellow5", "done")
    assert options(state) == ["prod:papyrus"]
    # a Thoth for 2 cards takes both and pays 2
    s, _ = act(state, seat, "thoth", 3, src="card")
    assert options(s) == ["section:1"] + [o for o in options(s) if o.startswith("refresh")]
    assert ENGINE.pending(s)[0].options[0].label.startswith("Take 2 cards")


# --- item 10: exact dice reach (TEK-R066) ---------------------------------------------------
@pytest.mark.rule("TEK-R066")
@pytest.mark.rule("TEK-R255")
@pytest.mark.rule("TEK-R067")
def test_reach_counts_t10_gold_once():
    state, seat = base()
    player = state["players"][seat]
    player["technologies"] = ["T10"]
    state["ra"] = ["P07", None, None]  # only a 5-6 builds: P07 costs 2 Limestone
    give(state, seat, limestone=1, gold=1)
    light_for(state, "ra", "sunny")
    put_die(state, "ra", "grey", 3)
    put_die(state, "ra", "yellow", 6)  # a die that has an action (Production)
    # +2 needs 1 Scribe: with T10 the 1 Gold pays it, and nothing is left for the 2nd Limestone
    assert "die:ra:grey3" not in options(state)
    give(state, seat, gold=2)  # now 1 Gold for the Scribe and 1 for the Limestone
    assert "die:ra:grey3" in options(state)
    state, _ = me(state, "die:ra:grey3")
    # only the change that keeps the Ra action payable is offered
    assert options(state) == ["sc:+2"]
    state, _ = me(state, "sc:+2", "done")
    assert options(state) == ["act:ra"]


@pytest.mark.rule("TEK-R066")
@pytest.mark.rule("TEK-R233")
def test_a_colour_blessing_never_turns_the_die_grey_without_an_action():
    state, seat = base()
    state["players"][seat]["blessings"] = ["B12"]
    light_for(state, "bastet", "shaded")  # every colour is Pure or Tainted here
    put_die(state, "bastet", "white", 4)
    state, _ = me(state, "die:bastet:white4")
    ids = options(state)
    assert "colour:grey" not in ids  # grey: only Bastet, and there is no Papyrus for it
    assert "colour:yellow" in ids
    give(state, seat, papyrus=2)
    assert "colour:grey" in options(state)


# --- item 8: an extra action only when it can be performed (TEK-R238..R241) -----------------
@pytest.mark.rule("TEK-R238")
@pytest.mark.rule("TEK-R239")
def test_extra_action_offered_only_when_possible():
    state, seat = base()
    player = state["players"][seat]
    player["blessings"] = ["B17"]
    give(state, seat, scribe=2, happiness=0, population=6)
    light_for(state, "thoth", "shaded")  # yellow Pure
    put_die(state, "thoth", "yellow", 2)
    state, _ = me(state, "die:thoth:yellow2")
    ids = options(state)
    # Osiris: Happiness 0 and nothing this turn raises it; Bastet: no Papyrus now, but the
    # regular Production of this yellow 2 brings 2 Papyrus first
    assert "extra:B17:osiris" not in ids
    assert "extra:B17:bastet" in ids
    state, _ = me(state, "extra:B17:bastet", "done")
    # only the regular action that makes the extra one possible, and only before it
    assert options(state) == ["prod:papyrus"]
    state, _ = me(state, "prod:papyrus")
    assert options(state) == ["regular_first"]
    state, events = me(state, "regular_first")
    assert not any(e.kind == "skip" for e in events)
    assert state["players"][seat]["happiness"] == 2  # Bastet with the 2


@pytest.mark.rule("TEK-R240")
@pytest.mark.rule("TEK-R241")
def test_opposite_extra_not_offered_when_its_cost_makes_it_impossible():
    state, seat = base()
    player = state["players"][seat]
    player["blessings"] = ["B20"]
    give(state, seat, happiness=1, population=6)
    light_for(state, "hathor", "shaded")
    put_die(state, "hathor", "yellow", 1)
    state, _ = me(state, "die:hathor:yellow1")
    # B20 costs the last Happiness: Osiris (opposite Hathor) would then be impossible
    assert not any(o.startswith("extra:") for o in options(state))
    give(state, seat, happiness=2)
    assert "extra:B20:osiris" in options(state)


# --- B07/B08 any time during the turn (TEK-R228/R229) ----------------------------------------
@pytest.mark.rule("TEK-R228")
@pytest.mark.rule("TEK-R229")
@pytest.mark.rule("TEK-R122")
def test_b07_between_two_actions_reaches_a_higher_market_section():
    state, seat = base()
    player = state["players"][seat]
    player["blessings"] = ["B17", "B07"]
    give(state, seat, scribe=1, happiness=8, population=9)
    from rules.tekhenu.tracks import open_market_section

    open_market_section(state, 2, [])  # Population 9 opened section 3
    light_for(state, "osiris", "shaded")
    put_die(state, "osiris", "yellow", 2)
    state, _ = me(state, "go") if key(state) == "turn_start" else (state, [])
    state, _ = me(state, "die:osiris:yellow2")
    assert "bless:B07:happiness" in options(state)  # with the die
    state, _ = me(state, "extra:B17:thoth", "done")
    assert "bless:B07:happiness" in options(state)  # at the action choice
    state, _ = me(state, "act:osiris", "regular_first")
    state, _ = me(state, options(state)[0])  # the Osiris space (Happiness 8 -> 7)
    assert state["players"][seat]["happiness"] == 7
    # before the extra Thoth: +3 Happiness now reaches 9 (capped by Population 9)
    assert key(state) == "before_action"
    assert options(state) == ["go", "bless:B07:population", "bless:B07:happiness"]
    state, _ = me(state, "bless:B07:happiness")
    assert state["players"][seat]["happiness"] == 9 and key(state) == "before_action"
    state, _ = me(state, "go")
    assert "section:3" in options(state)  # played at the start, Osiris would leave 8


@pytest.mark.rule("TEK-R228")
def test_b07_not_offered_in_the_middle_of_an_action():
    state, seat = base()
    state["players"][seat]["blessings"] = ["B08"]
    give(state, seat, happiness=3, population=6)
    light_for(state, "osiris", "shaded")
    put_die(state, "osiris", "yellow", 2)
    if key(state) == "turn_start":
        state, _ = me(state, "go")
    state, _ = me(state, "die:osiris:yellow2", "done", "act:osiris")
    assert key(state) == "osiris"
    assert not any(o.startswith("bless:") for o in options(state))


# --- Maat turn-order ties (TEK-R153) -------------------------------------------------------
@pytest.mark.rule("TEK-R153")
@pytest.mark.rule("TEK-R335")
def test_ankh_values_never_tie_so_the_previous_order_never_decides():
    """Exhaustive: every way the seats can hold the 4 Destiny cards (one each) and the one T15,
    plus Botankhamun's fixed 4: the Ankh values are always distinct."""
    from itertools import permutations

    from rules.tekhenu.data import DESTINY_ANKH, TECHNOLOGIES

    assert TECHNOLOGIES.count("T15") == 1
    checked = 0
    for seats in (1, 2, 3, 4):
        state = new(seats, 5)
        humans = [s for s in range(state["n"]) if s != state["bot"]]
        for cards in permutations(sorted(DESTINY_ANKH), state["n"]):
            for t15 in [None, *humans]:
                for s, player in enumerate(state["players"]):
                    player["destiny"] = cards[s]
                    player["technologies"] = ["T15"] if s == t15 else []
                values = [flow.ankh(state, s) for s in range(state["n"])]
                assert len(set(values)) == len(values), (seats, cards, t15, values)
                checked += 1
    assert checked > 100


@pytest.mark.rule("TEK-R153")
def test_equal_balance_goes_to_the_higher_ankh():
    state = new(3, 5)
    for s, (card, balance) in enumerate((("A04", 2), ("A01", -2), ("A02", 0))):
        state["players"][s]["destiny"] = card
        state["players"][s]["left"] = [["white", balance]] if balance > 0 else []
        state["players"][s]["right"] = [["grey", -balance]] if balance < 0 else []
        state["players"][s]["technologies"] = []
    state["order"] = [1, 0, 2]
    state["maat_phases"] = 1
    flow.maat_resolve(state, [])
    assert state["order"] == [2, 0, 1]  # 0 first; +2 and -2 tie: Ankh 3 before Ankh 0


@pytest.mark.rule("TEK-R238")
def test_an_impossible_extra_action_is_refused_with_a_reason():
    from rules.core import IllegalMove

    state, seat = base()
    state["players"][seat]["blessings"] = ["B18"]
    give(state, seat, scribe=1, happiness=0, population=4)
    light_for(state, "hathor", "shaded")
    put_die(state, "hathor", "brown", 5)
    state, _ = me(state, "die:hathor:brown5")
    # Ra: no stone for any Pillar; Bastet: no Papyrus, and Bread brings none
    assert not any(o.startswith("extra:") for o in options(state))
    with pytest.raises(IllegalMove) as info:
        ENGINE.apply(state, seat, "extra:B18:bastet")
    assert "could not be performed with this die" in str(info.value)


@pytest.mark.rule("TEK-R240")
@pytest.mark.rule("TEK-R007")
def test_extra_action_not_offered_when_it_would_spoil_the_regular_one():
    state, seat = base()
    player = state["players"][seat]
    player["blessings"] = ["B19"]
    player["buildings"] = 1
    give(state, seat, bread=4, happiness=5, population=8)
    light_for(state, "hathor", "shaded")
    put_die(state, "hathor", "grey", 3)  # grey: the regular action must be Hathor
    state, _ = me(state, "die:hathor:grey3")
    # one Building left: Hathor and the opposite Osiris cannot both be built
    assert "extra:B19:osiris" not in options(state)
    state["players"][seat]["buildings"] = 2
    assert "extra:B19:osiris" in options(state)


@pytest.mark.rule("TEK-R264")
@pytest.mark.rule("TEK-R255")
def test_t19_not_offered_when_its_scribe_would_leave_the_god_action_unpaid():
    state, seat = base()
    player = state["players"][seat]
    player["technologies"] = ["T19", "T10"]
    give(state, seat, gold=1, papyrus=1, happiness=3, population=8)
    light_for(state, "bastet", "shaded")
    put_die(state, "bastet", "white", 4)  # Tainted: T19 would produce Limestone
    state, _ = me(state, "die:bastet:white4", "done", "act:bastet")
    # Bastet costs 2 Papyrus = 1 Papyrus + the Gold; T19's Scribe would be that Gold (T10)
    assert key(state) == "t19" and options(state) == ["skip"]
    give(state, seat, gold=2)
    assert options(state) == ["t19", "skip"]
