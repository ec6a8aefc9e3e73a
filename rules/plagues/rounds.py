"""Moses (PLG-R192..PLG-R199), the game end (PLG-R200..PLG-R203), the end-of-round steps
(PLG-R184..PLG-R191) and the immediate plagues (PLG-R171, PLG-R175, PLG-R176)."""

from __future__ import annotations

from rules.core import Event, Option
from rules.plagues.board import advance, push
from rules.plagues.data import (
    HEBREW_SPACES,
    MOSES_ROUNDS,
    MOSES_ROUNDS_SHORT,
    PLAGUES,
    RESERVE_END,
    ROUNDS,
    SHORT_ROUNDS,
    TERRITORIES,
    TERRITORY_ROW,
)
from rules.plagues.state import State, humans, plague_on, rng_shuffle, seat_name
from rules.plagues.uses import unused_pharaoh_tiles
from rules.text import Msg, msg, term

MOSES_EFFECTS = (("city", 1), ("field", 1), ("boat", 1), ("province", 2))


def last_round(state: State) -> int:
    return SHORT_ROUNDS if state["short"] else ROUNDS


def moses_rounds(state: State) -> tuple[int, ...]:
    if state["solo"]:
        return ()  # PLG-R271
    return MOSES_ROUNDS_SHORT if state["short"] else MOSES_ROUNDS


def _moses_text(seat: int, what: str, n: int) -> Msg:
    name = seat_name(seat)
    if what == "city":
        return msg("Moses helps {seat}: city development +{n}.", seat=name, n=n)
    if what == "field":
        return msg("Moses helps {seat}: field development +{n}.", seat=name, n=n)
    if what == "boat":
        return msg("Moses helps {seat}: boat +{n}.", seat=name, n=n)
    return msg("Moses helps {seat}: province card +{n}.", seat=name, n=n)


def moses_effect(state: State, index: int, events: list[Event]) -> None:
    """Effect index: whoever is furthest behind (all tied players) advances (PLG-R197,
    PLG-R198). The tied seats are judged now and queued; the engine then moves them one at a
    time in turn order, each with every choice it triggers resolved before the next moves
    (PLG-R199), so a "take a Hebrew / any tile" is asked only when its options are known."""
    what, n = MOSES_EFFECTS[index]

    def metric(seat: int) -> int:
        player = state["players"][seat]
        if what in ("city", "field"):
            return player["dev"][0 if what == "city" else 1]
        return player["nile"] if what == "boat" else player["pcard"]

    seats = humans(state)
    low = min(metric(s) for s in seats)
    queue = state.setdefault("moses_queue", [])
    for seat in seats:
        if metric(seat) == low:
            events.append(
                Event("moses", _moses_text(seat, what, n), {"effect": index + 1}, seat=seat)
            )
            queue.append([seat, what, n])


def moses_next(state: State) -> bool:
    """Move the next queued seat (False when the queue is empty)."""
    queue = state.get("moses_queue") or []
    if not queue:
        return False
    seat, what, n = queue.pop(0)
    push(state, seat, {"k": "adv", "what": what, "n": n})
    return True


def game_over(state: State) -> bool:
    """PLG-R200 / PLG-R201 / PLG-R202."""
    return len(state["reserve"]) <= RESERVE_END or state["round"] >= last_round(state)


def reset_round(state: State) -> None:
    for player in state["players"]:
        player.update(
            dice_used=[],
            sa_used=0,
            power_used=False,
            cancelled=False,
            paid=None,
            soldiers=None,
            hebrew_income=False,
            skip_tribute=False,
            sa_soldiers=False,
        )
        for card in player["terr"]:  # PLG-R191: rotated special actions straighten
            if TERRITORIES[card["id"]]["cat"] == "special_action":
                card["used"] = False


def end_of_round_first(state: State, events: list[Event]) -> None:
    """Steps 1-3: pharaoh cards back, 3 territory cards, reveal plague and loss card."""
    state["pharaoh"] = [None] * 6  # PLG-R185
    state["pharaoh_spent"] = [None] * 6
    if state["plague_fate"] == "discard":
        state["plague_discard"].append(state["plague"])  # PLG-R155
    if state["loss"]:
        state["loss_discard"].append(state["loss"])
    state["plague_fate"] = None
    reset_round(state)
    deck = state["territory_deck"]
    state["territories"] = [deck.pop() for _ in range(min(TERRITORY_ROW, len(deck)))]  # R186
    state["plague"] = state["plague_deck"].pop() if state["plague_deck"] else None  # R187
    state["loss"] = state["loss_deck"].pop() if state["loss_deck"] else None
    if state["plague"]:
        events.append(
            Event(
                "plague",
                msg("The next plague: {plague}.", plague=PLAGUES[state["plague"]][0]),
                {"plague": state["plague"]},
            )
        )
    if state["plague"] and PLAGUES[state["plague"]][1] == "immediate":
        for seat in humans(state):
            if unused_pharaoh_tiles(state, seat) > 0 and _strikes(state, seat):
                push(state, seat, {"k": "reveal"})  # PLG-R168
        state["simul"] = True


def _strikes(state: State, seat: int) -> bool:
    """The immediate plague moves something of this seat back (else the tile would do
    nothing: a boat or province card already on 0)."""
    player = state["players"][seat]
    return player["nile"] > 0 if state["plague"] == "blood" else player["pcard"] > 0


def reveal_decide(state: State, seat: int, task: dict):
    name = PLAGUES[state["plague"]][0]
    opts = [
        Option("token:plague", msg("Turn a Pharaoh tile and ignore {plague}", plague=name)),
        Option("skip", term("Suffer it")),
    ]
    return (
        "use_token",
        msg("{seat}: {plague} strikes. Use a Pharaoh tile?", seat=seat_name(seat), plague=name),
        opts,
    )


def reveal_answer(state: State, seat: int, task: dict, option: str, events: list[Event]):
    if option == "token:plague":
        player = state["players"][seat]
        player["ph_used"] += 1
        player["cancelled"] = True
        events.append(
            Event("use", msg("{seat} turns a Pharaoh tile.", seat=seat_name(seat)), seat=seat)
        )


def end_of_round_second(state: State, events: list[Event]) -> None:
    """The immediate effect, then steps 4-6."""
    state["simul"] = False
    plague = state["plague"]
    if plague in ("blood", "frogs"):
        for seat in range(len(state["players"])):
            if plague_on(state, seat, plague):  # PLG-R176 / PLG-R175
                if plague == "blood":
                    advance(state, seat, "boat", -1, events)
                else:
                    advance(state, seat, "province", -2, events)
    state["hebrews_out"] += state["hebrews"]  # PLG-R188
    state["hebrews"] = [
        state["hebrew_reserve"].pop()
        for _ in range(min(HEBREW_SPACES, len(state["hebrew_reserve"])))
    ]
    spaces = state["dice_spaces"]  # PLG-R189
    cleared = [t for t in spaces[:2] if t]
    rest = [t for t in spaces[2:] if t]
    while len(rest) < 6 and state["reserve"]:
        rest.append(state["reserve"].pop())
    state["dice_spaces"] = rest + [None] * (6 - len(rest))
    state["reserve"].extend(cleared)
    rng_shuffle(state, state["reserve"])
    state["round"] += 1  # PLG-R190
    if state["solo"]:
        rng_shuffle(state, state["ai_row"])  # PLG-R297
        state["ai_pos"] = 0
    events.append(
        Event("round", msg("Round {n} begins.", n=state["round"]), {"round": state["round"]})
    )
