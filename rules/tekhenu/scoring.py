"""Scoring (TEK-R159..R169), the end of the game (TEK-R170..R175) and the Decrees
(TEK-R198..R221), plus the bot's scoring (TEK-R338..R342)."""

from __future__ import annotations

import math
from typing import Any

from rules.core import Decision, Event, Option, Result
from rules.tekhenu.actions import with_payment
from rules.tekhenu.data import (
    BOT_BLESSING_VP,
    BOT_DECREE_VP,
    BOT_DECREE_VP_CHALLENGE,
    BOT_SCRIBES_PER_VP,
    BOT_TECHNOLOGY_VP,
    BUILDING_ROW_BREAD,
    BUILDING_ROW_VP,
    CARD_TEXT,
    D04_VP_PER_TRIANGLE,
    D08_CAP,
    DECREE_SYMBOL,
    DISTRICT_KIND,
    DISTRICTS,
    OSIRIS_SPACES,
    PEOPLE_OSIRIS_DISTRICTS,
    PEOPLE_TEMPLE_LINE,
    PIECES,
    PRODUCTION_MAX,
    PRODUCTION_MAX_VP,
    RESOURCES,
    STATUE_VP,
    TEMPLE_BUILDINGS,
    TRIANGLES,
    WORDS,
)
from rules.tekhenu.state import (
    State,
    add_vp,
    can_pay,
    humans,
    pay,
    seat_name,
    semicolons,
)
from rules.text import decode, msg, term

BOT_DECREES = term("bot Decrees")
D23_REVEAL = msg("Only a use of D23 is shown; nobody learns who answered anything else.")


# --- pieces ------------------------------------------------------------------------------
def district_pieces(state: State, district: str) -> dict[int, list[int]]:
    """seat -> rows of its pieces in the district (people Statue = row 0), TEK-R160."""
    out: dict[int, list[int]] = {}
    for sid, owner in state["osiris"].items():
        if OSIRIS_SPACES[sid].district == district:
            out.setdefault(owner, []).append(OSIRIS_SPACES[sid].row)
    for space, districts in PEOPLE_OSIRIS_DISTRICTS.items():
        owner = state["people"][space]
        if owner is not None and district in districts:
            out.setdefault(owner, []).append(0)
    return out


def district_winner(state: State, district: str) -> int | None:
    """TEK-R159/R161: most pieces; tie -> the topmost piece; empty -> nobody."""
    pieces = district_pieces(state, district)
    if not pieces:
        return None
    best = max(len(rows) for rows in pieces.values())
    tied = [seat for seat, rows in pieces.items() if len(rows) == best]
    return min(tied, key=lambda seat: min(pieces[seat]))


def temple_pieces(state: State, seat: int) -> int:
    """Own Buildings and people Statues around the Temple Complex."""
    return sum(1 for owner in state["tbuild"].values() if owner == seat) + sum(
        1 for space in PEOPLE_TEMPLE_LINE if state["people"][space] == seat
    )


def pillar_line_score(state: State, seat: int, statues: bool = True) -> int:
    """TEK-R163: each own Pillar scores 1 per own Building (and Statue) in its row/column."""
    total = 0
    for space, (_tile, _rot, owner) in state["temple"].items():
        if owner != seat:
            continue
        r, c = int(space[1]), int(space[2])
        for wid, (kind, index, _b, _cl) in TEMPLE_BUILDINGS.items():
            if state["tbuild"].get(wid) == seat and (
                (kind == "row" and index == r) or (kind == "col" and index == c)
            ):
                total += 1
        if statues:
            for sp, (kind, index) in PEOPLE_TEMPLE_LINE.items():
                if state["people"][sp] == seat and (
                    (kind == "row" and index == r) or (kind == "col" and index == c)
                ):
                    total += 1
    return total


def built(player: dict[str, Any]) -> int:
    return PIECES["buildings"] - player["buildings"]


def statues_built(player: dict[str, Any]) -> int:
    return PIECES["statues"] - player["statues"]


def pillars_built(player: dict[str, Any]) -> int:
    return PIECES["pillars"] - player["pillars"]


def triangle_index(value: int) -> int:
    """How many triangles (9/13/16/19/21) a marker is on or past."""
    return sum(1 for t in TRIANGLES if value >= t)


def bread_owed(player: dict[str, Any]) -> int:
    if "T17" in player["technologies"]:
        return 0  # TEK-R262
    return sum(BUILDING_ROW_BREAD[: built(player)])


# --- a Scoring (TEK-R159..R168) --------------------------------------------------------------
def scoring_steps(state: State, events: list[Event]) -> None:
    for district in DISTRICTS:
        winner = district_winner(state, district)
        if winner is not None:
            add_vp(state, winner, 3, msg("{district} district", district=WORDS[district]), events)
    for seat, player in enumerate(state["players"]):
        bot = state["bot"] == seat
        add_vp(
            state, seat, temple_pieces(state, seat), term("Temple: Buildings and Statues"), events
        )
        add_vp(state, seat, pillar_line_score(state, seat), term("Temple: Pillars"), events)
        add_vp(state, seat, STATUE_VP[statues_built(player)], term("Statues"), events)
        add_vp(state, seat, 3 * triangle_index(player["happiness"]), term("Happiness"), events)
        if bot:  # TEK-R339 / TEK-R340
            blessings = [c for c in player["bot_cards"] if c.startswith("B")]
            techs = [c for c in player["bot_cards"] if c.startswith("T")]
            add_vp(state, seat, BOT_BLESSING_VP * len(blessings), term("bot Blessings"), events)
            add_vp(state, seat, BOT_TECHNOLOGY_VP * len(techs), term("bot Technologies"), events)
            player["bot_cards"] = [c for c in player["bot_cards"] if not c.startswith("B")]
            state["discards"]["blessing"].extend(blessings)
            continue
        maxed = sum(1 for res in RESOURCES if player["prod"][res] >= PRODUCTION_MAX)
        add_vp(state, seat, PRODUCTION_MAX_VP * maxed, term("Production tracks"), events)
        add_vp(state, seat, sum(BUILDING_ROW_VP[: built(player)]), term("building row"), events)


def bread_decision(state: State, frame: dict) -> Decision:
    seat = frame["s"]
    owed = bread_owed(state["players"][seat])
    options = []
    for k in range(owed, -1, -1):
        if k == 0 or can_pay(state, seat, {"bread": k}):
            unpaid = owed - k
            label = (
                msg("Pay {k} Bread (lose {vp} VP)", k=k, vp=3 * unpaid)
                if unpaid
                else msg("Pay {k} Bread", k=k)
            )
            label = with_payment(label, state, seat, {"bread": k}, named=True)
            options.append(Option(f"bread:{k}", label))
    return Decision(
        seat,
        "bread",
        msg(
            "Scoring: feed your people — {owed} Bread owed, 3 VP for each one not paid.", owed=owed
        ),
        tuple(options),
    )


def bread_apply(state: State, frame: dict, option: str, events: list[Event]) -> None:
    """TEK-R168: Gold may stand in; each unpaid Bread costs 3 VP."""
    seat = frame["s"]
    owed = bread_owed(state["players"][seat])
    paid = int(option.split(":")[1])
    if paid:
        pay(state, seat, {"bread": paid}, term("feeding the people"), events)
    add_vp(state, seat, -3 * (owed - paid), term("unpaid Bread"), events)


# --- end of the game ----------------------------------------------------------------------
def decree_vp(state: State, seat: int, card: str, owned: list[str]) -> int:
    """VP of one Decree for its owner (D03, D04 and D23 are handled by the caller)."""
    player = state["players"][seat]
    if card == "D01":
        return 3 * len(player["technologies"])
    if card == "D02":
        return 4 * len({DECREE_SYMBOL[c] for c in owned})
    if card == "D05":
        return 4 * triangle_index(player["happiness"])
    if card == "D06":
        return player["happiness"] - min(p["happiness"] for p in state["players"])
    if card == "D07":
        return 3 * player["scribe"]
    if card == "D08":
        return min(D08_CAP, 2 * player["gold"] + sum(player["res"].values()))
    if card in ("D09", "D10", "D11"):
        kinds = {"D09": ("quarry",), "D10": ("workshop",), "D11": ("quarry", "workshop")}[card]
        count = sum(
            1
            for sid, owner in state["osiris"].items()
            if owner == seat and DISTRICT_KIND[OSIRIS_SPACES[sid].district] in kinds
        )
        return (2 if card == "D11" else 3) * count
    own_tb = sum(1 for owner in state["tbuild"].values() if owner == seat)
    statues = statues_built(player)
    pillars = pillars_built(player)
    if card == "D12":
        return 3 * own_tb
    if card == "D13":
        return 3 * pillars
    if card == "D14":
        return 2 * statues + 2 * own_tb
    if card == "D15":
        return 2 * pillars + 2 * own_tb
    if card == "D16":
        return 4 * sum(1 for kind, _sp in player["statue_list"] if kind != "people")
    if card == "D17":
        return 2 * statues + 2 * pillars
    if card == "D18":
        return 3 * statues
    if card == "D19":
        return 5 * sum(1 for kind, _sp in player["statue_list"] if kind == "people")
    if card == "D20":
        index = state["order"].index(seat)
        return 10 if index == 0 else (5 if index == 1 else 0)
    if card == "D21":
        return built(player)
    if card == "D22":
        return math.ceil(sum(value for _c, value in player["left"]) / 2)
    if card == "D24":  # TEK-R221: own Buildings and Pillars only
        return own_tb + pillar_line_score(state, seat, statues=False)
    return 0  # D03 / D04 / D23


def d04_triangles(player: dict[str, Any]) -> int:
    return triangle_index(player["population"])


# --- D03 and D04: what each player pays (TEK-R200/R201), best total first --------------------
TOKEN_DECREES = ("D03", "D04", "D07", "D08")  # their VP depend on the tokens left


def plain_split(res: dict[str, int], count: int) -> dict[str, int]:
    """Which plain resources pay ``count`` D04 triangles: the most plentiful first (ties in
    RESOURCES order). Harmless: after the final Scoring a plain resource only counts 1 VP for
    D08, whatever its kind (docs/notation/tekhenu.md)."""
    have = dict(res)
    out: dict[str, int] = {}
    for _ in range(count):
        best = max(RESOURCES, key=lambda k: have[k])
        have[best] -= 1
        out[best] = out.get(best, 0) + 1
    return out


def settle(
    state: State, seat: int, chosen: list[str], paid: int, target: str | None
) -> dict[str, Any] | None:
    """The best way to pay ``paid`` D04 triangles and, with ``target``, D03's 2 Gold (T10:
    Scribes may stand in for Gold): most VP, then most Scribes kept (the tie-break,
    TEK-R175), then most Gold kept. None when it cannot be paid."""
    player = state["players"][seat]
    gold, scribes = player["gold"], player["scribe"]
    t10 = "T10" in player["technologies"]
    plain = sum(player["res"].values())
    fixed = {
        card: decree_vp(state, seat, card, player["decrees"])
        for card in chosen
        if card not in TOKEN_DECREES
    }
    best: dict[str, Any] | None = None
    for g in range(min(paid, gold) + 1):
        for s in range(min(paid - g, scribes) + 1) if t10 else (0,):
            p = paid - g - s
            if p > plain:
                continue
            for g3, s3 in ((2, 0), (1, 1), (0, 2)) if target else ((0, 0),):
                if (s3 and not t10) or g + g3 > gold or s + s3 > scribes:
                    continue
                left_gold, left_scribes = gold - g - g3, scribes - s - s3
                values = dict(fixed)
                if "D04" in chosen:
                    values["D04"] = D04_VP_PER_TRIANGLE * paid
                if "D07" in chosen:
                    values["D07"] = 3 * left_scribes
                if "D08" in chosen:
                    values["D08"] = min(D08_CAP, 2 * left_gold + plain - p)
                if "D03" in chosen:
                    values["D03"] = values[target] if target else 0
                rank = (sum(values.values()), left_scribes, left_gold)
                if best is None or rank > best["rank"]:
                    d04 = plain_split(player["res"], p)
                    d04.update({k: v for k, v in (("gold", g), ("scribe", s)) if v})
                    d03 = {k: v for k, v in (("gold", g3), ("scribe", s3)) if v}
                    best = {
                        "paid": paid,
                        "target": target,
                        "d04": d04,
                        "d03": d03,
                        "values": values,
                        "total": rank[0],
                        "rank": rank,
                    }
    return best


def plan_id(chosen: list[str], plan: dict[str, Any]) -> str:
    parts = []
    if "D04" in chosen:
        parts.append(f"d04:{plan['paid']}")
    if "D03" in chosen:
        parts.append(f"d03:{plan['target'] or 'no'}")
    return "+".join(parts)


def decree_plans(state: State, seat: int, chosen: list[str]) -> list[dict[str, Any]]:
    """Every way to settle D04 (how many triangles to pay) and D03 (which Decree to double,
    or none) for these chosen Decrees, the best total first (TEK-R200/R201: "if you cannot
    or do not want to pay, you do not score")."""
    player = state["players"][seat]
    counts = range(d04_triangles(player), -1, -1) if "D04" in chosen else (0,)
    targets: list[str | None] = [None]
    if "D03" in chosen:
        targets += [c for c in chosen if c not in ("D03", "D23")]
    plans = []
    for paid in counts:
        for target in targets:
            plan = settle(state, seat, chosen, paid, target)
            if plan is not None:
                plan["id"] = plan_id(chosen, plan)
                plans.append(plan)
    plans.sort(
        key=lambda plan: (
            tuple(-x for x in plan["rank"]),
            -plan["paid"],
            plan["target"] is None,
            plan["id"],
        )
    )
    return plans


def goods_text(goods: dict[str, int]) -> list[Any]:
    """``{"papyrus": 2, "gold": 1}`` -> ["2 Papyrus", "1 Gold"] (RESOURCES, Gold, Scribes)."""
    return [
        msg("{amount} {what}", amount=goods[key], what=WORDS[key])
        for key in (*RESOURCES, "gold", "scribe")
        if goods.get(key)
    ]


def plan_option(chosen: list[str], plan: dict[str, Any]) -> Option:
    """``D04: 2 Papyrus, 1 Gold → 9 VP; D03: 2 Gold → D07 again +15 VP; Decrees total 39 VP``
    (the detail lists every chosen Decree's VP)."""
    parts = []
    if "D04" in chosen:
        parts.append(
            msg("D04: {goods} → {vp} VP", goods=goods_text(plan["d04"]), vp=plan["values"]["D04"])
            if plan["paid"]
            else msg("D04 unpaid: 0 VP")
        )
    if "D03" in chosen:
        parts.append(
            msg(
                "D03: {goods} → {card} again +{vp} VP",
                goods=goods_text(plan["d03"]),
                card=plan["target"],
                vp=plan["values"]["D03"],
            )
            if plan["target"]
            else msg("D03 unpaid: 0 VP")
        )
    label = msg("{plan}; Decrees total {total} VP", plan=semicolons(parts), total=plan["total"])
    detail = msg(
        "Decrees: {values}",
        values=[msg("{card} {vp} VP", card=card, vp=plan["values"][card]) for card in chosen],
    )
    return Option(plan["id"], label, detail)


def score_decrees(
    state: State,
    seat: int,
    chosen: list[str],
    events: list[Event],
    plan: dict[str, Any] | None = None,
) -> None:
    """TEK-R171/R172: pay what ``plan`` pays for D04 (before D08) and D03, then score every
    chosen Decree with the tokens left. Without a plan: the best one."""
    player = state["players"][seat]
    if plan is None:
        plan = decree_plans(state, seat, chosen)[0]
    player["chosen_decrees"] = list(chosen)
    for card, goods in (("D04", plan["d04"]), ("D03", plan["d03"])):
        if not goods:
            continue
        for key, amount in goods.items():
            if key in RESOURCES:
                player["res"][key] -= amount
            else:
                player[key] -= amount
        events.append(
            Event(
                "pay",
                msg(
                    "{seat} pays {goods} ({reason}).",
                    seat=seat_name(state, seat),
                    goods=goods_text(goods),
                    reason=msg("Decree {card}", card=card),
                ),
                {"seat": seat, "paid": dict(goods)},
                seat=seat,
            )
        )
    for card in chosen:
        add_vp(state, seat, plan["values"][card], msg("Decree {card}", card=card), events)


def best_decree_set(state: State, seat: int, chosen: list[str]) -> tuple[list[str], int]:
    """The best Decrees to score, with ``chosen`` already picked (the AI's choice,
    TEK-R172): the set with the best total after its best payments."""
    best: tuple[tuple[int, int, int], list[str]] | None = None
    sets = [list(chosen)]
    while sets:
        current = sets.pop()
        rank = decree_plans(state, seat, current)[0]["rank"]
        if best is None or rank > best[0] or (rank == best[0] and len(current) < len(best[1])):
            best = (rank, current)
        added = current[len(chosen) :]
        for card in eligible_decrees(state, seat, current):
            if not added or card > added[-1]:
                sets.append(current + [card])
    assert best is not None
    return best[1], best[0][0]


def eligible_decrees(state: State, seat: int, chosen: list[str]) -> list[str]:
    player = state["players"][seat]
    if len(chosen) >= 3:
        return []
    symbols = {DECREE_SYMBOL[c] for c in chosen}
    out = []
    for card in sorted(set(player["decrees"])):
        if card not in chosen and DECREE_SYMBOL[card] not in symbols:
            out.append(card)
    return out


def decree_pick_decision(state: State, frame: dict) -> Decision:
    """Public (after the reveal, TEK-R170): the card of the best total is listed first."""
    seat = frame["s"]
    chosen = frame["chosen"]
    best, total = best_decree_set(state, seat, chosen)
    options = [
        Option(
            f"score:{card}", msg("Score {card} ({symbol})", card=card, symbol=DECREE_SYMBOL[card])
        )
        for card in eligible_decrees(state, seat, chosen)
    ]
    done = Option("done", msg("Score the chosen Decrees") if chosen else msg("Score no Decree"))
    nxt = next((card for card in best[len(chosen) :]), None)
    options.sort(key=lambda o: o.id != f"score:{nxt}")
    options.insert(0 if nxt is None else len(options), done)
    return Decision(
        seat,
        "decree_pick",
        msg(
            "Choose up to 3 Decrees to score, one per symbol "
            "(chosen: {chosen}; best total: {best}, {vp} VP).",
            chosen=", ".join(chosen) or term("none"),
            best=", ".join(best) or term("none"),
            vp=total,
        ),
        tuple(options),
    )


def finish_pick(state: State, seat: int, chosen: list[str], events: list[Event]) -> None:
    """D03/D04 chosen: the player decides what to pay (a public decision) unless only one
    way is possible."""
    plans = decree_plans(state, seat, chosen)
    if len(plans) > 1:
        state["stack"].append({"k": "decree_pay", "s": seat, "chosen": chosen})
        return
    score_decrees(state, seat, chosen, events, plans[0])


def decree_pick_apply(state: State, frame: dict, option: str, events: list[Event]) -> None:
    seat = frame["s"]
    if option == "done":
        finish_pick(state, seat, frame["chosen"], events)
        return
    frame["chosen"].append(option.split(":")[1])
    if eligible_decrees(state, seat, frame["chosen"]):
        state["stack"].append(frame)
        return
    finish_pick(state, seat, frame["chosen"], events)


def decree_pay_decision(state: State, frame: dict) -> Decision:
    """TEK-R200/R201: how many D04 triangles to pay and which Decree D03 doubles (or
    neither); one option per combination, the best total first, each saying what it pays
    and what it scores."""
    seat, chosen = frame["s"], frame["chosen"]
    options = tuple(plan_option(chosen, plan) for plan in decree_plans(state, seat, chosen))
    return Decision(
        seat,
        "decree_pay",
        msg(
            "Decrees {cards}: choose what you pay for D04 and "
            "D03 (the best total is listed first).",
            cards=", ".join(chosen),
        ),
        options,
    )


def decree_pay_apply(state: State, frame: dict, option: str, events: list[Event]) -> None:
    seat, chosen = frame["s"], frame["chosen"]
    plan = next(p for p in decree_plans(state, seat, chosen) if p["id"] == option)
    score_decrees(state, seat, chosen, events, plan)


# --- D23 (TEK-R220): a sealed question for every player -----------------------------------
def d23_public_elsewhere(state: State) -> bool:
    """D23 lies face up in the market: everyone knows nobody holds it."""
    return any("D23" in section for section in state["market"])


def start_d23(state: State) -> bool:
    """Before the final Scoring every player (not only the holder: who is asked must not tell
    who holds D23) answers one sealed question at the same moment."""
    waiting = humans(state)
    if not waiting or d23_public_elsewhere(state):
        return False
    state["stack"].append({"k": "d23", "waiting": waiting})
    return True


def d23_decisions(state: State, frame: dict) -> list[Decision]:
    out = []
    for seat in frame["waiting"]:
        if "D23" in state["players"][seat]["decrees"]:
            out.append(
                Decision(
                    seat,
                    "d23",
                    msg(
                        "Decree D23: perform one free action of any "
                        "value now, before the final Scoring? (Using "
                        "it reveals D23; keeping it reveals nothing.)"
                    ),
                    (Option("d23", msg("Use D23")), Option("skip", msg("Keep it secret"))),
                    secret=True,
                    reveal=D23_REVEAL,
                )
            )
        else:
            out.append(
                Decision(
                    seat,
                    "d23",
                    msg(
                        "Before the final Scoring the holder of Decree "
                        "D23, if anyone, may use it. Every player "
                        "answers, so nobody learns who holds it: you "
                        "do not hold D23."
                    ),
                    (Option("skip", msg("Continue")),),
                    secret=True,
                    reveal=D23_REVEAL,
                )
            )
    return out


def d23_apply(state: State, frame: dict, option: str, events: list[Event]) -> None:
    seat = frame["answering"]
    state["sealed"][str(seat)] = option
    frame["waiting"].remove(seat)
    events.append(
        Event(
            "sealed",
            msg("{seat} has answered.", seat=seat_name(state, seat)),
            {"seat": seat},
            seat=seat,
        )
    )
    if frame["waiting"]:
        state["stack"].append(frame)
        return
    answers = state["sealed"]
    state["sealed"] = {}
    for who in sorted(answers, key=int, reverse=True):  # the stack runs them in seat order
        if answers[who] != "d23":
            continue
        user = int(who)
        state["players"][user]["d23_used"] = True
        events.append(
            Event(
                "d23",
                msg("{seat} reveals Decree D23.", seat=seat_name(state, user)),
                {"seat": user},
                seat=user,
            )
        )
        state["stack"].append({"k": "extra_pick", "s": user, "src": "d23"})


def end_bonuses(state: State, events: list[Event]) -> None:
    """TEK-R173/R174/R178, bot TEK-R341."""
    order = state["order"]
    add_vp(state, order[0], 3, term("first in turn order"), events)
    if state["n"] >= 3:
        add_vp(state, order[1], 2, term("second in turn order"), events)
    bot = state["bot"]
    if bot is not None:
        player = state["players"][bot]
        per = (
            BOT_DECREE_VP_CHALLENGE
            if state["options"].get("solo_decree_8") == "yes"
            else BOT_DECREE_VP
        )
        decrees = sum(1 for c in player["bot_cards"] if c.startswith("D"))
        add_vp(state, bot, per * decrees, BOT_DECREES, events)
        add_vp(state, bot, player["scribe"] // BOT_SCRIBES_PER_VP, term("bot Scribes"), events)


def decrees_scored(state: State) -> list[dict[str, int | None]]:
    """seat -> {Decree: VP it scored, or None when not chosen} for every revealed Decree
    (the bot: its face-down Decrees, as "bot" -> VP). Read from the scoring log."""
    out: list[dict[str, int | None]] = []
    for seat, player in enumerate(state["players"]):
        log = {decode(reason): vp for who, vp, reason in state["log"] if who == seat}
        if seat == state["bot"]:
            count = sum(1 for c in player["bot_cards"] if c.startswith("D"))
            name = (
                msg("{count} face-down Decree", count=count)
                if count == 1
                else msg("{count} face-down Decrees", count=count)
            )
            out.append({name: log.get("bot Decrees", 0)} if count else {})
            continue
        chosen = set(player.get("chosen_decrees") or ())
        out.append(
            {
                card: (log.get(f"Decree {card}", 0) if card in chosen else None)
                for card in (player["revealed"] or sorted(player["decrees"]))
            }
        )
    return out


def decree_summary(state: State, seat: int, scored: dict[str, int | None]) -> str:
    """``Seat 1: “Up to 20 VP…” +11 VP, “2 VP per…” not scored``: each Decree said by its
    effect, not its code (0 VP is shown as such)."""
    if not scored:
        return msg("{seat}: no Decree", seat=seat_name(state, seat))
    used_d23 = state["players"][seat].get("d23_used")
    parts = []
    for card, vp in scored.items():
        effect = CARD_TEXT.get(card, card)  # the bot's face-down Decrees: a text already
        if card not in CARD_TEXT:
            parts.append(msg("{card} +{vp} VP", card=card, vp=vp))
        elif card == "D23" and used_d23:
            parts.append(msg("“{effect}” used for its free action", effect=effect))
        elif vp is None:
            parts.append(msg("“{effect}” not scored", effect=effect))
        else:
            parts.append(msg("“{effect}” +{vp} VP", effect=effect, vp=vp))
    return msg("{seat}: {parts}", seat=seat_name(state, seat), parts=parts)


def final_result(state: State) -> Result:
    """TEK-R175: VP, then Scribes, then turn order (competition ranking)."""
    players = state["players"]
    order = state["order"]
    scores = tuple(p["vp"] for p in players)
    key = {
        seat: (-players[seat]["vp"], -players[seat]["scribe"], order.index(seat))
        for seat in range(len(players))
    }
    places = tuple(
        1 + sum(1 for other in key if key[other] < key[seat]) for seat in range(len(players))
    )
    tiebreaks = []
    for seat in range(len(players)):
        same = [o for o in range(len(players)) if o != seat and scores[o] == scores[seat]]
        if same and seat < min(same):
            group = sorted([seat] + same, key=lambda s: key[s])
            names = [
                msg(
                    "{seat} ({scribes} {scribes:plural:Scribe|Scribes}, turn order {place})",
                    seat=seat_name(state, s),
                    scribes=players[s]["scribe"],
                    place=order.index(s) + 1,
                )
                for s in group
            ]
            tiebreaks.append(
                msg(
                    "Tied on {vp} VP: most Scribes, then earlier in turn order: {names}.",
                    vp=scores[seat],
                    names=names,
                )
            )
    scored = decrees_scored(state)
    details = tuple(
        msg("Decrees — {summary}", summary=decree_summary(state, seat, scored[seat]))
        for seat in range(len(scored))
    )
    return Result(scores, places, tuple(tiebreaks), details)
