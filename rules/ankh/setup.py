"""Set-up (ANKH-R017..R026): kits, scenario, first player, tracks, guardians."""

from __future__ import annotations

from rules.ankh.data import (
    ACTION_TRACK_OFFSET,
    ACTIONS,
    ANKH_TOKENS_DASHBOARD,
    ANKH_TOKENS_RESERVE,
    CAMEL_SUPPLY,
    CARDS,
    GODS,
    GUARDIANS,
    MONUMENT_SUPPLY,
    MONUMENT_TYPES,
    ORDER_TOKENS,
    SCENARIOS,
    START_FOLLOWERS,
    SUN_TOKENS,
    UNDERWORLD_TOKENS,
    WARRIORS_PER_GOD,
    guardian_minis,
)
from rules.ankh.state import State
from rules.core import Rng

SCENARIO_BY_ID = {s["id"]: s for s in SCENARIOS}
SCENARIO_NAMES = ("middle_kingdom", "old_kingdom")


def new_player(seat: int, god: str) -> dict:
    return {
        "gods": [god], "seats": [seat],
        "devotion": 0, "stack": 0,
        "followers": START_FOLLOWERS,  # ANKH-R018
        "hand": list(CARDS), "used": [],  # ANKH-R016 / R018
        "powers": [], "unlocks": 0,  # ANKH-R019: 6 tokens on the dashboard row
        "ankh_tokens": ANKH_TOKENS_RESERVE,
        "warriors": WARRIORS_PER_GOD, "guardians": [],
        "prisoners": [],
        "suns": SUN_TOKENS if god == "ra" else 0,  # ANKH-R017
        "underworld_tokens": UNDERWORLD_TOKENS if god == "osiris" else 0,
        "amun_up": god == "amun",
        "merged_into": None, "forgotten": False,
    }


def new_state(seats: int, options: dict[str, str], seed: int) -> State:
    rng = Rng.from_seed(seed)
    first = rng.randbelow(seats)  # ANKH-R020
    gods = list(GODS)
    rng.shuffle(gods)
    gods = sorted(gods[:seats], key=GODS.index) if options.get("gods") == "fixed" else gods[:seats]
    scen_name = options.get("scenario", "random")
    if scen_name == "random":
        scen_name = SCENARIO_NAMES[rng.randbelow(len(SCENARIO_NAMES))]
    scenario = SCENARIO_BY_ID[f"{scen_name}_{seats}p"]  # ANKH-R023
    guardian_cards = {}
    for level, kinds in GUARDIANS.items():  # ANKH-R025: one card per level, at random
        kind = kinds[rng.randbelow(len(kinds))]
        guardian_cards[str(level)] = {"kind": kind, "left": guardian_minis(kind, seats)}
    players = [new_player(s, gods[s]) for s in range(seats)]
    state: State = {
        "game": "ankh", "seats": seats, "options": dict(options), "rng": 0,
        "scenario": scenario["id"], "first_player": first,
        "players": players, "seat_player": list(range(seats)),
        "stack_counter": 0,
        "figures": {}, "monuments": {}, "underworld": [],
        "camels": sorted(sorted(e) for e in scenario["camels"]),
        "regions": [{"name": r["name"], "token": r["token"], "seed": r["seed"]}
                    for r in scenario["regions"]],
        "supply": {t: MONUMENT_SUPPLY for t in MONUMENT_TYPES},
        "camel_supply": CAMEL_SUPPLY - len(scenario["camels"]),
        "order_tokens": [],
        "guardian_cards": guardian_cards,
        "tracks": {a: 0 for a in ACTIONS},  # ANKH-R022: every marker on its start space
        "track_len": {a: seats + ACTION_TRACK_OFFSET[a] for a in ACTIONS},
        "event_pos": 0, "conflicts": 0,
        "tiebreaker": {"holder": None, "up": True},
        "turn": {"seat": first, "taken": []},
        "stack": [], "conflict": None,
        "phase": "play", "winners": None, "end_reason": None,
    }
    used_tokens = {r["token"] for r in scenario["regions"]}
    state["order_tokens"] = [t for t in ORDER_TOKENS if t not in used_tokens]
    # ANKH-R021: pawns on 0, placed in reverse turn order so the first player is on top.
    for k in range(seats - 1, -1, -1):
        state["stack_counter"] += 1
        players[(first + k) % seats]["stack"] = state["stack_counter"]
    # ANKH-R023/R024: scenario seat k = k-th seat in turn order from the first player.
    for kind, hex_, owner in scenario["monuments"]:
        player = None if owner is None else (first + owner - 1) % seats
        state["monuments"][hex_] = {"type": kind, "owner": player}
        state["supply"][kind] -= 1
    for kind, hex_, seat in scenario["figures"]:
        player = (first + seat - 1) % seats
        state["figures"][hex_] = {"kind": kind, "owner": player, "radiant": False, "aim": None}
        if kind == "warrior":
            players[player]["warriors"] -= 1
    assert ANKH_TOKENS_DASHBOARD == 6
    state["rng"] = rng.state
    return state
