"""What one seat (or the public) may see: docs/views/plagues.md (docs/rules/plagues.md, part C)."""

from __future__ import annotations

from typing import Any, TypedDict

from rules.core import CommonView
from rules.plagues.data import (
    BONUS_EDGES,
    CITY_CELLS,
    FIELD_CELLS,
    LOSS_CARDS,
    PAPYRUS,
    PHARAOH_CARDS,
    PLAGUES,
    TERRITORIES,
)
from rules.plagues.plague import alt_text
from rules.plagues.rounds import last_round, moses_rounds
from rules.plagues.scoring import breakdown, hebrew_points
from rules.plagues.state import (
    State,
    ankh_needed,
    ankh_symbols,
    ankh_tokens,
    edge_active,
    income,
    is_ai,
    line_complete,
    seat_name,
    tile_name,
)
from rules.plagues.tasks import open_tasks
from rules.text import Msg, msg, term

AI_NAME = term("AI (solo)")  # the solo mode's opponent, "IA" in the rulebook (PLG-R272)
PHASE_STEP = {"start": "turns", "end": "moses"}  # transient flow steps, as documented
PHASE_NAMES = {
    "dice": msg("Phase 1: Dice"),
    "territories": msg("Phase 2: Territories"),
    "plague": msg("Phase 3: Plague"),
    "over": msg("Game over"),
}
# The final scores' categories (scoring.breakdown keys), as the result post names them.
CATEGORIES = (
    ("development", msg("Development")),
    ("nile", msg("Nile")),
    ("tiles", msg("Tiles")),
    ("pharaoh_tiles", msg("Pharaoh tiles")),
    ("territory", msg("Territories")),
    ("province", msg("Province card")),
    ("hebrews", msg("Hebrews")),
    ("penalties", msg("Plague penalties")),
    ("discard", msg("Discarded tiles")),
)

# --- The view's shape (docs/views/plagues.md): every key build_view writes, render/plagues reads.
# tests/rules/test_view_shapes.py checks built views against it. total=False: no key is promised
# to every reader; nested rows are JSON objects whose keys docs/views/plagues.md lists.


class PublicView(CommonView, total=False):
    solo: bool
    short: bool
    advanced: bool
    step: str
    round: int
    last_round: int
    current: int | None
    seat_names: list[Msg]
    ai_seat: int | None
    ai_row: list[dict[str, Any]] | None
    ankh_needed: int
    tribute: int
    dice_spaces: list[str | None]
    reserve: int
    removed: int
    hebrews: list[int]
    hebrew_reserve: int
    pharaoh_cards: list[dict[str, Any]]
    plague: dict[str, Any] | None
    plague_deck: int
    loss_card: dict[str, Any] | None
    loss_deck: int
    territories: list[dict[str, Any]]
    territory_deck: int
    moses_rounds: list[int]
    final: dict[str, Any] | None


class PrivateMe(TypedDict, total=False):
    seat: int
    drawn: list[str]
    buto_bottom: list[str]


class PrivateView(PublicView, total=False):
    me: PrivateMe
    summary: list[Msg]


def _taken_by(state: State, n: int) -> int | None:
    """Who holds pharaoh card n, or who took it this round and has spent it (it stays out of
    the row until the end of the round)."""
    holder = state["pharaoh"][n - 1]
    if holder is None:
        holder = (state.get("pharaoh_spent") or [None] * 6)[n - 1]
    return holder


def _card(cid: str) -> dict[str, Any]:
    card = TERRITORIES[cid]
    return {"id": cid, "category": card["cat"], "name": card["name"], "text": card["name"]}


def _player(state: State, seat: int, hebrews: list[int]) -> dict[str, Any]:
    player = state["players"][seat]
    active = edge_active(player)
    kept = player["kept"]
    tokens = ankh_tokens(state, seat)
    ai = is_ai(state, seat)
    return {
        "seat": seat,
        "is_ai": ai,
        "province": player["province"],
        "order": state["order"].index(seat) + 1,
        "city": {c: player["cells"][c] for c in CITY_CELLS},
        "field": {c: player["cells"][c] for c in FIELD_CELLS},
        "bonuses": [
            {"a": a, "b": b, "kind": k, "active": on}
            for (a, b, k), on in zip(BONUS_EDGES, active, strict=True)
        ],
        "lines": line_complete(player),
        "dev": {"city": player["dev"][0], "field": player["dev"][1]},
        "nile": player["nile"],
        "province_card": player["pcard"],
        "markers_left": list(player["markers"]),
        "occupation_left": list(player["occ"]),
        "hebrews": list(player["hebrews"]),
        "dice_used": list(player["dice_used"]),
        "kept": {
            "boat": kept.count("boat"),
            "coin": kept.count("coin"),
            "province": [int(t[-1]) for t in kept if t.startswith("province")],
            "pharaoh_unused": kept.count("pharaoh") - player["ph_used"],
            "pharaoh_used": player["ph_used"],
        },
        "discard": dict(player["discard"]),
        "pharaoh_cards": [n + 1 for n, holder in enumerate(state["pharaoh"]) if holder == seat],
        "territory": [
            {"id": c["id"], "category": TERRITORIES[c["id"]]["cat"], "used": c["used"]}
            for c in player["terr"]
        ],
        "penalties": len(player["penalties"]),
        "ankh_tokens": {"board": tokens, "supply": 0 if ai else 2 - tokens},
        "ankh_active": ankh_symbols(state, seat),
        "income": income(state, seat),
        "soldiers": player["soldiers"],
        "special_actions_used": player["sa_used"],
        "power_used": player["power_used"],
        "plague_cancelled": player["cancelled"],
        "paid": player["paid"],
        "score": sum(breakdown(state, seat, hebrews).values()),
    }


def build_view(state: State, seat: int | None, acting: list[int]) -> PrivateView:
    tasks = open_tasks(state) if state["phase"] != "over" else []
    current = tasks[0][0] if tasks and not state["simul"] else None
    plague = state["plague"]
    loss = state["loss"]
    hebrews = hebrew_points(state)
    mode = "advanced" if state["advanced"] else "normal"
    step: str = state["step"]
    view: PrivateView = {
        "game": "plagues",
        "seats": len(state["players"]),
        "solo": state["solo"],
        "ai_seat": state["ai"],
        "advanced": state["advanced"],
        "short": state["short"],
        "round": state["round"],
        "last_round": last_round(state),
        "phase": state["phase"],
        "step": PHASE_STEP.get(step, step),
        "turn_order": list(state["order"]),
        "acting": acting,
        "current": current,
        "tribute": PAPYRUS[mode]["tribute"][state["round"] - 1],
        "ankh_needed": ankh_needed(state),
        "dice_spaces": list(state["dice_spaces"]),
        "reserve": len(state["reserve"]),
        "removed": len(state["removed"]),
        "hebrews": list(state["hebrews"]),
        "hebrew_reserve": len(state["hebrew_reserve"]),
        "pharaoh_cards": [
            {
                "n": n,
                "id": PHARAOH_CARDS[n][0],
                "name": PHARAOH_CARDS[n][1],
                "holder": _taken_by(state, n),
            }
            for n in range(1, 7)
        ],
        "plague": None
        if plague is None
        else {
            "id": plague,
            "name": PLAGUES[plague][0],
            "text": PLAGUES[plague][2],
            "timing": PLAGUES[plague][1],
            "immediate": PLAGUES[plague][1] == "immediate",
        },
        "plague_deck": len(state["plague_deck"]),
        "loss_card": None
        if loss is None
        else {
            "id": loss,
            "losses": len(LOSS_CARDS[loss]),
            "parts": [[alt_text(a) for a in part] for part in LOSS_CARDS[loss]],
        },
        "loss_deck": len(state["loss_deck"]),
        "territories": [_card(c) for c in state["territories"]],
        "territory_deck": len(state["territory_deck"]),
        "moses_rounds": list(moses_rounds(state)),
        "players": [_player(state, s, hebrews) for s in range(len(state["players"]))],
        "ai_row": None,
        "final": state["final"],
        "seat_names": [
            AI_NAME if is_ai(state, s) else seat_name(s) for s in range(len(state["players"]))
        ],
    }
    view["round_label"] = msg(
        "Round {round}/{last} · {phase}",
        round=state["round"],
        last=view["last_round"],
        phase=PHASE_NAMES.get(state["phase"], state["phase"]),
    )
    view["scores"] = [p["score"] for p in view["players"]]
    if state["final"] and state["final"].get("breakdown"):
        view["score_breakdown"] = [
            [[label, part[key]] for key, label in CATEGORIES if part.get(key)]
            for part in state["final"]["breakdown"]
        ]
    if state["solo"]:
        pos = state["ai_pos"]
        view["ai_row"] = [
            {"value": v if i < pos else None, "revealed": i < pos}
            for i, v in enumerate(state["ai_row"])
        ]
    if seat is not None:
        player = state["players"][seat]
        drawn = list(player["drawn_tiles"]) or list(player["drawn_cards"])
        view["me"] = {"seat": seat, "drawn": drawn, "buto_bottom": list(player["buto_bottom"])}
        view["summary"] = private_summary(view)
    return view


def private_summary(view: PrivateView) -> list[Msg]:
    """What only this seat knows, in plain words, built from its own view's ``me`` alone: the
    tiles it drew with Edfu or the territory cards it drew with Buto, and the cards it put
    under the territory deck."""
    me = view["me"]
    lines = []
    drawn = me["drawn"]
    if drawn and all(item in TERRITORIES for item in drawn):
        lines.append(msg("Territory cards you drew with Buto: {cards}.", cards=_quoted(drawn)))
    elif drawn:
        lines.append(
            msg("Tiles you drew with Edfu: {tiles}.", tiles=[tile_name(tile) for tile in drawn])
        )
    if me["buto_bottom"]:
        lines.append(
            msg(
                "Cards you put under the territory deck (Buto): {cards}.",
                cards=_quoted(me["buto_bottom"]),
            )
        )
    return lines


def _quoted(cards: list[str]) -> list[Msg]:
    """Card names in quotes (their names have commas and colons)."""
    return [msg("“{card}”", card=TERRITORIES[card]["name"]) for card in cards]
