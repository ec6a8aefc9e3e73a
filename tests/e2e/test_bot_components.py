"""Decision components without Discord: buttons, menus, the pointer to /play, custom ids."""

from __future__ import annotations

from bot.model import MatchInfo, PendingDecision, SeatInfo, Turn
from cogs.announce import Announcer, turn_key
from cogs.components import (
    DecisionButton,
    DecisionSelect,
    PrivateChoiceButton,
    SeatDecisionSelect,
    StepSelect,
    decision_view,
    menu_labels,
    seats_view,
)
from cogs.lobby import describe_options
from rules.core import Decision, Option
from rules.text import msg, seat_ref


def pending(n: int, *, seat: int = 0, seq: int = 7, secret: bool = False) -> PendingDecision:
    options = tuple(Option(f"opt:{i}", f"Option {i}") for i in range(n))
    return PendingDecision(seat, 42, False, seq, Decision(seat, "k", "Pick one", options, secret))


def test_few_options_are_buttons_carrying_match_seq_and_option() -> None:
    view = decision_view(3, pending(5))
    assert view is not None
    ids = [item.custom_id for item in view.children]
    assert ids == [f"scarab:3:7:opt:{i}" for i in range(5)]
    assert all(isinstance(item, DecisionButton) for item in view.children)


def test_up_to_25_options_are_one_select() -> None:
    view = decision_view(3, pending(25))
    (select,) = view.children
    assert isinstance(select, DecisionSelect) and select.custom_id == "scarab:pick:3:7"
    assert [o.value for o in select.item.options] == [f"opt:{i}" for i in range(25)]


def test_a_menu_prompt_names_the_seat_as_the_turn_post_does() -> None:
    """Issue 12: "Seat 1: you were outbid" in a menu's placeholder reads "alice (A, blue ●):
    you were outbid", with no mention (a placeholder would show "<@id>" as typed)."""
    options = tuple(Option(f"opt:{i}", f"Option {i}") for i in range(8))
    prompt = msg("{seat}: you were outbid.", seat=seat_ref(0))
    decision = PendingDecision(0, 100, False, 7, Decision(0, "k", prompt, options))
    info = table(3)
    info.seats[0] = SeatInfo(0, 100, False, "alice")
    view = decision_view(3, decision, "en", menu_labels(info))
    (select,) = view.children
    assert select.item.placeholder == "alice (A, blue ●): you were outbid."
    (select,) = decision_view(3, decision, "pt-BR", menu_labels(info)).children
    assert select.item.placeholder.startswith("alice (A, azul ●)")
    (select,) = decision_view(3, decision, "en", menu_labels(table(3))).children
    assert select.item.placeholder == "Seat 1 (A, blue ●): you were outbid."


def test_more_than_25_open_pages_in_further_steps() -> None:
    view = decision_view(3, pending(51))
    (select,) = view.children
    assert [o.value for o in select.item.options] == ["~p:0", "~p:1", "~p:2"]
    assert [o.label for o in select.item.options] == ["▸ 1–24", "▸ 25–48", "▸ 49–51"]
    assert select.item.options[2].description == "Option 48 … Option 50"


def test_templates_do_not_overlap() -> None:
    ids = {
        "scarab:3:7:opt:1": DecisionButton,
        "scarab:pick:3:7": DecisionSelect,
        "scarab:private:3:7": PrivateChoiceButton,
        "scarab:seat:3:1:7": SeatDecisionSelect,
        "scarab:step:3:-:7:": StepSelect,
        "scarab:step:3:1:7:2.14": StepSelect,
    }
    for custom_id, owner in ids.items():
        matching = [
            cls
            for cls in (
                DecisionButton,
                DecisionSelect,
                PrivateChoiceButton,
                SeatDecisionSelect,
                StepSelect,
            )
            if cls.__discord_ui_compiled_template__.fullmatch(custom_id)
        ]
        assert matching == [owner], custom_id
    assert not DecisionButton.__discord_ui_compiled_template__.fullmatch("scarab:lobby:3:join")


def test_turn_key_sealed_round_survives_answers() -> None:
    round_ = [pending(3, seat=s, seq=9, secret=True) for s in range(3)]
    assert turn_key(round_) == turn_key(round_[1:]) == ("sealed", 9)
    assert turn_key([pending(3, seat=1)]) == ("seats", (1,))


def table(seats: int) -> MatchInfo:
    return MatchInfo(
        3,
        1,
        2,
        None,
        "plagues",
        "10 Plagues of Egypt",
        {},
        [SeatInfo(s, 100 + s, False) for s in range(seats)],
        seats,
        "active",
        0,
        100,
    )


def test_several_public_decisions_get_one_labelled_menu_per_seat() -> None:
    """Simultaneous public decisions (plague losses): a menu per seat, unique custom ids even
    with the same seq and options, each labelled with its seat; beyond 5 rows -> /play."""
    decisions = [pending(3, seat=s, seq=9) for s in range(7)]
    view, rest = seats_view(table(7), decisions[:4])
    assert rest == [] and len(view.children) == 4
    assert [item.custom_id for item in view.children] == [f"scarab:seat:3:{s}:9" for s in range(4)]
    assert all(isinstance(item, SeatDecisionSelect) for item in view.children)
    assert view.children[2].item.placeholder.startswith("Seat 3 (C, green ▲): ")
    view, rest = seats_view(table(7), decisions)
    assert len(view.children) == 5 and [d.seat for d in rest] == [5, 6]
    assert [d.seat for d in Announcer._overflow(decisions)] == [5, 6]
    assert Announcer._overflow(decisions[:1]) == []


def test_a_shared_seat_names_mentions_and_shows_every_owner() -> None:
    """Seats 0 and 2 share one side (a merged god, ``Engine.co_seats``): the turn message
    mentions both owners, names them together, and the sealed status shows them as one."""
    options = (Option("a", "A"), Option("b", "B"))
    shared = {0: (0, 2), 2: (0, 2)}
    sealed = [
        PendingDecision(0, 100, False, 9, Decision(0, "k", "Pick one", options, True), (102,)),
        PendingDecision(1, 101, False, 9, Decision(1, "k", "Pick one", options, True)),
    ]
    assert sealed[0].owner_ids == (100, 102) and sealed[1].owner_ids == (101,)
    turn = Turn(table(3), [], sealed, {}, None, co_seats=shared)
    assert turn.pending_for(102) is sealed[0] and turn.pending_for(101) is sealed[1]
    announcer = Announcer(None)  # type: ignore[arg-type]
    assert announcer._mentions(turn, sealed) == (
        "<@100>, <@102>, <@101>: your sealed answers, please."
    )
    status = announcer._sealed_status(turn, sealed)
    assert "⏳ <@100> & <@102>, ⏳ <@101>" in status, status
    public = [PendingDecision(2, 102, False, 9, Decision(2, "k", "Say", options), (100,))]
    turn = Turn(table(3), [], public, {}, None, co_seats=shared)
    assert announcer._mentions(turn, public) == "<@102>, <@100>: your turn."
    embed = announcer._embed(turn, public, [])
    assert "**Turn:** <@102> & <@100> — Say" in embed.description, embed.description


def test_lobby_lists_table_options_by_their_labels() -> None:
    lines = describe_options("plagues", {"short": "on", "provinces": "random", "x": "1"})
    assert lines == ["Short game (8 rounds): **on** ✱", "Provinces: **random**"]
