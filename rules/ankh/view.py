"""Public and private views (docs/views/ankh.md). Nothing sealed enters the public view."""

from __future__ import annotations

from typing import Any, TypedDict

from rules.ankh.board import HEXES, RIVER, TERRAIN, row_col
from rules.ankh.data import ACTIONS, CARD_NAMES, EVENT_TRACK, RED_TOP, UNLOCK_LEVELS
from rules.ankh.state import State, ankh_reserve, hex_regions, region_hexes, region_land
from rules.core import CommonView
from rules.text import Msg, msg, term

# The final scores' categories: each devotion change (``devotion_log``) by its reason.
CATEGORIES: tuple[tuple[str, Msg], ...] = (
    ("monuments", msg("Monument majorities")),
    ("dominance", msg("Dominating regions")),
    ("battles", msg("Battles won")),
    ("powers", msg("Powers and cards")),
    ("losses", msg("Devotion lost")),
    ("merge", msg("Merged gods")),
    ("other", msg("Other devotion")),
)

# --- The view's shape (docs/views/ankh.md): every key build_view writes, render/ankh reads.
# tests/rules/test_view_shapes.py checks built views against it. total=False: no key is promised
# to every reader; nested rows are JSON objects whose keys docs/views/ankh.md lists.


class PublicView(CommonView, total=False):
    scenario: str
    step: str | None
    score_unit: Msg
    turn_seat: int | None
    first_player: int
    actions_this_turn: list[str]
    action_tracks: list[dict[str, Any]]
    event_track: dict[str, Any]
    hexes: list[dict[str, Any]]
    river_edges: list[list[str]]
    camels: list[list[str]]
    regions: list[dict[str, Any]]
    figures: list[dict[str, Any]]
    monuments: list[dict[str, Any]]
    underworld: list[str]
    guardian_cards: list[dict[str, Any]]
    supply: dict[str, Any]
    conflict: dict[str, Any] | None
    tiebreaker: dict[str, Any]
    result: dict[str, Any] | None
    winner: int | None


class PrivateMe(TypedDict, total=False):
    seat: int
    player: int
    sealed: int | list[str] | None


class PrivateView(PublicView, total=False):
    me: PrivateMe
    summary: list[Msg]


REASON_CATEGORY = {
    "monument majorities in {region}": "monuments",
    "dominating {region}": "dominance",
    "winning in {region}": "battles",
    "a Cat Mummy was killed": "losses",
    "merge": "merge",
}


def score_breakdown(state: State) -> list[list[list[Any]]]:
    """Per seat: [category, devotion] pairs of its god's devotion (a merged god's seats share
    it), from ``devotion_log``; what the log does not explain counts as "Other devotion"."""
    totals = [dict.fromkeys((key for key, _ in CATEGORIES), 0) for _ in state["players"]]
    for player, change, why in state.get("devotion_log", []):
        totals[player][REASON_CATEGORY.get(why, "powers")] += change
    for player, parts in zip(state["players"], totals, strict=True):
        parts["other"] = player["devotion"] - sum(parts.values())
    return [
        [[label, totals[player][key]] for key, label in CATEGORIES if totals[player][key]]
        for player in state["seat_player"]
    ]


SEALED_TASKS = ("cards", "bids")


def _sealed_task(state: State) -> dict | None:
    for task in reversed(state["stack"]):
        if task["t"] in SEALED_TASKS:
            return task
        break
    return None


def answered(state: State) -> dict[int, bool]:
    task = _sealed_task(state)
    out: dict[int, bool] = {}
    if task is None:
        return out
    if task["t"] == "cards":
        battle = state["conflict"]["battle"]
        for p in battle["participants"]:
            picks = battle["picks"][str(p)]
            hand = [c for c in state["players"][p]["hand"] if c not in picks]
            out[p] = len(picks) >= battle["need"][str(p)] or not hand
    else:
        for p in task["bidders"]:
            out[p] = str(p) in task["bids"]
    return out


def build_view(
    state: State, seat: int | None, acting: list[int], step: str | None, result: dict | None
) -> PrivateView:
    done = answered(state)
    players = []
    for i, pl in enumerate(state["players"]):
        players.append(
            {
                "player": i,
                "seats": list(pl["seats"]),
                "god": pl["gods"][0] if pl["gods"] else None,
                "gods": list(pl["gods"]),
                "devotion": pl["devotion"],
                "stack": pl["stack"],
                "red": pl["devotion"] <= RED_TOP,
                "followers": pl["followers"],
                "hand": list(pl["hand"]),
                "used": list(pl["used"]),
                "powers": list(pl["powers"]),
                "dashboard_tokens": len(UNLOCK_LEVELS) - pl["unlocks"],
                "ankh_reserve": ankh_reserve(state, i) if pl["merged_into"] is None else 0,
                "warriors": pl["warriors"],
                "guardians": list(pl["guardians"]),
                "prisoners": list(pl["prisoners"]),
                "suns": pl["suns"],
                "underworld_tokens": pl["underworld_tokens"],
                "amun_token": pl["amun_up"],
                "merged_into": pl["merged_into"],
                "forgotten": pl["forgotten"],
                "answered": done.get(i, False),
            }
        )
    order = sorted(state["regions"], key=lambda r: (r["token"] is None, r["token"] or 0))
    land = region_land(state)
    regions = []
    for r in order:
        hexes = region_hexes(state, r["name"])
        regions.append(
            {
                "id": r["name"],
                "token": r["token"],
                "land": len(land[r["name"]]),
                "hexes": sorted(land[r["name"]]),
                "water": [h for h in hexes if h not in land[r["name"]]],
            }
        )
    conflict = None
    if state["conflict"] is not None:
        c = state["conflict"]
        battle = None
        if c["battle"] is not None:
            b = c["battle"]
            battle = {
                "participants": list(b["participants"]),
                "amun_two": b["amun_two"],
                "played": b["played"],
                "bids": b["bids"],
                "strength": b["strength"],
                "winner": b["winner"],
            }
        conflict = {"region": c["region"], "queue": list(c["queue"]), "battle": battle}
    view: PrivateView = {
        "game": "ankh",
        "seats": state["seats"],
        "scenario": state["scenario"],
        "phase": state["phase"],
        "turn_seat": state["turn"]["seat"] if state["phase"] == "play" else None,
        "first_player": state["first_player"],
        "acting": acting,
        "step": step,
        "actions_this_turn": list(state["turn"]["taken"]),
        "action_tracks": [
            {"action": a, "position": state["tracks"][a], "length": state["track_len"][a]}
            for a in ACTIONS
        ],
        "event_track": {
            "position": state["event_pos"],
            "spaces": list(EVENT_TRACK),
            "conflicts_done": state["conflicts"],
        },
        "hexes": [
            {
                "id": h,
                "row": row_col(h)[0],
                "col": row_col(h)[1],
                "terrain": TERRAIN[h],
                "regions": list(hex_regions(state, h)),
                "underworld": h in state["underworld"],
            }
            for h in HEXES
        ],
        "river_edges": [list(e) for e in sorted(RIVER)],
        "camels": [list(e) for e in state["camels"]],
        "regions": regions,
        "monuments": [
            {"hex": h, "type": m["type"], "owner": m["owner"]}
            for h, m in sorted(state["monuments"].items())
        ],
        "figures": [
            {
                "hex": h,
                "kind": f["kind"],
                "owner": f["owner"],
                "radiant": bool(f.get("radiant")),
                "aim": f.get("aim"),
            }
            for h, f in sorted(state["figures"].items())
        ],
        "underworld": list(state["underworld"]),
        "players": players,
        "guardian_cards": [
            {"level": int(lvl), "kind": c["kind"], "left": c["left"]}
            for lvl, c in sorted(state["guardian_cards"].items())
        ],
        "supply": {
            **state["supply"],
            "camels": state["camel_supply"],
            "order_tokens": list(state["order_tokens"]),
        },
        "tiebreaker": {
            "holder": state["tiebreaker"]["holder"],
            "face_up": state["tiebreaker"]["up"],
        },
        "conflict": conflict,
        "winner": (state["winners"][0] if state["winners"] else None),
        "result": result,
        "score_unit": term("devotion"),  # what result().scores count (docs/architecture.md)
        "round_label": msg(
            "Conflicts done: {done}/{total}",
            done=state["conflicts"],
            total=EVENT_TRACK.count("conflict"),
        ),
        # one per seat: its god's devotion (a merged god's seats share it)
        "scores": [state["players"][player]["devotion"] for player in state["seat_player"]],
    }
    if state["phase"] == "over":
        view["score_breakdown"] = score_breakdown(state)
    if seat is not None:
        player = state["seat_player"][seat]
        sealed = None
        task = _sealed_task(state)
        if seat != state["players"][player]["seats"][0]:
            task = None  # ANKH-R153: a merged god's sealed answer is its greater seat's
        if task is not None and task["t"] == "cards":
            # A player outside this battle has no picks to show.
            picks = state["conflict"]["battle"]["picks"].get(str(player))
            sealed = list(picks) if picks else None
        elif task is not None and str(player) in task["bids"]:
            sealed = task["bids"][str(player)]
        view["me"] = {"seat": seat, "player": player, "sealed": sealed}
        view["summary"] = private_summary(view)
    return view


def private_summary(view: PrivateView) -> list[Msg]:
    """What this seat holds, in plain words, built from its own view alone: its god's battle
    cards in hand and its sealed battle card(s) or Locust bid."""
    me = view["me"]
    hand = [CARD_NAMES[card] for card in view["players"][me["player"]]["hand"]]
    lines = [
        msg("Your battle cards in hand: {cards}.", cards=hand)
        if hand
        else msg("You have no battle cards in hand.")
    ]
    sealed = me["sealed"]
    if isinstance(sealed, list) and len(sealed) > 1:
        lines.append(
            msg("Your sealed battle cards: {cards}.", cards=[CARD_NAMES[card] for card in sealed])
        )
    elif isinstance(sealed, list) and sealed:
        lines.append(msg("Your sealed battle card: {card}.", card=CARD_NAMES[sealed[0]]))
    elif isinstance(sealed, int):
        lines.append(
            msg("Your sealed bid against the Locusts: {n} {n:plural:follower|followers}.", n=sealed)
        )
    return lines
