"""The six God actions and Resource Production (TEK-R078..R147), as chains of small steps.

An action is described by a context dict ``ctx``: ``s`` seat, ``god`` (or None for a
Production), ``res`` (produced resource), ``v`` value, ``src`` (die | anubis | extra | t19 |
card | pillar | h21 | d23), ``free`` (D23: no costs), ``nohap`` (Starting cards: no
Happiness loss), ``districts`` (S02/S03), ``waived`` (a cost Blessing was played).
"""

from __future__ import annotations

from typing import Any

from rules.core import Decision, Event, Option
from rules.tekhenu import cards, plan, tracks
from rules.tekhenu.data import (
    BORDER,
    BOT_HORUS_BONUS,
    CORNERS,
    GOD_NAMES,
    GOD_STATUE_SPACES,
    GODS,
    HORUS_GOD,
    HORUS_VALUE,
    OSIRIS_SPACES,
    PEOPLE_SPACES,
    PEOPLE_TEMPLE_LINE,
    PILLARS,
    PRODUCTION_MAX,
    RA_SLOT_REASONS,
    RA_SLOT_VP,
    RA_SLOTS,
    RESOURCES,
    SIDES,
    STATUE_GRANITE,
    TEMPLE_BUILDINGS,
    TEMPLE_REWARDS,
    TEMPLE_SIZE,
    WORDS,
    ra_slot_for,
)
from rules.tekhenu.state import (
    State,
    add_vp,
    can_pay,
    held_blessing,
    is_bot,
    light_of,
    pay,
    payment_mixes,
    payment_plan,
    scribe_budget,
    seat_name,
)
from rules.text import Msg, msg, term

DIE_SOURCES = ("die", "anubis", "extra", "t19")
WAIVERS = {
    "horus": ("B13", "B14"),
    "ra": ("B13", "B14"),
    "bastet": ("B15", "B16"),
    "hathor": ("B15", "B16"),
}
PRODUCE_BLESSINGS = ("B01", "B02", "B03", "B04", "B05", "B06", "B21", "B22")
PRODUCE_GAIN = {
    "B01": {"limestone": 4},
    "B02": {"granite": 4},
    "B03": {"bread": 4},
    "B04": {"papyrus": 4},
    "B05": {"gold": 3},
    "B06": {"scribe": 2},
}


# --- geometry ---------------------------------------------------------------------------
def rc(space: str) -> tuple[int, int]:
    return int(space[1]), int(space[2])


def line_spaces(kind: str, index: int) -> list[str]:
    if kind == "row":
        return [f"t{index}{c}" for c in range(TEMPLE_SIZE)]
    return [f"t{r}{index}" for r in range(TEMPLE_SIZE)]


def building_space_for(kind: str, index: int) -> str:
    return f"{'w' if kind == 'row' else 's'}{index}"


def tile_edge(tile: str, rotation: int, side: str) -> str:
    """B.10: rotating 90 degrees clockwise moves N -> E -> S -> W."""
    edges = PILLARS[tile].edges
    return edges[(SIDES.index(side) - rotation) % 4]


NEIGHBOUR = {"N": (-1, 0, "S"), "E": (0, 1, "W"), "S": (1, 0, "N"), "W": (0, -1, "E")}


def matching_edges(state: State, space: str, tile: str, rotation: int) -> tuple[int, int]:
    """TEK-R093: (matching edges, touching edges) against neighbouring tiles and the border."""
    r, c = rc(space)
    matches = touching = 0
    for side in SIDES:
        dr, dc, back = NEIGHBOUR[side]
        nr, nc = r + dr, c + dc
        mine = tile_edge(tile, rotation, side)
        if 0 <= nr < TEMPLE_SIZE and 0 <= nc < TEMPLE_SIZE:
            other = state["temple"].get(f"t{nr}{nc}")
            if other is None:
                continue
            theirs = tile_edge(other[0], other[1], back)
        else:
            theirs = BORDER[side][c if side in ("N", "S") else r]
        touching += 1
        if theirs == mine:
            matches += 1
    return matches, touching


def pillars_in_line(state: State, seat: int, kind: str, index: int) -> int:
    """``seat``'s Pillars in the Temple row or column ``kind`` ``index`` (TEK-R087, R104)."""
    return sum(
        1
        for sp in line_spaces(kind, index)
        if sp in state["temple"] and state["temple"][sp][2] == seat
    )


def buildings_in_lines(state: State, space: str) -> int:
    """TEK-R092: Buildings of any player around the Complex in the space's row and column."""
    r, c = rc(space)
    return sum(1 for wid in (f"w{r}", f"s{c}") if wid in state["tbuild"])


def open_building_spaces(state: State) -> list[str]:
    return [
        wid
        for wid, (_k, _i, _bread, closed) in TEMPLE_BUILDINGS.items()
        if state["n"] not in closed and wid not in state["tbuild"]
    ]


# --- costs and legality ----------------------------------------------------------------------
def with_payment(
    label: Msg,
    state: State,
    seat: int,
    cost: dict[str, int],
    ctx: dict | None = None,
    named: bool = False,
) -> Msg:
    """An option that pays says what it will pay (TEK-R075: the named resource first, then
    Gold): ``Statue for Ra (pay 1 granite, 1 gold)``. With T10/T22 and more than one mix that
    can matter, the player chooses the mix next (rules/tekhenu/payment.py) and the label says
    so. ``named``: the label already names the cost, so only a payment that differs from it
    is added."""
    if ctx and (ctx.get("free") or ctx.get("waived")):
        return label
    cost = {k: v for k, v in cost.items() if v > 0}
    plan = payment_plan(state, seat, cost) if cost else None
    if not plan:
        return label
    if len(payment_mixes(state, seat, cost)) > 1:  # TEK-R255, TEK-R267
        if named:
            return msg("{option} (you choose how to pay)", option=label)
        goods = [
            msg("{amount} {what}", amount=cost[k], what=WORDS[k])
            for k in (*RESOURCES, "gold", "scribe")
            if cost.get(k)
        ]
        return msg("{option} ({goods}: you choose how to pay)", option=label, goods=goods)
    paid = {k: v for k, v in plan.items() if k in RESOURCES or k in ("gold", "scribe")}
    if named and paid == cost:
        return label
    goods = [
        msg("{amount} {what}", amount=paid[k], what=WORDS[k])
        for k in (*RESOURCES, "gold", "scribe")
        if paid.get(k)
    ]
    return msg("{option} (pay {goods})", option=label, goods=goods)


def god_option(state: State, seat: int, god: str, ctx: dict) -> Option:
    """``act:<god>``; Bastet pays its 2 Papyrus at once (unless a B15/B16 may waive it, which
    is asked first), so its label says how."""
    label = msg("{god} action", god=GOD_NAMES[god])
    if god == "bastet" and not held_blessing(state["players"][seat], *WAIVERS["bastet"]):
        label = with_payment(label, state, seat, {"papyrus": 2}, ctx)
    return Option(f"act:{god}", label)


def statue_cost(player: dict[str, Any]) -> dict[str, int]:
    """TEK-R078: the leftmost Statue's printed Granite (B.12)."""
    built = 6 - player["statues"]
    return {"granite": STATUE_GRANITE[built]} if built < 6 else {}


def thoth_count(value: int) -> tuple[int, int]:
    """TEK-R123..R125: (cards, Papyrus)."""
    return (1, 0) if value <= 2 else ((2, 2) if value <= 4 else (3, 3))


PRE_GAIN = {"horus": ("T04", "granite"), "thoth": ("T20", "papyrus"), "hathor": ("T21", "bread")}


def affordable(state: State, seat: int, god: str, cost: dict[str, int], ctx: dict) -> bool:
    if ctx.get("free") or ctx.get("waived") or not cost:
        return True
    if (
        god in WAIVERS
        and not ctx.get("declined")
        and held_blessing(state["players"][seat], *WAIVERS[god])
    ):
        return True
    return can_pay_with_pre_gain(state, seat, god, cost, ctx)


def can_pay_with_pre_gain(
    state: State, seat: int, god: str, cost: dict[str, int], ctx: dict
) -> bool:
    """T04/T20/T21: the token "may be taken before the action", so it counts for legality
    until the action has begun (``ctx["begun"]``)."""
    player = state["players"][seat]
    card, res = PRE_GAIN.get(god, (None, None))
    if card is None or ctx.get("begun") or card not in player["technologies"]:
        return can_pay(state, seat, cost)
    player["res"][res] += 1
    try:
        return can_pay(state, seat, cost)
    finally:
        player["res"][res] -= 1


def free_god_space(state: State, god: str) -> bool:
    return len(state["god_statues"][god]) < GOD_STATUE_SPACES[min(state["n"], 4)]


def god_legal(state: State, seat: int, god: str, value: int, ctx: dict | None = None) -> bool:
    """TEK-R065: an action whose cost cannot be paid (or that cannot place a piece) is
    illegal."""
    ctx = ctx or {}
    player = state["players"][seat]
    if god == "horus":
        if player["statues"] <= 0:
            return False  # TEK-R007
        values = ctx.get("values") or [value]
        if not affordable(state, seat, god, statue_cost(player), ctx):
            return False
        people = any(state["people"][space] is None for space in PEOPLE_SPACES)
        return people or any(free_god_space(state, HORUS_GOD[v]) for v in values)
    if god == "ra":
        tile = state["ra"][ra_slot_for(value)]
        if tile is None or player["pillars"] <= 0:  # TEK-R100, TEK-R007
            return False
        if len(state["temple"]) >= TEMPLE_SIZE * TEMPLE_SIZE:
            return False
        data = PILLARS[tile]
        return affordable(
            state, seat, god, {"limestone": data.limestone, "granite": data.granite}, ctx
        )
    if god == "hathor":
        if player["buildings"] <= 0:
            return False
        return any(
            affordable(state, seat, god, {"bread": TEMPLE_BUILDINGS[wid][2]}, ctx)
            for wid in open_building_spaces(state)
        )
    if god == "bastet":
        return affordable(state, seat, god, {"papyrus": 2}, ctx)
    if god == "thoth":
        count, cost = thoth_count(value)
        if cost and not (
            ctx.get("free") or can_pay_with_pre_gain(state, seat, god, {"papyrus": cost}, ctx)
        ):
            return False
        return any(
            len(cards.section_cards(state, sec)) >= count
            for sec in cards.reachable_sections(state, seat)
        )
    if god == "osiris":
        if player["buildings"] <= 0:
            return False
        if not ctx.get("nohap") and player["happiness"] <= 0:  # TEK-R134
            return False
        return bool(osiris_free(state, value, ctx.get("districts")))
    raise ValueError(god)  # pragma: no cover


def osiris_free(state: State, row: int, districts: list[str] | None = None) -> list[str]:
    return [
        sid
        for sid, space in OSIRIS_SPACES.items()
        if space.row == row
        and sid not in state["osiris"]
        and (not districts or space.district in districts)
    ]


def t14_values(state: State, seat: int, ctx: dict) -> list[int]:
    """Values a God action may use: the die value, or with T14 +-1/+-2 (TEK-R259)."""
    value = ctx["v"]
    player = state["players"][seat]
    if "T14" in player["technologies"] and ctx["src"] in DIE_SOURCES:
        return [v for v in range(max(1, value - 2), min(6, value + 2) + 1)]
    return [value]


def god_possible(state: State, seat: int, god: str, ctx: dict) -> bool:
    return any(god_legal(state, seat, god, v, ctx) for v in t14_values(state, seat, ctx))


# --- starting an action --------------------------------------------------------------------
def start_action(state: State, frame: dict, events: list[Event]) -> None:
    ctx = frame["ctx"]
    seat = ctx["s"]
    if plan.pause_before(state, ctx):  # B07/B08 may be played before a later action
        state["stack"].append({"k": "before_action", "s": seat, "ctx": ctx})
        return
    possible = ctx.get("god") is None or god_possible(state, seat, ctx["god"], ctx)
    plan.note_start(state, ctx, possible)  # the regular and extra actions owed (plan.py)
    if ctx.get("god") is None:
        start_production(state, ctx, events)
        return
    if not possible:
        events.append(
            Event(
                "skip",
                msg(
                    "{seat} cannot perform the {god} action.",
                    seat=seat_name(state, seat),
                    god=GOD_NAMES[ctx["god"]],
                ),
                {"seat": seat},
                seat=seat,
            )
        )
        return
    values = t14_values(state, seat, ctx)
    if len(values) > 1:
        legal = [v for v in values if god_legal(state, seat, ctx["god"], v, ctx)]
        if len(legal) > 1 or legal != [ctx["v"]]:
            state["stack"].append({"k": "t14", "s": seat, "ctx": ctx, "values": legal})
            return
    begin_god(state, ctx, events)


def t14_decision(state: State, frame: dict) -> Decision:
    ctx = frame["ctx"]
    options = tuple(
        Option(
            f"adj:{v - ctx['v']:+d}" if v != ctx["v"] else "adj:0",
            msg("Use value {value}", value=v)
            if v != ctx["v"]
            else msg("Use value {value} (no change)", value=v),
        )
        for v in frame["values"]
    )
    return Decision(
        frame["s"],
        "t14",
        msg(
            "Technology T14: change the die value for the {god} action?", god=GOD_NAMES[ctx["god"]]
        ),
        options,
    )


def t14_apply(state: State, frame: dict, option: str, events: list[Event]) -> None:
    ctx = frame["ctx"]
    ctx["v"] += int(option.split(":")[1])
    set_die_value(state, ctx, ctx["v"])
    begin_god(state, ctx, events)


def set_die_value(state: State, ctx: dict, value: int) -> None:
    """TEK-R069: a value change for the die's own action (regular or Anubis) turns the
    physical die on the scales too. A side action with the same die (B17..B20 extra action,
    T19 Production) "does not affect the balance of your scales": its T14/T13 change stays in
    that action's value."""
    turn = state.get("turn")
    seat = ctx["s"]
    if ctx["src"] not in ("die", "anubis"):
        return
    if turn and turn.get("pan") and turn["seat"] == seat:
        die = state["players"][seat][turn["pan"]][turn["pan_idx"]]
        die[1] = value
        turn["value"] = value


def begin_god(state: State, ctx: dict, events: list[Event]) -> None:
    seat, god = ctx["s"], ctx["god"]
    player = state["players"][seat]
    techs = player["technologies"]
    # Technologies whose goods "may be taken before the action" (TEK-R344).
    if god == "horus" and "T04" in techs:
        tracks.gain(state, seat, {"granite": 1}, "T04", events)
    if god == "thoth" and "T20" in techs:
        tracks.gain(state, seat, {"papyrus": 1}, "T20", events)
    if god == "hathor" and "T21" in techs:
        tracks.gain(state, seat, {"bread": 1}, "T21", events)
    ctx["begun"] = True
    events.append(
        Event(
            "action",
            msg(
                "{seat} performs the {god} action with value {value}.",
                seat=seat_name(state, seat),
                god=GOD_NAMES[god],
                value=ctx["v"],
            ),
            {"seat": seat, "god": god, "value": ctx["v"], "src": ctx["src"]},
            seat=seat,
        )
    )
    if god in WAIVERS and not ctx.get("free"):
        card = held_blessing(player, *WAIVERS[god])
        if card is not None and action_cost(state, ctx):
            state["stack"].append({"k": "waive", "s": seat, "ctx": ctx, "card": card})
            return
    push_target(state, ctx, events)


def action_cost(state: State, ctx: dict) -> bool:
    god = ctx["god"]
    player = state["players"][ctx["s"]]
    if god == "horus":
        return bool(statue_cost(player))
    if god == "ra":
        tile = state["ra"][ra_slot_for(ctx["v"])]
        return tile is not None and PILLARS[tile].limestone + PILLARS[tile].granite > 0
    return god in ("hathor", "bastet")


def waive_decision(state: State, frame: dict) -> Decision:
    ctx, card = frame["ctx"], frame["card"]
    kinds = term("Limestone/Granite") if ctx["god"] in ("ra", "horus") else term("Papyrus/Bread")
    options = [Option(f"bless:{card}", msg("Play {card}: pay no {kinds}", card=card, kinds=kinds))]
    if payable_without_waiver(state, ctx):
        label = msg("Pay normally")
        if ctx["god"] == "bastet":  # paid at once; the others pay on their next choice
            label = with_payment(label, state, ctx["s"], {"papyrus": 2}, ctx)
        options.append(Option("skip", label))
    return Decision(
        frame["s"],
        "waive",
        msg(
            "Play Blessing {card} to pay no {kinds} for this {god} action?",
            card=card,
            kinds=kinds,
            god=GOD_NAMES[ctx["god"]],
        ),
        tuple(options),
    )


def payable_without_waiver(state: State, ctx: dict) -> bool:
    probe = dict(ctx, waived=False, declined=True)
    return god_legal(state, ctx["s"], ctx["god"], ctx["v"], probe)


def waive_apply(state: State, frame: dict, option: str, events: list[Event]) -> None:
    ctx = frame["ctx"]
    if option.startswith("bless:"):
        tracks.discard_blessing(state, ctx["s"], frame["card"], events)
        ctx["waived"] = True
    else:
        ctx["declined"] = True
    push_target(state, ctx, events)


def pay_cost(
    state: State, ctx: dict, cost: dict[str, int], reason: str, events: list[Event]
) -> None:
    if ctx.get("free") or ctx.get("waived") or not cost:
        return
    pay(state, ctx["s"], cost, reason, events)


def push_target(state: State, ctx: dict, events: list[Event]) -> None:
    god = ctx["god"]
    seat = ctx["s"]
    if god == "horus":
        if ctx.get("values"):
            state["stack"].append({"k": "p12_value", "s": seat, "ctx": ctx})
        else:
            state["stack"].append({"k": "horus", "s": seat, "ctx": ctx})
    elif god == "ra":
        state["stack"].append({"k": "ra_space", "s": seat, "ctx": ctx})
    elif god == "hathor":
        state["stack"].append({"k": "hathor", "s": seat, "ctx": ctx})
    elif god == "bastet":
        resolve_bastet(state, ctx, events)
    elif god == "thoth":
        state["stack"].append({"k": "thoth", "s": seat, "ctx": ctx, "refreshed": []})
    else:
        state["stack"].append({"k": "osiris", "s": seat, "ctx": ctx})


def god_done(state: State, ctx: dict, events: list[Event]) -> None:
    """Technologies on God actions, T11, then the Horus bonuses of Statue owners."""
    seat, god = ctx["s"], ctx["god"]
    techs = state["players"][seat]["technologies"]
    vp_tech = {"osiris": "T01", "ra": "T02", "thoth": "T03", "horus": "T04"}
    if god in vp_tech and vp_tech[god] in techs:
        add_vp(state, seat, 2, vp_tech[god], events)
    if god == "bastet" and "T06" in techs:
        add_vp(state, seat, 2, "T06", events)
        tracks.gain(state, seat, {"population": 1, "happiness": 1}, "T06", events)
    die_action_done(state, ctx, events)
    horus_bonuses(state, seat, god, events, ctx.get("owners"))


def die_action_done(state: State, ctx: dict, events: list[Event]) -> None:
    """TEK-R256 T11: an action with a die of value 1. (Every God action and Production ends
    here: the turn counts its resolved actions, ``acted``.)"""
    turn = state.get("turn")
    if turn is not None and turn.get("seat") == ctx["s"]:
        turn["acted"] = turn.get("acted", 0) + 1
    if (
        ctx["src"] in DIE_SOURCES
        and ctx["v"] == 1
        and "T11" in state["players"][ctx["s"]]["technologies"]
    ):
        add_vp(state, ctx["s"], 2, "T11", events)


def horus_bonuses(
    state: State, actor: int, god: str, events: list[Event], statues: list[int] | None = None
) -> None:
    """TEK-R082/R083/R177/R181/R324: each Statue owner of that god gains the slot bonus once.
    ``statues``: the owners before the action (a Statue built by this very Horus action
    gives no bonus for it, TEK-R177)."""
    owners: list[int] = []
    for owner in state["god_statues"][god] if statues is None else statues:
        if owner not in owners:
            owners.append(owner)
    for owner in owners:
        if owner == actor and state["n"] != 2:
            continue
        give_horus_bonus(state, owner, god, events)


def give_horus_bonus(state: State, owner: int, god: str, events: list[Event]) -> None:
    if is_bot(state, owner):
        tracks.gain(
            state,
            owner,
            dict(BOT_HORUS_BONUS[god]),
            msg("Horus bonus ({god})", god=GOD_NAMES[god]),
            events,
        )
        return
    bonus = state["horus_bonus"][HORUS_VALUE[god] - 1]
    tracks.gain(state, owner, dict(bonus), msg("Horus bonus ({god})", god=GOD_NAMES[god]), events)
    if "T07" in state["players"][owner]["technologies"]:
        tracks.gain(state, owner, {"granite": 1}, "T07", events)


# --- Horus (TEK-R078..R088) ----------------------------------------------------------------
def p12_decision(state: State, frame: dict) -> Decision:
    ctx = frame["ctx"]
    options = tuple(
        Option(f"value:{v}", msg("Value {value} ({god})", value=v, god=GOD_NAMES[HORUS_GOD[v]]))
        for v in ctx["values"]
        if horus_targets(state, dict(ctx, v=v))
    )
    return Decision(
        frame["s"],
        "p12_value",
        msg("Pillar P12: choose the value (1, 2 or 3) of your Horus action."),
        options,
    )


def p12_apply(state: State, frame: dict, option: str, events: list[Event]) -> None:
    ctx = frame["ctx"]
    ctx["v"] = int(option.split(":")[1])
    ctx["values"] = None
    state["stack"].append({"k": "horus", "s": ctx["s"], "ctx": ctx})


def horus_targets(state: State, ctx: dict) -> list[str]:
    god = HORUS_GOD[ctx["v"]]
    targets = [f"god:{god}"] if free_god_space(state, god) else []
    targets += [f"people:{space}" for space in PEOPLE_SPACES if state["people"][space] is None]
    return targets


def horus_decision(state: State, frame: dict) -> Decision:
    ctx = frame["ctx"]
    options = []
    for target in horus_targets(state, ctx):
        kind, where = target.split(":")
        if kind == "god":
            label = msg("Statue for {god}", god=GOD_NAMES[where])
        else:
            label = msg(
                "Statue for the people at {space} (+{gold} Gold)",
                space=where,
                gold=state["people_gold"][where],
            )
        label = with_payment(label, state, ctx["s"], statue_cost(state["players"][ctx["s"]]), ctx)
        options.append(Option(target, label))
    return Decision(
        frame["s"],
        "horus",
        msg("Horus: build your Statue for a god or for the people."),
        tuple(options),
    )


def horus_apply(state: State, frame: dict, option: str, events: list[Event]) -> None:
    ctx = frame["ctx"]
    seat = ctx["s"]
    player = state["players"][seat]
    pay_cost(state, ctx, statue_cost(player), term("Statue"), events)
    ctx["owners"] = list(state["god_statues"]["horus"])
    kind, where = option.split(":")
    build_statue(state, seat, kind, where, events)
    god_done(state, ctx, events)


def build_statue(state: State, seat: int, kind: str, where: str, events: list[Event]) -> None:
    player = state["players"][seat]
    player["statues"] -= 1
    if kind == "god":
        state["god_statues"][where].append(seat)
        space = f"{where}:{len(state['god_statues'][where])}"
        player["statue_list"].append([where, space])
        events.append(
            Event(
                "statue",
                msg(
                    "{seat} builds a Statue for {god}.",
                    seat=seat_name(state, seat),
                    god=GOD_NAMES[where],
                ),
                {"seat": seat, "god": where},
                seat=seat,
            )
        )
        if state["n"] == 3:  # TEK-R180: the bonus once at once
            give_horus_bonus(state, seat, where, events)
        return
    state["people"][where] = seat
    player["statue_list"].append(["people", where])
    events.append(
        Event(
            "statue",
            msg(
                "{seat} builds a Statue for the people at {space}.",
                seat=seat_name(state, seat),
                space=where,
            ),
            {"seat": seat, "space": where},
            seat=seat,
        )
    )
    gold = state["people_gold"][where]
    state["people_gold"][where] = 0
    if gold:
        tracks.gain(state, seat, {"gold": gold}, term("people Statue"), events)  # TEK-R086
    if where in PEOPLE_TEMPLE_LINE:  # TEK-R087
        kind_, index = PEOPLE_TEMPLE_LINE[where]
        own = pillars_in_line(state, seat, kind_, index)
        add_vp(state, seat, 3 * own, term("people Statue at the Temple"), events)


# --- Ra (TEK-R089..R100) --------------------------------------------------------------------
def ra_space_decision(state: State, frame: dict) -> Decision:
    ctx = frame["ctx"]
    tile = state["ra"][ra_slot_for(ctx["v"])]
    options = tuple(
        Option(f"space:{sp}", msg("Pillar {tile} on {space}", tile=tile, space=sp))
        for sp in temple_free(state)
    )
    return Decision(
        frame["s"],
        "ra_space",
        msg("Ra: choose the Temple Complex space for Pillar tile {tile}.", tile=tile),
        options,
    )


def temple_free(state: State) -> list[str]:
    return [
        f"t{r}{c}"
        for r in range(TEMPLE_SIZE)
        for c in range(TEMPLE_SIZE)
        if f"t{r}{c}" not in state["temple"]
    ]


def ra_space_apply(state: State, frame: dict, option: str, events: list[Event]) -> None:
    ctx = frame["ctx"]
    state["stack"].append({"k": "ra_rot", "s": ctx["s"], "ctx": ctx, "space": option.split(":")[1]})


def ra_rot_decision(state: State, frame: dict) -> Decision:
    ctx = frame["ctx"]
    tile = state["ra"][ra_slot_for(ctx["v"])]
    options = []
    cost = {"limestone": PILLARS[tile].limestone, "granite": PILLARS[tile].granite}
    for rot in range(4):
        edges = "".join(tile_edge(tile, rot, side)[0].upper() for side in SIDES)
        matches, _ = matching_edges(state, frame["space"], tile, rot)
        label = msg(
            "Turn {degrees} degrees (edges NESW {edges}, {matches} matching)",
            degrees=rot * 90,
            edges=edges,
            matches=matches,
        )
        options.append(Option(f"rot:{rot}", with_payment(label, state, ctx["s"], cost, ctx)))
    return Decision(
        frame["s"],
        "ra_rot",
        msg("Ra: turn Pillar tile {tile} on {space}.", tile=tile, space=frame["space"]),
        tuple(options),
    )


def ra_rot_apply(state: State, frame: dict, option: str, events: list[Event]) -> None:
    place_pillar(state, frame["ctx"], frame["space"], int(option.split(":")[1]), events)


def place_pillar(state: State, ctx: dict, space: str, rotation: int, events: list[Event]) -> None:
    seat = ctx["s"]
    slot = ra_slot_for(ctx["v"])
    tile = state["ra"][slot]
    data = PILLARS[tile]
    pay_cost(
        state,
        ctx,
        {"limestone": data.limestone, "granite": data.granite},
        msg("Pillar {tile}", tile=tile),
        events,
    )
    events.append(
        Event(
            "pillar",
            msg(
                "{seat} builds Pillar {tile} on {space}.",
                seat=seat_name(state, seat),
                tile=tile,
                space=space,
            ),
            {"seat": seat, "tile": tile, "space": space, "rotation": rotation},
            seat=seat,
        )
    )
    # Step 1 (TEK-R092)
    add_vp(state, seat, buildings_in_lines(state, space), term("Pillar: Buildings in line"), events)
    # Step 2 (TEK-R093, TEK-R094)
    matches, _touching = matching_edges(state, space, tile, rotation)
    per = 2 if space in CORNERS else 1
    add_vp(state, seat, matches * per, term("Pillar: matching edges"), events)
    # Step 3 (TEK-R095)
    r, c = rc(space)
    reward = dict(TEMPLE_REWARDS[r][c])
    tracks.gain(state, seat, reward, msg("Temple space {space}", space=space), events)
    # Step 4 (TEK-R096)
    add_vp(state, seat, RA_SLOT_VP[slot], RA_SLOT_REASONS[RA_SLOTS[slot]], events)
    # Step 6 (TEK-R098) and step 7 (TEK-R099)
    state["temple"][space] = [tile, rotation, seat]
    state["players"][seat]["pillars"] -= 1
    slide_display(state, slot)
    # Step 5 (TEK-R097, T09 TEK-R254): nested actions are pushed after the placement.
    fires = data.ability != "none" and (
        data.light == light_of(state, "ra") or "T09" in state["players"][seat]["technologies"]
    )
    god_done(state, ctx, events)
    if fires:
        pillar_ability(state, seat, tile, space, rotation, reward, events)


def slide_display(state: State, slot: int) -> None:
    """TEK-R099: tiles left of the gap slide right; a new tile enters on the left."""
    display = state["ra"]
    for index in range(slot, 0, -1):
        display[index] = display[index - 1]
    # TEK-R100; a planning probe never looks at the hidden pile
    display[0] = state["pile"].pop() if state["pile"] and not state.get("probe") else None


def pillar_ability(
    state: State,
    seat: int,
    tile: str,
    space: str,
    rotation: int,
    reward: dict[str, int],
    events: list[Event],
) -> None:
    """TEK-R270..R296."""
    data = PILLARS[tile]
    ability, params = data.ability, data.params
    events.append(
        Event(
            "ability",
            msg("Pillar {tile}'s ability resolves.", tile=tile),
            {"seat": seat, "tile": tile},
            seat=seat,
        )
    )
    if ability in ("population", "happiness", "scribe", "gold"):
        tracks.gain(
            state, seat, {ability: params[ability]}, msg("Pillar {tile}", tile=tile), events
        )
    elif ability == "vp":
        add_vp(state, seat, params["vp"], msg("Pillar {tile}", tile=tile), events)
    elif ability == "edge_bonus":  # TEK-R273: +1 per matching edge, not doubled
        matches, _ = matching_edges(state, space, tile, rotation)
        add_vp(state, seat, matches, msg("Pillar {tile}", tile=tile), events)
    elif ability == "building_bonus":
        add_vp(
            state, seat, buildings_in_lines(state, space), msg("Pillar {tile}", tile=tile), events
        )
    elif ability == "double_reward":  # TEK-R288: resources and Faith once more
        extra = {k: v for k, v in reward.items() if k in params["kinds"]}
        tracks.gain(state, seat, extra, msg("Pillar {tile}", tile=tile), events)
    elif ability == "decree":
        card = cards.draw_card(state, "decree")
        if card is not None:
            state["players"][seat]["decrees"].append(card)
            events.append(
                Event(
                    "decree",
                    msg("{seat} draws a Decree.", seat=seat_name(state, seat)),
                    {"seat": seat},
                    seat=seat,
                )
            )
            events.append(
                Event(
                    "decree_private",
                    msg("You draw Decree {card}.", card=card),
                    {"card": card},
                    seat=seat,
                    private_to=seat,
                )
            )
    elif ability == "thoth":
        state["stack"].append(
            {"k": "action", "ctx": {"s": seat, "god": "thoth", "v": 1, "src": "pillar"}}
        )
    elif ability == "horus":
        state["stack"].append(
            {
                "k": "action",
                "ctx": {"s": seat, "god": "horus", "v": 1, "values": [1, 2, 3], "src": "pillar"},
            }
        )
    elif ability == "osiris":
        state["stack"].append(
            {"k": "action", "ctx": {"s": seat, "god": "osiris", "v": 3, "src": "pillar"}}
        )


# --- Hathor (TEK-R101..R110) ----------------------------------------------------------------
def hathor_decision(state: State, frame: dict) -> Decision:
    ctx = frame["ctx"]
    options = []
    for wid in open_building_spaces(state):
        bread = TEMPLE_BUILDINGS[wid][2]
        if affordable(state, ctx["s"], "hathor", {"bread": bread}, ctx):
            label = msg("Building on {space} ({bread} Bread)", space=wid, bread=bread)
            options.append(
                Option(f"build:{wid}", with_payment(label, state, ctx["s"], {"bread": bread}, ctx))
            )
    return Decision(
        frame["s"],
        "hathor",
        msg("Hathor: choose the building space around the Temple Complex."),
        tuple(options),
    )


def hathor_apply(state: State, frame: dict, option: str, events: list[Event]) -> None:
    ctx = frame["ctx"]
    seat = ctx["s"]
    wid = option.split(":")[1]
    kind, index, bread, _closed = TEMPLE_BUILDINGS[wid]
    pay_cost(state, ctx, {"bread": bread}, term("Building"), events)
    state["tbuild"][wid] = seat
    state["players"][seat]["buildings"] -= 1
    events.append(
        Event(
            "building",
            msg("{seat} builds on {space}.", seat=seat_name(state, seat), space=wid),
            {"seat": seat, "space": wid},
            seat=seat,
        )
    )
    t05 = "T05" in state["players"][seat]["technologies"]
    for sp in line_spaces(kind, index):
        here = state["temple"].get(sp)
        if here is None:  # TEK-R105: one token of the printed kind
            r, c = rc(sp)
            reward = TEMPLE_REWARDS[r][c]
            kind_ = next(iter(reward))
            if kind_ != "vp":
                tracks.gain(state, seat, {kind_: 1}, msg("Hathor: {space}", space=sp), events)
        elif here[2] == seat:  # TEK-R104 (+ T05)
            add_vp(
                state,
                seat,
                3 + (2 if t05 else 0),
                msg("Hathor: own Pillar on {space}", space=sp),
                events,
            )
    tracks.gain_population(state, seat, ctx["v"], events)  # TEK-R107
    god_done(state, ctx, events)


# --- Bastet (TEK-R111..R118) ----------------------------------------------------------------
def resolve_bastet(state: State, ctx: dict, events: list[Event]) -> None:
    seat, value = ctx["s"], ctx["v"]
    pay_cost(state, ctx, {"papyrus": 2}, GOD_NAMES["bastet"], events)
    tracks.gain_happiness(state, seat, value, events)
    scribes = 2 if value <= 2 else (1 if value <= 4 else 0)
    if scribes:
        tracks.gain(state, seat, {"scribe": scribes}, GOD_NAMES["bastet"], events)
    god_done(state, ctx, events)


# --- Thoth (TEK-R119..R131) -----------------------------------------------------------------
def thoth_decision(state: State, frame: dict) -> Decision:
    ctx = frame["ctx"]
    seat = ctx["s"]
    count, cost = thoth_count(ctx["v"])
    if ctx.get("free"):
        cost = 0
    papyrus = state["players"][seat]
    options = []
    reachable = cards.reachable_sections(state, seat)
    for sec in reachable:
        # TEK-R126/R127: the full cost for all the cards: a section holding fewer cards than
        # the value asks for (decks and discards empty) cannot be chosen.
        if len(cards.section_cards(state, sec)) >= count:
            label = (
                msg("Take {count} cards from section {n}", count=count, n=sec + 1)
                if count > 1
                else msg("Take {count} card from section {n}", count=count, n=sec + 1)
            )
            label = with_payment(label, state, seat, {"papyrus": cost}, ctx)
            options.append(Option(f"section:{sec + 1}", label))
    for sec in reachable:
        if sec in frame["refreshed"]:
            continue
        if can_pay(state, seat, {"papyrus": cost + 1}) and papyrus is not None:
            label = msg("Pay 1 Papyrus: refresh section {n}", n=sec + 1)
            options.append(
                Option(
                    f"refresh:{sec + 1}",
                    with_payment(label, state, seat, {"papyrus": 1}, named=True),
                )
            )
    prompt = (
        msg(
            "Thoth: take {count} cards from one market section (you may refresh sections first).",
            count=count,
        )
        if count > 1
        else msg(
            "Thoth: take {count} card from one market section (you may refresh sections first).",
            count=count,
        )
    )
    return Decision(seat, "thoth", prompt, tuple(options))


def thoth_apply(state: State, frame: dict, option: str, events: list[Event]) -> None:
    ctx = frame["ctx"]
    seat = ctx["s"]
    kind, sec = option.split(":")
    section = int(sec) - 1
    if kind == "refresh":  # TEK-R128
        pay(state, seat, {"papyrus": 1}, term("refresh"), events)
        cards.refresh_section(state, section, events)
        frame["refreshed"].append(section)
        state["stack"].append(frame)
        return
    count, cost = thoth_count(ctx["v"])
    pay_cost(state, ctx, {"papyrus": cost} if cost else {}, GOD_NAMES["thoth"], events)
    state["stack"].append(
        {"k": "thoth_take", "s": seat, "ctx": ctx, "section": section, "left": count}
    )


def thoth_take_decision(state: State, frame: dict) -> Decision:
    section = frame["section"]
    seen = []
    for card in cards.section_cards(state, section):
        if card not in seen:
            seen.append(card)
    options = tuple(Option(f"card:{card}", msg("{card}", card=card)) for card in seen)
    return Decision(
        frame["s"],
        "thoth_take",
        msg(
            "Thoth: take a card from section {n} ({left} to take).",
            n=section + 1,
            left=frame["left"],
        ),
        options,
    )


def thoth_take_apply(state: State, frame: dict, option: str, events: list[Event]) -> None:
    ctx = frame["ctx"]
    cards.take_card(state, ctx["s"], frame["section"], option.split(":")[1], events)
    frame["left"] -= 1
    if frame["left"] > 0 and cards.section_cards(state, frame["section"]):
        state["stack"].append(frame)
        return
    god_done(state, ctx, events)


# --- Osiris (TEK-R132..R143) ----------------------------------------------------------------
def osiris_decision(state: State, frame: dict) -> Decision:
    ctx = frame["ctx"]
    options = tuple(
        Option(
            f"space:{sid}",
            msg(
                "Row {row}, {district} district",
                row=OSIRIS_SPACES[sid].row,
                district=WORDS[OSIRIS_SPACES[sid].district],
            ),
        )
        for sid in osiris_free(state, ctx["v"], ctx.get("districts"))
    )
    return Decision(
        frame["s"], "osiris", msg("Osiris: choose a space in row {row}.", row=ctx["v"]), options
    )


def osiris_apply(state: State, frame: dict, option: str, events: list[Event]) -> None:
    ctx = frame["ctx"]
    seat = ctx["s"]
    sid = option.split(":")[1]
    space = OSIRIS_SPACES[sid]
    player = state["players"][seat]
    if not ctx.get("nohap"):
        tracks.lose_happiness(state, seat, 1, events)  # TEK-R132
    state["osiris"][sid] = seat
    player["buildings"] -= 1
    events.append(
        Event(
            "building",
            msg("{seat} builds on {space}.", seat=seat_name(state, seat), space=sid),
            {"seat": seat, "space": sid},
            seat=seat,
        )
    )
    for res, steps_ in space.production.items():
        advance_production(player, res, steps_)
    tracks.gain(state, seat, dict(space.tokens), msg("Osiris {space}", space=sid), events)
    if space.row == 2 and state["row2_gold"]:  # TEK-R137
        state["row2_gold"] = 0
        tracks.gain(state, seat, {"gold": 1}, term("first Building in Osiris row 2"), events)
    if space.production_any:  # TEK-R141
        state["stack"].append({"k": "osiris_any", "s": seat, "ctx": ctx})
        return
    god_done(state, ctx, events)


def advance_production(player: dict[str, Any], res: str, count: int) -> None:
    """TEK-R142: a Production marker stops at 6."""
    player["prod"][res] = min(PRODUCTION_MAX, player["prod"][res] + count)


def osiris_any_decision(state: State, frame: dict) -> Decision:
    player = state["players"][frame["s"]]
    options = tuple(
        Option(
            f"track:{res}",
            msg("+1 {res} Production ({now} now)", res=WORDS[res], now=player["prod"][res]),
        )
        for res in RESOURCES
    )
    return Decision(
        frame["s"],
        "osiris_any",
        msg("Osiris row 6: advance one Production track of your choice."),
        options,
    )


def osiris_any_apply(state: State, frame: dict, option: str, events: list[Event]) -> None:
    advance_production(state["players"][frame["s"]], option.split(":")[1], 1)
    god_done(state, frame["ctx"], events)


# --- Resource Production (TEK-R144..R147) ---------------------------------------------------
def start_production(state: State, ctx: dict, events: list[Event]) -> None:
    seat = ctx["s"]
    player = state["players"][seat]
    ctx["played"] = []
    if "T13" in player["technologies"] and ctx["src"] in DIE_SOURCES:
        state["stack"].append({"k": "t13", "s": seat, "ctx": ctx})
        return
    after_t13(state, ctx, events)


def t13_decision(state: State, frame: dict) -> Decision:
    value = frame["ctx"]["v"]
    options = [Option("adj:0", msg("Keep value {value}", value=value))]
    for delta in (-1, 1):
        if 1 <= value + delta <= 6:
            options.append(Option(f"adj:{delta:+d}", msg("Use value {value}", value=value + delta)))
    return Decision(
        frame["s"],
        "t13",
        msg("Technology T13: change the die value by 1 for this Production?"),
        tuple(options),
    )


def t13_apply(state: State, frame: dict, option: str, events: list[Event]) -> None:
    ctx = frame["ctx"]
    ctx["v"] += int(option.split(":")[1])
    set_die_value(state, ctx, ctx["v"])
    after_t13(state, ctx, events)


def after_t13(state: State, ctx: dict, events: list[Event]) -> None:
    player = state["players"][ctx["s"]]
    if any(card in player["blessings"] for card in PRODUCE_BLESSINGS):
        state["stack"].append({"k": "produce_bless", "s": ctx["s"], "ctx": ctx})
        return
    resolve_production(state, ctx, events)


def produce_bless_decision(state: State, frame: dict) -> Decision:
    player = state["players"][frame["s"]]
    seen = []
    for card in player["blessings"]:
        if card in PRODUCE_BLESSINGS and card not in seen:
            seen.append(card)
    options = [Option(f"bless:{card}", msg("Play {card}", card=card)) for card in seen]
    options.append(Option("go", msg("Produce now")))
    return Decision(
        frame["s"], "produce_bless", msg("Play Blessings for this Production?"), tuple(options)
    )


def produce_bless_apply(state: State, frame: dict, option: str, events: list[Event]) -> None:
    ctx = frame["ctx"]
    if option == "go":
        resolve_production(state, ctx, events)
        return
    card = option.split(":")[1]
    tracks.discard_blessing(state, ctx["s"], card, events)
    ctx["played"].append(card)
    state["stack"].append(frame)


def resolve_production(state: State, ctx: dict, events: list[Event]) -> None:
    """TEK-R146/R147, B21/B22 twice (TEK-R242), T12/T13/T17, B01..B06."""
    seat, res, value = ctx["s"], ctx["res"], ctx["v"]
    player = state["players"][seat]
    techs = player["technologies"]
    times = 1 + sum(1 for card in ctx["played"] if card in ("B21", "B22"))
    for _ in range(times):
        keep = min(value, player["prod"][res])
        excess = value - keep
        player["res"][res] += keep
        player["excess"] += excess
        events.append(
            Event(
                "produce",
                msg(
                    "{seat} produces {value} {res}: keeps {keep}, "
                    "{excess} excess on the right pan.",
                    seat=seat_name(state, seat),
                    value=value,
                    res=WORDS[res],
                    keep=keep,
                    excess=excess,
                ),
                {"seat": seat, "res": res, "keep": keep, "excess": excess},
                seat=seat,
            )
        )
        if "T12" in techs and excess:
            add_vp(state, seat, excess, "T12", events)
        if "T13" in techs:
            tracks.gain(state, seat, {res: 1}, "T13", events)
        if "T17" in techs and res == "bread":
            add_vp(state, seat, 2, "T17", events)
    for card in ctx["played"]:
        if card in PRODUCE_GAIN:
            tracks.gain(state, seat, dict(PRODUCE_GAIN[card]), card, events)
    die_action_done(state, ctx, events)


# --- extra actions of any kind (Happiness 21, D23) ----------------------------------------
def any_action_options(state: State, seat: int, ctx: dict) -> list[Option]:
    options = []
    for god in GODS:
        if any(god_legal(state, seat, god, v, ctx) for v in range(1, 7)):
            options.append(god_option(state, seat, god, dict(ctx, god=god)))
    for res in RESOURCES:
        options.append(Option(f"prod:{res}", msg("Produce {res}", res=WORDS[res])))
    return options


def extra_pick_decision(state: State, frame: dict) -> Decision:
    seat = frame["s"]
    ctx = {"s": seat, "src": frame["src"], "free": frame["src"] == "d23"}
    why = term("Happiness 21") if frame["src"] == "h21" else term("Decree D23")
    return Decision(
        seat,
        "extra_pick",
        msg("{why}: choose your extra action (any value).", why=why),
        tuple(any_action_options(state, seat, ctx)),
    )


def extra_pick_apply(state: State, frame: dict, option: str, events: list[Event]) -> None:
    seat = frame["s"]
    kind, what = option.split(":")
    ctx = {"s": seat, "src": frame["src"], "free": frame["src"] == "d23"}
    if kind == "act":
        ctx["god"] = what
    else:
        ctx["god"] = None
        ctx["res"] = what
    state["stack"].append({"k": "extra_value", "s": seat, "ctx": ctx})


def extra_value_decision(state: State, frame: dict) -> Decision:
    ctx = frame["ctx"]
    seat = frame["s"]
    values = [
        v for v in range(1, 7) if ctx["god"] is None or god_legal(state, seat, ctx["god"], v, ctx)
    ]
    what = (
        msg("{god} action", god=GOD_NAMES[ctx["god"]])
        if ctx["god"]
        else msg("{res} Production", res=WORDS[ctx["res"]])
    )
    options = []
    for v in values:
        label = msg("Value {value}", value=v)
        if ctx["god"] == "bastet" and not held_blessing(state["players"][seat], *WAIVERS["bastet"]):
            label = with_payment(label, state, seat, {"papyrus": 2}, ctx)
        options.append(Option(f"value:{v}", label))
    return Decision(
        seat, "extra_value", msg("Choose the value for your {what}.", what=what), tuple(options)
    )


def extra_value_apply(state: State, frame: dict, option: str, events: list[Event]) -> None:
    ctx = frame["ctx"]
    ctx["v"] = int(option.split(":")[1])
    state["stack"].append({"k": "action", "ctx": ctx})


def scribes_left(state: State, seat: int) -> int:
    return scribe_budget(state, seat)
