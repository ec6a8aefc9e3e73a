"""Every legal option of every decision is reachable by components alone (issue 12, item 6).

For every pending decision along random matches of every game and seat count, the components
the bot would post are built (``decision_view``, ``seats_view``) and walked the way clicks go:
an option entry is an answer; a group or page entry opens the step ``open_step`` would show
(``picker.level`` of the current decision, ``step_view``). The reachable option ids must be
exactly the decision's, within Discord's limits. The normal run plays one seed per game and
seat count; ``pytest -m sweep`` plays more.
"""

from __future__ import annotations

from typing import Any

import discord
import pytest

import rules
from bot.service import MatchInfo, PendingDecision, SeatInfo
from cogs.components import (
    DecisionButton,
    StepSelect,
    decision_view,
    seats_view,
    step_view,
)
from cogs.picker import BRANCH, Branch, branch_path, level, path_of, tree
from rules.core import Decision, Option
from rules.testing import random_playout

MATCH = 987654321012345678  # the longest match id Scarab's ids allow (18 digits)
SEQ = 123456789012345678
CELLS = [
    (game, seats)
    for game, engine in sorted(rules.ENGINES.items())
    for seats in range(engine.min_players, engine.max_players + 1)
]
CELL_IDS = [f"{g}-{n}" for g, n in CELLS]
LONG_MENUS_SEEN = {("amunre", 5), ("ankh", 2), ("tekhenu", 2)}  # > 25 options with seed 1


def table(seats: int) -> MatchInfo:
    entries = [SeatInfo(i, 100 + i, False) for i in range(seats)]
    return MatchInfo(MATCH, 1, 2, 3, "x", "X", {}, entries, seats, "active", 1, 100)


def check_limits(view: discord.ui.View) -> None:
    assert len(view.children) <= 25
    for item in view.children:
        assert len(item.custom_id) <= 100, item.custom_id
        if isinstance(item, discord.ui.DynamicItem) and isinstance(item.item, discord.ui.Select):
            assert 1 <= len(item.item.options) <= 25
            for entry in item.item.options:
                assert len(entry.label) <= 100 and len(entry.value) <= 100
                assert entry.description is None or len(entry.description) <= 100


def walk(view: discord.ui.View, pending: PendingDecision, seat: int | None) -> set[str]:
    """Option ids reachable from ``view``, following every group and page step."""
    check_limits(view)
    reached: set[str] = set()
    opened: set[tuple[int, ...]] = set()
    todo = [view]
    while todo:
        current = todo.pop()
        for item in current.children:
            if isinstance(item, DecisionButton):
                reached.add(item.option_id)
                continue
            for entry in item.item.options:
                path = branch_path(entry.value)
                if path is None:
                    reached.add(entry.value)
                elif path not in opened:
                    opened.add(path)
                    if path == ():
                        continue  # "Back" to the top: the posted menu itself
                    nodes = level(pending.options, path)
                    assert nodes is not None, entry.value
                    step = step_view(MATCH, seat, pending.seq, path, nodes, pending)
                    check_limits(step)
                    (select,) = step.children
                    assert isinstance(select, StepSelect)
                    assert StepSelect.__discord_ui_compiled_template__.fullmatch(select.custom_id)
                    todo.append(step)
    return reached


def posted_views(decisions: list[Decision], seats: int) -> list[tuple[Any, PendingDecision, Any]]:
    """(view, pending, seat of its step ids) for what the bot posts for these decisions."""
    pending = [PendingDecision(d.seat, 100 + d.seat, False, SEQ, d) for d in decisions]
    public = [p for p in pending if not p.secret]
    posted = [(decision_view(MATCH, p), p, None) for p in pending if p.secret]
    if len(public) == 1:
        posted.append((decision_view(MATCH, public[0]), public[0], None))
    elif public:
        view, rest = seats_view(table(seats), public)
        for p in public:
            if p not in rest:
                (select,) = [i for i in view.children if getattr(i, "seat", None) == p.seat]
                single = discord.ui.View(timeout=None)
                single.add_item(select)
                posted.append((single, p, p.seat))
    return posted


def check_reachable(game: str, seats: int, seed: int) -> int:
    """Play one random match; returns how many decisions had more than 25 options."""
    engine = rules.get(game)
    seen: set[tuple[Any, ...]] = set()
    long_menus = 0

    def check(state: Any) -> None:
        nonlocal long_menus
        decisions = engine.pending(state)
        for view, pending, seat in posted_views(decisions, seats):
            key = (pending.secret, seat is None, tuple((o.id, o.group) for o in pending.options))
            if key in seen:
                continue
            seen.add(key)
            long_menus += len(pending.options) > 25
            reached = walk(view, pending, seat)
            assert reached == set(pending.decision.option_ids()), (
                game,
                seed,
                pending.decision.key,
                sorted(set(pending.decision.option_ids()) - reached)[:10],
            )

    random_playout(engine, seats, seed, on_step=lambda before, _after, _move: check(before))
    return long_menus


@pytest.mark.parametrize(("game", "seats"), CELLS, ids=CELL_IDS)
def test_every_option_is_reachable(game: str, seats: int) -> None:
    long_menus = check_reachable(game, seats, seed=1)
    if (game, seats) in LONG_MENUS_SEEN:  # the walk really goes through steps
        assert long_menus > 0


@pytest.mark.sweep
@pytest.mark.parametrize(("game", "seats"), CELLS, ids=CELL_IDS)
def test_every_option_is_reachable_sweep(game: str, seats: int) -> None:
    for seed in range(2, 22):
        check_reachable(game, seats, seed)


# --------------------------------------------------------------------------- the tree itself


def options(n: int, group=lambda i: "") -> tuple[Option, ...]:
    return tuple(Option(f"o:{i}", f"Option {i}", group=group(i)) for i in range(n))


def test_a_short_menu_is_its_options() -> None:
    assert tree(options(25)) == options(25)


def test_groups_come_first_and_a_group_of_one_is_its_option() -> None:
    opts = options(40, lambda i: f"G{i // 10}" if i < 39 else "Lone")
    top = tree(opts)
    assert [n.label for n in top] == ["G0", "G1", "G2", "G3", "Option 39"]
    assert isinstance(top[0], Branch) and top[0].entries == opts[:10]
    assert top[4] == opts[39]


def test_without_groups_the_options_are_paged() -> None:
    top = tree(options(124))
    assert [n.label for n in top] == ["1–24", "25–48", "49–72", "73–96", "97–120", "121–124"]
    assert [o.id for page in top for o in page.options()] == [o.id for o in options(124)]


def test_huge_menus_are_paged_twice_and_large_groups_paged_inside() -> None:
    top = tree(options(1000))
    assert len(top) <= 25 and all(isinstance(n, Branch) for n in top)
    assert top[0].label == "1–576" and top[0].entries[1].label == "25–48"
    grouped = tree(options(70, lambda i: "big" if i < 60 else f"g{i}"))
    assert isinstance(grouped[0], Branch) and grouped[0].label == "big"
    assert [n.label for n in grouped[0].entries] == ["1–24", "25–48", "49–60"]


def test_a_step_path_that_leads_nowhere_is_refused() -> None:
    opts = options(60)
    assert level(opts, (1,)) is not None
    assert level(opts, (9,)) is None and level(opts, (1, 3)) is None
    assert branch_path(BRANCH + "1.2") == (1, 2) and branch_path(BRANCH + "x") is None
    assert branch_path("o:1") is None


def test_amunre_auction_menus_show_provinces_then_bids() -> None:
    engine = rules.get("amunre")
    grouped: list[Decision] = []

    def look(state: Any) -> None:
        grouped.extend(d for d in engine.pending(state) if len(d.options) > 25 and "bid" in d.key)

    random_playout(engine, 5, 1, on_step=lambda before, _after, _move: look(before))
    assert grouped
    for decision in grouped:
        top = tree(decision.options)
        provinces = {o.group for o in decision.options if o.group}
        branches = {n.label for n in top if isinstance(n, Branch)}
        assert branches and branches <= provinces and len(top) <= 25


def test_ankh_caravans_are_grouped_by_column() -> None:
    engine = rules.get("ankh")
    caravans: list[Decision] = []

    def look(state: Any) -> None:
        caravans.extend(d for d in engine.pending(state) if d.key == "caravan")

    random_playout(engine, 3, 1, on_step=lambda before, _after, _move: look(before))
    longest = max(caravans, key=lambda d: len(d.options))
    assert len(longest.options) > 25
    top = tree(longest.options)
    assert len(top) <= 25 and any(n.label == "Column a" for n in top)


def test_path_of_finds_the_level_listing_an_option() -> None:
    opts = options(70, lambda i: "big" if i < 60 else f"g{i}")
    assert path_of(opts, "o:65") == ()
    assert path_of(opts, "o:30") == (0, 1)
    assert any(o.id == "o:30" for o in level(opts, (0, 1)))
    assert path_of(opts, "nope") is None
