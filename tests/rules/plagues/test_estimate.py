"""The search AI's evaluation for 10 Plagues (docs/ai.md)."""

from __future__ import annotations

from dataclasses import replace

import rules
from rules.plagues.estimate import expected_penalties


def _solo_game(seed: int = 1):
    engine = rules.ENGINES["plagues"]
    return engine, engine.new_game(1, {}, seed)


def _cleared_board(seats: int = 1, seed: int = 1):
    """A new game and its first human seat, whose city board is emptied."""
    state = rules.ENGINES["plagues"].new_game(seats, {}, seed)
    seat = 1 - state["ai"] if state["solo"] else 0
    cells = state["players"][seat]["cells"]
    for cell in cells:
        cells[cell] = None
    return state, seat, cells


def test_more_coins_income_or_boat_never_raise_the_expected_penalty() -> None:
    engine, state = _solo_game()
    human = 1 - state["ai"]
    base = expected_penalties(state, human)
    assert base > 0  # no income at the start: the rising tributes are not covered
    assert expected_penalties(state, human, coins=1) < base
    assert expected_penalties(state, human, steady=1) < base
    assert expected_penalties(state, human, nile=2) <= base
    assert expected_penalties(state, state["ai"]) >= 0


def test_income_that_closes_no_gap_yet_still_lowers_the_expected_penalty() -> None:
    """PLG-R128..PLG-R133: a tribute is paid only in full, but a step of income nearer to the
    late tributes (7, 8, 9 coins) must count before it covers one, or the planner never builds
    towards them."""
    engine, state = _solo_game()
    human = 1 - state["ai"]
    state["round"] = 8
    base = expected_penalties(state, human)
    assert base > 0
    assert expected_penalties(state, human, steady=1) < base
    assert expected_penalties(state, human, coins=1) < base
    covered = expected_penalties(state, human, steady=9)
    assert covered == 0  # every tribute left is paid


def test_a_step_on_the_track_behind_is_worth_more_than_one_ahead() -> None:
    from rules.plagues.estimate import estimate

    engine, state = _solo_game()
    human = 1 - state["ai"]
    state["players"][human]["dev"] = [3, 1]
    behind, ahead = engine.copy(state), engine.copy(state)
    behind["players"][human]["dev"] = [3, 2]
    ahead["players"][human]["dev"] = [4, 1]
    base = estimate(state)[human]
    assert estimate(behind)[human] > estimate(ahead)[human] > base


def test_solo_hebrews_count_before_the_ten_a_second_place_needs() -> None:
    from rules.plagues.estimate import estimate

    engine, state = _solo_game()
    human, ai_seat = 1 - state["ai"], state["ai"]
    state["players"][ai_seat]["hebrews"] = [3, 3, 3, 3]
    few, more = engine.copy(state), engine.copy(state)
    few["players"][human]["hebrews"] = [2, 2]
    more["players"][human]["hebrews"] = [2, 2, 3]
    assert estimate(more)[human] - estimate(more)[ai_seat] > (
        estimate(few)[human] - estimate(few)[ai_seat]
    )


def test_a_special_action_counts_only_while_its_condition_holds() -> None:
    from rules.plagues.estimate import estimate

    engine, state = _solo_game()
    human = 1 - state["ai"]
    state["players"][human]["terr"] = [{"id": "sa_diamond_province", "used": False}]
    far = estimate(state)[human]
    state["players"][human]["terr"] = []
    assert estimate(state)[human] == far  # the boat is far from the diamond space


def test_a_tile_towards_a_held_scoring_card_counts_before_the_card_scores() -> None:
    """PLG-R260 (5 VP: 3+ tiles in city and in field) scores only at the threshold; a tile that
    brings it nearer must be worth something to the one-turn planner, and more than the same
    tile without the card (docs/ai/plagues.md, board slopes)."""
    from rules.plagues.estimate import board_slopes

    engine, state = _solo_game()
    human = 1 - state["ai"]
    player = state["players"][human]
    player["cells"] = dict.fromkeys(player["cells"])
    player["cells"].update({"c0": "sphinx", "f0": "herd", "f3": "obelisk"})
    without_card = board_slopes(state, human)
    player["terr"].append({"id": "sc_city_field"})
    base = board_slopes(state, human)
    assert base > without_card
    nearer = engine.copy(state)
    nearer["players"][human]["cells"]["c4"] = "egyptian"
    assert board_slopes(nearer, human) > base


def test_a_half_filled_bonus_edge_and_a_started_line_count() -> None:
    """PLG-R070 (a bonus needs both spaces) and PLG-R078 (a line needs 3 types): a first tile on
    an edge or in a line that can still complete earns a share; a second of the same type in the
    line does not."""
    from rules.plagues.estimate import board_slopes

    state, human, cells = _cleared_board()
    empty = board_slopes(state, human)
    cells["c0"] = "sphinx"
    one = board_slopes(state, human)
    assert one > empty
    cells["c2"] = "obelisk"
    assert board_slopes(state, human) > one
    cells["c2"] = "sphinx"  # the line c0-c1-c2 cannot complete with two sphinxes
    assert board_slopes(state, human) < one + 0.5


def test_a_first_tile_on_a_coin_edge_counts_towards_the_later_tributes() -> None:
    """PLG-R070 / PLG-R075 / PLG-R128: a coin bonus needs both spaces, then it is income at every
    tribute; the first tile on its edge already lowers the expected penalty of the later ones."""
    state, human, cells = _cleared_board(seed=6)
    empty = expected_penalties(state, human)
    cells["c1"] = "sphinx"
    half = expected_penalties(state, human)
    cells["c2"] = "obelisk"
    assert expected_penalties(state, human) < half < empty


def test_hail_stops_the_coin_bonus_this_round_only() -> None:
    """PLG-R181: under hail the coin bonuses do not count at this round's tribute, but they do
    at the later ones, so completing a coin edge is worth as much as in another round, less
    this round's coin."""
    state, human, cells = _cleared_board(seed=6)
    cells["c1"], cells["c2"] = "sphinx", "obelisk"
    state["plague"] = "darkness"
    calm = expected_penalties(state, human)
    state["plague"] = "hail"
    hail = expected_penalties(state, human)
    cells["c2"] = None
    assert calm < hail < expected_penalties(state, human)


def test_a_first_tile_on_a_coin_edge_counts_only_in_solo() -> None:
    """PLG-R134 / PLG-R295: at a multiplayer table only the non-payer furthest behind takes the
    card, and crediting a half-filled coin edge there cost VP (docs/ai/plagues.md, eighth
    round); in solo every shortfall is a card, so there the first tile counts."""
    state, seat, cells = _cleared_board(seats=2, seed=6)
    empty = expected_penalties(state, seat)
    assert empty > 0
    cells["c1"] = "sphinx"
    assert expected_penalties(state, seat) == empty
    cells["c2"] = "obelisk"
    assert expected_penalties(state, seat) < empty


def test_the_solo_estimate_uses_its_fitted_worths_and_tables_the_hand_ones(monkeypatch) -> None:
    """PLG-R295 (solo: the human is the only seat that pays, builds and loses): the solo human's
    future is weighed by SOLO_WORTHS (a quarter step towards a fit on solo self-play,
    docs/ai/plagues.md, thirteenth round), where an empty board space counts against it; a
    table keeps the hand worths, where it counts nothing."""
    from rules.plagues import estimate as est

    solo, seat, _cells = _cleared_board(1)
    table, table_seat, _ = _cleared_board(2)
    assert est.worths(solo) is est.SOLO_WORTHS and est.worths(table) is est.TABLE_WORTHS
    fitted = est.future(solo, seat)
    monkeypatch.setattr(est, "SOLO_WORTHS", replace(est.SOLO_WORTHS, empty_cell=0.0))
    assert fitted < est.future(solo, seat)  # 12 empty spaces cost the solo human
    on_table = est.future(table, table_seat)
    monkeypatch.setattr(est, "TABLE_WORTHS", replace(est.TABLE_WORTHS, empty_cell=0.0))
    assert est.future(table, table_seat) == on_table


def test_the_planner_cost_is_the_solo_humans_penalty_cards() -> None:
    """PLG-R213 / PLG-R295 (solo: every failed tribute is a card, -3 VP each) / PLG-R304 (the
    solo AI takes none): the turn planner's second objective (``plan_cost``) counts the solo
    human's penalty cards; at a table it counts nothing, so tables plan as before."""
    engine, state = _solo_game()
    human = 1 - state["ai"]
    assert engine.plan_cost(state, human) == 0
    state["players"][human]["penalties"].append("hail")  # a failed tribute (PLG-R133)
    assert engine.plan_cost(state, human) == 1
    assert engine.plan_cost(state, state["ai"]) == 0
    table = engine.new_game(2, {}, 1)
    table["players"][0]["penalties"].append("hail")
    assert engine.plan_cost(table, 0) == 0
