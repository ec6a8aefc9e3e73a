"""Set-up (ANKH-R017..R026): kits, scenario, first player, tracks, guardians."""

from __future__ import annotations

from rules.ankh.data import (
    ACTION_TRACK_OFFSET,
    ACTIONS,
    ANKH_TOKENS_DASHBOARD,
    ANKH_TOKENS_RESERVE,
    CAMEL_SUPPLY,
    CARDS,
    GOD_NAMES,
    GODS,
    GUARDIAN_NAMES,
    GUARDIAN_SIZE,
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
from rules.ankh.state import State, seats_text
from rules.core import Decision, Event, Option, Rng
from rules.text import msg, term

SCENARIO_BY_ID = {s["id"]: s for s in SCENARIOS}
SCENARIO_NAMES = ("middle_kingdom", "old_kingdom")


def new_player(seat: int, god: str | None) -> dict:
    """A god's kit; ``god`` is None while the seat has still to choose it (``gods=choose``)."""
    pl = {
        "gods": [],
        "seats": [seat],
        "devotion": 0,
        "stack": 0,
        "followers": START_FOLLOWERS,  # ANKH-R018
        "hand": list(CARDS),
        "used": [],  # ANKH-R016 / R018
        "powers": [],
        "unlocks": 0,  # ANKH-R019: 6 tokens on the dashboard row
        "ankh_tokens": ANKH_TOKENS_RESERVE,
        "warriors": WARRIORS_PER_GOD,
        "guardians": [],
        "prisoners": [],
        "suns": 0,
        "underworld_tokens": 0,
        "amun_up": False,
        "merged_into": None,
        "forgotten": False,
    }
    if god is not None:
        give_god(pl, god)
    return pl


def give_god(pl: dict, god: str) -> None:
    """ANKH-R017: the god and its own tokens (Ra's suns, Osiris's underworld, Amun's token)."""
    pl["gods"] = [god]
    pl["suns"] = SUN_TOKENS if god == "ra" else 0
    pl["underworld_tokens"] = UNDERWORLD_TOKENS if god == "osiris" else 0
    pl["amun_up"] = god == "amun"


def new_state(seats: int, options: dict[str, str], seed: int) -> State:
    rng = Rng.from_seed(seed)
    first = rng.randbelow(seats)  # ANKH-R020
    gods = list(GODS)
    rng.shuffle(gods)
    mode = options.get("gods", "random")
    gods = sorted(gods[:seats], key=GODS.index) if mode == "fixed" else gods[:seats]
    chosen: list[str | None] = [None] * seats if mode == "choose" else list(gods)
    scen_name = options.get("scenario", "random")
    if scen_name == "random":
        scen_name = SCENARIO_NAMES[rng.randbelow(len(SCENARIO_NAMES))]
    scenario = SCENARIO_BY_ID[f"{scen_name}_{seats}p"]  # ANKH-R023
    guardian_cards = {}
    for level, kinds in GUARDIANS.items():  # ANKH-R025: one card per level, at random
        kind = kinds[rng.randbelow(len(kinds))]
        guardian_cards[str(level)] = {"kind": kind, "left": guardian_minis(kind, seats)}
    players = [new_player(s, chosen[s]) for s in range(seats)]
    state: State = {
        "game": "ankh",
        "seats": seats,
        "options": dict(options),
        "rng": 0,
        "scenario": scenario["id"],
        "first_player": first,
        "players": players,
        "seat_player": list(range(seats)),
        "stack_counter": 0,
        "figures": {},
        "monuments": {},
        "underworld": [],
        "camels": sorted(sorted(e) for e in scenario["camels"]),
        "regions": [
            {"name": r["name"], "token": r["token"], "seed": r["seed"]} for r in scenario["regions"]
        ],
        "supply": {t: MONUMENT_SUPPLY for t in MONUMENT_TYPES},
        "camel_supply": CAMEL_SUPPLY - len(scenario["camels"]),
        "order_tokens": [],
        "guardian_cards": guardian_cards,
        "tracks": {a: 0 for a in ACTIONS},  # ANKH-R022: every marker on its start space
        "track_len": {a: seats + ACTION_TRACK_OFFSET[a] for a in ACTIONS},
        "event_pos": 0,
        "conflicts": 0,
        "tiebreaker": {"holder": None, "up": True},
        "turn": {"seat": first, "taken": []},
        "stack": [],
        "conflict": None,
        "phase": "play",
        "winners": None,
        "end_reason": None,
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
    if options.get("guardians") == "choose":  # ANKH-R025: by agreement (the first player)
        state["stack"] = [
            {"t": "guardian", "seat": first, "level": level}
            for level in sorted(GUARDIANS, reverse=True)
        ]
    if mode == "choose":  # each seat picks its god, in turn order from the first player
        state["stack"] += [
            {"t": "god", "seat": (first + k) % seats} for k in range(seats - 1, -1, -1)
        ]
    return state


# --- choosing gods (table option gods=choose) -------------------------------------------
GOD_SUMMARY = {
    "amun": term("once per Conflict may play 2 battle cards in one battle"),  # ANKH-R109
    "anubis": term("imprisons killed enemy warriors; +1 strength for each"),  # ANKH-R111/R113
    "isis": term("her figures next to enemies are Protected in battle"),  # ANKH-R116
    "osiris": term("places underworld portals when he loses, summons from them"),  # R120/R121
    "ra": term("makes summoned figures Radiant with his sun tokens"),  # ANKH-R125/R126
}
ORDINALS = {1: term("1st"), 2: term("2nd"), 3: term("3rd"), 4: term("4th"), 5: term("5th")}


def god_decision(state: State, task: dict) -> list[Decision]:
    taken = {g for pl in state["players"] for g in pl["gods"]}
    left = [g for g in GODS if g not in taken]
    seat = task["seat"]
    place = (seat - state["first_player"]) % state["seats"] + 1
    opts = tuple(Option(f"god:{g}", GOD_NAMES[g], GOD_SUMMARY[g]) for g in left)
    return [
        Decision(
            seat,
            "god",
            msg(
                "{seat}: choose your god ({place} in turn order).",
                seat=msg("Seat {n}", n=seat + 1),
                place=ORDINALS[place],
            ),
            opts,
        )
    ]


def apply_god(state: State, task: dict, seat: int, option_id: str, events: list[Event]) -> None:
    state["stack"].pop()
    god = option_id[4:]
    give_god(state["players"][seat], god)
    events.append(
        Event(
            "god",
            msg("{seat} chooses {god}.", seat=msg("Seat {n}", n=seat + 1), god=GOD_NAMES[god]),
            {"seat": seat, "god": god},
            seat=seat,
        )
    )
    if not any(t["t"] == "god" for t in state["stack"]):
        start = state["first_player"]
        events.append(
            Event(
                "gods",
                msg(
                    "The gods: {gods}. {first} plays first.",
                    gods=[
                        msg(
                            "{seat} {god}",
                            seat=seats_text([s]),
                            god=GOD_NAMES[state["players"][s]["gods"][0]],
                        )
                        for s in range(state["seats"])
                    ],
                    first=msg("Seat {n}", n=start + 1),
                ),
                {"gods": [state["players"][s]["gods"][0] for s in range(state["seats"])]},
            )
        )


def guardian_decision(state: State, task: dict) -> list[Decision]:
    level = task["level"]
    seats = state["seats"]
    opts = tuple(
        Option(f"guardian:{kind}", GUARDIAN_NAMES[kind], _guardian_detail(kind, level, seats))
        for kind in GUARDIANS[level]
    )
    return [
        Decision(
            task["seat"],
            "guardian",
            msg(
                "{seat} (first player, for the table): choose the level-{level} guardian.",
                seat=msg("Seat {n}", n=task["seat"] + 1),
                level=level,
            ),
            opts,
        )
    ]


def _guardian_detail(kind: str, level: int, seats: int):
    minis = guardian_minis(kind, seats)
    if GUARDIAN_SIZE[kind] == "large":
        return msg(
            "level {level}, large base, {minis} {minis:plural:mini|minis} in play",
            level=level,
            minis=minis,
        )
    return msg(
        "level {level}, small base, {minis} {minis:plural:mini|minis} in play",
        level=level,
        minis=minis,
    )


def apply_guardian(
    state: State, task: dict, seat: int, option_id: str, events: list[Event]
) -> None:
    state["stack"].pop()
    kind = option_id.split(":", 1)[1]
    level = task["level"]
    state["guardian_cards"][str(level)] = {
        "kind": kind,
        "left": guardian_minis(kind, state["seats"]),
    }
    events.append(
        Event(
            "guardian_card",
            msg("Level-{level} guardian: {guardian}.", level=level, guardian=GUARDIAN_NAMES[kind]),
            {"level": level, "kind": kind},
            seat=seat,
        )
    )
