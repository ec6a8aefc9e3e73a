"""Hand-made Ankh views (docs/views/ankh.md) for several situations and every seat count,
independent of the engine (only the static board data of rules/ankh/data.py is read)."""

from __future__ import annotations

import copy
from typing import Any

from rules.ankh.data import (
    ACTION_TRACK_OFFSET,
    ACTIONS,
    CARDS,
    COLS,
    EVENT_TRACK,
    RIVER_EDGES,
    SCENARIOS,
    TERRAIN_CODES,
)

GODS = ("amun", "anubis", "isis", "osiris", "ra")
TERRAIN = {"f": "fertile", "d": "desert", "w": "water"}
_OFFSETS = {
    0: ((-1, 0), (-1, 1), (0, 1), (1, 0), (0, -1), (-1, -1)),
    1: ((-1, 0), (0, 1), (1, 1), (1, 0), (1, -1), (0, -1)),
}


def _row_col(h: str) -> tuple[int, int]:
    return int(h[1:]), COLS.index(h[0])


def _neighbours(h: str) -> list[str]:
    row, col = _row_col(h)
    out = []
    for dr, dc in _OFFSETS[col % 2]:
        r, c = row + dr, col + dc
        if 0 <= c < len(COLS) and f"{COLS[c]}{r}" in TERRAIN_CODES:
            out.append(f"{COLS[c]}{r}")
    return out


def _edge(a: str, b: str) -> tuple[str, str]:
    return (a, b) if a < b else (b, a)


def regions(
    seeds: list[tuple[str, int | None, str]], camels: list[list[str]]
) -> list[dict[str, Any]]:
    """Regions cut by the river and ``camels``: (name, token, seed hex) -> view entries."""
    walls = {_edge(a, b) for a, b in RIVER_EDGES} | {_edge(a, b) for a, b in camels}
    land = [h for h, t in TERRAIN_CODES.items() if t != "w"]
    out = []
    for name, token, seed in seeds:
        seen, todo = {seed}, [seed]
        while todo:
            h = todo.pop()
            for n in _neighbours(h):
                if n in seen or TERRAIN_CODES[n] == "w" or _edge(h, n) in walls:
                    continue
                seen.add(n)
                todo.append(n)
        hexes = sorted(h for h in land if h in seen)
        water = sorted(
            h
            for h, t in TERRAIN_CODES.items()
            if t == "w" and any(n in seen for n in _neighbours(h))
        )
        out.append({"id": name, "token": token, "land": len(hexes), "hexes": hexes, "water": water})
    return sorted(out, key=lambda r: (r["token"] is None, r["token"] or 0))


def _hexes(region_list: list[dict[str, Any]], underworld: list[str]) -> list[dict[str, Any]]:
    member: dict[str, list[str]] = {}
    for region in region_list:
        for h in region["hexes"] + region["water"]:
            member.setdefault(h, []).append(region["id"])
    ordered = sorted(TERRAIN_CODES, key=lambda h: (_row_col(h)[0], _row_col(h)[1]))
    return [
        {
            "id": h,
            "row": _row_col(h)[0],
            "col": _row_col(h)[1],
            "terrain": TERRAIN[TERRAIN_CODES[h]],
            "regions": member.get(h, []),
            "underworld": h in underworld,
        }
        for h in ordered
    ]


def _player(number: int, god: str, seats: int) -> dict[str, Any]:
    return {
        "player": number,
        "seats": [number],
        "god": god,
        "gods": [god],
        "devotion": 0,
        "stack": seats - number,
        "red": True,
        "followers": 1,
        "hand": list(CARDS),
        "used": [],
        "powers": [],
        "dashboard_tokens": 6,
        "ankh_reserve": 9,
        "warriors": 5,
        "guardians": [],
        "prisoners": [],
        "suns": 3 if god == "ra" else 0,
        "underworld_tokens": 3 if god == "osiris" else 0,
        "amun_token": god == "amun",
        "merged_into": None,
        "forgotten": False,
        "answered": False,
    }


def setup_view(seats: int, kingdom: str = "middle_kingdom") -> dict[str, Any]:
    """The scenario's start position: first player to choose an action."""
    scenario = next(s for s in SCENARIOS if s["id"] == f"{kingdom}_{seats}p")
    region_list = regions(
        [(r["name"], r["token"], r["seed"]) for r in scenario["regions"]], scenario["camels"]
    )
    gods = GODS[:seats]
    players = [_player(n, gods[n], seats) for n in range(seats)]
    for n in range(seats):
        players[n]["ankh_reserve"] = 9 - sum(1 for m in scenario["monuments"] if m[2] == n + 1)
    view: dict[str, Any] = {
        "game": "ankh",
        "seats": seats,
        "scenario": scenario["id"],
        "phase": "play",
        "turn_seat": 0,
        "first_player": 0,
        "acting": [0],
        "step": "action",
        "actions_this_turn": [],
        "action_tracks": [
            {"action": a, "position": 0, "length": seats + ACTION_TRACK_OFFSET[a]} for a in ACTIONS
        ],
        "event_track": {"position": 0, "spaces": list(EVENT_TRACK), "conflicts_done": 0},
        "hexes": _hexes(region_list, []),
        "river_edges": [list(e) for e in sorted(_edge(a, b) for a, b in RIVER_EDGES)],
        "camels": [list(_edge(a, b)) for a, b in scenario["camels"]],
        "regions": region_list,
        "monuments": [
            {"hex": h, "type": kind, "owner": None if owner is None else owner - 1}
            for kind, h, owner in scenario["monuments"]
        ],
        "figures": [
            {"hex": h, "kind": kind, "owner": owner - 1, "radiant": False, "aim": None}
            for kind, h, owner in scenario["figures"]
        ],
        "underworld": [],
        "players": players,
        "guardian_cards": [
            {"level": 1, "kind": "satet", "left": 2},
            {"level": 2, "kind": "apep", "left": 2},
            {"level": 3, "kind": "giant_scorpion", "left": 2},
        ],
        "supply": {
            "obelisk": 10 - sum(1 for m in scenario["monuments"] if m[0] == "obelisk"),
            "temple": 10 - sum(1 for m in scenario["monuments"] if m[0] == "temple"),
            "pyramid": 10 - sum(1 for m in scenario["monuments"] if m[0] == "pyramid"),
            "camels": 30 - len(scenario["camels"]),
            "order_tokens": list(range(len(region_list) + 1, 9)),
        },
        "tiebreaker": {"holder": None, "face_up": True},
        "conflict": None,
        "winner": None,
        "result": None,
    }
    return view


def _figure(
    view: dict[str, Any],
    hex_: str,
    kind: str,
    owner: int,
    radiant: bool = False,
    aim: list[str] | None = None,
) -> None:
    view["figures"] = [f for f in view["figures"] if f["hex"] != hex_]
    view["figures"].append(
        {"hex": hex_, "kind": kind, "owner": owner, "radiant": radiant, "aim": aim}
    )
    view["figures"].sort(key=lambda f: f["hex"])


def _set_regions(view: dict[str, Any], seeds: list[tuple[str, int | None, str]]) -> None:
    view["regions"] = regions(seeds, view["camels"])
    view["hexes"] = _hexes(view["regions"], view["underworld"])


def move_view() -> dict[str, Any]:
    """3 players, mid game: Move action, a figure to move (options fig:/to:)."""
    view = setup_view(3)
    view.update(turn_seat=1, acting=[1], step="move_to", actions_this_turn=["move"])
    view["action_tracks"][0]["position"] = 3
    view["action_tracks"][1]["position"] = 2
    view["action_tracks"][2]["position"] = 4
    view["action_tracks"][3]["position"] = 1
    view["event_track"]["position"] = 2
    _figure(view, "f7", "warrior", 1)
    _figure(view, "d5", "satet", 0)
    players = view["players"]
    players[0].update(
        devotion=4,
        stack=1,
        followers=3,
        powers=["revered"],
        dashboard_tokens=4,
        guardians=[],
        warriors=4,
    )
    players[1].update(devotion=4, stack=2, followers=0, warriors=3)
    players[2].update(devotion=1, followers=2, powers=["commanding"], dashboard_tokens=5)
    return view


def caravan_view() -> dict[str, Any]:
    """3 players, Camel Caravan placed: West split into west1/west2, token choice open."""
    view = setup_view(3)
    view["camels"] = [
        ["a3", "a4"],
        ["a4", "b3"],
        ["b3", "b4"],
        ["b4", "c4"],
        ["c3", "c4"],
        ["c4", "d4"],
    ]
    view["supply"]["camels"] = 24
    _set_regions(
        view, [("west1", None, "a3"), ("west2", None, "a5"), ("east", 2, "g4"), ("delta", 3, "f3")]
    )
    view.update(turn_seat=2, acting=[2], step="caravan_keep", actions_this_turn=["summon"])
    view["event_track"]["position"] = 5
    view["action_tracks"][1]["position"] = 5
    for p, dev in zip(view["players"], (6, 3, 8), strict=True):
        p.update(devotion=dev, followers=2)
    return view


def conflict_view() -> dict[str, Any]:
    """4 players, a battle revealed: cards, bids, strength and a winner; guardians on board."""
    view = setup_view(4)
    view.update(turn_seat=2, acting=[3], step="tiebreak", actions_this_turn=["followers"])
    view["event_track"].update(position=8, conflicts_done=1)
    view["action_tracks"][2]["position"] = 6
    _figure(view, "g6", "giant_scorpion", 1, aim=["g5", "h5"])
    _figure(view, "k4", "apep", 2)
    _figure(view, "c7", "warrior", 3, radiant=True)
    _figure(view, "c6", "cat_mummy", 0)
    _figure(view, "e5", "androsphinx", 2)
    _figure(view, "d3", "mummy", 3, radiant=True)
    view["underworld"] = ["d8", "a6"]
    view["hexes"] = _hexes(view["regions"], view["underworld"])
    view["monuments"].append({"hex": "b6", "type": "obelisk", "owner": 1})
    view["tiebreaker"] = {"holder": 2, "face_up": True}
    view["conflict"] = {
        "region": "west_south",
        "queue": ["delta", "east"],
        "battle": {
            "participants": [1, 3],
            "amun_two": False,
            "played": {"1": ["plague", "chariots"], "3": ["flood"]},
            "bids": {"1": 2, "3": 0},
            "strength": {"1": 6, "3": 6},
            "winner": None,
        },
    }
    view["players"][3]["god"] = "ra"
    view["players"][3]["gods"] = ["ra"]
    view["players"][3]["suns"] = 1
    view["players"][1]["god"] = "osiris"
    view["players"][1]["gods"] = ["osiris"]
    view["players"][1]["underworld_tokens"] = 1
    view["players"][0]["god"] = "anubis"
    view["players"][0]["gods"] = ["anubis"]
    view["players"][0]["prisoners"] = [1, 3]
    view["players"][2]["god"] = "amun"
    view["players"][2]["gods"] = ["amun"]
    for p, dev, stack in zip(view["players"], (9, 14, 14, 21), (1, 1, 2, 1), strict=True):
        p.update(devotion=dev, stack=stack, red=dev <= 20, followers=dev // 3)
    view["players"][1].update(
        used=["plague", "chariots", "drought"],
        hand=["cycle", "build", "flood", "miracle"],
        powers=["commanding", "revered", "temple_attunement"],
        dashboard_tokens=3,
        guardians=[],
    )
    view["players"][3].update(
        used=["flood"],
        hand=[c for c in CARDS if c != "flood"],
        powers=["omnipresent", "inspiring", "resplendent", "obelisk_attunement", "glorious"],
        dashboard_tokens=1,
        guardians=["cat_mummy"],
    )
    view["guardian_cards"] = [
        {"level": 1, "kind": "cat_mummy", "left": 1},
        {"level": 2, "kind": "mummy", "left": 2},
        {"level": 3, "kind": "giant_scorpion", "left": 1},
    ]
    return view


def sealed_view() -> dict[str, Any]:
    """5 players, battle cards being picked (sealed): who answered, never what."""
    view = setup_view(5)
    view.update(turn_seat=3, acting=[0, 4], step="battle_card", actions_this_turn=["move"])
    view["event_track"].update(position=4, conflicts_done=0)
    view["tiebreaker"] = {"holder": 3, "face_up": True}
    view["conflict"] = {
        "region": "west_north",
        "queue": ["east_north", "east_south", "delta", "west_south"],
        "battle": {
            "participants": [0, 3, 4],
            "amun_two": True,
            "played": None,
            "bids": None,
            "strength": None,
            "winner": None,
        },
    }
    view["players"][3]["answered"] = True
    _figure(view, "b2", "warrior", 3)
    _figure(view, "c2", "warrior", 4)
    for p, dev in zip(view["players"], (3, 3, 5, 2, 7), strict=True):
        p.update(devotion=dev)
    return view


def locust_view() -> dict[str, Any]:
    """2 players, a Plague bid (sealed)."""
    view = setup_view(2)
    view.update(turn_seat=1, acting=[0, 1], step="locust_bid", actions_this_turn=["summon"])
    view["event_track"].update(position=4)
    view["conflict"] = {
        "region": "east",
        "queue": ["delta"],
        "battle": {
            "participants": [0, 1],
            "amun_two": False,
            "played": {"0": ["plague"], "1": ["drought"]},
            "bids": None,
            "strength": None,
            "winner": None,
        },
    }
    view["players"][0]["answered"] = True
    _figure(view, "h6", "warrior", 0)
    return view


def merged_view() -> dict[str, Any]:
    """5 players after the merge (3rd Conflict) and the forgetting (4th): B+E play Ra's player,
    Isis is forgotten."""
    view = setup_view(5, "old_kingdom")
    view.update(turn_seat=4, acting=[4], step="summon_at", actions_this_turn=["move", "summon"])
    view["event_track"].update(position=16, conflicts_done=4)
    players = view["players"]
    players[1].update(merged_into=4, devotion=12, stack=1, warriors=0, guardians=[], ankh_reserve=0)
    players[4].update(
        seats=[1, 4],
        gods=["ra", "anubis"],
        devotion=12,
        stack=2,
        followers=9,
        red=True,
        powers=["commanding", "magnanimous"],
    )
    players[2].update(forgotten=True, devotion=5, red=True)
    players[0].update(devotion=24, stack=1, red=False)
    players[3].update(devotion=23, stack=1, red=False)
    view["figures"] = [f for f in view["figures"] if f["owner"] not in (1, 2)]
    view["monuments"] = [m for m in view["monuments"] if m["owner"] not in (1, 2)]
    _figure(view, "h2", "mummy", 4, radiant=True)
    return view


def over_view() -> dict[str, Any]:
    """4 players, game over: Osiris reached 31."""
    view = conflict_view()
    view.update(
        phase="over", turn_seat=None, acting=[], step=None, conflict=None, actions_this_turn=[]
    )
    view["tiebreaker"] = {"holder": None, "face_up": True}
    view["event_track"].update(position=18, conflicts_done=5)
    view["players"][1].update(devotion=31, stack=1, red=False)
    view["winner"] = 1
    view["result"] = {
        "scores": [9, 31, 14, 21],
        "places": [4, 1, 3, 2],
        "tiebreaks": ["Osiris reached the top of the devotion track."],
    }
    return view


def atheist_view() -> dict[str, Any]:
    """2 players, game over with no winner (every god forgotten)."""
    view = setup_view(2)
    view.update(phase="over", turn_seat=None, acting=[], step=None)
    for p in view["players"]:
        p["forgotten"] = True
    view["figures"] = []
    view["result"] = {
        "scores": [3, 2],
        "places": [2, 2],
        "tiebreaks": ["Every god was forgotten: nobody wins."],
    }
    return view


def crowded_view() -> dict[str, Any]:
    """5 players, 8 regions (every order token out) and a 5-way battle: the side column is full.
    The extra regions are cut from west_south by hand (the renderer does not check camels)."""
    view = sealed_view()
    south = next(r for r in view["regions"] if r["id"] == "west_south")
    land = south["hexes"]
    parts = [land[i::4] for i in range(4)]
    south["hexes"], south["land"] = parts[0], len(parts[0])
    for index, part in enumerate(parts[1:]):
        view["regions"].append(
            {
                "id": f"west_south{index + 2}",
                "token": 6 + index,
                "land": len(part),
                "hexes": part,
                "water": [],
            }
        )
    view["hexes"] = _hexes(view["regions"], view["underworld"])
    view["supply"]["order_tokens"] = []
    battle = view["conflict"]["battle"]
    battle.update(
        participants=[0, 1, 2, 3, 4],
        played={str(n): ["chariots"] for n in range(5)},
        bids={str(n): n for n in range(5)},
        strength={str(n): 4 + n for n in range(5)},
        winner=4,
    )
    battle["played"]["0"] = ["plague", "drought"]
    return view


def latin_extended_view() -> dict[str, Any]:
    """Region ids with Portuguese and Polish letters (robustness: ids are shown as given)."""
    view = caravan_view()
    for region in view["regions"]:
        if region["id"] == "west1":
            region["id"] = "Oeste-ção"
        elif region["id"] == "west2":
            region["id"] = "Łódź-żółć"
    return view


SITUATIONS = {
    "setup_2p": lambda: setup_view(2),
    "setup_3p": lambda: setup_view(3),
    "setup_4p": lambda: setup_view(4),
    "setup_5p": lambda: setup_view(5),
    "old_kingdom_4p": lambda: setup_view(4, "old_kingdom"),
    "move": move_view,
    "caravan": caravan_view,
    "conflict": conflict_view,
    "sealed": sealed_view,
    "locust": locust_view,
    "merged": merged_view,
    "over": over_view,
    "atheist": atheist_view,
    "crowded": crowded_view,
}


def private(view: dict[str, Any], seat: int, sealed: Any = None) -> dict[str, Any]:
    """``view`` as ``seat`` sees it (docs/views/ankh.md: the public view plus ``me``)."""
    out = copy.deepcopy(view)
    player = next(
        (
            p["player"]
            for p in out["players"]
            if seat in p["seats"] and p.get("merged_into") is None
        ),
        seat,
    )
    out["me"] = {"seat": seat, "player": player, "sealed": sealed}
    return out
