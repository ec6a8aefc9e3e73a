"""Hand-made Tekhenu views (docs/views/tekhenu.md), several phases and every seat count, built
without the engine (only the static data module is read)."""

from __future__ import annotations

import copy
from typing import Any

from rules.tekhenu.data import (
    DISC_PATTERN,
    GODS,
    HORUS_SLOTS,
    MARKET_HAPPINESS,
    MARKET_SLOTS,
    OSIRIS_SPACES,
    PILLARS,
    PURITY,
    TEMPLE_BUILDINGS,
    TEMPLE_SPACES,
)

SIDES = ("N", "E", "S", "W")


def die(colour: str, value: int) -> dict[str, Any]:
    return {"colour": colour, "value": value}


def _edges(tile: str, rotation: int) -> dict[str, str]:
    edges = PILLARS[tile].edges
    return {SIDES[(i + rotation) % 4]: edges[i] for i in range(4)}


def _player(seat: int, bot: bool = False) -> dict[str, Any]:
    return {
        "seat": seat,
        "is_bot": bot,
        "vp": 10,
        "gold": 0 if bot else 1,
        "scribes": 0 if bot else 1,
        "faith": 0,
        "resources": {"papyrus": 0, "bread": 0, "limestone": 0, "granite": 0},
        "production": {"papyrus": 2, "bread": 2, "limestone": 2, "granite": 2},
        "happiness": 4 if bot else 2,
        "population": 7 if bot else 5,
        "buildings_left": 10,
        "pillars_left": 8,
        "statues_left": 6,
        "statues": [],
        "scales": {
            "left": [],
            "right": [],
            "excess": 0,
            "faith_left": 0,
            "faith_right": 0,
            "below": [],
        },
        "balance": 0,
        "maat": None,
        "blessings": [],
        "technologies": [],
        "decrees": 0 if bot else 1,
        "decrees_known": [],
        "decrees_revealed": None,
        "starting": [],
        "destiny": None,
        "ankh": None,
        "flags": {"h16": False, "h19": False, "h21": False},
        "answered": False,
        "bot_cards": 0,
    }


def base(seats: int, disc_pos: int = 0) -> dict[str, Any]:
    """A setup-like view: the disc at ``disc_pos``, 3 dice per section, empty boards."""
    solo = seats == 1
    n = 2 if solo else seats
    arrow = GODS[disc_pos]
    sections = []
    colours = ("white", "black", "yellow", "brown", "grey" if n != 3 else "white")
    for ring, god in enumerate(GODS):
        light = DISC_PATTERN[(ring - disc_pos) % 6]
        dice = []
        for k in range(3):
            colour = colours[(ring * 2 + k) % len(colours)]
            dice.append(
                {"colour": colour, "value": (ring + 2 * k) % 6 + 1, "purity": PURITY[colour][light]}
            )
        sections.append(
            {"god": god, "ring": ring, "light": light, "dice": dice, "scoring_marker": None}
        )
    markers = [
        {"id": "I", "god": GODS[(disc_pos + 4) % 6], "scored": False},
        {"id": "II", "god": GODS[(disc_pos + 2) % 6], "scored": False},
    ]
    for marker in markers:
        sections[GODS.index(marker["god"])]["scoring_marker"] = marker["id"]
    spaces = {4: 3, 3: 2, 2: 1}[n]
    view = {
        "game": "tekhenu",
        "seats": seats,
        "solo": solo,
        "bot_seat": 1 if solo else None,
        "options": {"printed_horus_bonuses": "no", "solo_difficulty": "easy"},
        "phase": "turns",
        "step": "take",
        "acting": [0],
        "round": 1,
        "rotations": 0,
        "maat_phases": 0,
        "disc": {"pos": disc_pos, "arrow": arrow},
        "sections": sections,
        "bag": {"white": 2, "black": 2, "yellow": 1, "brown": 2, "grey": 1},
        "scoring_markers": markers,
        "horus_track": [{"value": v, "god": g, "bonus": dict(b)} for v, g, b, _bot in HORUS_SLOTS],
        "god_statue_spaces": spaces,
        "god_statues": {god: [] for god in GODS},
        "people_statues": {
            sp: {"owner": None, "gold": 1} for sp in ("pt_e2", "pt_n2", "po_work", "po_quar")
        },
        "temple": {sp: None for sp in TEMPLE_SPACES},
        "temple_buildings": {
            wid: {"owner": None, "bread": bread, "closed": n in closed}
            for wid, (_k, _i, bread, closed) in TEMPLE_BUILDINGS.items()
        },
        "osiris": {sid: None for sid in OSIRIS_SPACES},
        "row2_gold": 1,
        "ra_display": ["P03", "P11", "P22"],
        "pillar_pile": 24,
        "market": [
            {
                "n": i + 1,
                "open": i < 2,
                "happiness_min": MARKET_HAPPINESS[i],
                "slots": [{"type": t, "card": None} for t in MARKET_SLOTS[i]],
            }
            for i in range(4)
        ],
        "decks": {"blessing": 20, "technology": 21, "decree": 20},
        "discards": {"blessing": 0, "technology": 0, "decree": 0},
        "turn_order": list(range(n)),
        "current": 0,
        "turn": None,
        "destiny_available": [],
        "starting_cards": [],
        "players": [_player(s, bot=solo and s == 1) for s in range(n)],
        "bot": None,
        "scoring_log": [],
        "final": None,
    }
    fill = iter(
        [
            "B05",
            "B17",
            "T12",
            "B02",
            "B21",
            "T03",
            "T22",
            "B08",
            "T05",
            "T14",
            "D07",
            "B11",
            "T19",
            "D12",
            "D20",
        ]
    )
    for section in view["market"][:2]:
        for slot in section["slots"]:
            slot["card"] = next(fill)
    if solo:
        view["bot"] = {
            "seat": 1,
            "difficulty": "easy",
            "pyramid": ["BA3", "BA9", "BA1", "BA6", "BA10", "BA2", "BA7", "BA5", "BA4", "BA8"],
            "progress": None,
            "deben": None,
            "dice": [],
        }
        view["players"][1]["statues"] = [{"for": "osiris", "space": "osiris:1"}]
        view["players"][1]["statues_left"] = 5
        view["god_statues"]["osiris"] = [1]
    return view


def _pillar(view, space, tile, rotation, owner):
    view["temple"][space] = {
        "tile": tile,
        "rotation": rotation,
        "owner": owner,
        "edges": _edges(tile, rotation),
    }
    view["players"][owner]["pillars_left"] -= 1


def _building(view, space, owner):
    if space.startswith("o"):
        view["osiris"][space] = owner
    else:
        view["temple_buildings"][space]["owner"] = owner
    view["players"][owner]["buildings_left"] -= 1


def _statue(view, owner, target):
    player = view["players"][owner]
    player["statues_left"] -= 1
    if target in view["people_statues"]:
        view["people_statues"][target] = {"owner": owner, "gold": 0}
        player["statues"].append({"for": "people", "space": target})
    else:
        view["god_statues"][target].append(owner)
        count = len(view["god_statues"][target])
        player["statues"].append({"for": target, "space": f"{target}:{count}"})


def setup_view() -> dict[str, Any]:
    """4 seats, setup: the Starting-card draft with 9 cards and the Destiny cards laid out."""
    view = base(4, disc_pos=3)
    view.update(
        phase="setup",
        step="start",
        acting=[2],
        current=None,
        starting_cards=["S01", "S03", "S04", "S06", "S07", "S09", "S10", "S11", "S12"],
        destiny_available=["A01", "A02", "A03", "A04"],
    )
    view["players"][0]["starting"] = ["S05"]
    view["players"][1]["starting"] = ["S08"]
    return view


def turns_view() -> dict[str, Any]:
    """3 seats, round 6: pillars, buildings, statues, dice on scales, a die in hand."""
    view = base(3, disc_pos=2)
    view.update(round=6, rotations=2, step="act", acting=[1], current=1, turn_order=[2, 1, 0])
    view["turn"] = {
        "seat": 1,
        "die": {"colour": "white", "value": 5, "purity": "pure", "section": "ra"},
        "anubis": False,
        "action": "ra",
    }
    sections = {s["god"]: s for s in view["sections"]}
    sections["thoth"]["dice"] += [
        {"colour": c, "value": v, "purity": PURITY[c][sections["thoth"]["light"]]}
        for c, v in (("white", 6), ("yellow", 2), ("black", 1), ("brown", 4))
    ]
    sections["horus"]["dice"] = []
    _pillar(view, "t22", "P05", 1, 0)
    _pillar(view, "t00", "P13", 0, 1)
    _pillar(view, "t14", "P08", 2, 2)
    _pillar(view, "t41", "P20", 3, 1)
    for space, owner in (
        ("w1", 0),
        ("s2", 2),
        ("w2", 1),
        ("o1_papyrus", 0),
        ("o3_granite", 1),
        ("o5_bread", 2),
        ("o2_limestone", 2),
        ("o6_papyrus", 1),
    ):
        _building(view, space, owner)
    view["row2_gold"] = 0
    _statue(view, 0, "hathor")
    _statue(view, 2, "hathor")
    _statue(view, 1, "pt_e2")
    _statue(view, 2, "po_quar")
    view["ra_display"] = ["P09", None, "P17"]
    view["pillar_pile"] = 19
    view["market"][2]["open"] = True
    for slot, card in zip(view["market"][2]["slots"], ("B13", "T07", None, "D03"), strict=True):
        slot["card"] = card
    view["decks"] = {"blessing": 14, "technology": 15, "decree": 18}
    view["discards"] = {"blessing": 2, "technology": 0, "decree": 0}
    stats = [  # vp, gold, scribes, faith, happiness, population, res, prod
        (17, 2, 3, 1, 6, 9, (1, 3, 0, 2), (3, 2, 4, 2)),
        (22, 0, 1, 0, 9, 12, (4, 0, 2, 5), (2, 2, 2, 6)),
        (14, 5, 0, 2, 3, 7, (0, 1, 1, 0), (2, 5, 3, 2)),
    ]
    for player, (vp, gold, scribes, faith, hap, pop, res, prod) in zip(
        view["players"], stats, strict=True
    ):
        player.update(vp=vp, gold=gold, scribes=scribes, faith=faith, happiness=hap, population=pop)
        player["resources"] = dict(
            zip(("papyrus", "bread", "limestone", "granite"), res, strict=True)
        )
        player["production"] = dict(
            zip(("papyrus", "bread", "limestone", "granite"), prod, strict=True)
        )
    p0, p1, p2 = view["players"]
    p0["scales"].update(left=[die("white", 5), die("brown", 3)], right=[die("grey", 4)], excess=2)
    p0["balance"] = 5 + 3 - 4 - 2
    p0.update(blessings=["B07", "B23"], technologies=["T03"], destiny="A02", ankh=1)
    p1["scales"].update(left=[die("black", 6)], right=[], below=[die("yellow", 2)])
    p1["balance"] = 6
    p1.update(
        technologies=["T12", "T22", "T18"], decrees=2, decrees_known=["D11"], destiny="A04", ankh=3
    )
    p2["scales"].update(left=[], right=[die("yellow", 1), die("white", 3)], excess=1)
    p2["balance"] = -5
    p2.update(
        blessings=["B15"], destiny="A01", ankh=0, flags={"h16": True, "h19": False, "h21": False}
    )
    view["destiny_available"] = ["A03"]
    view["scoring_log"] = [[1, 3, "Ra: pillar P13"], [0, 2, "Ra: pillar P05"]]
    return view


def maat_view() -> dict[str, Any]:
    """4 seats, Maat phase 2 (sealed Faith): full scales, Maat markers, marker I scored."""
    view = base(4, disc_pos=5)
    view.update(
        phase="maat",
        step="faith",
        acting=[0, 2, 3],
        current=None,
        round=8,
        rotations=4,
        maat_phases=2,
        turn_order=[3, 0, 2, 1],
    )
    view["scoring_markers"][0]["scored"] = True
    for section in view["sections"]:
        section["scoring_marker"] = (
            None if section["scoring_marker"] == "I" else section["scoring_marker"]
        )
    rng_values = [6, 2, 5, 1, 3, 4, 4, 6]
    colours = ["white", "black", "yellow", "brown", "grey", "white", "brown", "yellow"]
    for index, player in enumerate(view["players"]):
        left = [
            die(colours[(index + k) % 8], rng_values[(index * 3 + k) % 8])
            for k in range(2 + index % 2)
        ]
        right = [
            die(colours[(index + 5 + k) % 8], rng_values[(index + k) % 8])
            for k in range(2 - index % 2)
        ]
        player["scales"].update(left=left, right=right, excess=index, faith_left=index % 2)
        player["balance"] = (
            sum(d["value"] for d in left) - sum(d["value"] for d in right) - index + index % 2
        )
        player.update(
            vp=12 + 4 * index,
            faith=2 - index % 2,
            happiness=5 + 3 * index,
            population=9 + 3 * index,
            answered=index == 1,
            destiny=f"A0{index + 1}",
            ankh=index,
            scribes=index,
        )
    _pillar(view, "t12", "P01", 0, 0)
    _pillar(view, "t13", "P19", 1, 3)
    _pillar(view, "t21", "P24", 2, 2)
    _pillar(view, "t44", "P04", 3, 1)
    _pillar(view, "t40", "P10", 0, 3)
    for space, owner in (
        ("w0", 0),
        ("w4", 3),
        ("s0", 1),
        ("s4", 2),
        ("s1", 3),
        ("o1_bread", 1),
        ("o2_bread", 0),
        ("o4_granite", 3),
        ("o6_limestone", 2),
        ("o3_papyrus", 3),
        ("o5_granite", 0),
    ):
        _building(view, space, owner)
    for owner, target in (
        (0, "horus"),
        (1, "horus"),
        (3, "horus"),
        (2, "thoth"),
        (3, "pt_n2"),
        (0, "po_work"),
        (1, "bastet"),
    ):
        _statue(view, owner, target)
    for section in view["market"]:
        section["open"] = True
        for k, slot in enumerate(section["slots"]):
            slot["card"] = (
                {"blessing": "B19", "technology": "T09", "decree": "D24"}[slot["type"]]
                if (section["n"] + k) % 3
                else None
            )
    view["players"][2]["technologies"] = ["T01", "T02", "T04", "T06", "T08", "T10", "T11"]
    view["players"][2]["blessings"] = ["B01", "B03", "B09", "B12", "B20", "B24"]
    return view


def solo_view() -> dict[str, Any]:
    """Solo vs Botankhamun (medium), round 11: pyramid progress, Deben, bot dice."""
    view = base(1, disc_pos=4)
    view.update(
        round=11, rotations=5, maat_phases=2, acting=[0], current=0, turn_order=[1, 0], step="take"
    )
    view["options"]["solo_difficulty"] = "medium"
    view["bot"].update(
        difficulty="medium", progress=5, deben="up", dice=[die("grey", 6), die("black", 2)]
    )
    bot = view["players"][1]
    bot.update(vp=31, happiness=8, population=11, bot_cards=3, decrees=0)
    me = view["players"][0]
    me.update(
        vp=27,
        gold=3,
        scribes=2,
        happiness=7,
        population=8,
        blessings=["B06"],
        technologies=["T15", "T17"],
        decrees=2,
        destiny="A03",
        ankh=2,
    )
    me["scales"].update(left=[die("yellow", 4)], right=[die("brown", 2)], excess=1)
    me["balance"] = 1
    _pillar(view, "t22", "P07", 0, 1)
    _pillar(view, "t23", "P15", 1, 0)
    for space, owner in (
        ("o5_bread", 1),
        ("o5_granite", 1),
        ("w2", 0),
        ("s3", 1),
        ("o1_limestone", 0),
    ):
        _building(view, space, owner)
    _statue(view, 0, "ra")
    view["scoring_markers"][0]["scored"] = True
    return view


def over_view() -> dict[str, Any]:
    """2 seats, game over: Decrees revealed, final places."""
    view = copy.deepcopy(turns_view())
    view = _reseat(view, 2)
    view.update(
        phase="over",
        step="",
        acting=[],
        current=None,
        round=16,
        rotations=8,
        maat_phases=4,
        turn=None,
    )
    for marker in view["scoring_markers"]:
        marker["scored"] = True
    for section in view["sections"]:
        section["scoring_marker"] = None
    view["players"][0].update(vp=78, decrees_revealed=["D05", "D12", "D18"], maat=-1)
    view["players"][1].update(vp=81, decrees_revealed=["D11", "D23"], maat=2)
    view["final"] = {"scores": [78, 81], "places": [2, 1], "tiebreaks": [0, 0]}
    return view


def _reseat(view: dict[str, Any], seats: int) -> dict[str, Any]:
    """``view`` cut down to ``seats`` players (pieces of removed seats disappear)."""
    view["seats"] = seats
    view["players"] = view["players"][:seats]
    view["turn_order"] = [s for s in view["turn_order"] if s < seats]
    view["acting"] = [s for s in view["acting"] if s < seats]
    for space, pillar in view["temple"].items():
        if pillar and pillar["owner"] >= seats:
            view["temple"][space] = None
    for space, building in view["temple_buildings"].items():
        if building["owner"] is not None and building["owner"] >= seats:
            building["owner"] = None
        building["closed"] = seats in TEMPLE_BUILDINGS[space][3]
    for space, owner in view["osiris"].items():
        if owner is not None and owner >= seats:
            view["osiris"][space] = None
    for space, statue in view["people_statues"].items():
        if statue["owner"] is not None and statue["owner"] >= seats:
            view["people_statues"][space] = {"owner": None, "gold": 1}
    for god, owners in view["god_statues"].items():
        view["god_statues"][god] = [o for o in owners if o < seats]
    view["god_statue_spaces"] = {4: 3, 3: 2, 2: 1}[seats]
    return view


def crowded_view() -> dict[str, Any]:
    """4 seats: many dice in one section and one row, long card lists (layout stress)."""
    view = maat_view()
    view.update(phase="turns", step="take", acting=[3], current=3)
    sections = {s["god"]: s for s in view["sections"]}
    light = sections["bastet"]["light"]
    extra = [
        ("white", 1),
        ("white", 2),
        ("white", 3),
        ("white", 4),
        ("white", 5),
        ("white", 6),
        ("white", 6),
        ("white", 2),
        ("black", 3),
        ("yellow", 5),
        ("grey", 4),
        ("brown", 1),
    ]
    sections["bastet"]["dice"] += [
        {"colour": c, "value": v, "purity": PURITY[c][light]} for c, v in extra
    ]
    view["turn"] = {
        "seat": 3,
        "die": {"colour": "grey", "value": 3, "purity": "forbidden", "section": "osiris"},
        "anubis": True,
        "action": None,
    }
    player = view["players"][3]
    player.update(
        vp=188,
        gold=14,
        scribes=21,
        faith=16,
        happiness=21,
        population=21,
        decrees=5,
        decrees_known=["D01", "D02", "D03"],
    )
    player["resources"] = {"papyrus": 23, "bread": 17, "limestone": 30, "granite": 12}
    player["production"] = {"papyrus": 6, "bread": 6, "limestone": 6, "granite": 6}
    player["scales"].update(
        left=[die("white", 6)] * 4,
        right=[die("black", 6)] * 4,
        excess=12,
        faith_left=3,
        faith_right=2,
        below=[die("grey", 1), die("yellow", 5)],
    )
    player["balance"] = -11
    return view


PHASE_VIEWS = {
    "setup": setup_view,
    "turns": turns_view,
    "maat": maat_view,
    "solo": solo_view,
    "over": over_view,
    "crowded": crowded_view,
}


def with_seats(seats: int) -> dict[str, Any]:
    """A mid-game view for ``seats`` (1 = solo)."""
    if seats == 1:
        return solo_view()
    if seats == 4:
        return maat_view()
    if seats == 3:
        return turns_view()
    return _reseat(turns_view(), 2)


def private(
    view: dict[str, Any],
    seat: int,
    decrees: list[str],
    sealed: str | None = None,
    drawn: list[str] | None = None,
) -> dict[str, Any]:
    out = copy.deepcopy(view)
    out["me"] = {
        "seat": seat,
        "decrees": list(decrees),
        "sealed": sealed,
        "drawn": list(drawn or []),
    }
    return out
