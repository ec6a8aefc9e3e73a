"""Hand-made 10 Plagues of Egypt views (docs/views/plagues.md), independent of the engine:
every phase and step, every seat count, solo, the end, and crowded corner cases."""

from __future__ import annotations

import copy
from typing import Any

BONUS_EDGES = (
    ("c0", "c1", "dev_city"),
    ("c1", "c2", "coin"),
    ("c3", "c4", "hebrew"),
    ("c4", "c5", "dev_field"),
    ("f0", "f1", "dev_field"),
    ("f1", "f2", "soldiers"),
    ("f3", "f4", "coin"),
    ("f4", "f5", "dev_city"),
)
LINES = (("c0", "c1", "c2"), ("c3", "c4", "c5"), ("f0", "f1", "f2"), ("f3", "f4", "f5"))
PROVINCES = ("abydos", "buto", "memphis", "edfu")
PHARAOH_NAMES = (
    "Development +1 (or pay 1 coin for +2)",
    "+5 soldiers",
    "1 coin",
    "Province card +3",
    "1 Ankh symbol",
    "Boat +2",
)
PHARAOH_IDS = ("ph_development", "ph_soldiers", "ph_coin", "ph_province", "ph_ankh", "ph_boat")
TERRITORY = {
    "sc_flat": ("scoring", "4 VP"),
    "sc_lines": ("scoring", "3 VP per complete line (max 2)"),
    "sc_bonuses": ("scoring", "5 VP: coin, soldiers and hebrew bonuses active"),
    "tr_coin_1": ("trade", "Boat + Province: +1 coin income"),
    "tr_skip_tribute": ("trade", "Egyptian + boat: pay 1, skip the tribute"),
    "sa_recover_free": ("special_action", "2 Ankh: recover a tile for free"),
    "sa_soldiers": ("special_action", "Province 10+: +2 soldiers"),
    "sa_die_as_six": ("special_action", "Die 4 or 5 takes pharaoh card 6"),
    "ib_nile_2": ("immediate", "Boat +2"),
    "ib_dev_both": ("immediate", "Both developments +1"),
}
PLAGUES = {
    "blood": ("Water into blood", "immediate", "Every boat moves back 1."),
    "frogs": ("Frogs", "immediate", "Every province card moves back 2."),
    "lice": ("Lice", "phase1", "No hebrew bonus this round."),
    "boils": ("Boils", "phase2", "The soldiers bonus does not count this round."),
    "locusts": ("Locusts", "phase3", "Tribute +1 this round."),
    "livestock": (
        "Livestock pestilence",
        "round",
        "Special action and trade cards cannot be used this round.",
    ),
}
LOSS = {
    "L1a": [["City track -1", "Boat -1"]],
    "L2c": [["Province -3"], ["Remove an egyptian"]],
    "L3a": [["City track -1"], ["Boat -2"], ["Remove an egyptian"]],
    "L3c": [["Boat -1"], ["Remove a sphinx or an obelisk"], ["Remove a plantation or a herd"]],
}


def territory(cid: str, used: bool = False) -> dict[str, Any]:
    return {"id": cid, "category": TERRITORY[cid][0], "used": used}


def face_up(cid: str) -> dict[str, Any]:
    category, name = TERRITORY[cid]
    return {"id": cid, "category": category, "name": name, "text": name}


def player(seat: int, **changes: Any) -> dict[str, Any]:
    """A fresh player (set-up values) with ``changes``; ``cells`` fills city/field cells."""
    cells = changes.pop("cells", {})
    entry: dict[str, Any] = {
        "seat": seat,
        "is_ai": False,
        "province": PROVINCES[seat % 4],
        "order": seat + 1,
        "city": {f"c{i}": None for i in range(6)},
        "field": {f"f{i}": None for i in range(6)},
        "bonuses": [],
        "lines": [False] * 4,
        "dev": {"city": 0, "field": 0},
        "nile": 0,
        "province_card": 0,
        "markers_left": [6, 9, 12],
        "occupation_left": ["city", "field", "river"],
        "hebrews": [],
        "dice_used": [],
        "kept": {"boat": 0, "coin": 0, "province": [], "pharaoh_unused": 0, "pharaoh_used": 0},
        "discard": {"A": None, "B": None},
        "pharaoh_cards": [],
        "territory": [],
        "penalties": 0,
        "ankh_tokens": {"board": 0, "supply": 2},
        "ankh_active": 0,
        "income": 0,
        "soldiers": None,
        "special_actions_used": 0,
        "power_used": False,
        "plague_cancelled": False,
        "paid": None,
        "score": 2,
    }
    entry.update(changes)
    for cell, tile in cells.items():
        entry["city" if cell.startswith("c") else "field"][cell] = tile
    return derive(entry)


def derive(entry: dict[str, Any]) -> dict[str, Any]:
    """Bonuses and lines follow the cells (as the engine derives them)."""
    cells = {**entry["city"], **entry["field"]}
    entry["bonuses"] = [
        {"a": a, "b": b, "kind": k, "active": cells[a] is not None and cells[b] is not None}
        for a, b, k in BONUS_EDGES
    ]
    entry["lines"] = [
        None not in (tiles := [cells[c] for c in line]) and len(set(tiles)) == 3 for line in LINES
    ]
    if not entry.get("is_ai"):
        board = min(2, sum(entry["lines"]))
        entry["ankh_tokens"] = {"board": board, "supply": 2 - board}
    return entry


def base(seats: int, **changes: Any) -> dict[str, Any]:
    view: dict[str, Any] = {
        "game": "plagues",
        "seats": seats,
        "solo": False,
        "ai_seat": None,
        "advanced": False,
        "short": False,
        "round": 1,
        "last_round": 10,
        "phase": "dice",
        "step": "turns",
        "turn_order": list(range(seats)),
        "acting": [0],
        "current": 0,
        "tribute": 1,
        "ankh_needed": 1,
        "dice_spaces": ["herd", "coin", "province2", "sphinx", "boat", "egyptian"],
        "reserve": {2: 42, 3: 54, 4: 66}[seats],
        "removed": 0,
        "hebrews": [3, 1, 1],
        "hebrew_reserve": 27,
        "pharaoh_cards": [
            {"n": n, "id": PHARAOH_IDS[n - 1], "name": PHARAOH_NAMES[n - 1], "holder": None}
            for n in range(1, 7)
        ],
        "plague": plague("lice"),
        "plague_deck": 9,
        "loss_card": {"id": "L1a", "losses": 1, "parts": copy.deepcopy(LOSS["L1a"])},
        "loss_deck": 9,
        "territories": [face_up("sc_flat"), face_up("tr_coin_1"), face_up("sa_recover_free")],
        "territory_deck": 27,
        "moses_rounds": [3, 6, 9],
        "players": [player(s) for s in range(seats)],
        "ai_row": None,
        "final": None,
    }
    view.update(changes)
    return view


def plague(pid: str) -> dict[str, Any]:
    name, timing, text = PLAGUES[pid]
    return {
        "id": pid,
        "name": name,
        "text": text,
        "timing": timing,
        "immediate": timing == "immediate",
    }


def loss(lid: str) -> dict[str, Any]:
    return {"id": lid, "losses": len(LOSS[lid]), "parts": copy.deepcopy(LOSS[lid])}


def setup_view(seats: int) -> dict[str, Any]:
    """Round 1 before the first die: the start bonuses are applied."""
    view = base(seats)
    players = view["players"]
    players[0].update(province_card=1)
    players[1].update(province_card=2)
    if seats >= 3:
        players[2].update(nile=1)
    if seats >= 4:
        players[3]["city"]["c4"] = "egyptian"
        derive(players[3])
    return view


def dice_view() -> dict[str, Any]:
    """Round 4, 4 seats, phase 1 mid-way: mixed boards, Hebrews, discards, held cards."""
    view = base(
        4,
        round=4,
        tribute=3,
        ankh_needed=1,
        turn_order=[2, 0, 3, 1],
        acting=[3],
        current=3,
        dice_spaces=["obelisk", "herd", "province3", "pharaoh", "coin", None],
        reserve=31,
        removed=4,
        hebrews=[2],
        hebrew_reserve=15,
        plague_deck=6,
        loss_card=loss("L2c"),
        loss_deck=6,
        territory_deck=18,
        territories=[face_up("sc_bonuses"), face_up("ib_nile_2")],
    )
    view["pharaoh_cards"][2]["holder"] = 0
    view["pharaoh_cards"][5]["holder"] = 2
    view["players"] = [
        player(
            0,
            order=2,
            cells={
                "c0": "sphinx",
                "c1": "obelisk",
                "c2": "egyptian",
                "f0": "plantation",
                "f1": "herd",
            },
            dev={"city": 3, "field": 2},
            nile=3,
            province_card=7,
            markers_left=[9, 12],
            hebrews=[1, 3, 2],
            dice_used=[2, 5],
            pharaoh_cards=[3],
            kept={"boat": 2, "coin": 1, "province": [2], "pharaoh_unused": 1, "pharaoh_used": 0},
            territory=[territory("sc_flat"), territory("sa_soldiers")],
            income=2,
            ankh_active=1,
            score=24,
        ),
        player(
            1,
            order=4,
            cells={"f0": "herd", "f3": "egyptian", "f4": "plantation"},
            dev={"city": 1, "field": 4},
            nile=5,
            province_card=4,
            hebrews=[1],
            dice_used=[1, 6, 3],
            discard={"A": "sphinx", "B": None},
            kept={"boat": 3, "coin": 0, "province": [], "pharaoh_unused": 0, "pharaoh_used": 0},
            territory=[territory("tr_coin_1"), territory("ib_dev_both")],
            income=3,
            penalties=1,
            score=11,
        ),
        player(
            2,
            order=1,
            cells={"c3": "obelisk", "c4": "sphinx", "c5": "egyptian", "c0": "sphinx"},
            dev={"city": 2, "field": 0},
            nile=8,
            province_card=10,
            markers_left=[12],
            occupation_left=["city", "field"],
            hebrews=[3, 3],
            dice_used=[4, 6],
            pharaoh_cards=[6],
            kept={"boat": 1, "coin": 2, "province": [1, 3], "pharaoh_unused": 0, "pharaoh_used": 1},
            territory=[territory("tr_skip_tribute", used=True)],
            income=3,
            power_used=True,
            score=27,
        ),
        player(
            3,
            order=3,
            cells={"f0": "plantation", "f1": "egyptian", "f2": "herd", "c1": "obelisk"},
            dev={"city": 0, "field": 3},
            nile=2,
            province_card=3,
            hebrews=[2, 1, 1, 2],
            dice_used=[1, 3],
            discard={"A": "plantation", "B": "egyptian"},
            territory=[territory("sa_die_as_six")],
            income=1,
            ankh_active=1,
            score=16,
        ),
    ]
    for entry in view["players"]:
        derive(entry)
    return view


def soldiers_view() -> dict[str, Any]:
    """Round 2, 3 seats, phase 2 soldier step: totals known, Boils, Buto on the table."""
    view = dice_view()
    view["players"] = view["players"][:3]
    view.update(
        seats=3,
        round=2,
        tribute=2,
        phase="territories",
        step="soldiers",
        turn_order=[2, 0, 1],
        acting=[0, 1, 2],
        current=None,
        plague=plague("boils"),
        loss_card=loss("L1a"),
        hebrews=[],
        reserve=40,
        territories=[face_up("sc_lines"), face_up("tr_skip_tribute"), face_up("sa_die_as_six")],
    )
    for entry, used, soldiers in zip(
        view["players"], ([2, 5, 6], [1, 6, 3], [4, 6, 1]), (19, 11, 14), strict=True
    ):
        entry.update(dice_used=used, soldiers=soldiers)
    view["players"][1]["plague_cancelled"] = True
    return view


def picks_view() -> dict[str, Any]:
    """Phase 2 picks, 2 seats (Buto picking)."""
    view = setup_view(2)
    view.update(
        round=5,
        tribute=4,
        ankh_needed=2,
        phase="territories",
        step="picks",
        turn_order=[1, 0],
        acting=[1],
        current=1,
        plague=plague("locusts"),
        loss_card=loss("L2c"),
        reserve=20,
        removed=6,
        territories=[face_up("sc_flat"), face_up("sa_soldiers"), face_up("ib_dev_both")],
    )
    for entry, used, soldiers in zip(
        view["players"], ([1, 2, 3], [4, 2, 6]), (15, 17), strict=True
    ):
        entry.update(dice_used=used, soldiers=soldiers)
    view["players"][1]["province"] = "buto"
    return view


def losses_view() -> dict[str, Any]:
    """Round 7, 4 seats, phase 3 losses: paid / unpaid, a 3-part loss card, Moses next."""
    view = dice_view()
    view.update(
        round=7,
        tribute=6,
        ankh_needed=2,
        phase="plague",
        step="losses",
        acting=[0, 1, 3],
        current=None,
        plague=plague("locusts"),
        loss_card=loss("L3a"),
        reserve=12,
    )
    for entry, paid in zip(view["players"], (True, False, True, True), strict=True):
        entry.update(paid=paid, dice_used=[1, 2, 3], soldiers=None)
    view["players"][1]["penalties"] = 2
    return view


def tribute_view() -> dict[str, Any]:
    view = losses_view()
    view.update(step="tribute", acting=[0], current=0, advanced=True, tribute=7)
    for entry in view["players"]:
        entry["paid"] = None
    view["players"][2]["paid"] = True
    return view


def reveal_view() -> dict[str, Any]:
    """An immediate plague strikes (Water into blood): Pharaoh-tile holders decide."""
    view = dice_view()
    view.update(
        round=5, phase="plague", step="reveal", acting=[0], current=None, plague=plague("blood")
    )
    for entry in view["players"]:
        entry["dice_used"] = []
    return view


def solo_view() -> dict[str, Any]:
    """Solo: seat 0 the human (Edfu), seat 1 the AI with a half-revealed die row."""
    view = setup_view(2)
    view.update(
        solo=True,
        ai_seat=1,
        round=3,
        tribute=3,
        short=True,
        last_round=8,
        moses_rounds=[],
        acting=[0],
        current=0,
        reserve=25,
        ai_row=[
            {"value": 5, "revealed": True},
            {"value": 2, "revealed": True},
            {"value": None, "revealed": False},
            {"value": None, "revealed": False},
            {"value": None, "revealed": False},
            {"value": None, "revealed": False},
        ],
    )
    view["players"][0].update(
        province="edfu",
        dice_used=[3],
        nile=4,
        province_card=6,
        markers_left=[9, 12],
        hebrews=[3, 1],
        income=1,
    )
    view["players"][0]["city"].update(c0="sphinx", c1="obelisk")
    ai = view["players"][1]
    ai.update(
        is_ai=True,
        province=None,
        dev={"city": 1, "field": 2},
        nile=3,
        province_card=5,
        hebrews=[3, 2],
        ankh_tokens={"board": 0, "supply": 0},
        territory=[territory("sc_flat"), territory("tr_coin_1")],
        dice_used=[],
    )
    ai["field"].update(f0="herd", f1="plantation", f2="egyptian")
    derive(view["players"][0])
    derive(ai)
    ai["ankh_tokens"] = {"board": 0, "supply": 0}
    return view


def crowded_view() -> dict[str, Any]:
    """Everything at its maximum: full boards, track ends, 3 Hebrew columns, many cards."""
    view = dice_view()
    full = {
        "c0": "sphinx",
        "c1": "obelisk",
        "c2": "egyptian",
        "c3": "obelisk",
        "c4": "egyptian",
        "c5": "sphinx",
        "f0": "plantation",
        "f1": "herd",
        "f2": "egyptian",
        "f3": "herd",
        "f4": "plantation",
        "f5": "egyptian",
    }
    view["players"][0].update(
        dev={"city": 14, "field": 14},
        nile=12,
        province_card=24,
        markers_left=[],
        occupation_left=[],
        hebrews=[3, 3, 3, 2, 2, 2, 1, 1, 1, 3, 3, 2, 2, 1, 1, 3, 2],
        dice_used=[1, 2, 3, 4, 5, 6],
        pharaoh_cards=[1, 2, 3, 4, 5],
        kept={
            "boat": 11,
            "coin": 12,
            "province": [1, 1, 2, 2, 3, 3],
            "pharaoh_unused": 2,
            "pharaoh_used": 2,
        },
        discard={"A": "plantation", "B": "egyptian"},
        penalties=4,
        ankh_active=6,
        income=13,
        soldiers=38,
        special_actions_used=2,
        power_used=True,
        plague_cancelled=True,
        territory=[territory(c, used=i % 2 == 1) for i, c in enumerate(TERRITORY)],
        score=118,
    )
    for cell, tile in full.items():
        view["players"][0]["city" if cell[0] == "c" else "field"][cell] = tile
    derive(view["players"][0])
    view.update(
        hebrews=[3, 3, 3],
        dice_spaces=["province1", "pharaoh", "boat", "coin", "plantation", "egyptian"],
    )
    return view


def over_view() -> dict[str, Any]:
    """The end, 3 seats: final scores with places and the breakdown."""
    view = losses_view()
    view["players"] = view["players"][:3]
    view.update(
        seats=3,
        round=10,
        phase="over",
        step="over",
        acting=[],
        current=None,
        turn_order=[2, 0, 1],
        reserve=2,
        plague=None,
        loss_card=None,
        territories=[],
        hebrews=[],
    )
    breakdown = [
        {
            "development": 4,
            "nile": 0,
            "tiles": 9,
            "pharaoh_tiles": 2,
            "territory": 4,
            "province": 0,
            "hebrews": 14,
            "penalties": 0,
            "discard": 0,
        },
        {
            "development": 2,
            "nile": 0,
            "tiles": 6,
            "pharaoh_tiles": 0,
            "territory": 2,
            "province": 0,
            "hebrews": 10,
            "penalties": -6,
            "discard": -2,
        },
        {
            "development": 3,
            "nile": 0,
            "tiles": 11,
            "pharaoh_tiles": 2,
            "territory": 2,
            "province": 0,
            "hebrews": 18,
            "penalties": 0,
            "discard": 0,
        },
    ]
    scores = [sum(b.values()) for b in breakdown]
    view["final"] = {"scores": scores, "places": [2, 3, 1], "tiebreaks": [], "breakdown": breakdown}
    for entry, score in zip(view["players"], scores, strict=True):
        entry.update(score=score, paid=None)
    return view


def latin_extended_view() -> dict[str, Any]:
    """Portuguese and Polish text in names (plague, territory, loss parts)."""
    view = dice_view()
    view["plague"].update(name="Morte dos primogênitos", text="Łódź: żółć gęślą jaźń — ação")
    view["territories"][0]["name"] = "Pontuação: três linhas"
    view["loss_card"]["parts"][0] = ["Província −3", "Barco −1"]
    return view


PHASE_VIEWS = {
    "setup2": lambda: setup_view(2),
    "setup3": lambda: setup_view(3),
    "setup4": lambda: setup_view(4),
    "dice": dice_view,
    "soldiers": soldiers_view,
    "picks": picks_view,
    "tribute": tribute_view,
    "losses": losses_view,
    "reveal": reveal_view,
    "solo": solo_view,
    "crowded": crowded_view,
    "over": over_view,
    "latin": latin_extended_view,
}


def private(
    view: dict[str, Any],
    seat: int,
    drawn: list[str] | None = None,
    buto_bottom: list[str] | None = None,
) -> dict[str, Any]:
    out = copy.deepcopy(view)
    out["me"] = {"seat": seat, "drawn": list(drawn or []), "buto_bottom": list(buto_bottom or [])}
    return out
