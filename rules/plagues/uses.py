"""Uses "at any time during your turn" (PLG-R047, PLG-R048): the Pharaoh tile (PLG-R165..
PLG-R169), special action cards (PLG-R227..PLG-R249) and single-use trade cards
(PLG-R232, PLG-R253..PLG-R256). They are extra options of a seat's own decisions; using one
resolves it and asks the same decision again.

Where a seat's turn offers them (PLG-R047, contexts): ``turn`` (before turning a die card),
``action`` (the die is turned, before its action), ``turn_end`` (after the action and all it
triggered), ``pick`` / ``pick_end`` (the territory pick, before and after), ``tribute`` /
``tribute_end`` (before and after paying), ``uses`` (the window after the losses, PLG-R048) and
``soldiers`` (the simultaneous soldier step: only ``sa_soldiers`` and the Pharaoh tile).

The Pharaoh tile against the plague (``token:plague``) is offered only where ignoring the plague
changes something there (see ``token_matters``).
"""

from __future__ import annotations

from rules.core import Event, Option
from rules.plagues.board import advance, discard_penalty, push, receivable_spaces
from rules.plagues.data import DISCARD_DICE, PLAGUES, SA_CONDITIONS, TERRITORIES
from rules.plagues.die_actions import action_options, flies_cost
from rules.plagues.state import (
    State,
    ankh_needed,
    ankh_symbols,
    can_receive,
    coin_payable,
    coin_sources,
    holds_card5,
    is_ai,
    pay_one_coin,
    seat_name,
    soldiers,
    source_text,
    special_ready,
    tile_name,
    trade_active,
    tribute_need,
)
from rules.text import Msg, msg, term

# PLG-R047: the points of a seat's own turn where any use may be made.
GENERAL = ("turn", "action", "turn_end", "pick", "pick_end", "tribute", "tribute_end", "uses")
SINGLE_TRADES = ("tr_development", "tr_take_tile", "tr_skip_tribute", "tr_discard_penalty")


def unused_pharaoh_tiles(state: State, seat: int) -> int:
    player = state["players"][seat]
    return player["kept"].count("pharaoh") - player["ph_used"]


def recoverable(state: State, seat: int) -> list[str]:
    player = state["players"][seat]
    return [
        slot
        for slot in DISCARD_DICE
        if player["discard"][slot] is not None and can_receive(player, player["discard"][slot])
    ]


def _special_usable(state: State, seat: int, cid: str, ctx: str) -> bool:
    player = state["players"][seat]
    need = SA_CONDITIONS.get(cid, 0)  # every card tested below has its threshold there
    if cid == "sa_egyptians_boat":
        egyptians = sum(1 for t in player["cells"].values() if t == "egyptian")
        return ctx in GENERAL and egyptians >= need
    if cid == "sa_diamond_province":
        return ctx in GENERAL and player["nile"] >= need
    if cid == "sa_recover_free":
        return (
            ctx in GENERAL and ankh_symbols(state, seat) >= need and bool(recoverable(state, seat))
        )
    if cid == "sa_take_tile":
        return (
            ctx in GENERAL
            and ankh_symbols(state, seat) >= need
            and bool(receivable_spaces(state, seat))
        )
    if cid == "sa_hebrew_income":
        return ctx == "tribute" and len(player["hebrews"]) >= need and not player["hebrew_income"]
    if cid == "sa_soldiers":
        return ctx == "soldiers" and player["pcard"] >= need and not player["sa_soldiers"]
    return False  # sa_die_as_six / sa_swap_tiles belong to the phase-1 action (die_actions.py)


def _trade_usable(state: State, seat: int, cid: str, ctx: str) -> bool:
    if not trade_active(state, seat, cid) or not coin_payable(state, seat):
        return False
    player = state["players"][seat]
    if cid == "tr_skip_tribute":
        return ctx == "tribute"
    if ctx not in GENERAL:
        return False
    if cid == "tr_take_tile":
        return bool(receivable_spaces(state, seat))
    if cid == "tr_discard_penalty":
        return bool(player["penalties"])
    return True


def card_uses(state: State, seat: int, ctx: str) -> list[Option]:
    """The special action and single-use trade cards usable here. A trade card's label says
    what pays; holding both pharaoh card 3 and a coin tile gives one option per source
    (``card:<id>:card3``, ``card:<id>:tile``)."""
    player = state["players"][seat]
    opts: list[Option] = []
    for card in player["terr"]:
        cid = card["id"]
        if card["used"]:
            continue
        name = TERRITORIES[cid]["name"]
        if special_ready(state, seat, card) and _special_usable(state, seat, cid, ctx):
            opts.append(Option(f"card:{cid}", msg("Use {card}", card=name)))
        elif cid in SINGLE_TRADES and _trade_usable(state, seat, cid, ctx):
            sources = coin_sources(state, seat)
            if len(sources) == 1:
                opts.append(
                    Option(
                        f"card:{cid}",
                        msg("Use {card} (pay {paid})", card=name, paid=source_text(sources[0])),
                    )
                )
            else:
                opts += [
                    Option(
                        f"card:{cid}:{src}",
                        msg("Use {card} (pay {paid})", card=name, paid=source_text(src)),
                    )
                    for src in sources
                ]
    return opts


def _loss_outcome(state: State, seat: int) -> tuple[bool, bool]:
    """(can cancel a loss, pharaoh card 5 would be spent for it) -- PLG-R138 / PLG-R140."""
    need = ankh_needed(state)
    can = ankh_symbols(state, seat) >= need
    spend5 = can and holds_card5(state, seat) and ankh_symbols(state, seat, card5=False) < need
    return can, spend5


def _signature(state: State, seat: int, ctx: str, value: int | None) -> tuple:
    """Everything a plague can change at this point of the seat's turn."""
    sig: list = [tuple(o.id for o in card_uses(state, seat, ctx))]
    if ctx == "action" and value is not None:
        sig.append(tuple(o.id for o in action_options(state, seat, value)))
        sig.append(flies_cost(state, seat, value))
    if ctx == "soldiers":
        sig.append(soldiers(state, seat))
    if ctx == "tribute":
        sig.append(tribute_need(state, seat))
    if ctx in ("tribute", "tribute_end"):
        sig.append(_loss_outcome(state, seat))
    return tuple(sig)


def token_matters(state: State, seat: int, ctx: str, value: int | None = None) -> bool:
    """PLG-R166 / PLG-R047: ignoring the round's plague changes something at this point.

    The plague acts at fixed points: Lice and Flies on the die's action, Boils and Darkness
    when the soldiers count (Darkness then blocks the pick), Hail and Locusts on the tribute,
    Death of the firstborn on the losses and on the Ankh conditions of phase 3, Livestock
    pestilence on every card use, the soldier count and the tribute. Each of those points is
    a decision of the seat's own, where the tile is offered; everywhere else it does nothing.
    """
    player = state["players"][seat]
    plague = state["plague"]
    if plague is None or player["cancelled"] or PLAGUES[plague][1] == "immediate":
        return False
    if plague == "darkness":
        # the pick (or the 4th player's +2) is blocked; decided before the order is known
        return ctx == "soldiers" and (bool(state["territories"]) or len(state["players"]) == 4)
    before = _signature(state, seat, ctx, value)
    player["cancelled"] = True
    try:
        after = _signature(state, seat, ctx, value)
    finally:
        player["cancelled"] = False
    return before != after


def extras(state: State, seat: int, ctx: str, value: int | None = None) -> list[Option]:
    if is_ai(state, seat):
        return []
    player = state["players"][seat]
    opts: list[Option] = []
    if unused_pharaoh_tiles(state, seat) > 0:
        if token_matters(state, seat, ctx, value):
            opts.append(Option("token:plague", term("Pharaoh tile: ignore this round's plague")))
        if player["penalties"] and ctx in GENERAL:
            opts.append(Option("token:penalty", term("Pharaoh tile: remove a penalty card")))
    return opts + card_uses(state, seat, ctx)


def _ev(events: list[Event], seat: int, text: Msg, **data) -> None:
    """An event about ``seat``: ``text`` names the seat as ``{seat}``."""
    events.append(Event("use", text, data, seat=seat))


def use_card(state: State, seat: int, cid: str) -> None:
    """Rotate a card; a special action also counts toward the round's limit."""
    player = state["players"][seat]
    for card in player["terr"]:
        if card["id"] == cid and not card["used"]:
            card["used"] = True
            break
    if TERRITORIES[cid]["cat"] == "special_action":
        player["sa_used"] += 1


def apply_extra(state: State, seat: int, option: str, resume: dict, events: list[Event]) -> None:
    player = state["players"][seat]
    push(state, seat, resume)
    if option == "token:plague":  # PLG-R166
        player["ph_used"] += 1
        player["cancelled"] = True
        _ev(
            events,
            seat,
            msg(
                "{seat} turns a Pharaoh tile and ignores this round's plague.", seat=seat_name(seat)
            ),
        )
        return
    if option == "token:penalty":  # PLG-R167
        player["ph_used"] += 1
        _ev(events, seat, msg("{seat} turns a Pharaoh tile.", seat=seat_name(seat)))
        discard_penalty(state, seat, events)
        return
    parts = option.split(":")
    cid = parts[1]
    use_card(state, seat, cid)
    if cid in SINGLE_TRADES:
        paid = pay_one_coin(state, seat, parts[2] if len(parts) > 2 else None)  # PLG-R232
        _ev(
            events,
            seat,
            msg(
                "{seat} pays {paid} to use {card}.",
                seat=seat_name(seat),
                paid=paid,
                card=TERRITORIES[cid]["name"],
            ),
            card=cid,
        )
    else:
        _ev(
            events,
            seat,
            msg("{seat} uses {card}.", seat=seat_name(seat), card=TERRITORIES[cid]["name"]),
            card=cid,
        )
    if cid == "sa_egyptians_boat":
        advance(state, seat, "boat", 1, events)  # PLG-R242
    elif cid == "sa_diamond_province":
        advance(state, seat, "province", 2, events)  # PLG-R244
    elif cid == "sa_recover_free":
        push(state, seat, {"k": "recover_free"})  # PLG-R247
    elif cid in ("sa_take_tile", "tr_take_tile"):
        push(state, seat, {"k": "take_tile"})  # PLG-R249 / PLG-R254
    elif cid == "sa_hebrew_income":
        player["hebrew_income"] = True  # PLG-R246
    elif cid == "sa_soldiers":
        player["sa_soldiers"] = True  # PLG-R248
    elif cid == "tr_development":
        push(state, seat, {"k": "dev", "n": 2})  # PLG-R253
    elif cid == "tr_skip_tribute":
        player["skip_tribute"] = True  # PLG-R255
    elif cid == "tr_discard_penalty":
        discard_penalty(state, seat, events)  # PLG-R256


def recover_decide(state: State, seat: int, task: dict):
    player = state["players"][seat]
    opts = [
        Option(
            f"recover:{s}",
            msg("Recover the {tile} ({slot})", tile=tile_name(player["discard"][s]), slot=s),
        )
        for s in recoverable(state, seat)
    ]
    return "recover", msg("{seat}: recover a tile from your discard.", seat=seat_name(seat)), opts


def recover(state: State, seat: int, slot: str, events: list[Event]) -> None:
    """PLG-R114 / PLG-R115 / PLG-R116: the tile goes back and triggers like any placement."""
    player = state["players"][seat]
    tile = player["discard"][slot]
    player["discard"][slot] = None
    _ev(
        events,
        seat,
        msg(
            "{seat} recovers the {tile} from discard space {slot}.",
            seat=seat_name(seat),
            tile=tile_name(tile),
            slot=slot,
        ),
        tile=tile,
    )
    push(state, seat, {"k": "recv", "tile": tile})


def recover_answer(state: State, seat: int, task: dict, option: str, events: list[Event]):
    recover(state, seat, option.split(":")[1], events)


# --- the end of a turn (PLG-R047) -----------------------------------------------------------
def turn_end(state: State, seat: int, task: dict, events: list[Event]) -> None:
    """After the turn's action and everything it triggered: if a use is possible now (one
    that was possible before, or one that just became possible), ask before the turn ends."""
    if extras(state, seat, task.get("ctx", "turn_end")):
        push(state, seat, {"k": "turn_end_pick", "ctx": task.get("ctx", "turn_end")})


def turn_end_decide(state: State, seat: int, task: dict):
    opts = extras(state, seat, task["ctx"]) + [Option("done", term("End your turn"))]
    return (
        "turn_end",
        msg("{seat}: use a card or a Pharaoh tile before your turn ends?", seat=seat_name(seat)),
        opts,
    )


def turn_end_answer(state: State, seat: int, task: dict, option: str, events: list[Event]):
    if option != "done":
        apply_extra(state, seat, option, {"k": "turn_end", "ctx": task["ctx"]}, events)
