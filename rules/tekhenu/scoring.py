"""Scoring (TEK-R159..R169), the end of the game (TEK-R170..R175) and the Decrees
(TEK-R198..R221), plus the bot's scoring (TEK-R338..R342)."""

from __future__ import annotations

import math
from typing import Any

from rules.core import Decision, Event, Option, Result
from rules.tekhenu import steps
from rules.tekhenu.data import (
    BOT_BLESSING_VP,
    BOT_DECREE_VP,
    BOT_DECREE_VP_CHALLENGE,
    BOT_SCRIBES_PER_VP,
    BOT_TECHNOLOGY_VP,
    BUILDING_ROW_BREAD,
    BUILDING_ROW_VP,
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
from rules.tekhenu.state import State, add_vp, can_pay, pay, seat_name
from rules.text import decode, msg, term

BOT_DECREES = term("bot Decrees")


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
    return (sum(1 for owner in state["tbuild"].values() if owner == seat)
            + sum(1 for space in PEOPLE_TEMPLE_LINE if state["people"][space] == seat))


def pillar_line_score(state: State, seat: int, statues: bool = True) -> int:
    """TEK-R163: each own Pillar scores 1 per own Building (and Statue) in its row/column."""
    total = 0
    for space, (_tile, _rot, owner) in state["temple"].items():
        if owner != seat:
            continue
        r, c = int(space[1]), int(space[2])
        for wid, (kind, index, _b, _cl) in TEMPLE_BUILDINGS.items():
            if state["tbuild"].get(wid) == seat and (
                    (kind == "row" and index == r) or (kind == "col" and index == c)):
                total += 1
        if statues:
            for sp, (kind, index) in PEOPLE_TEMPLE_LINE.items():
                if state["people"][sp] == seat and (
                        (kind == "row" and index == r) or (kind == "col" and index == c)):
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
        add_vp(state, seat, temple_pieces(state, seat), term("Temple: Buildings and Statues"),
               events)
        add_vp(state, seat, pillar_line_score(state, seat), term("Temple: Pillars"), events)
        add_vp(state, seat, STATUE_VP[statues_built(player)], term("Statues"), events)
        add_vp(state, seat, 3 * triangle_index(player["happiness"]), term("Happiness"), events)
        if bot:  # TEK-R339 / TEK-R340
            blessings = [c for c in player["bot_cards"] if c.startswith("B")]
            techs = [c for c in player["bot_cards"] if c.startswith("T")]
            add_vp(state, seat, BOT_BLESSING_VP * len(blessings), term("bot Blessings"), events)
            add_vp(state, seat, BOT_TECHNOLOGY_VP * len(techs), term("bot Technologies"),
                   events)
            player["bot_cards"] = [c for c in player["bot_cards"] if not c.startswith("B")]
            state["discards"]["blessing"].extend(blessings)
            continue
        maxed = sum(1 for res in RESOURCES if player["prod"][res] >= PRODUCTION_MAX)
        add_vp(state, seat, PRODUCTION_MAX_VP * maxed, term("Production tracks"),
               events)
        add_vp(state, seat, sum(BUILDING_ROW_VP[: built(player)]), term("building row"),
               events)


@steps.decide("bread")
def bread_decision(state: State, frame: dict) -> Decision:
    seat = frame["s"]
    owed = bread_owed(state["players"][seat])
    options = []
    for k in range(owed, -1, -1):
        if k == 0 or can_pay(state, seat, {"bread": k}):
            unpaid = owed - k
            label = (msg("Pay {k} Bread (lose {vp} VP)", k=k, vp=3 * unpaid) if unpaid
                     else msg("Pay {k} Bread", k=k))
            options.append(Option(f"bread:{k}", label))
    return Decision(seat, "bread", msg("Scoring: feed your people — {owed} Bread owed, 3 VP "
                                       "for each one not paid.", owed=owed), tuple(options))


@steps.apply("bread")
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
        count = sum(1 for sid, owner in state["osiris"].items()
                    if owner == seat and DISTRICT_KIND[OSIRIS_SPACES[sid].district] in kinds)
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


def score_decrees(state: State, seat: int, chosen: list[str], events: list[Event]) -> None:
    """TEK-R171/R172, D04 before D08 (ENG: D04 pays as many triangles as it can, taking the
    most plentiful resource first and Gold last; D03 doubles the best other scored Decree
    if 2 Gold)."""
    player = state["players"][seat]
    owned = player["decrees"]
    player["chosen_decrees"] = list(chosen)
    values: dict[str, int] = {}
    if "D04" in chosen:
        tri = d04_triangles(player)
        paid = 0
        for _ in range(tri):
            best = max(RESOURCES, key=lambda k: player["res"][k])
            if player["res"][best] > 0:
                player["res"][best] -= 1
            elif player["gold"] > 0:
                player["gold"] -= 1
            else:
                break
            paid += 1
        values["D04"] = D04_VP_PER_TRIANGLE * paid
    if "D03" in chosen and player["gold"] >= 2:
        others = [c for c in chosen if c not in ("D03", "D23")]
        if others:
            player["gold"] -= 2
            target = max(others, key=lambda c: (decree_vp(state, seat, c, owned)
                                                if c != "D04" else values.get("D04", 0), c))
            values["D03"] = (values["D04"] if target == "D04"
                             else decree_vp(state, seat, target, owned))
    for card in chosen:
        if card not in values:
            values[card] = decree_vp(state, seat, card, owned)
    for card in chosen:
        add_vp(state, seat, values[card], msg("Decree {card}", card=card), events)


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


@steps.decide("decree_pick")
def decree_pick_decision(state: State, frame: dict) -> Decision:
    seat = frame["s"]
    chosen = frame["chosen"]
    options = [Option(f"score:{card}", msg("Score {card} ({symbol})", card=card,
                                           symbol=DECREE_SYMBOL[card]))
               for card in eligible_decrees(state, seat, chosen)]
    options.append(Option("done", msg("Score the chosen Decrees") if chosen
                          else msg("Score no Decree")))
    return Decision(seat, "decree_pick", msg("Choose up to 3 Decrees to score, one per symbol "
                                             "(chosen: {chosen}).",
                                             chosen=", ".join(chosen) or term("none")),
                    tuple(options))


@steps.apply("decree_pick")
def decree_pick_apply(state: State, frame: dict, option: str, events: list[Event]) -> None:
    seat = frame["s"]
    if option == "done":
        score_decrees(state, seat, frame["chosen"], events)
        return
    frame["chosen"].append(option.split(":")[1])
    if eligible_decrees(state, seat, frame["chosen"]):
        state["stack"].append(frame)
        return
    score_decrees(state, seat, frame["chosen"], events)


@steps.decide("d23")
def d23_decision(state: State, frame: dict) -> Decision:
    return Decision(frame["s"], "d23", msg("Decree D23: perform one free action of any value "
                                           "now, before the final Scoring? (This reveals D23.)"),
                    (Option("d23", msg("Use D23")), Option("skip", msg("Keep it secret"))))


@steps.apply("d23")
def d23_apply(state: State, frame: dict, option: str, events: list[Event]) -> None:
    if option == "skip":
        return
    seat = frame["s"]
    state["players"][seat]["d23_used"] = True
    events.append(Event("d23", msg("{seat} reveals Decree D23.", seat=seat_name(state, seat)),
                        {"seat": seat},
                        seat=seat))
    state["stack"].append({"k": "extra_pick", "s": seat, "src": "d23"})


def end_bonuses(state: State, events: list[Event]) -> None:
    """TEK-R173/R174/R178, bot TEK-R341."""
    order = state["order"]
    add_vp(state, order[0], 3, term("first in turn order"), events)
    if state["n"] >= 3:
        add_vp(state, order[1], 2, term("second in turn order"), events)
    bot = state["bot"]
    if bot is not None:
        player = state["players"][bot]
        per = (BOT_DECREE_VP_CHALLENGE if state["options"].get("solo_decree_8") == "yes"
               else BOT_DECREE_VP)
        decrees = sum(1 for c in player["bot_cards"] if c.startswith("D"))
        add_vp(state, bot, per * decrees, BOT_DECREES, events)
        add_vp(state, bot, player["scribe"] // BOT_SCRIBES_PER_VP, term("bot Scribes"),
               events)


def decrees_scored(state: State) -> list[dict[str, int | None]]:
    """seat -> {Decree: VP it scored, or None when not chosen} for every revealed Decree
    (the bot: its face-down Decrees, as "bot" -> VP). Read from the scoring log."""
    out: list[dict[str, int | None]] = []
    for seat, player in enumerate(state["players"]):
        log = {decode(reason): vp for who, vp, reason in state["log"] if who == seat}
        if seat == state["bot"]:
            count = sum(1 for c in player["bot_cards"] if c.startswith("D"))
            name = (msg("{count} face-down Decree", count=count) if count == 1
                    else msg("{count} face-down Decrees", count=count))
            out.append({name: log.get("bot Decrees", 0)} if count else {})
            continue
        chosen = set(player.get("chosen_decrees") or ())
        out.append({card: (log.get(f"Decree {card}", 0) if card in chosen else None)
                    for card in (player["revealed"] or sorted(player["decrees"]))})
    return out


def decree_summary(state: State, seat: int, scored: dict[str, int | None]) -> str:
    """``Seat 1: D08 +11 VP, D05 not scored`` (0 VP is shown as such)."""
    if not scored:
        return msg("{seat}: no Decree", seat=seat_name(state, seat))
    used_d23 = state["players"][seat].get("d23_used")
    parts = []
    for card, vp in scored.items():
        if card == "D23" and used_d23:
            parts.append(msg("D23 used for its free action"))
        elif vp is None:
            parts.append(msg("{card} not scored", card=card))
        else:
            parts.append(msg("{card} +{vp} VP", card=card, vp=vp))
    return msg("{seat}: {parts}", seat=seat_name(state, seat), parts=parts)


def final_result(state: State) -> Result:
    """TEK-R175: VP, then Scribes, then turn order (competition ranking)."""
    players = state["players"]
    order = state["order"]
    scores = tuple(p["vp"] for p in players)
    key = {seat: (-players[seat]["vp"], -players[seat]["scribe"], order.index(seat))
           for seat in range(len(players))}
    places = tuple(1 + sum(1 for other in key if key[other] < key[seat])
                   for seat in range(len(players)))
    tiebreaks = []
    for seat in range(len(players)):
        same = [o for o in range(len(players)) if o != seat and scores[o] == scores[seat]]
        if same and seat < min(same):
            group = sorted([seat] + same, key=lambda s: key[s])
            names = [msg("{seat} ({scribes} Scribes, turn order {place})",
                         seat=seat_name(state, s), scribes=players[s]["scribe"],
                         place=order.index(s) + 1) for s in group]
            tiebreaks.append(msg("Tied on {vp} VP: most Scribes, then earlier in turn order: "
                                 "{names}.", vp=scores[seat], names=names))
    scored = decrees_scored(state)
    details = tuple(msg("Decrees — {summary}", summary=decree_summary(state, seat, scored[seat]))
                    for seat in range(len(scored)))
    return Result(scores, places, tuple(tiebreaks), details)
