"""State helpers: players and seats, regions and adjacency on the current board, devotion,
killing figures. The state is one plain JSON dict (see setup.new_state)."""

from __future__ import annotations

import json
from functools import lru_cache
from typing import Any

from rules.ankh.board import LAND, NEIGHBORS, RIVER, TERRAIN, WATER, compute_regions, edge
from rules.ankh.data import DEVOTION_TOP, GOD_NAMES, GUARDIAN_NAMES, RED_TOP
from rules.core import Event
from rules.text import Msg, encode, msg, seat_ref

State = dict[str, Any]


def clone(state: State) -> State:
    return json.loads(json.dumps(state))


# --- players and seats ------------------------------------------------------------------
def player_of(state: State, seat: int) -> int:
    return state["seat_player"][seat]


def decider(state: State, player: int) -> int:
    """B24: the seat answering a player's (god's) decisions: the greater god's seat."""
    return state["players"][player]["seats"][0]


def name(state: State, player: int) -> Msg | str:
    """The god's name (a merged god: "Greater+Lesser"), translatable."""
    gods = [GOD_NAMES[g] for g in state["players"][player]["gods"]]
    if not gods:
        return ""
    said = gods[0]
    for god in gods[1:]:
        said = msg("{greater}+{lesser}", greater=said, lesser=god)
    return said


def has_god(state: State, player: int, god: str) -> bool:
    return god in state["players"][player]["gods"]


def has_power(state: State, player: int, power: str) -> bool:
    return power in state["players"][player]["powers"]


def active_players(state: State) -> list[int]:
    """Gods still on the devotion track (not merged away, not forgotten)."""
    return [
        i
        for i, pl in enumerate(state["players"])
        if pl["merged_into"] is None and not pl["forgotten"]
    ]


def devotion_key(state: State, player: int) -> tuple[int, int]:
    pl = state["players"][player]
    return pl["devotion"], pl["stack"]


def reverse_devotion(state: State, players) -> list[int]:
    """ANKH-R015 / reverse devotion order: least devotion first, stack breaks ties."""
    return sorted(set(players), key=lambda p: devotion_key(state, p))


def ankh_reserve(state: State, player: int) -> int:
    """B9: 9 ankh tokens for monuments, minus the monuments controlled."""
    used = sum(1 for m in state["monuments"].values() if m["owner"] == player)
    return state["players"][player]["ankh_tokens"] - used


# --- regions and adjacency --------------------------------------------------------------
@lru_cache(maxsize=256)
def _region_maps(camels: tuple, seeds: tuple) -> tuple[dict, dict]:
    comps = compute_regions(frozenset(camels))
    land: dict[str, frozenset] = {}
    for name_, seed in seeds:
        for comp in comps:
            if seed in comp:
                land[name_] = comp
                break
    where: dict[str, tuple[str, ...]] = {}
    for name_, comp in land.items():
        for h in comp:
            where[h] = (name_,)
    for w in WATER:
        names = []
        for name_, comp in land.items():
            if any(n in comp for n in NEIGHBORS[w]):
                names.append(name_)
        where[w] = tuple(sorted(names))
    return land, where


def _key(state: State) -> tuple[tuple, tuple]:
    camels = tuple(tuple(e) for e in state["camels"])
    seeds = tuple((r["name"], r["seed"]) for r in state["regions"])
    return camels, seeds


def region_land(state: State) -> dict[str, frozenset]:
    return _region_maps(*_key(state))[0]


def region_where(state: State) -> dict[str, tuple[str, ...]]:
    """Every hex -> the regions it belongs to (one lookup for many hexes)."""
    return _region_maps(*_key(state))[1]


def hex_regions(state: State, hex_: str) -> tuple[str, ...]:
    """ANKH-R007: the regions a space belongs to (several for some water spaces)."""
    return _region_maps(*_key(state))[1].get(hex_, ())


def region_hexes(state: State, region: str) -> list[str]:
    land = region_land(state)[region]
    where = _region_maps(*_key(state))[1]
    water = [w for w in WATER if region in where[w]]
    return sorted(land) + sorted(water)


def blocked(state: State, a: str, b: str) -> bool:
    e = edge(a, b)
    return e in RIVER or list(e) in state["camels"]


@lru_cache(maxsize=256)
def _adjacency(camels: tuple, seeds: tuple) -> dict[str, frozenset]:
    where = _region_maps(camels, seeds)[1]
    cams = set(camels)
    out = {}
    for a, ns in NEIGHBORS.items():
        ra = where.get(a, ())
        out[a] = frozenset(
            b
            for b in ns
            if edge(a, b) not in RIVER
            and edge(a, b) not in cams
            and any(r in ra for r in where.get(b, ()))
        )
    return out


def adjacency(state: State) -> dict[str, frozenset]:
    """ANKH-R008: shared edge, no river or camel on it, and a common region."""
    return _adjacency(*_key(state))


def adjacent(state: State, a: str, b: str) -> bool:
    return b in adjacency(state)[a]


def adjacent_hexes(state: State, a: str) -> list[str]:
    return sorted(adjacency(state)[a])


def terrain(state: State, hex_: str) -> str:
    """ANKH-R123: an underworld space is neither fertile nor desert."""
    if hex_ in state["underworld"]:
        return "underworld"
    return TERRAIN[hex_]


def is_empty(state: State, hex_: str) -> bool:
    return hex_ not in state["figures"] and hex_ not in state["monuments"]


def can_stand(state: State, hex_: str, player: int) -> bool:
    """An empty land space the player's figure may end on (ANKH-R039, R122)."""
    if hex_ not in LAND or not is_empty(state, hex_):
        return False
    return hex_ not in state["underworld"] or has_god(state, player, "osiris")


def figures_in(state: State, region: str) -> dict[str, dict]:
    """The figures in ``region`` by hex, in hex order: never in the order they were added,
    which storage (sorted keys) does not keep."""
    figures = state["figures"]
    return {h: figures[h] for h in sorted(figures) if region in hex_regions(state, h)}


def owners_in(state: State, region: str) -> list[int]:
    return sorted({f["owner"] for f in figures_in(state, region).values()})


def article(word: str) -> str:
    """'a' or 'an' before ``word`` (an obelisk, an Apep, a temple)."""
    return f"{'an' if word[:1].lower() in 'aeiou' else 'a'} {word}"


def seats_text(seats: list[int]) -> Msg:
    """The seats as references the bot names ("carol (C, green ▲) and dave (D, …)"); "Seat 2"
    and "Seats 1 and 3" where nobody names them."""
    refs = [seat_ref(s) for s in seats]
    if len(refs) == 1:
        return refs[0]
    return msg("{first} and {last}", first=refs[:-1], last=refs[-1])


def figure_label(state: State, fig: dict) -> Msg:
    kind = fig["kind"]
    god = name(state, fig["owner"])
    if kind == "god":
        return msg("{god} (god figure)", god=god)
    if kind == "warrior":
        return msg("{god}'s warrior", god=god)
    return msg("{god}'s {guardian}", god=god, guardian=GUARDIAN_NAMES[kind])


# --- devotion ---------------------------------------------------------------------------
def _enter_space(state: State, player: int, value: int, why: str) -> None:
    """ANKH-R014: a pawn entering a space goes on top of the stack there. ``why``: the
    reason's English template, logged with the change (``devotion_log``: the final scores'
    breakdown)."""
    pl = state["players"][player]
    if value != pl["devotion"]:
        state.setdefault("devotion_log", []).append([player, value - pl["devotion"], why])
    pl["devotion"] = value
    state["stack_counter"] += 1
    pl["stack"] = state["stack_counter"]


def gain_devotion(state: State, player: int, amount: int, events: list[Event], reason: Msg) -> None:
    """One devotion gain (one instance for Bountiful, ANKH-R106/R107); win at the top."""
    if amount <= 0 or state["phase"] == "over":
        return
    pl = state["players"][player]
    if "bountiful" in pl["powers"] and pl["devotion"] <= RED_TOP:
        amount += 1  # ANKH-R106
    value = min(DEVOTION_TOP, pl["devotion"] + amount)
    _enter_space(state, player, value, getattr(reason, "template", str(reason)))
    events.append(
        Event(
            "devotion",
            msg(
                "{god} gains {amount} devotion ({reason}).",
                god=name(state, player),
                amount=amount,
                reason=reason,
            ),
            {"player": player, "amount": amount, "devotion": value},
        )
    )
    if value >= DEVOTION_TOP:  # ANKH-R158
        finish(
            state,
            [player],
            events,
            msg("{god} reaches the top of the devotion track", god=name(state, player)),
        )


def lose_devotion(state: State, player: int, amount: int, events: list[Event], reason: Msg) -> None:
    pl = state["players"][player]
    value = max(0, pl["devotion"] - amount)  # B4: never below 0
    if value == pl["devotion"]:
        return
    _enter_space(state, player, value, getattr(reason, "template", str(reason)))
    events.append(
        Event(
            "devotion",
            msg(
                "{god} loses {amount} devotion ({reason}).",
                god=name(state, player),
                amount=amount,
                reason=reason,
            ),
            {"player": player, "amount": -amount, "devotion": value},
        )
    )


def finish(state: State, winners: list[int], events: list[Event], reason: Msg | str) -> None:
    state["phase"] = "over"
    state["stack"] = []
    state["winners"] = winners
    state["end_reason"] = encode(reason)  # JSON keeps the text translatable
    events.append(
        Event("game_over", msg("Game over: {reason}.", reason=reason), {"winners": winners})
    )


def is_red(state: State, player: int) -> bool:
    return state["players"][player]["devotion"] <= RED_TOP


# --- removing figures -------------------------------------------------------------------
def take_off(state: State, hex_: str, events: list[Event]) -> dict:
    """Lift a figure off the board; a Radiant figure's sun goes back to Ra (ANKH-R127)."""
    fig = state["figures"].pop(hex_)
    if fig.get("radiant"):
        state["players"][fig["owner"]]["suns"] += 1
    return fig


def to_reserve(state: State, fig: dict) -> None:
    pl = state["players"][fig["owner"]]
    if fig["kind"] == "warrior":
        pl["warriors"] += 1
    elif fig["kind"] != "god":
        pl["guardians"].append(fig["kind"])
        pl["guardians"].sort()


def monuments_in(state: State, region: str) -> dict[str, dict]:
    """The monuments in ``region`` by hex, in hex order (as figures_in)."""
    land = region_land(state)[region]
    monuments = state["monuments"]
    return {h: monuments[h] for h in sorted(monuments) if h in land}


def majorities(state: State, region: str) -> dict[int, int]:
    """ANKH-R066: per god, the monument types it has a strict majority of in the region."""
    counts: dict[str, dict[int, int]] = {}
    for m in monuments_in(state, region).values():
        if m["owner"] is not None:
            counts.setdefault(m["type"], {}).setdefault(m["owner"], 0)
            counts[m["type"]][m["owner"]] += 1
    out: dict[int, int] = {}
    for per in counts.values():
        best = max(per.values())
        leaders = [p for p, n in per.items() if n == best]
        if len(leaders) == 1:
            out[leaders[0]] = out.get(leaders[0], 0) + 1
    return out
