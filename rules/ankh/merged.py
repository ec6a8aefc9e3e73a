"""ANKH-R153 / B24: the decisions a merged god makes outside its seats' own turns.

The rulebook (p.26): "Decisions during battles are made by both players, using the greater
god's battle cards. If the two players disagree, the greater god's player decides." Played
asynchronously, every such decision is asked of both seats at once:

* the greater god's seat gets the decision itself; its answer is the merged god's answer,
  final at once;
* the lesser god's seat gets the same question as a proposal (each option labelled
  "Propose: ..."). A proposal changes nothing in the game: the greater seat's prompt then says
  what its partner proposes, and the greater seat takes it or answers otherwise. ``defer``
  ("No proposal") closes the question without proposing. When the greater seat answers first,
  the proposal question simply closes.

So the lesser seat takes part in every decision and can never decide against the greater
seat, which is exactly the rule's outcome (they agree: that answer; they disagree: the greater
seat's). Each seat answers only its own questions (``AnkhEngine.co_seats`` is the default).
A proposal is ``advisory`` (``rules.core.Decision``): the game never waits for it, so it has
no deadline, no reminder and no timeout, and it never holds up the greater seat.
Besides battles, the same holds for the one other decision a merged god can face outside its
own turns: aiming its Giant Scorpion after a Satet of another god pushed it (ANKH-R137).
"""

from __future__ import annotations

from rules.ankh.state import State, seats_text
from rules.core import Decision, Event, Option
from rules.text import msg

DEFER = "defer"  # the lesser seat's "no proposal"


def shared_player(state: State, seat: int) -> int | None:
    """The merged god whose shared decision ``seat`` decides or proposes for, or None (not
    merged, or it is one of the merged god's own turns: the seat on turn decides alone)."""
    player = state["seat_player"][seat]
    seats = state["players"][player]["seats"]
    if len(seats) < 2:
        return None
    if state["conflict"] is None and state["turn"]["seat"] in seats:
        return None
    return player


def _proposals(state: State) -> dict[str, str | None]:
    return state["stack"][-1].get("proposals", {}) if state["stack"] else {}


def with_proposals(state: State, decisions: list[Decision]) -> list[Decision]:
    """The greater seat's decisions (with its partner's proposal, if any) plus, for each one
    the partner has not answered yet, the same question put to the lesser seat."""
    out: list[Decision] = []
    said = _proposals(state)
    for decision in decisions:
        player = shared_player(state, decision.seat)
        seats = state["players"][player]["seats"] if player is not None else []
        if player is None or decision.seat != seats[0]:
            out.append(decision)
            continue
        if str(player) in said:  # the partner proposed, or left it to the greater seat
            proposal = decision.option(said[str(player)] or "")
            if proposal is not None:
                decision = Decision(
                    decision.seat,
                    decision.key,
                    msg(
                        "{prompt} ({partner} proposes: {choice}. Your answer decides.)",
                        prompt=decision.prompt,
                        partner=seats_text(seats[1:]),
                        choice=proposal.label,
                    ),
                    decision.options,
                    decision.secret,
                )
            out.append(decision)
            continue
        out.append(decision)
        options = tuple(
            Option(o.id, msg("Propose: {choice}", choice=o.label), o.detail)
            for o in decision.options
        )
        options += (
            Option(DEFER, msg("No proposal: leave it to {greater}", greater=seats_text(seats[:1]))),
        )
        for partner in seats[1:]:
            out.append(
                Decision(
                    partner,
                    decision.key,
                    msg(
                        "{prompt} (A proposal to {greater}, the greater god's seat, whose answer "
                        "decides.)",
                        prompt=decision.prompt,
                        greater=seats_text(seats[:1]),
                    ),
                    options,
                    decision.secret,
                    advisory=True,
                )
            )  # the game never waits for it
    return out


def is_proposal(state: State, seat: int) -> bool:
    player = shared_player(state, seat)
    return player is not None and seat != state["players"][player]["seats"][0]


def propose(state: State, seat: int, option: Option, events: list[Event]) -> None:
    """Record the lesser seat's proposal (or its ``defer``); nothing else changes."""
    player = state["seat_player"][seat]
    greater = seats_text(state["players"][player]["seats"][:1])
    deferred = option.id == DEFER
    state["stack"][-1].setdefault("proposals", {})[str(player)] = None if deferred else option.id
    if deferred:
        text = msg("You leave this decision to {greater}.", greater=greater)
    else:
        text = msg("You propose to {greater}: {choice}.", greater=greater, choice=option.label)
    events.append(
        Event(
            "proposal",
            text,
            {"option": None if deferred else option.id},
            seat=seat,
            private_to=seat,
        )
    )


def answered(state: State, seat: int) -> None:
    """The greater seat answers: the proposal for this step is spent."""
    player = shared_player(state, seat)
    if player is not None and state["stack"]:
        state["stack"][-1].get("proposals", {}).pop(str(player), None)
