"""A player's turn: take one die (Scribes, Anubis, cards), place it, choose the action
(TEK-R059..R073), then the end of the turn, Rotations and rounds (TEK-R047..R058)."""

from __future__ import annotations

from rules.core import Decision, Event, Option, clone_state
from rules.tekhenu import actions, cards, plan
from rules.tekhenu.data import (
    ADJACENT,
    COLOUR_NAMES,
    COLOURS,
    DIE_RESOURCE,
    GOD_NAMES,
    GODS,
    OPPOSITE,
    PURITY,
    PURITY_NAMES,
    RESOURCES,
    WORDS,
)
from rules.tekhenu.state import (
    State,
    add_vp,
    die_purity,
    held_blessing,
    light_of,
    offered_blessing,
    pay_scribes,
    scribe_budget,
    seat_name,
)
from rules.tekhenu.tracks import (
    discard_blessing,
    lose_happiness,
    lose_population,
)
from rules.text import msg, term

ANUBIS_COST = 2  # TEK-R070


def die_id(colour: str, value: int) -> str:
    return f"{colour}{value}"


def begin_turn(state: State, seat: int, events: list[Event]) -> None:
    state["turn"] = {
        "seat": seat,
        "colour": None,
        "value": None,
        "src": None,
        "anubis": False,
        "free_anubis": False,
        "purity": None,
        "pan": None,
        "pan_idx": None,
        "extras": [],
        "nudge": False,
        "t10": False,
        "t22": False,
        "action": None,
    }
    events.append(
        Event(
            "turn",
            msg("Turn: {seat} (round {round}).", seat=seat_name(state, seat), round=state["round"]),
            {"seat": seat, "round": state["round"]},
            seat=seat,
        )
    )
    state["stack"].append({"k": "take", "s": seat})
    player = state["players"][seat]
    if held_blessing(player, "B23", "B24", "B07", "B08"):
        state["stack"].append({"k": "turn_start", "s": seat})


# --- (a) start of the turn: B23/B24 and B07/B08 --------------------------------------------
def turn_start_decision(state: State, frame: dict) -> Decision:
    player = state["players"][frame["s"]]
    options = []
    card = held_blessing(player, "B23", "B24")
    if card and not state["turn"]["free_anubis"]:
        options.append(
            Option(f"bless:{card}", msg("Play {card}: a free Anubis action this turn", card=card))
        )
    card = held_blessing(player, "B07", "B08")
    if card:
        options.append(
            Option(f"bless:{card}:population", msg("Play {card}: +3 Population", card=card))
        )
        options.append(
            Option(f"bless:{card}:happiness", msg("Play {card}: +3 Happiness", card=card))
        )
    options.append(Option("go", msg("Take a die")))
    return Decision(
        frame["s"], "turn_start", msg("Start of your turn: play a Blessing?"), tuple(options)
    )


def turn_start_apply(state: State, frame: dict, option: str, events: list[Event]) -> None:
    seat = frame["s"]
    if option == "go":
        return
    parts = option.split(":")
    if parts[1] in ("B23", "B24"):
        discard_blessing(state, seat, parts[1], events)
        state["turn"]["free_anubis"] = True  # TEK-R244
    else:
        plan.play_b07(state, seat, parts[1], parts[2], events)
    if held_blessing(state["players"][seat], "B23", "B24", "B07", "B08"):
        state["stack"].append(frame)


# --- (b) choose a die --------------------------------------------------------------------
def b07_variants(state: State, seat: int) -> list[State]:
    """The state now and the states after playing the held B07/B08 (one or both, Population
    or Happiness each): a player may still play them before the action (TEK-R228/R229)."""
    player = state["players"][seat]
    held = [card for card in ("B07", "B08") if card in player["blessings"]]
    found = [state]
    frontier = [(state, held)]
    while frontier:
        here, left = frontier.pop()
        if not left:
            continue
        for what in ("population", "happiness"):
            there = clone_state(here)
            plan.play_b07(there, seat, left[0], what, [])
            found.append(there)
            frontier.append((there, left[1:]))
    return found


def spend_quietly(player: dict, count: int) -> None:
    """pay_scribes without events: Scribes first, then Gold (T10)."""
    use = min(count, player["scribe"])
    player["scribe"] -= use
    player["gold"] -= count - use


def grey_reach(state: State, seat: int, god: str, value: int, nudge: bool = False) -> bool:
    """TEK-R066, exact: can the God action of ``god`` still be performed with a die now at
    ``value``? For each target value: the Scribes needed (1 per step of 1 or 2, or a B09/B10
    face Blessing), what they cost (T10: Gold stands in, from the same pool that pays the
    action), then whether the action (T14 values included) can still be paid. The held
    B07/B08 may be played first."""
    player = state["players"][seat]
    variants = b07_variants(state, seat) if held_blessing(player, "B07", "B08") else [state]
    return any(_grey_reach_one(here, seat, god, value, nudge) for here in variants)


def _grey_reach_one(state: State, seat: int, god: str, value: int, nudge: bool) -> bool:
    player = state["players"][seat]
    face = held_blessing(player, "B09", "B10")
    t10 = "T10" in player["technologies"]
    bonus = 1 if face and "T24" in player["technologies"] else 0  # T24: +1 Gold per Blessing
    scribes, gold = player["scribe"], player["gold"]
    try:
        for target in range(1, 7):
            starts = (
                [v for v in (value - 1, value, value + 1) if 1 <= v <= 6] if nudge else [value]
            )  # a colour Blessing's free +-1 (TEK-R232)
            ways = [(min((abs(target - v) + 1) // 2 for v in starts), 0)]
            if face and target != value:
                ways.append((0, bonus))
            for need, extra_gold in ways:
                pool = scribes + ((gold + extra_gold) if t10 else 0)
                if need > pool:
                    continue
                player["scribe"], player["gold"] = scribes, gold + extra_gold
                spend_quietly(player, need)
                if actions.god_possible(state, seat, god, {"s": seat, "v": target, "src": "die"}):
                    return True
    finally:
        player["scribe"], player["gold"] = scribes, gold
    return False


def die_has_action(state: State, seat: int, god: str, colour: str, value: int) -> bool:
    """TEK-R066: a die is offered only if some legal action exists for it."""
    if colour != "grey":
        return True  # Production is always possible (TEK-R144)
    if held_blessing(state["players"][seat], "B11", "B12"):
        return True  # another colour: Production
    return grey_reach(state, seat, god, value)


def can_unforbid(state: State, seat: int) -> bool:
    player = state["players"][seat]
    return "T08" in player["technologies"] or bool(held_blessing(player, "B11", "B12"))


def normal_take_options(state: State, seat: int) -> list[Option]:
    turn = state["turn"]
    options = []
    seen = set()
    anubis_ok = turn["free_anubis"] or scribe_budget(state, seat) >= ANUBIS_COST
    for god in GODS:
        for colour, value in state["sections"][god]:
            key = (god, colour, value)
            if key in seen:
                continue
            seen.add(key)
            purity = die_purity(state, god, colour)
            section = GOD_NAMES[god]  # menus group a long list by obelisk section
            label = msg(
                "{colour} {value} at {god} ({purity})",
                colour=COLOUR_NAMES[colour],
                value=value,
                god=GOD_NAMES[god],
                purity=PURITY_NAMES[purity],
            )
            if not turn["free_anubis"]:
                if purity != "forbidden" and die_has_action(state, seat, god, colour, value):
                    options.append(
                        Option(f"die:{god}:{die_id(colour, value)}", label, group=section)
                    )
                elif purity == "forbidden" and can_unforbid(state, seat):
                    options.append(
                        Option(f"die:{god}:{die_id(colour, value)}", label, group=section)
                    )
            if anubis_ok:
                options.append(
                    Option(
                        f"anubis:{god}:{die_id(colour, value)}",
                        msg("Anubis: {die} (free)", die=label)
                        if turn["free_anubis"]
                        else actions.with_payment(
                            msg("Anubis: {die} (2 Scribes)", die=label),
                            state,
                            seat,
                            {"scribe": ANUBIS_COST},
                            named=True,
                        ),
                        group=section,
                    )
                )
    return options


def take_decision(state: State, frame: dict) -> Decision:
    seat = frame["s"]
    options = normal_take_options(state, seat)
    if not options:
        # TEK-R066 fallback: any Pure/Tainted die (else any die, as Tainted), no action.
        for god in GODS:
            for colour, value in state["sections"][god]:
                if die_purity(state, god, colour) != "forbidden" or not any(
                    die_purity(state, g, c) != "forbidden"
                    for g in GODS
                    for c, _v in state["sections"][g]
                ):
                    opt = Option(
                        f"die:{god}:{die_id(colour, value)}",
                        msg(
                            "{colour} {value} at {god} (no action possible)",
                            colour=COLOUR_NAMES[colour],
                            value=value,
                            god=GOD_NAMES[god],
                        ),
                        group=GOD_NAMES[god],
                    )
                    if opt not in options:
                        options.append(opt)
    return Decision(seat, "take", msg("Take a die from around the obelisk."), tuple(options))


def take_apply(state: State, frame: dict, option: str, events: list[Event]) -> None:
    seat = frame["s"]
    turn = state["turn"]
    noaction = not normal_take_options(state, seat)
    kind, god, die = option.split(":")
    colour = die.rstrip("0123456789")
    value = int(die[len(colour) :])
    state["sections"][god].remove([colour, value])
    turn.update(
        colour=colour,
        value=value,
        src=god,
        anubis=kind == "anubis",
        purity=die_purity(state, god, colour),
    )
    turn["noaction"] = noaction
    params = {
        "seat": seat_name(state, seat),
        "colour": COLOUR_NAMES[colour],
        "value": value,
        "god": GOD_NAMES[god],
    }
    text = (
        msg("{seat} takes the {colour} {value} from {god} as an Anubis action.", **params)
        if kind == "anubis"
        else msg("{seat} takes the {colour} {value} from {god}.", **params)
    )
    events.append(
        Event(
            "take",
            text,
            {
                "seat": seat,
                "god": god,
                "colour": colour,
                "value": value,
                "anubis": kind == "anubis",
            },
            seat=seat,
        )
    )
    if kind == "anubis":
        if not turn["free_anubis"]:
            pay_scribes(state, seat, ANUBIS_COST, term("Anubis"), events)
        if "T23" in state["players"][seat]["technologies"]:
            add_vp(state, seat, 3, "T23", events)
    if turn["noaction"]:
        if turn["purity"] == "forbidden":
            turn["purity"] = "tainted"
        place_die(state, seat, events)
        state["stack"].append({"k": "end_turn", "s": seat})
        return
    state["stack"].append({"k": "modify", "s": seat})


# --- (c) value shifts and on-take cards ------------------------------------------------------
def modify_decision(state: State, frame: dict) -> Decision:
    seat = frame["s"]
    turn = state["turn"]
    player = state["players"][seat]
    value = turn["value"]
    options = []
    if scribe_budget(state, seat) >= 1:  # TEK-R067 / TEK-R068
        for delta in (1, 2, -1, -2):
            if 1 <= value + delta <= 6:
                options.append(
                    Option(
                        f"sc:{delta:+d}",
                        actions.with_payment(
                            msg("Spend 1 Scribe: value {value}", value=value + delta),
                            state,
                            seat,
                            {"scribe": 1},
                            named=True,
                        ),
                    )
                )
    face = held_blessing(player, "B09", "B10")
    if face:
        for v in range(1, 7):
            if v != value:
                options.append(
                    Option(
                        f"face:{v}", msg("Play {card}: turn the die to {value}", card=face, value=v)
                    )
                )
    recolour = held_blessing(player, "B11", "B12")
    if recolour and not turn["anubis"]:
        for colour in COLOURS:
            pur = PURITY[colour][light_of(state, turn["src"])]
            if colour != turn["colour"] and pur != "forbidden":
                options.append(
                    Option(
                        f"colour:{colour}",
                        msg(
                            "Play {card}: treat it as {colour} ({purity})",
                            card=recolour,
                            colour=COLOUR_NAMES[colour],
                            purity=PURITY_NAMES[pur],
                        ),
                    )
                )
    if turn["nudge"]:
        for delta in (1, -1):
            if 1 <= value + delta <= 6:
                options.append(
                    Option(
                        f"nudge:{delta:+d}",
                        msg("Colour Blessing: value {value}", value=value + delta),
                    )
                )
    if turn["purity"] == "forbidden" and not turn["anubis"] and "T08" in player["technologies"]:
        options.append(Option("t08:pure", msg("T08: treat the Forbidden die as Pure")))
        options.append(Option("t08:tainted", msg("T08: treat the Forbidden die as Tainted")))
    src = turn["src"]
    used = [card for card, _g in turn["extras"]]
    extras = []
    for card in ("B17", "B18"):
        if card in player["blessings"] and card not in used and scribe_budget(state, seat) >= 1:
            for god in ADJACENT[src]:
                extras.append(
                    Option(
                        f"extra:{card}:{god}",
                        actions.with_payment(
                            msg(
                                "Play {card} (1 Scribe): also the {god} action",
                                card=card,
                                god=GOD_NAMES[god],
                            ),
                            state,
                            seat,
                            {"scribe": 1},
                            named=True,
                        ),
                    )
                )
            break
    for card in ("B19", "B20"):
        if (
            card in player["blessings"]
            and card not in used
            and player["happiness"] >= 1
            and player["population"] >= 1
        ):
            extras.append(
                Option(
                    f"extra:{card}:{OPPOSITE[src]}",
                    msg(
                        "Play {card} (-1 Happiness, -1 Population): also the {god} action",
                        card=card,
                        god=GOD_NAMES[OPPOSITE[src]],
                    ),
                )
            )
            break
    if not state.get("probe"):  # a probe never declares another extra action
        # Only an extra action that can be performed, before or after the regular one.
        options += [opt for opt in extras if plan.possible_after(state, frame, opt.id)]
    if turn["purity"] != "forbidden" or turn["anubis"]:
        options.append(Option("done", msg("Keep the die at {value}", value=value)))
    if not turn["anubis"]:
        options = keep_an_action(state, seat, options) or options
    return Decision(
        seat,
        "modify",
        msg(
            "Your die: {colour} {value} ({kind}). Adjust it?",
            colour=COLOUR_NAMES[turn["colour"]],
            value=value,
            kind=term("Anubis") if turn["anubis"] else PURITY_NAMES[turn["purity"]],
        ),
        tuple(options),
    )


def keep_an_action(state: State, seat: int, options: list[Option]) -> list[Option]:
    """TEK-R066: a grey die (no Production) keeps a God action within reach: a value change
    (Scribe, B09/B10 face, colour Blessing nudge) is offered only if the action can still be
    paid after it, "done" only if it can be performed at this value (the held B07/B08 may
    still be played before it), a colour Blessing turning the die grey likewise."""
    turn = state["turn"]
    god, value, nudge = turn["src"], turn["value"], turn["nudge"]
    grey = turn["colour"] == "grey"
    player = state["players"][seat]
    kept = []
    for opt in options:
        kind, _, rest = opt.id.partition(":")
        ok = True
        if kind == "colour" and rest == "grey":
            there = clone_state(state)
            discard_blessing(there, seat, offered_blessing(player, "B11", "B12"), [])
            ok = grey_reach(there, seat, god, value, nudge=True)
        elif not grey:
            pass  # Production is possible
        elif kind == "sc":
            scribes, gold = player["scribe"], player["gold"]
            spend_quietly(player, 1)
            try:
                ok = grey_reach(state, seat, god, value + int(rest), nudge)
            finally:
                player["scribe"], player["gold"] = scribes, gold
        elif kind == "nudge":
            ok = grey_reach(state, seat, god, value + int(rest))
        elif kind == "face":
            there = clone_state(state)
            discard_blessing(there, seat, offered_blessing(player, "B09", "B10"), [])
            ok = grey_reach(there, seat, god, int(rest), nudge)
        elif kind == "done":
            ctx = {"s": seat, "v": value, "src": "die"}
            ok = any(
                actions.god_possible(here, seat, god, ctx)
                for here in (
                    b07_variants(state, seat) if held_blessing(player, "B07", "B08") else [state]
                )
            )
        if ok:
            kept.append(opt)
    return kept


def modify_apply(state: State, frame: dict, option: str, events: list[Event]) -> None:
    seat = frame["s"]
    turn = state["turn"]
    player = state["players"][seat]
    parts = option.split(":")
    kind = parts[0]
    if kind == "done":
        place_die(state, seat, events)
        state["stack"].append({"k": "choose_action", "s": seat})
        return
    if kind == "sc":
        pay_scribes(state, seat, 1, term("die value"), events)
        turn["value"] += int(parts[1])
    elif kind == "face":
        discard_blessing(state, seat, offered_blessing(player, "B09", "B10"), events)
        turn["value"] = int(parts[1])
    elif kind == "colour":  # TEK-R232
        discard_blessing(state, seat, offered_blessing(player, "B11", "B12"), events)
        turn["colour"] = parts[1]
        turn["purity"] = PURITY[parts[1]][light_of(state, turn["src"])]
        turn["nudge"] = True
    elif kind == "nudge":
        turn["value"] += int(parts[1])
        turn["nudge"] = False
    elif kind == "t08":
        turn["purity"] = parts[1]
    elif kind == "extra":  # TEK-R238..R241
        card, god = parts[1], parts[2]
        discard_blessing(state, seat, card, events)
        if card in ("B17", "B18"):
            pay_scribes(state, seat, 1, card, events)
        else:
            lose_happiness(state, seat, 1, events)
            lose_population(state, seat, 1, events)
        turn["extras"].append([card, god])
    state["stack"].append(frame)


def place_die(state: State, seat: int, events: list[Event]) -> None:
    """TEK-R062 / TEK-R072: Pure left, Tainted right, Anubis below the scales."""
    turn = state["turn"]
    player = state["players"][seat]
    pan = "below" if turn["anubis"] else ("left" if turn["purity"] == "pure" else "right")
    player[pan].append([turn["colour"], turn["value"]])
    turn["pan"] = pan
    turn["pan_idx"] = len(player[pan]) - 1
    if pan == "left" and "T18" in player["technologies"]:
        add_vp(state, seat, 1, "T18", events)  # TEK-R263


# --- (d)/(e) the action ----------------------------------------------------------------
def action_options(state: State, seat: int) -> list[Option]:
    turn = state["turn"]
    base = {"s": seat, "v": turn["value"], "src": "anubis" if turn["anubis"] else "die"}
    options = []
    gods = GODS if turn["anubis"] else (turn["src"],)
    for god in gods:
        if actions.god_possible(state, seat, god, dict(base, god=god)):
            options.append(actions.god_option(state, seat, god, dict(base, god=god)))
    if turn["anubis"]:
        for res in RESOURCES:  # TEK-R071
            options.append(Option(f"prod:{res}", msg("Produce {res}", res=WORDS[res])))
    elif turn["colour"] != "grey":  # TEK-R064
        res = DIE_RESOURCE[turn["colour"]]
        options.append(Option(f"prod:{res}", msg("Produce {res}", res=WORDS[res])))
    return options


def choose_action_decision(state: State, frame: dict) -> Decision:
    seat = frame["s"]
    options = action_options(state, seat)
    if not options:
        options = [Option("pass", msg("No action is possible"))]
    turn = state["turn"]
    return Decision(
        seat,
        "action",
        msg(
            "Choose the action for your {colour} {value}.",
            colour=COLOUR_NAMES[turn["colour"]],
            value=turn["value"],
        ),
        tuple(options),
    )


def choose_action_apply(state: State, frame: dict, option: str, events: list[Event]) -> None:
    seat = frame["s"]
    turn = state["turn"]
    src = "anubis" if turn["anubis"] else "die"
    turn["action"] = None if option == "pass" else option.split(":")[1]
    stack = state["stack"]
    stack.append({"k": "end_turn", "s": seat})
    stack.append({"k": "turn_end_check", "s": seat})
    # Extra God actions (B17..B20), same die: before or after the regular one.
    extras = [
        {
            "k": "action",
            "ctx": {"s": seat, "god": god, "v": turn["value"], "src": "extra", "card": card},
        }
        for card, god in turn["extras"]
    ]
    regular: list[dict] = []
    if option != "pass":
        kind, what = option.split(":")
        if kind == "prod":
            regular.append(
                {
                    "k": "action",
                    "ctx": {"s": seat, "god": None, "res": what, "v": turn["value"], "src": src},
                }
            )
        else:
            regular.append(
                {"k": "action", "ctx": {"s": seat, "god": what, "v": turn["value"], "src": src}}
            )
            player = state["players"][seat]
            # T19 (TEK-R264): a Tainted die for a God action may first Produce (1 Scribe).
            if (
                "T19" in player["technologies"]
                and not turn["anubis"]
                and turn["purity"] == "tainted"
                and turn["colour"] != "grey"
                and scribe_budget(state, seat) >= 1
            ):
                regular.append({"k": "t19", "s": seat})
    if extras and regular:
        stack.append({"k": "extra_order", "s": seat, "extras": extras, "regular": regular})
        return
    stack.extend(reversed(extras))
    stack.extend(regular)


def extra_order_decision(state: State, frame: dict) -> Decision:
    names = [GOD_NAMES[f["ctx"]["god"]] for f in frame["extras"]]
    return Decision(
        frame["s"],
        "extra_order",
        msg("Perform your extra action ({gods}) before or after your regular action?", gods=names),
        (
            Option("regular_first", msg("Regular action first")),
            Option("extra_first", msg("Extra action first")),
        ),
    )


def extra_order_apply(state: State, frame: dict, option: str, events: list[Event]) -> None:
    """TEK-R238/R240: the regular action and the extra God action in either order."""
    stack = state["stack"]
    if option == "regular_first":
        stack.extend(reversed(frame["extras"]))
        stack.extend(frame["regular"])
    else:
        stack.extend(frame["regular"])
        stack.extend(reversed(frame["extras"]))


def turn_end_check(state: State, frame: dict, events: list[Event]) -> None:
    """B07/B08 may be played any time during the turn: also offered at its end."""
    if held_blessing(state["players"][frame["s"]], "B07", "B08"):
        state["stack"].append({"k": "turn_end", "s": frame["s"]})


def turn_end_decision(state: State, frame: dict) -> Decision:
    card = held_blessing(state["players"][frame["s"]], "B07", "B08")
    return Decision(
        frame["s"],
        "turn_end",
        msg("End of your turn: play a Blessing?"),
        (
            Option(f"bless:{card}:population", msg("Play {card}: +3 Population", card=card)),
            Option(f"bless:{card}:happiness", msg("Play {card}: +3 Happiness", card=card)),
            Option("end", msg("End the turn")),
        ),
    )


def turn_end_apply(state: State, frame: dict, option: str, events: list[Event]) -> None:
    if option == "end":
        return
    seat = frame["s"]
    _b, card, what = option.split(":")
    state["stack"].append({"k": "turn_end_check", "s": seat})
    plan.play_b07(state, seat, card, what, events)


def t19_decision(state: State, frame: dict) -> Decision:
    turn = state["turn"]
    res = DIE_RESOURCE[turn["colour"]]
    # the Scribe may be gone by now (an extra action first, paid with it under T10)
    first = 0 if scribe_budget(state, frame["s"]) >= 1 else 1
    return Decision(
        frame["s"],
        "t19",
        msg("Technology T19: spend 1 Scribe to Produce first?"),
        (
            Option(
                "t19",
                actions.with_payment(
                    msg(
                        "Spend 1 Scribe: produce {value} {res} first",
                        value=turn["value"],
                        res=WORDS[res],
                    ),
                    state,
                    frame["s"],
                    {"scribe": 1},
                    named=True,
                ),
            ),
            Option("skip", msg("No")),
        )[first:],
    )


def t19_apply(state: State, frame: dict, option: str, events: list[Event]) -> None:
    if option == "skip":
        return
    seat = frame["s"]
    turn = state["turn"]
    pay_scribes(state, seat, 1, "T19", events)
    state["stack"].append(
        {
            "k": "action",
            "ctx": {
                "s": seat,
                "god": None,
                "res": DIE_RESOURCE[turn["colour"]],
                "v": turn["value"],
                "src": "t19",
            },
        }
    )


# --- (f) end of the turn ---------------------------------------------------------------
def end_turn(state: State, frame: dict, events: list[Event]) -> None:
    cards.refill_market(state)  # TEK-R129
    state["turn"] = None
    state["flow"] = "after_turn"
