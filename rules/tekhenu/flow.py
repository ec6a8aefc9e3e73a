"""The game's automatic flow: setup stages, turns and rounds, Rotations (TEK-R047..R058),
the Maat phase (TEK-R148..R158) and the Scorings (TEK-R159..R175)."""

from __future__ import annotations

from rules.core import Decision, Event, Option
from rules.tekhenu import scoring, setup, solo, turn
from rules.tekhenu.data import (
    BOT_ANKH,
    BOT_MAAT_BALANCE,
    CARD_TEXT,
    DESTINY_ANKH,
    GOD_NAMES,
    GODS,
    MAAT_LOSS,
    MAAT_PHASES,
    ROUNDS,
    T15_ANKH,
)
from rules.tekhenu.state import (
    State,
    add_vp,
    balance,
    dice_on_board,
    draw_die,
    humans,
    roll,
    seat_name,
    semicolons,
    shaded_gods,
)
from rules.tekhenu.tracks import gain
from rules.text import msg, term


def run_flow(state: State, events: list[Event]) -> None:
    """One automatic step; it either pushes steps or moves ``flow`` on."""
    FLOWS[state["flow"]](state, events)


def setup_decrees(state: State, events: list[Event]) -> None:
    state["flow"] = "setup_draft"
    state["stack"].append({"k": "decree_keep", "waiting": humans(state)})


def setup_draft(state: State, events: list[Event]) -> None:
    state["flow"] = "setup_order"
    setup.start_draft(state, events)


def setup_order(state: State, events: list[Event]) -> None:
    state["order"] = setup.initiative_order(state)  # TEK-R034 / TEK-R303
    events.append(
        Event(
            "order",
            msg("Turn order: {seats}.", seats=[seat_name(state, s) for s in state["order"]]),
            {"order": list(state["order"])},
        )
    )
    state["flow"] = "setup_destiny"


def setup_destiny(state: State, events: list[Event]) -> None:
    state["flow"] = "setup_rewards"
    setup.start_destiny(state, events, setup=True)


def setup_rewards(state: State, events: list[Event]) -> None:
    state["flow"] = "start_game"
    setup.start_rewards(state)


def start_game(state: State, events: list[Event]) -> None:
    state["phase"] = "turns"
    state["round"] = 1
    state["turn_idx"] = 0
    state["flow"] = "turn"
    events.append(Event("round", msg("Round {n} begins.", n=1), {"round": 1}))


def next_turn(state: State, events: list[Event]) -> None:
    seat = state["order"][state["turn_idx"]]
    if seat == state["bot"]:
        solo.bot_turn(state, events)
        state["flow"] = "after_turn"
        return
    state["flow"] = "turn_wait"
    turn.begin_turn(state, seat, events)


def turn_wait(state: State, events: list[Event]) -> None:  # pragma: no cover - safety net
    state["flow"] = "after_turn"


def after_turn(state: State, events: list[Event]) -> None:
    """TEK-R049: the last player's 2 or 4 dice start a Rotation."""
    seat = state["order"][state["turn_idx"]]
    if state["turn_idx"] < len(state["order"]) - 1:
        state["turn_idx"] += 1
        state["flow"] = "turn"
        return
    if dice_on_board(state["players"][seat]) in (2, 4):
        state["flow"] = "rotation"
        return
    new_round(state, events)


def new_round(state: State, events: list[Event]) -> None:
    state["round"] += 1
    if state["round"] > 4 * ROUNDS:  # pragma: no cover - only an emptied test disc gets here
        raise AssertionError("no dice left around the obelisk")
    state["turn_idx"] = 0
    state["flow"] = "turn"
    events.append(
        Event("round", msg("Round {n} begins.", n=state["round"]), {"round": state["round"]})
    )


def rotation(state: State, events: list[Event]) -> None:
    """TEK-R051/R052."""
    state["disc_pos"] = (state["disc_pos"] + 1) % 6
    state["rotations"] += 1
    events.append(
        Event(
            "rotation",
            msg(
                "The obelisk turns (Rotation {n}); the arrow points at {god}.",
                n=state["rotations"],
                god=GOD_NAMES[GODS[state["disc_pos"]]],
            ),
            {"rotation": state["rotations"], "disc_pos": state["disc_pos"]},
        )
    )
    if all(dice_on_board(p) == 4 for p in state["players"]):
        state["flow"] = "maat_start"
    else:
        state["flow"] = "rotation_dice"


def rotation_dice(state: State, events: list[Event]) -> None:
    """TEK-R053..R055: N dice (solo 2) into each Shaded section; purity follows the light."""
    per = state["n"]
    for god in shaded_gods(state):
        for _ in range(per):
            colour = draw_die(state)
            if colour is not None:
                state["sections"][god].append([colour, roll(state)])
    new_round(state, events)


# --- the Maat phase -------------------------------------------------------------------------
def maat_start(state: State, events: list[Event]) -> None:
    state["phase"] = "maat"
    state["maat_phases"] += 1
    events.append(
        Event(
            "maat", msg("Maat phase {n}.", n=state["maat_phases"]), {"maat": state["maat_phases"]}
        )
    )
    waiting = []
    for seat in humans(state):
        player = state["players"][seat]
        if "T15" in player["technologies"]:
            gain(state, seat, {"faith": 2}, "T15", events)  # TEK-R260
        if player["faith"] > 0:
            waiting.append(seat)
    state["flow"] = "maat_resolve"
    if not waiting:
        return
    if state["options"].get("maat_faith_sequential") == "yes":
        ordered = [s for s in state["order"] if s in waiting]
        state["stack"].append({"k": "faith_seq", "seq": ordered, "i": 0})
    else:
        state["stack"].append({"k": "faith", "waiting": waiting})


def faith_options(state: State, seat: int) -> tuple[Option, ...]:
    player = state["players"][seat]
    now = balance(player)
    options = [Option("faith:0", msg("Place no Faith (balance {balance})", balance=now))]
    for k in range(1, player["faith"] + 1):
        options.append(
            Option(
                f"faith:+{k}",
                msg("{k} Faith on the left pan (balance {balance})", k=k, balance=now + k),
            )
        )
        options.append(
            Option(
                f"faith:-{k}",
                msg("{k} Faith on the right pan (balance {balance})", k=k, balance=now - k),
            )
        )
    return tuple(options)


def faith_decisions(state: State, frame: dict) -> list[Decision]:
    """C.2: sealed and simultaneous."""
    return [
        Decision(
            seat,
            "faith",
            msg("Maat: place Faith on your scales (+1 left, -1 right)."),
            faith_options(state, seat),
            secret=True,
        )
        for seat in frame["waiting"]
    ]


def faith_apply(state: State, frame: dict, option: str, events: list[Event]) -> None:
    seat = frame["answering"]
    state["sealed"][str(seat)] = option
    frame["waiting"].remove(seat)
    events.append(
        Event(
            "sealed",
            msg("{seat} has placed Faith.", seat=seat_name(state, seat)),
            {"seat": seat},
            seat=seat,
        )
    )
    if frame["waiting"]:
        state["stack"].append(frame)
        return
    for who, answer in sorted(state["sealed"].items()):
        place_faith(state, int(who), answer, events)
    state["sealed"] = {}


def place_faith(state: State, seat: int, option: str, events: list[Event]) -> None:
    """TEK-R150."""
    amount = int(option.split(":")[1])
    player = state["players"][seat]
    if amount > 0:
        player["faith_l"] += amount
    elif amount < 0:
        player["faith_r"] += -amount
    player["faith"] -= abs(amount)
    if amount:
        text = (
            msg("{seat} puts {n} Faith on the left pan.", seat=seat_name(state, seat), n=amount)
            if amount > 0
            else msg(
                "{seat} puts {n} Faith on the right pan.", seat=seat_name(state, seat), n=-amount
            )
        )
        events.append(Event("faith", text, {"seat": seat, "faith": amount}, seat=seat))


def faith_seq_decision(state: State, frame: dict) -> Decision:
    seat = frame["seq"][frame["i"]]
    return Decision(
        seat,
        "faith",
        msg("Maat: place Faith on your scales (+1 left, -1 right)."),
        faith_options(state, seat),
    )


def faith_seq_apply(state: State, frame: dict, option: str, events: list[Event]) -> None:
    place_faith(state, frame["seq"][frame["i"]], option, events)
    frame["i"] += 1
    if frame["i"] < len(frame["seq"]):
        state["stack"].append(frame)


def maat_loss(value: int) -> int:
    """TEK-R152."""
    for threshold, loss in MAAT_LOSS:
        if value <= threshold:
            return loss
    return 0


def ankh(state: State, seat: int) -> int:
    """TEK-R038 / T15 / TEK-R335."""
    if seat == state["bot"]:
        return BOT_ANKH
    player = state["players"][seat]
    if "T15" in player["technologies"]:
        return T15_ANKH
    return DESTINY_ANKH[player["destiny"]] if player["destiny"] else -1


def maat_resolve(state: State, events: list[Event]) -> None:
    """Steps 3..6."""
    for seat, player in enumerate(state["players"]):
        if seat == state["bot"]:
            player["maat"] = BOT_MAAT_BALANCE[state["maat_phases"]]  # TEK-R335
        else:
            player["maat"] = balance(player)
        events.append(
            Event(
                "balance",
                msg(
                    "Balance of {seat}: {balance}.",
                    seat=seat_name(state, seat),
                    balance=player["maat"],
                ),
                {"seat": seat, "balance": player["maat"]},
                seat=seat,
            )
        )
        loss = maat_loss(player["maat"])
        if loss:
            add_vp(state, seat, -loss, term("Maat imbalance"), events)
    previous = list(state["order"])
    state["order"] = sorted(
        range(state["n"]),
        key=lambda s: (abs(state["players"][s]["maat"]), -ankh(state, s), previous.index(s)),
    )  # TEK-R153
    events.append(
        Event(
            "order",
            msg("New turn order: {seats}.", seats=[seat_name(state, s) for s in state["order"]]),
            {"order": list(state["order"])},
        )
    )
    for seat, player in enumerate(state["players"]):  # T16 (TEK-R261)
        if "T16" in player["technologies"]:
            if state["order"][0] == seat:
                add_vp(state, seat, 2, "T16", events)
            if state["order"][-1] == seat:
                gain(state, seat, {"gold": 1}, "T16", events)
    state["flow"] = "maat_cleanup"
    lowest = next((m for m in ("I", "II") if m not in state["scored"]), None)
    if lowest is not None and state["markers"][lowest] == state["disc_pos"]:  # TEK-R154
        state["flow"] = "scoring"


def scoring_flow(state: State, events: list[Event]) -> None:
    final = state["scorings"] == 1
    if final and not state["d23_asked"]:  # TEK-R220: D23 before the final Scoring
        state["d23_asked"] = True
        if scoring.start_d23(state):  # a sealed question for every player
            return
    state["scorings"] += 1
    events.append(
        Event("scoring", msg("Scoring {n}.", n=state["scorings"]), {"scoring": state["scorings"]})
    )
    scoring.scoring_steps(state, events)
    for seat in reversed(state["order"]):
        if seat != state["bot"] and scoring.bread_owed(state["players"][seat]) > 0:
            state["stack"].append({"k": "bread", "s": seat})
    state["flow"] = "scoring_end"


def scoring_end(state: State, events: list[Event]) -> None:
    """TEK-R169 / TEK-R058."""
    lowest = next(m for m in ("I", "II") if m not in state["scored"])
    state["scored"].append(lowest)
    if state["scorings"] >= 2:
        state["flow"] = "final_decrees"
    else:
        state["flow"] = "maat_cleanup"


def maat_cleanup(state: State, events: list[Event]) -> None:
    """Step 7 (TEK-R156) and step 8 (TEK-R157)."""
    bag = state["bag"]
    for player in state["players"]:
        for pan in ("left", "right", "below"):
            for colour, _value in player[pan]:
                bag[colour] += 1
            player[pan] = []
        player["excess"] = 0
        player["faith_l"] = player["faith_r"] = 0
        player["faith"] = 0
    state["flow"] = "maat_end"
    setup.start_destiny(state, events, setup=False)


def maat_end(state: State, events: list[Event]) -> None:
    """Step 9 (TEK-R158); solo: a new pyramid (TEK-R337)."""
    if state["solo"] is not None and state["maat_phases"] < MAAT_PHASES:
        solo.new_pyramid(state)
    state["phase"] = "turns"
    state["flow"] = "rotation_dice"


def final_decrees(state: State, events: list[Event]) -> None:
    """TEK-R170..R172."""
    for seat in humans(state):
        player = state["players"][seat]
        player["revealed"] = sorted(player["decrees"])
    listed = semicolons(
        [
            msg(
                "{seat}: {cards}",
                seat=seat_name(state, s),
                cards=[
                    msg("“{effect}”", effect=CARD_TEXT[c]) for c in state["players"][s]["revealed"]
                ]
                or term("none"),
            )
            for s in humans(state)
        ]
    )
    events.append(
        Event(
            "reveal",
            msg("All Decrees are revealed — {listed}.", listed=listed),
            {"decrees": {str(s): state["players"][s]["revealed"] for s in humans(state)}},
        )
    )
    for seat in reversed([s for s in state["order"] if s != state["bot"]]):
        chosen = ["D23"] if state["players"][seat].get("d23_used") else []
        if scoring.eligible_decrees(state, seat, chosen):
            state["stack"].append({"k": "decree_pick", "s": seat, "chosen": chosen})
    state["flow"] = "final_end"


def final_end(state: State, events: list[Event]) -> None:
    scoring.end_bonuses(state, events)
    scored = scoring.decrees_scored(state)
    summary = semicolons(
        [scoring.decree_summary(state, seat, scored[seat]) for seat in range(state["n"])]
    )
    events.append(
        Event(
            "decrees_scored",
            msg("Decrees scored — {summary}.", summary=summary),
            {"decrees": {str(seat): scored[seat] for seat in range(state["n"])}},
        )
    )
    state["phase"] = "over"
    state["flow"] = "over"
    result = scoring.final_result(state)
    state["final"] = result.to_json()
    scores = [
        msg("{seat} {vp} VP", seat=seat_name(state, s), vp=state["players"][s]["vp"])
        for s in range(state["n"])
    ]
    events.append(Event("end", msg("The game is over: {scores}.", scores=scores), state["final"]))


FLOWS = {
    "setup_decrees": setup_decrees,
    "setup_draft": setup_draft,
    "setup_order": setup_order,
    "setup_destiny": setup_destiny,
    "setup_rewards": setup_rewards,
    "start_game": start_game,
    "turn": next_turn,
    "turn_wait": turn_wait,
    "after_turn": after_turn,
    "rotation": rotation,
    "rotation_dice": rotation_dice,
    "maat_start": maat_start,
    "maat_resolve": maat_resolve,
    "scoring": scoring_flow,
    "scoring_end": scoring_end,
    "maat_cleanup": maat_cleanup,
    "maat_end": maat_end,
    "final_decrees": final_decrees,
    "final_end": final_end,
}
