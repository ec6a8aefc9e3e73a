"""Hand-made Amun-Re views (docs/views/amunre.md), one per phase, independent of the engine."""

from __future__ import annotations

import copy
from typing import Any

# id, name, region, bank, nile, row, col, fields, favor_limit, mine, caravan, temples, immediate
PROVINCES = [
    ("damanhur", "Damanhur", "lower", "west", False, 0, 0, 2, 1, 0, 0, 2, (0, 0, 0)),
    ("buto", "Buto", "lower", "west", True, 0, 1, 5, 0, 0, 0, 0, (1, 0, 0)),
    ("mendes", "Mendes", "lower", "east", True, 0, 2, 6, 0, 0, 0, 0, (0, 0, 0)),
    ("avaris", "Avaris", "lower", "east", False, 0, 3, 4, 0, 0, 8, 0, (0, 0, 0)),
    ("faiyum", "Faiyum", "lower", "west", False, 1, 0, 3, 4, 0, 0, 0, (0, 0, 0)),
    ("memphis", "Memphis", "lower", "west", True, 1, 1, 3, 3, 0, 0, 0, (0, 0, 0)),
    ("amarna", "Amarna", "lower", "east", True, 1, 2, 2, 2, 0, 0, 2, (0, 0, 0)),
    ("kharga", "Kharga", "upper", "west", False, 2, 0, 3, 1, 0, 5, 0, (0, 0, 0)),
    ("abydos", "Abydos", "upper", "west", True, 2, 1, 4, 1, 0, 0, 0, (0, 0, 1)),
    ("thebes", "Thebes", "upper", "east", True, 2, 2, 4, 2, 0, 0, 0, (2, 0, 0)),
    ("sawu", "Sawu", "upper", "east", False, 2, 3, 1, 1, 0, 7, 0, (0, 0, 0)),
    ("dakhla", "Dakhla", "upper", "west", False, 3, 0, 2, 1, 0, 0, 0, (1, 12, 0)),
    ("edfu", "Edfu", "upper", "west", True, 3, 1, 3, 2, 0, 0, 1, (0, 0, 0)),
    ("abu", "Abu", "upper", "east", True, 3, 2, 3, 1, 4, 0, 0, (0, 0, 0)),
    ("berenike", "Berenike", "upper", "east", False, 3, 3, 0, 1, 8, 0, 0, (0, 0, 0)),
]


def _provinces() -> list[dict[str, Any]]:
    out = []
    for pid, name, region, bank, nile, row, col, fields, favor, mine, caravan, temples, (
        i_favor,
        i_gold,
        i_stones,
    ) in PROVINCES:
        out.append(
            {
                "id": pid,
                "name": name,
                "region": region,
                "bank": bank,
                "nile": nile,
                "row": row,
                "col": col,
                "fields": fields,
                "favor_limit": favor,
                "gold_mine": mine,
                "caravan": caravan,
                "temples": temples,
                "immediate": {"favor": i_favor, "gold": i_gold, "stones": i_stones},
                "owner": None,
                "farmers": 0,
                "extra_farmers": 0,
                "stones": 0,
                "pyramids": 0,
                "in_auction": False,
                "bid": None,
                "blocked": [],
            }
        )
    return out


def _players(seats: int) -> list[dict[str, Any]]:
    return [
        {
            "seat": s,
            "score": 0,
            "gold": 20,
            "favor_cards": 1,
            "has_theft": True,
            "provinces": [],
            "answered": False,
            "offering": None,
            "rank": None,
        }
        for s in range(seats)
    ]


def _base(seats: int, phase: str, round_: int = 1) -> dict[str, Any]:
    return {
        "game": "amunre",
        "seats": seats,
        "kingdom": 1 if round_ <= 3 else 2,
        "round": round_,
        "phase": phase,
        "start_player": 0,
        "acting": [],
        "tile": None,
        "collective_offering": None,
        "favor_deck": 35,
        "province_deck": 3 * seats - seats,
        "favor_discard": {},
        "provinces": _provinces(),
        "players": _players(seats),
    }


def _by_id(view: dict[str, Any]) -> dict[str, dict[str, Any]]:
    return {p["id"]: p for p in view["provinces"]}


def auction_view() -> dict[str, Any]:
    """Round 2, 4 seats, mid-auction: two bids, a Protection-blocked space, owned provinces."""
    view = _base(4, "auction", 2)
    view.update(
        start_player=1,
        acting=[3],
        tile=2,
        collective_offering=9,
        favor_deck=27,
        province_deck=4,
        favor_discard={"bribe": 1, "architect": 2},
    )
    provinces = _by_id(view)
    for pid, owner, farmers in (
        ("memphis", 0, 2),
        ("abu", 1, 3),
        ("kharga", 2, 1),
        ("mendes", 3, 4),
    ):
        provinces[pid].update(owner=owner, farmers=farmers)
    provinces["memphis"]["stones"] = 2
    for pid in ("thebes", "dakhla", "buto", "edfu"):
        provinces[pid]["in_auction"] = True
    provinces["thebes"].update(bid={"seat": 1, "value": 6}, blocked=[10])
    provinces["dakhla"].update(bid={"seat": 0, "value": 15})
    provinces["buto"].update(bid={"seat": 2, "value": 0})
    for player, pid in zip(view["players"], ("memphis", "abu", "kharga", "mendes"), strict=True):
        player["provinces"] = [pid]
    view["players"][0].update(score=0, gold=14, favor_cards=3)
    view["players"][3].update(gold=25, favor_cards=0, has_theft=True)
    return view


def purchase_view() -> dict[str, Any]:
    """Round 3, 5 seats, purchases: farmers (also extra), stones, single and double pyramids."""
    view = _base(5, "purchase", 3)
    view.update(
        start_player=2,
        acting=[2],
        tile=3,
        collective_offering=17,
        favor_deck=18,
        province_deck=5,
        favor_discard={
            "protection": 1,
            "architect": 3,
            "offering_adjust": 1,
            "fixed_income": 1,
            "master_farmers": 1,
            "same_bank": 1,
        },
    )
    provinces = _by_id(view)
    owned = {
        0: ("memphis", "abu", "faiyum"),
        1: ("thebes", "sawu", "damanhur"),
        2: ("mendes", "dakhla", "amarna"),
        3: ("abydos", "kharga", "berenike"),
        4: ("buto", "edfu", "avaris"),
    }
    for seat, pids in owned.items():
        for pid in pids:
            provinces[pid]["owner"] = seat
        view["players"][seat]["provinces"] = list(pids)
    provinces["mendes"].update(farmers=6, extra_farmers=2, stones=1, pyramids=2)
    provinces["thebes"].update(farmers=4, stones=2, pyramids=1)
    provinces["berenike"].update(extra_farmers=1, pyramids=3)
    provinces["buto"].update(farmers=3, pyramids=1)
    provinces["memphis"].update(farmers=1, stones=1)
    provinces["edfu"].update(farmers=2, pyramids=4, stones=2)
    for seat, (score, gold, cards, theft) in enumerate(
        [(3, 12, 2, True), (8, 4, 5, True), (0, 31, 1, False), (5, 9, 0, True), (11, 17, 4, True)]
    ):
        view["players"][seat].update(score=score, gold=gold, favor_cards=cards, has_theft=theft)
    return view


def offering_view() -> dict[str, Any]:
    """Round 1, 3 seats, sealed offerings: one seat answered, two still deciding."""
    view = _base(3, "offering", 1)
    view.update(start_player=0, acting=[1, 2], favor_deck=30, province_deck=6)
    provinces = _by_id(view)
    for seat, pid in enumerate(("thebes", "avaris", "edfu")):
        provinces[pid]["owner"] = seat
        view["players"][seat]["provinces"] = [pid]
    provinces["thebes"].update(farmers=3)
    provinces["avaris"].update(farmers=2)
    view["players"][0]["answered"] = True
    view["players"][1].update(gold=8, favor_cards=2)
    return view


def private_offering_view(seat: int = 0) -> dict[str, Any]:
    view = offering_view()
    view["me"] = {
        "seat": seat,
        "hand": {
            "architect": 1,
            "offering_adjust": 1,
            "bountiful_harvest": 2,
            "protection": 1,
            "nile_or_border": 1,
        },
        "sealed": "offer:5+adjust" if seat == 0 else None,
    }
    return view


def revealed_view() -> dict[str, Any]:
    """Round 1, 3 seats, after the reveal: amounts, a Theft, an adjustment and ranks."""
    view = offering_view()
    view.update(acting=[0], tile=3, collective_offering=13)
    offers = [
        ({"theft": False, "amount": 5, "adjust": 3}, 2),
        ({"theft": True, "amount": 0, "adjust": None}, None),
        ({"theft": False, "amount": 8, "adjust": None}, 1),
    ]
    for player, (offering, rank) in zip(view["players"], offers, strict=True):
        player.update(answered=True, offering=offering, rank=rank)
    view["players"][1]["has_theft"] = False
    return view


def over_view() -> dict[str, Any]:
    """After round 6, 4 seats: final scores, stones and pyramids left on the board."""
    view = _base(4, "over", 6)
    view.update(
        start_player=3,
        acting=[],
        tile=4,
        collective_offering=27,
        favor_deck=3,
        province_deck=8,
        favor_discard={
            "architect": 8,
            "bribe": 2,
            "protection": 2,
            "extra_farmer": 5,
            "offering_adjust": 4,
            "bountiful_harvest": 5,
            "fixed_income": 3,
            "master_scribes": 2,
            "master_farmers": 2,
            "same_bank": 1,
            "nile_or_border": 2,
            "upper_or_lower": 1,
        },
    )
    provinces = _by_id(view)
    owned = {
        0: ("memphis", "abu", "buto"),
        1: ("thebes", "sawu", "damanhur"),
        2: ("mendes", "dakhla", "amarna"),
        3: ("abydos", "kharga", "berenike"),
    }
    for seat, pids in owned.items():
        for pid in pids:
            provinces[pid].update(owner=seat, farmers=provinces[pid]["fields"] // 2)
        view["players"][seat]["provinces"] = list(pids)
    for pid, stones, pyramids in (
        ("memphis", 1, 3),
        ("thebes", 2, 2),
        ("mendes", 0, 5),
        ("avaris", 2, 0),
        ("edfu", 0, 1),
        ("abu", 1, 2),
    ):
        provinces[pid].update(stones=stones, pyramids=pyramids)
    for seat, (score, gold) in enumerate([(41, 22), (38, 9), (41, 30), (27, 5)]):
        view["players"][seat].update(score=score, gold=gold, favor_cards=0)
    return view


def latin_extended_view() -> dict[str, Any]:
    view = auction_view()
    _by_id(view)["memphis"]["name"] = "Mênfis Łódź ąęćżź"
    return view


PHASE_VIEWS = {
    "auction": auction_view,
    "purchase": purchase_view,
    "offering": offering_view,
    "revealed": revealed_view,
    "over": over_view,
}


def private(
    view: dict[str, Any], seat: int, hand: dict[str, int] | None = None, sealed: str | None = None
) -> dict[str, Any]:
    out = copy.deepcopy(view)
    out["me"] = {"seat": seat, "hand": hand or {}, "sealed": sealed}
    return out
