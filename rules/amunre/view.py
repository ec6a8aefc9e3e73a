"""What one seat (or the public) may see: docs/views/amunre.md. AMR-R090..AMR-R092."""

from __future__ import annotations

from typing import Any, TypedDict

from rules.amunre.data import FAVOR_BY_ID, FAVOR_TYPES, PROVINCES
from rules.amunre.state import State, gold, hand_size
from rules.core import CommonView
from rules.text import Msg, msg

PHASE_NAMES: dict[str, Msg] = {
    "auction": msg("Phase 1/4 · Province auction"),
    "purchase": msg("Phase 2/4 · Purchases & building"),
    "offering": msg("Phase 3/4 · Offerings to Amun-Re"),
    "harvest": msg("Phase 4/4 · Harvest & income"),
    "over": msg("Game over · final scores"),
}
LAST_ROUND = 6  # AMR-R008: two kingdoms of three rounds
# The final scores' categories, from the reasons of ``score_log`` (AMR-R077).
CATEGORIES: tuple[tuple[str, Msg], ...] = (
    ("temples", msg("Temples")),
    ("pyramids", msg("Pyramids")),
    ("pyramid sets", msg("Pyramid sets")),
    ("banks", msg("Bank majorities")),
    ("cards", msg("Favor cards")),
    ("gold", msg("Gold bonus")),
)

# --- The view's shape (docs/views/amunre.md): every key build_view writes, render/amunre reads.
# tests/rules/test_view_shapes.py checks built views against it. total=False: no key is promised
# to every reader; nested rows are JSON objects whose keys docs/views/amunre.md lists.


class PublicView(CommonView, total=False):
    kingdom: int
    round: int
    tile: int | None
    start_player: int
    collective_offering: int | None
    debt: dict[str, Any] | None
    favor_deck: int
    favor_discard: dict[str, int]
    province_deck: int
    provinces: list[dict[str, Any]]
    final: dict[str, Any] | None


class PrivateMe(TypedDict, total=False):
    seat: int
    hand: dict[str, int]
    sealed: str | None


class PrivateView(PublicView, total=False):
    me: PrivateMe
    summary: list[Msg]


def score_category(reason: str) -> str:
    """Which category of ``CATEGORIES`` a ``score_log`` reason (``scoring.py``) counts in."""
    if reason.endswith("temple(s)"):
        return "temples"
    if reason in ("pyramids", "pyramid sets"):
        return reason
    if reason.startswith("most pyramids"):
        return "banks"
    if reason.startswith("gold bonus"):
        return "gold"
    return "cards"  # AMR-R070: a yellow favor card scored by its name


def score_breakdown(state: State) -> list[list[list[Any]]]:
    """Per seat: [category, VP] pairs of every VP gained (``score_log``)."""
    totals = [dict.fromkeys((key for key, _ in CATEGORIES), 0) for _ in state["players"]]
    for seat, vp, reason, _kingdom in state["score_log"]:
        totals[seat][score_category(reason)] += vp
    return [[[label, parts[key]] for key, label in CATEGORIES if parts[key]] for parts in totals]


def build_view(state: State, seat: int | None, acting: list[int]) -> PrivateView:
    phase = state["phase"]
    auction = state["auction"] if phase == "auction" else None
    # The last reveal stays on show through the harvest of the same round.
    offering = state["offering"] if phase in ("offering", "harvest") else None
    revealed = offering["revealed"] if offering else None
    ranks = offering["ranks"] if offering else None
    sealed = offering["sealed"] if offering else {}
    provinces = []
    for data in PROVINCES:
        prov = state["provinces"][data.id]
        in_auction = auction is not None and data.id in auction["revealed"]
        top = None
        blocked: list[int] = []
        if auction is not None and in_auction:
            top = auction["bids"][data.id]
            blocked = sorted(auction["blocked"][data.id])
        provinces.append(
            {
                "id": data.id,
                "name": data.name,
                "region": data.region,
                "bank": data.bank,
                "nile": data.nile,
                "row": data.row,
                "col": data.col,
                "fields": data.fields,
                "favor_limit": data.favor_limit,
                "gold_mine": data.gold_mine,
                "caravan": data.caravan,
                "temples": data.temples,
                # AMR-R090: immediate favor cards as a count only (AMR-R092).
                "immediate": {
                    "favor": data.immediate_favor,
                    "gold": data.immediate_gold,
                    "stones": data.immediate_stones,
                },
                "owner": prov["owner"],
                "farmers": prov["farmers"],
                "extra_farmers": prov["extra_farmers"],
                "stones": prov["stones"],
                "pyramids": prov["pyramids"],
                "in_auction": in_auction,
                "bid": {"seat": top[0], "value": top[1]} if top else None,
                "blocked": blocked,
            }
        )
    players = []
    for index, player in enumerate(state["players"]):
        shown = revealed[index] if revealed else None
        players.append(
            {
                "seat": index,
                "score": player["score"],
                "gold": player["gold"],
                "favor_cards": hand_size(player),
                # Cards everybody knows the seat holds (its Architect until it discards one).
                "known_cards": dict(player["known_cards"]),
                "has_theft": player["theft"],
                "provinces": list(player["provinces"]),
                # AMR-R093: only whether the seat has committed, never what.
                "answered": str(index) in sealed or (phase == "offering" and shown is not None),
                "offering": dict(shown) if shown else None,
                "rank": ranks[index] if ranks else None,
            }
        )
    view: PrivateView = {
        "game": "amunre",
        "seats": state["seats"],
        "kingdom": state["kingdom"],
        "round": state["round"],
        "phase": phase,
        "start_player": state["start_player"],
        "acting": acting,
        "tile": state["tile"],
        "collective_offering": state["collective_offering"],
        "favor_deck": len(state["favor_deck"]),
        "province_deck": len(state["province_deck"]),
        "favor_discard": dict(state["favor_discard"]),
        "provinces": provinces,
        "players": players,
        "debt": dict(state["debt"]) if state["debt"] else None,
        "final": state["final"],
        "round_label": msg(
            "Round {round}/{last} · {phase}",
            round=state["round"],
            last=LAST_ROUND,
            phase=PHASE_NAMES.get(phase, phase),
        ),
        "scores": [p["score"] for p in players],
    }
    if phase == "over":
        view["score_breakdown"] = score_breakdown(state)
    if seat is not None:
        # AMR-R091: the seat's own card types and its sealed answer.
        view["me"] = {
            "seat": seat,
            "hand": dict(state["players"][seat]["hand"]),
            "sealed": sealed_option(sealed.get(str(seat))),
        }
        view["summary"] = private_summary(view)
    return view


def private_summary(view: PrivateView) -> list[Msg]:
    """What only this seat knows, in plain words, built from its own view's ``me`` alone:
    the favor cards in hand and the sealed offering (AMR-R091)."""
    me = view["me"]
    hand = {card: count for card, count in me["hand"].items() if count > 0}
    cards: list[Msg] = []
    for card in sorted(hand, key=FAVOR_TYPES.index):
        name = FAVOR_BY_ID[card].name
        cards.append(
            name if hand[card] == 1 else msg("{card} ×{count}", card=name, count=hand[card])
        )
    lines = [
        msg("Your favor cards: {cards}.", cards=cards) if cards else msg("You hold no favor cards.")
    ]
    sealed = me["sealed"]
    if sealed is not None:
        action, _, adjust = sealed.partition("+")
        if action == "theft" and adjust:
            lines.append(msg("Your secret offering: your Theft card, with an Offering Adjustment."))
        elif action == "theft":
            lines.append(msg("Your secret offering: your Theft card."))
        elif adjust:
            lines.append(
                msg(
                    "Your secret offering: {gold}, with an Offering Adjustment.",
                    gold=gold(int(action.split(":")[1])),
                )
            )
        else:
            lines.append(msg("Your secret offering: {gold}.", gold=gold(int(action.split(":")[1]))))
    return lines


def sealed_option(commit: dict[str, Any] | None) -> str | None:
    if commit is None:
        return None
    base = "theft" if commit["theft"] else f"offer:{commit['amount']}"
    return base + ("+adjust" if commit["adjust"] else "")
