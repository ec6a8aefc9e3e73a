"""What one seat (or the public) may see: docs/views/tekhenu.md. Hidden: Decrees (TEK-R030),
deck orders, the S05/S06 draws and pending sealed answers (C.1)."""

from __future__ import annotations

from typing import Any, TypedDict

from rules.core import CommonView
from rules.tekhenu.actions import tile_edge
from rules.tekhenu.data import (
    CARD_TEXT,
    DECREE_SYMBOL,
    GOD_STATUE_SPACES,
    GODS,
    HORUS_SLOTS,
    MARKET_HAPPINESS,
    MARKET_SLOTS,
    OSIRIS_SPACES,
    PEOPLE_SPACES,
    ROUNDS,
    SIDES,
    TEMPLE_BUILDINGS,
    TEMPLE_SPACES,
)
from rules.tekhenu.flow import ankh
from rules.tekhenu.state import State, balance, die_purity, light_of, seat_name
from rules.text import Msg, decode, msg, term

PHASE_NAMES = {
    "setup": term("Setup"),
    "turns": term("Turns"),
    "maat": term("Maat phase"),
    "scoring": term("Scoring"),
    "final": term("Final scoring"),
    "over": term("Game over"),
}
# The final scores' categories: each ``add_vp`` reason (its English template) counts in one.
CATEGORIES = (
    ("start", msg("Starting VP")),
    ("districts", msg("Districts")),
    ("temple", msg("Temple")),
    ("statues", msg("Statues")),
    ("happiness", msg("Happiness")),
    ("production", msg("Production tracks")),
    ("row", msg("Building row")),
    ("pillars", msg("Pillars")),
    ("decrees", msg("Decrees")),
    ("order", msg("Turn order")),
    ("cards", msg("Technologies and Blessings")),
    ("other", msg("Other actions")),
    ("maat", msg("Maat imbalance")),
    ("bread", msg("Unpaid Bread")),
)

# --- The view's shape (docs/views/tekhenu.md): every key build_view writes, render/tekhenu reads.
# tests/rules/test_view_shapes.py checks built views against it. total=False: no key is promised
# to every reader; nested rows are JSON objects whose keys docs/views/tekhenu.md lists.


class PublicView(CommonView, total=False):
    solo: bool
    step: str
    round: int
    options: dict[str, Any]
    current: int | None
    seat_names: list[str]
    turn: dict[str, Any] | None
    bot: dict[str, Any] | None
    bot_seat: int | None
    rotations: int
    maat_phases: int
    disc: dict[str, Any]
    sections: list[dict[str, Any]]
    bag: dict[str, int]
    horus_track: list[dict[str, Any]]
    ra_display: list[str]
    pillar_pile: int
    temple: dict[str, Any]
    temple_buildings: dict[str, Any]
    people_statues: dict[str, Any]
    god_statues: dict[str, Any]
    god_statue_spaces: int
    osiris: dict[str, Any]
    row2_gold: int
    market: list[dict[str, Any]]
    decks: dict[str, int]
    discards: dict[str, Any]
    destiny_available: list[str]
    starting_cards: list[str]
    scoring_markers: list[dict[str, Any]]
    scoring_log: list[list[str | int]]
    final: dict[str, Any] | None


class PrivateMe(TypedDict, total=False):
    seat: int
    dealt: list[str]
    drawn: list[str]
    decrees: list[str]
    decree_texts: dict[str, Msg]
    sealed: str | None


class PrivateView(PublicView, total=False):
    me: PrivateMe
    summary: list[Msg]


REASON_CATEGORY = {
    "{district} district": "districts",
    "Temple: Buildings and Statues": "temple",
    "Temple: Pillars": "temple",
    "Statues": "statues",
    "Happiness": "happiness",
    "Production tracks": "production",
    "building row": "row",
    "Decree {card}": "decrees",
    "bot Decrees": "decrees",
    "first in turn order": "order",
    "second in turn order": "order",
    "Maat imbalance": "maat",
    "unpaid Bread": "bread",
    "bot Pillar": "pillars",
    "bot Blessings": "cards",
    "bot Technologies": "cards",
}


def score_category(reason: Any) -> str:
    """Which category of ``CATEGORIES`` a VP reason of ``state["log"]`` counts in."""
    template = getattr(reason, "template", str(reason))
    if template in REASON_CATEGORY:
        return REASON_CATEGORY[template]
    if template.startswith("Pillar"):
        return "pillars"
    if len(template) == 3 and template[0] == "T" and template[1:].isdigit():
        return "cards"  # a Technology card's id (T06, T23...)
    return "other"


def score_breakdown(state: State) -> list[list[list[Any]]]:
    """Per seat: [category, VP] pairs of every VP change of the game (``state["log"]``),
    after the VP each seat started with."""
    totals = [dict.fromkeys((key for key, _ in CATEGORIES), 0) for _ in state["players"]]
    for who, vp, reason in state["log"]:
        totals[who][score_category(decode(reason))] += vp
    for player, parts in zip(state["players"], totals, strict=True):
        parts["start"] = player["vp"] - sum(parts.values())
    return [[[label, parts[key]] for key, label in CATEGORIES if parts[key]] for parts in totals]


def build_view(state: State, seat: int | None, acting: list[int], step: str) -> PrivateView:
    marker_at = {
        ring: marker for marker, ring in state["markers"].items() if marker not in state["scored"]
    }
    sections = []
    for ring, god in enumerate(GODS):
        sections.append(
            {
                "god": god,
                "ring": ring,
                "light": light_of(state, god),
                "dice": [
                    {"colour": c, "value": v, "purity": die_purity(state, god, c)}
                    for c, v in state["sections"][god]
                ],
                "scoring_marker": marker_at.get(ring),
            }
        )
    temple = {}
    for space in TEMPLE_SPACES:
        here = state["temple"].get(space)
        temple[space] = (
            None
            if here is None
            else {
                "tile": here[0],
                "rotation": here[1],
                "owner": here[2],
                "edges": {side: tile_edge(here[0], here[1], side) for side in SIDES},
            }
        )
    sealed = state["sealed"]
    turn = state["turn"]
    turn_view = None
    if turn is not None and turn.get("colour"):
        turn_view = {
            "seat": turn["seat"],
            "die": {
                "colour": turn["colour"],
                "value": turn["value"],
                "purity": turn["purity"],
                "section": turn["src"],
            },
            "anubis": turn["anubis"],
            "action": turn.get("action"),
        }
    players = []
    for index, player in enumerate(state["players"]):
        players.append(
            {
                "seat": index,
                "is_bot": player["is_bot"],
                "vp": player["vp"],
                "gold": player["gold"],
                "scribes": player["scribe"],
                "faith": player["faith"],
                "resources": dict(player["res"]),
                "production": dict(player["prod"]),
                "happiness": player["happiness"],
                "population": player["population"],
                "buildings_left": player["buildings"],
                "pillars_left": player["pillars"],
                "statues_left": player["statues"],
                "statues": [{"for": kind, "space": space} for kind, space in player["statue_list"]],
                "scales": {
                    "left": [{"colour": c, "value": v} for c, v in player["left"]],
                    "right": [{"colour": c, "value": v} for c, v in player["right"]],
                    "excess": player["excess"],
                    "faith_left": player["faith_l"],
                    "faith_right": player["faith_r"],
                    "below": [{"colour": c, "value": v} for c, v in player["below"]],
                },
                "balance": balance(player),
                "maat": player["maat"],
                "blessings": list(player["blessings"]),
                "technologies": list(player["technologies"]),
                "decrees": len(player["decrees"]) + len(player.get("dealt", [])) // 2,
                "decrees_known": list(player["known"]),
                "decrees_revealed": (
                    list(player["revealed"])
                    if player["revealed"] is not None
                    else (["D23"] if player.get("d23_used") else None)
                ),
                "starting": list(player["starting"]),
                "destiny": player["destiny"],
                "ankh": ankh(state, index)
                if (player["destiny"] or player["is_bot"] or "T15" in player["technologies"])
                else None,
                "flags": dict(player["flags"]),
                "answered": str(index) in sealed,
                "bot_cards": len(player["bot_cards"]),
            }
        )
    solo = state["solo"]
    view: PrivateView = {
        "game": "tekhenu",
        "seats": state["seats"],
        "solo": state["bot"] is not None,
        "seat_names": [seat_name(state, s) for s in range(len(state["players"]))],
        "bot_seat": state["bot"],
        "options": dict(state["options"]),
        "phase": view_phase(state, step),
        "step": step,
        "acting": acting,
        "round": state["round"],
        "rotations": state["rotations"],
        "maat_phases": state["maat_phases"],
        "disc": {"pos": state["disc_pos"], "arrow": GODS[state["disc_pos"]]},
        "sections": sections,
        "bag": dict(state["bag"]),
        "scoring_markers": [
            {"id": m, "god": GODS[ring], "scored": m in state["scored"]}
            for m, ring in sorted(state["markers"].items())
        ],
        "horus_track": [
            {"value": value, "god": god, "bonus": dict(state["horus_bonus"][value - 1])}
            for value, god, _p, _b in HORUS_SLOTS
        ],
        "god_statue_spaces": GOD_STATUE_SPACES[min(state["n"], 4)],
        "god_statues": {god: list(state["god_statues"][god]) for god in GODS},
        "people_statues": {
            space: {"owner": state["people"][space], "gold": state["people_gold"][space]}
            for space in PEOPLE_SPACES
        },
        "temple": temple,
        "temple_buildings": {
            wid: {"owner": state["tbuild"].get(wid), "bread": bread, "closed": state["n"] in closed}
            for wid, (_k, _i, bread, closed) in TEMPLE_BUILDINGS.items()
        },
        "osiris": {sid: state["osiris"].get(sid) for sid in OSIRIS_SPACES},
        "row2_gold": state["row2_gold"],
        "ra_display": list(state["ra"]),
        "pillar_pile": len(state["pile"]),
        "market": [
            {
                "n": sec + 1,
                "open": state["market_open"][sec],
                "happiness_min": MARKET_HAPPINESS[sec],
                "slots": [
                    {"type": kind, "card": state["market"][sec][i]}
                    for i, kind in enumerate(MARKET_SLOTS[sec])
                ],
            }
            for sec in range(4)
        ],
        "decks": {kind: len(deck) for kind, deck in sorted(state["decks"].items())},
        "discards": {kind: len(pile) for kind, pile in sorted(state["discards"].items())},
        "turn_order": list(state["order"]),
        "current": turn["seat"] if turn is not None else None,
        "turn": turn_view,
        "destiny_available": list(state["destiny_pool"]),
        "starting_cards": list(state["starting_pool"]),
        "players": players,
        "bot": None
        if solo is None
        else {
            "seat": state["bot"],
            "difficulty": solo["difficulty"],
            "pyramid": list(solo["pyramid"]),
            "progress": solo["progress"],
            "deben": solo["deben"],
            "dice": [{"colour": c, "value": v} for c, v in state["players"][state["bot"]]["below"]],
        },
        "scoring_log": [[who, vp, decode(reason)] for who, vp, reason in state["log"]],
        "final": state["final"],
        "round_label": msg(
            "Round {round}/{last} · {phase}",
            round=state["round"],
            last=ROUNDS,
            phase=PHASE_NAMES.get(view_phase(state, step), state["phase"]),
        ),
        "scores": [p["vp"] for p in players],
    }
    if state["phase"] == "over":
        view["score_breakdown"] = score_breakdown(state)
    if seat is not None and 0 <= seat < len(state["players"]):
        me = state["players"][seat]
        view["me"] = {
            "seat": seat,
            "decrees": sorted(me["decrees"]),
            "decree_texts": {
                card: msg("({symbol}) {text}", symbol=DECREE_SYMBOL[card], text=CARD_TEXT[card])
                for card in sorted(me["decrees"])
            },
            "dealt": list(me.get("dealt", [])),
            "sealed": sealed.get(str(seat)),
            "drawn": list(me["drawn"]),
        }
        view["summary"] = private_summary(view)
    return view


def private_summary(view: PrivateView) -> list[Msg]:
    """What only this seat knows, in plain words, built from its own view's ``me`` alone: its
    Decrees with their texts (TEK-R030), the two it was dealt, its sealed answer and the cards
    it drew with S05/S06."""
    me = view["me"]
    lines = [
        msg(
            "Your Decree {card} ({symbol}): {text}",
            card=card,
            symbol=DECREE_SYMBOL[card],
            text=CARD_TEXT[card],
        )
        for card in me["decrees"]
    ]
    lines += [
        msg(
            "Decree {card} ({symbol}), dealt to you: {text}",
            card=card,
            symbol=DECREE_SYMBOL[card],
            text=CARD_TEXT[card],
        )
        for card in me["dealt"]
    ]
    sealed = me["sealed"]
    if sealed is not None:
        kind, _, value = sealed.partition(":")
        if kind == "keep":
            lines.append(msg("Your secret choice: keep Decree {card}.", card=value))
        elif sealed == "d23":
            lines.append(msg("Your secret choice: use Decree D23 before the final Scoring."))
        elif sealed == "skip":
            lines.append(msg("Your secret answer before the final Scoring is given."))
        elif value.startswith("+"):
            lines.append(msg("Your secret choice: {k} Faith on the left pan.", k=int(value)))
        elif value.startswith("-"):
            lines.append(msg("Your secret choice: {k} Faith on the right pan.", k=-int(value)))
        else:
            lines.append(msg("Your secret choice: place no Faith."))
    lines += [
        msg("You drew {card}: {text}", card=card, text=CARD_TEXT[card]) for card in me["drawn"]
    ]
    return lines


def view_phase(state: State, step: str) -> str:
    if state["phase"] == "maat":
        if step in ("decree_pick", "decree_pay", "d23") or state["flow"] == "final_end":
            return "final"
        if step == "bread":
            return "scoring"
    return state["phase"]
