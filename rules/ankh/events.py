"""The event track (ANKH-R049): Control Monument (R050..R052) and Camel Caravan (R053..R056).
Conflict lives in ``conflict``."""

from __future__ import annotations

from rules.ankh.board import compute_regions, edge, hex_group, valid_lines
from rules.ankh.data import EVENT_LABELS, EVENT_TRACK, MAX_CAMELS_PER_LINE, MONUMENT_NAMES
from rules.ankh.flow import pop, push
from rules.ankh.state import State, adjacent_hexes, ankh_reserve, name, region_land
from rules.core import Decision, Event, Option
from rules.text import msg


def trigger(state: State, player: int, events: list[Event]) -> list[dict]:
    """Move the event marker one space and return the tasks of that event (ANKH-R031)."""
    state["event_pos"] += 1
    kind = EVENT_TRACK[state["event_pos"] - 1]
    seat = state["turn"]["seat"]
    events.append(
        Event(
            "event",
            msg("Event: {event}.", event=EVENT_LABELS[kind]),
            {"event": kind, "position": state["event_pos"]},
        )
    )
    if kind == "control":
        return [{"t": "control", "seat": seat, "p": player}]
    if kind == "caravan":
        return [{"t": "caravan", "seat": seat, "p": player, "line": []}]
    return [{"t": "conflict", "seat": seat, "p": player}]


# --- Control Monument -----------------------------------------------------------------
def control_targets(state: State, player: int) -> list[str]:
    if ankh_reserve(state, player) <= 0:
        return []  # ANKH-R052

    def near(h: str) -> bool:
        return any(
            n in state["figures"] and state["figures"][n]["owner"] == player
            for n in adjacent_hexes(state, h)
        )

    neutral = [h for h, m in state["monuments"].items() if m["owner"] is None]
    if neutral:  # ANKH-R050
        return sorted(h for h in neutral if near(h))
    return sorted(
        h
        for h, m in state["monuments"].items()  # ANKH-R051
        if m["owner"] is not None and m["owner"] != player and near(h)
    )


def control_decision(state: State, task: dict) -> list[Decision]:
    targets = control_targets(state, task["p"])
    if not targets:
        return []
    opts = [
        Option(
            f"ctl:{h}",
            msg(
                "Take the {monument} on {hex}",
                monument=MONUMENT_NAMES[state["monuments"][h]["type"]],
                hex=h,
            ),
        )
        for h in targets
    ]
    opts.append(Option("skip", msg("Take no monument")))
    return [
        Decision(
            task["seat"],
            "control",
            msg(
                "{god}: Control Monument — put an ankh token on a monument.",
                god=name(state, task["p"]),
            ),
            tuple(opts),
        )
    ]


def apply_control(state: State, task: dict, seat: int, option_id: str, events: list[Event]) -> None:
    pop(state)
    if option_id == "skip":
        return
    hex_ = option_id[4:]
    mon = state["monuments"][hex_]
    old = mon["owner"]
    mon["owner"] = task["p"]
    if old is None:
        text = msg(
            "{god} takes a neutral {monument} on {hex}.",
            god=name(state, task["p"]),
            monument=MONUMENT_NAMES[mon["type"]],
            hex=hex_,
        )
    else:
        text = msg(
            "{god} takes {owner}'s {monument} on {hex}.",
            god=name(state, task["p"]),
            owner=name(state, old),
            monument=MONUMENT_NAMES[mon["type"]],
            hex=hex_,
        )
    events.append(Event("control", text, {"hex": hex_, "from": old, "to": task["p"]}, seat=seat))


# --- Camel Caravan --------------------------------------------------------------------
def _camels(state: State) -> frozenset:
    return frozenset(tuple(e) for e in state["camels"])


def open_lines(state: State, line: list) -> list[frozenset]:
    chosen = {tuple(e) for e in line}
    return [
        ln
        for ln in valid_lines(_camels(state))
        if len(ln) <= state["camel_supply"] and chosen <= ln
    ]


def caravan_decision(state: State, task: dict) -> list[Decision]:
    lines = open_lines(state, task["line"])
    if not lines:
        return []
    chosen = {tuple(e) for e in task["line"]}
    edges = sorted({e for ln in lines for e in ln} - chosen)
    opts = [
        Option(f"camel:{a}-{b}", msg("Camel between {a} and {b}", a=a, b=b), group=hex_group(a))
        for a, b in edges
    ]
    if frozenset(chosen) in lines:
        opts.append(Option("done", msg("Finish the line here")))
    if not chosen:
        opts.append(Option("skip", msg("Place no camels")))
    placed = len(chosen)
    return [
        Decision(
            task["seat"],
            "caravan",
            msg(
                "{god}: Camel Caravan — place a camel ({placed} placed, at most {most}).",
                god=name(state, task["p"]),
                placed=placed,
                most=MAX_CAMELS_PER_LINE,
            ),
            tuple(opts),
        )
    ]


def apply_caravan(state: State, task: dict, seat: int, option_id: str, events: list[Event]) -> None:
    if option_id == "skip":
        pop(state)
        return
    if option_id.startswith("camel:"):
        a, b = option_id[6:].split("-")
        task["line"].append(list(edge(a, b)))
        return
    pop(state)
    place_line(state, task, [tuple(e) for e in task["line"]], events)


def place_line(state: State, task: dict, line: list[tuple[str, str]], events: list[Event]) -> None:
    """Put the camels down, split the region (ANKH-R054) and ask for the tokens (R055/R056)."""
    before = region_land(state)
    state["camels"] = sorted([list(e) for e in _camels(state) | set(line)])
    state["camel_supply"] -= len(line)
    comps = compute_regions(_camels(state))
    old = next(r for r in state["regions"] if before[r["name"]] not in comps)
    parts = sorted((c for c in comps if c < before[old["name"]]), key=lambda c: min(c))
    names = [f"{old['name']}{i + 1}" for i in range(len(parts))]
    idx = state["regions"].index(old)
    state["regions"][idx : idx + 1] = [
        {"name": n, "token": None, "seed": min(c)} for n, c in zip(names, parts, strict=True)
    ]
    events.append(
        Event(
            "caravan",
            msg(
                "{count} {count:plural:camel splits|camels split} {region} into {a} and {b}.",
                count=len(line),
                region=old["name"],
                a=names[0],
                b=names[1],
            ),
            {"camels": [list(e) for e in sorted(line)], "old": old["name"], "new": names},
            seat=task["seat"],
        )
    )
    push(
        state,
        {"t": "keep", "seat": task["seat"], "p": task["p"], "new": names, "token": old["token"]},
        {"t": "swap", "seat": task["seat"], "p": task["p"], "new": names, "pick": None},
    )


def region_by_name(state: State, region: str) -> dict:
    return next(r for r in state["regions"] if r["name"] == region)


def keep_decision(state: State, task: dict) -> list[Decision]:
    opts = tuple(
        Option(f"keep:{n}", msg("{region} keeps token {token}", region=n, token=task["token"]))
        for n in task["new"]
    )
    return [
        Decision(
            task["seat"],
            "caravan_keep",
            msg("Which new region keeps the old conflict-order token?"),
            opts,
        )
    ]


def apply_keep(state: State, task: dict, seat: int, option_id: str, events: list[Event]) -> None:
    pop(state)
    keep = option_id[5:]
    other = next(n for n in task["new"] if n != keep)
    region_by_name(state, keep)["token"] = task["token"]
    state["order_tokens"].sort()
    token = state["order_tokens"].pop(0)  # ANKH-R055: the lowest token in the supply
    region_by_name(state, other)["token"] = token
    events.append(
        Event(
            "tokens",
            msg(
                "{keep} keeps token {old}; {other} takes token {new}.",
                keep=keep,
                old=task["token"],
                other=other,
                new=token,
            ),
            {keep: task["token"], other: token},
            seat=seat,
        )
    )


def swap_decision(state: State, task: dict) -> list[Decision]:
    if task["pick"] is None:
        opts = [
            Option(f"swap:{n}", msg("Swap the token of {region}", region=n)) for n in task["new"]
        ]
        opts.append(Option("skip", msg("Swap nothing")))
        return [
            Decision(
                task["seat"],
                "caravan_swap",
                msg("Swap a new region's conflict-order token with another?"),
                tuple(opts),
            )
        ]
    opts = [
        Option(
            f"with:{r['name']}",
            msg("With {region} (token {token})", region=r["name"], token=r["token"]),
        )
        for r in state["regions"]
        if r["name"] != task["pick"]
    ]
    return [
        Decision(
            task["seat"],
            "caravan_swap_with",
            msg("Swap {region}'s token with which region?", region=task["pick"]),
            tuple(opts),
        )
    ]


def apply_swap(state: State, task: dict, seat: int, option_id: str, events: list[Event]) -> None:
    if option_id.startswith("swap:"):
        task["pick"] = option_id[5:]
        return
    pop(state)
    if option_id == "skip":
        return
    a = region_by_name(state, task["pick"])
    b = region_by_name(state, option_id[5:])
    a["token"], b["token"] = b["token"], a["token"]  # ANKH-R056
    events.append(
        Event(
            "tokens",
            msg("{a} and {b} swap conflict-order tokens.", a=a["name"], b=b["name"]),
            {a["name"]: a["token"], b["name"]: b["token"]},
            seat=seat,
        )
    )
